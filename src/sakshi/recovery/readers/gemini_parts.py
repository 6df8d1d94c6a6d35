"""The parts of Gemini API contents as events, for ``gemini_api``: text, function calls and
responses, code execution, and the server-side tool calls of Gemini 3.

A part holds one datum (``text``, ``functionCall``, ``functionResponse``, ``executableCode``,
``codeExecutionResult``, ``toolCall``, ``toolResponse``, ``inlineData``, ``fileData``)
beside metadata (``thought``, ``thoughtSignature``, ...). The REST API writes its keys in
camelCase and the Python SDK's dumps in snake_case; both are read. A thought, media and a
part of metadata alone are skipped and counted; a part with no datum sakshi knows, or two,
is an error.

Pairing: a response names its call by ``id`` when it has one (and must be of the same
name). Without an id, the API itself pairs a function's response with its call by name,
in order: a ``functionResponse`` answers the oldest call of that name still waiting, a
code execution result the oldest code still waiting, a ``toolResponse`` the oldest call of
its ``toolType``. A call without an id is named from its place (``read@contents[1]...``),
and only the next turn can answer it: a response after a later model turn is not its. A
response that answers no waiting call cannot be certified and is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult
from sakshi.recovery.readers.common import Tally, TraceError, json_kind, tool_args, tool_name

__all__ = ["PartWalk"]

# Each datum's REST (camelCase) name and the SDK's (snake_case).
_DATA = {
    "text": "text",
    "functionCall": "function_call",
    "functionResponse": "function_response",
    "executableCode": "executable_code",
    "codeExecutionResult": "code_execution_result",
    "toolCall": "tool_call",
    "toolResponse": "tool_response",
    "inlineData": "inline_data",
    "fileData": "file_data",
    "audioTranscription": "audio_transcription",
}
# Data that hold no text a chain reads: media, and the transcript of audio the model heard.
_MEDIA = ("inlineData", "fileData", "audioTranscription")
# Metadata beside a datum (or alone): never an event.
_METADATA = frozenset(
    {
        "thought",
        "thoughtSignature",
        "thought_signature",
        "videoMetadata",
        "video_metadata",
        "partMetadata",
        "part_metadata",
        "mediaResolution",
        "media_resolution",
    }
)
_SNAKE = {snake: camel for camel, snake in _DATA.items()}


class _Waiting(NamedTuple):
    """A call without a result yet: its id, and what a response without an id names."""

    call_id: str
    key: str
    has_id: bool


@dataclass
class PartWalk:
    """The state of one file's walk over Gemini contents."""

    source: str
    tally: Tally = field(default_factory=Tally)
    events: list[Event] = field(default_factory=list)
    waiting: list[_Waiting] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    last_role: str = ""

    def content(self, content: object, where: str, role: str = "user") -> None:
        """One Content: a role (user, model, or the older function) and its parts; a
        Content without a role is the given one's (a request's user, a candidate's model)."""
        if not isinstance(content, Mapping):
            raise TraceError(self.source, where, f"expected an object, found {json_kind(content)}")
        given = content.get("role") or role
        # Vertex AI's REST examples write roles in capitals (USER) and one part unlisted.
        role = given.lower() if isinstance(given, str) else ""
        if role not in ("user", "model", "function", "tool"):
            raise TraceError(self.source, where, "role: expected user, model or function")
        parts = content.get("parts")
        if parts is None:
            return
        if isinstance(parts, Mapping):
            parts = [parts]
        if not isinstance(parts, list):
            raise TraceError(
                self.source, where, f"parts: expected a list, found {json_kind(parts)}"
            )
        if role == "model" and self.last_role not in ("", "model"):
            # A new model turn: a call of an earlier turn without an id was never answered
            # (the API wants the responses in the very next turn); no later response is its.
            self.waiting = [w for w in self.waiting if w.has_id]
        self.last_role = role
        speaker = "assistant" if role == "model" else "user"
        for index, part in enumerate(parts):
            self.part(speaker, part, f"{where}.parts[{index}]")

    def part(self, speaker: str, part: object, where: str) -> None:
        if not isinstance(part, Mapping):
            raise TraceError(self.source, where, f"expected an object, found {json_kind(part)}")
        # The SDK's dump writes every field of a Part, null where unset: null is absent.
        given = [key for key, value in part.items() if value is not None]
        data = [key for key in given if key in _DATA or key in _SNAKE]
        unknown = [key for key in given if key not in _DATA and key not in _SNAKE]
        if [key for key in unknown if key not in _METADATA] or len(data) > 1:
            raise TraceError(self.source, where, "not a part sakshi knows (one datum a part)")
        kind = _SNAKE.get(data[0], data[0]) if data else None
        if kind is None or kind in _MEDIA or part.get("thought") is True:
            self.tally.skip()  # a thought, media, or metadata alone
            return
        value = part[data[0]]
        if kind == "text":
            if not isinstance(value, str):
                raise TraceError(
                    self.source, where, f"text: expected a string, found {json_kind(value)}"
                )
            self.events.append(Message(speaker, value))
            return
        if not isinstance(value, Mapping):
            raise TraceError(
                self.source, where, f"{data[0]}: expected an object, found {json_kind(value)}"
            )
        _HANDLERS[kind](self, value, f"{where}.{data[0]}")

    def call(
        self, name: str, key: str, args: Mapping[str, Any], value: Mapping[str, Any], where: str
    ) -> None:
        """A call, by its ``id`` or, without one, named from its place in the file."""
        given = value.get("id")
        if given is not None and not (isinstance(given, str) and given):
            raise TraceError(
                self.source, where, f"id: expected a non-empty string, found {json_kind(given)}"
            )
        call_id = given if isinstance(given, str) else f"{name}@{where}"
        if call_id in self.names:
            raise TraceError(self.source, where, "id: a second call with the same id")
        self.names[call_id] = name
        self.waiting.append(_Waiting(call_id, key, given is not None))
        self.events.append(ToolCall(call_id, name, args))

    def result(
        self, key: str, value: Mapping[str, Any], failed: bool, text: str, where: str
    ) -> None:
        """A response: to the waiting call its ``id`` names, or without one, the oldest
        waiting call of the same name (a function's, code, a tool type)."""
        given = value.get("id")
        found = [w for w in self.waiting if w.key == key and (given is None or w.call_id == given)][
            :1
        ]
        if not found:
            raise TraceError(self.source, where, "answers no call made before it")
        self.waiting.remove(found[0])
        call_id = found[0].call_id
        self.events.append(ToolResult(call_id, self.names[call_id], failed, text))


