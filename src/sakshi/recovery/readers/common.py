"""What every trace reader shares: the error, JSONL lines, and the checks of common fields.

Readers take the trace's bytes and a ``source`` label (the file as the user named it) and
return the model; none of them opens a file. A reader that meets something it does not
understand raises ``TraceError`` naming the line (or the message index); it never guesses.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from sakshi.errors import InputError, type_name
from sakshi.recovery.model import Trace

__all__ = [
    "JsonLine",
    "Reader",
    "TraceError",
    "jsonl_lines",
    "message_list",
    "need_str",
    "text_of",
    "tool_args",
]

# A reader: the trace's bytes and its source label in, the normalised trace out.
Reader = Callable[[bytes, str], Trace]


class TraceError(InputError):
    """A trace file that cannot be read; ``key`` holds the line number."""


class JsonLine(NamedTuple):
    """One non-blank line of a JSONL file: its 1-based number and the object on it."""

    number: int
    obj: dict[str, Any]


def jsonl_lines(data: bytes, source: str) -> Iterator[JsonLine]:
    """Each non-blank line, parsed; anything but a JSON object is an error."""
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError as exc:
            raise TraceError(
                source, f"line {number}", f"not JSON ({str(exc).split(':')[0]})"
            ) from None
        if not isinstance(obj, dict):
            raise TraceError(
                source, f"line {number}", f"expected a JSON object, found {type_name(obj)}"
            )
        yield JsonLine(number, obj)


def text_of(content: object, source: str, where: str) -> str:
    """Text of a message content: a string, or a list of blocks whose text blocks count."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, Mapping) and block.get("type") in (
                "text",
                "input_text",
                "output_text",
            ):
                text = block.get("text")
                if not isinstance(text, str):
                    raise TraceError(source, where, "a text block without a string text")
                parts.append(text)
            elif not isinstance(block, Mapping):
                raise TraceError(
                    source, where, f"a content block is {type_name(block)}, expected an object"
                )
        return "\n".join(parts)
    raise TraceError(
        source, where, f"content is {type_name(content)}, expected a string or a list of blocks"
    )


def need_str(obj: Mapping[str, Any], key: str, source: str, where: str) -> str:
    """``obj[key]``, which must be a non-empty string."""
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise TraceError(
            source, where, f"{key}: expected a non-empty string, found {type_name(value)}"
        )
    return value


def tool_args(value: object, source: str, where: str) -> Mapping[str, Any]:
    """A tool call's arguments: an object, or nothing (no arguments)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TraceError(
            source, where, f"tool arguments are {type_name(value)}, expected an object"
        )
    return value


def message_list(data: bytes, source: str) -> list[Any]:
    """The messages of a JSON message-list file: a bare list or ``{"messages": [...]}``."""
    try:
        doc = json.loads(data)
    except ValueError as exc:
        raise TraceError(source, f"line {getattr(exc, 'lineno', 1)}", "not JSON") from None
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(source, "line 1", 'expected a list of messages or {"messages": [...]}')
    return messages
