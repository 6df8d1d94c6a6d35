"""Money: an exact Decimal amount, its sign and its currency.

A currency mark before or after the amount, with or without a space or a dot: every ISO
4217 code, each currency's CLDR symbols and English names, the Indian spellings
(currency.py says which marks are read where). ``/-`` and ``only``; paise; scale words;
amounts in words. "Rs. 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only)" is
one mention whose figure and words must agree: when they do not, the mention cannot be
read. A bare grouped number ("a sum of 12,50,000") counts as money only when the quote
marks no amount as money at all.

The sign is never dropped: ``-$5,000``, ``$-5,000``, ``Rs. -5,000``, ``USD (5,000)``,
"minus $5,000", "negative $5,000", and
accounting parentheses around a figure, ``(Rs. 5,000)``, ``($1,234)``, ``(1,234)``, are
negative (but "the fee (USD 5,000) is due", an aside in a sentence, keeps its sign).
"5,000 pounds of sugar" and "5,000 lbs" are a mass, not money; a bare "23.4p" or "25
cents" is no amount in whole pounds or dollars. A price per a unit ("Rs. 8.5 lakh per
acre", "$0.45/lb") keeps its unit (moneyreading.py says how it compares).

A mark several currencies share (``$``, ``£``, ``¥``, ``kr``, "rupees") is the field's
declared currency when it is one of them, else the currency of the locale's region when it
is one of them, else unresolved: a value that only such mentions could state is
CURRENCY_AMBIGUOUS. A currency never equals a missing one, but a declared currency fills a
missing one on both sides (so a table's bare figures compare).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cache
from typing import NamedTuple

from sakshi.reasons import ValueReason
from sakshi.values.currency import CURRENCIES, Mark, choose, mark_at, mark_starts, regional
from sakshi.values.found import Found, Reading, Refusal, covers, found_at, lead
from sakshi.values.model import FieldDecl
from sakshi.values.moneyparts import (
    SIGNS,
    bare_counts,
    is_aside,
    is_mass,
    is_sign,
    paise,
    suffixes,
    written_out,
)
from sakshi.values.moneyreading import MoneyReading, declared_per
from sakshi.values.numerals import (
    NUMBER_WORDS,
    SIGN_WORDS,
    Amount,
    NumberMarks,
    number_marks,
    read_amount,
    scaled_after,
)
from sakshi.values.rates import per_amount_at, per_at, time_at
from sakshi.values.tokens import Token, TokenKind, glued_to_word, is_mark
from sakshi.values.units import QUANTITY_UNITS, Unit

__all__ = ["CURRENCIES", "MoneyReading", "marked_money", "money_mentions", "read_money"]


class _Source(NamedTuple):
    """What reading a text's money needs: its tokens, the text (a code or a symbol is
    read in its own case), the locale in force, the currencies of its region and the
    number marks of its language (which separator a lone "." or "," is)."""

    tokens: tuple[Token, ...]
    text: str
    locale: str | None
    region: frozenset[str]
    marks: NumberMarks


def _source(tokens: tuple[Token, ...], text: str, locale: str | None) -> _Source:
    return _Source(tokens, text, locale, regional(locale), number_marks(locale))


def _amount(src: _Source, index: int, spelled: bool, marked: bool) -> Amount | None:
    """The figure at ``index``: the one place money calls the number reader, with the
    locale's separators ("1.234,56", "1'234.50") and, after a currency mark, the letter
    scales a figure of money takes ("₹12.5L", "USD 5 m", "$3bn"). After a currency mark
    a figure glued to "/" and a unit or a time is a price ("Rs. 1,200/kg", "$150/hour"),
    though a figure glued to "/" and letters is otherwise a code ("45/2A"): it is read up
    to the slash."""
    amount = read_amount(src.tokens, index, spelled=spelled, marks=src.marks, letters=marked)
    slash = _unit_slash(src.tokens, index) if amount is None and marked else None
    if slash is None:
        return amount
    return read_amount(src.tokens[:slash], index, marks=src.marks, letters=marked)


def _unit_slash(tokens: tuple[Token, ...], index: int) -> int | None:
    """The "/" glued to the figure at ``index`` that a unit or a time follows ("1,200/kg",
    "150/hour")."""
    at = index
    while at + 1 < len(tokens) and tokens[at + 1].glued and tokens[at + 1].kind != TokenKind.WORD:
        at += 1
        if tokens[at].text != "/":
            continue
        if per_at(tokens, at, QUANTITY_UNITS) is not None or time_at(tokens, at) is not None:
            return at
    return None


@dataclass(frozen=True)
class _Figure:
    """One written amount with its currency, before any bracketed restatement."""

    amount: Decimal
    mark: Mark | None
    first: int
    end: int
    marked: bool
    scaled: bool


def _suffix(src: _Source, index: int) -> Mark | None:
    """A mark after an amount, unless another amount follows it: in "UTR 4241 ₹ 45,000"
    the ₹ is 45,000's, not 4241's."""
    mark = mark_at(src.tokens, src.text, index, before=False)
    if mark is None or (
        mark.end < len(src.tokens) and src.tokens[mark.end].kind == TokenKind.DIGITS
    ):
        return None
    return mark


def _figure_at(src: _Source, index: int, loose: bool) -> _Figure | None:
    """An amount at ``index`` with its currency, sign and suffixes. ``loose`` (a value, or
    the inside of a restatement) lets an unmarked amount in words stand alone."""
    tokens = src.tokens
    prefix = mark_at(tokens, src.text, index, before=True)
    start, sign, bracket = index, 1, False
    if prefix is not None:
        start = prefix.end + (1 if is_mark(tokens, prefix.end, ":") else 0)
        if is_sign(tokens, start):  # "$-5,000", "Rs. -5,000"
            start, sign = start + 1, -1
        elif is_mark(tokens, start, "("):  # "USD (5,000)", "$ (1,234)": accounting
            start, sign, bracket = start + 1, -1, True
    token = tokens[start] if start < len(tokens) else None
    if token is None or (token.kind == TokenKind.WORD and token.text not in NUMBER_WORDS):
        return None
    if prefix is None and glued_to_word(tokens, start):
        return None  # the digits of a code ("SBIN424101187365"), not an amount
    marked = prefix is not None
    amount = _amount(src, start, marked or token.kind == TokenKind.WORD, marked)
    if amount is None or (bracket and not is_mark(tokens, amount.end, ")")):
        return None
    end = amount.end
    if bracket:  # "$(12.3) million": the scale after the bracket is the amount's
        end += 1
        amount = amount if amount.scaled else scaled_after(tokens, amount, end, src.marks, marked)
        if amount is None:
            return None
        end = max(end, amount.end)
    return _finish(src, index, amount, sign, end, prefix, loose)


def _finish(
    src: _Source, index: int, amount: Amount, sign: int, end: int, mark: Mark | None, loose: bool
) -> _Figure | None:
    tokens = src.tokens
    value = amount.value
    cents = paise(tokens, end)
    if cents is not None:
        value, end = value + cents[0], cents[1]
    if mark is None:
        if is_mass(tokens, end):
            return None
        mark = _suffix(src, end)
        end = mark.end if mark is not None else end
    end, marked = suffixes(tokens, end)
    marked = marked or mark is not None
    if not marked and amount.spelled and not loose:
        return None  # words alone are a number, not money ("one of the accused")
    return _Figure(sign * value, mark, index, end, marked, amount.scaled)


def _restatement(src: _Source, index: int) -> _Figure | None:
    """The bracketed figure that restates the amount just before ``index``, if any. One
    space at most stands between them: a wider gap (a tab, a run of spaces) is a table's
    next column ("Operating profit/(loss)   81,031     (3,015)"), not a restatement."""
    if not is_mark(src.tokens, index, "(") or index == 0:
        return None
    gap = src.text[src.tokens[index - 1].end : src.tokens[index].start]
    if gap not in ("", " "):
        return None
    inner = _figure_at(src, index + 1, loose=True)
    if inner is None or not is_mark(src.tokens, inner.end, ")"):
        return None
    return inner


def _reading(
    amount: Decimal, codes: frozenset[str] | None, scaled: bool, src: _Source, mark: str
) -> MoneyReading:
    if not codes:
        return MoneyReading(amount, None, scaled)
    shared = codes if len(codes) > 1 else frozenset()
    return MoneyReading(amount, choose(codes, src.region), scaled, shared, mark)


def _agreed(figure: _Figure, again: _Figure | None) -> tuple[frozenset[str] | None, bool]:
    """The currencies a figure and its restatement both allow, and whether they agree."""
    mine = figure.mark.codes if figure.mark else None
    if again is None:
        return mine, True
    theirs = again.mark.codes if again.mark else None
    both = mine & theirs if mine is not None and theirs is not None else mine or theirs
    return both, again.amount == abs(figure.amount) and (both is None or bool(both))


def _converted(src: _Source, figure: _Figure, again: _Figure | None) -> bool:
    """Whether the bracketed figure, in digits, names a currency of its own, none of the
    figure's: a conversion ("€2.3bn (£1.98bn)"), not a restatement that must agree (words
    restate: "$5,000 (five thousand euros)" disagrees with itself)."""
    if again is None or figure.mark is None or again.mark is None:
        return False
    digits = any(t.kind == TokenKind.DIGITS for t in src.tokens[again.first : again.end])
    mine, theirs = figure.mark.codes, again.mark.codes
    return digits and bool(mine) and bool(theirs) and not mine & theirs


def _money_at(src: _Source, index: int, loose: bool) -> tuple[Found, bool] | None:
    """The money mention at ``index`` and whether it is marked as money."""
    tokens = src.tokens
    if is_mark(tokens, index, "("):
        return _bracketed(src, index, loose)
    # "-$5,000", "−₹500", "minus $4,500", "negative $4,500"
    sign = -1 if is_sign(tokens, index) or tokens[index].text in SIGN_WORDS else 1
    figure = _figure_at(src, index + (sign < 0), loose)
    if figure is None:
        return None
    again = _restatement(src, figure.end)
    if _converted(src, figure, again):
        again = None  # "€2.3bn (£1.98bn)": the same sum in another currency, its own mention
    codes, agrees = _agreed(figure, again)
    end = again.end + 1 if again is not None else figure.end
    per, end, readable = _per(src, end)
    every = time_at(tokens, end) if readable else None  # "£2,000 per month", "$150/hour"
    end = every[1] if every is not None else end
    mark = figure.mark or (again.mark if again is not None else None)
    amount = -abs(figure.amount) if sign < 0 else figure.amount
    reading = _reading(amount, codes, figure.scaled, src, mark.text if mark else "")
    if per is not None or every is not None:
        reading = replace(reading, per=per, every=every[0] if every is not None else None)
    marked = figure.marked or again is not None
    return found_at(tokens, index, end, reading if agrees and readable else None), marked


def _per(src: _Source, index: int) -> tuple[Unit | None, int, bool]:
    """The unit a price is per ("per acre", "/kg", "प्रति क्विंटल"), the index after it,
    and whether the price can be read: "Rs. 250 per 5 kg" (a price per an amount) is
    read as no price at all, never as a sum of Rs. 250."""
    named = per_at(src.tokens, index, QUANTITY_UNITS)
    if named is not None:  # "... per acre only"
        return named[0], suffixes(src.tokens, named[1])[0], True
    ratio = per_amount_at(src.tokens, index, QUANTITY_UNITS, src.marks)
    return (None, ratio, False) if ratio is not None else (None, index, True)


def _bracketed(src: _Source, index: int, loose: bool) -> tuple[Found, bool] | None:
    """ "(Rs. 5,000)", "($1,234)", "(1,234)": accounting's negative figure (in digits)."""
    tokens = src.tokens
    if is_mark(tokens, index + 1, "("):
        return None
    inner = _money_at(src, index + 1, loose) if index + 1 < len(tokens) else None
    if inner is None or not is_mark(tokens, inner[0].end, ")"):
        return None
    found, marked = inner
    inside = tokens[found.first : found.end]
    if not any(token.kind == TokenKind.DIGITS for token in inside) or written_out(inside):
        # Words in brackets restate an amount, and "(Rs. 5,00,000/-)" is prose: "/-" and
        # "only" close a sum written out in full, never a figure in a column.
        return inner
    if not loose and marked and is_aside(tokens, index, found.end + 1):
        return inner
    reading = found.reading
    if isinstance(reading, MoneyReading):
        reading = replace(reading, amount=-abs(reading.amount))
    return found_at(tokens, index, found.end + 1, reading), marked


