"""Reads SWE-agent trajectories (``<instance>.traj``), format name ``swe-agent``.

One JSON object: ``trajectory`` (the steps), ``history`` (the messages sent to the model),
``info``, ``environment`` and ``replay_config``. A step is one turn of the agent:
``thought`` (its text), ``action`` (the command line it ran in the environment's shell,
with SWE-agent's own tools such as ``open`` or ``str_replace_editor`` installed there as
commands) and ``observation`` (what the shell printed back). The command comes from the
assistant's text (or its function call, rendered as that command line), so each step is a
``bash`` call with ``{"command": action}`` and its result, tied by the step itself: the
call id is the step's place (``step-3``). SWE-agent records no exit status, so a result is
never an error; nothing but a ``bash`` call comes out of this format.

``history`` holds the same turns again as messages: it is skipped and counted, never read
twice; a file with no ``trajectory`` (a demonstration) is read from its ``history``
(swe_history.py). A retry agent's file holds each attempt under ``attempts`` (each its own
``trajectory``), and a copy of the chosen one at the top level: every attempt is part of
the run and is read (``attempt-1.step-3``), and the copy is skipped and counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import Reading, Tally, TraceError, json_kind
from sakshi.recovery.readers.run_document import parse_document
from sakshi.recovery.readers.swe_history import read_history

__all__ = ["is_swe_step", "read_swe_agent"]

FORMAT = "swe-agent"
_SHAPE = "expected an object with a trajectory list of steps (action, observation)"
_TOOL = "bash"


def is_swe_step(step: object) -> bool:
    """A SWE-agent trajectory step: an object whose action and observation are text."""
    return (
        isinstance(step, Mapping)
        and isinstance(step.get("action"), str)
        and isinstance(step.get("observation"), str)
    )


def read_swe_agent(data: bytes, source: str) -> Reading:
    """A SWE-agent trajectory as a trace: each step a bash call and its result."""
    doc = parse_document(data, source, "a SWE-agent trajectory")
    if not isinstance(doc, Mapping):
        raise TraceError(source, "line 1", f"not a SWE-agent trajectory: {_SHAPE}")
    tally = Tally()
    history = doc.get("history")
    if "trajectory" not in doc and "attempts" not in doc and isinstance(history, list):
        told = read_history(history, source, tally)
        return Reading(Trace(tuple(told), FORMAT), tally.skipped)
    if "history" in doc:
        tally.skip()  # the same turns as messages, sent to the model
    attempts = doc.get("attempts")
    if attempts is None:
        steps = _steps(doc, source, "trajectory")
        steps_read = _read_steps(steps, source, ("trajectory", ""))
        return Reading(Trace(tuple(steps_read), FORMAT), tally.skipped)
    if not isinstance(attempts, list) or not attempts:
        raise TraceError(source, "attempts", f"expected a list, found {json_kind(attempts)}")
    if "trajectory" in doc:
        tally.skip()  # the chosen attempt's copy: read once, in its place among attempts
    events: list[Event] = []
    for index, attempt in enumerate(attempts):
        where = f"attempts[{index}]"
        if not isinstance(attempt, Mapping):
            raise TraceError(source, where, f"expected an object, found {json_kind(attempt)}")
        if "history" in attempt:
            tally.skip()
        steps = _steps(attempt, source, f"{where}.trajectory")
        names = (f"{where}.trajectory", f"attempt-{index + 1}.")
        events.extend(_read_steps(steps, source, names))
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def _steps(holder: Mapping[str, Any], source: str, where: str) -> list[Any]:
    steps = holder.get("trajectory")
    if not isinstance(steps, list):
        raise TraceError(source, where, f"not a SWE-agent trajectory: {_SHAPE}")
    return steps


def _read_steps(steps: list[Any], source: str, names: tuple[str, str]) -> list[Event]:
    """The steps' events; ``names`` is where the steps stand (for messages) and the prefix
    of their call ids (an attempt's, or none)."""
    events: list[Event] = []
    at, prefix = names
    for index, step in enumerate(steps):
        where = f"{at}[{index}]"
        if not isinstance(step, Mapping):
            raise TraceError(source, where, f"not a SWE-agent step: {_SHAPE}")
        for key in ("action", "observation"):
            if not isinstance(step.get(key), str):
                raise TraceError(
                    source, where, f"{key}: expected a string, found {json_kind(step.get(key))}"
                )
        thought = step.get("thought")
        if thought is not None and not isinstance(thought, str):
            raise TraceError(
                source, where, f"thought: expected a string, found {json_kind(thought)}"
            )
        if thought:
            events.append(Message("assistant", thought))
        call_id = f"{prefix}step-{index + 1}"
        events.append(ToolCall(call_id, _TOOL, {"command": step["action"]}))
        events.append(ToolResult(call_id, _TOOL, False, step["observation"]))
    return events
