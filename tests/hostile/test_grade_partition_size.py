"""Hostile: ``grade --partition-size`` set tiny.

``--partition-size 1`` on a 1 MB log ran past 120 s: a million partitions, each opening
the log, and each partition inside a line read on to that line's end (so a long line cut
into N ranges was read N times over). Now a size below 1K is raised to 1K (``--help``
says so; the size never changes a byte of the output), and a range inside a long line
reads its own bytes and no more: the whole log costs its length, however it is cut. The
output is the default size's, byte for byte, with ``--jobs 1``, ``--jobs 2`` and on Dask.
Each CLI run here is a child process bounded in time and memory.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, BinaryIO, Self

import pytest
from click.testing import CliRunner
from grade_runs import (
    bounded_grade,
    engine_args,
    grade_here,
    in_process_cluster,
    log_bytes,
)

from sakshi.cli import cli
from sakshi.context.partitions import MIN_PARTITION_BYTES, plan_partitions
from sakshi.inputs import loglines
from sakshi.inputs.loglines import iter_lines
from sakshi.inputs.logs import expand_logs

Capture = pytest.CaptureFixture[bytes]


@pytest.fixture
def megabyte(tmp_path: Path) -> Path:
    """A log of about 1 MB (2,400 turns)."""
    path = tmp_path / "day.jsonl"
    path.write_bytes(log_bytes("day", 2400))
    return path


@pytest.fixture
def long_line(tmp_path: Path) -> Path:
    """A log whose first line is 16 MiB long (under the line bound), then a few turns."""
    path = tmp_path / "long.jsonl"
    path.write_bytes(b'{"id": "x", "pad": "' + b"a" * (16 << 20) + b'"}\n' + log_bytes("t", 5))
    return path


def _cut_alike(tmp_path: Path, docs: Path, log: Path, size: str, jobs: str) -> None:
    """``log`` graded with ``--partition-size SIZE --jobs JOBS`` is the default run, byte
    for byte (each run a bounded child process)."""
    whole = bounded_grade(tmp_path, log, "--documents", docs)
    cut = bounded_grade(
        tmp_path, log, "--documents", docs, "--partition-size", size, "--jobs", jobs
    )
    assert whole.code == 1 and cut == whole


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_size_of_one_byte_is_raised_not_a_million_partitions(
    tmp_path: Path, docs: Path, megabyte: Path, jobs: str
) -> None:
    _cut_alike(tmp_path, docs, megabyte, "1", jobs)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ranges_inside_a_long_line_read_their_own_bytes(
    tmp_path: Path, docs: Path, long_line: Path, jobs: str
) -> None:
    _cut_alike(tmp_path, docs, long_line, "1K", jobs)


def test_on_dask_a_tiny_size_is_raised_too(
    capsysbinary: Capture, tmp_path: Path, docs: Path
) -> None:
    pytest.importorskip("distributed")
    log = tmp_path / "small.jsonl"
    log.write_bytes(log_bytes("s", 120))
    whole = grade_here(capsysbinary, log, "--documents", docs)
    with in_process_cluster() as cluster:
        on_dask = engine_args("dask", cluster.scheduler_address)
        tiny = grade_here(capsysbinary, log, "--documents", docs, "--partition-size", "1", *on_dask)
    assert tiny == whole and whole.code == 1


def test_the_parts_show_the_raised_size(capsysbinary: Capture, tmp_path: Path, docs: Path) -> None:
    log = tmp_path / "small.jsonl"
    log.write_bytes(log_bytes("s", 30))
    run = grade_here(
        capsysbinary,
        log,
        "--documents",
        docs,
        "--partition-size",
        "7",
        "--out-parts",
        tmp_path / "p",
    )
    manifest = json.loads((tmp_path / "p" / "manifest.json").read_text("utf-8"))
    sizes = [part["end"] - part["start"] for part in manifest["parts"]]
    assert run.code == 1 and len(sizes) > 10
    assert set(sizes[:-1]) == {MIN_PARTITION_BYTES} and 0 < sizes[-1] <= MIN_PARTITION_BYTES


def test_help_says_a_small_size_is_raised() -> None:
    shown = CliRunner().invoke(cli, ["grade", "--help"], terminal_width=200).output
    assert "A size below 1K is raised to 1K." in " ".join(shown.split())


# --- the core: what a range reads ----------------------------------------------------------


class _Counted:
    """A log opened for reading, counting the bytes read through it."""

    def __init__(self, handle: BinaryIO, counts: list[int]) -> None:
        self.handle, self.counts = handle, counts

    def read(self, size: int = -1) -> bytes:
        data = self.handle.read(size)
        self.counts.append(len(data))
        return data

    def seek(self, offset: int) -> int:
        return self.handle.seek(offset)

    def fileno(self) -> int:
        return self.handle.fileno()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.handle.close()


def test_the_whole_log_costs_its_length_however_it_is_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "long.jsonl"
    log.write_bytes(b"x" * 1_000_000 + b"\n" + b"{}\n" * 10)
    counts: list[int] = []
    real = loglines.open_regular

    def counted(*args: Any) -> _Counted:
        return _Counted(real(*args), counts)

    monkeypatch.setattr(loglines, "open_regular", counted)
    partitions = plan_partitions(expand_logs([str(log)]), MIN_PARTITION_BYTES)
    lines = [
        line
        for p in partitions
        for line in iter_lines(p.location, False, p.start, p.end, p.shown, 1 << 20, None, p.stamp)
    ]
    assert lines == log.read_bytes().splitlines(keepends=True)
    assert len(partitions) > 900 and sum(counts) < 3 * log.stat().st_size
