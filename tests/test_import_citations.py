"""``sakshi import-citations --from anthropic``: a cited Messages response into a pack.

The request and response JSON follow Anthropic's Messages API: documents as ``text``,
``content`` and base64 PDF sources; citations as ``char_location``, ``page_location`` and
``content_block_location``. Each imported pack is then graded by ``sakshi run context``
like any other pack.
"""

from __future__ import annotations

import base64
import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli as run

from sakshi.context.packs import load_pack
from sakshi.context.turns import bundle_sha256
from sakshi.errors import InputError
from sakshi.importers.anthropic import import_anthropic, pack_id_from
from sakshi.importers.pdf import PdfText, extract_pdf_text
from sakshi.inputs.yamlsafe import load_yaml_bytes, load_yaml_file
from sakshi.inputs.yamlwrite import dump_yaml
from sakshi.spans import BodyKind, Document, verify_span
from test_docs_extract import encrypted_pdf, make_pdf

# An emoji (outside the BMP) before the cited text: one codepoint, two UTF-16 units, four
# UTF-8 bytes, so the three units give three different offsets for the same words.
NOTE = "Site visit 😀 — 03.03.2025\nThe grass is green. The sky is blue.\nAll gates locked: no.\n"
GRASS = "The grass is green."
SKY = "The sky is blue."
BLOCKS = ["Invoice INV-7, dated 2024-01-01", "Total due: Rs 6,40,000", "Terms: 30 days"]
PDF_PAGES = [
    ["Clause 1. The seller shall deliver", "42.500 MT of steel billets"],
    ["by 15 March 2025 at Bhilai.", "Clause 2. Payment within 30 days."],
    ["Clause 3. Arbitration at New Delhi."],
]
MODEL = "claude-sonnet-4-5-20250929"
RESPONSE_ID = "msg_01XFDUDYJgAACzvnptvVoYEL"


def offsets(text: str, quote: str, unit: str) -> tuple[int, int]:
    """Where ``quote`` stands in ``text``, counted in ``unit``."""
    start = text.index(quote)

    def count(s: str) -> int:
        if unit == "codepoint":
            return len(s)
        if unit == "utf16":
            return len(s.encode("utf-16-le")) // 2
        return len(s.encode("utf-8"))

    return count(text[:start]), count(text[:start]) + count(quote)


def char_citation(quote: str, unit: str, doc: int = 0, cited: str | None = None) -> dict[str, Any]:
    start, end = offsets(NOTE, quote, unit)
    return {
        "type": "char_location",
        "cited_text": quote if cited is None else cited,
        "document_index": doc,
        "document_title": "Site note",
        "start_char_index": start,
        "end_char_index": end,
    }


def page_citation(cited: str, start: int, end: int, doc: int = 2) -> dict[str, Any]:
    return {
        "type": "page_location",
        "cited_text": cited,
        "document_index": doc,
        "document_title": "Supply contract",
        "start_page_number": start,
        "end_page_number": end,
    }


def block_citation(cited: str, start: int, end: int, doc: int = 1) -> dict[str, Any]:
    return {
        "type": "content_block_location",
        "cited_text": cited,
        "document_index": doc,
        "document_title": "Invoice",
        "start_block_index": start,
        "end_block_index": end,
    }


def request(pdf: bool = True) -> dict[str, Any]:
    docs: list[dict[str, Any]] = [
        {
            "type": "document",
            "source": {"type": "text", "media_type": "text/plain", "data": NOTE},
            "title": "Site note",
            "context": "Written by the site engineer.",
            "citations": {"enabled": True},
        },
        {
            "type": "document",
            "source": {"type": "content", "content": [{"type": "text", "text": b} for b in BLOCKS]},
            "title": "Invoice",
            "citations": {"enabled": True},
        },
    ]
    if pdf:
        data = base64.b64encode(make_pdf(PDF_PAGES)).decode("ascii")
        docs.append(
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": data},
                "title": "Supply contract",
                "citations": {"enabled": True},
            }
        )
    return {
        "model": MODEL,
        "max_tokens": 1024,
        "messages": [
            # Two documents in the first message, the PDF in a later one: document_index
            # counts document blocks across messages.
            {"role": "user", "content": [*docs[:2], {"type": "text", "text": "Read these."}]},
            {"role": "assistant", "content": "I have read them."},
            {
                "role": "user",
                "content": [
                    *docs[2:],
                    {"type": "text", "text": "What was agreed, and what happened?"},
                ],
            },
        ],
    }


def text_block(text: str, *citations: dict[str, Any]) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "text", "text": text}
    if citations:
        block["citations"] = list(citations)
    return block


def response(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": RESPONSE_ID,
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": list(blocks),
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 2095, "output_tokens": 503},
    }


def good_response() -> dict[str, Any]:
    return response(
        text_block("Based on the documents, "),
        text_block("the grass was green", char_citation(GRASS, "utf16")),
        text_block(
            " and ",
        ),
        text_block("the sky blue", char_citation(SKY, "byte")),
        text_block(
            "; the invoice totals Rs 6,40,000", block_citation("Total due: Rs 6,40,000", 1, 2)
        ),
        text_block(
            "; delivery of 42.500 MT was due", page_citation("42.500 MT of steel billets", 1, 2)
        ),
        text_block(
            " by 15 March 2025",
            page_citation("42.500 MT of steel billets\nby 15 March 2025 at Bhilai.", 1, 3),
        ),
        text_block(
            ", with arbitration at New Delhi",
            page_citation("Clause 3. Arbitration at New Delhi.", 2, 4),
        ),
        text_block("."),
    )


def write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def claims(*names: str) -> dict[str, Any]:
    """Declarations for ``--fields``: these values are sentences, left unchecked."""
    return {name: {"type": "claim"} for name in names}


