"""Partitions of turn logs: the unit of work of ``sakshi grade`` (and of ``--out-parts``).

A partition is a byte range of one log and owns the lines that START in it (a line starts
at byte 0 or right after a ``\\n``), so however the logs are cut every line is read exactly
once, and the partitions of the logs, in order, hold the lines in input order. Planning
needs only the logs' sizes: the client reads no line to plan, and whoever grades a
partition reads its own bytes.

Grading a partition is pure given its inputs (the log's bytes in the range and the
documents): run again, after a lost worker say, it gives the same bytes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from pathlib import Path

from sakshi.context.turnlog import GradedLine, grade_line, grade_lines
from sakshi.inputs.remote import LogSource, read_lines
from sakshi.spans import Document

__all__ = [
    "DEFAULT_PARTITION_BYTES",
    "SHOWN_RED",
    "GradedPart",
    "Partition",
    "grade_batches",
    "grade_partition",
    "part_of",
    "plan_partitions",
]

DEFAULT_PARTITION_BYTES = 64 * 1024 * 1024  # a task of a few seconds, its bytes in memory
SHOWN_RED = 20  # red lines a part keeps for the run's summary on stderr


@dataclass(frozen=True)
class Partition:
    """Bytes ``[start, end)`` of one log (``location``: a local path or a URL; ``shown``:
    as messages name it), the ``index``-th partition of the run."""

    index: int
    location: str
    remote: bool
    shown: str
    start: int
    end: int


def plan_partitions(sources: Sequence[LogSource], size: int) -> list[Partition]:
    """The logs cut into ranges of at most ``size`` bytes, in input order; an empty log
    has none."""
    partitions: list[Partition] = []
    for source in sources:
        for start in range(0, source.size, size):
            end = min(start + size, source.size)
            partitions.append(
                Partition(len(partitions), source.location, source.remote, source.shown, start, end)
            )
    return partitions


@dataclass(frozen=True)
class GradedPart:
    """The output of one partition (or one batch of stdin): its lines as one block of
    bytes, how many, how many red, and the first ``SHOWN_RED`` red lines."""

    index: int
    data: bytes
    lines: int
    red: int
    first_red: tuple[bytes, ...]

    @property
    def green(self) -> int:
        """How many of its lines are green."""
        return self.lines - self.red


def part_of(index: int, graded: Iterable[GradedLine]) -> GradedPart:
    """Graded lines, in order, as the part ``index``."""
    chunks: list[bytes] = []
    first_red: list[bytes] = []
    red = 0
    for line in graded:
        chunks.append(line.data)
        if not line.green:
            red += 1
            if len(first_red) < SHOWN_RED:
                first_red.append(line.data)
    return GradedPart(index, b"".join(chunks), len(chunks), red, tuple(first_red))


def grade_partition(partition: Partition, lookup: Callable[[str], Document | None]) -> GradedPart:
    """Read a partition's lines where this runs and grade them: its output lines in order."""
    lines = read_lines(
        partition.location, partition.remote, partition.start, partition.end, partition.shown
    )
    return part_of(partition.index, (grade_line(line, lookup) for line in lines))


def grade_batches(
    batches: Iterable[list[bytes]], documents: Path | str, jobs: int = 1
) -> Iterator[GradedPart]:
    """Batches of lines (a partition's, or a stretch of stdin) graded on ``jobs`` local
    processes as one stream, one part per batch, in order; an empty batch is an empty
    part."""
    sizes: deque[int] = deque()

    def lines() -> Iterator[bytes]:
        for batch in batches:
            sizes.append(len(batch))  # known before its first line is graded
            yield from batch

    results = iter(grade_lines(lines(), documents, jobs))
    index = 0
    while True:
        first = next(results, None)
        while sizes and sizes[0] == 0:
            sizes.popleft()
            yield part_of(index, ())
            index += 1
        if first is None:
            return
        count = sizes.popleft()
        yield part_of(index, chain((first,), islice(results, count - 1)))
        index += 1
