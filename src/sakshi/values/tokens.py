"""A quote or a value as tokens: digit runs, word runs and single marks, with offsets.

Each codepoint's class comes from one ``str.translate``, and the runs of classes from one
linear regular expression over those codes. Every token keeps its codepoint offsets into
the text it came from, so a mention can be shown where it stands. Its ``text`` is
normalised for comparison: digits of any script (Devanagari ``१२``, Bengali, Tamil,
fullwidth...) become ASCII digits, words are NFKC and case-folded. Each token also knows
whether it touches the previous one (``glued``: ``Rs.12`` is three glued tokens) and which
clause it stands in.
"""

from __future__ import annotations

import re
import unicodedata
from enum import IntEnum
from functools import lru_cache
from typing import NamedTuple

__all__ = [
    "Token",
    "TokenKind",
    "compact",
    "fold",
    "glued_to_word",
    "is_mark",
    "skip_marks",
    "tokenize",
    "word_at",
]


class TokenKind(IntEnum):
    """What a token is made of."""

    DIGITS = 1  # a run of decimal digits, of any script
    WORD = 2  # a run of letters and combining marks (Devanagari matras belong to the word)
    MARK = 3  # one punctuation or symbol character


class Token(NamedTuple):
    """One token: its kind, normalised text, offsets, and its place in the text.

    A NamedTuple rather than a frozen dataclass: a quote makes one per word, and a
    tuple is built several times faster.
    """

    kind: TokenKind
    text: str
    start: int
    end: int
    glued: bool
    clause: int


# The zero-width (non-)joiners shape Indic words but carry no meaning for comparison.
_JOINERS = str.maketrans("", "", "\u200c\u200d")
_SPACE, _DIGIT, _LETTER, _MARK = 0, 1, 2, 3
_CLASS_CACHE: dict[str, int] = {}

# A "." ends a clause only after a word like these is ruled out: they are abbreviations
# that a dot follows in the middle of a sentence (Rs. 5, No. 12, Sec. 138, M/s. X, Pvt. Ltd.).
_ABBREVIATIONS = frozenset(
    [
        "rs", "re", "no", "nos", "sec", "secs", "ss", "pvt", "ltd", "co", "corp", "corpn",
        "crl", "comp", "appln", "pet", "arb", "dr", "mr", "mrs", "ms", "smt", "shri", "sh",
        "sri", "kum", "st", "vs", "viz", "etc", "ie", "eg", "dt", "dtd", "rd", "nd", "th",
        "cr", "qtl", "sq", "ft", "mtr", "mtrs", "kg", "kgs", "gm", "ha", "hon", "ble", "adv",
        "sr", "jr", "govt", "dept", "misc", "ors", "anr", "art", "cl", "para", "vol", "ch",
        "sch", "approx", "resp", "mt", "yrs", "yr", "mths", "hrs", "inc", "llc", "llp", "plc",
        "pty", "bhd", "max", "min",
        # citations of codes and rules: "Fed. R. Civ. P. 12(b)(6)", "Treas. Reg. § 1.61"
        "fed", "civ", "crim", "evid", "bankr", "app", "reg", "regs", "treas", "sched", "paras",
        "arts", "cls", "del", "stat",
    ]
)  # fmt: skip
# Words that start a new clause: a contrast ends what a cue or a negation can reach, and
# so does Hindi's relative "जो" ("... प्रस्तुत किया, जो ... अनादरित होकर लौट आया").
_CLAUSE_WORDS = frozenset(
    ["but", "however", "whereas", "although", "though", "लेकिन", "परंतु", "परन्तु", "किंतु", "जो",
     "जिसे", "जिसका", "जिसकी", "जिसके"]
)  # fmt: skip
_CLAUSE_MARKS = frozenset(";!?।॥")


def _char_class(ch: str) -> int:
    known = _CLASS_CACHE.get(ch)
    if known is not None:
        return known
    category = unicodedata.category(ch)
    if ch.isspace():
        kind = _SPACE
    elif category == "Nd":
        kind = _DIGIT
    elif category[0] in "LM" or ch in "\u200c\u200d":
        kind = _LETTER
    else:
        kind = _MARK
    if len(_CLASS_CACHE) < 65536:
        _CLASS_CACHE[ch] = kind
    return kind


def fold(text: str) -> str:
    """NFKC, case-folded, joiners dropped: how words compare."""
    if text.isascii():
        return text.lower()  # the same as NFKC and casefold for ASCII, much faster
    return unicodedata.normalize("NFKC", text).casefold().translate(_JOINERS)


def _digits(text: str) -> str:
    if text.isascii():
        return text
    return "".join(str(unicodedata.decimal(ch)) for ch in text)


# A run before it becomes a token: (class, start, end, glued, after a blank line). A plain
# tuple, as the scanner makes one per word and mark.
_Raw = tuple[int, int, int, bool, bool]


class _ClassCodes(dict[int, str]):
    """Codepoint -> its class as one character (``_SPACE`` is "0" ... ``_MARK`` "3"), for
    ``str.translate``: a text's classes come out of one C-level pass, and a codepoint not
    seen before is classified once."""

    def __missing__(self, code: int) -> str:
        kind = str(_char_class(chr(code)))
        if len(self) < 65536:
            self[code] = kind
        return kind


