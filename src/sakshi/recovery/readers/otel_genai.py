"""Reads OpenTelemetry GenAI traces as OTLP JSON, format name ``otel``.

The spans an instrumented agent exports (the OpenTelemetry GenAI semantic conventions):

- ``execute_tool`` spans (``gen_ai.operation.name``): one tool call and its outcome:
  ``gen_ai.tool.name``, ``gen_ai.tool.call.id`` and, when content capture is on,
  ``gen_ai.tool.call.arguments`` and ``gen_ai.tool.call.result``. The call stands at the
  span's start, its result at its end; an error status (or ``error.type``) is a failed
  result. A span with no call id is its own call;
- model spans (``chat`` and the like) with the opt-in ``gen_ai.input.messages`` and
  ``gen_ai.output.messages``, and the older per-message events (``gen_ai.choice``,
  ``gen_ai.tool.message``, ...), as span events or as log records
  (``resourceLogs``), or as one ``events`` attribute (Pydantic AI's first form), and
  OpenLLMetry's flattened ``gen_ai.prompt.N.*`` / ``gen_ai.completion.N.*`` attributes:
  genai_messages.py reads them;
- Pydantic AI's ``running tool`` spans (``gen_ai.tool.name`` with no operation,
  ``tool_arguments``, ``tool_response``) are tool spans too.

A call seen in several places (the model's output, its ``execute_tool`` span, the next
request's history) is one call, paired by ``gen_ai.tool.call.id`` (span_ledger.py).
Every span is read, a sub-agent's (``invoke_agent`` under the root) as the agent's own.
Spans of other kinds (HTTP, database) are skipped and counted. A call or result whose
content was not captured, or (in a file with no tool span) a model span with none of its
messages, makes the run ``unknown`` (``Reading.uncaptured``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sakshi.recovery.model import ToolCall
from sakshi.recovery.readers.common import Reading, TraceError, json_kind, parse_json
from sakshi.recovery.readers.genai_messages import (
    EVENT_NAMES,
    arguments,
    event_body,
    read_event,
    read_flat_messages,
    read_messages,
    result_text,
)
from sakshi.recovery.readers.otlp import Otlp, Span, read_otlp
from sakshi.recovery.readers.span_ledger import Ledger

__all__ = ["read_otel", "reads_genai"]

FORMAT = "otel"
_DETAILS_EVENT = "gen_ai.client.inference.operation.details"
_MESSAGES = (("gen_ai.input.messages", False), ("gen_ai.output.messages", True))
_MODEL_OPERATIONS = ("chat", "text_completion", "generate_content")


def read_otel(data: bytes, source: str) -> Reading:
    """An OTLP JSON file of GenAI spans (and GenAI log events) as a trace."""
    otlp = read_otlp(data, source)
    ledger = Ledger(source, FORMAT)
    ledger.tally.skip(otlp.skipped)
    tools = [s.attrs.get("gen_ai.tool.call.id") for s in otlp.spans if _executes(s)]
    if not all(tools):
        ledger.spans_only = frozenset(str(call_id) for call_id in tools if call_id)
    logged = frozenset(record.span_id for record in otlp.logs if record.name.startswith("gen_ai."))
    ledger.tool_spans = len(tools)
    for span in otlp.spans:
        _span(span, ledger, logged)
    for record in otlp.logs:
        if record.name in EVENT_NAMES:
            body = event_body(record.attrs, record.body, ledger, record.where)
            read_event(record.name, body, record.time, ledger, record.where)
        elif record.name == _DETAILS_EVENT:
            _message_attributes(
                record.attrs, record.time, record.time, record.span_id, ledger, record.where
            )
        else:
            ledger.tally.skip()
    if not reads_genai(otlp):
        raise TraceError(
            source, "line 1", "no span or event of the OpenTelemetry GenAI conventions"
        )
    reading = ledger.reading()
    if not any(isinstance(event, ToolCall) for event in reading.trace.events):
        _refuse_unread_content(otlp, source)
    return replace(reading, unreadable=otlp.unreadable, damage=otlp.damage)


# The first GenAI conventions' content (a JSON list of messages in one attribute of a
# span event): a form sakshi does not read. A file whose calls could only be there is
# refused rather than read as a run with no calls.
_OLDEST_EVENTS = ("gen_ai.content.prompt", "gen_ai.content.completion")
_OLDEST_ATTRIBUTES = ("gen_ai.prompt", "gen_ai.completion")


def _refuse_unread_content(otlp: Otlp, source: str) -> None:
    for span in otlp.spans:
        found = [key for key in _OLDEST_ATTRIBUTES if key in span.attrs]
        found += [event.name for event in span.events if event.name in _OLDEST_EVENTS]
        if found:
            raise TraceError(
                source,
                span.where,
                f"{found[0]}: model messages in the first GenAI conventions' form, which "
                "sakshi does not read; record with the current conventions (execute_tool "
                "spans, gen_ai.input.messages / gen_ai.output.messages)",
            )


def reads_genai(otlp: Otlp) -> bool:
    """Whether any span or log record carries the GenAI conventions' marks."""
    return any(_genai_attrs(span.attrs) for span in otlp.spans) or any(
        record.name in EVENT_NAMES or record.name == _DETAILS_EVENT for record in otlp.logs
    )


