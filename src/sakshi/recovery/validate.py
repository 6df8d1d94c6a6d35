"""Validator v2: (case, trace) -> a result with a status and reason codes. Pure.

A case passes only with the whole chain its kind asks for (SPEC section 5): the
temp-output chain lives in ``handle_chain``, the read-offset chain in ``offset_chain``,
and the trace is indexed once by ``trace_index`` (which refuses a trace where one call id
is used twice or a call is answered twice: status error, TRACE_MALFORMED). "The task
passed" (the final answer holds the fact) is kept apart from "the strategy passed" (the
chain held): an agent that guessed right still fails the strategy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from sakshi.reasons import RecoveryReason as Reason
from sakshi.recovery.corpus import Case, CaseKind, holds_fact
from sakshi.recovery.handle_chain import temp_output_outcome
from sakshi.recovery.model import (
    Event,
    Harness,
    Message,
    ToolCall,
    ToolResult,
    Trace,
    path_conflict,
)
from sakshi.recovery.offset_chain import read_offset_outcome
from sakshi.recovery.source_names import argument_strings
from sakshi.recovery.tool_names import known_tools, screen_tool_names
from sakshi.recovery.trace_index import TraceIndex

__all__ = ["CaseResult", "Status", "malformed_result", "validate"]


class Status(StrEnum):
    """A case's outcome in a report."""

    PASS = "pass"
    FAIL = "fail"
    UNKNOWN = "unknown"  # the report lacks the evidence to decide (reinterpreted v1)
    ERROR = "error"  # the trace could not be read


@dataclass(frozen=True)
class CaseResult:
    """Status, reason codes (in chain order) and content-free observations."""

    status: Status
    reasons: tuple[Reason, ...]
    task_pass: bool
    strategy_pass: bool
    tool_names: tuple[str, ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)
    evidence: Mapping[str, str] = field(default_factory=dict)


def malformed_result() -> CaseResult:
    """The result of a run whose trace could not be read, or contradicts itself."""
    return CaseResult(Status.ERROR, (Reason.TRACE_MALFORMED,), False, False)


def _final_answer(trace: Trace) -> str:
    for event in reversed(trace.events):
        if isinstance(event, Message) and event.role == "assistant" and event.text.strip():
            return event.text
    return ""


def _ordered(reasons: frozenset[Reason]) -> tuple[Reason, ...]:
    # Chain order is the enum's declaration order, whatever order the checks ran in.
    order = list(Reason)
    return tuple(sorted(reasons, key=order.index))


def _counts(index: TraceIndex, producer_calls: int) -> dict[str, int]:
    events = index.events
    return {
        "events": len(events),
        "tool_calls": len(index.calls),
        "tool_results": sum(isinstance(event, ToolResult) for event in events),
        "failed_results": sum(isinstance(event, ToolResult) and event.is_error for event in events),
        "read_calls": len(index.reads),
        "producer_calls": producer_calls,
        "harness_events": sum(isinstance(event, Harness) for event in events),
        "messages": sum(isinstance(event, Message) for event in events),
    }


def _seen_earlier(events: tuple[Event, ...], before: int, fact: str) -> bool:
    """Whether anything before position ``before`` held the fact: a tool result (its text or
    details), a message, or a call's arguments (an agent that writes the fact knew it)."""
    for event in events[:before]:
        if isinstance(event, ToolResult):
            texts = [event.text, *argument_strings(event.details or {})]
        elif isinstance(event, Message):
            texts = [event.text]
        elif isinstance(event, ToolCall):
            texts = list(argument_strings(event.args))
        else:
            continue  # the harness's own records: the agent never sees them
        if any(holds_fact(text, fact) for text in texts):
            return True
    return False


def validate(case: Case, trace: Trace) -> CaseResult:
    """Judge one run of ``case`` from its trace."""
    index = TraceIndex.of(trace)
    if index is None:
        return malformed_result()
    if case.kind is CaseKind.TEMP_OUTPUT:
        outcome = temp_output_outcome(index, case)
    else:
        outcome = read_offset_outcome(index, case)
    # The status is the chain's (SPEC section 5); whether the final answer holds the fact
    # is reported beside it as task_pass, never mixed in: a right guess does not pass,
    # and a chain that recovered the fact has proved the recovery.
    reasons_found = outcome.reasons
    if any(path_conflict(located.event) for located in index.calls):
        # A call that names two different paths read one of them, nobody knows which: the
        # chain cannot rest on it, whatever else held.
        conflict = (
            Reason.UNRELATED_PATH if case.kind is CaseKind.TEMP_OUTPUT else Reason.WRONG_SOURCE
        )
        reasons_found = reasons_found | {conflict}
    if not reasons_found:
        # The chain must be the first way the fact reached the agent (SPEC section 5): a
        # fact already seen (a first read, an untold offset, bash, grep, a message) is not
        # recovered by the chain that later repeats it: the chain's proof of the fact is
        # missing (FACT_MISSING, the contract's code for a chain that did not bring it).
        proof_at = len(index.events) if outcome.proof_at is None else outcome.proof_at
        if _seen_earlier(index.events, proof_at, case.fact):
            reasons_found = frozenset({Reason.FACT_MISSING})
    strategy_pass = not reasons_found
    task_pass = case.fact in _final_answer(trace)
    status = Status.PASS if strategy_pass else Status.FAIL
    # Only known tool names are shown: a name the model chose can encode the fact.
    known = known_tools(trace.source_format, case.producer)
    tools, others = screen_tool_names((located.event.tool for located in index.calls), known)
    counts = {**_counts(index, outcome.producer_calls), "other_tool_calls": others}
    reasons = _ordered(reasons_found)
    return CaseResult(status, reasons, task_pass, strategy_pass, tools, counts, outcome.evidence)
