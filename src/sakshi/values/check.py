"""``check_value``: does the quote state the value? (SPEC section 8)

Read the value to one exact form, read every mention of its type in the quote, and look
for a mention that equals it. Then, in this order: several mentions with different
readings (for an identifier: several identifiers the quote labels) need the value's own
field to own the equal one by its cue (else LABEL_MISMATCH, or AMBIGUOUS_QUOTE when the
field's cue owns none of them); the mention's bound must be the field's (an exact figure
for an exact field, "up to" for ``at_most``, "at least" for ``at_least``: else
VALUE_BOUNDED); ``polarity: affirmative`` wants one that no negation governs (else
NEGATED_IN_QUOTE); a ``role`` wants the name to hold the field's role (else
ROLE_MISMATCH). Pure and deterministic; it never raises on strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from sakshi.reasons import ValueReason
from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.cues import cue_table
from sakshi.values.dates import month_first
from sakshi.values.found import Compare, Reading, Refusal
from sakshi.values.hints import miss_hint, sum_hint
from sakshi.values.kinds import STRUCTURED, UNTYPED, Context, infer_type, read_value
from sakshi.values.measures import MeasureReading
from sakshi.values.model import (
    DEFAULT_ROLES,
    Bound,
    FieldDecl,
    Polarity,
    TypeSource,
    ValueCheck,
    ValueType,
)
from sakshi.values.phrases import Span
from sakshi.values.quoted import Quote, differ, quote_mentions
from sakshi.values.spreads import ANY_BENCHMARK, is_margin

if TYPE_CHECKING:
    from sakshi.values.roles import NameRole, RoleTable

__all__ = ["PLAIN_RULES", "ValueRules", "check_value"]

_AMBIGUOUS_HINT = "cite the clause that states it alone, or declare cues"


class _Verdict(NamedTuple):
    """What decided a value against its quote (one per value: a NamedTuple)."""

    reason: ValueReason | None
    matched: int | None
    hint: str = ""


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


def _rival(reading: Reading, mention: Reading | None) -> bool:
    return mention is not None and reading.rivals(mention)


def _outside_list(quoted: Quote, index: int) -> list[Reading | None]:
    """The readings of the mentions that are not in mention ``index``'s enumeration."""
    group = quoted.found[index].listed
    return [
        filled
        for position, (found, filled) in enumerate(zip(quoted.found, quoted.readings, strict=True))
        if position == index or group < 0 or found.listed != group
    ]


class _Ask(NamedTuple):
    """One value asked of one quote, for the rules that narrow its equal mentions."""

    field: str
    kind: ValueType
    decl: FieldDecl | None
    quoted: Quote
    scoped: bool  # rival readings: a mention must belong to the field by its cue


def _decide(
    field: str, kind: ValueType, reading: Reading, decl: FieldDecl | None, quoted: Quote
) -> _Verdict:
    if not quoted.found:
        if kind in STRUCTURED:
            return _Verdict(ValueReason.QUOTE_HAS_NO_VALUE, None, f"no {kind.value} in the quote")
        return _Verdict(ValueReason.VALUE_NOT_IN_QUOTE, None, "not in the quote")
    compares = [None if m is None else reading.compare(m) for m in quoted.readings]
    equal = [index for index, outcome in enumerate(compares) if outcome == Compare.EQUAL]
    scoped = quoted.differ
    want = decl.bound if decl is not None else Bound.EXACT
    if scoped and any(bound != want for bound in quoted.bounds):
        # Only a mention of the field's bound can state it: the others are no rivals
        # ("up to $1,000 for travel and $750 for lodging" states one exact figure).
        kept = [r for r, bound in zip(quoted.readings, quoted.bounds, strict=True) if bound == want]
        scoped = differ(kept)
    if scoped and equal and kind in STRUCTURED and field not in quoted.owners:
        # Mentions of another kind are no rivals (a mass beside a count of pallets): with
        # none of its own kind, a mention that no other field's cue owns states the value.
        free = [index for index in equal if quoted.owners[index] is None]
        if free and not differ([m for m in quoted.readings if _rival(reading, m)]):
            scoped, equal = False, free
    if scoped and equal and kind in STRUCTURED:
        # An enumeration states each of its members: the others of its list differ from
        # the value, yet they are no rival reading of the same thing.
        listed = [index for index in equal if not differ(_outside_list(quoted, index))]
        scoped, equal = (False, listed) if listed else (True, equal)
    if not equal:
        return _miss(field, reading, quoted, compares, scoped)
    ask = _Ask(field, kind, decl, quoted, scoped)
    for rule in _RULES:
        outcome = rule(ask, equal)
        if isinstance(outcome, _Verdict):
            return outcome
        equal = outcome
    return _Verdict(None, equal[0])


