"""Reads Claude Code session transcripts (``~/.claude/projects/<project>/<session>.jsonl``),
format name ``claude``.

One JSON object a line, each with a ``type``. ``user`` and ``assistant`` lines hold a
``message`` in the Anthropic Messages shape (read with ``anthropic_blocks``). A sub-agent's
calls are part of the run (SPEC section 5), so its direct read of the source fails the case
as the agent's would, wherever Claude Code wrote them:

- side chains (``isSidechain``: a sub-agent's own conversation) are read like the main one;
- ``progress`` lines whose ``data.type`` is ``agent_progress`` carry one step of a Task
  sub-agent (``data.message``: ``{"type": "user"|"assistant", "message": {...}}``, the
  same blocks again), and are read in their place in the file. A step that is not of that
  shape, or a ``normalizedMessages`` list that holds anything (the step is read from
  ``data.message`` alone, so calls kept only there would be lost), is an error naming the
  line and the field.

Every other type, and every other kind of progress (hooks, a running command's output), is
bookkeeping: skipped and counted. A line that is another agent's record (``owners``: a
Kimi Code CLI log's, a Codex rollout's, a Pi session's) is an error naming that format,
never bookkeeping: read as Claude Code, the other agent's calls would be skipped in silence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from sakshi.recovery.model import Event, Trace
from sakshi.recovery.readers.anthropic import anthropic_blocks
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    jsonl_lines,
    one_of,
)
from sakshi.recovery.readers.owners import foreign_to

__all__ = ["read_claude"]

_ROLES = ("user", "assistant")
# Where a sub-agent's step stands in a progress line, for messages.
_STEP = "data.message"


class _Turn(NamedTuple):
    """One message to read: its role, its Anthropic-style message object, and the field
    path that leads to it (for messages)."""

    role: str
    message: Mapping[str, Any]
    field: str


def read_claude(data: bytes, source: str) -> Reading:
    """A Claude Code transcript as a trace: the main agent's user and assistant lines, its
    side chains and its sub-agents' steps, in file order."""
    events: list[Event] = []
    names: dict[str, str] = {}
    tally = Tally()
    for number, obj in jsonl_lines(data, source):
        where = f"line {number}"
        stranger = foreign_to(obj, "claude")
        if stranger is not None:
            raise TraceError(source, where, f"type: {stranger}")
        turn = _turn(obj, source, where)
        if turn is None:
            tally.skip()
            continue
        try:
            content = turn.message.get("content")
            events.extend(anthropic_blocks(turn.role, content, names, source, where, tally))
        except TraceError as exc:
            if not turn.field:
                raise
            # The block's own problem, placed under the progress line's step.
            raise TraceError(source, where, f"{turn.field}: {exc.problem}") from None
    return Reading(Trace(tuple(events), "claude"), tally.skipped)


def _turn(obj: Mapping[str, Any], source: str, where: str) -> _Turn | None:
    """The message a line holds, or None for a line that is bookkeeping."""
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise TraceError(source, where, f"type: expected a string, found {json_kind(kind)}")
    if one_of(kind, _ROLES):
        return _Turn(kind, _object(obj.get("message"), "message", source, where), "")
    if kind == "progress":
        return _sub_agent_step(obj.get("data"), source, where)
    return None


def _sub_agent_step(data: object, source: str, where: str) -> _Turn | None:
    """A progress line's sub-agent step (``agent_progress``), or None for other progress.

    The kind of progress must be told before anything is skipped: a line whose ``data``
    cannot say what it is could be a step, so it is an error, never passed over.
    """
    data = _object(data, "data", source, where)
    kind = data.get("type")
    if not isinstance(kind, str):
        raise TraceError(source, where, f"data.type: expected a string, found {json_kind(kind)}")
    if kind != "agent_progress":
        return None
    kept = data.get("normalizedMessages", [])
    if not isinstance(kept, list) or kept:
        found = f"a list of {len(kept)}" if isinstance(kept, list) else json_kind(kept)
        raise TraceError(
            source,
            where,
            "data.normalizedMessages: expected an empty list (a sub-agent's step is read "
            f"from {_STEP} alone), found {found}",
        )
    step = _object(data.get("message"), _STEP, source, where)
    role = step.get("type")
    if not one_of(role, _ROLES):
        raise TraceError(
            source, where, f"{_STEP}.type: expected user or assistant, found {json_kind(role)}"
        )
    field = f"{_STEP}.message"
    return _Turn(role, _object(step.get("message"), field, source, where), field)


def _object(value: object, field: str, source: str, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TraceError(source, where, f"{field}: expected an object, found {json_kind(value)}")
    return value
