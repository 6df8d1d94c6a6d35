"""Context-lane reports: JSON (SPEC section 4), JUnit XML and a terminal table.

Packs are listed in the order given (the lane sorts them by id). The JSON keeps the SPEC's
keys and adds, per pack, the title, the source file, the route and the findings with their
diagnoses; it is for the team's own machine (it names documents and fields).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import orjson

from sakshi.context_lane import PackResult
from sakshi.diagnose import diagnose_span

__all__ = ["pack_details", "render_json", "render_junit", "render_text", "summary"]

# XML 1.0 cannot hold most control characters, even escaped.
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _xml(text: str) -> str:
    return _XML_BAD.sub("\ufffd", text)


def pack_details(result: PackResult) -> list[dict[str, Any]]:
    """Every finding of a pack, with the diagnosis of each fabricated span."""
    details = []
    for finding in result.grade.findings:
        item: dict[str, Any] = {"reason": finding.reason.value, "detail": finding.detail}
        if finding.field is not None:
            item["field"] = finding.field
            item["value_index"] = finding.value_index
        if finding.span is not None and result.turn is not None and finding.value_index is not None:
            item["span_reason"] = finding.span.reason.value
            cite = result.turn.values[finding.value_index].cite
            item["diagnosis"] = diagnose_span(cite, result.pack.documents, finding.span)
        details.append(item)
    return details


def summary(results: Sequence[PackResult]) -> tuple[int, int]:
    """(held, failed) counts."""
    held = sum(r.held for r in results)
    return held, len(results) - held


def render_json(results: Sequence[PackResult]) -> bytes:
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
            "title": r.pack.title,
            "source": r.pack.source,
            "route": r.route,
            "findings": pack_details(r),
        }
        for r in results
    ]
    return orjson.dumps({"packs": packs, "held": held, "failed": failed}, option=orjson.OPT_INDENT_2) + b"\n"


def _failure_text(result: PackResult) -> tuple[str, str]:
    reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
    message = f"expected {result.pack.expect.value}, graded {result.verdict.value}: {reasons}"
    lines = []
    for item in pack_details(result):
        lines.append(f"{item['reason']}: {item['detail']}")
        lines += [f"  - {note}" for note in item.get("diagnosis", [])]
    return message, "\n".join(lines)


def render_junit(results: Sequence[PackResult]) -> bytes:
    """One testsuite, one testcase per pack; a pack that did not hold is a failure."""
    # Imported here: xml.sax pulls in urllib and http.client, 15 ms the JSON path never needs.
    from xml.sax.saxutils import escape, quoteattr

    held, failed = summary(results)
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write(f'<testsuites name="sakshi" tests="{len(results)}" failures="{failed}" errors="0">\n')
    out.write(f'  <testsuite name="sakshi.context" tests="{len(results)}" failures="{failed}" errors="0" skipped="0">\n')
    for r in results:
        name = quoteattr(_xml(r.pack.id))
        classname = quoteattr(f"sakshi.context.{r.pack.engine_state.value}")
        if r.held:
            out.write(f"    <testcase classname={classname} name={name}/>\n")
            continue
        message, body = _failure_text(r)
        out.write(f"    <testcase classname={classname} name={name}>\n")
        out.write(f"      <failure message={quoteattr(_xml(message))} type=\"sakshi.red\">{escape(_xml(body))}</failure>\n")
        out.write("    </testcase>\n")
    out.write("  </testsuite>\n</testsuites>\n")
    return out.getvalue().encode("utf-8")


def render_text(results: Sequence[PackResult], color: bool, width: int = 100) -> str:
    """A readable table for people, then the diagnosis of every pack that did not hold."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="sakshi run context", title_justify="left", expand=False)
    for column in ("pack", "state", "verdict", "expect", "held", "reasons"):
        table.add_column(column, overflow="fold")
    for r in results:
        verdict = f"[green]{r.verdict.value}[/]" if r.verdict.value == "green" else f"[red]{r.verdict.value}[/]"
        held_text = "[green]yes[/]" if r.held else "[bold red]NO[/]"
        reasons = ", ".join(code.value for code in r.grade.reasons) or "-"
        table.add_row(r.pack.id, r.pack.engine_state.value, verdict, r.pack.expect.value, held_text, reasons)
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False)
    console.print(table)
    for r in results:
        if r.held and not (r.verdict.value == "red"):
            continue
        console.print(f"\n[bold]{r.pack.id}[/] ({r.pack.source}, route {r.route})", markup=True)
        for item in pack_details(r):
            console.print(f"  {item['reason']}: {item['detail']}", markup=False)
            for note in item.get("diagnosis", []):
                console.print(f"    - {note}", markup=False)
    held, failed = summary(results)
    console.print(f"\n{held} held, {failed} failed")
    return buffer.getvalue()


