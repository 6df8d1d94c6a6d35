"""An Anthropic Messages response with citations, and its request, into a pack (SPEC 4, 7).

Pure: parsed JSON in, a pack mapping and notes out. No file, clock or environment; the one
thing it cannot do by itself, reading a base64 PDF's text layer, is a function the caller
passes in (``pdf_text``), so tests and other callers can swap it.

The pack's documents are the request's document blocks, in order (``document_index``
counts them across the request's messages): ``doc-0``, ``doc-1``, ... Its recorded turn
has one value per cited text block of the response; each cite is a source_span.v1 whose
quote is the provider's ``cited_text`` exactly as given, with the provider's citation
object kept verbatim under ``origin``. Nothing is repaired: a court reads the bytes, so a
``cited_text`` that is not in the document grades red (FABRICATED_SPAN).

Decisions, each said out loud rather than assumed:

- ``char_location``: the provider does not document what its offsets count. Each unit is
  tried (codepoint, utf16, byte); the cite takes the first that makes the range hold
  ``cited_text`` and the value lists every unit that did under ``matched_units``. When
  none does, the cite keeps the offsets as codepoints (so it grades FABRICATED_SPAN) and
  the notes say so.
- ``page_location`` / ``content_block_location`` cover ``[start, end)``. A span anchors one
  page or block, so: a one-page (one-block) range anchors that page; a longer range
  anchors the page in it that holds the whole ``cited_text``; failing that, a
  ``cited_text`` that runs across a page break is split at the break into one cite per
  page (only the whitespace at the break is left out, and the value says so); failing
  that, the cite anchors the first page with the whole ``cited_text``, and grades red.
  A split citation gives one value per piece, so a block's values are ``answer-N`` or,
  when it yields several cites, ``answer-N-1``, ``answer-N-2``, ... (N: the index of the
  text block in the response's ``content``).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sakshi.context.turns import bundle_sha256
from sakshi.errors import InputError, a_kind
from sakshi.importers.pdf import PdfText
from sakshi.spans import BodyKind, Document, OffsetUnit, verify_span

__all__ = ["ImportResult", "import_anthropic", "pack_id_from"]

PdfReader = Callable[[bytes, str], PdfText]
_UNITS = (OffsetUnit.CODEPOINT, OffsetUnit.UTF16, OffsetUnit.BYTE)
_ID_CHARS = re.compile(r"[^a-z0-9]+")
_RANGE_KEYS = {
    "page_location": ("start_page_number", "end_page_number"),
    "content_block_location": ("start_block_index", "end_block_index"),
}


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
class ImportResult:
    """The pack, and what a person should know about it (one line each)."""

    pack: dict[str, Any]
    notes: tuple[str, ...]
    cited_blocks: int
    values: int
    units: Mapping[str, int] = field(default_factory=dict)


def pack_id_from(response_id: str) -> str:
    """A pack id from a response id: lower case, runs of other characters -> ``-``."""
    return _ID_CHARS.sub("-", response_id.lower()).strip("-")


def _need(value: object, types: type | tuple[type, ...], what: str, source: str, key: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, types):
        raise InputError(source, key, f"expected {what}, found {a_kind(value, 'an object')}")
    return value


# --- the request's documents ---------------------------------------------------------


def request_documents(
    request: object, source: str, pdf_text: PdfReader | None
) -> list[RequestDocument]:
    """The document blocks of the request's messages, in order, as section-2 documents."""
    req: dict[str, Any] = _need(
        request, dict, "a Messages request (an object with messages)", source, ""
    )
    messages = _need(req.get("messages"), list, "a list", source, "messages")
    docs: list[RequestDocument] = []
    for i, message in enumerate(messages):
        _need(message, dict, "a message (an object)", source, f"messages[{i}]")
        content = message.get("content")
        if isinstance(content, str):
            continue
        _need(
            content, list, "a string or a list of content blocks", source, f"messages[{i}].content"
        )
        for j, block in enumerate(content):
            if isinstance(block, dict) and block.get("type") == "document":
                docs.append(
                    _document(block, len(docs), f"messages[{i}].content[{j}]", source, pdf_text)
                )
    return docs


