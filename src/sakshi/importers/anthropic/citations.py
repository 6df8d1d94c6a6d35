"""The response's citations into cites: source_span.v1 mappings, one or more per citation.

This module reads and checks the fields every citation shares (type, cited_text,
document_index) and hands it on: a ``char_location`` to ``chars.py`` (one cite, its
offsets in the unit that holds, or anchored inside whitespace at the range's ends), a
``page_location`` or ``content_block_location`` to ``ranges.py`` (one cite per page or
block; a PDF quote in Anthropic's text conventions mapped by ``pdf_text.py``). Nothing
else is repaired: a cite that does not hold stays as given, and a note says so.
"""

from __future__ import annotations

from typing import Any

from sakshi.errors import InputError
from sakshi.importers.anthropic.chars import char_cites
from sakshi.importers.anthropic.cited import Citation, Cite, Tally
from sakshi.importers.anthropic.documents import RequestDocument
from sakshi.importers.anthropic.fields import need
from sakshi.importers.anthropic.ranges import RANGE_KEYS, range_cites

__all__ = ["Cite", "Tally", "citation_cites"]


def citation_cites(
    raw: object,
    docs: list[RequestDocument],
    key: str,
    source: str,
    notes: list[str],
    label: str,
    tally: Tally,
) -> list[Cite]:
    """The cites of the citation ``raw`` at ``key``, with notes for people on ``notes``.

    ``tally`` counts what the summary reports (offset units, transformed and adjusted
    cites). An ``InputError`` for a citation that cannot be read or does not point into
    ``docs``.
    """
    citation: dict[str, Any] = need(raw, dict, "a citation object", source, key)
    ctype = citation.get("type")
    if ctype not in ("char_location", *RANGE_KEYS):
        raise InputError(
            source,
            f"{key}.type",
            f"citation type {ctype!r} does not point into the request's documents; sakshi verifies "
            "char_location, page_location and content_block_location",
        )
    quote = need(citation.get("cited_text"), str, "a string", source, f"{key}.cited_text")
    index = need(citation.get("document_index"), int, "an integer", source, f"{key}.document_index")
    if not 0 <= index < len(docs):
        raise InputError(
            source,
            f"{key}.document_index",
            f"document {index} is not in the request "
            f"({len(docs)} document block{'s' if len(docs) != 1 else ''}): "
            "is it the request this response answered?",
        )
    doc = docs[index]
    title = citation.get("document_title")
    if isinstance(title, str) and doc.title is not None and title != doc.title:
        notes.append(
            f"{label}: the citation's document_title {title!r} differs from the request's "
            f"title {doc.title!r}"
        )
    checked = Citation(citation, doc, quote, key, source, label)
    if ctype == "char_location":
        return char_cites(checked, notes, tally)
    return range_cites(checked, ctype, notes, tally)
