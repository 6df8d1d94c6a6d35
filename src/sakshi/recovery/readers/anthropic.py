"""Reads Anthropic Messages API message lists, format name ``anthropic``.

A JSON file holding the ``messages`` of a Messages request (a bare list, or an object with
a ``messages`` key): ``user`` and ``assistant`` messages whose content is a string or a
list of blocks; ``tool_use`` blocks are calls, ``tool_result`` blocks their results (one
that names no call made before it is an error), and the server and MCP tool blocks
(``server_tool_use``, ``mcp_tool_use``, ``mcp_tool_result``, ``web_fetch_tool_result`` and
the other ``*_tool_result``) are calls and results as ``anthropic_server`` reads them.
Thinking, image and document blocks are skipped and counted; any other block type is an
error. Claude Code transcripts carry the same blocks, so ``claude_code`` uses
``anthropic_blocks`` too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.anthropic_server import (
    SERVER_CALL_BLOCKS,
    is_server_result,
    server_call,
    server_result,
)
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    message_list,
    need_str,
    new_call,
    one_of,
    text_of,
    tool_args,
    tool_name,
)

__all__ = ["anthropic_blocks", "read_anthropic"]

_QUIET_BLOCKS = frozenset({"thinking", "redacted_thinking", "image", "document"})


def read_anthropic(data: bytes, source: str) -> Reading:
    """A Messages list as a trace; a role other than user or assistant is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    for index, message in enumerate(message_list(data, source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping) or message.get("role") not in ("user", "assistant"):
            raise TraceError(source, where, "role: expected a message of role user or assistant")
        events.extend(
            anthropic_blocks(message["role"], message.get("content"), names, source, where, tally)
        )
    return Reading(Trace(tuple(events), "anthropic"), tally.skipped)


def anthropic_blocks(
    role: str, content: object, names: dict[str, str], source: str, where: str, tally: Tally
) -> list[Event]:
    """Events of one Anthropic-style message (Claude Code uses the same blocks).

    ``names`` maps each call id seen so far to its tool name: a ``tool_result`` block does
    not repeat the name, so it is filled in from the call (and recorded here for later).
    """
    events: list[Event] = []
    for index, block in enumerate(_blocks(content, source, where)):
        kind = block.get("type")
        if kind == "text":
            events.append(Message(role, text_of([block], source, where, tally)))
        elif kind == "tool_use":
            call_id = need_str(block, "id", source, where)
            name = tool_name(block, "name", source, where)
            new_call(names, call_id, name, (source, where, f"content[{index}].id"))
            events.append(ToolCall(call_id, name, tool_args(block.get("input"), source, where)))
        elif kind == "tool_result":
            events.append(_tool_result(block, names, source, where, tally))
        elif one_of(kind, SERVER_CALL_BLOCKS):
            events.append(server_call(block, names, source, where))
        elif is_server_result(kind):
            events.append(server_result(block, names, source, where, tally))
        elif one_of(kind, _QUIET_BLOCKS):
            tally.skip()
        else:
            raise TraceError(
                source, where, f"content[{index}].type: not a content block type sakshi knows"
            )
    return events


def _tool_result(
    block: Mapping[str, Any], names: Mapping[str, str], source: str, where: str, tally: Tally
) -> ToolResult:
    call_id = need_str(block, "tool_use_id", source, where)
    if call_id not in names:
        # A result belongs to its call (SPEC section 5): one that names no call made before
        # it (a call left out, a sub-agent's step lost) cannot be certified.
        raise TraceError(source, where, "tool_use_id: answers no call made before it")
    is_error = block.get("is_error", False)
    if not isinstance(is_error, bool):
        raise TraceError(
            source, where, f"is_error: expected a boolean, found {json_kind(is_error)}"
        )
    return ToolResult(
        call_id,
        names[call_id],
        is_error,
        text_of(block.get("content"), source, where, tally),
    )


def _blocks(content: object, source: str, where: str) -> list[Mapping[str, Any]]:
    """A message's content as blocks: a plain string is one text block."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list) or not all(isinstance(b, Mapping) for b in content):
        raise TraceError(source, where, "content: expected a string or a list of block objects")
    return content
