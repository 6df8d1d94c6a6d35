"""What stands around an amount of money besides its currency: a sign, the brackets of
accounting or of an aside, Indian records' paise, ``/-`` and ``only``, and the words that
make "5,000 pounds" a mass. Small predicates on tokens, for money.py.
"""

from __future__ import annotations

from decimal import Decimal

from sakshi.values.numerals import read_amount
from sakshi.values.tokens import Token, TokenKind, is_mark, word_at
from sakshi.values.units import DURATION_UNITS, PERCENT_UNITS, QUANTITY_UNITS, unit_at

__all__ = [
    "ONLY_WORDS",
    "SIGNS",
    "bare_counts",
    "is_aside",
    "is_mass",
    "is_sign",
    "paise",
    "suffixes",
    "written_out",
]

# The minus marks before a sum of money. Narrower than numerals.MINUS_SIGNS on purpose: an
# en dash before an amount in prose is a dash ("the fee – $5,000 – is due"), not a sign.
SIGNS = frozenset({"-", "−"})
# "only" closing a sum written out, and Hindi's मात्र ("पांच लाख रुपये मात्र").
ONLY_WORDS = frozenset({"only", "मात्र"})
# Words after "pounds of" that make it money, not a mass ("5,000 pounds of the price").
_DETERMINERS = frozenset(
    ["the", "a", "an", "this", "that", "these", "those", "his", "her", "its", "their", "our",
     "your", "my", "such", "said", "which", "any", "each", "every", "all"]
)  # fmt: skip


def is_sign(tokens: tuple[Token, ...], index: int) -> bool:
    """A minus that touches what follows it and no word or digit before it ("-$5,000",
    "Rs. -5,000"; not "2024-25" nor "5,000-6,000")."""
    if index + 1 >= len(tokens) or not tokens[index + 1].glued:
        return False
    token = tokens[index]
    if token.kind != TokenKind.MARK or token.text not in SIGNS:
        return False
    return not (index and token.glued and tokens[index - 1].kind != TokenKind.MARK)


def is_mass(tokens: tuple[Token, ...], index: int) -> bool:
    """ "pounds of sugar", "lbs": a weight, not a sum."""
    word = word_at(tokens, index)
    if word in ("lb", "lbs"):
        return True
    after = word_at(tokens, index + 2)
    return (
        word in ("pound", "pounds")
        and word_at(tokens, index + 1) == "of"
        and (after != "" and after not in _DETERMINERS)
    )


def paise(tokens: tuple[Token, ...], index: int) -> tuple[Decimal, int] | None:
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


def suffixes(tokens: tuple[Token, ...], index: int) -> tuple[int, bool]:
    """Skip ``/-``, ``only`` (``मात्र``) and their mix; the index after them and whether
    any stood."""
    marked = False
    while index < len(tokens):
        if is_mark(tokens, index, "/") and is_mark(tokens, index + 1, "-", glued=True):
            index += 2
        elif tokens[index].kind == TokenKind.WORD and tokens[index].text in ONLY_WORDS:
            index += 1
        elif is_mark(tokens, index, "-") and marked and tokens[index].glued:
            index += 1  # "/--"
        else:
            break
        marked = True
    return index, marked


def is_aside(tokens: tuple[Token, ...], opening: int, after: int) -> bool:
    """A bracket in the middle of a sentence ("the fee (USD 5,000) is due"), not a
    figure standing alone in a column: a word before it, a word or a stop after it. (Only
    a marked amount can be an aside: a bare "(1,234)" is accounting's.)"""
    if opening == 0 or tokens[opening - 1].kind != TokenKind.WORD or after >= len(tokens):
        return False
    follows = tokens[after]
    return follows.kind == TokenKind.WORD or (
        follows.kind == TokenKind.MARK and follows.text in ",.;:"
    )


def written_out(tokens: tuple[Token, ...]) -> bool:
    """Whether an amount's tokens hold ``/-`` or ``only``: a sum written out in prose."""
    return any(
        (token.kind == TokenKind.WORD and token.text in ONLY_WORDS)
        or (token.text == "-" and index and tokens[index - 1].text == "/")
        for index, token in enumerate(tokens)
    )


# A currency's hundredth after a bare figure: "23.4p" is pence, never pounds.
_MINOR_UNITS = frozenset({"p", "pence", "penny", "c", "ct", "cent", "cents", "¢"})


def bare_counts(tokens: tuple[Token, ...], first: int, end: int, scaled: bool, table: bool) -> bool:
    """Whether a bare number at tokens ``first:end`` stands for money: only when grouped,
    decimal or ``scaled`` (or, in a ``table`` whose field declares its scale, whatever its
    shape: "425" in a row "(in thousands)"), and not followed by a unit, a percent sign, a
    currency's hundredth or a word glued to it."""
    after = tokens[end] if end < len(tokens) else None
    if after is not None and (
        any(unit_at(tokens, end, units) for units in (QUANTITY_UNITS, DURATION_UNITS))
        or unit_at(tokens, end, PERCENT_UNITS)
        or after.text in _MINOR_UNITS
        or (after.glued and after.kind == TokenKind.WORD)
    ):
        return False
    if table:
        return True
    surface = tokens[first:end]
    return scaled or any(token.kind == TokenKind.MARK and token.text in ",." for token in surface)
