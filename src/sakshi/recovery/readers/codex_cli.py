"""Reads OpenAI Codex CLI rollouts (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``),
format name ``codex-cli``.

One JSON object a line, each ``{"timestamp", "type", "payload"}``; the first is the
``session_meta`` line. A ``response_item`` line's payload is a Responses API item and is
read as one (``responses_items``): messages, ``function_call`` / ``function_call_output``
paired by ``call_id``, ``custom_tool_call`` (apply_patch) and its output,
``local_shell_call`` (answered by a ``function_call_output`` with its call id), web search.
``session_meta``, ``turn_context``, ``event_msg`` and ``compacted`` lines carry no tool
event of their own (an ``event_msg`` repeats, for the terminal, what the response items
already hold): they are skipped and counted. Any other line type is an error.

Codex keeps no failure flag on a tool output; the output's own header line (``Exit code:
N``, ``Process exited with code N``) or its JSON wrapper's ``metadata.exit_code`` is the
record, and a non-zero code makes the result an error.
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.recovery.model import Trace
from sakshi.recovery.readers.common import Reading, TraceError, json_kind, jsonl_lines
from sakshi.recovery.readers.responses_items import item_walk

__all__ = ["ROLLOUT_LINE_TYPES", "read_codex_cli"]

FORMAT = "codex-cli"

# Line types that carry no tool event: the session's metadata, each turn's settings, the
# events shown in the terminal, and the summary that replaces compacted history.
# A tuple: ``in`` a set would raise on a type that is a JSON list.
_QUIET_LINES = ("session_meta", "turn_context", "event_msg", "compacted")
ROLLOUT_LINE_TYPES = (*_QUIET_LINES, "response_item")


def read_codex_cli(data: bytes, source: str) -> Reading:
    """A Codex CLI rollout as a trace; a line of unknown type is an error."""
    walk = item_walk(source, exit_status_in_text=True)
    first = True
    for number, line in jsonl_lines(data, source):
        where = f"line {number}"
        kind = line.get("type")
        if first and kind != "session_meta":
            raise TraceError(
                source, where, "type: a Codex rollout opens with its session_meta line"
            )
        first = False
        payload = line.get("payload")
        if not isinstance(payload, Mapping):
            raise TraceError(
                source, where, f"payload: expected an object, found {json_kind(payload)}"
            )
        if kind == "response_item":
            walk.read(payload, where)
        elif kind in _QUIET_LINES:
            walk.tally.skip()
        else:
            raise TraceError(source, where, "type: not a Codex rollout line type sakshi knows")
    if first:
        raise TraceError(
            source, "line 1", "empty: a Codex rollout opens with its session_meta line"
        )
    return Reading(Trace(tuple(walk.events), FORMAT), walk.tally.skipped)
