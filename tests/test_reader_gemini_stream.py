"""The Gemini CLI stream-json reader (``gemini-stream-json``): calls and results paired by
``tool_id``, streamed pieces joined; a damaged event is TRACE_MALFORMED naming file, line
and field; another format's file is exit 2 naming this one."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import REAL, jsonl, records, refused

from sakshi.recovery.model import Message, ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

FORMAT = "gemini-stream-json"
(STREAM,) = (REAL / FORMAT).glob("*.jsonl")


def test_pieces_joined_calls_and_results_paired() -> None:
    reading = read_counted(STREAM.read_bytes(), STREAM.name)
    events = reading.trace.events
    assert Message("assistant", "I'll read the file.") in events
    results = [e for e in events if isinstance(e, ToolResult)]
    assert [(r.tool, r.is_error) for r in results] == [
        ("read_file", False),
        ("run_shell_command", True),
        ("read_file", False),
    ]
    call = next(e for e in events if isinstance(e, ToolCall) and e.args.get("offset"))
    assert call.args["offset"] == 2000
    # init, the warning notice and the result line.
    assert reading.skipped == 3


def test_an_error_notice_does_not_make_it_a_claude_transcript() -> None:
    # An ``error`` event has a ``message`` key, which alone once marked Claude Code.
    notice = {"type": "error", "timestamp": "t", "severity": "error", "message": "x"}
    data = jsonl([*records(STREAM)[:1], notice])
    assert detect_format(data, "s.jsonl") == FORMAT


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r[4].update(tool_id=42), "tool_id"),
        (lambda r: r[5].update(tool_id="nobody"), "tool_id: answers no call"),
        (lambda r: r[7].update(status="maybe"), "status"),
        (lambda r: r[7].update(error={"type": "x"}), "error.message"),
        (lambda r: r[2].update(delta="yes"), "delta"),
        (lambda r: r.insert(3, {"type": "thought", "timestamp": "t"}), "type"),
    ],
    ids=["call-id", "orphan-result", "status", "error", "delta", "unknown-event"],
)
def test_a_damaged_event_is_trace_malformed_naming_file_line_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, field: str
) -> None:
    damaged = copy.deepcopy(records(STREAM))
    change(damaged)
    data = jsonl(damaged)
    refused(tmp_path, capsys, data, FORMAT, "trace.jsonl: line ", field, name="trace.jsonl")
    with pytest.raises(TraceError):
        read_trace(jsonl(damaged), "s.jsonl", FORMAT)


def test_another_agents_file_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (claude,) = (REAL / "claude").glob("*.jsonl")
    words = ("line 1", "Gemini CLI stream-json")
    refused(tmp_path, capsys, claude.read_bytes(), FORMAT, *words, name="trace.jsonl")
