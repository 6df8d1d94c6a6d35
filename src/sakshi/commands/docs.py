"""``sakshi docs extract``: freeze a PDF's text layer into a section-2 document."""

from __future__ import annotations

import re
from pathlib import Path

import click

from sakshi.commands.common import check_outputs, counted, out_option, write_new
from sakshi.errors import InputError

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
def extract_cmd(pdf: Path, out: Path, doc_id: str | None, title: str | None) -> None:
    """Extract each page's text with pypdf, once, into a `pages` document.

    The document's meta records the PDF's SHA-256, the extractor and its version and the
    page count, so spans are verified against this frozen text, never a re-extraction.
    The output holds `documents: [one document]`: use it as the DOCS.yaml of
    verify-spans, or paste its document into a pack.
    """
    from sakshi.importers.pdf import document_id, extract_pdf_text, pdf_document
    from sakshi.inputs.files import read_bytes
    from sakshi.inputs.yamlwrite import dump_yaml

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
    document = pdf_document(doc_id or document_id(pdf.stem), text, title, pdf.name)
    write_new(dump_yaml({"documents": [document]}), out)
    click.echo(
        f"sakshi: wrote {out}: document {document['id']!r}, {counted(len(text.pages), 'page')}, "
        f"{text.extractor} {text.extractor_version}, sha256 {text.sha256[:12]}",
        err=True,
    )
