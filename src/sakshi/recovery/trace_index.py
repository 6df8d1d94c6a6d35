"""The trace indexed once for the validator: each call, its one result, the reads. Pure.

A result belongs to the call with its ``call_id`` and the same tool (SPEC section 5). A
trace in which two calls share a ``call_id``, or a call is answered twice (an error and
then a success included), says two things about one call: it is malformed, and the
validator refuses it rather than pick one (``TraceIndex.of`` gives None).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeGuard, TypeVar

from sakshi.reasons import RecoveryReason as Reason
from sakshi.recovery.model import Event, ToolCall, ToolResult, Trace, read_path

__all__ = [
    "READ_TOOL",
    "SECOND_CALL",
    "SECOND_RESULT",
    "KindOutcome",
    "Located",
    "TraceIndex",
    "contradiction",
    "matches_source",
    "reads_source",
    "succeeded",
]

READ_TOOL = "read"

_EventT = TypeVar("_EventT", ToolCall, ToolResult)


@dataclass(frozen=True)
class Located(Generic[_EventT]):
    """A tool call or result and its position in the trace's events."""

    index: int
    event: _EventT


@dataclass(frozen=True)
class KindOutcome:
    """A kind's verdict: why its chain failed (nothing: it held), evidence, producer calls."""

    reasons: frozenset[Reason]
    evidence: Mapping[str, str]
    producer_calls: int
    # Where the chain's first result holding the fact stands (None: no chain proved it);
    # ``validate`` requires that nothing before it held the fact.
    proof_at: int | None = None


@dataclass(frozen=True)
class TraceIndex:
    """The trace with every call's position and the position of its result."""

    events: tuple[Event, ...]
    calls: tuple[Located[ToolCall], ...]
    reads: tuple[Located[ToolCall], ...]  # the read calls, in trace order
    result_at: Mapping[str, Located[ToolResult]]

    @classmethod
    def of(cls, trace: Trace) -> TraceIndex | None:
        """Index ``trace``; None when a call id is used twice or a call answered twice."""
        if contradiction(trace) is not None:
            return None
        calls: list[Located[ToolCall]] = []
        tool_of: dict[str, str] = {}
        results: dict[str, Located[ToolResult]] = {}
        for index, event in enumerate(trace.events):
            if isinstance(event, ToolCall):
                tool_of[event.call_id] = event.tool
                calls.append(Located(index, event))
            elif isinstance(event, ToolResult) and tool_of.get(event.call_id) == event.tool:
                results[event.call_id] = Located(index, event)
        reads = tuple(located for located in calls if located.event.tool == READ_TOOL)
        return cls(trace.events, tuple(calls), reads, results)

    def result(self, call: ToolCall) -> Located[ToolResult] | None:
        """The call's result, if it was answered."""
        return self.result_at.get(call.call_id)


def succeeded(result: Located[ToolResult] | None) -> TypeGuard[Located[ToolResult]]:
    """A result that came back without an error (a missing result did not succeed)."""
    return result is not None and not result.event.is_error


def matches_source(path: str | None, source_path: str) -> bool:
    """The corpus rule for the original source: the same path, or one ending in ``/`` + it.

    Only for recognising the source: two reads are of "the same path" only when their path
    strings are equal.
    """
    return path is not None and (path == source_path or path.endswith("/" + source_path))


def reads_source(read: Located[ToolCall], source_path: str) -> bool:
    """Whether a read call's path argument is the source, by the corpus rule."""
    return matches_source(read_path(read.event), source_path)


SECOND_CALL = "tool call: a second call with the same id"
SECOND_RESULT = "tool result: a second result for a call answered before"


def contradiction(trace: Trace) -> str | None:
    """What makes ``trace`` contradict itself, or None: a call id used by two calls, or a
    call answered twice. Only a result after its call, of the call's own tool, answers it;
    a second answer is not a retry but a trace that contradicts itself. (The readers name
    the line that does it: ``readers.twice``.)"""
    tools: dict[str, str] = {}
    answered: set[str] = set()
    for event in trace.events:
        if isinstance(event, ToolCall):
            if event.call_id in tools:
                return SECOND_CALL
            tools[event.call_id] = event.tool
        elif isinstance(event, ToolResult) and tools.get(event.call_id) == event.tool:
            if event.call_id in answered:
                return SECOND_RESULT
            answered.add(event.call_id)
    return None
