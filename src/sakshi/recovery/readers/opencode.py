"""Reads OpenCode sessions, format name ``opencode``.

OpenCode keeps a session as messages and their parts (in its database; older releases as
JSON files under ``storage/message`` and ``storage/part``). ``opencode export <session>``
writes one as a single JSON object: ``info`` (the session), ``messages``, each ``{"info":
{id, sessionID, role, ...}, "parts": [...]}``; the server's ``/session/<id>/message``
answers the bare list of those messages, which is read too.

A part has a ``type``. ``text`` is the message's text; a ``tool`` part (``callID``,
``tool``, ``state``) holds a call and its outcome together: ``state.input`` is the call's
arguments and ``state.status`` says where it stands: ``completed`` (``output``), ``error``
(``error``: the result is an error), or ``pending`` / ``running`` (no result yet).
Reasoning, files, step markers, snapshots, patches, agent and sub-task markers, retries and
compaction markers are skipped and counted; any other part type is an error.

A ``task`` call runs a sub-agent in a child session of its own: export that session too
and read it as its own run (its calls are not in the parent's file).
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
    one_of,
    parse_json,
    tool_args,
    tool_name,
)

__all__ = ["is_opencode_message", "read_opencode"]

FORMAT = "opencode"

# Tuples: ``in`` a set would raise on a type that is a JSON list.
_QUIET_PARTS = (
    "reasoning",
    "file",
    "step-start",
    "step-finish",
    "snapshot",
    "patch",
    "agent",
    "subtask",
    "retry",
    "compaction",
)
_ROLES = ("user", "assistant")
_OPEN = ("pending", "running")


def is_opencode_message(value: object) -> bool:
    """An OpenCode message as exported: ``info`` with a role, and a ``parts`` list."""
    info = value.get("info") if isinstance(value, Mapping) else None
    return (
        isinstance(value, Mapping)
        and isinstance(info, Mapping)
        and "role" in info
        and isinstance(value.get("parts"), list)
    )


def read_opencode(data: bytes, source: str) -> Reading:
    """An OpenCode session (an export, or its message list) as a trace."""
    doc = parse_json(data, source, "line 1")
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(
            source,
            "messages",
            'an OpenCode export is {"info": ..., "messages": [...]} (or their list)',
        )
    events: list[Event] = []
    tally = Tally()
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if not is_opencode_message(message):
            raise TraceError(
                source, where, "an OpenCode message is an object with info (and its role) and parts"
            )
        role = message["info"]["role"]
        if not one_of(role, _ROLES):
            raise TraceError(source, f"{where}.info", "role: expected user or assistant")
        for number, part in enumerate(message["parts"]):
            events.extend(_part(role, part, source, f"{where}.parts[{number}]", tally))
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def _part(role: str, part: object, source: str, where: str, tally: Tally) -> list[Event]:
    if not isinstance(part, Mapping):
        raise TraceError(source, where, f"expected an object, found {json_kind(part)}")
    kind = part.get("type")
    if kind == "text":
        text = part.get("text")
        if not isinstance(text, str):
            raise TraceError(source, where, f"text: expected a string, found {json_kind(text)}")
        return [Message(role, text)]
    if kind == "tool":
        return _tool(part, source, where, tally)
    if one_of(kind, _QUIET_PARTS):
        tally.skip()
        return []
    raise TraceError(source, where, "type: not an OpenCode part type sakshi knows")


def _tool(part: Mapping[str, Any], source: str, where: str, tally: Tally) -> list[Event]:
    """A tool part: the call, then its result once the call has finished (files attached
    to a result, an image read, say, are skipped and counted)."""
    call_id = need_str(part, "callID", source, where)
    name = tool_name(part, "tool", source, where)
    state = part.get("state")
    if not isinstance(state, Mapping):
        raise TraceError(source, where, f"state: expected an object, found {json_kind(state)}")
    call = ToolCall(call_id, name, tool_args(state.get("input"), source, f"{where}.state.input"))
    status = state.get("status")
    if one_of(status, _OPEN):
        return [call]
    key = {"completed": "output", "error": "error"}.get(status) if isinstance(status, str) else None
    if key is None:
        raise TraceError(
            source, where, "state.status: expected pending, running, completed or error"
        )
    text = state.get(key)
    if not isinstance(text, str):
        raise TraceError(source, where, f"state.{key}: expected a string, found {json_kind(text)}")
    attachments = state.get("attachments", [])
    if not isinstance(attachments, list):
        found = json_kind(attachments)
        raise TraceError(source, where, f"state.attachments: expected a list, found {found}")
    tally.skip(len(attachments))
    return [call, ToolResult(call_id, name, status == "error", text)]
