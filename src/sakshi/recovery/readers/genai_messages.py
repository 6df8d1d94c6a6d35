"""The messages that OpenTelemetry GenAI telemetry records, as ledger sightings.

Two generations of the conventions are read:

- current: a model span's opt-in ``gen_ai.input.messages`` and ``gen_ai.output.messages``
  (also on the ``gen_ai.client.inference.operation.details`` event): a list of
  ``{role, parts}`` whose parts are ``text``, ``tool_call`` (``id``, ``name``,
  ``arguments``) and ``tool_call_response`` (``id``, ``response``); reasoning, media and
  server-tool parts are skipped and counted;
- older (conventions 1.36 and before): one event per message, ``gen_ai.user.message``,
  ``gen_ai.assistant.message`` (``tool_calls``), ``gen_ai.tool.message`` (``id``,
  ``content``) and ``gen_ai.choice`` (``message``), with its body in a log record, or in a
  span event's ``gen_ai.event.content`` (a JSON string) or its attributes. With content
  capture off a tool call keeps its id and name but loses its arguments, and a tool
  message loses its content: both are sighted as not captured.

Input messages repeat the history of every earlier turn: the ledger merges them by call
id. Only the model's own output (an output message, a choice) becomes an assistant
message; the history's texts are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sakshi.recovery.readers.common import TraceError, json_kind, one_of, parse_json
from sakshi.recovery.readers.span_ledger import Ledger

__all__ = [
    "EVENT_NAMES",
    "arguments",
    "event_body",
    "indexed",
    "keywords",
    "read_event",
    "read_flat_messages",
    "read_messages",
    "result_text",
    "tool_calls",
]

EVENT_NAMES = (
    "gen_ai.system.message",
    "gen_ai.user.message",
    "gen_ai.assistant.message",
    "gen_ai.tool.message",
    "gen_ai.choice",
)
# Parts that carry no tool event and no text the chains read (tuples: see one_of).
_QUIET_PARTS = (
    "reasoning",
    "blob",
    "file",
    "uri",
    "server_tool_call",
    "server_tool_call_response",
)


def arguments(value: object, ledger: Ledger, where: str) -> Mapping[str, Any] | None:
    """Tool arguments as recorded: an object, or a JSON string of one; None when the
    record does not hold them (content capture off)."""
    if value is None:
        return None
    if isinstance(value, str) and not value.strip():
        return {}  # a tool called with no arguments, written as an empty string
    if isinstance(value, str):
        value = parse_json(value, ledger.source, f"{where}: arguments")
    if not isinstance(value, Mapping):
        raise TraceError(
            ledger.source, where, f"arguments: expected an object, found {json_kind(value)}"
        )
    return value


def result_text(value: object) -> str | None:
    """A recorded result as text: a string as it is, anything else as its JSON."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _json_value(value: object, ledger: Ledger, where: str) -> object:
    # Structured attributes may be recorded as a JSON string where structure is not
    # supported: either form is read.
    return parse_json(value, ledger.source, where) if isinstance(value, str) else value


def read_messages(
    value: object, time: int, output: bool, span_id: str, ledger: Ledger, where: str
) -> None:
    """A ``gen_ai.input.messages`` or ``gen_ai.output.messages`` value."""
    messages = _json_value(value, ledger, where)
    if not isinstance(messages, list):
        raise TraceError(
            ledger.source, where, f"expected a list of messages, found {json_kind(messages)}"
        )
    for index, message in enumerate(messages):
        at = f"{where}[{index}]"
        parts = message.get("parts") if isinstance(message, Mapping) else None
        if not isinstance(parts, list):
            raise TraceError(ledger.source, at, "parts: expected a list of message parts")
        if not all(isinstance(part, Mapping) for part in parts):
            raise TraceError(ledger.source, at, "parts: expected a list of objects")
        texts = [part.get("content") for part in parts if part.get("type") == "text"]
        if not all(isinstance(text, str) for text in texts):
            raise TraceError(ledger.source, at, "parts: a text part's content is not a string")
        if output and texts:
            # The model's words come before the calls it makes in the same message.
            ledger.message(time, "assistant", "\n".join(map(str, texts)))
        elif texts:
            ledger.tally.skip()
        for number, part in enumerate(parts):
            if part.get("type") != "text":
                spot = f"{at}.parts[{number}]"
                _part(part, time, output, f"{span_id}:{index}:{number}", ledger, spot)


