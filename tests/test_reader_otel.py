"""The OpenTelemetry GenAI reader (``otel``): calls paired by ``gen_ai.tool.call.id``
across spans, messages and events, sub-agents, the older event form and the forms of
Pydantic AI, OpenLLMetry, Tempo and the JS SDK's span records; and what it refuses (a
damaged record names the file, the line and the field; a file of another format is exit
2 naming the format it expected).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from reader_cases import refused
from span_cases import (
    EVENTS,
    LANGFUSE,
    OPENINFERENCE,
    OTEL,
    calls_and_results,
    chat_span,
    otlp,
    span,
    tool_span,
)

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace


def test_a_call_seen_in_the_output_the_span_and_the_history_is_one_call() -> None:
    call = {"type": "tool_call", "id": "c1", "name": "read", "arguments": {"path": "a"}}
    answer = {"type": "tool_call_response", "id": "c1", "response": "text"}
    data = otlp(
        chat_span(1, [{"role": "assistant", "parts": [call]}]),
        tool_span(2, "c1", **{"gen_ai.tool.call.arguments": '{"path": "a"}'}),
        chat_span(
            3, [], [{"role": "assistant", "parts": [call]}, {"role": "tool", "parts": [answer]}]
        ),
    )
    assert calls_and_results(data, "otel") == (["c1"], ["c1"])
    (result,) = [e for e in read_trace(data, "t.json").events if isinstance(e, ToolResult)]
    assert result.text == "text"  # the span recorded no result; the history did


def test_two_records_of_one_call_that_disagree_are_refused() -> None:
    call = {"type": "tool_call", "id": "c1", "name": "read", "arguments": {"path": "b"}}
    data = otlp(
        chat_span(1, [{"role": "assistant", "parts": [call]}]),
        tool_span(2, "c1", **{"gen_ai.tool.call.arguments": '{"path": "a"}'}),
    )
    with pytest.raises(TraceError, match=r"spans\[1\]: arguments: differ"):
        read_trace(data, "t.json", "otel")


def test_a_result_of_no_call_is_refused() -> None:
    answer = {"type": "tool_call_response", "id": "ghost", "response": "x"}
    data = otlp(chat_span(1, [], [{"role": "tool", "parts": [answer]}]), tool_span(2, "c1"))
    with pytest.raises(TraceError, match="answers no call"):
        read_trace(data, "t.json", "otel")


def test_tool_spans_with_no_call_id_are_not_counted_twice() -> None:
    # The model's call cannot be paired with a span that names no id: the spans count.
    call = {"type": "tool_call", "id": "c1", "name": "read", "arguments": {"path": "a"}}
    data = otlp(
        chat_span(1, [{"role": "assistant", "parts": [call]}]),
        tool_span(2, None, **{"gen_ai.tool.call.arguments": '{"path": "a"}'}),
    )
    calls, results = calls_and_results(data, "otel")
    assert (len(calls), len(results)) == (1, 1)
    assert read_counted(data, "t.json").skipped >= 1


def test_a_sub_agents_calls_are_part_of_the_run() -> None:
    events = read_trace(OTEL.read_bytes(), OTEL.name).events
    tools = [e.tool for e in events if isinstance(e, ToolCall)]
    assert tools == ["read", "read", "task", "bash"]
    (bash,) = [e for e in events if isinstance(e, ToolResult) and e.tool == "bash"]
    assert bash.is_error  # its span's error status, though the history holds its output


def test_the_older_event_form_reads_calls_and_results() -> None:
    calls, results = calls_and_results(EVENTS.read_bytes(), "otel")
    assert calls == results and len(calls) == 2


def test_a_damaged_line_of_otlp_json_lines_is_counted_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = EVENTS.read_bytes().split(b"\n")
    lines.insert(2, b'{"resourceLogs": [{"scopeLogs": [')
    data = b"\n".join(lines)
    reading = read_counted(data, "trace.jsonl")
    assert reading.unreadable == 1 and reading.damage is not None
    assert "trace.jsonl: line 3: not JSON" in str(reading.damage)
    refused(tmp_path, capsys, data, None, "line 3", name="trace.jsonl")


def test_otlp_without_genai_or_openinference_spans_fits_no_format() -> None:
    data = otlp(span(1, {"http.request.method": "POST"}))
    with pytest.raises(TraceError, match="otel: no GenAI span or event"):
        detect_format(data, "t.json")


def test_pydantic_ai_tool_spans_and_events_attribute() -> None:
    # Pydantic AI (Logfire) before the conventions named them: a "running tool" span with
    # the tool's name and call id, tool_arguments and tool_response, and a model span whose
    # events are one JSON attribute.
    events = [
        {"event.name": "gen_ai.user.message", "role": "user", "content": "hi"},
        {
            "event.name": "gen_ai.choice",
            "index": 0,
            "message": {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "p1",
                        "type": "function",
                        "function": {"name": "read", "arguments": "{}"},
                    }
                ],
            },
        },
    ]
    chat = {"gen_ai.operation.name": "chat", "events": json.dumps(events)}
    tool = {
        "gen_ai.tool.name": "read",
        "gen_ai.tool.call.id": "p1",
        "tool_arguments": "{}",
        "tool_response": "text",
    }
    data = otlp(span(1, chat), span(2, tool))
    assert detect_format(data, "t.json") == "otel"
    assert calls_and_results(data, "otel") == (["p1"], ["p1"])
    blind = otlp(span(1, chat), span(2, {k: v for k, v in tool.items() if k != "tool_response"}))
    assert read_counted(blind, "t.json").uncaptured == 1


def test_tempo_batches_and_instrumentation_library_spans_are_otlp() -> None:
    doc = {"batches": [{"instrumentationLibrarySpans": [{"spans": [tool_span(1, "c1")]}]}]}
    data = json.dumps(doc).encode()
    assert detect_format(data, "t.json") == "otel"
    assert calls_and_results(data, "otel") == (["c1"], ["c1"])


def test_a_damaged_first_line_of_otlp_json_lines_is_blanked_too() -> None:
    lines = EVENTS.read_bytes().split(b"\n")
    lines[0] = lines[0][:50]  # the spans' line, cut short
    reading = read_counted(b"\n".join(lines), "trace.jsonl", "otel")
    assert reading.unreadable == 1 and "trace.jsonl: line 1: not JSON" in str(reading.damage)
    calls = [e for e in reading.trace.events if isinstance(e, ToolCall)]
    assert len(calls) == 2  # the events on the other lines are still read


def test_a_cut_short_otlp_document_names_the_line_where_it_broke() -> None:
    with pytest.raises(TraceError, match=r"t.json: line \d+: not JSON"):
        read_trace(OTEL.read_bytes()[:5000], "t.json", "otel")


def test_openllmetry_flattened_messages_pair_calls_and_results() -> None:
    first = {
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4o",
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": "read it",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.tool_calls.0.id": "call_1",
        "gen_ai.completion.0.tool_calls.0.name": "read",
        "gen_ai.completion.0.tool_calls.0.arguments": '{"path": "a"}',
    }
    second = {
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4o",
        "gen_ai.prompt.0.role": "assistant",
        "gen_ai.prompt.0.tool_calls.0.id": "call_1",
        "gen_ai.prompt.0.tool_calls.0.name": "read",
        "gen_ai.prompt.0.tool_calls.0.arguments": '{"path": "a"}',
        "gen_ai.prompt.1.role": "tool",
        "gen_ai.prompt.1.tool_call_id": "call_1",
        "gen_ai.prompt.1.content": "text",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "done",
    }
    data = otlp(span(1, first), span(2, second))
    assert detect_format(data, "t.json") == "otel"
    assert calls_and_results(data, "otel") == (["call_1"], ["call_1"])
    assert read_counted(data, "t.json").uncaptured == 0


@pytest.mark.parametrize(
    ("span_result", "history_result", "kept"),
    [
        ('{"a":1}', {"a": 1}, '{"a":1}'),  # one JSON value written two ways
        ("line 1\nline", "line 1\nline 2\nline 3", "line 1\nline 2\nline 3"),  # one cut short
    ],
    ids=["json", "cut-short"],
)
def test_two_records_of_one_result_that_agree_are_one(
    span_result: str, history_result: Any, kept: str
) -> None:
    call = {"type": "tool_call", "id": "c1", "name": "read", "arguments": {}}
    answer = {"type": "tool_call_response", "id": "c1", "response": history_result}
    data = otlp(
        tool_span(1, "c1", **{"gen_ai.tool.call.result": span_result}),
        chat_span(
            2, [], [{"role": "assistant", "parts": [call]}, {"role": "tool", "parts": [answer]}]
        ),
    )
    (result,) = [e for e in read_trace(data, "t.json").events if isinstance(e, ToolResult)]
    assert result.text == kept


def test_two_records_of_one_result_that_differ_are_refused() -> None:
    call = {"type": "tool_call", "id": "c1", "name": "read", "arguments": {}}
    answer = {"type": "tool_call_response", "id": "c1", "response": "other"}
    data = otlp(
        tool_span(1, "c1", **{"gen_ai.tool.call.result": "text"}),
        chat_span(
            2, [], [{"role": "assistant", "parts": [call]}, {"role": "tool", "parts": [answer]}]
        ),
    )
    with pytest.raises(TraceError, match="result: differs"):
        read_trace(data, "t.json", "otel")


def test_the_first_conventions_content_form_is_refused_not_read_as_no_calls() -> None:
    chat = span(1, {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"})
    messages = json.dumps([{"role": "assistant", "tool_calls": [{"id": "c1"}]}])
    chat["events"] = [
        {
            "timeUnixNano": chat["endTimeUnixNano"],
            "name": "gen_ai.content.completion",
            "attributes": [{"key": "gen_ai.completion", "value": {"stringValue": messages}}],
        }
    ]
    with pytest.raises(TraceError, match="gen_ai.content.completion: model messages in the first"):
        read_trace(otlp(chat), "t.json", "otel")


def test_span_records_of_the_js_sdk_file_export_are_read() -> None:
    # GitHub Copilot's OpenTelemetry file export: one span record a line, times as
    # [seconds, nanoseconds], plain attributes, and metric lines beside the spans.
    def record(number: int, attrs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "span",
            "traceId": "6318729bb484f4211c8495b95b4f84ce",
            "spanId": f"{number:016x}",
            "name": "span",
            "kind": 0,
            "startTime": [1774571412, number * 1000],
            "endTime": [1774571412, number * 1000 + 500],
            "attributes": attrs,
            "status": {"code": 0},
            "events": [{"name": "permission.checked", "timestamp": [1774571412, 0]}],
        }

    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "view",
        "gen_ai.tool.call.id": "toolu_1",
        "gen_ai.tool.call.arguments": '{"path": "notes/big.txt"}',
        "gen_ai.tool.call.result": "1. line one",
    }
    lines = [{"type": "metric", "name": "github.copilot.tool.call.count", "value": 1}]
    lines += [record(1, {"gen_ai.operation.name": "invoke_agent"}), record(2, tool)]
    data = b"".join(json.dumps(line).encode() + b"\n" for line in lines)
    assert detect_format(data, "t.jsonl") == "otel"
    assert calls_and_results(data, "otel") == (["toolu_1"], ["toolu_1"])
    broken = data.replace(b'"startTime": [1774571412, 2000]', b'"startTime": "soon"')
    with pytest.raises(TraceError, match=r"t.jsonl: line 3.startTime: expected \[seconds"):
        read_trace(broken, "t.jsonl", "otel")


def test_an_empty_arguments_string_is_no_arguments() -> None:
    data = otlp(
        tool_span(1, "c1", **{"gen_ai.tool.call.arguments": "", "gen_ai.tool.call.result": ""})
    )
    reading = read_counted(data, "t.json", "otel")
    assert reading.uncaptured == 0
    assert [e.args for e in reading.trace.events if isinstance(e, ToolCall)] == [{}]


@pytest.mark.parametrize(("key", "field"), [("gen_ai.tool.name", "gen_ai.tool.name")])
def test_a_field_of_the_wrong_type_names_file_line_and_field(key: str, field: str) -> None:
    path = OTEL
    doc = json.loads(path.read_bytes())
    spans = doc["resourceSpans"][0]["scopeSpans"][0]["spans"]
    number = next(i for i, s in enumerate(spans) if any(a["key"] == key for a in s["attributes"]))
    for pair in spans[number]["attributes"]:
        if pair["key"] == key:
            pair["value"] = {"intValue": "7"}
    with pytest.raises(TraceError) as caught:
        read_trace(json.dumps(doc).encode(), path.name, "otel")
    where = f"{path.name}: line 1: resourceSpans[0].scopeSpans[0].spans[{number}]: {field}"
    assert str(caught.value).startswith(where)


@pytest.mark.parametrize(
    ("path", "words"),
    [
        (LANGFUSE, "not OTLP JSON"),
        (OPENINFERENCE, "no span or event of the OpenTelemetry GenAI conventions"),
    ],
)
def test_a_file_of_another_format_is_exit_2_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], path: Path, words: str
) -> None:
    refused(tmp_path, capsys, path.read_bytes(), "otel", words)


def test_model_calls_without_their_messages_are_not_captured() -> None:
    # No tool span and no message: the tool calls the model asked for are nowhere.
    reading = read_counted(
        otlp(span(1, {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"})),
        "t.json",
        "otel",
    )
    assert reading.uncaptured == 1
    assert not [e for e in reading.trace.events if isinstance(e, ToolCall)]
