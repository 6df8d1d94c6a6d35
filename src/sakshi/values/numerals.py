"""Numbers as people write them: figures and words, with scale and sign, read to a Decimal.

Figures are read by locale (digits.py: ``1,234.56``, ``1.234,56``, ``1 234,56``,
``1'234.50``, ``12,34,567.89``). The scale is never dropped: scale words multiply wherever
they stand (thousand, lakh(s), lac(s), crore(s), Cr., million, mn, mln, Mio., billion, bn,
Mrd., trillion, हज़ार, लाख, करोड़, अरब), and so does ``hundred`` after a figure ("5 hundred
crore"); ``k`` glued to a figure is a thousand (``$292k``); the letters that are also
units (``L``, ``m``, ``MM``, ``b``, ``t``, ``tn``) are a scale only where the caller says
no unit can stand (after a currency mark: ``₹12.5L``, ``USD 5 m``), so that "5 m of cable"
stays metres. Fractions join a figure (``5½``, ``5 1/2``, ``½``, "two and a half million")
when they are exact decimals; ``5⅓ lakh`` is no number at all, never 5 lakh. The sign is
never dropped: ``-5,000``, ``−5,000``, "minus", "negative", and accounting brackets
``(5,000)`` where the caller reads them; a hyphen joined to what stands before it
(``5-10``, ``2024-25``, ``No. 12-5``) is no sign. Numbers in words add up as amounts in
words do ("Sixty Four Lakh Thirty Two Thousand", "One Hundred and Twenty", "पांच लाख",
"एक लाख पचास हजार", "ढाई सौ").
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal
from typing import NamedTuple

from sakshi.values.digits import INDIAN_MARKS, NumberMarks, number_marks, read_digits, runs_on
from sakshi.values.model import SCALE_WORDS, FieldDecl
from sakshi.values.numwords import (
    GLUED_SCALES,
    HALVES,
    HUNDREDS,
    LETTER_SCALES,
    NUMBER_WORDS,
    SCALES,
    WordSum,
    adder_at,
    article,
    joins,
    number_word,
)
from sakshi.values.tokens import Token, TokenKind, is_mark, word_at

__all__ = [
    "INDIAN_MARKS",
    "LETTER_SCALES",
    "MINUS_SIGNS",
    "NUMBER_WORDS",
    "ORDINAL_SUFFIXES",
    "SCALES",
    "SIGN_WORDS",
    "Amount",
    "NumberMarks",
    "declared_scale",
    "number_marks",
    "plain",
    "read_accounting",
    "read_amount",
    "read_digits",
    "scaled_after",
    "sign_at",
]

ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
MINUS_SIGNS = frozenset("-−–")  # hyphen-minus, minus sign, en dash (typeset tables)
SIGN_WORDS = frozenset({"minus", "negative"})  # "minus 5,000", "negative $4,500"
_SIGN_OPENERS = frozenset("([{:=")  # marks a sign may touch on its left ("(-5", "x=-5")
_FRACTION_SLASH = "\u2044"  # NFKC writes ½ as 1⁄2
_LARGEST_DENOMINATOR = 100  # "5 1/2" is a fraction; "5 1/2024" is no fraction at all


class Amount(NamedTuple):
    """A number read from tokens ``first:end``, and how it was written (a NamedTuple: one
    is made for every figure of every quote)."""

    value: Decimal  # with its sign
    first: int
    end: int
    scaled: bool  # a scale word or letter (lakh, crore, thousand, k, million...) multiplied it
    spelled: bool  # it was written (at least partly) in words
    signed: bool = False  # a minus, "minus", "negative" or accounting brackets stood


def plain(value: Decimal) -> str:
    """A Decimal without exponent or trailing zeros: ``1.25E+6`` -> ``1250000``."""
    text = format(value.normalize(), "f")
    return text if value != 0 else "0"


def declared_scale(decl: FieldDecl | None) -> Decimal | None:
    """The factor a field's ``scale:`` declares for a quote's bare figures ("(in
    millions)"), or None. A figure with a scale of its own is read as written, and so is
    the value: money and numbers share this one rule."""
    if decl is None or decl.scale is None:
        return None
    return Decimal(10) ** SCALE_WORDS[decl.scale]


def _opens(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the token before a glued minus lets it be a sign ("(-5", "$-5")."""
    if index == 0 or not tokens[index].glued:
        return True
    before = tokens[index - 1]
    if before.kind != TokenKind.MARK:
        return False  # "5-10", "Form-16": a joint, not a sign
    if before.text in _SIGN_OPENERS:
        return True
    return len(before.text) == 1 and unicodedata.category(before.text) == "Sc"


