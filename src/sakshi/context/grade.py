"""The Why+Cite grade and its engine_state switch (SPEC section 4). Pure.

In order: the provenance mirror; fabrication, which never degrades; values their quotes do
not state (SPEC section 8), which never degrade either; then the bar, which switches on
what was served: at ``live`` every produced value needs a why and a cite; at ``partial``,
``stubbed`` and ``none`` only frame closure (a well-formed turn). Every reason that fired
is reported, once, in check order, and every finding behind it.

A value is checked against its quote only when its cite verifies: a cite that does not is
FABRICATED_SPAN already, and a value with no cite has no quote to state it (at live that
is CITE_MISSING; below live no cite is needed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from sakshi.context.turns import EngineState, Served, Turn, TurnValue, is_visible
from sakshi.reasons import GradeReason
from sakshi.spans import Document, SpanCheck, verify_span
from sakshi.values import DEFAULT_ACTS, ActTable, FieldDecl, ValueCheck, check_value
from sakshi.values.memo import BoundedMemo, CiteKey, cite_key

__all__ = [
    "Finding",
    "Grade",
    "GradeMemo",
    "Verdict",
    "grade_turn",
    "route_failed",
    "value_text",
]


class Verdict(StrEnum):
    """A pack's colour."""

    GREEN = "green"
    RED = "red"


@dataclass(frozen=True)
class Finding:
    """One reason firing, and where: the value (index and field), the span check, and for
    VALUE_UNSUPPORTED the value check (type, readings, mentions, value_reason, hint)."""

    reason: GradeReason
    detail: str
    value_index: int | None = None
    field: str | None = None
    span: SpanCheck | None = None
    value: ValueCheck | None = None


@dataclass(frozen=True)
class Grade:
    """The verdict, the distinct reasons in check order, and every finding behind them.

    ``values`` holds, per value of the turn, its value check (None for a value that was
    not checked: empty, uncited, or its cite did not verify), so that a report can show
    the type and readings of a value that passed too.
    """

    verdict: Verdict
    reasons: tuple[GradeReason, ...]
    findings: tuple[Finding, ...]
    values: tuple[ValueCheck | None, ...] = ()


_ORDER = list(GradeReason)
_NO_FIELDS: Mapping[str, FieldDecl] = {}


def _grade(findings: list[Finding], values: tuple[ValueCheck | None, ...] = ()) -> Grade:
    if not findings:  # the usual case, without building and sorting an empty set
        return Grade(Verdict.GREEN, (), (), values)
    reasons = tuple(sorted({f.reason for f in findings}, key=_ORDER.index))
    return Grade(Verdict.RED if reasons else Verdict.GREEN, reasons, tuple(findings), values)


def route_failed(message: str) -> Grade:
    """The grade of a pack whose route gave no turn: red, fail closed."""
    return _grade([Finding(GradeReason.ROUTE_FAILED, message)])


def _provenance(state: str, digest: str | None) -> str:
    """A provenance for a message: the state and the bundle's full hash."""
    return f"{state!r} / {'null' if digest is None else digest}"


def value_text(value: str | float) -> str:
    """A produced value as the text its quote must state (a JSON number as written)."""
    if isinstance(value, str):
        return value
    try:
        return repr(value)  # 42.5 -> "42.5", 785000 -> "785000"
    except ValueError:  # an int past Python's 4,300 digits: no quote states it
        return "a huge number"


def _provenance_findings(turn: Turn, served: Served) -> list[Finding]:
    # The state is a StrEnum: it equals its value's string (and never None).
    if turn.engine_state == served.engine_state and turn.bundle_sha256 == served.bundle_sha256:
        return []
    claimed = (
        "no readable provenance (context_provenance needs engine_state and bundle_sha256)"
        if turn.engine_state is None
        else _provenance(turn.engine_state, turn.bundle_sha256)
    )
    actual = _provenance(served.engine_state.value, served.bundle_sha256)
    detail = f"turn claims {claimed}, served {actual}"
    if turn.bundle_sha256 is not None and turn.bundle_sha256 == served.legacy_sha256:
        # The likeliest cause: a route that still hashes the pre-RFC 8785 form.
        detail += (
            "; the claimed hash is this bundle's hash in Python's old sorted-key JSON form,"
            " not RFC 8785 (JCS): hash the bundle's JCS form, or echo the request's"
            " bundle_sha256"
        )
    elif turn.bundle_sha256 is not None and served.legacy_sha256 is not None:
        detail += "; it matches neither the JCS form nor the old sorted-key form of this bundle"
    return [Finding(GradeReason.PROVENANCE_MISMATCH, detail)]


# One run's memory for the grade: what a log repeats is decided once. The span check and
# the value check are pure: the same cite against the same document, and the same field,
# value and quote under the same declarations, always decide the same. Objects that decide
# (a document, the declared fields, the act table) are matched by identity, and each kept
# entry holds them, so that their ids in the keys cannot be reused by other objects while
# the entry lives: equal objects that are distinct are only checked again, never confused.


class _CheckKey(NamedTuple):
    """What decides a value check: the field, the value as text, the quote, and the
    declared fields and act table by identity."""

    field: str
    value: str
    quote: str
    fields_id: int
    acts_id: int


class _KeptCheck(NamedTuple):
    """A value check and the declarations it was made under."""

    check: ValueCheck
    fields: Mapping[str, FieldDecl]
    acts: ActTable


class _SpanKey(NamedTuple):
    """What decides a span check: the cite (a flat object) and its document by identity."""

    cite: CiteKey
    doc_id: int


