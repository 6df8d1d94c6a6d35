"""The response's citations into cites: source_span.v1 mappings, one or more per citation.

A ``char_location`` becomes one cite, its offsets in the first unit that makes them hold
``cited_text``. A ``page_location`` or ``content_block_location`` range becomes one cite
on one page (block), or one cite per page where ``cited_text`` runs across a break (the
package's docstring gives the rules). Nothing is repaired: a cite that does not hold
stays as given, and a note says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sakshi.errors import InputError
from sakshi.importers.anthropic.documents import RequestDocument
from sakshi.importers.anthropic.fields import need
from sakshi.importers.anthropic.split import Part, Piece, SplitTooCostly, split_quote
from sakshi.spans import BodyKind, OffsetUnit, verify_span

__all__ = ["Cite", "citation_cites"]

_UNITS = (OffsetUnit.CODEPOINT, OffsetUnit.UTF16, OffsetUnit.BYTE)
_RANGE_KEYS = {
    "page_location": ("start_page_number", "end_page_number"),
    "content_block_location": ("start_block_index", "end_block_index"),
}


@dataclass(frozen=True)
class Cite:
    """One cite a citation became, with the value's extra keys (notes for people)."""

    span: dict[str, Any]
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Citation:
    """One citation object of the response, with what its cites need from around it."""

    raw: dict[str, Any]  # the provider's object, kept verbatim as each cite's origin
    doc: RequestDocument  # the document its document_index points to
    quote: str  # its cited_text
    key: str  # where it is: content[n].citations[c]
    source: str  # the response file, as the user named it
    label: str  # the value it feeds, for notes: answer-n

    def integer(self, name: str) -> int:
        """The citation's integer field ``name``; an ``InputError`` when it is not one."""
        value: int = need(self.raw.get(name), int, "an integer", self.source, f"{self.key}.{name}")
        return value

    def anchored(
        self, noun: str, position: int, text: str, extras: dict[str, Any] | None = None
    ) -> Cite:
        """A cite of ``text`` on ``noun`` (``page`` or ``block``) ``position``."""
        span = {"doc": self.doc.id, noun: position, "quote": text, "origin": self.raw}
        return Cite(span, extras or {})


def citation_cites(
    raw: object,
    docs: list[RequestDocument],
    key: str,
    source: str,
    notes: list[str],
    label: str,
    units: dict[str, int],
) -> list[Cite]:
    """The cites of the citation ``raw`` at ``key``, with notes for people on ``notes``.

    ``units`` counts, per ``char_location``, which offset units made it hold (``a=b`` for
    several, ``none`` for none). An ``InputError`` for a citation that cannot be read or
    does not point into ``docs``.
    """
    citation: dict[str, Any] = need(raw, dict, "a citation object", source, key)
    ctype = citation.get("type")
    if ctype not in ("char_location", *_RANGE_KEYS):
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
    checked = _Citation(citation, doc, quote, key, source, label)
    if ctype == "char_location":
        cites = _char_cites(checked, notes)
        matched = cites[0].extras["matched_units"]
        name = "=".join(matched) if matched else "none"
        units[name] = units.get(name, 0) + 1
        return cites
    return _range_cites(checked, ctype, notes)


# --- char_location -------------------------------------------------------------------


def _char_cites(citation: _Citation, notes: list[str]) -> list[Cite]:
    start = citation.integer("start_char_index")
    end = citation.integer("end_char_index")
    doc, quote = citation.doc, citation.quote
    documents = {doc.id: doc.document}
    base = {"doc": doc.id, "quote": quote, "char_start": start, "char_end": end}
    matched = [u for u in _UNITS if verify_span({**base, "unit": u.value}, documents).verified]
    unit = matched[0] if matched else OffsetUnit.CODEPOINT
    span = {**base, "unit": unit.value, "origin": citation.raw}
    extras: dict[str, Any] = {"matched_units": [u.value for u in matched]}
    if not matched:
        extras["note"] = (
            f"cited_text is not [{start}, {end}) of {doc.id} in any unit; kept as codepoint offsets"
        )
        notes.append(
            f"{citation.label}: cited_text is not characters [{start}, {end}) of {doc.id} "
            f"counted in codepoints, utf16 units or bytes{_char_hint(doc, quote, start, end)}; "
            "kept with codepoint offsets, it will grade FABRICATED_SPAN"
        )
    return [Cite(span, extras)]


def _char_hint(doc: RequestDocument, quote: str, start: int, end: int) -> str:
    """Why no unit held, when it can be said: whitespace only, or the wrong kind of body."""
    if doc.kind is BodyKind.TEXT and 0 <= start < end <= len(doc.parts[0]):
        if doc.parts[0][start:end].strip() == quote.strip():
            return " (the codepoint slice differs from it only in surrounding whitespace)"
    elif doc.kind is not BodyKind.TEXT:
        return f" (char_location into a {doc.kind.value} document)"
    return ""


# --- page_location and content_block_location ----------------------------------------


