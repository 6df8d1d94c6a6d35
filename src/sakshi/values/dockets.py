"""US docket numbers, English neutral citations and English claim numbers.

- A US district court docket: "1:23-cv-04567" (office 1, year 23, civil, number 4567) =
  "No. 1:23-cv-4567" = "Case No. 1:23-cv-04567-ABC"; "23 Civ. 4567" is "23-cv-4567". The
  judge's initials after the number ("-ABC", "(ABC)") are not part of it: a court adds
  and changes them as the case is assigned, and the case stays the same. A value without
  the office the quote gives ("23-cv-4567" for "1:23-cv-04567") is incomplete.
- An English neutral citation: "[2023] EWHC 1234 (Comm)", "[2024] EWCA Civ 56", "[2022]
  UKSC 3". A value without the division the quote gives ("(Comm)") is incomplete.
- An English claim number: "HC-2021-000123", "CL-2022-000456" (court code, year, number),
  of the courts whose codes it knows.
- A case of the EU courts: "C-311/18" (the Court of Justice), "T-604/18" (the General
  Court), "F-12/09" (the Civil Service Tribunal), the court's letter in capitals; an
  appeal's "P" after it ("C-311/18 P") is no part of the number.

Leading zeros of a number never matter; the year must match. A federal appeal's "No.
22-1234" has no form of its own to tell it from other numbers: declare such a field an
``identifier``, which compares it whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.values.found import Compare, Found, Reading, found_at
from sakshi.values.tokens import Token, TokenKind, is_mark, word_at

__all__ = [
    "LABELS",
    "ClaimReading",
    "DocketReading",
    "EUCaseReading",
    "NeutralReading",
    "court_ref_at",
]

# The words a value may put before a docket or a claim number ("Case No.", "Civil Action
# No.", "Claim No."): a label, not part of the number.
LABELS = frozenset(
    {"case", "claim", "civil", "criminal", "action", "docket", "index", "no", "nos", "number"}
)
# The case types of a federal docket (civil, criminal, magistrate judge, miscellaneous,
# multidistrict, bankruptcy, adversary proceeding, petty offence, search warrant, grand
# jury, death penalty): "12-Mar-2024" is a date, not a docket.
_DOCKET_TYPES = frozenset(
    {"cv", "cr", "mj", "mc", "md", "mdl", "ml", "bk", "ap", "po", "sw", "gj", "dp", "cm"}
)
_DOCKET_KINDS = {"civ": "cv", "crim": "cr"}  # "23 Civ. 4567" is "23-cv-4567"
# The courts' codes that begin an English claim number ("HC-2021-000123": the High
# Court; CL, BL, FL, PT, IL, HT: the Business and Property Courts' lists; KB, QB).
_CLAIM_COURTS = frozenset(
    {"HC", "CL", "BL", "FL", "PT", "IL", "HT", "CR", "LM", "KB", "QB", "CO", "IP", "BR", "CH"}
)
_COURTS = frozenset(
    {"uksc", "ukpc", "ukhl", "ewca", "ewhc", "ewfc", "ewcop", "ukut", "ukftt", "ukeat",
     "ukait", "csoh", "csih", "hcj", "nica", "niqb", "nich", "ewmc", "ewcc", "eat"}
)  # fmt: skip
_COURT_PARTS = frozenset({"civ", "crim"})  # "EWCA Civ", "EWCA Crim"
_EU_COURTS = frozenset({"C", "T", "F"})  # "C-311/18", "T-604/18", "F-12/09"


def _more(mine: str | None, theirs: str | None) -> Compare:
    """A qualifier (an office, a division): the same, or left out by the value."""
    if mine == theirs:
        return Compare.EQUAL
    return Compare.INCOMPLETE if mine is None else Compare.DIFFERENT


@dataclass(frozen=True)
class DocketReading(Reading):
    """A US docket: the office (None when not written), two-digit year, kind, number."""

    office: str | None
    year: int
    kind: str
    number: int

    def __str__(self) -> str:
        office = f"{self.office}:" if self.office else ""
        return f"{office}{self.year:02d}-{self.kind}-{self.number}"

    def compare(self, mention: Reading) -> Compare:
        """The same year, kind and number; the office the same, or left out by the value."""
        if not isinstance(mention, DocketReading):
            return Compare.DIFFERENT
        if (self.year, self.kind, self.number) != (mention.year, mention.kind, mention.number):
            return Compare.DIFFERENT
        return _more(self.office, mention.office)


@dataclass(frozen=True)
class NeutralReading(Reading):
    """An English neutral citation: year, court ("EWCA CIV"), number, division."""

    year: int
    court: str
    number: int
    division: str | None

    def __str__(self) -> str:
        division = f" ({self.division})" if self.division else ""
        return f"[{self.year}] {self.court} {self.number}{division}"

    def compare(self, mention: Reading) -> Compare:
        """The same year, court and number; the division the same, or left out."""
        if not isinstance(mention, NeutralReading):
            return Compare.DIFFERENT
        if (self.year, self.court, self.number) != (mention.year, mention.court, mention.number):
            return Compare.DIFFERENT
        return _more(self.division, mention.division)


@dataclass(frozen=True)
class ClaimReading(Reading):
    """An English claim number: court code, year, number."""

    court: str
    year: int
    number: int

    def __str__(self) -> str:
        return f"{self.court}-{self.year}-{self.number:06d}"


@dataclass(frozen=True)
class EUCaseReading(Reading):
    """A case of the EU courts: the court's letter, the number, the two-digit year."""

    court: str
    number: int
    year: int

    def __str__(self) -> str:
        return f"{self.court}-{self.number}/{self.year:02d}"


