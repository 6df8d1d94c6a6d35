"""One value changed so that it reads as another value: ``sakshi prove``'s value mutant.

    change_value(text, reads, letters)  the first change whose reading differs, or None

The changes are the slips SPEC section 8 is about, tried in this order: a scale word
changed (lakh for crore, thousand for lakh), two adjacent digits swapped (a
transposition), one digit changed (the next digit, in the digit's own script), and, only
when ``letters`` is set (a value with no digit at all, such as a name), one letter changed.
``reads`` is the value's reader (the reading of a candidate, or None when it does not read
as the field's type): a candidate is taken only when it reads, and differently from the
value, so the mutant states another value, never an unreadable one. Pure.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = ["ValueChange", "change_value"]

# Each scale word and the one it is mistaken for (lakh/crore is x100, thousand/lakh x100).
_SCALES = {
    "thousand": "lakh",
    "lakh": "crore",
    "lakhs": "crores",
    "lac": "crore",
    "lacs": "crores",
    "crore": "lakh",
    "crores": "lakhs",
    "million": "billion",
    "billion": "million",
    "लाख": "करोड़",
    "करोड़": "लाख",
}


@dataclass(frozen=True)
class ValueChange:
    """The changed value, and how it was changed in words that quote none of it (the
    prove report names the change, never the value)."""

    value: str
    how: str


def _is_letter(char: str) -> bool:
    # Marks count as letters so that a Devanagari word (with its vowel signs) is one word.
    return char.isalpha() or unicodedata.category(char).startswith("M")


def _words(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of every run of letters in ``text``."""
    start = None
    for index, char in enumerate(text + " "):
        if _is_letter(char) and index < len(text):
            if start is None:
                start = index
        elif start is not None:
            yield start, index
            start = None


def _same_case(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word.capitalize() if like[:1].isupper() else word


def _scale_changes(text: str) -> Iterator[ValueChange]:
    for start, end in _words(text):
        word = text[start:end]
        other = _SCALES.get(word.lower())
        if other is not None:
            changed = text[:start] + _same_case(other, word) + text[end:]
            yield ValueChange(changed, f"a scale word changed ({word.lower()} to {other})")


def _shifted(char: str) -> str:
    """The next digit after ``char`` (9 -> 0), in the same script: a script's decimal
    digits are consecutive code points."""
    digit = unicodedata.decimal(char)
    return chr(ord(char) - digit + (digit + 1) % 10)


def _digit_changes(text: str) -> Iterator[ValueChange]:
    for index in range(len(text) - 1):
        first, second = text[index], text[index + 1]
        if first.isdecimal() and second.isdecimal() and first != second:
            changed = text[:index] + second + first + text[index + 2 :]
            yield ValueChange(changed, "two adjacent digits swapped")
    for index, char in enumerate(text):
        if char.isdecimal():
            yield ValueChange(text[:index] + _shifted(char) + text[index + 1 :], "a digit changed")


def _letter_changes(text: str) -> Iterator[ValueChange]:
    for index, char in enumerate(text):
        if char.isascii() and char.isalpha():
            base = ord("a") if char.islower() else ord("A")
            other = chr(base + (ord(char) - base + 1) % 26)
            yield ValueChange(text[:index] + other + text[index + 1 :], "a letter changed")


_MAX_TRIED = 64  # candidates read per value: a long value need not be tried letter by letter


def change_value(
    text: str, reads: Callable[[str], str | None], letters: bool = False
) -> ValueChange | None:
    """The first change of ``text`` (see the module) that reads, and differently; None when
    no candidate does (the value mutant then cannot be shown, and prove says so)."""
    original = reads(text)
    candidates = [_scale_changes(text), _digit_changes(text)]
    if letters:
        candidates.append(_letter_changes(text))
    tried = 0
    for kind in candidates:
        for change in kind:
            tried += 1
            if tried > _MAX_TRIED:
                return None
            reading = reads(change.value)
            if reading is not None and reading != original:
                return change
    return None
