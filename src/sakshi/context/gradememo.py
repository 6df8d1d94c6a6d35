"""One run's memory for the grade: what a log repeats is decided once. Pure.

The span check and the value check are pure and deterministic: the same cite against the
same document, and the same field, value and quote under the same declarations, always
decide the same. A log repeats them on many lines, so a run keeps each decision, keyed by
exactly what decides it, and a repeat costs a lookup. The grade is the same with or
without the memo.

Objects that decide (a document, the declared fields, the act table) are matched by
identity, and each kept entry holds them, so that their ids in the keys cannot be reused
by other objects while the entry lives: equal objects that are distinct are only checked
again, never confused. Bounded: each table forgets its oldest entry when full.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from sakshi.spans import Document, SpanCheck, verify_span
from sakshi.values import ActTable, FieldDecl, ValueCheck, check_value
from sakshi.values.memo import BoundedMemo, CiteKey, cite_key

__all__ = ["GradeMemo"]


class _CheckKey(NamedTuple):
    """What decides a value check: the field, the value as text, the quote, and the
    declared fields and act table by identity."""

    field: str
    value: str
    quote: str
    fields_id: int
    acts_id: int


class _KeptCheck(NamedTuple):
    """A value check and the declarations it was made under."""

    check: ValueCheck
    fields: Mapping[str, FieldDecl]
    acts: ActTable


class _SpanKey(NamedTuple):
    """What decides a span check: the cite (a flat object) and its document by identity."""

    cite: CiteKey
    doc_id: int


class _KeptSpan(NamedTuple):
    """A span check and the document it was made against."""

    span: SpanCheck
    doc: Document


class GradeMemo:
    """One run's span checks and value checks (see the module's docstring)."""

    __slots__ = ("_checks", "_spans")

    def __init__(self, limit: int = 2**16) -> None:
        self._checks: BoundedMemo[_CheckKey, _KeptCheck] = BoundedMemo(limit)
        self._spans: BoundedMemo[_SpanKey, _KeptSpan] = BoundedMemo(limit)

    def check(
        self, field: str, value: str, quote: str, fields: Mapping[str, FieldDecl], acts: ActTable
    ) -> ValueCheck:
        """``check_value(field, value, quote, fields, acts=acts)``, made once per run."""
        key = _CheckKey(field, value, quote, id(fields), id(acts))
        kept = self._checks.get(key)
        if kept is not None and kept.fields is fields and kept.acts is acts:
            return kept.check
        check = check_value(field, value, quote, fields, acts=acts)
        self._checks.put(key, _KeptCheck(check, fields, acts))
        return check

    def span(self, cite: object, documents: Mapping[str, Document]) -> SpanCheck:
        """``verify_span(cite, documents)``, made once per run for a flat cite of a
        document the line holds. Any other cite is checked afresh: what it is found to be
        may depend on the other documents (a missing one is looked for among them)."""
        flat = cite_key(cite)
        doc_id = cite.get("doc") if flat is not None and isinstance(cite, Mapping) else None
        doc = documents.get(doc_id) if isinstance(doc_id, str) else None
        if flat is None or type(doc) is not Document:
            return verify_span(cite, documents)
        key = _SpanKey(flat, id(doc))
        kept = self._spans.get(key)
        if kept is not None and kept.doc is doc:
            return kept.span
        span = verify_span(cite, documents)
        self._spans.put(key, _KeptSpan(span, doc))
        return span