def _digits(tokens: tuple[Token, ...], index: int, sizes: range, glued: bool = True) -> str:
    if index >= len(tokens):
        return ""
    token = tokens[index]
    ok = token.kind == TokenKind.DIGITS and len(token.text) in sizes and (token.glued or not glued)
    return token.text if ok else ""


def _letters(tokens: tuple[Token, ...], index: int, longest: int) -> str:
    word = word_at(tokens, index)
    ok = word and tokens[index].glued and word.isascii() and word.isalpha()
    return word if ok and len(word) <= longest else ""


def _free(tokens: tuple[Token, ...], end: int) -> bool:
    """Whether the number ends at ``end`` (no letter or digit glued on)."""
    return end >= len(tokens) or not tokens[end].glued or tokens[end].kind == TokenKind.MARK


def _initials(tokens: tuple[Token, ...], end: int) -> int:
    """The index after a judge's initials ("-ABC-DEF", " (ABC)")."""
    while is_mark(tokens, end, "-", glued=True) and _letters(tokens, end + 1, 4):
        end += 2
    judge = word_at(tokens, end + 1)
    if is_mark(tokens, end, "(") and 0 < len(judge) <= 4 and is_mark(tokens, end + 2, ")"):
        end += 3
    return end


def _docket_at(tokens: tuple[Token, ...], index: int) -> Found | None:
    """ "1:23-cv-04567", "23-cv-4567-ABC", "23 Civ. 4567 (ABC)"."""
    office = None
    at = index
    if is_mark(tokens, index + 1, ":", glued=True) and _digits(tokens, index + 2, range(2, 3)):
        office, at = tokens[index].text.lstrip("0") or "0", index + 2
    year = _digits(tokens, at, range(2, 3), glued=False)
    if not year:
        return None
    kind = _letters(tokens, at + 2, 4) if is_mark(tokens, at + 1, "-", glued=True) else ""
    hyphened = is_mark(tokens, at + 3, "-", glued=True) and _digits(tokens, at + 4, range(1, 7))
    if kind in _DOCKET_TYPES and hyphened:
        number, end = tokens[at + 4].text, at + 5
    elif office is None and word_at(tokens, at + 1) in _DOCKET_KINDS:
        kind, end = _DOCKET_KINDS[tokens[at + 1].text], at + 2
        end += 1 if is_mark(tokens, end, ".") else 0
        number = _digits(tokens, end, range(1, 7), glued=False)
        end += 1
        if not number:
            return None
    else:
        return None
    if not _free(tokens, end):
        return None
    reading = DocketReading(office, int(year), _DOCKET_KINDS.get(kind, kind), int(number))
    return found_at(tokens, index, _initials(tokens, end), reading)


