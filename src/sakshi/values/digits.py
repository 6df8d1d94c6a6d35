"""Figures in digits as each locale writes them: groups of digits and a decimal part.

``1,234.56`` (en), ``1.234,56`` (de), ``1 234,56`` (fr: a space, a no-break space or a
narrow no-break space), ``1'234.50`` (de-CH, ``'`` or ``’``), ``12,34,567.89`` (en-IN). A
form that can be only one thing reads the same in every locale: two different marks (the
last, standing once, is the decimal one), one mark repeated (it groups), a mark that CLDR
gives one role only (``’`` and the spaces group, ``٫`` is a decimal). One ``.`` or ``,``
that could be either is decided by the locale's marks (CLDR, through data/numbers.py): en-IN
and en-US read ``1.234`` as 1.234 and ``1,234`` as 1234, de-DE the other way round; one
mark after more than three digits or before other than three can only be a decimal point
(``83128.68`` in de-DE, ``1234.56`` in fr-FR), and a mark the locale uses for neither
before three digits is no number (``1.234`` in fr-FR). Digits grouped by spaces
read so only where the locale groups with a space, or when a decimal mark follows
(``1 234,56``): elsewhere "in 2023 150 cases" is two numbers.

A figure that fits no reading is no number at all, never a shorter one.
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple

from sakshi.values.data.numbers import DECIMAL_ONLY, GROUP_ONLY, LOCALES, UNSURE_SCALES
from sakshi.values.tokens import Token, TokenKind

__all__ = ["INDIAN_MARKS", "NumberMarks", "number_marks", "read_digits", "runs_on"]


class NumberMarks(NamedTuple):
    """A locale's decimal mark and group mark (``" "`` for every kind of space), and the
    scale words its language writes with another power than English ("billion" and "bn"
    are 10^12 in French, "m" 10^9 in Indonesian): those are unreadable under it."""

    decimal: str
    group: str
    unsure: frozenset[str] = frozenset()


INDIAN_MARKS = NumberMarks(".", ",")  # en-IN: the default when no locale is set

_SPACE = " "


def _by_locale() -> dict[str, NumberMarks]:
    """Locale identifier -> its marks (one NumberMarks per pair of marks)."""
    table: dict[str, NumberMarks] = {}
    for (decimal, group), names in LOCALES.items():
        table.update(dict.fromkeys(names.split(), NumberMarks(decimal, group.strip() or _SPACE)))
    return table


_BY_LOCALE = _by_locale()
# A typed ASCII apostrophe stands for CLDR's right single quotation mark (1'234.50).
_GROUPS_ONLY = frozenset(mark for mark in GROUP_ONLY if not mark.isspace()) | {"'"}
# Every mark that may stand between digits of one figure (spaces are no tokens).
_MARKS = (
    frozenset(mark for pair in LOCALES for mark in pair if not mark.isspace())
    | DECIMAL_ONLY
    | _GROUPS_ONLY
)
_JOINING_MARKS = frozenset("./-")  # a figure that runs on through one is a date or a code
_MIDDLE_MARKS = _MARKS | {"-", "/"}
_MAX_SPACED = 5  # groups a space may join: a trillion; a longer run is a table's columns


@lru_cache(maxsize=256)
def number_marks(locale: str | None) -> NumberMarks:
    """The marks of a locale tag (``de-DE``, ``fr_CH``, ``sr-Latn-RS``): its own, else its
    language's; en-IN's when no tag is given or CLDR knows neither."""
    if not locale:
        return INDIAN_MARKS
    parts = locale.replace("-", "_").split("_")
    tags = [parts[0].lower()]
    for part in parts[1:]:
        tags.append(part.title() if len(part) == 4 and part.isalpha() else part.upper())
    tries = ["_".join(tags[:count]) for count in range(len(tags), 0, -1)]
    if len(tags) > 2 and len(tags[1]) == 4:
        tries.insert(1, f"{tags[0]}_{tags[2]}")  # sr_Latn_RS, then sr_RS, sr_Latn, sr
    found = next((_BY_LOCALE[tag] for tag in tries if tag in _BY_LOCALE), INDIAN_MARKS)
    unsure = frozenset(
        word for word, languages in UNSURE_SCALES.items() if tags[0] in languages.split()
    )
    return found._replace(unsure=unsure) if unsure else found


def _spaced(tokens: tuple[Token, ...], end: int, seps: list[str]) -> bool:
    """A three-digit group one space after the figure's last group (not across a clause)."""
    token, before = tokens[end], tokens[end - 1]
    return (
        token.kind == TokenKind.DIGITS
        and not token.glued
        and len(token.text) == 3
        and token.start == before.end + 1
        and token.clause == before.clause
        and all(sep == _SPACE for sep in seps)
        and len(seps) < _MAX_SPACED
    )