# good_response()'s sentences that hold a figure of no known type (VALUE_UNTYPED unless
# declared): a test about cites declares them claims, as a user would.
SENTENCES = claims("answer-4", "answer-5", "answer-6-1", "answer-6-2")


def import_files(
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    resp: object,
    req: object | None = None,
    fields: dict[str, Any] | None = None,
) -> tuple[int, Path, str]:
    out = folder / "pack.yaml"
    extra = [] if fields is None else ["--fields", str(write(folder, "fields.yaml", fields))]
    code, stdout, err = run(
        capsys,
        "import-citations",
        "--from",
        "anthropic",
        str(write(folder, "response.json", resp)),
        "--request",
        str(write(folder, "request.json", request() if req is None else req)),
        "--out",
        str(out),
        *extra,
    )
    assert stdout == ""
    return code, out, err


def grade(capsys: pytest.CaptureFixture[str], pack: Path) -> tuple[int, dict[str, Any]]:
    code, stdout, err = run(capsys, "run", "context", str(pack), "--format", "json")
    assert code in (0, 1), err
    return code, json.loads(stdout)["packs"][0]


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no pyproject.toml route from the repository


# --- end to end -------------------------------------------------------------------------


def test_a_faithful_response_imports_to_a_green_pack(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = import_files(capsys, tmp_path, good_response(), fields=SENTENCES)
    assert code == 0, err
    pack = load_yaml_file(out)
    # The declared sentences as given; each value without a figure a claim; none left to infer.
    assert pack["fields"] == {**SENTENCES, **claims("answer-1", "answer-3", "answer-7")}
    assert "4 declared (--fields), 0 inferred from the value, 3 without a figure" in err
    assert list(pack) == [
        "pack",
        "id",
        "title",
        "engine_state",
        "matter",
        "documents",
        "bundle",
        "command",
        "fields",
        "turn",
        "expect",
    ]
    assert pack["pack"] == "sakshi.pack.v1"
    assert pack["id"] == "msg-01xfdudyjgaaczvnptvvoyel"
    assert pack["engine_state"] == "live"
    assert pack["turn"]["context_provenance"] == {
        "engine_state": "live",
        "bundle_sha256": bundle_sha256(pack["bundle"]),
    }
    assert pack["bundle"]["model"] == MODEL and pack["bundle"]["response_id"] == RESPONSE_ID
    assert [d["title"] for d in pack["bundle"]["documents"]] == [
        "Site note",
        "Invoice",
        "Supply contract",
    ]
    assert pack["command"] == {
        "name": "import",
        "args": {"from": "anthropic", "response": "response.json", "request": "request.json"},
    }
    assert pack["matter"] == {"prompt": "What was agreed, and what happened?"}

    docs = pack["documents"]
    assert [d["id"] for d in docs] == ["doc-0", "doc-1", "doc-2"]
    assert docs[0]["text"] == NOTE and docs[0]["meta"] == {
        "context": "Written by the site engineer."
    }
    assert docs[1]["blocks"] == BLOCKS
    assert docs[2]["meta"]["extractor"] == "pypdf" and docs[2]["meta"]["page_count"] == 3
    assert docs[2]["pages"] == list(extract_pdf_text(make_pdf(PDF_PAGES), "x").pages)

    values = pack["turn"]["values"]
    assert [v["field"] for v in values] == [
        "answer-1",
        "answer-3",
        "answer-4",
        "answer-5",
        "answer-6-1",
        "answer-6-2",
        "answer-7",
    ]
    assert values[0]["value"] == "the grass was green"
    assert all(v["why"] for v in values)
    # The quote is the provider's cited_text; the provider's object is kept verbatim.
    response_blocks = good_response()["content"]
    for v in values:
        n = int(v["field"].split("-")[1])
        assert v["cite"]["origin"] == response_blocks[n]["citations"][0]
    assert values[0]["cite"]["quote"] == GRASS
    assert (
        good_response()["content"][6]["citations"][0]["cited_text"]
        == values[4]["cite"]["origin"]["cited_text"]
    )

    code, graded = grade(capsys, out)
    assert code == 0, graded
    assert (graded["verdict"], graded["reasons"]) == ("green", [])
    # Every citation mutant flips. The values are the model's sentences, declared claims
    # (no value rule reads them), so prove has no stated value to change: that one mutant
    # cannot be made, and prove says so rather than pass it.
    code, proved, _ = run(capsys, "prove", str(out), "--format", "json")
    flips = {flip["mutant"]: flip for flip in json.loads(proved)["packs"][0]["flips"]}
    assert all(flip["flipped"] for name, flip in flips.items() if name != "value-changed@live")
    assert flips["corrupt-quote@live"]["reasons"] == ["FABRICATED_SPAN"]
    assert "no checked value" in flips["value-changed@live"]["note"]
    assert f"grade it with: sakshi run context {out}" in err


def test_each_offset_unit_is_tried_and_the_match_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Codepoint, UTF-16 and byte offsets of the same sentence all differ after the emoji.
    assert len({offsets(NOTE, GRASS, u) for u in ("codepoint", "utf16", "byte")}) == 3
    resp = response(
        text_block("a", char_citation(GRASS, "codepoint")),
        text_block("b", char_citation(GRASS, "utf16")),
        text_block("c", char_citation(GRASS, "byte")),
        text_block("d", char_citation("Site visit", "codepoint")),  # before the emoji: all agree
    )
    code, out, err = import_files(capsys, tmp_path, resp)
    assert code == 0, err
    values = load_yaml_file(out)["turn"]["values"]
    assert [v["cite"]["unit"] for v in values] == ["codepoint", "utf16", "byte", "codepoint"]
    assert [v["matched_units"] for v in values] == [
        ["codepoint"],
        ["utf16"],
        ["byte"],
        ["codepoint", "utf16", "byte"],
    ]
    for v in values:
        assert (v["cite"]["char_start"], v["cite"]["char_end"]) == (
            v["cite"]["origin"]["start_char_index"],
            v["cite"]["origin"]["end_char_index"],
        )
    assert "byte 1, codepoint 1, codepoint=utf16=byte 1, utf16 1" in err
    assert grade(capsys, out)[0] == 0


def test_a_fabricated_citation_grades_red(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    resp = good_response()
    # The sky was never said to be red: the offsets are right, the cited_text is not.
    resp["content"][3] = text_block(
        "the sky red", char_citation(SKY, "utf16", cited="The sky is red.!")
    )
    code, out, err = import_files(capsys, tmp_path, resp, fields=SENTENCES)
    assert code == 0, err
    value = next(v for v in load_yaml_file(out)["turn"]["values"] if v["field"] == "answer-3")
    assert value["cite"]["unit"] == "codepoint" and value["matched_units"] == []
    assert value["cite"]["quote"] == "The sky is red.!"
    assert "answer-3: cited_text is not characters" in err and "FABRICATED_SPAN" in err
    code, graded = grade(capsys, out)
    assert code == 1
    assert (graded["verdict"], graded["reasons"], graded["held"]) == (
        "red",
        ["FABRICATED_SPAN"],
        False,
    )
    assert [f["field"] for f in graded["findings"]] == ["answer-3"]


GRASS_DOC = "The grass is green. The sky is blue."


def grass_request(doc: str = GRASS_DOC) -> dict[str, Any]:
    return {
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "document",
                        "source": {"type": "text", "media_type": "text/plain", "data": doc},
                        "title": "My Document",
                    },
                    {"type": "text", "text": "What color is the grass and sky?"},
                ],
            }
        ]
    }


