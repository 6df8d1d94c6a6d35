"""Documents: the raw bytes a span is checked against (SPEC section 2).

A document is an id, one body kind and the bytes of its segments (the whole text, its
pages or its blocks). Nothing is normalised: the bytes are the UTF-8 encoding of the
strings, or a file's bytes as they are. Pure: no I/O; ``sakshi.inputs.documents`` reads
files into these.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

__all__ = ["ANCHOR_OF_BODY", "AnchorKind", "BodyKind", "Document", "OffsetUnit", "Segment"]


class BodyKind(StrEnum):
    """The one body a document has (SPEC section 2)."""

    TEXT = "text"
    PAGES = "pages"
    BLOCKS = "blocks"
    FILE = "file"
    PAGES_FILES = "pages_files"


class AnchorKind(StrEnum):
    """How a span addresses a segment of a document."""

    WHOLE = "whole"  # text, file: the document is one segment
    PAGE = "page"  # pages, pages_files: 1-based
    BLOCK = "block"  # blocks: 0-based


ANCHOR_OF_BODY: dict[BodyKind, AnchorKind] = {
    BodyKind.TEXT: AnchorKind.WHOLE,
    BodyKind.FILE: AnchorKind.WHOLE,
    BodyKind.PAGES: AnchorKind.PAGE,
    BodyKind.PAGES_FILES: AnchorKind.PAGE,
    BodyKind.BLOCKS: AnchorKind.BLOCK,
}


class OffsetUnit(StrEnum):
    """What ``char_start``/``char_end`` count."""

    CODEPOINT = "codepoint"
    BYTE = "byte"
    UTF16 = "utf16"


@dataclass(frozen=True, eq=False)
class Segment:
    """The raw bytes of one addressable unit (the whole document, a page or a block).

    The decoded views are computed once, on first use, so that a million spans into one
    large document decode it once; ``None`` means the bytes are not valid UTF-8.
    """

    data: bytes

    @cached_property
    def text(self) -> str | None:
        """The bytes as strict UTF-8 text (a BOM stays a U+FEFF character), or None."""
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError:
            return None

    @cached_property
    def utf16(self) -> bytes | None:
        """The text as UTF-16-LE code units (two bytes each), or None when undecodable."""
        text = self.text
        return None if text is None else text.encode("utf-16-le")


@dataclass(frozen=True)
class Document:
    """A document of a pack: its id, its body kind and its segments' bytes."""

    id: str
    kind: BodyKind
    segments: tuple[Segment, ...]

    @property
    def anchor(self) -> AnchorKind:
        """The anchor its spans use: whole, page or block."""
        return ANCHOR_OF_BODY[self.kind]

    @classmethod
    def from_strings(
        cls, doc_id: str, kind: BodyKind, parts: list[str] | tuple[str, ...]
    ) -> Document:
        """Build a document from strings, encoded as UTF-8 (raises on lone surrogates)."""
        return cls(doc_id, kind, tuple(Segment(p.encode("utf-8")) for p in parts))
