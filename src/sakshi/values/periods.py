"""Periods: a fiscal or calendar year, half, quarter or month, read to one canonical form.

"Q3 FY2025", "Q3 FY25", "FY25 Q3", "Q3 of fiscal 2025", "the third quarter of fiscal
year 2025"; "FY 2024-25" = "FY2024-25" = "F.Y. 2024-2025" = "financial year 2024-25"; "H1
2025", "1H 2025", "first half of 2025"; "Q3 2025", "3Q 2025", "the third quarter of
2025"; "calendar year 2024" = "CY2024"; "March 2025"; "A.Y. 2025-26" (an Indian assessment
year).
A period is compared exactly: "Q3 FY2025" is not "Q3 2025" (fiscal is not calendar), nor
"Q2 FY2025", nor "Q3 FY2024". A quarter or half with no fiscal mark is a calendar one.

Years: four digits, or two after a fiscal, calendar or assessment mark ("FY25" is FY2025:
business writes them so, where a date's two-digit year is refused) and as the end of a
range ("2024-25", whose years must follow each other). A fiscal year named by one year is
named by the year it ends in (India: "FY25" is "FY 2024-25") or, in Japan, by the year it
starts in; elsewhere companies differ (a US retailer's "fiscal 2024" may end in 2025). So
only the field's or the pack's ``locale`` says which: with ``en-IN`` "FY2025" is "FY
2024-25", with ``ja-JP`` it is "FY 2025-26", and with any other locale or none the two
namings are never equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sakshi.reasons import ValueReason
from sakshi.values.dates import MONTHS
from sakshi.values.found import Found, Reading, Refusal, covers, found_at, lead, scan_mentions
from sakshi.values.numerals import ORDINAL_SUFFIXES
from sakshi.values.tokens import Token, TokenKind, compact, is_mark, word_at
from sakshi.values.units import name_at, names

__all__ = ["Basis", "Part", "PeriodReading", "period_mentions", "read_period"]


class Part(StrEnum):
    """How much of a year a period is."""

    YEAR = "year"
    HALF = "half"
    QUARTER = "quarter"
    MONTH = "month"


class Basis(StrEnum):
    """Which year a period is part of."""

    CALENDAR = "calendar"
    FISCAL = "fiscal"
    ASSESSMENT = "assessment"


@dataclass(frozen=True)
class PeriodReading(Reading):
    """A period: its part of the year (``index`` 1-4, 1-2 or 1-12; 0 for a whole year),
    its basis, and its year, or a fiscal year's two ("2024-25")."""

    part: Part
    index: int
    basis: Basis
    years: tuple[int, ...]

    def __str__(self) -> str:
        years = "-".join([str(self.years[0]), *(f"{y % 100:02}" for y in self.years[1:])])
        mark = {Basis.CALENDAR: "CY", Basis.FISCAL: "FY", Basis.ASSESSMENT: "AY"}[self.basis]
        year = years if self.basis == Basis.CALENDAR and self.part != Part.YEAR else mark + years
        if self.part == Part.MONTH:
            return f"{years}-{self.index:02}"
        if self.part == Part.YEAR:
            return year
        return f"{'Q' if self.part == Part.QUARTER else 'H'}{self.index} {year}"

    def rivals(self, mention: Reading) -> bool:
        """Only a period of the same size is a rival reading: "fiscal 2025" and "fiscal
        2024" are no rivals of "Q1 FY2025" in "revenue for fiscal 2025 rose over fiscal
        2024, and Q1 FY2025 includes a charge" (two quarters would be)."""
        return not isinstance(mention, PeriodReading) or mention.part == self.part


_BASES = names(
    [
        *((name, Basis.FISCAL) for name in ("fy", "f.y.", "fiscal", "fiscal year",
                                            "financial year", "fin. year")),
        *((name, Basis.CALENDAR) for name in ("cy", "c.y.", "calendar", "calendar year")),
        *((name, Basis.ASSESSMENT) for name in ("ay", "a.y.", "assessment year")),
    ]
)  # fmt: skip
_MARKS = frozenset({"fy", "cy", "ay"})  # the short marks, which take a two-digit year
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_PARTS = {"q": Part.QUARTER, "h": Part.HALF, "quarter": Part.QUARTER, "half": Part.HALF}
_SIZES = {Part.QUARTER: 4, Part.HALF: 2}
_RANGE_MARKS = frozenset("-–/")
_FILLER = frozenset({"of", "the", "in"})
_START = frozenset(_ORDINALS) | frozenset(_PARTS) | frozenset(MONTHS) | frozenset(_BASES.spans)
# Where a fiscal year named by one year is known to start: India's FY2025 is 2024-25,
# Japan's 2025-26 (the shift from the year named to the first year it spans).
_FIRST_YEAR = {"in": -1, "jp": 0}
_AFTER_DIGITS = frozenset({"q", "h"}) | ORDINAL_SUFFIXES
_BEFORE_A_MONTH = frozenset({"of", "day", "the"}) | ORDINAL_SUFFIXES


