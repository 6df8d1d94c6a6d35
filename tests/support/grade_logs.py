"""Turn logs and documents for the ``sakshi grade`` tests of many logs, URLs and Dask.

Not a test module: ``test_grade_many``, ``test_grade_dask`` and ``test_grade_s3`` import
it (each puts ``tests/support`` on ``sys.path`` first), as do ``hostile/grade_runs.py`` and
the ``docs`` and ``scheduler`` fixtures of ``tests/conftest.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from sakshi.cli import main
from sakshi.context.numbering import numbered, to_count
from sakshi.context.partitions import Partition, count_partition, plan_partitions
from sakshi.context.turns import bundle_sha256
from sakshi.inputs.logs import expand_logs

BUNDLE = {"engine": "matter-context", "query": "supply"}
GRN = b"GOODS RECEIPT NOTE\r\nQuantity received: 42.500 MT\r\n"
LEDGER_YAML = 'id: ledger\npages: ["Advance \\u20b9 45,00,000.00", "Closing \\u20b9 6,13,875.00"]\n'
QUOTE = "Quantity received: 42.500 MT"


def turn_line(line_id: object, quote: str = QUOTE) -> str:
    """One logged turn citing ``grn``: green with the default quote, red with another."""
    value = {
        "field": "qty",
        "value": "42.500 MT",
        "why": "The note records it.",
        "cite": {"doc": "grn", "quote": quote},
    }
    provenance = {"engine_state": "live", "bundle_sha256": bundle_sha256(BUNDLE)}
    entry = {
        "id": line_id,
        "engine_state": "live",
        "documents": ["grn", "ledger"],
        "bundle": BUNDLE,
        "turn": {"context_provenance": provenance, "values": [value]},
    }
    return json.dumps(entry, ensure_ascii=False)


def log_bytes(prefix: str, count: int, final_newline: bool = True) -> bytes:
    """``count`` turns (every 7th quote wrong, so red), a line that is not JSON and a
    line with a CR inside it in the middle, as a log's bytes."""
    lines = [turn_line(f"{prefix}-{i}", QUOTE if i % 7 else "Quantity: 42") for i in range(count)]
    lines.insert(count // 2, "not json\r still the same line")
    text = "\n".join(lines) + ("\n" if final_newline else "")
    return text.encode("utf-8")


def write_docs(folder: Path) -> Path:
    """``grn.txt`` (raw bytes) and ``ledger.yaml`` (a section-2 document) in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "grn.txt").write_bytes(GRN)
    (folder / "ledger.yaml").write_text(LEDGER_YAML, "utf-8")
    return folder


def numbered_plan(specs: list[str], size: int) -> list[Partition]:
    """The logs ``specs`` name planned into partitions of ``size`` bytes and numbered here
    (each range told its first line's number, as a run's workers are before grading)."""
    planned = plan_partitions(expand_logs(specs), size)
    return list(numbered(planned, (count_partition(p) for p in to_count(planned))))


@contextmanager
def in_process_cluster() -> Iterator[Any]:
    """A Dask LocalCluster of one worker thread in this process, on loopback TCP (the CLI
    connects to it as to any cluster)."""
    import distributed

    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        dashboard_address=":0",
        protocol="tcp://",
    ) as cluster:
        yield cluster


class GradeRun(NamedTuple):
    """One ``sakshi grade`` run: its exit code, stdout's bytes and stderr's text."""

    code: int
    out: bytes
    err: str


def grade_here(capsys: pytest.CaptureFixture[bytes], *args: object) -> GradeRun:
    """``sakshi grade ARGS`` in this process (``capsys`` from ``capsysbinary``)."""
    capsys.readouterr()
    code = main(["grade", *(str(arg) for arg in args)])
    captured = capsys.readouterr()
    return GradeRun(code, captured.out, captured.err.decode("utf-8", "replace"))


def grade_process(*args: object, timeout: float = 300) -> GradeRun:
    """``sakshi grade ARGS`` as its own process, with this environment."""
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "grade", *(str(arg) for arg in args)],
        capture_output=True,
        check=False,
        timeout=timeout,
    )
    return GradeRun(proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace"))


def one_line_error(run: GradeRun) -> str:
    """The single stderr line of an exit-2 run (no traceback, nothing on stdout), after
    its ``sakshi: error: ``."""
    assert run.code == 2, run
    assert run.out == b"" and "Traceback" not in run.err, run
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sakshi: error: "), run.err
    return lines[0].removeprefix("sakshi: error: ")


def parts_of(folder: Path) -> tuple[bytes, dict[str, object]]:
    """A ``--out-parts`` folder's parts concatenated in the manifest's order, and the
    manifest."""
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    names = [part["name"] for part in manifest["parts"]]
    files = sorted(path.name for path in folder.iterdir())
    assert files == sorted([*names, "manifest.json"])
    return b"".join((folder / name).read_bytes() for name in names), manifest


def stored_parts(fs: Any, prefix: str) -> tuple[bytes, dict[str, Any]]:
    """The parts under a URL ``prefix`` (``fs``'s path, without its protocol) concatenated
    in the manifest's order, and the manifest as a local folder's would be: without the
    run's id, in its own key and in each part's name (``part-<run>-00000.jsonl``), which
    are checked to hold it and to be all there is under the prefix."""
    manifest = json.loads(fs.cat_file(f"{prefix}/manifest.json"))
    run = manifest.pop("run")
    names = [part["name"] for part in manifest["parts"]]
    assert all(name.startswith(f"part-{run}-") for name in names), names
    found = sorted(path.rsplit("/", 1)[1] for path in fs.find(prefix))
    assert found == sorted([*names, "manifest.json"])
    for part in manifest["parts"]:
        part["name"] = part["name"].replace(f"part-{run}-", "part-")
    return b"".join(fs.cat_file(f"{prefix}/{name}") for name in names), manifest
