"""The SWE-agent reader (format ``swe-agent``): each trajectory step is a bash call and its
result, a retry agent's attempts are all read, and what cannot be read is refused with
the file and the field named (tests/fixtures/real/swe-agent holds a real file)."""

from __future__ import annotations

import copy
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
TRAJ = REAL / "swe-agent" / "6e44b9__sweagenttestrepo-1c2844.traj"


def step(action: str, observation: str, thought: str = "") -> dict[str, Any]:
    return {"action": action, "observation": observation, "thought": thought, "state": {}}


def trajectory(*steps: dict[str, Any]) -> dict[str, Any]:
    return {"environment": "main", "trajectory": list(steps), "history": [], "info": {}}


def test_steps_are_bash_calls_with_their_observations() -> None:
    doc = trajectory(step("ls", "a.py", "Look first."), step("cat a.py", "print(1)"))
    data = json.dumps(doc).encode()
    assert detect_format(data, "x.traj") == "swe-agent"
    reading = read_counted(data, "x.traj")
    assert reading.trace.events == (
        Message("assistant", "Look first."),
        ToolCall("step-1", "bash", {"command": "ls"}),
        ToolResult("step-1", "bash", False, "a.py"),
        ToolCall("step-2", "bash", {"command": "cat a.py"}),
        ToolResult("step-2", "bash", False, "print(1)"),
    )
    assert reading.skipped == 1  # the history: the same turns again


def test_every_attempt_of_a_retry_agent_is_read_once() -> None:
    first = trajectory(step("cat notes/big.txt", "..."))
    second = trajectory(step("ls", "a.py"))
    doc = {"attempts": [first, second], **copy.deepcopy(second)}
    data = json.dumps(doc).encode()
    assert detect_format(data, "x.traj") == "swe-agent"
    calls = [e for e in read_trace(data, "x.traj").events if isinstance(e, ToolCall)]
    # The first attempt's read counts although the chosen attempt is the second.
    assert [(c.call_id, c.args["command"]) for c in calls] == [
        ("attempt-1.step-1", "cat notes/big.txt"),
        ("attempt-2.step-1", "ls"),
    ]


@pytest.mark.parametrize(
    ("damage", "field"),
    [
        (lambda d: d["trajectory"][2].update(observation=None), "observation"),
        (lambda d: d["trajectory"][0].update(action=["ls"]), "action"),
        (lambda d: d["trajectory"].__setitem__(1, "ls"), "trajectory[1]"),
        (lambda d: d["trajectory"][3].update(thought=7), "thought"),
    ],
    ids=["observation-null", "action-list", "step-text", "thought-number"],
)
def test_a_damaged_step_is_malformed_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: Any, field: str
) -> None:
    doc = json.loads(TRAJ.read_bytes())
    damage(doc)
    data = json.dumps(doc).encode()
    with pytest.raises(TraceError) as err:
        read_trace(data, "run.traj", "swe-agent")
    assert err.value.source == "run.traj"
    assert field in f"{err.value.key}: {err.value.problem}"
    refused(tmp_path, capsys, data, "swe-agent", "trace.json", "trajectory[")


@pytest.mark.parametrize(
    "other",
    ["cline-ui/ui_messages.json", "openhands/basic.json", "gemini-cli/*.json", "claude/*.jsonl"],
)
def test_another_agents_file_is_refused_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str
) -> None:
    (path,) = REAL.glob(other)
    assert detect_format(path.read_bytes(), path.name) != "swe-agent"
    refused(tmp_path, capsys, path.read_bytes(), "swe-agent", "not a SWE-agent trajectory")


def test_a_history_only_file_reads_each_action_and_the_observation_after_it() -> None:
    history = [
        {"role": "system", "content": "You are...", "message_type": "system_prompt"},
        {"role": "user", "content": "The issue.", "message_type": "observation"},
        {"role": "assistant", "content": "Look.", "message_type": "action", "action": "ls"},
        {"role": "tool", "content": "a.py", "message_type": "observation"},
        {"role": "assistant", "content": "", "message_type": "action", "action": "submit"},
    ]
    data = json.dumps({"history": history}).encode()
    assert detect_format(data, "demo.traj") == "swe-agent"
    reading = read_counted(data, "demo.traj")
    assert [e for e in reading.trace.events if isinstance(e, ToolCall | ToolResult)] == [
        ToolCall("history-3", "bash", {"command": "ls"}),
        ToolResult("history-3", "bash", False, "a.py"),
        ToolCall("history-5", "bash", {"command": "submit"}),
    ]
    assert reading.skipped == 1  # the system prompt
