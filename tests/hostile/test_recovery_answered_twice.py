"""Hostile: a tool call answered twice (issue 24 item 4, SPEC 5).

A trace where one call is answered twice contradicts itself: the validator refuses it
(TRACE_MALFORMED), but it sees events, not lines, so the run used to say only "a call_id is
used by two calls, or a call is answered twice". Every reader that can see a second answer
now names the line it stands on (and, in a JSON document, its key path): each case below
is a real file with one result record copied right after itself.

Readers that cannot see one are left out on purpose: a Gemini CLI JSONL record appended
again replaces itself (Gemini CLI's own rule), and the production-trace readers merge the
sightings of one result (a history repeats it), refusing two that differ.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "support"))

from reader_cases import refused

from sakshi.recovery.model import ToolCall, ToolResult, Trace
from sakshi.recovery.readers import TraceError, read_trace
from sakshi.recovery.readers.twice import (
    SECOND_CALL,
    SECOND_RESULT,
    contradiction,
    first_element_of,
    first_line_of,
)

TESTS = Path(__file__).resolve().parent.parent
REAL = TESTS / "fixtures" / "real"
PI = TESTS / "fixtures" / "recovery" / "pi" / "read-offset-pass" / "session.jsonl"

# A real JSONL file per format, and how to tell its first result's line.
JSONL: dict[str, tuple[Path, Callable[[dict[str, Any]], bool]]] = {
    "pi": (PI, lambda r: r.get("message", {}).get("role") == "toolResult"),
    "claude": (
        REAL / "claude" / "spotter-subagent.jsonl",
        lambda r: '"tool_result"' in json.dumps(r.get("message", {})),
    ),
    "codex-cli": (
        next((REAL / "codex-cli").glob("*.jsonl")),
        lambda r: r["payload"].get("type") == "function_call_output",
    ),
    "copilot-cli": (
        REAL / "copilot-cli" / "events.jsonl",
        lambda r: r["type"] == "tool.execution_complete",
    ),
    "gemini-stream-json": (
        REAL / "gemini-stream-json" / "stream-read-offset.jsonl",
        lambda r: r["type"] == "tool_result",
    ),
    "kimi-cli": (REAL / "kimi-cli" / "kimi-cli-context-real.jsonl", lambda r: r["role"] == "tool"),
}


def _answered_again(path: Path, is_result: Callable[[dict[str, Any]], bool]) -> tuple[bytes, int]:
    """The file with its first result line copied right after itself, and the copy's line."""
    lines = path.read_bytes().split(b"\n")
    index = next(i for i, line in enumerate(lines) if line.strip() and is_result(json.loads(line)))
    copied = lines[index]
    if path == PI:
        # A Pi entry is a node of a tree: the copy is a new node on the branch (its own id,
        # the original its parent, and the next entry's parent).
        entry, after = json.loads(copied), json.loads(lines[index + 1])
        copied = json.dumps({**entry, "id": "again001", "parentId": entry["id"]}).encode()
        lines[index + 1] = json.dumps({**after, "parentId": "again001"}).encode()
    lines.insert(index + 1, copied)
    return b"\n".join(lines), index + 2


@pytest.mark.parametrize("trace_format", sorted(JSONL))
def test_a_jsonl_reader_names_the_line_of_the_second_answer(trace_format: str) -> None:
    path, is_result = JSONL[trace_format]
    read_trace(path.read_bytes(), path.name, trace_format)  # the real file reads clean
    data, line = _answered_again(path, is_result)
    with pytest.raises(TraceError) as err:
        read_trace(data, path.name, trace_format)
    assert (err.value.key, err.value.problem) == (f"line {line}", SECOND_RESULT)


def _placed_again(doc: Any, holder: list[Any], index: int) -> tuple[bytes, int]:
    """``doc`` (2-space JSON) with ``holder[index]`` copied right after itself, and the line
    the copy starts on, found by writing a marker in its place first (nothing else moves)."""
    holder.insert(index + 1, "\u2063marker")
    marked = json.dumps(doc, indent=2)
    line = marked[: marked.index('"\\u2063marker"')].count("\n") + 1
    holder[index + 1] = copy.deepcopy(holder[index])
    return json.dumps(doc, indent=2).encode(), line


