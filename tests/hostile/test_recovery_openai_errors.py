"""Hostile: a failed tool call read as a success in OpenAI traces (SPEC 5: the recovery
read's successful result must hold the fact; a failed one is RECOVERY_READ_FAILED).

A Chat Completions ``role: tool`` message, and a Responses ``function_call_output``, has
no failure flag: the caller writes the failure into the text. The OpenAI Agents SDK writes
``An error occurred while running the tool. Please try again. Error: ...`` (and a timeout
as ``Tool 'NAME' timed out after N seconds.``, a refused approval as ``Tool execution was
not approved.``); function-calling loops write ``Error: ...``. Read as successes, an error
that quotes the fact completed the chain, and a failed first read that still printed a
continuation hint started one. Such a text is now a failed result.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import OFFSET_FACT, OFFSET_HINT, make_run, run_recovery, write_corpus

from sakshi.recovery.model import ToolResult
from sakshi.recovery.readers import read_trace
from sakshi.recovery.readers.tool_errors import reads_as_failure

SOURCE = "notes/big.txt"

# What callers write when the tool failed: each opens the text of a tool message.
FAILURES = {
    "agents-sdk": "An error occurred while running the tool. Please try again. Error: ",
    "agents-sdk-arguments": "An error occurred while parsing tool arguments. Error: ",
    "agents-sdk-timeout": "Tool 'read' timed out after 30 seconds. ",
    "agents-sdk-rejected": "Tool execution was not approved. ",
    "error-colon": "Error: ",
    "error-upper": "ERROR ",
    "error-indented": "\n  Error executing tool read: ",
    "traceback": "Traceback (most recent call last):\n  File 'x', line 1\n",
}


def chat(first: str, second: str) -> list[dict[str, Any]]:
    """A Chat Completions message list: a read from the top, its continuation at 41."""

    def use(call_id: str, **args: Any) -> dict[str, Any]:
        function = {"name": "read", "arguments": json.dumps(args)}
        return {"id": call_id, "type": "function", "function": function}

    return [
        {"role": "user", "content": "Read notes/big.txt and report line L00050."},
        {"role": "assistant", "content": None, "tool_calls": [use("c1", path=SOURCE)]},
        {"role": "tool", "tool_call_id": "c1", "content": first},
        {"role": "assistant", "content": None, "tool_calls": [use("c2", path=SOURCE, offset=41)]},
        {"role": "tool", "tool_call_id": "c2", "content": second},
        {"role": "assistant", "content": OFFSET_FACT},
    ]


def responses(first: str, second: str) -> list[dict[str, Any]]:
    """The same run as Responses API items."""
    items: list[dict[str, Any]] = [{"role": "user", "content": "Read notes/big.txt."}]
    for call_id, args, output in (
        ("c1", {"path": SOURCE}, first),
        ("c2", {"path": SOURCE, "offset": 41}, second),
    ):
        items.append(
            {
                "type": "function_call",
                "call_id": call_id,
                "name": "read",
                "arguments": json.dumps(args),
            }
        )
        items.append({"type": "function_call_output", "call_id": call_id, "output": output})
    items.append(
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": OFFSET_FACT}],
        }
    )
    return items


def runs(tmp_path: Path) -> Path:
    folder = tmp_path / "runs"
    for shape, build in (("chat", chat), ("responses", responses)):
        good = build(OFFSET_HINT, f"L00050 {OFFSET_FACT}")
        make_run(
            folder, f"{shape}-ok", "t.offset", json.dumps(good).encode(), trace_name="trace.json"
        )
        for name, opening in FAILURES.items():
            # The continuation failed, and its error text quotes the line it could not give.
            failed = build(OFFSET_HINT, f"{opening}stale read of L00050 {OFFSET_FACT}")
            data = json.dumps(failed).encode()
            make_run(folder, f"{shape}-{name}", "t.offset", data, trace_name="trace.json")
        # The first read failed, but its error text still told an offset.
        started = build(f"Error: {OFFSET_HINT}", f"L00050 {OFFSET_FACT}")
        data = json.dumps(started).encode()
        make_run(folder, f"{shape}-failed-start", "t.offset", data, trace_name="trace.json")
    return folder


def test_an_error_text_is_a_failed_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outcome = run_recovery(capsys, runs(tmp_path), write_corpus(tmp_path))
    assert outcome.code == 1, outcome.err
    for shape in ("chat", "responses"):
        assert outcome.case(f"{shape}-ok")["status"] == "pass", shape
        for name in FAILURES:
            case = outcome.case(f"{shape}-{name}")
            assert (case["status"], case["reasons"]) == ("fail", ["RECOVERY_READ_FAILED"]), name
            assert case["counts"]["failed_results"] == 1
        case = outcome.case(f"{shape}-failed-start")
        assert (case["status"], case["reasons"]) == ("fail", ["PRODUCER_FAILED"])


@pytest.mark.parametrize("name", sorted(FAILURES))
def test_the_reader_marks_the_result_failed(name: str) -> None:
    data = json.dumps(chat(OFFSET_HINT, FAILURES[name] + "x")).encode()
    results = [e for e in read_trace(data, "t.json", "openai").events if isinstance(e, ToolResult)]
    assert [result.is_error for result in results] == [False, True]


@pytest.mark.parametrize(
    "text",
    ["L00001 kelp", "Errors found: 0", "No error here", "terror: x", "[Showing lines 1-40]"],
)
def test_ordinary_text_stays_a_success(text: str) -> None:
    assert not reads_as_failure(text)


def test_a_framework_flag_beside_the_message_counts_too() -> None:
    messages = chat(OFFSET_HINT, f"L00050 {OFFSET_FACT}")
    messages[4] = {**messages[4], "is_error": True}
    results = [
        e
        for e in read_trace(json.dumps(messages).encode(), "t.json", "openai").events
        if isinstance(e, ToolResult)
    ]
    assert [result.is_error for result in results] == [False, True]
