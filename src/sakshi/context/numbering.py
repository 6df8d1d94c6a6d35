"""The physical line number of each partition's first line. Pure.

Each output line of ``sakshi grade`` names its input line's number in its log (1-based,
every physical line counted, blank or not). A partition is a byte range, graded by whoever
reads it, where no line before it is read: it must be told the number of its first line.

A log's first range starts at line 1; each later range starts where the one before it
left off, so its first line is the one before's first plus the lines that start in that
one. Those counts come from a newline count of the ranges (``loglines.count_lines``), done
where the ranges are read (the ``--jobs`` workers, the Dask workers): only byte ranges
and integers travel, the client reads no log, and a compressed log, one range, is never
counted. A run that grades its ranges one after another needs no count: it numbers the
lines as it reads them.

    to_count(partitions)          the ranges whose counts number the others, in order
    numbered(partitions, counts)  the ranges, each with its ``first_line``
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sakshi.context.partitions import Partition

__all__ = ["numbered", "to_count"]


def to_count(partitions: Iterable[Partition]) -> Iterator[Partition]:
    """The partitions followed by a later range of the same log (a range that does not
    start at byte 0), in order: the ones whose line counts ``numbered`` takes. The last
    range of each log, and so every compressed log and every log of one range, is left
    out: nothing after it needs its count."""
    before: Partition | None = None
    for partition in partitions:
        if partition.start > 0 and before is not None:
            yield before
        before = partition


def numbered(partitions: Iterable[Partition], counts: Iterator[int]) -> Iterator[Partition]:
    """Each partition with ``first_line`` set: 1 for a range at byte 0 (a log's first),
    else the range before's plus its count. ``counts`` gives the line counts of
    ``to_count(partitions)``, in that order."""
    line = 1
    for partition in partitions:
        if partition.start == 0:
            line = 1
        else:
            count = next(counts, None)
            if count is None:  # a caller's slip: never number a range by a guess
                raise ValueError(f"no line count for the range before {partition.shown}")
            line += count
        yield replace(partition, first_line=line)
