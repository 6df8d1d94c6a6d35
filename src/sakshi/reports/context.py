"""Context-lane reports: what each graded pack shows (its record: JSON object, details,
evidence); reports/pack_record.py renders records as JSON (SPEC section 4), JUnit XML and
a terminal table.

Packs are listed in the order given (the lane sorts them by id). The JSON keeps the SPEC's
keys and adds, per pack, the title, the source file, the route, the findings with their
diagnoses, and what ``sakshi view`` needs to show the evidence: the provenance claimed and
served, every produced value with its cite's check, its highlight and its value check
(SPEC section 8: type, reading, each mention, which matched, the hint), and the documents'
text (``context_evidence``). It holds document content, so it is for the team's own machine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sakshi.context import Finding, PackResult, diagnose_span
from sakshi.reports import pack_record as records
from sakshi.reports.context_evidence import cite_quote, pack_evidence, plain
from sakshi.reports.pack_record import FindingLines, PackRecord
from sakshi.reports.value_checks import check_json, check_lines, check_summary

__all__ = [
    "pack_details",
    "pack_entry",
    "pack_evidence",
    "record_of",
    "render_json",
]


def _finding_item(result: PackResult, finding: Finding) -> dict[str, Any]:
    item: dict[str, Any] = {"reason": finding.reason.value, "detail": finding.detail}
    if finding.field is not None:
        item["field"] = finding.field
        item["value_index"] = finding.value_index
    value = (
        None
        if result.turn is None or finding.value_index is None
        else result.turn.values[finding.value_index]
    )
    if finding.span is not None and value is not None and not finding.span.verified:
        item["span_reason"] = finding.span.reason.value
        item["diagnosis"] = diagnose_span(value.cite, result.pack.documents, finding.span)
    if finding.value is not None and value is not None:
        # SPEC 8: the type and its source, the readings, each mention, which one matched.
        item["value"] = plain(value.value)
        item.update(check_json(finding.value, cite_quote(value)))
        del item["ok"], item["checked"]  # a finding is a failed check
    return item


def pack_details(result: PackResult) -> list[dict[str, Any]]:
    """Every finding of a pack, with the diagnosis of each fabricated span and, for a
    value its quote does not state, the value's check (``value_checks.check_json``)."""
    return [_finding_item(result, finding) for finding in result.grade.findings]


def pack_entry(r: PackResult, details: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The pack's object in the JSON report: the SPEC's keys, then its findings
    (``details``, when ``pack_details`` was already taken) and its evidence."""
    return {
        "id": r.pack.id,
        "engine_state": r.pack.engine_state.value,
        "verdict": r.verdict.value,
        "expect": r.pack.expect.value,
        "held": r.held,
        "reasons": [code.value for code in r.grade.reasons],
        "not_held_because": r.not_held_because,
        "title": r.pack.title,
        "source": r.pack.source,
        "route": r.route,
        "findings": pack_details(r) if details is None else details,
        **pack_evidence(r),
    }


def record_of(result: PackResult) -> PackRecord:
    """What every report shows of ``result`` (``reports/pack_record.py``)."""
    details = pack_details(result)
    lines = _finding_lines(result, details)
    failure = None if result.held else _failure_text(result, lines)
    return PackRecord.of(pack_entry(result, details), result.pack.tags, lines, failure)


def render_json(results: Sequence[PackResult], identity: Mapping[str, Any] | None = None) -> bytes:
    """The SPEC's object: packs, held and failed counts (plus details per pack)."""
    return records.render_json([record_of(r) for r in results], identity)


def _finding_lines(result: PackResult, details: list[dict[str, Any]]) -> tuple[FindingLines, ...]:
    """Each finding's headline and its notes: a failed cite's diagnosis, or a value's
    check (its reading, each mention, which one matched, the hint)."""
    out = []
    for finding, item in zip(result.grade.findings, details, strict=True):
        notes = list(item.get("diagnosis", []))
        if finding.value is not None and "value" in item:
            shown = item["value"] if isinstance(item["value"], str) else repr(item["value"])
            notes += check_lines(shown, finding.value)
        out.append((f"{item['reason']}: {item['detail']}", tuple(notes)))
    return tuple(out)


def _failure_text(result: PackResult, lines: Sequence[FindingLines]) -> tuple[str, str]:
    """The JUnit failure of a pack that did not hold: its message and its body."""
    reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
    unstated = [
        f"{finding.field}: {check_summary(finding.value)}"
        for finding in result.grade.findings
        if finding.value is not None
    ]
    # The message names each unstated value's field, value_reason and hint: CI shows it.
    message = f"{result.not_held_because}: {reasons}" + "".join(f"; {u}" for u in unstated)
    body = []
    for headline, notes in lines:
        body.append(headline)
        body += [f"  - {note}" for note in notes]
    return message, "\n".join(body)
