"""Quantities, durations and rates: a number with a unit (and a rate's period).

"42.500 MT", "42,500 kg", "5,000 pounds", "500 mg", "33 pallets", "10 mg/kg", "2 lakh MT";
"15 (fifteen) days", "thirty days", "one year"; "18% p.a.", "12 per cent. per annum", "250
bps", "2‰". A restatement in brackets must agree with the figure beside it, or the
mention cannot be read. A dose may say how often ("500 mg twice daily", "10 mg/day", "2
tablets a day"): the frequency is kept beside the dose, and a value that states one must
find the same in the quote.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from sakshi.reasons import ValueReason
from sakshi.values.found import (
    Compare,
    Found,
    Reading,
    Refusal,
    covers,
    found_at,
    lead,
    scan_mentions,
)
from sakshi.values.model import FieldDecl, Period
from sakshi.values.numerals import (
    INDIAN_MARKS,
    NUMBER_WORDS,
    Amount,
    NumberMarks,
    plain,
    read_amount,
)
from sakshi.values.rates import dose_at, per_amount_at
from sakshi.values.spreads import (
    ANY_BENCHMARK,
    JOINS,
    benchmark_after,
    benchmark_before,
    same_benchmark,
)
from sakshi.values.tokens import Token, TokenKind, glued_to_word, is_mark, word_at
from sakshi.values.units import (
    DURATION_UNITS,
    PERCENT_UNITS,
    QUANTITY_UNITS,
    Names,
    Unit,
    period_at,
    unit_at,
    unit_named,
)

__all__ = [
    "MeasureReading",
    "duration_mentions",
    "percent_mentions",
    "quantity_mentions",
    "read_duration",
    "read_percent",
    "read_quantity",
]


@dataclass(frozen=True)
class MeasureReading(Reading):
    """A number of a unit; for a rate, the period it is stated for; for a dose, how many
    times per what (``(2, "day")`` for "twice daily")."""

    number: Decimal
    unit: Unit
    period: Period | None = None
    rate: bool = False
    per: tuple[int, str] | None = None
    over: str = ""  # the benchmark a spread is added to ("MCLR + 2%": spreads.py)

    def __str__(self) -> str:
        base = self.unit.base_of(self.number)
        if base is None:
            text = f"{plain(self.number)} {self.unit.label}"
        elif self.rate:
            text = f"{plain(base)}{self.unit.base}"
        else:
            text = f"{plain(base)} {self.unit.base}"
        if self.per is not None:
            times, time = self.per
            text += f" per {time}" if times == 1 else f" {times} times per {time}"
        text = f"{text} per {self.period.value}" if self.period else text
        return f"{self.over} + {text}" if self.over and self.over != ANY_BENCHMARK else text

    def compare(self, mention: Reading) -> Compare:
        """Equal in the base unit; the unit or the period named when only it differs."""
        if not isinstance(mention, MeasureReading):
            return Compare.DIFFERENT
        if self.unit.dimension != mention.unit.dimension:
            return Compare.UNIT
        if not same_benchmark(self.over, mention.over):
            return Compare.DIFFERENT
        mine, theirs = self.unit.base_of(self.number), mention.unit.base_of(mention.number)
        if mine is None or theirs is None:  # a unit of varying size equals only itself
            if self.unit != mention.unit:
                return Compare.UNIT
            if self.number != mention.number:
                return Compare.DIFFERENT
        elif mine != theirs:
            return Compare.UNIT if self.number == mention.number else Compare.DIFFERENT
        if self.period and mention.period and self.period != mention.period:
            return Compare.PERIOD
        return _compare_per(self.per, mention.per)

    def rivals(self, mention: Reading) -> bool:
        """Only a measure of the same kind is a rival reading: "17,500 kg" is no rival of
        "28 CBM" or "20 pallets" on a bill of lading, but every count is of every other
        ("20 pallets containing 400 cartons" needs a cue)."""
        if not isinstance(mention, MeasureReading):
            return True
        return _kind_of(self.unit) == _kind_of(mention.unit)

    def fill(self, decl: FieldDecl | None) -> Reading:
        """A rate's period from the declaration when the text states none."""
        if self.rate and self.period is None and decl is not None and decl.period is not None:
            return replace(self, period=decl.period)
        return self


