"""Hostile: one call that says two things (SPEC 5: every TRACE_MALFORMED says where; an
offset is a JSON integer, and "the same path" is the same string).

JSON leaves open which value counts when an object gives one key twice: Python and
JavaScript keep the last, other parsers the first. ``{"offset": 1, "offset": 41}`` is a
re-read from the top to one reader and the told continuation to another, so a trace with
a key given twice, anywhere (a record, an ``args`` object, a Chat Completions or
Responses ``arguments`` string, a probe), is refused: the run is ``error`` with
TRACE_MALFORMED, and the message names the line and the key. A call whose ``path`` and
``file_path`` (or ``filePath``) name different files read one of them, nobody knows which:
it fails the case (WRONG_SOURCE for read-offset, UNRELATED_PATH for temp-output).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    FACT,
    HANDLE,
    OFFSET_FACT,
    OFFSET_HINT,
    TEMP_PROBE,
    good_runs,
    jsonl,
    make_run,
    offset_trace,
    run_recovery,
    temp_trace,
    write_corpus,
)

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.readers import TraceError, read_trace
from test_validate import BASH, READ, call, check, offset_ok, temp_ok

SOURCE = "notes/big.txt"
TWICE = '{"path": "notes/big.txt", "offset": 1, "offset": 41}'


def sakshi_lines(continuation_args: str) -> bytes:
    """The read-offset run with its continuation's ``args`` written by hand (line 3)."""
    records = offset_trace()
    lines = [json.dumps(record) for record in records]
    template = '{"kind": "tool_call", "call_id": "c2", "tool": "read", "args": ARGS}'
    lines[2] = template.replace("ARGS", continuation_args)
    return ("\n".join(lines) + "\n").encode()


def chat(arguments: str) -> bytes:
    def use(call_id: str, raw: str) -> dict[str, Any]:
        return {"id": call_id, "type": "function", "function": {"name": "read", "arguments": raw}}

    messages = [
        {"role": "user", "content": "Read notes/big.txt."},
        {"role": "assistant", "tool_calls": [use("c1", json.dumps({"path": SOURCE}))]},
        {"role": "tool", "tool_call_id": "c1", "content": OFFSET_HINT},
        {"role": "assistant", "tool_calls": [use("c2", arguments)]},
        {"role": "tool", "tool_call_id": "c2", "content": f"L00050 {OFFSET_FACT}"},
        {"role": "assistant", "content": OFFSET_FACT},
    ]
    return json.dumps(messages).encode()


def responses(arguments: str) -> bytes:
    items: list[dict[str, Any]] = [{"role": "user", "content": "Read notes/big.txt."}]
    for call_id, raw, output in (
        ("c1", json.dumps({"path": SOURCE}), OFFSET_HINT),
        ("c2", arguments, f"L00050 {OFFSET_FACT}"),
    ):
        items.append(
            {"type": "function_call", "call_id": call_id, "name": "read", "arguments": raw}
        )
        items.append({"type": "function_call_output", "call_id": call_id, "output": output})
    return json.dumps(items).encode()


def claude(input_object: str) -> bytes:
    """A Claude Code transcript whose continuation's ``input`` is written by hand."""
    first = {"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": SOURCE}}
    lines = [
        json.dumps({"type": "user", "message": {"role": "user", "content": "Read it."}}),
        json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [first]}}),
        json.dumps(
            {
                "type": "user",
                "message": {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": "t1", "content": OFFSET_HINT}
                    ],
                },
            }
        ),
        (
            '{"type": "assistant", "message": {"role": "assistant", "content": [{"type":'
            ' "tool_use", "id": "t2", "name": "Read", "input": INPUT}]}}'
        ).replace("INPUT", input_object),
        json.dumps(
            {
                "type": "user",
                "message": {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": "t2",
                            "content": f"L00050 {OFFSET_FACT}",
                        }
                    ],
                },
            }
        ),
    ]
    return ("\n".join(lines) + "\n").encode()


TWICE_CLAUDE = '{"file_path": "notes/big.txt", "offset": 1, "offset": 41}'
DUPLICATED: dict[str, tuple[bytes, str]] = {
    "sakshi-args": (sakshi_lines(TWICE), "trace.jsonl"),
    "chat-arguments": (chat(TWICE), "trace.json"),
    "responses-arguments": (responses(TWICE), "trace.json"),
    "claude-input": (claude(TWICE_CLAUDE), "trace.jsonl"),
    "sakshi-record-kind": (
        sakshi_lines('{"path": "notes/big.txt", "offset": 41}').replace(
            b'{"kind": "tool_call", "call_id": "c2"',
            b'{"kind": "message", "kind": "tool_call", "call_id": "c2"',
        ),
        "trace.jsonl",
    ),
}

