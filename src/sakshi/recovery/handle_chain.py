"""The temp-output chain (SPEC section 5): the producer's handle read back after the source
is gone. Pure.

Exactly one producer call and its successful result with ``details.fullOutputPath``; the
harness's verified deletion of the source and its check of the handle; then, after both
of those, a read whose path is the handle exactly, answered with the fact. A read the
harness had not yet vouched for proves nothing.

Everything a producer's chain needs is looked up in tables built in one pass over the
trace (reads by exact path with suffix summaries, harness events by the call they follow),
so a trace with many producers costs n log n, not n times n.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from sakshi.reasons import RecoveryReason as Reason
from sakshi.recovery.corpus import Case
from sakshi.recovery.evidence import EvidenceSource, handle_of
from sakshi.recovery.model import Harness, ToolCall, read_path
from sakshi.recovery.source_reach import SourceReach
from sakshi.recovery.trace_index import (
    KindOutcome,
    Located,
    TraceIndex,
    matches_source,
    reads_source,
    succeeded,
)

__all__ = ["temp_output_outcome"]


@dataclass(frozen=True)
class _PathReads:
    """The reads of one exact path: their positions, and from each one on, where the
    earliest successful result holding the fact stands (None: no such result), and
    whether some read failed (or went unanswered)."""

    positions: Sequence[int]
    fact_from: Sequence[int | None]
    failure_from: Sequence[bool]

    @classmethod
    def of(cls, index: TraceIndex, reads: Sequence[Located[ToolCall]], fact: str) -> _PathReads:
        fact_from: list[int | None] = [None] * (len(reads) + 1)
        failure_from = [False] * (len(reads) + 1)
        for at in range(len(reads) - 1, -1, -1):
            result = index.result(reads[at].event)
            here = result.index if succeeded(result) and fact in result.event.text else None
            known = [position for position in (here, fact_from[at + 1]) if position is not None]
            fact_from[at] = min(known, default=None)
            failure_from[at] = failure_from[at + 1] or not succeeded(result)
        return cls([read.index for read in reads], fact_from, failure_from)


_Key = TypeVar("_Key", bound=Hashable)


class _CheckKey(NamedTuple):
    """A handle check is looked up by the call it follows and the handle it checked."""

    after_call_id: str | None
    handle: str


class _Positions(Generic[_Key]):
    """Sorted positions of the harness events that qualify, grouped by a key."""

    def __init__(self) -> None:
        self._by_key: dict[_Key, list[int]] = {}

    def add(self, key: _Key, position: int) -> None:
        """Record an event at ``position`` (events are added in trace order)."""
        self._by_key.setdefault(key, []).append(position)

    def first_after(self, keys: Iterable[_Key], after: int) -> int | None:
        """The first position past ``after`` under any of ``keys``."""
        found: list[int] = []
        for key in keys:
            positions = self._by_key.get(key, [])
            at = bisect_right(positions, after)
            if at < len(positions):
                found.append(positions[at])
        return min(found, default=None)


def _deletions(index: TraceIndex, case: Case) -> _Positions[str | None]:
    """The harness's verified deletions of the source, by the call they follow."""
    deletions: _Positions[str | None] = _Positions()
    for position, event in enumerate(index.events):
        if isinstance(event, Harness) and event.event == "source_deleted":
            path = event.fields.get("path")
            verified = event.fields.get("verified") is True
            if verified and isinstance(path, str) and matches_source(path, case.source.path):
                deletions.add(event.after_call_id, position)
    return deletions


def _checks(index: TraceIndex) -> _Positions[_CheckKey]:
    """The harness's checks that a handle was readable and held the fact."""
    checks: _Positions[_CheckKey] = _Positions()
    for position, event in enumerate(index.events):
        if isinstance(event, Harness) and event.event == "handle_checked":
            handle = event.fields.get("handle")
            good = event.fields.get("readable") is True and event.fields.get("fact_present")
            if isinstance(handle, str) and good is True:
                checks.add(_CheckKey(event.after_call_id, handle), position)
    return checks


@dataclass(frozen=True)
class _Tables:
    """The trace, indexed for the temp-output chain."""

    index: TraceIndex
    reads_of: Mapping[str, _PathReads]
    last_unrelated: int  # position of the last read of anything but the source (-1: none)
    deletions: _Positions[str | None]
    checks: _Positions[_CheckKey]

    @classmethod
    def of(cls, index: TraceIndex, case: Case) -> _Tables:
        """Build every table in one pass each over the reads and the events."""
        by_path: dict[str, list[Located[ToolCall]]] = {}
        last_unrelated = -1
        for read in index.reads:
            path = read_path(read.event)
            if path is not None:
                by_path.setdefault(path, []).append(read)
            if not reads_source(read, case.source.path):
                last_unrelated = read.index
        reads_of = {path: _PathReads.of(index, reads, case.fact) for path, reads in by_path.items()}
        return cls(index, reads_of, last_unrelated, _deletions(index, case), _checks(index))


