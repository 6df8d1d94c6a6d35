"""Reads Pi coding-agent sessions, format name ``pi``: ``@mariozechner/pi-coding-agent`` up
to 0.73, ``@earendil-works/pi-coding-agent`` from 0.74 (1.x included), and forks that keep
its session format.

A session is JSONL: a ``{"type": "session", "version": N}`` header, then entries. Versions
1 to 3 are read (1.x still writes version 3). The version is the JSON integer 1, 2 or 3
(not ``"3"``, ``3.0`` or ``true``); a header without one is version 1, whose entries are
linear. From version 2 the entries form a tree (``id``/``parentId``) and the current
branch, the path from the root to the newest entry (the last line), is what the agent saw.
A version 1 session whose entries carry ``parentId`` is a tree without its version: read
linearly it would count abandoned branches, so it is an error. A fork (oh-my-pi) may open
the file with a fixed-width title slot (``{"type": "title", "v": 1}``) before the header:
it is skipped and counted. A header on a damaged line (not JSON) is blanked and counted
like any damaged line (SPEC 5), and the rest is read: as a tree when its entries carry
``parentId`` (versions 2 and 3 read alike), else linearly as version 1; such a run is never
a pass (the lane makes it an error).

Entries off the current branch, Pi's bookkeeping entries and roles (1.x adds the
``system`` role, which declares the prompt and the tools, and the ``usage`` entry),
thinking and image blocks are skipped and counted. A fork's names (oh-my-pi's) are skipped
and counted only when they provably carry no tool event, and any other entry type, role or
block type is an error: ``pi_names`` says which names are known and why. For the same
reason two things 1.x writes are errors: a tool result that records calls of its own
(``nestedCalls``, a code-mode script's tool calls, which carry no results), and a
``context_edit`` that replaces what the model was shown of a tool call or result. A
``context_edit`` that only hides an entry from later model context (Pi writes one for a
failed attempt before it retries) leaves the recorded events as they happened and is
skipped.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    JsonLine,
    Reading,
    Tally,
    TraceError,
    json_kind,
    jsonl_lines,
    need_str,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.pi_names import (
    FORK_QUIET_BLOCKS,
    FORK_QUIET_ENTRIES,
    FORK_QUIET_ROLES,
    PI_QUIET_BLOCKS,
    PI_QUIET_ENTRIES,
    PI_QUIET_ROLES,
    carries_tool_traffic,
    is_title_slot,
    skippable,
)
from sakshi.recovery.readers.texts import text_of

__all__ = ["PI_VERSIONS", "read_pi"]

PI_VERSIONS = (1, 2, 3)
_CONTEXT_EDIT = "context_edit"
# Why an unknown name is refused, not skipped: what it holds is unknown (see pi_names).
_UNKNOWN = (
    "not a Pi {} sakshi knows (or a fork's that names a tool call or result): it may carry a"
    " tool event, so the run cannot be judged"
)


def read_pi(data: bytes, source: str, damaged: Collection[int] = ()) -> Reading:
    """A Pi session (versions 1-3) as a trace; a tree is read along its current branch.
    ``damaged``: the lines blanked as unreadable, whose entries the branch steps over."""
    lines = list(jsonl_lines(data, source))
    tally = Tally()
    if len(lines) > 1 and is_title_slot(lines[0].obj) and lines[1].obj.get("type") == "session":
        lines = lines[1:]
        tally.skip()
    if lines and lines[0].obj.get("type") != "session" and 1 in damaged:
        # The header's own line is the damaged one: its version is gone with it, and the
        # entries say which reading fits (a tree's carry parentId).
        version = 3 if any("parentId" in entry for _, entry in lines) else 1
        entries = lines
    elif not lines or lines[0].obj.get("type") != "session":
        raise TraceError(source, "line 1", 'a Pi session starts with a {"type": "session"} header')
    else:
        version = _version(lines[0], source)
        entries = lines[1:]
    for number, entry in entries:
        if version == 1 and "parentId" in entry:
            raise TraceError(
                source,
                f"line {number}",
                "parentId: a tree entry in a session whose header has no version 2 or 3",
            )
    by_id: dict[str, JsonLine] = {}
    if version >= 2 and entries:
        by_id = _pi_ids(entries, source)
        branch = _pi_branch(entries, by_id, source, bool(damaged))
        tally.skip(len(entries) - len(branch))
        entries = branch
    events: list[Event] = []
    for number, entry in entries:
        where = f"line {number}"
        kind = entry.get("type")
        if not isinstance(kind, str) or not kind:
            raise TraceError(
                source, where, f"type: expected a non-empty string, found {json_kind(kind)}"
            )
        if kind == "message":
            events.extend(_pi_message(entry.get("message"), source, where, tally))
        elif kind == _CONTEXT_EDIT:
            _check_context_edit(entry, by_id, source, where)
            tally.skip()
        elif skippable(kind, entry, PI_QUIET_ENTRIES, FORK_QUIET_ENTRIES):
            tally.skip()
        else:
            raise TraceError(source, where, f"type: {_UNKNOWN.format('entry type')}")
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
    if not isinstance(role, str) or not role:
        raise TraceError(
            source, where, f"message.role: expected a non-empty string, found {json_kind(role)}"
        )
    if skippable(role, message, PI_QUIET_ROLES, FORK_QUIET_ROLES):
        tally.skip()
        return []
    raise TraceError(source, where, f"message.role: {_UNKNOWN.format('message role')}")


def _pi_tool_result(
    message: Mapping[str, object], source: str, where: str, tally: Tally
) -> ToolResult:
    is_error = message.get("isError", False)
    details = message.get("details")
    if not isinstance(is_error, bool):
        raise TraceError(source, where, f"isError: expected a boolean, found {json_kind(is_error)}")
    if not (details is None or isinstance(details, Mapping)):
        raise TraceError(source, where, f"details: expected an object, found {json_kind(details)}")
    _check_nested_calls(message.get("nestedCalls"), source, where)
    tool = message.get("toolName", "")
    return ToolResult(
        need_str(message, "toolCallId", source, where),
        tool.lower() if isinstance(tool, str) else "",
        is_error,
        text_of(message.get("content"), source, where, tally),
        details,
    )


def _check_nested_calls(nested: object, source: str, where: str) -> None:
    """A 1.x tool result may list the calls the tool itself made (a code-mode script's): they
    are tool events without their results, so the chain cannot be judged around them."""
    if nested is None:
        return
    calls = nested.get("calls") if isinstance(nested, Mapping) else None
    if not isinstance(calls, list):
        raise TraceError(
            source, where, f"nestedCalls: expected an object with calls, found {json_kind(nested)}"
        )
    if calls:
        raise TraceError(
            source,
            where,
            "nestedCalls: the tool made tool calls of its own, recorded without their results;"
            " a chain cannot be judged around them",
        )


def _check_context_edit(
    entry: Mapping[str, object], by_id: Mapping[str, JsonLine], source: str, where: str
) -> None:
    """A ``context_edit`` (1.x) changes what the model sees of an earlier entry from then on.
    Hiding it (``replacement: null``) changes no recorded event; replacing the content of a
    tool call or result means the model saw something else than the tool returned."""
    target_id = entry.get("targetId")
    target = by_id.get(target_id) if isinstance(target_id, str) else None
    if target is None:
        raise TraceError(source, where, "targetId: names no entry of the session")
    if "replacement" not in entry:
        raise TraceError(source, where, "replacement: expected null or an object, found nothing")
    replacement = entry["replacement"]
    if replacement is None:
        return
    if not isinstance(replacement, Mapping):
        raise TraceError(
            source,
            where,
            f"replacement: expected null or an object, found {json_kind(replacement)}",
        )
    if carries_tool_traffic(target.obj.get("message")) or carries_tool_traffic(replacement):
        raise TraceError(
            source,
            where,
            "replacement: replaces what the model was shown of a tool call or result,"
            " so the recorded tool events are not what the agent saw",
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
        elif not isinstance(kind, str) or not kind:
            raise TraceError(
                source,
                where,
                f"content[{index}].type: expected a non-empty string, found {json_kind(kind)}",
            )
        elif skippable(kind, block, PI_QUIET_BLOCKS, FORK_QUIET_BLOCKS):
            tally.skip()
        else:
            raise TraceError(
                source, where, f"content[{index}].type: {_UNKNOWN.format('block type')}"
            )
    return events


def _pi_ids(entries: list[JsonLine], source: str) -> dict[str, JsonLine]:
    """Every entry by its id: each a non-empty string, none twice."""
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
    return by_id


def _pi_branch(
    entries: list[JsonLine], by_id: Mapping[str, JsonLine], source: str, damaged: bool = False
) -> list[JsonLine]:
    """The path from the root to the newest entry (the last line): Pi's current branch.

    In a file with damaged lines, a parent that was on one is gone: the path steps over
    it to the entry written before (what Pi itself appends to), so the rest is read and
    counted; the run is an error all the same, for the damage.
    """
    before = {line.number: entries[index - 1] for index, line in enumerate(entries) if index}
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
        elif damaged and isinstance(parent, str) and parent not in by_id:
            current = before.get(number)
        elif not isinstance(parent, str) or parent not in by_id:
            raise TraceError(source, f"line {number}", "parentId: names no entry of the session")
        else:
            current = by_id[parent]
    path.reverse()
    return path
