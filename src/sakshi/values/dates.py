"""Dates: a calendar date, read from every way Indian records write one.

Numeric dates are day-first (``12.03.2024``, ``12/03/2024``, ``12-03-2024``) unless the
field's locale is month-first (``en-US``); ISO (``2024-03-12``) is year-first always;
"12th (day of) March, 2024", "12 Mar. 2024", "12-Mar-2024", "March 12, 2024", and a month
named in any language of data/months.py (CLDR: "15. März 2024", "1er mars 2024", "15 de
marzo de 2024", "15 marca 2024", "12 मार्च 2024"); a name two languages give different
months ("listopad") is a month only under a locale of one of them. A two-digit year or an
impossible date (31.02.2024) is refused: such a mention cannot be read, such a value is
unparseable.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from sakshi.reasons import ValueReason
from sakshi.values.data.months import MONTH_NAMES, SHARED_NAMES
from sakshi.values.found import Found, Reading, Refusal, covers, found_at, lead, scan_mentions
from sakshi.values.numerals import ORDINAL_SUFFIXES
from sakshi.values.tokens import Token, TokenKind, fold, is_mark, word_at

__all__ = ["DateReading", "date_mentions", "month_first", "month_names", "read_date"]

# CLDR's month names in the languages of data/months.py, and beside them the spellings
# CLDR does not give: "sept", and Hindi's older spellings (सितम्बर beside सितंबर).
_MORE_MONTH_NAMES = {
    1: (), 2: ("फरवरी",), 3: (), 4: ("अप्रेल",), 5: (), 6: (), 7: (), 8: (),
    9: ("sept", "सितम्बर"), 10: ("अक्तूबर",), 11: ("नवम्बर",), 12: ("दिसम्बर",),
}  # fmt: skip
MONTHS = {
    **MONTH_NAMES,
    **{fold(name): number for number, names in _MORE_MONTH_NAMES.items() for name in names},
}
_SEPARATORS = frozenset("./-")
# Locales whose numeric dates put the month first; every other one is day-first (en-IN).
_MONTH_FIRST_REGIONS = frozenset({"us", "ph", "fm", "mh", "pw", "as", "gu", "mp", "pr", "vi"})


@lru_cache(maxsize=64)
def month_names(locale: str | None) -> Mapping[str, int]:
    """The month names read under ``locale``: every name one month owns, and a name two
    languages give different months ("listopad": October in Croatian, November in Polish)
    only under a locale of a language that gives it (None: no such name)."""
    language = (locale or "").replace("_", "-").split("-")[0].casefold()
    own = {name: months[language] for name, months in SHARED_NAMES.items() if language in months}
    return {**MONTHS, **own} if own else MONTHS


def month_first(locale: str | None) -> bool:
    """Whether a locale tag (``en-US``, ``en_IN``, ``en-Latn-US-posix``) writes numeric
    dates month-first: by its region, the BCP 47 subtag after the language (and a
    four-letter script, if any) of two letters or three digits."""
    if not locale:
        return False
    parts = locale.replace("_", "-").split("-")[1:]  # the language first: never a region
    if parts and len(parts[0]) == 4 and parts[0].isalpha():
        parts = parts[1:]  # a script (Latn, Deva)
    if not parts:
        return False
    region = parts[0].casefold()
    return (len(region) == 2 and region.isalpha()) and region in _MONTH_FIRST_REGIONS


@dataclass(frozen=True)
class DateReading(Reading):
    """A calendar date; printed as ISO 8601."""

    date: datetime.date

    def __str__(self) -> str:
        return self.date.isoformat()


def _calendar(year: int, month: int, day: int) -> DateReading | None:
    try:
        return DateReading(datetime.date(year, month, day))
    except ValueError:
        return None  # 31.02.2024 is no date


def _digits(tokens: tuple[Token, ...], index: int, sizes: tuple[int, ...]) -> int | None:
    if index >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    return int(tokens[index].text) if len(tokens[index].text) in sizes else None


@dataclass(frozen=True)
class _Parts:
    """Where a date stands and its parts (year None: a two-digit year, refused)."""

    end: int
    year: int | None
    month: int
    day: int


def _numeric(tokens: tuple[Token, ...], index: int, month_first: bool) -> _Parts | None:
    """``dd.mm.yyyy`` (or ``mm/dd/yyyy``), ``yyyy-mm-dd``: same separator, no spaces (but
    for the spaced dots of ``_spaced``)."""
    if index + 4 >= len(tokens):
        return None
    separator = tokens[index + 1].text
    if separator == "." and tokens[index + 1].glued and not tokens[index + 2].glued:
        return _spaced(tokens, index)
    if separator not in _SEPARATORS or not all(
        tokens[index + offset].glued for offset in range(1, 5)
    ):
        return None
    if not is_mark(tokens, index + 1, separator) or not is_mark(tokens, index + 3, separator):
        return None
    if _runs_on(tokens, index + 5):
        return None  # 12.03.2024.5 or 12.03.2024A is not a date
    first, middle = tokens[index].text, _digits(tokens, index + 2, (1, 2))
    last = tokens[index + 4].text
    if middle is None or tokens[index + 4].kind != TokenKind.DIGITS:
        return None
    if len(first) == 4 and len(last) in (1, 2):
        return _Parts(index + 5, int(first), middle, int(last))
    if len(first) not in (1, 2) or len(last) not in (2, 4):
        return None
    year = int(last) if len(last) == 4 else None
    month, day = (int(first), middle) if month_first else (middle, int(first))
    return _Parts(index + 5, year, month, day)


def _spaced(tokens: tuple[Token, ...], index: int) -> _Parts | None:
    """``15. 3. 2024`` (Czech, Slovak, German, Polish invoices) and ``2024. 03. 15.``
    (Hungarian): each number with its dot, a space after each dot, always day-first or
    year-first and a year of four digits, so no other order can be meant."""
    if not (is_mark(tokens, index + 3, ".", glued=True) and not tokens[index + 4].glued):
        return None
    first, last = tokens[index].text, tokens[index + 4].text
    middle = _digits(tokens, index + 2, (1, 2))
    if middle is None or tokens[index + 4].kind != TokenKind.DIGITS or _runs_on(tokens, index + 5):
        return None
    if len(first) == 4 and len(last) in (1, 2):
        return _Parts(index + 5, int(first), middle, int(last))
    if len(first) in (1, 2) and len(last) == 4:
        return _Parts(index + 5, int(last), middle, int(first))
    return None


def _runs_on(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether glued letters or digits (or a separator and more) continue at ``index``."""
    if index >= len(tokens) or not tokens[index].glued:
        return False
    after = tokens[index]
    if after.kind != TokenKind.MARK:
        return True
    return (
        after.text in _SEPARATORS
        and index + 1 < len(tokens)
        and tokens[index + 1].glued
        and tokens[index + 1].kind != TokenKind.MARK
    )


