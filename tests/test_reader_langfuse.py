"""The Langfuse reader (``langfuse``): TOOL observations and generations; and what it
refuses (a damaged record names the observation and the field; a file of another format
is exit 2 naming the format it expected).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import refused
from span_cases import LANGFUSE, OTEL

from sakshi.recovery.model import ToolCall
from sakshi.recovery.readers import TraceError, read_counted, read_trace


def observation(kind: str, **fields: Any) -> dict[str, Any]:
    """A Langfuse observation of type ``kind``, started at one fixed time."""
    return {"id": "o1", "traceId": "t", "type": kind, "startTime": "2026-01-01T00:00:00Z", **fields}


# A generation recorded with neither its input nor its output (capture off).
GENERATION = observation("GENERATION", id="g1", input=None, output=None)


def test_a_langfuse_tool_without_a_name_names_the_observation() -> None:
    doc = json.loads(LANGFUSE.read_bytes())
    index = next(i for i, item in enumerate(doc["data"]) if item["type"] == "TOOL")
    doc["data"][index]["name"] = None
    with pytest.raises(TraceError, match=rf"data\[{index}\]: name: expected a non-empty string"):
        read_trace(json.dumps(doc).encode(), "o.json", "langfuse")


def test_a_langfuse_generation_with_calls_of_another_shape_is_refused() -> None:
    output = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "read"}]}
    item = observation("GENERATION", id="g1", output=output)
    with pytest.raises(TraceError, match=r"data\[0\].output: a tool call in a form"):
        read_trace(json.dumps({"data": [item]}).encode(), "o.json", "langfuse")


@pytest.mark.parametrize(
    ("start", "words"),
    [("2026-01-01T00:00:00", "a time without its zone"), ("soon", "not an ISO 8601 time")],
)
def test_a_langfuse_time_that_is_no_time_names_the_observation(start: str, words: str) -> None:
    item = {"id": "a", "traceId": "t", "type": "TOOL", "name": "read", "startTime": start}
    with pytest.raises(TraceError, match=rf"o.json: line 1: observations\[0\]: startTime: {words}"):
        read_trace(json.dumps([item]).encode(), "o.json", "langfuse")


def test_a_langfuse_tool_observed_as_a_python_call_gives_its_keywords() -> None:
    keywords = {"args": [], "kwargs": {"path": "notes/big.txt"}}
    item = observation("TOOL", name="read", input=keywords, output="x")
    (call, _) = read_trace(json.dumps({"data": [item]}).encode(), "o.json").events
    assert isinstance(call, ToolCall) and call.args == {"path": "notes/big.txt"}


@pytest.mark.parametrize(("path", "words"), [(OTEL, "not a Langfuse observation export")])
def test_a_file_of_another_format_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], path: Path, words: str
) -> None:
    refused(tmp_path, capsys, path.read_bytes(), "langfuse", words)


def test_model_calls_without_their_messages_are_not_captured() -> None:
    # No tool span and no message: the tool calls the model asked for are nowhere.
    reading = read_counted(json.dumps([GENERATION]).encode(), "t.json", "langfuse")
    assert reading.uncaptured == 1
    assert not [e for e in reading.trace.events if isinstance(e, ToolCall)]


# --- real exports (tests/fixtures/real/langfuse/SOURCES.md) -------------------------------

REAL = Path(__file__).parent / "fixtures" / "real" / "langfuse"


@pytest.mark.parametrize(
    ("name", "tools"),
    [
        ("langfuse-google-adk-2025-08-28.json", ["say_hello"]),
        ("langfuse-koog-2025-08-26.json", ["hellotool", "byetool"]),
        ("langfuse-microsoft-agent-2025-10-14.json", ["get_weather"]),
        ("langfuse-agno-2025-06-11.json", ["duckduckgo_search"]),
    ],
)
def test_an_ingested_span_is_named_by_its_tool_attribute(name: str, tools: list[str]) -> None:
    # Before: the observation's own name ("execute_tool say_hello"), and Koog's and Agno's
    # tool spans (SPAN observations) were not read at all; Koog's and Microsoft's
    # histories (tool calls written as tool messages) refused the file.
    events = read_trace((REAL / name).read_bytes(), name, "langfuse").events
    assert sorted(e.tool for e in events if isinstance(e, ToolCall)) == sorted(tools)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("langfuse-langgraph-2025-08-22.json", "observations[0].input: tool_call_id"),
        ("langfuse-beeai-2025-08-01.json", "observations[0].metadata.attributes: tool.name"),
    ],
)
def test_real_exports_it_cannot_read_are_exit_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, words: str
) -> None:
    # LangGraph's tool ran as a plain SPAN (its calls only in LangChain's message shape);
    # BeeAI's tool spans are lifecycle events that name no tool.
    data = (REAL / "refused" / name).read_bytes()
    refused(tmp_path, capsys, data, "langfuse", words)


def test_an_openinference_tool_span_that_names_no_tool_is_refused() -> None:
    attributes = {"openinference.span.kind": "TOOL"}
    item = observation("SPAN", name="tool.search.start", metadata={"attributes": attributes})
    with pytest.raises(TraceError, match="a TOOL span that names no tool"):
        read_trace(json.dumps([item]).encode(), "o.json", "langfuse")