def grass_citation(cited: str, start: int, end: int) -> dict[str, Any]:
    return {
        "type": "char_location",
        "cited_text": cited,
        "document_index": 0,
        "document_title": "My Document",
        "start_char_index": start,
        "end_char_index": end,
    }


def test_anthropics_own_example_is_anchored_inside_the_whitespace_of_its_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Their docs cite [0, 20) of this document with a 19-character cited_text: the range
    # holds a trailing space the quote lacks. The cite is anchored at the quote's exact
    # place inside the range, [0, 19), and the pack says so; origin keeps [0, 20).
    citation = grass_citation("The grass is green.", 0, 20)
    resp = response(text_block("the grass is green", citation))
    code, out, err = import_files(capsys, tmp_path, resp, grass_request())
    assert code == 0, err
    assert "1 char_location citation anchored at cited_text inside its range" in err
    assert "FABRICATED_SPAN" not in err
    value = load_yaml_file(out)["turn"]["values"][0]
    cite = value["cite"]
    assert (cite["char_start"], cite["char_end"], cite["unit"], cite["quote"]) == (
        0,
        19,
        "codepoint",
        "The grass is green.",
    )
    assert cite["origin"] == citation
    assert value["matched_units"] == []
    assert value["adjusted"]["provider_range"] == [0, 20]
    assert value["adjusted"]["range"] == [0, 19]
    assert value["adjusted"]["left_out"] == {"before": "", "after": " "}
    code, graded = grade(capsys, out)
    assert code == 0, graded


def test_content_block_citations_anchor_blocks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    resp = response(
        text_block("dated 2024-01-01", block_citation(BLOCKS[0], 0, 1)),
        text_block(
            "total and terms", block_citation(BLOCKS[1] + BLOCKS[2], 1, 3)
        ),  # across blocks 1-2
        text_block("terms", block_citation("Terms: 30 days", 0, 3)),  # whole on one block of three
        text_block("forged", block_citation("Total due: Rs 9,99,999", 1, 2)),
    )
    # "dated 2024-01-01" reads as an identifier, which its block does not state as one.
    code, out, err = import_files(capsys, tmp_path, resp, fields=claims("answer-0"))
    assert code == 0, err
    values = load_yaml_file(out)["turn"]["values"]
    cites = [(v["field"], v["cite"].get("block"), v["cite"]["quote"]) for v in values]
    assert cites == [
        ("answer-0", 0, BLOCKS[0]),
        ("answer-1-1", 1, BLOCKS[1]),
        ("answer-1-2", 2, BLOCKS[2]),
        ("answer-2", 2, "Terms: 30 days"),
        ("answer-3", 1, "Total due: Rs 9,99,999"),
    ]
    assert "part 1 of 2" in values[1]["note"]
    code, graded = grade(capsys, out)
    assert code == 1
    assert [f["field"] for f in graded["findings"]] == ["answer-3"]


