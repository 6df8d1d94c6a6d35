"""Hostile: a file of one agent's records read as another's (issue 24 item 2, SPEC 5).

Detection took any JSONL with a string ``type`` and a ``message`` key for a Claude Code
transcript, and the Claude reader passes unknown types over as bookkeeping: a Kimi Code
CLI log (``{"type": "context.append_message", "message": {...}}``) was read as Claude Code
with every call skipped, 0 calls, exit 1, no error. A file is now taken for a format only
when every record fits it, and a file named as one format that is another's (or a record
of another agent's inside it) is exit 2 naming the format it is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    OFFSET_FACT,
    OFFSET_HINT,
    jsonl,
    make_run,
    run_recovery,
    write_corpus,
)

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_claude, read_counted

REAL = Path(__file__).parents[1] / "fixtures" / "real"
CLAUDE = REAL / "claude" / "spotter-subagent.jsonl"
CODEX = next((REAL / "codex-cli").glob("*.jsonl"))
KIMI_CODE = REAL / "kimi-cli" / "kimi-code-wire.jsonl"
KIMI_CLI = REAL / "kimi-cli" / "kimi-cli-wire.jsonl"


def _loop(event: dict[str, Any]) -> dict[str, Any]:
    return {"type": "context.append_loop_event", "agentId": "main", "event": event, "time": 1}


def kimi_offset_chain() -> list[dict[str, Any]]:
    """A Kimi Code CLI log that holds a whole read-offset chain."""
    read = {"type": "tool.call", "stepUuid": "s1", "name": "read"}
    return [
        {"type": "metadata", "protocol_version": "1.5", "created_at": 1},
        {
            "type": "context.append_message",
            "agentId": "main",
            "message": {"role": "user", "content": [{"type": "text", "text": "go"}]},
            "time": 1,
        },
        _loop({**read, "toolCallId": "k1", "args": {"path": "notes/big.txt"}}),
        _loop({"type": "tool.result", "toolCallId": "k1", "result": {"output": OFFSET_HINT}}),
        _loop({**read, "toolCallId": "k2", "args": {"path": "notes/big.txt", "offset": 41}}),
        _loop(
            {
                "type": "tool.result",
                "toolCallId": "k2",
                "result": {"output": f"L00050 {OFFSET_FACT}"},
            }
        ),
        {"type": "usage.record", "agentId": "main", "usage": {}, "time": 2},
    ]


def test_a_kimi_log_is_not_taken_for_claude_code() -> None:
    for path in (KIMI_CODE, KIMI_CLI):
        assert detect_format(path.read_bytes(), path.name) == "kimi-cli"
    data = jsonl(kimi_offset_chain())
    assert detect_format(data, "wire.jsonl") == "kimi-cli"
    calls = [e for e in read_counted(data, "wire.jsonl").trace.events if isinstance(e, ToolCall)]
    assert [call.call_id for call in calls] == ["k1", "k2"]


def test_the_claude_reader_refuses_another_agents_record_core() -> None:
    # Past the lines detection looks at: the reader itself refuses it, naming the format.
    records = [json.loads(line) for line in CLAUDE.read_text("utf-8").splitlines()]
    for stranger, owner in [
        (kimi_offset_chain()[2], "kimi-cli"),
        ({"type": "response_item", "payload": {"type": "message"}}, "codex-cli"),
        ({"type": "message", "id": "a", "parentId": None, "message": {}}, "pi"),
    ]:
        data = jsonl([*records, stranger])
        with pytest.raises(TraceError) as err:
            read_claude(data, "t.jsonl")
        assert err.value.key == f"line {len(records) + 1}"
        assert "type: a " in err.value.problem and f"--trace-format {owner}" in err.value.problem


@pytest.mark.parametrize(
    ("data", "named", "owner"),
    [
        (jsonl(kimi_offset_chain()), "claude", "kimi-cli"),
        (KIMI_CLI.read_bytes(), "claude", "kimi-cli"),
        (CODEX.read_bytes(), "claude", "codex-cli"),
        (CLAUDE.read_bytes(), "codex-cli", "claude"),
        (CLAUDE.read_bytes(), "kimi-cli", "claude"),
    ],
    ids=[
        "kimi-code-as-claude",
        "kimi-cli-as-claude",
        "codex-as-claude",
        "claude-as-codex",
        "claude-as-kimi",
    ],
)
def test_a_named_format_the_file_is_not_is_exit_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, named: str, owner: str
) -> None:
    with pytest.raises(TraceError, match=f"--trace-format {owner}"):
        read_counted(data, "trace.jsonl", named)
    runs = tmp_path / "runs"
    make_run(runs, "run", "t.offset", data)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), "--trace-format", named)
    assert outcome.code == 2
    case = outcome.case("run")
    assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"])
    assert f"--trace-format {owner}" in outcome.err and "run/trace.jsonl: line 1" in outcome.err


def test_a_kimi_run_is_judged_as_kimi(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    make_run(runs, "kimi", "t.offset", jsonl(kimi_offset_chain()))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    case = outcome.case("kimi")
    assert (outcome.code, case["status"]) == (0, "pass"), outcome.err
    assert (case["counts"]["tool_calls"], case["counts"]["tool_results"]) == (2, 2)


def test_the_kimi_sub_agents_calls_are_the_runs() -> None:
    events = read_counted(KIMI_CLI.read_bytes(), KIMI_CLI.name).trace.events
    reads = [e for e in events if isinstance(e, ToolCall) and e.tool == "readfile"]
    assert [call.args["path"] for call in reads] == ["tests/test_app.py", "tests/conftest.py"]
    failed = [e.call_id for e in events if isinstance(e, ToolResult) and e.is_error]
    # A sub-agent's call ids are its own (it numbers its calls apart from the main agent).
    assert failed == ["sub-1/tool_b2"]


def test_kimi_code_sub_agent_logs_after_the_main_one_are_the_runs_too() -> None:
    agent = {"type": "tool.call", "stepUuid": "s1", "name": "Agent", "args": {"prompt": "go"}}
    ran = {"type": "tool.result", "toolCallId": "a1", "result": {"output": "done"}}
    main = [*kimi_offset_chain(), _loop({**agent, "toolCallId": "a1"}), {**_loop(ran), "time": 9}]
    # A sub-agent's log numbers its calls as the main one does: the same ids, apart; it
    # opened while the Agent call ran, and is read where that call stands.
    sub = kimi_offset_chain()[:4]
    sub[0] = {**sub[0], "created_at": 5}
    events = read_counted(jsonl(main) + jsonl(sub), "wire.jsonl").trace.events
    calls = [e.call_id for e in events if isinstance(e, ToolCall | ToolResult)]
    assert calls == ["k1", "k1", "k2", "k2", "a1", "log2/k1", "log2/k1", "a1"]


def test_a_dotted_record_type_is_no_claude_code_line() -> None:
    # GitHub Copilot CLI's events (session.start, tool.execution_start) are dotted; read
    # as Claude Code they were passed over as bookkeeping.
    records = [json.loads(line) for line in CLAUDE.read_text("utf-8").splitlines()]
    event = {"type": "tool.execution_start", "data": {}, "id": "e1", "parentId": None}
    with pytest.raises(TraceError, match="type: not a Claude Code line type"):
        read_claude(jsonl([*records, event]), "t.jsonl")
