"""Plain numbers: a Decimal, whatever it counts, with its sign and its scale.

In a quote, every number written in figures is a mention (grouped by the locale's marks or
in a form that can be only one thing, with a decimal part, a fraction, a scale: "12.5
lakh", "5 hundred crore", ``$292k``, ``5½ lakh``), unless its digits run on into a date or
an identifier, it has a leading zero (``05106`` is an identifier) or letters are glued to
it (``12B``, and ``5m`` or ``5L``: metres and litres as much as millions and lakhs, so no
number at all). After a currency mark a letter is a scale, spaced or not (``USD 5 m``).
Words are a mention only with a scale word ("two and a half million", "a lakh"): "one of
the accused" is none. The sign stays: ``-5,000``, ``−5,000``, "minus 5,000", ``-$5,000``,
and accounting brackets ``(5,000)``, unless the brackets restate the figure or words just
before them ("fifteen (15)", "5,000 (5,000)"); a minus that may be a joint or a sign
(``Rs.-5,000``) makes the mention unreadable. A value may be written in words too
("twelve lakh fifty thousand", "fifteen hundred"). A field's ``scale:`` multiplies the
quote's bare figures, never the value.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from sakshi.reasons import ValueReason
from sakshi.values.digits import INDIAN_MARKS, NumberMarks
from sakshi.values.found import Compare, Found, Reading, Refusal, covers, found_at, lead
from sakshi.values.model import FieldDecl
from sakshi.values.moneyparts import ONLY_WORDS
from sakshi.values.numerals import (
    MINUS_SIGNS,
    NUMBER_WORDS,
    ORDINAL_SUFFIXES,
    SCALES,
    SIGN_WORDS,
    declared_scale,
    plain,
    read_accounting,
    read_amount,
    scaled_after,
    sign_at,
)
from sakshi.values.tokens import Token, TokenKind, glued_to_word, is_mark

__all__ = ["NumberReading", "number_mentions", "read_number"]

# Currency words a figure may follow or touch ("Rs500", "USD 5 m"). Symbols are every mark
# Unicode calls a currency sign; codes that are also English words ("all", "top") are not
# here, so that "all 5 m of cable" stays metres.
_CURRENCY_WORDS = frozenset({"rs", "re", "inr", "usd", "eur", "gbp"})
_STARTS = frozenset({"("}) | SIGN_WORDS | MINUS_SIGNS | _CURRENCY_WORDS
_WORD_STARTS = NUMBER_WORDS | {"a", "half"}  # an amount in words with a scale: "a million"
# What an ASCII token that is no digits must be for a mention to start at it.
_ANY_START = _STARTS | _WORD_STARTS | {"$"}
_SPELLED_NEXT = NUMBER_WORDS | frozenset(SCALES) | {"and", "a", "-"}
_RESTATED_AFTER = NUMBER_WORDS | frozenset(SCALES) | ONLY_WORDS  # "fifteen (15)"


@dataclass(frozen=True)
class NumberReading(Reading):
    """A number, exact; ``scaled`` (written with lakh, crore, k...) is kept for hints and
    to keep a declared scale off a figure that states its own."""

    value: Decimal
    scaled: bool = False

    def __str__(self) -> str:
        return plain(self.value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NumberReading):
            return NotImplemented
        return self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def compare(self, mention: Reading) -> Compare:
        """Equal as numbers (``42.500`` is ``42.5``; ``-5,000`` is not ``5,000``)."""
        same = isinstance(mention, NumberReading) and mention.value == self.value
        return Compare.EQUAL if same else Compare.DIFFERENT

    def fill_mention(self, decl: FieldDecl | None) -> Reading:
        """A bare figure of the quote times the field's declared ``scale`` ("(in
        millions)"); a figure with a scale of its own is read as written."""
        factor = declared_scale(decl)
        if factor is None or self.scaled:
            return self
        return NumberReading(self.value * factor, scaled=True)


def _currency_sign(token: Token) -> bool:
    text = token.text
    return (
        token.kind == TokenKind.MARK
        and len(text) == 1
        and (text == "$" or (not text.isascii() and unicodedata.category(text) == "Sc"))
    )


def _currency_end(tokens: tuple[Token, ...], index: int) -> int | None:
    """The index after a currency mark at ``index`` (``$``, ``₹``, ``Rs.``, ``USD``), or None."""
    if index >= len(tokens):
        return None
    token = tokens[index]
    if _currency_sign(token):
        return index + 1
    if token.kind != TokenKind.WORD or token.text not in _CURRENCY_WORDS:
        return None
    return index + 2 if is_mark(tokens, index + 1, ".", glued=True) else index + 1


