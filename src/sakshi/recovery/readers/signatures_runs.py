"""The detection rules of the agent-run formats (``signatures`` holds the choice that
never guesses, and the rules of the other formats). Pure: a parsed JSON document in, a
refusal (or None: it fits) out. Each takes a file only when every record in it fits:

  cline-ui          a list of Cline UI messages (``ts``, ``type`` ask or say)
  openhands         a list of OpenHands events (bare, or the only key ``trajectory``), or
                    of OpenHands 1.x SDK events (tagged by ``kind``; or ``events``)
  swe-agent         an object with ``history`` and a ``trajectory`` (or ``attempts``, each
                    with both) whose every step has a text ``action`` and ``observation``;
                    or only a ``history`` whose every message has a role and message_type
  mini-swe-agent    an object whose ``trajectory_format`` is mini-swe-agent's, with
                    ``messages``; or a bare list of plain chat messages (no tool calls)
                    with a ``<returncode>`` observation
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sakshi.recovery.readers.cline_ui import is_ui_message
from sakshi.recovery.readers.common import one_of
from sakshi.recovery.readers.mini_swe_agent import OBSERVATION, is_mini_message
from sakshi.recovery.readers.openhands import is_openhands_event
from sakshi.recovery.readers.openhands_sdk import is_sdk_event
from sakshi.recovery.readers.swe_agent import is_swe_step
from sakshi.recovery.readers.swe_history import is_history_item

__all__ = ["RUN_RULES"]

_PLAIN_ROLES = ("system", "user", "assistant", "exit")


def _cline_ui(doc: object) -> str | None:
    if isinstance(doc, list) and doc and all(map(is_ui_message, doc)):
        return None
    return "not a list of Cline UI messages (ts, type ask or say), every one"


def _openhands(doc: object) -> str | None:
    events = doc
    if isinstance(doc, Mapping) and len(doc) == 1:
        events = doc.get("trajectory", doc.get("events"))
    if not isinstance(events, list) or not events:
        return "not a list of OpenHands events"
    if all(map(is_openhands_event, events)) or all(map(is_sdk_event, events)):
        return None
    return "not a list of OpenHands events (id, source, action or observation), every one"


def _swe_agent(doc: object) -> str | None:
    if not isinstance(doc, Mapping):
        return "not an object with a trajectory"
    history = doc.get("history")
    if "trajectory" not in doc and "attempts" not in doc and isinstance(history, list):
        fits = history and all(map(is_history_item, history))
        return None if fits else "a history message without a role and message_type"
    holders = doc.get("attempts") if "attempts" in doc else [doc]
    if not isinstance(holders, list) or not holders:
        return "attempts is not a list of attempts"
    for holder in holders:
        steps = holder.get("trajectory") if isinstance(holder, Mapping) else None
        if not isinstance(steps, list) or not isinstance(holder.get("history"), list):
            return "no trajectory and history lists"
        if not all(map(is_swe_step, steps)):
            return "a trajectory step without a text action and observation"
    return None


def _mini_swe_agent(doc: object) -> str | None:
    if isinstance(doc, Mapping):
        kind = doc.get("trajectory_format")
        if not isinstance(kind, str) or not kind.startswith("mini-swe-agent"):
            return "no mini-swe-agent trajectory_format"
        messages = doc.get("messages")
        if isinstance(messages, list) and all(map(is_mini_message, messages)):
            return None
        return "a message of none of mini-swe-agent's roles"
    if not isinstance(doc, list) or not doc:
        return "not a trajectory object or a list of messages"
    if not all(_plain_message(message) for message in doc):
        return "a message is not a plain chat message (role, text content, no tool calls)"
    observed = any(
        message["role"] == "user" and OBSERVATION.match(message["content"]) is not None
        for message in doc
    )
    return None if observed else "no <returncode> observation"


def _plain_message(message: object) -> bool:
    """A chat message of the text-based agent: a plain role and text, no tool traffic."""
    return (
        isinstance(message, Mapping)
        and one_of(message.get("role"), _PLAIN_ROLES)
        and isinstance(message.get("content"), str)
        and "tool_calls" not in message
    )


RUN_RULES: Mapping[str, Callable[[object], str | None]] = {
    "cline-ui": _cline_ui,
    "openhands": _openhands,
    "swe-agent": _swe_agent,
    "mini-swe-agent": _mini_swe_agent,
}
