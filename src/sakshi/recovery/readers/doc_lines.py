"""Where a JSON document's element stands: the line of the file a key path leads to. Pure.

The readers of one-document formats (a message list, a Responses file, a Gemini CLI
session) name what they refuse by its key path (``messages[3].tool_calls[0]``): that is
the field, but not yet the line, and a person with a 2,000-line file needs both (SPEC
section 5: every TRACE_MALFORMED says file, line and field). ``placed`` turns such an
error into one keyed by the line where that element starts, its problem led by the path
(``line 57: messages[4].tool_calls[0]: function: ...``).
Nothing here quotes the trace: only positions are computed.
"""

from __future__ import annotations

import json
import re

from sakshi.recovery.readers.common import TraceError

__all__ = ["element_line", "placed"]

_SEGMENT = re.compile(r"([A-Za-z_]\w*)|\[(\d+)\]")
_DECODER = json.JSONDecoder()
_SPACE = " \t\r\n"


def _segments(path: str) -> list[str | int] | None:
    segments: list[str | int] = []
    position = 0
    for match in _SEGMENT.finditer(path):
        if match.start() not in (position, position + 1):
            return None
        name, index = match.groups()
        segments.append(int(index) if index is not None else name)
        position = match.end()
    return segments if segments and position == len(path) else None


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in _SPACE:
        position += 1
    return position


def _enter(text: str, position: int, segment: str | int) -> int | None:
    """The position of ``segment`` (an index or a key) of the container at ``position``."""
    opener = "[" if isinstance(segment, int) else "{"
    if position >= len(text) or text[position] != opener:
        return None
    position = _skip_space(text, position + 1)
    count = 0
    while position < len(text) and text[position] not in "]}":
        if isinstance(segment, str):
            key, position = _DECODER.raw_decode(text, position)
            position = _skip_space(text, position)
            if text[position] != ":":
                return None
            position = _skip_space(text, position + 1)
            if key == segment:
                return position
        elif count == segment:
            return position
        _, position = _DECODER.raw_decode(text, position)
        position = _skip_space(text, position)
        if position < len(text) and text[position] == ",":
            position = _skip_space(text, position + 1)
        count += 1
    return None


def element_line(data: bytes, path: str) -> int | None:
    """The 1-based line where the element at key path ``path`` starts, or None when the
    path does not lead into the document (a bare list's ``messages[3]`` is its ``[3]``)."""
    segments = _segments(path)
    if segments is None:
        return None
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
        start = _skip_space(text, 0)
        if isinstance(segments[0], str) and text[start : start + 1] == "[":
            segments = segments[1:]  # the file is the list itself
        position: int | None = start
        for segment in segments:
            position = None if position is None else _enter(text, position, segment)
    except (ValueError, IndexError, RecursionError):
        return None
    return None if position is None else text.count("\n", 0, position) + 1


def placed(exc: TraceError, data: bytes) -> TraceError:
    """``exc`` keyed by the line of the element its key path names, the path leading its
    problem as the field (``exc`` itself when it names a line already). A key that names
    no element of the document (a reader's name for the whole of it: "response") is
    placed at the line the document starts on."""
    key = exc.key
    if key is None or key.startswith("line "):
        return exc
    line = element_line(data, key)
    if line is None:
        body = data.lstrip(b" \t\r\n")
        line = data.count(b"\n", 0, len(data) - len(body)) + 1
    return TraceError(exc.source, f"line {line}", f"{key}: {exc.problem}")
