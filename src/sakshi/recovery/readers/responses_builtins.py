"""The Responses API's built-in (hosted) tool items as events: web search, file search,
code interpreter, remote MCP calls, image generation, computer use, the shell and
apply_patch tools.

A hosted tool runs on the API's side, so one item often holds both the call and what came
of it: such an item is a call (by its ``id``) followed by its result when the item carries
an outcome (``outputs``, ``results``, ``output``, ``error``, ``result``). A web search item
carries none, so it is a call alone. A ``status`` of ``failed`` or ``incomplete``, or an
``error``, makes the result an error. The computer, shell and apply_patch tools run on the
caller's side: their calls and ``*_output`` items pair by ``call_id`` like a function's.
A Codex web search item may have no id at all: it is named from its place in the file
(``web_search_call@line 12``), which no result can ever answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.readers.common import TraceError, json_kind, tool_name
from sakshi.recovery.readers.responses_walk import (
    ItemHandler,
    ItemWalk,
    json_arguments,
    optional_str,
)

__all__ = ["BUILTIN_HANDLERS"]

_FAILED = ("failed", "incomplete")


def _failed(item: Mapping[str, Any]) -> bool:
    return item.get("status") in _FAILED


def _object(item: Mapping[str, Any], key: str, walk: ItemWalk, where: str) -> Mapping[str, Any]:
    value = item.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TraceError(walk.source, where, f"{key}: expected an object, found {json_kind(value)}")
    return value


def _list(item: Mapping[str, Any], key: str, walk: ItemWalk, where: str) -> list[Any] | None:
    value = item.get(key)
    if value is None or isinstance(value, list):
        return value
    raise TraceError(walk.source, where, f"{key}: expected a list, found {json_kind(value)}")


def _strings(values: list[Any], key: str, walk: ItemWalk, where: str) -> str:
    """The ``key`` string of each object in ``values``, one a line."""
    parts = []
    for value in values:
        text = value.get(key) if isinstance(value, Mapping) else None
        if isinstance(text, str):
            parts.append(text)
        elif not isinstance(value, Mapping):
            raise TraceError(walk.source, where, f"expected objects, found {json_kind(value)}")
    return "\n".join(parts)


def _web_search(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # An id that is there must be one; only an item without any is named by its place.
    has_id = item.get("id") is not None
    call_id = walk.call_id(item, where, "id") if has_id else f"web_search_call@{where}"
    walk.call(call_id, "web_search", _object(item, "action", walk, where), where)


def _file_search(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "id")
    walk.call(call_id, "file_search", {"queries": _list(item, "queries", walk, where) or []}, where)
    results = _list(item, "results", walk, where)
    if results is not None:
        walk.result(call_id, _failed(item), _strings(results, "text", walk, where), where)


def _code_interpreter(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "id")
    code = optional_str(item, "code", walk.source, where)
    walk.call(call_id, "code_interpreter", {} if code is None else {"code": code}, where)
    outputs = _list(item, "outputs", walk, where)
    if outputs is not None:
        # Logs are text; an image output has none (its URL is not something the agent read).
        walk.result(call_id, _failed(item), _strings(outputs, "logs", walk, where), where)


def _mcp_call(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "id")
    name = tool_name(item, "name", walk.source, where)
    walk.call(
        call_id, name, json_arguments(item.get("arguments"), walk.source, where, "arguments"), where
    )
    output = optional_str(item, "output", walk.source, where)
    error = item.get("error")
    if error is not None:
        walk.result(call_id, True, error if isinstance(error, str) else "", where)
    elif output is not None:
        walk.result(call_id, _failed(item), output, where)


def _image_generation(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "id")
    walk.call(call_id, "image_generation", {}, where)
    # The result is the image itself (base64): no text an agent reads, and never copied.
    if optional_str(item, "result", walk.source, where) is not None or _failed(item):
        walk.result(call_id, _failed(item), "", where)


def _caller_side_call(tool: str, key: str) -> ItemHandler:
    """A call that the caller runs (computer, shell, apply_patch): ``call_id`` pairs it."""

    def handle(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
        call_id = walk.call_id(item, where, "call_id")
        walk.call(call_id, tool, _object(item, key, walk, where), where)

    return handle


def _computer_output(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    # A screenshot: no text.
    walk.result(walk.call_id(item, where, "call_id"), _failed(item), "", where)


def _shell_output(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "call_id")
    texts: list[str] = []
    failed = _failed(item)
    for chunk in _list(item, "output", walk, where) or []:
        if not isinstance(chunk, Mapping):
            raise TraceError(
                walk.source, where, f"output: expected objects, found {json_kind(chunk)}"
            )
        texts.extend(
            text for key in ("stdout", "stderr") if isinstance(text := chunk.get(key), str) and text
        )
        outcome = chunk.get("outcome")
        if isinstance(outcome, Mapping) and (
            outcome.get("type") == "timeout" or outcome.get("exit_code") not in (None, 0)
        ):
            failed = True
    walk.result(call_id, failed, "\n".join(texts), where)


def _apply_patch_output(walk: ItemWalk, item: Mapping[str, Any], where: str) -> None:
    call_id = walk.call_id(item, where, "call_id")
    output = optional_str(item, "output", walk.source, where)
    walk.result(call_id, _failed(item), output or "", where)


BUILTIN_HANDLERS: Mapping[str, ItemHandler] = {
    "web_search_call": _web_search,
    "file_search_call": _file_search,
    "code_interpreter_call": _code_interpreter,
    "mcp_call": _mcp_call,
    "image_generation_call": _image_generation,
    "computer_call": _caller_side_call("computer", "action"),
    "computer_call_output": _computer_output,
    "shell_call": _caller_side_call("shell", "action"),
    "shell_call_output": _shell_output,
    "apply_patch_call": _caller_side_call("apply_patch", "operation"),
    "apply_patch_call_output": _apply_patch_output,
}
