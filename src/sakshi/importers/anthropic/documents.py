"""The request's document blocks, in order, as section-2 documents (``doc-0``, ...).

``document_index`` counts document blocks across the request's messages. A source is
read offline or refused: ``text``; ``content`` (one block per content block); ``base64``
(text/plain, or a PDF whose text layer the caller's ``pdf_text`` function reads).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sakshi.errors import InputError
from sakshi.importers.anthropic.fields import need
from sakshi.importers.pdf import PdfText
from sakshi.spans import BodyKind, Document

__all__ = ["PdfReader", "RequestDocument", "request_documents"]

PdfReader = Callable[[bytes, str], PdfText]


@dataclass(frozen=True)
class RequestDocument:
    """One document block of the request, as a section-2 document."""

    index: int
    id: str
    kind: BodyKind  # TEXT, PAGES or BLOCKS
    parts: tuple[str, ...]  # one string for TEXT
    title: str | None
    meta: Mapping[str, Any]
    where: str  # messages[i].content[j]

    @cached_property
    def document(self) -> Document:
        """As a ``Document``, built once (its segments cache their decoded text)."""
        return Document.from_strings(self.id, self.kind, list(self.parts))

    def entry(self) -> dict[str, Any]:
        """The pack's ``documents:`` entry."""
        out: dict[str, Any] = {"id": self.id}
        if self.title is not None:
            out["title"] = self.title
        if self.meta:
            out["meta"] = dict(self.meta)
        out[self.kind.value] = self.parts[0] if self.kind is BodyKind.TEXT else list(self.parts)
        return out


@dataclass(frozen=True)
class _Block:
    """Where one document block sits in the request: its id, and how messages name it."""

    index: int  # its document_index
    where: str  # messages[i].content[j]
    source: str  # the request file, as the user named it

    @property
    def label(self) -> str:
        """``document 2 (messages[2].content[0])``."""
        return f"document {self.index} ({self.where})"

    def need(self, value: object, types: type, what: str, key: str) -> Any:
        """``need`` at ``key`` inside this block (``.source.data``)."""
        return need(value, types, what, self.source, f"{self.where}{key}")

    def document(
        self, kind: BodyKind, parts: tuple[str, ...], title: str | None, meta: Mapping[str, Any]
    ) -> RequestDocument:
        """This block as a ``RequestDocument`` with ``parts`` of ``kind``."""
        return RequestDocument(
            self.index, f"doc-{self.index}", kind, parts, title, meta, self.where
        )


def request_documents(
    request: object, source: str, pdf_text: PdfReader | None
) -> list[RequestDocument]:
    """The document blocks of the request's messages, in order, as section-2 documents."""
    req: dict[str, Any] = need(
        request, dict, "a Messages request (an object with messages)", source, ""
    )
    messages = need(req.get("messages"), list, "a list", source, "messages")
    docs: list[RequestDocument] = []
    for i, message in enumerate(messages):
        need(message, dict, "a message (an object)", source, f"messages[{i}]")
        content = message.get("content")
        if isinstance(content, str):
            continue
        need(
            content, list, "a string or a list of content blocks", source, f"messages[{i}].content"
        )
        for j, block in enumerate(content):
            if isinstance(block, dict) and block.get("type") == "document":
                at = _Block(len(docs), f"messages[{i}].content[{j}]", source)
                docs.append(_document(block, at, pdf_text))
    return docs


def _document(block: dict[str, Any], at: _Block, pdf_text: PdfReader | None) -> RequestDocument:
    title = block.get("title")
    if title is not None:
        at.need(title, str, "a string or null", ".title")
    meta: dict[str, Any] = {}
    if isinstance(block.get("context"), str):
        meta["context"] = block["context"]
    src = at.need(block.get("source"), dict, "an object", ".source")
    kind = src.get("type")
    if kind == "text":
        data = at.need(src.get("data"), str, "a string", ".source.data")
        return at.document(BodyKind.TEXT, (data,), title, meta)
    if kind == "content":
        return _content_document(src, at, title, meta)
    if kind == "base64":
        return _base64_document(src, at, title, meta, pdf_text)
    raise InputError(
        at.source,
        f"{at.where}.source.type",
        f"{at.label}: source type {kind!r} cannot be read offline; "
        "give the document as text, content or base64",
    )


def _content_document(
    src: dict[str, Any], at: _Block, title: str | None, meta: dict[str, Any]
) -> RequestDocument:
    content = src.get("content")
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    items: list[Any] = at.need(content, list, "a list of content blocks", ".source.content")
    parts: list[str] = []
    empty_blocks: list[int] = []
    for k, item in enumerate(items):
        key = f".source.content[{k}]"
        at.need(item, dict, "a content block", key)
        if item.get("type") == "text":
            parts.append(at.need(item.get("text"), str, "a string", f"{key}.text"))
        else:
            # Keep block numbers aligned with the provider's: a non-text block stays
            # as an empty block, in which no quote can ever verify.
            parts.append("")
            empty_blocks.append(k)
    if empty_blocks:
        meta = {
            **meta,
            "empty_blocks": empty_blocks,
            "note": "empty_blocks were not text (e.g. images); kept empty so block numbers match",
        }
    return at.document(BodyKind.BLOCKS, tuple(parts), title, meta)


def _base64_document(
    src: dict[str, Any],
    at: _Block,
    title: str | None,
    meta: dict[str, Any],
    pdf_text: PdfReader | None,
) -> RequestDocument:
    data_b64 = at.need(src.get("data"), str, "a base64 string", ".source.data")
    try:
        raw = base64.b64decode(data_b64, validate=True)
    except (binascii.Error, ValueError):
        raise InputError(
            at.source, f"{at.where}.source.data", f"{at.label}: not valid base64"
        ) from None
    media = src.get("media_type")
    if media == "text/plain":
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(
                at.source, f"{at.where}.source.data", f"{at.label}: text/plain data is not UTF-8"
            ) from None
        return at.document(BodyKind.TEXT, (text,), title, meta)
    if media != "application/pdf":
        raise InputError(
            at.source,
            f"{at.where}.source.media_type",
            f"{at.label}: expected application/pdf or text/plain, found {media!r}",
        )
    if pdf_text is None:
        raise InputError(
            at.source,
            at.where,
            f"{at.label} is a base64 PDF; reading its text layer needs pypdf (pip install pypdf)",
        )
    try:
        extracted = pdf_text(raw, f"{at.source}: {at.label}")
    except InputError as exc:
        raise InputError(at.source, at.where, f"{at.label}: {exc.problem}") from None
    meta = {**meta, **extracted.meta(), "source": "base64 PDF in the request"}
    return at.document(BodyKind.PAGES, extracted.pages, title, meta)
