"""Validator v2: (case, trace) -> a result with a status and reason codes. Pure.

A case passes only with the whole chain its kind asks for (SPEC section 5). "The task
passed" (the final answer holds the fact) is kept
apart from "the strategy passed" (the chain held): an agent that guessed right still fails
the strategy, and an offset that merely lands past the fact (offset > 1) is never enough.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import Case, CaseKind
from sakshi.recovery.evidence import EvidenceSource, handle_of, offsets_of
from sakshi.recovery.model import (
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
    reasons: tuple[R, ...]
    task_pass: bool
    strategy_pass: bool
    tool_names: tuple[str, ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)
    evidence: Mapping[str, str] = field(default_factory=dict)


def malformed_result() -> CaseResult:
    """The result of a run whose trace could not be read."""
    return CaseResult(Status.ERROR, (R.TRACE_MALFORMED,), False, False)


@dataclass(frozen=True)
class _Indexed:
    """The trace with each call's position and the position of its (first) result."""

    events: tuple[object, ...]
    calls: tuple[tuple[int, ToolCall], ...]
    result_at: Mapping[str, tuple[int, ToolResult]]

    @classmethod
    def of(cls, trace: Trace) -> _Indexed:
        calls: list[tuple[int, ToolCall]] = []
        results: dict[str, tuple[int, ToolResult]] = {}
        seen: set[str] = set()
        for index, event in enumerate(trace.events):
            if isinstance(event, ToolCall):
                calls.append((index, event))
                seen.add(event.call_id)
            elif (
                isinstance(event, ToolResult)
                and event.call_id in seen
                and event.call_id not in results
            ):
                results[event.call_id] = (index, event)
        return cls(trace.events, tuple(calls), results)

    def result(self, call: ToolCall) -> tuple[int, ToolResult] | None:
        return self.result_at.get(call.call_id)

    def reads(self) -> list[tuple[int, ToolCall]]:
        return [(i, c) for i, c in self.calls if c.tool == READ_TOOL]


def _matches_source(path: str | None, source_path: str) -> bool:
    return path is not None and (path == source_path or path.endswith("/" + source_path))


def _final_answer(trace: Trace) -> str:
    for event in reversed(trace.events):
        if isinstance(event, Message) and event.role == "assistant" and event.text.strip():
            return event.text
    return ""


def _succeeded(found: tuple[int, ToolResult] | None) -> bool:
    return found is not None and not found[1].is_error


def _ordered(reasons: set[R]) -> tuple[R, ...]:
    order = list(R)
    return tuple(sorted(reasons, key=order.index))


# --- temp-output -------------------------------------------------------------------------


def _harness_ok(
    ix: _Indexed, after: int, producer: ToolCall, case: Case, handle: str | None
) -> tuple[bool, bool]:
    """(cleanup verified, handle verified) from harness events after the producer result."""
    cleanup = checked = False
    for event in ix.events[after + 1 :]:
        if not isinstance(event, Harness):
            continue
        if event.after_call_id is not None and event.after_call_id != producer.call_id:
            continue
        f = event.fields
        if event.event == "source_deleted":
            path = f.get("path")
            cleanup = cleanup or (
                f.get("verified") is True
                and isinstance(path, str)
                and _matches_source(path, case.source.path)
            )
        elif event.event == "handle_checked":
            checked = checked or (
                handle is not None
                and f.get("handle") == handle
                and f.get("readable") is True
                and f.get("fact_present") is True
            )
    return cleanup, checked


@dataclass(frozen=True)
class _Chain:
    """How the reads of one file went: ``found`` when a valid read's result holds the fact.

    A read is valid when it starts at the top (no offset, or 1) or at an offset that an
    earlier successful result of a read of the same file told.
    """

    found: bool
    continuations: int  # valid reads at a told offset past 1
    guessed: int  # offsets issued before the result that told them
    wrong: int  # offsets no result ever told
    failed: int  # valid reads whose result is missing or an error


