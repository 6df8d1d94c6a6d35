"""Reads Pi coding-agent sessions (``@mariozechner/pi-coding-agent``), format name ``pi``.

A session is JSONL: a ``{"type": "session", "version": N}`` header, then entries. Versions
1 to 3 are read (the recorded fixtures in tests/fixtures/recovery/pi are version 3). From
version 2 the entries form a tree (``id``/``parentId``) and the current branch, the path
from the root to the newest entry (the last line), is what the agent saw.
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.errors import type_name
from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    JsonLine,
    TraceError,
    jsonl_lines,
    need_str,
    text_of,
    tool_args,
)

__all__ = ["read_pi"]

# Entry types that carry no tool traffic; known, so skipped rather than refused.
_PI_QUIET = {
    "model_change",
    "thinking_level_change",
    "compaction",
    "branch_summary",
    "custom",
    "custom_message",
    "label",
    "session_info",
}
_PI_QUIET_ROLES = {"custom", "hookMessage", "bashExecution", "branchSummary", "compactionSummary"}


def read_pi(data: bytes, source: str) -> Trace:
    """A Pi session (versions 1-3) as a trace; a tree is read along its current branch."""
    lines = list(jsonl_lines(data, source))
    if not lines or lines[0].obj.get("type") != "session":
        raise TraceError(source, "line 1", 'a Pi session starts with a {"type": "session"} header')
    version = lines[0].obj.get("version", 1)
    if version not in (1, 2, 3):
        raise TraceError(
            source, f"line {lines[0].number}", f"unsupported Pi session version {version!r}"
        )
    entries = lines[1:]
    for number, entry in entries:
        kind = entry.get("type")
        if kind != "message" and kind not in _PI_QUIET:
            raise TraceError(source, f"line {number}", f"unknown Pi entry type {kind!r}"[:200])
    if version >= 2 and entries:
        entries = _pi_branch(entries, source)
    events: list[Event] = []
    for number, entry in entries:
        if entry.get("type") == "message":
            events.extend(_pi_message(entry.get("message"), source, f"line {number}"))
    return Trace(tuple(events), f"pi-v{version}")


def _pi_message(message: object, source: str, where: str) -> list[Event]:
    """Events of one message entry; roles without tool traffic give none."""
    if not isinstance(message, Mapping):
        raise TraceError(source, where, f"message is {type_name(message)}, expected an object")
    role = message.get("role")
    content = message.get("content")
    if role == "user":
        return [Message("user", text_of(content, source, where))]
    if role == "assistant":
        return _pi_assistant(content, source, where)
    if role == "toolResult":
        is_error = message.get("isError", False)
        details = message.get("details")
        if not isinstance(is_error, bool) or not (details is None or isinstance(details, Mapping)):
            raise TraceError(
                source, where, "toolResult: isError must be a boolean and details an object"
            )
        tool = message.get("toolName", "")
        return [
            ToolResult(
                need_str(message, "toolCallId", source, where),
                tool.lower() if isinstance(tool, str) else "",
                is_error,
                text_of(content, source, where),
                details,
            )
        ]
    if role in _PI_QUIET_ROLES:
        return []
    raise TraceError(source, where, f"unknown message role {role!r}"[:200])


def _pi_assistant(content: object, source: str, where: str) -> list[Event]:
    """An assistant message's text and tool-call blocks, in order."""
    if not isinstance(content, list):
        raise TraceError(source, where, "assistant content must be a list of blocks")
    events: list[Event] = []
    for block in content:
        if not isinstance(block, Mapping):
            raise TraceError(source, where, f"a content block is {type_name(block)}")
        kind = block.get("type")
        if kind == "text":
            events.append(Message("assistant", text_of([block], source, where)))
        elif kind == "toolCall":
            events.append(
                ToolCall(
                    need_str(block, "id", source, where),
                    need_str(block, "name", source, where).lower(),
                    tool_args(block.get("arguments"), source, where),
                )
            )
        elif kind not in ("thinking", "image"):
            raise TraceError(source, where, f"unknown assistant block type {kind!r}"[:200])
    return events


def _pi_branch(entries: list[JsonLine], source: str) -> list[JsonLine]:
    """The path from the root to the newest entry (the last line): Pi's current branch."""
    by_id: dict[str, JsonLine] = {}
    for line in entries:
        entry_id = line.obj.get("id")
        if not isinstance(entry_id, str) or not entry_id:
            raise TraceError(source, f"line {line.number}", "a version 2/3 entry needs an id")
        if entry_id in by_id:
            raise TraceError(source, f"line {line.number}", f"duplicate entry id {entry_id!r}")
        by_id[entry_id] = line
    path: list[JsonLine] = []
    current: JsonLine | None = entries[-1]
    seen: set[str] = set()
    while current is not None:
        number, entry = current
        if entry["id"] in seen:
            raise TraceError(source, f"line {number}", "parentId links form a cycle")
        seen.add(entry["id"])
        path.append(current)
        parent = entry.get("parentId")
        if parent is None:
            current = None
        elif not isinstance(parent, str) or parent not in by_id:
            raise TraceError(source, f"line {number}", f"parentId {parent!r} names no entry"[:200])
        else:
            current = by_id[parent]
    path.reverse()
    return path
