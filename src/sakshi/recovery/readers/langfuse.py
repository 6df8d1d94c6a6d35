"""Reads Langfuse observation exports, format name ``langfuse``.

What Langfuse's public API returns for a trace's observations: ``{"data": [...], "meta":
{...}}`` (``GET /api/public/observations``), a trace with its ``observations``
(``GET /api/public/traces/{id}``), or a bare list of observations. An observation has
``id``, ``traceId``, ``type``, ``name``, ``startTime``, ``endTime``, ``input``,
``output``, ``level`` and ``parentObservationId``; they are read in ``startTime`` order:

- ``TOOL``: one tool call (its name, ``input`` the arguments: an object or a JSON
  string of one; a Python call's ``{"args": [], "kwargs": {...}}``, as the SDK's
  ``@observe`` records it, gives its keywords) and its result (``output``; level
  ``ERROR`` is a failure). Its call id is the observation's id: Langfuse records no
  model call id. An observation Langfuse took in over OpenTelemetry keeps the span's
  attributes in ``metadata.attributes``: the tool's name is ``gen_ai.tool.name`` (or
  OpenInference's ``tool.name``) when it is there, since the observation's name is the
  span's (``execute_tool say_hello``, ``running tool: get_pun_suggestion``); and an
  observation of another type whose span ran a tool (``gen_ai.tool.name``, or an
  OpenInference ``TOOL`` span) is a tool call too, as older Langfuse releases and some
  frameworks (Koog, Agno) record one. An OpenInference ``TOOL`` span that names no tool
  is an error (its call could not be told apart from its lifecycle events);
- ``GENERATION``: a model call. Its ``output`` text is the assistant's message. When the
  export holds no ``TOOL`` observation (an SDK that traces model calls only), the calls
  are read from the generations instead: ``tool_calls`` of the output messages, and
  their results from the next generation's ``tool`` messages, paired by call id. When it
  does, those are skipped and counted (they cannot be paired with the tool observations);
- any other type (``SPAN``, ``AGENT``, ``CHAIN``, ``EVENT``, ...) is skipped and counted.

A tool observation without its ``input`` or ``output`` (capture turned off) is content
not captured: such a run is ``unknown``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sakshi.recovery.readers.common import Reading, TraceError, json_kind, need_str, parse_json
from sakshi.recovery.readers.genai_messages import arguments, keywords, result_text, tool_calls
from sakshi.recovery.readers.span_ledger import Ledger

__all__ = ["OBSERVATION_TYPES", "observations", "read_langfuse"]

FORMAT = "langfuse"
OBSERVATION_TYPES = (
    "SPAN",
    "GENERATION",
    "EVENT",
    "AGENT",
    "TOOL",
    "CHAIN",
    "RETRIEVER",
    "EVALUATOR",
    "EMBEDDING",
    "GUARDRAIL",
)


def observations(doc: object) -> tuple[str, list[Any]] | None:
    """An export's observation list and where it stands, or None when it has none."""
    for key in ("data", "observations"):
        if isinstance(doc, Mapping) and isinstance(doc.get(key), list):
            return key, doc[key]
    return ("observations", doc) if isinstance(doc, list) else None


def read_langfuse(data: bytes, source: str) -> Reading:
    """A Langfuse observation export as a trace."""
    found = observations(parse_json(data, source, "line 1"))
    if found is None:
        raise TraceError(
            source,
            "line 1",
            'not a Langfuse observation export ({"data": [...]}, {"observations": [...]} '
            "or a list of observations)",
        )
    key, items = found
    ledger = Ledger(source, FORMAT)
    timed = []
    for index, item in enumerate(items):
        where = f"{key}[{index}]"
        if not isinstance(item, Mapping) or item.get("type") not in OBSERVATION_TYPES:
            raise TraceError(
                source, where, "type: not a Langfuse observation (SPAN, GENERATION, TOOL, ...)"
            )
        timed.append((_time(item, "startTime", source, where), index, where, item))
    timed.sort(key=lambda entry: (entry[0], entry[1]))
    tools = {where: _tool_name(item, source, where) for _, _, where, item in timed}
    ledger.tool_spans = sum(name is not None for name in tools.values())
    if ledger.tool_spans:
        ledger.spans_only = frozenset()
    for start, _, where, item in timed:
        name = tools[where]
        if name is not None:
            _tool(item, name, start, ledger, where)
        elif item["type"] == "GENERATION":
            _generation(item, start, ledger, where)
        else:
            ledger.tally.skip()
    return ledger.reading()