@cache
def _starts() -> frozenset[str]:
    """What a mention can begin with: digits (checked apart), a number word, a currency
    mark's first token, a sign or an accounting bracket. ``_money_at`` finds nothing at
    any other token, so the scan does not try it there."""
    return NUMBER_WORDS | mark_starts() | SIGNS | SIGN_WORDS | {"("}


def _scan(src: _Source) -> tuple[list[Found], list[Found]]:
    tokens, starts = src.tokens, _starts()
    marked: list[Found] = []
    bare: list[Found] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != TokenKind.DIGITS and token.text not in starts:
            index += 1
            continue
        hit = _money_at(src, index, loose=False)
        if hit is None:
            index += 1
            continue
        (marked if hit[1] else bare).append(hit[0])
        index = hit[0].end
    return marked, bare


def marked_money(tokens: tuple[Token, ...], text: str, locale: str | None) -> tuple[Found, ...]:
    """Only the amounts marked as money (a currency, ``/-``, ``only``)."""
    return tuple(_scan(_source(tokens, text, locale))[0])


def money_mentions(
    tokens: tuple[Token, ...], text: str, locale: str | None, table: bool = False
) -> tuple[Found, ...]:
    """Every amount the quote marks as money; when it marks none, its bare amounts.
    ``locale`` (None: en-IN) chooses among the currencies a shared mark may be; ``table``
    (the field declares a scale) counts every bare figure."""
    marked, bare = _scan(_source(tokens, text, locale))
    if marked:
        return tuple(marked)
    return tuple(
        found
        for found in bare
        if bare_counts(tokens, found.first, found.end, _scaled(found), table)
    )


