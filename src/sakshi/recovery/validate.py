"""Validator v2: (case, trace) -> a result with a status and reason codes. Pure.

A case passes only with the whole chain its kind asks for (SPEC section 5). "The task
passed" (the final answer holds the fact) is kept apart from "the strategy passed" (the
chain held): an agent that guessed right still fails the strategy, and an offset that
merely lands past the fact (offset > 1) is never enough.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeGuard, TypeVar

from sakshi.reasons import RecoveryReason as Reason
from sakshi.recovery.corpus import Case, CaseKind
from sakshi.recovery.evidence import EvidenceSource, handle_of, offsets_of
from sakshi.recovery.model import (
    Event,
    Harness,
    Message,
    ToolCall,
    ToolResult,
    Trace,
    read_offset,
    read_path,
)

__all__ = ["CaseResult", "Status", "malformed_result", "validate"]

READ_TOOL = "read"


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
    """The result of a run whose trace could not be read."""
    return CaseResult(Status.ERROR, (Reason.TRACE_MALFORMED,), False, False)


# --- the indexed trace -------------------------------------------------------------------

_EventT = TypeVar("_EventT", ToolCall, ToolResult)


@dataclass(frozen=True)
class _Located(Generic[_EventT]):
    """A tool call or result and its position in the trace's events."""

    index: int
    event: _EventT


@dataclass(frozen=True)
class _IndexedTrace:
    """The trace with each call's position and the position of its (first) result."""

    events: tuple[Event, ...]
    calls: tuple[_Located[ToolCall], ...]
    result_at: Mapping[str, _Located[ToolResult]]

    @classmethod
    def of(cls, trace: Trace) -> _IndexedTrace:
        calls: list[_Located[ToolCall]] = []
        results: dict[str, _Located[ToolResult]] = {}
        seen: set[str] = set()
        for index, event in enumerate(trace.events):
            if isinstance(event, ToolCall):
                calls.append(_Located(index, event))
                seen.add(event.call_id)
            elif isinstance(event, ToolResult) and event.call_id in seen:
                # Only a result after its call counts, and only the first one.
                results.setdefault(event.call_id, _Located(index, event))
        return cls(trace.events, tuple(calls), results)

    def result(self, call: ToolCall) -> _Located[ToolResult] | None:
        """The call's first result after it, if any."""
        return self.result_at.get(call.call_id)

    def position(self, call: ToolCall) -> int:
        """Where this very call object first stands in the events."""
        return next(located.index for located in self.calls if located.event is call)

    def reads(self) -> list[_Located[ToolCall]]:
        """Every read call, in trace order."""
        return [located for located in self.calls if located.event.tool == READ_TOOL]


@dataclass(frozen=True)
class _KindOutcome:
    """A kind's verdict: why its chain failed (nothing: it held), evidence, producer calls."""

    reasons: frozenset[Reason]
    evidence: Mapping[str, str]
    producer_calls: int


def _matches_source(path: str | None, source_path: str) -> bool:
    return path is not None and (path == source_path or path.endswith("/" + source_path))


def _final_answer(trace: Trace) -> str:
    for event in reversed(trace.events):
        if isinstance(event, Message) and event.role == "assistant" and event.text.strip():
            return event.text
    return ""


def _reads_source(read: _Located[ToolCall], case: Case) -> bool:
    return _matches_source(read_path(read.event), case.source.path)


def _succeeded(result: _Located[ToolResult] | None) -> TypeGuard[_Located[ToolResult]]:
    """A result that came back without an error (a missing result did not succeed)."""
    return result is not None and not result.event.is_error


def _ordered(reasons: frozenset[Reason]) -> tuple[Reason, ...]:
    # Chain order is the enum's declaration order, whatever order the checks ran in.
    order = list(Reason)
    return tuple(sorted(reasons, key=order.index))


# --- temp-output -------------------------------------------------------------------------


@dataclass(frozen=True)
class _HarnessChecks:
    """What the harness verified after the producer's result."""

    cleanup_verified: bool  # the source was deleted, and the deletion checked
    handle_verified: bool  # the handle was readable and held the fact


def _harness_checks(
    indexed: _IndexedTrace, after: int, producer: ToolCall, case: Case, handle: str | None
) -> _HarnessChecks:
    """The harness events after position ``after`` that follow ``producer`` (or no call)."""
    cleanup = checked = False
    for event in indexed.events[after + 1 :]:
        if not isinstance(event, Harness):
            continue
        if event.after_call_id is not None and event.after_call_id != producer.call_id:
            continue
        fields = event.fields
        if event.event == "source_deleted" and fields.get("verified") is True:
            path = fields.get("path")
            cleanup = cleanup or (isinstance(path, str) and _matches_source(path, case.source.path))
        elif event.event == "handle_checked":
            checked = checked or (
                handle is not None
                and fields.get("handle") == handle
                and fields.get("readable") is True
                and fields.get("fact_present") is True
            )
    return _HarnessChecks(cleanup_verified=cleanup, handle_verified=checked)


