"""``check_value``: does the quote state the value? (SPEC section 8)

Read the value to one exact form, read every mention of its type in the quote, and look
for a mention that equals it. Then, in this order: several mentions with different
readings need the value's own field to own the equal one by its cue (else LABEL_MISMATCH,
or AMBIGUOUS_QUOTE when the field's cue owns none of them); ``polarity: affirmative``
wants one that no negation governs (else NEGATED_IN_QUOTE); a ``role`` wants the name's
nearest role word to be the field's (else ROLE_MISMATCH). Pure and deterministic; it
never raises on strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from sakshi.reasons import ValueReason
from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.dates import month_first
from sakshi.values.found import Compare, Found, Reading, Refusal
from sakshi.values.hints import miss_hint, sum_hint
from sakshi.values.kinds import STRUCTURED, UNTYPED, Context, find_mentions, infer_type, read_value
from sakshi.values.model import (
    DEFAULT_ROLES,
    FieldDecl,
    Mention,
    Polarity,
    RoleWords,
    TypeSource,
    ValueCheck,
    ValueType,
)
from sakshi.values.scope import CueTable, Span, cue_table, nearest_role, negated, owners

__all__ = ["PLAIN_RULES", "ValueRules", "check_value"]

_NO_READING = Reading()  # the structured types' mentions do not depend on the value
_AMBIGUOUS_HINT = "cite the clause that states it alone, or declare cues"


class _Verdict(NamedTuple):
    """What decided a value against its quote (one per value: a NamedTuple)."""

    reason: ValueReason | None
    matched: int | None
    hint: str = ""


@dataclass(frozen=True)
class _Quote:
    """The quote's mentions of the type and what scoping found about them, the mentions as
    reported, and whether their readings differ (all of it independent of the value for
    the structured types, so one analysis serves every value checked against the quote)."""

    source: str
    found: tuple[Found, ...]
    readings: tuple[Reading | None, ...]
    owners: tuple[str | None, ...]
    negated: tuple[bool, ...]
    mentions: tuple[Mention, ...]
    differ: bool


class ValueRules(NamedTuple):
    """What a run reads its values under besides their declarations: the statute table
    (sakshi's, or extended by the project's configuration) and the locale of date fields
    that set none (None: day-first). The same for every value of a run."""

    acts: ActTable = DEFAULT_ACTS
    locale: str | None = None


PLAIN_RULES = ValueRules()


def check_value(
    field: str,
    value: str,
    quote: str,
    fields: Mapping[str, FieldDecl],
    *,
    acts: ActTable = DEFAULT_ACTS,
    locale: str | None = None,
) -> ValueCheck:
    """Whether ``quote`` states ``value`` for ``field``, with the readings that decided.

    ``fields`` are the declared fields (all of them: their cues compete); an undeclared
    field's type is inferred from the value alone. ``acts`` is the statute table;
    ``locale`` the pack's (a field's own ``locale`` wins): it orders numeric dates.
    """
    decl = fields.get(field)
    context = _context(decl.locale if decl is not None and decl.locale else locale, acts)
    kind = decl.type if decl else infer_type(value, context)
    source = TypeSource.DECLARED if decl else TypeSource.INFERRED
    if kind is None:
        return ValueCheck(False, UNTYPED.reason, None, source, None, hint=UNTYPED.hint)
    if kind == ValueType.CLAIM:
        return ValueCheck(True, None, kind, source, None, hint="unchecked", checked=False)
    reading = read_value(kind, value, decl, context)
    if isinstance(reading, Refusal):
        return ValueCheck(False, reading.reason, kind, source, None, hint=reading.hint)
    reading = reading.fill(decl)
    if kind in STRUCTURED:
        quoted = _structured_quote(kind, quote, decl, cue_table(fields, kind), context)
    else:
        found = find_mentions(kind, quote, reading, context)
        flags = tuple(negated(quote, found))
        quoted = _analysed(quote, found, decl, (None,) * len(found), flags, structured=False)
    verdict = _decide(field, kind, reading, decl, quoted)
    return ValueCheck(
        verdict.reason is None,
        verdict.reason,
        kind,
        source,
        str(reading),
        quoted.mentions,
        verdict.matched,
        verdict.hint,
    )


@lru_cache(maxsize=256)
def _context(locale: str | None, acts: ActTable) -> Context:
    """One Context per (locale, acts): the readers' caches then find it by identity."""
    return Context(month_first(locale), acts, locale)


