"""Text from a pack on the evidence view's page: escaped, hidden characters shown, and the
highlights of cites wrapped around it.

    esc(text)              element content: escaped, invisible characters as labelled boxes
    attr(text)             an attribute value: escaped, invisible characters as spaces
    pack_marks(n, values)  every value's highlight, by the segment it falls in, and inside
                           it the mention that states the value (or the nearest miss)
    marked(text, marks)    a segment's text with its marks wrapped, overlaps split

Every string from a pack goes through ``esc`` or ``attr``. ``marked`` is one sweep over
the marks' edges, so a page with many overlapping cites over a long document costs time
in proportion to the text and the marks, never to their product.
"""

from __future__ import annotations

import heapq
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import NamedTuple

from sakshi.reports import displayable
from sakshi.reports.view_data import ViewValue

__all__ = ["Mark", "MarkKind", "Place", "attr", "esc", "marked", "pack_marks"]

# Characters a reader could not otherwise see, shown as small labelled boxes: C0 controls
# but tab and LF (HTML would also turn a CR into a LF), DEL, the BOM and the zero-width
# space. ZWJ/ZWNJ stay as they are: Indic scripts need them to render.
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufeff\u200b]")
_HIDDEN_NAMES = {
    "\r": "CR",
    "\x00": "NUL",
    "\x0b": "VT",
    "\x0c": "FF",
    "\x1b": "ESC",
    "\x7f": "DEL",
    "\ufeff": "BOM",
    "\u200b": "ZWSP",
}


def _hidden_box(match: re.Match[str]) -> str:
    char = match.group()
    name = _HIDDEN_NAMES.get(char, f"U+{ord(char):04X}")
    return f'<span class="ctl" title="U+{ord(char):04X}">{name}</span>'


def esc(text: str) -> str:
    """Text from a pack as element content: escaped, invisible characters made visible."""
    return _HIDDEN.sub(_hidden_box, html.escape(displayable(text), quote=True))


def attr(text: str) -> str:
    """Text from a pack as an attribute value: escaped, invisible characters as spaces."""
    return html.escape(_HIDDEN.sub(" ", displayable(text)), quote=True)


class MarkKind(StrEnum):
    """What a highlight is; its value is the CSS class a piece under it gets."""

    CITE = "hl"  # a verified cite's quote
    NEAR = "near"  # a failed cite's nearest exact match
    MENTION = "mention"  # inside a quote: the mention that states the value
    MISS = "miss"  # inside a quote: the mention nearest to a value the quote does not state


_KINDS = tuple(MarkKind)


@dataclass(frozen=True)
class Mark:
    """One highlight in a segment's text: a verified cite, a failed one's nearest match, or
    a mention inside a cite's quote."""

    start: int
    end: int
    anchor: str
    number: int
    kind: MarkKind
    label: str

    @property
    def near(self) -> bool:
        """A failed cite's nearest exact match (not the cite itself)."""
        return self.kind is MarkKind.NEAR


_OUTER = frozenset({MarkKind.CITE, MarkKind.NEAR})  # a <mark>: a cite or a nearest match
_INNER = frozenset({MarkKind.MENTION, MarkKind.MISS})  # a <span> inside a cite's <mark>


def marked(text: str, marks: Sequence[Mark]) -> str:
    """The segment's text with every mark wrapped (overlaps split into pieces).

    One sweep over the marks' edges, so the cost grows with the text and the number of
    marks, never their product: a piece's title names at most ``_TITLE_MARKS`` of the
    marks over it (the first in value order) and counts the rest. Cites and nearest
    matches are <mark> elements; a mention inside a quote is a <span> inside its cite's
    <mark>, which stays one element (a piece continues the open <mark> while the cites
    over it do not change).
    """
    size = len(text)
    kept = [mark for mark in marks if 0 <= mark.start < mark.end <= size]
    opening: dict[int, list[int]] = {}
    closing: dict[int, list[int]] = {}
    for number, mark in enumerate(kept):
        opening.setdefault(mark.start, []).append(number)
        closing.setdefault(mark.end, []).append(number)
    outer, inner = _Sweep(kept, "mark"), _Sweep(kept, "span")
    out = []
    current: str | None = None  # the open <mark> tag, if one is open
    for start, end in pairwise(sorted({0, size, *opening, *closing})):
        starting = opening.get(start, ())
        for number in closing.get(start, ()):
            (outer if kept[number].kind in _OUTER else inner).close(number)
        for number in starting:
            (outer if kept[number].kind in _OUTER else inner).open(number)
        tag = outer.tag()
        if tag != current and current is not None:
            out.append("</mark>")
        # A cite's anchor stands before its <mark>, a mention's inside it.
        out += [_anchor(kept[n]) for n in starting if kept[n].kind in _OUTER]
        if tag != current and tag is not None:
            out.append(tag)
        current = tag
        out += [_anchor(kept[n]) for n in starting if kept[n].kind in _INNER]
        piece = esc(text[start:end])
        span = inner.tag()
        out.append(f"{span}{piece}</span>" if span is not None else piece)
    if current is not None:
        out.append("</mark>")
    return "".join(out)


