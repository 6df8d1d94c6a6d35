"""Context-lane reports: JSON (SPEC section 4), JUnit XML and a terminal table.

Packs are listed in the order given (the lane sorts them by id). The JSON keeps the SPEC's
keys and adds, per pack, the title, the source file, the route, the findings with their
diagnoses, and what ``sakshi view`` needs to show the evidence: the provenance claimed and
served, every produced value with its cite's check and highlight, and the documents' text.
It holds document content, so it is for the team's own machine.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from sakshi.context.diagnose import diagnose_span
from sakshi.context.lane import PackResult
from sakshi.context.turns import TurnValue
from sakshi.reports import displayable, junit
from sakshi.reports.positions import Positions
from sakshi.spans import (
    AnchorKind,
    Document,
    Segment,
    SourceSpan,
    int_text,
    parse_span,
    verify_span,
)

__all__ = ["pack_details", "pack_evidence", "render_json", "render_junit", "render_text", "summary"]


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


# --- evidence for the view --------------------------------------------------------------

_MAX_DEPTH = 40  # a cite or value nested deeper than this is shown as "…"
_MAX_SCAN = 10_000  # occurrences looked at when placing a failed cite's nearest match


def _plain(value: object, depth: int = 0) -> Any:
    """``value`` as JSON orjson always writes: str keys (sorted), 64-bit ints, valid text."""
    if value is None or isinstance(value, bool | float):
        return value
    if isinstance(value, int):
        return value if -(2**63) <= value < 2**63 else int_text(value)
    if isinstance(value, str):
        return displayable(value)
    if depth >= _MAX_DEPTH:
        return "\u2026"
    if isinstance(value, Mapping):
        items = {displayable(str(k)): _plain(v, depth + 1) for k, v in value.items()}
        return {k: items[k] for k in sorted(items)}
    if isinstance(value, list | tuple):
        return [_plain(v, depth + 1) for v in value]
    return f"<{type(value).__name__}>"


class _Places:
    """Per report: each segment's ``Positions``, and how often a quote occurs in it, worked
    out once however many cites point there."""

    def __init__(self) -> None:
        self._positions: dict[Segment, Positions] = {}
        self._counts: dict[tuple[Segment, bytes], int] = {}

    def positions(self, segment: Segment) -> Positions:
        """The segment's offset conversions."""
        found = self._positions.get(segment)
        if found is None:
            found = self._positions[segment] = Positions(segment)
        return found

    def count(self, segment: Segment, quote: bytes) -> int:
        """How many times ``quote`` occurs in the segment's bytes."""
        key = (segment, quote)
        if key not in self._counts:
            self._counts[key] = segment.data.count(quote)
        return self._counts[key]


def _range(
    places: _Places, doc: Document, index: int, byte_start: int, quote: bytes, counted: bool
) -> dict[str, Any]:
    """A highlight: the segment, its byte range, and the same range in codepoints of the
    segment's display text (UTF-8 decoded with U+FFFD for bytes that are not UTF-8).

    ``counted``: also how often the quote occurs in the segment (null when not). A cite
    with offsets names its own occurrence, and counting would read the whole segment for
    each such cite, which its check never does.
    """
    segment = doc.segments[index]
    positions = places.positions(segment)
    byte_end = byte_start + len(quote)
    return {
        "doc": displayable(doc.id),
        "segment": index,
        "byte_start": byte_start,
        "byte_end": byte_end,
        "char_start": positions.char_of_byte(byte_start),
        "char_end": positions.char_of_byte(byte_end),
        "occurrences": places.count(segment, quote) if counted else None,
    }


def _anchored(span: SourceSpan, doc: Document) -> int | None:
    """The index of the segment a span's anchor names, if it names one that exists."""
    if (
        span.page is not None
        and doc.anchor is AnchorKind.PAGE
        and 1 <= span.page <= len(doc.segments)
    ):
        return span.page - 1
    if (
        span.block is not None
        and doc.anchor is AnchorKind.BLOCK
        and 0 <= span.block < len(doc.segments)
    ):
        return span.block
    if doc.anchor is AnchorKind.WHOLE:
        return 0
    return None


def _verified_range(places: _Places, span: SourceSpan, doc: Document) -> dict[str, Any] | None:
    quote = span.quote.encode("utf-8")
    index = _anchored(span, doc)
    if span.char_start is not None and index is not None:
        # Verified: the unit decodes, so the offset converts exactly.
        start = places.positions(doc.segments[index]).byte_of(span.char_start, span.unit)
        return _range(places, doc, index, start, quote, counted=False)
    indexes = [index] if index is not None else range(len(doc.segments))
    for i in indexes:
        at = doc.segments[i].data.find(quote)
        if at >= 0:
            return _range(places, doc, i, at, quote, counted=True)
    return None