@dataclass(frozen=True)
class _Year:
    """A year or a range of two, where it ends, and whether it can be read (a bare
    two-digit year, or a range of years that do not follow each other, cannot)."""

    years: tuple[int, ...]
    end: int
    readable: bool


def _year_at(tokens: tuple[Token, ...], index: int, short: bool) -> _Year | None:
    """A year at ``index`` ("2025", "2024-25", "2024/2025"; "25" when ``short``)."""
    if index >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    text = tokens[index].text
    if len(text) not in (2, 4) or _runs_on(tokens, index + 1, allow_range=True):
        return None
    first = int(text) if len(text) == 4 else 2000 + int(text)
    readable = len(text) == 4 or short
    end = index + 1
    if end + 1 < len(tokens) and tokens[end].text in _RANGE_MARKS and tokens[end].glued:
        after = tokens[end + 1]
        if after.glued and after.kind == TokenKind.DIGITS and len(after.text) in (2, 4):
            if _runs_on(tokens, end + 2, allow_range=False):
                return None
            second = int(after.text)
            follows = second == first + 1 or (len(after.text) == 2 and second == (first + 1) % 100)
            return _Year((first, first + 1), end + 2, readable and follows)
    return _Year((first,), end, readable)


def _runs_on(tokens: tuple[Token, ...], index: int, allow_range: bool) -> bool:
    """Glued letters, digits or a joining mark and more: the year is part of a code."""
    if index >= len(tokens) or not tokens[index].glued:
        return False
    token = tokens[index]
    if token.kind != TokenKind.MARK:
        return True
    if allow_range and token.text in _RANGE_MARKS:
        return False
    return token.text in "./-" and index + 1 < len(tokens) and tokens[index + 1].glued


def _part_at(tokens: tuple[Token, ...], index: int) -> tuple[Part, int, int] | None:
    """ "Q3", "3Q", "H1", "1H", "third quarter", "3rd quarter", "first half": the part,
    its number and the index after it."""
    word = word_at(tokens, index)
    after = index + 1
    glued = after < len(tokens) and tokens[after].glued
    if word in ("q", "h") and glued:
        return _part(_PARTS[word], _small(tokens, after), after + 1)
    digits = tokens[index].kind == TokenKind.DIGITS
    if digits and glued and word_at(tokens, after) in ("q", "h"):
        return _part(_PARTS[tokens[after].text], _small(tokens, index), after + 1)
    number = _ORDINALS.get(word)
    if digits and glued and word_at(tokens, after) in ORDINAL_SUFFIXES:
        number, after = _small(tokens, index), after + 1  # "3rd quarter"
    if number is not None and word_at(tokens, after) in ("quarter", "half"):
        return _part(_PARTS[tokens[after].text], number, after + 1)
    return None


def _small(tokens: tuple[Token, ...], index: int) -> int:
    token = tokens[index]
    return int(token.text) if token.kind == TokenKind.DIGITS and len(token.text) == 1 else 0


def _part(part: Part, number: int, end: int) -> tuple[Part, int, int] | None:
    return (part, number, end) if 1 <= number <= _SIZES[part] else None


def _skip_filler(tokens: tuple[Token, ...], index: int) -> int:
    while index < len(tokens) and (
        word_at(tokens, index) in _FILLER or is_mark(tokens, index, ",")
    ):
        index += 1
    return index


def _basis_year(
    tokens: tuple[Token, ...], index: int, basis: Basis | None
) -> tuple[Basis, _Year] | None:
    """A year with its basis mark before it ("FY2025", "fiscal year 2024-25"), or a bare
    year (a calendar one) unless a mark was already read."""
    named = name_at(tokens, index, _BASES)
    if named is not None:
        short = compact(tokens, index, named[1]) in _MARKS
        after = named[1] + 1 if is_mark(tokens, named[1], ".", glued=True) else named[1]
        year = _year_at(tokens, after, short=short)
        return None if year is None else (named[0], year)
    if basis is not None:
        year = _year_at(tokens, index, short=False)
        return None if year is None else (basis, year)
    year = _year_at(tokens, index, short=False)
    return None if year is None or len(year.years) > 1 else (Basis.CALENDAR, year)


def _month_at(tokens: tuple[Token, ...], index: int) -> tuple[Part, int, int] | None:
    """A month's name not part of a date: no day before it ("12 March 2025", "12th day
    of March"), and a four-digit year after it."""
    month = MONTHS.get(word_at(tokens, index))
    if month is None:
        return None
    before = index - 1
    while before >= 0 and (
        tokens[before].text in _BEFORE_A_MONTH - ORDINAL_SUFFIXES
        or (tokens[before].kind == TokenKind.MARK and tokens[before].text in ",.-/")
    ):
        before -= 1
    if before >= 0 and (
        tokens[before].kind == TokenKind.DIGITS or tokens[before].text in ORDINAL_SUFFIXES
    ):
        return None
    end = index + 2 if is_mark(tokens, index + 1, ".", glued=True) else index + 1
    end = end + 1 if is_mark(tokens, end, ",") or is_mark(tokens, end, "-") else end
    year = _year_at(tokens, end, short=False)
    if year is None or len(year.years) > 1 or len(tokens[end].text) != 4:
        return None
    return Part.MONTH, month, end


