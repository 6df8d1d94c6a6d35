"""Reads Claude Code session transcripts (``~/.claude/projects/<project>/<session>.jsonl``),
format name ``claude``.

One JSON object a line, each with a ``type``. ``user`` and ``assistant`` lines hold a
``message`` in the Anthropic Messages shape (read with ``anthropic_blocks``); every other
type is bookkeeping (summaries, file-history snapshots, progress notices) and is skipped
and counted. Side chains (``isSidechain``: a sub-agent's own conversation) are read like
the main one: a sub-agent's calls are part of the run (SPEC section 5), so its direct read
of the source fails the case as the agent's would.
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
        if kind not in ("user", "assistant"):
            tally.skip()
            continue
        message = obj.get("message")
        if not isinstance(message, Mapping):
            raise TraceError(
                source, where, f"message: expected an object, found {json_kind(message)}"
            )
        events.extend(anthropic_blocks(kind, message.get("content"), names, source, where, tally))
    return Reading(Trace(tuple(events), "claude"), tally.skipped)
