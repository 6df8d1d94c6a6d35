"""Hostile: what a JSONL reader could not read, or read only in part (SPEC 5).

Two JSON records glued on one line (a known writer bug of some agents) are two records,
in every JSONL reader (sakshi.trace.v1, Pi sessions, Claude Code transcripts) and in
format detection. Anything a reader could not read (a damaged line, an unknown entry,
role or block type) never helps a case pass: the run is ``error`` (TRACE_MALFORMED). What
a reader passes over on purpose (bookkeeping entries, thinking and image blocks, side
chains, abandoned branches) is counted in the report as ``skipped``.
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
    offset_trace,
    pi_call,
    pi_entries,
    pi_header,
    pi_result,
    pi_say,
    run_recovery,
    write_corpus,
)

from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace


def glue(records: list[dict[str, Any]], per_line: int = 2, between: str = "") -> bytes:
    """``records`` as JSONL with ``per_line`` records written on each line."""
    lines = []
    for start in range(0, len(records), per_line):
        chunk = records[start : start + per_line]
        lines.append(between.join(json.dumps(record) for record in chunk))
    return ("\n".join(lines) + "\n").encode()


def pi_session() -> list[dict[str, Any]]:
    messages = [
        {"role": "user", "content": "Read notes/big.txt."},
        pi_call("c1", "read", path="notes/big.txt"),
        pi_result("c1", "read", OFFSET_HINT),
        pi_call("c2", "read", path="notes/big.txt", offset=41),
        pi_result("c2", "read", f"L00050 {OFFSET_FACT}"),
        pi_say(OFFSET_FACT),
    ]
    return [pi_header(version=3), *pi_entries(messages)]


def claude_transcript() -> list[dict[str, Any]]:
    def line(kind: str, uuid: str, content: list[dict[str, Any]]) -> dict[str, Any]:
        return {"type": kind, "uuid": uuid, "message": {"role": kind, "content": content}}

    return [
        {"type": "summary", "summary": "earlier work", "leafUuid": "u0"},
        line("user", "u1", [{"type": "text", "text": "Read notes/big.txt."}]),
        line("assistant", "u2", [tool_use("t1", {"file_path": "notes/big.txt"})]),
        line("user", "u3", [tool_result("t1", OFFSET_HINT)]),
        line("assistant", "u4", [tool_use("t2", {"file_path": "notes/big.txt", "offset": 41})]),
        line("user", "u5", [tool_result("t2", f"L00050 {OFFSET_FACT}")]),
        line("assistant", "u6", [{"type": "text", "text": OFFSET_FACT}]),
    ]


def tool_use(call_id: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "Read", "input": args}


def tool_result(call_id: str, text: str) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": call_id, "content": text}


FORMATS = {
    "sakshi": offset_trace,
    "pi": pi_session,
    "claude": claude_transcript,
}


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("between", ["", " ", "\t \r"], ids=["tight", "space", "blanks"])
def test_records_glued_on_a_line_are_each_a_record(name: str, between: str) -> None:
    records = FORMATS[name]()
    one_a_line = read_trace(jsonl(records), "t.jsonl", name)
    for per_line in (2, 3, len(records)):
        glued = glue(records, per_line, between)
        assert detect_format(glued, "t.jsonl") == name
        assert read_trace(glued, "t.jsonl").events == one_a_line.events


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("tail", ["garbage", '{"a": ', "[1]", "7"])
def test_a_glued_tail_that_is_not_a_record_is_an_error(name: str, tail: str) -> None:
    lines = jsonl(FORMATS[name]()).split(b"\n")
    lines[1] += b" " + tail.encode()
    data = b"\n".join(lines)
    with pytest.raises(TraceError) as err:
        read_trace(data, "t.jsonl", name)
    assert err.value.key == "line 2"


DAMAGE = {
    "sakshi": [
        ("a truncated line", lambda recs: recs, b'{"kind": "tool_call", "call_'),
        ("an unknown kind", lambda recs: [*recs, {"kind": "thought", "text": "x"}], None),
    ],
    "pi": [
        ("a truncated line", lambda recs: recs, b'{"type": "message", "id": "x'),
        ("an unknown entry type", lambda recs: [*recs, {**recs[-1], "type": "mystery"}], None),
    ],
    "claude": [
        ("a truncated line", lambda recs: recs, b'{"type": "assistant", "mess'),
    ],
}


@pytest.mark.parametrize(
    ("name", "damage"),
    [(name, damage) for name, damages in sorted(DAMAGE.items()) for damage in damages],
    ids=lambda value: value if isinstance(value, str) else value[0],
)
def test_a_damaged_record_makes_a_passing_run_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, damage: Any
) -> None:
    _, change, raw_line = damage
    data = jsonl(change(FORMATS[name]()))
    if raw_line is not None:
        lines = data.split(b"\n")
        data = b"\n".join([*lines[:2], raw_line, *lines[2:]])
    runs = tmp_path / "runs"
    make_run(runs, "clean", "t.offset", jsonl(FORMATS[name]()))
    make_run(runs, "damaged", "t.offset", data)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), "--trace-format", name)
    assert outcome.statuses() == {"clean": "pass", "damaged": "error"}
    assert outcome.case("damaged")["reasons"] == ["TRACE_MALFORMED"]
    assert outcome.code == 2


@pytest.mark.parametrize(
    "block",
    [
        # Server tool blocks are read now (issue 13); one whose call is missing is not.
        {"type": "web_search_tool_result", "tool_use_id": "s1", "content": []},
        {"type": "audio", "data": "AAAA"},
        {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "mystery"}]},
    ],
    ids=["unknown-call-block", "audio", "unknown-result-block"],
)
def test_an_unknown_block_type_is_an_error_not_a_gap(block: dict[str, Any]) -> None:
    transcript = claude_transcript()
    transcript[3]["message"]["content"].append(block)
    with pytest.raises(TraceError) as err:
        read_trace(jsonl(transcript), "c.jsonl", "claude")
    assert err.value.key == "line 4"


def test_what_a_reader_skips_on_purpose_is_counted_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = pi_session()
    session[-1]["message"]["content"].insert(0, {"type": "thinking", "thinking": "…"})
    model_change = {"type": "model_change", "provider": "p", "modelId": "m"}
    session.append({**model_change, "id": "m1", "parentId": session[-1]["id"]})
    transcript = claude_transcript()
    transcript.insert(2, {**transcript[1], "isSidechain": True})
    assert read_counted(jsonl(session), "s.jsonl").skipped == 2
    # The summary is skipped; a side chain is a sub-agent's part of the run, and is read.
    assert read_counted(jsonl(transcript), "c.jsonl").skipped == 1
    runs = tmp_path / "runs"
    make_run(runs, "claude", "t.offset", jsonl(transcript))
    make_run(runs, "pi", "t.offset", jsonl(session), trace_name="session.jsonl")
    make_run(runs, "plain", "t.offset", jsonl(offset_trace()))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 0
    skipped = {case["run"]: case["counts"]["skipped"] for case in outcome.report["cases"]}
    assert skipped == {"claude": 1, "pi": 2, "plain": 0}