def _kind_of(unit: Unit) -> str:
    """A unit's dimension, but one kind for every count (of pallets, of cartons, nos)."""
    return "count" if unit.dimension.startswith("count") else unit.dimension


def _compare_per(mine: tuple[int, str] | None, theirs: tuple[int, str] | None) -> Compare:
    """A value that says how often must find it said: the dose alone ("500 mg") is stated
    by "500 mg twice daily", but "500 mg twice daily" is not stated by "500 mg"."""
    if mine is None:
        return Compare.EQUAL
    if theirs is None or mine[0] != theirs[0]:
        return Compare.DIFFERENT
    return Compare.EQUAL if mine[1] == theirs[1] else Compare.PERIOD


@dataclass(frozen=True)
class _Kind:
    """What one measure type reads: its units, and whether it is a rate or a dose."""

    units: Names[Unit]
    rate: bool
    dose: bool = False
    marks: NumberMarks = INDIAN_MARKS  # the locale's decimal and group marks


_QUANTITY = _Kind(QUANTITY_UNITS, rate=False, dose=True)
_DURATION = _Kind(DURATION_UNITS, rate=False)
_PERCENT = _Kind(PERCENT_UNITS, rate=True)


def _restated(
    tokens: tuple[Token, ...], index: int, number: Decimal, kind: _Kind
) -> tuple[bool, int] | None:
    """A bracketed restatement at ``index`` ("(fifteen)"): whether it agrees, and the end."""
    if not is_mark(tokens, index, "("):
        return None
    amount = read_amount(tokens, index + 1, spelled=True, marks=kind.marks)
    if amount is None or not is_mark(tokens, amount.end, ")"):
        return None
    return amount.value == number, amount.end + 1


def _restated_after_unit(
    tokens: tuple[Token, ...], index: int, number: Decimal, kind: _Kind, unit: Unit
) -> tuple[bool, int] | None:
    """ "15 days (fifteen days)": a bracketed amount with the same unit, or none at all."""
    if not is_mark(tokens, index, "("):
        return None
    amount = read_amount(tokens, index + 1, spelled=True, marks=kind.marks)
    if amount is None:
        return None
    end = amount.end
    named = unit_at(tokens, end, kind.units)
    if named is not None:
        if named[0] != unit:
            return False, named[1] + 1 if is_mark(tokens, named[1], ")") else named[1]
        end = named[1]
    if not is_mark(tokens, end, ")"):
        return None
    return amount.value == number, end + 1


def _measure_at(tokens: tuple[Token, ...], index: int, kind: _Kind) -> Found | None:
    token = tokens[index]
    spelled = token.kind == TokenKind.WORD
    if (spelled and token.text not in NUMBER_WORDS) or glued_to_word(tokens, index):
        return None
    amount = read_amount(tokens, index, spelled=spelled, marks=kind.marks)
    if amount is None:
        return None
    return _measure_from(tokens, amount, kind)


def _measure_from(tokens: tuple[Token, ...], amount: Amount, kind: _Kind) -> Found | None:
    agrees, end = True, amount.end
    before_unit = _restated(tokens, end, amount.value, kind)
    if before_unit is not None:
        agrees, end = before_unit
    named = unit_at(tokens, end, kind.units)
    if named is None:
        return None
    unit, end = named
    after_unit = _restated_after_unit(tokens, end, amount.value, kind, unit)
    if after_unit is not None:
        agrees, end = agrees and after_unit[0], after_unit[1]
    number, period, per = amount.value, None, None
    if kind.rate:
        stated = period_at(tokens, _after_dot(tokens, end))
        if stated is not None:
            period, end = stated
    if not kind.rate and after_unit is None:
        compound = _compound(tokens, end, amount.value, unit, kind)
        if compound is not None:
            number, unit, end = compound
    if kind.dose:
        unit, per, end = dose_at(tokens, end, unit)
        ratio = per_amount_at(tokens, end, kind.units, kind.marks)
        if ratio is not None:  # "250 mg/5 mL": a strength we do not read, never 250 mg
            agrees, end = False, ratio
    reading = MeasureReading(number, unit, period, kind.rate, per) if agrees else None
    return found_at(tokens, amount.first, end, reading)


