"""What may follow a quantity's unit: what it is per, and how often.

"10 mg/kg" and "50 kg per bag" are compound units (a dimension of their own: mg/kg is no
percentage, and no mass). "10 mg/day", "10 mg per day", "10 mg daily" and "10 mg once a
day" say the same frequency; "500 mg twice daily", "500 mg b.i.d." and "2 tablets three
times a day" say how many times per day. Periods never convert into one another ("70 mg
weekly" is not "10 mg daily"): a frequency is compared as it is written.
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.values.data.periods import PER_PERIOD
from sakshi.values.numerals import NUMBER_WORDS, NumberMarks, read_amount
from sakshi.values.tokens import Token, TokenKind, is_mark, word_at
from sakshi.values.units import (
    PERIOD_ROWS,
    QUANTITY_UNITS,
    Names,
    Unit,
    name_at,
    names,
    per_unit,
)

__all__ = ["Often", "dose_at", "frequency_at", "per_amount_at", "per_at", "time_at"]

# A time a rate is counted per, after "/" or "per" ("mg/day", "mL per hour", "mg/kg/d").
_TIME_UNITS = names(
    [
        *((name, "day") for name in ("day", "d", "diem", "24 hours", "24 h")),
        *((name, "week") for name in ("week", "wk")),
        *((name, "month") for name in ("month", "mth", "mensem")),
        *((name, "quarter") for name in ("quarter",)),
        *((name, "year") for name in ("year", "yr", "annum", "anum")),
        *((name, "hour") for name in ("hour", "hr", "h")),
        *((name, "minute") for name in ("minute", "min")),
    ]
)
# A time said on its own ("daily", "a day", "p.a.", "hourly"): a rate's periods, and more.
_TIME_PHRASES = names(
    [
        *((alias, period.value) for aliases, period in PERIOD_ROWS for alias in aliases),
        *((name, "hour") for name in ("hourly", "an hour", "every hour")),
        *((phrase, "hour") for phrase, time in PER_PERIOD.items() if time == "hour"),
    ]
)
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
# Prescription shorthand: once (o.d., q.d.), twice (b.d., b.i.d.), three (t.d.s., t.i.d.)
# and four times (q.d.s., q.i.d.) a day.
_SHORTHAND = names(
    [
        *((name, 1) for name in ("od", "o.d.", "qd", "q.d.")),
        *((name, 2) for name in ("bd", "b.d.", "bid", "b.i.d.")),
        *((name, 3) for name in ("tds", "t.d.s.", "tid", "t.i.d.")),
        *((name, 4) for name in ("qds", "q.d.s.", "qid", "q.i.d.")),
    ]
)


@dataclass(frozen=True)
class Often:
    """A frequency read at some tokens: ``per`` is (times, the time counted per)."""

    per: tuple[int, str]
    end: int


_PER_WORDS = frozenset({"per", "प्रति"})  # "50 किलो प्रति बोरी", "रु. 1,200 प्रति क्विंटल"


def _over(tokens: tuple[Token, ...], index: int) -> int | None:
    """The index after "/", "per" or "प्रति" at ``index``, or None when none stands there."""
    if is_mark(tokens, index, "/"):
        return index + 1
    return index + 1 if word_at(tokens, index) in _PER_WORDS else None


def per_at(tokens: tuple[Token, ...], index: int, units: Names[Unit]) -> tuple[Unit, int] | None:
    """The unit a quantity is per ("/kg", "per bag") at ``index``, and the index after."""
    after = _over(tokens, index)
    return None if after is None else name_at(tokens, after, units)


def per_amount_at(
    tokens: tuple[Token, ...], index: int, units: Names[Unit], marks: NumberMarks
) -> int | None:
    """The end of "/5 mL" or "per 5 mL" at ``index`` (a measure or a price per an amount
    of a unit, "250 mg/5 mL", "Rs. 250 per 5 kg"), if one stands there."""
    after = _over(tokens, index)
    if after is None or after >= len(tokens) or tokens[after].kind != TokenKind.DIGITS:
        return None
    amount = read_amount(tokens, after, marks=marks)
    named = name_at(tokens, amount.end, units) if amount is not None else None
    return named[1] if named is not None else None


def time_at(tokens: tuple[Token, ...], index: int) -> tuple[str, int] | None:
    """ "/day", "per hour", "daily", "a day", "p.a.": the time and the index after (a
    dose's frequency, and how often a sum is paid: "£2,000 per month")."""
    after = _over(tokens, index)
    if after is not None:
        named = name_at(tokens, after, _TIME_UNITS)
        if named is not None:
            return named
    return name_at(tokens, index, _TIME_PHRASES)


def _times_at(tokens: tuple[Token, ...], index: int) -> tuple[int, int] | None:
    """ "twice", "three times", "3 times", "3x": how many times, and the index after."""
    word = word_at(tokens, index)
    if word in _TIMES_WORDS:
        return _TIMES_WORDS[word], index + 1
    if index >= len(tokens) or not (word in NUMBER_WORDS or tokens[index].kind == TokenKind.DIGITS):
        return None
    amount = read_amount(tokens, index, spelled=True)
    if amount is None or amount.value != int(amount.value) or not 0 < amount.value < 100:
        return None
    if word_at(tokens, amount.end) == "times":
        return int(amount.value), amount.end + 1
    return None


def frequency_at(tokens: tuple[Token, ...], index: int) -> Often | None:
    """How often a dose is taken, from ``index``: "/day", "daily", "twice a day", "b.i.d."."""
    shorthand = name_at(tokens, index, _SHORTHAND)
    if shorthand is not None:
        return Often((shorthand[0], "day"), shorthand[1])
    times = _times_at(tokens, index)
    time = time_at(tokens, times[1] if times else index)
    if time is None:
        return None
    return Often((times[0] if times else 1, time[0]), time[1])


def dose_at(
    tokens: tuple[Token, ...], index: int, unit: Unit
) -> tuple[Unit, tuple[int, str] | None, int]:
    """What may follow a quantity's unit: "/kg" or "per bag" (a compound unit), then "/day",
    "daily" or "twice a day" (how often). The unit, the frequency and the end. "Per dose"
    says what a dose is, not a unit of its own: "500 mg per dose" is 500 mg."""
    denominator = per_at(tokens, index, QUANTITY_UNITS)
    if denominator is not None and _one_dose(tokens, index, denominator[1]):
        index = denominator[1]
    elif denominator is not None:
        unit, index = per_unit(unit, denominator[0]), denominator[1]
    often = frequency_at(tokens, index)
    if often is None:
        return unit, None, index
    return unit, often.per, often.end


def _one_dose(tokens: tuple[Token, ...], index: int, end: int) -> bool:
    """Whether tokens ``index:end`` are "per dose" or "/dose" (one dose, singular)."""
    return end - index == 2 and word_at(tokens, end - 1) == "dose"
