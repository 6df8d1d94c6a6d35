"""A quote that nearly stands in the document: the closest passage and where it differs.

For any kind of near miss (a letter, a swapped pair, a digit, punctuation, case, a space
more or less, another space, dash or quotation mark, accents composed differently) the
diagnosis names the passage, its offsets in the span's unit and each place it differs,
with the document's characters marked; the verdict never changes (nothing is normalised
in verification), and a quote far from everything gets no hint. Through the core
(``closest_passage``, ``near_miss_notes``, ``diagnose_span``) and the CLI (``run context``
and ``verify-spans --explain``)."""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.context.diagnose import diagnose_span
from sakshi.context.turns import bundle_sha256
from sakshi.spans import BodyKind, Document, SourceSpan, batch, nearest, parse_span, verify_span
from sakshi.spans.nearest import DiffKind, closest_passage, edits_allowed
from sakshi.spans.nearmiss import near_miss_notes

DOC = (
    "GOODS RECEIPT NOTE No. 117\n"
    "Quantity received: 42.500 MT\n"
    "Seller \u201cSunrise Ceramics\u201d \u2013 paid Rs 6,40,000\n"
    "Date\u00a0of receipt: 15.03.2025\n"
    "The buyer\u2019s agent signed for Caf\u00e9 Ferro Alloys.\n"
)

# (id, quote, the document's characters at the first place, the quote's there, its kind)
KINDS = [
    ("letter", "Quantity receivad: 42.500 MT", "e", "a", DiffKind.LETTERS),
    ("swapped-pair", "Quantity recieved: 42.500 MT", "ei", "ie", DiffKind.LETTERS),
    ("letter-missing", "GOODS RECIPT NOTE No. 117", "E", "", DiffKind.LETTERS),
    ("first-letter", "Xuantity received", "Q", "X", DiffKind.LETTERS),
    ("digit", "Quantity received: 42.600 MT", "5", "6", DiffKind.DIGITS),
    ("punctuation", "Quantity received: 42,500 MT", ".", ",", DiffKind.PUNCTUATION),
    ("punctuation-missing", "GOODS RECEIPT NOTE No 117", ".", "", DiffKind.PUNCTUATION),
    ("case-one-letter", "Quantity Received: 42.500 MT", "r", "R", DiffKind.CASE),
    ("case-throughout", "QUANTITY RECEIVED", "uantity", "UANTITY", DiffKind.CASE),
    ("space-more", "Quantity  received: 42.500 MT", "", " ", DiffKind.SPACE),
    ("space-less", "Quantityreceived: 42.500 MT", " ", "", DiffKind.SPACE),
    ("no-break-space", "Date of receipt: 15.03.2025", "\u00a0", " ", DiffKind.SPACE),
    ("line-break", "No. 117 Quantity received", "\n", " ", DiffKind.SPACE),
    ("dash", "Ceramics\u201d - paid Rs 6,40,000", "\u2013", "-", DiffKind.DASH),
    ("em-dash", "Ceramics\u201d \u2014 paid Rs 6,40,000", "\u2013", "\u2014", DiffKind.DASH),
    ("curly-double", 'Seller "Sunrise Ceramics\u201d', "\u201c", '"', DiffKind.QUOTE_MARK),
    ("curly-single", "The buyer's agent signed", "\u2019", "'", DiffKind.QUOTE_MARK),
    ("composition", "Cafe\u0301 Ferro Alloys", "\u00e9", "e\u0301", DiffKind.COMPOSITION),
]


def text_docs(text: str = DOC) -> dict[str, Document]:
    return {"grn": Document.from_strings("grn", BodyKind.TEXT, [text])}


@pytest.mark.parametrize(
    ("quote", "document", "quoted", "kind"), [k[1:] for k in KINDS], ids=[k[0] for k in KINDS]
)
def test_each_kind_of_near_miss_is_placed_and_named(
    quote: str, document: str, quoted: str, kind: DiffKind
) -> None:
    assert quote not in DOC
    found = closest_passage(quote, DOC)
    assert found is not None
    place = found.places[0]
    assert (place.document, place.quote, place.kind) == (document, quoted, kind)
    assert DOC[place.start : place.end] == document  # the offsets are the document's own
    assert found.start <= place.start <= place.end <= found.end
    assert found.edits <= edits_allowed(len(quote))


