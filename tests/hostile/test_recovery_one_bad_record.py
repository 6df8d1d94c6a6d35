"""Hostile: one bad record must not lose the whole run (issue 11, item 10).

Each input here once ended ``sakshi run recovery`` in "internal error" with no report: an
offset string too long for ``int()`` or in another script's digits, a JSON number too
long to read, JSON nested past the parser's depth (in a trace or in probe.json), a lone
surrogate in a tool name or in a run folder's name. Now each is that one run's ``error``
(TRACE_MALFORMED) or ``fail``, with a message, and the report holds every other run.
"""

from __future__ import annotations

import json
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


def offset_as(value: Any) -> bytes:
    """The passing read-offset trace with its continuation's offset replaced."""
    records = offset_trace()
    records[2]["args"]["offset"] = value
    return jsonl(records)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def with_raw_line(records: list[dict[str, Any]], at: int, raw: str) -> bytes:
    lines = jsonl(records).split(b"\n")
    return b"\n".join([*lines[:at], raw.encode(), *lines[at:]])


def surrogate_tool() -> bytes:
    # json.dumps writes a lone surrogate as the escape \udc80, which JSON allows.
    records = temp_trace()
    records[1]["tool"] = "ba\udc80sh"
    return jsonl(records)


BAD_TRACES: dict[str, tuple[str, bytes, Any]] = {
    "offset-5000-digits": ("t.offset", offset_as("9" * 5000), None),
    "offset-superscript": ("t.offset", offset_as("\u00b2"), None),
    "offset-arabic-indic": ("t.offset", offset_as("\u0664\u0661"), None),
    "offset-fullwidth": ("t.offset", offset_as("\uff14\uff11"), None),
    "offset-number-5000-digits": (
        "t.offset",
        jsonl(offset_trace()).replace(b'"offset": 41', b'"offset": ' + b"4" * 5000),
        None,
    ),
    "nested-first-line": (
        "t.offset",
        with_raw_line(offset_trace(), 0, '{"kind": "message", "text": ' + nested(100_000) + "}"),
        None,
    ),
    "nested-trace-line": (
        "t.offset",
        with_raw_line(
            offset_trace(),
            1,
            '{"kind": "message", "role": "user", "text": ' + nested(100_000) + "}",
        ),
        None,
    ),
    "nested-args": (
        "t.offset",
        jsonl(offset_trace()).replace(b'"offset": 41', b'"offset": ' + nested(100_000).encode()),
        None,
    ),
    "nested-probe": (
        "t.temp",
        jsonl(temp_trace()),
        ('{"events": ' + nested(100_000) + "}").encode(),
    ),
    "surrogate-tool-name": ("t.temp", surrogate_tool(), TEMP_PROBE),
}


@pytest.mark.parametrize("name", sorted(BAD_TRACES))
def test_one_bad_record_is_one_runs_error_and_the_report_holds_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    runs = good_runs(tmp_path)
    case_id, trace, probe = BAD_TRACES[name]
    make_run(runs, name, case_id, trace, probe)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert "internal error" not in outcome.err
    statuses = outcome.statuses()
    assert statuses.pop("ok-offset") == statuses.pop("ok-temp") == "pass"
    assert statuses[name] in ("error", "fail")
    if statuses[name] == "error":
        assert outcome.case(name)["reasons"] == ["TRACE_MALFORMED"]
        assert outcome.code == 2 and f"{name}/" in outcome.err
    else:
        assert outcome.code == 1


def test_a_run_folder_name_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = good_runs(tmp_path)
    make_run(runs, b"bad-\xff-name", "t.offset", jsonl(offset_trace()))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), fmt="text")
    assert outcome.code == 0, outcome.err
    # The undecodable byte is shown as \xff, the same in the JSON report and the text.
    assert outcome.statuses() == {"bad-\\xff-name": "pass", "ok-offset": "pass", "ok-temp": "pass"}
    assert "bad-\\xff-name" in outcome.out


def test_the_validator_failing_on_one_run_is_that_runs_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whatever the validator did not expect: the run is an error, never a pass, the
    # message says so, and the other runs are judged as usual.
    real = sakshi.recovery.lane.validate

    def fragile(case: Any, trace: Any) -> Any:
        if len(trace.events) == 4:
            raise ValueError("boom")
        return real(case, trace)

    monkeypatch.setattr(sakshi.recovery.lane, "validate", fragile)
    runs = good_runs(tmp_path)
    make_run(runs, "short", "t.offset", jsonl(offset_trace()[:4]))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2
    assert outcome.statuses() == {"ok-offset": "pass", "ok-temp": "pass", "short": "error"}
    assert "short: the validator could not judge this trace (ValueError)" in outcome.err
    assert "boom" not in outcome.err


def test_the_report_is_still_json_for_every_bad_run_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = good_runs(tmp_path)
    for name, (case_id, trace, probe) in sorted(BAD_TRACES.items()):
        make_run(runs, name, case_id, trace, probe)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2
    assert len(outcome.report["cases"]) == len(BAD_TRACES) + 2
    assert json.loads(outcome.out) == outcome.report
