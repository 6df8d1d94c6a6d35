"""A ``page_location`` or ``content_block_location`` citation into cites on one page each.

The range is ``[start, end)``; a span anchors one page (block). So: a one-page range
anchors that page; a longer range anchors the page in it that holds the whole
``cited_text``; failing that, a ``cited_text`` that runs across a page break is split at
the break into one cite per page; failing that, the cite anchors the first page and
grades red. Placement is worked out first and only then chosen, so the notes a person
reads describe the cites that were written.

A ``page_location`` quote that holds nowhere as given is tried once more in the frozen
page's conventions (``pdf_text.py``: ``\\r\\n`` -> ``\\n``, U+0002 -> ``-\\n``, ligatures);
when that places it, the cites carry the transformed text, the value says which rules
it took, and ``origin`` keeps the provider's text. A ``content_block_location`` quote is
never transformed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from sakshi.errors import InputError
from sakshi.importers.anthropic.cited import Citation, Cite, Tally, joined_note
from sakshi.importers.anthropic.pdf_text import on_page, rewrite
from sakshi.importers.anthropic.split import Part, Piece, SplitTooCostly, split_quote
from sakshi.spans import BodyKind

__all__ = ["RANGE_KEYS", "range_cites"]

RANGE_KEYS = {
    "page_location": ("start_page_number", "end_page_number"),
    "content_block_location": ("start_block_index", "end_block_index"),
}


@dataclass(frozen=True)
class _Range:
    """A range citation's ``[start, end)`` of pages or blocks, with the keys that gave it."""

    ctype: str  # page_location or content_block_location
    start_key: str  # start_page_number or start_block_index
    end_key: str
    start: int
    end: int

    @classmethod
    def read(cls, citation: Citation, ctype: str) -> _Range:
        """The range ``citation`` (of type ``ctype``) gives; an ``InputError`` if it has none."""
        start_key, end_key = RANGE_KEYS[ctype]
        start = citation.integer(start_key)
        return cls(ctype, start_key, end_key, start, citation.integer(end_key))

    @property
    def first(self) -> int:
        """The first position a document has: page 1, or block 0."""
        return 1 if self.ctype == "page_location" else 0

    def check_within(self, citation: Citation) -> None:
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

    @property
    def shown(self) -> str:
        """The positions the range covers, for notes: ``1-3``."""
        return f"{self.start}-{self.end - 1}"

    def parts(self, citation: Citation) -> list[Part]:
        """The pages (blocks) of the document in the range (at least the start's)."""
        # Position p (a page number from 1, or a block index from 0) is parts[p - first].
        # Checked within the document first, so the walk is never longer than it.
        doc = citation.doc
        high = max(self.end, self.start + 1)
        return [Part(p, doc.parts[p - self.first]) for p in range(self.start, high)]


class _Placed(NamedTuple):
    """The cites a quote gives in a range, the notes that describe them, and whether
    they hold (each cite's quote is on its page)."""

    cites: list[Cite]
    notes: list[str]
    holds: bool


def range_cites(citation: Citation, ctype: str, notes: list[str], tally: Tally) -> list[Cite]:
    """The cites of a range citation; notes for people on ``notes``."""
    span = _Range.read(citation, ctype)
    doc, noun = citation.doc, span.noun
    if doc.kind is not span.body:
        notes.append(
            f"{citation.label}: a {ctype} citation into a {doc.kind.value} document ({doc.id}); "
            "it will grade FABRICATED_SPAN"
        )
        return [citation.anchored(noun, span.start, citation.quote)]
    span.check_within(citation)
    if span.end <= span.start:
        notes.append(
            f"{citation.label}: {span.end_key} {span.end} is not after "
            f"{span.start_key} {span.start}; {noun} {span.start} alone is cited"
        )
    parts = span.parts(citation)
    placed = _place(citation, span, parts, citation.quote)
    if not placed.holds and span.ctype == "page_location":
        transformed = _place_transformed(citation, span, parts)
        if transformed is not None:
            tally.transformed += 1
            placed = transformed
    notes.extend(placed.notes)
    return placed.cites


