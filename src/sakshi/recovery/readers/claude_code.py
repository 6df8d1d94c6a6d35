"""Reads Claude Code session transcripts (``~/.claude/projects/<project>/<session>.jsonl``),
format name ``claude``.

One JSON object a line, each with a ``type``. ``user`` and ``assistant`` lines hold a
``message`` in the Anthropic Messages shape (read with ``anthropic_blocks``); every other
type is bookkeeping (summaries, file-history snapshots) and is skipped, as are side chains
(sub-agents' own conversations); what is skipped is counted.
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.recovery.model import Event, Trace
from sakshi.recovery.readers.anthropic import anthropic_blocks
from sakshi.recovery.readers.common import Reading, Tally, TraceError, json_kind, jsonl_lines

__all__ = ["read_claude"]


def read_claude(data: bytes, source: str) -> Reading:
    """A Claude Code transcript as a trace: the main agent's user and assistant lines."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    for number, obj in jsonl_lines(data, source):
        where = f"line {number}"
        kind = obj.get("type")
        if not isinstance(kind, str):
            raise TraceError(source, where, f"type: expected a string, found {json_kind(kind)}")
        # Side chains are sub-agents' own conversations, not this agent's steps.
        if kind not in ("user", "assistant") or obj.get("isSidechain") is True:
            tally.skip()
            continue
        message = obj.get("message")
        if not isinstance(message, Mapping):
            raise TraceError(
                source, where, f"message: expected an object, found {json_kind(message)}"
            )
        events.extend(anthropic_blocks(kind, message.get("content"), names, source, where, tally))
    return Reading(Trace(tuple(events), "claude"), tally.skipped)
