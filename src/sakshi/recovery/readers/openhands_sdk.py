"""OpenHands 1.x events (the OpenHands software agent SDK), read for ``openhands``.

A conversation's events as the SDK serialises them: objects tagged by ``kind``, each with
an ``id``, a ``timestamp`` and a ``source``, given as a list (or ``{"events": [...]}``).

- ``ActionEvent``: a call. Its ``tool_call_id`` is the call id, ``tool_name`` the tool;
  its arguments are the ``action`` it ran (without its ``kind`` tag), or, when the action
  could not be built, the ``tool_call``'s JSON ``arguments``.
- ``ObservationEvent``: the result of the call its ``tool_call_id`` names; the text of its
  ``observation.content``, an error when ``observation.is_error``. ``UserRejectObservation``
  and ``AgentErrorEvent`` answer a call too, as errors.
- ``ACPToolCallEvent``: a call an external (ACP) agent made, and, once its ``status`` is
  ``completed`` or ``failed``, its result (``raw_output``).
- ``MessageEvent``: a message. The system prompt, state updates, condensation, tokens,
  pauses, hooks and logs are skipped and counted.

A ``delegate`` or ``task`` call runs sub-agents in conversations of their own, whose
events this list does not hold: a sub-agent's calls are part of the run, so such a file
is refused, with a message that says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult
from sakshi.recovery.readers.common import (
    Tally,
    TraceError,
    json_kind,
    need_str,
    one_of,
    parse_json,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.texts import text_of

__all__ = ["is_sdk_event", "read_sdk_events"]

_QUIET = (
    "SystemPromptEvent",
    "ConversationStateUpdateEvent",
    "ConversationErrorEvent",
    "Condensation",
    "CondensationRequest",
    "CondensationSummaryEvent",
    "PauseEvent",
    "InterruptEvent",
    "TokenEvent",
    "StreamingDeltaEvent",
    "LLMCompletionLogEvent",
    "HookExecutionEvent",
)
_ANSWERS = ("ObservationEvent", "UserRejectObservation", "AgentErrorEvent")
_SUB_AGENTS = ("delegate", "task")
_NO_SUB_AGENT_CALLS = (
    "a sub-agent ran in its own conversation, whose events this file does not hold: its "
    "calls cannot be checked (record the sub-agents' conversations too)"
)


def is_sdk_event(event: object) -> bool:
    """An OpenHands SDK event: an object tagged by ``kind``, with an ``id`` and a
    ``source``."""
    return (
        isinstance(event, Mapping)
        and isinstance(event.get("kind"), str)
        and isinstance(event.get("id"), str)
        and isinstance(event.get("source"), str)
    )


def read_sdk_events(events_in: list[Any], source: str, tally: Tally) -> list[Event]:
    """The SDK events' calls, results and messages, in order."""
    events: list[Event] = []
    names: dict[str, str] = {}
    for index, event in enumerate(events_in):
        where = f"[{index}]"
        if not is_sdk_event(event):
            raise TraceError(source, where, "not an OpenHands SDK event (kind, id, source)")
        kind = event["kind"]
        if kind == "ActionEvent":
            call = _action(event, source, where)
            if one_of(call.tool, _SUB_AGENTS):
                raise TraceError(source, where, _NO_SUB_AGENT_CALLS)
            names[call.call_id] = call.tool
            events.append(call)
        elif kind in _ANSWERS:
            events.append(_answer(event, names, source, where, tally))
        elif kind == "ACPToolCallEvent":
            events.extend(_acp(event, source, where))
        elif kind == "MessageEvent":
            events.extend(_message(event, source, where, tally))
        elif one_of(kind, _QUIET):
            tally.skip()
        else:
            raise TraceError(source, where, "kind: not an OpenHands event sakshi knows")
    return events


def _action(event: Mapping[str, Any], source: str, where: str) -> ToolCall:
    call_id = need_str(event, "tool_call_id", source, where)
    name = tool_name(event, "tool_name", source, where)
    action = event.get("action")
    if isinstance(action, Mapping):
        return ToolCall(call_id, name, {k: v for k, v in action.items() if k != "kind"})
    if action is not None:
        raise TraceError(source, where, f"action: expected an object, found {json_kind(action)}")
    tool_call = event.get("tool_call")
    arguments = tool_call.get("arguments") if isinstance(tool_call, Mapping) else None
    if not isinstance(arguments, str):
        raise TraceError(source, where, "tool_call.arguments: expected a JSON string")
    parsed = parse_json(arguments, source, f"{where}.tool_call.arguments")
    return ToolCall(call_id, name, tool_args(parsed, source, where))


def _answer(
    event: Mapping[str, Any], names: dict[str, str], source: str, where: str, tally: Tally
) -> ToolResult:
    call_id = need_str(event, "tool_call_id", source, where)
    if call_id not in names:
        raise TraceError(source, where, "tool_call_id: answers no call made before it")
    if event["kind"] == "AgentErrorEvent":
        return ToolResult(call_id, names[call_id], True, _text(event, "error", source, where))
    if event["kind"] == "UserRejectObservation":
        reason = _text(event, "rejection_reason", source, where)
        return ToolResult(call_id, names[call_id], True, reason)
    observation = event.get("observation")
    if not isinstance(observation, Mapping):
        raise TraceError(
            source, where, f"observation: expected an object, found {json_kind(observation)}"
        )
    failed = observation.get("is_error", False)
    if not isinstance(failed, bool):
        raise TraceError(source, where, "observation.is_error: expected a boolean")
    text = text_of(observation.get("content"), source, f"{where}.observation", tally)
    return ToolResult(call_id, names[call_id], failed, text)


def _acp(event: Mapping[str, Any], source: str, where: str) -> list[Event]:
    """An ACP agent's call, and its result once it finished."""
    call_id = need_str(event, "tool_call_id", source, where)
    name = tool_name(event, "tool_kind" if event.get("tool_kind") else "title", source, where)
    raw_input = event.get("raw_input")
    call = ToolCall(call_id, name, raw_input if isinstance(raw_input, Mapping) else {})
    status = event.get("status")
    if status not in ("completed", "failed"):
        return [call]
    output = event.get("raw_output")
    text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
    failed = status == "failed" or event.get("is_error") is True
    return [call, ToolResult(call_id, name, failed, text)]


def _message(event: Mapping[str, Any], source: str, where: str, tally: Tally) -> list[Event]:
    message = event.get("llm_message")
    if not isinstance(message, Mapping) or not isinstance(message.get("role"), str):
        raise TraceError(source, where, "llm_message: expected a message with a role")
    text = text_of(message.get("content"), source, f"{where}.llm_message", tally)
    return [Message(message["role"], text)] if text else []


def _text(event: Mapping[str, Any], key: str, source: str, where: str) -> str:
    value = event.get(key, "")
    if not isinstance(value, str):
        raise TraceError(source, where, f"{key}: expected a string, found {json_kind(value)}")
    return value
