"""Units with exact factors: quantities, durations, rates and their periods.

Each unit belongs to a dimension and has an exact Decimal factor to that dimension's base
unit (1 lb = 0.45359237 kg, 1 mL = 0.001 l, ha = 10,000 m²). Nothing inexact converts,
and nothing converts across dimensions: a unit whose size varies (``ton``, ``gallon``,
``bigha``, ``working days``) has no factor and equals only itself; mass, volume and count
never meet. The quantity units come from pint's registry (``data/units.py``, extracted at
build time by tools/extract_units.py); the hand table below adds what pint lacks, said as
such. Days and weeks convert, months and years convert, days and months never do.

A unit is looked up from the token after its number: each table keeps, for the first token
of every name, how many tokens a name that starts with it may span, so a lookup costs a few
dictionary probes and never walks the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Generic, TypeVar

from sakshi.values.counts import COUNT_NOUNS
from sakshi.values.data.periods import PER_PERIOD
from sakshi.values.data.units import BASES, UNITS
from sakshi.values.model import Period
from sakshi.values.tokens import Token, TokenKind, compact, tokenize

__all__ = [
    "DURATION_UNITS",
    "PERCENT_UNITS",
    "PERIODS",
    "PERIOD_ROWS",
    "QUANTITY_UNITS",
    "Names",
    "Unit",
    "name_at",
    "names",
    "per_unit",
    "period_at",
    "unit_at",
    "unit_named",
]

T = TypeVar("T")


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


@dataclass(frozen=True)
class Names(Generic[T]):
    """Things by the compact key of each of their names (``M.T.`` and ``mt`` are one
    key), and for the first token of every name the most tokens a name may span."""

    keys: dict[str, T]
    spans: dict[str, int]

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def __getitem__(self, key: str) -> T:
        return self.keys[key]

    def get(self, key: str) -> T | None:
        """The thing named by a compact key, or None (as ``dict.get``)."""
        return self.keys.get(key)


def names(pairs: list[tuple[str, T]]) -> Names[T]:
    """A ``Names`` of (name, thing) pairs; a later pair with the same key wins.

    The names are tokenized as one text, a line each (one pass of the tokenizer instead of
    one call a name: this runs when the package is imported)."""
    keys: dict[str, T] = {}
    spans: dict[str, int] = {}
    text = "\n".join(name.strip() for name, _ in pairs)
    tokens = tokenize.__wrapped__(text)  # not kept in the cache: it is read once
    at = 0
    start = 0
    for name, thing in pairs:
        stop = start + len(name.strip())
        first = at
        while at < len(tokens) and tokens[at].start < stop:
            at += 1
        key = compact(tokens, first, at) or name.strip()
        keys[key] = thing
        # A name in a text may carry marks its spelling here does not ("sq. ft." for
        # "sq ft"): twice its tokens is room enough. It may also be written as one word
        # ("sqft", "MT" for "M.T.", "12% pa"): its key starts a name too.
        for head, size in ((tokens[first].text, 2 * (at - first)), (key, 2)):
            spans[head] = max(spans.get(head, 0), size)
        start = stop + 1
    return Names(keys, spans)


_Row = tuple[tuple[str, ...], str, str, str | None, str]


def _rows(rows: list[_Row]) -> list[tuple[str, Unit]]:
    """Rows of (aliases, label, dimension, factor, base) as (name, unit) pairs."""
    return [
        (alias, Unit(label, dimension, None if factor is None else Decimal(factor), base))
        for aliases, label, dimension, factor, base in rows
        for alias in aliases
    ]


def _registry() -> tuple[list[tuple[str, Unit]], dict[str, Unit]]:
    """pint's units (data/units.py) as (name, unit) pairs, and the units by label."""
    by_label = {
        label: Unit(label, dimension, Decimal(factor) if factor else None, BASES[dimension])
        for label, (dimension, factor, _) in UNITS.items()
    }
    pairs = [
        (form, by_label[label])
        for label, (_, _, forms) in UNITS.items()
        for form in forms.split("|")
    ]
    return pairs, by_label


