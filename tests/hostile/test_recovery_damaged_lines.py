"""Hostile: a JSONL trace with lines nobody can read (issue 13 item 3, SPEC 5).

A scrubber that mangled an escape, or a write cut short, leaves a line that is not JSON.
The rest of the file is read and counted, the damage is counted as ``lines_unreadable``,
and the run is ``error`` (TRACE_MALFORMED): never a pass, whatever the rest proves, and
never the whole file thrown away without counts.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from sakshi.cli import main
from sakshi.recovery.readers import read_counted

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "support"))

from reader_cases import damaged_pi_run

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "recovery" / "pi"
DAMAGE = {
    "bad-escape": b'{"type": "message", "note": "mail \\q redacted"}',
    "cut-short": b'{"type": "message", "message": {"role": "assist',
    "not-utf8": b'{"type": "message", "x": "\xff\xfe"}',
    "deep": b"[" * 100_000 + b"]" * 100_000,
}


def _damaged(session: Path, damage: bytes) -> bytes:
    lines = session.read_bytes().split(b"\n")
    # After the header and before the chain's end: a line in the middle of the run.
    lines.insert(3, damage)
    return b"\n".join(lines)


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_line_is_counted_and_the_rest_is_read(kind: str) -> None:
    session = FIXTURES / "read-offset-pass" / "session.jsonl"
    clean = read_counted(session.read_bytes(), "session.jsonl", "pi")
    damaged = read_counted(_damaged(session, DAMAGE[kind]), "session.jsonl", "pi")
    assert damaged.unreadable == 1
    assert clean.unreadable == 0
    assert damaged.trace.events == clean.trace.events


@pytest.mark.parametrize("case", ["read-offset-pass", "temp-output-pass"])
@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_passing_run_with_a_damaged_line_is_an_error_with_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, kind: str
) -> None:
    session = _damaged(FIXTURES / case / "session.jsonl", DAMAGE[kind])
    err = damaged_pi_run(tmp_path, capsys, case, session)
    assert "(1 line of the trace could not be read)" in err and "session.jsonl: line 4: " in err
    # The message never quotes the damaged line.
    assert "redacted" not in err and "assist" not in err


def test_the_clean_runs_still_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for case in ("read-offset-pass", "temp-output-pass"):
        shutil.copytree(FIXTURES / case, tmp_path / "runs" / case)
        (tmp_path / "runs" / case / "expected.json").unlink()
    out = tmp_path / "report.json"
    assert main(["run", "recovery", str(tmp_path / "runs"), "--out", str(out)]) == 0
    capsys.readouterr()
    for entry in json.loads(out.read_text())["cases"]:
        assert entry["status"] == "pass" and "lines_unreadable" not in entry["counts"]