def _continues(token: Token) -> bool:
    """Whether a figure may go on at ``token``: a glued mark, or digits after a space."""
    if token.kind == TokenKind.MARK:
        return token.glued and token.text in _MARKS
    return token.kind == TokenKind.DIGITS and not token.glued


def _chain(tokens: tuple[Token, ...], index: int) -> tuple[list[str], list[str], int]:
    """The digit groups from ``index`` and the marks between them, and the index after."""
    groups, seps = [tokens[index].text], []
    end, count = index + 1, len(tokens)
    while end < count:
        token = tokens[end]
        if (
            token.kind == TokenKind.MARK
            and token.glued
            and token.text in _MARKS
            and end + 1 < count
            and tokens[end + 1].kind == TokenKind.DIGITS
            and tokens[end + 1].glued
        ):
            seps.append(token.text)
            groups.append(tokens[end + 1].text)
            end += 2
        elif _spaced(tokens, end, seps):
            seps.append(_SPACE)
            groups.append(token.text)
            end += 1
        else:
            break
    return groups, seps, end


def _grouped(groups: list[str], mark: str) -> bool:
    """Whole-number groups: Western (1,234,567) or, with commas, Indian (12,34,567)."""
    head, middle, last = groups[0], groups[1:-1], groups[-1]
    if len(last) != 3 or head[0] == "0":
        return False
    western = 1 <= len(head) <= 3 and all(len(group) == 3 for group in middle)
    indian = mark == "," and 1 <= len(head) <= 2 and all(len(group) == 2 for group in middle)
    return western or indian


def _role(mark: str, marks: NumberMarks) -> str:
    """What one mark standing alone in a figure is: "decimal", "group" or "" (unknown)."""
    if mark in DECIMAL_ONLY:
        return "decimal"
    if mark == _SPACE or mark in _GROUPS_ONLY:
        return "group"
    if mark == marks.decimal:
        return "decimal"
    return "group" if mark == marks.group else ""


def _text(groups: list[str], seps: list[str], marks: NumberMarks) -> str | None:
    """The figure as plain decimal text, or None when it fits no reading."""
    if not seps:
        return groups[0]
    last = seps[-1]
    first = seps[0]
    if last != first and all(sep == first for sep in seps[:-1]):
        # Two marks: the last one, standing once, is the decimal (1.234.567,89).
        if first in DECIMAL_ONLY or last == _SPACE or last in _GROUPS_ONLY:
            return None
        if not _grouped(groups[:-1], first):
            return None
        return "".join(groups[:-1]) + "." + groups[-1]
    if any(sep != last for sep in seps):
        return None
    role = "group" if len(seps) > 1 else _role(last, marks)
    if len(seps) == 1 and last in ".," and (len(groups[1]) != 3 or len(groups[0]) > 3):
        # One mark after more than three digits or before other than three can only be a
        # decimal point, whatever the locale: a group holds three digits and follows at
        # most three ("83128.68" for a de-DE invoice, "1234.56" for a fr-FR one).
        role = "decimal"
    if role == "decimal":
        return f"{groups[0]}.{groups[1]}"
    if role != "group" or last in DECIMAL_ONLY or not _grouped(groups, last):
        return None
    if last == _SPACE and marks.group != _SPACE:
        return None  # "5 100" in en-IN: two numbers (a space groups only with a decimal)
    return "".join(groups)


def runs_on(tokens: tuple[Token, ...], index: int) -> bool:
    """A joining mark glued between this figure and more digits or letters."""
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


def read_digits(
    tokens: tuple[Token, ...], index: int, marks: NumberMarks = INDIAN_MARKS
) -> tuple[Decimal, int] | None:
    """The figure starting at ``index`` (groups and a decimal part, read with ``marks``)
    and the index after it, or None when there is none or it fits no reading, or its
    digits run on into a date or an identifier (``12.03.2024``, ``45/2A``)."""
    if index >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    if index >= 2 and tokens[index].glued and tokens[index - 2].kind == TokenKind.DIGITS:
        before = tokens[index - 1]
        if before.glued and before.kind == TokenKind.MARK and before.text in _MIDDLE_MARKS:
            return None  # the middle of a date, a grouping or an identifier
    text, end = tokens[index].text, index + 1
    if end < len(tokens) and _continues(tokens[end]):
        groups, seps, end = _chain(tokens, index)
        joined = _text(groups, seps, marks)
        if joined is None and seps[0] == _SPACE:
            # Spaced groups that do not read: the figure ends before the first space.
            joined, end = text, index + 1
        if joined is None:
            return None
        text, head = joined, groups[0]
    else:
        head = text
    if len(head) > 1 and head[0] == "0":
        return None  # a leading zero: an identifier (05106)
    if runs_on(tokens, end):
        return None
    return Decimal(text), end
