"""The Cline UI messages reader (format ``cline-ui``): tools, commands, MCP and browser
requests are calls, the outputs that follow a command (up to the next one) are its
result, a task that ran sub-agents is refused (the file keeps only their count), and what
cannot be read is refused with the file and the field named. tests/fixtures/real/cline-ui
holds a file written for sakshi from Cline's own types (no real one could be committed)."""

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
UI = REAL / "cline-ui" / "ui_messages.json"


def ui(kind: str, sub: str, text: str | None = None, **fields: Any) -> dict[str, Any]:
    message: dict[str, Any] = {"ts": 1767644899093, "type": kind, kind: sub, **fields}
    return message if text is None else {**message, "text": text}


def tool_events(messages: list[dict[str, Any]]) -> list[Any]:
    events = read_trace(json.dumps(messages).encode(), "ui_messages.json").events
    return [e for e in events if isinstance(e, ToolCall | ToolResult)]


def test_a_commands_outputs_are_its_one_result() -> None:
    assert tool_events(
        [
            ui("say", "task", "go"),
            ui("ask", "command", "cat notes/big.txtREQ_APP"),
            ui("say", "api_req_started", "{}"),
            ui("ask", "command_output", "L1"),
            ui("say", "text", "more is coming"),
            ui("ask", "command_output", "L2"),
            ui("say", "browser_action_launch", "http://localhost:3000"),
            ui("say", "browser_action_result", '{"logs": ""}'),
            ui("say", "tool", '{"tool": "readFile", "path": "a.py"}', partial=True),
        ]
    ) == [
        ToolCall("ui-1", "execute_command", {"command": "cat notes/big.txt"}),
        ToolResult("ui-1", "execute_command", False, "L1\nL2"),
        ToolCall("ui-6", "browser_action", {"action": "launch", "url": "http://localhost:3000"}),
        ToolResult("ui-6", "browser_action", False, '{"logs": ""}'),
    ]


def test_the_file_reads_the_tools_the_panel_shows() -> None:
    calls = [e for e in read_trace(UI.read_bytes(), UI.name).events if isinstance(e, ToolCall)]
    assert [c.tool for c in calls] == [
        "readfile",
        "execute_command",
        "get_env",
        "editedexistingfile",
    ]
    assert calls[0].args["path"] == "jobs/report.py"


@pytest.mark.parametrize("kind", ["subagent", "use_subagents"])
def test_a_task_that_ran_sub_agents_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    messages = [*json.loads(UI.read_bytes()), ui("say", kind, '{"prompts": ["look"]}')]
    data = json.dumps(messages).encode()
    with pytest.raises(TraceError, match="sub-agent"):
        read_trace(data, "ui_messages.json")
    refused(tmp_path, capsys, data, None)


@pytest.mark.parametrize(
    ("damage", "field"),
    [
        (lambda d: d[5].update(text="{not json"), "text"),
        (lambda d: d[5].update(text='{"path": "a"}'), "tool"),
        (lambda d: d[10].update(ask="command_output_v9"), "ask"),
        (lambda d: d.insert(1, ui("say", "command_output", "x")), "command_output"),
        (lambda d: d[4].update(text=5), "text"),
        (lambda d: d[4].pop("ts"), "not a Cline UI message"),
    ],
    ids=["tool-not-json", "tool-no-name", "unknown-kind", "output-no-command", "text", "no-ts"],
)
def test_a_damaged_message_is_malformed_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: Any, field: str
) -> None:
    messages = json.loads(UI.read_bytes())
    damage(messages)
    data = json.dumps(messages).encode()
    with pytest.raises(TraceError) as err:
        read_trace(data, "ui_messages.json", "cline-ui")
    assert err.value.source == "ui_messages.json"
    assert field in f"{err.value.key}: {err.value.problem}"
    refused(tmp_path, capsys, data, "cline-ui", "trace.json")


@pytest.mark.parametrize(
    "other",
    [
        "openhands/basic.json",
        "mini-swe-agent/github_issue.traj.json",
        "cline/*.json",
        "claude/*.jsonl",
    ],
)
def test_another_agents_file_is_refused_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str
) -> None:
    (path,) = REAL.glob(other)
    assert detect_format(path.read_bytes(), path.name) != "cline-ui"
    ran = refused(tmp_path, capsys, path.read_bytes(), "cline-ui")
    assert "not Cline UI messages" in ran.err or "not a Cline UI message" in ran.err