def test_multi_page_citations(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    resp = response(
        # Runs across the break between pages 1 and 2: split into one cite per page.
        text_block(
            "due by 15 March", page_citation("42.500 MT of steel billets by 15 March 2025", 1, 3)
        ),
        # Covers pages 1-3 but stands whole on page 3.
        text_block("arbitration", page_citation("Arbitration at New Delhi.", 1, 4)),
        # On no page of its range, and not across a break: cited on the first page, red.
        text_block("penalty", page_citation("Clause 9. Penalty of 5% per week.", 1, 3)),
        # The right words, on a page outside the cited range: red.
        text_block("payment", page_citation("Clause 2. Payment within 30 days.", 1, 2)),
    )
    code, out, err = import_files(capsys, tmp_path, resp, fields=claims("answer-0-1", "answer-0-2"))
    assert code == 0, err
    values = load_yaml_file(out)["turn"]["values"]
    assert [(v["field"], v["cite"]["page"], v["cite"]["quote"]) for v in values] == [
        ("answer-0-1", 1, "42.500 MT of steel billets"),
        ("answer-0-2", 2, "by 15 March 2025"),
        ("answer-1", 3, "Arbitration at New Delhi."),
        ("answer-2", 1, "Clause 9. Penalty of 5% per week."),
        ("answer-3", 1, "Clause 2. Payment within 30 days."),
    ]
    assert "answer-0: cited_text runs across pages 1, 2" in err
    assert "answer-2: cited_text is on no single page" in err
    code, graded = grade(capsys, out)
    assert code == 1
    assert [f["field"] for f in graded["findings"]] == ["answer-2", "answer-3"]


def test_a_block_with_two_citations_gives_two_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    resp = response(
        text_block(
            "green grass, blue sky", char_citation(GRASS, "utf16"), char_citation(SKY, "utf16")
        )
    )
    code, out, err = import_files(capsys, tmp_path, resp)
    assert code == 0, err
    values = load_yaml_file(out)["turn"]["values"]
    assert [(v["field"], v["value"], v["cite"]["quote"]) for v in values] == [
        ("answer-0-1", "green grass, blue sky", GRASS),
        ("answer-0-2", "green grass, blue sky", SKY),
    ]
    assert grade(capsys, out)[0] == 0


def test_yaml_core_schema_strings_survive(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tricky = [
        "no",
        "2024-01-01",
        "0o17",
        "1e5",
        "1.5e5",
        "null",
        "on",
        "1:20",
        "- x",
        "a: b",
        "#c",
        " lead",
        "trail ",
        "x\r\ny\n",
    ]
    req = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "document",
                        "source": {
                            "type": "content",
                            "content": [{"type": "text", "text": t} for t in tricky],
                        },
                    }
                ],
            }
        ]
    }
    resp = response(
        *[text_block(t, block_citation(t, i, i + 1, doc=0)) for i, t in enumerate(tricky)]
    )
    resp["id"] = "msg_no"
    # "1.5e5" and "1:20" hold figures of no known type: declared claims here.
    fields = claims(f"answer-{tricky.index('1.5e5')}", f"answer-{tricky.index('1:20')}")
    code, out, err = import_files(capsys, tmp_path, resp, req, fields)
    assert code == 0, err
    pack = load_yaml_file(out)
    assert pack["documents"][0]["blocks"] == tricky
    assert [v["value"] for v in pack["turn"]["values"]] == tricky
    assert pack["id"] == "msg-no"
    assert grade(capsys, out)[0] == 0


def test_no_citation_at_all_is_evidence_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = import_files(capsys, tmp_path, response(text_block("The grass is green.")))
    assert code == 0
    assert "EVIDENCE_MISSING" in err
    code, graded = grade(capsys, out)
    assert (code, graded["reasons"]) == (1, ["EVIDENCE_MISSING"])


# --- refusals: exit 2, one line, nothing written ----------------------------------------


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("response.json", b'{"id": "msg_1", "content": [}'),
        ("response.json", b"\xff\xfe"),
        ("request.json", b"NaN"),
    ],
    ids=["bad-json", "not-utf8", "nan"],
)
def test_malformed_json_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: bytes
) -> None:
    resp = write(tmp_path, "response.json", good_response())
    req = write(tmp_path, "request.json", request())
    (tmp_path / name).write_bytes(data)
    out = tmp_path / "pack.yaml"
    code, stdout, err = run(
        capsys,
        "import-citations",
        "--from",
        "anthropic",
        str(resp),
        "--request",
        str(req),
        "--out",
        str(out),
    )
    assert code == 2
    assert stdout == "" and err.count("\n") == 1 and name in err and "Traceback" not in err
    assert not out.exists()


def _with(data: dict[str, Any], path: list[Any], value: object) -> dict[str, Any]:
    data = copy.deepcopy(data)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("resp", "req", "needle"),
    [
        (_with(good_response(), ["content"], "text"), None, "content: expected a list"),
        (_with(good_response(), ["id"], "__"), None, "id: expected the response's id"),
        (_with(good_response(), ["type"], "error"), None, "type: expected 'message'"),
        (
            _with(good_response(), ["content", 1, "citations", 0, "document_index"], 7),
            None,
            "document 7 is not in the request",
        ),
        (
            _with(good_response(), ["content", 1, "citations", 0, "start_char_index"], "3"),
            None,
            "start_char_index: expected an integer",
        ),
        (
            _with(
                good_response(),
                ["content", 1, "citations", 0, "type"],
                "web_search_result_location",
            ),
            None,
            "does not point into",
        ),
        (
            _with(good_response(), ["content", 1, "citations", 0], {"type": "char_location"}),
            None,
            "cited_text: expected a string",
        ),
        (
            good_response(),
            _with(
                request(),
                ["messages", 2, "content", 0, "source"],
                {"type": "url", "url": "https://x/y.pdf"},
            ),
            "document 2 (messages[2].content[0])",
        ),
        (
            good_response(),
            _with(request(), ["messages", 2, "content", 0, "source", "data"], "not base64!"),
            "document 2 (messages[2].content[0]): not valid base64",
        ),
        (good_response(), {"model": MODEL}, "messages: expected a list"),
    ],
    ids=[
        "content",
        "id",
        "type",
        "doc-index",
        "offset-type",
        "web-search",
        "no-cited-text",
        "url-source",
        "bad-base64",
        "no-messages",
    ],
)
def test_unusable_inputs_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, resp: object, req: object, needle: str
) -> None:
    code, out, err = import_files(capsys, tmp_path, resp, req)
    assert code == 2
    assert err.count("\n") == 1 and needle in err, err
    assert not out.exists()


