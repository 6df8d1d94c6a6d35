"""Short hints for people: what kind of slip a wrong value looks like.

A hint never changes a verdict; it names the likely mistake beside the reason code: a x10
or x100 slip (a lakh/crore or thousand/lakh slip when a scale word is involved), a digit
transposition, the sum of two amounts, a day/month swap, the wrong year, an identifier
cut short.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations

from sakshi.values.dates import DateReading
from sakshi.values.figures import NumberReading
from sakshi.values.found import Reading
from sakshi.values.measures import MeasureReading
from sakshi.values.money import MoneyReading
from sakshi.values.numerals import plain
from sakshi.values.words import IdentifierReading

__all__ = ["miss_hint", "sum_hint"]

_SCALE_RATIOS = frozenset(Decimal(10) ** power for power in (3, 5, 6, 7, 9, 12))


def _amount(reading: Reading) -> tuple[Decimal, bool] | None:
    """The number a reading carries and whether a scale word wrote it."""
    if isinstance(reading, MoneyReading):
        return reading.amount, reading.scaled
    if isinstance(reading, NumberReading):
        return reading.value, reading.scaled
    if isinstance(reading, MeasureReading):
        return reading.unit.base_of(reading.number) or reading.number, False
    return None


def _transposed(mine: str, theirs: str) -> bool:
    if len(mine) != len(theirs) or mine == theirs:
        return False
    differ = [index for index in range(len(mine)) if mine[index] != theirs[index]]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and mine[differ[0]] == theirs[differ[1]]
        and mine[differ[1]] == theirs[differ[0]]
    )


def _number_slip(mine: Decimal, theirs: Decimal, scaled: bool) -> str:
    if mine == 0 or theirs == 0:
        return ""
    if mine == -theirs:
        return "the sign dropped or added (a minus, accounting brackets)"
    if (mine < 0) != (theirs < 0):
        return ""
    mine, theirs = abs(mine), abs(theirs)
    if _transposed(plain(mine), plain(theirs)):
        return "digit transposition"
    ratio = max(mine, theirs) / min(mine, theirs)
    if scaled and ratio >= 1000 and ratio in _SCALE_RATIOS:
        return f"the scale dropped or added (x{plain(ratio)})"
    if ratio == 100 and scaled:
        # 1 crore is 100 lakh and 1 lakh is 100 thousand: the larger amount says which.
        pair = "lakh/crore" if max(mine, theirs) >= 10**7 else "thousand/lakh"
        return f"looks like a {pair} slip (x100)"
    if ratio == 100:
        return "x100 slip"
    if ratio in (10, 1000):
        return f"x{plain(ratio)} slip (a zero dropped or added)"
    return ""


def _date_slip(mine: DateReading, theirs: DateReading) -> str:
    a, b = mine.date, theirs.date
    if (a.day, a.month, a.year) == (b.month, b.day, b.year):
        return "day/month swap"
    if (a.day, a.month) == (b.day, b.month):
        return "wrong year"
    return ""


def miss_hint(value: Reading, mention: Reading) -> str:
    """The slip that turns ``mention`` into ``value``, or "" when none is recognised."""
    if isinstance(value, DateReading) and isinstance(mention, DateReading):
        return _date_slip(value, mention)
    if isinstance(value, IdentifierReading) and isinstance(mention, IdentifierReading):
        if value.parts != mention.parts and value.parts[0] in mention.parts[0]:
            return "cut short: the quote's identifier is longer"
        return ""
    mine, theirs = _amount(value), _amount(mention)
    if mine is None or theirs is None:
        return ""
    return _number_slip(mine[0], theirs[0], mine[1] or theirs[1])


def sum_hint(value: Reading, mentions: Sequence[Reading]) -> str:
    """ "the sum of two amounts in the quote" when the value is exactly that."""
    mine = _amount(value)
    if mine is None:
        return ""
    amounts = [found[0] for found in map(_amount, mentions) if found is not None]
    for left, right in combinations(amounts, 2):
        if left + right == mine[0]:
            return "the sum of two amounts in the quote"
    return ""
