"""Reads Gemini CLI chat sessions (``~/.gemini/tmp/<project>/chats/session-*.json``),
format name ``gemini-cli``.

One JSON object: ``sessionId``, ``projectHash``, ``startTime``, ``lastUpdated`` and
``messages``. A message has a ``type``: ``user`` and ``gemini`` messages are the
conversation (their ``content`` a string or a list of parts); ``info``, ``error`` and
``warning`` messages are the terminal's notices and are skipped and counted. A ``gemini``
message's ``toolCalls`` each hold the call and its outcome together: ``id``, ``name``,
``args``, ``status`` and ``result`` (the parts sent back to the model, a
``functionResponse`` whose ``response`` holds ``output`` or ``error``). A call whose status
is final (``success``, ``error``, ``cancelled``) is followed by its result, an error unless
the status is ``success``; a call still pending has none.

A call that ran a sub-agent names it (``agentId``): the sub-agent's calls are part of the
run (SPEC 5), but Gemini CLI writes them into a session of its own
(``chats/<session id>/<agentId>.jsonl``), which only the JSONL reader takes in with the
main session (``gemini_jsonl``). Here, such a call is an error naming it: a run is never
judged without its sub-agents' calls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

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

__all__ = ["SubAgents", "message_events", "read_gemini_cli"]

# The events of the sub-agent a call ran, by its ``agentId``, placed between the call and
# its result (``at``: the call's key path, for an error that names it).
SubAgents = Callable[[str, str], list[Event]]

FORMAT = "gemini-cli"

# Tuples: ``in`` a set would raise on a JSON list or object.
_NOTICES = ("info", "error", "warning")
_FINAL = ("success", "error", "cancelled")
# Parts that hold no text: media, and a thought's signature.
_QUIET_PARTS = frozenset({"inlineData", "fileData", "thoughtSignature"})


class _Outcome(NamedTuple):
    """What a call's result parts say: their text, and whether a response was an error."""

    text: str
    failed: bool


def read_gemini_cli(data: bytes, source: str) -> Reading:
    """A Gemini CLI session as a trace; an unknown message type is an error."""
    doc = parse_json(data, source, "line 1")
    messages = doc.get("messages") if isinstance(doc, Mapping) else None
    if not isinstance(doc, Mapping) or not isinstance(doc.get("sessionId"), str):
        raise TraceError(source, "sessionId", "a Gemini CLI session is an object with a sessionId")
    if not isinstance(messages, list):
        raise TraceError(source, "messages", f"expected a list, found {json_kind(messages)}")
    events: list[Event] = []
    tally = Tally()
    for index, message in enumerate(messages):
        events.extend(message_events(message, source, f"messages[{index}]", tally))
    return Reading(Trace(tuple(events), FORMAT), tally.skipped)


def message_events(
    message: object, source: str, where: str, tally: Tally, sub_agents: SubAgents | None = None
) -> list[Event]:
    """The events of one session message (a notice is skipped and counted); shared with
    the JSONL session reader, whose records are these messages, and which gives the
    sessions of the sub-agents its calls ran (``sub_agents``)."""
    if not isinstance(message, Mapping):
        raise TraceError(source, where, f"expected an object, found {json_kind(message)}")
    kind = message.get("type")
    if one_of(kind, _NOTICES):
        tally.skip()
        return []
    if kind not in ("user", "gemini"):
        raise TraceError(source, where, "type: expected user, gemini, info, error or warning")
    events: list[Event] = []
    text = _parts_text(message.get("content"), source, f"{where}.content", tally)
    if text or kind == "user":
        events.append(Message("user" if kind == "user" else "assistant", text))
    if kind == "gemini":
        events.extend(_tool_calls(message.get("toolCalls"), source, where, tally, sub_agents))
    return events


def _tool_calls(
    calls: object, source: str, where: str, tally: Tally, sub_agents: SubAgents | None
) -> list[Event]:
    """The events of a message's ``toolCalls``: each call, then its result if final."""
    if calls is None:
        return []
    if not isinstance(calls, list):
        raise TraceError(source, f"{where}.toolCalls", f"expected a list, found {json_kind(calls)}")
    events: list[Event] = []
    for index, call in enumerate(calls):
        at = f"{where}.toolCalls[{index}]"
        if not isinstance(call, Mapping):
            raise TraceError(source, at, f"expected an object, found {json_kind(call)}")
        call_id = need_str(call, "id", source, at)
        name = tool_name(call, "name", source, at)
        events.append(ToolCall(call_id, name, tool_args(call.get("args"), source, at)))
        agent = call.get("agentId")
        if agent is not None:
            if not isinstance(agent, str) or not agent or sub_agents is None:
                raise TraceError(
                    source,
                    at,
                    "agentId: a call that ran a sub-agent, whose calls are in its own JSONL "
                    "session (chats/<session id>/<agentId>.jsonl): read the JSONL sessions, "
                    "the sub-agent's after the main one",
                )
            events.extend(sub_agents(agent, at))
        status = call.get("status")
        if not isinstance(status, str):
            raise TraceError(source, at, f"status: expected a string, found {json_kind(status)}")
        if status in _FINAL:
            outcome = _result(call.get("result"), source, f"{at}.result", tally)
            failed = outcome.failed or status != "success"
            events.append(ToolResult(call_id, name, failed, outcome.text))
    return events


def _result(result: object, source: str, where: str, tally: Tally) -> _Outcome:
    """The text a call's result parts carry, and whether a ``functionResponse`` reported an
    error."""
    texts: list[str] = []
    failed = False
    for part in _as_parts(result, source, where):
        response = part.get("functionResponse")
        if response is None:
            texts.append(_parts_text([part], source, where, tally))
            continue
        body = response.get("response") if isinstance(response, Mapping) else None
        if not isinstance(body, Mapping):
            raise TraceError(
                source,
                where,
                f"functionResponse.response: expected an object, found {json_kind(body)}",
            )
        for key in ("output", "error"):
            value = body.get(key)
            if isinstance(value, str):
                texts.append(value)
                failed = failed or key == "error"
            elif value is not None:
                raise TraceError(
                    source, where, f"functionResponse.response.{key}: expected a string"
                )
    return _Outcome("\n".join(text for text in texts if text), failed)


def _parts_text(content: object, source: str, where: str, tally: Tally) -> str:
    """Text of a content: a string, or parts whose ``text`` counts (a thought is skipped,
    media is skipped and counted; a function call or response here is an error)."""
    if isinstance(content, str):
        return content
    texts: list[str] = []
    for part in _as_parts(content, source, where):
        text = part.get("text")
        if part.get("thought") is True or (text is None and _QUIET_PARTS & part.keys()):
            tally.skip()
        elif isinstance(text, str):
            texts.append(text)
        else:
            raise TraceError(source, where, "a part that is not text sakshi knows how to read")
    return "\n".join(texts)


def _as_parts(value: object, source: str, where: str) -> list[Mapping[str, Any]]:
    """A part list union as a list of part objects: null is none, one part is one."""
    if value is None:
        return []
    if isinstance(value, str):
        return [{"text": value}]
    parts = [value] if isinstance(value, Mapping) else value
    if not isinstance(parts, list) or not all(isinstance(part, Mapping) for part in parts):
        raise TraceError(source, where, f"expected a list of parts, found {json_kind(value)}")
    return parts
