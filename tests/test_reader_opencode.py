"""The OpenCode session reader (``opencode``): an export's tool parts in each state; a
damaged part is TRACE_MALFORMED naming file, message, part and field; another format's file
is exit 2 naming this one."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import REAL, run_one

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

FORMAT = "opencode"
(EXPORT,) = (REAL / FORMAT).glob("*.json")


def test_tool_parts_in_each_state() -> None:
    reading = read_counted(EXPORT.read_bytes(), EXPORT.name)
    events = reading.trace.events
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert [c.tool for c in calls] == ["read", "bash", "read", "task", "todowrite"]
    assert calls[2].args["offset"] == 2000
    results = [e for e in events if isinstance(e, ToolResult)]
    # The running todowrite has no result yet; the rejected bash is an error.
    assert [(r.tool, r.is_error) for r in results] == [
        ("read", False),
        ("bash", True),
        ("read", False),
        ("task", False),
    ]
    # Reasoning, and the step-start and step-finish markers of both steps.
    assert reading.skipped == 5


def test_the_bare_message_list_is_read_too() -> None:
    messages = json.loads(EXPORT.read_bytes())["messages"]
    data = json.dumps(messages).encode()
    assert detect_format(data, "m.json") == FORMAT
    assert read_trace(data, "m.json").events == read_trace(EXPORT.read_bytes(), "e.json").events


def part(doc: Any, message: int, number: int) -> dict[str, Any]:
    found: dict[str, Any] = doc["messages"][message]["parts"][number]
    return found


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: part(d, 1, 3).update(callID=7), "messages[1].parts[3]: callID"),
        (lambda d: part(d, 1, 3)["state"].update(status="done"), "state.status"),
        (lambda d: part(d, 1, 4)["state"].update(error=None), "state.error"),
        (lambda d: part(d, 2, 1)["state"].update(input="{}"), "state.input"),
        (lambda d: part(d, 1, 1).update(type="thought"), "messages[1].parts[1]: type"),
        (lambda d: d["messages"][0]["info"].update(role="system"), "messages[0].info"),
    ],
    ids=["call-id", "status", "error", "input", "unknown-part", "role"],
)
def test_a_damaged_part_is_trace_malformed_naming_file_message_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, field: str
) -> None:
    damaged = copy.deepcopy(json.loads(EXPORT.read_bytes()))
    change(damaged)
    data = json.dumps(damaged).encode()
    outcome = run_one(tmp_path, capsys, data, "trace.json", "--trace-format", FORMAT)
    assert (outcome.code, outcome.case["status"]) == (2, "error")
    assert outcome.case["reasons"] == ["TRACE_MALFORMED"]
    assert "trace.json: " in outcome.err and field in outcome.err
    with pytest.raises(TraceError):
        read_trace(data, "e.json", FORMAT)


def test_another_agents_file_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (cline,) = (REAL / "cline").glob("*.json")
    outcome = run_one(tmp_path, capsys, cline.read_bytes(), "trace.json", "--trace-format", FORMAT)
    assert outcome.code == 2 and outcome.case["reasons"] == ["TRACE_MALFORMED"]
    assert "OpenCode" in outcome.err
