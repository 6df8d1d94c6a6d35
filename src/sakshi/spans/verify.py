"""``source_span.v1`` and ``verify_span``: the byte-exact check (SPEC section 3).

Pure: plain data in, plain data out, no I/O. "A court reads the bytes": a quote verifies
only when its UTF-8 bytes are the document's bytes, with no Unicode normalisation, no
newline conversion, no BOM stripping and no trimming on either side.

``verify_span`` never raises: whatever it is given it returns a ``SpanCheck`` and its code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from sakshi.reasons import SpanReason
from sakshi.spans.documents import AnchorKind, Document, OffsetUnit, Segment, find_document

__all__ = ["SourceSpan", "SpanCheck", "int_text", "parse_span", "verify_plain", "verify_span"]


@dataclass(frozen=True)
class SourceSpan:
    """A parsed ``source_span.v1``: the claim that ``quote`` stands in ``doc``."""

    doc: str
    quote: str
    page: int | None = None
    block: int | None = None
    char_start: int | None = None
    char_end: int | None = None
    unit: OffsetUnit = OffsetUnit.CODEPOINT


@dataclass(frozen=True)
class SpanCheck:
    """The outcome of one span: verified or not, the reason code, and a short detail.

    ``detail`` is for people (which bound, which page); it never repeats the quote.
    """

    verified: bool
    reason: SpanReason
    detail: str = ""


OK = SpanCheck(True, SpanReason.OK)

# Keys a span may carry: the span itself, plus `id` (a batch line's label) and `origin`
# (the provider's citation object kept verbatim by importers). Anything else is refused,
# so that a typo such as `pgae: 2` cannot silently widen the search to every page.
SPAN_KEYS = frozenset({"doc", "quote", "page", "block", "char_start", "char_end", "unit"})
EXTRA_KEYS = frozenset({"id", "origin"})
_UNITS = {u.value: u for u in OffsetUnit}


def _malformed(detail: str) -> SpanCheck:
    return SpanCheck(False, SpanReason.SPAN_MALFORMED, detail)


def _optional_int(raw: Mapping[object, object], key: str) -> int | None | SpanCheck:
    value = raw.get(key)
    if value is None:
        return None
    # bool is an int in Python; `page: true` is a mistake, not page 1.
    if type(value) is not int:
        return _malformed(f"{key} must be an integer, found {type(value).__name__}")
    return value


def _span_object(span: SourceSpan) -> dict[str, object]:
    """A typed span as a span object; it is checked like any other, since its fields may
    hold anything at runtime."""
    return {
        "doc": span.doc,
        "quote": span.quote,
        "page": span.page,
        "block": span.block,
        "char_start": span.char_start,
        "char_end": span.char_end,
        "unit": span.unit.value if isinstance(span.unit, OffsetUnit) else span.unit,
    }


def _anchor_ints(raw: Mapping[object, object]) -> dict[str, int | None] | SpanCheck:
    """``page``, ``block``, ``char_start`` and ``char_end``, each an int or absent; the
    offsets come as a pair."""
    ints: dict[str, int | None] = {}
    for key in ("page", "block", "char_start", "char_end"):
        value = _optional_int(raw, key)
        if isinstance(value, SpanCheck):
            return value
        ints[key] = value
    if (ints["char_start"] is None) != (ints["char_end"] is None):
        return _malformed("char_start and char_end must be given together")
    return ints


def _unit(raw: Mapping[object, object]) -> OffsetUnit | SpanCheck:
    unit_raw = raw.get("unit")
    if unit_raw is None:
        return OffsetUnit.CODEPOINT
    if isinstance(unit_raw, str) and unit_raw in _UNITS:
        return _UNITS[unit_raw]
    return _malformed("unit must be one of codepoint, byte, utf16")


_ALL_KEYS = SPAN_KEYS | EXTRA_KEYS


class _Span(Protocol):
    """What the check reads of a span: a ``SourceSpan``, or a ``_PlainSpan``."""

    @property
    def doc(self) -> str: ...
    @property
    def quote(self) -> str: ...
    @property
    def page(self) -> int | None: ...
    @property
    def block(self) -> int | None: ...
    @property
    def char_start(self) -> int | None: ...
    @property
    def char_end(self) -> int | None: ...
    @property
    def unit(self) -> OffsetUnit: ...


class _PlainSpan(NamedTuple):
    """A ``SourceSpan``'s fields, in its order: a tuple is made in a third of the time a
    frozen dataclass takes, which counts once per line of a batch."""

    doc: str
    quote: str
    page: int | None
    block: int | None
    char_start: int | None
    char_end: int | None
    unit: OffsetUnit


def _plain_span(raw: dict[object, object]) -> _PlainSpan | None:
    """The span of a dict in the plain shape nearly every span has (known keys; ``doc`` and
    ``quote`` non-empty strings of valid Unicode; anchors ints or absent, the offsets as a
    pair; a known unit or none), else None, and ``parse_span`` decides it the long way.

    A shortcut, not a second rule: whatever it accepts, the long way accepts as a
    ``SourceSpan`` of the same fields. It only asks for exact types (``type(x) is int``, so
    never a bool).
    """
    if not raw.keys() <= _ALL_KEYS:
        return None
    get = raw.get
    doc, quote, unit_raw = get("doc"), get("quote"), get("unit")
    if type(doc) is not str or type(quote) is not str or not doc or not quote:
        return None
    # Unrolled, not a loop over the keys: this runs once per line of a batch.
    page, block = get("page"), get("block")
    start, end = get("char_start"), get("char_end")
    if page is not None and type(page) is not int:
        return None
    if block is not None and type(block) is not int:
        return None
    if start is None:
        if end is not None:
            return None
    elif type(start) is not int or type(end) is not int:
        return None
    if unit_raw is None:
        unit: OffsetUnit | None = OffsetUnit.CODEPOINT
    else:
        unit = _UNITS.get(unit_raw) if type(unit_raw) is str else None
    if unit is None:
        return None
    if not quote.isascii():
        try:
            quote.encode("utf-8")  # a lone surrogate has no UTF-8 bytes
        except UnicodeEncodeError:
            return None
    return _PlainSpan(doc, quote, page, block, start, end, unit)


def parse_span(raw: object) -> SourceSpan | SpanCheck:
    """Parse a span object (a mapping, as JSON or YAML gives it) or say why it is not one.

    Optional keys given as null count as absent. Returns a failed ``SpanCheck`` with
    SPAN_MALFORMED or QUOTE_EMPTY instead of raising.
    """
    if type(raw) is dict:
        plain = _plain_span(raw)
        if plain is not None:
            return SourceSpan(*plain)
    if isinstance(raw, SourceSpan):
        raw = _span_object(raw)
    if not isinstance(raw, Mapping):
        return _malformed(f"a span must be an object, found {type(raw).__name__}")
    unknown = [k for k in raw if k not in SPAN_KEYS and k not in EXTRA_KEYS]
    if unknown:
        names = ", ".join(sorted(repr(k) for k in unknown))
        return _malformed(f"unknown key(s) {names}")
    missing = [key for key in ("doc", "quote") if raw.get(key) is None]
    if missing:
        return _malformed(f"missing key(s) {', '.join(repr(k) for k in missing)}")
    doc = raw.get("doc")
    if not isinstance(doc, str) or not doc:
        return _malformed("doc must be a non-empty string")
    quote = raw.get("quote")
    if not isinstance(quote, str):
        return _malformed("quote must be a string")
    try:
        quote.encode("utf-8")
    except UnicodeEncodeError:
        return _malformed("quote is not valid Unicode (a lone surrogate)")
    ints = _anchor_ints(raw)
    if isinstance(ints, SpanCheck):
        return ints
    unit = _unit(raw)
    if isinstance(unit, SpanCheck):
        return unit
    if quote == "":
        return SpanCheck(False, SpanReason.QUOTE_EMPTY, "an empty quote matches anywhere")
    return SourceSpan(
        doc=doc,
        quote=quote,
        page=ints["page"],
        block=ints["block"],
        char_start=ints["char_start"],
        char_end=ints["char_end"],
        unit=unit,
    )


def verify_span(raw: object, documents: Mapping[str, Document]) -> SpanCheck:
    """Decide whether a span's quote is byte for byte in its document (SPEC section 3).

    ``raw`` is a ``SourceSpan`` or an unparsed span object; ``documents`` maps ids to
    documents, or is section-2 data (see ``find_document``). Never raises: an unexpected
    failure is reported as SPAN_MALFORMED, never as verified.
    """
    try:
        plain = _plain_span(raw) if type(raw) is dict else None
        if plain is not None:
            return _verify_parsed(plain, documents)
        span = parse_span(raw)
        if isinstance(span, SpanCheck):
            return span
        return _verify_parsed(span, documents)
    except Exception as exc:  # noqa: BLE001 - the contract is "never raises", fail closed
        return _malformed(f"could not check the span: {type(exc).__name__}")


def verify_plain(raw: dict[object, object], documents: Mapping[str, Document]) -> SpanCheck | None:
    """``verify_span(raw, documents)`` for a span object in the plain shape nearly every
    span has, by the shortest way; None when it is not in that shape or its check raised
    (then ``verify_span`` decides it, with its message). A batch calls it once per line."""
    span = _plain_span(raw)
    if span is None:
        return None
    try:
        return _verify_parsed(span, documents)
    except Exception:  # noqa: BLE001 - verify_span words the failure
        return None


def _select_segment(span: _Span, doc: Document) -> Segment | SpanCheck | None:
    """The segment the anchor names; None means "any single segment" (no anchor)."""
    anchor = doc.anchor
    if span.page is not None and span.block is not None:
        return SpanCheck(False, SpanReason.ANCHOR_KIND_MISMATCH, "both page and block given")
    if span.page is not None:
        if anchor is not AnchorKind.PAGE:
            return SpanCheck(
                False, SpanReason.ANCHOR_KIND_MISMATCH, f"page anchor on a {doc.kind} document"
            )
        if not 1 <= span.page <= len(doc.segments):
            return SpanCheck(
                False,
                SpanReason.ANCHOR_OUT_OF_RANGE,
                f"page {int_text(span.page)} of {len(doc.segments)}",
            )
        return doc.segments[span.page - 1]
    if span.block is not None:
        if anchor is not AnchorKind.BLOCK:
            return SpanCheck(
                False, SpanReason.ANCHOR_KIND_MISMATCH, f"block anchor on a {doc.kind} document"
            )
        if not 0 <= span.block < len(doc.segments):
            return SpanCheck(
                False,
                SpanReason.ANCHOR_OUT_OF_RANGE,
                f"block {int_text(span.block)} of {len(doc.segments)}",
            )
        return doc.segments[span.block]
    if anchor is AnchorKind.WHOLE:
        return doc.segments[0]
    if span.char_start is not None:
        return SpanCheck(
            False,
            SpanReason.ANCHOR_KIND_MISMATCH,
            f"offsets into a {doc.kind} document need its {anchor} anchor",
        )
    return None


def _verify_parsed(span: _Span, documents: Mapping[str, Document]) -> SpanCheck:
    doc = documents.get(span.doc) if type(documents) is dict else None
    if type(doc) is not Document or doc.id != span.doc:  # only what find_document takes
        doc = find_document(documents, span.doc)
    if isinstance(doc, str):
        return SpanCheck(False, SpanReason.DOC_NOT_FOUND, doc)
    segment = _select_segment(span, doc)
    if isinstance(segment, SpanCheck):
        return segment
    quote_bytes = span.quote.encode("utf-8")
    if span.char_start is None or span.char_end is None:
        candidates = doc.segments if segment is None else (segment,)
        if any(quote_bytes in s.data for s in candidates):
            return OK
        return SpanCheck(False, SpanReason.QUOTE_NOT_FOUND, _not_found_where(span, doc))
    assert segment is not None  # offsets without an anchor were refused above
    return _verify_offsets(span, segment, quote_bytes)


def _not_found_where(span: _Span, doc: Document) -> str:
    """Where a quote without offsets was looked for, as the cite put it."""
    if doc.anchor is AnchorKind.WHOLE:
        return "not in the document's text"
    if span.page is not None:
        return f"not on page {int_text(span.page)}"
    if span.block is not None:
        return f"not in block {int_text(span.block)}"
    # No anchor: every segment was searched, each on its own.
    return f"not on any single {doc.anchor.value} (no {doc.anchor.value} was given)"


def _verify_offsets(span: _Span, segment: Segment, quote_bytes: bytes) -> SpanCheck:
    start, end = span.char_start, span.char_end
    assert start is not None and end is not None
    if start < 0 or end <= start:
        return SpanCheck(
            False,
            SpanReason.OFFSETS_INVALID,
            f"need 0 <= char_start < char_end, found [{int_text(start)}, {int_text(end)})",
        )
    unit = span.unit
    if unit is OffsetUnit.BYTE:
        data = segment.data
        if end > len(data):
            return _past_end(end, len(data), unit)
        # A UTF-8 continuation byte (10xxxxxx) at either edge means the range cuts a
        # character in two.
        if data[start] & 0xC0 == 0x80 or (end < len(data) and data[end] & 0xC0 == 0x80):
            return SpanCheck(False, SpanReason.OFFSETS_INVALID, "the range splits a UTF-8 sequence")
        matched = data[start:end] == quote_bytes
    elif unit is OffsetUnit.CODEPOINT:
        text = segment.text
        if text is None:
            return SpanCheck(False, SpanReason.UNIT_UNDECODABLE, "the segment is not valid UTF-8")
        if end > len(text):
            return _past_end(end, len(text), unit)
        # Both sides are valid Unicode, so equal strings means equal UTF-8 bytes.
        matched = text[start:end] == span.quote
    else:
        units = segment.utf16
        if units is None:
            return SpanCheck(False, SpanReason.UNIT_UNDECODABLE, "the segment is not valid UTF-8")
        count = len(units) // 2
        if end > count:
            return _past_end(end, count, unit)
        # A low surrogate (DC00-DFFF) at either edge means the range cuts a pair in two.
        if _is_low_surrogate(units, start) or (end < count and _is_low_surrogate(units, end)):
            return SpanCheck(False, SpanReason.OFFSETS_INVALID, "the range splits a surrogate pair")
        matched = units[2 * start : 2 * end] == span.quote.encode("utf-16-le")
    if matched:
        return OK
    return SpanCheck(
        False, SpanReason.QUOTE_MISMATCH, f"the {unit} range [{start}, {end}) holds other bytes"
    )


def _is_low_surrogate(units: bytes, index: int) -> bool:
    return units[2 * index + 1] & 0xFC == 0xDC


def _past_end(end: int, length: int, unit: OffsetUnit) -> SpanCheck:
    return SpanCheck(
        False,
        SpanReason.OFFSETS_INVALID,
        f"char_end {int_text(end)} is past the end ({length} {unit} units)",
    )


def int_text(value: int) -> str:
    """An int for a message: Python refuses to print ints of more than 4,300 digits."""
    return (
        str(value)
        if -(10**18) < value < 10**18
        else ("a huge number" if value > 0 else "a huge negative number")
    )