def _follow(ix: _Indexed, reads: list[tuple[int, ToolCall]], fact: str) -> _Chain:
    told: set[int] = set()
    timeline: list[tuple[int, bool, ToolCall]] = [(i, False, c) for i, c in reads]
    timeline += [(found[0], True, c) for _, c in reads if (found := ix.result(c)) is not None]
    valid: list[tuple[int, ToolResult] | None] = []
    valid_calls: set[str] = set()
    untold: list[int] = []
    continuations = 0
    for _, is_result, call in sorted(timeline, key=lambda item: item[0]):
        found = ix.result(call)
        if is_result:
            # Only a valid read's result tells: a guessed read cannot launder the next hop.
            if call.call_id in valid_calls and found is not None and not found[1].is_error:
                told.update(offsets_of(found[1]))
            continue
        offset = read_offset(call)
        if offset is None or offset <= 1 or offset in told:
            valid.append(found)
            valid_calls.add(call.call_id)
            continuations += offset is not None and offset > 1
        else:
            untold.append(offset)
    guessed = sum(offset in told for offset in untold)
    return _Chain(
        found=any(r is not None and not r[1].is_error and fact in r[1].text for r in valid),
        continuations=continuations,
        guessed=guessed,
        wrong=len(untold) - guessed,
        failed=sum(not _succeeded(r) for r in valid),
    )


def _chain_reasons(chain: _Chain, nothing_read: R) -> set[R]:
    """Reasons for a chain that did not reach the fact; ``nothing_read`` when no read
    went past what the agent already had."""
    reasons: set[R] = set()
    if chain.guessed:
        reasons.add(R.READ_BEFORE_PRODUCER)
    if chain.wrong:
        reasons.add(R.WRONG_OFFSET)
    if chain.failed:
        reasons.add(R.RECOVERY_READ_FAILED)
    if not reasons:
        reasons.add(nothing_read)
    return reasons


def _temp_output_chain(ix: _Indexed, producer: ToolCall, case: Case) -> tuple[set[R], str]:
    reasons: set[R] = set()
    produced = ix.result(producer)
    if not _succeeded(produced):
        reasons.add(R.PRODUCER_FAILED)
    handle = handle_of(produced[1]) if produced else None
    source = handle.source if handle else EvidenceSource.NONE
    if source is not EvidenceSource.STRUCTURED:
        reasons.add(R.HANDLE_NOT_IN_DETAILS)
    path = handle.path if handle else None
    after = produced[0] if produced else next(i for i, c in ix.calls if c is producer)
    cleanup, checked = _harness_ok(ix, after, producer, case, path)
    if not cleanup:
        reasons.add(R.CLEANUP_UNVERIFIED)
    if not checked:
        reasons.add(R.HANDLE_UNVERIFIED)
    reads = ix.reads()
    later = [(i, c) for i, c in reads if i > after]
    handle_reads = [(i, c) for i, c in later if path is not None and read_path(c) == path]
    if handle_reads:
        # The handle is the exact file the tool issued: any successful read of it that
        # returns the fact completes the chain (SPEC sets no offset rule on a handle).
        results = [ix.result(c) for _, c in handle_reads]
        if not any(_succeeded(r) and case.fact in r[1].text for r in results if r is not None):
            reasons.add(
                R.RECOVERY_READ_FAILED
                if any(not _succeeded(r) for r in results)
                else R.FACT_MISSING
            )
    else:
        guessed = [c for i, c in reads if i < after and path is not None and read_path(c) == path]
        unrelated = [c for _, c in later if not _matches_source(read_path(c), case.source.path)]
        if guessed:
            reasons.add(R.READ_BEFORE_PRODUCER)
        if unrelated:
            reasons.add(R.UNRELATED_PATH)
        if not guessed and not unrelated:
            reasons.add(R.NO_RECOVERY_READ)
    return reasons, source.value


