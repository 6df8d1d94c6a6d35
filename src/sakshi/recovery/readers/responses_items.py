"""OpenAI Responses API items as events: messages, function and custom tool calls, local
shell calls, tool searches and programs (programmatic tool calling), with their outputs;
the hosted tools' items come from ``responses_builtins``. ``item_walk`` gives a walk that
knows every item type.

A tool search the API ran itself has no ``call_id`` (null), and neither has its output:
the output answers the one such search still waiting for it (none, or two, is refused).

An output names its call by ``call_id`` and must follow the call in the same file. Its
text is the output string, or the text of its content items (input_text; an image or a
file is skipped and counted). The Responses API records no failure flag on an output, so
a result is an error only where the file says so: a Codex output's exit-code header
(``Exit code: N``, ``Process exited with code N``) or its JSON wrapper's
``metadata.exit_code``; elsewhere, a text that opens as its caller writes a failure
(``tool_errors``: ``Error: ...``, the OpenAI Agents SDK's ``An error occurred while running
the tool``) or an ``incomplete`` status.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sakshi.recovery.readers.common import (
    TraceError,
    json_kind,
    one_of,
    parse_json,
    tool_name,
)
from sakshi.recovery.readers.responses_builtins import BUILTIN_HANDLERS
from sakshi.recovery.readers.responses_walk import (
    ItemHandler,
    ItemWalk,
    json_arguments,
)
from sakshi.recovery.readers.texts import text_of
from sakshi.recovery.readers.tool_errors import reads_as_failure

__all__ = ["QUIET_ITEMS", "item_walk"]

# Items that carry no tool event: the model's reasoning, a compaction of earlier turns, an
# MCP server's tool listing and its approval round trip, Codex's git snapshots, tools made
# available mid-conversation and a request's call for compaction.
# (Tuples, not sets, here and in the other readers: a list or an object found where a type
# name belongs is not hashable, and ``in`` a set would raise instead of refusing it.)
QUIET_ITEMS = (
    "reasoning",
    "compaction",
    "compaction_summary",
    "mcp_list_tools",
    "mcp_approval_request",
    "mcp_approval_response",
    "ghost_snapshot",
    "additional_tools",
    "compaction_trigger",
)

_ROLES = ("user", "assistant", "system", "developer")

# Codex's header lines that state how a command ended (older shell tool, unified exec).
_EXIT_LINE = re.compile(r"^(?:Exit code: |Process exited with code )(-?\d+)$", re.MULTILINE)
_HEADER_CHARS = 400  # the headers stand at the top; never search the command's own output


def item_walk(source: str, exit_status_in_text: bool = False) -> ItemWalk:
    """A walk over Responses items that knows every item type sakshi reads."""
    return ItemWalk(source, {**_HANDLERS, **BUILTIN_HANDLERS}, QUIET_ITEMS, exit_status_in_text)


def _message(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    role = item.get("role")
    if not one_of(role, _ROLES):
        raise TraceError(walk.source, where, "role: expected user, assistant, system or developer")
    content = item.get("content")
    if isinstance(content, list):
        # An output message may hold a refusal instead of text: it is what the model said.
        content = [
            {"type": "text", "text": block.get("refusal")}
            if isinstance(block, Mapping) and block.get("type") == "refusal"
            else block
            for block in content
        ]
    walk.message(role, text_of(content, walk.source, where, walk.tally))


def _function_call(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "call_id")
    name = tool_name(item, "name", walk.source, where)
    walk.call(
        call_id, name, json_arguments(item.get("arguments"), walk.source, where, "arguments"), where
    )


def _custom_call(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # A custom (freeform) tool takes one string; it is kept as the call's "input".
    call_id = walk.call_id(item, where, "call_id")
    name = tool_name(item, "name", walk.source, where)
    raw = item.get("input", "")
    if not isinstance(raw, str):
        raise TraceError(walk.source, where, f"input: expected a string, found {json_kind(raw)}")
    walk.call(call_id, name, {"input": raw}, where)


def _local_shell_call(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "call_id", "id")
    action = item.get("action")
    if not isinstance(action, Mapping):
        raise TraceError(
            walk.source, where, f"action: expected an object, found {json_kind(action)}"
        )
    walk.call(call_id, "local_shell", action, where)


def _tool_search_call(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # A client-run search names itself by call_id; one the API ran has no call_id (null),
    # only its item id, and its output follows it with no call_id either: it waits.
    args = json_arguments(item.get("arguments"), walk.source, where, "arguments")
    if item.get("call_id") is not None:
        walk.call(walk.call_id(item, where, "call_id"), "tool_search", args, where)
        return
    has_id = item.get("id") is not None
    call_id = walk.call_id(item, where, "id") if has_id else f"tool_search_call@{where}"
    walk.call(call_id, "tool_search", args, where)
    walk.server_searches.append(call_id)


def _output(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    """function_call_output, custom_tool_call_output, local_shell_call_output."""
    call_id = walk.call_id(item, where, "call_id", "id")
    text = text_of(item.get("output"), walk.source, where, walk.tally)
    if walk.exit_status_in_text:
        is_error = _exit_code(text) not in (None, 0)
    else:
        # The Agents SDK and other callers write a failure into the output's text.
        is_error = reads_as_failure(text) or item.get("status") == "incomplete"
    walk.result(call_id, is_error, text, where)


def _tool_search_output(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # What it found is a list of tool definitions, not text an agent reads.
    failed = item.get("status") in ("failed", "incomplete")
    if item.get("call_id") is not None:
        call_id = walk.call_id(item, where, "call_id")
        if call_id in walk.server_searches:
            walk.server_searches.remove(call_id)
        walk.result(call_id, failed, "", where)
        return
    # No call_id: the API ran the search, and the output answers the one search it ran
    # that is still waiting. None waiting, or two (which one?), cannot be certified.
    if len(walk.server_searches) != 1:
        waiting = "no" if not walk.server_searches else "more than one"
        raise TraceError(
            walk.source,
            where,
            f"call_id: null, and {waiting} tool search without a call_id waits for an output",
        )
    walk.result(walk.server_searches.pop(), failed, "", where)


def _program(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # Programmatic tool calling: the model's program (JavaScript) is one call; the tool
    # calls it makes are function_call items of their own (their caller names it).
    call_id = walk.call_id(item, where, "call_id")
    code = item.get("code")
    if not isinstance(code, str):
        raise TraceError(walk.source, where, f"code: expected a string, found {json_kind(code)}")
    walk.call(call_id, "program", {"code": code}, where)


def _program_output(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "call_id")
    result = item.get("result")
    if result is not None and not isinstance(result, str):
        raise TraceError(
            walk.source, where, f"result: expected a string, found {json_kind(result)}"
        )
    walk.result(call_id, item.get("status") in ("failed", "incomplete"), result or "", where)


def _exit_code(text: str) -> int | None:
    """The exit code a Codex output states about itself, if it states one."""
    if text.startswith("{"):
        try:
            wrapper = parse_json(text, "", "")
        except TraceError:
            wrapper = None
        metadata = wrapper.get("metadata") if isinstance(wrapper, Mapping) else None
        code = metadata.get("exit_code") if isinstance(metadata, Mapping) else None
        if type(code) is int:
            return code
    match = _EXIT_LINE.search(text[:_HEADER_CHARS])
    return int(match.group(1)) if match else None


def _item_reference(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # The item itself is stored by the API; this file cannot say what it was.
    raise TraceError(
        walk.source, where, "type: an item_reference points at an item not in this file"
    )


_HANDLERS: Mapping[str, ItemHandler] = {
    "message": _message,
    "function_call": _function_call,
    "function_call_output": _output,
    "custom_tool_call": _custom_call,
    "custom_tool_call_output": _output,
    "local_shell_call": _local_shell_call,
    "local_shell_call_output": _output,
    "tool_search_call": _tool_search_call,
    "tool_search_output": _tool_search_output,
    "program": _program,
    "program_output": _program_output,
    "item_reference": _item_reference,
}