@dataclass(frozen=True)
class _ProducerChain:
    """How the chain from one producer call went, and where its handle was found."""

    reasons: frozenset[Reason]
    handle_source: EvidenceSource


def _handle_read_reasons(results: list[_Located[ToolResult] | None], fact: str) -> set[Reason]:
    # The handle is the exact file the tool issued: any successful read of it that
    # returns the fact completes the chain (SPEC sets no offset rule on a handle).
    if any(_succeeded(result) and fact in result.event.text for result in results):
        return set()
    if any(not _succeeded(result) for result in results):
        return {Reason.RECOVERY_READ_FAILED}
    return {Reason.FACT_MISSING}


def _temp_output_chain(indexed: _IndexedTrace, producer: ToolCall, case: Case) -> _ProducerChain:
    """The chain one producer call started: result, handle, harness checks, later reads."""
    reasons: set[Reason] = set()
    produced = indexed.result(producer)
    if not _succeeded(produced):
        reasons.add(Reason.PRODUCER_FAILED)
    handle = handle_of(produced.event) if produced is not None else None
    source = handle.source if handle is not None else EvidenceSource.NONE
    # Only the structured handle counts: a path scraped from prose could be anything's.
    if source is not EvidenceSource.STRUCTURED:
        reasons.add(Reason.HANDLE_NOT_IN_DETAILS)
    path = handle.path if handle is not None else None
    after = produced.index if produced is not None else indexed.position(producer)
    checks = _harness_checks(indexed, after, producer, case, path)
    if not checks.cleanup_verified:
        reasons.add(Reason.CLEANUP_UNVERIFIED)
    if not checks.handle_verified:
        reasons.add(Reason.HANDLE_UNVERIFIED)
    reads = indexed.reads()
    of_handle = [read for read in reads if path is not None and read_path(read.event) == path]
    handle_reads = [read for read in of_handle if read.index > after]
    if handle_reads:
        results = [indexed.result(read.event) for read in handle_reads]
        reasons |= _handle_read_reasons(results, case.fact)
    else:
        guessed = [read for read in of_handle if read.index < after]
        unrelated = [read for read in reads if read.index > after and not _reads_source(read, case)]
        if guessed:
            reasons.add(Reason.READ_BEFORE_PRODUCER)
        if unrelated:
            reasons.add(Reason.UNRELATED_PATH)
        if not guessed and not unrelated:
            reasons.add(Reason.NO_RECOVERY_READ)
    return _ProducerChain(frozenset(reasons), source)


def _temp_output(indexed: _IndexedTrace, case: Case) -> _KindOutcome:
    """A temp-output case: the producer's handle read back after the source is gone."""
    producers = [located.event for located in indexed.calls if located.event.tool == case.producer]
    evidence = {"handle": EvidenceSource.NONE.value}
    if not producers:
        return _KindOutcome(frozenset({Reason.PRODUCER_MISSING}), evidence, 0)
    # With several producers, judge the chain of the one that fares best (the first of
    # equals); the repetition itself is a failure whichever it was.
    chains = [_temp_output_chain(indexed, producer, case) for producer in producers]
    best = min(chains, key=lambda chain: len(chain.reasons))
    evidence["handle"] = best.handle_source.value
    reasons = best.reasons
    if len(producers) > 1:
        reasons = reasons | {Reason.REPEATED_PRODUCER}
    if any(_reads_source(read, case) for read in indexed.reads()):
        reasons = reasons | {Reason.SOURCE_READ_DIRECTLY}
    return _KindOutcome(reasons, evidence, len(producers))


# --- read-offset -------------------------------------------------------------------------


@dataclass(frozen=True)
class _ReadChain:
    """How the reads of one file went (``fact_found``: a valid read's result holds the fact).

    A read is valid when it starts at the top (no offset, or 1) or at an offset that an
    earlier successful result of a read of the same file told.
    """

    fact_found: bool
    continuations: int  # valid reads at a told offset past 1
    guessed: int  # offsets issued before the result that told them
    wrong: int  # offsets no result ever told
    failed: int  # valid reads whose result is missing or an error


@dataclass(frozen=True)
class _Step:
    """A read call or its result, at its position in the trace."""

    index: int
    is_result: bool
    call: ToolCall