_CLASS_CODES = _ClassCodes()


# Runs of the class codes: digits and letters whole, each mark alone. Over the codes (one
# character of "0123" a codepoint) the pattern is three single-character runs: linear, with
# nothing to backtrack into.
_RUNS = re.compile(r"(1+)|(2+)|(3)")
_RUN_KINDS = (_SPACE, _DIGIT, _LETTER, _MARK)  # by the matched group's number


def _scan(text: str) -> list[_Raw]:
    """Runs of one class (each mark alone), with whether they touch the run before and
    whether a blank line stands before them.

    ``str.translate`` gives the text's classes and the regular expression their runs, both
    in C: the loop here only keeps each run, about two thirds of the time of walking the
    stretches between spaces in Python."""
    codes = text.translate(_CLASS_CODES)
    raws: list[_Raw] = []
    append = raws.append
    at = 0  # where the run before ended (0: none yet, so the first touches nothing)
    for match in _RUNS.finditer(codes):
        start, end = match.span()
        blank = start - at >= 2 and text.count("\n", at, start) >= 2  # one space: no blank line
        append((_RUN_KINDS[match.lastindex or 0], start, end, start == at and at > 0, blank))
        at = end
    return raws


def _ends_clause(text: str, raws: list[_Raw], position: int) -> bool:
    mark = text[raws[position][1]]
    if mark in _CLAUSE_MARKS:
        return True
    if mark != "." or position == 0 or (position + 1 < len(raws) and raws[position + 1][3]):
        return False
    kind, start, end = raws[position - 1][:3]
    if kind == _DIGIT:
        return True
    word = fold(text[start:end])
    return kind == _LETTER and len(word) >= 3 and word not in _ABBREVIATIONS


# NamedTuple's own constructor is a Python function; tuple.__new__ builds the same Token
# several times faster, and a quote makes one per word.
_new_token = tuple.__new__
_KINDS = {_DIGIT: TokenKind.DIGITS, _LETTER: TokenKind.WORD, _MARK: TokenKind.MARK}


def _normal(kind: int, surface: str) -> str:
    if kind == _DIGIT:
        return _digits(surface)
    if kind == _LETTER:
        return fold(surface)
    return surface if surface.isascii() else unicodedata.normalize("NFKC", surface)


@lru_cache(maxsize=8192)
def tokenize(text: str) -> tuple[Token, ...]:
    """The tokens of ``text``, normalised, with offsets and clause numbers (cached)."""
    raws = _scan(text)
    tokens: list[Token] = []
    append = tokens.append
    clause = 0
    plain = text.isascii()  # then a word's normal form is its lower case, the rest as is
    # (A run's ``glued`` is already False for the first one: nothing stands before it.)
    for position, (kind, start, end, glued, paragraph) in enumerate(raws):
        surface = text[start:end]
        if plain:
            normal = surface.lower() if kind == _LETTER else surface
        else:
            normal = _normal(kind, surface)
        if paragraph or (kind == _LETTER and normal in _CLAUSE_WORDS):
            clause += 1
        append(_new_token(Token, (_KINDS[kind], normal, start, end, glued, clause)))
        if kind == _MARK and (
            surface in _CLAUSE_MARKS or (surface == "." and _ends_clause(text, raws, position))
        ):
            clause += 1
    return tuple(tokens)


def is_mark(tokens: tuple[Token, ...], index: int, text: str, glued: bool = False) -> bool:
    """Whether ``tokens[index]`` is the mark ``text`` (and touches its predecessor)."""
    if index >= len(tokens):
        return False
    token = tokens[index]
    return token.kind == TokenKind.MARK and token.text == text and (token.glued or not glued)


def word_at(tokens: tuple[Token, ...], index: int) -> str:
    """The normalised text of a WORD token at ``index``, or "" for anything else."""
    if index < len(tokens) and tokens[index].kind == TokenKind.WORD:
        return tokens[index].text
    return ""


def skip_marks(tokens: tuple[Token, ...], index: int, marks: str) -> int:
    """The first index at or after ``index`` whose token is not one of ``marks``."""
    while index < len(tokens) and tokens[index].kind == TokenKind.MARK:
        if tokens[index].text not in marks:
            break
        index += 1
    return index


def compact(tokens: tuple[Token, ...], start: int, end: int) -> str:
    """Tokens ``start:end`` as one key: words and digits run together, ``&`` as ``and``,
    every other mark dropped (``N.I. Act`` -> ``niact``, ``sq. m`` -> ``sqm``)."""
    parts: list[str] = []
    for token in tokens[start:end]:
        if token.kind != TokenKind.MARK:
            parts.append(token.text)
        elif token.text == "&":
            parts.append("and")
        elif token.text.isalnum():
            parts.append(token.text.casefold())  # NFKC made "²" a "2": m² is m2
    return "".join(parts)


def glued_to_word(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the token at ``index`` touches a word before it ("SBIN4241", "A12")."""
    return (
        0 < index < len(tokens) and tokens[index].glued and tokens[index - 1].kind == TokenKind.WORD
    )
