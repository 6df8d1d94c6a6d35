"""Money: an exact Decimal amount and its currency.

Currency marks before or after the amount, with or without a space or a dot (``₹``,
``Rs.``, ``Rs``, ``INR``, ``Rupees``, ``रु.``, ``रुपये``, ``$``, ``USD``, ``€``, ...);
``/-`` and ``only``; paise; scale words; amounts in words. "Rs. 64,32,000/- (Rupees Sixty
Four Lakh Thirty Two Thousand only)" is one mention whose figure and words must agree:
when they do not, the mention cannot be read. A bare grouped number ("a sum of
12,50,000") counts as money only when the quote marks no amount as money at all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from sakshi.reasons import ValueReason
from sakshi.values.found import Compare, Found, Reading, Refusal, covers, found_at, lead
from sakshi.values.model import FieldDecl
from sakshi.values.numerals import NUMBER_WORDS, Amount, plain, read_amount
from sakshi.values.tokens import Token, TokenKind, fold, glued_to_word, is_mark
from sakshi.values.units import DURATION_UNITS, PERCENT_UNITS, QUANTITY_UNITS, unit_at

__all__ = ["CURRENCIES", "MoneyReading", "marked_money", "money_mentions", "read_money"]

# A word or symbol that names a currency, and whether it may stand only before a number
# (``Re.`` and ``Rs`` are read before a number; "rupees" stands on either side).
_SYMBOLS = {"₹": "INR", "$": "USD", "€": "EUR", "£": "GBP"}
_WORDS = {
    fold(word): code
    for code, words in {
        "INR": ("rs", "inr", "rupees", "rupee", "रु", "रू", "रुपये", "रुपए", "रुपया", "रुपयों"),
        "USD": ("usd", "dollars", "dollar"),
        "EUR": ("eur", "euro", "euros"),
        "GBP": ("gbp", "pounds"),
    }.items()
    for word in words
}
_BEFORE_ONLY = frozenset({"rs", "re"})
CURRENCIES = frozenset(_SYMBOLS.values())


@dataclass(frozen=True)
class MoneyReading(Reading):
    """An amount and its currency (None when neither the text nor the field names one)."""

    amount: Decimal
    currency: str | None
    scaled: bool = False  # written with a scale word; kept for hints, not compared

    def __str__(self) -> str:
        return f"{self.currency} {plain(self.amount)}" if self.currency else plain(self.amount)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoneyReading):
            return NotImplemented
        return (self.amount, self.currency) == (other.amount, other.currency)

    def __hash__(self) -> int:
        return hash((self.amount, self.currency))

    def compare(self, mention: Reading) -> Compare:
        """Equal amounts; a currency that differs is named, a missing one is not."""
        if not isinstance(mention, MoneyReading) or self.amount != mention.amount:
            return Compare.DIFFERENT
        if self.currency and mention.currency and self.currency != mention.currency:
            return Compare.CURRENCY
        return Compare.EQUAL

    def fill(self, decl: FieldDecl | None) -> Reading:
        """The declared currency where the text names none."""
        if self.currency is None and decl is not None and decl.currency:
            return replace(self, currency=decl.currency)
        return self


def _currency_at(tokens: tuple[Token, ...], index: int, before: bool) -> tuple[str, int] | None:
    """The currency named at ``index`` and the index after it (with its dot)."""
    if index >= len(tokens):
        return None
    token = tokens[index]
    if token.kind == TokenKind.MARK:
        # A symbol names the amount after it: in "UTR 4241 ₹ 45,000" the ₹ is not 4241's.
        code = _SYMBOLS.get(token.text) if before else None
        return (code, index + 1) if code else None
    if token.kind != TokenKind.WORD:
        return None
    if token.text == "us" and is_mark(tokens, index + 1, "$", glued=True):
        return "USD", index + 2
    code = _WORDS.get(token.text) or ("INR" if token.text == "re" else None)
    if code is None or (not before and token.text in _BEFORE_ONLY):
        return None
    end = index + 1
    if is_mark(tokens, end, ".", glued=True):
        end += 1
    elif token.text == "re":
        return None  # "re" is "regarding" unless it is "Re."
    return code, end


def _suffixes(tokens: tuple[Token, ...], index: int) -> tuple[int, bool]:
    """Skip ``/-``, ``only`` and their mix; the index after them and whether any stood."""
    marked = False
    while index < len(tokens):
        if is_mark(tokens, index, "/") and is_mark(tokens, index + 1, "-", glued=True):
            index += 2
        elif tokens[index].kind == TokenKind.WORD and tokens[index].text == "only":
            index += 1
        elif is_mark(tokens, index, "-") and marked and tokens[index].glued:
            index += 1  # "/--"
        else:
            break
        marked = True
    return index, marked


def _paise(tokens: tuple[Token, ...], index: int) -> tuple[Decimal, int] | None:
    """ "and fifty paise" / "and paise fifty" after rupees: the paise and the index after."""
    if index >= len(tokens) or tokens[index].text != "and":
        return None
    start = index + 1
    if start < len(tokens) and tokens[start].text == "paise":
        amount = read_amount(tokens, start + 1, spelled=True)
        end = amount.end if amount else start
    else:
        amount = read_amount(tokens, start, spelled=True)
        end = amount.end + 1 if amount else start
        if end > len(tokens) or tokens[end - 1].text != "paise":
            return None
    if amount is None or amount.value >= 100:
        return None
    return amount.value / 100, end


@dataclass(frozen=True)
class _Figure:
    """One written amount with its currency, before any bracketed restatement."""

    amount: Decimal
    currency: str | None
    first: int
    end: int
    marked: bool
    scaled: bool


def _figure_at(tokens: tuple[Token, ...], index: int, loose: bool) -> _Figure | None:
    """An amount at ``index`` with its currency and suffixes. ``loose`` (a value, or the
    inside of a restatement) lets an unmarked amount in words stand alone."""
    prefix = _currency_at(tokens, index, before=True)
    start = index
    if prefix is not None:
        start = prefix[1] + (1 if is_mark(tokens, prefix[1], ":") else 0)
    token = tokens[start] if start < len(tokens) else None
    if token is None or (token.kind == TokenKind.WORD and token.text not in NUMBER_WORDS):
        return None
    if prefix is None and glued_to_word(tokens, start):
        return None  # the digits of a code ("SBIN424101187365"), not an amount
    amount = read_amount(tokens, start, spelled=prefix is not None or token.kind == TokenKind.WORD)
    if amount is None:
        return None
    return _finish(tokens, index, amount, prefix[0] if prefix else None, loose)


def _finish(
    tokens: tuple[Token, ...], index: int, amount: Amount, currency: str | None, loose: bool
) -> _Figure | None:
    value, end = amount.value, amount.end
    paise = _paise(tokens, end)
    if paise is not None:
        value, end = value + paise[0], paise[1]
    if currency is None:
        suffix = _currency_at(tokens, end, before=False)
        if suffix is not None:
            currency, end = suffix
    end, marked = _suffixes(tokens, end)
    marked = marked or currency is not None
    if not marked and amount.spelled and not loose:
        return None  # words alone are a number, not money ("one of the accused")
    return _Figure(value, currency, index, end, marked, amount.scaled)


def _restatement(tokens: tuple[Token, ...], index: int) -> _Figure | None:
    if not is_mark(tokens, index, "("):
        return None
    inner = _figure_at(tokens, index + 1, loose=True)
    if inner is None or not is_mark(tokens, inner.end, ")"):
        return None
    return inner


def _money_at(tokens: tuple[Token, ...], index: int, loose: bool) -> tuple[Found, bool] | None:
    """The money mention at ``index`` and whether it is marked as money."""
    figure = _figure_at(tokens, index, loose)
    if figure is None:
        return None
    end, agrees, currency = figure.end, True, figure.currency
    again = _restatement(tokens, end)
    if again is not None:
        end = again.end + 1
        agrees = again.amount == figure.amount and (
            not (again.currency and currency) or again.currency == currency
        )
        currency = currency or again.currency
    reading = MoneyReading(figure.amount, currency, figure.scaled) if agrees else None
    marked = figure.marked or again is not None
    return found_at(tokens, index, end, reading), marked


def _is_measure(tokens: tuple[Token, ...], index: int) -> bool:
    return any(unit_at(tokens, index, table) for table in (QUANTITY_UNITS, DURATION_UNITS))


def _bare_counts(tokens: tuple[Token, ...], found: Found) -> bool:
    """A bare number stands for money only when grouped, decimal or scaled, and not
    followed by a unit or a percent sign."""
    if found.end < len(tokens) and (
        _is_measure(tokens, found.end) or unit_at(tokens, found.end, PERCENT_UNITS)
    ):
        return False
    surface = tokens[found.first : found.end]
    shaped = any(token.kind == TokenKind.MARK and token.text in ",." for token in surface)
    scaled = isinstance(found.reading, MoneyReading) and found.reading.scaled
    return shaped or scaled


# What an amount can begin with: digits, a number word, a currency word or symbol (and
# "us" of "US$", "re" of "Re."). ``_money_at`` finds nothing at any other token, so the
# scan does not try it there.
_STARTS = NUMBER_WORDS | frozenset(_WORDS) | frozenset(_SYMBOLS) | {"us", "re"}


def _scan(tokens: tuple[Token, ...]) -> tuple[list[Found], list[Found]]:
    marked: list[Found] = []
    bare: list[Found] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != TokenKind.DIGITS and token.text not in _STARTS:
            index += 1
            continue
        hit = _money_at(tokens, index, loose=False)
        if hit is None:
            index += 1
            continue
        (marked if hit[1] else bare).append(hit[0])
        index = hit[0].end
    return marked, bare


def marked_money(tokens: tuple[Token, ...]) -> tuple[Found, ...]:
    """Only the amounts marked as money (a currency, ``/-``, ``only``)."""
    return tuple(_scan(tokens)[0])


def money_mentions(tokens: tuple[Token, ...]) -> tuple[Found, ...]:
    """Every amount the quote marks as money; when it marks none, its bare amounts."""
    marked, bare = _scan(tokens)
    if marked:
        return tuple(marked)
    return tuple(found for found in bare if _bare_counts(tokens, found))


def read_money(tokens: tuple[Token, ...], decl: FieldDecl | None) -> Reading | Refusal:
    """A money value: one amount (marked or bare, figures or words) and nothing else."""
    first = lead(tokens)
    hit = _money_at(tokens, first, loose=True) if first < len(tokens) else None
    if hit is None or not covers(tokens, hit[0].first, hit[0].end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not an amount")
    reading = hit[0].reading
    if not isinstance(reading, MoneyReading):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "its figures and words disagree")
    if decl and decl.currency and reading.currency and decl.currency != reading.currency:
        return Refusal(ValueReason.CURRENCY_MISMATCH, f"the field is declared in {decl.currency}")
    return reading
