"""Seeded production traces for bench/traces.py: the script of bench/trace_formats.py
written out as OpenTelemetry GenAI spans (OTLP JSON, the history repeated in each model
span's input messages, as instrumentations record it), OpenInference spans (flattened
message attributes and TOOL spans) and a Langfuse observations export.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from trace_formats import PROMPT, Step  # bench/ is on sys.path when run as a script

__all__ = ["PRODUCTION_RENDERERS"]

_T0 = 1_764_000_000_000_000_000


def _span(number: int, name: str, attrs: dict[str, str], failed: bool = False) -> dict[str, Any]:
    start = _T0 + number * 1_000_000
    return {
        "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
        "spanId": f"{number:016x}",
        "name": name,
        "kind": 1,
        "startTimeUnixNano": str(start),
        "endTimeUnixNano": str(start + 900_000),
        "attributes": [{"key": k, "value": {"stringValue": v}} for k, v in attrs.items()],
        "status": {"code": 2 if failed else 1},
    }


def _otlp(spans: list[dict[str, Any]]) -> bytes:
    doc = {"resourceSpans": [{"resource": {}, "scopeSpans": [{"spans": spans}]}]}
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def otel(steps: list[Step]) -> bytes:
    spans = []
    history: list[dict[str, Any]] = [
        {"role": "user", "parts": [{"type": "text", "content": PROMPT}]}
    ]
    for n, s in enumerate(steps):
        call = {"type": "tool_call", "id": s.call_id, "name": s.tool, "arguments": s.args}
        # Each model span holds the two messages before its call (a window of the history:
        # whole histories would make the file quadratic in the session's length).
        chat = {
            "gen_ai.operation.name": "chat",
            "gen_ai.input.messages": json.dumps(history[-2:]),
            "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [call]}]),
        }
        tool = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": s.tool,
            "gen_ai.tool.call.id": s.call_id,
            "gen_ai.tool.call.arguments": json.dumps(s.args),
            "gen_ai.tool.call.result": s.output,
        }
        spans += [_span(2 * n, "chat", chat), _span(2 * n + 1, "execute_tool", tool, s.failed)]
        response = {"type": "tool_call_response", "id": s.call_id, "response": s.output}
        history += [{"role": "assistant", "parts": [call]}, {"role": "tool", "parts": [response]}]
    return _otlp(spans)


def openinference(steps: list[Step]) -> bytes:
    spans = []
    for n, s in enumerate(steps):
        prefix = "llm.output_messages.0.message.tool_calls.0.tool_call"
        llm = {
            "openinference.span.kind": "LLM",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": PROMPT,
            f"{prefix}.id": s.call_id,
            f"{prefix}.function.name": s.tool,
            f"{prefix}.function.arguments": json.dumps(s.args),
        }
        tool = {
            "openinference.span.kind": "TOOL",
            "tool.name": s.tool,
            "tool_call.id": s.call_id,
            "input.value": json.dumps(s.args),
            "output.value": s.output,
        }
        spans += [_span(2 * n, "llm", llm), _span(2 * n + 1, s.tool, tool, s.failed)]
    return _otlp(spans)


def langfuse(steps: list[Step]) -> bytes:
    items = []
    for n, s in enumerate(steps):
        second, micro = divmod(n * 1000, 1_000_000)
        items.append(
            {
                "id": s.call_id,
                "traceId": "t1",
                "type": "TOOL",
                "name": s.tool,
                "startTime": f"2026-01-01T00:{second // 60:02d}:{second % 60:02d}.{micro:06d}Z",
                "endTime": None,
                "input": s.args,
                "output": s.output,
                "level": "ERROR" if s.failed else "DEFAULT",
                "parentObservationId": None,
            }
        )
    return json.dumps({"data": items, "meta": {}}, indent=2, ensure_ascii=False).encode("utf-8")


# Format name -> writer of its file, and whether the file is JSONL (one record a line).
PRODUCTION_RENDERERS: dict[str, tuple[Callable[[list[Step]], bytes], bool]] = {
    "otel": (otel, False),
    "openinference": (openinference, False),
    "langfuse": (langfuse, False),
}
