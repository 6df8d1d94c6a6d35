"""Hostile: a probe.json (or trace) that is there but cannot be read (issue 11, item 11).

The probe is the harness's evidence. One that is present but unreadable (a folder, bad
UTF-8, permission denied, a FIFO, a device, a dangling link) is never taken as "no probe":
the run is ``error`` (TRACE_MALFORMED) and the message names probe.json and what is wrong
with it. Nothing hangs on a FIFO or reads /dev/zero forever.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    TEMP_PROBE,
    good_runs,
    jsonl,
    make_run,
    offset_trace,
    run_recovery,
    temp_trace,
    write_corpus,
)

import sakshi.recovery.lane


def _folder(probe: Path) -> None:
    probe.mkdir()


def _bad_utf8(probe: Path) -> None:
    probe.write_bytes(b'{"events": [{"event": "source_deleted", "path": "\xff\xfe"}]}')


def _fifo(probe: Path) -> None:
    os.mkfifo(probe)


def _dangling(probe: Path) -> None:
    probe.symlink_to(probe.parent / "nowhere.json")


def _device(probe: Path) -> None:
    probe.symlink_to("/dev/zero")


BROKEN = {
    "folder": (_folder, "probe.json: is a folder, not a file"),
    "bad-utf8": (_bad_utf8, "probe.json: line 1: not UTF-8 text (at byte 49)"),
    "fifo": (_fifo, "probe.json: not a regular file (a FIFO, device or socket)"),
    "dangling-link": (_dangling, "probe.json: cannot read: no such file"),
    "dev-zero": (_device, "probe.json: not a regular file (a FIFO, device or socket)"),
}


@pytest.mark.parametrize("case_id", ["t.offset", "t.temp"])
@pytest.mark.parametrize("name", sorted(BROKEN))
def test_an_unreadable_probe_is_named_and_the_run_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, case_id: str
) -> None:
    runs = good_runs(tmp_path)
    # A read-offset run needs no probe: it passes unless the broken probe is noticed.
    trace = jsonl(offset_trace() if case_id == "t.offset" else temp_trace())
    folder = make_run(runs, "broken", case_id, trace)
    make, message = BROKEN[name]
    make(folder / "probe.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2
    assert outcome.statuses() == {"broken": "error", "ok-offset": "pass", "ok-temp": "pass"}
    assert outcome.case("broken")["reasons"] == ["TRACE_MALFORMED"]
    assert f"broken/{message}" in outcome.err


def test_permission_denied_names_the_probe_not_the_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # chmod 000 does not stop root (these tests may run as root): refuse the open instead.
    real_open = os.open

    def guarded_open(path: Any, flags: int, *args: Any) -> int:
        if str(path).endswith("broken/probe.json"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(sakshi.recovery.lane.os, "open", guarded_open)
    runs = good_runs(tmp_path)
    make_run(runs, "broken", "t.temp", jsonl(temp_trace()), TEMP_PROBE)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.statuses()["broken"] == "error"
    assert "broken/probe.json: cannot read: permission denied" in outcome.err
    assert "trace.jsonl" not in outcome.err


@pytest.mark.parametrize("name", ["folder", "fifo", "dev-zero"])
def test_a_trace_that_is_not_a_regular_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    runs = good_runs(tmp_path)
    folder = make_run(runs, "broken", "t.offset", b"", trace_name="ignored.txt")
    make, message = BROKEN[name]
    make(folder / "trace.jsonl")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.statuses()["broken"] == "error"
    assert "broken/trace.jsonl: " + message.removeprefix("probe.json: ") in outcome.err