def _strings(value: object) -> list[str]:
    """Every string inside a JSON value, in document order: what a response says."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def _response_body(value: Mapping[str, Any], walk: PartWalk, where: str) -> tuple[bool, str]:
    """A response object's failure and text: ``output`` and ``error`` when it has them (the
    API's convention), else the whole object is the output."""
    body = value.get("response")
    if body is None:
        return False, ""
    if not isinstance(body, Mapping):
        raise TraceError(
            walk.source, where, f"response: expected an object, found {json_kind(body)}"
        )
    if "output" in body or "error" in body:
        failed = body.get("error") is not None
        return failed, "\n".join(_strings(body.get("output")) + _strings(body.get("error")))
    return False, "\n".join(_strings(body))


def _function_call(walk: PartWalk, value: Mapping[str, Any], where: str) -> None:
    name = tool_name(value, "name", walk.source, where)
    walk.call(
        name, f"function:{name}", tool_args(value.get("args"), walk.source, where), value, where
    )


def _function_response(walk: PartWalk, value: Mapping[str, Any], where: str) -> None:
    name = tool_name(value, "name", walk.source, where)
    failed, text = _response_body(value, walk, where)
    parts = value.get("parts")
    if parts is not None and not isinstance(parts, list):
        raise TraceError(walk.source, where, f"parts: expected a list, found {json_kind(parts)}")
    walk.tally.skip(len(parts or ()))  # media a response carries: no text
    walk.result(f"function:{name}", value, failed, text, where)


def _executable_code(walk: PartWalk, value: Mapping[str, Any], where: str) -> None:
    code = value.get("code")
    if not isinstance(code, str):
        raise TraceError(walk.source, where, f"code: expected a string, found {json_kind(code)}")
    walk.call("code_execution", "code", {"code": code}, value, where)


def _code_result(walk: PartWalk, value: Mapping[str, Any], where: str) -> None:
    output = value.get("output")
    if output is not None and not isinstance(output, str):
        raise TraceError(
            walk.source, where, f"output: expected a string, found {json_kind(output)}"
        )
    failed = value.get("outcome") != "OUTCOME_OK"
    walk.result("code", value, failed, output or "", where)


def _tool_type(value: Mapping[str, Any], walk: PartWalk, where: str) -> str:
    kind = value.get("toolType", value.get("tool_type"))
    if not isinstance(kind, str) or not kind:
        raise TraceError(
            walk.source, where, f"toolType: expected a string, found {json_kind(kind)}"
        )
    return kind.lower()


def _tool_call(walk: PartWalk, value: Mapping[str, Any], where: str) -> None:
    kind = _tool_type(value, walk, where)
    walk.call(kind, f"tool:{kind}", tool_args(value.get("args"), walk.source, where), value, where)


def _tool_response(walk: PartWalk, value: Mapping[str, Any], where: str) -> None:
    kind = _tool_type(value, walk, where)
    failed, text = _response_body(value, walk, where)
    walk.result(f"tool:{kind}", value, failed, text, where)


_HANDLERS = {
    "functionCall": _function_call,
    "functionResponse": _function_response,
    "executableCode": _executable_code,
    "codeExecutionResult": _code_result,
    "toolCall": _tool_call,
    "toolResponse": _tool_response,
}
