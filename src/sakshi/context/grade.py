"""The Why+Cite grade and its engine_state switch (SPEC section 4). Pure.

In order: the provenance mirror; fabrication, which never degrades; then the bar, which
switches on what was served: at ``live`` every produced value needs a why and a cite; at
``partial``, ``stubbed`` and ``none`` only frame closure (a well-formed turn). Every reason
that fired is reported, once, in check order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from sakshi.context.turns import EngineState, Served, Turn, is_visible
from sakshi.reasons import GradeReason
from sakshi.spans import Document, SpanCheck, verify_span

__all__ = ["Finding", "Grade", "Verdict", "grade_turn", "route_failed"]


class Verdict(StrEnum):
    """A pack's colour."""

    GREEN = "green"
    RED = "red"


@dataclass(frozen=True)
class Finding:
    """One reason firing, and where: the value (index and field) and the span check."""

    reason: GradeReason
    detail: str
    value_index: int | None = None
    field: str | None = None
    span: SpanCheck | None = None


@dataclass(frozen=True)
class Grade:
    """The verdict, the distinct reasons in check order, and every finding behind them."""

    verdict: Verdict
    reasons: tuple[GradeReason, ...]
    findings: tuple[Finding, ...]


def _grade(findings: list[Finding]) -> Grade:
    order = list(GradeReason)
    reasons = tuple(sorted({f.reason for f in findings}, key=order.index))
    return Grade(Verdict.RED if reasons else Verdict.GREEN, reasons, tuple(findings))


def route_failed(message: str) -> Grade:
    """The grade of a pack whose route gave no turn: red, fail closed."""
    return _grade([Finding(GradeReason.ROUTE_FAILED, message)])


def _provenance(state: str, digest: str | None) -> str:
    """A provenance for a message: the state and the start of the bundle's hash."""
    return f"{state!r} / {'null' if digest is None else digest[:12]}"


def grade_turn(turn: Turn, served: Served, documents: Mapping[str, Document]) -> Grade:
    """Grade one turn against what was served and the pack's documents."""
    findings: list[Finding] = []
    if turn.engine_state != served.engine_state.value or turn.bundle_sha256 != served.bundle_sha256:
        claimed = (
            "no readable provenance (context_provenance needs engine_state and bundle_sha256)"
            if turn.engine_state is None
            else _provenance(turn.engine_state, turn.bundle_sha256)
        )
        actual = _provenance(served.engine_state.value, served.bundle_sha256)
        findings.append(
            Finding(GradeReason.PROVENANCE_MISMATCH, f"turn claims {claimed}, served {actual}")
        )
    for index, value in enumerate(turn.values):
        if value.cite is None:
            continue
        check = verify_span(value.cite, documents)
        if not check.verified:
            detail = f"cite of {value.field!r} does not verify: {check.reason.value}"
            findings.append(Finding(GradeReason.FABRICATED_SPAN, detail, index, value.field, check))
    if served.engine_state is EngineState.LIVE:
        produced = [(i, v) for i, v in enumerate(turn.values) if not v.is_empty]
        if not produced:
            findings.append(Finding(GradeReason.EVIDENCE_MISSING, "no value was produced at live"))
        for index, value in produced:
            if value.why is None or not is_visible(value.why):
                # Only blanks, format characters or bare marks: a why nobody can read.
                what = "no why" if not value.why else "no visible why"
                findings.append(
                    Finding(
                        GradeReason.WHY_MISSING, f"{value.field!r} has {what}", index, value.field
                    )
                )
            if value.cite is None:
                findings.append(
                    Finding(
                        GradeReason.CITE_MISSING, f"{value.field!r} has no cite", index, value.field
                    )
                )
    return _grade(findings)
