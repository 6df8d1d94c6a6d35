"""One run's memory: what a run has decided, kept by the content that decided it.

The command that runs makes one ``RunCache`` and passes it down to the cores it calls
(``verify-values``: the line checks; ``grade``: the span and value checks, bundle hashes,
line declarations); nothing else keeps a run's data between lines, and no module global
does. Each core names its own tables (a ``Table``: a name, its key and value types, a
bound), next to the rule whose results it keeps, and keys each entry by exactly what
decides it. Numbers in a key carry their type: ``1``, ``1.0`` and ``True`` are equal and
hash alike in Python, yet a span with ``"page": 1.0`` is malformed where ``"page": 1``
verifies. A table that is full forgets its oldest entry; the output of a run is the same
with an empty cache, a full one or none.

A process that serves one run in several pieces (a forked ``--jobs`` worker, a Dask
worker thread) holds the run's cache for that run only: it is never shared between runs
or threads (see context/dask_engine.py).

Pure: no I/O, no import of the rest of sakshi.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

__all__ = ["BoundedMemo", "RunCache", "Table"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# A table's default bound: an entry is a key of a quote and a few ints and a result of a
# few hundred bytes, so 2**16 of them stay within tens of megabytes.
DEFAULT_LIMIT = 2**16


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


@dataclass(frozen=True)
class Table(Generic[K, V]):
    """A named table of a run's cache: keys of type ``K`` to values of type ``V``, at
    most ``limit`` of them. Declared once, beside the rule whose results it keeps."""

    name: str
    limit: int = DEFAULT_LIMIT


class RunCache:
    """One run's tables, each made on first use (see the module's docstring)."""

    __slots__ = ("_cap", "_tables")

    def __init__(self, cap: int | None = None) -> None:
        """``cap``: at most this many entries a table, whatever its own bound (a test that
        wants its entries forgotten sooner)."""
        self._tables: dict[str, BoundedMemo[Any, Any]] = {}
        self._cap = cap

    def table(self, table: Table[K, V]) -> BoundedMemo[K, V]:
        """The run's table ``table`` (empty when the run has not used it yet). Two tables
        of one name are one table: a name is declared once."""
        found = self._tables.get(table.name)
        if found is None:
            limit = table.limit if self._cap is None else min(table.limit, self._cap)
            found = self._tables[table.name] = BoundedMemo(limit)
        return found

    def sizes(self) -> dict[str, int]:
        """How many entries each table holds, by name (sorted): for tests and reports."""
        return {name: len(self._tables[name]) for name in sorted(self._tables)}
