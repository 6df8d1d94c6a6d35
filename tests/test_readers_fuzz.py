"""Fuzzing the trace readers (hypothesis): nothing but TraceError ever escapes.

For every format in ``READERS`` (and for detection, no format named), over arbitrary bytes,
mutated real traces and arbitrary JSON-ish records built from each format's own keys and
values (so that the readers' deeper branches are reached), written as JSONL (sometimes two
records glued on a line) or as one JSON document: a reader returns a reading or raises
``TraceError``, which the lane turns into that run's error. Whatever a reader returns can
be validated and reported (tool names shown, the report rendered to JSON) without raising.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.lane import RunRecord
from sakshi.recovery.readers import READERS, TraceError, merge_probe, parse_probe, read_counted
from sakshi.recovery.validate import validate
from sakshi.reports.recovery import render_json, render_text

CORPUS = load_corpus(Path(__file__).parent.parent / "src" / "sakshi" / "corpora" / "recovery.yaml")
# One case of each kind: the validator's two chains.
CASES = tuple({case.kind: case for case in CORPUS.cases.values()}.values())
FORMATS = [None, *sorted(READERS)]
SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,  # the same examples every run: CI never flakes on a new one
    database=None,
)

# The keys and values the readers look at, so random records often take their branches.
KEYS = [
    "type", "kind", "role", "content", "message", "messages", "id", "parentId", "version",
    "call_id", "tool", "args", "is_error", "text", "details", "event", "after_call_id",
    "toolCallId", "toolName", "isError", "name", "arguments", "input", "tool_use_id",
    "tool_calls", "tool_call_id", "function", "uuid", "sessionId", "isSidechain", "path",
    "offset", "fullOutputPath", "events", "payload", "output", "call_id", "status",
]  # fmt: skip
WORDS = [
    "session", "message", "tool_call", "tool_result", "harness", "user", "assistant", "tool",
    "toolResult", "toolCall", "text", "thinking", "image", "tool_use", "function",
    "function_call", "function_call_output", "model_change", "summary", "read", "bash",
    "notes/big.txt", "/tmp/pi-bash-1a2b3c4d.log", "Use offset=41 to continue", "c1", "c2",
    "e1", "system", "developer", "custom", "hookMessage", "input_text", "output_text",
]  # fmt: skip

TEXT = st.text(st.characters(exclude_categories=()), max_size=12)  # lone surrogates too
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=0, max_value=5000)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(WORDS)
    | TEXT
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | TEXT, inner, max_size=6)
    ),
    max_leaves=30,
)
RECORD = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=8)


@st.composite
def documents(draw: st.DrawFn) -> bytes:
    """Records as a trace file: JSONL (glued pairs sometimes) or one JSON document."""
    records: list[Any] = draw(st.lists(RECORD, max_size=8))
    if draw(st.booleans()):
        header: dict[str, Any] = {"type": "session"}
        if draw(st.booleans()):
            header["version"] = draw(st.sampled_from([1, 2, 3]) | SCALARS)
        records.insert(0, header)
    shape = draw(st.sampled_from(["jsonl", "glued", "list", "messages"]))
    if shape == "list":
        return json.dumps(records).encode()
    if shape == "messages":
        return json.dumps({"messages": records}).encode()
    lines = [json.dumps(record) for record in records]
    if shape == "glued" and len(lines) > 1:
        lines[0:2] = [lines[0] + lines[1]]
    return ("\n".join(lines) + "\n").encode()


def read_or_refuse(data: bytes, trace_format: str | None) -> None:
    """The property: a reading, validated and reported without raising, or a TraceError."""
    try:
        reading = read_counted(data, "fuzz.jsonl", trace_format)
    except TraceError:
        return
    assert reading.skipped >= 0
    for case in CASES:
        record = RunRecord("run", case.id, validate(case, reading.trace))
        render_json([record], {})
        render_text([record], {})


@pytest.mark.parametrize("trace_format", FORMATS, ids=str)
@SETTINGS
@given(data=st.binary(max_size=400))
def test_arbitrary_bytes(trace_format: str | None, data: bytes) -> None:
    read_or_refuse(data, trace_format)


@pytest.mark.parametrize("trace_format", FORMATS, ids=str)
@SETTINGS
@given(data=documents())
def test_arbitrary_json_records(trace_format: str | None, data: bytes) -> None:
    read_or_refuse(data, trace_format)


def shapes(record: dict[str, Any]) -> list[bytes]:
    """``record`` where each format would look for it: a JSONL line (after a Pi header
    too), a message list, a message's block, a tool result's block, a Gemini session, a
    Codex rollout line, Responses items."""
    dumps = json.dumps
    return [
        dumps(record).encode() + b"\n",
        f'{dumps({"type": "session", "version": 3})}\n{dumps({**record, "id": "a"})}\n'.encode(),
        dumps([record]).encode(),
        dumps({"messages": [record]}).encode(),
        dumps([{"role": "assistant", "content": [record]}]).encode(),
        dumps([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x",
                                             "content": [record]}]}]).encode(),
        dumps({"sessionId": "s", "messages": [record]}).encode(),
        f'{dumps({"type": "session_meta", "payload": {}})}\n'
        f'{dumps({"type": "response_item", "payload": record})}\n'.encode(),
        dumps({"input": [record]}).encode(),
        dumps({"output": [{"type": "function_call", **record}]}).encode(),
    ]  # fmt: skip


@pytest.mark.parametrize("trace_format", FORMATS, ids=str)
def test_a_list_or_object_where_a_name_belongs(trace_format: str | None) -> None:
    # A JSON list or object is not hashable: `kind in a_set` raised TypeError in detection
    # and in several readers (the fuzz found it). Every key, every shape, every format.
    for key in KEYS:
        for value in ([], {}, [1], {"a": 1}):
            for data in shapes({key: value}):
                read_or_refuse(data, trace_format)


SAMPLES = sorted(Path(__file__).parent.joinpath("fixtures", "recovery", "pi").rglob("*.jsonl"))


@pytest.mark.skipif(not SAMPLES, reason="no recorded Pi sessions")
@SETTINGS
@given(
    sample=st.sampled_from(SAMPLES or [Path()]),
    cuts=st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=8)), max_size=4),
    trace_format=st.sampled_from(FORMATS),
)
def test_mutated_real_sessions(
    sample: Path, cuts: list[tuple[int, bytes]], trace_format: str | None
) -> None:
    data = bytearray(sample.read_bytes())
    for at, insert in cuts:
        at %= len(data) + 1
        data[at : at + len(insert)] = insert
    read_or_refuse(bytes(data), trace_format)


@SETTINGS
@given(probe=st.binary(max_size=200) | documents(), trace=documents())
def test_probes(probe: bytes, trace: bytes) -> None:
    try:
        reading = read_counted(trace, "t.jsonl", "sakshi")
        merged = merge_probe(reading.trace, parse_probe(probe, "probe.json"), "probe.json")
    except TraceError:
        return
    for case in CASES:
        validate(case, merged)
