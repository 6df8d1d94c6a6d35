"""The Gemini CLI JSONL session reader (``gemini-cli-jsonl``): a message appended again
replaces itself, a rewind drops an abandoned branch, a checkpoint replaces everything; a
damaged record is TRACE_MALFORMED naming file, line and field; another format's file is
exit 2 naming this one."""

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

FORMAT = "gemini-cli-jsonl"
SESSION = REAL / FORMAT / "session-2026-08-20T10-15-3f2a9c1e.jsonl"
META = {"sessionId": "s1", "projectHash": "p1", "startTime": "t", "lastUpdated": "t"}


def call(call_id: str, status: str, output: str | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {"id": call_id, "name": "read_file", "args": {}, "status": status}
    if output is not None:
        response = {"output": output}
        record["result"] = [{"functionResponse": {"id": call_id, "response": response}}]
    return record


def gemini(message_id: str, *calls: dict[str, Any]) -> dict[str, Any]:
    return {"id": message_id, "type": "gemini", "content": "", "toolCalls": list(calls)}


def user(message_id: str) -> dict[str, Any]:
    return {"id": message_id, "type": "user", "content": [{"text": "go"}]}


def test_a_message_appended_again_replaces_itself_in_place() -> None:
    data = jsonl(
        [
            META,
            user("u1"),
            gemini("g1", call("c1", "scheduled")),
            user("u2"),
            gemini("g1", call("c1", "success", "done")),
        ]
    )
    assert detect_format(data, "s.jsonl") == FORMAT
    reading = read_counted(data, "s.jsonl")
    calls = [e for e in reading.trace.events if isinstance(e, (ToolCall, ToolResult))]
    assert calls == [ToolCall("c1", "read_file", {}), ToolResult("c1", "read_file", False, "done")]
    # The metadata line and the superseded version of g1.
    assert reading.skipped == 2


def test_a_rewind_drops_the_abandoned_branch_and_a_checkpoint_replaces_all() -> None:
    rewound = [META, user("u1"), gemini("g1", call("c1", "success", "a")), {"$rewindTo": "u1"}]
    events = read_trace(jsonl([*rewound, user("u2")]), "s.jsonl").events
    assert not [e for e in events if isinstance(e, ToolCall)]
    checkpoint = {"$set": {"messages": [gemini("g2", call("c2", "success", "b"))]}}
    events = read_trace(jsonl([*rewound[:3], checkpoint]), "s.jsonl").events
    assert [e.call_id for e in events if isinstance(e, ToolCall)] == ["c2"]


def test_the_real_shape_fixture() -> None:
    reading = read_counted(SESSION.read_bytes(), SESSION.name)
    results = [e for e in reading.trace.events if isinstance(e, ToolResult)]
    assert [(r.tool, r.is_error) for r in results] == [
        ("read_file", False),
        ("read_file", False),
        ("glob", True),
    ]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r[4]["toolCalls"][0].update(status=7), "status"),
        (lambda r: r[5]["toolCalls"][0].update(name=None), "name"),
        (lambda r: r[10].update({"$rewindTo": ["x"]}), "$rewindTo"),
        (lambda r: r[2].update(type="model"), "type"),
        (lambda r: r.insert(3, {"note": 1}), "not a Gemini CLI session record"),
    ],
    ids=["status", "superseded-name", "rewind", "type", "unknown-record"],
)
def test_a_damaged_record_is_trace_malformed_naming_file_line_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, field: str
) -> None:
    damaged = copy.deepcopy(records(SESSION))
    change(damaged)
    data = jsonl(damaged)
    refused(tmp_path, capsys, data, FORMAT, "trace.jsonl: line ", field, name="trace.jsonl")
    with pytest.raises(TraceError):
        read_trace(jsonl(damaged), "s.jsonl", FORMAT)


def test_another_agents_file_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (codex,) = (REAL / "codex-cli").glob("*.jsonl")
    data = codex.read_bytes()
    refused(tmp_path, capsys, data, FORMAT, "line 1", "Gemini CLI session", name="trace.jsonl")
    # The older one-document session is the gemini-cli format, not this one.
    (older,) = (REAL / "gemini-cli").glob("*.json")
    assert detect_format(older.read_bytes(), older.name) == "gemini-cli"
