"""Trace readers (sakshi.recovery.readers) and truncation evidence (sakshi.recovery.evidence).

Every input is written here as the bytes a real tool leaves on disk: Pi session JSONL
(versions 1-3, with their headers, entry ids and message shapes), Claude Code transcript
lines, OpenAI Chat and Anthropic Messages lists, and sakshi.trace.v1.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from sakshi.errors import InputError
from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.evidence import EvidenceSource, Handle, handle_of, offsets_of
from sakshi.recovery.model import Harness, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers import FORMATS, TraceError, detect_format, merge_probe, read_trace
from sakshi.recovery.validate import Status, validate

CORPUS = load_corpus(Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
BASH = CORPUS.cases["recovery.bash-temp-output"]
READ = CORPUS.cases["recovery.read-offset"]
HANDLE = "/tmp/pi-bash-1a2b3c4d.log"


def jsonl(*objs: Any) -> bytes:
    return b"".join(json.dumps(o).encode("utf-8") + b"\n" for o in objs)


def kinds(trace: Trace) -> list[str]:
    return [type(e).__name__ for e in trace.events]


# --- sakshi.trace.v1 ---------------------------------------------------------------------------


SAKSHI = jsonl(
    {"kind": "message", "role": "user", "text": "go"},
    {
        "kind": "tool_call",
        "call_id": "c1",
        "tool": "Bash",
        "args": {"command": "cat notes/big.txt"},
    },
    {
        "kind": "tool_result",
        "call_id": "c1",
        "tool": "bash",
        "is_error": False,
        "text": "tail",
        "details": {"fullOutputPath": HANDLE},
    },
    {
        "kind": "harness",
        "event": "source_deleted",
        "path": "/p/notes/big.txt",
        "verified": True,
        "after_call_id": "c1",
    },
    {"kind": "message", "role": "assistant", "text": "done"},
)


def test_sakshi_trace_v1() -> None:
    trace = read_trace(SAKSHI, "t.jsonl")
    assert trace.source_format == "sakshi"
    assert trace.events == (
        Message("user", "go"),
        ToolCall("c1", "bash", {"command": "cat notes/big.txt"}),
        ToolResult("c1", "bash", False, "tail", {"fullOutputPath": HANDLE}),
        Harness("source_deleted", {"path": "/p/notes/big.txt", "verified": True}, "c1"),
        Message("assistant", "done"),
    )


def test_sakshi_defaults_and_blank_lines() -> None:
    data = (
        b"\n"
        + jsonl(
            {"kind": "tool_call", "call_id": "c1", "tool": "read"},
            {"kind": "tool_result", "call_id": "c1"},
        )
        + b"\n  \n"
    )
    trace = read_trace(data, "t.jsonl", "sakshi")
    assert trace.events == (ToolCall("c1", "read", {}), ToolResult("c1", "", False, "", None))


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ({"kind": "tool_call", "tool": "read"}, "call_id"),
        ({"kind": "tool_call", "call_id": "c1", "tool": "read", "args": ["x"]}, "arguments"),
        ({"kind": "tool_result", "call_id": "c1", "is_error": "no"}, "is_error"),
        ({"kind": "tool_result", "call_id": "c1", "details": "x"}, "details"),
        ({"kind": "message", "role": "assistant", "text": 3}, "text"),
        ({"kind": "harness"}, "event"),
        ({"kind": "thought", "text": "x"}, "kind:"),
    ],
)
def test_sakshi_refuses_what_it_does_not_understand(line: dict[str, Any], problem: str) -> None:
    data = jsonl({"kind": "message", "role": "user", "text": "go"}, line)
    with pytest.raises(TraceError) as err:
        read_trace(data, "t.jsonl", "sakshi")
    assert err.value.key == "line 2"
    assert problem in str(err.value)
    assert isinstance(err.value, InputError)


def test_a_line_that_is_not_an_object() -> None:
    with pytest.raises(TraceError) as err:
        read_trace(
            jsonl({"kind": "message", "role": "user", "text": "go"}, [1, 2]), "t.jsonl", "sakshi"
        )
    assert err.value.key == "line 2"


# --- Pi sessions ---------------------------------------------------------------------------------

T0 = "2025-12-01T10:00:00.000Z"


def pi_header(version: int | None = 3) -> dict[str, Any]:
    header: dict[str, Any] = {
        "type": "session",
        "id": "0193a1f2-7c4e-7a10-9e2b-3f4c5d6e7f80",
        "timestamp": T0,
        "cwd": "/home/dev/proj",
    }
    if version is not None:
        header["version"] = version
    return header


def pi_user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": text}], "timestamp": 1764583200000}


def pi_assistant(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": list(blocks),
        "api": "anthropic-messages",
        "provider": "anthropic",
        "model": "claude-sonnet-4-5",
        "usage": {
            "input": 1200,
            "output": 80,
            "cacheRead": 0,
            "cacheWrite": 0,
            "totalTokens": 1280,
            "cost": {"total": 0.004},
        },
        "stopReason": "toolUse",
        "timestamp": 1764583201000,
    }


def tool_call(cid: str, name: str, **arguments: Any) -> dict[str, Any]:
    return {"type": "toolCall", "id": cid, "name": name, "arguments": arguments}


def pi_result(
    cid: str, name: str, text: str, *, details: dict[str, Any] | None = None, error: bool = False
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "role": "toolResult",
        "toolCallId": cid,
        "toolName": name,
        "content": [{"type": "text", "text": text}],
        "isError": error,
        "timestamp": 1764583202000,
    }
    if details is not None:
        out["details"] = details
    return out


BASH_TEXT = (
    "L04999 amber cedar\nL05000 onyx kelp\n\n"
    "[Showing lines 3001-5000 of 5000. Full output: /tmp/pi-bash-1a2b3c4d.log]"
)
READ_1 = "L00001 amber cedar\n\n[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]"
READ_2 = (
    f"L02001 kelp onyx\nL03000 {BASH.fact}\n\n"
    "[Showing lines 2001-4000 of 5000. Use offset=4001 to continue.]"
)


def pi_messages() -> list[dict[str, Any]]:
    """The messages of a passing bash temp-output run, in order."""
    return [
        pi_user(BASH.prompt),
        pi_assistant(
            {"type": "thinking", "thinking": "Run it once.", "thinkingSignature": "sig"},
            {"type": "text", "text": "Running the command."},
            tool_call("toolu_01", "bash", command="cat notes/big.txt"),
        ),
        pi_result(
            "toolu_01",
            "bash",
            BASH_TEXT,
            details={
                "truncation": {
                    "content": "…",
                    "truncated": True,
                    "truncatedBy": "lines",
                    "totalLines": 5000,
                    "totalBytes": 98000,
                    "outputLines": 2000,
                    "outputBytes": 39000,
                },
                "fullOutputPath": HANDLE,
            },
        ),
        pi_assistant(tool_call("toolu_02", "read", path=HANDLE)),
        pi_result("toolu_02", "read", READ_1, details={"truncation": {"truncated": True}}),
        pi_assistant(tool_call("toolu_03", "read", path=HANDLE, offset=2001)),
        pi_result("toolu_03", "read", READ_2),
        pi_assistant({"type": "text", "text": BASH.fact}),
    ]


def pi_v3(messages: list[dict[str, Any]], *, quiet: bool = True) -> list[dict[str, Any]]:
    """Entries with 8-hex ids, each the child of the one before."""
    entries: list[dict[str, Any]] = []
    if quiet:
        entries += [
            {"type": "model_change", "provider": "anthropic", "modelId": "claude-sonnet-4-5"},
            {"type": "thinking_level_change", "thinkingLevel": "off"},
        ]
    entries += [{"type": "message", "message": m} for m in messages]
    parent = None
    for number, entry in enumerate(entries):
        entry["id"] = f"{0xA0B0C000 + number:08x}"
        entry["parentId"] = parent
        entry["timestamp"] = T0
        parent = entry["id"]
    return entries


PROBE = {
    "events": [
        {
            "event": "source_deleted",
            "path": "/home/dev/proj/notes/big.txt",
            "verified": True,
            "after_call_id": "toolu_01",
        },
        {
            "event": "handle_checked",
            "handle": HANDLE,
            "readable": True,
            "fact_present": True,
            "after_call_id": "toolu_01",
        },
    ]
}


def test_pi_v3_session() -> None:
    data = jsonl(pi_header(3), *pi_v3(pi_messages()))
    assert detect_format(data, "s.jsonl") == "pi"
    trace = read_trace(data, "s.jsonl")
    assert trace.source_format == "pi-v3"
    assert kinds(trace) == [
        "Message",
        "Message",
        "ToolCall",
        "ToolResult",
        "ToolCall",
        "ToolResult",
        "ToolCall",
        "ToolResult",
        "Message",
    ]
    assert trace.events[2] == ToolCall("toolu_01", "bash", {"command": "cat notes/big.txt"})
    produced = trace.events[3]
    assert isinstance(produced, ToolResult)
    assert produced.details is not None and produced.details["fullOutputPath"] == HANDLE
    assert produced.text == BASH_TEXT
    assert trace.events[6] == ToolCall("toolu_03", "read", {"path": HANDLE, "offset": 2001})
    merged = merge_probe(trace, PROBE, "probe.json")
    result = validate(BASH, merged)
    assert result.status is Status.PASS, result.reasons


def test_pi_tool_result_error_and_images() -> None:
    messages = [
        pi_user("x"),
        pi_assistant(tool_call("t1", "Bash", command="false")),
        {
            "role": "toolResult",
            "toolCallId": "t1",
            "toolName": "Bash",
            "content": [
                {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
                {"type": "text", "text": "Command exited with code 1"},
            ],
            "isError": True,
            "timestamp": 1,
        },
    ]
    trace = read_trace(jsonl(pi_header(3), *pi_v3(messages)), "s.jsonl")
    assert trace.events[1] == ToolCall("t1", "bash", {"command": "false"})
    assert trace.events[2] == ToolResult("t1", "bash", True, "Command exited with code 1", None)


def test_pi_v2_session_skips_hook_messages() -> None:
    messages = pi_messages()
    messages.insert(
        1,
        {"role": "hookMessage", "customType": "reminder", "content": "be brief", "display": False},
    )
    data = jsonl(pi_header(2), *pi_v3(messages))
    trace = read_trace(data, "s.jsonl")
    assert trace.source_format == "pi-v2"
    assert validate(BASH, merge_probe(trace, PROBE, "p")).status is Status.PASS


def test_pi_v1_session_has_no_ids_and_is_linear() -> None:
    entries = [{"type": "message", "timestamp": T0, "message": m} for m in pi_messages()]
    entries.insert(
        0, {"type": "model_change", "timestamp": T0, "provider": "anthropic", "modelId": "m"}
    )
    data = jsonl(pi_header(None), *entries)
    assert detect_format(data, "s.jsonl") == "pi"
    trace = read_trace(data, "s.jsonl")
    assert trace.source_format == "pi-v1"
    assert validate(BASH, merge_probe(trace, PROBE, "p")).status is Status.PASS
    # An explicit version 1 is the same.
    assert read_trace(jsonl(pi_header(1), *entries), "s.jsonl").events == trace.events


def test_pi_branched_session_reads_the_root_to_last_line_path_only() -> None:
    entries = pi_v3(pi_messages(), quiet=False)
    # The user went back to the entry after the bash result and tried again: the abandoned
    # branch read the source directly, which must not be seen.
    fork = next(e for e in entries if e["message"]["role"] == "toolResult")["id"]
    abandoned = [
        {
            "type": "message",
            "id": "dead0001",
            "parentId": fork,
            "timestamp": T0,
            "message": pi_assistant(
                tool_call("toolu_x1", "read", path="/home/dev/proj/notes/big.txt")
            ),
        },
        {
            "type": "message",
            "id": "dead0002",
            "parentId": "dead0001",
            "timestamp": T0,
            "message": pi_result(
                "toolu_x1",
                "read",
                "L00001 amber\n[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]",
            ),
        },
        {
            "type": "message",
            "id": "dead0003",
            "parentId": "dead0002",
            "timestamp": T0,
            "message": pi_assistant(tool_call("toolu_x2", "bash", command="cat notes/big.txt")),
        },
    ]
    at = next(i for i, e in enumerate(entries) if e["id"] == fork) + 1
    lines = entries[:at] + abandoned + entries[at:]  # the live branch comes later in the file
    data = jsonl(pi_header(3), *lines)
    trace = read_trace(data, "s.jsonl")
    ids = [e.call_id for e in trace.events if isinstance(e, ToolCall)]
    assert ids == ["toolu_01", "toolu_02", "toolu_03"]
    assert validate(BASH, merge_probe(trace, PROBE, "p")).status is Status.PASS
    # Had the abandoned branch been the last line, it would be the path read.
    other = read_trace(jsonl(pi_header(3), *entries, *abandoned), "s.jsonl")
    assert [e.call_id for e in other.events if isinstance(e, ToolCall)] == [
        "toolu_01",
        "toolu_x1",
        "toolu_x2",
    ]
    verdict = validate(BASH, merge_probe(other, PROBE, "p"))
    assert {R.REPEATED_PRODUCER, R.SOURCE_READ_DIRECTLY} <= set(verdict.reasons)


@pytest.mark.parametrize(
    "entry",
    [
        {"type": "model_change", "provider": "openai", "modelId": "gpt-5"},
        {"type": "thinking_level_change", "thinkingLevel": "high"},
        {"type": "label", "targetId": "a0b0c002", "label": "checkpoint"},
        {"type": "session_info", "name": "big file run"},
        {
            "type": "compaction",
            "summary": "read a file",
            "firstKeptEntryId": "a0b0c002",
            "tokensBefore": 50000,
        },
        {"type": "branch_summary", "fromId": "a0b0c002", "summary": "tried another way"},
        {"type": "custom", "customType": "ext", "data": {"x": 1}},
    ],
)
def test_pi_quiet_entries_are_skipped(entry: dict[str, Any]) -> None:
    entries = pi_v3(pi_messages())
    entry = {**entry, "id": "beef0001", "parentId": entries[-1]["id"], "timestamp": T0}
    trace = read_trace(jsonl(pi_header(3), *entries, entry), "s.jsonl")
    assert trace.events == read_trace(jsonl(pi_header(3), *entries), "s.jsonl").events


def test_pi_unknown_entry_type_names_the_line() -> None:
    entries = pi_v3(pi_messages())
    entries[3]["type"] = "mystery"  # it holds a tool call: it cannot be skipped
    with pytest.raises(TraceError) as err:
        read_trace(jsonl(pi_header(3), *entries), "s.jsonl")
    assert err.value.key == "line 5"
    # The field is named, its value never quoted (a trace holds content).
    assert "type: not a Pi entry type" in str(err.value)
    assert "mystery" not in str(err.value)


def test_pi_malformed_json_line_names_the_line() -> None:
    lines = jsonl(pi_header(3), *pi_v3(pi_messages())).split(b"\n")
    lines[5] = lines[5][:40]
    with pytest.raises(TraceError) as err:
        read_trace(b"\n".join(lines), "s.jsonl")
    assert err.value.key == "line 6"
    assert "s.jsonl: line 6: not JSON" in str(err.value)


def test_pi_broken_parent_id() -> None:
    entries = pi_v3(pi_messages())
    entries[-3]["parentId"] = "ffffffff"
    with pytest.raises(TraceError) as err:
        read_trace(jsonl(pi_header(3), *entries), "s.jsonl")
    assert err.value.key == f"line {len(entries) - 1}"
    assert "parentId" in str(err.value)


def test_pi_cycle_and_duplicate_ids() -> None:
    entries = pi_v3(pi_messages())
    entries[0]["parentId"] = entries[-1]["id"]
    with pytest.raises(TraceError, match="cycle"):
        read_trace(jsonl(pi_header(3), *entries), "s.jsonl")
    entries = pi_v3(pi_messages())
    entries[3]["id"] = entries[2]["id"]
    with pytest.raises(TraceError, match="the same id as an earlier entry"):
        read_trace(jsonl(pi_header(3), *entries), "s.jsonl")


def test_pi_v2_entry_without_id() -> None:
    entries = pi_v3(pi_messages())
    del entries[1]["id"]
    with pytest.raises(TraceError) as err:
        read_trace(jsonl(pi_header(2), *entries), "s.jsonl")
    assert err.value.key == "line 3"


@pytest.mark.parametrize("version", [0, 4, "3", None])
def test_pi_unsupported_version(version: object) -> None:
    header = pi_header(3)
    header["version"] = version
    with pytest.raises(TraceError, match="version"):
        read_trace(jsonl(header, *pi_v3(pi_messages())), "s.jsonl")


def test_pi_forced_on_something_else() -> None:
    with pytest.raises(TraceError) as err:
        read_trace(SAKSHI, "t.jsonl", "pi")
    assert err.value.key == "line 1"


def test_pi_unknown_role_and_block() -> None:
    # Unknown names that carry a tool call cannot be skipped (more in test_recovery_pi_forks.py).
    bad_role = pi_v3([pi_user("x"), {"role": "delegate", "content": [tool_call("t", "read")]}])
    with pytest.raises(TraceError, match="role"):
        read_trace(jsonl(pi_header(3), *bad_role), "s.jsonl")
    bad_block = pi_v3([pi_user("x"), pi_assistant({"type": "serverToolUse", "id": "s1"})])
    with pytest.raises(TraceError, match=r"content\[0\]\.type: not a Pi block type"):
        read_trace(jsonl(pi_header(3), *bad_block), "s.jsonl")


# --- Claude Code transcripts -------------------------------------------------------------------

SESSION = "5b8e2a4c-1d3f-4e6a-9b7c-0a1b2c3d4e5f"


def cc_line(kind: str, content: Any, uuid: str, parent: str | None, **extra: Any) -> dict[str, Any]:
    message: dict[str, Any] = {"role": kind, "content": content}
    if kind == "assistant":
        message = {
            "id": f"msg_{uuid}",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": content,
            "stop_reason": None,
            "usage": {"input_tokens": 10, "output_tokens": 5},
        }
    return {
        "parentUuid": parent,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/dev/proj",
        "sessionId": SESSION,
        "version": "2.0.14",
        "gitBranch": "main",
        "type": kind,
        "message": message,
        "uuid": uuid,
        "timestamp": T0,
        **extra,
    }


SAVED = "/home/dev/.claude/tool-results/bash-7f3a.txt"


def claude_transcript(first: list[dict[str, Any]] | None = None) -> bytes:
    lines = list(first or [])
    lines += [
        cc_line("user", BASH.prompt, "u1", None),
        cc_line(
            "assistant",
            [
                {"type": "thinking", "thinking": "once", "signature": "s"},
                {
                    "type": "tool_use",
                    "id": "toolu_01",
                    "name": "Bash",
                    "input": {"command": "cat notes/big.txt", "description": "Print the file"},
                },
            ],
            "a1",
            "u1",
        ),
        cc_line(
            "user",
            [
                {
                    "tool_use_id": "toolu_01",
                    "type": "tool_result",
                    "content": (
                        "L04999 amber\nL05000 kelp\n\n"
                        f"Output too large. Full output saved to: {SAVED}"
                    ),
                    "is_error": False,
                }
            ],
            "u2",
            "a1",
            toolUseResult={"stdout": "…", "stderr": "", "interrupted": False},
        ),
        # A sub-agent's side chain: part of the run (SPEC 5), read like the main one.
        {
            **cc_line(
                "assistant",
                [
                    {
                        "type": "tool_use",
                        "id": "toolu_side",
                        "name": "Read",
                        "input": {"file_path": "/home/dev/proj/notes/big.txt"},
                    }
                ],
                "s1",
                "u2",
            ),
            "isSidechain": True,
        },
        cc_line(
            "assistant",
            [
                {
                    "type": "tool_use",
                    "id": "toolu_02",
                    "name": "Read",
                    "input": {"file_path": SAVED, "offset": 2001, "limit": 2000},
                }
            ],
            "a2",
            "u2",
        ),
        cc_line(
            "user",
            [
                {
                    "tool_use_id": "toolu_02",
                    "type": "tool_result",
                    "content": [{"type": "text", "text": f"  3000→L03000 {BASH.fact}"}],
                }
            ],
            "u3",
            "a2",
        ),
        cc_line("assistant", [{"type": "text", "text": BASH.fact}], "a3", "u3"),
        {
            "type": "system",
            "subtype": "stop_hook_summary",
            "uuid": "x9",
            "sessionId": SESSION,
            "timestamp": T0,
        },
    ]
    return jsonl(*lines)


def test_claude_code_transcript() -> None:
    data = claude_transcript()
    assert detect_format(data, "c.jsonl") == "claude"
    trace = read_trace(data, "c.jsonl")
    assert trace.source_format == "claude"
    calls = [e for e in trace.events if isinstance(e, ToolCall)]
    assert calls == [
        ToolCall(
            "toolu_01", "bash", {"command": "cat notes/big.txt", "description": "Print the file"}
        ),
        ToolCall("toolu_side", "read", {"file_path": "/home/dev/proj/notes/big.txt"}),
        ToolCall("toolu_02", "read", {"file_path": SAVED, "offset": 2001, "limit": 2000}),
    ]
    results = [e for e in trace.events if isinstance(e, ToolResult)]
    assert [r.tool for r in results] == ["bash", "read"]
    assert handle_of(results[0]) == Handle(SAVED, EvidenceSource.TEXT)
    assert results[1].text == f"  3000→L03000 {BASH.fact}"
    assert trace.events[-1] == Message("assistant", BASH.fact)


@pytest.mark.parametrize(
    "first",
    [
        [{"type": "summary", "summary": "Reading a big file", "leafUuid": "a3"}],
        [
            {
                "type": "file-history-snapshot",
                "messageId": "m1",
                "snapshot": {"trackedFileBackups": {}},
                "isSnapshotUpdate": False,
            }
        ],
        [
            {
                "type": "queue-operation",
                "operation": "enqueue",
                "timestamp": T0,
                "sessionId": SESSION,
                "content": "go",
            }
        ],
    ],
)
def test_claude_bookkeeping_lines_are_detected_past_and_skipped(
    first: list[dict[str, Any]],
) -> None:
    data = claude_transcript(first)
    assert detect_format(data, "c.jsonl") == "claude"
    assert read_trace(data, "c.jsonl").events == read_trace(claude_transcript(), "c.jsonl").events


def test_claude_text_handle_fails_the_details_rule() -> None:
    trace = read_trace(claude_transcript(), "c.jsonl")
    probe = {
        "events": [
            {
                "event": "source_deleted",
                "path": "/home/dev/proj/notes/big.txt",
                "verified": True,
                "after_call_id": "toolu_01",
            },
            {
                "event": "handle_checked",
                "handle": SAVED,
                "readable": True,
                "fact_present": True,
                "after_call_id": "toolu_01",
            },
        ]
    }
    result = validate(BASH, merge_probe(trace, probe, "p"))
    # The handle came from prose, so the chain fails on that; and the sub-agent's direct
    # read of the source (its side chain) fails it as the agent's own would.
    assert result.reasons == (R.HANDLE_NOT_IN_DETAILS, R.SOURCE_READ_DIRECTLY)


def test_claude_line_without_type_or_message() -> None:
    with pytest.raises(TraceError) as err:
        read_trace(jsonl(cc_line("user", "x", "u1", None), {"uuid": "u2"}), "c.jsonl", "claude")
    assert err.value.key == "line 2"
    with pytest.raises(TraceError) as err:
        read_trace(jsonl({"type": "user", "uuid": "u1", "message": "hello"}), "c.jsonl", "claude")
    assert err.value.key == "line 1"


# --- OpenAI Chat and Anthropic Messages --------------------------------------------------------


def openai_messages(
    arguments: str = json.dumps({"path": "notes/big.txt", "offset": 2001}),
) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": READ.prompt},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "read", "arguments": '{"path": "notes/big.txt"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": READ_1},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": "call_2",
                    "type": "function",
                    "function": {"name": "Read", "arguments": arguments},
                }
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "call_2",
            "content": [{"type": "text", "text": READ_2.replace(BASH.fact, READ.fact)}],
        },
        {"role": "assistant", "content": READ.fact},
    ]


@pytest.mark.parametrize("wrap", [False, True], ids=["list", "messages"])
def test_openai_chat(wrap: bool) -> None:
    messages = openai_messages()
    data = json.dumps(
        {"model": "gpt-5", "messages": messages} if wrap else messages, indent=2
    ).encode()
    assert detect_format(data, "o.json") == "openai"
    trace = read_trace(data, "o.json")
    assert trace.source_format == "openai"
    calls = [e for e in trace.events if isinstance(e, ToolCall)]
    assert calls[1] == ToolCall("call_2", "read", {"path": "notes/big.txt", "offset": 2001})
    results = [e for e in trace.events if isinstance(e, ToolResult)]
    assert [(r.call_id, r.tool, r.is_error) for r in results] == [
        ("call_1", "read", False),
        ("call_2", "read", False),
    ]
    assert validate(READ, trace).status is Status.PASS


@pytest.mark.parametrize(
    "arguments", ['{"path": "notes/big.txt", "offset": 20', "not json", "[1, 2]", '"str"', "7"]
)
def test_openai_unreadable_arguments_are_trace_malformed(arguments: str) -> None:
    # A call whose arguments cannot be read could be the direct read of the source that
    # fails a case: read as "no arguments" it could help a case pass, so it is an error.
    with pytest.raises(TraceError) as err:
        read_trace(json.dumps(openai_messages(arguments)).encode(), "o.json", "openai")
    # The element's line, and its key path leading the problem as the field.
    assert err.value.key == "line 1"
    assert err.value.problem.startswith("messages[4].tool_calls[0]: function.arguments: ")
    assert "function.arguments" in str(err.value) and "notes" not in str(err.value)


def test_openai_unknown_role() -> None:
    with pytest.raises(TraceError) as err:
        read_trace(
            json.dumps(
                [{"role": "user", "content": "x"}, {"role": "robot", "content": "y"}]
            ).encode(),
            "o.json",
            "openai",
        )
    assert (err.value.key, err.value.problem.split(": ")[:2]) == ("line 1", ["messages[1]", "role"])


def anthropic_messages() -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": READ.prompt},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Reading."},
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "read",
                    "input": {"path": "notes/big.txt"},
                },
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": READ_1}],
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_2",
                    "name": "read",
                    "input": {"path": "notes/big.txt", "offset": 2001},
                }
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_2",
                    "is_error": False,
                    "content": [{"type": "text", "text": f"L03000 {READ.fact}"}],
                }
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": READ.fact}]},
    ]


@pytest.mark.parametrize("wrap", [False, True], ids=["list", "messages"])
def test_anthropic_messages(wrap: bool) -> None:
    messages = anthropic_messages()
    data = json.dumps({"messages": messages} if wrap else messages).encode()
    assert detect_format(data, "a.json") == "anthropic"
    trace = read_trace(data, "a.json")
    assert trace.source_format == "anthropic"
    assert kinds(trace) == [
        "Message",
        "Message",
        "ToolCall",
        "ToolResult",
        "ToolCall",
        "ToolResult",
        "Message",
    ]
    assert validate(READ, trace).status is Status.PASS


def test_anthropic_error_result() -> None:
    messages = anthropic_messages()
    messages[4]["content"][0]["is_error"] = True
    trace = read_trace(json.dumps(messages).encode(), "a.json")
    assert validate(READ, trace).reasons == (R.RECOVERY_READ_FAILED,)


def test_anthropic_bad_role() -> None:
    with pytest.raises(TraceError) as err:
        read_trace(json.dumps([{"role": "robot", "content": "x"}]).encode(), "a.json", "anthropic")
    assert (err.value.key, err.value.problem.split(": ")[:2]) == ("line 1", ["messages[0]", "role"])
    # A tool role is Chat Completions': named as another format, not read as a bad role.
    with pytest.raises(TraceError, match="fits openai alone; name it with --trace-format openai"):
        read_trace(json.dumps([{"role": "tool", "content": "x"}]).encode(), "a.json", "anthropic")


# --- detection ---------------------------------------------------------------------------------


def test_detect_format_for_each() -> None:
    assert detect_format(SAKSHI, "x") == "sakshi"
    assert detect_format(jsonl(pi_header(3), *pi_v3(pi_messages())), "x") == "pi"
    assert detect_format(claude_transcript(), "x") == "claude"
    assert detect_format(json.dumps(openai_messages()).encode(), "x") == "openai"
    assert detect_format(json.dumps(anthropic_messages()).encode(), "x") == "anthropic"
    assert set(FORMATS) == {
        "sakshi",
        "pi",
        "claude",
        "openai",
        "anthropic",
        "openai-responses",
        "codex-cli",
        "gemini-cli",
        "cline",
        "gemini-api",
        "gemini-cli-jsonl",
        "gemini-stream-json",
        "copilot-cli",
        "opencode",
        "cline-ui",
        "openhands",
        "swe-agent",
        "mini-swe-agent",
        "otel",
        "openinference",
        "langfuse",
        "kimi-cli",
    }


@pytest.mark.parametrize(
    "data", [b"", b"hello\nworld\n", jsonl({"type": "other"}, {"type": "other"}), b"42"]
)
def test_detect_format_refuses_to_guess(data: bytes) -> None:
    with pytest.raises(TraceError, match="--trace-format"):
        detect_format(data, "x")


def test_read_trace_unknown_format_name() -> None:
    with pytest.raises(TraceError, match="unknown trace format"):
        read_trace(SAKSHI, "x", "nonesuch")


def test_deep_nesting_is_a_trace_error() -> None:
    deep = b"[" * 100000 + b"]" * 100000
    with pytest.raises(TraceError):
        read_trace(deep, "x", "openai")


# --- probes ------------------------------------------------------------------------------------


def _base() -> Trace:
    return Trace(
        (
            Message("user", "go"),
            ToolCall("c1", "bash", {}),
            ToolCall("c2", "read", {}),
            ToolResult("c2", "read", False, "r2"),
            ToolResult("c1", "bash", False, "r1"),
            ToolCall("c3", "read", {}),
            Message("assistant", "done"),
        ),
        "sakshi",
    )


def test_merge_probe_places_events_right_after_the_named_result() -> None:
    probe = {
        "events": [
            {"event": "source_deleted", "path": "p", "verified": True, "after_call_id": "c1"},
            {
                "event": "handle_checked",
                "handle": "h",
                "readable": True,
                "fact_present": True,
                "after_call_id": "c1",
            },
            {"event": "note", "after_call_id": "c2"},
        ]
    }
    merged = merge_probe(_base(), probe, "probe.json")
    assert [
        getattr(e, "event", None) or getattr(e, "call_id", None) or e.text for e in merged.events
    ] == [  # type: ignore[union-attr]
        "go",
        "c1",
        "c2",
        "c2",
        "note",
        "c1",
        "source_deleted",
        "handle_checked",
        "c3",
        "done",
    ]
    deleted = merged.events[6]
    assert deleted == Harness("source_deleted", {"path": "p", "verified": True}, "c1")
    assert merged.source_format == "sakshi"


def test_merge_probe_after_the_call_when_it_has_no_result() -> None:
    merged = merge_probe(_base(), {"events": [{"event": "e", "after_call_id": "c3"}]}, "p")
    assert merged.events[-2] == Harness("e", {}, "c3")
    assert merged.events[-3] == ToolCall("c3", "read", {})


def test_merge_probe_empty() -> None:
    assert merge_probe(_base(), {"events": []}, "p") == _base()


@pytest.mark.parametrize(
    ("probe", "key"),
    [
        ({"events": [{"event": "e", "after_call_id": "nope"}]}, "events[0].after_call_id"),
        ({"events": [{"event": "e"}]}, "events[0]"),
        ({"events": ["e"]}, "events[0]"),
        ({"events": {}}, "events"),
        ([], "events"),
    ],
)
def test_merge_probe_refuses(probe: object, key: str) -> None:
    with pytest.raises(TraceError) as err:
        merge_probe(_base(), probe, "probe.json")
    assert err.value.key == key


# --- evidence ----------------------------------------------------------------------------------


def _res(text: str, details: dict[str, Any] | None = None) -> ToolResult:
    return ToolResult("c1", "bash", False, text, details)


def test_handle_prefers_details_over_text() -> None:
    r = _res(
        "…\n[Showing lines 1-2 of 9. Full output: /tmp/pi-bash-0000.log]",
        {"fullOutputPath": HANDLE},
    )
    assert handle_of(r) == Handle(HANDLE, EvidenceSource.STRUCTURED)


@pytest.mark.parametrize(
    ("text", "path"),
    [
        (
            "L1\nL2\n\n[Showing lines 3001-5000 of 5000. Full output: /tmp/pi-bash-1a2b.log]",
            "/tmp/pi-bash-1a2b.log",
        ),
        ("Output too large.\nFull output saved to: /x/y.txt", "/x/y.txt"),
        ("Full output saved to: /x/y.txt  \r\nmore", "/x/y.txt"),
        ("[Full output: /a.log]\n[Full output: /b.log]", "/b.log"),
        (
            "[Showing lines 1-2 of 9. Full output: /tmp/with space/pi-bash-1.log]",
            "/tmp/with space/pi-bash-1.log",
        ),
    ],
)
def test_handle_from_text(text: str, path: str) -> None:
    assert handle_of(_res(text)) == Handle(path, EvidenceSource.TEXT)
    assert handle_of(_res(text, {"fullOutputPath": ""})) == Handle(path, EvidenceSource.TEXT)
    assert handle_of(_res(text, {"fullOutputPath": 7})) == Handle(path, EvidenceSource.TEXT)


def test_no_handle() -> None:
    assert handle_of(_res("all 12 lines")) == Handle(None, EvidenceSource.NONE)
    assert handle_of(_res("", {"truncation": {}})) == Handle(None, EvidenceSource.NONE)


@pytest.mark.parametrize(
    ("text", "offsets"),
    [
        ("…\n\n[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]", (2001,)),
        (
            "…\n\n[Showing lines 1-1234 of 5000 (50.0KB limit). Use offset=1235 to continue.]",
            (1235,),
        ),
        ("…\n\n[3000 more lines in file. Use offset=2001 to continue.]", (2001,)),
        ("…\n... (3000 more lines not shown. Use offset=2001 to continue reading)", (2001,)),
        ("no hint here", ()),
        ("Use offset=abc to continue", ()),
        ("use offset=2001 to continue", ()),
    ],
)
def test_offsets_of(text: str, offsets: tuple[int, ...]) -> None:
    assert offsets_of(_res(text)) == offsets
