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

from sakshi.context.declared import Answers, declared_problems
from sakshi.context.turns import (
    EngineState,
    Served,
    Turn,
    TurnValue,
    is_visible,
    is_visible_char,
)
from sakshi.reasons import GradeReason
from sakshi.runcache import RunCache, Table
from sakshi.spans import Document, SpanCheck, verify_span
from sakshi.values import DEFAULT_ACTS, ActTable, FieldDecl, ValueCheck, check_value

__all__ = [
    "CHECKS",
    "SPANS",
    "Finding",
    "Grade",
    "Verdict",
    "checked_span",
    "checked_value",
    "grade_turn",
    "readable_why",
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
    declared fields and act table by identity, and the pack's locale."""

    field: str
    value: str
    quote: str
    fields_id: int
    acts_id: int
    locale: str | None


class _KeptCheck(NamedTuple):
    """A value check and the declarations it was made under."""

    check: ValueCheck
    fields: Mapping[str, FieldDecl]
    acts: ActTable


class _SpanKey(NamedTuple):
    """What decides a span check: the cite (a flat object: its items, every key a string
    and every value a string, an integer or null) and its document by identity."""

    cite: tuple[tuple[str, object], ...]
    doc_id: int


class _KeptSpan(NamedTuple):
    """A span check and the document it was made against."""

    span: SpanCheck
    doc: Document


def _flat_items(cite: dict[object, object]) -> tuple[tuple[str, object], ...] | None:
    """The cite's items when it is flat (string keys; values exactly strings, integers or
    null), else None. No two such items are equal across types (``1 == True == 1.0`` only
    between types left out), so equal items are the same cite."""
    for key, value in cite.items():
        kind = type(value)
        if type(key) is not str or (kind is not str and kind is not int and value is not None):
            return None
    return tuple(cite.items())  # type: ignore[arg-type]  # every key checked: a string


# The run's tables of the grade (sakshi.runcache), each keyed as its key says.
CHECKS: Table[_CheckKey, _KeptCheck] = Table("grade.checks")
SPANS: Table[_SpanKey, _KeptSpan] = Table("grade.spans")


def checked_value(
    cache: RunCache | None,
    field: str,
    value: str,
    quote: str,
    fields: Mapping[str, FieldDecl],
    acts: ActTable,
    locale: str | None = None,
) -> ValueCheck:
    """``check_value(field, value, quote, fields, acts=acts, locale=locale)``, made once
    per run (each time without a ``cache``)."""
    if cache is None:
        return check_value(field, value, quote, fields, acts=acts, locale=locale)
    checks = cache.table(CHECKS)
    key = _CheckKey(field, value, quote, id(fields), id(acts), locale)
    kept = checks.get(key)
    if kept is not None and kept.fields is fields and kept.acts is acts:
        return kept.check
    check = check_value(field, value, quote, fields, acts=acts, locale=locale)
    checks.put(key, _KeptCheck(check, fields, acts))
    return check


def checked_span(
    cache: RunCache | None, cite: object, documents: Mapping[str, Document]
) -> SpanCheck:
    """``verify_span(cite, documents)``, made once per run for a flat cite (a dict) of a
    document the line holds (each time without a ``cache``). Any other cite is checked
    afresh: what it is found to be may depend on the other documents (a missing one is
    looked for among them)."""
    if cache is None or type(cite) is not dict:
        return verify_span(cite, documents)
    flat = _flat_items(cite)
    if flat is None:
        return verify_span(cite, documents)
    doc_id = cite.get("doc")
    doc = documents.get(doc_id) if type(doc_id) is str else None
    if type(doc) is not Document:
        return verify_span(cite, documents)
    spans = cache.table(SPANS)
    key = _SpanKey(flat, id(doc))
    kept = spans.get(key)
    if kept is not None and kept.doc is doc:
        return kept.span
    span = verify_span(cite, documents)
    spans.put(key, _KeptSpan(span, doc))
    return span


def _unsupported(
    index: int, value: TurnValue, span: SpanCheck | None, check: ValueCheck
) -> Finding:
    reason = check.value_reason.value if check.value_reason else "not stated"
    hint = f"; {check.hint}" if check.hint else ""
    detail = f"the quote of {value.field!r} does not state its value: {reason}{hint}"
    return Finding(GradeReason.VALUE_UNSUPPORTED, detail, index, value.field, span, check)


class _ValueFindings(NamedTuple):
    """What a turn's values gave, each kind apart (they are reported in this order), and
    each value's check."""

    fabricated: list[Finding]  # FABRICATED_SPAN
    unsupported: list[Finding]  # VALUE_UNSUPPORTED
    bar: list[Finding]  # at live: EVIDENCE_MISSING, WHY_MISSING, CITE_MISSING
    checks: tuple[ValueCheck | None, ...]
    spans: tuple[SpanCheck | None, ...]  # each cite's check (None: no cite)


def readable_why(why: str | None) -> bool:
    """A why someone can read (``is_visible``); its first character usually says so."""
    return why is not None and (bool(why) and is_visible_char(why[0]) or is_visible(why))


def _value_findings(
    turn: Turn,
    live: bool,
    documents: Mapping[str, Document],
    fields: Mapping[str, FieldDecl],
    rules: tuple[ActTable, str | None],
    cache: RunCache | None,
) -> _ValueFindings:
    """Each value checked once, in turn order: its cite (verified, then its value against
    the quote) and, at live, the bar (a produced value needs a visible why and a cite)."""
    fabricated: list[Finding] = []
    unsupported: list[Finding] = []
    bar: list[Finding] = []
    checks: list[ValueCheck | None] = [None] * len(turn.values)
    spans: list[SpanCheck | None] = [None] * len(turn.values)

    acts, locale = rules
    produced_any = False
    for index, value in enumerate(turn.values):
        produced, cite = value.value, value.cite
        empty = produced is None or produced == ""  # TurnValue.is_empty
        if live and not empty:
            produced_any = True
            if not readable_why(value.why):
                # Only blanks, format characters or bare marks: a why nobody can read.
                what = "no why" if not value.why else "no visible why"
                detail = f"{value.field!r} has {what}"
                bar.append(Finding(GradeReason.WHY_MISSING, detail, index, value.field))
            if cite is None:
                detail = f"{value.field!r} has no cite"
                bar.append(Finding(GradeReason.CITE_MISSING, detail, index, value.field))
        if cite is None:
            continue
        span = spans[index] = checked_span(cache, cite, documents)
        if not span.verified:
            detail = f"cite of {value.field!r} does not verify: {span.reason.value}"
            fabricated.append(
                Finding(GradeReason.FABRICATED_SPAN, detail, index, value.field, span)
            )
            continue
        if empty or (type(cite) is not dict and not isinstance(cite, Mapping)):
            continue  # (an exact dict first: the abstract check costs more)
        text = value_text(produced)  # type: ignore[arg-type]  # not None: not empty
        quote = cite["quote"]  # verified: a non-empty string
        check = checked_value(cache, value.field, text, quote, fields, acts, locale)
        checks[index] = check
        if not check.ok:
            unsupported.append(_unsupported(index, value, span, check))
    if live and not produced_any:  # the bar found nothing else: first is last
        bar.append(Finding(GradeReason.EVIDENCE_MISSING, "no value was produced at live"))
    return _ValueFindings(fabricated, unsupported, bar, tuple(checks), tuple(spans))


def grade_turn(
    turn: Turn,
    served: Served,
    documents: Mapping[str, Document],
    fields: Mapping[str, FieldDecl] = _NO_FIELDS,
    *,
    acts: ActTable = DEFAULT_ACTS,
    locale: str | None = None,
    cache: RunCache | None = None,
    answers: Answers = Answers.ANY,
) -> Grade:
    """Grade one turn against what was served, the pack's documents and its declared
    ``fields`` (SPEC section 8; an undeclared field's type is inferred from its value).
    ``acts`` is the statute table and ``locale`` the pack's (numeric dates' order); ``cache``
    is the run's (sakshi.runcache), where its span and value checks are kept (the grade is
    the same without it). ``answers``
    ``declared``: the turn must answer exactly the declared fields (``declared.py``)."""
    findings = _provenance_findings(turn, served)
    live = served.engine_state is EngineState.LIVE
    found = _value_findings(turn, live, documents, fields, (acts, locale), cache)
    if answers is Answers.DECLARED:
        found = _declared(turn, fields, found, live)
    if found.fabricated or found.unsupported or found.bar:
        findings += found.fabricated + found.unsupported + found.bar
    return _grade(findings, found.checks)


def _declared(
    turn: Turn,
    fields: Mapping[str, FieldDecl],
    found: _ValueFindings,
    live: bool,
) -> _ValueFindings:
    """``found`` with what ``answers: declared`` adds: each value that fails it is
    VALUE_UNSUPPORTED (in value order, with the others), and the declared fields left
    unanswered at live are one EVIDENCE_MISSING naming them."""
    extra = declared_problems(turn, fields, found.checks, live)
    if not extra.failed and not extra.unanswered:
        return found
    checks = list(found.checks)
    unsupported = list(found.unsupported)
    for index, check in extra.failed.items():
        checks[index] = check
        unsupported.append(_unsupported(index, turn.values[index], found.spans[index], check))
    unsupported.sort(key=lambda finding: finding.value_index or 0)
    bar = found.bar
    if extra.unanswered:
        names = ", ".join(repr(name) for name in extra.unanswered)
        detail = f"no value was produced for the declared field(s) {names}"
        bar = [f for f in bar if f.reason is not GradeReason.EVIDENCE_MISSING]
        bar.append(Finding(GradeReason.EVIDENCE_MISSING, detail))
    return _ValueFindings(found.fabricated, unsupported, bar, tuple(checks), found.spans)
