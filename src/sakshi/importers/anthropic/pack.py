"""The whole import: a Messages response and its request into a pack, with notes.

The pack's documents are the request's (``documents.py``); its recorded turn has one value
per cite the response's cited text blocks gave (``citations.py``). Pure: parsed JSON in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sakshi.context import bundle_sha256
from sakshi.errors import InputError, a_kind
from sakshi.importers.anthropic.citations import Cite, Tally, citation_cites
from sakshi.importers.anthropic.documents import PdfReader, RequestDocument, request_documents
from sakshi.importers.anthropic.fields import need, refuse_lone_surrogates
from sakshi.values import ValueType, infer_type

__all__ = ["ImportResult", "import_anthropic", "pack_id_from", "typed_fields"]

_ID_CHARS = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class ImportResult:
    """The pack, and what a person should know about it (one line each).

    ``units``: per char_location, the offset units that held (``a=b`` for several,
    ``none`` for none); ``transformed``: page_location citations whose quote took the
    fixed PDF text transform; ``adjusted``: char_location citations anchored at
    ``cited_text`` inside whitespace at their range's ends.
    """

    pack: dict[str, Any]
    notes: tuple[str, ...]
    cited_blocks: int
    values: int
    units: Mapping[str, int] = field(default_factory=dict)
    transformed: int = 0
    adjusted: int = 0


def pack_id_from(response_id: str) -> str:
    """A pack id from a response id: lower case, runs of other characters -> ``-``."""
    return _ID_CHARS.sub("-", response_id.lower()).strip("-")


@dataclass(frozen=True)
class _Response:
    """What the pack takes from the response's envelope, checked."""

    content: list[Any]  # its content blocks, each checked when it is read
    response_id: str
    pack_id: str
    model: str | None  # None when absent or not a string


