"""A reading of money: an exact amount, its currency, the unit it is a price per, and how
often it is paid.

"Rs. 8.5 lakh per acre", "₹8,50,000/acre", "$0.45 per pound", "रु. 1,200 प्रति क्विंटल"
state a price per a unit of the quantity table (a unit of measure or a count noun), not a
sum: the unit is kept beside the amount. A value that states no unit ("Rs. 8.5 lakh": a
total) is not stated by a price per acre, nor a price per hectare by one per acre
(UNIT_MISMATCH); a field that declares ``unit: acre`` reads its bare values per acre.
Units with exact factors of one dimension convert ("Rs. 850 per quintal" is "Rs. 8.50 per
kg"); an acre never meets a hectare. A "per" of anything else ("per share") is no unit:
it is read as before, the amount alone.

"£2,000 per month", "$150 per hour", "Rs. 25,000 p.m.", "EUR 2.500 monatlich" state how
often a sum is paid (``every``: hour, day, week, month, quarter, year, as a dose's
frequency reads them). The same amount every other time is PERIOD_MISMATCH ("£2,000 per
annum" is not stated by "£2,000 per month"); a period said on one side only does not make
two amounts differ, as for a rate ("£2,000" is stated by "£2,000 per month"). Amounts of
different periods are no rival readings of each other ("£2,000 per month, £500 a week").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from sakshi.values.found import Compare, Reading
from sakshi.values.model import FieldDecl
from sakshi.values.numerals import declared_scale, plain
from sakshi.values.units import QUANTITY_UNITS, Unit, unit_named

__all__ = ["MoneyReading", "declared_per"]


def declared_per(decl: FieldDecl | None) -> Unit | None:
    """The unit a money field's declared ``unit`` says its values are a price per."""
    if decl is None or not decl.unit:
        return None
    return unit_named(decl.unit, QUANTITY_UNITS)


def _same_price(mine: Decimal, per: Unit | None, theirs: Decimal, other: Unit | None) -> bool:
    """Equal prices: the same amount per the same unit, or per units of one dimension
    with exact factors whose amounts convert exactly (compared as fractions)."""
    if per == other:
        return mine == theirs
    if per is None or other is None or per.dimension != other.dimension:
        return False
    if per.factor is None or other.factor is None:
        return False
    return Fraction(mine) * Fraction(other.factor) == Fraction(theirs) * Fraction(per.factor)


@dataclass(frozen=True)
class MoneyReading(Reading):
    """An amount and its currency: ``currency`` when one is known (named, or chosen for a
    shared mark by the field or the locale); ``shared``, the currencies a shared mark may
    be (kept so that the field's declaration can still choose); neither when the text
    names none. ``per``: the unit it is a price per ("per acre"), None for a sum."""

    amount: Decimal
    currency: str | None
    scaled: bool = False  # written with a scale word; kept for hints, not compared
    shared: frozenset[str] = frozenset()
    mark: str = ""  # the shared mark as written (``$``), shown while it is unresolved
    per: Unit | None = None
    every: str | None = None  # how often it is paid ("per month": "month"), None: once

    def __str__(self) -> str:
        amount = plain(self.amount)
        if self.currency:
            text = f"{self.currency} {amount}"
        else:
            text = f"{self.mark} {amount}" if self.shared else amount
        text = text if self.per is None else f"{text} per {self.per.label}"
        return text if self.every is None else f"{text} per {self.every}"

    def _key(self) -> tuple[Decimal, str | None, frozenset[str], Unit | None, str | None]:
        shared = frozenset() if self.currency else self.shared
        return self.amount, self.currency, shared, self.per, self.every

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoneyReading):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def codes(self) -> frozenset[str] | None:
        """The currencies the amount may be in: one when it is known, a shared mark's
        when nothing chose among them, None when nothing names a currency."""
        if self.currency:
            return frozenset((self.currency,))
        return self.shared or None

    def compare(self, mention: Reading) -> Compare:
        """Equal amounts (per the same unit) in a currency the mention states. A value
        without a currency claims the amount alone; one with a currency is not stated by a
        mention without one, nor by a shared mark that nothing resolved
        (CURRENCY_AMBIGUOUS). The same amount per another unit, or per a unit where the
        value states none, is UNIT; paid every other time, PERIOD."""
        if not isinstance(mention, MoneyReading):
            return Compare.DIFFERENT
        if not _same_price(self.amount, self.per, mention.amount, mention.per):
            same = self.amount == mention.amount
            return Compare.UNIT if same else Compare.DIFFERENT
        mine, theirs = self.codes(), mention.codes()
        if mine is not None and (theirs is None or not mine & theirs):
            return Compare.CURRENCY
        if mine is not None and theirs is not None and len(theirs) > 1:
            return Compare.CURRENCY_AMBIGUOUS
        if self.every is not None and mention.every is not None and self.every != mention.every:
            return Compare.PERIOD
        return Compare.EQUAL

    def rivals(self, mention: Reading) -> bool:
        """An amount in a currency none of this value's can be is no rival reading: in
        "€2.3bn (£1.98bn)" the pounds do not make a euro value ambiguous. Nor is a price
        per a unit a rival of a sum, or of a price per another kind of unit ("Rs. 8.5 lakh
        per acre, in all Rs. 17 lakh"). A value with no currency, or a mention with none,
        rivals every amount of its kind. Nor is a sum paid every other time."""
        if not isinstance(mention, MoneyReading):
            return True
        if _dimension(self.per) != _dimension(mention.per):
            return False
        if self.every is not None and mention.every is not None and self.every != mention.every:
            return False  # a sum paid every month is no rival of one paid every year
        mine, theirs = self.codes(), mention.codes()
        return mine is None or theirs is None or bool(mine & theirs)

    def fill_mention(self, decl: FieldDecl | None) -> Reading:
        """A quote's amount with the declared currency (``fill``), and a bare figure of a
        table "(in millions)" times the field's declared ``scale``; an amount with a
        scale of its own ("$1.2 billion") is read as written, and so is the value. A
        declared unit is the value's alone: a sum in the quote stays a sum."""
        filled = self._currency(decl)
        factor = declared_scale(decl)
        if factor is None or self.scaled:
            return filled
        return replace(filled, amount=filled.amount * factor, scaled=True)

    def fill(self, decl: FieldDecl | None) -> Reading:
        """The declared currency where the text names none, or where it writes a shared
        mark the declared currency uses (over the locale's choice); the declared unit
        where the value states none."""
        filled = self._currency(decl)
        per = declared_per(decl)
        return filled if per is None or filled.per is not None else replace(filled, per=per)

    def _currency(self, decl: FieldDecl | None) -> MoneyReading:
        if decl is None or not decl.currency:
            return self
        if self.shared:
            chosen = decl.currency in self.shared
            return replace(self, currency=decl.currency) if chosen else self
        return self if self.currency else replace(self, currency=decl.currency)


def _dimension(per: Unit | None) -> str:
    return "" if per is None else per.dimension
