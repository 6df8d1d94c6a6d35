"""``sakshi import-citations`` over real Anthropic responses (tests/fixtures/citations/
anthropic, each file's source in its SOURCES.md; not under fixtures/real, whose every
folder tests/test_real_traces.py reads as an agent's trace format).

The anthropics/claude-cookbooks citations notebook printed real responses: PDF citations
of the Constitutional AI paper in Anthropic's own text conventions (CRLF, U+0002 at a
hyphenated line break, letters where the PDF has a ligature), and char_location and
content_block_location citations of its PetWorld help-centre articles. Real streamed
responses come from mirascope's and pydantic-ai's HTTP cassettes. Faithful cites import
and grade green; altered ones are red; every count the import prints is checked against
a count made here another way.
"""

from __future__ import annotations

import base64
import copy
import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli as run

from sakshi.importers.anthropic.stream import assemble_stream
from sakshi.importers.pdf import extract_pdf_text
from sakshi.inputs.yamlsafe import load_yaml_file
from test_import_citations import as_stream

REAL = Path(__file__).parent / "fixtures" / "citations" / "anthropic"
CAI_PDF = REAL / "cai-pages-1-15.pdf"


def fixture(name: str) -> Any:
    return json.loads((REAL / name).read_text(encoding="utf-8"))


def cai_request() -> dict[str, Any]:
    """The request the notebook sent, built as its code builds it: the PDF as base64."""
    data = base64.b64encode(CAI_PDF.read_bytes()).decode("ascii")
    document = {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": data},
        "title": "Constitutional AI Paper",
        "citations": {"enabled": True},
    }
    question = {"type": "text", "text": "What is the main idea of Constitutional AI?"}
    return {
        "model": "claude-3-5-sonnet-latest",
        "temperature": 0.0,
        "max_tokens": 1024,
        "messages": [{"role": "user", "content": [document, question]}],
    }


def citations(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for block in message["content"] for c in block.get("citations") or []]


def sentence_claims(message: dict[str, Any]) -> dict[str, Any]:
    """``--fields`` declaring every cited block's value a claim, as a user does for the
    model's sentences that hold a figure of no known type (48 hours, 1 point per dollar):
    undeclared, they grade VALUE_UNTYPED. One name per citation (none here is split)."""
    fields: dict[str, Any] = {}
    for index, block in enumerate(message["content"]):
        count = len(block.get("citations") or [])
        names = (
            [f"answer-{index}"]
            if count == 1
            else [f"answer-{index}-{k}" for k in range(1, count + 1)]
        )
        fields.update({name: {"type": "claim"} for name in names if count})
    return fields


def import_pack(
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    resp: object,
    req: object,
    name: str = "r",
    fields: dict[str, Any] | None = None,
) -> tuple[int, Path, str]:
    """Import ``resp`` (a message, or the text of an event stream) with ``req``."""
    response = folder / f"{name}.response"
    if isinstance(resp, str):
        response.write_text(resp, encoding="utf-8")
    else:
        response.write_text(json.dumps(resp, ensure_ascii=False), encoding="utf-8")
    request = folder / f"{name}.request.json"
    request.write_text(json.dumps(req, ensure_ascii=False), encoding="utf-8")
    out = folder / f"{name}.pack.yaml"
    extra = []
    if fields is not None:
        declared = folder / f"{name}.fields.json"
        declared.write_text(json.dumps({"fields": fields}), encoding="utf-8")
        extra = ["--fields", str(declared)]
    code, stdout, err = run(
        capsys,
        "import-citations",
        "--from",
        "anthropic",
        str(response),
        "--request",
        str(request),
        "--out",
        str(out),
        *extra,
    )
    assert stdout == ""
    return code, out, err


