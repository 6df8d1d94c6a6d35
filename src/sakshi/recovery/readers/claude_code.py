"""Reads Claude Code session transcripts (``~/.claude/projects/<project>/<session>.jsonl``),
format name ``claude``.

One JSON object a line, each with a ``type``. ``user`` and ``assistant`` lines hold a
``message`` in the Anthropic Messages shape (read with ``anthropic_blocks``); every other
type is bookkeeping (summaries, file-history snapshots) and is skipped, as are side chains.
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.errors import type_name
from sakshi.recovery.model import Event, Trace
from sakshi.recovery.readers.anthropic import anthropic_blocks
from sakshi.recovery.readers.common import TraceError, jsonl_lines

__all__ = ["read_claude"]


def read_claude(data: bytes, source: str) -> Trace:
    """A Claude Code transcript as a trace: the main agent's user and assistant lines."""
    events: list[Event] = []
    names: dict[str, str] = {}
    for number, obj in jsonl_lines(data, source):
        kind = obj.get("type")
        if not isinstance(kind, str):
            raise TraceError(source, f"line {number}", "a transcript line needs a type")
        # Side chains are sub-agents' own conversations, not this agent's steps.
        if kind not in ("user", "assistant") or obj.get("isSidechain") is True:
            continue
        message = obj.get("message")
        if not isinstance(message, Mapping):
            raise TraceError(
                source, f"line {number}", f"message is {type_name(message)}, expected an object"
            )
        events.extend(
            anthropic_blocks(kind, message.get("content"), names, source, f"line {number}")
        )
    return Trace(tuple(events), "claude")