def test_an_encrypted_pdf_in_the_request_exits_2_naming_the_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    req = _with(
        request(),
        ["messages", 2, "content", 0, "source", "data"],
        base64.b64encode(encrypted_pdf()).decode(),
    )
    code, out, err = import_files(capsys, tmp_path, good_response(), req)
    assert code == 2 and "document 2" in err and "encrypted" in err and err.count("\n") == 1
    assert not out.exists()


def test_an_existing_out_is_never_overwritten(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "pack.yaml").write_text("mine\n", encoding="utf-8")
    code, out, err = import_files(capsys, tmp_path, good_response())
    assert code == 2 and "already exists" in err
    assert out.read_text(encoding="utf-8") == "mine\n"


def test_from_is_required_and_checked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    resp, req = write(tmp_path, "r.json", good_response()), write(tmp_path, "q.json", request())
    assert (
        run(capsys, "import-citations", str(resp), "--request", str(req), "--out", "p.yaml")[0] == 2
    )
    assert (
        run(
            capsys,
            "import-citations",
            "--from",
            "openai",
            str(resp),
            "--request",
            str(req),
            "--out",
            "p.yaml",
        )[0]
        == 2
    )
    assert not (tmp_path / "p.yaml").exists()


# --- the pure importer ------------------------------------------------------------------


def test_without_a_pdf_reader_a_pdf_document_is_refused_by_index() -> None:
    with pytest.raises(
        InputError, match=r"document 2 \(messages\[2\]\.content\[0\]\) is a base64 PDF"
    ):
        import_anthropic(good_response(), request(), pdf_text=None)
    # Without a PDF in the request, no reader is needed.
    result = import_anthropic(
        response(text_block("x", char_citation(GRASS, "byte"))), request(pdf=False)
    )
    assert result.values == 1 and result.cited_blocks == 1


def test_non_text_content_blocks_stay_as_empty_blocks() -> None:
    req = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "document",
                        "source": {
                            "type": "content",
                            "content": [
                                {
                                    "type": "image",
                                    "source": {
                                        "type": "base64",
                                        "media_type": "image/png",
                                        "data": "iVBORw0KGgo=",
                                    },
                                },
                                {"type": "text", "text": "Caption: the site gate."},
                            ],
                        },
                    }
                ],
            }
        ]
    }
    result = import_anthropic(
        response(text_block("gate", block_citation("Caption: the site gate.", 1, 2, doc=0))), req
    )
    doc = result.pack["documents"][0]
    assert doc["blocks"] == ["", "Caption: the site gate."]
    assert doc["meta"]["empty_blocks"] == [0]


def test_the_import_is_deterministic_and_the_hash_mirrors_the_bundle() -> None:
    first = import_anthropic(good_response(), request(), pdf_text=extract_pdf_text)
    second = import_anthropic(good_response(), request(), pdf_text=extract_pdf_text)
    assert dump_yaml(first.pack) == dump_yaml(second.pack)
    assert first.pack["turn"]["context_provenance"]["bundle_sha256"] == bundle_sha256(
        first.pack["bundle"]
    )


def test_the_written_pack_loads_through_the_strict_loader(tmp_path: Path) -> None:
    result = import_anthropic(good_response(), request(), pdf_text=extract_pdf_text)
    path = tmp_path / "p.yaml"
    path.write_bytes(dump_yaml(result.pack))
    pack = load_pack(path)
    assert pack.turn is not None and len(pack.turn.values) == result.values
    assert set(pack.documents) == {"doc-0", "doc-1", "doc-2"}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("msg_01XFDUDYJ", "msg-01xfdudyj"), ("--A__b--", "a-b"), ("msg 1/2", "msg-1-2")],
)
def test_pack_id_from_response_id(raw: str, expected: str) -> None:
    assert pack_id_from(raw) == expected


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        _TEXT,
        st.one_of(_TEXT, st.lists(_TEXT, max_size=3), st.integers(), st.none(), st.booleans()),
        max_size=4,
    )
)
def test_dump_yaml_reads_back_through_the_strict_loader(data: dict[str, Any]) -> None:
    assert load_yaml_bytes(dump_yaml(data), "x") == data


def test_a_split_leaves_out_only_whitespace_at_the_breaks() -> None:
    from sakshi.importers.anthropic.split import split_quote

    parts = [(1, "alpha beta\n"), (2, "  \n"), (3, "gamma delta\n")]
    assert split_quote("beta gamma", parts) == [
        (1, "beta"),
        (3, "gamma"),
    ]  # the blank page passed over
    assert split_quote("beta\ngamma delta", parts) == [(1, "beta"), (3, "gamma delta")]
    assert split_quote("beta X gamma", parts) is None  # not whitespace between the pieces
    assert split_quote("alpha gamma", parts) is None  # "alpha" does not end page 1
    assert split_quote("b c d e", [(1, "a b"), (2, "c d"), (3, "e f")]) == [
        (1, "b"),
        (2, "c d"),
        (3, "e"),
    ]
    assert split_quote("", parts) is None


# --- page_location: Anthropic's PDF text conventions ------------------------------------

HYPHEN_PAGES = [
    ["The seller shall deliver the con-", "signment by rail.", "Payment in full."],
    ["Clause 9. Arbitration at", "New Delhi."],
]


def hyphen_request() -> dict[str, Any]:
    data = base64.b64encode(make_pdf(HYPHEN_PAGES)).decode("ascii")
    source = {"type": "base64", "media_type": "application/pdf", "data": data}
    document = {"type": "document", "source": source, "title": "Contract"}
    return {"messages": [{"role": "user", "content": [document, {"type": "text", "text": "?"}]}]}


def pdf_citation(cited: str, start: int = 1, end: int = 2) -> dict[str, Any]:
    return {**page_citation(cited, start, end, doc=0), "document_title": "Contract"}