def _document(
    block: dict[str, Any], index: int, where: str, source: str, pdf_text: PdfReader | None
) -> RequestDocument:
    title = block.get("title")
    if title is not None:
        _need(title, str, "a string or null", source, f"{where}.title")
    meta: dict[str, Any] = {}
    if isinstance(block.get("context"), str):
        meta["context"] = block["context"]
    src = _need(block.get("source"), dict, "an object", source, f"{where}.source")
    kind = src.get("type")
    doc_id = f"doc-{index}"
    label = f"document {index} ({where})"
    if kind == "text":
        data = _need(src.get("data"), str, "a string", source, f"{where}.source.data")
        return RequestDocument(index, doc_id, BodyKind.TEXT, (data,), title, meta, where)
    if kind == "content":
        content = src.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        _need(content, list, "a list of content blocks", source, f"{where}.source.content")
        parts: list[str] = []
        for k, item in enumerate(content):
            key = f"{where}.source.content[{k}]"
            _need(item, dict, "a content block", source, key)
            if item.get("type") == "text":
                parts.append(_need(item.get("text"), str, "a string", source, f"{key}.text"))
            else:
                # Keep block numbers aligned with the provider's: a non-text block stays
                # as an empty block, in which no quote can ever verify.
                parts.append("")
                meta.setdefault("empty_blocks", []).append(k)
        if "empty_blocks" in meta:
            meta["note"] = (
                "empty_blocks were not text (e.g. images); kept empty so block numbers match"
            )
        return RequestDocument(index, doc_id, BodyKind.BLOCKS, tuple(parts), title, meta, where)
    if kind == "base64":
        return _base64_document(src, index, doc_id, title, meta, where, source, label, pdf_text)
    raise InputError(
        source,
        f"{where}.source.type",
        f"{label}: source type {kind!r} cannot be read offline; give the document as text, content or base64",
    )


def _base64_document(
    src: dict[str, Any],
    index: int,
    doc_id: str,
    title: str | None,
    meta: dict[str, Any],
    where: str,
    source: str,
    label: str,
    pdf_text: PdfReader | None,
) -> RequestDocument:
    data_b64 = _need(src.get("data"), str, "a base64 string", source, f"{where}.source.data")
    try:
        raw = base64.b64decode(data_b64, validate=True)
    except (binascii.Error, ValueError):
        raise InputError(source, f"{where}.source.data", f"{label}: not valid base64") from None
    media = src.get("media_type")
    if media == "text/plain":
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(
                source, f"{where}.source.data", f"{label}: text/plain data is not UTF-8"
            ) from None
        return RequestDocument(index, doc_id, BodyKind.TEXT, (text,), title, meta, where)
    if media != "application/pdf":
        raise InputError(
            source,
            f"{where}.source.media_type",
            f"{label}: expected application/pdf or text/plain, found {media!r}",
        )
    if pdf_text is None:
        raise InputError(
            source,
            where,
            f"{label} is a base64 PDF; reading its text layer needs pypdf (pip install pypdf)",
        )
    try:
        extracted = pdf_text(raw, f"{source}: {label}")
    except InputError as exc:
        raise InputError(source, where, f"{label}: {exc.problem}") from None
    meta = {**meta, **extracted.meta(), "source": "base64 PDF in the request"}
    return RequestDocument(index, doc_id, BodyKind.PAGES, extracted.pages, title, meta, where)


# --- citations into cites ------------------------------------------------------------


@dataclass
class _Cite:
    """One cite a citation became, with the value's extra keys (notes for people)."""

    span: dict[str, Any]
    extras: dict[str, Any] = field(default_factory=dict)


