"""The span core both lanes stand on: documents, ``source_span.v1``, ``verify_span``.

documents.py  a document's id, body kind and segment bytes (SPEC section 2)
verify.py     parse a source_span.v1 and verify it byte-exactly (SPEC section 3)
batch.py      the batch form: JSON lines in, JSON lines out (``verify-spans``)
nearmiss.py   a quote that nearly stands in the document: where, and each difference
textlayer.py  whether a PDF's text layer can be cited (``docs extract``)

Pure: plain data in, plain data out. Nothing here imports file, process, network or
terminal modules, nor any other part of sakshi but ``errors`` and ``reasons``
(tests/test_layout.py reads the imports to keep it so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face
from sakshi.spans.documents import (
    ANCHOR_OF_BODY,
    AnchorKind,
    BodyKind,
    Document,
    OffsetUnit,
    Segment,
)
from sakshi.spans.verify import SourceSpan, SpanCheck, int_text, parse_span, verify_span

if TYPE_CHECKING:
    from sakshi.spans.batch import BatchLine, read_json_line, valid_id, verify_line
    from sakshi.spans.nearmiss import near_miss_notes
    from sakshi.spans.textlayer import OCR_ADVICE, describe, page_problems

__all__ = [
    "ANCHOR_OF_BODY",
    "OCR_ADVICE",
    "AnchorKind",
    "BatchLine",
    "BodyKind",
    "Document",
    "OffsetUnit",
    "Segment",
    "SourceSpan",
    "SpanCheck",
    "describe",
    "int_text",
    "near_miss_notes",
    "page_problems",
    "parse_span",
    "read_json_line",
    "valid_id",
    "verify_line",
    "verify_span",
]

# The core above is loaded with the package; the batch form, near misses and the text
# layer check when first used (sakshi/lazy.py): they load orjson and difflib.
_HOMES = {
    "batch": ("BatchLine", "read_json_line", "valid_id", "verify_line"),
    "nearmiss": ("near_miss_notes",),
    "textlayer": ("OCR_ADVICE", "describe", "page_problems"),
}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES)
