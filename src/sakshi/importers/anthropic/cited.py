"""What the citation modules share: one citation as read, the cites it becomes, a tally.

``Citation`` is one citation object of the response with what its cites need from around
it; ``Cite`` is one source_span.v1 it became, with the value's extra keys; ``Tally``
counts, across a response, what the summary reports (offset units, transformed and
adjusted cites).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sakshi.importers.anthropic.documents import RequestDocument
from sakshi.importers.anthropic.fields import need

__all__ = ["Citation", "Cite", "Tally", "joined_note"]


@dataclass(frozen=True)
class Cite:
    """One cite a citation became, with the value's extra keys (notes for people)."""

    span: dict[str, Any]
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass
class Tally:
    """What the import counts as it goes, for the summary (one per response)."""

    # Per char_location: the offset units that made it hold (``a=b`` for several,
    # ``none`` for none; an adjusted one is counted under ``adjusted`` instead).
    units: dict[str, int] = field(default_factory=dict)
    transformed: int = 0  # page_location citations whose quote took the PDF transform
    adjusted: int = 0  # char_location citations anchored inside whitespace at the edges

    def count_unit(self, name: str) -> None:
        """One more char_location whose offsets held in ``name``."""
        self.units[name] = self.units.get(name, 0) + 1


@dataclass(frozen=True)
class Citation:
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


def joined_note(*notes: str | None) -> str:
    """Notes for one value, in order, as one sentence list (empty ones left out)."""
    return "; ".join(note for note in notes if note)