def sign_at(tokens: tuple[Token, ...], index: int) -> int | None:
    """The index after a minus sign standing at ``index``, or None: a minus mark glued to
    what follows and not to a word or figure before it (``-5``, ``−$5``, but not ``5-10``
    or ``Rs.-5``), or "minus" / "negative" before a separate token."""
    if index + 1 >= len(tokens):
        return None
    token, after = tokens[index], tokens[index + 1]
    if token.kind == TokenKind.MARK and token.text in MINUS_SIGNS:
        return index + 1 if after.glued and _opens(tokens, index) else None
    if token.kind == TokenKind.WORD and token.text in SIGN_WORDS and not after.glued:
        return index + 1
    return None


def _fraction(token: Token) -> Decimal | None:
    """A vulgar fraction mark (``½``, NFKC ``1⁄2``) as an exact Decimal; -1 when inexact."""
    if token.kind != TokenKind.MARK or _FRACTION_SLASH not in token.text:
        return None
    top, _, bottom = token.text.partition(_FRACTION_SLASH)
    if not (top.isdigit() and bottom.isdigit()) or int(bottom) == 0:
        return None
    return _exact(int(top), int(bottom))


def _exact(top: int, bottom: int) -> Decimal:
    """``top / bottom`` as a Decimal, or -1 when it has no exact decimal form (1/3)."""
    rest = bottom
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    return Decimal(top) / Decimal(bottom) if rest == 1 else Decimal(-1)


def _spaced_fraction(tokens: tuple[Token, ...], index: int) -> tuple[Decimal, int] | None:
    """ "1/2" one space after a whole figure ("5 1/2"): its value (-1: inexact) and end."""
    if index + 2 >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    top, slash, bottom = tokens[index], tokens[index + 1], tokens[index + 2]
    if tokens[index].glued or not is_mark(tokens, index + 1, "/", glued=True):
        return None
    if bottom.kind != TokenKind.DIGITS or not bottom.glued or slash.text != "/":
        return None
    numerator, denominator = int(top.text), int(bottom.text)
    if not 0 < numerator < denominator <= _LARGEST_DENOMINATOR:
        return None
    if runs_on(tokens, index + 3):
        return None  # "5 1/2/2024", "5 1/2-3": a date or a code
    return _exact(numerator, denominator), index + 3


_ABANDON = -1  # a step that makes the whole amount unreadable (an inexact fraction)
_ENDS_LETTER_SCALE = frozenset(".,;:)]!?/")  # what may touch a letter scale on its right


def _figure(
    tokens: tuple[Token, ...], index: int, state: WordSum, marks: NumberMarks
) -> int | None:
    """A figure and the fraction that joins it ("5", "5½", "5 1/2", "½"): the index after
    it, None when there is none, ``_ABANDON`` when its fraction is inexact."""
    if state.group is not None:
        return None
    token = tokens[index]
    fraction = _fraction(token)
    if fraction is not None:
        value, end = fraction, index + 1
    else:
        parsed = read_digits(tokens, index, marks)
        if parsed is None:
            return None
        value, end = parsed
        after = tokens[end] if end < len(tokens) else None
        if after is not None and after.kind != TokenKind.WORD and value % 1 == 0:
            vulgar = _fraction(after)
            part = (vulgar, end + 1) if vulgar is not None else _spaced_fraction(tokens, end)
            if part is not None:
                if part[0] < 0:
                    return _ABANDON
                value, end = value + part[0], part[1]
    if value < 0:
        return _ABANDON
    state.group, state.last = value, "digits"
    return end


def _scale_at(
    tokens: tuple[Token, ...], index: int, state: WordSum, letters: bool
) -> tuple[Decimal, int] | None:
    """A scale word or letter at ``index`` and the index after it (with its dot)."""
    token = tokens[index]
    scale = SCALES.get(token.text)
    end = index + 1
    if scale is None:
        scale = LETTER_SCALES.get(token.text)
        if scale is None or state.last != "digits":
            return None
        if not (letters or (token.glued and token.text in GLUED_SCALES)):
            return None
        after = tokens[end] if end < len(tokens) else None
        if after is not None and after.glued and after.text not in _ENDS_LETTER_SCALE:
            return None  # "5 t-shirts", "5k2": not a scale
    if is_mark(tokens, end, ".", glued=True):
        if (
            end + 1 < len(tokens)
            and tokens[end + 1].glued
            and tokens[end + 1].kind != TokenKind.MARK
        ):
            return None  # "Cr.P.C." is an act, not a crore
        end += 1
    return scale, end


