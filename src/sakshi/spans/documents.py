"""Documents: the raw bytes a span is checked against (SPEC section 2).

A document is an id, one body kind and the bytes of its segments (the whole text, its
pages or its blocks). Nothing is normalised: the bytes are the UTF-8 encoding of the
strings, or a file's bytes as they are. Pure: no I/O; ``sakshi.inputs.documents`` reads
files into these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

__all__ = [
    "ANCHOR_OF_BODY",
    "AnchorKind",
    "BodyKind",
    "Document",
    "OffsetUnit",
    "Segment",
    "find_document",
]


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


def _from_data(raw: Mapping[object, object], doc_id: str) -> Document | str:
    """A section-2 document given as data (``text``, ``pages`` or ``blocks``), or why not."""
    bodies = [kind for kind in BodyKind if kind.value in raw]
    if len(bodies) != 1:
        return f"document {doc_id!r} needs exactly one of text, pages, blocks"
    kind = bodies[0]
    if kind in (BodyKind.FILE, BodyKind.PAGES_FILES):
        # Pure: no file is read here. A file body needs its pack's folder.
        return f"document {doc_id!r} has a {kind} body: load it from its YAML file first"
    if raw.get("id", doc_id) != doc_id:
        return f"the entry for {doc_id!r} holds the id {raw.get('id')!r}"
    body = raw[kind.value]
    parts = [body] if kind is BodyKind.TEXT else body
    if not isinstance(parts, list | tuple) or not all(type(part) is str for part in parts):
        wanted = "a string" if kind is BodyKind.TEXT else "a list of strings"
        return f"document {doc_id!r}: {kind} must be {wanted}"
    try:
        return Document.from_strings(doc_id, kind, parts)
    except UnicodeEncodeError:
        return f"document {doc_id!r} holds a lone surrogate, which has no UTF-8 bytes"


def _as_document(entry: object, doc_id: str) -> Document | str:
    if isinstance(entry, Document):
        return entry if entry.id == doc_id else f"the entry for {doc_id!r} is {entry.id!r}"
    if isinstance(entry, str):
        return _from_data({"text": entry}, doc_id)
    if isinstance(entry, Mapping):
        return _from_data(entry, doc_id)
    return f"document {doc_id!r} is {type(entry).__name__}, not a document"


def _entry_id(entry: object) -> object:
    if isinstance(entry, Document):
        return entry.id
    return entry.get("id") if isinstance(entry, Mapping) else None


def find_document(documents: object, doc_id: str) -> Document | str:
    """The document ``doc_id`` of ``documents``, or why there is none.

    ``documents`` maps ids to ``Document`` values, or holds section-2 data as a pack does:
    a list of documents (``{"id": ..., "text" | "pages" | "blocks": ...}``), a mapping of
    ids to such documents (or to a text), or ``{"documents": [...]}``. Pure: a ``file``
    body is refused here (sakshi's loaders read it from its pack's folder).
    """
    if isinstance(documents, Mapping):
        if doc_id in documents:
            return _as_document(documents[doc_id], doc_id)
        listed = documents.get("documents")
        if not isinstance(listed, list | tuple):
            return "no document with that id"
        documents = listed
    if not isinstance(documents, list | tuple):
        return f"documents must be a mapping or a list, found {type(documents).__name__}"
    matching = [entry for entry in documents if _entry_id(entry) == doc_id]
    if not matching:
        return "no document with that id"
    if len(matching) > 1:
        return "two documents have that id"
    return _as_document(matching[0], doc_id)