def _skip(tokens: tuple[Token, ...], index: int, words: frozenset[str], marks: str) -> int:
    while index < len(tokens):
        token = tokens[index]
        if (token.kind == TokenKind.MARK and token.text in marks) or (
            token.kind == TokenKind.WORD and token.text in words
        ):
            index += 1
        else:
            break
    return index


# "12th day of March", "1er mars", "15 de marzo de 2024", "15 de março de 2024",
# "15 marzo del 2024", Catalan "1 d’abril del 2000", Maltese "15 ta’ Marzu 2024".
_YEAR_FILLER = frozenset({"de", "del"})
_DAY_FILLER = frozenset({"day", "of", "er", "ta", "d"}) | ORDINAL_SUFFIXES | _YEAR_FILLER
_NO_WORDS: frozenset[str] = frozenset()
_ABBREVIATED = ".\u0970"  # "Mar.", "अक्टू॰": the Devanagari abbreviation sign


def _month_at(
    tokens: tuple[Token, ...], index: int, names: Mapping[str, int]
) -> tuple[int, int] | None:
    month = names.get(word_at(tokens, index))
    if month is None:
        return None
    end = index + 1
    if end < len(tokens) and tokens[end].glued and tokens[end].text in _ABBREVIATED:
        end += 1
    return month, end


def _year_at(tokens: tuple[Token, ...], index: int) -> tuple[int | None, int] | None:
    index = _skip(tokens, index, _YEAR_FILLER, ",-/.")
    if index >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    if _runs_on(tokens, index + 1):
        return None
    size = len(tokens[index].text)
    if size not in (2, 4):
        return None
    return (int(tokens[index].text) if size == 4 else None), index + 1


def _day_month_year(
    tokens: tuple[Token, ...], index: int, names: Mapping[str, int]
) -> _Parts | None:
    """ "12th (day of) March, 2024", "12 Mar. 2024", "12-Mar-2024"."""
    day = _digits(tokens, index, (1, 2))
    if day is None:
        return None
    after = _skip(tokens, index + 1, _DAY_FILLER, "-/.,’'")  # Maltese "15 ta’ Marzu"
    month = _month_at(tokens, after, names)
    if month is None:
        return None
    year = _year_at(tokens, month[1])
    if year is None:
        return None
    return _Parts(year[1], year[0], month[0], day)


