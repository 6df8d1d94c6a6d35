"""Reads Anthropic Messages API message lists, format name ``anthropic``.

A JSON file holding the ``messages`` of a Messages request (a bare list, or an object with
a ``messages`` key): ``user`` and ``assistant`` messages whose content is a string or a
list of blocks; ``tool_use`` blocks are calls, ``tool_result`` blocks their results.
Claude Code transcripts carry the same blocks, so ``claude_code`` uses
``anthropic_blocks`` too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    TraceError,
    message_list,
    need_str,
    text_of,
    tool_args,
)

__all__ = ["anthropic_blocks", "read_anthropic"]


def read_anthropic(data: bytes, source: str) -> Trace:
    """A Messages list as a trace; a role other than user or assistant is an error."""
    events: list[Event] = []
    names: dict[str, str] = {}
    for index, message in enumerate(message_list(data, source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping) or message.get("role") not in ("user", "assistant"):
            raise TraceError(source, where, "expected {role: user|assistant, content}")
        events.extend(
            anthropic_blocks(message["role"], message.get("content"), names, source, where)
        )
    return Trace(tuple(events), "anthropic")


def anthropic_blocks(
    role: str, content: object, names: dict[str, str], source: str, where: str
) -> list[Event]:
    """Events of one Anthropic-style message (Claude Code uses the same blocks).

    ``names`` maps each call id seen so far to its tool name: a ``tool_result`` block does
    not repeat the name, so it is filled in from the call (and recorded here for later).
    """
    events: list[Event] = []
    for block in _blocks(content, source, where):
        kind = block.get("type")
        if kind == "text":
            events.append(Message(role, text_of([block], source, where)))
        elif kind == "tool_use":
            call_id = need_str(block, "id", source, where)
            name = need_str(block, "name", source, where).lower()
            names[call_id] = name
            events.append(ToolCall(call_id, name, tool_args(block.get("input"), source, where)))
        elif kind == "tool_result":
            call_id = need_str(block, "tool_use_id", source, where)
            is_error = block.get("is_error", False)
            if not isinstance(is_error, bool):
                raise TraceError(source, where, "tool_result: is_error must be a boolean")
            events.append(
                ToolResult(
                    call_id,
                    names.get(call_id, ""),
                    is_error,
                    text_of(block.get("content"), source, where),
                )
            )
        elif kind not in ("thinking", "redacted_thinking", "image", "document"):
            raise TraceError(source, where, f"unknown content block type {kind!r}"[:200])
    return events


def _blocks(content: object, source: str, where: str) -> list[Mapping[str, Any]]:
    """A message's content as blocks: a plain string is one text block."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list) or not all(isinstance(b, Mapping) for b in content):
        raise TraceError(source, where, "content must be a string or a list of block objects")
    return content
