"""Currency marks: which currencies a code, symbol or name written in a text may be.

Every ISO 4217 code, each currency's CLDR symbols and English names (data/currencies.py,
extracted from CLDR at build time), and the Indian spellings CLDR does not carry. A mark
is looked up by its first token (one dict lookup per token, never a loop over the
currencies), longest first, and says every currency that writes it: ``$`` is some twenty
dollars and pesos, ``£`` five pounds, ``¥`` the yen and the yuan, ``kr`` four crowns. Which
of them a shared mark is comes later: the field's declared currency when it is one of
them, else the currency of the locale's region when it is one of them, else none (the
mention is CURRENCY_AMBIGUOUS).

How each kind of mark is read:

- a code only in capitals (``USD``, ``CHF``; "all 5 of them" is no Albanian lek);
- a symbol as CLDR writes it, its letters in their case and its parts touching (``S$``,
  ``HK$``, ``R$``, ``kr``, ``zł``; a trailing dot is optional: ``Rs`` and ``Rs.``);
- an English name in any case; a one-word name ("yen", "francs", "dollars") only after
  the amount ("won 5 cases" is no money), a longer one on either side ("US dollars");
- the Indian spellings (``Rs.``, ``Rupees``, ``रु.``, ``रुपये``, ...) in any case on either
  side, ``Re.`` only before the amount and only with its dot; "pounds sterling".
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from sakshi.values.data.currencies import CODES, NAMES, REGIONS, SYMBOLS
from sakshi.values.tokens import Token, TokenKind, fold, is_mark

__all__ = ["CURRENCIES", "Mark", "choose", "mark_at", "mark_starts", "regional"]

CURRENCIES = frozenset(CODES)

# Spellings CLDR does not carry (the surface, its currency, before, after, dot needed):
# Indian records' rupees, and the names English contracts and filings give the dollar
# and the pound besides CLDR's ("US dollars", "British pounds").
_SPELLINGS: tuple[tuple[str, str, bool, bool, bool], ...] = (
    ("rs", "INR", True, True, False),
    ("re", "INR", True, False, True),  # "re" alone is "regarding"
    *((word, "INR", True, True, False) for word in ("rupees", "rupee")),
    *((word, "INR", True, True, False) for word in ("रु", "रू", "रुपये", "रुपए", "रुपया", "रुपयों")),
    *(
        (f"{us} {dollars}", "USD", True, True, False)
        for us in ("united states", "u.s.")
        for dollars in ("dollars", "dollar")
    ),
    ("pound sterling", "GBP", True, True, False),
    ("pounds sterling", "GBP", True, True, False),
    ("sterling", "GBP", False, True, False),
)
# The locale in force when none is set (SPEC 8: en-IN), and so its region's currency.
_DEFAULT_REGION = "IN"


class Mark(NamedTuple):
    """A currency mark found in a text: the currencies it may be, and the token after it."""

    codes: frozenset[str]
    end: int
    text: str  # the mark as written (``$``, ``Rs``, ``kr``), for display


class _Entry(NamedTuple):
    rest: tuple[str, ...]  # the normalised texts of the tokens after the first
    glued: tuple[bool, ...]  # whether each of them must touch the one before
    surfaces: frozenset[tuple[str, ...]] | None  # the exact spellings; None: any case
    codes: frozenset[str]
    before: bool
    after: bool
    dot: bool  # it must end in a dot ("Re.")


def _parts(text: str) -> tuple[tuple[str, ...], tuple[bool, ...], tuple[str, ...]]:
    """A mark's tokens as the tokenizer makes them (runs of letters, each other character
    alone): their normalised texts, whether each after the first touches the one before,
    and their raw parts. Split here, not by the tokenizer: the index is built at import,
    and a mark is a few characters, without digits, clauses or scripts to sort out."""
    if text.isascii() and text.replace(" ", "").isalpha():  # most names, every code
        words = tuple(text.split())
        return tuple(word.lower() for word in words), (False,) * (len(words) - 1), words
    raw: list[str] = []
    glued: list[bool] = []
    touching = False
    for char in text:
        if char.isspace():
            touching = False
            continue
        if touching and _joins(char) and _joins(raw[-1][-1]):
            raw[-1] += char
        else:
            raw.append(char)
            glued.append(touching)
        touching = True
    texts = tuple(fold(part) if _joins(part[0]) else _mark(part) for part in raw)
    return texts, tuple(glued[1:]), tuple(raw)


def _joins(char: str) -> bool:
    """Whether ``char`` belongs to a word (a letter or a combining mark)."""
    return char.isalpha() or unicodedata.category(char)[0] == "M"


def _mark(char: str) -> str:
    return char if char.isascii() else unicodedata.normalize("NFKC", char)


_Key = tuple[str, ...]  # a mark's tokens' normalised texts
_Row = tuple[_Key, tuple[bool, ...], _Key | None, tuple[str, ...], bool, bool, bool]


def _rows() -> Iterable[_Row]:
    """(texts, gluing, exact spelling or None for any case, currencies, before, after,
    dot needed) for every mark but the codes (``code_at`` reads those)."""
    for symbol, codes in SYMBOLS.items():
        texts, glued, raw = _parts(symbol.removesuffix(".") or symbol)
        yield texts, glued, raw, codes, True, True, False
    for name, codes in NAMES.items():
        texts, glued, _ = _parts(name)
        yield texts, glued, None, codes, len(texts) > 1, True, False
    for word, code, before, after, dot in _SPELLINGS:
        texts, glued, _ = _parts(word)
        yield texts, glued, None, (code,), before, after, dot


def _entry(rows: list[_Row]) -> _Entry:
    """One mark that several sources may write (``Rs`` is a CLDR symbol and an Indian
    spelling): all their currencies, read where any of them reads, in any case when any
    of them is, needing a dot only when all of them do."""
    texts, glued, spelled, codes, before, after, dot = rows[0]
    if len(rows) == 1:  # nearly every mark: built without the gathering below
        exact = None if spelled is None else frozenset((spelled,))
        return _Entry(texts[1:], glued, exact, frozenset(codes), before, after, dot)
    written = [row[2] for row in rows]
    spellings = None if None in written else frozenset(e for e in written if e is not None)
    return _Entry(
        texts[1:],
        glued,
        spellings,
        frozenset(code for row in rows for code in row[3]),
        any(row[4] for row in rows),
        any(row[5] for row in rows),
        all(row[6] for row in rows),
    )


@cache
def _index() -> dict[str, tuple[_Entry, ...]]:
    """First token's text -> the marks that start with it, longest first. Built once, on
    the first money read rather than at import (a few milliseconds that a run reading no
    money should not pay)."""
    groups: dict[_Key, list[_Row]] = defaultdict(list)
    for row in _rows():
        groups[row[0]].append(row)
    by_first: dict[str, list[_Entry]] = defaultdict(list)
    for texts, rows in groups.items():
        by_first[texts[0]].append(_entry(rows))
    return {
        first: tuple(sorted(entries, key=lambda entry: -len(entry.rest)))
        for first, entries in by_first.items()
    }


@cache
def mark_starts() -> frozenset[str]:
    """What a currency mark can begin with: the scan tries a mark only at these tokens."""
    return frozenset(_index()) | _CODE_WORDS


_CODE_WORDS = frozenset(code.lower() for code in CODES)


def _code_at(tokens: tuple[Token, ...], text: str, index: int) -> Mark | None:
    """An ISO code, in capitals ("USD"; "all 5 of them" is no Albanian lek)."""
    token = tokens[index]
    if token.kind != TokenKind.WORD or token.text not in _CODE_WORDS:
        return None
    written = text[token.start : token.end]
    code = token.text.upper()
    return Mark(frozenset((code,)), index + 1, written) if written.isupper() else None


def _surface(tokens: tuple[Token, ...], text: str, first: int, count: int) -> tuple[str, ...]:
    parts = []
    for token in tokens[first : first + count]:
        raw = text[token.start : token.end]
        parts.append(raw if raw.isascii() else unicodedata.normalize("NFKC", raw))
    return tuple(parts)


def _fits(entry: _Entry, tokens: tuple[Token, ...], text: str, index: int) -> bool:
    count = 1 + len(entry.rest)
    if index + count > len(tokens):
        return False
    if count > 1 and tokens[index + 1].text != entry.rest[0]:
        return False  # most marks that share a first token part at the second
    for offset, (want, glued) in enumerate(zip(entry.rest, entry.glued, strict=True), 1):
        token = tokens[index + offset]
        if token.text != want or (glued and not token.glued):
            return False
    return entry.surfaces is None or _surface(tokens, text, index, count) in entry.surfaces


def mark_at(tokens: tuple[Token, ...], text: str, index: int, before: bool) -> Mark | None:
    """The currency mark at ``index`` (the longest one), standing ``before`` an amount or
    after one, and the index after it (and after its abbreviating dot)."""
    if index >= len(tokens):
        return None
    for entry in _index().get(tokens[index].text, ()):
        if not (entry.before if before else entry.after) or not _fits(entry, tokens, text, index):
            continue
        end = index + 1 + len(entry.rest)
        dotted = tokens[end - 1].kind == TokenKind.WORD and is_mark(tokens, end, ".", glued=True)
        if entry.dot and not dotted:
            continue
        written = text[tokens[index].start : tokens[end - 1].end]
        return Mark(entry.codes, end + 1 if dotted else end, written)
    return _code_at(tokens, text, index)


def regional(locale: str | None) -> frozenset[str]:
    """The currencies tender today in the locale's region (en-IN when no locale is set;
    none for a tag without a region, such as ``en``)."""
    if locale is None:
        return frozenset(REGIONS[_DEFAULT_REGION])
    for part in locale.replace("_", "-").split("-")[1:]:
        if (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            return frozenset(REGIONS.get(part.upper(), ()))
    return frozenset()


def choose(codes: frozenset[str], preferred: frozenset[str]) -> str | None:
    """The one currency a mark is: its only one, else the one of ``preferred`` (the
    declared currency, or the region's) that it may be; None when that is not one."""
    if len(codes) == 1:
        return next(iter(codes))
    both = codes & preferred
    return next(iter(both)) if len(both) == 1 else None
