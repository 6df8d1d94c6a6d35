"""Plain numbers: a Decimal, whatever it counts.

In a quote, every number written in digits (grouped or not, with a decimal part, with a
scale word: "12.5 lakh") is a mention, unless its digits run on into a date or an
identifier or it has a leading zero (``05106`` is an identifier). A value may also be
written in words ("twelve lakh fifty thousand").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sakshi.reasons import ValueReason
from sakshi.values.found import Compare, Found, Reading, Refusal, covers, found_at, lead
from sakshi.values.numerals import ORDINAL_SUFFIXES, SCALES, plain, read_amount
from sakshi.values.tokens import Token, TokenKind

__all__ = ["NumberReading", "number_mentions", "read_number"]

_CURRENCY_WORDS = frozenset({"rs", "re", "inr", "usd", "eur", "gbp"})  # "Rs500" is a number


@dataclass(frozen=True)
class NumberReading(Reading):
    """A number, exact; ``scaled`` (written with lakh, crore...) is kept for hints only."""

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
        """Equal as numbers (``42.500`` is ``42.5``)."""
        same = isinstance(mention, NumberReading) and mention.value == self.value
        return Compare.EQUAL if same else Compare.DIFFERENT


def _glued_letters(tokens: tuple[Token, ...], index: int) -> bool:
    """Letters glued to the number that make it part of a code ("A12", "12B")."""
    if index < len(tokens) and tokens[index].glued and tokens[index].kind == TokenKind.WORD:
        return tokens[index].text not in ORDINAL_SUFFIXES and tokens[index].text not in SCALES
    return False


def number_mentions(tokens: tuple[Token, ...]) -> tuple[Found, ...]:
    """Every number written in digits that is not part of a date or a code."""
    found: list[Found] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        amount = read_amount(tokens, index) if token.kind == TokenKind.DIGITS else None
        glued_before = (
            token.glued
            and tokens[index - 1].kind == TokenKind.WORD
            and tokens[index - 1].text not in _CURRENCY_WORDS
        )
        if amount is None or _glued_letters(tokens, amount.end) or glued_before:
            index += 1
            continue
        found.append(
            found_at(tokens, index, amount.end, NumberReading(amount.value, amount.scaled))
        )
        index = amount.end
    return tuple(found)


def read_number(tokens: tuple[Token, ...]) -> Reading | Refusal:
    """A number value, in digits or words, and nothing else."""
    first = lead(tokens)
    amount = read_amount(tokens, first, spelled=True) if first < len(tokens) else None
    if amount is None or not covers(tokens, first, amount.end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a number")
    return NumberReading(amount.value, amount.scaled)
