"""Anthropic Messages' server-side and MCP tool blocks as events (``anthropic_blocks``
reads them beside ``tool_use`` and ``tool_result``).

``server_tool_use`` (web search, web fetch, code execution, the text editor of code
execution, tool search) and ``mcp_tool_use`` (a tool of an MCP server the API called)
are calls: ``id``, ``name``, ``input``. Their results are ``mcp_tool_result`` (with
``is_error`` and text content) and the ``*_tool_result`` blocks (``web_search_tool_result``,
``web_fetch_tool_result``, ``code_execution_tool_result``,
``bash_code_execution_tool_result``, ``text_editor_code_execution_tool_result``, ...), each
naming its call by ``tool_use_id``. A result is an error when its content is an error
object (a type ending ``_error``, or an ``error_code``) or a command's ``return_code`` is
not 0. Its text is what the content says in words: titles and URLs of search results, a
fetched text document, a command's stdout and stderr, a viewed file. A result must answer
a call made before it; one that does not cannot be certified and is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers.common import (
    Tally,
    TraceError,
    json_kind,
    need_str,
    new_call,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.texts import text_of

__all__ = ["SERVER_CALL_BLOCKS", "is_server_result", "server_call", "server_result"]

# A tuple: ``in`` a set would raise on a block type that is a JSON list.
SERVER_CALL_BLOCKS = ("server_tool_use", "mcp_tool_use")

# What a result's content says in words, key by key (a URL is a search hit's address).
_TEXT_KEYS = ("title", "url", "text", "stdout", "stderr", "error_message")


def is_server_result(kind: object) -> bool:
    """Whether a block type is a server or MCP tool's result (not the client's
    ``tool_result``)."""
    return isinstance(kind, str) and kind != "tool_result" and kind.endswith("_tool_result")


def server_call(
    block: Mapping[str, Any], names: dict[str, str], source: str, where: str
) -> ToolCall:
    """A ``server_tool_use`` or ``mcp_tool_use`` block as a call; its name is recorded."""
    call_id = need_str(block, "id", source, where)
    name = tool_name(block, "name", source, where)
    new_call(names, call_id, name, (source, where, "id"))
    return ToolCall(call_id, name, tool_args(block.get("input"), source, where))


def server_result(
    block: Mapping[str, Any], names: Mapping[str, str], source: str, where: str, tally: Tally
) -> ToolResult:
    """A server or MCP tool's result block, answering the call its ``tool_use_id`` names."""
    call_id = need_str(block, "tool_use_id", source, where)
    name = names.get(call_id)
    if name is None:
        raise TraceError(source, where, "tool_use_id: answers no call made before it")
    content = block.get("content")
    if block.get("type") == "mcp_tool_result":
        is_error = block.get("is_error", False)
        if not isinstance(is_error, bool):
            raise TraceError(
                source, where, f"is_error: expected a boolean, found {json_kind(is_error)}"
            )
        return ToolResult(call_id, name, is_error, text_of(content, source, where, tally))
    if not isinstance(content, Mapping | list):
        raise TraceError(
            source, where, f"content: expected an object or a list, found {json_kind(content)}"
        )
    return ToolResult(call_id, name, _failed(content), _words(content))


def _failed(content: Mapping[str, Any] | list[Any]) -> bool:
    if not isinstance(content, Mapping):
        return False
    kind = content.get("type")
    code = content.get("return_code")
    return (
        (isinstance(kind, str) and kind.endswith("_error"))
        or "error_code" in content
        or (type(code) is int and code != 0)
    )


def _words(content: object) -> str:
    """The text a result's content holds, one piece a line (nested content included)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(filter(None, map(_words, content)))
    if not isinstance(content, Mapping):
        return ""
    parts = [value for key in _TEXT_KEYS if isinstance(value := content.get(key), str) and value]
    inner = content.get("content")
    if inner is not None:
        parts.append(_words(inner))
    document = content.get("source")
    # A fetched page arrives as a document; only a text source is words (a PDF is base64).
    if isinstance(document, Mapping) and document.get("type") == "text":
        parts.append(_words(document.get("data")))
    return "\n".join(part for part in parts if part)
