"""Context-lane reports: JSON (SPEC section 4), JUnit XML and a terminal table.

Packs are listed in the order given (the lane sorts them by id). The JSON keeps the SPEC's
keys and adds, per pack, the title, the source file, the route, the findings with their
diagnoses, and what ``sakshi view`` needs to show the evidence: the provenance claimed and
served, every produced value with its cite's check, its highlight and its value check
(SPEC section 8: type, reading, each mention, which matched, the hint), and the documents'
text (``context_evidence``). It holds document content, so it is for the team's own machine.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from sakshi.context import Finding, PackResult, diagnose_span
from sakshi.reports import junit
from sakshi.reports.context_evidence import cite_quote, pack_evidence, plain
from sakshi.reports.value_checks import check_json, check_lines, check_summary

__all__ = ["pack_details", "pack_evidence", "render_json", "render_junit", "render_text", "summary"]


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


def summary(results: Sequence[PackResult]) -> tuple[int, int]:
    """(held, failed) counts."""
    held = sum(r.held for r in results)
    return held, len(results) - held


def render_json(results: Sequence[PackResult], identity: Mapping[str, Any] | None = None) -> bytes:
    """The SPEC's object: packs, held and failed counts (plus details per pack)."""
    held, failed = summary(results)
    packs = [
        {
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
            "findings": pack_details(r),
            **pack_evidence(r),
        }
        for r in results
    ]
    body: dict[str, Any] = {"packs": packs, "held": held, "failed": failed}
    if identity is not None:
        body["identity"] = dict(identity)
    return orjson.dumps(body, option=orjson.OPT_INDENT_2) + b"\n"


def _finding_lines(result: PackResult) -> list[tuple[str, list[str]]]:
    """Each finding's headline and its notes: a failed cite's diagnosis, or a value's
    check (its reading, each mention, which one matched, the hint)."""
    out = []
    for finding, item in zip(result.grade.findings, pack_details(result), strict=True):
        notes = list(item.get("diagnosis", []))
        if finding.value is not None and "value" in item:
            shown = item["value"] if isinstance(item["value"], str) else repr(item["value"])
            notes += check_lines(shown, finding.value)
        out.append((f"{item['reason']}: {item['detail']}", notes))
    return out


def _failure_text(result: PackResult) -> tuple[str, str]:
    reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
    unstated = [
        f"{finding.field}: {check_summary(finding.value)}"
        for finding in result.grade.findings
        if finding.value is not None
    ]
    # The message names each unstated value's field, value_reason and hint: CI shows it.
    message = f"{result.not_held_because}: {reasons}" + "".join(f"; {u}" for u in unstated)
    lines = []
    for headline, notes in _finding_lines(result):
        lines.append(headline)
        lines += [f"  - {note}" for note in notes]
    return message, "\n".join(lines)


def render_junit(results: Sequence[PackResult], identity: Mapping[str, Any] | None = None) -> bytes:
    """One testsuite, one testcase per pack; a pack that did not hold is a failure."""
    cases = []
    for r in results:
        classname = f"sakshi.context.{r.pack.engine_state.value}"
        if r.held:
            cases.append(junit.Case(classname, r.pack.id))
        else:
            message, body = _failure_text(r)
            cases.append(junit.Case(classname, r.pack.id, "failure", message, "sakshi.red", body))
    return junit.render("sakshi.context", cases, identity)


def render_text(
    results: Sequence[PackResult],
    color: bool,
    width: int = 100,
    identity: Mapping[str, Any] | None = None,
    failures_only: bool = False,
) -> str:
    """A readable table for people (``width`` columns), then the diagnosis of every pack
    that did not hold or was graded red. ``failures_only``: only the packs that did not
    hold, in the table and below it (the counts stay whole). Messages are never wrapped
    (soft wrap): a CI log keeps each one on its line, no word cut."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="sakshi run context", title_justify="left", expand=False)
    for column in ("pack", "state", "verdict", "expect", "held", "reasons"):
        table.add_column(column, overflow="fold")
    for r in results:
        if failures_only and r.held:
            continue
        verdict = (
            f"[green]{r.verdict.value}[/]"
            if r.verdict.value == "green"
            else f"[red]{r.verdict.value}[/]"
        )
        held_text = "[green]yes[/]" if r.held else "[bold red]NO[/]"
        reasons = ", ".join(code.value for code in r.grade.reasons) or "-"
        table.add_row(
            r.pack.id, r.pack.engine_state.value, verdict, r.pack.expect.value, held_text, reasons
        )
    buffer = io.StringIO()
    console = Console(
        file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False
    )
    console.print(table)
    for r in results:
        if r.held and (failures_only or r.verdict.value != "red"):
            continue
        console.print(
            f"\n[bold]{escape(r.pack.id)}[/] ({escape(r.pack.source)}, route {escape(r.route)})",
            markup=True,
            soft_wrap=True,
        )
        if r.not_held_because is not None:
            console.print(f"  not held: {r.not_held_because}", markup=False, soft_wrap=True)
        for headline, notes in _finding_lines(r):
            console.print(f"  {headline}", markup=False, soft_wrap=True)
            for note in notes:
                console.print(f"    - {note}", markup=False, soft_wrap=True)
    held, failed = summary(results)
    console.print(f"\n{held} held, {failed} failed")
    if identity is not None:
        git = identity.get("git", {})
        head = git.get("head") or "none"
        console.print(
            f"sakshi {identity.get('versions', {}).get('sakshi')}, git {head[:12]}"
            f"{' (dirty)' if git.get('dirty') else ''}"
        )
    return buffer.getvalue()
