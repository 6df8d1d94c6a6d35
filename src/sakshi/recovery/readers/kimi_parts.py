"""The calls, results and content parts of a Kimi Code CLI wire log (``kimi_cli``): the
running state of one read. Pure: parsed records in, events out. A sub-agent's call ids are
kept in its own scope (prefixed with who it is), apart from the main agent's.

The Python Kimi CLI streams a call: its ``ToolCall`` record may hold only the start of
the arguments (or none), and the ``ToolCallPart`` records after it continue them, other
records possibly between (the CLI writes a part apart from its call when something else
was sent while the call streamed). A part continues the agent's latest call, which stands
in its place; the calls are complete when the log ends, and only then are their arguments
parsed. A call whose arguments cannot be read is an error naming the ``ToolCall``'s line,
never a call without arguments (its path could be the direct read of the source that
fails a case).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sakshi.recovery.model import Event, ToolCall, ToolResult
from sakshi.recovery.readers.common import (
    Tally,
    TraceError,
    json_kind,
    new_call,
    parse_json,
    tool_name,
)
from sakshi.recovery.readers.texts import TextParts, content_text

__all__ = ["KimiCalls", "parts_text"]

# Kimi's content parts: a text part's text counts; reasoning and media carry none the
# recovery chains read; a bare string in a part list is no part of Kimi's.
_KIMI_PARTS = TextParts(
    text=frozenset({"text"}),
    quiet=frozenset({"think", "image_url", "audio_url", "video_url"}),
    unknown="a Kimi content part",
    items="parts",
    bare_strings=False,
)


def parts_text(content: object, source: str, where: str, field: str, tally: Tally) -> str:
    """The text of a Kimi content (a string, or a list of parts): text parts count, thinking
    and media are skipped and counted, any other part is an error."""
    return content_text(content, source, where, tally, _KIMI_PARTS, field)


@dataclass
class _Open:
    """A streamed call not yet complete: its id, name, the arguments so far, where its
    ``ToolCall`` stands, and the index of its event (a stand-in until it is complete)."""

    call_id: str
    name: str
    arguments: object
    where: str
    field: str
    index: int


@dataclass
class KimiCalls:
    """The events read so far, the names of the calls by id, and each agent's open call."""

    source: str
    events: list[Event] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    names: dict[str, str] = field(default_factory=dict)
    open: dict[str | None, _Open] = field(default_factory=dict)  # each agent's latest call
    streamed: list[_Open] = field(default_factory=list)
    # Whose calls these are: "" for the main agent, else a prefix that keeps a sub-agent's
    # call ids apart from the main agent's (each numbers its own calls: "ReadFile:0" can
    # be both), so that two agents' calls never read as one id used twice.
    scope: str = ""
    contexts: int = 0  # the context.jsonl logs begun (a _checkpoint 0 each)

    def _id(self, value: object, where: str, at: str) -> str:
        if not isinstance(value, str) or not value:
            raise TraceError(
                self.source, where, f"{at}: expected a non-empty string, found {json_kind(value)}"
            )
        return self.scope + value

    def open_call(
        self,
        agent: str | None,
        payload: Mapping[str, Any],
        function: Mapping[str, Any],
        where: str,
        at: str,
    ) -> None:
        """A Python CLI ``ToolCall``: in its place, kept open for the parts that may follow
        (other records may come between: the CLI writes a part apart from its call when
        something else was sent while the call streamed)."""
        call_id = self._id(payload.get("id"), where, f"{at}.id")
        name = self._name(function, where, f"{at}.function")
        new_call(self.names, call_id, name, (self.source, where, f"{at}.id"))
        opened = _Open(call_id, name, function.get("arguments"), where, at, len(self.events))
        self.open[agent] = opened
        self.streamed.append(opened)
        self.events.append(ToolCall(call_id, name, {}))

    def continue_call(self, agent: str | None, part: object, where: str, at: str) -> None:
        """A ``ToolCallPart``: more of the open call's arguments."""
        current = self.open.get(agent)
        if current is None:
            raise TraceError(self.source, where, f"{at}: a ToolCallPart with no ToolCall open")
        if part is None:
            return
        if not isinstance(part, str) or not (
            current.arguments is None or isinstance(current.arguments, str)
        ):
            raise TraceError(
                self.source,
                where,
                f"{at}.arguments_part: expected a string, found {json_kind(part)}",
            )
        current.arguments = (current.arguments or "") + part

    def finish(self) -> None:
        """The log has ended: every streamed call is complete, its arguments parsed."""
        for current in self.streamed:
            field_name = f"{current.field}.function.arguments"
            args = self._arguments(current.arguments, current.where, field_name)
            self.events[current.index] = ToolCall(current.call_id, current.name, args)
        self.streamed.clear()
        self.open.clear()

    def call(self, obj: Mapping[str, Any], id_key: str, args_key: str, where: str, at: str) -> None:
        """A Kimi Code call, complete in one record: ``obj`` at field ``at`` of the line."""
        call_id = self._id(obj.get(id_key), where, f"{at}.{id_key}")
        name = self._name(obj, where, at)
        args = self._arguments(obj.get(args_key), where, f"{at}.{args_key}")
        self._emit(call_id, name, args, where, f"{at}.{id_key}")

    def result(self, raw_id: object, value: Mapping[str, Any], where: str, at: str) -> None:
        """A Python CLI ``ToolResult``: its ``return_value``'s output (and the message the
        tool gave the model) and its error flag."""
        call_id = self._answered(raw_id, where, at)
        base = at.rsplit(".", 1)[0] + ".return_value"
        failed = value.get("is_error", False)
        if not isinstance(failed, bool):
            raise TraceError(
                self.source,
                where,
                f"{base}.is_error: expected a boolean, found {json_kind(failed)}",
            )
        text = parts_text(value.get("output"), self.source, where, f"{base}.output", self.tally)
        note = value.get("message")
        if isinstance(note, str) and note:
            text = f"{text}\n{note}" if text else note
        self.events.append(ToolResult(call_id, self.names.get(call_id, ""), failed, text))

    def code_result(self, raw_id: object, failed: bool, text: str, where: str, at: str) -> None:
        """A Kimi Code result: a tool message or a ``tool.result`` event."""
        call_id = self._answered(raw_id, where, at)
        self.events.append(ToolResult(call_id, self.names.get(call_id, ""), failed, text))

    def _answered(self, raw_id: object, where: str, at: str) -> str:
        """The id of the call a result answers: one made before it."""
        call_id = self._id(raw_id, where, at)
        if call_id not in self.names:
            raise TraceError(self.source, where, f"{at}: answers no call made before it")
        return call_id

    def _name(self, obj: Mapping[str, Any], where: str, at: str) -> str:
        try:
            return tool_name(obj, "name", self.source, where)
        except TraceError as exc:
            raise TraceError(self.source, where, f"{at}.{exc.problem}") from None

    def _emit(self, call_id: str, name: str, args: Mapping[str, Any], where: str, at: str) -> None:
        new_call(self.names, call_id, name, (self.source, where, at))
        self.events.append(ToolCall(call_id, name, args))

    def _arguments(self, raw: object, where: str, field_name: str) -> Mapping[str, Any]:
        """A call's arguments at ``field_name``: an object, a JSON string of one, or none."""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return {}
        if isinstance(raw, Mapping):
            return raw
        if not isinstance(raw, str):
            raise TraceError(
                self.source, where, f"{field_name}: expected a JSON string, found {json_kind(raw)}"
            )
        try:
            parsed = parse_json(raw, self.source, where)
        except TraceError as exc:
            raise TraceError(self.source, where, f"{field_name}: {exc.problem}") from None
        if not isinstance(parsed, Mapping):
            raise TraceError(
                self.source, where, f"{field_name}: expected an object, found {json_kind(parsed)}"
            )
        return parsed
