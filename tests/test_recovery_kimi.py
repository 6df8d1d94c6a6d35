"""The Kimi Code CLI reader (``kimi-cli``): both wire.jsonl forms, and what it refuses.

The real-file counts are in test_real_traces.py; here, each damaged record is an error
naming the file, the line and the field (never a value of the trace), and a file of
another agent's records is exit 2 naming that agent's format.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.recovery.model import ToolCall
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_kimi_cli

REAL = Path(__file__).parent / "fixtures" / "real"
KIMI_CLI = REAL / "kimi-cli" / "kimi-cli-wire.jsonl"
KIMI_CODE = REAL / "kimi-cli" / "kimi-code-wire.jsonl"
SECRET = "PAPAYA-5512"


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def dump(lines: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def line_of(lines: list[dict[str, Any]], test: Callable[[dict[str, Any]], bool]) -> int:
    return next(index for index, line in enumerate(lines) if test(line))


def _message(line: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = line.get("message", {})
    return message


def wire_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda line: _message(line).get("type") == kind


def loop_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda line: line.get("event", {}).get("type") == kind


def _set(path: tuple[str, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(line: dict[str, Any]) -> None:
        holder = line
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = value

    return change


# name: (file, which line, the change, the field the message must name)
DAMAGE: dict[str, tuple[Path, Callable[[dict[str, Any]], bool], Any, str]] = {
    "call-id-not-a-string": (
        KIMI_CLI,
        wire_type("ToolCall"),
        _set(("message", "payload", "id"), 7),
        "message.payload.id: expected a non-empty string",
    ),
    "arguments-not-json": (
        KIMI_CLI,
        wire_type("ToolCall"),
        _set(("message", "payload", "function", "arguments"), "{" + SECRET),
        "message.payload.function.arguments: not JSON",
    ),
    "unknown-wire-message": (
        KIMI_CLI,
        wire_type("StatusUpdate"),
        _set(("message", "type"), SECRET),
        "message.type: not a Kimi CLI wire message sakshi knows",
    ),
    "result-flag-not-boolean": (
        KIMI_CLI,
        wire_type("ToolResult"),
        _set(("message", "payload", "return_value", "is_error"), "no"),
        "message.payload.return_value.is_error: expected a boolean",
    ),
    "sub-agent-event-not-an-object": (
        KIMI_CLI,
        wire_type("SubagentEvent"),
        _set(("message", "payload", "event"), [SECRET]),
        "message.payload.event: expected an object",
    ),
    "unknown-record-type": (
        KIMI_CODE,
        lambda line: line.get("type") == "usage.record",
        _set(("type",), "context.splice"),
        "type: not a Kimi Code CLI record type sakshi knows",
    ),
    "tool-call-without-id": (
        KIMI_CODE,
        loop_type("tool.call"),
        _set(("event", "toolCallId"), None),
        "event.toolCallId: expected a non-empty string",
    ),
    "result-output-not-text": (
        KIMI_CODE,
        loop_type("tool.result"),
        _set(("event", "result", "output"), 5),
        "event.result.output: expected a string or a list of parts",
    ),
    "unknown-content-part": (
        KIMI_CODE,
        loop_type("content.part"),
        _set(("event", "part", "type"), SECRET),
        "event.part.type: not a Kimi content part sakshi knows",
    ),
    "message-tool-calls-not-a-list": (
        KIMI_CODE,
        lambda line: bool(_message(line).get("toolCalls")),
        _set(("message", "toolCalls"), {"id": SECRET}),
        "message.toolCalls: expected a list",
    ),
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_a_damaged_record_names_line_and_field(name: str) -> None:
    path, which, change, field = DAMAGE[name]
    lines = records(path)
    index = line_of(lines, which)
    change(lines[index])
    with pytest.raises(TraceError) as err:
        read_kimi_cli(dump(lines), "wire.jsonl")
    assert err.value.key == f"line {index + 1}"
    assert err.value.problem.startswith(field), err.value.problem
    assert SECRET not in str(err.value)


def test_a_damaged_record_is_trace_malformed_in_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, which, change, field = DAMAGE["arguments-not-json"]
    lines = records(path)
    index = line_of(lines, which)
    change(lines[index])
    run = tmp_path / "runs" / "kimi"
    run.mkdir(parents=True)
    (run / "wire.jsonl").write_bytes(dump(lines))
    (run / "case.json").write_text(json.dumps({"case_id": "recovery.read-offset"}))
    out = tmp_path / "report.json"
    code = main(["run", "recovery", str(tmp_path / "runs"), "--out", str(out)])
    _, err = capsys.readouterr()
    assert code == 2
    (case,) = json.loads(out.read_text())["cases"]
    assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"])
    assert f"kimi/wire.jsonl: line {index + 1}: {field}" in err
    assert SECRET not in err


def test_streamed_arguments_are_joined_and_a_stray_part_refused() -> None:
    events = read_counted(KIMI_CLI.read_bytes(), "w.jsonl").trace.events
    shell = next(e for e in events if isinstance(e, ToolCall) and e.tool == "shell")
    assert shell.args == {"command": "ls tests"}
    lines = records(KIMI_CLI)
    index = line_of(lines, wire_type("ToolCall"))
    del lines[index]
    with pytest.raises(TraceError) as err:
        read_kimi_cli(dump(lines), "w.jsonl")
    assert err.value.key == f"line {index + 1}"
    assert "a ToolCallPart with no ToolCall open" in err.value.problem


def test_a_result_that_answers_no_call_is_refused() -> None:
    lines = [line for line in records(KIMI_CODE) if not loop_type("tool.call")(line)]
    with pytest.raises(TraceError, match="event.toolCallId: answers no call made before it"):
        read_kimi_cli(dump(lines), "w.jsonl")


def test_another_agents_file_is_refused_naming_it() -> None:
    claude = (REAL / "claude" / "spotter-subagent.jsonl").read_bytes()
    with pytest.raises(TraceError, match="--trace-format claude"):
        read_counted(claude, "t.jsonl", "kimi-cli")
    # The reader alone refuses it too: its first line is no Kimi record.
    with pytest.raises(TraceError) as err:
        read_kimi_cli(claude, "t.jsonl")
    assert err.value.key == "line 1" and err.value.problem.startswith("type: ")


def test_a_newer_record_of_another_domain_is_skipped_and_counted() -> None:
    lines = records(KIMI_CODE)
    clean = read_counted(dump(lines), "w.jsonl")
    lines.insert(3, {"type": "goal.renamed", "agentId": "main", "title": SECRET, "time": 5})
    newer = read_counted(dump(lines), "w.jsonl")
    assert newer.trace.events == clean.trace.events
    assert newer.skipped == clean.skipped + 1
    # One that holds a message or an event may carry a tool call: an error, never skipped.
    lines[3] = {"type": "goal.renamed", "message": {"role": "assistant"}, "time": 5}
    with pytest.raises(TraceError, match="type: not a Kimi Code CLI record type"):
        read_kimi_cli(dump(lines), "w.jsonl")


def test_a_newer_wire_message_is_told_kimi_and_refused_where() -> None:
    lines = records(KIMI_CLI)
    index = line_of(lines, wire_type("StatusUpdate"))
    lines[index]["message"]["type"] = "ToolCallUpdate"
    data = dump(lines)
    assert detect_format(data, "w.jsonl") == "kimi-cli"
    with pytest.raises(TraceError) as err:
        read_counted(data, "w.jsonl")
    assert err.value.key == f"line {index + 1}"
    assert err.value.problem.startswith("message.type: not a Kimi CLI wire message")


def test_a_part_after_another_record_continues_its_call() -> None:
    # The CLI writes a part apart from its call when something else was sent meanwhile.
    lines = records(KIMI_CLI)
    first_part = line_of(lines, wire_type("ToolCallPart"))
    status = lines.pop(line_of(lines, wire_type("StatusUpdate")))
    lines.insert(first_part, status)
    events = read_counted(dump(lines), "w.jsonl").trace.events
    shell = next(e for e in events if isinstance(e, ToolCall) and e.tool == "shell")
    assert shell.args == {"command": "ls tests"}
    assert [type(e).__name__ for e in events[:4]] == [
        "Message",
        "Message",
        "ToolCall",
        "ToolResult",
    ]
