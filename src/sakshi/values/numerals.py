"""Numbers as people write them in Indian records: digits and words, read to a Decimal.

Digits: no grouping (``1250000``), Western (``1,250,000``) or Indian (``12,50,000``)
grouping, a decimal part; a malformed grouping (``12,5,000``) is not a number. Scale
words multiply (thousand, lakh(s), lac(s), crore(s), Cr., million, billion, हज़ार, लाख,
करोड़, अरब), and numbers in words add up as Indian amounts in words do ("Sixty Four Lakh
Thirty Two Thousand", "One Hundred and Twenty", "Two Crore Fifty Lakh"). A number whose
digits run on into a date or an identifier (``12.03.2024``, ``45/2A``) is not read here.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sakshi.values.tokens import Token, TokenKind, fold, is_mark

__all__ = [
    "NUMBER_WORDS",
    "ORDINAL_SUFFIXES",
    "SCALES",
    "Amount",
    "plain",
    "read_amount",
    "read_digits",
]

_ONES = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
]  # fmt: skip
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
UNIT_WORDS: dict[str, int] = {word: value for value, word in enumerate(_ONES)}
TENS_WORDS: dict[str, int] = {word: 20 + 10 * index for index, word in enumerate(_TENS)}
TENS_WORDS["fourty"] = 40  # a common misspelling in drafted amounts; still forty
NUMBER_WORDS = frozenset(UNIT_WORDS) | frozenset(TENS_WORDS) | {"hundred"}

_SCALE_SOURCE: dict[str, int] = {
    "thousand": 3,
    "thousands": 3,
    "lakh": 5,
    "lakhs": 5,
    "lac": 5,
    "lacs": 5,
    "crore": 7,
    "crores": 7,
    "cr": 7,
    "crs": 7,
    "million": 6,
    "millions": 6,
    "billion": 9,
    "billions": 9,
    "हज़ार": 3,
    "हजार": 3,
    "लाख": 5,
    "करोड़": 7,
    "करोड": 7,
    "अरब": 9,
}
SCALES: dict[str, Decimal] = {
    fold(word): Decimal(10) ** power for word, power in _SCALE_SOURCE.items()
}
ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
_JOINING_MARKS = frozenset("./-")


@dataclass(frozen=True, slots=True)
class Amount:
    """A number read from tokens ``first:end``, and how it was written."""

    value: Decimal
    first: int
    end: int
    scaled: bool  # a scale word (lakh, crore, thousand, million...) multiplied it
    spelled: bool  # it was written (at least partly) in words


def plain(value: Decimal) -> str:
    """A Decimal without exponent or trailing zeros: ``1.25E+6`` -> ``1250000``."""
    text = format(value.normalize(), "f")
    return text if value != 0 else "0"


def _grouping_fits(groups: list[str]) -> bool:
    if len(groups) == 1:
        return True
    head, middle, last = groups[0], groups[1:-1], groups[-1]
    if len(last) != 3:
        return False
    western = 1 <= len(head) <= 3 and all(len(group) == 3 for group in middle)
    indian = 1 <= len(head) <= 2 and all(len(group) == 2 for group in middle)
    return western or indian


def _runs_on(tokens: tuple[Token, ...], index: int) -> bool:
    """A joining mark glued between this number and more digits or letters."""
    if index + 1 >= len(tokens):
        return False
    mark, after = tokens[index], tokens[index + 1]
    return (
        mark.kind == TokenKind.MARK
        and mark.glued
        and mark.text in _JOINING_MARKS
        and after.glued
        and after.kind != TokenKind.MARK
    )


def read_digits(tokens: tuple[Token, ...], index: int) -> tuple[Decimal, int] | None:
    """The digit number starting at ``index`` (grouping and decimals) and the index after
    it, or None when there is none or its digits run on into a date or an identifier."""
    if index >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    if index >= 2 and tokens[index].glued and tokens[index - 2].kind == TokenKind.DIGITS:
        before = tokens[index - 1]
        if before.glued and before.kind == TokenKind.MARK and before.text in "./-,":
            return None  # the middle of a date, a grouping or an identifier
    groups = [tokens[index].text]
    end = index + 1
    while (
        is_mark(tokens, end, ",", glued=True)
        and end + 1 < len(tokens)
        and tokens[end + 1].kind == TokenKind.DIGITS
        and tokens[end + 1].glued
    ):
        groups.append(tokens[end + 1].text)
        end += 2
    if not _grouping_fits(groups) or (len(groups[0]) > 1 and groups[0][0] == "0"):
        return None
    text = "".join(groups)
    if (
        is_mark(tokens, end, ".", glued=True)
        and end + 1 < len(tokens)
        and tokens[end + 1].kind == TokenKind.DIGITS
        and tokens[end + 1].glued
    ):
        text += "." + tokens[end + 1].text
        end += 2
    if _runs_on(tokens, end):
        return None
    return Decimal(text), end


def _scale_at(tokens: tuple[Token, ...], index: int) -> tuple[Decimal, int] | None:
    if index >= len(tokens) or tokens[index].kind != TokenKind.WORD:
        return None
    scale = SCALES.get(tokens[index].text)
    if scale is None:
        return None
    end = index + 1
    if is_mark(tokens, end, ".", glued=True):
        if _runs_on(tokens, end):
            return None  # "Cr.P.C." is an act, not a crore
        end += 1
    return scale, end


@dataclass
class _Sum:
    """The running total of an amount in words (Indian or Western order)."""

    total: Decimal = Decimal(0)
    group: Decimal | None = None
    last: str = ""  # what the group ended with: digits, unit, tens, hundred
    last_scale: Decimal | None = None

    def add_word(self, value: int, kind: str) -> bool:
        if self.group is None:
            self.group = Decimal(value)
        elif (self.last == "tens" and value < 10 and kind == "unit") or (
            self.last == "hundred" and value < 100
        ):
            self.group += value
        else:
            return False
        self.last = kind
        return True

    def hundred(self) -> bool:
        if self.group is None or self.last not in ("unit", "tens") or self.group >= 100:
            return False
        self.group *= 100
        self.last = "hundred"
        return True

    def scale(self, scale: Decimal) -> bool:
        previous = self.last_scale
        if self.group is None:
            # "Five Thousand Crore": a larger scale right after a smaller one multiplies.
            if previous is None or scale <= previous:
                return False
            self.total *= scale
        elif previous is not None and scale > previous:
            self.total = (self.total + self.group) * scale
        elif previous is not None and scale == previous:
            return False
        else:
            self.total += self.group * scale
        self.group, self.last, self.last_scale = None, "", scale
        return True


def _number_word(token: Token) -> tuple[int, str] | None:
    if token.kind != TokenKind.WORD:
        return None
    if token.text in UNIT_WORDS:
        return UNIT_WORDS[token.text], "unit"
    if token.text in TENS_WORDS:
        return TENS_WORDS[token.text], "tens"
    return None


def _step(tokens: tuple[Token, ...], index: int, state: _Sum, spelled: bool) -> int | None:
    """Consume one atom of an amount at ``index``; the index after it, or None to stop."""
    token = tokens[index]
    if token.kind == TokenKind.DIGITS:
        parsed = read_digits(tokens, index) if state.group is None else None
        if parsed is None:
            return None
        state.group, state.last = parsed[0], "digits"
        return parsed[1]
    scale = _scale_at(tokens, index)
    if scale is not None:
        return scale[1] if state.scale(scale[0]) else None
    if not spelled:
        return None
    word = _number_word(token)
    if word is not None:
        return index + 1 if state.add_word(*word) else None
    if token.text == "hundred":
        return index + 1 if state.hundred() else None
    return None


def _joins(tokens: tuple[Token, ...], index: int, state: _Sum, spelled: bool) -> bool:
    """An "and" or a hyphen that continues an amount in words ("sixty-four")."""
    if not spelled or index + 1 >= len(tokens) or (state.group is None and not state.total):
        return False
    token, after = tokens[index], tokens[index + 1]
    if token.text == "and" and token.kind == TokenKind.WORD:
        return _number_word(after) is not None
    return token.text == "-" and token.glued and after.glued and _number_word(after) is not None


def read_amount(tokens: tuple[Token, ...], index: int, spelled: bool = False) -> Amount | None:
    """The amount starting at ``index``: digits and/or words with scale words, or None.

    ``spelled`` lets number words in ("Sixty Four Lakh"); without it only digits and
    scale words are read, so that "one of the accused" is never a number.
    """
    state = _Sum()
    position, end = index, index
    scaled = words = False
    while position < len(tokens):
        if _joins(tokens, position, state, spelled):
            position += 1
            continue
        after = _step(tokens, position, state, spelled)
        if after is None:
            break
        kind = tokens[position].kind
        scaled = scaled or (kind == TokenKind.WORD and tokens[position].text in SCALES)
        words = words or (kind == TokenKind.WORD and tokens[position].text not in SCALES)
        position = end = after
    if end == index or (state.group is None and state.last_scale is None):
        return None
    value = state.total + (state.group if state.group is not None else 0)
    return Amount(value, index, end, scaled, words)
