"""The mini-swe-agent reader (format ``mini-swe-agent``): commands from the assistant's
text, 2.0's ``extra.actions`` and tool calls are bash calls, answered by the observation
that follows (or the ``tool`` message naming them); what cannot be read is refused with
the file and the field named (tests/fixtures/real/mini-swe-agent holds real files of both
shapes; the small cases here are written for sakshi from the project's source, not real)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_trace

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
from reader_cases import refused  # the shared negative-case helper

REAL = Path(__file__).parent / "fixtures" / "real"
ISSUE = REAL / "mini-swe-agent" / "github_issue.traj.json"
SYSTEM = {"role": "system", "content": "You can run bash."}
TASK = {"role": "user", "content": "Fix the bug."}


def saved(*messages: dict[str, Any]) -> bytes:
    """Not real: a 2.0 trajectory as ``DefaultAgent.serialize`` writes it."""
    info = {"mini_version": "2.3.0", "exit_status": "Submitted", "submission": ""}
    doc = {"info": info, "messages": [SYSTEM, TASK, *messages]}
    return json.dumps({**doc, "trajectory_format": "mini-swe-agent-1.1"}).encode()


def test_tool_calling_actions_and_tool_messages() -> None:
    actions = [{"command": "ls", "tool_call_id": "c1"}, {"command": "cat a", "tool_call_id": "c2"}]
    data = saved(
        {"role": "assistant", "content": "Two looks.", "extra": {"actions": actions}},
        {"role": "tool", "tool_call_id": "c2", "content": "x", "extra": {"returncode": 1}},
        {"role": "tool", "tool_call_id": "c1", "content": "a", "extra": {"returncode": 0}},
        {"role": "exit", "content": "", "extra": {"exit_status": "Submitted"}},
    )
    assert detect_format(data, "t.traj.json") == "mini-swe-agent"
    events = [e for e in read_trace(data, "t.traj.json").events if not hasattr(e, "role")]
    assert events == [
        ToolCall("c1", "bash", {"command": "ls"}),
        ToolCall("c2", "bash", {"command": "cat a"}),
        ToolResult("c2", "bash", True, "x"),
        ToolResult("c1", "bash", False, "a"),
    ]


def test_text_actions_are_answered_by_the_next_observation_only() -> None:
    data = saved(
        {"role": "assistant", "content": "```mswea_bash_command\nls\n```", "extra": {}},
        {"role": "user", "content": "Format error", "extra": {"interrupt_type": "FormatError"}},
        {"role": "assistant", "content": "```mswea_bash_command\ncat a\n```\n```bash\nx\n```"},
        {"role": "assistant", "content": "", "extra": {"actions": [{"command": "pwd"}]}},
        {"role": "user", "content": "<returncode>0</returncode>", "extra": {"returncode": 0}},
    )
    calls = [e for e in read_trace(data, "t.json").events if isinstance(e, ToolCall | ToolResult)]
    # The first command's message is followed by a format error: it has no result; the
    # message with two blocks ran nothing; pwd is answered by the observation after it.
    assert calls == [
        ToolCall("m2", "bash", {"command": "ls"}),
        ToolCall("m5.0", "bash", {"command": "pwd"}),
        ToolResult("m5.0", "bash", False, "<returncode>0</returncode>"),
    ]


def test_the_real_file_pairs_each_observation_with_its_command() -> None:
    events = read_trace(ISSUE.read_bytes(), ISSUE.name).events
    results = [e for e in events if isinstance(e, ToolResult)]
    assert [r.is_error for r in results] == [True] + [False] * 6 + [True, False]
    assert all(r.call_id == f"m{int(r.call_id[1:])}" for r in results)


@pytest.mark.parametrize(
    ("messages", "field"),
    [
        ([{"role": "tool", "tool_call_id": "nope", "content": "x"}], "tool_call_id"),
        ([{"role": "user", "content": "<returncode>0</returncode>\n<output>\n</output>"}], "obs"),
        ([{"role": "assistant", "content": "", "extra": {"actions": [{"command": 1}]}}], "command"),
        ([{"role": "assistant", "content": "", "extra": []}], "extra"),
        ([{"role": "developer", "content": "x"}], "role"),
    ],
    ids=["unknown-tool-call-id", "observation-without-command", "command-number", "extra", "role"],
)
def test_a_damaged_message_is_malformed_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], messages: list[Any], field: str
) -> None:
    data = saved(*messages)
    with pytest.raises(TraceError) as err:
        read_trace(data, "run.json", "mini-swe-agent")
    # The element's line, its key path leading the problem as the field.
    assert err.value.source == "run.json" and (err.value.key or "").startswith("line ")
    assert err.value.problem.startswith("messages[2]")
    assert field in f"{err.value.key}: {err.value.problem}" or field == "obs"
    refused(tmp_path, capsys, data, "mini-swe-agent", "trace.json", "messages[2]")


@pytest.mark.parametrize(
    "other", ["openhands/basic.json", "cline-ui/ui_messages.json", "claude/spotter-subagent.jsonl"]
)
def test_another_agents_file_is_refused_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str
) -> None:
    data = (REAL / other).read_bytes()
    assert detect_format(data, other) != "mini-swe-agent"
    refused(tmp_path, capsys, data, "mini-swe-agent", "not a mini-swe-agent")


def test_a_plain_chat_list_without_an_observation_is_not_taken() -> None:
    data = json.dumps([SYSTEM, TASK, {"role": "assistant", "content": "Done."}]).encode()
    with pytest.raises(TraceError, match="mini-swe-agent: no <returncode> observation"):
        detect_format(data, "t.json")


def test_a_responses_api_models_trajectory() -> None:
    response = {
        "id": "resp_1",
        "object": "response",
        "output": [
            {"type": "reasoning", "summary": []},
            {"type": "message", "content": [{"type": "output_text", "text": "Listing."}]},
            {"type": "function_call", "call_id": "fc1", "name": "bash", "arguments": "{}"},
        ],
        "extra": {"actions": [{"command": "ls", "tool_call_id": "fc1"}]},
    }
    answer = {"type": "function_call_output", "call_id": "fc1", "output": "a.py"}
    data = saved(response, {**answer, "extra": {"returncode": 0}})
    events = read_trace(data, "t.json").events
    assert [e for e in events if isinstance(e, ToolCall | ToolResult)] == [
        ToolCall("fc1", "bash", {"command": "ls"}),
        ToolResult("fc1", "bash", False, "a.py"),
    ]
