"""The OpenCode session reader (``opencode``): an export's tool parts in each state, a
sub-agent's session read in the place of the task that ran it; a damaged part is
TRACE_MALFORMED naming file, message, part and field; another format's file is exit 2
naming this one."""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import REAL, refused

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

FORMAT = "opencode"
(EXPORT,) = (REAL / FORMAT).glob("*.json")  # a parent's export and its sub-agent's
ALONE = REAL / FORMAT / "refused" / "ses_2f8a1c3e5ffeQw7Rt9Yu1Io3Pa.json"  # the parent's


def test_tool_parts_in_each_state() -> None:
    reading = read_counted(EXPORT.read_bytes(), EXPORT.name)
    events = reading.trace.events
    calls = [e for e in events if isinstance(e, ToolCall)]
    # The sub-agent's read stands right after the task call that ran it.
    assert [c.tool for c in calls] == ["read", "bash", "read", "task", "read", "todowrite"]
    assert calls[2].args["offset"] == 2000
    results = [e for e in events if isinstance(e, ToolResult)]
    # The running todowrite has no result yet; the rejected bash is an error.
    assert [(r.tool, r.is_error) for r in results] == [
        ("read", False),
        ("bash", True),
        ("read", False),
        ("read", False),
        ("task", False),
    ]
    # Reasoning, and the step-start and step-finish markers of the three steps.
    assert reading.skipped == 7


def test_the_bare_message_list_is_read_too() -> None:
    child = json.loads(EXPORT.read_bytes())[1]
    data = json.dumps(child["messages"]).encode()
    assert detect_format(data, "m.json") == FORMAT
    assert read_trace(data, "m.json").events == read_trace(json.dumps(child).encode(), "e").events


def test_a_task_whose_sub_agent_session_is_missing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: the parent's export was read alone, and the sub-agent's calls were not part of
    # the run (a sub-agent reading the source directly could not fail the case).
    words = "messages[2].parts[2].state.metadata.sessionId: the sub-agent this task ran"
    refused(tmp_path, capsys, ALONE.read_bytes(), None, words)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.append(copy.deepcopy(d[1])), "[2].info.id: a session that no task call"),
        (lambda d: d.reverse(), "[1].info.id: a session that no task call"),
        (
            lambda d: d[0]["messages"][2]["parts"].insert(3, copy.deepcopy(part(d, 2, 2))),
            "a task that resumed a sub-agent's session read already",
        ),
    ],
    ids=["unclaimed-session", "child-first", "resumed"],
)
def test_sessions_that_cannot_be_placed_are_refused(change: Any, words: str) -> None:
    doc = json.loads(EXPORT.read_bytes())
    change(doc)
    with pytest.raises(TraceError, match=re.escape(words)):
        read_trace(json.dumps(doc).encode(), "e.json", FORMAT)


def test_a_task_refused_before_its_sub_agent_started_needs_no_session() -> None:
    doc = json.loads(ALONE.read_bytes())
    task = doc["messages"][2]["parts"][2]
    task["state"] = {"status": "error", "input": task["state"]["input"], "error": "Unknown agent"}
    calls = [e for e in read_trace(json.dumps(doc).encode(), "e.json").events]
    assert [e.tool for e in calls if isinstance(e, ToolCall)][-2:] == ["task", "todowrite"]


def part(doc: Any, message: int, number: int) -> dict[str, Any]:
    found: dict[str, Any] = doc[0]["messages"][message]["parts"][number]
    return found


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: part(d, 1, 3).update(callID=7), "[0].messages[1].parts[3]: callID"),
        (lambda d: part(d, 1, 3)["state"].update(status="done"), "state.status"),
        (lambda d: part(d, 1, 4)["state"].update(error=None), "state.error"),
        (lambda d: part(d, 2, 1)["state"].update(input="{}"), "state.input"),
        (lambda d: part(d, 1, 1).update(type="thought"), "messages[1].parts[1]: type"),
        (lambda d: d[0]["messages"][0]["info"].update(role="system"), "[0].messages[0].info"),
    ],
    ids=["call-id", "status", "error", "input", "unknown-part", "role"],
)
def test_a_damaged_part_is_trace_malformed_naming_file_message_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, field: str
) -> None:
    damaged = copy.deepcopy(json.loads(EXPORT.read_bytes()))
    change(damaged)
    data = json.dumps(damaged).encode()
    refused(tmp_path, capsys, data, FORMAT, "trace.json: ", field)
    with pytest.raises(TraceError):
        read_trace(data, "e.json", FORMAT)


def test_another_agents_file_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (cline,) = (REAL / "cline").glob("*.json")
    refused(tmp_path, capsys, cline.read_bytes(), FORMAT, "OpenCode")
