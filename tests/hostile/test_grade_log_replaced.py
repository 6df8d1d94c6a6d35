"""Hostile: a log replaced or rewritten while ``sakshi grade`` reads it.

The run plans its partitions from each log's size, then reads them one by one. A log
replaced meanwhile by a bigger file (a rotation, a ``mv`` over it, a rewrite in place) was
graded as a mix of the two files, its first partitions from one and the rest from the
other, and the run said exit 0 or 1 as if one log had been read. Each log's stamp (a
local file's inode, size and modification time; an object's size and version) is now
taken when the run is planned and checked before and after every partition is read: a
log that is not the same file is exit 2 with one line naming it, and nothing is written.
The same with ``--jobs 1``, ``--jobs 2`` and on Dask.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import fsspec
import pytest
from grade_runs import (
    ENGINES,
    engine_args,
    grade_here,
    log_bytes,
    one_line_error,
)

from sakshi.context import partitions
from sakshi.errors import InputError
from sakshi.inputs.loglines import iter_lines, read_lines
from sakshi.inputs.logs import expand_logs

Capture = pytest.CaptureFixture[bytes]
OLD = log_bytes("old", 60)
NEW = log_bytes("new", 200)  # bigger: nothing reads past the end the run planned


def _moved_over(log: Path) -> None:
    fresh = log.with_name("fresh.jsonl")
    fresh.write_bytes(NEW)
    os.replace(fresh, log)  # another file under the same name


def _rewritten(log: Path) -> None:
    with log.open("r+b") as handle:  # the same file, new bytes
        handle.write(NEW)


CHANGES: dict[str, Callable[[Path], None]] = {"moved-over": _moved_over, "rewritten": _rewritten}


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "day.jsonl"
    path.write_bytes(OLD)
    return path


def _once(marker: Path, change: Callable[[Path], None], log: Path) -> None:
    # --jobs workers are forked processes: the marker makes the change happen once in all.
    try:
        marker.touch(exist_ok=False)
    except FileExistsError:
        return
    change(log)


def _after_the_first_range(
    monkeypatch: pytest.MonkeyPatch, change: Callable[[Path], None], log: Path
) -> None:
    """Change the log once the range at its start has been read (``iter_lines``: the
    local run's; ``read_lines``: a --jobs worker's or a Dask task's)."""
    marker = log.with_name("changed.marker")
    real_iter, real_read = partitions.iter_lines, partitions.read_lines

    def iterated(*args: Any, **kwargs: Any) -> Iterator[bytes]:
        yield from real_iter(*args, **kwargs)
        if args[2] == 0:
            _once(marker, change, log)

    def read(*args: Any, **kwargs: Any) -> list[bytes]:
        lines = real_read(*args, **kwargs)
        if args[2] == 0:
            _once(marker, change, log)
        return lines

    monkeypatch.setattr(partitions, "iter_lines", iterated)
    monkeypatch.setattr(partitions, "read_lines", read)


def _after_the_plan(
    monkeypatch: pytest.MonkeyPatch, change: Callable[[Path], None], log: Path
) -> None:
    real = partitions.plan_partitions

    def planned(*args: Any) -> list[partitions.Partition]:
        found = real(*args)
        change(log)
        return found

    monkeypatch.setattr(partitions, "plan_partitions", planned)


WHEN = {"mid-run": _after_the_first_range, "after-plan": _after_the_plan}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("when", WHEN)
def test_a_log_replaced_during_the_run_is_exit_2_naming_it(
    capsysbinary: Capture,
    docs: Path,
    log: Path,
    tmp_path: Path,
    scheduler: str,
    monkeypatch: pytest.MonkeyPatch,
    engine: str,
    change: str,
    when: str,
) -> None:
    WHEN[when](monkeypatch, CHANGES[change], log)
    out = tmp_path / "graded.jsonl"
    cut = ("--partition-size", "1K", *engine_args(engine, scheduler))
    run = grade_here(capsysbinary, log, "--documents", docs, *cut, "--out", out)
    message = one_line_error(run)
    assert message.startswith(f"{log}: ") and "changed during the run" in message
    assert not out.exists()


def test_an_unchanged_log_grades_alike_everywhere(
    capsysbinary: Capture, docs: Path, log: Path, scheduler: str
) -> None:
    cut = ("--partition-size", "1K")
    runs = [
        grade_here(capsysbinary, log, "--documents", docs, *cut, *engine_args(engine, scheduler))
        for engine in ENGINES
    ]
    assert runs[0].code == 1 and runs[0] == runs[1] == runs[2]


# --- the core: the stamp, checked by whoever reads a range ---------------------------------


@pytest.mark.parametrize("change", CHANGES)
def test_a_range_of_a_changed_log_is_refused(log: Path, change: str) -> None:
    (source,) = expand_logs([str(log)])
    assert read_lines(source.location, False, 0, 1024, stamp=source.stamp)  # unchanged: read
    CHANGES[change](log)
    for reader in (read_lines, lambda *a, **k: list(iter_lines(*a, **k))):
        with pytest.raises(InputError, match="changed during the run"):
            reader(source.location, False, 0, 1024, str(log), stamp=source.stamp)


def test_an_object_rewritten_is_refused(memory_root: str) -> None:
    fs = fsspec.filesystem("memory")
    url = f"{memory_root}/day.jsonl"
    fs.pipe(url.removeprefix("memory://"), OLD)
    (source,) = expand_logs([url])
    assert source.stamp is not None and source.remote
    fs.pipe(url.removeprefix("memory://"), NEW)
    with pytest.raises(InputError, match="changed during the run"):
        read_lines(source.location, True, 0, 1024, url, stamp=source.stamp)
