"""SPEC section 7 (view, import-citations, docs extract, --jobs) as an outside acceptance
suite would check it, beyond test_spec_acceptance_context.py. ``sakshi grade`` is left to
that file.

Black-box: inputs are written in tmp_path and the installed ``sakshi`` executable runs in a
subprocess; only exit codes, streams and written files are read.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from installed_cli import Run, none_pack, refused, sakshi

# --- view ---------------------------------------------------------------------------------

# The view test's document holds markup: it must come out as text.
MARKUP = "Delivered 42.500 MT on <b>12.03.2024</b>."


def write_packs(folder: Path) -> None:
    """A green pack and a red one (a cite that does not verify)."""
    folder.mkdir()
    (folder / "good.yaml").write_text(none_pack("good", "42.500 MT", text=MARKUP), encoding="utf-8")
    (folder / "bad.yaml").write_text(
        none_pack("bad", "42.500 MT", "42.600 MT", MARKUP), encoding="utf-8"
    )


def test_view_needs_only_the_results_file(tmp_path: Path) -> None:
    """The results keep enough for the view: it is drawn after the packs are gone."""
    write_packs(tmp_path / "packs")
    run = sakshi("run", "context", "packs", "--format", "json", "--out", "r.json", cwd=tmp_path)
    assert run.code == 1, run.err
    shutil.rmtree(tmp_path / "packs")
    html_path = tmp_path / "elsewhere" / "view.html"
    html_path.parent.mkdir()
    view = sakshi("view", tmp_path / "r.json", "--out", html_path)
    assert view.code == 0, view.err
    html = html_path.read_text("utf-8")
    assert "Delivered 42.500 MT" in html and "FABRICATED_SPAN" in html
    assert "<b>12.03.2024</b>" not in html  # document text is text, never markup
    for external in ('src="http', "src='http", 'href="http', "<link", "@import", "url(http"):
        assert external not in html


def test_view_takes_the_spec_keys_alone(tmp_path: Path) -> None:
    results = {
        "packs": [
            {
                "id": "x",
                "engine_state": "live",
                "verdict": "red",
                "expect": "green",
                "held": False,
                "reasons": ["FABRICATED_SPAN"],
            }
        ],
        "held": 0,
        "failed": 1,
    }
    (tmp_path / "r.json").write_text(json.dumps(results))
    run = sakshi("view", tmp_path / "r.json", "--out", tmp_path / "v.html")
    assert run.code == 0, run.err
    assert "FABRICATED_SPAN" in (tmp_path / "v.html").read_text("utf-8")


@pytest.mark.parametrize(
    "body",
    [b"", b"not json", b"[]", b"null", b"{}", b'{"packs": 5}', b"\xff\xfe{}", b"[" * 5000],
    ids=repr,
)
def test_view_of_an_unusable_results_file_is_exit_2(tmp_path: Path, body: bytes) -> None:
    (tmp_path / "r.json").write_bytes(body)
    assert refused(sakshi("view", tmp_path / "r.json", "--out", tmp_path / "v.html"), "r.json")
    assert not (tmp_path / "v.html").exists()


def test_view_of_a_folder_or_a_missing_file_is_exit_2(tmp_path: Path) -> None:
    for results in (tmp_path, tmp_path / "missing.json"):
        assert refused(sakshi("view", results, "--out", tmp_path / "v.html"), str(results))


# --- import-citations ---------------------------------------------------------------------

TEXT = "Site visit \U0001f600 on 03.03.2025\r\nThe sky is blue. Grass is green. Cafe\u0301 open."


def cite(quote: str, text: str = TEXT) -> dict[str, Any]:
    """A char_location citation of ``quote`` in document 0, counted in code points."""
    start = text.index(quote)
    return {
        "type": "char_location",
        "cited_text": quote,
        "document_index": 0,
        "document_title": "Notes",
        "start_char_index": start,
        "end_char_index": start + len(quote),
    }


def write_exchange(folder: Path, blocks: list[dict[str, Any]], text: str = TEXT) -> None:
    """REQUEST (one text document) and RESPONSE (the given content blocks)."""
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": text},
        "title": "Notes",
        "citations": {"enabled": True},
    }
    request = {
        "model": "m",
        "max_tokens": 99,
        "messages": [{"role": "user", "content": [document, {"type": "text", "text": "Q?"}]}],
    }
    response = {
        "id": "msg_acceptance",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": blocks,
        "stop_reason": "end_turn",
    }
    (folder / "req.json").write_text(json.dumps(request), encoding="utf-8")
    (folder / "resp.json").write_text(json.dumps(response), encoding="utf-8")


def import_citations(folder: Path) -> Run:
    """``sakshi import-citations`` of folder/resp.json and req.json into folder/pack.yaml."""
    return sakshi(
        "import-citations", "--from", "anthropic", folder / "resp.json",
        "--request", folder / "req.json", "--out", folder / "pack.yaml",
    )  # fmt: skip


def grade(pack: Path) -> dict[str, Any]:
    """The pack's entry of ``run context --format json``."""
    run = sakshi("run", "context", pack, "--format", "json")
    assert run.code in (0, 1), run.err
    entry: dict[str, Any] = json.loads(run.out)["packs"][0]
    return entry