def _by_cue(ask: _Ask, equal: list[int]) -> _Verdict | list[int]:
    """With rival readings, only a mention the field's cue owns states the value."""
    if not ask.scoped:
        return equal
    quoted, field = ask.quoted, ask.field
    own = [index for index in equal if quoted.owners[index] == field]
    if own:
        return own
    taken = [index for index in equal if quoted.owners[index] is not None]
    if taken:
        other = quoted.owners[taken[0]]
        return _Verdict(ValueReason.LABEL_MISMATCH, taken[0], f"the quote gives it for {other}")
    if field in quoted.claimed:
        # SPEC 8: only a mention that belongs to the field may match; the field's cue
        # stands in the quote and reaches another mention, so this is no ambiguity: the
        # quote labels a different value for the field.
        hint = f"the cue of {field} labels another mention"
        return _Verdict(ValueReason.LABEL_MISMATCH, equal[0], hint)
    return _Verdict(ValueReason.AMBIGUOUS_QUOTE, equal[0], _AMBIGUOUS_HINT)


_BOUND_WORDS = {
    Bound.EXACT: "an exact figure",
    Bound.AT_MOST: "a ceiling (up to, not exceeding)",
    Bound.AT_LEAST: "a floor (at least, not less than)",
}


def _by_bound(ask: _Ask, equal: list[int]) -> _Verdict | list[int]:
    """An exact field wants an exact mention, a bounded field a mention of its bound."""
    want = ask.decl.bound if ask.decl is not None else Bound.EXACT
    kept = [index for index in equal if ask.quoted.bounds[index] == want]
    if kept:
        return kept
    found = ask.quoted.bounds[equal[0]]
    hint = f"the quote gives {_BOUND_WORDS[found]}, the field is {_BOUND_WORDS[want]}"
    return _Verdict(ValueReason.VALUE_BOUNDED, equal[0], hint)


def _by_polarity(ask: _Ask, equal: list[int]) -> _Verdict | list[int]:
    """``polarity: affirmative``: a mention a negation governs states nothing."""
    if ask.decl is None or ask.decl.polarity != Polarity.AFFIRMATIVE:
        return equal
    stated = [index for index in equal if not ask.quoted.negated[index]]
    return stated or _Verdict(ValueReason.NEGATED_IN_QUOTE, equal[0], "negated clause")


def _miss(
    field: str,
    reading: Reading,
    quoted: Quote,
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


def _role_table(decl: FieldDecl) -> RoleTable:
    if decl.roles:
        return tuple(sorted((entry.role, entry.words) for entry in decl.roles))
    return tuple(sorted(DEFAULT_ROLES.items()))


_NON_PARTY_HINTS = {
    "relative": "a relative of a party (s/o, wife of, ...), not the party",
    "representative": "a party's representative (represented by, through), not the party",
    "counsel": "counsel for a party, not the party",
    "witness": "a witness, not the party",
    "judge": "a judge (Lord, Lady, Justice, Judge; J, LJ), not the party",
}


def _by_role(ask: _Ask, equal: list[int]) -> _Verdict | list[int]:
    """A ``role``: the name must hold the field's role in the quote (see roles.py)."""
    decl = ask.decl
    if ask.kind != ValueType.NAME or decl is None or not decl.role:
        return equal
    # roles.py (and labels.py) load when a name with a role is first checked: a run that
    # checks none does not pay for them at start-up.
    from sakshi.values.roles import name_role

    table, quoted = _role_table(decl), ask.quoted
    held: list[NameRole] = []
    for index in equal:
        found = quoted.found[index]
        role = name_role(quoted.source, Span(found.first, found.end), table)
        if role.role == decl.role:
            return [index]
        held.append(role)
    first = held[0]
    if first.role is None:
        return _Verdict(ValueReason.ROLE_MISMATCH, equal[0], "no role word near the name")
    hint = "the other party" if first.party else _NON_PARTY_HINTS[first.role]
    return _Verdict(ValueReason.ROLE_MISMATCH, equal[0], hint)


_RULES = (_by_cue, _by_bound, _by_polarity, _by_role)
