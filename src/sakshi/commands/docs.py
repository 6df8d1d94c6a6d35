"""``sakshi docs extract``: freeze a PDF's text layer into a section-2 document."""

from __future__ import annotations

import re
from pathlib import Path

import click

from sakshi.commands.options import out_option
from sakshi.commands.outcome import HELD, Outcome
from sakshi.commands.output import check_outputs, write_new
from sakshi.errors import InputError
from sakshi.reports import plural

_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")


@click.group("docs")
def docs_group() -> None:
    """Make documents for packs and DOCS.yaml files."""


@docs_group.command("extract")
@click.argument("pdf", type=click.Path(path_type=Path, dir_okay=False))
@out_option("The DOCS.yaml to write (a new file; never overwritten).", required=True)
@click.option(
    "--id", "doc_id", metavar="ID", help="The document id (default: the file's stem, sanitised)."
)
@click.option(
    "--title", metavar="TEXT", help="The document title (default: the PDF's own title, if any)."
)
@click.option(
    "--allow-empty-pages",
    is_flag=True,
    help="Freeze pages with no text (scans) or unmapped glyphs (NUL, U+FFFD) as they are,"
    " with a warning, instead of refusing the PDF.",
)
def extract_cmd(
    pdf: Path, out: Path, doc_id: str | None, title: str | None, allow_empty_pages: bool
) -> Outcome:
    """Extract each page's text with pypdf, once, into a `pages` document.

    The document's meta records the PDF's SHA-256, the extractor and its version and the
    page count, so spans are verified against this frozen text, never a re-extraction.
    The output holds `documents: [one document]`: use it as the DOCS.yaml of
    verify-spans, put it in the documents root and cite it with `{ref: ID}`, or paste its
    document into a pack.

    A page with no text (a scan) or with NUL or U+FFFD characters is refused (exit 2,
    naming the pages) unless --allow-empty-pages: sakshi does no OCR; add a text layer
    first with an OCR tool such as OCRmyPDF.
    """
    from sakshi.importers import document_id, extract_pdf_text, pdf_document
    from sakshi.inputs import dump_yaml, read_bytes
    from sakshi.spans import OCR_ADVICE, describe, page_problems

    if doc_id is not None and not _ID_RE.match(doc_id):
        raise InputError(
            "--id",
            None,
            "expected letters, digits, '.', '_' or '-' (first a letter or digit),"
            f" found {doc_id!r}",
        )
    check_outputs([out], [pdf])
    data = read_bytes(pdf, str(pdf), "a PDF file")
    text = extract_pdf_text(data, str(pdf))
    problems = page_problems(text.pages)
    if problems and not allow_empty_pages:
        raise InputError(
            str(pdf),
            None,
            f"the text layer cannot be cited: {describe(problems)}. {OCR_ADVICE};"
            " or pass --allow-empty-pages to freeze these pages as they are",
        )
    if problems:
        click.echo(f"sakshi: warning: {pdf}: {describe(problems)}; frozen as they are", err=True)
    document = pdf_document(doc_id or document_id(pdf.stem), text, title, pdf.name)
    write_new(dump_yaml({"documents": [document]}), out)
    click.echo(
        f"sakshi: wrote {out}: document {document['id']!r}, {plural(len(text.pages), 'page')}, "
        f"{text.extractor} {text.extractor_version}, sha256 {text.sha256[:12]}",
        err=True,
    )
    return HELD