def _after_dot(tokens: tuple[Token, ...], index: int) -> int:
    """Past the dot of "12 per cent. per annum", when a period follows it."""
    if is_mark(tokens, index, ".", glued=True) and period_at(tokens, index + 1) is not None:
        return index + 1
    return index


def _compound(
    tokens: tuple[Token, ...], index: int, number: Decimal, unit: Unit, kind: _Kind
) -> tuple[Decimal, Unit, int] | None:
    """ "3 acres 20 gunthas", "1 year and 6 months": smaller units of the same dimension
    that follow add up, in the base unit. None when nothing follows."""
    total, factor, end = unit.base_of(number), unit.factor, index
    while total is not None and factor is not None:
        at = end + 1 if word_at(tokens, end) == "and" else end
        spelled = word_at(tokens, at) in NUMBER_WORDS
        if at >= len(tokens) or not (spelled or tokens[at].kind == TokenKind.DIGITS):
            break
        amount = read_amount(tokens, at, spelled=spelled, marks=kind.marks)
        part = unit_at(tokens, amount.end, kind.units) if amount else None
        if amount is None or part is None:
            break
        smaller = part[0]
        if smaller.dimension != unit.dimension or not smaller.factor or smaller.factor >= factor:
            break
        total, factor, end = total + amount.value * smaller.factor, smaller.factor, part[1]
    if end == index or total is None:
        return None
    return total, Unit(unit.base, unit.dimension, Decimal(1), unit.base), end


def _mentions(tokens: tuple[Token, ...], kind: _Kind) -> tuple[Found, ...]:
    found = scan_mentions(tokens, _may_start, lambda index: _measure_at(tokens, index, kind))
    return tuple(_spread(tokens, mention) for mention in found) if kind.rate else found


def _spread(tokens: tuple[Token, ...], mention: Found) -> Found:
    """A rate mention with the benchmark it is added to, when one stands beside it."""
    if not isinstance(mention.reading, MeasureReading):
        return mention
    before = benchmark_before(tokens, mention.first)
    if before is not None:
        return found_at(tokens, before[1], mention.end, replace(mention.reading, over=before[0]))
    after = benchmark_after(tokens, mention.end)
    if after is not None:
        return found_at(tokens, mention.first, after[1], replace(mention.reading, over=after[0]))
    return mention


def _spread_value(tokens: tuple[Token, ...], first: int, kind: _Kind) -> Found | None:
    """A rate value written as a spread ("MCLR + 2%"): the figure after the first "+"."""
    join = next((at for at in range(first, len(tokens)) if tokens[at].text in JOINS), None)
    if join is None or join + 1 >= len(tokens) or not _may_start(tokens[join + 1]):
        return None
    mention = _measure_at(tokens, join + 1, kind)
    return None if mention is None else _spread(tokens, mention)


def _may_start(token: Token) -> bool:
    """A measure begins with digits or a number word, nothing else."""
    return token.kind == TokenKind.DIGITS or (
        token.kind == TokenKind.WORD and token.text in NUMBER_WORDS
    )


def _in(kind: _Kind, marks: NumberMarks) -> _Kind:
    return kind if marks == kind.marks else replace(kind, marks=marks)