def grade(capsys: pytest.CaptureFixture[str], pack: Path) -> dict[str, Any]:
    code, stdout, err = run(capsys, "run", "context", str(pack), "--format", "json")
    assert code in (0, 1), err
    graded: dict[str, Any] = json.loads(stdout)["packs"][0]
    assert (code == 0) == (graded["verdict"] == "green")
    return graded


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no configuration from the repository


# --- page_location: the Constitutional AI paper --------------------------------------------


def _expected_transforms(response: dict[str, Any]) -> tuple[int, int]:
    """How many cites need the transform, and how many of those need ligatures, counted
    here another way: Unicode NFKC on the page (which also writes a ligature as its
    letters) instead of sakshi's placement, and plain replaces for CRLF and U+0002."""
    pages = extract_pdf_text(CAI_PDF.read_bytes(), "cai").pages
    needed = ligatures = 0
    for citation in citations(response):
        page = pages[citation["start_page_number"] - 1]
        quote = citation["cited_text"]
        mapped = quote.replace("\r\n", "\n").replace("\x02", "-\n")
        if quote in page:
            continue
        if mapped in page:
            needed += 1
        elif mapped in unicodedata.normalize("NFKC", page):
            needed += 1
            ligatures += 1
    return needed, ligatures


def test_real_pdf_citations_in_anthropics_conventions_grade_green(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    response = fixture("cai-response.json")
    cited = citations(response)
    # What the real cited_text holds: Anthropic's conventions, which pypdf never writes.
    assert sum("\r\n" in c["cited_text"] for c in cited) == 5
    assert sum("\x02" in c["cited_text"] for c in cited) == 4
    needed, ligatures = _expected_transforms(response)
    assert (needed, ligatures) == (5, 3)

    code, out, err = import_pack(capsys, tmp_path, response, cai_request())
    assert code == 0, err
    assert f"{needed} page_location citations needed the PDF text transform" in err
    pack = load_yaml_file(out)
    values = pack["turn"]["values"]
    assert len(values) == len(cited)
    assert sum("ligatures" in v["transform"] for v in values) == ligatures
    for value, citation in zip(values, cited, strict=True):
        assert value["cite"]["origin"] == citation  # the provider's object, verbatim
        assert "\r" not in value["cite"]["quote"] and "\x02" not in value["cite"]["quote"]
    assert grade(capsys, out)["verdict"] == "green"


def test_the_cites_verify_against_the_frozen_text_layer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # cai-pages-1-15.yaml is the PDF's text layer frozen by `sakshi docs extract`: the
    # imported cites verify against it, whatever pypdf this machine has.
    code, out, err = import_pack(capsys, tmp_path, fixture("cai-response.json"), cai_request())
    assert code == 0, err
    frozen = load_yaml_file(REAL / "cai-pages-1-15.yaml")["documents"][0]
    pack_doc = load_yaml_file(out)["documents"][0]
    assert pack_doc["meta"]["sha256"] == frozen["meta"]["sha256"]
    if pack_doc["meta"]["extractor_version"] == frozen["meta"]["extractor_version"]:
        assert pack_doc["pages"] == frozen["pages"]
    spans = tmp_path / "spans.jsonl"
    lines = []
    for value in load_yaml_file(out)["turn"]["values"]:
        span = {k: v for k, v in value["cite"].items() if k != "origin"}
        lines.append(json.dumps({**span, "doc": frozen["id"], "id": value["field"]}))
    spans.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, stdout, err = run(capsys, "verify-spans", str(REAL / "cai-pages-1-15.yaml"), str(spans))
    assert code == 0, stdout + err
    assert [json.loads(line)["reason"] for line in stdout.splitlines()] == ["OK"] * len(lines)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda c: c.update(cited_text=c["cited_text"].replace("harmless", "harmful")), "word"),
        (lambda c: c.update(cited_text=c["cited_text"].replace("\x02", "")), "hyphen-dropped"),
        (lambda c: c.update(start_page_number=2, end_page_number=3), "page"),
    ],
    ids=["word", "hyphen-dropped", "page"],
)
def test_an_altered_real_pdf_citation_is_red(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any, reason: str
) -> None:
    response = copy.deepcopy(fixture("cai-response.json"))
    first = citations(response)[0]
    change(first)
    code, out, err = import_pack(capsys, tmp_path, response, cai_request())
    assert code == 0, err
    assert "4 page_location citations needed the PDF text transform" in err
    value = load_yaml_file(out)["turn"]["values"][0]
    assert value["cite"]["quote"] == first["cited_text"] and "transform" not in value
    graded = grade(capsys, out)
    assert graded["reasons"] == ["FABRICATED_SPAN"]
    assert [f["field"] for f in graded["findings"]] == [value["field"]]


