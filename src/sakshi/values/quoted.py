"""A quote's mentions of a type, and what scoping found about them, for ``check_value``.

The structured types' mentions, owners, negations and bounds depend on the quote, the
type and the declared cues only, never on the value: one analysis (cached) serves every
value checked against the quote. An identifier's mentions are the places its value
stands, beside the identifiers the quote labels that it stands in none of (its rivals,
idslots.py), each with the owner its cue gives the labelled identifier; names and text
are the places their value stands, with no rivals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from sakshi.values.casenos import CASE_TYPES, CaseReading
from sakshi.values.cues import CueTable, owners
from sakshi.values.found import Compare, Found, Reading
from sakshi.values.idslots import identifier_slots
from sakshi.values.kinds import STRUCTURED, Context, find_mentions
from sakshi.values.model import Bound, FieldDecl, Mention, ValueType
from sakshi.values.scope import BOUNDED, bounds, negated

__all__ = ["Quote", "differ", "quote_mentions"]

_CASE_KINDS = frozenset(CASE_TYPES.values())
_NO_READING = Reading()  # the structured types' mentions do not depend on the value


@dataclass(frozen=True)
class Quote:
    """The quote's mentions of the type and what scoping found about them, the mentions as
    reported, and whether their readings differ (all of it independent of the value for
    the structured types, so one analysis serves every value checked against the quote)."""

    source: str
    found: tuple[Found, ...]
    readings: tuple[Reading | None, ...]
    owners: tuple[str | None, ...]
    negated: tuple[bool, ...]
    bounds: tuple[Bound, ...]
    mentions: tuple[Mention, ...]
    differ: bool
    claimed: frozenset[str]  # the fields whose cues own a mention of the quote


class _Scoping(NamedTuple):
    """What scoping found about a quote's mentions: each one's owner by cue, whether a
    negation governs it, its bound (empty: every one exact)."""

    owners: tuple[str | None, ...]
    negated: tuple[bool, ...]
    bounds: tuple[Bound, ...]


def _analysed(
    quote: str,
    found: tuple[Found, ...],
    decl: FieldDecl | None,
    scoping: _Scoping,
    *,
    scoped: bool,
) -> Quote:
    """The quote's mentions as reported; ``scoped``: whether rival readings among them
    call for cues (the structured types', an identifier's rival labelled identifiers)."""
    readings = tuple(None if f.reading is None else f.reading.fill_mention(decl) for f in found)
    limits = scoping.bounds or (Bound.EXACT,) * len(found)
    mentions = tuple(
        Mention(
            mention.start,
            mention.stop,
            quote[mention.start : mention.stop],
            None if filled is None else str(filled),
            owner,
            flag,
            limit,
        )
        for mention, filled, owner, flag, limit in zip(
            found, readings, scoping.owners, scoping.negated, limits, strict=True
        )
    )
    rivals = scoped and differ(readings)
    claimed = frozenset(owner for owner in scoping.owners if owner is not None)
    return Quote(
        quote, found, readings, scoping.owners, scoping.negated, limits, mentions, rivals, claimed
    )


@lru_cache(maxsize=8192)
def _structured_quote(
    kind: ValueType, quote: str, decl: FieldDecl | None, cues: CueTable, context: Context
) -> Quote:
    """A structured type's mentions, owners and negation: they depend on the quote, the
    type, the declaration and the declared cues only, never on the value."""
    found = find_mentions(kind, quote, _NO_READING, context)
    return _analysed(quote, found, decl, _scoping(kind, quote, context, cues), scoped=True)


@lru_cache(maxsize=8192)
def _scoping(kind: ValueType, quote: str, context: Context, cues: CueTable) -> _Scoping:
    """Owners, negation and bounds of a quote's mentions: they depend on the quote, the
    type and the declared cues only (not on which field asks), so one analysis serves
    them all."""
    found = find_mentions(kind, quote, _NO_READING, context)
    return _Scoping(
        tuple(owners(quote, found, cues)),
        tuple(negated(quote, found)),
        tuple(bounds(quote, found)) if kind in BOUNDED else (),
    )


@lru_cache(maxsize=8192)
def _labelled(quote: str, context: Context, cues: CueTable) -> tuple[tuple[Found, ...], _Scoping]:
    """The identifiers the quote labels, but case numbers (a known case type, or a year:
    "C.C. No. 1234/2023"; not "PO No. 4500012345"), and their owners by cue: one analysis
    for every identifier value of a quote."""
    slots = identifier_slots(quote)
    if len(slots) > 1:  # a lone one is the value's own, or stands alone against it
        cases = [
            case
            for case in find_mentions(ValueType.CASE_NO, quote, _NO_READING, context)
            if isinstance(case.reading, CaseReading)
            and (case.reading.year is not None or case.reading.kind in _CASE_KINDS)
        ]
        slots = tuple(
            slot
            for slot in slots
            if not any(case.first < slot.end and slot.first < case.end for case in cases)
        )
    return slots, _Scoping(tuple(owners(quote, slots, cues)), (), ())


def _identifier_quote(
    quote: str, reading: Reading, decl: FieldDecl | None, cues: CueTable, context: Context
) -> Quote:
    """The value's own mentions, each with the owner of the labelled identifier it stands
    in, beside the labelled identifiers it stands in none of (its rivals)."""
    slots, scoping = _labelled(quote, context, cues)
    found = find_mentions(ValueType.IDENTIFIER, quote, reading, context)
    holds = [
        next((n for n, slot in enumerate(slots) if slot.first <= own.first < slot.end), None)
        for own in found
    ]
    rivals = [n for n in range(len(slots)) if n not in holds]
    merged = sorted(
        [
            (own, None if n is None else scoping.owners[n])
            for own, n in zip(found, holds, strict=True)
        ]
        + [(slots[n], scoping.owners[n]) for n in rivals],
        key=lambda pair: (pair[0].first, pair[0].end),
    )
    mentions = tuple(mention for mention, _ in merged)
    owned = tuple(owner for _, owner in merged)
    flags = tuple(negated(quote, mentions))
    return _analysed(quote, mentions, decl, _Scoping(owned, flags, ()), scoped=True)


def differ(readings: Sequence[Reading | None]) -> bool:
    """Whether the quote's readable mentions say different things (a missing currency or
    period on one side does not make two readings differ)."""
    distinct = list({str(reading): reading for reading in readings if reading is not None}.values())
    # Not a reading against itself: an unresolved "$ 5000" states no one currency, yet it
    # is no rival of itself.
    return any(
        left.compare(right) != Compare.EQUAL
        for left in distinct
        for right in distinct
        if left is not right
    )


def quote_mentions(
    kind: ValueType,
    quote: str,
    reading: Reading,
    decl: FieldDecl | None,
    cues: CueTable,
    context: Context,
) -> Quote:
    """The quote's mentions of ``kind`` for a value that reads ``reading`` (``cues``: the
    declared cues of every field of the type)."""
    if kind in STRUCTURED:
        return _structured_quote(kind, quote, decl, cues, context)
    if kind == ValueType.IDENTIFIER:
        return _identifier_quote(quote, reading, decl, cues, context)
    found = find_mentions(kind, quote, reading, context)
    scoping = _Scoping((None,) * len(found), tuple(negated(quote, found)), ())
    return _analysed(quote, found, decl, scoping, scoped=False)
