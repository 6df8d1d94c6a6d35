"""Reads the JSONL chat sessions Gemini CLI writes today
(``~/.gemini/tmp/<project>/chats/session-*.jsonl``; a sub-agent's own session is
``chats/<parent session>/<id>.jsonl``), format name ``gemini-cli-jsonl``.

One JSON object a line, appended as the session goes:

- the first line is the session's metadata (``sessionId``, ``projectHash``, times,
  ``kind``: ``main`` or ``subagent``);
- a message record has an ``id`` and a ``type``, as in the older one-document session
  (``gemini_cli``). Gemini CLI appends a message again each time it changes (a tool call's
  status and result, the token counts): the record with the same ``id`` replaces the
  earlier one in its place, as Gemini CLI's own loader does;
- ``{"$rewindTo": id}`` drops that message and every one after it (the user rewound the
  conversation): what was dropped is an abandoned branch, skipped and counted;
- ``{"$set": {...}}`` updates the metadata; one that holds ``messages`` is a checkpoint
  that replaces every message so far.

The messages left, in order, are read as ``gemini_cli`` reads a session's messages. A
superseded version of a message, a notice and a metadata line are skipped and counted; any
other record is an error naming its line.

Sub-agents: a call that ran one names it (``agentId``), and the sub-agent writes its own
session (``chats/<parent session id>/<agentId>.jsonl``, its metadata ``kind: subagent``
with ``sessionId`` the agent's id). Its calls are part of the run (SPEC 5): append each
sub-agent's session after the main one in the trace, and its events are read right after
the call that ran it, before that call's result, as the sub-agent ran them (each session's
records, rewinds included, apply to that session alone). A call whose sub-agent's session
is not in the trace, and a sub-agent's session no call ran, are errors naming the line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from sakshi.recovery.model import Event, Trace
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    jsonl_lines,
    one_of,
)
from sakshi.recovery.readers.gemini_cli import SubAgents, message_events

__all__ = ["is_session_metadata", "is_session_record", "read_gemini_jsonl"]

FORMAT = "gemini-cli-jsonl"
# A tuple: ``in`` a set would raise on a type that is a JSON list.
_MESSAGE_TYPES = ("user", "gemini", "info", "error", "warning")


class _Kept(NamedTuple):
    """A message's latest version and where it stands (for messages)."""

    message: Mapping[str, Any]
    where: str


def is_session_metadata(record: Mapping[str, Any]) -> bool:
    """The metadata line that opens a JSONL session: ``sessionId`` and ``projectHash``."""
    return (
        isinstance(record.get("sessionId"), str)
        and isinstance(record.get("projectHash"), str)
        and "type" not in record
    )


def is_session_record(record: Mapping[str, Any]) -> bool:
    """A record of a JSONL session: metadata, a message (an ``id`` and a message type), or
    a ``$set`` / ``$rewindTo`` update. (For detection, and for naming whose record it is.)"""
    return (
        "$set" in record
        or "$rewindTo" in record
        or is_session_metadata(record)
        or ("id" in record and one_of(record.get("type"), _MESSAGE_TYPES))
    )


class _Log(NamedTuple):
    """One session of the trace: the main one, or a sub-agent's (its ``sessionId``)."""

    agent: str | None
    where: str
    kept: dict[str, _Kept]


def read_gemini_jsonl(data: bytes, source: str) -> Reading:
    """A Gemini CLI JSONL session as a trace: its messages as they stand at the end, each
    sub-agent's session appended after it read where the call that ran it stands."""
    logs: list[_Log] = []
    tally = Tally()
    for number, record in jsonl_lines(data, source):
        where = f"line {number}"
        if not logs and not is_session_metadata(record):
            raise TraceError(
                source, where, "sessionId: a Gemini CLI session opens with its metadata line"
            )
        if not logs or (is_session_metadata(record) and record.get("kind") == "subagent"):
            agent = record["sessionId"] if logs else None
            logs.append(_Log(agent, where, {}))
        _apply(record, logs[-1].kept, source, where, tally)
    if not logs:
        raise TraceError(source, "line 1", "empty: a Gemini CLI session opens with its metadata")
    subs = {log.agent: log for log in logs[1:]}
    ran: set[str] = set()

    def sub_agent(agent: str, at: str) -> list[Event]:
        log = subs.get(agent)
        if log is None or log.where in ran:
            raise TraceError(
                source,
                at,
                "agentId: the sub-agent this call ran wrote its own session (chats/<session "
                "id>/<agentId>.jsonl), not in this trace once: append it after the main one",
            )
        ran.add(log.where)
        return _events(log, source, tally, sub_agent)

    events = _events(logs[0], source, tally, sub_agent)
    for log in logs[1:]:
        if log.where not in ran:
            raise TraceError(source, log.where, "sessionId: a sub-agent's session no call ran")
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def _events(log: _Log, source: str, tally: Tally, sub_agents: SubAgents) -> list[Event]:
    events: list[Event] = []
    for message in log.kept.values():
        events.extend(message_events(message.message, source, message.where, tally, sub_agents))
    return events


def _apply(
    record: Mapping[str, Any], kept: dict[str, _Kept], source: str, where: str, tally: Tally
) -> None:
    """One record's effect on the messages kept so far."""
    if "$rewindTo" in record:
        _rewind(record["$rewindTo"], kept, source, where, tally)
    elif "$set" in record:
        update = record["$set"]
        if not isinstance(update, Mapping):
            raise TraceError(source, where, f"$set: expected an object, found {json_kind(update)}")
        tally.skip()
        if "messages" in update:
            tally.skip(len(kept))
            kept.clear()
            _add_all(update["messages"], kept, source, f"{where}: $set.messages", tally)
    elif is_session_metadata(record):
        tally.skip()
        if "messages" in record:  # a whole older session written on one line
            _add_all(record["messages"], kept, source, f"{where}: messages", tally)
    elif "id" in record:
        _add(record, kept, source, where, tally)
    else:
        raise TraceError(
            source, where, "not a Gemini CLI session record (message, $set, $rewindTo)"
        )


def _add(
    message: Mapping[str, Any], kept: dict[str, _Kept], source: str, where: str, tally: Tally
) -> None:
    key = message.get("id")
    if not isinstance(key, str) or not key:
        raise TraceError(source, where, f"id: expected a non-empty string, found {json_kind(key)}")
    # Every version is read, so a damaged one is an error even once superseded; only the
    # last one's events count.
    message_events(message, source, where, Tally(), lambda agent, at: [])
    if key in kept:
        tally.skip()  # the earlier version, superseded in its place
    kept[key] = _Kept(message, where)


def _add_all(
    messages: object, kept: dict[str, _Kept], source: str, where: str, tally: Tally
) -> None:
    if not isinstance(messages, list):
        raise TraceError(source, where, f"expected a list, found {json_kind(messages)}")
    for index, message in enumerate(messages):
        at = f"{where}[{index}]"
        if not isinstance(message, Mapping):
            raise TraceError(source, at, f"expected an object, found {json_kind(message)}")
        _add(message, kept, source, at, tally)


def _rewind(target: object, kept: dict[str, _Kept], source: str, where: str, tally: Tally) -> None:
    """Drop the message ``target`` and every later one; all of them if it is not there
    (what Gemini CLI's loader does)."""
    if not isinstance(target, str):
        raise TraceError(source, where, f"$rewindTo: expected a string, found {json_kind(target)}")
    keys = list(kept)
    start = keys.index(target) if target in kept else 0
    for key in keys[start:]:
        del kept[key]
    tally.skip(len(keys) - start + 1)
