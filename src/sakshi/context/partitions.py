"""Partitions of turn logs: the unit of work of ``sakshi grade`` (and of ``--out-parts``).

A partition is a byte range of one log and owns the lines that START in it (a line starts
at byte 0 or right after a ``\\n``), so however the logs are cut every line is read exactly
once, and the partitions of the logs, in order, hold the lines in input order. Planning
needs only the logs' sizes: the client reads no line to plan, and whoever grades a
partition reads its own bytes.

Each output line names its input line's physical number in its log; a partition is told
the number of its first line (``first_line``, ``numbering.py``): counted as the lines are
read when the partitions are graded one after another, else from a newline count of the
ranges before it, done by the workers before they grade.

Grading a partition is pure given its inputs (the log's bytes in the range, its first
line's number and the documents): run again, after a lost worker say, it gives the same
bytes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain, islice
from pathlib import Path

from sakshi.context.docstore import DocumentStore
from sakshi.context.numbering import numbered, to_count
from sakshi.context.turnlog import GradedLine, grade_line, grade_lines
from sakshi.inputs import LogSource, count_lines, iter_lines, read_lines
from sakshi.runcache import RunCache
from sakshi.spans import Document
from sakshi.values import PLAIN_RULES, ValueRules

__all__ = [
    "DEFAULT_PARTITION_BYTES",
    "MIN_PARTITION_BYTES",
    "SHOWN_RED",
    "SLICE_BYTES",
    "SPREAD_FLOOR_BYTES",
    "GradedPart",
    "Partition",
    "count_partition",
    "grade_batches",
    "grade_partition",
    "grade_partitions",
    "part_name",
    "part_of",
    "plan_partitions",
    "spread_size",
]

DEFAULT_PARTITION_BYTES = 64 * 1024 * 1024  # a task of a few seconds, its bytes in memory
# The least size a user may ask for (a smaller one is raised to it): a partition costs an
# open, a seek and a part whatever its size, so one of a KiB or more (a turn or two of
# grading) keeps that cost a bounded share of the work, however the log is cut.
MIN_PARTITION_BYTES = 1024
SHOWN_RED = 20  # red lines a part keeps for the run's summary on stderr
SLICE_BYTES = 1 << 20  # a --jobs task: a worker reads and grades this much of a log
# The least a log is cut to so that every worker has a share of it: a range of 64 KiB is
# about 100 turns, tenths of a second of grading when the turns are distinct, well above
# the task's own cost (an open, a seek, a part; on Dask two tasks, a count and a grade).
SPREAD_FLOOR_BYTES = 64 * 1024


@dataclass(frozen=True)
class Partition:
    """Bytes ``[start, end)`` of one log (``location``: a local path or a URL; ``shown``:
    as messages name it), the ``index``-th partition of the run. A compressed log (its
    ``compression`` named) is one partition, read whole. ``stamp``: the log's when the
    run was planned, checked by whoever reads the partition. ``first_line``: the physical
    number of its first line in the log (1 for a range at byte 0; None until numbered)."""

    index: int
    location: str
    remote: bool
    shown: str
    start: int
    end: int
    compression: str | None = None
    stamp: str | None = None
    first_line: int | None = None


def plan_partitions(sources: Sequence[LogSource], size: int) -> list[Partition]:
    """The logs cut into ranges of at most ``size`` bytes, in input order; an empty log
    has none, a compressed one is one partition (no byte offsets in its stream)."""
    partitions: list[Partition] = []
    for source in sources:
        ranges = (
            [(0, source.size)]  # a compressed stream has no byte offsets to enter it by
            if source.compression is not None
            else [(start, min(start + size, source.size)) for start in range(0, source.size, size)]
        )
        for start, end in ranges:
            partitions.append(
                Partition(
                    len(partitions),
                    source.location,
                    source.remote,
                    source.shown,
                    start,
                    end,
                    source.compression,
                    source.stamp,
                    1 if start == 0 else None,  # the others are numbered when graded
                )
            )
    return partitions


def spread_size(
    sources: Sequence[LogSource], workers: int, size: int = DEFAULT_PARTITION_BYTES
) -> int:
    """The partition size for ``workers`` grading at once: ``size``, or less when the
    plain logs would otherwise be fewer partitions than workers, so that each worker has
    one (``_spread``). For one worker, the plan it gives is the one ``size`` gives.
    Compressed logs are left out (each is one partition whatever the size)."""
    plain = sum(source.size for source in sources if source.compression is None)
    return min(size, _spread(plain, workers))


def _spread(total: int, workers: int) -> int:
    """The size that cuts ``total`` bytes into ``workers`` even ranges, or into fewer
    when ranges of ``total / workers`` would be under ``SPREAD_FLOOR_BYTES``: never a
    range under the floor (a log of 100 KiB stays whole for two workers; 200 KiB is
    three ranges for 64), and never a sliver after the even ones. Across several logs
    each is cut by it, so there are at least as many ranges (more, at the logs' ends)."""
    pieces = max(1, min(workers, total // SPREAD_FLOOR_BYTES))
    return max(1, -(-total // pieces))


def part_name(index: int, run: str | None = None) -> str:
    """The name of the part ``index`` in ``--out-parts``: in a folder the run made,
    ``part-00000.jsonl``; under a URL prefix, which other runs may share, with the run's
    own id (``part-<run>-00000.jsonl``), so a failed run removes its own parts and no other's."""
    return f"part-{index:05d}.jsonl" if run is None else f"part-{run}-{index:05d}.jsonl"


@dataclass(frozen=True)
class GradedPart:
    """The output of one partition (or one batch of stdin): its lines as one block of
    bytes, how many, how many red, the first ``SHOWN_RED`` red lines, and whether the
    worker that graded it has already stored it under ``--out-parts``."""

    index: int
    data: bytes
    lines: int
    red: int
    first_red: tuple[bytes, ...]
    stored: bool = False

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


def count_partition(partition: Partition) -> int:
    """How many lines start in a plain log's partition (``loglines.count_lines``): where
    the partition is read, to number the ranges after it."""
    return count_lines(*_where(partition), partition.stamp)


def _first_line(partition: Partition) -> int:
    if partition.first_line is None:  # a caller's slip: never a line number by a guess
        raise ValueError(f"{partition.shown}: bytes {partition.start}- graded unnumbered")
    return partition.first_line


def grade_partition(
    partition: Partition,
    lookup: Callable[[str], Document | None],
    cache: RunCache | None = None,
    rules: ValueRules = PLAIN_RULES,
) -> GradedPart:
    """Read a numbered partition's lines where this runs and grade them: its output lines
    in order, numbered from its ``first_line``. ``cache`` is the run's (by default the
    partition's own; the output is the same); ``rules`` the project's value rules."""
    first = _first_line(partition)
    lines = read_lines(*_where(partition), partition.compression, partition.stamp)
    kept = RunCache() if cache is None else cache
    return part_of(
        partition.index,
        (grade_line(line, n, lookup, kept, rules) for n, line in enumerate(lines, first)),
    )


def grade_partitions(
    partitions: Sequence[Partition],
    documents: Path | str,
    jobs: int = 1,
    flush_every: int | None = None,
    rules: ValueRules = PLAIN_RULES,
    cache: RunCache | None = None,
) -> Iterator[GradedPart]:
    """The partitions graded on ``jobs`` local processes, one part per partition, in
    order (with ``flush_every``, as ``grade_batches``: a partition may come as several
    parts of one index, for a stream).

    With several jobs, each partition is cut into slices of ``SLICE_BYTES`` (or less, so
    that a small log is a slice for each job, ``_spread``) and each
    worker reads its slices' lines itself: only byte ranges go to the workers and one
    block of output bytes a slice comes back, rather than every line pickled both ways.
    The workers first count the lines of the slices that others follow (``numbering.py``),
    so that each slice is graded knowing its first line's number.
    """
    store = DocumentStore(documents)
    # The run's cache (a new one when None): forked workers each inherit it as it stands
    # and fill their own copy.
    memo = RunCache() if cache is None else cache
    if jobs <= 1:
        yield from _serial(partitions, store, memo, flush_every, rules)
        return
    from sakshi.parallel import ordered_map

    # Slices are the workers' tasks: at most SLICE_BYTES, and fewer bytes when that keeps
    # every worker busy on a small log whatever its partitions (they never change a byte).
    plain = sum(p.end - p.start for p in partitions if p.compression is None)
    size = min(SLICE_BYTES, _spread(plain, jobs))

    def slices() -> Iterator[Partition]:
        return (piece for partition in partitions for piece in _slices(partition, size))

    counts = list(ordered_map(count_partition, to_count(slices()), jobs, 1))
    graded = ordered_map(
        lambda piece: grade_partition(piece, store.get, memo, rules),
        numbered(slices(), iter(counts)),
        jobs,
        1,
    )
    if flush_every is not None:
        yield from graded  # a stream: a slice's part is small enough to write as it comes
        return
    pieces: list[GradedPart] = []
    for part in graded:
        if pieces and part.index != pieces[0].index:
            yield _joined(pieces)
            pieces = []
        pieces.append(part)
    if pieces:
        yield _joined(pieces)


def _serial(
    partitions: Iterable[Partition],
    store: DocumentStore,
    memo: RunCache,
    flush_every: int | None,
    rules: ValueRules,
) -> Iterator[GradedPart]:
    """The partitions graded here, one after another, their lines numbered as they are
    read: a range's first line is the next after the range before's last (no count)."""
    lookup = store.get  # one bound method for the run, not one a line
    line = 1
    for partition in partitions:
        if partition.start == 0:
            line = 1  # a log's first range
        lines = iter_lines(
            *_where(partition), compression=partition.compression, stamp=partition.stamp
        )
        for part in _parts(
            partition.index,
            (grade_line(text, n, lookup, memo, rules) for n, text in enumerate(lines, line)),
            flush_every,
        ):
            line += part.lines
            yield part


def _parts(
    index: int, graded: Iterator[GradedLine], flush_every: int | None
) -> Iterator[GradedPart]:
    """A partition's graded lines as its part, or with ``flush_every`` as parts of that
    many lines at most (at least one: an empty partition has an empty part)."""
    if flush_every is None:
        yield part_of(index, graded)
        return
    part = part_of(index, islice(graded, flush_every))
    yield part
    while part.lines == flush_every:
        part = part_of(index, islice(graded, flush_every))
        yield part


def _where(partition: Partition) -> tuple[str, bool, int, int, str]:
    """``iter_lines``'s arguments for the partition's lines."""
    return partition.location, partition.remote, partition.start, partition.end, partition.shown


def _slices(partition: Partition, size: int) -> Iterator[Partition]:
    """The partition as consecutive ranges of at most ``size`` bytes, each keeping the
    partition's index (every partition has at least one: its range is never empty); a
    compressed one whole."""
    if partition.compression is not None:
        yield partition
        return
    for start in range(partition.start, partition.end, size):
        yield replace(partition, start=start, end=min(start + size, partition.end))


def _joined(pieces: Sequence[GradedPart]) -> GradedPart:
    """The parts of one partition's slices, in order, as the partition's part."""
    first_red = tuple(islice(chain.from_iterable(p.first_red for p in pieces), SHOWN_RED))
    return GradedPart(
        pieces[0].index,
        b"".join(p.data for p in pieces),
        sum(p.lines for p in pieces),
        sum(p.red for p in pieces),
        first_red,
    )


def grade_batches(
    batches: Iterable[Iterable[bytes]],
    documents: Path | str,
    jobs: int = 1,
    flush_every: int | None = None,
    rules: ValueRules = PLAIN_RULES,
    cache: RunCache | None = None,
) -> Iterator[GradedPart]:
    """Batches of lines (a partition's, or a stretch of stdin) graded on ``jobs`` local
    processes as one stream, one part per batch, in order (an empty batch is an empty
    part). Lines are read as they are graded: no batch is held whole. With
    ``flush_every``, a batch comes as several parts of that many lines at most (one
    index): for a stream, which needs no part whole and should not wait for one."""
    ends: deque[int] = deque()  # how many lines the stream held when each batch ended

    def lines() -> Iterator[bytes]:
        total = 0
        for batch in batches:
            for line in batch:
                total += 1
                yield line
            ends.append(total)

    graded: list[GradedLine] = []
    index = 0
    for done, result in enumerate(grade_lines(lines(), documents, jobs, rules, cache)):
        # A batch's end is known once the line after it was read, so before that line's
        # result comes: close the batches that ended before it (``done`` lines ago).
        while ends and ends[0] == done:
            ends.popleft()
            yield part_of(index, graded)
            graded, index = [], index + 1
        graded.append(result)
        if flush_every is not None and len(graded) >= flush_every:
            yield part_of(index, graded)
            graded = []
    while ends:
        ends.popleft()
        yield part_of(index, graded)
        graded, index = [], index + 1