def _step(
    tokens: tuple[Token, ...],
    index: int,
    state: WordSum,
    spelled: bool,
    marks: NumberMarks,
    letters: bool,
) -> int | None:
    """Consume one atom of an amount at ``index``; the index after it, or None to stop."""
    token = tokens[index]
    if token.kind != TokenKind.WORD:
        return _figure(tokens, index, state, marks)
    scale = _scale_at(tokens, index, state, letters)
    if scale is not None:
        if token.text in marks.unsure:
            return _ABANDON  # "5 billions" under fr-FR: 10^12 there, 10^9 in English
        return scale[1] if state.scale(scale[0]) else None
    if token.text in HUNDREDS:
        return index + 1 if (spelled or state.last == "digits") and state.hundred() else None
    if token.text == "and" and word_at(tokens, index + 1) == "a":
        half = HALVES.get(word_at(tokens, index + 2))
        if half is not None and state.last in ("digits", "unit", "tens") and state.half(half):
            state.words = True
            return index + 3
        return None
    word = number_word(token) if spelled else None
    if word is not None:
        return index + 1 if state.add_word(*word) else None
    adder = adder_at(tokens, index) if spelled else None
    if adder is not None:
        return adder[1] if state.add_word(adder[0], "whole") else None
    return None


def _unsigned(
    tokens: tuple[Token, ...], index: int, spelled: bool, marks: NumberMarks, letters: bool
) -> Amount | None:
    state = WordSum()
    position = article(tokens, index, state) if spelled else index
    end = index
    while position < len(tokens):
        if spelled and joins(tokens, position, state, spelled):
            position += 1
            continue
        after = _step(tokens, position, state, spelled, marks, letters)
        if after is None:
            break
        if after == _ABANDON:
            return None
        position = end = after
    if end == index or (state.group is None and state.last_scale is None):
        return None
    value = state.total + (state.group if state.group is not None else 0)
    return Amount(value, index, end, state.scaled, state.words)


def read_amount(
    tokens: tuple[Token, ...],
    index: int,
    spelled: bool = False,
    *,
    marks: NumberMarks = INDIAN_MARKS,
    letters: bool = False,
) -> Amount | None:
    """The amount starting at ``index`` (a sign, figures and/or words, scale words,
    fractions), or None when there is none or it cannot be read with certainty.

    ``spelled`` lets number words in ("Sixty Four Lakh"); without it only figures and
    scales are read, so that "one of the accused" is never a number. ``marks`` are the
    locale's decimal and group marks (``number_marks(locale)``). ``letters``: no unit can
    follow here (after a currency mark), so ``L``, ``m``, ``MM``, ``b``, ``t``, ``tn`` and a
    spaced ``k`` are scales too (``₹12.5L``, ``USD 5 m``).
    """
    if index >= len(tokens):
        return None
    after_sign = None if tokens[index].kind == TokenKind.DIGITS else sign_at(tokens, index)
    start = index if after_sign is None else after_sign
    amount = _unsigned(tokens, start, spelled, marks, letters)
    if amount is None or after_sign is None:
        return amount
    return Amount(-amount.value, index, amount.end, amount.scaled, amount.spelled, True)


def scaled_after(
    tokens: tuple[Token, ...], amount: Amount, index: int, marks: NumberMarks, letters: bool
) -> Amount | None:
    """``amount``, closed by a bracket that ends before ``index``, times the scale word that
    follows the bracket: "$(12.3) million" is -12.3 million, never -12.3. None when that
    word is one the locale gives another power (unreadable, as inside the brackets)."""
    if index >= len(tokens) or tokens[index].kind != TokenKind.WORD:
        return amount
    state = WordSum()
    state.group, state.last = Decimal(1), "digits"  # a scale word needs a figure before it
    scale = _scale_at(tokens, index, state, letters)
    if scale is None:
        return amount
    if tokens[index].text in marks.unsure:
        return None
    return Amount(
        amount.value * scale[0], amount.first, scale[1], True, amount.spelled, amount.signed
    )


def read_accounting(
    tokens: tuple[Token, ...],
    index: int,
    spelled: bool = False,
    *,
    marks: NumberMarks = INDIAN_MARKS,
    letters: bool = False,
) -> Amount | None:
    """Accounting brackets at ``index``: ``(5,000)`` is -5,000 (tokens ``(`` to ``)``).
    None when no bracketed unsigned amount stands there; whether brackets are a sign or a
    restatement ("fifteen (15) days") is the caller's to decide."""
    if not is_mark(tokens, index, "("):
        return None
    inner = read_amount(tokens, index + 1, spelled, marks=marks, letters=letters)
    if inner is None or inner.signed or not is_mark(tokens, inner.end, ")"):
        return None
    negative = Amount(-inner.value, index, inner.end + 1, inner.scaled, inner.spelled, True)
    if inner.scaled:
        return negative  # "(5 million)": the scale stands inside
    return scaled_after(tokens, negative, inner.end + 1, marks, letters)
