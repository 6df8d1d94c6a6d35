"""Reads mini-swe-agent trajectories (``<instance>.traj.json``), format name
``mini-swe-agent``.

One JSON object with ``info``, ``messages`` and ``trajectory_format``
(``mini-swe-agent-1`` for 1.x, ``mini-swe-agent-1.1`` from 2.0), or, as older releases
and the project's own test data saved it, the bare list of messages. Messages have a
``role``: ``system``, ``user``, ``assistant``, ``tool`` or ``exit`` (2.0's last message,
the exit status: skipped and counted, as is the system prompt). The agent's only tool is
a shell, so every call is a ``bash`` call with ``{"command": ...}``:

- 2.0 records the commands it ran under the assistant message's ``extra.actions``
  (``{"command", "tool_call_id"?}``); these are read first.
- Without them, a ``tool_calls`` list (Chat Completions shape) is read.
- With a Responses API model, the assistant's message is the Response (``output`` items:
  its text is the output messages' text) and a result is a ``function_call_output`` item
  naming the call by ``call_id``.
- Without either, the command is the assistant's text, as the agent parsed it: a
  message holding exactly one fenced ``bash`` (1.x) or ``mswea_bash_command`` (2.0) block
  is one call; any other number of blocks was refused by the agent and ran nothing.

A ``tool`` message answers the call its ``tool_call_id`` names. A command from the text
is answered by the observation that follows its message, before the next assistant
message: a ``user`` message holding ``extra.returncode`` (2.0) or opening
``<returncode>`` (1.x), or 1.x's ``timed out`` notice. A command whose message is followed
by anything else (the submission, a format error) has no result. A result is an error
when its return code is not 0 or an exception was recorded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    need_str,
    one_of,
    parse_json,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.run_document import parse_document
from sakshi.recovery.readers.texts import text_of

__all__ = ["OBSERVATION", "is_mini_message", "read_mini_swe_agent"]

FORMAT = "mini-swe-agent"
_TOOL = "bash"
# The fenced command block of the text-based agents (1.x: bash; 2.0: mswea_bash_command).
_FENCE = re.compile(r"```(?:bash|mswea_bash_command)\s*\n(.*?)\n```", re.DOTALL)
# A 1.x observation: the return code first, or the notice of a command that timed out.
OBSERVATION = re.compile(r"\s*<returncode>|The last command <command>.*</command> timed out")
_ROLES = ("system", "user", "assistant", "tool", "exit")
_NOT_A_MESSAGE = "role: not a mini-swe-agent message (role system, user, assistant, tool or exit)"
_RETURN_CODE = re.compile(r'<returncode>(-?\d+)</returncode>|"returncode":\s*(-?\d+)')


class _State:
    """What the walk knows: the name of each call so far, and the commands from the last
    assistant message's text still waiting for their observation."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.waiting: list[str] = []


def read_mini_swe_agent(data: bytes, source: str) -> Reading:
    """A mini-swe-agent trajectory as a trace: the shell commands and their outputs."""
    doc = parse_document(data, source, "a mini-swe-agent trajectory")
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(
            source,
            "line 1",
            "not a mini-swe-agent trajectory: expected an object with a "
            f"messages list, or a list of messages; found {json_kind(messages)}",
        )
    events: list[Event] = []
    tally = Tally()
    state = _State()
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping):
            raise TraceError(source, where, _NOT_A_MESSAGE)
        role = _role(message)
        if role in ("system", "exit"):
            tally.skip()
        elif role == "assistant":
            state.waiting = []  # a command not answered by now never ran to an output
            events.extend(_assistant(message, index, state, source, tally))
        elif role in ("user", "tool"):
            events.extend(_answer(message, str(role), state, source, where, tally))
        else:
            raise TraceError(source, where, _NOT_A_MESSAGE)
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def is_mini_message(message: object) -> bool:
    """A mini-swe-agent message: of role system, user, assistant, tool or exit (a
    Responses API model's Response and ``function_call_output`` items among them)."""
    return isinstance(message, Mapping) and one_of(_role(message), _ROLES)


def _role(message: Mapping[str, Any]) -> object:
    """A message's role; with a Responses API model, the assistant's message is the
    Response itself (``output`` items, no role) and a result a ``function_call_output``."""
    if "role" in message:
        return message["role"]
    if message.get("type") == "function_call_output":
        return "tool"
    return "assistant" if isinstance(message.get("output"), list) else None


def _content(message: Mapping[str, Any], source: str, where: str, tally: Tally) -> object:
    """A message's text content: a Response's is its output messages' text."""
    if "role" in message or not isinstance(message.get("output"), list):
        return message.get("content")
    texts: list[str] = []
    for item in message["output"]:
        if isinstance(item, Mapping) and item.get("type") == "message":
            texts.append(text_of(item.get("content"), source, f"{where}.output", tally))
        else:
            tally.skip()  # reasoning, and the function calls extra.actions holds
    return "\n".join(texts)