def _after_currency(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a currency mark (and a sign) stands just before ``index``: the figures there
    are read as after it even when a mention starting at the mark did not read."""
    back = index - 1
    if back >= 1 and tokens[back].kind == TokenKind.MARK and tokens[back].text in MINUS_SIGNS:
        back -= 1
    if back >= 1 and is_mark(tokens, back, ".") and tokens[back - 1].text in _CURRENCY_WORDS:
        return True
    return back >= 0 and (_currency_sign(tokens[back]) or tokens[back].text in _CURRENCY_WORDS)


def _glued_letters(tokens: tuple[Token, ...], index: int) -> bool:
    """Letters glued to the figure that make it part of a code ("A12", "12B") or leave its
    unit or scale unknown ("5m": metres or millions)."""
    if index < len(tokens) and tokens[index].glued and tokens[index].kind == TokenKind.WORD:
        return tokens[index].text not in ORDINAL_SUFFIXES and tokens[index].text not in SCALES
    return False


def _dangling_minus(tokens: tuple[Token, ...], index: int) -> str:
    """A minus glued to the figure that is no sign: "joint" after a word or a figure
    ("Form-16": a code), "unsure" after anything else ("Rs.-5,000": joint or sign), else ""."""
    if index < 1 or not tokens[index].glued or sign_at(tokens, index - 1) is not None:
        return ""
    minus = tokens[index - 1]
    if minus.kind != TokenKind.MARK or minus.text not in MINUS_SIGNS:
        return ""
    joint = index >= 2 and minus.glued and tokens[index - 2].kind != TokenKind.MARK
    return "joint" if joint else "unsure"


def _restates(
    tokens: tuple[Token, ...], index: int, previous: Found | None, value: Decimal
) -> bool:
    """Whether brackets at ``index`` restate what stands before them: words ("fifteen
    (15)") or the same figure ("5,000/- (5,000)"), rather than mark a negative figure."""
    if index >= 1 and tokens[index - 1].text in _RESTATED_AFTER:
        return True
    if previous is None or previous.end < index - 2:
        return False
    return isinstance(previous.reading, NumberReading) and previous.reading.value == value


def _lead_in(tokens: tuple[Token, ...], index: int) -> tuple[bool, bool, int, bool]:
    """What stands before the figures of a mention starting at ``index``: a bracket, a
    sign and a currency mark in either order (``-$5``, ``Rs. -5``); and where the figures
    start."""
    bracket = is_mark(tokens, index, "(")
    at = index + 1 if bracket else index
    after_sign = sign_at(tokens, at)
    at = after_sign if after_sign is not None else at
    currency = _currency_end(tokens, at)
    if currency is not None and after_sign is None:
        after_sign = sign_at(tokens, currency)
        currency = after_sign if after_sign is not None else currency
    return (
        bracket,
        after_sign is not None,
        currency if currency is not None else at,
        currency is not None,
    )


def _number_at(
    tokens: tuple[Token, ...], index: int, marks: NumberMarks, previous: Found | None
) -> Found | None:
    """The number mention starting at ``index``: ``[(] [sign] [currency] figures [)]``."""
    if tokens[index].kind == TokenKind.DIGITS:
        bracket, negative, at, currency = False, False, index, False
        if glued_to_word(tokens, at) and tokens[at - 1].text not in _CURRENCY_WORDS:
            return None  # the digits of a code ("SBIN4241", "A12")
    else:
        bracket, negative, at, currency = _lead_in(tokens, index)
        if at >= len(tokens):
            return None
    spelled = tokens[at].kind == TokenKind.WORD
    if spelled and tokens[at].text not in _WORD_STARTS:
        return None
    letters = currency or (not spelled and _after_currency(tokens, at))
    amount = read_amount(tokens, at, spelled, marks=marks, letters=letters)
    if amount is None or amount.signed or _glued_letters(tokens, amount.end):
        return None
    if spelled and not amount.scaled:
        return None  # "one of the accused", "fifteen (15) days": words alone are no figure
    end, value = amount.end, amount.value
    if bracket:
        if not is_mark(tokens, end, ")") or _restates(tokens, index, previous, value):
            return None  # read again from inside the brackets, as it stands
        if negative:
            return found_at(tokens, index, end + 1, None)  # "(-5,000)": which sign?
        negative, end = True, end + 1
        if not amount.scaled:  # "(12.3) million": the scale after the bracket is its own
            scaled = scaled_after(tokens, amount, end, marks, letters)
            if scaled is None:
                return None
            amount, end = scaled, max(end, scaled.end)
            value = amount.value
    dangling = _dangling_minus(tokens, at) if at == index else ""
    if dangling:
        return None if dangling == "joint" else found_at(tokens, index, end, None)
    return found_at(tokens, index, end, NumberReading(-value if negative else value, amount.scaled))


def _may_start(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a mention may start at ``index`` (but for digits, which always may)."""
    token = tokens[index]
    if token.text in _WORD_STARTS:
        # An amount in words needs a scale: "a million", "twenty five lakh", not "a cheque".
        after = tokens[index + 1].text if index + 1 < len(tokens) else ""
        return token.kind == TokenKind.WORD and after in _SPELLED_NEXT
    if token.text in _STARTS:
        return True
    return token.kind == TokenKind.MARK and (_currency_sign(token) or "\u2044" in token.text)


def number_mentions(
    tokens: tuple[Token, ...], marks: NumberMarks = INDIAN_MARKS
) -> tuple[Found, ...]:
    """Every number written in figures that is not part of a date or a code, read with
    the locale's ``marks``."""
    found: list[Found] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != TokenKind.DIGITS and (
            token.text not in _ANY_START if token.text.isascii() else not _may_start(tokens, index)
        ):
            index += 1
            continue
        if token.kind != TokenKind.DIGITS and not _may_start(tokens, index):
            index += 1
            continue
        mention = _number_at(tokens, index, marks, found[-1] if found else None)
        if mention is None:
            index += 1
            continue
        found.append(mention)
        index = mention.end
    return tuple(found)


def read_number(tokens: tuple[Token, ...], marks: NumberMarks = INDIAN_MARKS) -> Reading | Refusal:
    """A number value, in figures or words (with its sign, ``(5,000)`` included), and
    nothing else."""
    first = lead(tokens)
    amount = None
    if first < len(tokens) and first >= 1 and is_mark(tokens, first - 1, "("):
        amount = read_accounting(tokens, first - 1, spelled=True, marks=marks)
    if amount is None and first < len(tokens):
        amount = read_amount(tokens, first, spelled=True, marks=marks)
    if amount is None or not covers(tokens, amount.first, amount.end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a number")
    return NumberReading(amount.value, amount.scaled)
