"""SWE-agent's ``history`` read as the run, for a ``.traj`` that holds no ``trajectory``
(a demonstration file, as SWE-agent keeps them, holds only the messages).

A history item is a message with a ``role`` and a ``message_type``. An ``action`` item of
the assistant carries the command it ran (``action``): a ``bash`` call, its id the item's
place (``history-4``). The ``observation`` that follows it, before the next action, is its
result; an observation with no action before it (the task, as the first user message) is
a message. The system prompt, thoughts and demonstrations are skipped and counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult
from sakshi.recovery.readers.common import Tally, TraceError, json_kind
from sakshi.recovery.readers.texts import text_of

__all__ = ["is_history_item", "read_history"]

_TOOL = "bash"


def is_history_item(item: object) -> bool:
    """A SWE-agent history message: a ``role`` and a ``message_type``, both text."""
    return (
        isinstance(item, Mapping)
        and isinstance(item.get("role"), str)
        and isinstance(item.get("message_type"), str)
    )


def read_history(items: list[Any], source: str, tally: Tally) -> list[Event]:
    """The history's events: each action a bash call, answered by the next observation."""
    events: list[Event] = []
    waiting: str | None = None
    for index, item in enumerate(items):
        where = f"history[{index}]"
        if not is_history_item(item):
            raise TraceError(source, where, "not a SWE-agent history message (role, message_type)")
        kind = item["message_type"]
        text = text_of(item.get("content"), source, where, tally)
        if kind == "action":
            action = item.get("action")
            if not isinstance(action, str):
                raise TraceError(
                    source, where, f"action: expected a string, found {json_kind(action)}"
                )
            events.extend([Message("assistant", text)] if text else [])
            waiting = f"history-{index + 1}"
            events.append(ToolCall(waiting, _TOOL, {"command": action}))
        elif kind == "observation" and waiting is not None:
            events.append(ToolResult(waiting, _TOOL, False, text))
            waiting = None
        elif kind == "observation":
            events.append(Message("user", text))
        else:
            tally.skip()  # the system prompt, a thought, a demonstration
    return events
