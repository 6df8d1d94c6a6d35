"""The normalised trace model (SPEC section 5, ``sakshi.trace.v1``). Pure data.

A trace is the ordered list of what happened in one agent run: tool calls and their
results (linked by ``call_id``), messages, and harness events (what the harness did and
verified while the agent ran, such as deleting the source after the producer's result).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Event",
    "Harness",
    "Message",
    "ToolCall",
    "ToolResult",
    "Trace",
    "offset_malformed",
    "path_conflict",
    "read_offset",
    "read_path",
]


@dataclass(frozen=True)
class ToolCall:
    """The agent asked for a tool. ``tool`` is lower-cased: ``Read`` is ``read``."""

    call_id: str
    tool: str
    args: Mapping[str, Any]

    def __post_init__(self) -> None:
        # Readers lower-case names, but a trace built by hand must compare the same way.
        if (low := self.tool.lower()) != self.tool:
            object.__setattr__(self, "tool", low)


@dataclass(frozen=True)
class ToolResult:
    """A tool answered the call ``call_id``."""

    call_id: str
    tool: str
    is_error: bool
    text: str
    details: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        if (low := self.tool.lower()) != self.tool:
            object.__setattr__(self, "tool", low)


@dataclass(frozen=True)
class Message:
    """A user or assistant message's text (tool calls are separate events)."""

    role: str
    text: str


@dataclass(frozen=True)
class Harness:
    """A harness event: ``source_deleted`` (path, verified) or ``handle_checked`` (handle,
    readable, fact_present). ``after_call_id`` is the call whose result it follows."""

    event: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    after_call_id: str | None = None


Event = ToolCall | ToolResult | Message | Harness


@dataclass(frozen=True)
class Trace:
    """A run's events in order, and the format they were read from."""

    events: tuple[Event, ...]
    source_format: str


_PATH_KEYS = ("path", "file_path", "filePath")
_FOLDED_PATH_KEYS = frozenset(key.casefold() for key in _PATH_KEYS)


def path_conflict(call: ToolCall) -> bool:
    """The call names its path twice and the two differ: ``path`` beside ``file_path`` (or
    ``filePath``, or another letter case of one) naming different files, or one of them
    not a string. Which one a tool reads is its own choice, so no chain can rest on it."""
    values = [
        value
        for key, value in call.args.items()
        if str(key).casefold() in _FOLDED_PATH_KEYS and value is not None
    ]
    if len(values) < 2:
        return False
    return not all(isinstance(value, str) for value in values) or len(set(values)) > 1


def read_path(call: ToolCall) -> str | None:
    """The path argument of a read call (``path``, ``file_path`` or ``filePath``); None
    when it has none, or names two (``path_conflict``)."""
    if path_conflict(call):
        return None
    for key in _PATH_KEYS:
        value = call.args.get(key)
        if isinstance(value, str):
            return value
    return None


def read_offset(call: ToolCall) -> int | None:
    """The read call's ``offset`` if it is a JSON integer; else None (absent, null or not one).

    Only an integer is an offset (SPEC section 5): a numeric string ("2001", or "२००१" in
    another script), a float (2001.0) or a boolean is not, whatever a tool might make of it.
    """
    value = call.args.get("offset")
    # type() rather than isinstance(): True is an int to Python, never an offset to us.
    return value if type(value) is int else None


def offset_malformed(call: ToolCall) -> bool:
    """The call names an ``offset`` (not null) that is no JSON integer: such a read starts
    nowhere known, so it neither begins a chain nor continues one."""
    value = call.args.get("offset")
    return value is not None and type(value) is not int