def _anthropic() -> tuple[Any, list[Any], int]:
    doc = json.loads((REAL / "anthropic" / "pydantic-ai-web-fetch.json").read_bytes())
    for message in doc["messages"]:
        content = message["content"]
        for index, block in enumerate(content if isinstance(content, list) else []):
            if str(block.get("type", "")).endswith("tool_result"):
                return doc, content, index
    raise AssertionError("no result block")


def _responses() -> tuple[Any, list[Any], int]:
    doc = json.loads((REAL / "openai-responses" / "mirascope-call-with-tools.json").read_bytes())
    items = doc["input"]
    return (
        doc,
        items,
        next(i for i, x in enumerate(items) if x.get("type") == "function_call_output"),
    )


def _cline() -> tuple[Any, list[Any], int]:
    doc = json.loads((REAL / "cline" / "session.messages.json").read_bytes())
    for message in doc["messages"]:
        content = message["content"]
        for index, block in enumerate(content if isinstance(content, list) else []):
            if block.get("type") == "tool_result":
                return doc, content, index
    raise AssertionError("no result block")


def _mini() -> tuple[Any, list[Any], int]:
    path = REAL / "mini-swe-agent" / "django__django-11039.traj.json"
    doc = json.loads(path.read_bytes())
    messages = doc["messages"]
    return doc, messages, next(i for i, m in enumerate(messages) if m["role"] == "tool")


def _chat() -> tuple[Any, list[Any], int]:
    # Not real (no real Chat Completions list with a tool message was found): the shape.
    call = {"id": "call_1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "read it"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": "a"},
    ]
    return messages, messages, 2


DOCUMENTS = {
    "anthropic": _anthropic,
    "openai-responses": _responses,
    "cline": _cline,
    "mini-swe-agent": _mini,
    "openai": _chat,
}


@pytest.mark.parametrize("trace_format", sorted(DOCUMENTS))
def test_a_document_reader_names_the_element_and_line_of_the_second_answer(
    trace_format: str,
) -> None:
    doc, holder, index = DOCUMENTS[trace_format]()
    data, line = _placed_again(doc, holder, index)
    with pytest.raises(TraceError) as err:
        read_trace(data, "trace.json", trace_format)
    assert err.value.key == f"line {line}"
    assert err.value.problem.endswith(f"[{index + 1}]: {SECOND_RESULT}")


def test_the_run_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, is_result = JSONL["kimi-cli"]
    data, line = _answered_again(path, is_result)
    words = f"trace.jsonl: line {line}: {SECOND_RESULT}"
    refused(tmp_path, capsys, data, None, words, name="trace.jsonl")


# --- the pure core -------------------------------------------------------------------------

CALL = ToolCall("c1", "read", {"path": "a"})
ANSWER = ToolResult("c1", "read", False, "x")


def test_what_contradicts_a_trace() -> None:
    assert contradiction(Trace((CALL, ANSWER), "sakshi")) is None
    assert contradiction(Trace((CALL, ANSWER, ANSWER), "sakshi")) == SECOND_RESULT
    assert contradiction(Trace((CALL, CALL), "sakshi")) == SECOND_CALL
    # Another tool's result, or one before any call, answers nothing: the validator's rule.
    other = ToolResult("c1", "bash", False, "x")
    assert contradiction(Trace((CALL, ANSWER, other), "sakshi")) is None


def _events(data: bytes) -> Trace:
    kinds = {"c": CALL, "a": ANSWER}
    return Trace(tuple(kinds[c] for c in data.decode() if c in kinds), "sakshi")


def test_the_first_line_and_element_that_contradict() -> None:
    assert first_line_of(_events, b"c\na\n\nx\na\na") == 5
    assert first_element_of(_events, json.dumps({"m": ["c", "x", "a", "a"]}).encode()) == "m[3]"
    assert first_element_of(_events, json.dumps([["c", "a"], ["x", "a"]]).encode()) == "[1][1]"
