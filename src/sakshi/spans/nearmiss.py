"""A failed span's near miss in words: the closest passage and where it differs.

Diagnosis only, shared by ``run context`` (a FABRICATED_SPAN's diagnosis) and
``verify-spans`` (a line's ``detail``), so both say the same. It never changes a verdict:
the span stays unverified, and nothing is normalised in verification. Pure.
"""

from __future__ import annotations

import unicodedata

from sakshi.spans.documents import AnchorKind, Document, OffsetUnit, Segment
from sakshi.spans.nearest import LOOKALIKE, NearMiss, Place, closest_passage
from sakshi.spans.verify import SourceSpan

__all__ = ["near_miss", "near_miss_notes"]

_SEGMENTS = 2000  # segments searched at most: a diagnosis must stay quick
_SHOWN_PLACES = 3
_CONTEXT = 24  # characters of the document shown on each side of a place


def _label(doc: Document, index: int) -> str:
    if doc.anchor is AnchorKind.PAGE:
        return f" on page {index + 1}"
    if doc.anchor is AnchorKind.BLOCK:
        return f" in block {index}"
    return ""


def _anchored(span: SourceSpan, doc: Document) -> int | None:
    """The index of the segment the span's anchor names, when it names one that exists."""
    if doc.anchor is AnchorKind.WHOLE:
        return 0
    anchor = span.page - 1 if span.page is not None else span.block
    if anchor is None or not 0 <= anchor < len(doc.segments):
        return None
    return anchor


def _hint(span: SourceSpan, segment: Segment) -> int | None:
    """The span's start in codepoints, when it gives offsets that can be counted so."""
    start = span.char_start
    if start is None or not 0 <= start <= len(segment.data) * 2:
        return None
    if span.unit is OffsetUnit.BYTE:
        return len(segment.data[:start].decode("utf-8", "ignore"))
    if span.unit is OffsetUnit.UTF16:
        units = segment.utf16
        return None if units is None else len(units[: 2 * start].decode("utf-16-le", "ignore"))
    return start


def near_miss(span: SourceSpan, doc: Document) -> tuple[str, str, NearMiss] | None:
    """Where the span's quote nearly stands: (where in the document, ' on page 2',
    ' in block 0' or '' for a whole document; its text; the passage), or None when the
    quote's exact bytes are in the document (the anchor or the offsets are what is off)
    or nothing is near enough. The anchored segment is searched first, then the others."""
    quote_bytes = span.quote.encode("utf-8")
    if any(quote_bytes in segment.data for segment in doc.segments):
        return None
    first = _anchored(span, doc)
    order = [first] if first is not None else []
    order += [i for i in range(min(len(doc.segments), _SEGMENTS)) if i != first]
    best: tuple[str, str, NearMiss] | None = None
    for index in order:
        text = doc.segments[index].text
        hint = _hint(span, doc.segments[index]) if index == first else None
        found = None if text is None else closest_passage(span.quote, text, hint)
        if found is None or text is None:
            continue
        if index == first:
            return _label(doc, index), text, found
        if best is None or (found.edits, len(found.places)) < (
            best[2].edits,
            len(best[2].places),
        ):
            best = (_label(doc, index), text, found)
    return best


def _offset(text: str, codepoint: int, unit: OffsetUnit) -> int:
    if unit is OffsetUnit.BYTE:
        return len(text[:codepoint].encode("utf-8"))
    if unit is OffsetUnit.UTF16:
        return len(text[:codepoint].encode("utf-16-le")) // 2
    return codepoint


def _names(chars: str) -> str:
    if not chars:
        return "nothing"
    shown = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '(unnamed)')}" for c in chars[:3])
    return shown + (", …" if len(chars) > 3 else "")


def _excerpt(text: str, place: Place) -> str:
    """The document around the place, its differing characters marked ⟦ ⟧ (an empty
    ⟦⟧ where the quote has characters the document lacks)."""
    low = max(0, place.start - _CONTEXT)
    high = min(len(text), place.end + _CONTEXT)
    shown = (
        ("\u2026" if low else "")
        + text[low : place.start]
        + "\u27e6"
        + place.document
        + "\u27e7"
        + text[place.end : high]
        + ("\u2026" if high < len(text) else "")
    )
    return repr(shown)  # repr: a tab, a newline or a no-break space stays visible


def _place_note(text: str, place: Place, unit: OffsetUnit) -> str:
    document = repr(place.document) if place.document else "nothing"
    quote = repr(place.quote) if place.quote else "nothing"
    kind = place.kind.value
    if place.kind in LOOKALIKE:
        kind += f": the document's {_names(place.document)}, the quote's {_names(place.quote)}"
    return (
        f"at {unit} {_offset(text, place.start, unit)} the document has {document} where the"
        f" quote has {quote} ({kind}): {_excerpt(text, place)}"
    )


def near_miss_notes(span: SourceSpan, doc: Document) -> list[str]:
    """The near miss of a span that did not verify, as notes a person can act on: the
    closest passage (its offsets in the span's unit) and each place it differs; [] when
    there is none (see ``near_miss``)."""
    found = near_miss(span, doc)
    if found is None:
        return []
    where, text, passage = found
    unit = span.unit
    count = len(passage.places)
    start, end = _offset(text, passage.start, unit), _offset(text, passage.end, unit)
    header = (
        f"the closest passage{where} is at {unit} offsets [{start}, {end}) and differs from"
        f" the quote in {count} {'place' if count == 1 else 'places'}"
    )
    notes = [header]
    notes += [_place_note(text, place, unit) for place in passage.places[:_SHOWN_PLACES]]
    if count > _SHOWN_PLACES:
        notes.append(f"and {count - _SHOWN_PLACES} more places")
    return notes