def test_a_pdf_quote_in_anthropics_conventions_is_transformed_and_verifies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pages = extract_pdf_text(make_pdf(HYPHEN_PAGES), "x").pages
    # As Anthropic writes it: CRLF at a line break, U+0002 where "con-" broke the line.
    cited = "The seller shall deliver the con\u0002signment by rail.\r\nPayment in full."
    expected = "The seller shall deliver the con-\nsignment by rail.\nPayment in full."
    assert cited not in pages[0] and expected in pages[0]
    across = "Arbitration at\r\nNew Delhi."  # on page 2 of a two-page range
    resp = response(
        text_block("deliver by rail", pdf_citation(cited)),
        text_block("arbitration", pdf_citation(across, 1, 3)),
        text_block("paid", pdf_citation("Payment in full.")),  # as given: no transform
    )
    code, out, err = import_files(capsys, tmp_path, resp, hyphen_request())
    assert code == 0, err
    assert "2 page_location citations needed the PDF text transform" in err
    values = load_yaml_file(out)["turn"]["values"]
    assert values[0]["cite"]["quote"] == expected
    assert values[0]["transform"] == ["crlf", "hyphenation"]
    assert values[0]["cite"]["origin"]["cited_text"] == cited
    assert (values[1]["cite"]["page"], values[1]["cite"]["quote"]) == (
        2,
        "Arbitration at\nNew Delhi.",
    )
    assert values[1]["transform"] == ["crlf"] and "stands whole on page 2" in values[1]["note"]
    assert "transform" not in values[2] and values[2]["cite"]["quote"] == "Payment in full."
    code, graded = grade(capsys, out)
    assert code == 0, graded


def test_a_transformed_pdf_quote_that_is_still_not_on_the_page_stays_as_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cited = "The buyer shall deliver the con\u0002signment by rail."  # "buyer": not the page's
    resp = response(text_block("deliver", pdf_citation(cited)))
    code, out, err = import_files(capsys, tmp_path, resp, hyphen_request())
    assert code == 0, err
    assert "PDF text transform" not in err
    value = load_yaml_file(out)["turn"]["values"][0]
    assert value["cite"]["quote"] == cited and "transform" not in value
    code, graded = grade(capsys, out)
    assert code == 1 and graded["reasons"] == ["FABRICATED_SPAN"]


def test_a_pdf_quote_across_a_page_break_is_split_after_the_transform() -> None:
    pages = ("alpha beta gamma-\ndelta\n", "epsilon zeta\n")

    def reader(data: bytes, source: str) -> PdfText:
        return PdfText(pages, "0" * 64, "pypdf", "test", None)

    req = hyphen_request()
    cited = "gamma\u0002delta\r\nepsilon zeta"
    result = import_anthropic(
        response(text_block("x", pdf_citation(cited, 1, 3))), req, pdf_text=reader
    )
    values = result.pack["turn"]["values"]
    assert [(v["cite"]["page"], v["cite"]["quote"]) for v in values] == [
        (1, "gamma-\ndelta"),
        (2, "epsilon zeta"),
    ]
    assert all(v["transform"] == ["crlf", "hyphenation"] for v in values)
    assert result.transformed == 1


def test_ligatures_on_the_page_are_read_as_their_letters() -> None:
    page = "and then \ufb01netune the e\ufb00ects of e\ufb03cient training.\n"

    def reader(data: bytes, source: str) -> PdfText:
        return PdfText((page,), "0" * 64, "pypdf", "test", None)

    cites = [
        pdf_citation("then finetune the effects of efficient training."),
        pdf_citation("ects of"),  # starts inside the ligature "ﬀ": never split one
        pdf_citation("then finetune the defects"),  # not on the page in any reading
    ]
    resp = response(*(text_block(f"v{k}", c) for k, c in enumerate(cites)))
    result = import_anthropic(resp, hyphen_request(), pdf_text=reader)
    values = result.pack["turn"]["values"]
    assert (
        values[0]["cite"]["quote"] == "then \ufb01netune the e\ufb00ects of e\ufb03cient training."
    )
    assert values[0]["transform"] == ["ligatures"]
    assert values[1]["cite"]["quote"] == "ects of" and "transform" not in values[1]
    assert values[2]["cite"]["quote"] == "then finetune the defects"
    assert result.transformed == 1


def test_the_transform_rules_are_fixed() -> None:
    from sakshi.importers.anthropic.pdf_text import LIGATURES, on_page, rewrite

    assert rewrite("a\r\nb\u0002c") == ("a\nb-\nc", ("crlf", "hyphenation"))
    assert rewrite("a\rb\nc\u00adz") == ("a\rb\nc\u00adz", ())  # only CRLF and U+0002
    assert on_page("x y", "x y z") is None  # already on the page: nothing to do
    assert on_page("x\r\ny", "x y") is None  # not on the page in any reading
    assert on_page("fl", "\ufb02") == ("\ufb02", ("ligatures",))
    assert sorted(LIGATURES) == [chr(c) for c in range(0xFB00, 0xFB07)]


def test_char_and_block_quotes_are_never_transformed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    req = request(pdf=False)
    req["messages"][0]["content"][0]["source"]["data"] = "Line one.\nLine two.\n"
    char = {
        **char_citation(GRASS, "codepoint"),
        "cited_text": "Line one.\r\nLine two.",
        "start_char_index": 0,
        "end_char_index": 19,
    }
    block = block_citation("Invoice INV-7,\r\ndated 2024-01-01", 0, 1)
    resp = response(text_block("lines", char), text_block("invoice", block))
    code, out, err = import_files(capsys, tmp_path, resp, req)
    assert code == 0, err
    assert "transform" not in err
    values = load_yaml_file(out)["turn"]["values"]
    assert [v["cite"]["quote"] for v in values] == ["Line one.\r\nLine two.", block["cited_text"]]
    code, graded = grade(capsys, out)
    assert code == 1 and graded["reasons"] == ["FABRICATED_SPAN"]


