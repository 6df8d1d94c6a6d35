"""Table tests for the pure core: ``sakshi.parse_span`` and ``sakshi.verify_span`` (SPEC 3).

Every row is plain data in, one reason code out. The tables are checked at the bottom to
cover every reason code, every offset unit and every body kind.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from sakshi import (
    BodyKind,
    Document,
    OffsetUnit,
    Segment,
    SourceSpan,
    SpanCheck,
    SpanReason,
    parse_span,
    verify_span,
)

R = SpanReason
UNITS = ("codepoint", "byte", "utf16")
HUGE = (10**30, 10**5000)

CAFE = "café 😀 ok"  # "ok": codepoint 7, utf16 unit 8, byte 11
BOM = b"\xef\xbb\xbf"


def _text(doc_id: str, *parts: str, kind: BodyKind = BodyKind.TEXT) -> Document:
    return Document.from_strings(doc_id, kind, list(parts))


def _raw(doc_id: str, kind: BodyKind, *parts: bytes) -> Document:
    return Document(doc_id, kind, tuple(Segment(p) for p in parts))


DOCS: dict[str, Document] = {
    d.id: d
    for d in (
        _text("cafe", CAFE),
        _text("pages", "page one alpha", "page two beta", kind=BodyKind.PAGES),
        _text("blocks", "block zero", "block one é", kind=BodyKind.BLOCKS),
        _raw("file", BodyKind.FILE, b"raw file\r\nbytes \xc3\xa9\r\n"),
        _raw(
            "pfiles", BodyKind.PAGES_FILES, b"first file page", b"second file page \xf0\x9f\x98\x80"
        ),
        _raw("bom", BodyKind.FILE, BOM + b"Hello"),
        _text("nfc", "caf\u00e9"),
        _text("nfd", "cafe\u0301"),
        _raw("crlf", BodyKind.FILE, b"line one\r\nline two\r\n"),
        _text("lf", "line one\nline two\n"),
        _text("twice", "abc abc"),
        _raw("invalid", BodyKind.FILE, b"ok \xff\xfe bytes ok"),
        _text("zw", "zero\u200bwidth soft\u00adhyphen"),
        _text("straddle", "end of page one", "start of page two", kind=BodyKind.PAGES),
        _text("bstraddle", "end of block zero", "start of block one", kind=BodyKind.BLOCKS),
    )
}


def span(doc: str, quote: str, **extra: Any) -> dict[str, Any]:
    """A source_span.v1 object as JSON would give it."""
    return {"doc": doc, "quote": quote, **extra}


def at(
    doc: str, quote: str, start: int, end: int, unit: str | None = None, **extra: Any
) -> dict[str, Any]:
    """A span with offsets (and a unit unless the default is meant)."""
    unit_key = {} if unit is None else {"unit": unit}
    return span(doc, quote, char_start=start, char_end=end, **unit_key, **extra)


def row(case_id: str, raw: object, reason: SpanReason) -> Any:
    return pytest.param(raw, reason, id=case_id)


def check(raw: object) -> SpanCheck:
    result = verify_span(raw, DOCS)
    assert isinstance(result, SpanCheck)
    assert result.verified is (result.reason is R.OK)
    return result


# --- The named cases -------------------------------------------------------------------

CAFE_ROWS = [
    row("cafe-ok-codepoint-7", at("cafe", "ok", 7, 9), R.OK),
    row("cafe-ok-codepoint-explicit", at("cafe", "ok", 7, 9, "codepoint"), R.OK),
    row("cafe-ok-utf16-8", at("cafe", "ok", 8, 10, "utf16"), R.OK),
    row("cafe-ok-byte-11", at("cafe", "ok", 11, 13, "byte"), R.OK),
    row("cafe-emoji-codepoint", at("cafe", "😀", 5, 6), R.OK),
    row("cafe-emoji-utf16", at("cafe", "😀", 5, 7, "utf16"), R.OK),
    row("cafe-emoji-byte", at("cafe", "😀", 6, 10, "byte"), R.OK),
    row("cafe-e-acute-byte", at("cafe", "é", 3, 5, "byte"), R.OK),
    # The same numbers in another unit point at other text.
    row("cafe-byte-offsets-as-codepoint", at("cafe", "ok", 11, 13), R.OFFSETS_INVALID),
    row("cafe-codepoint-offsets-as-byte", at("cafe", "ok", 7, 9, "byte"), R.OFFSETS_INVALID),
    row("cafe-codepoint-offsets-as-utf16", at("cafe", "ok", 7, 9, "utf16"), R.QUOTE_MISMATCH),
    row("cafe-utf16-offsets-as-codepoint", at("cafe", "ok", 8, 10), R.OFFSETS_INVALID),
    row("cafe-search", span("cafe", "é 😀"), R.OK),
    row("cafe-search-missing", span("cafe", "cafe"), R.QUOTE_NOT_FOUND),
    # A range that cuts a character in two is OFFSETS_INVALID, not a mere mismatch.
    row("byte-start-inside-e-acute", at("cafe", "\u00a9", 4, 5, "byte"), R.OFFSETS_INVALID),
    row("byte-end-inside-e-acute", at("cafe", "caf", 0, 4, "byte"), R.OFFSETS_INVALID),
    row("byte-start-inside-emoji", at("cafe", " ok", 8, 13, "byte"), R.OFFSETS_INVALID),
    row("byte-end-inside-emoji", at("cafe", "é ", 3, 8, "byte"), R.OFFSETS_INVALID),
    row("utf16-start-inside-pair", at("cafe", " ok", 6, 10, "utf16"), R.OFFSETS_INVALID),
    row("utf16-end-inside-pair", at("cafe", "é ", 3, 6, "utf16"), R.OFFSETS_INVALID),
    row("utf16-split-pair-on-page", at("pfiles", "x", 17, 18, "utf16", page=2), R.OFFSETS_INVALID),
]

NORMALISATION_ROWS = [
    row("nfc-finds-nfc", span("nfc", "caf\u00e9"), R.OK),
    row("nfd-finds-nfd", span("nfd", "cafe\u0301"), R.OK),
    row("nfd-quote-in-nfc-doc", span("nfc", "cafe\u0301"), R.QUOTE_NOT_FOUND),
    row("nfc-quote-in-nfd-doc", span("nfd", "caf\u00e9"), R.QUOTE_NOT_FOUND),
    row("nfc-quote-at-nfd-offsets", at("nfd", "caf\u00e9", 0, 4), R.QUOTE_MISMATCH),
    row("nfd-quote-at-nfc-offsets", at("nfc", "cafe\u0301", 0, 5, "byte"), R.QUOTE_MISMATCH),
    row("crlf-finds-crlf", span("crlf", "one\r\nline"), R.OK),
    row("lf-quote-in-crlf-doc", span("crlf", "one\nline"), R.QUOTE_NOT_FOUND),
    row("crlf-quote-in-lf-doc", span("lf", "one\r\nline"), R.QUOTE_NOT_FOUND),
    row("crlf-offsets", at("crlf", "line one\r\n", 0, 10, "byte"), R.OK),
    row("lf-quote-at-crlf-offsets", at("crlf", "line one\n", 0, 9), R.QUOTE_MISMATCH),
    row("bom-byte-offsets-after-bom", at("bom", "Hello", 3, 8, "byte"), R.OK),
    row("bom-codepoint-offsets-after-bom", at("bom", "Hello", 1, 6), R.OK),
    row("bom-utf16-offsets-after-bom", at("bom", "Hello", 1, 6, "utf16"), R.OK),
    row("bom-not-stripped-codepoint", at("bom", "Hello", 0, 5), R.QUOTE_MISMATCH),
    row("bom-not-stripped-byte", at("bom", "Hello", 0, 5, "byte"), R.QUOTE_MISMATCH),
    row("bom-inside-bom-bytes", at("bom", "Hello", 1, 6, "byte"), R.OFFSETS_INVALID),
    row("bom-is-one-codepoint", at("bom", "\ufeffHe", 0, 3), R.OK),
    row("bom-is-three-bytes", at("bom", "\ufeffHe", 0, 5, "byte"), R.OK),
    row("bom-search-with-bom", span("bom", "\ufeffHello"), R.OK),
    row("bom-search-without-bom", span("bom", "Hello"), R.OK),
    row("zero-width-space-kept", span("zw", "zero\u200bwidth"), R.OK),
    row("zero-width-space-missing", span("zw", "zerowidth"), R.QUOTE_NOT_FOUND),
    row("soft-hyphen-kept", at("zw", "soft\u00adhyphen", 11, 22), R.OK),
    row("soft-hyphen-missing", span("zw", "softhyphen"), R.QUOTE_NOT_FOUND),
    row("soft-hyphen-missing-at-offsets", at("zw", "softhyphe", 11, 20), R.QUOTE_MISMATCH),
    row("trailing-space-not-trimmed", span("cafe", "ok "), R.QUOTE_NOT_FOUND),
]

REPEAT_ROWS = [
    row("twice-search", span("twice", "abc"), R.OK),
    row("twice-first", at("twice", "abc", 0, 3), R.OK),
    row("twice-second", at("twice", "abc", 4, 7), R.OK),
    row("twice-between", at("twice", "abc", 2, 5), R.QUOTE_MISMATCH),
    row("twice-second-byte", at("twice", "abc", 4, 7, "byte"), R.OK),
    row("twice-off-by-one", at("twice", "abc", 3, 6, "utf16"), R.QUOTE_MISMATCH),
]

INVALID_UTF8_ROWS = [
    row("invalid-utf8-codepoint", at("invalid", "ok", 0, 2), R.UNIT_UNDECODABLE),
    row("invalid-utf8-utf16", at("invalid", "ok", 0, 2, "utf16"), R.UNIT_UNDECODABLE),
    row("invalid-utf8-byte-before", at("invalid", "ok", 0, 2, "byte"), R.OK),
    row("invalid-utf8-byte-after", at("invalid", "bytes", 6, 11, "byte"), R.OK),
    row("invalid-utf8-byte-over-bad-bytes", at("invalid", "xx", 3, 5, "byte"), R.QUOTE_MISMATCH),
    row("invalid-utf8-search", span("invalid", "bytes ok"), R.OK),
    row("invalid-utf8-search-missing", span("invalid", "nope"), R.QUOTE_NOT_FOUND),
    row("invalid-utf8-past-end-byte", at("invalid", "ok", 14, 16, "byte"), R.OFFSETS_INVALID),
]


def _unit_length(text: str, unit: str) -> int:
    return {
        "codepoint": len(text),
        "byte": len(text.encode()),
        "utf16": len(text.encode("utf-16-le")) // 2,
    }[unit]


def _bad_offsets() -> Iterator[Any]:
    """Negative, reversed, equal, past-the-end and huge offsets, in every unit."""
    for unit in UNITS:
        length = _unit_length(CAFE, unit)  # 9 codepoints, 13 bytes, 10 utf16 units
        pairs = {
            "negative-start": (-1, 2),
            "negative-both": (-3, -1),
            "reversed": (5, 3),
            "equal": (3, 3),
            "equal-zero": (0, 0),
            "equal-at-end": (length, length),
            "past-end-by-one": (length - 2, length + 1),
            "start-at-end": (length, length + 1),
            "huge-end": (0, HUGE[0]),
            "huge-start-and-end": (HUGE[0], HUGE[0] + 2),
            "giant-end": (0, HUGE[1]),
            "giant-start-and-end": (HUGE[1], HUGE[1] + 2),
            "giant-negative-start": (-HUGE[1], 2),
            "huge-negative-start": (-HUGE[0], 2),
        }
        for name, (start, end) in pairs.items():
            yield row(f"{name}-{unit}", at("cafe", "ok", start, end, unit), R.OFFSETS_INVALID)
    yield row("past-end-of-anchored-page", at("pages", "beta", 9, 14, page=2), R.OFFSETS_INVALID)


ANCHOR_ROWS = [
    # Each body kind, anchored correctly.
    row("text-offsets", at("cafe", "café", 0, 4), R.OK),
    row("pages-page-offsets", at("pages", "beta", 9, 13, page=2), R.OK),
    row("pages-page-search", span("pages", "alpha", page=1), R.OK),
    row("pages-wrong-page", span("pages", "alpha", page=2), R.QUOTE_NOT_FOUND),
    row("pages-page-wrong-offsets", at("pages", "alph", 9, 13, page=2), R.QUOTE_MISMATCH),
    row("blocks-block-offsets", at("blocks", "one é", 6, 11, block=1), R.OK),
    row("blocks-block-offsets-byte", at("blocks", "one é", 6, 12, "byte", block=1), R.OK),
    row("blocks-block-offsets-utf16", at("blocks", "one é", 6, 11, "utf16", block=1), R.OK),
    row("blocks-wrong-block", span("blocks", "zero", block=1), R.QUOTE_NOT_FOUND),
    row("blocks-block-0", span("blocks", "zero", block=0), R.OK),
    row("file-byte-offsets", at("file", "bytes é", 10, 18, "byte"), R.OK),
    row("file-codepoint-offsets", at("file", "bytes é", 10, 17), R.OK),
    row("file-utf16-offsets", at("file", "bytes é\r\n", 10, 19, "utf16"), R.OK),
    row("file-search", span("file", "file\r\nbytes"), R.OK),
    row("file-mismatch", at("file", "bytes e", 10, 17), R.QUOTE_MISMATCH),
    row("pages-files-page-offsets", at("pfiles", "😀", 17, 19, "utf16", page=2), R.OK),
    row("pages-files-page-byte", at("pfiles", "😀", 17, 21, "byte", page=2), R.OK),
    row("pages-files-search", span("pfiles", "second file"), R.OK),
    row("pages-files-wrong-page", span("pfiles", "second", page=1), R.QUOTE_NOT_FOUND),
    # Out of range.
    row("page-0", span("pages", "alpha", page=0), R.ANCHOR_OUT_OF_RANGE),
    row("page-negative", span("pages", "alpha", page=-1), R.ANCHOR_OUT_OF_RANGE),
    row("page-past-last", span("pages", "alpha", page=3), R.ANCHOR_OUT_OF_RANGE),
    row("page-huge", span("pages", "alpha", page=HUGE[0]), R.ANCHOR_OUT_OF_RANGE),
    row("page-giant", span("pages", "alpha", page=HUGE[1]), R.ANCHOR_OUT_OF_RANGE),
    row("page-giant-negative", span("pages", "alpha", page=-HUGE[1]), R.ANCHOR_OUT_OF_RANGE),
    row("pages-files-page-3", span("pfiles", "first", page=3), R.ANCHOR_OUT_OF_RANGE),
    row("block-negative", span("blocks", "zero", block=-1), R.ANCHOR_OUT_OF_RANGE),
    row("block-past-last", span("blocks", "zero", block=2), R.ANCHOR_OUT_OF_RANGE),
    row("block-huge", at("blocks", "zero", 0, 4, block=HUGE[1]), R.ANCHOR_OUT_OF_RANGE),
    # Anchors that do not fit the body kind.
    row("page-on-blocks", span("blocks", "zero", page=1), R.ANCHOR_KIND_MISMATCH),
    row("page-on-text", span("cafe", "ok", page=1), R.ANCHOR_KIND_MISMATCH),
    row("page-on-file", span("file", "raw", page=1), R.ANCHOR_KIND_MISMATCH),
    row("block-on-pages", span("pages", "alpha", block=0), R.ANCHOR_KIND_MISMATCH),
    row("block-on-text", span("cafe", "ok", block=0), R.ANCHOR_KIND_MISMATCH),
    row("block-on-pages-files", span("pfiles", "first", block=0), R.ANCHOR_KIND_MISMATCH),
    row("page-and-block", span("pages", "alpha", page=1, block=0), R.ANCHOR_KIND_MISMATCH),
    row("offsets-on-pages-no-anchor", at("pages", "page", 0, 4), R.ANCHOR_KIND_MISMATCH),
    row("offsets-on-blocks-no-anchor", at("blocks", "block", 0, 5, "byte"), R.ANCHOR_KIND_MISMATCH),
    row(
        "offsets-on-pages-files-no-anchor",
        at("pfiles", "first", 0, 5, "utf16"),
        R.ANCHOR_KIND_MISMATCH,
    ),
    # No anchor: any single page or block, never across two.
    row("no-anchor-pages-one-page", span("straddle", "start of"), R.OK),
    row("no-anchor-pages-straddle", span("straddle", "onestart"), R.QUOTE_NOT_FOUND),
    row("no-anchor-blocks-straddle", span("bstraddle", "zerostart"), R.QUOTE_NOT_FOUND),
    row("no-anchor-pages-files-straddle", span("pfiles", "pagesecond"), R.QUOTE_NOT_FOUND),
    row("doc-not-found", span("nope", "ok"), R.DOC_NOT_FOUND),
    row("doc-id-is-case-sensitive", span("CAFE", "ok"), R.DOC_NOT_FOUND),
    row("doc-not-found-before-anchor", span("nope", "ok", page=0), R.DOC_NOT_FOUND),
]


class _ExplodingMapping(Mapping[str, object]):
    """A mapping whose every read fails: verify_span must still answer."""

    def __getitem__(self, key: str) -> object:
        raise RuntimeError("boom")

    def __iter__(self) -> Iterator[str]:
        return iter(["doc", "quote"])

    def __len__(self) -> int:
        return 2


SHAPE_ROWS = [
    row("minimal", span("cafe", "ok"), R.OK),
    row(
        "id-and-origin-allowed", span("cafe", "ok", id="s1", origin={"type": "char_location"}), R.OK
    ),
    row("origin-any-value", span("cafe", "ok", origin=[1, None, "x"]), R.OK),
    row(
        "null-optionals-are-absent",
        span("cafe", "ok", page=None, block=None, char_start=None, char_end=None, unit=None),
        R.OK,
    ),
    row("null-offsets-on-pages", span("pages", "alpha", char_start=None, char_end=None), R.OK),
    row("empty-quote", span("cafe", ""), R.QUOTE_EMPTY),
    row("empty-quote-with-offsets", at("cafe", "", 0, 1), R.QUOTE_EMPTY),
    row("empty-quote-on-pages", span("pages", "", page=1), R.QUOTE_EMPTY),
    row("missing-doc", {"quote": "ok"}, R.SPAN_MALFORMED),
    row("missing-quote", {"doc": "cafe"}, R.SPAN_MALFORMED),
    row("empty-doc-id", span("", "ok"), R.SPAN_MALFORMED),
    row("doc-not-a-string", {"doc": 1, "quote": "ok"}, R.SPAN_MALFORMED),
    row("quote-null", {"doc": "cafe", "quote": None}, R.SPAN_MALFORMED),
    row("quote-not-a-string", {"doc": "cafe", "quote": ["ok"]}, R.SPAN_MALFORMED),
    row("quote-lone-surrogate", span("cafe", "ok\ud800"), R.SPAN_MALFORMED),
    row("quote-lone-low-surrogate", span("cafe", "\udc00"), R.SPAN_MALFORMED),
    row("unknown-key", span("pages", "alpha", pgae=2), R.SPAN_MALFORMED),
    row("unknown-key-capitalised", span("cafe", "ok", Page=1), R.SPAN_MALFORMED),
    row("unknown-non-string-key", {"doc": "cafe", "quote": "ok", 1: 2}, R.SPAN_MALFORMED),
    row("page-true", span("pages", "alpha", page=True), R.SPAN_MALFORMED),
    row("block-false", span("blocks", "zero", block=False), R.SPAN_MALFORMED),
    row("char-start-true", at("cafe", "a", True, 2), R.SPAN_MALFORMED),
    row("char-end-true", at("cafe", "c", 0, True), R.SPAN_MALFORMED),
    row("page-float", span("pages", "alpha", page=1.0), R.SPAN_MALFORMED),
    row("char-start-float", at("cafe", "ok", 7.0, 9), R.SPAN_MALFORMED),
    row("char-end-float", at("cafe", "ok", 7, 10.0), R.SPAN_MALFORMED),
    row("char-end-nan", at("cafe", "ok", 7, float("nan")), R.SPAN_MALFORMED),
    row("page-string", span("pages", "alpha", page="1"), R.SPAN_MALFORMED),
    row("char-start-string", at("cafe", "ok", "7", 9), R.SPAN_MALFORMED),
    row("char-start-only", span("cafe", "ok", char_start=7), R.SPAN_MALFORMED),
    row("char-end-only", span("cafe", "ok", char_end=9), R.SPAN_MALFORMED),
    row("char-end-null", span("cafe", "ok", char_start=7, char_end=None), R.SPAN_MALFORMED),
    row("unit-unknown", at("cafe", "ok", 7, 9, "char"), R.SPAN_MALFORMED),
    row("unit-upper-case", at("cafe", "ok", 11, 13, "BYTE"), R.SPAN_MALFORMED),
    row(
        "unit-not-a-string", span("cafe", "ok", char_start=7, char_end=9, unit=8), R.SPAN_MALFORMED
    ),
    row("unit-without-offsets-is-harmless", span("cafe", "ok", unit="byte"), R.OK),
    row("not-a-mapping-none", None, R.SPAN_MALFORMED),
    row("not-a-mapping-list", [["doc", "cafe"], ["quote", "ok"]], R.SPAN_MALFORMED),
    row("not-a-mapping-str", '{"doc": "cafe", "quote": "ok"}', R.SPAN_MALFORMED),
    row("not-a-mapping-bytes", b"cafe", R.SPAN_MALFORMED),
    row("not-a-mapping-int", 7, R.SPAN_MALFORMED),
    row("not-a-mapping-huge-int", HUGE[1], R.SPAN_MALFORMED),
    row("not-a-mapping-object", object(), R.SPAN_MALFORMED),
    row("mapping-that-raises", _ExplodingMapping(), R.SPAN_MALFORMED),
    row(
        "source-span-instance",
        SourceSpan("cafe", "ok", char_start=11, char_end=13, unit=OffsetUnit.BYTE),
        R.OK,
    ),
]

ALL_ROWS = [
    *CAFE_ROWS,
    *NORMALISATION_ROWS,
    *REPEAT_ROWS,
    *INVALID_UTF8_ROWS,
    *_bad_offsets(),
    *ANCHOR_ROWS,
    *SHAPE_ROWS,
]


@pytest.mark.parametrize(("raw", "expected"), ALL_ROWS)
def test_verify_span(raw: object, expected: SpanReason) -> None:
    result = check(raw)
    assert result.reason is expected, result.detail


def test_verify_span_never_verifies_against_no_documents() -> None:
    assert verify_span(span("cafe", "ok"), {}).reason is R.DOC_NOT_FOUND


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(at("cafe", "QQ-secret-QQ", 0, 12), id="offsets-past-end"),
        pytest.param(at("cafe", "QQ-secret-QQ", 0, 4), id="mismatch"),
        pytest.param(span("cafe", "QQ-secret-QQ"), id="not-found"),
        pytest.param(span("pages", "QQ-secret-QQ", page=9), id="out-of-range"),
        pytest.param(span("cafe", "QQ-secret-QQ", page=HUGE[1]), id="giant-page"),
        pytest.param(at("cafe", "QQ-secret-QQ", HUGE[1], HUGE[1] + 1), id="giant-offsets"),
    ],
)
def test_detail_is_short_and_never_repeats_the_quote(raw: dict[str, Any]) -> None:
    result = check(raw)
    assert not result.verified
    assert "QQ-secret-QQ" not in result.detail
    assert len(result.detail) < 200


# --- parse_span ------------------------------------------------------------------------


Q = {"doc": "d", "quote": "ok"}
NEEDS_ONE = "document 'd' needs exactly one of text, pages, blocks"


@pytest.mark.parametrize(
    ("span", "documents", "detail"),
    [
        (Q, {"d": "it is ok"}, None),
        (Q, {"d": {"text": "it is ok"}}, None),
        (Q, {"d": {"id": "d", "pages": ["no", "ok"]}}, None),
        ({**Q, "page": 2}, {"documents": [{"id": "d", "pages": ["no", "ok"]}]}, None),
        ({**Q, "block": 0}, [{"id": "x", "text": "no"}, {"id": "d", "blocks": ["ok"]}], None),
        (Q, (Document.from_strings("d", BodyKind.TEXT, ["ok"]),), None),
        (Q, {"d": {}}, NEEDS_ONE),
        (Q, {"d": {"text": "ok", "pages": ["ok"]}}, NEEDS_ONE),
        (
            Q,
            {"d": {"file": "a.txt"}},
            "document 'd' has a file body: load it from its YAML file first",
        ),
        (Q, {"d": {"id": "e", "text": "ok"}}, "the entry for 'd' holds the id 'e'"),
        (Q, {"d": {"text": ["ok"]}}, "document 'd': text must be a string"),
        (Q, {"d": {"pages": "ok"}}, "document 'd': pages must be a list of strings"),
        (Q, {"d": {"pages": ["ok", 1]}}, "document 'd': pages must be a list of strings"),
        (
            Q,
            {"d": {"text": "ok\ud800"}},
            "document 'd' holds a lone surrogate, which has no UTF-8 bytes",
        ),
        (Q, {"d": 5}, "document 'd' is int, not a document"),
        (Q, {"d": Document.from_strings("e", BodyKind.TEXT, ["ok"])}, "the entry for 'd' is 'e'"),
        (Q, {"e": "ok"}, "no document with that id"),
        (Q, {"e": "ok", "documents": "d"}, "no document with that id"),
        (Q, {"documents": [{"id": "e", "text": "ok"}]}, "no document with that id"),
        (Q, [{"id": "d", "text": "ok"}, {"id": "d", "text": "ok"}], "two documents have that id"),
        (Q, "ok", "documents must be a mapping or a list, found str"),
        (Q, None, "documents must be a mapping or a list, found NoneType"),
    ],
    ids=[
        "text-string",
        "text",
        "pages-with-its-id",
        "documents-key",
        "list-of-entries",
        "tuple-of-documents",
        "no-body",
        "two-bodies",
        "file-body",
        "other-id",
        "text-not-string",
        "pages-not-list",
        "pages-not-strings",
        "lone-surrogate",
        "not-a-document",
        "document-of-another-id",
        "absent",
        "documents-key-not-a-list",
        "absent-from-documents-key",
        "two-of-the-id",
        "a-string",
        "none",
    ],
)
def test_verify_span_reads_section_2_documents_given_as_data(
    span: dict[str, Any], documents: Any, detail: str | None
) -> None:
    # The documents may be section-2 data (a mapping, a list, {"documents": [...]}), as
    # a pack holds them: each form finds its document or says why there is none.
    check = verify_span(span, documents)
    if detail is None:
        assert check == SpanCheck(True, R.OK, "")
    else:
        assert (check.verified, check.reason, check.detail) == (False, R.DOC_NOT_FOUND, detail)


def test_parse_span_fills_defaults() -> None:
    parsed = parse_span(span("cafe", "ok", id="x", origin={"k": 1}))
    assert parsed == SourceSpan("cafe", "ok")
    assert isinstance(parsed, SourceSpan) and parsed.unit is OffsetUnit.CODEPOINT


def test_parse_span_reads_every_key() -> None:
    parsed = parse_span(at("pages", "beta", 9, 13, "utf16", page=2, block=None))
    assert parsed == SourceSpan(
        "pages", "beta", page=2, char_start=9, char_end=13, unit=OffsetUnit.UTF16
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        row("empty-quote", span("cafe", ""), R.QUOTE_EMPTY),
        row("page-true", span("pages", "x", page=True), R.SPAN_MALFORMED),
        row("float-offset", at("cafe", "x", 10.0, 11), R.SPAN_MALFORMED),
        row("unknown-key", span("cafe", "x", quotes="y"), R.SPAN_MALFORMED),
        row("none", None, R.SPAN_MALFORMED),
    ],
)
def test_parse_span_refuses_without_raising(raw: object, expected: SpanReason) -> None:
    parsed = parse_span(raw)
    assert isinstance(parsed, SpanCheck)
    assert parsed.reason is expected and not parsed.verified


def test_parse_span_does_not_look_at_documents() -> None:
    # Parsing is shape only: a span into a missing document or a bad range still parses.
    parsed = parse_span(at("nope", "x", 5, 3))
    assert parsed == SourceSpan("nope", "x", char_start=5, char_end=3)


# --- The tables cover the contract -----------------------------------------------------


def _raws() -> list[Mapping[str, Any]]:
    return [p.values[0] for p in ALL_ROWS if isinstance(p.values[0], dict)]


def test_tables_cover_every_reason_code() -> None:
    covered = {p.values[1] for p in ALL_ROWS}
    assert covered == set(SpanReason)


def test_tables_cover_every_unit_and_every_body_kind() -> None:
    units = {r.get("unit") or "codepoint" for r in _raws() if "char_start" in r}
    kinds = {DOCS[r["doc"]].kind for r in _raws() if r.get("doc") in DOCS}
    verified_kinds = {
        DOCS[p.values[0]["doc"]].kind
        for p in ALL_ROWS
        if p.values[1] is R.OK and isinstance(p.values[0], dict)
    }
    assert units >= set(UNITS)
    assert kinds == set(BodyKind) == verified_kinds


def test_row_ids_are_unique() -> None:
    ids = [p.id for p in ALL_ROWS]
    assert len(ids) == len(set(ids))
