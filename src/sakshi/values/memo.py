"""Per-run memory for ``verify-values``: a line's verdict is decided once per distinct input.

The value check is pure and deterministic: the same field, value, quote and declarations
(under one run's documents and act table) always give the same output line, apart from its
``id``; the span check likewise depends on the cite alone. So a run keeps what it decided,
keyed by exactly what decides it, and a repeated cite or (value, quote) pair costs a lookup.

Memory is bounded: each table holds at most its limit of entries and forgets the oldest
first. A ``LineMemo`` belongs to one run (one ``ValueSetup``): never share it between setups,
since neither key names the documents, the declared fields or the acts.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar

from sakshi.spans import SpanCheck

__all__ = ["BoundedMemo", "CiteKey", "KeptLine", "LineMemo", "VerdictKey", "cite_key"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Sizes: a cite key is its quote and a few ints; a verdict entry is its key and an output
# line of a few hundred bytes. 2**16 of each stays within tens of megabytes.
SPAN_LIMIT = 2**16
VERDICT_LIMIT = 2**16

# A cite as hashable data: (key, the value's exact type, value) in the line's key order.
# The type is part of the key because ``1 == 1.0 == True`` hash alike yet verify differently.
CiteKey = tuple[tuple[str, type, object], ...]


class VerdictKey(NamedTuple):
    """What decides a checked line's output besides its id: the field, the value as text,
    the quote the value was checked against ("" when the cite failed), the inline
    declaration (None for the run's own fields) and the span check."""

    field: str
    value: str
    quote: str
    inline: object
    span: SpanCheck


class KeptLine(NamedTuple):
    """A checked line's output without its id (a JSON object's bytes) and its verdict."""

    body: bytes
    verified: bool


class BoundedMemo(Generic[K, V]):
    """A mapping of at most ``limit`` entries; when full, the oldest entry is dropped."""

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int) -> None:
        self._entries: dict[K, V] = {}
        self._limit = limit

    def get(self, key: K) -> V | None:
        """The stored value, or None."""
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """Store ``value`` under ``key``, dropping the oldest entry when full."""
        entries = self._entries
        if len(entries) >= self._limit and key not in entries:
            del entries[next(iter(entries))]
        entries[key] = value

    def __len__(self) -> int:
        return len(self._entries)


@dataclass
class LineMemo:
    """One run's memory: span checks by cite, output lines (without their id) by verdict key."""

    spans: BoundedMemo[CiteKey, SpanCheck] = field(default_factory=lambda: BoundedMemo(SPAN_LIMIT))
    verdicts: BoundedMemo[VerdictKey, KeptLine] = field(
        default_factory=lambda: BoundedMemo(VERDICT_LIMIT)
    )


def cite_key(cite: object) -> CiteKey | None:
    """The cite as a memo key, or None when it is not a flat object of strings, integers
    and nulls (such a cite is checked afresh every time: it is rare, and usually malformed)."""
    if not isinstance(cite, Mapping):
        return None
    parts: list[tuple[str, type, object]] = []
    for key, value in cite.items():
        kind = type(value)
        if kind is not str and kind is not int and value is not None:
            return None
        parts.append((key, kind, value))
    return tuple(parts)
