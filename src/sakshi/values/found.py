"""What every reader hands back: a reading, where it was found, how two readings compare.

Each type's reading is a frozen dataclass that subclasses ``Reading``: it prints as its
canonical form and compares itself with a mention's reading exactly (no tolerance). A
comparison that agrees on the core of the value but not on a qualifier (the unit, the
currency, the period, the act, a missing year) says which, so that the check can name it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from sakshi.reasons import ValueReason
from sakshi.values.model import FieldDecl
from sakshi.values.tokens import Token, TokenKind

__all__ = [
    "Compare",
    "Found",
    "Reading",
    "Refusal",
    "covers",
    "found_at",
    "lead",
    "scan_mentions",
]


class Compare(Enum):
    """How a value's reading stands to one mention's reading."""

    EQUAL = "equal"
    DIFFERENT = "different"
    UNIT = "unit"
    CURRENCY = "currency"
    CURRENCY_AMBIGUOUS = "currency_ambiguous"  # a shared mark ($, £) nothing resolved
    PERIOD = "period"
    ACT = "act"
    INCOMPLETE = "incomplete"

    @property
    def reason(self) -> ValueReason:
        """The value_reason a qualifier mismatch is reported as."""
        return _REASONS[self]


_REASONS = {
    Compare.EQUAL: ValueReason.VALUE_NOT_IN_QUOTE,
    Compare.DIFFERENT: ValueReason.VALUE_NOT_IN_QUOTE,
    Compare.UNIT: ValueReason.UNIT_MISMATCH,
    Compare.CURRENCY: ValueReason.CURRENCY_MISMATCH,
    Compare.CURRENCY_AMBIGUOUS: ValueReason.CURRENCY_AMBIGUOUS,
    Compare.PERIOD: ValueReason.PERIOD_MISMATCH,
    Compare.ACT: ValueReason.ACT_MISMATCH,
    Compare.INCOMPLETE: ValueReason.VALUE_INCOMPLETE,
}


class Reading:
    """Base of every type's reading; subclasses are frozen dataclasses."""

    def compare(self, mention: Reading) -> Compare:
        """How this value's reading stands to ``mention``'s."""
        return Compare.EQUAL if self == mention else Compare.DIFFERENT

    def fill(self, decl: FieldDecl | None) -> Reading:
        """The reading with what the declaration supplies (a currency, a period)."""
        return self

    def fill_mention(self, decl: FieldDecl | None) -> Reading:
        """A quote's mention with what the declaration supplies: ``fill``, and for the
        figures a declared ``scale`` times a bare figure (a value is never scaled)."""
        return self.fill(decl)

    def rivals(self, mention: Reading) -> bool:
        """Whether ``mention`` could state this kind of value at all, so that a quote
        holding both is ambiguous (a mass is no rival of a count: see MeasureReading)."""
        return True


@dataclass(frozen=True)
class Refusal:
    """A value that cannot be checked as given: why, and a hint for people."""

    reason: ValueReason
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Found:
    """One mention: tokens ``first:end`` (where cues and negations reach it), the
    codepoint span ``start:stop`` shown to people, and its reading (None: unreadable).
    ``listed`` is the first token of the enumeration it is a member of ("Sections 307,
    324 and 34 IPC"), -1 when it stands alone."""

    first: int
    end: int
    start: int
    stop: int
    reading: Reading | None
    listed: int = -1


def found_at(tokens: tuple[Token, ...], first: int, end: int, reading: Reading | None) -> Found:
    """A ``Found`` whose shown span is exactly its tokens."""
    return Found(first, end, tokens[first].start, tokens[end - 1].end, reading)


# Marks that may stand around a value without being part of it ("Rs. 5,000." or "(a)").
_TRIM = frozenset(".,;:!?\"'`()[]{}«»“”‘’*")


def covers(tokens: tuple[Token, ...], first: int, end: int) -> bool:
    """Whether tokens ``first:end`` are the whole value, but for stray punctuation."""
    outside = tokens[:first] + tokens[end:]
    return all(token.kind == TokenKind.MARK and token.text in _TRIM for token in outside)


def lead(tokens: tuple[Token, ...]) -> int:
    """The index of a value's first token that is not stray punctuation (len if none)."""
    for index, token in enumerate(tokens):
        if not (token.kind == TokenKind.MARK and token.text in _TRIM):
            return index
    return len(tokens)


def scan_mentions(
    tokens: tuple[Token, ...],
    may_start: Callable[[Token], bool],
    read_at: Callable[[int], Found | None],
) -> tuple[Found, ...]:
    """Every mention a reader finds, left to right, in one pass: ``read_at`` is tried only
    at a token that ``may_start`` one of its mentions, and the scan goes on after each
    mention it finds (mentions never overlap)."""
    found: list[Found] = []
    index = 0
    while index < len(tokens):
        mention = read_at(index) if may_start(tokens[index]) else None
        if mention is None:
            index += 1
            continue
        found.append(mention)
        index = mention.end
    return tuple(found)