@dataclass(frozen=True)
class _Range:
    """A range citation's ``[start, end)`` of pages or blocks, with the keys that gave it."""

    ctype: str  # page_location or content_block_location
    start_key: str  # start_page_number or start_block_index
    end_key: str
    start: int
    end: int

    @classmethod
    def read(cls, citation: _Citation, ctype: str) -> _Range:
        """The range ``citation`` (of type ``ctype``) gives; an ``InputError`` if it has none."""
        start_key, end_key = _RANGE_KEYS[ctype]
        start = citation.integer(start_key)
        return cls(ctype, start_key, end_key, start, citation.integer(end_key))

    @property
    def first(self) -> int:
        """The first position a document has: page 1, or block 0."""
        return 1 if self.ctype == "page_location" else 0

    def check_within(self, citation: _Citation) -> None:
        """An ``InputError`` unless the range lies within the document's pages (blocks).

        The range is the provider's to give, so it is capped by the request's document
        before anything walks it: ``end_block_index: 10**12`` is refused, not looped over.
        """
        doc, count = citation.doc, len(citation.doc.parts)
        limit = self.first + count  # one past the last position: the largest valid end
        bad_start = not self.first <= self.start < limit
        if bad_start or self.end > limit:
            key, value = (self.start_key, self.start) if bad_start else (self.end_key, self.end)
            raise InputError(
                citation.source,
                f"{citation.key}.{key}",
                f"{self.noun} range [{self.start}, {self.end}) is outside {doc.id}, which has "
                f"{count} {self.noun}{'s' if count != 1 else ''} ({self.first} to {limit - 1}; "
                f"found {value}): is it the request this response answered?",
            )

    @property
    def noun(self) -> str:
        """``page`` or ``block``: what the range counts, and what a cite anchors."""
        return "page" if self.ctype == "page_location" else "block"

    @property
    def body(self) -> BodyKind:
        """The kind of document the range can point into."""
        return BodyKind.PAGES if self.ctype == "page_location" else BodyKind.BLOCKS

    def parts(self, doc: RequestDocument) -> list[Part]:
        """The pages (blocks) of ``doc`` in the range; positions past its ends left out."""
        # Position p (a page number from 1, or a block index from 0) is parts[p - first].
        # Clamped to the document, so the walk is never longer than the document.
        low = max(self.start, self.first)
        high = min(self.end, self.first + len(doc.parts))
        return [Part(p, doc.parts[p - self.first]) for p in range(low, high)]


def _range_cites(citation: _Citation, ctype: str, notes: list[str]) -> list[Cite]:
    span = _Range.read(citation, ctype)
    doc, noun = citation.doc, span.noun
    at_start = citation.anchored(noun, span.start, citation.quote)
    if doc.kind is not span.body:
        notes.append(
            f"{citation.label}: a {ctype} citation into a {doc.kind.value} document ({doc.id}); "
            "it will grade FABRICATED_SPAN"
        )
        return [at_start]
    span.check_within(citation)
    if span.end - span.start <= 1:
        if span.end <= span.start:
            notes.append(
                f"{citation.label}: {span.end_key} {span.end} is not after "
                f"{span.start_key} {span.start}; {noun} {span.start} alone is cited"
            )
        return [at_start]
    parts = span.parts(doc)
    whole = _whole_on_one(citation, span, parts)
    if whole is not None:
        return [whole]
    try:
        pieces = split_quote(citation.quote, parts)
    except SplitTooCostly as exc:
        raise InputError(
            citation.source,
            citation.key,
            f"cited_text against {noun}s {span.start}-{span.end - 1} of {doc.id}: {exc}; "
            "refused rather than searched in quadratic time",
        ) from None
    if pieces:
        return _split_cites(citation, span, pieces, notes)
    notes.append(
        f"{citation.label}: cited_text is on no single {noun} of {span.start}-{span.end - 1} "
        f"of {doc.id} and does not run across a {noun} break there; "
        f"cited on {noun} {span.start}, it will grade FABRICATED_SPAN"
    )
    return [at_start]


def _whole_on_one(citation: _Citation, span: _Range, parts: list[Part]) -> Cite | None:
    """A cite on the first page (block) of the range that holds the whole ``cited_text``."""
    quote, noun = citation.quote, span.noun
    for position, text in parts:
        if quote and quote in text:
            note = (
                f"the citation covers {noun}s {span.start}-{span.end - 1}; "
                f"cited_text stands whole on {noun} {position}"
            )
            return citation.anchored(noun, position, quote, {"note": note})
    return None


def _split_cites(
    citation: _Citation, span: _Range, pieces: list[Piece], notes: list[str]
) -> list[Cite]:
    """One cite per piece of a ``cited_text`` that runs across page (block) breaks."""
    noun = span.noun
    shown = ", ".join(str(piece.position) for piece in pieces)
    notes.append(
        f"{citation.label}: cited_text runs across {noun}s {shown}; "
        f"split into one cite per {noun} at the break"
    )
    total = len(pieces)
    return [
        citation.anchored(
            noun,
            piece.position,
            piece.text,
            {
                "note": f"part {k} of {total} of one citation across {noun}s {shown}; "
                f"only whitespace at each {noun} break is left out"
            },
        )
        for k, piece in enumerate(pieces, start=1)
    ]
