"""Reads Cline task histories, format name ``cline``.

Two files hold them: the VS Code extension's ``api_conversation_history.json`` (a bare
list of Anthropic-style messages) and the Cline SDK's ``<session>.messages.json`` (an
object with ``version``, ``agent``, ``sessionId`` and ``messages``). Messages are
``user`` or ``assistant``; their blocks are ``text``, ``tool_use`` (a call), ``tool_result``
(its result, naming the call by ``tool_use_id``), and thinking, image, document and
``file`` blocks, which are skipped and counted. A Cline ``tool_result`` may hold a list of
``{query, result, success, error}`` items, one per request of a batched tool: its text is
the results, and it is an error when any item failed.

Older Cline releases (and Cline with native tool calls turned off) do not use
``tool_use`` blocks: the assistant writes the call as XML in its text, and the result
comes back as a user text block that opens ``[tool_name for '...'] Result:``. Such a
result names no call: only its position ties it to one, so this format cannot certify it.
A history holding one is refused, with a message that says so.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
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

__all__ = ["TEXT_RESULT", "read_cline"]

FORMAT = "cline"

# The header of a tool result Cline sends back as user text ("[read_file for 'a.py']
# Result:", "[attempt_completion] Result:").
TEXT_RESULT = re.compile(r"\[[a-z_]+(?: for '.*?')?\] Result:", re.DOTALL)
# A tuple: ``in`` a set would raise on a type that is a JSON list.
_QUIET_BLOCKS = ("thinking", "redacted_thinking", "image", "document", "file")
_CANNOT_CERTIFY = (
    "a tool result sent back as user text ([tool] Result:) names no call: a Cline task "
    "history of this kind cannot certify tool results (record the run with native tool "
    "calls, which write tool_use and tool_result blocks)"
)


class _Outcome(NamedTuple):
    """What a tool_result holds: its text, and whether any part of it failed."""

    text: str
    failed: bool


def read_cline(data: bytes, source: str) -> Reading:
    """A Cline task history as a trace; a text-only tool result is refused."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    for index, message in enumerate(_messages(parse_json(data, source, "line 1"), source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping) or message.get("role") not in ("user", "assistant"):
            raise TraceError(source, where, "role: expected a message of role user or assistant")
        content = message.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        if not isinstance(content, list):
            raise TraceError(source, where, f"content: expected a list, found {json_kind(content)}")
        for number, block in enumerate(content):
            at = f"{where}.content[{number}]"
            if not isinstance(block, Mapping):
                raise TraceError(source, at, f"expected a block object, found {json_kind(block)}")
            events.extend(_block(message["role"], block, names, source, at, tally))
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def _messages(doc: object, source: str) -> list[Any]:
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(source, "line 1", 'expected a list of messages or {"messages": [...]}')
    return messages


def _block(
    role: str,
    block: Mapping[str, Any],
    names: dict[str, str],
    source: str,
    where: str,
    tally: Tally,
) -> list[Event]:
    kind = block.get("type")
    if kind == "text":
        text = text_of([block], source, where, tally)
        if role == "user" and TEXT_RESULT.match(text):
            raise TraceError(source, where, _CANNOT_CERTIFY)
        return [Message(role, text)]
    if kind == "tool_use":
        call_id = need_str(block, "id", source, where)
        new_call(names, call_id, tool_name(block, "name", source, where), (source, where, "id"))
        return [ToolCall(call_id, names[call_id], tool_args(block.get("input"), source, where))]
    if kind == "tool_result":
        call_id = need_str(block, "tool_use_id", source, where)
        if call_id not in names:
            raise TraceError(source, where, "tool_use_id: answers no call made before it")
        outcome = _result(block, source, where, tally)
        return [ToolResult(call_id, names[call_id], outcome.failed, outcome.text)]
    if one_of(kind, _QUIET_BLOCKS):
        tally.skip()
        return []
    raise TraceError(source, where, "type: not a content block type sakshi knows")


def _result(block: Mapping[str, Any], source: str, where: str, tally: Tally) -> _Outcome:
    """A tool_result's text and failure: text blocks, or the SDK's per-request items."""
    is_error = block.get("is_error", False)
    if not isinstance(is_error, bool):
        raise TraceError(
            source, where, f"is_error: expected a boolean, found {json_kind(is_error)}"
        )
    content = block.get("content")
    if not isinstance(content, list) or not any(_is_request(item) for item in content):
        return _Outcome(text_of(content, source, where, tally), is_error)
    texts: list[str] = []
    failed = is_error
    for item in content:
        if not _is_request(item):
            texts.append(text_of([item], source, where, tally))
            continue
        success = item.get("success")
        if not isinstance(success, bool):
            raise TraceError(
                source, where, f"content.success: expected a boolean, found {json_kind(success)}"
            )
        failed = failed or not success
        for key in ("result", "error"):
            value = item.get(key)
            if isinstance(value, str):
                texts.append(value)
            elif value is not None:
                raise TraceError(
                    source, where, f"content.{key}: expected a string, found {json_kind(value)}"
                )
    return _Outcome("\n".join(text for text in texts if text), failed)


def _is_request(item: object) -> bool:
    """A Cline SDK result item: one request of a batched tool and what came of it."""
    return isinstance(item, Mapping) and "type" not in item and "success" in item