# --- char_location: whitespace at the edges of the range --------------------------------


@pytest.mark.parametrize(
    ("doc", "cited", "start", "end", "unit", "expected", "left_out"),
    [
        # Leading and trailing whitespace around the quote, counted in codepoints.
        (GRASS_DOC, "The sky is blue.", 19, 36, "codepoint", (20, 36), (" ", "")),
        (
            "  \tThe grass is green.\n\n",
            "The grass is green.",
            0,
            24,
            "codepoint",
            (3, 22),
            ("  \t", "\n\n"),
        ),
        # cited_text keeps its own trailing space; the range holds one more.
        ("Points expire.  Next.", "Points expire. ", 0, 16, "codepoint", (0, 15), ("", " ")),
        # Offsets that only hold in bytes (the emoji is 4 bytes, 1 codepoint, 2 UTF-16 units).
        ("😀 Sky is blue. ", "Sky is blue.", 4, 18, "byte", (5, 17), (" ", " ")),
        ("😀 Sky is blue. ", "Sky is blue.", 2, 16, "utf16", (3, 15), (" ", " ")),
    ],
    ids=["leading", "both-ends", "own-space", "bytes", "utf16"],
)
def test_a_range_with_whitespace_at_its_ends_is_anchored_at_the_quote(
    doc: str,
    cited: str,
    start: int,
    end: int,
    unit: str,
    expected: tuple[int, int],
    left_out: tuple[str, str],
) -> None:
    result = import_anthropic(
        response(text_block("v", grass_citation(cited, start, end))), grass_request(doc)
    )
    value = result.pack["turn"]["values"][0]
    cite = value["cite"]
    assert (cite["char_start"], cite["char_end"], cite["unit"]) == (*expected, unit)
    assert value["adjusted"]["provider_range"] == [start, end]
    assert value["adjusted"]["left_out"] == {"before": left_out[0], "after": left_out[1]}
    assert cite["origin"]["start_char_index"] == start and cite["origin"]["end_char_index"] == end
    assert result.adjusted == 1 and result.units == {}
    documents = {"doc-0": Document.from_strings("doc-0", BodyKind.TEXT, [doc])}
    assert verify_span({k: v for k, v in cite.items() if k != "origin"}, documents).verified


@pytest.mark.parametrize(
    ("cited", "start", "end"),
    [
        ("The grass is green. ", 0, 19),  # the quote has whitespace the range lacks
        ("The grass is green!", 0, 20),  # a difference that is not whitespace
        ("grass is green.", 0, 20),  # text of the range left out, not whitespace
        ("   ", 19, 20),  # nothing but whitespace to anchor
        ("The grass is green.", 0, 99),  # the range leaves the document
    ],
    ids=["quote-has-more", "punctuation", "text-left-out", "blank", "out-of-range"],
)
def test_anything_but_edge_whitespace_stays_a_mismatch(cited: str, start: int, end: int) -> None:
    result = import_anthropic(
        response(text_block("v", grass_citation(cited, start, end))), grass_request()
    )
    value = result.pack["turn"]["values"][0]
    assert "adjusted" not in value and value["matched_units"] == []
    assert (value["cite"]["char_start"], value["cite"]["char_end"]) == (start, end)
    assert result.adjusted == 0 and result.units == {"none": 1}
    assert any("FABRICATED_SPAN" in note for note in result.notes)


# --- streamed responses -------------------------------------------------------------------


def sse_event(data: dict[str, Any], name: str | None = None) -> str:
    label = data["type"] if name is None else name
    return f"event: {label}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def as_stream(message: dict[str, Any]) -> str:
    """``message`` as Anthropic streams it: text in two deltas, one citations_delta per
    citation (before the text, as the API sends them), then the message's stop."""
    head = {**message, "content": [], "stop_reason": None, "stop_sequence": None}
    events = [sse_event({"type": "message_start", "message": head}), sse_event({"type": "ping"})]
    for index, block in enumerate(message["content"]):
        start = {"type": "text", "text": ""}
        if "citations" in block:
            start["citations"] = []
        events.append(
            sse_event({"type": "content_block_start", "index": index, "content_block": start})
        )
        for citation in block.get("citations", []):
            delta = {"type": "citations_delta", "citation": citation}
            events.append(
                sse_event({"type": "content_block_delta", "index": index, "delta": delta})
            )
        half = len(block["text"]) // 2
        for piece in (block["text"][:half], block["text"][half:]):
            delta = {"type": "text_delta", "text": piece}
            events.append(
                sse_event({"type": "content_block_delta", "index": index, "delta": delta})
            )
        events.append(sse_event({"type": "content_block_stop", "index": index}))
    stop = {"stop_reason": message["stop_reason"], "stop_sequence": None}
    events.append(
        sse_event({"type": "message_delta", "delta": stop, "usage": {"output_tokens": 503}})
    )
    events.append(sse_event({"type": "message_stop"}))
    return "".join(events)


def import_stream(
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    stream: str,
    req: object | None = None,
    fields: dict[str, Any] | None = None,
) -> tuple[int, Path, str]:
    out = folder / "pack.yaml"
    path = folder / "response.sse"
    path.write_bytes(stream.encode("utf-8"))
    extra = [] if fields is None else ["--fields", str(write(folder, "fields.yaml", fields))]
    code, stdout, err = run(
        capsys,
        "import-citations",
        "--from",
        "anthropic",
        str(path),
        "--request",
        str(write(folder, "request.json", request() if req is None else req)),
        "--out",
        str(out),
        *extra,
    )
    assert stdout == ""
    return code, out, err


