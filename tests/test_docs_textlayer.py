"""``docs extract`` refuses a text layer that cannot be cited (issue 14 item 8): a page with
no text (a scan) or with NUL / U+FFFD characters is exit 2 naming the pages, pointing at
OCR done first, unless --allow-empty-pages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli_fresh as run

from sakshi.inputs.yamlsafe import load_yaml_file
from sakshi.spans.textlayer import PageProblem, TextFault, describe, page_problems
from test_docs_extract import make_pdf


def test_page_problems_name_each_fault() -> None:
    pages = ["Clause 1.", "", "  \n ", "a\x00b", "caf\ufffd", "12"]
    assert page_problems(pages) == [
        PageProblem(2, TextFault.NO_TEXT),
        PageProblem(3, TextFault.NO_TEXT),
        PageProblem(4, TextFault.NUL),
        PageProblem(5, TextFault.REPLACEMENT),
    ]
    text = describe(page_problems(pages))
    assert text.startswith("pages 2, 3: no text") and "page 4: NUL" in text


def test_a_scanned_page_is_refused_naming_it_and_the_ocr_step(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pdf = tmp_path / "scan.pdf"
    pdf.write_bytes(make_pdf([["Page one has text."], [], ["Page three too."]]))
    out = tmp_path / "scan.yaml"
    code, _, err = run(capsys, "docs", "extract", str(pdf), "--out", str(out))
    assert code == 2 and not out.exists()
    assert "page 2: no text" in err and "OCR" in err and "OCRmyPDF" in err
    assert "--allow-empty-pages" in err

    code, _, err = run(
        capsys, "docs", "extract", str(pdf), "--out", str(out), "--allow-empty-pages"
    )
    assert code == 0 and "warning" in err and "page 2" in err
    document = load_yaml_file(out, str(out))["documents"][0]
    assert len(document["pages"]) == 3


def test_nul_characters_in_the_text_layer_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pdf = tmp_path / "nul.pdf"
    pdf.write_bytes(make_pdf([["Clause \x00 one"]]))
    code, _, err = run(capsys, "docs", "extract", str(pdf), "--out", str(tmp_path / "d.yaml"))
    assert code == 2 and "page 1: NUL" in err