@pytest.mark.parametrize("quote", [k[1] for k in KINDS], ids=[k[0] for k in KINDS])
def test_the_verdict_never_changes(quote: str) -> None:
    docs = text_docs()
    cite = {"doc": "grn", "quote": quote}
    check = verify_span(cite, docs)
    assert not check.verified and check.reason.value == "QUOTE_NOT_FOUND"
    notes = diagnose_span(cite, docs, check)
    assert notes[0].startswith("QUOTE_NOT_FOUND")
    assert any(note.startswith("the closest passage is at codepoint offsets [") for note in notes)
    assert verify_span(cite, docs) == check  # diagnosing changed nothing


def test_the_notes_give_the_offset_and_mark_the_documents_characters() -> None:
    docs = text_docs()
    notes = diagnose_span({"doc": "grn", "quote": "Quantity recieved: 42.500 MT"}, docs)
    start = DOC.index("Quantity")
    assert (
        f"the closest passage is at codepoint offsets [{start}, {start + 28}) and differs"
        " from the quote in 1 place"
    ) in notes
    [place] = [n for n in notes if n.startswith("at codepoint")]
    assert place.startswith(
        f"at codepoint {start + 12} the document has 'ei' where the quote has 'ie' (letters): "
    )
    assert "Quantity rec\u27e6ei\u27e7ved: 42.500 MT" in place


def test_look_alike_characters_are_named_by_code_point() -> None:
    notes = "\n".join(diagnose_span({"doc": "grn", "quote": "Date of receipt"}, text_docs()))
    assert "U+00A0 NO-BREAK SPACE" in notes and "U+0020 SPACE" in notes
    assert "Date\u27e6\\xa0\u27e7of receipt" in notes  # shown escaped, never invisible


@pytest.mark.parametrize(
    ("unit", "start"),
    [("codepoint", 1), ("byte", 3), ("utf16", 2)],
)
def test_offsets_are_in_the_spans_unit(unit: str, start: int) -> None:
    # "😀" before the passage: 1 codepoint, 4 bytes, 2 UTF-16 units; the miss is at "x".
    text = "\U0001f600 Quantity received"
    cite = {"doc": "grn", "quote": "Quantity receivex", "unit": unit}
    cite |= {"char_start": start, "char_end": start + 17}
    notes = diagnose_span(cite, text_docs(text))
    begin = {"codepoint": 2, "byte": 5, "utf16": 3}[unit]
    assert f"the closest passage is at {unit} offsets [{begin}, {begin + 17})" in "\n".join(notes)
    assert f"at {unit} {begin + 16} the document has 'd' where the quote has 'x'" in "\n".join(
        notes
    )


def span(raw: dict[str, Any]) -> SourceSpan:
    parsed = parse_span(raw)
    assert isinstance(parsed, SourceSpan)
    return parsed


def test_a_paged_document_names_the_page() -> None:
    pages = Document.from_strings("p", BodyKind.PAGES, ["Cover page", DOC])
    anchored = near_miss_notes(span({"doc": "p", "quote": "QUANTITY RECEIVED", "page": 1}), pages)
    assert anchored[0].startswith("the closest passage on page 2 is at codepoint offsets")
    loose = near_miss_notes(span({"doc": "p", "quote": "42.600 MT"}), pages)
    assert loose[0].startswith("the closest passage on page 2")
    blocks = Document.from_strings("b", BodyKind.BLOCKS, ["Item 1", DOC])
    in_block = near_miss_notes(span({"doc": "b", "quote": "42.600 MT", "block": 1}), blocks)
    assert in_block[0].startswith("the closest passage in block 1")


def test_exact_bytes_elsewhere_are_not_a_near_miss() -> None:
    # The quote is there, byte for byte: the offsets are what is off, said by other notes.
    cite = {"doc": "grn", "quote": "42.500 MT", "char_start": 0, "char_end": 9}
    notes = diagnose_span(cite, text_docs())
    assert not any("closest passage" in note for note in notes)
    assert any("stands at codepoint offsets" in note for note in notes)


