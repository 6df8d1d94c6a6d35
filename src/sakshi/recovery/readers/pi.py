"""Reads Pi coding-agent sessions (``@mariozechner/pi-coding-agent``), format name ``pi``.

A session is JSONL: a ``{"type": "session", "version": N}`` header, then entries. Versions
1 to 3 are read (the recorded fixtures in tests/fixtures/recovery/pi are version 3). The
version is the JSON integer 1, 2 or 3 (not ``"3"``, ``3.0`` or ``true``); a header without
one is version 1, whose entries are linear. From version 2 the entries form a tree
(``id``/``parentId``) and the current branch, the path from the root to the newest entry
(the last line), is what the agent saw. A version 1 session whose entries carry
``parentId`` is a tree without its version: read linearly it would count abandoned
branches, so it is an error.

Entries off the current branch, bookkeeping entries and roles, thinking and image blocks
are skipped and counted; any other entry type, role or block type is an error.
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    JsonLine,
    Reading,
    Tally,
    TraceError,
    json_kind,
    jsonl_lines,
    need_str,
    one_of,
    text_of,
    tool_args,
    tool_name,
)

__all__ = ["PI_VERSIONS", "read_pi"]

PI_VERSIONS = (1, 2, 3)

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
_PI_QUIET_BLOCKS = {"thinking", "image"}


def read_pi(data: bytes, source: str) -> Reading:
    """A Pi session (versions 1-3) as a trace; a tree is read along its current branch."""
    lines = list(jsonl_lines(data, source))
    if not lines or lines[0].obj.get("type") != "session":
        raise TraceError(source, "line 1", 'a Pi session starts with a {"type": "session"} header')
    version = _version(lines[0], source)
    entries = lines[1:]
    tally = Tally()
    for number, entry in entries:
        kind = entry.get("type")
        if kind != "message" and not one_of(kind, _PI_QUIET):
            raise TraceError(source, f"line {number}", "type: not a Pi entry type sakshi knows")
        if version == 1 and "parentId" in entry:
            raise TraceError(
                source,
                f"line {number}",
                "parentId: a tree entry in a session whose header has no version 2 or 3",
            )
    if version >= 2 and entries:
        branch = _pi_branch(entries, source)
        tally.skip(len(entries) - len(branch))
        entries = branch
    events: list[Event] = []
    for number, entry in entries:
        if entry.get("type") == "message":
            events.extend(_pi_message(entry.get("message"), source, f"line {number}", tally))
        else:
            tally.skip()
    return Reading(Trace(tuple(events), f"pi-v{version}"), tally.skipped)


def _version(header: JsonLine, source: str) -> int:
    """The header's version: absent is 1; else exactly the JSON integer 1, 2 or 3."""
    if "version" not in header.obj:
        return 1
    version = header.obj["version"]
    # type() and not isinstance(): true is an int to Python, and 3.0 == 3.
    if type(version) is not int or version not in PI_VERSIONS:
        raise TraceError(
            source,
            f"line {header.number}",
            f"version: expected the integer 1, 2 or 3, found {json_kind(version)}"
            + (" out of range" if type(version) is int else ""),
        )
    return version


def _pi_message(message: object, source: str, where: str, tally: Tally) -> list[Event]:
    """Events of one message entry; roles without tool traffic give none."""
    if not isinstance(message, Mapping):
        raise TraceError(source, where, f"message: expected an object, found {json_kind(message)}")
    role = message.get("role")
    content = message.get("content")
    if role == "user":
        return [Message("user", text_of(content, source, where, tally))]
    if role == "assistant":
        return _pi_assistant(content, source, where, tally)
    if role == "toolResult":
        return [_pi_tool_result(message, source, where, tally)]
    if one_of(role, _PI_QUIET_ROLES):
        tally.skip()
        return []
    raise TraceError(source, where, "message.role: not a Pi message role sakshi knows")


def _pi_tool_result(
    message: Mapping[str, object], source: str, where: str, tally: Tally
) -> ToolResult:
    is_error = message.get("isError", False)
    details = message.get("details")
    if not isinstance(is_error, bool):
        raise TraceError(source, where, f"isError: expected a boolean, found {json_kind(is_error)}")
    if not (details is None or isinstance(details, Mapping)):
        raise TraceError(source, where, f"details: expected an object, found {json_kind(details)}")
    tool = message.get("toolName", "")
    return ToolResult(
        need_str(message, "toolCallId", source, where),
        tool.lower() if isinstance(tool, str) else "",
        is_error,
        text_of(message.get("content"), source, where, tally),
        details,
    )


def _pi_assistant(content: object, source: str, where: str, tally: Tally) -> list[Event]:
    """An assistant message's text and tool-call blocks, in order."""
    if not isinstance(content, list):
        raise TraceError(
            source, where, f"content: expected a list of blocks, found {json_kind(content)}"
        )
    events: list[Event] = []
    for index, block in enumerate(content):
        if not isinstance(block, Mapping):
            raise TraceError(
                source, where, f"content[{index}]: expected an object, found {json_kind(block)}"
            )
        kind = block.get("type")
        if kind == "text":
            events.append(Message("assistant", text_of([block], source, where, tally)))
        elif kind == "toolCall":
            events.append(
                ToolCall(
                    need_str(block, "id", source, where),
                    tool_name(block, "name", source, where),
                    tool_args(block.get("arguments"), source, where),
                )
            )
        elif one_of(kind, _PI_QUIET_BLOCKS):
            tally.skip()
        else:
            raise TraceError(
                source, where, f"content[{index}].type: not a Pi block type sakshi knows"
            )
    return events


def _pi_branch(entries: list[JsonLine], source: str) -> list[JsonLine]:
    """The path from the root to the newest entry (the last line): Pi's current branch."""
    by_id: dict[str, JsonLine] = {}
    for line in entries:
        entry_id = line.obj.get("id")
        if not isinstance(entry_id, str) or not entry_id:
            raise TraceError(
                source, f"line {line.number}", "id: a version 2/3 entry needs a non-empty id"
            )
        if entry_id in by_id:
            raise TraceError(source, f"line {line.number}", "id: the same id as an earlier entry")
        by_id[entry_id] = line
    path: list[JsonLine] = []
    current: JsonLine | None = entries[-1]
    seen: set[str] = set()
    while current is not None:
        number, entry = current
        if entry["id"] in seen:
            raise TraceError(source, f"line {number}", "parentId: the links form a cycle")
        seen.add(entry["id"])
        path.append(current)
        parent = entry.get("parentId")
        if parent is None:
            current = None
        elif not isinstance(parent, str) or parent not in by_id:
            raise TraceError(source, f"line {number}", "parentId: names no entry of the session")
        else:
            current = by_id[parent]
    path.reverse()
    return path