def _nearest_range(places: _Places, span: SourceSpan, doc: Document) -> dict[str, Any] | None:
    """Where a failed cite's exact quote does stand: in its anchored segment (nearest to its
    offsets) or else the first segment holding it. None when the bytes are nowhere."""
    quote = span.quote.encode("utf-8")
    index = _anchored(span, doc)
    order = [index] if index is not None else []
    order += [i for i in range(len(doc.segments)) if i != index]
    for i in order:
        data = doc.segments[i].data
        positions: list[int] = []
        at = data.find(quote)
        while at >= 0 and len(positions) < _MAX_SCAN:
            positions.append(at)
            at = data.find(quote, at + 1)
        if not positions:
            continue
        best = positions[0]
        if span.char_start is not None:
            # Roughly where the failed offsets point, in bytes: only to pick the nearest.
            target = places.positions(doc.segments[i]).byte_of(span.char_start, span.unit)
            best = min(positions, key=lambda p: (abs(p - target), p))
        return _range(places, doc, i, best, quote, counted=True)
    return None


def _value_evidence(
    places: _Places, index: int, value: TurnValue, documents: Mapping[str, Document]
) -> dict[str, Any]:
    item: dict[str, Any] = {
        "index": index,
        "field": _plain(value.field),
        "value": _plain(value.value),
        "why": _plain(value.why),
        "cite": None if value.cite is None else _plain(value.cite),
        "check": None,
        "highlight": None,
        "near": None,
    }
    if value.cite is None:
        return item
    check = verify_span(value.cite, documents)
    item["check"] = {
        "verified": check.verified,
        "reason": check.reason.value,
        "detail": _plain(check.detail),
    }
    span = parse_span(value.cite)
    if not isinstance(span, SourceSpan) or span.doc not in documents:
        return item
    doc = documents[span.doc]
    try:
        if check.verified:
            item["highlight"] = _verified_range(places, span, doc)
        else:
            item["near"] = _nearest_range(places, span, doc)
    except Exception:  # noqa: BLE001 - a highlight is a nicety: never lose the report over one
        item["highlight"] = item["near"] = None
    return item


def _document(doc: Document) -> dict[str, Any]:
    base = 1 if doc.anchor is AnchorKind.PAGE else 0
    segments = []
    for i, segment in enumerate(doc.segments):
        text = segment.text
        segments.append(
            {
                "label": "" if doc.anchor is AnchorKind.WHOLE else f"{doc.anchor.value} {i + base}",
                "utf8": text is not None,
                # For display only: bytes that are not UTF-8 show as U+FFFD.
                "text": text if text is not None else segment.data.decode("utf-8", "replace"),
            }
        )
    return {
        "id": displayable(doc.id),
        "kind": doc.kind.value,
        "anchor": doc.anchor.value,
        "segments": segments,
    }


def pack_evidence(result: PackResult) -> dict[str, Any]:
    """What the evidence view shows of a pack: the provenance claimed and served, each
    produced value with its cite's check and highlight, and the documents' text."""
    turn = result.turn
    served = result.pack.served
    documents = result.pack.documents
    places = _Places()
    return {
        "provenance": {
            "claimed": None
            if turn is None
            else {
                "engine_state": _plain(turn.engine_state),
                "bundle_sha256": _plain(turn.bundle_sha256),
            },
            "served": {
                "engine_state": served.engine_state.value,
                "bundle_sha256": served.bundle_sha256,
            },
        },
        "values": []
        if turn is None
        else [_value_evidence(places, i, v, documents) for i, v in enumerate(turn.values)],
        "documents": [_document(documents[k]) for k in sorted(documents)],
    }


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


def _failure_text(result: PackResult) -> tuple[str, str]:
    reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
    message = f"{result.not_held_because}: {reasons}"
    lines = []
    for item in pack_details(result):
        lines.append(f"{item['reason']}: {item['detail']}")
        lines += [f"  - {note}" for note in item.get("diagnosis", [])]
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
) -> str:
    """A readable table for people, then the diagnosis of every pack that did not hold."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="sakshi run context", title_justify="left", expand=False)
    for column in ("pack", "state", "verdict", "expect", "held", "reasons"):
        table.add_column(column, overflow="fold")
    for r in results:
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
        if r.held and r.verdict.value != "red":
            continue
        console.print(f"\n[bold]{r.pack.id}[/] ({r.pack.source}, route {r.route})", markup=True)
        if r.not_held_because is not None:
            console.print(f"  not held: {r.not_held_because}", markup=False)
        for item in pack_details(r):
            console.print(f"  {item['reason']}: {item['detail']}", markup=False)
            for note in item.get("diagnosis", []):
                console.print(f"    - {note}", markup=False)
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
