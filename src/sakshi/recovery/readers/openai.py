"""Reads OpenAI Chat Completions message lists, format name ``openai``.

A JSON file holding the ``messages`` of a Chat Completions request (a bare list, or an
object with a ``messages`` key): an assistant message's ``tool_calls`` are calls (their
``function.arguments`` a JSON string), a ``role: tool`` message is the result of the call
its ``tool_call_id`` names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sakshi.errors import type_name
from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import TraceError, message_list, need_str, text_of

__all__ = ["read_openai"]


def read_openai(data: bytes, source: str) -> Trace:
    """A Chat Completions message list as a trace; an unknown role is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    for index, message in enumerate(message_list(data, source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping):
            raise TraceError(
                source, where, f"expected a message object, found {type_name(message)}"
            )
        role = message.get("role")
        if role in ("system", "developer", "user"):
            events.append(Message(role, text_of(message.get("content"), source, where)))
        elif role == "assistant":
            events.extend(_assistant(message, names, source, where))
        elif role == "tool":
            call_id = need_str(message, "tool_call_id", source, where)
            events.append(
                ToolResult(
                    call_id,
                    names.get(call_id, ""),
                    False,
                    text_of(message.get("content"), source, where),
                )
            )
        else:
            raise TraceError(source, where, f"unknown role {role!r}"[:200])
    return Trace(tuple(events), "openai")


def _assistant(
    message: Mapping[str, Any], names: dict[str, str], source: str, where: str
) -> list[Event]:
    """An assistant message's text (when any), then its tool calls; records their names."""
    events: list[Event] = []
    text = text_of(message.get("content"), source, where)
    if text:
        events.append(Message("assistant", text))
    for call in message.get("tool_calls") or []:
        function = call.get("function") if isinstance(call, Mapping) else None
        if not isinstance(function, Mapping):
            raise TraceError(source, where, "a tool call needs a function object")
        call_id = need_str(call, "id", source, where)
        name = need_str(function, "name", source, where).lower()
        names[call_id] = name
        events.append(ToolCall(call_id, name, _openai_args(function.get("arguments"))))
    return events


def _openai_args(raw: object) -> Mapping[str, Any]:
    """A call's arguments: an object, or a JSON string of one; anything else is none."""
    # Models emit invalid JSON arguments now and then; the call happened, but with no
    # readable path or offset, so it can match nothing (fail closed), not stop the run.
    if isinstance(raw, Mapping):
        return raw
    if isinstance(raw, str):
        try:
            parsed = json.loads(raw)
        except ValueError:
            return {}
        return parsed if isinstance(parsed, Mapping) else {}
    return {}
