"""Reads Anthropic Messages API message lists, format name ``anthropic``.

A JSON file holding the ``messages`` of a Messages request (a bare list, or an object with
a ``messages`` key), or one Message object as the API returned it (``"type": "message"``,
``role`` assistant, its ``content`` blocks; its calls have no results in the same file):
``user`` and ``assistant`` messages whose content is a string or a
list of blocks; ``tool_use`` blocks are calls, ``tool_result`` blocks their results (one
that names no call made before it is an error), and the server and MCP tool blocks
(``server_tool_use``, ``mcp_tool_use``, ``mcp_tool_result``, ``web_fetch_tool_result`` and
the other ``*_tool_result``) are calls and results as ``anthropic_server`` reads them.
A ``system`` message may stand among them (a mid-conversation system message). Thinking,
image, document, container upload, tool addition and removal, compaction and fallback
blocks, and the ``tool_reference`` blocks a tool search's result holds, are skipped and
counted; any other block type is an error. Claude Code transcripts carry the same blocks,
so ``claude_code`` uses ``anthropic_blocks`` too.
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
    need_str,
    new_call,
    one_of,
    parse_json,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.texts import text_of

__all__ = ["anthropic_blocks", "is_message_object", "read_anthropic"]

# A file uploaded to the code execution container is named, not read, in the message.
# A system message mid-conversation may add or remove tools; a compaction block summarises
# earlier turns; a fallback block marks where another model took over. None is a call or
# a result.
_QUIET_BLOCKS = frozenset(
    {
        "thinking",
        "redacted_thinking",
        "image",
        "document",
        "container_upload",
        "tool_addition",
        "tool_removal",
        "compaction",
        "fallback",
    }
)
_ROLES = ("user", "assistant", "system")


def read_anthropic(data: bytes, source: str) -> Reading:
    """A Messages list as a trace; a role other than user, assistant or system (a system
    message mid-conversation) is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    for where, message in _messages(data, source):
        if not isinstance(message, Mapping) or not one_of(message.get("role"), _ROLES):
            raise TraceError(
                source, where, "role: expected a message of role user, assistant or system"
            )
        events.extend(
            anthropic_blocks(message["role"], message.get("content"), names, source, where, tally)
        )
    return Reading(Trace(tuple(events), "anthropic"), tally.skipped)


def _messages(data: bytes, source: str) -> list[tuple[str, object]]:
    """Each message and where it stands: a request's list, or a response's one Message."""
    doc = parse_json(data, source, "line 1")
    if is_message_object(doc):
        return [("response", doc)]
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(
            source,
            "line 1",
            'expected a list of messages, {"messages": [...]} or one Message object',
        )
    return [(f"messages[{index}]", message) for index, message in enumerate(messages)]


def is_message_object(doc: object) -> bool:
    """Whether a JSON value is one Message as the API returns it (not a request body)."""
    return (
        isinstance(doc, Mapping)
        and doc.get("type") == "message"
        and doc.get("role") == "assistant"
        and isinstance(doc.get("content"), list)
        and "stop_reason" in doc
    )


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
        text_of(_without_tool_references(block.get("content"), tally), source, where, tally),
    )


def _without_tool_references(content: object, tally: Tally) -> object:
    """A result's content without its ``tool_reference`` blocks (what a client-side tool
    search found: tool names to load, no text), each counted as skipped."""
    if not isinstance(content, list):
        return content
    kept = [
        block
        for block in content
        if not (isinstance(block, Mapping) and block.get("type") == "tool_reference")
    ]
    tally.skip(len(content) - len(kept))
    return kept


def _blocks(content: object, source: str, where: str) -> list[Mapping[str, Any]]:
    """A message's content as blocks: a plain string is one text block."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list) or not all(isinstance(b, Mapping) for b in content):
        raise TraceError(source, where, "content: expected a string or a list of block objects")
    return content
