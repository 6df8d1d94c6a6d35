"""What the evidence view needs of a graded pack, as JSON data (``pack_evidence``).

The provenance claimed and served, every produced value with its cite's check, its
highlight (or a failed cite's nearest exact match) and its value check (SPEC section 8),
and the documents' text. It holds document content, so it is for the team's own machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.context import PackResult, TurnValue
from sakshi.reports import displayable
from sakshi.reports.positions import Positions
from sakshi.reports.value_checks import check_json
from sakshi.spans import (
    AnchorKind,
    Document,
    Segment,
    SourceSpan,
    int_text,
    parse_span,
    verify_span,
)
from sakshi.values import ValueCheck

__all__ = ["cite_quote", "pack_evidence", "plain"]


def cite_quote(value: TurnValue) -> str:
    """The quote of a value whose cite verified (its check's mentions index it)."""
    cite = value.cite
    quote = cite.get("quote") if isinstance(cite, Mapping) else None
    return quote if isinstance(quote, str) else ""


_MAX_DEPTH = 40  # a cite or value nested deeper than this is shown as "…"
_MAX_SCAN = 10_000  # occurrences looked at when placing a failed cite's nearest match


def plain(value: object, depth: int = 0) -> Any:
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
        items = {displayable(str(k)): plain(v, depth + 1) for k, v in value.items()}
        return {k: items[k] for k in sorted(items)}
    if isinstance(value, list | tuple):
        return [plain(v, depth + 1) for v in value]
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
    places: _Places,
    index: int,
    value: TurnValue,
    documents: Mapping[str, Document],
    value_check: ValueCheck | None,
) -> dict[str, Any]:
    item: dict[str, Any] = {
        "index": index,
        "field": plain(value.field),
        "value": plain(value.value),
        "why": plain(value.why),
        "cite": None if value.cite is None else plain(value.cite),
        "check": None,
        "value_check": None if value_check is None else check_json(value_check, cite_quote(value)),
        "highlight": None,
        "near": None,
    }
    if value.cite is None:
        return item
    check = verify_span(value.cite, documents)
    item["check"] = {
        "verified": check.verified,
        "reason": check.reason.value,
        "detail": plain(check.detail),
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


def _check_of(result: PackResult, index: int) -> ValueCheck | None:
    checks = result.grade.values
    return checks[index] if index < len(checks) else None


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
                "engine_state": plain(turn.engine_state),
                "bundle_sha256": plain(turn.bundle_sha256),
            },
            "served": {
                "engine_state": served.engine_state.value,
                "bundle_sha256": served.bundle_sha256,
            },
        },
        "values": []
        if turn is None
        else [
            _value_evidence(places, i, v, documents, _check_of(result, i))
            for i, v in enumerate(turn.values)
        ],
        "documents": [_document(documents[k]) for k in sorted(documents)],
    }
