"""``sakshi grade --engine dask`` against a ``distributed.LocalCluster`` on loopback: the
workers read their own partitions and documents, keep the documents across tasks, and
the output (stdout or ``--out-parts``) is the local run's byte for byte, even when a
worker is lost midway."""

from __future__ import annotations

import pickle
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fsspec
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from grade_logs import (
    GRN,
    LEDGER_YAML,
    grade_here,
    grade_process,
    log_bytes,
    numbered_plan,
    parts_of,
    stored_parts,
    turn_line,
)

from sakshi.context import dask_engine
from sakshi.context.dask_engine import grade_on_dask, grade_partition_task
from sakshi.context.docstore import DocumentStore
from sakshi.context.partitions import plan_partitions
from sakshi.errors import SakshiError
from sakshi.inputs.logs import expand_logs

distributed = pytest.importorskip("distributed")

Capture = pytest.CaptureFixture[bytes]


def cluster(workers: int, processes: bool) -> Any:
    """A LocalCluster on loopback, one thread a worker (as docs/scale.md says to run)."""
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=":0",
        processes=processes,
        protocol="tcp://",  # TCP even in one process: the CLI connects as to any cluster
    )


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "2026-12-02.jsonl").write_bytes(log_bytes("second", 900, final_newline=False))
    (folder / "2026-12-01.jsonl").write_bytes(log_bytes("first", 1200))
    return folder


@pytest.fixture(scope="module")
def two_workers() -> Iterator[Any]:
    """Two worker processes (each its own Python), shared by the tests that only read."""
    with cluster(2, processes=True) as running:
        yield running


def test_dask_stdout_and_parts_are_the_local_bytes(
    tmp_path: Path, docs: Path, logs: Path, two_workers: Any
) -> None:
    glob = f"{logs}/*.jsonl"
    cut = ("--partition-size", "16K")
    local = grade_process(glob, "--documents", docs, *cut)
    on_dask = ("--engine", "dask", "--scheduler", two_workers.scheduler_address)
    remote = grade_process(glob, "--documents", docs, *cut, *on_dask)
    assert remote.code == local.code == 1, remote.err
    assert remote.out == local.out and local.out.count(b"\n") == 2102
    grade_process(glob, "--documents", docs, *cut, "--out-parts", tmp_path / "local-parts")
    parts = grade_process(
        glob, "--documents", docs, *cut, *on_dask, "--out-parts", tmp_path / "dask-parts"
    )
    assert parts.code == 1 and parts.out == b""
    names = sorted(path.name for path in (tmp_path / "local-parts").iterdir())
    assert len(names) > 5
    assert sorted(path.name for path in (tmp_path / "dask-parts").iterdir()) == names
    for name in names:  # every part and the manifest: the same file whichever engine
        assert (tmp_path / "dask-parts" / name).read_bytes() == (
            tmp_path / "local-parts" / name
        ).read_bytes()


def test_a_bad_document_on_a_worker_is_exit_2_naming_it(
    tmp_path: Path, docs: Path, logs: Path, two_workers: Any
) -> None:
    (docs / "grn.txt").unlink()
    (docs / "grn.yaml").write_text("id: grn\ntext: [unclosed\n")
    run = grade_process(
        f"{logs}/*.jsonl", "--documents", docs, "--engine", "dask",
        "--scheduler", two_workers.scheduler_address, "--out-parts", tmp_path / "parts",
    )  # fmt: skip
    assert run.code == 2 and "grn.yaml" in run.err and "Traceback" not in run.err
    assert not (tmp_path / "parts").exists()


def test_memory_urls_on_an_in_process_cluster(
    capsysbinary: Capture,
    docs: Path,
    logs: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    memory_root: str,
    store_root: str,
) -> None:
    here = tmp_path / "parts-here"
    # memory:// lives in one process: the workers are threads of this one.
    root = memory_root.removeprefix("memory://")
    fs = fsspec.filesystem("memory")
    for log in sorted(logs.iterdir()):
        fs.pipe(f"{root}/logs/{log.name}", log.read_bytes())
    fs.pipe(f"{root}/docs/grn.txt", GRN)
    fs.pipe(f"{root}/docs/ledger.yaml", LEDGER_YAML.encode())
    loads: list[str] = []
    real_load = DocumentStore._load

    def counted(store: DocumentStore, doc_id: str) -> object:
        loads.append(doc_id)
        return real_load(store, doc_id)

    cut = ("--partition-size", "8K")
    shipped: list[int] = []
    real_submit = distributed.Client.submit

    def recorded(client: Any, task: Any, *args: Any, **kwargs: Any) -> Any:
        shipped.append(len(pickle.dumps(args)))
        return real_submit(client, task, *args, **kwargs)

    local = grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs)
    grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs, *cut, "--out-parts", here)
    monkeypatch.setattr(DocumentStore, "_load", counted)
    monkeypatch.setattr(distributed.Client, "submit", recorded)
    with cluster(1, processes=False) as running:
        on_dask = ("--engine", "dask", "--scheduler", running.scheduler_address)
        given = (f"memory://{root}/logs/*.jsonl", "--documents", f"memory://{root}/docs")
        remote = grade_here(capsysbinary, *given, *cut, *on_dask)
        stored = grade_here(
            capsysbinary, *given, *cut, *on_dask, "--out-parts", f"{store_root}/graded"
        )
    assert (remote.code, remote.out) == (1, local.out), remote.err
    # Many partitions, one worker: each document was read once a run, kept across tasks.
    assert sorted(loads) == ["grn", "grn", "ledger", "ledger"]
    # The client ships no lines: each task carries a partition's description, not its bytes.
    assert len(shipped) > 10 and max(shipped) < 1000
    # Parts stored by the worker itself: the files a local run writes, byte for byte (but
    # for the run's id in their names, under a prefix other runs may share).
    store = fsspec.filesystem("standin")
    objects, manifest = stored_parts(store, f"{store_root}/graded".removeprefix("standin://"))
    files, local_manifest = parts_of(here)
    assert stored.code == 1 and len(manifest["parts"]) > 5
    assert objects == files
    for found in (manifest, local_manifest):  # the same, but for where each part's log was
        assert found["parts"][0].pop("log").endswith("2026-12-01.jsonl")
        for part in found["parts"][1:]:
            part.pop("log")
    assert manifest == local_manifest