def _temp_output(ix: _Indexed, case: Case) -> tuple[set[R], dict[str, str], int]:
    producers = [c for _, c in ix.calls if c.tool == case.producer]
    evidence = {"handle": EvidenceSource.NONE.value}
    if not producers:
        return {R.PRODUCER_MISSING}, evidence, 0
    # With several producers, judge the chain of the one that fares best; the repetition
    # itself is a failure whichever it was.
    chains = [_temp_output_chain(ix, p, case) for p in producers]
    reasons, source = min(chains, key=lambda c: len(c[0]))
    evidence["handle"] = source
    if len(producers) > 1:
        reasons = reasons | {R.REPEATED_PRODUCER}
    if any(_matches_source(read_path(c), case.source.path) for _, c in ix.reads()):
        reasons = reasons | {R.SOURCE_READ_DIRECTLY}
    return reasons, evidence, len(producers)


# --- read-offset -------------------------------------------------------------------------


def _read_offset(ix: _Indexed, case: Case) -> tuple[set[R], dict[str, str], int]:
    reads = ix.reads()
    source_reads = [(i, c) for i, c in reads if _matches_source(read_path(c), case.source.path)]
    evidence = {"offset": EvidenceSource.NONE.value}
    if not source_reads:
        return {R.PRODUCER_MISSING}, evidence, 0
    # The truncated read that starts the chain: the first read from the top of the source
    # whose successful result tells where to continue (an earlier failed attempt is no harm).
    hinted = [
        r
        for _, c in source_reads
        if (read_offset(c) or 1) <= 1
        and (r := ix.result(c)) is not None
        and not r[1].is_error
        and offsets_of(r[1])
    ]
    if not hinted:
        return {R.PRODUCER_FAILED}, evidence, 1
    evidence["offset"] = EvidenceSource.TEXT.value
    told_at = hinted[0][0]
    chain = _follow(ix, source_reads, case.fact)
    if chain.found:
        return set(), evidence, 1
    elsewhere = any(
        i > told_at and not _matches_source(read_path(c), case.source.path) for i, c in reads
    )
    nothing = R.FACT_MISSING if chain.continuations else R.NO_RECOVERY_READ
    reasons = _chain_reasons(chain, nothing)
    if elsewhere:
        # A read of another file after the hint: the agent continued somewhere else.
        reasons.discard(R.NO_RECOVERY_READ)
        reasons.add(R.WRONG_SOURCE)
    return reasons, evidence, 1


# --- the validator -----------------------------------------------------------------------


def _counts(ix: _Indexed, producers: int) -> dict[str, int]:
    events = ix.events
    return {
        "events": len(events),
        "tool_calls": len(ix.calls),
        "tool_results": sum(isinstance(e, ToolResult) for e in events),
        "failed_results": sum(isinstance(e, ToolResult) and e.is_error for e in events),
        "read_calls": len(ix.reads()),
        "producer_calls": producers,
        "harness_events": sum(isinstance(e, Harness) for e in events),
        "messages": sum(isinstance(e, Message) for e in events),
    }


def validate(case: Case, trace: Trace) -> CaseResult:
    """Judge one run of ``case`` from its trace."""
    ix = _Indexed.of(trace)
    if case.kind is CaseKind.TEMP_OUTPUT:
        reasons, evidence, producers = _temp_output(ix, case)
    else:
        reasons, evidence, producers = _read_offset(ix, case)
    # The status is the chain's (SPEC section 5); whether the final answer holds the fact
    # is reported beside it as task_pass, never mixed in: a right guess does not pass,
    # and a chain that recovered the fact has proved the recovery.
    strategy_pass = not reasons
    task_pass = case.fact in _final_answer(trace)
    status = Status.PASS if strategy_pass else Status.FAIL
    tools = tuple(sorted({c.tool for _, c in ix.calls}))
    return CaseResult(
        status, _ordered(reasons), task_pass, strategy_pass, tools, _counts(ix, producers), evidence
    )
