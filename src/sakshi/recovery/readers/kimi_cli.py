"""Reads Kimi Code CLI session logs (``~/.kimi/sessions/<project>/<session>/wire.jsonl``),
format name ``kimi-cli``. Both on-disk forms (``kimi_names`` says which is which):

- the Python Kimi CLI: a ``ToolCall`` record is a call (``payload.id``,
  ``payload.function.name`` and ``.arguments``, a JSON string that the ``ToolCallPart``
  records after it may continue), a ``ToolResult`` its result (``payload.tool_call_id``,
  ``payload.return_value.is_error`` and ``.output``); a ``SubagentEvent`` carries one event
  of a sub-agent (``payload.event``: ``{"type", "payload"}``), whose calls are read as the
  agent's own (SPEC section 5). ``TurnBegin`` is the user's message and a ``ContentPart``
  of type text the assistant's.
- the Python Kimi CLI's ``context.jsonl`` (and ``--print --output-format stream-json``):
  kosong messages, an assistant's ``tool_calls`` (``id``, ``function.name`` and
  ``.arguments``) and a ``tool`` message for the call its ``tool_call_id`` names (failed
  when its text opens ``<system>ERROR:``, as the CLI writes a failure). A sub-agent keeps
  its own context (``subagents/<agent>/context.jsonl``), with no times to place its calls
  by: an ``Agent`` call that ran one, and a second context after the first, are errors
  that say to read the session's ``wire.jsonl``, which holds the sub-agent's calls;
- Kimi Code: a ``context.append_message`` record holds a message (an assistant's
  ``toolCalls``; a ``tool`` message is the result of the call its ``toolCallId`` names),
  a ``context.append_loop_event`` one loop event (``tool.call``, ``tool.result``,
  ``content.part``). A sub-agent writes its own ``agents/<agent>/wire.jsonl``: the main
  log and its sub-agents' put one after another in one trace are read as one run, each
  log (each opening with its header) with its own call ids, and each sub-agent's log
  where the ``Agent`` call that ran it stands (``kimi_agents``).

The header and every other known record type are skipped and counted, and so is a Kimi
Code record of a type sakshi does not know outside the ``context`` domain that holds no
message or event; any other type sakshi does not know is an error (it may carry a tool
event).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Message, ToolResult, Trace
from sakshi.recovery.readers.common import (
    Reading,
    TraceError,
    json_kind,
    jsonl_lines,
    one_of,
)
from sakshi.recovery.readers.kimi_agents import AGENT_TOOLS, AgentRuns
from sakshi.recovery.readers.kimi_names import KIMI_RECORDS, WIRE_MESSAGES, is_metadata
from sakshi.recovery.readers.kimi_parts import KimiCalls, parts_text

__all__ = ["FORMAT", "read_kimi_cli"]

FORMAT = "kimi-cli"

_ROLES = ("system", "user", "assistant", "tool")
# How the Python CLI writes a failed tool result into the model's context
# (kimi_cli/soul/message.py, tool_result_to_message).
_FAILED = "<system>ERROR:"
# The Python CLI keeps a sub-agent's context apart (subagents/<agent>/context.jsonl); the
# session's wire.jsonl carries the sub-agent's calls in their place (SubagentEvent).
_SUB_CONTEXT = (
    "the sub-agent this call ran kept its calls in its own context.jsonl, so the run "
    "cannot be judged from this one: read the session's wire.jsonl, which holds them"
)
_ANOTHER_CONTEXT = (
    "_checkpoint: a second context.jsonl (a sub-agent's?) after the first: where its calls "
    "stand cannot be told; read the session's wire.jsonl, which holds them in place"
)


def read_kimi_cli(data: bytes, source: str) -> Reading:
    """A Kimi wire log (either form) as a trace, in file order."""
    calls = KimiCalls(source)
    runs = AgentRuns(source)
    for number, obj in jsonl_lines(data, source):
        where = f"line {number}"
        if is_metadata(obj):
            # Kimi Code writes each sub-agent's log apart (agents/<agent>/wire.jsonl): the
            # logs put one after another in one trace are each a scope of their own, read
            # under the call that ran it (kimi_agents).
            calls.finish()
            runs.log(len(calls.events), obj.get("created_at"), where)
            calls.scope = "" if len(runs.logs) == 1 else f"log{len(runs.logs)}/"
            calls.tally.skip()
        elif "type" not in obj and "message" in obj:
            _wire_record(obj, calls, where)
        elif not {"type", "kind"} & obj.keys() and "role" in obj:
            _context_record(obj, calls, where)
        else:
            before = len(calls.events)
            _code_record(obj, calls, where)
            runs.saw(calls.events[before:], obj.get("time"), where)
    calls.finish()
    events = runs.place(calls.events)
    return Reading(Trace(tuple(events), FORMAT), calls.tally.skipped)


def _object(value: object, field: str, source: str, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TraceError(source, where, f"{field}: expected an object, found {json_kind(value)}")
    return value


# --- the Python Kimi CLI: {"timestamp", "message": {"type", "payload"}} --------------------


def _wire_record(obj: Mapping[str, Any], calls: KimiCalls, where: str) -> None:
    message = _object(obj.get("message"), "message", calls.source, where)
    _wire_event(message, calls, where, "message", None)


def _wire_event(
    message: Mapping[str, Any], calls: KimiCalls, where: str, field: str, agent: str | None
) -> None:
    """One WireMessage ``{"type", "payload"}`` at ``field`` of the line; ``agent`` names the
    sub-agent whose event it is (None: the main agent)."""
    source = calls.source
    kind = message.get("type")
    if not one_of(kind, WIRE_MESSAGES):
        raise TraceError(source, where, f"{field}.type: not a Kimi CLI wire message sakshi knows")
    payload = _object(message.get("payload"), f"{field}.payload", source, where)
    at = f"{field}.payload"
    if kind == "ToolCallPart":
        calls.continue_call(agent, payload.get("arguments_part"), where, at)
    elif kind == "ToolCall":
        function = _object(payload.get("function"), f"{at}.function", source, where)
        calls.open_call(agent, payload, function, where, at)
    elif kind == "ToolResult":
        value = _object(payload.get("return_value"), f"{at}.return_value", source, where)
        calls.result(payload.get("tool_call_id"), value, where, f"{at}.tool_call_id")
    elif kind == "SubagentEvent":
        event = _object(payload.get("event"), f"{at}.event", source, where)
        scope, sub_agent = calls.scope, _agent_key(payload)
        calls.scope = f"{scope}{sub_agent}/"
        try:
            _wire_event(event, calls, where, f"{at}.event", sub_agent)
        finally:
            calls.scope = scope
    elif kind == "TurnBegin" and agent is None:
        text = parts_text(payload.get("user_input"), source, where, f"{at}.user_input", calls.tally)
        calls.events.append(Message("user", text))
    elif kind == "ContentPart" and payload.get("type") == "text" and agent is None:
        text = parts_text([payload], source, where, at, calls.tally)
        calls.events.append(Message("assistant", text))
    else:
        calls.tally.skip()


def _agent_key(payload: Mapping[str, Any]) -> str:
    """Which sub-agent an event is from: its agent id, or the call that started it."""
    for key in ("agent_id", "parent_tool_call_id", "task_tool_call_id"):
        if isinstance(payload.get(key), str):
            return str(payload[key])
    return "sub-agent"


# --- the Python Kimi CLI's context.jsonl: {"role", "content", "tool_calls"} ---------------


def _context_record(obj: Mapping[str, Any], calls: KimiCalls, where: str) -> None:
    """One kosong message of ``context.jsonl`` (or of ``--print`` stream-json output)."""
    source = calls.source
    role = obj.get("role")
    if role == "_checkpoint" and obj.get("id") == 0:
        calls.contexts += 1
        if calls.contexts > 1:
            # A sub-agent's own context.jsonl (subagents/<agent>/) after the main one: it
            # records no times, so where its calls stand in the run cannot be told.
            raise TraceError(source, where, _ANOTHER_CONTEXT)
    if one_of(role, ("_system_prompt", "_checkpoint", "_usage")):
        calls.tally.skip()
        return
    if not one_of(role, _ROLES):
        raise TraceError(source, where, "role: not a Kimi CLI context role sakshi knows")
    text = parts_text(obj.get("content"), source, where, "content", calls.tally)
    if role == "tool":
        # The CLI keeps no flag on it: a failure is the text it writes for one.
        failed = text.startswith(_FAILED)
        calls.code_result(obj.get("tool_call_id"), failed, text, where, "tool_call_id")
        answer = calls.events[-1]
        if isinstance(answer, ToolResult) and answer.tool in AGENT_TOOLS and not failed:
            raise TraceError(source, where, f"tool_call_id: {_SUB_CONTEXT}")
        return
    if text:
        calls.events.append(Message(role, text))
    tool_calls = obj.get("tool_calls") or []
    if not isinstance(tool_calls, list):
        raise TraceError(
            source, where, f"tool_calls: expected a list, found {json_kind(tool_calls)}"
        )
    for index, call in enumerate(tool_calls):
        at = f"tool_calls[{index}]"
        call = _object(call, at, source, where)
        function = _object(call.get("function"), f"{at}.function", source, where)
        calls.open_call(None, call, function, where, at)


# --- Kimi Code: {"type": "a.b", ...payload, "time"} ---------------------------------------


def _code_record(obj: Mapping[str, Any], calls: KimiCalls, where: str) -> None:
    source = calls.source
    kind = obj.get("type")
    if not one_of(kind, KIMI_RECORDS) and not _other_domain(kind, obj):
        raise TraceError(source, where, "type: not a Kimi Code CLI record type sakshi knows")
    if kind == "context.append_message":
        _code_message(_object(obj.get("message"), "message", source, where), calls, where)
    elif kind == "context.append_loop_event":
        _loop_event(_object(obj.get("event"), "event", source, where), calls, where)
    else:
        calls.tally.skip()


def _other_domain(kind: object, obj: Mapping[str, Any]) -> bool:
    """A record type sakshi has not seen, of a domain other than ``context``: Kimi Code
    keeps everything the model saw, tool calls and results included, in its context
    memory's ``context.*`` records, so a newer release's ``cron.*`` or ``goal.*`` record
    carries no tool event (skipped and counted); an unknown ``context.*`` one may, and is an
    error."""
    return (
        isinstance(kind, str)
        and "." in kind
        and not kind.startswith("context.")
        and "time" in obj
        and not {"message", "event", "toolCalls"} & obj.keys()
    )


def _code_message(message: Mapping[str, Any], calls: KimiCalls, where: str) -> None:
    source = calls.source
    role = message.get("role")
    if not one_of(role, _ROLES):
        raise TraceError(source, where, "message.role: expected system, user, assistant or tool")
    text = parts_text(message.get("content"), source, where, "message.content", calls.tally)
    if role == "tool":
        failed = message.get("isError") is True
        calls.code_result(message.get("toolCallId"), failed, text, where, "message.toolCallId")
        return
    if text:
        calls.events.append(Message(role, text))
    tool_calls = message.get("toolCalls") or []
    if not isinstance(tool_calls, list):
        raise TraceError(
            source, where, f"message.toolCalls: expected a list, found {json_kind(tool_calls)}"
        )
    for index, call in enumerate(tool_calls):
        field = f"message.toolCalls[{index}]"
        call = _object(call, field, source, where)
        calls.call(call, "id", "arguments", where, field)


def _loop_event(event: Mapping[str, Any], calls: KimiCalls, where: str) -> None:
    source = calls.source
    kind = event.get("type")
    if kind == "tool.call":
        calls.call(event, "toolCallId", "args", where, "event")
    elif kind == "tool.result":
        result = _object(event.get("result"), "event.result", source, where)
        text = parts_text(result.get("output"), source, where, "event.result.output", calls.tally)
        failed = result.get("isError") is True
        calls.code_result(event.get("toolCallId"), failed, text, where, "event.toolCallId")
    elif kind == "content.part":
        part = _object(event.get("part"), "event.part", source, where)
        text = parts_text([part], source, where, "event.part", calls.tally)
        if text:
            calls.events.append(Message("assistant", text))
    elif one_of(kind, ("step.begin", "step.end")):
        calls.tally.skip()
    else:
        raise TraceError(source, where, "event.type: not a Kimi Code loop event sakshi knows")