def _anchor(mark: Mark) -> str:
    css_class = "anchor" if mark.kind is MarkKind.CITE else f"anchor {mark.kind.value}"
    return f'<span class="{css_class}" id="{mark.anchor}" data-n="{mark.number}"></span>'


_TITLE_MARKS = 8  # marks named in one highlighted piece's title; the rest are counted


class _Sweep:
    """The marks of one layer (cites in <mark>, or mentions in <span>) over the current
    piece of text, as the sweep opens and closes them."""

    def __init__(self, marks: Sequence[Mark], element: str) -> None:
        self.marks = marks
        self.element = element
        self.active: set[int] = set()
        self.order: list[int] = []  # a heap of mark numbers; closed ones leave it lazily
        self.kinds = dict.fromkeys(_KINDS, 0)  # open marks by kind

    def open(self, number: int) -> None:
        self.active.add(number)
        heapq.heappush(self.order, number)
        self.kinds[self.marks[number].kind] += 1

    def close(self, number: int) -> None:
        self.active.discard(number)
        self.kinds[self.marks[number].kind] -= 1

    def _first(self) -> list[int]:
        """The first few open marks in value order (each closed mark is dropped once)."""
        shown: list[int] = []
        while self.order and len(shown) < _TITLE_MARKS:
            number = heapq.heappop(self.order)
            if number in self.active:
                shown.append(number)
        for number in shown:
            heapq.heappush(self.order, number)
        return shown

    def tag(self) -> str | None:
        """The opening tag saying which kinds of marks cover the piece, and which ones;
        None when none does."""
        if not self.active:
            return None
        css_class = " ".join(kind.value for kind in _KINDS if self.kinds[kind])
        labels = [self.marks[number].label for number in self._first()]
        if len(self.active) > len(labels):
            labels.append(f"and {len(self.active) - len(labels)} more")
        return f'<{self.element} class="{css_class}" title="{attr("; ".join(labels))}">'


class Place(NamedTuple):
    """A segment of a document, where a highlight falls."""

    doc: str
    segment: int


def _mention_mark(pack_number: int, value: ViewValue) -> Mark | None:
    """The mention that states the value (or the nearest miss), placed inside the cite's
    highlight: the quote is verified UTF-8, so its codepoints add to the highlight's."""
    span, check = value.highlight, value.value_check
    pointed = None if check is None else check.pointed
    if span is None or pointed is None or check is None:
        return None
    start, end = span.start + pointed.start, span.start + pointed.end
    if not span.start <= start < end <= span.end:
        return None
    kind = MarkKind.MENTION if pointed.matched else MarkKind.MISS
    what = "states the value" if pointed.matched else "nearest mention: does not state the value"
    label = f"#{value.index + 1} {value.field}: {what}"
    return Mark(start, end, f"p{pack_number}-v{value.index}-m", value.index + 1, kind, label)


def pack_marks(pack_number: int, values: Sequence[ViewValue]) -> dict[Place, list[Mark]]:
    """Every value's highlight, nearest match and pointed mention, by the segment it falls
    in, in value order (one pass over the values, not one per segment)."""
    marks: dict[Place, list[Mark]] = {}
    for value in values:
        for span, kind in ((value.highlight, MarkKind.CITE), (value.near, MarkKind.NEAR)):
            if span is None:
                continue
            near = kind is MarkKind.NEAR
            anchor = f"p{pack_number}-v{value.index}" + ("-near" if near else "")
            label = f"#{value.index + 1} {value.field}" + (
                " (failed cite: nearest exact match)" if near else ""
            )
            mark = Mark(span.start, span.end, anchor, value.index + 1, kind, label)
            marks.setdefault(Place(span.doc, span.segment), []).append(mark)
        mention = _mention_mark(pack_number, value)
        if mention is not None and value.highlight is not None:
            place = Place(value.highlight.doc, value.highlight.segment)
            marks.setdefault(place, []).append(mention)
    return marks