def _place(citation: Citation, span: _Range, parts: list[Part], quote: str) -> _Placed:
    """``quote`` placed in the range as given (the module's rules, in order)."""
    at_start = citation.anchored(span.noun, span.start, quote)
    if len(parts) == 1:
        return _Placed([at_start], [], bool(quote) and quote in parts[0].text)
    whole = _whole_on_one(citation, span, parts, quote)
    if whole is not None:
        return _Placed([whole], [], True)
    pieces = _split(citation, span, parts, quote)
    if pieces:
        return _split_cites(citation, span, pieces, {})
    note = (
        f"{citation.label}: cited_text is on no single {span.noun} of {span.shown} of "
        f"{citation.doc.id} and does not run across a {span.noun} break there; "
        f"cited on {span.noun} {span.start}, it will grade FABRICATED_SPAN"
    )
    return _Placed([at_start], [note], False)


def _place_transformed(citation: Citation, span: _Range, parts: list[Part]) -> _Placed | None:
    """The cites of the quote in the frozen page's conventions; None when the transform
    does not place it (it is then left as the provider gave it)."""
    for position, text in parts:
        found = on_page(citation.quote, text)
        if found is not None:
            extras = _transform_extras(found.rules)
            if len(parts) > 1:
                extras["note"] = joined_note(_stands_whole(span, position), extras["note"])
            return _Placed([citation.anchored(span.noun, position, found.text, extras)], [], True)
    rewritten = rewrite(citation.quote)
    if not rewritten.rules or len(parts) == 1:
        return None
    pieces = _split(citation, span, parts, rewritten.text)
    if not pieces:
        return None
    return _split_cites(citation, span, pieces, _transform_extras(rewritten.rules))


def _transform_extras(rules: tuple[str, ...]) -> dict[str, Any]:
    return {
        "transform": list(rules),
        "note": "cited_text is in Anthropic's PDF text conventions; the quote is it mapped "
        f"onto the frozen page by the fixed transform ({', '.join(rules)}); "
        "the provider's text is origin.cited_text",
    }


def _stands_whole(span: _Range, position: int) -> str:
    return (
        f"the citation covers {span.noun}s {span.shown}; "
        f"cited_text stands whole on {span.noun} {position}"
    )


def _whole_on_one(citation: Citation, span: _Range, parts: list[Part], quote: str) -> Cite | None:
    """A cite on the first page (block) of the range that holds the whole ``quote``."""
    for position, text in parts:
        if quote and quote in text:
            note = _stands_whole(span, position)
            return citation.anchored(span.noun, position, quote, {"note": note})
    return None


def _split(citation: Citation, span: _Range, parts: list[Part], quote: str) -> list[Piece] | None:
    try:
        return split_quote(quote, parts)
    except SplitTooCostly as exc:
        raise InputError(
            citation.source,
            citation.key,
            f"cited_text against {span.noun}s {span.shown} of {citation.doc.id}: {exc}; "
            "refused rather than searched in quadratic time",
        ) from None


def _split_cites(
    citation: Citation, span: _Range, pieces: list[Piece], extras: dict[str, Any]
) -> _Placed:
    """One cite per piece of a quote that runs across page (block) breaks."""
    noun = span.noun
    shown = ", ".join(str(piece.position) for piece in pieces)
    note = (
        f"{citation.label}: cited_text runs across {noun}s {shown}; "
        f"split into one cite per {noun} at the break"
    )
    total = len(pieces)
    cites = [
        citation.anchored(
            noun,
            piece.position,
            piece.text,
            {
                **extras,
                "note": joined_note(
                    f"part {k} of {total} of one citation across {noun}s {shown}; "
                    f"only whitespace at each {noun} break is left out",
                    extras.get("note"),
                ),
            },
        )
        for k, piece in enumerate(pieces, start=1)
    ]
    return _Placed(cites, [note], True)
