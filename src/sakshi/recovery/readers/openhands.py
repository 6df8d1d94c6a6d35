"""Reads OpenHands trajectories, format name ``openhands``.

The event stream as OpenHands saves it (the trajectory the web UI downloads as
``trajectory-<conversation>.json``, a bare list, or the ``/trajectory`` API's
``{"trajectory": [...]}``, or ``save_trajectory_path`` of a headless run): one object an
event, each with an ``id``, a ``source`` (``user``, ``agent``, ``environment``) and either
an ``action`` or an ``observation``.

- An agent's action that a tool carried out is a call: one with ``tool_call_metadata``
  (the model's function call: its ``function_name`` is the tool), or, when the agent wrote
  the command in its text (no function calling), one of the actions that run something
  (``run`` is ``bash``, ``run_ipython`` is ``ipython``, the others keep their name:
  ``read``, ``edit``, ``browse``, ...). Its arguments are the action's ``args``; its call
  id is the event's ``id``.
- An observation names the action it answers by ``cause`` (that event's ``id``): it is the
  result of that call, its text the observation's ``content``. It is an error when it is
  an ``error`` or ``user_rejected`` observation, or a command's exit code (``extras.metadata
  .exit_code``) is not 0.
- A ``message`` action is a message; the system prompt, state changes, recalls,
  condensation and the like are skipped and counted, as are a user's own commands and
  the observations of anything that is not a call.

A delegated agent (``delegate``) writes its events into the same stream: its calls are
read like the agent's own, and are part of the run. OpenHands 1.x (its software agent
SDK) writes events of another shape, tagged by ``kind``: openhands_sdk.py reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    one_of,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.openhands_sdk import is_sdk_event, read_sdk_events
from sakshi.recovery.readers.run_document import parse_document

__all__ = ["is_openhands_event", "read_openhands"]

FORMAT = "openhands"

# Actions that run something: a call even without the model's function call metadata.
_RUNS = (
    "run",
    "run_ipython",
    "read",
    "write",
    "edit",
    "browse",
    "browse_interactive",
    "call_tool_mcp",
    "delegate",
)
_TEXT_TOOLS = {"run": "bash", "run_ipython": "ipython"}
# Actions that are bookkeeping, not a call (unless the model called them as a tool).
_QUIET_ACTIONS = (
    "system",
    "start",
    "reject",
    "null",
    "pause",
    "resume",
    "stop",
    "change_agent_state",
    "push",
    "send_pr",
    "recall",
    "condensation",
    "condensation_request",
    "task_tracking",
    "loop_recovery",
)
_SAID = ("message", "think", "finish")
_OBSERVATIONS = (
    "read",
    "write",
    "edit",
    "browse",
    "run",
    "run_ipython",
    "chat",
    "delegate",
    "message",
    "error",
    "success",
    "null",
    "think",
    "agent_state_changed",
    "user_rejected",
    "condense",
    "recall",
    "mcp",
    "download",
    "task_tracking",
    "loop_detection",
)
_FAILED = ("error", "user_rejected")
_NOT_AN_EVENT = "not an OpenHands event: expected an object with an action or an observation"


def is_openhands_event(event: object) -> bool:
    """An OpenHands event: an object with an ``id`` and a ``source``, and an ``action`` or
    an ``observation`` (never both)."""
    return (
        _acts_or_observes(event)
        and isinstance(event, Mapping)
        and "id" in event
        and isinstance(event.get("source"), str)
    )


def _acts_or_observes(event: object) -> TypeGuard[Mapping[str, Any]]:
    """An object with an ``action`` or an ``observation`` (never both)."""
    return isinstance(event, Mapping) and (
        isinstance(event.get("action"), str) != isinstance(event.get("observation"), str)
    )


def read_openhands(data: bytes, source: str) -> Reading:
    """An OpenHands trajectory as a trace: calls paired with observations by ``cause``."""
    doc = parse_document(data, source, "an OpenHands trajectory")
    events_in = _events(doc)
    if not isinstance(events_in, list):
        raise TraceError(
            source,
            "line 1",
            'not an OpenHands trajectory: expected a list of events or {"trajectory": [...]}',
        )
    named = "trajectory" if isinstance(doc, Mapping) else ""
    tally = Tally()
    if events_in and is_sdk_event(events_in[0]):
        sdk = read_sdk_events(events_in, source, tally)
        return Reading(Trace(tuple(sdk), FORMAT), tally.skipped)
    events: list[Event] = []
    calls: dict[str, str] = {}  # call id -> tool
    seen: set[str] = set()  # every event id so far
    for index, event in enumerate(events_in):
        where = f"{named}[{index}]"
        if not _acts_or_observes(event):
            raise TraceError(source, where, _NOT_AN_EVENT)
        event_id = _event_id(event.get("id"), source, f"{where}.id")
        if event_id in seen:
            raise TraceError(source, where, "id: the same event id is given twice")
        seen.add(event_id)
        if isinstance(event.get("action"), str):
            events.extend(_action(event, event_id, calls, source, where, tally))
        else:
            events.extend(_observation(event, calls, seen, source, where, tally))
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def _events(doc: object) -> object:
    """The event list: bare, the API's ``trajectory``, or the SDK's ``events``."""
    if not isinstance(doc, Mapping):
        return doc
    return doc.get("trajectory", doc.get("events"))


def _event_id(value: object, source: str, where: str) -> str:
    """An event id (or a cause) as text: OpenHands writes integers."""
    if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
        raise TraceError(source, where, f"expected an integer, found {json_kind(value)}")
    return str(value)


def _action(
    event: Mapping[str, Any],
    event_id: str,
    calls: dict[str, str],
    source: str,
    where: str,
    tally: Tally,
) -> list[Event]:
    kind = event["action"]
    metadata = event.get("tool_call_metadata")
    if metadata is not None and not isinstance(metadata, Mapping):
        raise TraceError(
            source, where, f"tool_call_metadata: expected an object, found {json_kind(metadata)}"
        )
    by_agent = event.get("source") != "user"
    if metadata is not None or (by_agent and one_of(kind, _RUNS)):
        name = (
            tool_name(metadata, "function_name", source, f"{where}.tool_call_metadata")
            if metadata is not None
            else _TEXT_TOOLS.get(kind, kind)
        )
        calls[event_id] = name
        return [ToolCall(event_id, name, tool_args(event.get("args"), source, f"{where}.args"))]
    if one_of(kind, _SAID):
        return _said(event, source, where)
    if one_of(kind, _QUIET_ACTIONS) or one_of(kind, _RUNS):
        tally.skip()  # bookkeeping, or a command the user ran themselves
        return []
    raise TraceError(source, where, "action: not an OpenHands action sakshi knows")


def _said(event: Mapping[str, Any], source: str, where: str) -> list[Event]:
    """A message, a thought or the final words, as a message."""
    text = event.get("message", "")
    args = event.get("args")
    if isinstance(args, Mapping) and isinstance(args.get("content"), str):
        text = args["content"]
    if not isinstance(text, str):
        raise TraceError(source, where, f"message: expected a string, found {json_kind(text)}")
    role = "user" if event.get("source") == "user" else "assistant"
    return [Message(role, text)] if text else []


def _observation(
    event: Mapping[str, Any],
    calls: dict[str, str],
    seen: set[str],
    source: str,
    where: str,
    tally: Tally,
) -> list[Event]:
    kind = event["observation"]
    if not one_of(kind, _OBSERVATIONS):
        raise TraceError(source, where, "observation: not an OpenHands observation sakshi knows")
    cause = event.get("cause")
    call_id = None if cause is None else _event_id(cause, source, f"{where}.cause")
    if call_id is not None and call_id not in seen:
        raise TraceError(source, where, "cause: names no event before it")
    if call_id is None or call_id not in calls:
        tally.skip()  # what no call caused: a state change, a recall, a message's echo
        return []
    content = event.get("content")
    if not isinstance(content, str):
        raise TraceError(source, where, f"content: expected a string, found {json_kind(content)}")
    failed = one_of(kind, _FAILED) or _exit_code(event, source, where) not in (None, 0)
    return [ToolResult(call_id, calls[call_id], failed, content)]


def _exit_code(event: Mapping[str, Any], source: str, where: str) -> int | None:
    """A command's exit code (``extras.metadata.exit_code``, or ``extras.exit_code`` in
    older releases), or None when the observation records none."""
    extras = event.get("extras")
    if extras is None:
        return None
    if not isinstance(extras, Mapping):
        raise TraceError(source, where, f"extras: expected an object, found {json_kind(extras)}")
    metadata = extras.get("metadata")
    holder = metadata if isinstance(metadata, Mapping) else extras
    code = holder.get("exit_code")
    if code is None:
        return None
    if isinstance(code, bool) or not isinstance(code, int):
        raise TraceError(source, where, f"exit_code: expected an integer, found {json_kind(code)}")
    return code
