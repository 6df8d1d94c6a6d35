"""The GitHub Copilot CLI events reader (``copilot-cli``): started calls and their
completions, a denied call the model asked for, a sub-agent's calls in the same file, a
rewind; a damaged event is TRACE_MALFORMED naming file, line and field; another format's
file is exit 2 naming this one."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import REAL, jsonl, records, refused

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

FORMAT = "copilot-cli"
EVENTS = REAL / FORMAT / "events.jsonl"


def test_main_agent_and_sub_agent_calls_in_file_order() -> None:
    events = read_counted(EVENTS.read_bytes(), EVENTS.name).trace.events
    calls = [e.tool for e in events if isinstance(e, ToolCall)]
    # The task sub-agent's own bash (denied: asked for, never started) and view are there.
    assert calls == ["report_intent", "view", "task", "bash", "view"]
    results = {e.call_id: e for e in events if isinstance(e, ToolResult)}
    assert results["toolu_vrtx_02A"].is_error
    assert results["toolu_vrtx_02A"].text == "The user rejected this tool call."
    assert not results["toolu_vrtx_02B"].is_error


def test_a_rewind_drops_the_events_it_undid() -> None:
    lines = records(EVENTS)
    target = lines[10]["id"]  # the assistant message before the task call
    rewind = {"type": "session.snapshot_rewind", "data": {"upToEventId": target}}
    data = jsonl([*lines, rewind])
    assert detect_format(data, "events.jsonl") == FORMAT
    calls = [e.tool for e in read_trace(data, "events.jsonl").events if isinstance(e, ToolCall)]
    assert calls == ["report_intent", "view"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r[6]["data"].update(toolName=["view"]), "toolName"),
        (lambda r: r[6]["data"].update(arguments="{}"), "arguments"),
        (lambda r: r[8]["data"].update(success="yes"), "data.success"),
        (lambda r: r[8]["data"]["result"].update(content=None), "data.result.content"),
        (lambda r: r[16]["data"].update(toolCallId="nobody"), "answers no call"),
        (lambda r: r[3].update(data=[]), "data"),
        (lambda r: r[9].update(type="assistant.telepathy"), "type"),
    ],
    ids=["name", "arguments", "success", "result", "orphan", "data", "unknown-event"],
)
def test_a_damaged_event_is_trace_malformed_naming_file_line_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, field: str
) -> None:
    damaged = copy.deepcopy(records(EVENTS))
    change(damaged)
    data = jsonl(damaged)
    refused(tmp_path, capsys, data, FORMAT, "trace.jsonl: line ", field, name="trace.jsonl")
    with pytest.raises(TraceError):
        read_trace(jsonl(damaged), "events.jsonl", FORMAT)


def test_a_newer_event_type_is_detected_and_refused_naming_the_line() -> None:
    lines = [*records(EVENTS)[:3], {"type": "session.hologram", "data": {}}]
    assert detect_format(jsonl(lines), "events.jsonl") == FORMAT
    with pytest.raises(TraceError, match="line 4") as err:
        read_trace(jsonl(lines), "events.jsonl")
    assert "hologram" not in str(err.value)  # never quotes the trace


def test_another_agents_file_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (codex,) = (REAL / "codex-cli").glob("*.jsonl")
    data = codex.read_bytes()
    refused(tmp_path, capsys, data, FORMAT, "line 1", "Copilot session", name="trace.jsonl")


def test_the_printed_form_is_read_and_never_taken_for_claude() -> None:
    """``copilot -p ... --output-format json`` prints the events (streaming pieces too),
    not necessarily from session.start, and ends with a result line whose top-level
    ``sessionId`` once marked a Claude Code transcript."""
    lines = [
        {"type": "session.mcp_servers_loaded", "data": {"servers": []}},
        {"type": "user.message", "data": {"content": "go"}},
        {"type": "assistant.message_delta", "data": {"messageId": "m", "deltaContent": "x"}},
        {
            "type": "tool.execution_start",
            "data": {"toolCallId": "c1", "toolName": "bash", "arguments": {"command": "ls"}},
        },
        {"type": "tool.execution_complete", "data": {"toolCallId": "c1", "success": True}},
        {"type": "result", "sessionId": "s-1", "exitCode": 0, "usage": {"premiumRequests": 1}},
    ]
    data = jsonl(lines)
    assert detect_format(data, "out.jsonl") == FORMAT
    reading = read_counted(data, "out.jsonl")
    assert reading.trace.events[1:] == (
        ToolCall("c1", "bash", {"command": "ls"}),
        ToolResult("c1", "bash", False, ""),
    )
    assert reading.skipped == 3  # the servers notice, the streamed piece, the result line
    # Without session.start, an event type Copilot's schema does not define fits nothing.
    with pytest.raises(TraceError, match="Copilot session event"):
        detect_format(jsonl([lines[1], {"type": "user.thought", "data": {}}]), "o.jsonl")


def test_provider_hosted_tool_items_are_skipped_and_counted() -> None:
    lines = records(EVENTS)[:3]
    envelope = {"provider": "openai", "items": [{"type": "web_search_call"}, {"type": "x"}]}
    message = {"type": "assistant.message", "data": {"content": "", "serverTools": envelope}}
    before = read_counted(jsonl(lines), "events.jsonl").skipped
    assert read_counted(jsonl([*lines, message]), "events.jsonl").skipped == before + 2
    message["data"]["serverTools"] = {"provider": "openai", "items": "x"}
    with pytest.raises(TraceError, match="line 4: data.serverTools.items"):
        read_trace(jsonl([*lines, message]), "events.jsonl")
