"""Reads what ``gemini -p ... --output-format stream-json`` prints, format name
``gemini-stream-json``.

One JSON event a line, each with a ``type`` and a ``timestamp``: ``init`` first
(``session_id``, ``model``), then ``message`` (``role`` user or assistant, ``content``,
``delta``: a piece of a streamed answer, joined with the pieces next to it), ``tool_use``
(``tool_name``, ``tool_id``, ``parameters``), ``tool_result`` (``tool_id``, ``status``
success or error, ``output`` or ``error.message``), ``error`` (a warning or error notice)
and ``result`` (the run's status and statistics). A result names its call by ``tool_id``
alone: one that answers no call made before it is an error. Notices and the result line are
skipped and counted; any other type is an error naming its line.

A result's ``output`` is what the terminal showed of it (the tool's display text, such as
``Read lines 1-2000 of 5000``), not always what the model was given: a fact the model saw
may be missing from it, so a case can fail on it for want of evidence, never pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    jsonl_lines,
    need_str,
    one_of,
    tool_args,
    tool_name,
)

__all__ = ["STREAM_EVENT_TYPES", "is_stream_record", "read_gemini_stream"]

FORMAT = "gemini-stream-json"

# Tuples: ``in`` a set would raise on a type that is a JSON list.
_QUIET = ("error", "result")
STREAM_EVENT_TYPES = ("init", "message", "tool_use", "tool_result", *_QUIET)
_ROLES = ("user", "assistant")


def is_stream_record(record: Mapping[str, Any]) -> bool:
    """An event of stream-json output: one of its types, a ``timestamp``, and none of a
    Claude Code line's ``uuid`` or ``message`` object."""
    return (
        one_of(record.get("type"), STREAM_EVENT_TYPES)
        and isinstance(record.get("timestamp"), str)
        and "uuid" not in record
        and not isinstance(record.get("message"), Mapping)
    )


def read_gemini_stream(data: bytes, source: str) -> Reading:
    """Gemini CLI's stream-json output as a trace; an unknown event type is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    first = True
    for number, record in jsonl_lines(data, source):
        where = f"line {number}"
        kind = record.get("type")
        if first and kind != "init":
            raise TraceError(
                source, where, "type: Gemini CLI stream-json output opens with its init event"
            )
        first = False
        if kind == "init" or one_of(kind, _QUIET):
            tally.skip()
        elif kind == "message":
            _message(record, events, source, where)
        elif kind == "tool_use":
            call_id = need_str(record, "tool_id", source, where)
            names[call_id] = tool_name(record, "tool_name", source, where)
            args = tool_args(record.get("parameters"), source, where)
            events.append(ToolCall(call_id, names[call_id], args))
        elif kind == "tool_result":
            events.append(_result(record, names, source, where))
        else:
            raise TraceError(source, where, "type: not a stream-json event type sakshi knows")
    if first:
        raise TraceError(
            source, "line 1", "empty: Gemini CLI stream-json output opens with its init event"
        )
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def _message(record: Mapping[str, Any], events: list[Event], source: str, where: str) -> None:
    """A message; a streamed piece (``delta``) joins the piece before it of the same role."""
    role = record.get("role")
    if not one_of(role, _ROLES):
        raise TraceError(
            source, where, f"role: expected user or assistant, found {json_kind(role)}"
        )
    text = record.get("content")
    if not isinstance(text, str):
        raise TraceError(source, where, f"content: expected a string, found {json_kind(text)}")
    delta = record.get("delta", False)
    if not isinstance(delta, bool):
        raise TraceError(source, where, f"delta: expected a boolean, found {json_kind(delta)}")
    last = events[-1] if events else None
    if delta and isinstance(last, Message) and last.role == role:
        events[-1] = Message(role, last.text + text)
    else:
        events.append(Message(role, text))


def _result(
    record: Mapping[str, Any], names: Mapping[str, str], source: str, where: str
) -> ToolResult:
    call_id = need_str(record, "tool_id", source, where)
    if call_id not in names:
        raise TraceError(source, where, "tool_id: answers no call made before it")
    status = record.get("status")
    if not one_of(status, ("success", "error")):
        raise TraceError(source, where, "status: expected success or error")
    texts = []
    output = record.get("output")
    if isinstance(output, str):
        texts.append(output)
    elif output is not None:
        raise TraceError(source, where, f"output: expected a string, found {json_kind(output)}")
    error = record.get("error")
    if error is not None:
        message = error.get("message") if isinstance(error, Mapping) else None
        if not isinstance(message, str):
            raise TraceError(source, where, "error.message: expected a string")
        texts.append(message)
    return ToolResult(call_id, names[call_id], status == "error", "\n".join(texts))
