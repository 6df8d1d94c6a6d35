"""The span core both lanes stand on: documents, ``source_span.v1``, ``verify_span``.

documents.py  a document's id, body kind and segment bytes (SPEC section 2)
verify.py     parse a source_span.v1 and verify it byte-exactly (SPEC section 3)
batch.py      the batch form: JSON lines in, JSON lines out (``verify-spans``)

Pure: plain data in, plain data out. Nothing here imports file, process, network or
terminal modules, nor any other part of sakshi but ``errors`` and ``reasons``
(tests/test_layout.py reads the imports to keep it so).
"""

from __future__ import annotations

from sakshi.spans.documents import (
    ANCHOR_OF_BODY,
    AnchorKind,
    BodyKind,
    Document,
    OffsetUnit,
    Segment,
)
from sakshi.spans.verify import SourceSpan, SpanCheck, int_text, parse_span, verify_span

__all__ = [
    "ANCHOR_OF_BODY",
    "AnchorKind",
    "BodyKind",
    "Document",
    "OffsetUnit",
    "Segment",
    "SourceSpan",
    "SpanCheck",
    "int_text",
    "parse_span",
    "verify_span",
]
