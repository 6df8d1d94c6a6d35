"""The rules that decide a value against its quote's mentions, as data: two ordered lists.

``RULES`` narrows the mentions equal to the value, in the order SPEC section 8 gives
(rival readings first: which of them are no rivals; then the field's cue, bound, polarity
and role); the first rule that returns a ``Verdict`` decides, and a value that survives
them all is stated by the first mention left. When no mention equals the value,
``MISS_RULES`` name why, in order: a qualifier that differs (unit, currency, period, act),
a mention that cannot be read, a likely slip, else the sum hint.

Each rule is a small named function of the question (``Ask``) and where the narrowing
stands (``Narrowed``), so that a test can name it, drop it and see a verdict change
(tests/values/test_values_decide.py). Pure: plain data in, plain data out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from sakshi.reasons import ValueReason
from sakshi.values.found import Compare, Reading
from sakshi.values.hints import miss_hint, sum_hint
from sakshi.values.kinds import STRUCTURED
from sakshi.values.model import DEFAULT_ROLES, Bound, FieldDecl, Polarity, ValueType
from sakshi.values.phrases import Span
from sakshi.values.quoted import Quote, differ

if TYPE_CHECKING:
    from sakshi.values.roles import NameRole, RoleTable

__all__ = ["MISS_RULES", "RULES", "Ask", "MissRule", "Narrowed", "Rule", "Verdict", "decide"]

_AMBIGUOUS_HINT = "cite the clause that states it alone, or declare cues"


class Verdict(NamedTuple):
    """What decided a value against its quote: the reason (None: stated), the mention it
    is about, a short hint for people."""

    reason: ValueReason | None
    matched: int | None
    hint: str = ""


class Ask(NamedTuple):
    """One value asked of one quote: everything the rules read."""

    field: str
    kind: ValueType
    reading: Reading
    decl: FieldDecl | None
    quoted: Quote
    compares: tuple[Compare | None, ...]  # the value against each mention (None: unread)


class Narrowed(NamedTuple):
    """Where the narrowing stands: the mentions equal to the value still in play, and
    whether rival readings among the quote's mentions call for the field's cue."""

    equal: tuple[int, ...]
    scoped: bool


@dataclass(frozen=True)
class Rule:
    """One named step of ``RULES``: a verdict, or the narrowing it leaves. A rule that
    ``picks`` among the equal mentions is asked only while some are left."""

    name: str
    step: Callable[[Ask, Narrowed], Verdict | Narrowed]
    picks: bool = False


@dataclass(frozen=True)
class MissRule:
    """One named step of ``MISS_RULES`` over the mentions in the order a miss looks at
    them (the field's own first): a verdict, or None to ask the next rule."""

    name: str
    step: Callable[[Ask, Sequence[int]], Verdict | None]


def _want(ask: Ask) -> Bound:
    return ask.decl.bound if ask.decl is not None else Bound.EXACT


def _rival(reading: Reading, mention: Reading | None) -> bool:
    return mention is not None and reading.rivals(mention)


# --- RULES: narrowing the equal mentions ----------------------------------------------------


def _other_bounds(ask: Ask, now: Narrowed) -> Narrowed:
    """Only a mention of the field's bound can state it: the others are no rivals ("up to
    $1,000 for travel and $750 for lodging" states one exact figure)."""
    quoted, want = ask.quoted, _want(ask)
    if not now.scoped or all(bound == want for bound in quoted.bounds):
        return now
    kept = [r for r, bound in zip(quoted.readings, quoted.bounds, strict=True) if bound == want]
    return Narrowed(now.equal, differ(kept))


def _other_kinds(ask: Ask, now: Narrowed) -> Narrowed:
    """Mentions of another kind are no rivals (a mass beside a count of pallets): with none
    of its own kind, a mention that no other field's cue owns states the value."""
    quoted = ask.quoted
    if not (now.scoped and now.equal and ask.kind in STRUCTURED) or ask.field in quoted.owners:
        return now
    free = tuple(index for index in now.equal if quoted.owners[index] is None)
    if free and not differ([m for m in quoted.readings if _rival(ask.reading, m)]):
        return Narrowed(free, False)
    return now


def _outside_list(quoted: Quote, index: int) -> list[Reading | None]:
    """The readings of the mentions that are not in mention ``index``'s enumeration."""
    group = quoted.found[index].listed
    return [
        filled
        for position, (found, filled) in enumerate(zip(quoted.found, quoted.readings, strict=True))
        if position == index or group < 0 or found.listed != group
    ]


def _enumeration(ask: Ask, now: Narrowed) -> Narrowed:
    """An enumeration states each of its members: the others of its list differ from the
    value, yet they are no rival reading of the same thing."""
    if not (now.scoped and now.equal and ask.kind in STRUCTURED):
        return now
    listed = tuple(index for index in now.equal if not differ(_outside_list(ask.quoted, index)))
    return Narrowed(listed, False) if listed else now


def _an_equal_mention(ask: Ask, now: Narrowed) -> Verdict | Narrowed:
    """A mention must equal the value; else ``MISS_RULES`` say why not (the field's own
    mentions first when rival readings call for cues)."""
    if now.equal:
        return now
    pool = list(range(len(ask.quoted.found)))
    own = [index for index in pool if ask.quoted.owners[index] == ask.field]
    if now.scoped and own:
        pool = own + [index for index in pool if index not in own]
    for rule in MISS_RULES:  # read at call time: a test may drop one
        verdict = rule.step(ask, pool)
        if verdict is not None:
            return verdict
    return Verdict(ValueReason.VALUE_NOT_IN_QUOTE, pool[0], "not in the quote")


def _by_cue(ask: Ask, now: Narrowed) -> Verdict | Narrowed:
    """With rival readings, only a mention the field's cue owns states the value."""
    if not now.scoped:
        return now
    quoted, field = ask.quoted, ask.field
    own = tuple(index for index in now.equal if quoted.owners[index] == field)
    if own:
        return Narrowed(own, now.scoped)
    taken = [index for index in now.equal if quoted.owners[index] is not None]
    if taken:
        other = quoted.owners[taken[0]]
        return Verdict(ValueReason.LABEL_MISMATCH, taken[0], f"the quote gives it for {other}")
    if field in quoted.claimed:
        # SPEC 8: only a mention that belongs to the field may match; the field's cue
        # stands in the quote and reaches another mention, so this is no ambiguity: the
        # quote labels a different value for the field.
        hint = f"the cue of {field} labels another mention"
        return Verdict(ValueReason.LABEL_MISMATCH, now.equal[0], hint)
    return Verdict(ValueReason.AMBIGUOUS_QUOTE, now.equal[0], _AMBIGUOUS_HINT)


_BOUND_WORDS = {
    Bound.EXACT: "an exact figure",
    Bound.AT_MOST: "a ceiling (up to, not exceeding)",
    Bound.AT_LEAST: "a floor (at least, not less than)",
}


def _by_bound(ask: Ask, now: Narrowed) -> Verdict | Narrowed:
    """An exact field wants an exact mention, a bounded field a mention of its bound."""
    want = _want(ask)
    kept = tuple(index for index in now.equal if ask.quoted.bounds[index] == want)
    if kept:
        return Narrowed(kept, now.scoped)
    found = ask.quoted.bounds[now.equal[0]]
    hint = f"the quote gives {_BOUND_WORDS[found]}, the field is {_BOUND_WORDS[want]}"
    return Verdict(ValueReason.VALUE_BOUNDED, now.equal[0], hint)


def _by_polarity(ask: Ask, now: Narrowed) -> Verdict | Narrowed:
    """``polarity: affirmative``: a mention a negation governs states nothing."""
    if ask.decl is None or ask.decl.polarity != Polarity.AFFIRMATIVE:
        return now
    stated = tuple(index for index in now.equal if not ask.quoted.negated[index])
    if stated:
        return Narrowed(stated, now.scoped)
    return Verdict(ValueReason.NEGATED_IN_QUOTE, now.equal[0], "negated clause")


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


def _by_role(ask: Ask, now: Narrowed) -> Verdict | Narrowed:
    """A ``role``: the name must hold the field's role in the quote (see roles.py)."""
    decl = ask.decl
    if ask.kind != ValueType.NAME or decl is None or not decl.role:
        return now
    # roles.py (and labels.py) load when a name with a role is first checked: a run that
    # checks none does not pay for them at start-up.
    from sakshi.values.roles import name_role

    table, quoted = _role_table(decl), ask.quoted
    held: list[NameRole] = []
    for index in now.equal:
        found = quoted.found[index]
        role = name_role(quoted.source, Span(found.first, found.end), table)
        if role.role == decl.role:
            return Narrowed((index,), now.scoped)
        held.append(role)
    first = held[0]
    if first.role is None:
        return Verdict(ValueReason.ROLE_MISMATCH, now.equal[0], "no role word near the name")
    hint = "the other party" if first.party else _NON_PARTY_HINTS[first.role]
    return Verdict(ValueReason.ROLE_MISMATCH, now.equal[0], hint)


# --- MISS_RULES: why no mention equals the value --------------------------------------------

_QUALIFIER_HINTS = {
    Compare.UNIT: "the same number in another unit, without conversion",
    Compare.CURRENCY: "the same amount in another currency",
    Compare.CURRENCY_AMBIGUOUS: "a symbol several currencies share: declare currency or locale",
    Compare.PERIOD: "the same rate for another period",
    Compare.ACT: "the same section of another act (or year)",
    Compare.INCOMPLETE: "the quote gives more (a year, an act, a sub-section)",
}


def _a_qualifier(ask: Ask, pool: Sequence[int]) -> Verdict | None:
    """The same figure with another qualifier (unit, currency, period, act, ...)."""
    for index in pool:
        outcome = ask.compares[index]
        if outcome is not None and outcome not in (Compare.EQUAL, Compare.DIFFERENT):
            return Verdict(outcome.reason, index, _QUALIFIER_HINTS.get(outcome, ""))
    return None


def _unreadable(ask: Ask, pool: Sequence[int]) -> Verdict | None:
    """No mention the quote gives can be read."""
    if any(ask.quoted.readings[index] is not None for index in pool):
        return None
    return Verdict(ValueReason.VALUE_NOT_IN_QUOTE, pool[0], "the quote's mention cannot be read")


def _a_slip(ask: Ask, pool: Sequence[int]) -> Verdict | None:
    """A likely slip against a mention (a digit dropped, a day and month swapped, ...)."""
    for index in pool:
        mention = ask.quoted.readings[index]
        hint = miss_hint(ask.reading, mention) if mention is not None else ""
        if hint:
            return Verdict(ValueReason.VALUE_NOT_IN_QUOTE, index, hint)
    return None


def _not_in_quote(ask: Ask, pool: Sequence[int]) -> Verdict:
    """Not in the quote (the hint says when it is a sum of the quote's amounts)."""
    readings = ask.quoted.readings
    first = next((index for index in pool if readings[index] is not None), pool[0])
    present = [m for m in readings if m is not None]
    return Verdict(ValueReason.VALUE_NOT_IN_QUOTE, first, sum_hint(ask.reading, present))


RULES: tuple[Rule, ...] = (
    Rule("other_bounds_no_rivals", _other_bounds),
    Rule("other_kinds_no_rivals", _other_kinds),
    Rule("enumeration_members", _enumeration),
    Rule("an_equal_mention", _an_equal_mention),
    Rule("owned_by_cue", _by_cue, picks=True),
    Rule("the_fields_bound", _by_bound, picks=True),
    Rule("affirmative", _by_polarity, picks=True),
    Rule("the_fields_role", _by_role, picks=True),
)

MISS_RULES: tuple[MissRule, ...] = (
    MissRule("a_qualifier_differs", _a_qualifier),
    MissRule("unreadable", _unreadable),
    MissRule("a_likely_slip", _a_slip),
    MissRule("not_in_quote", _not_in_quote),
)


def decide(ask: Ask) -> Verdict:
    """The verdict of the first rule of ``RULES`` that gives one, else the first mention
    left states the value. (``RULES`` and ``MISS_RULES`` are read at call time, so that a
    test can drop one rule and see a verdict change.)"""
    quoted = ask.quoted
    if not quoted.found:
        if ask.kind in STRUCTURED:
            return Verdict(
                ValueReason.QUOTE_HAS_NO_VALUE, None, f"no {ask.kind.value} in the quote"
            )
        return Verdict(ValueReason.VALUE_NOT_IN_QUOTE, None, "not in the quote")
    equal = tuple(index for index, outcome in enumerate(ask.compares) if outcome == Compare.EQUAL)
    now = Narrowed(equal, quoted.differ)
    for rule in RULES:
        if rule.picks and not now.equal:
            break  # an_equal_mention names every miss: only a test that dropped it comes here
        outcome = rule.step(ask, now)
        if isinstance(outcome, Verdict):
            return outcome
        now = outcome
    if not now.equal:
        return Verdict(ValueReason.VALUE_NOT_IN_QUOTE, None, "not in the quote")
    return Verdict(None, now.equal[0])
