"""sakshi (Sanskrit: witness): the evidence gate for AI agents.

Checks what agents claim against the bytes, offline and deterministically, and fails
closed. The public API is exactly ``__all__``.

The names are imported on first use (PEP 562), so ``import sakshi`` and ``sakshi
--version`` do not pay for the span core and its imports; ``from sakshi import
verify_span`` works as always.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# Each public name, by the module that defines it.
_HOME = {
    "InputError": "sakshi.errors",
    "SakshiError": "sakshi.errors",
    "SpanReason": "sakshi.reasons",
    **dict.fromkeys(
        [
            "BodyKind",
            "Document",
            "OffsetUnit",
            "Segment",
            "SourceSpan",
            "SpanCheck",
            "parse_span",
            "verify_span",
        ],
        "sakshi.spans",
    ),
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'sakshi' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