def _month_day_year(
    tokens: tuple[Token, ...], index: int, names: Mapping[str, int]
) -> _Parts | None:
    """ "March 12, 2024", "Mar. 12th 2024"."""
    month = _month_at(tokens, index, names)
    if month is None:
        return None
    day = _digits(tokens, month[1], (1, 2))
    if day is None:
        return None
    year = _year_at(tokens, _skip(tokens, month[1] + 1, ORDINAL_SUFFIXES, ""))
    if year is None:
        return None
    return _Parts(year[1], year[0], month[0], day)


# After a year that comes first: Lithuanian "2024 m. kovo 15 d.", Latvian "2024. gada 15.
# marts", Hungarian "2024. március 15."; after its day, Lithuanian's "d." (diena).
_YEAR_WORDS = frozenset({"m", "gada"})
_DAY_WORDS = frozenset({"d"})


def _year_first(tokens: tuple[Token, ...], index: int, names: Mapping[str, int]) -> _Parts | None:
    """A named month after a four-digit year: "2024. március 15.", "2024 m. kovo 15 d.",
    and the day before the month: "2024. gada 15. marts"."""
    if len(tokens[index].text) != 4 or _runs_on(tokens, index + 1):
        return None
    at = _skip(tokens, index + 1, _YEAR_WORDS, ".,")
    month = _month_at(tokens, at, names)
    if month is not None:  # the day last: its "." or "d." belongs to the date
        day = _digits(tokens, month[1], (1, 2))
        if day is None or _runs_on(tokens, month[1] + 1):
            return None
        end = _skip(tokens, month[1] + 1, _DAY_WORDS, ".")
    else:
        day = _digits(tokens, at, (1, 2))
        month = (
            None if day is None else _month_at(tokens, _skip(tokens, at + 1, _NO_WORDS, "."), names)
        )
        if day is None or month is None:
            return None
        end = month[1]
    return _Parts(end, int(tokens[index].text), month[0], day)


def _date_at(
    tokens: tuple[Token, ...], index: int, month_first: bool, names: Mapping[str, int]
) -> Found | None:
    if index >= 2 and tokens[index].glued:
        before = tokens[index - 1]
        if (
            before.glued
            and before.text in _SEPARATORS
            and tokens[index - 2].kind == TokenKind.DIGITS
        ):
            return None  # the tail of a longer run of numbers
    token = tokens[index]
    if token.kind == TokenKind.DIGITS:
        parts = (
            _numeric(tokens, index, month_first)
            or _day_month_year(tokens, index, names)
            or _year_first(tokens, index, names)
        )
    else:
        parts = _month_day_year(tokens, index, names)
    if parts is None:
        return None
    reading = None if parts.year is None else _calendar(parts.year, parts.month, parts.day)
    return found_at(tokens, index, parts.end, reading)


def date_mentions(
    tokens: tuple[Token, ...], month_first: bool = False, names: Mapping[str, int] = MONTHS
) -> tuple[Found, ...]:
    """Every date in the quote; a two-digit year or an impossible date reads as None.
    ``names``: the month names of the locale (``month_names``)."""

    def may_start(token: Token) -> bool:  # digits or a month's name, nothing else
        return token.kind == TokenKind.DIGITS or (
            token.kind == TokenKind.WORD and token.text in names
        )

    return scan_mentions(
        tokens, may_start, lambda index: _date_at(tokens, index, month_first, names)
    )


def read_date(
    tokens: tuple[Token, ...], month_first: bool, names: Mapping[str, int] = MONTHS
) -> Reading | Refusal:
    """A date value: one whole date, four-digit year, a real day of the calendar;
    numeric dates month-first when the field's (or the pack's) locale says so."""
    first = lead(tokens)
    mention = _date_at(tokens, first, month_first, names) if first < len(tokens) else None
    if mention is None or not covers(tokens, mention.first, mention.end):
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a date")
    if mention.reading is None:
        return Refusal(ValueReason.VALUE_UNPARSEABLE, _why_not(tokens, mention.first, month_first))
    return mention.reading


def _why_not(tokens: tuple[Token, ...], first: int, month_first: bool) -> str:
    """Why a date-shaped value is no date: a day/month swap reads as a real date?"""
    swapped = _numeric(tokens, first, month_first=not month_first)
    real = (
        swapped is not None
        and swapped.year is not None
        and _calendar(swapped.year, swapped.month, swapped.day) is not None
    )
    if real:
        order = "month-first by the locale" if month_first else "day-first"
        return f"no such day: looks like a day/month swap (numeric dates are {order})"
    return "a two-digit year or no such day"