def test_import_citations_one_value_per_cited_block_with_origin(tmp_path: Path) -> None:
    blocks = [
        {"type": "text", "text": "From the notes: "},
        {"type": "text", "text": "the sky is blue", "citations": [cite("The sky is blue.")]},
        {"type": "text", "text": " and "},
        {"type": "text", "text": "the cafe is open", "citations": [cite("Cafe\u0301 open.")]},
        {"type": "text", "text": "emoji line", "citations": [cite("\U0001f600 on 03.03.2025\r\n")]},
    ]
    write_exchange(tmp_path, blocks)
    run = import_citations(tmp_path)
    assert run.code == 0, run.err
    pack = yaml.safe_load((tmp_path / "pack.yaml").read_text("utf-8"))
    assert pack["pack"] == "sakshi.pack.v1"
    (document,) = pack["documents"]
    body = document.get("text", "".join(document.get("blocks", document.get("pages", []))))
    assert body == TEXT  # the request's document, byte for byte (CRLF, NFD, emoji)
    values = pack["turn"]["values"]
    cited = [block for block in blocks if "citations" in block]
    assert [value["value"] for value in values] == [block["text"] for block in cited]
    for value, block in zip(values, cited, strict=True):
        span = value["cite"]
        assert (
            span["doc"] == document["id"] and span["quote"] == block["citations"][0]["cited_text"]
        )
        assert span["origin"] == block["citations"][0]
    entry = grade(tmp_path / "pack.yaml")
    assert (entry["verdict"], entry["reasons"]) == ("green", [])


def test_import_citations_a_fabricated_quote_grades_red(tmp_path: Path) -> None:
    fabricated = cite("The sky is blue.") | {"cited_text": "The sky is green."}
    write_exchange(tmp_path, [{"type": "text", "text": "green", "citations": [fabricated]}])
    assert import_citations(tmp_path).code == 0
    entry = grade(tmp_path / "pack.yaml")
    assert (entry["verdict"], entry["reasons"]) == ("red", ["FABRICATED_SPAN"])


def test_import_citations_every_cite_of_a_block_is_checked(tmp_path: Path) -> None:
    """SPEC 7 says one value per cited text block, and a value has one cite: a block with
    two cites gives a value per cite, so that neither goes unchecked (the second one here
    is fabricated and must turn the pack red)."""
    fabricated = cite("Grass is green.") | {"cited_text": "Grass is purple."}
    block = {"type": "text", "text": "x", "citations": [cite("The sky is blue."), fabricated]}
    write_exchange(tmp_path, [block])
    assert import_citations(tmp_path).code == 0
    values = yaml.safe_load((tmp_path / "pack.yaml").read_text("utf-8"))["turn"]["values"]
    assert len(values) == 2
    assert grade(tmp_path / "pack.yaml")["reasons"] == ["FABRICATED_SPAN"]


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("resp.json", b"not json"),
        ("resp.json", b'{"content": "\xff"}'),
        ("resp.json", b"[]"),
        ("req.json", b""),
        ("req.json", b'{"messages": 5}'),
    ],
)
def test_import_citations_unusable_input_is_exit_2(tmp_path: Path, name: str, body: bytes) -> None:
    write_exchange(tmp_path, [{"type": "text", "text": "x", "citations": [cite("sky")]}])
    (tmp_path / name).write_bytes(body)
    assert refused(import_citations(tmp_path), name)
    assert not (tmp_path / "pack.yaml").exists()


def test_import_citations_a_cite_of_a_document_not_in_the_request_is_exit_2(
    tmp_path: Path,
) -> None:
    stray = cite("sky") | {"document_index": 3}
    write_exchange(tmp_path, [{"type": "text", "text": "x", "citations": [stray]}])
    assert refused(import_citations(tmp_path), "resp.json", "document_index")
    assert not (tmp_path / "pack.yaml").exists()


# --- docs extract -------------------------------------------------------------------------


