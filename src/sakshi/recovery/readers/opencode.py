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

A ``task`` call runs a sub-agent in a child session of its own (its part's
``state.metadata.sessionId``), whose calls are part of the run (SPEC 5) but not in the
parent's export. Export the child too and give the exports together as one JSON list,
``[parent, child, ...]`` (the parent first): each child's events are read right after the
``task`` call that ran it, before that call's result, as the sub-agent ran them. A task
that ran a sub-agent whose session is not in the file (a finished or running one; a task
refused before its sub-agent started names none) is an error naming the part, and so is a
child no task of the others ran: a run is never judged without its sub-agents' calls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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

__all__ = [
    "is_one_run_of_sessions",
    "is_opencode_export",
    "is_opencode_message",
    "read_opencode",
]

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
    """An OpenCode session (an export, its message list, or a list of exports: a parent
    and its sub-agents' sessions) as a trace."""
    doc = parse_json(data, source, "line 1")
    sessions = _sessions(doc, source)
    reading = _Read(source, sessions)
    root, root_where = sessions[0][1], sessions[0][0]
    reading.session(root, root_where)
    for where, export in sessions[1:]:
        if id(export) not in reading.done:
            raise TraceError(
                source, f"{where}.info.id", "a session that no task call of the others ran"
            )
    return Reading(Trace(tuple(reading.events), FORMAT), reading.tally.skipped)


def _sessions(doc: object, source: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The file's sessions, each with the key path it stands at: one export (or a bare
    message list, as ``{"messages": ...}``), or the exports of a list of them."""
    if isinstance(doc, list) and doc and all(is_opencode_export(item) for item in doc):
        return [(f"[{index}]", item) for index, item in enumerate(doc)]
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(
            source,
            "messages",
            'an OpenCode export is {"info": ..., "messages": [...]} (or a list of them, or '
            "the list of its messages)",
        )
    return [("", doc if isinstance(doc, Mapping) else {"messages": messages})]


def is_opencode_export(value: object) -> bool:
    """An ``opencode export`` document: the session's ``info`` and its ``messages``."""
    return (
        isinstance(value, Mapping)
        and isinstance(value.get("info"), Mapping)
        and isinstance(value.get("messages"), list)
    )


def is_one_run_of_sessions(runs: list[Any]) -> bool:
    """OpenCode exports of one run: a parent session, then its sub-agents' sessions (each
    names its parent), as they are read together (not a results file of several runs)."""
    return all(map(is_opencode_export, runs)) and all(
        isinstance(run["info"].get("parentID"), str) for run in runs[1:]
    )


@dataclass
class _Read:
    """The events so far, and the sessions by id (a child is read where its task ran)."""

    source: str
    sessions: list[tuple[str, Mapping[str, Any]]]
    events: list[Event] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    done: set[int] = field(default_factory=set)  # the exports read (by identity)

    def session(self, export: Mapping[str, Any], prefix: str) -> None:
        self.done.add(id(export))
        for index, message in enumerate(export["messages"]):
            where = f"{prefix}{'.' if prefix else ''}messages[{index}]"
            if not is_opencode_message(message):
                raise TraceError(
                    self.source,
                    where,
                    "an OpenCode message is an object with info (and its role) and parts",
                )
            role = message["info"]["role"]
            if not one_of(role, _ROLES):
                raise TraceError(self.source, f"{where}.info", "role: expected user or assistant")
            for number, part in enumerate(message["parts"]):
                at = f"{where}.parts[{number}]"
                found = _part(role, part, self.source, at, self.tally)
                if found and isinstance(found[0], ToolCall) and found[0].tool == "task":
                    self.events.append(found[0])
                    self._child(part, at)
                    found = found[1:]
                self.events.extend(found)

    def _child(self, part: Mapping[str, Any], where: str) -> None:
        """The sub-agent's session a task call ran, read in its place."""
        state = part["state"]
        metadata = state.get("metadata")
        child = metadata.get("sessionId") if isinstance(metadata, Mapping) else None
        if child is None and state.get("status") == "error":
            return  # refused before a sub-agent started: it ran none
        for prefix, export in self.sessions:
            if export["info"].get("id") != child:
                continue
            if id(export) in self.done:
                raise TraceError(
                    self.source,
                    f"{where}.state.metadata.sessionId",
                    "a task that resumed a sub-agent's session read already: which of its "
                    "calls this task ran cannot be told",
                )
            self.session(export, prefix)
            return
        raise TraceError(
            self.source,
            f"{where}.state.metadata.sessionId",
            "the sub-agent this task ran kept its calls in a session of its own, not in this "
            "file: export it too and give both exports as one list [parent, child]",
        )


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
