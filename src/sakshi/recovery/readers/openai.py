"""Reads OpenAI Chat Completions message lists, format name ``openai``.

A JSON file holding the ``messages`` of a Chat Completions request (a bare list, or an
object with a ``messages`` key), or one Chat Completions response (``choices``, each with
its ``message``: one choice is one assistant message; several are alternatives, not one
run, and are refused): an assistant message's ``tool_calls`` are calls (a function's
``arguments`` a JSON string of an object, a custom tool's ``input`` one string), a
``role: tool`` message is the result of the call its ``tool_call_id`` names. The legacy
functions API's ``function_call`` names no id: it is named from its place, and only the
``role: function`` message right after it (of the same name) is its result. The API
keeps no failure flag on a tool message: one whose text opens as its caller writes a
failure (``Error: ...``, the OpenAI Agents SDK's ``An error occurred while running the
tool``: ``tool_errors``) is a failed result.
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
    need_str,
    new_call,
    parse_json,
    tool_name,
)
from sakshi.recovery.readers.texts import text_of
from sakshi.recovery.readers.tool_errors import reads_as_failure

__all__ = ["is_chat_completion", "read_openai"]


def read_openai(data: bytes, source: str) -> Reading:
    """A Chat Completions message list as a trace; an unknown role is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    legacy: dict[str, str] = {}  # a legacy function_call waiting for its function message
    tally = Tally()
    for where, message in _messages(parse_json(data, source, "line 1"), source):
        if not isinstance(message, Mapping):
            raise TraceError(
                source, where, f"expected a message object, found {json_kind(message)}"
            )
        role = message.get("role")
        if role != "function":
            legacy.clear()  # only the message right after a legacy call can answer it
        if role in ("system", "developer", "user"):
            events.append(Message(role, text_of(_content(message, tally), source, where, tally)))
        elif role == "assistant":
            events.extend(_assistant(message, names, legacy, source, where, tally))
        elif role == "function":
            events.append(_function_result(message, legacy, source, where, tally))
        elif role == "tool":
            call_id = need_str(message, "tool_call_id", source, where)
            text = text_of(message.get("content"), source, where, tally)
            failed = _marked_failed(message) or reads_as_failure(text)
            events.append(ToolResult(call_id, names.get(call_id, ""), failed, text))
        else:
            raise TraceError(
                source,
                where,
                "role: expected system, developer, user, assistant, tool or function",
            )
    return Reading(Trace(tuple(events), "openai"), tally.skipped)


def is_chat_completion(doc: object) -> bool:
    """Whether a JSON value is a Chat Completions response: ``choices`` with a message."""
    if not isinstance(doc, Mapping) or "messages" in doc:
        return False
    choices = doc.get("choices")
    return (
        isinstance(choices, list)
        and bool(choices)
        and all(isinstance(c, Mapping) and isinstance(c.get("message"), Mapping) for c in choices)
    )


def _messages(doc: object, source: str) -> list[tuple[str, object]]:
    """Each message and where it stands: a request's list, or a response's one choice."""
    if isinstance(doc, Mapping) and is_chat_completion(doc):
        choices = doc["choices"]
        if len(choices) != 1:
            raise TraceError(
                source,
                "choices",
                f"{len(choices)} alternative completions, not one run: keep the one the "
                "agent went on with",
            )
        return [("choices[0].message", choices[0]["message"])]
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(
            source,
            "line 1",
            'expected a list of messages, {"messages": [...]} or a response with choices',
        )
    return [(f"messages[{index}]", message) for index, message in enumerate(messages)]


# Blocks compatible APIs add to a message's content that carry no text a chain reads:
# Mistral's thinking and its document_url.
_QUIET_BLOCKS = ("thinking", "document_url")


def _content(message: Mapping[str, Any], tally: Tally) -> object:
    """A message's content without the quiet blocks, each counted as skipped."""
    content = message.get("content")
    if not isinstance(content, list):
        return content
    kept = [b for b in content if not (isinstance(b, Mapping) and b.get("type") in _QUIET_BLOCKS)]
    tally.skip(len(content) - len(kept))
    return kept


def _marked_failed(message: Mapping[str, Any]) -> bool:
    """A tool message that a framework marked failed beside the API's own keys (an
    ``is_error`` flag, or a ``status`` of error): never read as a success."""
    return message.get("is_error") is True or message.get("status") in ("error", "failed")


def _assistant(
    message: Mapping[str, Any],
    names: dict[str, str],
    legacy: dict[str, str],
    source: str,
    where: str,
    tally: Tally,
) -> list[Event]:
    """An assistant message's text (when any), then its tool calls; records their names."""
    events: list[Event] = []
    text = text_of(_content(message, tally), source, where, tally)
    if text:
        events.append(Message("assistant", text))
    function = message.get("function_call")
    # Some compatible APIs write an empty one ({"name": "", "arguments": ""}): no call.
    if function is not None and not (isinstance(function, Mapping) and not any(function.values())):
        at = f"{where}.function_call"
        if not isinstance(function, Mapping):
            raise TraceError(source, at, f"expected an object, found {json_kind(function)}")
        # The legacy functions API names no id: the call is named from its place, and only
        # the function message right after it can answer it.
        name = tool_name(function, "name", source, at)
        call_id = f"{name}@{at}"
        names[call_id] = name
        legacy[name] = call_id
        events.append(ToolCall(call_id, name, _arguments(function.get("arguments"), source, at)))
    calls = message.get("tool_calls") or []
    if not isinstance(calls, list):
        raise TraceError(source, where, f"tool_calls: expected a list, found {json_kind(calls)}")
    for index, call in enumerate(calls):
        events.append(_tool_call(call, names, source, f"{where}.tool_calls[{index}]"))
    return events


def _function_result(
    message: Mapping[str, Any], legacy: dict[str, str], source: str, where: str, tally: Tally
) -> ToolResult:
    """A legacy ``role: function`` message: the result of the function_call right before it
    of the same name; one that answers no such call cannot be certified."""
    name = tool_name(message, "name", source, where)
    call_id = legacy.pop(name, None)
    if call_id is None:
        raise TraceError(
            source, where, "name: answers no function_call in the assistant message before it"
        )
    text = text_of(message.get("content"), source, where, tally)
    return ToolResult(call_id, name, _marked_failed(message) or reads_as_failure(text), text)


def _tool_call(call: object, names: dict[str, str], source: str, at: str) -> ToolCall:
    """One of ``tool_calls``: a function's (arguments) or a custom tool's (one input)."""
    if not isinstance(call, Mapping):
        raise TraceError(source, at, f"expected a tool call object, found {json_kind(call)}")
    custom = call.get("custom")
    if call.get("type") == "custom" and isinstance(custom, Mapping):
        raw = custom.get("input", "")
        if not isinstance(raw, str):
            raise TraceError(source, at, f"custom.input: expected a string, found {json_kind(raw)}")
        args: Mapping[str, Any] = {"input": raw}
        name = tool_name(custom, "name", source, at)
    else:
        function = call.get("function")
        if not isinstance(function, Mapping):
            raise TraceError(source, at, "function: a tool call needs a function object")
        name = tool_name(function, "name", source, at)
        args = _arguments(function.get("arguments"), source, at)
    # A call without an id (some compatible APIs write ""): named from its place, so no
    # result can ever answer it, but the call itself is not lost.
    call_id = f"{name}@{at}" if call.get("id") in (None, "") else need_str(call, "id", source, at)
    new_call(names, call_id, name, (source, at, "id"))  # a second call of one id says where
    return ToolCall(call_id, name, args)


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