def one_page_pdf(text: str) -> bytes:
    """A minimal PDF 1.4 with one page whose text layer is ``text`` (ASCII, Helvetica)."""
    content = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    bodies = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources"
        + b" << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(bodies, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(bodies) + 1,
        table,
    )
    return bytes(out)


def test_docs_extract_writes_a_pages_document_with_its_provenance(tmp_path: Path) -> None:
    pdf = one_page_pdf("Quantity received: 42.500 MT")
    (tmp_path / "grn.pdf").write_bytes(pdf)
    run = sakshi("docs", "extract", tmp_path / "grn.pdf", "--out", tmp_path / "doc.yaml")
    assert run.code == 0, run.err
    written = (tmp_path / "doc.yaml").read_text("utf-8")
    assert hashlib.sha256(pdf).hexdigest() in written
    assert "pypdf" in written and version("pypdf") in written
    data = yaml.safe_load(written)
    documents = data.get("documents", [data])
    assert len(documents) == 1 and documents[0]["pages"] == ["Quantity received: 42.500 MT"]
    spans = tmp_path / "s.jsonl"
    spans.write_text(json.dumps({"doc": documents[0]["id"], "quote": "42.500 MT", "page": 1}))
    check = sakshi("verify-spans", tmp_path / "doc.yaml", spans)
    assert check.code == 0, check.out + check.err


@pytest.mark.parametrize(
    "body", [b"", b"not a pdf", b"%PDF-1.4\n", one_page_pdf("x")[:200]], ids=repr
)
def test_docs_extract_of_an_unusable_pdf_is_exit_2(tmp_path: Path, body: bytes) -> None:
    (tmp_path / "in.pdf").write_bytes(body)
    assert refused(sakshi("docs", "extract", tmp_path / "in.pdf", "--out", tmp_path / "d.yaml"))
    assert not (tmp_path / "d.yaml").exists()


def test_docs_extract_of_a_folder_or_a_missing_file_is_exit_2(tmp_path: Path) -> None:
    for pdf in (tmp_path, tmp_path / "missing.pdf"):
        assert refused(sakshi("docs", "extract", pdf, "--out", tmp_path / "d.yaml"))
    assert not (tmp_path / "d.yaml").exists()


# --- --jobs never changes a byte ---------------------------------------------------------

TRACE = [
    {"kind": "tool_call", "call_id": "c1", "tool": "read", "args": {"path": "notes/big.txt"}},
    {
        "kind": "tool_result",
        "call_id": "c1",
        "tool": "read",
        "is_error": False,
        "text": "L00001\n[Use offset=41 to continue]",
    },
    {"kind": "tool_call", "call_id": "c2", "tool": "read", "args": {"path": "notes/big.txt"}},
    {"kind": "tool_result", "call_id": "c2", "tool": "read", "is_error": False, "text": "no"},
]
CORPUS = """\
corpus: sakshi.recovery-corpus.v2
cases:
  - id: acc.offset
    kind: read-offset
    prompt: Read notes/big.txt and reply with the token on line L00050.
    source: {path: notes/big.txt, lines: 100, fact_line: 50}
    fact: QX7-TAMARIND-4471
"""


def test_jobs_never_changes_a_byte_of_any_output(tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    write_packs(packs)
    for number in range(6):
        (packs / f"p{number}.yaml").write_text(
            none_pack(f"p{number}", "42.500 MT", text=MARKUP),
            encoding="utf-8",
        )
    for number in range(6):
        run_folder = tmp_path / "runs" / f"r{number}"
        run_folder.mkdir(parents=True)
        (run_folder / "case.json").write_text(json.dumps({"case_id": "acc.offset"}))
        trace = TRACE if number % 2 else TRACE[:2]
        (run_folder / "trace.jsonl").write_text("".join(json.dumps(r) + "\n" for r in trace))
    (tmp_path / "corpus.yaml").write_text(CORPUS)
    commands = {
        "context-text": ["run", "context", "packs"],
        "context-json": ["run", "context", "packs", "--format", "json"],
        "context-junit": ["run", "context", "packs", "--format", "junit"],
        "recovery": ["run", "recovery", "runs", "--corpus", "corpus.yaml", "--format", "json"],
    }
    for name, args in commands.items():
        outputs = set()
        for jobs in ("1", "3"):
            out = f"{name}-{jobs}.out"
            run = sakshi(*args, "--jobs", jobs, "--out", out, cwd=tmp_path)
            assert run.code == 1, run.err
            outputs.add((run.out, (tmp_path / out).read_bytes()))
        assert len(outputs) == 1, name
