"""Citations an eval tool stores (inspect_ai's ``ContentText.citations``) into a turn's
values, each cite a source_span.v1. Pure: plain mappings in, plain mappings out.

A citation arrives as inspect_ai dumps it: ``type`` (``document``, ``content`` or
``url``), ``cited_text``, ``title``, ``internal`` (the provider's extras, where Anthropic's
``document_index`` rides) and, for a document citation, ``range`` with ``type`` (``char``,
``page`` or ``block``), ``start_index`` and ``end_index`` (0-based, end-exclusive; inspect
turns Anthropic's 1-based page numbers into 0-based indexes). The rules, each a decision
said out loud, in the spirit of ``sakshi import-citations``:

- the document: ``internal.document_index`` counts the sample's documents in order; else
  a ``title`` equal to a document's id; else a ``title`` equal to exactly one document's
  title. A citation that names none (a URL, a search result) keeps its title as ``doc``,
  so it grades FABRICATED_SPAN (DOC_NOT_FOUND): sakshi verifies documents it holds.
- the quote is ``cited_text`` exactly; a citation without one (or with a range instead
  of text) has no quote, and its cite is malformed: red, never guessed from the range.
- ``char``: the offsets, in the first unit (codepoint, utf16, byte) that makes them hold
  the quote; codepoint when none does (then the cite does not verify).
- ``page`` / ``block``: a span anchors one page or block, so the cite anchors the first
  one in the range that holds the quote, else the range's first (which does not verify).
- no range: the quote anywhere in the document (inside one page or block).

Each cited text block gives one value per citation: field ``answer-N`` (N: the block's
index in the message's content), or ``answer-N-1``, ``answer-N-2`` ... when it has
several; the value is the block's text, the why says what the model cited, and the
citation itself is kept under the cite's ``origin``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sakshi.spans import Document, OffsetUnit, verify_span

__all__ = ["CitedText", "citation_values"]

_UNITS = (OffsetUnit.CODEPOINT, OffsetUnit.UTF16, OffsetUnit.BYTE)


@dataclass(frozen=True)
class CitedText:
    """One text block of the model's message and the citations it carries (plain dicts)."""

    index: int  # its position in the message's content
    text: str
    citations: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class _Library:
    """The sample's documents, in order, and their titles (where the mapping gave one)."""

    documents: Mapping[str, Document]
    titles: Mapping[str, str]

    def doc_id(self, citation: Mapping[str, Any]) -> str | None:
        """The id of the document ``citation`` points to, or None (see the module's rules)."""
        ids = list(self.documents)
        internal = citation.get("internal")
        index = internal.get("document_index") if isinstance(internal, Mapping) else None
        if type(index) is int and 0 <= index < len(ids):
            return ids[index]
        title = citation.get("title")
        if not isinstance(title, str):
            return None
        if title in self.documents:
            return title
        titled = [doc_id for doc_id, doc_title in self.titles.items() if doc_title == title]
        return titled[0] if len(titled) == 1 else None


def _first_holding(candidates: Sequence[dict[str, Any]], library: _Library) -> dict[str, Any]:
    """The first candidate span that verifies, else the first one."""
    for span in candidates:
        if verify_span(span, library.documents).verified:
            return span
    return candidates[0]


def _anchored(
    base: dict[str, Any], kind: str, start: int, end: int, count: int
) -> list[dict[str, Any]]:
    """One candidate span per page (1-based) or block (0-based) of ``[start, end)`` that
    the document has (``count`` segments); the range's first when it has none of them."""
    inside = range(max(start, 0), min(max(end, start + 1), count))
    positions = inside if len(inside) else range(start, start + 1)
    if kind == "page":
        return [{**base, "page": position + 1} for position in positions]
    return [{**base, "block": position} for position in positions]


def _cite(citation: Mapping[str, Any], library: _Library) -> dict[str, Any]:
    """The source_span.v1 for one citation (plain data, with the citation as origin)."""
    doc_id = library.doc_id(citation)
    title = citation.get("title")
    base: dict[str, Any] = {"doc": doc_id if doc_id is not None else title}
    quote = citation.get("cited_text")
    if isinstance(quote, str):
        base["quote"] = quote
    base["origin"] = dict(citation)
    anchor = citation.get("range")
    if doc_id is None or "quote" not in base or not isinstance(anchor, Mapping):
        return base
    kind, start, end = anchor.get("type"), anchor.get("start_index"), anchor.get("end_index")
    if type(start) is not int or type(end) is not int:
        return base
    if kind == "char":
        offsets = {**base, "char_start": start, "char_end": end}
        candidates = [{**offsets, "unit": unit.value} for unit in _UNITS]
        return _first_holding(candidates, library)
    if kind in ("page", "block"):
        count = len(library.documents[doc_id].segments)
        return _first_holding(_anchored(base, kind, start, end, count), library)
    return base


def _why(cite: Mapping[str, Any]) -> str:
    where = (
        f"page {cite['page']} of "
        if "page" in cite
        else f"block {cite['block']} of "
        if "block" in cite
        else ""
    )
    return f"The model cited {where}document {cite.get('doc')!r} for this text."


def citation_values(
    blocks: Sequence[CitedText],
    documents: Mapping[str, Document],
    titles: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The turn's values for the cited text blocks (blocks without citations give none)."""
    library = _Library(documents, titles or {})
    values: list[dict[str, Any]] = []
    for block in blocks:
        cites = [_cite(citation, library) for citation in block.citations]
        for number, cite in enumerate(cites, start=1):
            field = f"answer-{block.index}" if len(cites) == 1 else f"answer-{block.index}-{number}"
            values.append({"field": field, "value": block.text, "why": _why(cite), "cite": cite})
    return values
