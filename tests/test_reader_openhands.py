"""The OpenHands reader (format ``openhands``): the agent's actions that ran something are
calls, each observation is the result of the action its ``cause`` names, a delegated
agent's calls are part of the run, and what cannot be read is refused with the file and the
field named (tests/fixtures/real/openhands holds a real trajectory)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from sakshi.recovery.model import Message, ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
from reader_cases import refused  # the shared negative-case helper

REAL = Path(__file__).parent / "fixtures" / "real"
BASIC = REAL / "openhands" / "basic.json"


def action(event_id: int, kind: str, source: str = "agent", **fields: Any) -> dict[str, Any]:
    return {"id": event_id, "source": source, "action": kind, "message": "", **fields}


def observation(
    event_id: int, kind: str, cause: int | None, content: str, **extras: Any
) -> dict[str, Any]:
    event = {"id": event_id, "source": "agent", "observation": kind, "content": content}
    return {**event, "cause": cause, "extras": extras}


def metadata(name: str, call_id: str) -> dict[str, Any]:
    return {"function_name": name, "tool_call_id": call_id, "model_response": {}}


def stream() -> list[dict[str, Any]]:
    """Not real: a function-calling run that delegates, in the shape of event_to_trajectory."""
    return [
        action(0, "message", "user", args={"content": "Find the token."}),
        action(1, "system", args={"content": "You are OpenHands."}),
        action(2, "run", args={"command": "ls"}, tool_call_metadata=metadata("execute_bash", "t1")),
        observation(3, "run", 2, "notes", metadata={"exit_code": 0}),
        action(4, "delegate", args={"agent": "BrowsingAgent"}),
        # The delegate's own events, in the same stream: a text-mode read of the source.
        action(5, "read", args={"path": "notes/big.txt"}),
        observation(6, "read", 5, "L00050 ..."),
        observation(7, "delegate", 4, "done"),
        action(
            8, "run", args={"command": "false"}, tool_call_metadata=metadata("execute_bash", "t2")
        ),
        observation(9, "run", 8, "", metadata={"exit_code": 1}),
        observation(10, "agent_state_changed", None, ""),
        action(
            11, "finish", args={"final_thought": "ok"}, tool_call_metadata=metadata("finish", "t3")
        ),
    ]


def test_calls_results_and_a_delegates_calls() -> None:
    data = json.dumps(stream()).encode()
    assert detect_format(data, "trajectory.json") == "openhands"
    reading = read_counted(data, "trajectory.json")
    assert reading.trace.events == (
        Message("user", "Find the token."),
        ToolCall("2", "execute_bash", {"command": "ls"}),
        ToolResult("2", "execute_bash", False, "notes"),
        ToolCall("4", "delegate", {"agent": "BrowsingAgent"}),
        ToolCall("5", "read", {"path": "notes/big.txt"}),
        ToolResult("5", "read", False, "L00050 ..."),
        ToolResult("4", "delegate", False, "done"),
        ToolCall("8", "execute_bash", {"command": "false"}),
        ToolResult("8", "execute_bash", True, ""),
        ToolCall("11", "finish", {"final_thought": "ok"}),
    )
    assert reading.skipped == 2  # the system prompt, the state change
    wrapped = json.dumps({"trajectory": stream()}).encode()
    assert read_trace(wrapped, "t.json").events == reading.trace.events


@pytest.mark.parametrize(
    ("damage", "field"),
    [
        (lambda d: d[2].update(content=None), "content"),
        (lambda d: d[2].update(cause=99), "cause"),
        (lambda d: d[0].update(action="teleport"), "action"),
        (lambda d: d[1].update(tool_call_metadata="x"), "tool_call_metadata"),
        (lambda d: d[3].pop("action"), "not an OpenHands event"),
        (lambda d: d[1].update(id=[1]), "id"),
    ],
    ids=["content-null", "cause-unknown", "action-unknown", "metadata-text", "neither", "id"],
)
def test_a_damaged_event_is_malformed_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: Any, field: str
) -> None:
    doc = json.loads(BASIC.read_bytes())
    damage(doc)
    data = json.dumps(doc).encode()
    with pytest.raises(TraceError) as err:
        read_trace(data, "run.json", "openhands")
    assert err.value.source == "run.json"
    assert field in f"{err.value.key}: {err.value.problem}"
    refused(tmp_path, capsys, data, "openhands", "trace.json")


@pytest.mark.parametrize(
    "other",
    [
        "mini-swe-agent/github_issue.traj.json",
        "cline-ui/ui_messages.json",
        "claude/spotter-subagent.jsonl",
    ],
)
def test_another_agents_file_is_refused_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str
) -> None:
    data = (REAL / other).read_bytes()
    assert detect_format(data, other) != "openhands"
    refused(tmp_path, capsys, data, "openhands", "not an OpenHands")


def sdk_events(tool: str = "terminal") -> list[dict[str, Any]]:
    """Not real: OpenHands 1.x events as its software agent SDK serialises them."""
    base = {"timestamp": "2026-08-22T16:34:54", "source": "agent"}
    call = {"id": "tc1", "name": tool, "arguments": '{"command": "ls"}', "origin": "completion"}
    return [
        {**base, "kind": "SystemPromptEvent", "id": "e0", "system_prompt": {"text": "..."}},
        {
            **base,
            "kind": "MessageEvent",
            "id": "e1",
            "source": "user",
            "llm_message": {"role": "user", "content": [{"type": "text", "text": "Look."}]},
        },
        {
            **base,
            "kind": "ActionEvent",
            "id": "e2",
            "tool_name": tool,
            "tool_call_id": "tc1",
            "tool_call": call,
            "action": {"kind": "TerminalAction", "command": "ls"},
            "thought": [],
        },
        {
            **base,
            "kind": "ObservationEvent",
            "id": "e3",
            "source": "environment",
            "tool_name": tool,
            "tool_call_id": "tc1",
            "action_id": "e2",
            "observation": {
                "kind": "TerminalObservation",
                "content": [{"type": "text", "text": "a.py"}],
                "is_error": False,
            },
        },
        {
            **base,
            "kind": "ActionEvent",
            "id": "e4",
            "tool_name": "finish",
            "tool_call_id": "tc2",
            "tool_call": {**call, "id": "tc2", "name": "finish", "arguments": "{}"},
            "action": None,
        },
        {
            **base,
            "kind": "AgentErrorEvent",
            "id": "e5",
            "tool_name": "finish",
            "tool_call_id": "tc2",
            "error": "no",
        },
    ]


def test_openhands_sdk_events_are_read() -> None:
    for doc in (sdk_events(), {"events": sdk_events()}):
        data = json.dumps(doc).encode()
        assert detect_format(data, "events.json") == "openhands"
        reading = read_counted(data, "events.json")
        assert reading.trace.events == (
            Message("user", "Look."),
            ToolCall("tc1", "terminal", {"command": "ls"}),
            ToolResult("tc1", "terminal", False, "a.py"),
            ToolCall("tc2", "finish", {}),
            ToolResult("tc2", "finish", True, "no"),
        )
        assert reading.skipped == 1


def test_openhands_sdk_sub_agents_in_their_own_conversations_are_refused() -> None:
    with pytest.raises(TraceError, match="sub-agent ran in its own conversation"):
        read_trace(json.dumps(sdk_events("delegate")).encode(), "events.json")