def _analysed(
    quote: str,
    found: tuple[Found, ...],
    decl: FieldDecl | None,
    owned: tuple[str | None, ...],
    flags: tuple[bool, ...],
    *,
    structured: bool,
) -> _Quote:
    readings = tuple(None if f.reading is None else f.reading.fill_mention(decl) for f in found)
    mentions = tuple(
        Mention(
            mention.start,
            mention.stop,
            quote[mention.start : mention.stop],
            None if filled is None else str(filled),
            owner,
            flag,
        )
        for mention, filled, owner, flag in zip(found, readings, owned, flags, strict=True)
    )
    # Only the structured types' rival readings make a quote ambiguous (see _decide).
    differ = structured and _differ(readings)
    return _Quote(quote, found, readings, owned, flags, mentions, differ)


@lru_cache(maxsize=8192)
def _structured_quote(
    kind: ValueType, quote: str, decl: FieldDecl | None, cues: CueTable, context: Context
) -> _Quote:
    """A structured type's mentions, owners and negation: they depend on the quote, the
    type, the declaration and the declared cues only, never on the value."""
    found = find_mentions(kind, quote, _NO_READING, context)
    owned, flags = _scoping(kind, quote, context, cues)
    return _analysed(quote, found, decl, owned, flags, structured=True)


@lru_cache(maxsize=8192)
def _scoping(
    kind: ValueType, quote: str, context: Context, cues: CueTable
) -> tuple[tuple[str | None, ...], tuple[bool, ...]]:
    """Owners and negation of a quote's mentions: they depend on the quote, the type and
    the declared cues only (not on which field asks), so one analysis serves them all."""
    found = find_mentions(kind, quote, _NO_READING, context)
    return tuple(owners(quote, found, cues)), tuple(negated(quote, found))


def _differ(readings: Sequence[Reading | None]) -> bool:
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


def _rival(reading: Reading, mention: Reading | None) -> bool:
    return mention is not None and reading.rivals(mention)


def _outside_list(quoted: _Quote, index: int) -> list[Reading | None]:
    """The readings of the mentions that are not in mention ``index``'s enumeration."""
    group = quoted.found[index].listed
    return [
        filled
        for position, (found, filled) in enumerate(zip(quoted.found, quoted.readings, strict=True))
        if position == index or group < 0 or found.listed != group
    ]


def _decide(
    field: str, kind: ValueType, reading: Reading, decl: FieldDecl | None, quoted: _Quote
) -> _Verdict:
    if not quoted.found:
        if kind in STRUCTURED:
            return _Verdict(ValueReason.QUOTE_HAS_NO_VALUE, None, f"no {kind.value} in the quote")
        return _Verdict(ValueReason.VALUE_NOT_IN_QUOTE, None, "not in the quote")
    compares = [None if m is None else reading.compare(m) for m in quoted.readings]
    equal = [index for index, outcome in enumerate(compares) if outcome == Compare.EQUAL]
    scoped = kind in STRUCTURED and quoted.differ
    if scoped and equal and field not in quoted.owners:
        # Mentions of another kind are no rivals (a mass beside a count of pallets): with
        # none of its own kind, a mention that no other field's cue owns states the value.
        free = [index for index in equal if quoted.owners[index] is None]
        if free and not _differ([m for m in quoted.readings if _rival(reading, m)]):
            scoped, equal = False, free
    if scoped and equal:
        # An enumeration states each of its members: the others of its list differ from
        # the value, yet they are no rival reading of the same thing.
        listed = [index for index in equal if not _differ(_outside_list(quoted, index))]
        scoped, equal = (False, listed) if listed else (True, equal)
    if not equal:
        return _miss(field, reading, quoted, compares, scoped)
    if scoped:
        own = [index for index in equal if quoted.owners[index] == field]
        if not own:
            taken = [index for index in equal if quoted.owners[index] is not None]
            if taken:
                other = quoted.owners[taken[0]]
                return _Verdict(
                    ValueReason.LABEL_MISMATCH, taken[0], f"the quote gives it for {other}"
                )
            if field in quoted.owners:
                # SPEC 8: only a mention that belongs to the field may match; the field's
                # cue stands in the quote and reaches another mention, so this is no
                # ambiguity: the quote labels a different value for the field.
                hint = f"the cue of {field} labels another mention"
                return _Verdict(ValueReason.LABEL_MISMATCH, equal[0], hint)
            return _Verdict(ValueReason.AMBIGUOUS_QUOTE, equal[0], _AMBIGUOUS_HINT)
        equal = own
    if decl is not None and decl.polarity == Polarity.AFFIRMATIVE:
        stated = [index for index in equal if not quoted.negated[index]]
        if not stated:
            return _Verdict(ValueReason.NEGATED_IN_QUOTE, equal[0], "negated clause")
        equal = stated
    if kind == ValueType.NAME and decl is not None and decl.role:
        return _role(decl, quoted, equal)
    return _Verdict(None, equal[0])