@dataclass(frozen=True)
class _ProducerChain:
    """How the chain from one producer call went, and where its handle was found."""

    reasons: frozenset[Reason]
    handle_source: EvidenceSource
    proof_at: int | None


class _Reads(NamedTuple):
    """How the reads of the handle went: why they fell short, and where the first one that
    completed the chain was answered with the fact."""

    reasons: set[Reason]
    proof_at: int | None = None


def _read_reasons(
    tables: _Tables, path: str | None, after: int, cleanup_at: int | None, check_at: int | None
) -> _Reads:
    """The reads of the handle: those after the producer's result and after the harness
    events that vouch for them (when those happened at all) complete the chain."""
    reads = tables.reads_of.get(path) if path is not None else None
    positions = reads.positions if reads is not None else ()
    gate = max([after, *(at for at in (cleanup_at, check_at) if at is not None)])
    late = bisect_right(positions, gate)
    if reads is not None and late < len(positions):
        # The handle is the exact file the tool issued: any vouched-for successful read of
        # it that returns the fact completes the chain (SPEC sets no offset rule on it).
        if reads.fact_from[late] is not None:
            return _Reads(set(), reads.fact_from[late])
        failed = Reason.RECOVERY_READ_FAILED if reads.failure_from[late] else Reason.FACT_MISSING
        return _Reads({failed})
    early = bisect_right(positions, after)
    if early < late:
        # Read, but before the harness had deleted the source or checked the handle.
        last_early = positions[late - 1]
        reasons = set()
        if cleanup_at is not None and last_early < cleanup_at:
            reasons.add(Reason.CLEANUP_UNVERIFIED)
        if check_at is not None and last_early < check_at:
            reasons.add(Reason.HANDLE_UNVERIFIED)
        return _Reads(reasons)
    reasons = set()
    if bisect_left(positions, after) > 0:
        reasons.add(Reason.READ_BEFORE_PRODUCER)  # the handle read before it was issued
    if tables.last_unrelated > after:
        reasons.add(Reason.UNRELATED_PATH)
    return _Reads(reasons or {Reason.NO_RECOVERY_READ})


def _producer_chain(tables: _Tables, producer: Located[ToolCall]) -> _ProducerChain:
    """The chain one producer call started: result, handle, harness checks, later reads."""
    reasons: set[Reason] = set()
    produced = tables.index.result(producer.event)
    if not succeeded(produced):
        reasons.add(Reason.PRODUCER_FAILED)
    handle = handle_of(produced.event) if produced is not None else None
    source = handle.source if handle is not None else EvidenceSource.NONE
    # Only the structured handle counts: a path scraped from prose could be anything's.
    if source is not EvidenceSource.STRUCTURED:
        reasons.add(Reason.HANDLE_NOT_IN_DETAILS)
    path = handle.path if handle is not None else None
    after = produced.index if produced is not None else producer.index
    # A harness event follows this producer's result, naming its call or no call.
    owners = (producer.event.call_id, None)
    cleanup_at = tables.deletions.first_after(owners, after)
    check_at = (
        tables.checks.first_after([_CheckKey(owner, path) for owner in owners], after)
        if path is not None
        else None
    )
    if cleanup_at is None:
        reasons.add(Reason.CLEANUP_UNVERIFIED)
    if check_at is None:
        reasons.add(Reason.HANDLE_UNVERIFIED)
    reads = _read_reasons(tables, path, after, cleanup_at, check_at)
    return _ProducerChain(frozenset(reasons | reads.reasons), source, reads.proof_at)


def temp_output_outcome(index: TraceIndex, case: Case) -> KindOutcome:
    """A temp-output case: the producer's handle read back after the source is gone."""
    producer_tool = (case.producer or "").lower()
    producers = [
        located for located in index.calls if producer_tool and located.event.tool == producer_tool
    ]
    evidence = {"handle": EvidenceSource.NONE.value}
    if not producers:
        return KindOutcome(frozenset({Reason.PRODUCER_MISSING}), evidence, 0)
    # With several producers, judge the chain of the one that fares best (the first of
    # equals); the repetition itself is a failure whichever it was.
    tables = _Tables.of(index, case)
    chains = [_producer_chain(tables, producer) for producer in producers]
    best = min(chains, key=lambda chain: len(chain.reasons))
    evidence["handle"] = best.handle_source.value
    reasons = best.reasons
    if len(producers) > 1:
        reasons = reasons | {Reason.REPEATED_PRODUCER}
    # Any call but the producer that could have reached the source reads it directly; the
    # harness's record of where the source was tells its absolute parents.
    deleted = (
        event.fields.get("path")
        for event in index.events
        if isinstance(event, Harness) and event.event == "source_deleted"
    )
    reach = SourceReach.of(case.source.path, (path for path in deleted if isinstance(path, str)))
    if any(
        located.event.tool != producer_tool and reach.touches(located.event)
        for located in index.calls
    ):
        reasons = reasons | {Reason.SOURCE_READ_DIRECTLY}
    return KindOutcome(reasons, evidence, len(producers), best.proof_at)