# --- a far quote gets no hint ---------------------------------------------------------------

FAR = [
    ("fabricated", "Rejected: 2 MT of damaged tiles"),
    ("another-sentence", "The buyer shall pay interest at 18%"),
    ("other-figures", "Quantity received: 17.250 KG"),
    ("words-shuffled", "received Quantity MT 42.500"),
    ("a-word-more", "Quantity received at the gate: 42.500 MT"),
    ("too-short", "Qty"),
    ("only-spaces", "    "),
]


@pytest.mark.parametrize("quote", [f[1] for f in FAR], ids=[f[0] for f in FAR])
def test_a_far_quote_gets_no_hint(quote: str) -> None:
    assert closest_passage(quote, DOC) is None
    notes = diagnose_span({"doc": "grn", "quote": quote}, text_docs())
    assert not any("closest passage" in note for note in notes), notes


# --- bounded on a large document ---------------------------------------------------------


def test_alignment_only_ever_sees_a_window_the_size_of_the_quote(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """difflib is quadratic at worst, the bit-vector distance linear in its window: neither
    is ever handed the document, only a window around a candidate the anchors found,
    whatever the document's size."""
    seen: dict[str, list[int]] = {"difflib": [], "distance": []}

    class Counting(difflib.SequenceMatcher[str]):
        def __init__(self, junk: Any, a: str, b: str, autojunk: bool) -> None:
            seen["difflib"].append(len(b))
            super().__init__(junk, a, b, autojunk)

    distance = nearest._distance

    def counting(pattern: str, window: str, anchored: bool) -> int:
        seen["distance"].append(len(window))
        return distance(pattern, window, anchored)

    monkeypatch.setattr(nearest.difflib, "SequenceMatcher", Counting)
    monkeypatch.setattr(nearest, "_distance", counting)
    filler = "The buyer shall pay the seller for goods received in good order. " * 60_000
    big = filler + DOC + filler  # about 8 MB, the passage in the middle
    quotes = {
        "Quantity recieved: 42.500 MT": True,
        "Quantity  received: 42.500 MT": True,  # a space more: difflib places it
        "QUANTITY RECEIVED": True,
        "Rejected: 2 MT of tiles": False,
    }
    used = set()
    for quote, near in quotes.items():
        assert (closest_passage(quote, big) is not None) == near, quote
        bound = len(quote) + 4 * (2 + edits_allowed(len(quote)))
        assert all(size <= bound for sizes in seen.values() for size in sizes), (quote, seen)
        used |= {name for name, sizes in seen.items() if sizes}
        seen = {name: [] for name in seen}
    assert used == {"difflib", "distance"}  # both were used, on windows


# --- through the CLI --------------------------------------------------------------------------


def write_pack(tmp_path: Path, quote: str) -> Path:
    bundle: dict[str, object] = {"facts": []}
    pack = {
        "pack": "sakshi.pack.v1",
        "id": "near-miss",
        "engine_state": "live",
        "documents": [{"id": "grn", "text": DOC}],
        "bundle": bundle,
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
            "values": [
                {
                    "field": "qty",
                    "value": "",
                    "why": "Cited.",
                    "cite": {"doc": "grn", "quote": quote},
                }
            ],
        },
    }
    path = tmp_path / "pack.yaml"
    path.write_text(json.dumps(pack), "utf-8")  # JSON is YAML
    return path


def test_run_context_shows_the_closest_passage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_pack(tmp_path, "Quantity recieved: 42.500 MT")
    capsys.readouterr()
    assert main(["run", "context", str(path), "--format", "json"]) == 1
    [pack] = json.loads(capsys.readouterr().out)["packs"]
    assert "FABRICATED_SPAN" in pack["reasons"]  # still red: nothing was normalised
    [finding] = [f for f in pack["findings"] if f["reason"] == "FABRICATED_SPAN"]
    said = "\n".join(finding["diagnosis"])
    assert "the closest passage is at codepoint offsets [27, 55)" in said
    assert "the document has 'ei' where the quote has 'ie'" in said
    assert main(["run", "context", str(path)]) == 1
    text = capsys.readouterr().out
    assert "    - at codepoint 39 the document has 'ei' where the quote has 'ie' (letters)" in text