def _scaled(found: Found) -> bool:
    return isinstance(found.reading, MoneyReading) and found.reading.scaled


def read_money(
    tokens: tuple[Token, ...], text: str, decl: FieldDecl | None, locale: str | None
) -> Reading | Refusal:
    """A money value: one amount (marked or bare, figures or words) and nothing else."""
    src = _source(tokens, text, locale)
    first = lead(tokens)
    hit = None
    if 0 < first < len(tokens) and is_mark(tokens, first - 1, "("):
        hit = _money_at(src, first - 1, loose=True)  # "(Rs. 5,000)": negative
    if hit is None or not covers(tokens, hit[0].first, hit[0].end):
        hit = _money_at(src, first, loose=True) if first < len(tokens) else None
    if hit is None or not covers(tokens, hit[0].first, hit[0].end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not an amount")
    reading = hit[0].reading
    if not isinstance(reading, MoneyReading):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "its figures and words disagree")
    possible = reading.shared or reading.codes()
    if decl and decl.currency and possible is not None and decl.currency not in possible:
        return Refusal(ValueReason.CURRENCY_MISMATCH, f"the field is declared in {decl.currency}")
    declared = declared_per(decl)
    if declared is not None and reading.per is not None and declared != reading.per:
        return Refusal(ValueReason.UNIT_MISMATCH, f"the field is declared per {declared.label}")
    return reading
