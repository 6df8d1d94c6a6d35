"""Hostile: a failed ``grade --out-parts URL`` run and another run's parts at the prefix.

A prefix is checked empty before any work, but another run may write there meanwhile
(two runs started together, a retry beside a slow run). A failed run used to remove
every ``part-NNNNN.jsonl`` under the prefix, another run's finished parts included. A run
that fails removes only what it wrote itself (SPEC: parts under a prefix carry the run's
own id in their names, ``part-<run>-00000.jsonl``, and the manifest is written last, never
over one): another run's parts, whatever they are named, stay; the failed run leaves
nothing of its own. The same holds with ``--jobs 2`` and on Dask, where the workers store
the parts themselves, and all three write the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
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
    turn_line,
)

from sakshi.commands.grade_output import write_parts
from sakshi.context.partitions import GradedPart, Partition, part_name
from sakshi.errors import InputError

Capture = pytest.CaptureFixture[bytes]
# What a run of an older sakshi (or a user) left there: the names every run once used.
LEGACY = {"part-00000.jsonl": b"theirs 0\n", "part-00001.jsonl": b"theirs 1\n"}


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "day.jsonl"
    path.write_bytes(log_bytes("day", 60))
    return path


def _store() -> Any:
    return fsspec.filesystem("standin")


def _held(prefix: str) -> dict[str, bytes]:
    fs = _store()
    root = prefix.removeprefix("standin://")
    return {path.rsplit("/", 1)[1]: fs.cat_file(path) for path in fs.find(root)}


def _plant(prefix: str, objects: dict[str, bytes]) -> None:
    for name, data in objects.items():
        _store().pipe_file(f"{prefix.removeprefix('standin://')}/{name}", data)


def _meanwhile(monkeypatch: pytest.MonkeyPatch, prefix: str, objects: dict[str, bytes]) -> None:
    """Plant ``objects`` under ``prefix`` once the run has checked it empty (when it plans
    its partitions): another run's, finished meanwhile."""
    from sakshi.context import partitions

    real = partitions.plan_partitions

    def then_planted(*args: Any) -> list[Partition]:
        _plant(prefix, objects)
        return real(*args)

    monkeypatch.setattr(partitions, "plan_partitions", then_planted)


def _run(capsys: Capture, log: Path, docs: Path, target: str, engine: str, address: str) -> Any:
    return grade_here(
        capsys, log, "--documents", docs, "--partition-size", "2K",
        *engine_args(engine, address), "--out-parts", target,
    )  # fmt: skip


@pytest.mark.parametrize("engine", ENGINES)
def test_a_failed_run_removes_its_own_parts_and_no_other_s(
    capsysbinary: Capture,
    docs: Path,
    log: Path,
    tmp_path: Path,
    store_root: str,
    scheduler: str,
    monkeypatch: pytest.MonkeyPatch,
    engine: str,
) -> None:
    finished = _run(capsysbinary, log, docs, f"{store_root}/first", engine, scheduler)
    assert finished.code == 1, finished.err
    theirs = {**_held(f"{store_root}/first"), **LEGACY}  # a finished run's parts and manifest
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    late = tmp_path / "late.jsonl"
    broken = turn_line("late").replace('"ledger"', '"broken"').encode()
    late.write_bytes(log.read_bytes() + broken + b"\n")  # fails after several parts
    _meanwhile(monkeypatch, f"{store_root}/shared", theirs)
    failed = _run(capsysbinary, late, docs, f"{store_root}/shared", engine, scheduler)
    assert "broken.yaml" in one_line_error(failed)
    assert _held(f"{store_root}/shared") == theirs  # theirs whole, nothing of the failed run


@pytest.mark.parametrize("engine", ENGINES)
def test_a_run_that_finishes_second_never_writes_over_the_first(
    capsysbinary: Capture,
    docs: Path,
    log: Path,
    store_root: str,
    scheduler: str,
    monkeypatch: pytest.MonkeyPatch,
    engine: str,
) -> None:
    assert _run(capsysbinary, log, docs, f"{store_root}/first", engine, scheduler).code == 1
    theirs = _held(f"{store_root}/first")
    _meanwhile(monkeypatch, f"{store_root}/shared", theirs)
    second = _run(capsysbinary, log, docs, f"{store_root}/shared", engine, scheduler)
    assert one_line_error(second) == (
        f"{store_root}/shared/manifest.json: already exists;"
        " sakshi writes new objects and never overwrites one"
    )
    assert _held(f"{store_root}/shared") == theirs


def test_every_engine_writes_the_same_parts(
    capsysbinary: Capture, docs: Path, log: Path, store_root: str, scheduler: str
) -> None:
    stdout = grade_here(capsysbinary, log, "--documents", docs).out
    found = []
    for engine in ENGINES:
        run = _run(capsysbinary, log, docs, f"{store_root}/{engine}", engine, scheduler)
        held = _held(f"{store_root}/{engine}")
        ids = {name.split("-")[1] for name in held if name != "manifest.json"}
        assert run.code == 1 and len(ids) == 1 and len(held) > 5, run.err
        (run_id,) = ids
        found.append({name.replace(run_id, "RUN"): data.replace(run_id.encode(), b"RUN")
                      for name, data in held.items()})  # fmt: skip
        parts = sorted(name for name in held if name != "manifest.json")
        assert b"".join(held[name] for name in parts) == stdout
    assert found[0] == found[1] == found[2]


# --- the core: names and the clean-up ----------------------------------------------------


def test_a_part_s_name_holds_its_run_under_a_prefix() -> None:
    assert part_name(7) == "part-00007.jsonl"  # in a folder the run made
    assert part_name(7, "0123abcd") == "part-0123abcd-00007.jsonl"


def _failing(parts: list[GradedPart]) -> Iterator[GradedPart]:
    yield from parts
    raise InputError("day.jsonl", None, "failed midway")


def test_the_clean_up_takes_only_the_run_s_own_objects(store_root: str) -> None:
    partitions = [Partition(index, "day.jsonl", False, "day.jsonl", 0, 1) for index in range(4)]
    parts = [GradedPart(index, b"x\n", 1, 0, ()) for index in range(2)]
    theirs = {**LEGACY, part_name(2, "other"): b"other's\n", part_name(3, "ab"): b"ab's\n"}
    _plant(f"{store_root}/shared", theirs)
    with pytest.raises(InputError, match="failed midway"):
        write_parts(_failing(parts), f"{store_root}/shared", partitions, "day.jsonl", "a")
    assert _held(f"{store_root}/shared") == theirs
