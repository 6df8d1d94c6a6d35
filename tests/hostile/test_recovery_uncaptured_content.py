"""Hostile: a production trace recorded with content capture off (issue 24 item 4, SPEC 5).

Tracing tools leave tool arguments and results out unless told to record them (the
OpenTelemetry GenAI conventions make both opt-in; OpenInference can hide inputs and
outputs; Langfuse can skip capturing them). Such a trace holds the calls but not what
they read: a run recorded so is ``unknown``, never a pass and never a fail, and the report
counts what was missing (``content_not_captured``) and says why on stderr.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    OFFSET_FACT,
    OFFSET_HINT,
    make_run,
    run_recovery,
    write_corpus,
)

from sakshi.recovery.readers import read_counted

# The read-offset chain of the hostile corpus: (call id, arguments, result).
CHAIN: list[tuple[str, dict[str, Any], str]] = [
    ("call_1", {"path": "notes/big.txt"}, OFFSET_HINT),
    ("call_2", {"path": "notes/big.txt", "offset": 41}, f"L00050 {OFFSET_FACT}"),
]


def _s(value: str) -> dict[str, Any]:
    return {"stringValue": value}


def _span(number: int, attrs: dict[str, str], **extra: Any) -> dict[str, Any]:
    start = 1_700_000_000_000_000_000 + number * 1_000_000
    return {
        "traceId": "5b8efff798038103d269b633813fc60c",
        "spanId": f"{number:016x}",
        "name": extra.pop("name", "span"),
        "kind": 1,
        "startTimeUnixNano": str(start),
        "endTimeUnixNano": str(start + 500_000),
        "attributes": [{"key": key, "value": _s(value)} for key, value in attrs.items()],
        **extra,
    }


def _otlp(spans: list[dict[str, Any]]) -> bytes:
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}).encode()


def otel(args: bool, results: bool) -> bytes:
    """GenAI execute_tool spans of the chain, with or without the opt-in content."""
    spans = []
    for number, (call_id, arguments, text) in enumerate(CHAIN):
        attrs = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "read",
            "gen_ai.tool.call.id": call_id,
        }
        if args:
            attrs["gen_ai.tool.call.arguments"] = json.dumps(arguments)
        if results:
            attrs["gen_ai.tool.call.result"] = text
        spans.append(_span(number, attrs, name="execute_tool read"))
    output = [{"role": "assistant", "parts": [{"type": "text", "content": OFFSET_FACT}]}]
    chat = {"gen_ai.operation.name": "chat", "gen_ai.output.messages": json.dumps(output)}
    return _otlp([*spans, _span(9, chat)])


def openinference(args: bool, results: bool) -> bytes:
    """OpenInference TOOL spans of the chain; hidden values as the trace config writes them."""
    spans = []
    for number, (_, arguments, text) in enumerate(CHAIN):
        attrs = {"openinference.span.kind": "TOOL", "tool.name": "read"}
        attrs["input.value"] = json.dumps(arguments) if args else "__REDACTED__"
        if results:
            attrs["output.value"] = text
        spans.append(_span(number, attrs, name="read"))
    llm = {
        "openinference.span.kind": "LLM",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": OFFSET_FACT,
    }
    return _otlp([*spans, _span(9, llm)])


def langfuse(args: bool, results: bool) -> bytes:
    """Langfuse TOOL observations of the chain; null where capture was off."""
    items = []
    for number, (call_id, arguments, text) in enumerate(CHAIN):
        items.append(
            {
                "id": call_id,
                "traceId": "t1",
                "type": "TOOL",
                "name": "read",
                "startTime": f"2026-01-01T00:00:0{number}.000Z",
                "endTime": f"2026-01-01T00:00:0{number}.500Z",
                "input": arguments if args else None,
                "output": text if results else None,
                "level": "DEFAULT",
            }
        )
    answer = {"role": "assistant", "content": OFFSET_FACT}
    generation = {**items[-1], "id": "g1", "type": "GENERATION", "output": answer}
    generation["startTime"] = "2026-01-01T00:00:09.000Z"
    return json.dumps({"data": [*items, generation], "meta": {}}).encode()


BUILDERS: dict[str, Callable[[bool, bool], bytes]] = {
    "otel": otel,
    "openinference": openinference,
    "langfuse": langfuse,
}
CAPTURE = {"arguments-and-results": (False, False), "arguments": (False, True)}
CAPTURE |= {"results": (True, False)}


@pytest.mark.parametrize("fmt", sorted(BUILDERS))
def test_with_content_the_chain_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    runs = tmp_path / "runs"
    make_run(runs, "full", "t.offset", BUILDERS[fmt](True, True), trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert (outcome.code, outcome.statuses()) == (0, {"full": "pass"})
    assert "content_not_captured" not in outcome.case("full")["counts"]


@pytest.mark.parametrize("missing", sorted(CAPTURE))
@pytest.mark.parametrize("fmt", sorted(BUILDERS))
def test_without_content_the_run_is_unknown_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, missing: str
) -> None:
    data = BUILDERS[fmt](*CAPTURE[missing])
    assert read_counted(data, "trace.json", fmt).uncaptured == 2 * CAPTURE[missing].count(False)
    runs = tmp_path / "runs"
    make_run(runs, "blind", "t.offset", data, trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    case = outcome.case("blind")
    assert outcome.code == 1
    assert (case["status"], case["reasons"], case["strategy_pass"]) == ("unknown", [], False)
    assert case["counts"]["content_not_captured"] == 2 * CAPTURE[missing].count(False)
    assert case["counts"]["tool_calls"] == 2
    assert "content capture was off" in outcome.err
    assert "content not captured" in outcome.err
    assert OFFSET_FACT not in json.dumps(outcome.report)


@pytest.mark.parametrize("fmt", ["text", "junit"])
def test_the_text_and_junit_reports_say_why_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    runs = tmp_path / "runs"
    make_run(runs, "blind", "t.offset", otel(False, False), trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), fmt=fmt)
    assert outcome.code == 1
    assert "content not captured (4 tool calls or results without it)" in outcome.out
