"""``sakshi docs extract FILE.pdf --out DOC.yaml``: a PDF's text layer frozen by pypdf.

The PDFs are written here by hand (``make_pdf``: a content stream in Helvetica, a few
hundred bytes), so no fixture file and no PDF writer is needed. ``make_pdf`` is also used
by the citation-import tests.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pypdf
import pytest

from sakshi.cli import main
from sakshi.context.packs import load_pack
from sakshi.context.turns import bundle_sha256
from sakshi.errors import InputError
from sakshi.importers.pdf import document_id, extract_pdf_text, pdf_document
from sakshi.inputs.documents import load_docs_file
from sakshi.inputs.yamlsafe import load_yaml_file
from sakshi.inputs.yamlwrite import dump_yaml

PAGES = [
    ["SUPPLY CONTRACT SC-17", "Clause 1. The seller shall deliver steel billets."],
    ["Clause 2. Delivered quantity: 42.500 MT", "Signed at Mumbai (both parties)"],
    ["Schedule: nil"],
]


def _escape(text: str) -> bytes:
    return (
        text.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    )


def make_pdf(pages: list[list[str]], title: str | None = None) -> bytes:
    """A minimal PDF: one Helvetica text line per string, one page per list."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % (4 + 2 * i) for i in range(len(pages))), len(pages)),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for i, lines in enumerate(pages):
        stream = (
            b"BT /F1 12 Tf 72 720 Td 14 TL\n"
            + b"".join(b"(%s) Tj T*\n" % _escape(line) for line in lines)
            + b"ET"
        )
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (5 + 2 * i)
        )
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
    info = b""
    if title is not None:
        objects.append(b"<< /Title (%s) >>" % _escape(title))
        info = b" /Info %d 0 R" % len(objects)
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        info,
        xref,
    )
    return bytes(out)


def encrypted_pdf() -> bytes:
    writer = pypdf.PdfWriter()
    writer.append(pypdf.PdfReader(io.BytesIO(make_pdf(PAGES))))
    writer.encrypt("secret")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "Supply Contract (SC-17).pdf"
    path.write_bytes(make_pdf(PAGES, title="Supply contract SC-17"))
    return path


# --- the pure part --------------------------------------------------------------------


def test_extract_keeps_each_page_exactly_as_pypdf_returns_it() -> None:
    data = make_pdf(PAGES)
    text = extract_pdf_text(data, "x.pdf")
    expected = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
    assert list(text.pages) == expected
    assert "Delivered quantity: 42.500 MT" in text.pages[1]
    assert text.sha256 == hashlib.sha256(data).hexdigest()
    assert (text.extractor, text.extractor_version) == ("pypdf", pypdf.__version__)
    assert text.meta() == {
        "sha256": text.sha256,
        "extractor": "pypdf",
        "extractor_version": pypdf.__version__,
        "page_count": 3,
    }


def test_the_pdf_title_is_the_default_title_and_can_be_overridden() -> None:
    text = extract_pdf_text(make_pdf(PAGES, title="Supply contract"), "x.pdf")
    assert text.title == "Supply contract"
    assert pdf_document("sc", text)["title"] == "Supply contract"
    assert pdf_document("sc", text, title="Mine")["title"] == "Mine"
    assert "title" not in pdf_document("sc", extract_pdf_text(make_pdf(PAGES), "x.pdf"))


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("Supply Contract (SC-17)", "supply-contract-sc-17"),
        ("__", "document"),
        ("a.b_c", "a-b-c"),
        ("Ünïcode", "n-code"),
    ],
)
def test_document_id_from_the_stem(stem: str, expected: str) -> None:
    assert document_id(stem) == expected


@pytest.mark.parametrize(
    "data", [b"", b"hello, not a pdf", make_pdf(PAGES)[:150]], ids=["empty", "text", "truncated"]
)
def test_unreadable_bytes_are_refused(data: bytes) -> None:
    with pytest.raises(InputError, match="not a readable PDF"):
        extract_pdf_text(data, "x.pdf")


def test_an_encrypted_pdf_is_refused() -> None:
    with pytest.raises(InputError, match="encrypted"):
        extract_pdf_text(encrypted_pdf(), "x.pdf")


# --- the command ------------------------------------------------------------------------