def import_anthropic(
    response: object,
    request: object,
    *,
    response_source: str = "RESPONSE.json",
    request_source: str = "REQUEST.json",
    pdf_text: PdfReader | None = None,
    file_sha256: Mapping[str, str] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> ImportResult:
    """The pack for ``response`` (a Messages response) and ``request`` (what produced it).

    ``pdf_text`` reads a base64 PDF's pages (None: a PDF document is refused);
    ``file_sha256`` (``{"response": hex, "request": hex}``) goes into the bundle;
    ``fields`` are declarations for the values (``typed_fields``). Raises
    ``InputError`` naming the file and key for anything that is not a usable response or
    request; a citation that does not hold is not an error: it becomes a red cite.
    """
    # A lone surrogate anywhere (a JSON \ud800 escape) is refused first, by its key: no
    # document, quote, title or pack can hold it, and later steps encode as UTF-8.
    refuse_lone_surrogates(response, response_source)
    refuse_lone_surrogates(request, request_source)
    resp = _read_response(response, response_source)
    docs = request_documents(request, request_source, pdf_text)
    notes: list[str] = []
    values: list[dict[str, Any]] = []
    cited_blocks = 0
    tally = Tally()
    for n, block in enumerate(resp.content):
        block_values = _block_values(n, block, docs, response_source, notes, tally)
        if block_values is not None:
            cited_blocks += 1
            values += block_values
    pack = _pack(
        resp,
        docs,
        _bundle(resp, docs, file_sha256),
        values,
        prompt=_prompt(request),
        args={"from": "anthropic", "response": response_source, "request": request_source},
        declared=fields,
    )
    if not values:
        notes.append(
            "no text block of the response carries citations; "
            "the pack will grade red (EVIDENCE_MISSING)"
        )
    return ImportResult(
        pack,
        tuple(notes),
        cited_blocks,
        len(values),
        tally.units,
        tally.transformed,
        tally.adjusted,
    )


def _read_response(response: object, source: str) -> _Response:
    resp: dict[str, Any] = need(
        response, dict, "a Messages response (an object with content)", source, ""
    )
    if resp.get("type", "message") != "message":
        raise InputError(source, "type", f"expected 'message', found {resp.get('type')!r}")
    content = need(resp.get("content"), list, "a list of content blocks", source, "content")
    response_id = resp.get("id")
    pack_id = pack_id_from(response_id) if isinstance(response_id, str) else ""
    if not isinstance(response_id, str) or not pack_id:
        raise InputError(
            source,
            "id",
            "expected the response's id (a string with a letter or digit), "
            f"found {a_kind(response_id, 'an object')}",
        )
    model = resp.get("model")
    return _Response(content, response_id, pack_id, model if isinstance(model, str) else None)


def _block_values(
    n: int,
    block: object,
    docs: list[RequestDocument],
    source: str,
    notes: list[str],
    tally: Tally,
) -> list[dict[str, Any]] | None:
    """The values of ``content[n]``: one per cite; None when it is no cited text block."""
    if not isinstance(block, dict) or block.get("type") != "text":
        return None
    citations = block.get("citations")
    if citations is None or citations == []:
        return None
    key = f"content[{n}]"
    text = need(block.get("text"), str, "a string", source, f"{key}.text")
    need(citations, list, "a list", source, f"{key}.citations")
    cites: list[Cite] = []
    for c, citation in enumerate(citations):
        cites += citation_cites(
            citation, docs, f"{key}.citations[{c}]", source, notes, f"answer-{n}", tally
        )
    return [
        {
            "field": f"answer-{n}" if len(cites) == 1 else f"answer-{n}-{k}",
            "value": text,
            "why": _why(item.span, docs),
            "cite": item.span,
            **item.extras,
        }
        for k, item in enumerate(cites, start=1)
    ]


def _bundle(
    resp: _Response, docs: list[RequestDocument], file_sha256: Mapping[str, str] | None
) -> dict[str, Any]:
    """The context bundle the turn's provenance hashes: the response and its documents."""
    bundle: dict[str, Any] = {"source": "anthropic-messages", "response_id": resp.response_id}
    if resp.model is not None:
        bundle["model"] = resp.model
    bundle["documents"] = [
        {"id": d.id, "kind": d.kind.value, **({"title": d.title} if d.title is not None else {})}
        for d in docs
    ]
    if file_sha256:
        bundle["files_sha256"] = dict(sorted(file_sha256.items()))
    return bundle


def _pack(
    resp: _Response,
    docs: list[RequestDocument],
    bundle: dict[str, Any],
    values: list[dict[str, Any]],
    *,
    prompt: str,
    args: dict[str, str],
    declared: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The pack mapping, its keys in the order a person reads them."""
    pack: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": resp.pack_id,
        "title": f"Anthropic citations: {resp.response_id}"
        + (f" ({resp.model})" if resp.model is not None else ""),
        "engine_state": "live",
    }
    if prompt:
        pack["matter"] = {"prompt": prompt}
    pack["documents"] = [d.entry() for d in docs]
    pack["bundle"] = bundle
    pack["command"] = {"name": "import", "args": args}
    fields = typed_fields(values, declared or {})
    if fields:
        pack["fields"] = fields
    pack["turn"] = {
        "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
        "values": values,
    }
    pack["expect"] = "green"
    return pack


def typed_fields(values: list[dict[str, Any]], declared: Mapping[str, Any]) -> dict[str, Any]:
    """The pack's ``fields:`` for the imported values: the ``declared`` ones as given
    (``--fields``), then a ``claim`` for each value that holds no figure.

    Every other value is left undeclared, so the grade types it as the values core infers
    it from the value alone (SPEC 8): "Rs. 50 crore" is money and must be stated by its
    quote, whatever the field is called. A sentence holding a figure of no known type is
    VALUE_UNTYPED (red) until ``--fields`` declares it. A value without a digit is the
    model's own sentence (the core would read it as ``text``, which its quote must hold
    word for word): declared a claim, reported as unchecked; its cite is still graded.
    """
    fields: dict[str, Any] = dict(declared)
    for value in values:
        name, text = value["field"], value["value"]
        if name in fields or not isinstance(text, str):
            continue
        if infer_type(text) is ValueType.TEXT:
            fields[name] = {"type": "claim"}
    return fields


def _why(span: Mapping[str, Any], docs: list[RequestDocument]) -> str:
    """The value's ``why``: which page or block of which document the model cited."""
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
