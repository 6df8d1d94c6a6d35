"""Text from a pack on the evidence view's page: escaped, hidden characters shown, and the
highlights of cites wrapped around it.

    esc(text)              element content: escaped, invisible characters as labelled boxes
    attr(text)             an attribute value: escaped, invisible characters as spaces
    pack_marks(n, values)  every value's highlight, by the segment it falls in
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
from itertools import pairwise
from typing import NamedTuple

from sakshi.reports import displayable
from sakshi.reports.view_data import ViewValue

__all__ = ["Mark", "Place", "attr", "esc", "marked", "pack_marks"]

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


@dataclass(frozen=True)
class Mark:
    """One highlight in a segment's text: a verified cite, or a failed one's nearest match."""

    start: int
    end: int
    anchor: str
    number: int
    near: bool
    label: str


def marked(text: str, marks: Sequence[Mark]) -> str:
    """The segment's text with every mark wrapped (overlaps split into pieces).

    One sweep over the marks' edges, so the cost grows with the text and the number of
    marks, never their product: a piece's title names at most ``_TITLE_MARKS`` of the
    marks over it (the first in value order) and counts the rest.
    """
    size = len(text)
    kept = [mark for mark in marks if 0 <= mark.start < mark.end <= size]
    opening: dict[int, list[int]] = {}
    closing: dict[int, list[int]] = {}
    for number, mark in enumerate(kept):
        opening.setdefault(mark.start, []).append(number)
        closing.setdefault(mark.end, []).append(number)
    sweep = _Sweep(kept)
    out = []
    for start, end in pairwise(sorted({0, size, *opening, *closing})):
        sweep.close(closing.get(start, ()))
        for number in opening.get(start, ()):
            mark = kept[number]
            css_class = "anchor near" if mark.near else "anchor"
            out.append(
                f'<span class="{css_class}" id="{mark.anchor}" data-n="{mark.number}"></span>'
            )
            sweep.open(number)
        piece = esc(text[start:end])
        out.append(sweep.wrap(piece) if sweep.active else piece)
    return "".join(out)


_TITLE_MARKS = 8  # marks named in one highlighted piece's title; the rest are counted


class _Sweep:
    """The marks over the current piece of text, as the sweep opens and closes them."""

    def __init__(self, marks: Sequence[Mark]) -> None:
        self.marks = marks
        self.active: set[int] = set()
        self.order: list[int] = []  # a heap of mark numbers; closed ones leave it lazily
        self.kinds = {False: 0, True: 0}  # open marks by `near`

    def open(self, number: int) -> None:
        self.active.add(number)
        heapq.heappush(self.order, number)
        self.kinds[self.marks[number].near] += 1

    def close(self, numbers: Sequence[int]) -> None:
        for number in numbers:
            self.active.discard(number)
            self.kinds[self.marks[number].near] -= 1

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

    def wrap(self, piece: str) -> str:
        """``piece`` inside a <mark> saying which kinds of marks cover it, and which ones."""
        css_class = " ".join(
            name for name, on in (("hl", self.kinds[False]), ("near", self.kinds[True])) if on
        )
        labels = [self.marks[number].label for number in self._first()]
        if len(self.active) > len(labels):
            labels.append(f"and {len(self.active) - len(labels)} more")
        return f'<mark class="{css_class}" title="{attr("; ".join(labels))}">{piece}</mark>'


class Place(NamedTuple):
    """A segment of a document, where a highlight falls."""

    doc: str
    segment: int


def pack_marks(pack_number: int, values: Sequence[ViewValue]) -> dict[Place, list[Mark]]:
    """Every value's highlight and nearest match, by the segment it falls in, in value order
    (one pass over the values, not one per segment)."""
    marks: dict[Place, list[Mark]] = {}
    for value in values:
        for span, near in ((value.highlight, False), (value.near, True)):
            if span is None:
                continue
            anchor = f"p{pack_number}-v{value.index}" + ("-near" if near else "")
            label = f"#{value.index + 1} {value.field}" + (
                " (failed cite: nearest exact match)" if near else ""
            )
            mark = Mark(span.start, span.end, anchor, value.index + 1, near, label)
            marks.setdefault(Place(span.doc, span.segment), []).append(mark)
    return marks
