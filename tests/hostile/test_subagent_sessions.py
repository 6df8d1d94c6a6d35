"""Hostile: a sub-agent that keeps its calls in a session file of its own (issue 24 item 2,
SPEC 5: a sub-agent's calls are part of the run, and its direct read of the source fails
the case as the agent's own would).

Gemini CLI writes a sub-agent's session to ``chats/<session>/<agentId>.jsonl`` and names
it on the call that ran it (``agentId``); OpenCode runs a task's sub-agent in a child
session (the task part's ``state.metadata.sessionId``); Kimi Code writes each sub-agent's
own ``agents/<agent>/wire.jsonl``. Before, the main session was judged alone (the
sub-agent's reads were not in the run), and sessions put together in one trace were read
in file order, a Gemini sub-agent's rewind dropping the main session's messages. Now the
sessions given together are read as one run, each sub-agent's events where the call that
ran it stands (between the call and its result), and a main session whose sub-agent's
session is missing, or a session no call ran, is TRACE_MALFORMED naming the line.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "support"))

from reader_cases import jsonl, refused

from sakshi.recovery.model import Event, ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, read_trace

TESTS = Path(__file__).resolve().parent.parent
SOURCE = "/home/dev/proj/notes/big.txt"  # the corpus case's source, read directly


# --- Gemini CLI: the sub-agent's JSONL session after the main one ---------------------------


def _meta(session: str, kind: str) -> dict[str, Any]:
    return {"sessionId": session, "projectHash": "p", "startTime": "t", "kind": kind}


def _call(call_id: str, name: str, args: dict[str, Any], **extra: Any) -> dict[str, Any]:
    response = {"functionResponse": {"id": call_id, "response": {"output": "ok"}}}
    return {"id": call_id, "name": name, "args": args, "status": "success", "result": [response]}


def _gemini(message_id: str, call: dict[str, Any]) -> dict[str, Any]:
    return {"id": message_id, "type": "gemini", "content": "", "toolCalls": [call]}


MAIN = [
    _meta("main-1", "main"),
    {"id": "u1", "type": "user", "content": [{"text": "go"}]},
    _gemini("g1", {**_call("c1", "investigator", {"objective": "look"}), "agentId": "agent-7"}),
    _gemini("g2", _call("c2", "read_file", {"absolute_path": "a.txt"})),
]
SUB = [
    _meta("agent-7", "subagent"),
    {"id": "su1", "type": "user", "content": [{"text": "look"}]},
    _gemini("sg1", _call("s1", "read_file", {"absolute_path": SOURCE})),
    # The sub-agent's own rewind (to a message of its own session that is gone) drops its
    # own messages only, never the main session's.
    {"$rewindTo": "nothing-of-mine"},
    _gemini("sg2", _call("s2", "read_file", {"absolute_path": SOURCE, "offset": 1})),
]


def _shape(events: tuple[Event, ...]) -> list[str]:
    return [
        f"{'call' if isinstance(e, ToolCall) else 'result'} {e.call_id}"
        for e in events
        if isinstance(e, ToolCall | ToolResult)
    ]


def test_a_gemini_sub_agent_session_is_read_where_its_call_stands() -> None:
    events = read_trace(jsonl(MAIN + SUB), "t.jsonl", "gemini-cli-jsonl").events
    assert _shape(events) == [
        "call c1",
        "call s2",
        "result s2",
        "result c1",
        "call c2",
        "result c2",
    ]


@pytest.mark.parametrize(
    ("records", "words"),
    [
        (MAIN, "line 3.toolCalls[0]: agentId: the sub-agent this call ran"),
        (MAIN[:2] + [MAIN[3]] + SUB, "line 4: sessionId: a sub-agent's session no call ran"),
        (MAIN + SUB + SUB, "line 5: sessionId: a sub-agent's session no call ran"),
    ],
    ids=["sub-agent-missing", "no-call-ran-it", "given-twice"],
)
def test_gemini_sessions_that_cannot_be_placed_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], records: list[Any], words: str
) -> None:
    refused(tmp_path, capsys, jsonl(records), None, f"trace.jsonl: {words}", name="trace.jsonl")


def test_a_one_document_gemini_session_with_a_sub_agent_is_refused() -> None:
    doc = {"sessionId": "main-1", "projectHash": "p", "messages": MAIN[1:]}
    with pytest.raises(TraceError, match="agentId: a call that ran a sub-agent"):
        read_trace(json.dumps(doc).encode(), "s.json", "gemini-cli")


# --- OpenCode: the child session's export with the parent's -------------------------------

OPENCODE = TESTS / "fixtures" / "real" / "opencode"


def test_an_opencode_child_session_is_read_where_its_task_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (both,) = OPENCODE.glob("*.json")
    events = read_trace(both.read_bytes(), both.name).events
    tools = [(type(e).__name__, e.tool) for e in events if isinstance(e, ToolCall | ToolResult)]
    task = tools.index(("ToolCall", "task"))
    assert tools[task : task + 4] == [
        ("ToolCall", "task"),
        ("ToolCall", "read"),  # the sub-agent's
        ("ToolResult", "read"),
        ("ToolResult", "task"),
    ]
    alone = (OPENCODE / "refused" / "ses_2f8a1c3e5ffeQw7Rt9Yu1Io3Pa.json").read_bytes()
    refused(tmp_path, capsys, alone, None, "state.metadata.sessionId: the sub-agent this task ran")


# --- sessions given together in a run folder --------------------------------------------------


def test_a_sub_agent_session_beside_the_trace_is_never_passed_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: the lane read trace.jsonl alone and the sub-agent's file beside it was
    # never looked at, so its direct read of the source could not fail the case.
    run = tmp_path / "runs" / "run-1"
    run.mkdir(parents=True)
    (run / "trace.jsonl").write_bytes(jsonl(MAIN[:2] + [MAIN[3]]))
    (run / "agent-7.jsonl").write_bytes(jsonl(SUB))
    (run / "case.json").write_text(json.dumps({"case_id": "recovery.read-offset"}), "utf-8")
    outcome = _run(tmp_path, capsys)
    assert (outcome[0], outcome[1]["status"]) == (2, "error")
    assert "agent-7.jsonl" in outcome[2] and "beside the trace" in outcome[2]


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, Any, str]:
    from sakshi.cli import main

    out = tmp_path / "report.json"
    code = main(["run", "recovery", str(tmp_path / "runs"), "--format", "json", "--out", str(out)])
    err = capsys.readouterr().err
    (case,) = json.loads(out.read_bytes())["cases"]
    return code, case, err


def test_other_files_beside_the_trace_are_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pi = TESTS / "fixtures" / "recovery" / "pi" / "read-offset-pass"
    shutil.copytree(pi, tmp_path / "runs" / "run-1")  # expected.json beside the session
    code, case, _ = _run(tmp_path, capsys)
    assert (code, case["status"]) == (0, "pass")


# --- Kimi Code: each sub-agent's wire log after the main one --------------------------------

KIMI = TESTS / "fixtures" / "real" / "kimi-cli" / "agent-sessions-kimi-code-with-subagent.jsonl"


def _kimi_logs() -> tuple[list[bytes], list[bytes]]:
    lines = KIMI.read_bytes().splitlines()
    second = next(i for i, line in enumerate(lines) if i and b'"type":"metadata"' in line)
    return lines[:second], lines[second:]


def test_a_kimi_code_sub_agent_log_is_read_where_its_agent_call_stands() -> None:
    events = read_trace(KIMI.read_bytes(), KIMI.name).events
    shape = _shape(events)
    agent = shape.index("call Agent_3")
    assert shape[agent : agent + 6] == [
        "call Agent_3",
        "call log2/Glob_0",
        "result log2/Glob_0",
        "call log2/Bash_1",
        "result log2/Bash_1",
        "result Agent_3",
    ]


def test_a_kimi_code_agent_call_without_its_sub_agents_log_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main, _ = _kimi_logs()
    line = next(n for n, text in enumerate(main, 1) if b'"name":"Agent"' in text)
    words = f"trace.jsonl: line {line}: event.toolCallId: the sub-agent this call ran"
    refused(tmp_path, capsys, b"\n".join(main) + b"\n", None, words, name="trace.jsonl")


def test_a_kimi_code_log_no_agent_call_ran_is_refused() -> None:
    main, sub = _kimi_logs()
    header = json.loads(sub[0])
    sub[0] = json.dumps({**header, "created_at": header["created_at"] + 10**9}).encode()
    data = b"\n".join(main + sub) + b"\n"
    with pytest.raises(TraceError, match=f"line {len(main) + 1}: created_at: a sub-agent's log"):
        read_trace(data, "wire.jsonl", "kimi-cli")


# --- the Python Kimi CLI's context.jsonl: a sub-agent's context is its own ---------------

REAL_KIMI = TESTS / "fixtures" / "real" / "kimi-cli"


def test_a_sub_agents_context_after_the_main_one_is_refused() -> None:
    # The real main context and the context of the sub-agent it ran: no times to place
    # the sub-agent's calls by (before, they were read after all of the main agent's).
    main = (REAL_KIMI / "kimi-cli-context-real.jsonl").read_bytes()
    sub = (REAL_KIMI / "kimi-cli-context-real_read_1.jsonl").read_bytes()
    line = main.count(b"\n") + 1
    with pytest.raises(TraceError, match=f"line {line}: _checkpoint: a second context.jsonl"):
        read_trace(main + sub, "context.jsonl", "kimi-cli")


def _context(output: str) -> bytes:
    call = {"type": "function", "id": "Agent:0", "function": {"name": "Agent", "arguments": "{}"}}
    return jsonl(
        [
            {"role": "_checkpoint", "id": 0},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "content": output, "tool_call_id": "Agent:0"},
        ]
    )


def test_a_context_whose_agent_call_ran_a_sub_agent_is_refused() -> None:
    with pytest.raises(TraceError, match="line 3: tool_call_id: the sub-agent this call ran"):
        read_trace(_context("agent_id: a1\nstatus: completed"), "context.jsonl", "kimi-cli")
    # A call refused before any sub-agent ran has no calls elsewhere.
    events = read_trace(_context("<system>ERROR: no such agent"), "c.jsonl", "kimi-cli").events
    assert [type(e).__name__ for e in events] == ["ToolCall", "ToolResult"]