def test_run_context_gives_a_far_quote_no_hint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_pack(tmp_path, "Rejected: 2 MT of damaged tiles")
    capsys.readouterr()
    assert main(["run", "context", str(path)]) == 1
    assert "closest passage" not in capsys.readouterr().out


SPANS = [
    {"id": 1, "doc": "grn", "quote": "Quantity recieved: 42.500 MT"},
    {"id": 2, "doc": "grn", "quote": "Quantity receivex", "char_start": 27, "char_end": 44},
    {"id": 3, "doc": "grn", "quote": "Rejected: 2 MT of damaged tiles"},
    {"id": 4, "doc": "grn", "quote": "Quantity received"},
]


def verify_spans(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *options: str
) -> tuple[list[dict[str, Any]], str]:
    docs = tmp_path / "docs.yaml"
    docs.write_text(json.dumps({"documents": [{"id": "grn", "text": DOC}]}), "utf-8")
    spans = tmp_path / "spans.jsonl"
    spans.write_text("".join(json.dumps(s) + "\n" for s in SPANS), "utf-8")
    capsys.readouterr()
    assert main(["verify-spans", str(docs), str(spans), *options]) == 1
    captured = capsys.readouterr()
    return [json.loads(line) for line in captured.out.splitlines()], captured.err


def test_verify_spans_explain_adds_the_closest_passage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines, err = verify_spans(capsys, tmp_path, "--explain")
    assert [(r["verified"], r["reason"]) for r in lines] == [
        (False, "QUOTE_NOT_FOUND"),
        (False, "QUOTE_MISMATCH"),
        (False, "QUOTE_NOT_FOUND"),
        (True, "OK"),
    ]
    assert lines[0]["detail"].startswith(
        "the closest passage is at codepoint offsets [27, 55) and differs from the quote in"
        " 1 place; at codepoint 39 the document has 'ei' where the quote has 'ie' (letters)"
    )
    assert "at codepoint 43 the document has 'd' where the quote has 'x'" in lines[1]["detail"]
    assert "detail" not in lines[2] and "detail" not in lines[3]  # far, and verified
    assert err == ""


def test_verify_spans_keeps_the_spec_lines_and_says_how_to_see_more(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines, err = verify_spans(capsys, tmp_path)
    assert [set(r) for r in lines] == [{"id", "verified", "reason"}] * 4
    assert "3 quotes did not verify; --explain adds the closest passage" in err


def test_the_fast_and_the_general_line_paths_explain_alike() -> None:
    docs = text_docs()
    for line in [json.dumps(s).encode() for s in SPANS]:
        for explain in (True, False):  # and without --explain, neither adds a detail
            fast = batch._plain_line(line, docs, explain=explain)
            assert fast is not None and fast == batch._any_line(line, docs, explain=explain)
            near = json.loads(line)["id"] in (1, 2)  # the two quotes one slip away
            assert ("detail" in json.loads(fast.data)) is (explain and near)


def test_a_long_quote_stays_bounded() -> None:
    # The longest quote aligned, a character wrong every 60: placed without difflib.
    text = " ".join(f"clause {n} of the agreement binds the parties" for n in range(400))
    quote = "".join("Z" if i % 60 == 0 else c for i, c in enumerate(text[1000:3000]))
    found = closest_passage(quote, text)
    assert found is not None and found.start == 1000 and len(found.places) == 34
    assert closest_passage(quote + "x", text + "x") is None  # past 2,000 characters


def test_verify_spans_explain_is_the_same_with_jobs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    serial, _ = verify_spans(capsys, tmp_path, "--explain")
    spread, _ = verify_spans(capsys, tmp_path, "--explain", "--jobs", "2")
    assert serial == spread


def test_invisible_characters_are_named_three_at_most() -> None:
    from sakshi.spans.nearmiss import _names

    assert _names("") == "nothing"
    assert _names("\u200b\u00ad") == "U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN"
    four = _names("\u200b\u00ad\u2060\ufeff")
    assert four == ("U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, U+2060 WORD JOINER, …")
