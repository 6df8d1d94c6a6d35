"""The OpenInference reader (``openinference``): TOOL spans and LLM messages; and what
it refuses (a damaged record names the file, the line and the field; a file of another
format is exit 2 naming the format it expected).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import refused
from span_cases import (
    LANGFUSE,
    OPENINFERENCE,
    OTEL,
    otlp,
    span,
    tool_span,
)

from sakshi.recovery.model import ToolCall
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace


def test_openinference_spans_beside_execute_tool_spans_fit_neither() -> None:
    data = otlp(
        span(1, {"openinference.span.kind": "TOOL", "tool.name": "read"}), tool_span(2, "c1")
    )
    with pytest.raises(TraceError) as caught:
        detect_format(data, "t.json")
    assert "OpenInference spans" in str(caught.value)
    assert "GenAI execute_tool spans" in str(caught.value)


def test_a_tool_spans_python_call_input_gives_its_keywords() -> None:
    # smolagents records a TOOL span's input as the function's call: {"args", "kwargs"}.
    call = {"args": [], "kwargs": {"path": "notes/big.txt"}, "sanitize_inputs_outputs": True}
    tool = {"openinference.span.kind": "TOOL", "tool.name": "read", "input.value": json.dumps(call)}
    events = read_trace(otlp(span(1, {**tool, "output.value": "x"})), "t.json").events
    (read,) = [e for e in events if isinstance(e, ToolCall)]
    assert read.args == {"path": "notes/big.txt"}


@pytest.mark.parametrize(("key", "field"), [("tool.name", "tool.name")])
def test_a_field_of_the_wrong_type_names_file_line_and_field(key: str, field: str) -> None:
    path = OPENINFERENCE
    doc = json.loads(path.read_bytes())
    spans = doc["resourceSpans"][0]["scopeSpans"][0]["spans"]
    number = next(i for i, s in enumerate(spans) if any(a["key"] == key for a in s["attributes"]))
    for pair in spans[number]["attributes"]:
        if pair["key"] == key:
            pair["value"] = {"intValue": "7"}
    with pytest.raises(TraceError) as caught:
        read_trace(json.dumps(doc).encode(), path.name, "openinference")
    where = f"{path.name}: line 1: resourceSpans[0].scopeSpans[0].spans[{number}]: {field}"
    assert str(caught.value).startswith(where)


@pytest.mark.parametrize(
    ("path", "words"), [(LANGFUSE, "not OTLP JSON"), (OTEL, "not OpenInference spans")]
)
def test_a_file_of_another_format_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], path: Path, words: str
) -> None:
    refused(tmp_path, capsys, path.read_bytes(), "openinference", words)


def test_model_calls_without_their_messages_are_not_captured() -> None:
    # No tool span and no message: the tool calls the model asked for are nowhere.
    reading = read_counted(
        otlp(span(1, {"openinference.span.kind": "LLM"})), "t.json", "openinference"
    )
    assert reading.uncaptured == 1
    assert not [e for e in reading.trace.events if isinstance(e, ToolCall)]
