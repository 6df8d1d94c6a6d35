"""Reads GitHub Copilot CLI session events (``~/.copilot/session-state/<id>/events.jsonl``,
and what ``copilot -p ... --output-format json`` prints), format name ``copilot-cli``.

One JSON event a line: ``{"type", "data", "id", "parentId", "timestamp"}`` and, for an
event of a sub-agent, its ``agentId``; a session file opens with ``session.start``, and
the printed form ends with a ``{"type": "result", "exitCode": ...}`` line (skipped and
counted). A sub-agent's events stand in the same file as the main agent's, so its calls
are read as part of the run. What is read:

- ``tool.execution_start`` (``toolCallId``, ``toolName``, ``arguments``): a call;
- ``tool.execution_complete`` (``toolCallId``, ``success``, ``result.content``: the text
  the model was given, or ``error.message``): its result. A call the model asked for
  (``assistant.message``'s ``toolRequests``) that was never started, a denied one, is
  answered by a complete event alone: the request is the call then;
- ``user.message`` and ``assistant.message``: their text (a provider-hosted tool's items in
  ``serverTools``, such as a hosted web search, run at the provider: skipped and counted);
- ``session.snapshot_rewind``: the events from ``upToEventId`` on were undone, and are
  dropped (skipped and counted) when the file still holds them.

Every other event type the Copilot SDK's schema defines carries no tool event of its own
(session state, streaming pieces, usage, hooks, permissions, sub-agent lifecycle): skipped
and counted. A type the schema does not define is an error naming its line.
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
from sakshi.recovery.readers.copilot_events import QUIET_EVENTS

__all__ = ["COPILOT_EVENT_TYPES", "is_copilot_record", "is_result_line", "read_copilot_cli"]

FORMAT = "copilot-cli"

_READ = ("tool.execution_start", "tool.execution_complete", "user.message", "assistant.message")
_REWIND = "session.snapshot_rewind"
COPILOT_EVENT_TYPES = (*_READ, _REWIND, *QUIET_EVENTS)


class _State:
    """What the events so far left: the trace, where each event id's effects begin, the
    calls by id, and the calls the model asked for that have not started."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.marks: dict[str, int] = {}
        self.names: dict[str, str] = {}
        self.requests: dict[str, ToolCall] = {}
        self.tally = Tally()


def is_result_line(record: Mapping[str, Any]) -> bool:
    """The summary line ``copilot -p --output-format json`` ends with: no ``data``."""
    return record.get("type") == "result" and "exitCode" in record and "data" not in record


def is_copilot_record(record: Mapping[str, Any]) -> bool:
    """An event of a type Copilot's schema defines, with its ``data`` object, or the
    printed form's closing result line."""
    return is_result_line(record) or (
        one_of(record.get("type"), COPILOT_EVENT_TYPES) and isinstance(record.get("data"), Mapping)
    )


def read_copilot_cli(data: bytes, source: str) -> Reading:
    """A Copilot CLI events file as a trace; an event type it does not define is an error."""
    state = _State()
    first = True
    for number, record in jsonl_lines(data, source):
        where = f"line {number}"
        kind = record.get("type")
        first = False
        if is_result_line(record):
            state.tally.skip()
            continue
        if not one_of(kind, COPILOT_EVENT_TYPES):
            raise TraceError(source, where, "type: not a Copilot session event type sakshi knows")
        body = record.get("data")
        if not isinstance(body, Mapping):
            raise TraceError(source, where, f"data: expected an object, found {json_kind(body)}")
        if isinstance(record.get("id"), str):
            state.marks.setdefault(record["id"], len(state.events))
        if one_of(kind, _READ):
            _read(kind, body, state, source, where)
        elif kind == _REWIND:
            _rewind(body, state, source, where)
        else:
            state.tally.skip()
    if first:
        raise TraceError(source, "line 1", "empty: no Copilot session event")
    return Reading(Trace(tuple(state.events), FORMAT), state.tally.skipped)