def _time(item: Mapping[str, Any], key: str, source: str, where: str) -> int:
    """An ISO 8601 time as nanoseconds since the epoch."""
    value = item.get(key)
    if not isinstance(value, str):
        raise TraceError(
            source, where, f"{key}: expected an ISO 8601 time, found {json_kind(value)}"
        )
    try:
        moment = datetime.fromisoformat(value)
        seconds = int(moment.timestamp()) if moment.tzinfo is not None else None
    except (ValueError, OverflowError, OSError):
        raise TraceError(source, where, f"{key}: not an ISO 8601 time") from None
    if seconds is None:
        raise TraceError(source, where, f"{key}: a time without its zone")
    return seconds * 10**9 + moment.microsecond * 1000


def _attributes(item: Mapping[str, Any]) -> Mapping[str, Any]:
    """The OpenTelemetry span attributes Langfuse keeps in an observation's metadata."""
    metadata = item.get("metadata")
    attrs = metadata.get("attributes") if isinstance(metadata, Mapping) else None
    return attrs if isinstance(attrs, Mapping) else {}


def _tool_name(item: Mapping[str, Any], source: str, where: str) -> str | None:
    """The tool an observation ran, or None when it ran none."""
    attrs = _attributes(item)
    for key in ("gen_ai.tool.name", "tool.name"):
        if isinstance(attrs.get(key), str) and attrs[key]:
            return str(attrs[key])
    if item["type"] == "TOOL":
        return need_str(item, "name", source, where)
    if attrs.get("openinference.span.kind") == "TOOL":
        raise TraceError(
            source, f"{where}.metadata.attributes", "tool.name: a TOOL span that names no tool"
        )
    return None


def _tool(item: Mapping[str, Any], name: str, start: int, ledger: Ledger, where: str) -> None:
    call_id = need_str(item, "id", ledger.source, where)
    # The Python SDK's @observe records a function's input as its call (args, kwargs).
    args = keywords(arguments(item.get("input"), ledger, f"{where}.input"))
    ledger.call(start, call_id, name, args, where)
    end = _time(item, "endTime", ledger.source, where) if item.get("endTime") else start
    failed = item.get("level") == "ERROR"
    ledger.result(end, call_id, result_text(item.get("output")), failed, where)


def _generation(item: Mapping[str, Any], start: int, ledger: Ledger, where: str) -> None:
    end = _time(item, "endTime", ledger.source, where) if item.get("endTime") else start
    if item.get("output") is None and not ledger.tool_spans:
        # The model's answer not captured, in an export with no TOOL observation: the tool
        # calls it asked for are nowhere in the file.
        ledger.unseen += 1
    for message in _messages(item.get("input")):
        _history(message, start, ledger, where)
    if not ledger.tool_spans and _foreign_calls(item.get("output")):
        raise TraceError(
            ledger.source,
            f"{where}.output",
            "a tool call in a form sakshi does not read here (only OpenAI-style tool_calls "
            "are read from generations); record tools as TOOL observations",
        )
    for message in _messages(item.get("output")):
        if isinstance(message, str):
            ledger.message(end, "assistant", message)
            continue
        content = message.get("content")
        ledger.message(end, "assistant", content if isinstance(content, str) else "")
        tool_calls(message.get("tool_calls"), end, ledger, f"{where}.output")


# Tool calls of other providers' message shapes (Anthropic, Responses, Gemini, GenAI parts).
_FOREIGN_CALLS = ("tool_use", "function_call", "tool_call", "functionCall")


def _foreign_calls(value: object) -> bool:
    """Whether a generation's output holds a tool call of a shape not read from it."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if item.get("type") in _FOREIGN_CALLS or "functionCall" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _messages(value: object) -> list[Any]:
    """A generation's input or output as messages: a string, a message, a list of them,
    or an object holding ``messages``; anything else holds none sakshi reads."""
    if isinstance(value, Mapping) and isinstance(value.get("messages"), list):
        value = value["messages"]
    if isinstance(value, str | Mapping):
        value = [value]
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, str | Mapping)]


def _history(message: object, time: int, ledger: Ledger, where: str) -> None:
    if not isinstance(message, Mapping):
        return
    if ledger.tool_spans:
        # The history repeats what the tool observations hold, in whatever shape the
        # framework logged (Koog writes its calls as tool messages, LangChain its tool
        # definitions): it is not read, only counted.
        ledger.tally.skip()
    elif message.get("role") == "tool":
        call_id = message.get("tool_call_id")
        if not isinstance(call_id, str) or not call_id:
            raise TraceError(
                ledger.source, f"{where}.input", "tool_call_id: a tool message names no call"
            )
        if ledger.echoed(call_id):
            content = message.get("content")
            text = content if isinstance(content, str) or content is None else json.dumps(content)
            ledger.result(time, call_id, text, False, f"{where}.input")
    else:
        tool_calls(message.get("tool_calls"), time, ledger, f"{where}.input")
