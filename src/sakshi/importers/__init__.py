"""Importers: other tools' outputs in, sakshi's formats out.

anthropic/    an Anthropic Messages response with citations (and its request) -> a pack
  pack.py       the whole import: import_anthropic, ImportResult, pack_id_from
  documents.py  the request's document blocks -> section-2 documents (RequestDocument)
  stream.py     a saved server-sent event stream -> the final message
  citations.py  each citation -> one or more source_span.v1 cites (chars.py, ranges.py)
  pdf_text.py   Anthropic's PDF text conventions -> the pypdf page's (a fixed transform)
  fields.py     the type check on the provider's JSON that names the file and key
pdf.py        a PDF's text layer, frozen once by pypdf -> a ``pages`` document
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face

if TYPE_CHECKING:
    from sakshi.importers.anthropic import ImportResult, import_anthropic
    from sakshi.importers.anthropic.stream import assemble_stream, is_event_stream
    from sakshi.importers.pdf import document_id, extract_pdf_text, pdf_document

__all__ = [
    "ImportResult",
    "assemble_stream",
    "document_id",
    "extract_pdf_text",
    "import_anthropic",
    "is_event_stream",
    "pdf_document",
]

# Each public name by the module that defines it, imported when first used (sakshi/lazy.py):
# importing the package costs nothing until then.
_HOMES = {
    "anthropic": ("ImportResult", "import_anthropic"),
    "anthropic.stream": ("assemble_stream", "is_event_stream"),
    "pdf": ("document_id", "extract_pdf_text", "pdf_document"),
}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES)
