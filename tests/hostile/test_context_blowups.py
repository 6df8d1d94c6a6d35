"""Hostile: inputs sized to make the context lane's reports and importers blow up.

- ``import-citations``: a citation's page or block range is capped by the request's
  document before anything walks it (``end_block_index: 10**12`` is refused, not looped
  over), and a cited text placed across many pages costs linear time or is refused.
- The evidence view: highlighting is linear in the marks and the text (many overlapping
  cites over a large document), and so is placing each cite's highlight in its segment.

The big cases are sized so that quadratic code takes minutes; none asserts a time. The
two import cases that would loop (nearly) forever run in a subprocess under a timeout.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context.turns import bundle_sha256
from sakshi.reports.positions import Positions
from sakshi.reports.view_data import read_view
from sakshi.reports.view_html import render_html
from sakshi.spans import OffsetUnit, Segment

BLOCKS = ["Invoice INV-7, dated 2024-01-01", "Total due: Rs 6,40,000", "Terms: 30 days"]


def request(blocks: list[str]) -> dict[str, Any]:
    content = [{"type": "text", "text": block} for block in blocks]
    document = {"type": "document", "source": {"type": "content", "content": content}}
    return {"messages": [{"role": "user", "content": [document, {"type": "text", "text": "?"}]}]}


def response(citation: dict[str, Any]) -> dict[str, Any]:
    block = {"type": "text", "text": "the total", "citations": [citation]}
    return {"id": "msg_1", "type": "message", "content": [block]}


def block_citation(cited: str, start: int, end: int) -> dict[str, Any]:
    return {
        "type": "content_block_location",
        "cited_text": cited,
        "document_index": 0,
        "start_block_index": start,
        "end_block_index": end,
    }


def import_in_subprocess(
    tmp_path: Path, resp: dict[str, Any], req: dict[str, Any]
) -> subprocess.CompletedProcess[str]:
    (tmp_path / "response.json").write_text(json.dumps(resp), "utf-8")
    (tmp_path / "request.json").write_text(json.dumps(req), "utf-8")
    argv = [
        sys.executable,
        "-m",
        "sakshi",
        "import-citations",
        "--from",
        "anthropic",
        str(tmp_path / "response.json"),
        "--request",
        str(tmp_path / "request.json"),
        "--out",
        str(tmp_path / "pack.yaml"),
    ]
    # Before the cap, these looped over every position of the range: the timeout fails them.
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(
    ("citation", "key", "found"),
    [
        (block_citation("Total due: Rs 6,40,000", 0, 10**12), "end_block_index", 10**12),
        (block_citation("Total due: Rs 6,40,000", 1, 2**63), "end_block_index", 2**63),
        (block_citation("Total due: Rs 6,40,000", 10**12, 10**12 + 2), "start_block_index", 10**12),
        (block_citation("Total due: Rs 6,40,000", -(10**12), 2), "start_block_index", -(10**12)),
        (block_citation("Total due: Rs 6,40,000", 0, 4), "end_block_index", 4),
    ],
    ids=["end-huge", "end-past-int64", "start-huge", "start-negative", "end-one-past"],
)
def test_a_block_range_past_the_requests_blocks_is_refused(
    tmp_path: Path, citation: dict[str, Any], key: str, found: int
) -> None:
    done = import_in_subprocess(tmp_path, response(citation), request(BLOCKS))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"content[0].citations[0].{key}" in done.stderr
    assert "outside doc-0, which has 3 blocks" in done.stderr and str(found) in done.stderr
    assert not (tmp_path / "pack.yaml").exists()


def test_a_page_range_past_the_pages_is_refused() -> None:
    # Pure, in process: with the cap the refusal comes before any walk over the range.
    from sakshi.errors import InputError
    from sakshi.importers.anthropic import import_anthropic
    from sakshi.importers.pdf import PdfText

    def two_pages(data: bytes, label: str) -> PdfText:
        return PdfText(("Clause 1. Deliver.", "Clause 2. Pay."), "0" * 64, "test", "1", None)

    source = {"type": "base64", "media_type": "application/pdf", "data": "JVBERg=="}
    req = {"messages": [{"role": "user", "content": [{"type": "document", "source": source}]}]}
    citation = {
        "type": "page_location",
        "cited_text": "Clause 2. Pay.",
        "document_index": 0,
        "start_page_number": 1,
        "end_page_number": 10**12,
    }
    with pytest.raises(InputError, match=r"page range \[1, 1000000000000\) is outside doc-0"):
        import_anthropic(response(citation), req, pdf_text=two_pages)
    citation["end_page_number"] = 3  # pages 1 and 2: the largest end there is
    result = import_anthropic(response(citation), req, pdf_text=two_pages)
    assert result.pack["turn"]["values"][0]["cite"]["page"] == 2


def test_a_range_within_the_blocks_still_imports(tmp_path: Path) -> None:
    done = import_in_subprocess(
        tmp_path, response(block_citation("Total due: Rs 6,40,000", 0, 3)), request(BLOCKS)
    )
    assert done.returncode == 0, done.stderr


def test_a_cited_text_against_many_blocks_repeating_its_start_is_not_quadratic(
    tmp_path: Path,
) -> None:
    # 20,000 blocks "a" and a cited text of 20,001 "a": every block is a place the text
    # could start, and each start walks on to the end. Quadratic work refused, not done.
    blocks = ["a"] * 20_000
    citation = block_citation("a" * 20_001, 0, len(blocks))
    done = import_in_subprocess(tmp_path, response(citation), request(blocks))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "refused rather than searched in quadratic time" in done.stderr


def test_a_cited_text_across_many_blocks_still_splits() -> None:
    from sakshi.importers.anthropic.split import Part, split_quote

    blocks = [f"line {number}" for number in range(5_000)]
    quote = " ".join(blocks[1:])
    pieces = split_quote(quote, [Part(number, text) for number, text in enumerate(blocks)])
    assert pieces is not None and len(pieces) == 4_999
    assert pieces[0] == (1, "line 1") and pieces[-1] == (4_999, "line 4999")


# --- the view ------------------------------------------------------------------------------


def nested_results(marks: int, length: int) -> dict[str, Any]:
    """One pack whose ``marks`` highlights nest inside each other over one long text."""
    text = ("Amount: Rs 7,85,000 received on 05.02.2025. " * (length // 44 + 1))[:length]
    values = []
    for index in range(marks):
        start, end = index * 10, length - index * 10
        values.append(
            {
                "index": index,
                "field": f"f{index}",
                "value": "v",
                "why": "w",
                "cite": {"doc": "d", "quote": "q"},
                "check": {"verified": True, "reason": "OK", "detail": ""},
                "highlight": {"doc": "d", "segment": 0, "char_start": start, "char_end": end},
                "near": None,
            }
        )
    document = {"id": "d", "kind": "text", "segments": [{"label": "", "text": text}]}
    pack = {
        "id": "big",
        "engine_state": "live",
        "verdict": "green",
        "expect": "green",
        "held": True,
        "reasons": [],
        "values": values,
        "documents": [document],
    }
    return {"packs": [pack], "held": 1, "failed": 0}


def test_many_nested_highlights_over_a_long_text_render_in_linear_time() -> None:
    # 10,000 marks nested over 200,000 characters: 20,000 pieces, each under up to 10,000
    # marks. Naming every mark over every piece would take minutes and gigabytes.
    page = render_html(read_view(nested_results(10_000, 200_000), "r.json")).decode("utf-8")
    assert page.count('class="anchor"') == 10_000
    assert page.count("<mark ") == 19_999
    # The innermost piece lies under every mark: its title names the first eight, counts
    # the rest.
    assert "#1 f0; #2 f1; #3 f2; #4 f3; #5 f4; #6 f5; #7 f6; #8 f7; and 9992 more" in page


def overlapping_pack(cites: int) -> dict[str, Any]:
    """A pack citing a 1,000,000-character Devanagari text by codepoint offsets, ``cites``
    overlapping quotes in its second half."""
    unit = "राशि ₹ ७,८५,००० दिनांक ०५.०२.२०२५ को प्राप्त हुई। "
    text = (unit * (1_000_000 // len(unit) + 1))[:1_000_000]
    values = []
    for number in range(cites):
        start = 500_000 + number * 40
        quote = text[start : start + 60]
        cite = {"doc": "d", "quote": quote, "char_start": start, "char_end": start + 60}
        values.append({"field": f"f{number}", "value": quote, "why": "w", "cite": cite})
    bundle = {"engine": "test"}
    provenance = {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)}
    return {
        "pack": "sakshi.pack.v1",
        "id": "overlapping",
        "engine_state": "live",
        "documents": [{"id": "d", "text": text}],
        "bundle": bundle,
        "turn": {"context_provenance": provenance, "values": values},
        # Slices cut mid-word state no typed value: claims, which no value rule reads.
        "fields": {f"f{number}": {"type": "claim"} for number in range(cites)},
    }


def test_many_overlapping_offset_cites_into_a_large_document_report_in_linear_time() -> None:
    # 12,000 cites, each placed 1.5 MB into the text: decoding the text before each one
    # anew (as the report once did) takes minutes. In process: the YAML parse of so large
    # a pack is not what is measured here.
    from sakshi.context.lane import run_pack
    from sakshi.context.packs import pack_from_data
    from sakshi.context.routes import reference
    from sakshi.reports.context import render_json

    graded = run_pack(pack_from_data(overlapping_pack(12_000), Path("."), "p.yaml"), reference())
    assert graded.held
    results = json.loads(render_json([graded]))
    values = results["packs"][0]["values"]
    starts = [value["highlight"]["char_start"] for value in values]
    assert starts == [500_000 + number * 40 for number in range(12_000)]
    assert {
        value["highlight"]["char_end"] - value["highlight"]["char_start"] for value in values
    } == {60}
    page = render_html(read_view(results, "results.json")).decode("utf-8")
    assert page.count('class="anchor"') == 12_000


# --- the checkpoints give what a whole decode gives -----------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64), st.data())
def test_char_of_byte_equals_decoding_the_prefix(data: bytes, draw: st.DataObject) -> None:
    # Checkpoints every 5 bytes, so short inputs cross many, and any byte may be invalid.
    offset = draw.draw(st.integers(0, len(data)))
    found = Positions(Segment(data), step=5).char_of_byte(offset)
    assert found == len(data[:offset].decode("utf-8", "replace"))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.data())
def test_byte_of_equals_encoding_the_prefix(text: str, draw: st.DataObject) -> None:
    text = text.encode("utf-8", "replace").decode("utf-8")
    where = Positions(Segment(text.encode("utf-8")), step=5)
    chars = draw.draw(st.integers(0, len(text)))
    expected = len(text[:chars].encode("utf-8"))
    assert where.byte_of(chars, OffsetUnit.CODEPOINT) == expected
    units = len(text[:chars].encode("utf-16-le")) // 2  # a whole number of characters
    assert where.byte_of(units, OffsetUnit.UTF16) == expected
    assert where.byte_of(expected, OffsetUnit.BYTE) == expected
