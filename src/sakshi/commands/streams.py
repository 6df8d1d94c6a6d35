"""A JSON lines stream through a transform, one output line at a time
(``verify-spans``, ``verify-values``): its file or stdout, its summary, its outcome."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO, NamedTuple

import click

from sakshi.commands.outcome import Outcome, judged
from sakshi.commands.output import held_stdout, new_file
from sakshi.commands.progress import Progress
from sakshi.errors import InputError
from sakshi.inputs import open_regular

__all__ = ["SHOWN_FAILURES", "LineCounts", "stream_jsonl"]

SHOWN_FAILURES = 20  # failing lines a stream's stderr summary quotes; the file has them all


class LineCounts(NamedTuple):
    """How many output lines a stream wrote, how many of them did not hold, and the first
    ``SHOWN_FAILURES`` of those (their output lines) for the summary."""

    total: int
    failed: int
    first_failures: tuple[bytes, ...]


_WRITE_EVERY = 1024  # output lines joined into one write: a write a line costs more than the join


def _pump(
    results: Iterable[tuple[bytes, bool]], sink: BinaryIO, tick: Callable[[int], object]
) -> LineCounts:
    total = failed = 0
    first: list[bytes] = []
    pending: list[bytes] = []
    for data, ok in results:
        pending.append(data)
        total += 1
        if not ok:
            failed += 1
            if len(first) < SHOWN_FAILURES:
                first.append(data)
        if len(pending) == _WRITE_EVERY:
            sink.write(b"".join(pending))
            pending.clear()
            tick(total)  # a write's worth of lines at a time: a tick a line would cost
    sink.write(b"".join(pending))
    tick(total)
    sink.flush()
    return LineCounts(total, failed, tuple(first))


def _stream_summary(counts: LineCounts, what: str, out: Path) -> list[str]:
    """What a stream written to a file prints on stderr: counts, then each line that did
    not hold (the first ``SHOWN_FAILURES``), as the file holds it."""
    noun = what[:-1] if what.endswith("s") and counts.total == 1 else what
    lines = [f"sakshi: wrote {out}: {counts.total} {noun}, {counts.failed} did not hold"]
    lines += [f"  {data.decode('utf-8', 'replace').rstrip()}" for data in counts.first_failures]
    if counts.failed > len(counts.first_failures):
        lines.append(f"  ... and {counts.failed - len(counts.first_failures)} more in {out}")
    return lines


def stream_jsonl(
    source: Path,
    out: Path | None,
    what: str,
    transform: Callable[[Iterable[bytes]], Iterable[tuple[bytes, bool]]],
) -> Outcome:
    """Stream SOURCE's lines (stdin for ``-``) through ``transform`` into ``out`` or
    stdout, one output line at a time; held when every line held, failed when one did
    not, exit 2 when there was no line at all (an empty file proves nothing). Written to ``out``,
    a summary goes to stderr (counts and the lines that did not hold).

    ``out`` is written through a temp file and appears only when the stream ended well,
    and stdout gets the lines only then (``held_stdout``): an exit 2 (or any failure)
    midway leaves no partial file and prints nothing."""
    label = str(source)
    stream: BinaryIO = (
        sys.stdin.buffer
        if label == "-"
        else open_regular(source, label, f"a JSON lines file of {what}")
    )
    try:
        with new_file(out) if out is not None else held_stdout() as sink, Progress(what) as tick:
            counts = _pump(transform(stream), sink, tick)
            if counts.total == 0:
                raise InputError(label, None, f"no {what}: an empty file proves nothing")
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    if out is not None:
        for line in _stream_summary(counts, what, out):
            click.echo(line, err=True)
    return judged(bool(counts.failed))