def _part(
    part: Mapping[str, Any],
    time: int,
    output: bool,
    fallback_id: str,
    ledger: Ledger,
    where: str,
) -> None:
    kind = part.get("type")
    call_id = part.get("id")
    if call_id is not None and not isinstance(call_id, str):
        raise TraceError(ledger.source, where, f"id: expected a string, found {json_kind(call_id)}")
    if kind == "tool_call":
        name = part.get("name")
        if not isinstance(name, str) or not name:
            raise TraceError(
                ledger.source, where, f"name: expected a non-empty string, found {json_kind(name)}"
            )
        if not call_id and not output:
            ledger.tally.skip()  # history of a call with no id: its output was read already
            return
        args = arguments(part.get("arguments"), ledger, where)
        if ledger.echoed(call_id):
            ledger.call(time, call_id or fallback_id, name, args, where)
    elif kind == "tool_call_response":
        if not call_id:
            raise TraceError(
                ledger.source, where, "id: a tool call response with no id names no call"
            )
        if ledger.echoed(call_id):
            ledger.result(time, call_id, result_text(part.get("response")), False, where)
    elif one_of(kind, _QUIET_PARTS):
        ledger.tally.skip()
    else:
        raise TraceError(ledger.source, where, "type: not a message part type sakshi knows")


def event_body(
    attrs: Mapping[str, Any], body: object, ledger: Ledger, where: str
) -> Mapping[str, Any]:
    """An older-form event's body: a log record's body, else a span event's
    ``gen_ai.event.content`` (JSON), else its attributes."""
    if body is None:
        body = attrs.get("gen_ai.event.content", attrs)
    body = _json_value(body, ledger, f"{where}: body")
    if not isinstance(body, Mapping):
        raise TraceError(ledger.source, where, f"body: expected an object, found {json_kind(body)}")
    return body


def read_event(name: str, body: Mapping[str, Any], time: int, ledger: Ledger, where: str) -> None:
    """One older-form event (``EVENT_NAMES``)."""
    if name in ("gen_ai.system.message", "gen_ai.user.message"):
        ledger.tally.skip()
    elif name == "gen_ai.assistant.message":
        tool_calls(body.get("tool_calls"), time, ledger, where)
        ledger.tally.skip()  # the history's text: the choice that made it was read
    elif name == "gen_ai.choice":
        message = body.get("message") or {}
        if not isinstance(message, Mapping):
            raise TraceError(
                ledger.source, where, f"message: expected an object, found {json_kind(message)}"
            )
        tool_calls(message.get("tool_calls"), time, ledger, where)
        content = message.get("content")
        ledger.message(time, "assistant", _content_text(content, ledger, where))
    else:
        call_id = body.get("id")
        if not isinstance(call_id, str) or not call_id:
            raise TraceError(ledger.source, where, "id: a tool message names no call")
        if ledger.echoed(call_id):
            ledger.result(time, call_id, _tool_content(body, ledger, where), False, where)


def tool_calls(calls: object, time: int, ledger: Ledger, where: str) -> None:
    """An OpenAI-style ``tool_calls`` list (``{id, function: {name, arguments}}``) as the
    ledger's calls; the one reading of it for every span format that records one."""
    if calls is None:
        return
    if not isinstance(calls, list):
        raise TraceError(
            ledger.source, where, f"tool_calls: expected a list, found {json_kind(calls)}"
        )
    for index, call in enumerate(calls):
        at = f"{where}.tool_calls[{index}]"
        function = call.get("function") if isinstance(call, Mapping) else None
        call_id = call.get("id") if isinstance(call, Mapping) else None
        if not isinstance(function, Mapping) or not isinstance(call_id, str) or not call_id:
            raise TraceError(ledger.source, at, "expected {id, function: {name, arguments}}")
        name = function.get("name")
        if not isinstance(name, str) or not name:
            raise TraceError(ledger.source, at, "function.name: expected a non-empty string")
        if ledger.echoed(call_id):
            ledger.call(time, call_id, name, arguments(function.get("arguments"), ledger, at), at)


