"""A ``char_location`` citation into one cite: its offsets, in the unit that holds.

The provider does not document what ``start_char_index`` and ``end_char_index`` count, so
each unit is tried (codepoint, utf16, byte) and the cite takes the first whose range is
exactly ``cited_text``; the value's ``matched_units`` lists every unit that held.

When none holds exactly, one difference is read and said out loud: the range holds
``cited_text`` with whitespace at one end or both (Anthropic's own documentation example
cites ``[0, 20)`` of "The grass is green. The sky is blue." with the 19 characters "The
grass is green."). Then the cite is anchored at the exact position of ``cited_text``
inside the range, in the first unit where that works, and the value's ``adjusted``
records the provider's range and the one used; ``origin`` keeps the provider's object.
Whitespace is what Python's ``str.isspace`` counts. Anything else stays a mismatch: the
cite keeps the provider's offsets as codepoints and grades FABRICATED_SPAN.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sakshi.importers.anthropic.cited import Citation, Cite, Tally
from sakshi.importers.anthropic.documents import RequestDocument
from sakshi.spans import BodyKind, OffsetUnit, verify_span

__all__ = ["char_cites"]

_UNITS = (OffsetUnit.CODEPOINT, OffsetUnit.UTF16, OffsetUnit.BYTE)
_ENCODINGS = {OffsetUnit.UTF16: ("utf-16-le", 2), OffsetUnit.BYTE: ("utf-8", 1)}


class _Adjusted(NamedTuple):
    """Where ``cited_text`` stands inside the provider's range, in one unit."""

    unit: OffsetUnit
    start: int
    end: int
    before: str  # the whitespace of the range left out before cited_text
    after: str  # and after it


def char_cites(citation: Citation, notes: list[str], tally: Tally) -> list[Cite]:
    """The one cite of a ``char_location`` citation; notes for people on ``notes``."""
    start = citation.integer("start_char_index")
    end = citation.integer("end_char_index")
    doc, quote = citation.doc, citation.quote
    base = {"doc": doc.id, "quote": quote, "char_start": start, "char_end": end}
    documents = {doc.id: doc.document}
    matched = [u for u in _UNITS if verify_span({**base, "unit": u.value}, documents).verified]
    if matched:
        tally.count_unit("=".join(u.value for u in matched))
        span = {**base, "unit": matched[0].value, "origin": citation.raw}
        return [Cite(span, {"matched_units": [u.value for u in matched]})]
    adjusted = _adjust(doc, quote, start, end)
    if adjusted is not None:
        tally.adjusted += 1
        return [_adjusted_cite(citation, adjusted, start, end)]
    tally.count_unit("none")
    notes.append(
        f"{citation.label}: cited_text is not characters [{start}, {end}) of {doc.id} "
        f"counted in codepoints, utf16 units or bytes{_char_hint(doc, quote, start, end)}; "
        "kept with codepoint offsets, it will grade FABRICATED_SPAN"
    )
    span = {**base, "unit": OffsetUnit.CODEPOINT.value, "origin": citation.raw}
    note = f"cited_text is not [{start}, {end}) of {doc.id} in any unit; kept as codepoint offsets"
    return [Cite(span, {"matched_units": [], "note": note})]


def _adjusted_cite(citation: Citation, adjusted: _Adjusted, start: int, end: int) -> Cite:
    span = {
        "doc": citation.doc.id,
        "quote": citation.quote,
        "char_start": adjusted.start,
        "char_end": adjusted.end,
        "unit": adjusted.unit.value,
        "origin": citation.raw,
    }
    record: dict[str, Any] = {
        "provider_range": [start, end],
        "range": [adjusted.start, adjusted.end],
        "unit": adjusted.unit.value,
        "left_out": {"before": adjusted.before, "after": adjusted.after},
        "why": "the provider's range holds cited_text with whitespace at its ends; the cite "
        "is anchored at cited_text's exact position inside it",
    }
    return Cite(span, {"matched_units": [], "adjusted": record})


def _unit_length(text: str, unit: OffsetUnit) -> int:
    if unit is OffsetUnit.CODEPOINT:
        return len(text)
    encoding, width = _ENCODINGS[unit]
    return len(text.encode(encoding)) // width


def _unit_slice(text: str, start: int, end: int, unit: OffsetUnit) -> str | None:
    """Characters ``[start, end)`` of ``text`` counted in ``unit``; None when the range is
    out of bounds or splits a character (a UTF-8 sequence or a surrogate pair)."""
    if unit is OffsetUnit.CODEPOINT:
        return text[start:end] if 0 <= start < end <= len(text) else None
    encoding, width = _ENCODINGS[unit]
    data = text.encode(encoding)
    low, high = start * width, end * width
    if not 0 <= low < high <= len(data):
        return None
    try:
        return data[low:high].decode(encoding)
    except UnicodeDecodeError:
        return None


def _edges(text: str) -> tuple[int, int]:
    """How many characters of whitespace ``text`` has at its start and at its end."""
    stripped = text.strip()
    if not stripped:
        return len(text), 0
    return len(text) - len(text.lstrip()), len(text) - len(text.rstrip())


def _inside(window: str, quote: str) -> int | None:
    """Where ``quote`` starts in ``window`` when the two differ only by whitespace at
    ``window``'s ends (``quote`` whole, its own edge whitespace included); else None."""
    core = quote.strip()
    if not core or len(quote) >= len(window):
        return None
    lead, trail = _edges(window)
    if window[lead : len(window) - trail] != core:
        return None
    quote_lead, _ = _edges(quote)
    at = lead - quote_lead
    if at < 0 or window[at : at + len(quote)] != quote:
        return None
    return at


def _adjust(doc: RequestDocument, quote: str, start: int, end: int) -> _Adjusted | None:
    """``cited_text``'s exact place inside the provider's range, in the first unit whose
    range holds it with only whitespace around; None when no unit does."""
    if doc.kind is not BodyKind.TEXT:
        return None
    text = doc.parts[0]
    for unit in _UNITS:
        window = _unit_slice(text, start, end, unit)
        at = None if window is None else _inside(window, quote)
        if window is None or at is None:
            continue
        before, after = window[:at], window[at + len(quote) :]
        adjusted = _Adjusted(
            unit, start + _unit_length(before, unit), end - _unit_length(after, unit), before, after
        )
        span: dict[str, object] = {"doc": doc.id, "quote": quote, "unit": unit.value}
        span.update(char_start=adjusted.start, char_end=adjusted.end)
        # Checked by the verifier itself, so the adjusted cite is known to hold.
        if verify_span(span, {doc.id: doc.document}).verified:
            return adjusted
    return None


def _char_hint(doc: RequestDocument, quote: str, start: int, end: int) -> str:
    """Why no unit held, when it can be said: whitespace only, or the wrong kind of body."""
    if doc.kind is BodyKind.TEXT and 0 <= start < end <= len(doc.parts[0]):
        if doc.parts[0][start:end].strip() == quote.strip():
            return (
                " (the codepoint slice differs from it only in whitespace at its ends, but "
                "cited_text is not inside the range, so it is not adjusted)"
            )
    elif doc.kind is not BodyKind.TEXT:
        return f" (char_location into a {doc.kind.value} document)"
    return ""