def quantity_mentions(
    tokens: tuple[Token, ...], marks: NumberMarks = INDIAN_MARKS
) -> tuple[Found, ...]:
    """Every quantity (a number with a unit of mass, area, length, volume, or a count
    noun), with its compound unit and its frequency when stated; figures in ``marks``."""
    return _mentions(tokens, _in(_QUANTITY, marks))


def duration_mentions(
    tokens: tuple[Token, ...], marks: NumberMarks = INDIAN_MARKS
) -> tuple[Found, ...]:
    """Every duration (a number, in figures or words, of days, weeks, months, years)."""
    return _mentions(tokens, _in(_DURATION, marks))


def percent_mentions(
    tokens: tuple[Token, ...], marks: NumberMarks = INDIAN_MARKS
) -> tuple[Found, ...]:
    """Every rate (%, per cent, ‰, basis points), with its period when stated."""
    return _mentions(tokens, _in(_PERCENT, marks))


def _read_value(
    tokens: tuple[Token, ...], decl: FieldDecl | None, kind: _Kind, bare: Unit | None
) -> MeasureReading | Refusal:
    """The whole value as one measure; a bare number takes the ``bare`` unit."""
    first = lead(tokens)
    if kind.rate and is_mark(tokens, first, "@"):
        tokens = tokens[first + 1 :]  # "@ 12% p.a.": the at-sign of Indian drafting
        first = lead(tokens)
    if first >= len(tokens):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "no number")
    mention = _measure_at(tokens, first, kind)
    if kind.rate:
        mention = (
            _spread_value(tokens, first, kind) if mention is None else _spread(tokens, mention)
        )
    if mention is not None and covers(tokens, mention.first, mention.end):
        if not isinstance(mention.reading, MeasureReading):
            return Refusal(ValueReason.VALUE_UNPARSEABLE, "its figures and words disagree")
        return _against_declared(mention.reading, decl, kind)
    amount = read_amount(tokens, first, spelled=True, marks=kind.marks)
    if amount is None or not covers(tokens, first, amount.end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a number with a unit")
    if bare is None:
        return Refusal(ValueReason.VALUE_INCOMPLETE, "the value gives no unit")
    return _against_declared(MeasureReading(amount.value, bare, None, kind.rate), decl, kind)


def _against_declared(
    reading: MeasureReading, decl: FieldDecl | None, kind: _Kind
) -> MeasureReading | Refusal:
    declared = _declared_unit(decl, kind)
    if declared is not None and declared.dimension != reading.unit.dimension:
        return Refusal(ValueReason.UNIT_MISMATCH, f"the field is declared in {declared.label}")
    if decl is not None and decl.period and reading.period and decl.period != reading.period:
        return Refusal(
            ValueReason.PERIOD_MISMATCH, f"the field is declared per {decl.period.value}"
        )
    return reading


def _declared_unit(decl: FieldDecl | None, kind: _Kind) -> Unit | None:
    return unit_named(decl.unit, kind.units) if decl and decl.unit else None


def read_quantity(
    tokens: tuple[Token, ...], decl: FieldDecl | None, marks: NumberMarks = INDIAN_MARKS
) -> Reading | Refusal:
    """A quantity value; a bare number takes the declared unit."""
    return _read_value(tokens, decl, _in(_QUANTITY, marks), _declared_unit(decl, _QUANTITY))


def read_duration(
    tokens: tuple[Token, ...], decl: FieldDecl | None, marks: NumberMarks = INDIAN_MARKS
) -> Reading | Refusal:
    """A duration value; a bare number takes the declared unit."""
    return _read_value(tokens, decl, _in(_DURATION, marks), _declared_unit(decl, _DURATION))


def read_percent(
    tokens: tuple[Token, ...], decl: FieldDecl | None, marks: NumberMarks = INDIAN_MARKS
) -> Reading | Refusal:
    """A rate value; a bare number is a percentage unless another unit is declared."""
    bare = _declared_unit(decl, _PERCENT) or PERCENT_UNITS["%"]
    return _read_value(tokens, decl, _in(_PERCENT, marks), bare)