def _tool_content(body: Mapping[str, Any], ledger: Ledger, where: str) -> str | None:
    if "content" not in body:
        return None  # content capture off
    return _content_text(body["content"], ledger, where)


def _content_text(content: object, ledger: Ledger, where: str) -> str:
    if content is None or isinstance(content, str):
        return content or ""
    if isinstance(content, list):
        texts = [item.get("text") if isinstance(item, Mapping) else item for item in content]
        if all(isinstance(text, str) for text in texts):
            return "\n".join(str(text) for text in texts)
    raise TraceError(ledger.source, where, f"content: expected text, found {json_kind(content)}")


def indexed(attrs: Mapping[str, Any], prefix: str) -> dict[int, dict[str, Any]]:
    """Flattened list attributes (``prefix`` + ``N.rest``) as {N: {rest: value}}."""
    found: dict[int, dict[str, Any]] = {}
    for key, value in attrs.items():
        if not key.startswith(prefix):
            continue
        index, _, rest = key[len(prefix) :].partition(".")
        if index.isdigit() and index.isascii() and rest:
            found.setdefault(int(index), {})[rest] = value
    return found


def read_flat_messages(
    attrs: Mapping[str, Any], start: int, end: int, ledger: Ledger, where: str
) -> bool:
    """OpenLLMetry's flattened messages, ``gen_ai.prompt.N.*`` (the request, at the span's
    start) and ``gen_ai.completion.N.*`` (the answer, at its end): ``role``, ``content``,
    ``tool_calls.M.{id, name, arguments}`` and a tool message's ``tool_call_id``. Whether
    the span held any."""
    found = False
    for prefix, time, output in (
        ("gen_ai.prompt.", start, False),
        ("gen_ai.completion.", end, True),
    ):
        for index, message in sorted(indexed(attrs, prefix).items()):
            found = True
            at = f"{where}: {prefix}{index}"
            content = message.get("content")
            if content is not None and not isinstance(content, str):
                raise TraceError(
                    ledger.source, at, f"content: expected a string, found {json_kind(content)}"
                )
            if message.get("role") == "tool":
                call_id = message.get("tool_call_id")
                if not isinstance(call_id, str) or not call_id:
                    raise TraceError(
                        ledger.source, at, "tool_call_id: a tool message names no call"
                    )
                if ledger.echoed(call_id):
                    ledger.result(time, call_id, content, False, at)
                continue
            if output and content:
                ledger.message(time, "assistant", content)
            for number, call in sorted(indexed(message, "tool_calls.").items()):
                _flat_call(
                    call, time, output, f"{at}:{number}", ledger, f"{at}.tool_calls.{number}"
                )
    return found


def _flat_call(
    call: Mapping[str, Any], time: int, output: bool, fallback: str, ledger: Ledger, where: str
) -> None:
    name, call_id = call.get("name"), call.get("id")
    if not isinstance(name, str) or not name:
        raise TraceError(ledger.source, where, "name: expected a non-empty string")
    if call_id is not None and not isinstance(call_id, str):
        raise TraceError(ledger.source, where, f"id: expected a string, found {json_kind(call_id)}")
    if not call_id and not output:
        ledger.tally.skip()  # the history of a call with no id: read from its output
    elif ledger.echoed(call_id):
        ledger.call(
            time, call_id or fallback, name, arguments(call.get("arguments"), ledger, where), where
        )


# A Python function's call as some tracers record a tool's input (smolagents' TOOL spans,
# Langfuse's @observe): {"args": [], "kwargs": {...}}: with no positional argument, the
# keywords are the call's arguments.
_CALL_KEYS = frozenset({"args", "kwargs", "sanitize_inputs_outputs"})


def keywords(args: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """Arguments recorded as a Python call, as the call's keywords (else as they are)."""
    if args is None or not args.keys() <= _CALL_KEYS or not isinstance(args.get("kwargs"), Mapping):
        return args
    return args["kwargs"] if not args.get("args") else args