# sakshi's own table, beside pint's: what the registry lacks. India's land measures (exact
# in square feet: 1 acre = 40 gunthas = 100 cents; pint's acre is defined through the US
# survey foot, so it is taken from here; a bigha, biswa, kanal or marla differs by state and
# equals only itself), the quintal, and the generic counts of an Indian invoice.
_HAND: list[_Row] = [
    (("acre", "acres", "एकड़"), "acre", "land", "43560", "sq ft"),
    (("guntha", "gunthas", "gunta", "guntas", "gunte"), "guntha", "land", "1089", "sq ft"),
    (("cent", "cents"), "cent", "land", "435.6", "sq ft"),
    (("bigha", "bighas", "बीघा"), "bigha", "bigha", None, "bigha"),
    (("biswa", "biswas"), "biswa", "biswa", None, "biswa"),
    (("kanal", "kanals"), "kanal", "kanal", None, "kanal"),
    (("marla", "marlas"), "marla", "marla", None, "marla"),
    (("quintal", "quintals", "qtl", "qtls", "क्विंटल"), "quintal", "mass", "100", "kg"),
    (("nos", "pcs", "pc", "piece", "pieces", "numbers", "units"), "nos", "count", "1", "nos"),
]  # fmt: skip
# More names of the registry's units, as Indian and trade documents write them (each names
# the registry's label): "MT" is a metric tonne in trade, never pint's megatonne.
_SPELLINGS: dict[str, tuple[str, ...]] = {
    "kg": ("kgs", "kilo", "kilos", "kilogramme", "kilogrammes", "किलो", "किलोग्राम"),
    "g": ("gm", "gms", "gramme", "grammes", "ग्राम"),
    "t": ("MT", "M.T.", "metric tonne", "metric tonnes", "टन"),
    "lb": ("lbs",),
    "m": ("mtr", "mtrs", "मीटर"),
    "km": ("kms", "किलोमीटर"),
    "l": ("ltr", "ltrs", "लीटर"),
    "m³": ("CBM",),
    "m²": ("sq mtr", "sq mtrs", "sq metre", "sq metres", "sq meter", "sq meters", "वर्ग मीटर"),
    "ha": ("hectre", "hectres", "हेक्टेयर"),
    "sq ft": ("sft", "ft²", "वर्ग फुट"),
    "sq yd": ("sq yds", "sq yard", "sq yards", "yd²"),
}


def _quantity_units() -> Names[Unit]:
    pairs, by_label = _registry()
    pairs += [(name, by_label[label]) for label, more in _SPELLINGS.items() for name in more]
    pairs += _rows(_HAND)
    for singular, plural in COUNT_NOUNS:
        unit = Unit(plural, f"count of {singular}", Decimal(1), plural)
        pairs += [(singular, unit), (plural, unit)]
    return names(pairs)


QUANTITY_UNITS = _quantity_units()

DURATION_UNITS = names(
    _rows(
        [
            (("day", "days", "calendar day", "calendar days", "clear days", "दिन", "दिवस"), "day",
             "days", "1", "days"),
            (("week", "weeks", "wk", "wks", "सप्ताह", "हफ्ते", "हफ़्ते"), "week", "days", "7",
             "days"),
            (("fortnight", "fortnights"), "fortnight", "days", "14", "days"),
            (("month", "months", "mth", "mths", "calendar month", "calendar months", "महीने",
              "महीना", "माह", "मास"), "month", "months", "1", "months"),
            (("year", "years", "yr", "yrs", "वर्ष", "साल"), "year", "months", "12", "months"),
            (("working day", "working days", "business day", "business days"), "working day",
             "working days", None, "working days"),
            (("hour", "hours", "hr", "hrs", "घंटे"), "hour", "minutes", "60", "minutes"),
            (("minute", "minutes", "mins"), "minute", "minutes", "1", "minutes"),
        ]
    )
)  # fmt: skip

# One dimension: a per mille is a tenth of a percent and a basis point a hundredth, exactly
# (pint's permille is 0.001; a basis point is 0.0001 by every market's convention).
PERCENT_UNITS = names(
    _rows(
        [
            (("%", "per cent", "percent", "per centum", "pc", "p.c.", "pct", "प्रतिशत"), "%",
             "percent", "1", "%"),
            (("‰", "per mille", "permille", "per mil"), "‰", "percent", "0.1", "%"),
            (("bps", "bp", "basis points", "basis point"), "bp", "percent", "0.01", "%"),
        ]
    )
)  # fmt: skip

