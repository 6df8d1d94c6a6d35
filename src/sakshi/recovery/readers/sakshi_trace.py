"""Reads ``sakshi.trace.v1``: sakshi's own normalised trace (SPEC section 5, docs/guide.md).

One JSON object a line, each with a ``kind``: ``tool_call`` (call_id, tool, args),
``tool_result`` (call_id, tool, is_error, text, details), ``message`` (role, text) or
``harness`` (event, after_call_id, and any other fields). Format name: ``sakshi``. Nothing
is skipped: every record is one of the four kinds, or the trace is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Harness, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    Reading,
    TraceError,
    json_kind,
    jsonl_lines,
    need_str,
    tool_args,
    tool_name,
)

__all__ = ["read_sakshi"]


def read_sakshi(data: bytes, source: str) -> Reading:
    """A ``sakshi.trace.v1`` JSONL file as a trace; an unknown ``kind`` is an error."""
    events: list[Event] = []
    for number, obj in jsonl_lines(data, source):
        where = f"line {number}"
        kind = obj.get("kind")
        if kind == "tool_call":
            events.append(
                ToolCall(
                    need_str(obj, "call_id", source, where),
                    tool_name(obj, "tool", source, where),
                    tool_args(obj.get("args"), source, where),
                )
            )
        elif kind == "tool_result":
            events.append(_tool_result(obj, source, where))
        elif kind == "message":
            text = obj.get("text", "")
            if not isinstance(text, str):
                raise TraceError(source, where, f"text: expected a string, found {json_kind(text)}")
            events.append(Message(need_str(obj, "role", source, where), text))
        elif kind == "harness":
            events.append(_harness(obj, source, where))
        else:
            raise TraceError(
                source, where, "kind: expected tool_call, tool_result, message or harness"
            )
    return Reading(Trace(tuple(events), "sakshi"))


def _tool_result(obj: Mapping[str, Any], source: str, where: str) -> ToolResult:
    is_error = obj.get("is_error", False)
    text = obj.get("text", "")
    details = obj.get("details")
    if not isinstance(is_error, bool):
        raise TraceError(
            source, where, f"is_error: expected a boolean, found {json_kind(is_error)}"
        )
    if not isinstance(text, str):
        raise TraceError(source, where, f"text: expected a string, found {json_kind(text)}")
    if not (details is None or isinstance(details, Mapping)):
        raise TraceError(source, where, f"details: expected an object, found {json_kind(details)}")
    tool = obj.get("tool", "")
    return ToolResult(
        need_str(obj, "call_id", source, where),
        tool.lower() if isinstance(tool, str) else "",
        is_error,
        text,
        details,
    )


def _harness(obj: Mapping[str, Any], source: str, where: str) -> Harness:
    event = need_str(obj, "event", source, where)
    after = obj.get("after_call_id")
    fields = {k: v for k, v in obj.items() if k not in ("kind", "event", "after_call_id")}
    return Harness(event, fields, after if isinstance(after, str) else None)
