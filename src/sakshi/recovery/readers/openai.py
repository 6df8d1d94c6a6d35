"""Reads OpenAI Chat Completions message lists, format name ``openai``.

A JSON file holding the ``messages`` of a Chat Completions request (a bare list, or an
object with a ``messages`` key): an assistant message's ``tool_calls`` are calls (their
``function.arguments`` a JSON string of an object), a ``role: tool`` message is the result
of the call its ``tool_call_id`` names. The API keeps no failure flag on it: a message
whose text opens as its caller writes a failure (``Error: ...``, the OpenAI Agents SDK's
``An error occurred while running the tool``: ``tool_errors``) is a failed result.
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
    message_list,
    need_str,
    new_call,
    parse_json,
    text_of,
    tool_name,
)
from sakshi.recovery.readers.tool_errors import reads_as_failure

__all__ = ["read_openai"]


def read_openai(data: bytes, source: str) -> Reading:
    """A Chat Completions message list as a trace; an unknown role is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    for index, message in enumerate(message_list(data, source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping):
            raise TraceError(
                source, where, f"expected a message object, found {json_kind(message)}"
            )
        role = message.get("role")
        if role in ("system", "developer", "user"):
            events.append(Message(role, text_of(message.get("content"), source, where, tally)))
        elif role == "assistant":
            events.extend(_assistant(message, names, source, where, tally))
        elif role == "tool":
            call_id = need_str(message, "tool_call_id", source, where)
            text = text_of(message.get("content"), source, where, tally)
            failed = _marked_failed(message) or reads_as_failure(text)
            events.append(ToolResult(call_id, names.get(call_id, ""), failed, text))
        else:
            raise TraceError(
                source, where, "role: expected system, developer, user, assistant or tool"
            )
    return Reading(Trace(tuple(events), "openai"), tally.skipped)


def _marked_failed(message: Mapping[str, Any]) -> bool:
    """A tool message that a framework marked failed beside the API's own keys (an
    ``is_error`` flag, or a ``status`` of error): never read as a success."""
    return message.get("is_error") is True or message.get("status") in ("error", "failed")


def _assistant(
    message: Mapping[str, Any], names: dict[str, str], source: str, where: str, tally: Tally
) -> list[Event]:
    """An assistant message's text (when any), then its tool calls; records their names."""
    events: list[Event] = []
    text = text_of(message.get("content"), source, where, tally)
    if text:
        events.append(Message("assistant", text))
    calls = message.get("tool_calls") or []
    if not isinstance(calls, list):
        raise TraceError(source, where, f"tool_calls: expected a list, found {json_kind(calls)}")
    for index, call in enumerate(calls):
        at = f"{where}.tool_calls[{index}]"
        function = call.get("function") if isinstance(call, Mapping) else None
        if not isinstance(call, Mapping) or not isinstance(function, Mapping):
            raise TraceError(source, at, "function: a tool call needs a function object")
        call_id = need_str(call, "id", source, at)
        name = tool_name(function, "name", source, at)
        new_call(names, call_id, name, (source, at, "id"))
        events.append(ToolCall(call_id, name, _arguments(function.get("arguments"), source, at)))
    return events


def _arguments(raw: object, source: str, where: str) -> Mapping[str, Any]:
    """A call's arguments: an object, or a JSON string of one; absent is none.

    Arguments that cannot be read (invalid JSON, not an object) are an error, not an
    empty call: a call whose path cannot be read could be the direct read of the source
    that fails a case, so reading it as "no arguments" could help a case pass.
    """
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        return raw
    if not isinstance(raw, str):
        raise TraceError(
            source, where, f"function.arguments: expected a JSON string, found {json_kind(raw)}"
        )
    if not raw.strip():
        return {}
    try:
        parsed = parse_json(raw, source, where)
    except TraceError as exc:
        raise TraceError(source, where, f"function.arguments: {exc.problem}") from None
    if not isinstance(parsed, Mapping):
        raise TraceError(
            source, where, f"function.arguments: expected an object, found {json_kind(parsed)}"
        )
    return parsed
