"""sakshi (Sanskrit: witness): the evidence gate for AI agents.

Checks what agents claim against the bytes, offline and deterministically, and fails
closed. The public API is exactly ``__all__``.
"""

from __future__ import annotations

from sakshi.errors import InputError, SakshiError
from sakshi.reasons import SpanReason
from sakshi.spans import (
    BodyKind,
    Document,
    OffsetUnit,
    Segment,
    SourceSpan,
    SpanCheck,
    parse_span,
    verify_span,
)

__version__ = "0.1.0"

__all__ = [
    "BodyKind",
    "Document",
    "InputError",
    "OffsetUnit",
    "SakshiError",
    "Segment",
    "SourceSpan",
    "SpanCheck",
    "SpanReason",
    "__version__",
    "parse_span",
    "verify_span",
]