PERIOD_ROWS: list[tuple[tuple[str, ...], Period]] = [
    (("per annum", "p.a.", "per year", "a year", "annually", "yearly", "per anum",
      "every year", "वार्षिक", "प्रति वर्ष", "सालाना"), Period.YEAR),
    (("per month", "p.m.", "per mensem", "a month", "monthly", "every month", "pcm",
      "per calendar month", "प्रति माह",
      "प्रतिमाह", "मासिक"), Period.MONTH),
    (("per day", "a day", "daily", "per diem", "every day", "प्रति दिन", "प्रतिदिन"),
     Period.DAY),
    (("per week", "a week", "weekly"), Period.WEEK),
    (("per quarter", "a quarter", "quarterly"), Period.QUARTER),
]  # fmt: skip
# And each language's own "per month", "pro Jahr", "par mois", "na miesiąc" (CLDR, through
# tools/extract_cldr_periods.py; an hour is no rate's period: rates.py reads it).
PERIOD_ROWS += [
    (tuple(phrase for phrase, period in PER_PERIOD.items() if period == kind.value), kind)
    for kind in Period
]
_PERIOD_NAMES = names(
    [(alias, period) for aliases, period in PERIOD_ROWS for alias in aliases]
    + [(period.value, period) for period in Period]
)
PERIODS: dict[str, Period] = _PERIOD_NAMES.keys


def name_at(tokens: tuple[Token, ...], index: int, table: Names[T]) -> tuple[T, int] | None:
    """The thing of ``table`` whose name starts at ``index``, and the index after it: the
    longest name in the clause, looked up from the first token's span."""
    if index >= len(tokens) or tokens[index].kind == TokenKind.DIGITS:
        return None
    first = tokens[index]
    span = table.spans.get(first.text)
    if span is None:
        return None
    clause = first.clause
    for end in range(min(len(tokens), index + span), index, -1):
        last = tokens[end - 1]
        if last.clause != clause or (last.kind == TokenKind.DIGITS and not last.glued):
            continue
        if end - 1 > index and last.kind == TokenKind.MARK and not compact(tokens, end - 1, end):
            continue  # a trailing "," or "(" is not part of the name
        key = compact(tokens, index, end) or first.text
        if key in table.keys and not _continues(tokens, end):
            return table.keys[key], end
    return None


def _continues(tokens: tuple[Token, ...], end: int) -> bool:
    # "5 m" is metres, but not when letters run on from it ("5 mx"); a mark unit may be
    # followed by glued letters ("12%p.a.").
    if end >= len(tokens) or tokens[end - 1].kind != TokenKind.WORD:
        return False
    return tokens[end].glued and tokens[end].kind == TokenKind.WORD


def unit_at(tokens: tuple[Token, ...], index: int, table: Names[Unit]) -> tuple[Unit, int] | None:
    """The unit of ``table`` that starts at ``index`` and the index after it."""
    return name_at(tokens, index, table)


def period_at(tokens: tuple[Token, ...], index: int) -> tuple[Period, int] | None:
    """A rate's period ("per annum", "p.a.", "monthly") at ``index``, and the index after."""
    return name_at(tokens, index, _PERIOD_NAMES)


def unit_named(text: str, table: Names[Unit]) -> Unit | None:
    """The unit a declaration names (``MT``, ``day``, ``%``, ``pallet``, ``mg/kg``), or
    None."""
    tokens = tokenize(text)
    key = compact(tokens, 0, len(tokens)) or text.strip()
    if key in table.keys:
        return table.keys[key]
    for index, token in enumerate(tokens):
        if token.text in ("/", "per") and 0 < index < len(tokens) - 1:
            numerator = unit_named(text[: token.start], table)
            denominator = unit_named(text[token.end :], table)
            if numerator is not None and denominator is not None:
                return per_unit(numerator, denominator)
    return None


def per_unit(numerator: Unit, denominator: Unit) -> Unit:
    """A compound unit ("mg/kg", "kg/ha", "kg per bag"): a dimension of its own, exact
    when the quotient of the factors is a finite decimal, else equal only to itself."""
    factor = None
    if numerator.factor is not None and denominator.factor is not None:
        top, bottom = numerator.factor.as_integer_ratio()
        over, under = denominator.factor.as_integer_ratio()
        factor = _finite(top * under, bottom * over)
    return Unit(
        f"{numerator.label}/{denominator.label}",
        f"{numerator.dimension}/{denominator.dimension}",
        factor,
        f"{numerator.base}/{denominator.base}",
    )


def _finite(numerator: int, denominator: int) -> Decimal | None:
    """numerator/denominator as an exact Decimal, or None when it is no finite decimal
    (1/7: a pound per gallon has no exact factor in kilograms per litre)."""
    places = 0
    while numerator % denominator and places <= 64:
        numerator *= 10
        places += 1
    if numerator % denominator:
        return None
    return Decimal(numerator // denominator).scaleb(-places)