def test_a_partition_task_run_again_gives_the_same_bytes(docs: Path, logs: Path) -> None:
    partitions = numbered_plan([f"{logs}/*.jsonl"], 10_000)
    first = [grade_partition_task(p, str(docs), "run-a") for p in partitions]
    again = [grade_partition_task(p, str(docs), "run-b") for p in reversed(partitions)]
    assert first == list(reversed(again))
    assert len(dask_engine._caches) <= 2  # bounded: the latest runs' caches only


def _held(client: Any, run: str) -> dict[str, list[str]]:
    """Which worker holds each finished partition of ``run``, by worker address."""

    def held_by(dask_scheduler: Any) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for key, task in dask_scheduler.tasks.items():
            if str(key).startswith(f"sakshi-grade-{run}-"):
                for worker in task.who_has or ():
                    found.setdefault(worker.address, []).append(str(key))
        return found

    return client.run_on_scheduler(held_by)  # type: ignore[no-any-return]


def test_a_lost_worker_is_recomputed_to_the_same_bytes(docs: Path, logs: Path) -> None:
    partitions = numbered_plan([f"{logs}/*.jsonl"], 8_000)
    expected = [grade_partition_task(p, str(docs), "here") for p in partitions]
    run = uuid.uuid4().hex
    with cluster(2, processes=True) as running, distributed.Client(running) as client:
        parts = grade_on_dask(partitions, str(docs), running.scheduler_address, run, window=1000)
        got = [next(parts)]  # every partition is submitted; the first has come back
        deadline = time.monotonic() + 120
        while sum(map(len, _held(client, run).values())) < len(partitions) - 1:
            assert time.monotonic() < deadline, "the cluster did not finish the partitions"
            time.sleep(0.1)
        held = _held(client, run)
        victim = max(held, key=lambda address: len(held[address]))
        assert len(held[victim]) >= 2  # results nobody has gathered yet, lost with it
        client.restart_workers([victim])  # its process is killed and a new one started
        got += list(parts)
    assert got == expected


class _GaveUp:
    """A Dask future whose task killed every worker that ran it."""

    def result(self) -> object:
        raise distributed.KilledWorker("sakshi-grade-run-3", "tcp://127.0.0.1:1", 3)


def test_a_partition_dask_gave_up_on_is_an_error_naming_it(logs: Path) -> None:
    partition = plan_partitions(expand_logs([f"{logs}/*.jsonl"]), 1000)[3]
    with pytest.raises(SakshiError) as raised:
        dask_engine._outcome(dask_engine._InFlight(partition, _GaveUp()))
    assert str(raised.value).startswith(f"{logs}/2026-12-01.jsonl: bytes 3000-4000: every Dask")


def test_a_worker_stores_its_part_and_a_rerun_finds_the_same_bytes(
    docs: Path, logs: Path, memory_root: str
) -> None:
    partition = numbered_plan([f"{logs}/*.jsonl"], 5000)[2]
    root = memory_root.removeprefix("memory://")
    fs = fsspec.filesystem("memory")
    first = grade_partition_task(partition, str(docs), "run", f"memory://{root}/graded")
    again = grade_partition_task(partition, str(docs), "run", f"memory://{root}/graded")
    stored = fs.cat_file(f"{root}/graded/part-run-00002.jsonl")  # named for its run
    assert first.stored and first == again  # run again (a lost worker): the same, kept
    assert stored == first.data and first.lines > 0


def test_a_failed_run_leaves_no_part_at_the_prefix(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path, store_root: str
) -> None:
    """A partition fails while later ones are in flight on the workers, each storing its
    own part: once the run has failed, nothing of it is left under the prefix (the
    in-flight tasks are let finish first, so none writes after the clean-up)."""
    root = store_root.removeprefix("standin://")
    fs = fsspec.filesystem("standin")
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    bad = turn_line("bad").replace('"ledger"', '"broken"').encode() + b"\n"
    good = (logs / "2026-12-01.jsonl").read_bytes()
    log = tmp_path / "day.jsonl"
    log.write_bytes(good[:20_000].rsplit(b"\n", 1)[0] + b"\n" + bad + good)
    with cluster(1, processes=False) as running:
        run = grade_here(
            capsysbinary, log, "--documents", docs, "--partition-size", "4K",
            "--engine", "dask", "--scheduler", running.scheduler_address,
            "--out-parts", f"{store_root}/graded",
        )  # fmt: skip
        time.sleep(0.5)  # anything still running on the worker would write by now
    assert run.code == 2 and "broken.yaml" in run.err, run.err
    assert fs.find(f"{root}/graded") == [], run.err