class _KeptSpan(NamedTuple):
    """A span check and the document it was made against."""

    span: SpanCheck
    doc: Document


class GradeMemo:
    """One run's span checks and value checks, each made once (see the comment above);
    bounded, each table forgetting its oldest entry when full. The grade is the same with
    or without it."""

    __slots__ = ("_checks", "_spans")

    def __init__(self, limit: int = 2**16) -> None:
        self._checks: BoundedMemo[_CheckKey, _KeptCheck] = BoundedMemo(limit)
        self._spans: BoundedMemo[_SpanKey, _KeptSpan] = BoundedMemo(limit)

    def check(
        self, field: str, value: str, quote: str, fields: Mapping[str, FieldDecl], acts: ActTable
    ) -> ValueCheck:
        """``check_value(field, value, quote, fields, acts=acts)``, made once per run."""
        key = _CheckKey(field, value, quote, id(fields), id(acts))
        kept = self._checks.get(key)
        if kept is not None and kept.fields is fields and kept.acts is acts:
            return kept.check
        check = check_value(field, value, quote, fields, acts=acts)
        self._checks.put(key, _KeptCheck(check, fields, acts))
        return check

    def span(self, cite: object, documents: Mapping[str, Document]) -> SpanCheck:
        """``verify_span(cite, documents)``, made once per run for a flat cite of a
        document the line holds. Any other cite is checked afresh: what it is found to be
        may depend on the other documents (a missing one is looked for among them)."""
        flat = cite_key(cite)
        doc_id = cite.get("doc") if flat is not None and isinstance(cite, Mapping) else None
        doc = documents.get(doc_id) if isinstance(doc_id, str) else None
        if flat is None or type(doc) is not Document:
            return verify_span(cite, documents)
        key = _SpanKey(flat, id(doc))
        kept = self._spans.get(key)
        if kept is not None and kept.doc is doc:
            return kept.span
        span = verify_span(cite, documents)
        self._spans.put(key, _KeptSpan(span, doc))
        return span


def _unsupported(index: int, value: TurnValue, span: SpanCheck, check: ValueCheck) -> Finding:
    reason = check.value_reason.value if check.value_reason else "not stated"
    hint = f"; {check.hint}" if check.hint else ""
    detail = f"the quote of {value.field!r} does not state its value: {reason}{hint}"
    return Finding(GradeReason.VALUE_UNSUPPORTED, detail, index, value.field, span, check)


def _cite_findings(
    turn: Turn,
    documents: Mapping[str, Document],
    fields: Mapping[str, FieldDecl],
    acts: ActTable,
    memo: GradeMemo | None,
) -> tuple[list[Finding], list[Finding], tuple[ValueCheck | None, ...]]:
    """FABRICATED_SPAN and VALUE_UNSUPPORTED findings (apart: they are reported in that
    order), and each value's check."""
    fabricated: list[Finding] = []
    unsupported: list[Finding] = []
    checks: list[ValueCheck | None] = []
    for index, value in enumerate(turn.values):
        checks.append(None)
        if value.cite is None:
            continue
        span = (
            verify_span(value.cite, documents) if memo is None else memo.span(value.cite, documents)
        )
        if not span.verified:
            detail = f"cite of {value.field!r} does not verify: {span.reason.value}"
            fabricated.append(
                Finding(GradeReason.FABRICATED_SPAN, detail, index, value.field, span)
            )
            continue
        produced = value.value
        cite = value.cite
        if produced is None or produced == "" or not isinstance(cite, Mapping):
            continue
        quote = cite["quote"]  # verified: a non-empty string
        text = value_text(produced)
        check = (
            check_value(value.field, text, quote, fields, acts=acts)
            if memo is None
            else memo.check(value.field, text, quote, fields, acts)
        )
        checks[index] = check
        if not check.ok:
            unsupported.append(_unsupported(index, value, span, check))
    return fabricated, unsupported, tuple(checks)


def _bar_findings(turn: Turn) -> list[Finding]:
    """At live: some value produced, and each with a visible why and a cite."""
    produced = [(i, v) for i, v in enumerate(turn.values) if not v.is_empty]
    findings: list[Finding] = []
    if not produced:
        findings.append(Finding(GradeReason.EVIDENCE_MISSING, "no value was produced at live"))
    for index, value in produced:
        if value.why is None or not is_visible(value.why):
            # Only blanks, format characters or bare marks: a why nobody can read.
            what = "no why" if not value.why else "no visible why"
            detail = f"{value.field!r} has {what}"
            findings.append(Finding(GradeReason.WHY_MISSING, detail, index, value.field))
        if value.cite is None:
            detail = f"{value.field!r} has no cite"
            findings.append(Finding(GradeReason.CITE_MISSING, detail, index, value.field))
    return findings


def grade_turn(
    turn: Turn,
    served: Served,
    documents: Mapping[str, Document],
    fields: Mapping[str, FieldDecl] = _NO_FIELDS,
    *,
    acts: ActTable = DEFAULT_ACTS,
    memo: GradeMemo | None = None,
) -> Grade:
    """Grade one turn against what was served, the pack's documents and its declared
    ``fields`` (SPEC section 8; an undeclared field's type is inferred from its value).
    ``memo`` keeps a run's span and value checks (the grade is the same without it)."""
    findings = _provenance_findings(turn, served)
    fabricated, unsupported, checks = _cite_findings(turn, documents, fields, acts, memo)
    findings += fabricated + unsupported
    if served.engine_state is EngineState.LIVE:
        findings += _bar_findings(turn)
    return _grade(findings, checks)
