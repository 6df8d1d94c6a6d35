"""What the reader test modules of the production traces share (``otel``,
``openinference``, ``langfuse``): their files, and spans built in OTLP JSON.

Not a test module: ``test_reader_otel``, ``test_reader_openinference`` and
``test_reader_langfuse`` import it (each puts ``tests/support`` on ``sys.path`` first).
"""

from __future__ import annotations

import json
from typing import Any

from reader_cases import REAL

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import read_trace

OTEL = REAL / "otel" / "genai-execute-tool.json"
EVENTS = REAL / "otel" / "genai-events-1.36.jsonl"
OPENINFERENCE = REAL / "openinference" / "openai-agents-tools.json"
LANGFUSE = REAL / "langfuse" / "observations-tools.json"


def span(number: int, attrs: dict[str, Any]) -> dict[str, Any]:
    start = 1_700_000_000_000_000_000 + number * 1_000_000
    return {
        "spanId": f"{number:016x}",
        "name": "span",
        "startTimeUnixNano": str(start),
        "endTimeUnixNano": str(start + 500_000),
        "attributes": [{"key": k, "value": {"stringValue": v}} for k, v in attrs.items()],
    }


def otlp(*spans: dict[str, Any]) -> bytes:
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": list(spans)}]}]}).encode()


def tool_span(number: int, call_id: str | None, **attrs: str) -> dict[str, Any]:
    base = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "read"}
    if call_id is not None:
        base["gen_ai.tool.call.id"] = call_id
    return span(number, {**base, **attrs})


def chat_span(
    number: int, output: list[dict[str, Any]], history: list[Any] | None = None
) -> dict[str, Any]:
    attrs = {"gen_ai.operation.name": "chat", "gen_ai.output.messages": json.dumps(output)}
    if history:
        attrs["gen_ai.input.messages"] = json.dumps(history)
    return span(number, attrs)


def calls_and_results(data: bytes, fmt: str) -> tuple[list[str], list[str]]:
    events = read_trace(data, "t.json", fmt).events
    calls = [e.call_id for e in events if isinstance(e, ToolCall)]
    return calls, [e.call_id for e in events if isinstance(e, ToolResult)]
