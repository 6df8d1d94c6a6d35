"""``check_value``: does the quote state the value? (SPEC section 8)

Read the value to one exact form, read every mention of its type in the quote, compare the
value with each, and let the ordered rules of decide.py narrow the equal mentions: several
mentions with different readings (for an identifier: several identifiers the quote labels)
need the value's own field to own the equal one by its cue (else LABEL_MISMATCH, or
AMBIGUOUS_QUOTE when the field's cue owns none of them); the mention's bound must be the
field's (else VALUE_BOUNDED); ``polarity: affirmative`` wants one that no negation governs
(else NEGATED_IN_QUOTE); a ``role`` wants the name to hold the field's role (else
ROLE_MISMATCH). Pure and deterministic; it never raises on strings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.cues import cue_table
from sakshi.values.dates import month_first
from sakshi.values.decide import Ask, decide
from sakshi.values.found import Reading, Refusal
from sakshi.values.kinds import UNTYPED, Context, infer_type, read_value
from sakshi.values.measures import MeasureReading
from sakshi.values.model import FieldDecl, TypeSource, ValueCheck, ValueType
from sakshi.values.quoted import quote_mentions
from sakshi.values.spreads import ANY_BENCHMARK, is_margin

__all__ = ["PLAIN_RULES", "ValueRules", "check_value"]


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
    table = decl is not None and decl.scale is not None
    context = _context(decl.locale if decl is not None and decl.locale else locale, acts, table)
    kind = decl.type if decl else infer_type(value, context)
    source = TypeSource.DECLARED if decl else TypeSource.INFERRED
    if kind is None:
        return ValueCheck(False, UNTYPED.reason, None, source, None, hint=UNTYPED.hint)
    if kind == ValueType.CLAIM:
        return ValueCheck(True, None, kind, source, None, hint="unchecked", checked=False)
    reading = read_value(kind, value, decl, context)
    if isinstance(reading, Refusal):
        return ValueCheck(False, reading.reason, kind, source, None, hint=reading.hint)
    reading = _as_margin(field, reading.fill(decl))
    quoted = quote_mentions(kind, quote, reading, decl, cue_table(fields, kind), context)
    compares = tuple(None if m is None else reading.compare(m) for m in quoted.readings)
    verdict = decide(Ask(field, kind, reading, decl, quoted, compares))
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


def _as_margin(field: str, reading: Reading) -> Reading:
    """A bare rate of a field named for a spread: the figure over any benchmark."""
    if isinstance(reading, MeasureReading) and reading.rate and not reading.over:
        return replace(reading, over=ANY_BENCHMARK) if is_margin(field) else reading
    return reading


@lru_cache(maxsize=256)
def _context(locale: str | None, acts: ActTable, table: bool = False) -> Context:
    """One Context per (locale, acts, table): the readers' caches then find it by
    identity."""
    return Context(month_first(locale), acts, locale, table)