def test_a_streamed_response_imports_as_its_final_message(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from sakshi.importers.anthropic.stream import assemble_stream

    stream = as_stream(good_response())
    assembled = assemble_stream(stream, "s")
    assert assembled == {
        **good_response(),
        "usage": {**good_response()["usage"], "output_tokens": 503},
    }
    code, out, err = import_stream(capsys, tmp_path, stream, fields=SENTENCES)
    assert code == 0, err
    assert "as a server-sent event stream" in err
    streamed = load_yaml_file(out)
    from_json = import_anthropic(good_response(), request(), pdf_text=extract_pdf_text).pack
    assert streamed["turn"]["values"] == json.loads(json.dumps(from_json["turn"]["values"]))
    assert streamed["command"]["args"]["response_format"] == "text/event-stream"
    code, graded = grade(capsys, out)
    assert code == 0, graded


def test_a_stream_with_crlf_comments_and_no_final_blank_line_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stream = ": a comment\n" + as_stream(good_response()).rstrip("\n")
    stream = stream.replace("event: ping\n", "id: 7\nretry: 100\nevent: ping\n")
    code, _, err = import_stream(capsys, tmp_path, stream.replace("\n", "\r\n"))
    assert code == 0, err


def _stream() -> str:
    return as_stream(response(text_block("the grass", char_citation(GRASS, "utf16"))))


def _swap(old: str, new: str) -> str:
    stream = _stream()
    assert old in stream
    return stream.replace(old, new, 1)


def _line_of(text: str, needle: str) -> int:
    return next(k for k, line in enumerate(text.split("\n"), start=1) if needle in line)


_STOP = '"type": "content_block_stop", "index": 0'
_PING = 'event: ping\ndata: {"type": "ping"}'


@pytest.mark.parametrize(
    ("stream", "needle", "problem"),
    [
        (_swap(_STOP + "}", _STOP), "content_block_stop", "data is not JSON"),
        (_swap("event: ping", "evnt: ping"), "evnt: ping", "not an event-stream field"),
        (_swap("event: message_stop", "event: message_end"), "message_end", "named"),
        (_swap(_STOP, _STOP[:-1] + "1"), "content_block_stop", "not open"),
        (
            _swap('"content_block_start", "index": 0', '"content_block_start", "index": 1'),
            "content_block_start",
            "the next block is 0",
        ),
        (_swap('"text_delta"', '"mystery_delta"'), "mystery_delta", "unknown delta type"),
        (
            _swap(_PING, 'event: surprise\ndata: {"type": "surprise"}'),
            "surprise",
            "unknown event type",
        ),
        (
            _swap(_PING, 'data: {"type": "error", "error": {"type": "overloaded_error"}}'),
            "overloaded_error",
            "error event",
        ),
        (
            _swap('"type": "text", "text": ""', '"type": "tool_use", "id": "t", "input": {}'),
            '"citations_delta"',
            "needs a text block",
        ),
        (_stream().split("event: message_stop")[0], '"message_delta"', "ends before message_stop"),
        (_stream() + sse_event({"type": "ping"}), "message_stop", "after message_stop"),
        ("event: ping\n\n" + _stream(), "event: ping", "no data"),
    ],
    ids=[
        "not-json",
        "unknown-field",
        "name-mismatch",
        "stop-unopened",
        "block-out-of-order",
        "unknown-delta",
        "unknown-event",
        "error-event",
        "citation-on-tool-block",
        "truncated",
        "after-stop",
        "no-data",
    ],
)
def test_a_malformed_stream_exits_2_naming_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, stream: str, needle: str, problem: str
) -> None:
    code, out, err = import_stream(capsys, tmp_path, stream)
    assert code == 2, err
    assert err.count("\n") == 1 and problem in err, err
    line = int(err.split(": line ", 1)[1].split(":", 1)[0])
    if problem == "after message_stop":
        assert line > _line_of(stream, needle)
    else:
        assert line == _line_of(stream, needle) or line == _line_of(stream, needle) - 1, err
    assert not out.exists()


def test_input_json_deltas_are_parsed_when_their_block_stops() -> None:
    from sakshi.importers.anthropic.stream import assemble_stream

    start = {"type": "tool_use", "id": "toolu_1", "name": "get", "input": {}}
    events = [
        sse_event(
            {"type": "message_start", "message": {"id": "m", "type": "message", "content": []}}
        ),
        sse_event({"type": "content_block_start", "index": 0, "content_block": start}),
    ]
    for piece in ('{"city": ', '"Pune"}'):
        delta = {"type": "input_json_delta", "partial_json": piece}
        events.append(sse_event({"type": "content_block_delta", "index": 0, "delta": delta}))
    events += [
        sse_event({"type": "content_block_stop", "index": 0}),
        sse_event({"type": "message_stop"}),
    ]
    message = assemble_stream("".join(events), "s")
    assert message["content"] == [{**start, "input": {"city": "Pune"}}]
    broken = "".join(events).replace('\\"Pune\\"}', '\\"Pune\\"')
    assert broken != "".join(events)
    with pytest.raises(InputError, match=r"line 1[0-9]: block 0's input JSON does not parse"):
        assemble_stream(broken, "s")


@pytest.mark.parametrize(
    ("head", "stream"),
    [
        (b'  \n{"id": "x"}', False),
        (b"event: message_start\ndata: {}", True),
        (b"\xef\xbb\xbfdata: {}", True),
        (b": keep-alive\n", True),
        (b"hello", False),
        (b"", False),
    ],
)
def test_a_stream_is_told_from_json_by_its_content(head: bytes, stream: bool) -> None:
    from sakshi.importers.anthropic.stream import is_event_stream

    assert is_event_stream(head) is stream