def _executes(span: Span) -> bool:
    """An ``execute_tool`` span; also a tool span of an instrumentation that names the tool
    but no operation (Pydantic AI's ``running tool`` spans before it set one)."""
    operation = span.attrs.get("gen_ai.operation.name")
    return operation == "execute_tool" or (operation is None and "gen_ai.tool.name" in span.attrs)


def _genai_attrs(attrs: Mapping[str, Any]) -> bool:
    return any(key.startswith("gen_ai.") for key in attrs)


def _span(span: Span, ledger: Ledger, logged: frozenset[str]) -> None:
    """One span's calls, results and messages; ``logged``: the spans that GenAI log
    records belong to (their content is there)."""
    attrs = span.attrs
    read = False
    if _executes(span):
        _execute_tool(span, ledger)
        read = True
    read = (
        _message_attributes(attrs, span.start, span.end, span.span_id, ledger, span.where) or read
    )
    read = _events_attribute(span, ledger) or read
    read = read_flat_messages(attrs, span.start, span.end, ledger, span.where) or read
    for event in span.events:
        if event.name in EVENT_NAMES:
            body = event_body(event.attrs, None, ledger, event.where)
            read_event(event.name, body, event.time, ledger, event.where)
            read = True
        elif event.name == _DETAILS_EVENT:
            _message_attributes(
                event.attrs, event.time, event.time, span.span_id, ledger, event.where
            )
            read = True
        else:
            ledger.tally.skip()
    if read or span.span_id in logged:
        return
    ledger.tally.skip()
    if _models(span) and not ledger.tool_spans:
        # A model call with none of its messages in any form (capture was off) in a file
        # with no tool spans: the tool calls it asked for are nowhere in the file.
        ledger.unseen += 1


def _models(span: Span) -> bool:
    operation = span.attrs.get("gen_ai.operation.name")
    if operation is None:
        return "gen_ai.request.model" in span.attrs or "gen_ai.system" in span.attrs
    return operation in _MODEL_OPERATIONS


def _events_attribute(span: Span, ledger: Ledger) -> bool:
    """The older events kept in one ``events`` attribute, a JSON list of event bodies each
    naming itself in ``event.name`` (Pydantic AI's first instrumentation): the inputs at
    the span's start, a choice at its end."""
    value = span.attrs.get("events")
    if value is None or not _genai_attrs(span.attrs):
        return False
    where = f"{span.where}: events"
    items = parse_json(value, ledger.source, where) if isinstance(value, str) else value
    if not isinstance(items, list):
        raise TraceError(
            ledger.source, where, f"expected a list of events, found {json_kind(items)}"
        )
    for index, item in enumerate(items):
        name = item.get("event.name") if isinstance(item, Mapping) else None
        if not isinstance(item, Mapping) or name not in EVENT_NAMES:
            raise TraceError(ledger.source, f"{where}[{index}]", "event.name: not a GenAI event")
        time = span.end if name == "gen_ai.choice" else span.start
        read_event(str(name), item, time, ledger, f"{where}[{index}]")
    return True


def _message_attributes(
    attrs: Mapping[str, Any], start: int, end: int, span_id: str, ledger: Ledger, where: str
) -> bool:
    """The input messages (at the span's start) and output messages (at its end)."""
    found = False
    for key, output in _MESSAGES:
        if attrs.get(key) is not None:
            read_messages(
                attrs[key], end if output else start, output, span_id, ledger, f"{where}: {key}"
            )
            found = True
    return found


def _execute_tool(span: Span, ledger: Ledger) -> None:
    attrs = span.attrs
    name = attrs.get("gen_ai.tool.name")
    if not isinstance(name, str) or not name:
        raise TraceError(
            ledger.source,
            span.where,
            f"gen_ai.tool.name: expected a non-empty string, found {json_kind(name)}",
        )
    call_id = attrs.get("gen_ai.tool.call.id") or f"span:{span.span_id}"
    if not isinstance(call_id, str):
        raise TraceError(
            ledger.source,
            span.where,
            f"gen_ai.tool.call.id: expected a string, found {json_kind(call_id)}",
        )
    # Pydantic AI (Logfire) wrote tool_arguments / tool_response before the conventions
    # named them: the same content under its own keys.
    raw = attrs.get("gen_ai.tool.call.arguments", attrs.get("tool_arguments"))
    args = arguments(raw, ledger, f"{span.where}: gen_ai.tool.call")
    ledger.call(span.start, call_id, name, args, span.where)
    failed = span.failed or attrs.get("error.type") is not None
    # A failed tool records no result (the conventions say so): its failure is what
    # counts, and a failed result never helps a chain, so nothing is missing.
    text = result_text(attrs.get("gen_ai.tool.call.result", attrs.get("tool_response")))
    ledger.result(span.end, call_id, text, failed, span.where)