def test_extract_then_verify_a_span_on_page_two(
    capsys: pytest.CaptureFixture[str], pdf: Path, tmp_path: Path
) -> None:
    out = tmp_path / "DOC.yaml"
    code, stdout, err = run(capsys, "docs", "extract", str(pdf), "--out", str(out))
    assert code == 0, err
    assert stdout == ""
    assert err.count("\n") == 1 and "supply-contract-sc-17" in err

    data = load_yaml_file(out)
    assert list(data) == ["documents"]
    [doc] = data["documents"]
    assert list(doc) == ["id", "title", "meta", "pages"]
    assert doc["id"] == "supply-contract-sc-17"
    assert doc["title"] == "Supply contract SC-17"
    assert doc["meta"] == {
        "sha256": hashlib.sha256(pdf.read_bytes()).hexdigest(),
        "extractor": "pypdf",
        "extractor_version": pypdf.__version__,
        "page_count": 3,
        "source_file": pdf.name,
    }
    assert doc["pages"] == list(extract_pdf_text(pdf.read_bytes(), "x").pages)
    assert load_docs_file(out)["supply-contract-sc-17"].kind.value == "pages"

    spans = tmp_path / "spans.jsonl"
    lines = [
        {
            "id": "on-2",
            "doc": "supply-contract-sc-17",
            "page": 2,
            "quote": "Delivered quantity: 42.500 MT",
        },
        {
            "id": "on-1",
            "doc": "supply-contract-sc-17",
            "page": 1,
            "quote": "Delivered quantity: 42.500 MT",
        },
    ]
    spans.write_text("".join(json.dumps(line) + "\n" for line in lines[:1]), encoding="utf-8")
    code, stdout, err = run(capsys, "verify-spans", str(out), str(spans))
    assert code == 0, err
    assert json.loads(stdout) == {"id": "on-2", "verified": True, "reason": "OK"}

    spans.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, stdout, _ = run(capsys, "verify-spans", str(out), str(spans))
    assert code == 1
    assert [json.loads(line)["reason"] for line in stdout.splitlines()] == ["OK", "QUOTE_NOT_FOUND"]


def test_the_document_pastes_into_a_pack(
    capsys: pytest.CaptureFixture[str], pdf: Path, tmp_path: Path
) -> None:
    out = tmp_path / "DOC.yaml"
    assert run(capsys, "docs", "extract", str(pdf), "--out", str(out), "--id", "contract")[0] == 0
    [doc] = load_yaml_file(out)["documents"]
    bundle = {"engine": "test", "documents": ["contract"]}
    cite = {"doc": "contract", "page": 2, "quote": "42.500 MT"}
    pack: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": "pdf-pack",
        "engine_state": "live",
        "documents": [doc],
        "bundle": bundle,
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
            "values": [
                {"field": "qty", "value": "42.500 MT", "why": "Clause 2 states it.", "cite": cite}
            ],
        },
    }
    pack_path = tmp_path / "pdf-pack.yaml"
    pack_path.write_bytes(dump_yaml(pack))
    assert load_pack(pack_path).documents["contract"].segments[1].text == doc["pages"][1]
    code, stdout, err = run(capsys, "run", "context", str(pack_path), "--format", "json")
    assert code == 0, err
    assert json.loads(stdout)["packs"][0]["verdict"] == "green"


def test_id_and_title_options(
    capsys: pytest.CaptureFixture[str], pdf: Path, tmp_path: Path
) -> None:
    out = tmp_path / "DOC.yaml"
    code, _, err = run(
        capsys, "docs", "extract", str(pdf), "--out", str(out), "--id", "SC_17.v2", "--title", "no"
    )
    assert code == 0, err
    [doc] = load_yaml_file(out)["documents"]
    assert (doc["id"], doc["title"]) == ("SC_17.v2", "no")  # "no" stays a string


@pytest.mark.parametrize("bad_id", ["", "bad id", "-x", "a/b"])
def test_a_bad_id_is_refused(
    capsys: pytest.CaptureFixture[str], pdf: Path, tmp_path: Path, bad_id: str
) -> None:
    out = tmp_path / "DOC.yaml"
    code, _, err = run(capsys, "docs", "extract", str(pdf), "--out", str(out), "--id", bad_id)
    assert code == 2 and "--id" in err and err.count("\n") == 1
    assert not out.exists()


def test_an_existing_out_is_never_overwritten(
    capsys: pytest.CaptureFixture[str], pdf: Path, tmp_path: Path
) -> None:
    out = tmp_path / "DOC.yaml"
    out.write_text("keep me\n", encoding="utf-8")
    code, _, err = run(capsys, "docs", "extract", str(pdf), "--out", str(out))
    assert code == 2 and "already exists" in err
    assert out.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"", "not a readable PDF"),
        (b"%PDF-1.4\nnothing else", "not a readable PDF"),
        (None, "encrypted"),
    ],
    ids=["empty", "garbage", "encrypted"],
)
def test_unusable_pdfs_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes | None, needle: str
) -> None:
    path = tmp_path / "bad.pdf"
    path.write_bytes(encrypted_pdf() if content is None else content)
    out = tmp_path / "DOC.yaml"
    code, stdout, err = run(capsys, "docs", "extract", str(path), "--out", str(out))
    assert code == 2
    assert stdout == ""
    assert err.count("\n") == 1 and needle in err and str(path) in err
    assert "Traceback" not in err
    assert not out.exists()


def test_a_missing_pdf_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "docs", "extract", str(tmp_path / "nope.pdf"), "--out", str(tmp_path / "d.yaml")
    )
    assert code == 2 and "no such file" in err


def test_out_is_required(capsys: pytest.CaptureFixture[str], pdf: Path) -> None:
    code, _, err = run(capsys, "docs", "extract", str(pdf))
    assert code == 2 and "--out" in err