def _period_at(tokens: tuple[Token, ...], index: int, locale: str | None) -> Found | None:
    basis: Basis | None = None
    start = index
    lead_mark = name_at(tokens, index, _BASES)
    fronted = lead_mark is not None and word_at(tokens, index) in ("fiscal", "calendar")
    if lead_mark is not None and fronted and _part_at(tokens, lead_mark[1]) is not None:
        basis, index = lead_mark[0], lead_mark[1]  # "fiscal Q3 2025"
    part = _part_at(tokens, index) or _month_at(tokens, index)
    if part is None:
        if basis is not None:
            return None
        stated = _basis_year(tokens, index, basis=None) if lead_mark is not None else None
        if stated is None:
            return None  # a bare year is no period: only a marked one ("FY2025", "CY2024")
        return _year_first(tokens, start, stated, locale)
    kind, number, after = part
    stated = _basis_year(tokens, _skip_filler(tokens, after), basis)
    if stated is None or (kind == Part.MONTH and stated[0] != Basis.CALENDAR):
        return None
    return _found(tokens, start, kind, number, stated, locale)


def _year_first(
    tokens: tuple[Token, ...], start: int, stated: tuple[Basis, _Year], locale: str | None
) -> Found:
    """A marked year, or the part written after it ("FY25 Q3", "FY2025 H1") when no
    year of its own follows that part."""
    part = _part_at(tokens, stated[1].end) if stated[1].end < len(tokens) else None
    if part is not None and part[0] != Part.MONTH:
        own = _basis_year(tokens, _skip_filler(tokens, part[2]), None)
        if own is None:
            moved = _Year(stated[1].years, part[2], stated[1].readable)
            return _found(tokens, start, part[0], part[1], (stated[0], moved), locale)
    return _found(tokens, start, Part.YEAR, 0, stated, locale)


def _found(
    tokens: tuple[Token, ...],
    start: int,
    part: Part,
    number: int,
    stated: tuple[Basis, _Year],
    locale: str | None,
) -> Found:
    basis, year = stated
    readable = year.readable and not (basis == Basis.CALENDAR and len(year.years) > 1)
    years = _fiscal_years(year.years, locale) if basis == Basis.FISCAL else year.years
    reading = PeriodReading(part, number, basis, years) if readable else None
    return found_at(tokens, start, year.end, reading)


def _fiscal_years(years: tuple[int, ...], locale: str | None) -> tuple[int, ...]:
    """A fiscal year named by one year as the two it spans, where the locale's region has
    one convention (India names it by its last year, Japan by its first)."""
    shift = _FIRST_YEAR.get(_region(locale) or "")
    if len(years) != 1 or shift is None:
        return years
    return (years[0] + shift, years[0] + shift + 1)


def _region(locale: str | None) -> str | None:
    """A locale tag's region (``en-IN`` -> ``in``), the subtag after the language and a
    four-letter script, if any; None without one."""
    parts = (locale or "").replace("_", "-").split("-")[1:]
    if parts and len(parts[0]) == 4 and parts[0].isalpha():
        parts = parts[1:]
    if not parts or len(parts[0]) != 2 or not parts[0].isalpha():
        return None
    return parts[0].casefold()


def _glued_part(tokens: tuple[Token, ...], index: int) -> bool:
    """Digits glued to a part ("3Q", "1H", "3rd"): the only digits a period begins with."""
    after = index + 1
    return (
        tokens[index].kind == TokenKind.DIGITS
        and after < len(tokens)
        and tokens[after].glued
        and tokens[after].text in _AFTER_DIGITS
    )


def period_mentions(tokens: tuple[Token, ...], locale: str | None = None) -> tuple[Found, ...]:
    """Every period in the quote; a two-digit year where none may stand, or a range of
    years that do not follow each other, reads as None. A period begins with a part, a
    month or a basis mark ("Q3", "FY", "fiscal", "March", a glued "3Q")."""
    return scan_mentions(
        tokens,
        lambda token: True,
        lambda index: (
            _period_at(tokens, index, locale)
            if tokens[index].text in _START or _glued_part(tokens, index)
            else None
        ),
    )


def read_period(tokens: tuple[Token, ...], locale: str | None = None) -> Reading | Refusal:
    """A period value: one whole period ("the" before it may stand)."""
    first = lead(tokens)
    if word_at(tokens, first) == "the":
        tokens = tokens[first + 1 :]
        first = lead(tokens)
    mention = _period_at(tokens, first, locale) if first < len(tokens) else None
    if mention is None or not covers(tokens, mention.first, mention.end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a period (Q3 FY2025, FY 2024-25)")
    if mention.reading is None:
        why = "a two-digit year, or a range of years that do not follow each other"
        return Refusal(ValueReason.VALUE_UNPARSEABLE, why)
    return mention.reading
