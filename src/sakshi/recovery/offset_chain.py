"""The read-offset chain (SPEC section 5): a truncated read of the source, continued at
exactly the offset its result told, and the fact in a continuation's result. Pure.

The chain lives on one path string: a read from the top whose successful result says
``Use offset=N to continue``, then a read of the same string at offset N, then perhaps
further hops, each at exactly an offset that an earlier successful read of the chain told.
Only a continuation's result can prove the fact: the fact in the first read, in a re-read
from the top (no offset, 0, 1, a negative one, a large limit) or in a read at an offset
nobody told proves nothing, and a read whose offset is not a JSON integer is at no offset
anybody told.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from sakshi.reasons import RecoveryReason as Reason
from sakshi.recovery.corpus import Case
from sakshi.recovery.evidence import EvidenceSource, offsets_of
from sakshi.recovery.model import ToolCall, offset_malformed, read_offset, read_path
from sakshi.recovery.trace_index import (
    KindOutcome,
    Located,
    TraceIndex,
    reads_source,
    succeeded,
)

__all__ = ["read_offset_outcome"]


def _from_the_top(call: ToolCall) -> bool:
    """A read that starts at the top of the file: no offset (or null), or one of at most 1."""
    if offset_malformed(call):
        return False
    offset = read_offset(call)
    return offset is None or offset <= 1


class _Untold(NamedTuple):
    """A read at an offset that no earlier result of its path had told."""

    path: str
    offset: int


@dataclass
class _Walk:
    """What walking the source's reads in trace order found (built by ``_walk``)."""

    # Offsets the chain's successful results told so far, per exact path string, and
    # for any path (to tell a switch of spelling from a guess).
    told: dict[str, set[int]] = field(default_factory=dict)
    told_anywhere: set[int] = field(default_factory=set)
    telling: set[str] = field(default_factory=set)  # call ids whose result may tell
    continuations: list[ToolCall] = field(default_factory=list)  # reads at a told offset
    untold: list[_Untold] = field(default_factory=list)
    malformed: bool = False  # a read whose offset is no integer
    other_path: bool = False  # a read at an offset told only for another spelling

    def judge(self, call: ToolCall, path: str) -> None:
        """Judge a read when it is made, from what had been told before it."""
        offset = read_offset(call)
        if _from_the_top(call):
            self.telling.add(call.call_id)
        elif offset is None:
            self.malformed = True
        elif offset in self.told.get(path, ()):
            self.telling.add(call.call_id)
            self.continuations.append(call)
        elif offset in self.told_anywhere:
            self.other_path = True  # told, but only by a read of another path string
        else:
            self.untold.append(_Untold(path, offset))

    def hear(self, call: ToolCall, path: str, index: TraceIndex) -> None:
        """A result arrived: a chain read's successful result tells its offsets."""
        result = index.result(call)
        if call.call_id in self.telling and succeeded(result):
            for offset in offsets_of(result.event):
                self.told.setdefault(path, set()).add(offset)
                self.told_anywhere.add(offset)


@dataclass(frozen=True)
class _Step:
    """A read call, or its result's arrival, at its position in the trace."""

    index: int
    is_result: bool
    call: ToolCall
    path: str


def _steps(index: TraceIndex, reads: Iterable[Located[ToolCall]]) -> list[_Step]:
    steps: list[_Step] = []
    for read in reads:
        path = read_path(read.event) or ""
        steps.append(_Step(read.index, False, read.event, path))
        if (arrived := index.result(read.event)) is not None:
            steps.append(_Step(arrived.index, True, read.event, path))
    return sorted(steps, key=lambda step: step.index)


def _walk(index: TraceIndex, reads: list[Located[ToolCall]]) -> _Walk:
    """Walk the reads of the source in trace order: a read is judged when it is made, and
    its result tells only once it has arrived (so a parallel guess is caught)."""
    walk = _Walk()
    for step in _steps(index, reads):
        if step.is_result:
            walk.hear(step.call, step.path, index)
        else:
            walk.judge(step.call, step.path)
    return walk


def _fact_found(index: TraceIndex, walk: _Walk, fact: str) -> int | None:
    """Where the first continuation's result that holds the fact stands, if one does."""
    found = [
        result.index
        for call in walk.continuations
        if succeeded(result := index.result(call)) and fact in result.event.text
    ]
    return min(found, default=None)


def _reasons(index: TraceIndex, walk: _Walk, moved_on: bool) -> set[Reason]:
    """Why a chain that did not reach the fact fell short."""
    reasons: set[Reason] = set()
    guessed = sum(read.offset in walk.told.get(read.path, ()) for read in walk.untold)
    if guessed:
        reasons.add(Reason.READ_BEFORE_PRODUCER)  # the offset was told, but only later
    if len(walk.untold) > guessed or walk.malformed:
        reasons.add(Reason.WRONG_OFFSET)
    if any(not succeeded(index.result(call)) for call in walk.continuations):
        reasons.add(Reason.RECOVERY_READ_FAILED)
    if not reasons:
        reasons.add(Reason.FACT_MISSING if walk.continuations else Reason.NO_RECOVERY_READ)
    if moved_on or walk.other_path:
        # The agent continued in another file (or another spelling of this one).
        reasons.discard(Reason.NO_RECOVERY_READ)
        reasons.add(Reason.WRONG_SOURCE)
    return reasons


def read_offset_outcome(index: TraceIndex, case: Case) -> KindOutcome:
    """A read-offset case: a truncated read of the source continued at the told offset."""
    source_reads = [read for read in index.reads if reads_source(read, case.source.path)]
    evidence = {"offset": EvidenceSource.NONE.value}
    if not source_reads:
        return KindOutcome(frozenset({Reason.PRODUCER_MISSING}), evidence, 0)
    # The truncated read that starts a chain: a read from the top of the source whose
    # successful result tells where to continue (an earlier failed attempt is no harm).
    told_at = [
        result.index
        for read in source_reads
        if _from_the_top(read.event)
        and succeeded(result := index.result(read.event))
        and offsets_of(result.event)
    ]
    if not told_at:
        return KindOutcome(frozenset({Reason.PRODUCER_FAILED}), evidence, 1)
    evidence["offset"] = EvidenceSource.TEXT.value
    walk = _walk(index, source_reads)
    proof_at = _fact_found(index, walk, case.fact)
    if proof_at is not None:
        return KindOutcome(frozenset(), evidence, 1, proof_at)
    first_told = min(told_at)
    moved_on = any(
        read.index > first_told and not reads_source(read, case.source.path) for read in index.reads
    )
    return KindOutcome(frozenset(_reasons(index, walk, moved_on)), evidence, 1)