def _neutral_at(tokens: tuple[Token, ...], index: int) -> Found | None:
    """ "[2023] EWHC 1234 (Comm)", "[2024] EWCA Civ 56"."""
    year = _digits(tokens, index + 1, range(4, 5), glued=False)
    court = word_at(tokens, index + 3)
    if not year or not is_mark(tokens, index + 2, "]") or court not in _COURTS:
        return None
    at = index + 4
    if word_at(tokens, at) in _COURT_PARTS:
        court, at = f"{court} {tokens[at].text}", at + 1
    number = _digits(tokens, at, range(1, 7), glued=False)
    if not number:
        return None
    end, division = at + 1, None
    if is_mark(tokens, end, "(") and word_at(tokens, end + 1) and is_mark(tokens, end + 2, ")"):
        division, end = tokens[end + 1].text.upper(), end + 3
    reading = NeutralReading(int(year), court.upper(), int(number), division)
    return found_at(tokens, index, end, reading)


def _claim_at(tokens: tuple[Token, ...], index: int, source: str) -> Found | None:
    """ "HC-2021-000123": a court code in capitals, the year, the number."""
    token = tokens[index]
    if len(token.text) > 3 or not is_mark(tokens, index + 1, "-", glued=True):
        return None
    surface = source[token.start : token.end]
    if surface not in _CLAIM_COURTS:
        return None
    dashes = is_mark(tokens, index + 1, "-", glued=True) and is_mark(
        tokens, index + 3, "-", glued=True
    )
    year, number = _digits(tokens, index + 2, range(4, 5)), _digits(tokens, index + 4, range(1, 9))
    if not (dashes and year and number and _free(tokens, index + 5)):
        return None
    reading = ClaimReading(surface, int(tokens[index + 2].text), int(tokens[index + 4].text))
    return found_at(tokens, index, index + 5, reading)


def _eu_case_at(tokens: tuple[Token, ...], index: int, source: str) -> Found | None:
    """ "C-311/18": the court's letter in capitals, a hyphen, the number, "/", the year."""
    token = tokens[index]
    if source[token.start : token.end] not in _EU_COURTS:
        return None
    hyphen, slash = (
        is_mark(tokens, index + 1, "-", glued=True),
        is_mark(tokens, index + 3, "/", True),
    )
    number, year = _digits(tokens, index + 2, range(1, 6)), _digits(tokens, index + 4, range(2, 3))
    if not (hyphen and slash and number and year and _free(tokens, index + 5)):
        return None
    end = index + 5
    if end < len(tokens) and source[tokens[end].start : tokens[end].end] == "P":
        end += 1  # an appeal ("C-311/18 P"): the same case number
    reading = EUCaseReading(token.text.upper(), int(number), int(year))
    return found_at(tokens, index, end, reading)


def court_ref_at(tokens: tuple[Token, ...], index: int, source: str) -> Found | None:
    """A docket, a neutral citation or a claim number that begins at ``index``."""
    token = tokens[index]
    if token.kind == TokenKind.DIGITS:
        return _docket_at(tokens, index) if len(token.text) <= 2 else None
    if token.kind == TokenKind.MARK:
        return _neutral_at(tokens, index) if token.text == "[" else None
    return _claim_at(tokens, index, source) or _eu_case_at(tokens, index, source)