def _char_cites(
    citation: dict[str, Any],
    doc: RequestDocument,
    quote: str,
    key: str,
    source: str,
    notes: list[str],
    label: str,
) -> list[_Cite]:
    start = _need(
        citation.get("start_char_index"), int, "an integer", source, f"{key}.start_char_index"
    )
    end = _need(citation.get("end_char_index"), int, "an integer", source, f"{key}.end_char_index")
    documents = {doc.id: doc.document}
    base = {"doc": doc.id, "quote": quote, "char_start": start, "char_end": end}
    matched = [u for u in _UNITS if verify_span({**base, "unit": u.value}, documents).verified]
    unit = matched[0] if matched else OffsetUnit.CODEPOINT
    span = {**base, "unit": unit.value, "origin": citation}
    extras: dict[str, Any] = {"matched_units": [u.value for u in matched]}
    if not matched:
        hint = ""
        if doc.kind is BodyKind.TEXT and 0 <= start < end <= len(doc.parts[0]):
            sliced = doc.parts[0][start:end]
            if sliced.strip() == quote.strip():
                hint = " (the codepoint slice differs from it only in surrounding whitespace)"
        elif doc.kind is not BodyKind.TEXT:
            hint = f" (char_location into a {doc.kind.value} document)"
        extras["note"] = (
            f"cited_text is not [{start}, {end}) of {doc.id} in any unit; kept as codepoint offsets"
        )
        notes.append(
            f"{label}: cited_text is not characters [{start}, {end}) of {doc.id} counted in codepoints, "
            f"utf16 units or bytes{hint}; kept with codepoint offsets, it will grade FABRICATED_SPAN"
        )
    return [_Cite(span, extras)]


def _range_cites(
    citation: dict[str, Any],
    ctype: str,
    doc: RequestDocument,
    quote: str,
    key: str,
    source: str,
    notes: list[str],
    label: str,
) -> list[_Cite]:
    start_key, end_key = _RANGE_KEYS[ctype]
    start = _need(citation.get(start_key), int, "an integer", source, f"{key}.{start_key}")
    end = _need(citation.get(end_key), int, "an integer", source, f"{key}.{end_key}")
    paged = ctype == "page_location"
    anchor, noun = ("page", "page") if paged else ("block", "block")
    wanted = BodyKind.PAGES if paged else BodyKind.BLOCKS
    # Position p (a page number from 1, or a block index from 0) is parts[p - offset].
    offset = 1 if paged else 0

    def cite(position: int, text: str, extras: dict[str, Any] | None = None) -> _Cite:
        return _Cite(
            {"doc": doc.id, anchor: position, "quote": text, "origin": citation}, extras or {}
        )

    if doc.kind is not wanted:
        notes.append(
            f"{label}: a {ctype} citation into a {doc.kind.value} document ({doc.id}); it will grade FABRICATED_SPAN"
        )
        return [cite(start, quote)]
    if end - start <= 1:
        if end <= start:
            notes.append(
                f"{label}: {end_key} {end} is not after {start_key} {start}; {noun} {start} alone is cited"
            )
        return [cite(start, quote)]
    positions = [p for p in range(start, end) if 0 <= p - offset < len(doc.parts)]
    parts = {p: doc.parts[p - offset] for p in positions}
    for p in positions:
        if quote and quote in parts[p]:
            return [
                cite(
                    p,
                    quote,
                    {
                        "note": f"the citation covers {noun}s {start}-{end - 1}; cited_text stands whole on {noun} {p}"
                    },
                )
            ]
    pieces = _split(quote, [(p, parts[p]) for p in positions])
    if pieces:
        shown = ", ".join(str(p) for p, _ in pieces)
        notes.append(
            f"{label}: cited_text runs across {noun}s {shown}; split into one cite per {noun} at the break"
        )
        total = len(pieces)
        return [
            cite(
                p,
                text,
                {
                    "note": f"part {k} of {total} of one citation across {noun}s {shown}; only whitespace at each {noun} break is left out"
                },
            )
            for k, (p, text) in enumerate(pieces, start=1)
        ]
    notes.append(
        f"{label}: cited_text is on no single {noun} of {start}-{end - 1} of {doc.id} and does not run across a "
        f"{noun} break there; cited on {noun} {start}, it will grade FABRICATED_SPAN"
    )
    return [cite(start, quote)]


