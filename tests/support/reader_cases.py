"""What the reader test modules of the agent formats share: a run folder of one trace, run
through ``sakshi run recovery`` against the shipped corpus (its read-offset case), a file
it must refuse (``refused``: the negative cases' scaffolding, in one place), and the JSONL
helpers.

Not a test module: ``test_reader_*`` modules import it (each puts ``tests/support`` on
``sys.path`` first).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from sakshi.cli import main

REAL = Path(__file__).parent.parent / "fixtures" / "real"
CASE = "recovery.read-offset"


class Outcome(NamedTuple):
    """What ``sakshi run recovery`` made of one run folder: exit code, the case, stderr."""

    code: int
    case: dict[str, Any]
    err: str


def jsonl(records: list[Any]) -> bytes:
    return b"".join(json.dumps(record).encode() + b"\n" for record in records)


def records(path: Path) -> list[Any]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def run_one(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    data: bytes,
    name: str = "trace.jsonl",
    *options: str,
) -> Outcome:
    """``sakshi run recovery`` over one run folder holding ``data`` as ``name``."""
    folder = tmp_path / "runs" / "run-1"
    folder.mkdir(parents=True)
    (folder / name).write_bytes(data)
    (folder / "case.json").write_text(json.dumps({"case_id": CASE}), "utf-8")
    out = tmp_path / "report.json"
    argv = ["run", "recovery", str(folder.parent), "--format", "json"]
    code = main([*argv, "--out", str(out), *options])
    err = capsys.readouterr().err
    (case,) = json.loads(out.read_bytes())["cases"]
    return Outcome(code, case, err)


def refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    data: bytes,
    trace_format: str | None,
    *words: str,
    name: str = "trace.json",
) -> Outcome:
    """``sakshi run recovery`` over one run folder holding ``data`` as ``name`` (read as
    ``trace_format``, or detected when None), which must refuse it: exit 2, the run an
    ``error`` with TRACE_MALFORMED, and stderr naming each of ``words`` (the file, line and
    field a reader names, or the format it is not)."""
    options = ("--trace-format", trace_format) if trace_format else ()
    outcome = run_one(tmp_path, capsys, data, name, *options)
    status = (outcome.code, outcome.case["status"], outcome.case["reasons"])
    assert status == (2, "error", ["TRACE_MALFORMED"]), outcome.err
    for word in words:
        assert word in outcome.err, (word, outcome.err)
    return outcome


PI_RUNS = Path(__file__).parent.parent / "fixtures" / "recovery" / "pi"


def damaged_pi_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, session: bytes
) -> str:
    """A passing Pi run folder (``case``) with its session replaced by a damaged one, run
    through ``sakshi run recovery``: its damaged line must make the run an error with
    counts (exit 2, TRACE_MALFORMED, one line unreadable, the rest read). What it wrote
    to stderr is returned, for the line it names."""
    run = tmp_path / "runs" / case
    shutil.copytree(PI_RUNS / case, run)
    (run / "expected.json").unlink()
    (run / "session.jsonl").write_bytes(session)
    out = tmp_path / "report.json"
    code = main(["run", "recovery", str(tmp_path / "runs"), "--out", str(out)])
    _, err = capsys.readouterr()
    assert code == 2, err
    [entry] = json.loads(out.read_text())["cases"]
    assert entry["status"] == "error" and entry["reasons"] == ["TRACE_MALFORMED"]
    assert entry["counts"]["lines_unreadable"] == 1
    assert entry["counts"]["tool_calls"] > 0  # the rest was read and counted
    return err
