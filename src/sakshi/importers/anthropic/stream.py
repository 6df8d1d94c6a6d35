"""A saved server-sent event stream of a Messages response, assembled into the message.

``curl -N``, a proxy log or an HTTP cassette saves a streamed response as the
``text/event-stream`` body: ``event: message_start`` / ``content_block_start`` /
``content_block_delta`` / ``content_block_stop`` / ``message_delta`` / ``message_stop``,
each with a ``data:`` line of JSON. ``is_event_stream`` tells such a file from a JSON
response by its content; ``assemble_stream`` builds the final message exactly as the
non-streamed response would have held it:

- ``message_start`` gives the message (its ``content`` so far, usually empty);
- ``content_block_start`` appends block ``index`` (the next one), as given;
- ``content_block_delta``: ``text_delta`` appends to the block's ``text``,
  ``citations_delta`` appends its citation to the block's ``citations``, ``thinking_delta``
  and ``signature_delta`` to ``thinking`` and ``signature``, ``input_json_delta`` to the
  block's input JSON, parsed when the block stops;
- ``message_delta`` sets the message's fields it carries (``stop_reason``, ...) and
  updates its ``usage``; ``message_stop`` ends it. ``ping`` carries nothing.

The event format is read as the WHATWG specification reads it (fields ``event``,
``data``, ``id``, ``retry``; ``:`` comments; events end at a blank line; LF, CRLF or CR
line ends), with one allowance: the last event may end at the end of the file, as saved
files often do. Everything else is strict, because a response assembled wrong would be
graded wrong: an unknown field or event type, a ``data`` that is not a JSON object, an
``event:`` name that differs from its data's ``type``, a delta for a block that is not
open or of another kind, an ``error`` event, anything after ``message_stop`` or a stream
that ends before it: each is an ``InputError`` naming the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sakshi.errors import InputError, a_kind

__all__ = ["StreamEvent", "assemble_stream", "is_event_stream", "read_events"]

_FIELDS = ("event", "data", "id", "retry")
_BOM = "\ufeff"
# The string deltas: the type of block each one extends, and the key (in the delta and
# in the block) of the text it appends.
_STRING_DELTAS = {
    "text_delta": ("text", "text"),
    "thinking_delta": ("thinking", "thinking"),
    "signature_delta": ("thinking", "signature"),
}


class StreamEvent(NamedTuple):
    """One event of the stream: its name (or None), its parsed data, where it starts."""

    name: str | None
    data: dict[str, Any]
    line: int  # 1-based line of the event's first field


def is_event_stream(data: bytes) -> bool:
    """Whether ``data`` is an event stream rather than JSON: its first line that is not
    blank is an event-stream field (``event:``, ``data:``, ``id:``, ``retry:``) or a
    ``:`` comment. A JSON response starts with ``{``, so the two never overlap."""
    text = data[:4096].decode("utf-8", "replace").removeprefix(_BOM)
    for line in text.splitlines():
        if line.strip():
            return line.startswith(":") or line.split(":", 1)[0] in _FIELDS
    return False


def _lines(text: str) -> Iterator[tuple[int, str]]:
    # Only LF, CRLF and CR end a line in an event stream (str.splitlines would also split
    # at U+2028 and friends, which may stand inside a JSON string).
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    yield from enumerate(lines, start=1)


@dataclass
class _Pending:
    """The fields of the event being read."""

    line: int = 0
    name: str | None = None
    data: list[str] = field(default_factory=list)

    def dispatch(self, source: str) -> StreamEvent | None:
        """The event these fields make; None for nothing (blank lines, comments)."""
        if not self.line:
            return None
        if not self.data:
            raise InputError(source, f"line {self.line}", "an event with no data: line")
        raw = "\n".join(self.data)
        try:
            parsed = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise InputError(
                source, f"line {self.line}", f"the event's data is not JSON ({exc})"
            ) from None
        if not isinstance(parsed, dict) or not isinstance(parsed.get("type"), str):
            raise InputError(
                source,
                f"line {self.line}",
                f"expected the event's data to be an object with a type, found "
                f"{a_kind(parsed, 'an object without a type')}",
            )
        if self.name is not None and self.name != parsed["type"]:
            raise InputError(
                source,
                f"line {self.line}",
                f"the event is named {self.name!r} but its data has type {parsed['type']!r}",
            )
        return StreamEvent(self.name, parsed, self.line)


def read_events(text: str, source: str) -> list[StreamEvent]:
    """The events of an event stream, in order; an ``InputError`` naming the line of the
    first one that cannot be read."""
    events: list[StreamEvent] = []
    pending = _Pending()
    for number, line in _lines(text.removeprefix(_BOM)):
        if not line:
            event = pending.dispatch(source)
            if event is not None:
                events.append(event)
            pending = _Pending()
            continue
        if line.startswith(":"):
            continue  # a comment
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name not in _FIELDS:
            raise InputError(
                source,
                f"line {number}",
                f"{name[:40]!r} is not an event-stream field (event, data, id, retry)",
            )
        pending.line = pending.line or number
        if name == "event":
            pending.name = value
        elif name == "data":
            pending.data.append(value)
    # The last event may end at the end of the file without its blank line.
    event = pending.dispatch(source)
    if event is not None:
        events.append(event)
    return events


@dataclass
class _Open:
    """A block between its start and its stop: the pieces its deltas brought, joined
    once at the stop (joining at every delta would take quadratic time)."""

    text: dict[str, list[str]] = field(default_factory=dict)  # block key -> pieces
    input_json: list[str] = field(default_factory=list)


@dataclass
class _Message:
    """The message being assembled, and the state of its blocks."""

    source: str
    body: dict[str, Any] | None = None
    open_blocks: dict[int, _Open] = field(default_factory=dict)  # index -> what it gathers
    stopped: bool = False

    def fail(self, event: StreamEvent, problem: str) -> InputError:
        """An ``InputError`` at ``event``'s line."""
        return InputError(self.source, f"line {event.line}", problem)

    def content(self, event: StreamEvent) -> list[Any]:
        """The message's content list, once ``message_start`` has given it."""
        if self.body is None:
            raise self.fail(event, f"{event.data['type']} before message_start")
        content: list[Any] = self.body["content"]
        return content

    def block(self, event: StreamEvent) -> tuple[int, dict[str, Any]]:
        """The open block ``event`` names by its ``index``."""
        index = event.data.get("index")
        content = self.content(event)
        if isinstance(index, bool) or not isinstance(index, int) or index not in self.open_blocks:
            raise self.fail(event, f"{event.data['type']} for block {index!r}, which is not open")
        block: dict[str, Any] = content[index]
        return index, block


def _start_message(message: _Message, event: StreamEvent) -> None:
    body = event.data.get("message")
    if message.body is not None:
        raise message.fail(event, "a second message_start")
    if not isinstance(body, dict) or not isinstance(body.get("content"), list):
        raise message.fail(event, "message_start without a message holding a content list")
    message.body = dict(body)
    message.body["content"] = list(body["content"])


def _start_block(message: _Message, event: StreamEvent) -> None:
    content = message.content(event)
    index, block = event.data.get("index"), event.data.get("content_block")
    if index != len(content) or isinstance(index, bool):
        raise message.fail(
            event, f"content_block_start for block {index!r}; the next block is {len(content)}"
        )
    if not isinstance(block, dict) or not isinstance(block.get("type"), str):
        raise message.fail(event, "content_block_start without a content_block with a type")
    started = dict(block)
    if isinstance(started.get("citations"), list):
        started["citations"] = list(started["citations"])  # appended to, never shared
    content.append(started)
    message.open_blocks[len(content) - 1] = _Open()


def _apply_delta(message: _Message, event: StreamEvent) -> None:
    index, block = message.block(event)
    delta = event.data.get("delta")
    kind = delta.get("type") if isinstance(delta, dict) else None
    if not isinstance(delta, dict) or not isinstance(kind, str):
        raise message.fail(event, "content_block_delta without a delta with a type")
    if kind == "citations_delta":
        citation = delta.get("citation")
        if block["type"] != "text" or not isinstance(citation, dict):
            raise message.fail(event, "a citations_delta needs a text block and a citation")
        if not isinstance(block.get("citations"), list):
            block["citations"] = []
        block["citations"].append(citation)
    elif kind == "input_json_delta":
        partial = delta.get("partial_json")
        if "input" not in block or not isinstance(partial, str):
            raise message.fail(event, "an input_json_delta needs a block with an input")
        message.open_blocks[index].input_json.append(partial)
    elif kind in _STRING_DELTAS:
        block_type, key = _STRING_DELTAS[kind]
        piece, current = delta.get(key), block.get(key) or ""
        if block["type"] != block_type or not isinstance(piece, str):
            raise message.fail(event, f"a {kind} for a {block['type']} block")
        if not isinstance(current, str):
            raise message.fail(event, f"a {kind} for a block whose {key} is not a string")
        message.open_blocks[index].text.setdefault(key, [current]).append(piece)
    else:
        raise message.fail(event, f"unknown delta type {kind!r}: cannot assemble it exactly")


def _stop_block(message: _Message, event: StreamEvent) -> None:
    index, block = message.block(event)
    gathered = message.open_blocks.pop(index)
    for key, pieces in gathered.text.items():
        block[key] = "".join(pieces)
    partial = "".join(gathered.input_json)
    if partial:
        try:
            block["input"] = json.loads(partial)
        except (ValueError, RecursionError) as exc:
            raise message.fail(
                event, f"block {index}'s input JSON does not parse ({exc})"
            ) from None


def _message_delta(message: _Message, event: StreamEvent) -> None:
    if message.body is None:
        raise message.fail(event, "message_delta before message_start")
    delta, usage = event.data.get("delta", {}), event.data.get("usage")
    if not isinstance(delta, dict) or (usage is not None and not isinstance(usage, dict)):
        raise message.fail(event, "message_delta with a delta or usage that is not an object")
    message.body.update(delta)
    if usage is not None:
        current = message.body.get("usage")
        message.body["usage"] = {**(current if isinstance(current, dict) else {}), **usage}


def _stop_message(message: _Message, event: StreamEvent) -> None:
    if message.body is None:
        raise message.fail(event, "message_stop before message_start")
    if message.open_blocks:
        still = ", ".join(str(index) for index in sorted(message.open_blocks))
        raise message.fail(event, f"message_stop while block {still} is still open")
    message.stopped = True


_HANDLERS = {
    "message_start": _start_message,
    "content_block_start": _start_block,
    "content_block_delta": _apply_delta,
    "content_block_stop": _stop_block,
    "message_delta": _message_delta,
    "message_stop": _stop_message,
}


def assemble_stream(text: str, source: str) -> dict[str, Any]:
    """The Messages response an event stream carries, assembled exactly; an
    ``InputError`` naming the line for anything that cannot be assembled honestly."""
    message = _Message(source)
    last_line = 0
    for event in read_events(text, source):
        kind = event.data["type"]
        last_line = event.line
        if message.stopped:
            raise message.fail(event, f"{kind} after message_stop")
        if kind == "ping":
            continue
        if kind == "error":
            error = event.data.get("error")
            shown = json.dumps(error, ensure_ascii=False)[:200] if error is not None else "{}"
            raise message.fail(event, f"the stream carries an error event: {shown}")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise message.fail(event, f"unknown event type {kind!r}: cannot assemble it exactly")
        handler(message, event)
    if message.body is None or not message.stopped:
        where = f"line {last_line}" if last_line else None
        raise InputError(
            source,
            where,
            "the event stream ends before message_stop: an incomplete response is not graded",
        )
    return message.body
