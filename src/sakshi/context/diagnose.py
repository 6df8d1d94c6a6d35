"""Why a cite did not verify, in words a person can act on. Diagnosis only.

Nothing here changes a verdict: a quote that would match after NFC normalisation is still
a fabricated span, because a court reads the bytes. It says where to look: the document
and anchor, and whether Unicode normalisation, newlines, whitespace, another offset unit,
another page or block, or other offsets would explain the miss; for any near miss (a typo,
a changed digit, case, punctuation, a dash or quotation mark of another kind, a space more
or less), the closest passage and each place it differs. Pure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from sakshi.spans import (
    AnchorKind,
    Document,
    OffsetUnit,
    Segment,
    SourceSpan,
    SpanCheck,
    int_text,
    near_miss_notes,
    parse_span,
    verify_span,
)

__all__ = ["diagnose_span"]

_WS = re.compile(r"\s+")


def _where(span: SourceSpan, doc: Document | None) -> str:
    parts = [f"document {span.doc!r}"]
    if span.page is not None:
        parts.append(f"page {int_text(span.page)}")
    if span.block is not None:
        parts.append(f"block {int_text(span.block)}")
    if span.char_start is not None:
        parts.append(
            f"{span.unit} offsets [{int_text(span.char_start)}, {int_text(span.char_end or 0)})"
        )
    where = ", ".join(parts)
    if doc is not None:
        count = len(doc.segments)
        where += f" (a {doc.kind} document, {count} {'segment' if count == 1 else 'segments'})"
    return where


def _segment_of(span: SourceSpan, doc: Document) -> Segment | None:
    if span.page is not None and 1 <= span.page <= len(doc.segments):
        return doc.segments[span.page - 1]
    if span.block is not None and 0 <= span.block < len(doc.segments):
        return doc.segments[span.block]
    if doc.anchor is AnchorKind.WHOLE:
        return doc.segments[0]
    return None


def _near_misses(quote: str, text: str) -> list[str]:
    notes = []
    if unicodedata.normalize("NFC", quote) in unicodedata.normalize("NFC", text):
        notes.append(
            "it would match after Unicode NFC normalisation (accents composed differently)"
        )
    if quote.replace("\r\n", "\n") in text.replace("\r\n", "\n"):
        notes.append("it would match if CRLF and LF line endings were treated alike")
    folded = _WS.sub(" ", quote).strip()
    if folded and folded in _WS.sub(" ", text):
        notes.append("it would match after folding whitespace (spaces, tabs, newlines differ)")
    straight = quote.translate(_STRAIGHT)
    if (straight != quote or _STRAIGHT_MARKS & set(text)) and straight in text.translate(_STRAIGHT):
        notes.append(
            "it would match if curly and straight quotes were treated alike"
            " (\u2018 \u2019 \u201c \u201d against ' and \"): copy the document's marks"
        )
    if _RUPEES.search(quote) and _rupees(quote) in _rupees(text):
        notes.append(
            "it would match with the rupee abbreviation written as the document writes it"
            " ('Rs' and 'Rs.' differ by a byte)"
        )
    notes += _changed_digits(quote, text)
    return notes


# Curly quotation marks and primes, read as the straight ones they stand for.
_STRAIGHT = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'"}
    | {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"'}
)
_STRAIGHT_MARKS = frozenset("\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033")
_RUPEES = re.compile(r"\bRs\.?\s?")
_SHOWN = 80  # characters of a passage a note quotes


def _rupees(text: str) -> str:
    return _RUPEES.sub("Rs ", text)


def _changed_digits(quote: str, text: str) -> list[str]:
    """A passage of the document that differs from the quote only in digits: a digit
    changed (or misread), the likeliest fabrication of a number."""
    if not any(char.isdigit() for char in quote) or len(quote) < 4:
        return []
    pattern = "".join(r"\d" if char.isdigit() else re.escape(char) for char in quote)
    found = re.search(pattern, text)
    if found is None or found.group(0) == quote:
        return []
    passage = found.group(0)
    changed = sum(a != b for a, b in zip(passage, quote, strict=True))
    shown = passage if len(passage) <= _SHOWN else passage[: _SHOWN - 1] + "\u2026"
    digits = f"{changed} digit{'' if changed == 1 else 's'}"
    return [f"the document has {shown!r}, which differs from the quote only in {digits}"]


def _other_units(span: SourceSpan, documents: Mapping[str, Document]) -> list[str]:
    notes = []
    for unit in OffsetUnit:
        if unit is not span.unit and verify_span(_with(span, unit=unit), documents).verified:
            notes.append(f"the offsets match if counted in {unit} units, not {span.unit}")
    return notes


def _with(span: SourceSpan, **changes: object) -> SourceSpan:
    fields = {**span.__dict__, **changes}
    return SourceSpan(**fields)


def _nearest_offsets(span: SourceSpan, segment: Segment) -> list[str]:
    text = segment.text
    if text is None or span.char_start is None:
        return []
    starts = [m.start() for m in re.finditer(re.escape(span.quote), text)]
    if not starts:
        return []
    best = min(starts, key=lambda s: (abs(s - span.char_start), s))  # type: ignore[operator]
    return [
        f"the quote stands at codepoint offsets [{best}, {best + len(span.quote)}) of that unit"
    ]


def _other_segments(span: SourceSpan, doc: Document, quote_bytes: bytes) -> list[str]:
    if doc.anchor is AnchorKind.WHOLE:
        return []
    label = "page" if doc.anchor is AnchorKind.PAGE else "block"
    base = 1 if doc.anchor is AnchorKind.PAGE else 0
    hits = [i + base for i, seg in enumerate(doc.segments) if quote_bytes in seg.data]
    current = span.page if doc.anchor is AnchorKind.PAGE else span.block
    hits = [h for h in hits if h != current]
    if not hits:
        return []
    shown = ", ".join(str(h) for h in hits[:5]) + (" …" if len(hits) > 5 else "")
    return [f"the quote is found on {label} {shown}"]


def diagnose_span(
    raw: object, documents: Mapping[str, Document], check: SpanCheck | None = None
) -> list[str]:
    """Sentences explaining a failed span: where it points, the reason, and near misses."""
    check = check if check is not None else verify_span(raw, documents)
    if check.verified:
        return []
    span = parse_span(raw)
    if isinstance(span, SpanCheck):
        return [f"{check.reason.value}: {check.detail or 'not a source_span.v1'}"]
    doc = documents.get(span.doc)
    notes = [
        f"{check.reason.value} at {_where(span, doc)}"
        + (f": {check.detail}" if check.detail else "")
    ]
    if doc is None:
        return notes
    try:
        segment = _segment_of(span, doc)
        quote_bytes = span.quote.encode("utf-8")
        if span.char_start is not None:
            notes += _other_units(span, documents)
            if segment is not None:
                notes += _nearest_offsets(span, segment)
        segments = [segment] if segment is not None else list(doc.segments)
        texts = [s.text for s in segments if s.text is not None]
        for text in texts:
            if span.quote in text:
                break  # the exact bytes are there: the offsets or anchor are what is off
            misses = _near_misses(span.quote, text)
            if misses:
                notes += misses
                break
        notes += near_miss_notes(span, doc)
        notes += _other_segments(span, doc, quote_bytes)
    except Exception as exc:  # noqa: BLE001 - a diagnosis must never hide the verdict
        notes.append(f"(diagnosis stopped: {type(exc).__name__})")
    return notes
