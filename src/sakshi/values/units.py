"""Units with exact factors: quantities, durations, rates and their periods.

Each unit belongs to a dimension and has an exact Decimal factor to that dimension's base
unit (MT = 1,000 kg, quintal = 100 kg, ha = 10,000 m²). Nothing inexact converts: acres
and gunthas are a dimension of their own (1 acre = 40 gunthas, both exact in square feet),
so an acre never equals a hectare; a unit whose size varies (``tons``, ``working days``)
has no factor and equals only itself. Days and weeks convert, months and years convert,
days and months never do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from sakshi.values.model import Period
from sakshi.values.tokens import Token, TokenKind, compact, tokenize

__all__ = [
    "DURATION_UNITS",
    "PERCENT_UNITS",
    "PERIODS",
    "QUANTITY_UNITS",
    "Unit",
    "period_at",
    "unit_at",
    "unit_named",
]


@dataclass(frozen=True)
class Unit:
    """A unit: its printed label, its dimension and its exact factor to the base."""

    label: str
    dimension: str
    factor: Decimal | None  # None: the unit's size varies, so it equals only itself
    base: str  # the label of the dimension's base unit

    def base_of(self, number: Decimal) -> Decimal | None:
        """``number`` of this unit in the base unit, or None when it cannot convert."""
        return None if self.factor is None else number * self.factor


_Row = tuple[tuple[str, ...], str, str, str | None, str]


def _table(rows: list[_Row]) -> dict[str, Unit]:
    """Rows of (aliases, label, dimension, factor, base) keyed by each alias's compact
    form (``M.T.`` and ``mt`` are one key)."""
    table: dict[str, Unit] = {}
    for aliases, label, dimension, factor, base in rows:
        unit = Unit(label, dimension, None if factor is None else Decimal(factor), base)
        for alias in aliases:
            table[_key(alias)] = unit
    return table


def _key(alias: str) -> str:
    tokens = tokenize(alias)
    return compact(tokens, 0, len(tokens)) or alias.strip()


_MASS: list[_Row] = [
    (("kg", "kgs", "kilogram", "kilograms", "kilogramme", "kilogrammes", "kilo", "kilos",
      "किलो", "किलोग्राम"), "kg", "mass", "1", "kg"),
    (("g", "gm", "gms", "gram", "grams", "gramme", "grammes", "ग्राम"), "g", "mass", "0.001",
     "kg"),
    (("MT", "M.T.", "tonne", "tonnes", "metric ton", "metric tons", "metric tonne",
      "metric tonnes", "टन"), "t", "mass", "1000", "kg"),
    (("quintal", "quintals", "qtl", "qtls", "क्विंटल"), "quintal", "mass", "100", "kg"),
    (("ton", "tons"), "ton", "mass", None, "kg"),
]  # fmt: skip
_AREA: list[_Row] = [
    (("sq m", "sqm", "sq mtr", "sq mtrs", "sq metre", "sq metres", "sq meter", "sq meters",
      "square metre", "square metres", "square meter", "square meters", "m²", "वर्ग मीटर"),
     "m²", "area", "1", "m²"),
    (("ha", "hectare", "hectares", "hectre", "hectres", "हेक्टेयर"), "ha", "area", "10000",
     "m²"),
    (("sq km", "square kilometre", "square kilometres", "km²"), "km²", "area", "1000000", "m²"),
    (("sq ft", "sqft", "square feet", "square foot", "ft²", "वर्ग फुट"), "sq ft", "land-area",
     "1", "sq ft"),
    (("sq yd", "sq yds", "sq yard", "sq yards", "square yard", "square yards"), "sq yd",
     "land-area", "9", "sq ft"),
    (("acre", "acres", "एकड़"), "acre", "land-area", "43560", "sq ft"),
    (("guntha", "gunthas", "gunta", "guntas", "gunte"), "guntha", "land-area", "1089",
     "sq ft"),
    (("cent", "cents"), "cent", "land-area", "435.6", "sq ft"),
]  # fmt: skip
_OTHER: list[_Row] = [
    (("m", "metre", "metres", "meter", "meters", "mtr", "mtrs", "मीटर"), "m", "length", "1",
     "m"),
    (("km", "kms", "kilometre", "kilometres", "kilometer", "kilometers", "किलोमीटर"), "km",
     "length", "1000", "m"),
    (("cm", "centimetre", "centimetres", "centimeter", "centimeters"), "cm", "length", "0.01",
     "m"),
    (("mm", "millimetre", "millimetres", "millimeter", "millimeters"), "mm", "length",
     "0.001", "m"),
    (("ft", "feet", "foot"), "ft", "imperial-length", "12", "in"),
    (("inch", "inches"), "in", "imperial-length", "1", "in"),
    (("l", "ltr", "ltrs", "litre", "litres", "liter", "liters", "लीटर"), "l", "volume", "1",
     "l"),
    (("kl", "kilolitre", "kilolitres", "kiloliter", "kiloliters"), "kl", "volume", "1000",
     "l"),
    (("ml", "millilitre", "millilitres", "milliliter", "milliliters"), "ml", "volume",
     "0.001", "l"),
    (("cubic metre", "cubic metres", "cubic meter", "cubic meters", "cu m", "cum", "m³"),
     "m³", "volume", "1000", "l"),
    (("nos", "pcs", "pc", "piece", "pieces", "numbers", "units"), "nos", "count", "1", "nos"),
    # Packages of goods: each its own size, so each equals only itself (a bale is no bag).
    (("bag", "bags"), "bags", "bags", None, "bags"),
    (("bale", "bales"), "bales", "bales", None, "bales"),
    (("bundle", "bundles"), "bundles", "bundles", None, "bundles"),
    (("carton", "cartons"), "cartons", "cartons", None, "cartons"),
    (("drum", "drums"), "drums", "drums", None, "drums"),
    (("coil", "coils"), "coils", "coils", None, "coils"),
    (("roll", "rolls"), "rolls", "rolls", None, "rolls"),
]  # fmt: skip
QUANTITY_UNITS = _table(_MASS + _AREA + _OTHER)

DURATION_UNITS = _table(
    [
        (("day", "days", "calendar day", "calendar days", "clear days", "दिन", "दिवस"), "day",
         "days", "1", "days"),
        (("week", "weeks", "wk", "wks", "सप्ताह", "हफ्ते", "हफ़्ते"), "week", "days", "7", "days"),
        (("fortnight", "fortnights"), "fortnight", "days", "14", "days"),
        (("month", "months", "mth", "mths", "calendar month", "calendar months", "महीने",
          "महीना", "माह", "मास"), "month", "months", "1", "months"),
        (("year", "years", "yr", "yrs", "वर्ष", "साल"), "year", "months", "12", "months"),
        (("working day", "working days", "business day", "business days"), "working day",
         "working days", None, "working days"),
        (("hour", "hours", "hr", "hrs", "घंटे"), "hour", "minutes", "60", "minutes"),
        (("minute", "minutes", "mins"), "minute", "minutes", "1", "minutes"),
    ]
)  # fmt: skip

PERCENT_UNITS = _table(
    [
        (("%", "per cent", "percent", "per centum", "pc", "p.c.", "pct", "प्रतिशत"), "%",
         "percent", "1", "%"),
        (("‰", "per mille", "permille", "per mil"), "‰", "permille", "1", "‰"),
        (("bps", "bp", "basis points", "basis point"), "bp", "basis points", "1", "bp"),
    ]
)  # fmt: skip

_PERIOD_ROWS: list[tuple[tuple[str, ...], Period]] = [
    (("per annum", "p.a.", "per year", "a year", "annually", "yearly", "per anum",
      "every year", "वार्षिक", "प्रति वर्ष", "सालाना"), Period.YEAR),
    (("per month", "p.m.", "per mensem", "a month", "monthly", "every month", "प्रति माह",
      "प्रतिमाह", "मासिक"), Period.MONTH),
    (("per day", "a day", "daily", "per diem", "every day", "प्रति दिन", "प्रतिदिन"),
     Period.DAY),
    (("per week", "a week", "weekly"), Period.WEEK),
    (("per quarter", "a quarter", "quarterly"), Period.QUARTER),
]  # fmt: skip
PERIODS: dict[str, Period] = {
    _key(alias): period for aliases, period in _PERIOD_ROWS for alias in aliases
}
for _period in Period:
    PERIODS.setdefault(_period.value, _period)

_LONGEST = 4  # the most tokens a unit's name takes ("sq. m" is three, "p.c." four)


def _longest(tokens: tuple[Token, ...], index: int, keys: Mapping[str, object]) -> int:
    """The end of the longest run of tokens at ``index`` whose compact form is a key."""
    if index >= len(tokens) or tokens[index].kind == TokenKind.DIGITS:
        return index
    first = tokens[index]
    if first.kind == TokenKind.MARK and not compact(tokens, index, index + 1):
        return index if first.text not in keys else _longest_from(tokens, index, keys)
    return _longest_from(tokens, index, keys)


def _longest_from(tokens: tuple[Token, ...], index: int, keys: Mapping[str, object]) -> int:
    clause = tokens[index].clause
    for end in range(min(len(tokens), index + _LONGEST), index, -1):
        last = tokens[end - 1]
        if last.clause != clause or (last.kind == TokenKind.DIGITS and not last.glued):
            continue
        if end - 1 > index and last.kind == TokenKind.MARK and not compact(tokens, end - 1, end):
            continue  # a trailing "," or "(" is not part of the unit's name
        key = compact(tokens, index, end) or tokens[index].text
        if key in keys and not (end < len(tokens) and _continues(tokens[end])):
            return end
    return index


def _continues(token: Token) -> bool:
    # "5 mtrs" is a unit, but "5 m" followed by glued letters is not "m".
    return token.glued and token.kind == TokenKind.WORD


def unit_at(
    tokens: tuple[Token, ...], index: int, table: dict[str, Unit]
) -> tuple[Unit, int] | None:
    """The unit of ``table`` that starts at ``index`` and the index after it."""
    end = _longest(tokens, index, table)
    if end == index:
        return None
    key = compact(tokens, index, end) or tokens[index].text
    return table[key], end


def period_at(tokens: tuple[Token, ...], index: int) -> tuple[Period, int] | None:
    """A rate's period ("per annum", "p.a.", "monthly") at ``index``, and the index after."""
    end = _longest(tokens, index, PERIODS)
    if end == index:
        return None
    return PERIODS[compact(tokens, index, end)], end


def unit_named(text: str, table: dict[str, Unit]) -> Unit | None:
    """The unit a declaration names (``MT``, ``day``, ``%``), or None if unknown."""
    tokens = tokenize(text)
    key = compact(tokens, 0, len(tokens)) or text.strip()
    return table.get(key)