def _read(kind: str, body: Mapping[str, Any], state: _State, source: str, where: str) -> None:
    if kind == "tool.execution_start":
        call_id = need_str(body, "toolCallId", source, where)
        state.names[call_id] = tool_name(body, "toolName", source, where)
        state.requests.pop(call_id, None)
        args = tool_args(body.get("arguments"), source, f"{where}: data")
        state.events.append(ToolCall(call_id, state.names[call_id], args))
    elif kind == "tool.execution_complete":
        state.events.extend(_complete(body, state, source, where))
    else:
        text = body.get("content", "")
        if not isinstance(text, str):
            raise TraceError(
                source, where, f"data.content: expected a string, found {json_kind(text)}"
            )
        role = "user" if kind == "user.message" else "assistant"
        if text or role == "user":
            state.events.append(Message(role, text))
        if role == "assistant":
            _requests(body.get("toolRequests"), state, source, where)
            _server_tools(body.get("serverTools"), state, source, where)


def _requests(requests: object, state: _State, source: str, where: str) -> None:
    """The calls an assistant message asked for, kept until they start or complete."""
    if requests is None:
        return
    if not isinstance(requests, list):
        raise TraceError(
            source, where, f"data.toolRequests: expected a list, found {json_kind(requests)}"
        )
    for index, request in enumerate(requests):
        at = f"{where}: data.toolRequests[{index}]"
        if not isinstance(request, Mapping):
            raise TraceError(source, at, f"expected an object, found {json_kind(request)}")
        call_id = need_str(request, "toolCallId", source, at)
        # Arguments may be the model's JSON text: only a started call's are read.
        state.requests[call_id] = ToolCall(call_id, tool_name(request, "name", source, at), {})


def _server_tools(envelope: object, state: _State, source: str, where: str) -> None:
    """A provider-hosted tool's items (a hosted web search), kept verbatim for replay: they
    run at the provider, never on the agent's files, and are skipped and counted."""
    if envelope is None:
        return
    if not isinstance(envelope, Mapping):
        found = json_kind(envelope)
        raise TraceError(source, where, f"data.serverTools: expected an object, found {found}")
    for key in ("items", "rawContentBlocks"):
        items = envelope.get(key, [])
        if not isinstance(items, list):
            found = json_kind(items)
            raise TraceError(
                source, where, f"data.serverTools.{key}: expected a list, found {found}"
            )
        state.tally.skip(len(items))


def _complete(body: Mapping[str, Any], state: _State, source: str, where: str) -> list[Event]:
    call_id = need_str(body, "toolCallId", source, where)
    events: list[Event] = []
    if call_id not in state.names:
        request = state.requests.pop(call_id, None)
        if request is None:
            raise TraceError(source, where, "data.toolCallId: answers no call made before it")
        state.names[call_id] = request.tool
        events.append(request)
    success = body.get("success")
    if not isinstance(success, bool):
        raise TraceError(
            source, where, f"data.success: expected a boolean, found {json_kind(success)}"
        )
    texts = [_text(body.get(key), f"{key}.{field}", source, where) for key, field in _OUTCOME]
    text = "\n".join(part for part in texts if part)
    events.append(ToolResult(call_id, state.names[call_id], not success, text))
    return events


# Where a result's text stands: the text the model was given, and an error's message.
_OUTCOME = (("result", "content"), ("error", "message"))


def _text(holder: object, field: str, source: str, where: str) -> str:
    if holder is None:
        return ""
    value = holder.get(field.split(".")[1]) if isinstance(holder, Mapping) else None
    if not isinstance(value, str):
        raise TraceError(
            source, where, f"data.{field}: expected a string, found {json_kind(value)}"
        )
    return value


def _rewind(body: Mapping[str, Any], state: _State, source: str, where: str) -> None:
    """Drop what the events from ``upToEventId`` on added, if the file still holds them."""
    target = need_str(body, "upToEventId", source, where)
    state.tally.skip()
    start = state.marks.get(target)
    if start is None:
        return  # Copilot removed them from the file already
    state.tally.skip(len(state.events) - start)
    del state.events[start:]
    state.marks = {key: mark for key, mark in state.marks.items() if mark <= start}