def _miss(
    field: str,
    reading: Reading,
    quoted: _Quote,
    compares: Sequence[Compare | None],
    scoped: bool,
) -> _Verdict:
    """No mention equals the value: name a qualifier that differs, or the likely slip."""
    pool = list(range(len(quoted.found)))
    own = [index for index in pool if quoted.owners[index] == field]
    if scoped and own:
        pool = own + [index for index in pool if index not in own]
    for index in pool:
        outcome = compares[index]
        if outcome is not None and outcome not in (Compare.EQUAL, Compare.DIFFERENT):
            return _Verdict(outcome.reason, index, _qualifier_hint(outcome))
    readable = [index for index in pool if quoted.readings[index] is not None]
    if not readable:
        return _Verdict(
            ValueReason.VALUE_NOT_IN_QUOTE, pool[0], "the quote's mention cannot be read"
        )
    for index in readable:
        mention = quoted.readings[index]
        hint = miss_hint(reading, mention) if mention is not None else ""
        if hint:
            return _Verdict(ValueReason.VALUE_NOT_IN_QUOTE, index, hint)
    present = [m for m in quoted.readings if m is not None]
    return _Verdict(ValueReason.VALUE_NOT_IN_QUOTE, readable[0], sum_hint(reading, present))


def _qualifier_hint(outcome: Compare) -> str:
    return {
        Compare.UNIT: "the same number in another unit, without conversion",
        Compare.CURRENCY: "the same amount in another currency",
        Compare.CURRENCY_AMBIGUOUS: "a symbol several currencies share: declare currency or locale",
        Compare.PERIOD: "the same rate for another period",
        Compare.ACT: "the same section of another act (or year)",
        Compare.INCOMPLETE: "the quote gives more (a year, an act, a sub-section)",
    }.get(outcome, "")


@lru_cache(maxsize=16384)
def _nearest(quote: str, first: int, end: int, roles: tuple[RoleWords, ...]) -> str | None:
    """The role of the name at tokens ``first:end`` (cached: every value that names the
    same mention of the same quote asks the same question)."""
    words = {entry.role: entry.words for entry in roles} or DEFAULT_ROLES
    return nearest_role(quote, Span(first, end), words)


def _role(decl: FieldDecl, quoted: _Quote, equal: list[int]) -> _Verdict:
    nearest = [
        _nearest(quoted.source, quoted.found[i].first, quoted.found[i].end, decl.roles)
        for i in equal
    ]
    for index, role in zip(equal, nearest, strict=True):
        if role == decl.role:
            return _Verdict(None, index)
    if any(role is not None for role in nearest):
        return _Verdict(ValueReason.ROLE_MISMATCH, equal[0], "the other party")
    return _Verdict(ValueReason.ROLE_MISMATCH, equal[0], "no role word near the name")
