"""Numbers in words and the running total of an amount, in Indian or Western order.

The vocabulary (number words in English and Hindi, scale words, the letters that may be a
scale) and the sum that "Sixty Four Lakh Thirty Two Thousand", "One Hundred and Twenty",
"Two Crore Fifty Lakh", "Five Thousand Crore", "two and a half million", "half a lakh",
"एक लाख पचास हजार", "पांच सौ" and "साढ़े आठ लाख" add up to (hindinum.py holds the Hindi
words). The reader that walks the tokens is numerals.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sakshi.values.hindinum import HINDI_ADDERS, HINDI_HUNDRED, HINDI_NUMBERS
from sakshi.values.tokens import Token, TokenKind, fold, word_at

__all__ = [
    "GLUED_SCALES",
    "HALVES",
    "HUNDREDS",
    "LETTER_SCALES",
    "NUMBER_WORDS",
    "SCALES",
    "TENS_WORDS",
    "UNIT_WORDS",
    "WordSum",
    "adder_at",
    "article",
    "joins",
    "number_word",
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
HUNDREDS = frozenset({"hundred", HINDI_HUNDRED})
# A Hindi number word is a whole number below a hundred on its own ("whole"): it neither
# takes a unit after it (पचास पांच is no 55) nor follows a ten.
NUMBER_WORDS = (
    frozenset(UNIT_WORDS)
    | frozenset(TENS_WORDS)
    | frozenset(HINDI_NUMBERS)
    | frozenset(HINDI_ADDERS)
    | HUNDREDS
)

# Scale words: a scale wherever they stand. The abbreviations mln, Mio., Mrd. and Mld. are
# those CLDR gives one meaning in every locale that writes them; bln and Bn are not (10^12
# in Italian, Dutch and French), so only the English bn is read.
_SCALE_SOURCE: dict[str, int] = {
    "thousand": 3, "thousands": 3, "lakh": 5, "lakhs": 5, "lac": 5, "lacs": 5,
    "crore": 7, "crores": 7, "cr": 7, "crs": 7, "million": 6, "millions": 6, "mn": 6,
    "mln": 6, "mio": 6, "millionen": 6, "billion": 9, "billions": 9, "bn": 9, "mrd": 9,
    "mld": 9, "milliard": 9, "milliards": 9, "milliarde": 9, "milliarden": 9,
    "trillion": 12, "trillions": 12, "हज़ार": 3, "हजार": 3, "लाख": 5, "करोड़": 7, "करोड": 7,
    "अरब": 9, "खरब": 11,
}  # fmt: skip
SCALES: dict[str, Decimal] = {
    fold(word): Decimal(10) ** power for word, power in _SCALE_SOURCE.items()
}
# Letters that are a scale after a figure only where no unit can stand (``letters=True``),
# but for ``k``, which is a thousand whenever it is glued to the figure.
LETTER_SCALES: dict[str, Decimal] = {
    "k": Decimal(10) ** 3, "l": Decimal(10) ** 5, "m": Decimal(10) ** 6,
    "mm": Decimal(10) ** 6, "b": Decimal(10) ** 9, "t": Decimal(10) ** 12,
    "tn": Decimal(10) ** 12,
}  # fmt: skip
GLUED_SCALES = frozenset({"k"})
HALVES = {"half": Decimal("0.5"), "quarter": Decimal("0.25")}  # "two and a half million"
_QUARTER = Decimal("0.25")


@dataclass(slots=True)
class WordSum:
    """The running total of an amount (Indian or Western order)."""

    total: Decimal = Decimal(0)
    group: Decimal | None = None
    last: str = ""  # what the group ended with: digits, unit, tens, hundred
    last_scale: Decimal | None = None
    scaled: bool = False
    words: bool = False
    halved: bool = False

    def add_word(self, value: Decimal, kind: str) -> bool:
        if self.group is None:
            self.group = value
        elif (self.last == "tens" and value < 10 and kind == "unit") or (
            self.last == "hundred" and value < 100 and value == value.to_integral_value()
        ):
            self.group += value
        else:
            return False
        self.last, self.words = kind, True
        return True

    def hundred(self) -> bool:
        if self.group is None or self.halved:
            return False
        if self.last not in ("unit", "tens", "whole", "digits"):
            return False
        if self.last != "digits" and self.group >= 100:
            return False
        self.group *= 100
        self.last = "hundred"
        return True

    def half(self, value: Decimal) -> bool:
        """ "and a half" after a whole group ("two and a half", "5 and a half")."""
        if self.group is None or self.halved or self.group != self.group.to_integral_value():
            return False
        self.group += value
        self.halved = True
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
        self.scaled, self.halved = True, False
        return True


def number_word(token: Token) -> tuple[Decimal, str] | None:
    """A number word's value and kind: "unit" (one to nineteen), "tens" (twenty to
    ninety) or "whole" (a Hindi word: any number below a hundred, or डेढ़, ढाई)."""
    if token.kind != TokenKind.WORD:
        return None
    if token.text in UNIT_WORDS:
        return Decimal(UNIT_WORDS[token.text]), "unit"
    if token.text in TENS_WORDS:
        return Decimal(TENS_WORDS[token.text]), "tens"
    if token.text in HINDI_NUMBERS:
        return HINDI_NUMBERS[token.text], "whole"
    return None


def adder_at(tokens: tuple[Token, ...], index: int) -> tuple[Decimal, int] | None:
    """ "साढ़े आठ" (8.5), "सवा दो" (2.25), "पौने दो" (1.75): the number and the index
    after it, when a Hindi word that changes the next number stands at ``index`` before
    a whole one."""
    adder = HINDI_ADDERS.get(word_at(tokens, index))
    number = HINDI_NUMBERS.get(word_at(tokens, index + 1))
    if adder is None or number is None or number != number.to_integral_value():
        return None
    return number + adder, index + 2


def joins(tokens: tuple[Token, ...], index: int, state: WordSum, spelled: bool) -> bool:
    """An "and" or a hyphen that continues an amount in words ("sixty-four")."""
    if not spelled or index + 1 >= len(tokens) or (state.group is None and not state.total):
        return False
    token, after = tokens[index], tokens[index + 1]
    if token.text == "and" and token.kind == TokenKind.WORD:
        return number_word(after) is not None
    return token.text == "-" and token.glued and after.glued and number_word(after) is not None


def article(tokens: tuple[Token, ...], index: int, state: WordSum) -> int:
    """ "a million", "a hundred", "half a lakh" opening an amount in words: the index
    after the article (the scale is read next), or ``index`` when there is none."""
    text = word_at(tokens, index)
    if text == HINDI_HUNDRED:
        value, after = Decimal(1), index  # "सौ" alone is a hundred: its one is unsaid
    elif text == "a":
        value, after = Decimal(1), index + 1
    elif text == "half" and word_at(tokens, index + 1) == "a":
        value, after = Decimal("0.5"), index + 2
    elif HINDI_ADDERS.get(text) == _QUARTER:
        value, after = Decimal("1.25"), index + 1  # "सवा लाख": a lakh and a quarter
    else:
        return index
    following = word_at(tokens, after)
    if following not in HUNDREDS and following not in SCALES:
        return index
    state.group, state.last, state.words = value, "unit", True
    return after
