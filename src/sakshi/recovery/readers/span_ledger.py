"""The calls and results that production traces record, gathered and put in order.

A tracing backend sees one tool call several times: the model's output names it (with
its id and arguments), the tool's own span runs it (its id, its result), and every later
model request repeats both in its input history. The ledger keeps one call and one
result per call id, merged from every sighting; two sightings that disagree (another
tool name, other arguments, another result) are refused, never chosen between. Each
call stands where it was first seen, and its result where the result was first seen
(never before its call), so the trace keeps the order the agent worked in.

Content capture: tracing tools leave out tool arguments and results unless told to
record them (the GenAI conventions make both opt-in). A call recorded without its
arguments, a result without its text, or (in a file with no tool spans) a model call
without any of its messages, is counted as ``uncaptured``: the lane makes such a run
``unknown``, never a pass, and says why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import Reading, Tally, TraceError

__all__ = ["Ledger"]


@dataclass
class _Call:
    """What the sightings of one call id say so far."""

    where: str
    at: tuple[int, int]
    name: str
    args: Mapping[str, Any] | None = None
    result_at: tuple[int, int] | None = None
    result_where: str = ""
    text: str | None = None
    failed: bool = False


@dataclass
class Ledger:
    """The calls, results and messages of one trace file, as they are sighted."""

    source: str
    trace_format: str
    tally: Tally = field(default_factory=Tally)
    _calls: dict[str, _Call] = field(default_factory=dict)
    _messages: list[tuple[tuple[int, int], Message]] = field(default_factory=list)
    _seq: int = 0
    # Set when some tool spans name no call id: the model messages' calls cannot be paired
    # with those spans, so only the calls whose id a tool span names are read from the
    # messages (reading the rest would count one call twice).
    spans_only: frozenset[str] | None = None

    # Model calls recorded with none of their messages (capture off): what the model was
    # given and asked for is unknown, and so are the tool calls it made.
    unseen: int = 0
    tool_spans: int = 0  # how many spans (or observations) record a tool's own run

    def echoed(self, call_id: str | None) -> bool:
        """Whether a call or result sighted in model messages is read (``spans_only``);
        one that is not is skipped and counted."""
        if self.spans_only is None or (call_id is not None and call_id in self.spans_only):
            return True
        self.tally.skip()
        return False

    def _stamp(self, time: int) -> tuple[int, int]:
        self._seq += 1
        return (time, self._seq)

    def call(
        self, time: int, call_id: str, name: str, args: Mapping[str, Any] | None, where: str
    ) -> None:
        """A sighting of a call: its id, tool name and arguments (None: not recorded)."""
        known = self._calls.get(call_id)
        if known is None or not known.name:
            # New, or so far only its result was sighted (a placeholder with no name).
            call = _Call(where, self._stamp(time), name.lower(), args)
            if known is not None:
                call.result_at, call.result_where = known.result_at, known.result_where
                call.text, call.failed = known.text, known.failed
            self._calls[call_id] = call
            return
        if known.name != name.lower():
            raise TraceError(
                self.source, where, "tool name: differs from another record of the call"
            )
        if args is not None and known.args is not None and dict(args) != dict(known.args):
            raise TraceError(
                self.source, where, "arguments: differ from another record of the call"
            )
        known.args = known.args if args is None else args
        known.at = min(known.at, self._stamp(time))

    def result(self, time: int, call_id: str, text: str | None, failed: bool, where: str) -> None:
        """A sighting of a call's result: its text (None: not recorded) and failure. The
        call must be sighted too, before or after (``reading`` checks)."""
        known = self._calls.get(call_id)
        if known is None:
            # A result sighted before its call: held under a placeholder the call fills in.
            known = self._calls[call_id] = _Call(where, (time, 1 << 62), "")
        if text is not None and known.text is not None:
            text = _one_text(known.text, text, self.source, where)
        stamp = self._stamp(time)
        if known.result_at is None or stamp < known.result_at:
            known.result_at, known.result_where = stamp, known.result_where or where
        if text is not None:
            known.text = text
        # A history's copy of a result has no failure flag: a failure seen anywhere stands.
        known.failed = known.failed or failed

    def message(self, time: int, role: str, text: str) -> None:
        """A message's text (an empty one is not kept)."""
        if text:
            self._messages.append((self._stamp(time), Message(role, text)))

    def reading(self) -> Reading:
        """The trace in order, with the count of what was skipped and not captured."""
        placed: list[tuple[tuple[int, int], int, Event]] = []
        uncaptured = self.unseen
        for call_id, call in self._calls.items():
            if not call.name:
                raise TraceError(
                    self.source, call.where, "tool call id: answers no call recorded in the file"
                )
            placed.append((call.at, 0, ToolCall(call_id, call.name, call.args or {})))
            uncaptured += call.args is None
            if call.result_at is not None:
                # A clock that ran backwards never puts a result before its call.
                at = max(call.result_at, call.at)
                placed.append((at, 1, ToolResult(call_id, call.name, call.failed, call.text or "")))
                uncaptured += call.text is None and not call.failed
        placed += [(at, 0, message) for at, message in self._messages]
        placed.sort(key=lambda item: (item[0], item[1]))
        events = tuple(event for _, _, event in placed)
        return Reading(Trace(events, self.trace_format), self.tally.skipped, uncaptured=uncaptured)


def _one_text(known: str, seen: str, source: str, where: str) -> str:
    """Two records of one result as one text: the same text, the same JSON value written
    two ways, or one cut short (an attribute length limit) of the other: the whole one.
    Anything else is two different results of one call."""
    if known == seen or known.startswith(seen):
        return known
    if seen.startswith(known):
        return seen
    try:
        if json.loads(known) == json.loads(seen):
            return known
    except (ValueError, RecursionError):
        pass  # not JSON: two texts that differ
    raise TraceError(source, where, "result: differs from another record of the call's result")