def _split(quote: str, parts: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
    """``quote`` as consecutive pieces: the end of one part, whole middle parts, the start
    of a later part, with only whitespace between them. None when it is not that."""
    for first in range(len(parts)):
        pieces = _split_from(quote, parts[first:])
        if pieces:
            return pieces
    return None


def _overlap(tail: str, quote: str) -> int:
    """The length of the longest proper prefix of ``quote`` that ends ``tail``.

    Knuth-Morris-Pratt: the matcher's state after reading ``tail`` is that length, found
    in linear time (a long cited_text against a long page must not take quadratic time).
    """
    if len(quote) < 2:
        return 0
    fail = [0] * len(quote)
    k = 0
    for i in range(1, len(quote)):
        while k and quote[i] != quote[k]:
            k = fail[k - 1]
        if quote[i] == quote[k]:
            k += 1
        fail[i] = k
    k = 0
    for ch in tail:
        while k and ch != quote[k]:
            k = fail[k - 1]
        if ch == quote[k]:
            k += 1
            if k == len(quote):  # the whole quote: keep looking for a proper prefix
                k = fail[k - 1]
    return k


def _split_from(quote: str, parts: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
    if len(parts) < 2:
        return None
    position, text = parts[0]
    cut = _overlap(text.rstrip(), quote)
    if not cut:
        return None
    pieces = [(position, quote[:cut])]
    rest = quote[cut:].lstrip()
    for position, text in parts[1:]:
        if not rest:
            break
        body = text.strip()
        if not body:
            continue  # a blank page or block between the pieces
        if text.lstrip().startswith(rest):
            pieces.append((position, rest))
            return pieces
        if rest.startswith(body):
            pieces.append((position, body))
            rest = rest[len(body) :].lstrip()
            continue
        return None
    return None


# --- the whole import ----------------------------------------------------------------


def import_anthropic(
    response: object,
    request: object,
    *,
    response_source: str = "RESPONSE.json",
    request_source: str = "REQUEST.json",
    pdf_text: PdfReader | None = None,
    file_sha256: Mapping[str, str] | None = None,
) -> ImportResult:
    """The pack for ``response`` (a Messages response) and ``request`` (what produced it).

    ``pdf_text`` reads a base64 PDF's pages (None: a PDF document is refused);
    ``file_sha256`` (``{"response": hex, "request": hex}``) goes into the bundle. Raises
    ``InputError`` naming the file and key for anything that is not a usable response or
    request; a citation that does not hold is not an error: it becomes a red cite.
    """
    source = response_source
    resp: dict[str, Any] = _need(
        response, dict, "a Messages response (an object with content)", source, ""
    )
    if resp.get("type", "message") != "message":
        raise InputError(source, "type", f"expected 'message', found {resp.get('type')!r}")
    content = _need(resp.get("content"), list, "a list of content blocks", source, "content")
    response_id = resp.get("id")
    pack_id = pack_id_from(response_id) if isinstance(response_id, str) else ""
    if not pack_id:
        raise InputError(
            source,
            "id",
            f"expected the response's id (a string with a letter or digit), found {a_kind(response_id, 'an object')}",
        )
    model = resp.get("model")
    docs = request_documents(request, request_source, pdf_text)

    notes: list[str] = []
    values: list[dict[str, Any]] = []
    cited_blocks = 0
    units: dict[str, int] = {}
    for n, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") != "text":
            continue
        citations = block.get("citations")
        if citations is None or citations == []:
            continue
        key = f"content[{n}]"
        text = _need(block.get("text"), str, "a string", source, f"{key}.text")
        _need(citations, list, "a list", source, f"{key}.citations")
        cited_blocks += 1
        cites: list[_Cite] = []
        for c, citation in enumerate(citations):
            cites += _citation_cites(
                citation, docs, f"{key}.citations[{c}]", source, notes, f"answer-{n}", units
            )
        for k, item in enumerate(cites, start=1):
            name = f"answer-{n}" if len(cites) == 1 else f"answer-{n}-{k}"
            value = {
                "field": name,
                "value": text,
                "why": _why(item.span, docs),
                "cite": item.span,
                **item.extras,
            }
            values.append(value)

    bundle: dict[str, Any] = {"source": "anthropic-messages", "response_id": response_id}
    if isinstance(model, str):
        bundle["model"] = model
    bundle["documents"] = [
        {"id": d.id, "kind": d.kind.value, **({"title": d.title} if d.title is not None else {})}
        for d in docs
    ]
    if file_sha256:
        bundle["files_sha256"] = dict(sorted(file_sha256.items()))
    pack: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "title": f"Anthropic citations: {response_id}"
        + (f" ({model})" if isinstance(model, str) else ""),
        "engine_state": "live",
    }
    prompt = _prompt(request)
    if prompt:
        pack["matter"] = {"prompt": prompt}
    pack["documents"] = [d.entry() for d in docs]
    pack["bundle"] = bundle
    pack["command"] = {
        "name": "import",
        "args": {"from": "anthropic", "response": response_source, "request": request_source},
    }
    pack["turn"] = {
        "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
        "values": values,
    }
    pack["expect"] = "green"
    if not values:
        notes.append(
            "no text block of the response carries citations; the pack will grade red (EVIDENCE_MISSING)"
        )
    return ImportResult(pack, tuple(notes), cited_blocks, len(values), units)


def _citation_cites(
    raw: object,
    docs: list[RequestDocument],
    key: str,
    source: str,
    notes: list[str],
    label: str,
    units: dict[str, int],
) -> list[_Cite]:
    citation: dict[str, Any] = _need(raw, dict, "a citation object", source, key)
    ctype = citation.get("type")
    if ctype not in ("char_location", *_RANGE_KEYS):
        raise InputError(
            source,
            f"{key}.type",
            f"citation type {ctype!r} does not point into the request's documents; sakshi verifies "
            "char_location, page_location and content_block_location",
        )
    quote = _need(citation.get("cited_text"), str, "a string", source, f"{key}.cited_text")
    index = _need(
        citation.get("document_index"), int, "an integer", source, f"{key}.document_index"
    )
    if not 0 <= index < len(docs):
        raise InputError(
            source,
            f"{key}.document_index",
            f"document {index} is not in the request ({len(docs)} document block{'s' if len(docs) != 1 else ''}): "
            "is it the request this response answered?",
        )
    doc = docs[index]
    title = citation.get("document_title")
    if isinstance(title, str) and doc.title is not None and title != doc.title:
        notes.append(
            f"{label}: the citation's document_title {title!r} differs from the request's title {doc.title!r}"
        )
    if ctype == "char_location":
        cites = _char_cites(citation, doc, quote, key, source, notes, label)
        matched = cites[0].extras["matched_units"]
        name = "=".join(matched) if matched else "none"
        units[name] = units.get(name, 0) + 1
        return cites
    return _range_cites(citation, ctype, doc, quote, key, source, notes, label)


def _why(span: Mapping[str, Any], docs: list[RequestDocument]) -> str:
    doc = next(d for d in docs if d.id == span["doc"])
    named = f"document {doc.id}" + (f" ({doc.title})" if doc.title else "")
    where = (
        f"page {span['page']} of "
        if "page" in span
        else f"block {span['block']} of "
        if "block" in span
        else ""
    )
    return f"The model cited {where}{named} for this text."


def _prompt(request: object) -> str:
    """The text of the request's last user message (what was asked), or ""."""
    if not isinstance(request, dict) or not isinstance(request.get("messages"), list):
        return ""
    for message in reversed(request["messages"]):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return content
        if isinstance(content, list):
            texts = [
                b["text"]
                for b in content
                if isinstance(b, dict)
                and b.get("type") == "text"
                and isinstance(b.get("text"), str)
            ]
            return "\n\n".join(texts)
    return ""