def test_a_real_pdf_response_streamed_imports_the_same(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    response = {**fixture("cai-response.json"), "stop_reason": "end_turn"}
    code, from_json, err = import_pack(capsys, tmp_path, response, cai_request(), "json")
    assert code == 0, err
    code, from_stream, err = import_pack(
        capsys, tmp_path, as_stream(response), cai_request(), "sse"
    )
    assert code == 0, err
    assert "as a server-sent event stream" in err and "5 page_location citations" in err
    assert (
        load_yaml_file(from_stream)["turn"]["values"] == load_yaml_file(from_json)["turn"]["values"]
    )
    assert grade(capsys, from_stream)["verdict"] == "green"


# --- char_location and content_block_location: the PetWorld help centre --------------------


def _slice_mismatches(response: dict[str, Any], request: dict[str, Any]) -> int:
    """Citations whose codepoint range is not exactly their cited_text (counted here)."""
    text = request["messages"][0]["content"][0]["source"]["data"]
    return sum(
        text[c["start_char_index"] : c["end_char_index"]] != c["cited_text"]
        for c in citations(response)
    )


def test_real_char_location_citations_grade_green(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    response, request = (
        fixture("petworld-loyalty-response.json"),
        fixture("petworld-loyalty-request.json"),
    )
    assert _slice_mismatches(response, request) == 0  # the real ranges hold cited_text exactly
    code, out, err = import_pack(
        capsys, tmp_path, response, request, fields=sentence_claims(response)
    )
    assert code == 0, err
    assert f"codepoint=utf16=byte {len(citations(response))}" in err
    assert "anchored at cited_text" not in err and "transform" not in err
    assert grade(capsys, out)["verdict"] == "green"


def test_real_ranges_whose_quote_lacks_the_trailing_space_are_adjusted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The real cited_text keeps the space after a sentence, as the range does. Written the
    # way Anthropic's documentation example writes it (the quote without that space), the
    # range holds the quote with whitespace after it: anchored inside, and still green.
    response = copy.deepcopy(fixture("petworld-loyalty-response.json"))
    request = fixture("petworld-loyalty-request.json")
    trailing = sum(c["cited_text"] != c["cited_text"].rstrip() for c in citations(response))
    assert trailing == 2
    for citation in citations(response):
        citation["cited_text"] = citation["cited_text"].rstrip()
    assert _slice_mismatches(response, request) == trailing
    code, out, err = import_pack(
        capsys, tmp_path, response, request, fields=sentence_claims(response)
    )
    assert code == 0, err
    assert f"{trailing} char_location citations anchored at cited_text inside its range" in err
    values = load_yaml_file(out)["turn"]["values"]
    adjusted = [v for v in values if "adjusted" in v]
    assert len(adjusted) == trailing
    for value in adjusted:
        start, end = value["adjusted"]["provider_range"]
        assert value["adjusted"]["range"] == [start, end - 1]
        assert value["adjusted"]["left_out"] == {"before": "", "after": " "}
        assert value["cite"]["origin"]["end_char_index"] == end
    assert grade(capsys, out)["verdict"] == "green"


def test_an_altered_real_char_location_citation_is_red(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    response = copy.deepcopy(fixture("petworld-loyalty-response.json"))
    second = citations(response)[1]
    second["cited_text"] = second["cited_text"].replace("12 months", "24 months")
    code, out, err = import_pack(
        capsys,
        tmp_path,
        response,
        fixture("petworld-loyalty-request.json"),
        fields=sentence_claims(response),
    )
    assert code == 0, err
    assert "none 1" in err and "FABRICATED_SPAN" in err
    graded = grade(capsys, out)
    assert graded["reasons"] == ["FABRICATED_SPAN"] and len(graded["findings"]) == 1


def test_real_content_block_citations_grade_green_and_red_when_altered(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    response, request = (
        fixture("petworld-help-center-response.json"),
        fixture("petworld-help-center-request.json"),
    )
    cited = citations(response)
    assert [c["document_index"] for c in cited] == [3]
    claims = sentence_claims(response)
    code, out, err = import_pack(capsys, tmp_path, response, request, "faithful", claims)
    assert code == 0, err
    pack = load_yaml_file(out)
    assert len(pack["documents"]) == 10
    assert pack["turn"]["values"][0]["cite"]["block"] == 0
    assert pack["turn"]["values"][0]["cite"]["doc"] == "doc-3"
    assert grade(capsys, out)["verdict"] == "green"

    altered = copy.deepcopy(response)
    citations(altered)[0]["document_index"] = 4  # another article
    code, out, err = import_pack(capsys, tmp_path, altered, request, "altered", claims)
    assert code == 0, err
    assert grade(capsys, out)["reasons"] == ["FABRICATED_SPAN"]


# --- real event streams ---------------------------------------------------------------------

_DATA = re.compile(r"^data: (.*)$", re.MULTILINE)


def _deltas(stream: str) -> list[dict[str, Any]]:
    """Every content_block_delta event's data, read here line by line."""
    found = [json.loads(raw) for raw in _DATA.findall(stream)]
    return [event for event in found if event["type"] == "content_block_delta"]


def test_a_real_text_stream_assembles_to_its_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stream = (REAL / "mirascope-text-stream.sse").read_text(encoding="utf-8")
    # The real stream pads its JSON with spaces and carries a ping: both are read.
    assert '"}        }' in stream and "event: ping" in stream
    text = "".join(
        d["delta"]["text"] for d in _deltas(stream) if d["delta"]["type"] == "text_delta"
    )
    message = assemble_stream(stream, "s")
    assert [b["text"] for b in message["content"]] == [text] == ["4200 + 42 = 4242"]
    assert message["stop_reason"] == "end_turn" and message["usage"]["output_tokens"] == 15
    code, out, err = import_pack(capsys, tmp_path, stream, fixture("mirascope-text-request.json"))
    assert code == 0, err
    assert "no text block of the response carries citations" in err
    assert grade(capsys, out)["reasons"] == ["EVIDENCE_MISSING"]


def test_a_real_stream_with_citations_attaches_each_to_its_text_block(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stream = (REAL / "pydantic-ai-web-search-stream.sse").read_text(encoding="utf-8")
    per_block: dict[int, int] = {}
    for delta in _deltas(stream):
        if delta["delta"]["type"] == "citations_delta":
            per_block[delta["index"]] = per_block.get(delta["index"], 0) + 1
    message = assemble_stream(stream, "s")
    assembled = {
        index: len(block["citations"])
        for index, block in enumerate(message["content"])
        if block.get("citations")
    }
    assert assembled == per_block and sum(per_block.values()) == 1
    assert all(message["content"][index]["type"] == "text" for index in assembled)
    # A web search citation points into a search result, not into the request's documents:
    # refused, naming where it is in the assembled message.
    code, out, err = import_pack(
        capsys, tmp_path, stream, fixture("pydantic-ai-web-search-request.json")
    )
    index = next(iter(per_block))
    assert code == 2 and f"content[{index}].citations[0].type" in err
    assert "web_search_result_location" in err and not out.exists()
