"""Case numbers: the case type, the number and the year; US dockets, English neutral
citations and claim numbers (dockets.py).

"CC No. 1234 of 2023" = "C.C. 1234/2023" = "C.C.No.01234/2023": dots, spaces and "No." do
not matter, nor do the number's leading zeros. Case types are read by every common
spelling (casetypes.py: CC, Crl. Comp., MACP, FIR, O.S., C.S., W.P.(C), Crl.A., Bail
Appln., CMA, Arb. Pet., ...). A type the table does not know is read where the form says
it is one, and compared as written (case-folded, dots and spaces dropped): capitalised
words before "No." and a number with its year ("Award No. 57 of 2022", "Arbitration
Case No. 12 of 2021"), or capitals before a number ("RCA No. 12", "SCN 384/2024"). A
value without the year its quote gives is incomplete. "CC" matches a Consumer Complaint
and a Criminal Complaint too (users write it for all three); commercial suits are "Com.
O.S." and "C.S. (Comm)" by every spelling.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sakshi.reasons import ValueReason
from sakshi.values.casetypes import CASE_TYPES, CC_MEANS, LONGEST_TYPE, TYPE_ENDINGS
from sakshi.values.dockets import LABELS, court_ref_at
from sakshi.values.found import (
    Compare,
    Found,
    Reading,
    Refusal,
    covers,
    found_at,
    lead,
    scan_mentions,
)
from sakshi.values.model import FieldDecl
from sakshi.values.tokens import Token, TokenKind, compact, is_mark, word_at

__all__ = ["CASE_TYPES", "CaseReading", "case_mentions", "read_case"]


_NUMBER_WORDS = frozenset({"no", "nos", "number", "नं", "संख्या"})
# Capitalised words that stand before a type without being part of it ("The Award No.").
_NOT_TYPE = frozenset(
    {"the", "a", "an", "in", "of", "vide", "under", "by", "and", "or", "to", "from", "with",
     "this", "that", "said", "its", "his", "her", "their", "our", "per", "as", "at", "on",
     "for", "see", "also", "is", "was", "being", "dated", "filed", "passed"}
)  # fmt: skip
_TYPE_WORDS = 4  # the words an unknown type may take ("Commercial Arbitration Case")
_WORDS, _CAPITALS = "words", "capitals"  # how an unknown type may be written
_LABELS = frozenset(CASE_TYPES.values())


@dataclass(frozen=True)
class CaseReading(Reading):
    """A case's type (its label, or the compact spelling of an unknown one, in capitals),
    number and year; ``shown`` is an unknown type as written, for people only."""

    kind: str
    number: int
    year: int | None
    shown: str = field(default="", compare=False)
    last: int | None = None  # a financial year's last year ("12/2024-25": 2025)

    def __str__(self) -> str:
        kind = self.shown or self.kind
        year = f"{self.year}-{self.last % 100:02d}" if self.last else str(self.year)
        return f"{kind} {self.number}/{year}" if self.year else f"{kind} {self.number}"

    def compare(self, mention: Reading) -> Compare:
        """Same type and number; a missing year the mention gives is incomplete."""
        if not isinstance(mention, CaseReading):
            return Compare.DIFFERENT
        kinds = {self.kind, mention.kind}
        same_kind = len(kinds) == 1 or ("CC" in kinds and kinds <= CC_MEANS)
        if not same_kind or self.number != mention.number:
            return Compare.DIFFERENT
        if self.year is None and mention.year is not None:
            return Compare.INCOMPLETE
        same = self.year == mention.year and self.last == mention.last
        return Compare.EQUAL if same else Compare.DIFFERENT


def _type_before(
    tokens: tuple[Token, ...], end: int, source: str, unknown: str | None
) -> tuple[str, int] | None:
    """The case type whose tokens end at ``end``: the longest known spelling, else (as
    ``unknown`` allows) an unknown type written in capitals or capitalised words."""
    known = _known_before(tokens, end)
    if known is not None:
        return known
    if unknown is None or end == 0:
        return None
    start, words = end, 0
    clause = tokens[end - 1].clause
    while start > max(0, end - LONGEST_TYPE) and tokens[start - 1].clause == clause:
        piece = _piece(tokens, start - 1, source, unknown == _WORDS)
        words += piece == TokenKind.WORD
        if piece is None or words > _TYPE_WORDS:
            break
        start -= 1
    while start < end and tokens[start].kind == TokenKind.MARK:
        start += 1
    return (compact(tokens, start, end).upper(), start) if start < end else None


def _known_before(tokens: tuple[Token, ...], end: int) -> tuple[str, int] | None:
    """The longest known spelling that ends at ``end``, read backwards a token at a time
    while some spelling ends with the key so far (a spelling starts on a word or "(")."""
    key = ""
    found: tuple[str, int] | None = None
    for start in range(end - 1, max(0, end - LONGEST_TYPE) - 1, -1):
        token = tokens[start]
        if token.kind == TokenKind.DIGITS:
            break
        key = compact(tokens, start, start + 1) + key
        if key and key not in TYPE_ENDINGS:
            break
        if token.kind != TokenKind.MARK or token.text == "(":
            label = CASE_TYPES.get(key)
            found = (label, start) if label is not None else found
    return found


def _piece(tokens: tuple[Token, ...], index: int, source: str, words: bool) -> TokenKind | None:
    """What a token of an unknown type is, or None when it is none: capitals ("RCA"), a
    capitalised word cut short by a dot ("Crl.", "Misc."), with ``words`` any capitalised
    word ("Award", "Arbitration Case"), or the dots and brackets between them."""
    token = tokens[index]
    if token.kind == TokenKind.MARK:
        return token.kind if token.text in ".()" else None
    surface = source[token.start : token.end]
    if token.kind != TokenKind.WORD or not surface[:1].isupper():
        return None
    short = (surface.isupper() and len(surface) <= 5) or (
        len(surface) <= 6 and is_mark(tokens, index + 1, ".", glued=True)
    )
    named = words and surface.isalpha() and len(surface) <= 20 and token.text not in _NOT_TYPE
    return token.kind if short or named else None


def _year_after(tokens: tuple[Token, ...], index: int) -> tuple[int, int, int | None] | None:
    """The year after a case's number and the index after it, and the last year of a
    financial year written as the year ("SCN No. 12/2024-25", Indian notices' numbering)."""
    if is_mark(tokens, index, "/") or is_mark(tokens, index, "-") or word_at(tokens, index) == "of":
        at = index + 1
    else:
        return None
    if at < len(tokens) and tokens[at].kind == TokenKind.DIGITS and len(tokens[at].text) in (2, 4):
        glued_on = at + 1 < len(tokens) and tokens[at + 1].glued
        if glued_on and tokens[at + 1].kind != TokenKind.MARK:
            return None
        year = int(tokens[at].text)
        if len(tokens[at].text) == 4 and not _FIRST_YEAR <= year <= _LAST_YEAR:
            return None  # "CLM/2024/7781": no year, an identifier's run of digits
        if _runs_on(tokens, at + 1):
            last = _last_year(tokens, at + 2, year) if len(tokens[at].text) == 4 else None
            if last is not None:
                return year, at + 3, last
            return None  # "12/2024/5": more digits after the year, an identifier
        return year, at + 1, None
    return None


def _last_year(tokens: tuple[Token, ...], at: int, year: int) -> int | None:
    """The year after ``year`` written at ``at`` ("25" or "2025" after "2024-"), else None."""
    text = tokens[at].text
    if not is_mark(tokens, at - 1, "-") or _runs_on(tokens, at + 1):
        return None
    if (len(text) == 2 and int(text) == (year + 1) % 100) or (
        len(text) == 4 and int(text) == year + 1
    ):
        return year + 1
    return None


# The years a case number's year may be: a four-digit run outside them is no year.
_FIRST_YEAR, _LAST_YEAR = 1800, 2199


def _runs_on(tokens: tuple[Token, ...], index: int) -> bool:
    """A glued "/" or "-" and more glued digits at ``index``."""
    return (
        index + 1 < len(tokens)
        and tokens[index].glued
        and tokens[index].text in ("/", "-")
        and tokens[index + 1].glued
        and tokens[index + 1].kind == TokenKind.DIGITS
    )


def _span(number: str, year: tuple[int, int, int | None] | None) -> bool:
    """Whether "2023/24" or "2023-24" is a fiscal year, not a number and its year."""
    return (
        year is not None
        and len(number) == 4
        and year[0] < 100
        and (int(number) + 1) % 100 == year[0]
    )


def _case_at(tokens: tuple[Token, ...], index: int, source: str, loose: bool) -> Found | None:
    """The case number whose number is the digits at ``index``."""
    if tokens[index].kind != TokenKind.DIGITS:
        return None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if after is not None and after.glued and after.kind == TokenKind.WORD:
        return None  # "29ABCDE..." is an identifier, not a case's number
    before = index
    while before > 0 and (
        is_mark(tokens, before - 1, ".")
        or is_mark(tokens, before - 1, ":")
        or is_mark(tokens, before - 1, "/")
        or word_at(tokens, before - 1) in _NUMBER_WORDS
    ):
        before -= 1
    labelled = any(word_at(tokens, i) in _NUMBER_WORDS for i in range(before, index))
    year = _year_after(tokens, index + 1)
    if _span(tokens[index].text, year):
        return None
    # An unknown type in words needs its full form in a quote ("Award No. 57 of 2022"),
    # so that "Cheque No. 123456" is no case; a declared value may leave out its year.
    unknown = _CAPITALS if labelled or loose or year else None
    unknown = _WORDS if labelled and (year or loose) else unknown
    kind = _type_before(tokens, before, source, unknown)
    if kind is None or (not labelled and year is None and not loose):
        return None
    number, end = int(tokens[index].text), year[1] if year else index + 1
    shown = "" if kind[0] in _LABELS else source[tokens[kind[1]].start : tokens[before - 1].end]
    shown = " ".join(shown.split())
    reading = CaseReading(
        kind[0], number, year[0] if year else None, shown, year[2] if year else None
    )
    return found_at(tokens, kind[1], end, reading)


def case_mentions(tokens: tuple[Token, ...], source: str) -> tuple[Found, ...]:
    """Every case number in the quote (``source`` is the quote, to see its capitals)."""
    return scan_mentions(
        tokens,
        lambda token: True,
        lambda index: court_ref_at(tokens, index, source) or _case_at(tokens, index, source, False),
    )


def _court_ref(tokens: tuple[Token, ...], first: int, source: str) -> Reading | None:
    """A value that is a docket, a neutral citation or a claim number, perhaps after its
    label ("Case No. 1:23-cv-04567", "Claim No. HC-2021-000123")."""
    start = first
    while start < len(tokens) and (
        word_at(tokens, start) in LABELS or tokens[start].text in (".", ":")
    ):
        start += 1
    if start >= len(tokens):
        return None
    # "[2023] EWHC 1234": the bracket is stray punctuation to ``lead``, not to a citation
    begin = start - 1 if start > 0 and is_mark(tokens, start - 1, "[") else start
    found = court_ref_at(tokens, begin, source) or court_ref_at(tokens, start, source)
    if found is None or not covers(tokens, min(first, found.first), found.end):
        return None
    return found.reading


def read_case(tokens: tuple[Token, ...], source: str, decl: FieldDecl | None) -> Reading | Refusal:
    """A case-number value: a type, a number and (ideally) the year, nothing else; or a
    docket, a neutral citation or a claim number."""
    first = lead(tokens)
    ref = _court_ref(tokens, first, source)
    if ref is not None:
        return ref
    for index in range(first, len(tokens)):
        if tokens[index].kind == TokenKind.DIGITS:
            mention = _case_at(tokens, index, source, loose=decl is not None)
            if mention is not None and covers(tokens, mention.first, mention.end):
                return mention.reading or Refusal(ValueReason.VALUE_UNPARSEABLE)
            break
    return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a case type, number and year")
