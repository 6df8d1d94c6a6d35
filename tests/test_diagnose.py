"""``diagnose_span``: why a cite did not verify, in words a person can act on."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context.diagnose import diagnose_span
from sakshi.spans import BodyKind, Document, Segment, verify_span

# --- builders -------------------------------------------------------------------------


def text_doc(text: str, doc_id: str = "grn") -> dict[str, Document]:
    return {doc_id: Document.from_strings(doc_id, BodyKind.TEXT, [text])}


def docs_of(*docs: Document) -> dict[str, Document]:
    return {d.id: d for d in docs}


def notes_for(cite: dict[str, Any], docs: dict[str, Document]) -> str:
    """The diagnosis as one text, after checking the cite really fails."""
    assert not verify_span(cite, docs).verified, "the test's cite must not verify"
    notes = diagnose_span(cite, docs)
    assert notes and all(isinstance(n, str) and n for n in notes)
    return "\n".join(notes)


# Phrases that each claim a way to make the cite verify; none may appear for an absent quote.
HINTS = ("NFC", "CRLF", "folding whitespace", "offsets match", "stands at", "found on")

PAGES = Document.from_strings(
    "ledger", BodyKind.PAGES, ["Advance paid", "Quantity received: 42.500 MT", "Closing"]
)
BLOCKS = Document.from_strings(
    "minutes", BodyKind.BLOCKS, ["Item 1", "Item 2: adjourned", "Item 3"]
)


# --- where it points ------------------------------------------------------------------


def test_verified_cite_has_no_diagnosis() -> None:
    assert diagnose_span({"doc": "grn", "quote": "42"}, text_doc("42.500 MT")) == []


def test_names_document_and_page() -> None:
    notes = diagnose_span({"doc": "ledger", "quote": "Balance due", "page": 2}, docs_of(PAGES))
    assert notes[0].startswith(
        "QUOTE_NOT_FOUND at document 'ledger', page 2 (a pages document, 3 segments)"
    )


def test_names_document_and_block() -> None:
    notes = diagnose_span({"doc": "minutes", "quote": "Item 9", "block": 0}, docs_of(BLOCKS))
    assert notes[0].startswith(
        "QUOTE_NOT_FOUND at document 'minutes', block 0 (a blocks document, 3 segments)"
    )


def test_names_offsets_and_unit() -> None:
    cite = {"doc": "grn", "quote": "zzz", "char_start": 1, "char_end": 4, "unit": "utf16"}
    notes = diagnose_span(cite, text_doc("abcdef"))
    assert notes[0].startswith(
        "QUOTE_MISMATCH at document 'grn', utf16 offsets [1, 4) (a text document, 1 segment)"
    )


def test_unknown_document_is_named() -> None:
    notes = diagnose_span({"doc": "grn-118", "quote": "x"}, text_doc("x"))
    assert notes == ["DOC_NOT_FOUND at document 'grn-118': no document with that id"]


def test_malformed_span_says_so() -> None:
    notes = diagnose_span({"doc": "grn", "quote": "x", "pgae": 2}, text_doc("x"))
    assert len(notes) == 1 and notes[0].startswith("SPAN_MALFORMED: ") and "pgae" in notes[0]


def test_given_check_is_used() -> None:
    cite = {"doc": "grn", "quote": "absent"}
    docs = text_doc("present")
    assert diagnose_span(cite, docs, verify_span(cite, docs)) == diagnose_span(cite, docs)


# --- near misses ----------------------------------------------------------------------

NEAR_MISSES = [
    ("nfc", "Supplier: Cafe\u0301 Ferro Alloys", "Café Ferro", "NFC"),
    ("nfc-reverse", "Supplier: Café Ferro Alloys", "Cafe\u0301 Ferro", "NFC"),
    ("crlf-in-doc", "Date of receipt\r\nQuantity received", "receipt\nQuantity", "CRLF"),
    ("crlf-in-quote", "Date of receipt\nQuantity received", "receipt\r\nQuantity", "CRLF"),
    (
        "double-space",
        "Quantity received:  42.500 MT",
        "Quantity received: 42.500 MT",
        "folding whitespace",
    ),
    ("tab", "Quantity\treceived", "Quantity received", "folding whitespace"),
    ("nbsp", "42.500\u00a0MT", "42.500 MT", "folding whitespace"),
    ("line-wrap", "Quantity\n  received", "Quantity received", "folding whitespace"),
]


@pytest.mark.parametrize(
    ("text", "quote", "hint"), [c[1:] for c in NEAR_MISSES], ids=[c[0] for c in NEAR_MISSES]
)
def test_near_miss_is_explained(text: str, quote: str, hint: str) -> None:
    notes = notes_for({"doc": "grn", "quote": quote}, text_doc(text))
    assert hint in notes


def test_nfc_is_not_blamed_for_whitespace() -> None:
    notes = notes_for({"doc": "grn", "quote": "42.500 MT"}, text_doc("42.500  MT"))
    assert "NFC" not in notes and "CRLF" not in notes


# --- another unit, other offsets, another segment ----------------------------------------

# "é" is 1 codepoint, 2 bytes, 1 UTF-16 unit; "😀" is 1 codepoint, 4 bytes, 2 UTF-16 units.
ACCENT = "é: 42 MT"  # "42 MT": codepoint [3, 8), byte [4, 9), utf16 [3, 8)
EMOJI = "😀 42 MT"  # "42 MT": codepoint [2, 7), byte [5, 10), utf16 [3, 8)
OTHER_UNIT = [
    ("byte-as-codepoint", ACCENT, 4, 9, "codepoint", "byte units, not codepoint"),
    ("codepoint-as-byte", ACCENT, 3, 8, "byte", "codepoint units, not byte"),
    ("utf16-as-codepoint", EMOJI, 3, 8, "codepoint", "utf16 units, not codepoint"),
    ("byte-as-utf16", EMOJI, 5, 10, "utf16", "byte units, not utf16"),
    ("codepoint-as-utf16", EMOJI, 2, 7, "utf16", "codepoint units, not utf16"),
]


@pytest.mark.parametrize(
    ("text", "start", "end", "unit", "hint"),
    [c[1:] for c in OTHER_UNIT],
    ids=[c[0] for c in OTHER_UNIT],
)
def test_other_offset_unit_is_explained(
    text: str, start: int, end: int, unit: str, hint: str
) -> None:
    cite = {"doc": "grn", "quote": "42 MT", "char_start": start, "char_end": end, "unit": unit}
    notes = notes_for(cite, text_doc(text))
    assert f"the offsets match if counted in {hint}" in notes


@pytest.mark.parametrize(
    ("start", "expected"),
    [(0, "[3, 8)"), (11, "[12, 17)")],
    ids=["nearest-first", "nearest-second"],
)
def test_other_offsets_are_suggested(start: int, expected: str) -> None:
    cite = {"doc": "grn", "quote": "42 MT", "char_start": start, "char_end": start + 5}
    notes = notes_for(cite, text_doc("xx 42 MT yy 42 MT"))
    assert f"the quote stands at codepoint offsets {expected} of that unit" in notes


def test_another_page_is_named() -> None:
    notes = notes_for({"doc": "ledger", "quote": "42.500 MT", "page": 1}, docs_of(PAGES))
    assert "the quote is found on page 2" in notes


def test_another_block_is_named_zero_based() -> None:
    notes = notes_for({"doc": "minutes", "quote": "adjourned", "block": 2}, docs_of(BLOCKS))
    assert "the quote is found on block 1" in notes


def test_page_out_of_range_still_finds_the_quote() -> None:
    notes = notes_for({"doc": "ledger", "quote": "Closing", "page": 7}, docs_of(PAGES))
    assert notes.startswith("ANCHOR_OUT_OF_RANGE") and "found on page 3" in notes


def test_page_anchor_on_blocks_document_points_at_the_block() -> None:
    notes = notes_for({"doc": "minutes", "quote": "adjourned", "page": 1}, docs_of(BLOCKS))
    assert notes.startswith("ANCHOR_KIND_MISMATCH") and "found on block 1" in notes


# --- nothing misleading ---------------------------------------------------------------

ABSENT = [
    ("text", {"doc": "grn", "quote": "Rejected: 2 MT"}),
    ("text-offsets", {"doc": "grn", "quote": "Rejected", "char_start": 0, "char_end": 8}),
    ("pages", {"doc": "ledger", "quote": "Rejected", "page": 1}),
    ("pages-unanchored", {"doc": "ledger", "quote": "Rejected"}),
    ("blocks", {"doc": "minutes", "quote": "Rejected", "block": 0}),
    ("whitespace-quote", {"doc": "grn", "quote": "\t\t"}),
]


@pytest.mark.parametrize("cite", [c for _, c in ABSENT], ids=[i for i, _ in ABSENT])
def test_absent_quote_gets_no_hint(cite: dict[str, Any]) -> None:
    docs = docs_of(
        PAGES,
        BLOCKS,
        Document.from_strings("grn", BodyKind.TEXT, ["Date of receipt\r\n Quantity  é"]),
    )
    notes = diagnose_span(cite, docs)
    assert len(notes) == 1, notes
    assert not any(hint in notes[0] for hint in HINTS)


def test_exact_bytes_present_blames_offsets_not_normalisation() -> None:
    cite = {"doc": "grn", "quote": "Quantity", "char_start": 0, "char_end": 8}
    notes = notes_for(cite, text_doc("Date of receipt\r\nQuantity  received"))
    assert "stands at codepoint offsets [17, 25)" in notes
    assert not any(h in notes for h in ("NFC", "CRLF", "folding whitespace"))


# --- never raises ---------------------------------------------------------------------

JUNK_DOCS = docs_of(
    PAGES,
    BLOCKS,
    Document.from_strings("grn", BodyKind.TEXT, ["é😀 Quantity received:\r\n42.500 MT"]),
    Document("raw", BodyKind.FILE, (Segment(b"\xff\xfe not utf-8 \x80"),)),
    Document("scan", BodyKind.PAGES_FILES, (Segment(b"ok page"), Segment(b"\xc3"))),
)

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
span_like = st.fixed_dictionaries(
    {
        "doc": st.one_of(st.sampled_from(sorted(JUNK_DOCS)), json_values),
        "quote": st.one_of(
            st.sampled_from(["42.500 MT", "ok", "é😀", "\r\n", " "]),
            st.text(max_size=8),
            json_values,
        ),
    },
    optional={
        "page": st.one_of(st.integers(-2, 5), json_values),
        "block": st.one_of(st.integers(-2, 5), json_values),
        "char_start": st.one_of(st.integers(-2, 40), json_values),
        "char_end": st.one_of(st.integers(-2, 40), json_values),
        "unit": st.one_of(st.sampled_from(["codepoint", "byte", "utf16", "bytes"]), json_values),
        "id": json_values,
        "pgae": json_values,
    },
)


@settings(max_examples=400, derandomize=True, database=None, deadline=None)
@given(st.one_of(span_like, json_values))
def test_never_raises_on_junk(cite: object) -> None:
    notes = diagnose_span(cite, JUNK_DOCS)
    assert isinstance(notes, list) and all(isinstance(n, str) for n in notes)
    assert (notes == []) == verify_span(cite, JUNK_DOCS).verified


@pytest.mark.parametrize(
    "cite",
    [
        {"doc": "ledger", "quote": "x", "page": 10**5000},
        {"doc": "minutes", "quote": "x", "block": -(10**5000)},
        {"doc": "grn", "quote": "x", "char_start": 0, "char_end": 10**5000},
    ],
    ids=["huge-page", "huge-negative-block", "huge-char-end"],
)
def test_never_raises_on_huge_integers(cite: dict[str, Any]) -> None:
    # verify_span prints such numbers safely (spans._n); a Python route can return them.
    notes = diagnose_span(cite, JUNK_DOCS)
    assert notes and notes[0].split(" ")[0] in ("ANCHOR_OUT_OF_RANGE", "OFFSETS_INVALID")