# Two path keys naming different files: the continuation (read-offset) and the handle's
# read (temp-output) each name their file once more, otherwise.
CONFLICT_OFFSET = {"path": SOURCE, "file_path": "/tmp/prepared.txt", "offset": 41}
CONFLICT_TEMP = {"path": HANDLE, "filePath": "/tmp/prepared.log"}


def conflicting_runs(runs: Path) -> None:
    records = offset_trace()
    records[2] = {"kind": "tool_call", "call_id": "c2", "tool": "read", "args": CONFLICT_OFFSET}
    make_run(runs, "conflict-offset", "t.offset", jsonl(records))
    temp = temp_trace()
    temp[3] = {"kind": "tool_call", "call_id": "c2", "tool": "read", "args": CONFLICT_TEMP}
    make_run(runs, "conflict-temp", "t.temp", jsonl(temp), TEMP_PROBE)
    letter_case = offset_trace()
    letter_case[2] = {
        "kind": "tool_call",
        "call_id": "c2",
        "tool": "read",
        "args": {"path": SOURCE, "Path": "/tmp/prepared.txt", "offset": 41},
    }
    make_run(runs, "conflict-letter-case", "t.offset", jsonl(letter_case))


def test_a_key_given_twice_is_refused_where_it_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = good_runs(tmp_path)
    for name, (data, trace_name) in DUPLICATED.items():
        make_run(runs, name, "t.offset", data, trace_name=trace_name)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2
    for name in DUPLICATED:
        case = outcome.case(name)
        assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"]), name
    assert outcome.case("ok-offset")["status"] == outcome.case("ok-temp")["status"] == "pass"
    # Each message names where: the line (or the message) and the key.
    lines = {
        name: line
        for line in outcome.err.splitlines()
        for name in DUPLICATED
        if name in line and line.startswith("sakshi: error")
    }
    assert "line 3" in lines["sakshi-args"] and "offset" in lines["sakshi-args"]
    assert "messages[3]" in lines["chat-arguments"] and "offset" in lines["chat-arguments"]
    assert "offset" in lines["responses-arguments"]
    assert "line 4" in lines["claude-input"] and "offset" in lines["claude-input"]
    assert "kind" in lines["sakshi-record-kind"]
    for fact in (FACT, OFFSET_FACT):
        assert fact not in outcome.err


def test_path_keys_that_disagree_fail_the_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    conflicting_runs(runs)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 1, outcome.err
    assert outcome.case("conflict-offset")["status"] == "fail"
    assert "WRONG_SOURCE" in outcome.case("conflict-offset")["reasons"]
    assert outcome.case("conflict-letter-case")["status"] == "fail"
    assert outcome.case("conflict-temp")["status"] == "fail"
    assert "UNRELATED_PATH" in outcome.case("conflict-temp")["reasons"]


def test_the_readers_refuse_a_key_given_twice() -> None:
    for data, fmt in ((chat(TWICE), "openai"), (responses(TWICE), "openai-responses")):
        with pytest.raises(TraceError, match="offset: given twice"):
            read_trace(data, "t.json", fmt)
    with pytest.raises(TraceError, match="offset: given twice"):
        read_trace(sakshi_lines(TWICE), "t.jsonl", "sakshi")
    # A key sakshi does not read is not quoted (a key is a string the trace chose).
    hidden = sakshi_lines('{"path": "notes/big.txt", "offset": 41, "QX7": 1, "QX7": 2}')
    with pytest.raises(TraceError, match="a key: given twice") as raised:
        read_trace(hidden, "t.jsonl", "sakshi")
    assert "QX7" not in str(raised.value)


def test_the_core_fails_a_call_whose_paths_disagree() -> None:
    offset = offset_ok()
    at = next(i for i, e in enumerate(offset) if getattr(e, "call_id", "") == "c2")
    offset[at] = call("c2", "read", path=SOURCE, file_path="/tmp/x.txt", offset=2001)
    assert R.WRONG_SOURCE in check(READ, offset).reasons
    same = offset_ok()
    same[at] = call("c2", "read", path=SOURCE, file_path=SOURCE, offset=2001)
    assert check(READ, same).reasons == ()  # the same path twice is one path
    temp = temp_ok()
    handle = next(e for e in temp if getattr(e, "call_id", "") == "c2")
    temp[temp.index(handle)] = call("c2", "read", path=handle.args["path"], file_path=7)
    assert R.UNRELATED_PATH in check(BASH, temp).reasons