def _extra(message: Mapping[str, Any], source: str, where: str) -> Mapping[str, Any]:
    extra = message.get("extra", {})
    if not isinstance(extra, Mapping):
        raise TraceError(source, where, f"extra: expected an object, found {json_kind(extra)}")
    return extra


def _assistant(
    message: Mapping[str, Any], index: int, state: _State, source: str, tally: Tally
) -> list[Event]:
    where = f"messages[{index}]"
    text = text_of(_content(message, source, where, tally), source, where, tally)
    events: list[Event] = [Message("assistant", text)] if text else []
    actions = _extra(message, source, where).get("actions")
    if actions is not None:
        calls, state.waiting = _actions(actions, index, source, where)
    elif message.get("tool_calls") is not None:
        calls = _tool_calls(message["tool_calls"], source, where)
    else:
        blocks = _FENCE.findall(text)
        # Any other number of blocks than one was refused by the agent: nothing ran.
        command = blocks[0].strip() if len(blocks) == 1 else None
        calls = [] if command is None else [ToolCall(f"m{index}", _TOOL, {"command": command})]
        state.waiting = [call.call_id for call in calls]
    for call in calls:
        if call.call_id in state.names:
            raise TraceError(source, where, "a tool call id is used by two calls")
        state.names[call.call_id] = call.tool
    return events + calls


def _actions(
    actions: object, index: int, source: str, where: str
) -> tuple[list[ToolCall], list[str]]:
    """2.0's ``extra.actions``: the commands the agent ran for this message, and the ids of
    those parsed from its text (no ``tool_call_id``: a user observation answers them)."""
    if not isinstance(actions, list):
        raise TraceError(
            source, where, f"extra.actions: expected a list, found {json_kind(actions)}"
        )
    calls: list[ToolCall] = []
    waiting: list[str] = []
    for number, action in enumerate(actions):
        at = f"{where}.extra.actions[{number}]"
        if not isinstance(action, Mapping):
            raise TraceError(source, at, f"expected an object, found {json_kind(action)}")
        command = action.get("command")
        if not isinstance(command, str):
            raise TraceError(source, at, f"command: expected a string, found {json_kind(command)}")
        if "tool_call_id" in action:
            call_id = need_str(action, "tool_call_id", source, at)
        else:
            call_id = f"m{index}.{number}"
            waiting.append(call_id)
        calls.append(ToolCall(call_id, _TOOL, {"command": command}))
    return calls, waiting


def _tool_calls(tool_calls: object, source: str, where: str) -> list[ToolCall]:
    """Chat Completions ``tool_calls`` of a message that has no ``extra.actions``."""
    if not isinstance(tool_calls, list):
        raise TraceError(
            source, where, f"tool_calls: expected a list, found {json_kind(tool_calls)}"
        )
    calls: list[ToolCall] = []
    for number, item in enumerate(tool_calls):
        at = f"{where}.tool_calls[{number}]"
        function = item.get("function") if isinstance(item, Mapping) else None
        if not isinstance(item, Mapping) or not isinstance(function, Mapping):
            raise TraceError(source, at, "function: expected an object")
        arguments = function.get("arguments")
        if isinstance(arguments, str):
            arguments = parse_json(arguments, source, f"{at}.function.arguments")
        call_id = need_str(item, "id", source, at)
        name = tool_name(function, "name", source, f"{at}.function")
        calls.append(ToolCall(call_id, name, tool_args(arguments, source, at)))
    return calls


def _answer(
    message: Mapping[str, Any], role: str, state: _State, source: str, where: str, tally: Tally
) -> list[Event]:
    """A ``tool`` message's result, a ``user`` observation's result, or a user message."""
    output = message.get("type") == "function_call_output"  # a Responses API model's result
    text = text_of(message.get("output" if output else "content"), source, where, tally)
    extra = _extra(message, source, where)
    if role == "tool":
        call_id = need_str(message, "call_id" if output else "tool_call_id", source, where)
        if call_id not in state.names:
            raise TraceError(source, where, "tool_call_id: answers no call made before it")
    elif "interrupt_type" not in extra and ("returncode" in extra or OBSERVATION.match(text)):
        if not state.waiting:
            raise TraceError(source, where, "an observation that answers no command before it")
        call_id = state.waiting.pop(0)
    else:
        return [Message("user", text)]
    return [ToolResult(call_id, state.names[call_id], _failed(extra, text), text)]


def _failed(extra: Mapping[str, Any], text: str) -> bool:
    """Whether the command failed: a return code other than 0 (recorded, or printed in the
    observation), an exception, or a timeout."""
    if extra.get("exception_info"):
        return True
    code = extra.get("returncode")
    if isinstance(code, int) and not isinstance(code, bool):
        return code != 0
    found = _RETURN_CODE.search(text)
    if found is not None:
        return int(found.group(1) or found.group(2)) != 0
    return OBSERVATION.match(text) is not None  # the timeout notice; a bare output is not