def _follow_reads(indexed: _IndexedTrace, reads: list[_Located[ToolCall]], fact: str) -> _ReadChain:
    """Walk the reads of one file in trace order, keeping the offsets valid results told."""
    told: set[int] = set()
    valid: list[_Located[ToolResult] | None] = []
    valid_calls: set[str] = set()
    untold: list[int] = []
    continuations = 0
    # A read is judged when it is made, and its result tells only once it has arrived.
    steps = [_Step(read.index, False, read.event) for read in reads] + [
        _Step(arrived.index, True, read.event)
        for read in reads
        if (arrived := indexed.result(read.event)) is not None
    ]
    for step in sorted(steps, key=lambda step: step.index):
        result = indexed.result(step.call)
        if step.is_result:
            # Only a valid read's result tells: a guessed read cannot launder the next hop.
            if step.call.call_id in valid_calls and _succeeded(result):
                told.update(offsets_of(result.event))
            continue
        offset = read_offset(step.call)
        if offset is None or offset <= 1 or offset in told:
            valid.append(result)
            valid_calls.add(step.call.call_id)
            if offset is not None and offset > 1:
                continuations += 1
        else:
            untold.append(offset)
    guessed = sum(offset in told for offset in untold)
    return _ReadChain(
        fact_found=any(_succeeded(result) and fact in result.event.text for result in valid),
        continuations=continuations,
        guessed=guessed,
        wrong=len(untold) - guessed,
        failed=sum(not _succeeded(result) for result in valid),
    )


def _chain_reasons(chain: _ReadChain, nothing_read: Reason) -> set[Reason]:
    """Reasons for a chain that did not reach the fact; ``nothing_read`` when no read
    went past what the agent already had."""
    reasons: set[Reason] = set()
    if chain.guessed:
        reasons.add(Reason.READ_BEFORE_PRODUCER)
    if chain.wrong:
        reasons.add(Reason.WRONG_OFFSET)
    if chain.failed:
        reasons.add(Reason.RECOVERY_READ_FAILED)
    if not reasons:
        reasons.add(nothing_read)
    return reasons


def _read_offset(indexed: _IndexedTrace, case: Case) -> _KindOutcome:
    """A read-offset case: a truncated read of the source continued at the told offset."""
    reads = indexed.reads()
    source_reads = [read for read in reads if _reads_source(read, case)]
    evidence = {"offset": EvidenceSource.NONE.value}
    if not source_reads:
        return _KindOutcome(frozenset({Reason.PRODUCER_MISSING}), evidence, 0)
    # The truncated read that starts the chain: the first read from the top of the source
    # whose successful result tells where to continue (an earlier failed attempt is no harm).
    hinted = [
        result
        for read in source_reads
        if (read_offset(read.event) or 1) <= 1
        and (result := indexed.result(read.event)) is not None
        and not result.event.is_error
        and offsets_of(result.event)
    ]
    if not hinted:
        return _KindOutcome(frozenset({Reason.PRODUCER_FAILED}), evidence, 1)
    evidence["offset"] = EvidenceSource.TEXT.value
    told_at = hinted[0].index
    chain = _follow_reads(indexed, source_reads, case.fact)
    if chain.fact_found:
        return _KindOutcome(frozenset(), evidence, 1)
    elsewhere = any(read.index > told_at and not _reads_source(read, case) for read in reads)
    nothing = Reason.FACT_MISSING if chain.continuations else Reason.NO_RECOVERY_READ
    reasons = _chain_reasons(chain, nothing)
    if elsewhere:
        # A read of another file after the hint: the agent continued somewhere else.
        reasons.discard(Reason.NO_RECOVERY_READ)
        reasons.add(Reason.WRONG_SOURCE)
    return _KindOutcome(frozenset(reasons), evidence, 1)


# --- the validator -----------------------------------------------------------------------


def _counts(indexed: _IndexedTrace, producer_calls: int) -> dict[str, int]:
    events = indexed.events
    return {
        "events": len(events),
        "tool_calls": len(indexed.calls),
        "tool_results": sum(isinstance(event, ToolResult) for event in events),
        "failed_results": sum(isinstance(event, ToolResult) and event.is_error for event in events),
        "read_calls": len(indexed.reads()),
        "producer_calls": producer_calls,
        "harness_events": sum(isinstance(event, Harness) for event in events),
        "messages": sum(isinstance(event, Message) for event in events),
    }


def validate(case: Case, trace: Trace) -> CaseResult:
    """Judge one run of ``case`` from its trace."""
    indexed = _IndexedTrace.of(trace)
    if case.kind is CaseKind.TEMP_OUTPUT:
        outcome = _temp_output(indexed, case)
    else:
        outcome = _read_offset(indexed, case)
    # The status is the chain's (SPEC section 5); whether the final answer holds the fact
    # is reported beside it as task_pass, never mixed in: a right guess does not pass,
    # and a chain that recovered the fact has proved the recovery.
    strategy_pass = not outcome.reasons
    task_pass = case.fact in _final_answer(trace)
    status = Status.PASS if strategy_pass else Status.FAIL
    tools = tuple(sorted({located.event.tool for located in indexed.calls}))
    counts = _counts(indexed, outcome.producer_calls)
    reasons = _ordered(outcome.reasons)
    return CaseResult(status, reasons, task_pass, strategy_pass, tools, counts, outcome.evidence)
