"""Reads OpenInference spans (Arize Phoenix and its instrumentors) as OTLP JSON, format
name ``openinference``.

Every OpenInference span names its kind in ``openinference.span.kind``:

- ``TOOL``: one tool call and its outcome: ``tool.name`` (else the span's name), the
  call's id in ``tool_call.id`` when the instrumentor knows it, the arguments in
  ``input.value`` (a JSON object; a Python call's ``{"args": [], "kwargs": {...}}``, as
  smolagents records it, gives its keywords) and the result in ``output.value``. The call stands at
  the span's start and its result at its end; an error status is a failed result;
- ``LLM``: the model's messages, flattened into attributes:
  ``llm.output_messages.N.message.tool_calls.M.tool_call.{id, function.name,
  function.arguments}`` are calls the model made, and the history in
  ``llm.input_messages.N.message`` repeats them with the results (``role`` ``tool``,
  ``tool_call_id``, ``content``). Output text is the assistant's message;
- any other kind (``AGENT``, ``CHAIN``, ``RETRIEVER``, ...) is skipped and counted.

A call is paired across spans by its id (span_ledger.py); a TOOL span with no id is its
own call. Inputs or outputs hidden by the instrumentor's trace config (absent, or
``__REDACTED__``) are content not captured: such a run is ``unknown``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sakshi.recovery.readers.common import Reading, TraceError, json_kind
from sakshi.recovery.readers.genai_messages import arguments, indexed, keywords
from sakshi.recovery.readers.otlp import Span, read_otlp
from sakshi.recovery.readers.span_ledger import Ledger

__all__ = ["read_openinference"]

FORMAT = "openinference"
_KIND = "openinference.span.kind"
# What an instrumentor's trace config writes in place of a hidden value.
_REDACTED = "__REDACTED__"


def read_openinference(data: bytes, source: str) -> Reading:
    """An OTLP JSON file of OpenInference spans as a trace."""
    otlp = read_otlp(data, source)
    ledger = Ledger(source, FORMAT)
    ledger.tally.skip(otlp.skipped)
    tools = [
        span.attrs.get("tool_call.id") for span in otlp.spans if span.attrs.get(_KIND) == "TOOL"
    ]
    ledger.tool_spans = len(tools)
    if not all(tools):
        ledger.spans_only = frozenset(str(call_id) for call_id in tools if call_id)
    kinds = 0
    for span in otlp.spans:
        kind = span.attrs.get(_KIND)
        kinds += kind is not None
        if kind == "TOOL":
            _tool(span, ledger)
        elif kind == "LLM":
            _llm(span, ledger)
        else:
            ledger.tally.skip()
    ledger.tally.skip(len(otlp.logs))
    if not kinds:
        raise TraceError(source, "line 1", f"no span with {_KIND}: not OpenInference spans")
    return replace(ledger.reading(), unreadable=otlp.unreadable, damage=otlp.damage)


def _captured(value: object) -> object:
    return None if value == _REDACTED else value


def _tool(span: Span, ledger: Ledger) -> None:
    attrs = span.attrs
    name = attrs.get("tool.name") or span.name
    if not isinstance(name, str) or not name:
        raise TraceError(ledger.source, span.where, "tool.name: expected a non-empty string")
    call_id = attrs.get("tool_call.id") or f"span:{span.span_id}"
    if not isinstance(call_id, str):
        raise TraceError(
            ledger.source,
            span.where,
            f"tool_call.id: expected a string, found {json_kind(call_id)}",
        )
    args = keywords(
        arguments(_captured(attrs.get("input.value")), ledger, f"{span.where}: input.value")
    )
    ledger.call(span.start, call_id, name, args, span.where)
    output = _captured(attrs.get("output.value"))
    if output is not None and not isinstance(output, str):
        raise TraceError(
            ledger.source, span.where, f"output.value: expected a string, found {json_kind(output)}"
        )
    ledger.result(span.end, call_id, output, span.failed, span.where)


def _llm(span: Span, ledger: Ledger) -> None:
    if not indexed(span.attrs, "llm.output_messages.") and not ledger.tool_spans:
        # The model's answer hidden (trace config) in a file with no TOOL span: the tool
        # calls it asked for are nowhere in the file.
        ledger.unseen += 1
    for index, message in sorted(indexed(span.attrs, "llm.input_messages.").items()):
        where = f"{span.where}: llm.input_messages.{index}"
        _message(message, span.start, False, f"{span.span_id}:in:{index}", ledger, where)
    for index, message in sorted(indexed(span.attrs, "llm.output_messages.").items()):
        where = f"{span.where}: llm.output_messages.{index}"
        _message(message, span.end, True, f"{span.span_id}:out:{index}", ledger, where)


def _message(
    message: Mapping[str, Any], time: int, output: bool, fallback: str, ledger: Ledger, where: str
) -> None:
    role = message.get("message.role")
    text = _content(message, ledger, where)
    if role == "tool":
        call_id = message.get("message.tool_call_id")
        if not isinstance(call_id, str) or not call_id:
            raise TraceError(
                ledger.source, where, "message.tool_call_id: a tool message names no call"
            )
        if ledger.echoed(call_id):
            ledger.result(time, call_id, text, False, where)
        return
    if output and text:
        ledger.message(time, "assistant", text)
    elif text is not None:
        ledger.tally.skip()
    calls = indexed(message, "message.tool_calls.")
    for number, call in sorted(calls.items()):
        _call(
            call,
            time,
            output,
            f"{fallback}:{number}",
            ledger,
            f"{where}.message.tool_calls.{number}",
        )


def _call(
    call: Mapping[str, Any], time: int, output: bool, fallback: str, ledger: Ledger, where: str
) -> None:
    name = call.get("tool_call.function.name")
    if not isinstance(name, str) or not name:
        raise TraceError(
            ledger.source, where, "tool_call.function.name: expected a non-empty string"
        )
    call_id = call.get("tool_call.id")
    if call_id is not None and not isinstance(call_id, str):
        raise TraceError(
            ledger.source, where, f"tool_call.id: expected a string, found {json_kind(call_id)}"
        )
    if not call_id and not output:
        ledger.tally.skip()  # the history of a call with no id: read from its output
        return
    args = arguments(_captured(call.get("tool_call.function.arguments")), ledger, where)
    if ledger.echoed(call_id):
        ledger.call(time, call_id or fallback, name, args, where)


def _content(message: Mapping[str, Any], ledger: Ledger, where: str) -> str | None:
    """A message's text: ``message.content``, else its ``message.contents`` texts; None
    when neither was recorded."""
    content = _captured(message.get("message.content"))
    if isinstance(content, str):
        return content
    if content is not None:
        raise TraceError(
            ledger.source, where, f"message.content: expected a string, found {json_kind(content)}"
        )
    parts = indexed(message, "message.contents.")
    texts = [part.get("message_content.text") for _, part in sorted(parts.items())]
    texts = [text for text in texts if text is not None]
    if not all(isinstance(text, str) for text in texts):
        raise TraceError(ledger.source, where, "message.contents: a text that is not a string")
    return "\n".join(map(str, texts)) if texts else None
