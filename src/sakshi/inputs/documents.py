"""Files in, frozen model out: documents (SPEC section 2) and DOCS.yaml.

The only module that reads document files. Every refusal is an ``InputError`` naming the
file and the key (``documents[2].file``), never a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sakshi.errors import InputError, a_kind
from sakshi.inputs.files import MAX_FILE_BYTES, check_relative, read_bytes, resolve_inside
from sakshi.inputs.yamlsafe import load_yaml_file
from sakshi.spans import BodyKind, Document, Segment

__all__ = ["load_docs_file", "load_documents", "safe_child"]

_BODY_KEYS = tuple(k.value for k in BodyKind)
# One document file is held in memory whole (verification slices its bytes); past this a
# clear refusal beats running the machine out of memory.
MAX_DOCUMENT_BYTES = MAX_FILE_BYTES
# Besides `id` and its body a document may carry a title and free-form `meta` (where
# extractors record the source's SHA-256, the tool and its version).
_DOC_KEYS = frozenset({"id", "title", "meta", *_BODY_KEYS})
_PACK_FOLDER = "the pack's folder"


def safe_child(base: Path, rel: object, source: str, key: str) -> Path:
    """Resolve ``rel`` inside the folder ``base``, or refuse it.

    Refused: a non-string or empty path, an absolute path (POSIX or Windows), any ``..``
    part, a NUL byte, a path that ends in ``/`` or ``/.`` (it names a folder, even when
    a file has that name), a target that does not exist or is not a regular file, and a
    symlink (anywhere along the path) whose target leaves ``base``.
    """
    if not isinstance(rel, str) or not rel:
        raise InputError(source, key, f"expected a non-empty relative path, found {_kind(rel)}")
    check_relative(rel, source, key, _PACK_FOLDER)
    # The OS would read "a.txt/." or "a.txt/" as a.txt once the path is normalised: a
    # path written as a folder is refused as one, never read as the file of that name.
    if rel.replace("\\", "/").rsplit("/", 1)[-1] in ("", "."):
        raise InputError(source, key, f"path {rel!r} names a folder, not a regular file")
    target = resolve_inside(base, rel, source, key, _PACK_FOLDER)
    if not target.is_file():
        raise InputError(source, key, f"path {rel!r} is not a regular file")
    return target


def _kind(value: object) -> str:
    return "an empty string" if value == "" else a_kind(value)


def _read_file(base: Path, rel: object, source: str, key: str) -> Segment:
    path = safe_child(base, rel, source, key)
    # The type is checked again on the opened file: a swap after safe_child cannot slip
    # a FIFO or a device in, and the read stops at the limit whatever st_size says.
    return Segment(read_bytes(path, source, "a regular file", MAX_DOCUMENT_BYTES, key))


def _encode(text: object, source: str, key: str) -> Segment:
    if not isinstance(text, str):
        raise InputError(source, key, f"expected a string, found {_kind(text)}")
    try:
        return Segment(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise InputError(
            source, key, f"not valid Unicode: a lone surrogate at character {exc.start}"
        ) from None


def _list(value: object, source: str, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(source, key, f"expected a list, found {_kind(value)}")
    return value


def load_document(raw: object, base: Path, source: str, key: str) -> Document:
    """One section-2 document from its parsed YAML mapping; files read from ``base``."""
    if not isinstance(raw, Mapping):
        raise InputError(
            source, key, f"expected a mapping with id and one body, found {_kind(raw)}"
        )
    unknown = sorted(str(k) for k in raw if k not in _DOC_KEYS)
    if unknown:
        raise InputError(
            source,
            f"{key}.{unknown[0]}",
            f"unknown key; a document takes {', '.join(sorted(_DOC_KEYS))}",
        )
    doc_id = raw.get("id")
    if not isinstance(doc_id, str) or not doc_id:
        raise InputError(source, f"{key}.id", f"expected a non-empty string, found {_kind(doc_id)}")
    bodies = [k for k in _BODY_KEYS if k in raw]
    if len(bodies) != 1:
        found = ", ".join(bodies) if bodies else "none"
        raise InputError(
            source,
            key,
            f"document {doc_id!r} needs exactly one of {', '.join(_BODY_KEYS)}; found {found}",
        )
    kind = BodyKind(bodies[0])
    body = raw[kind.value]
    where = f"{key}.{kind.value}"
    if kind is BodyKind.TEXT:
        segments: tuple[Segment, ...] = (_encode(body, source, where),)
    elif kind is BodyKind.FILE:
        segments = (_read_file(base, body, source, where),)
    elif kind is BodyKind.PAGES_FILES:
        items = _list(body, source, where)
        segments = tuple(
            _read_file(base, rel, source, f"{where}[{i}]") for i, rel in enumerate(items)
        )
    else:
        items = _list(body, source, where)
        segments = tuple(_encode(text, source, f"{where}[{i}]") for i, text in enumerate(items))
    return Document(doc_id, kind, segments)


def load_documents(
    raw: object, base: Path, source: str, key: str = "documents"
) -> dict[str, Document]:
    """The ``documents:`` list of a pack or DOCS.yaml, keyed by id (ids unique)."""
    items = _list(raw, source, key)
    documents: dict[str, Document] = {}
    for index, item in enumerate(items):
        doc = load_document(item, base, source, f"{key}[{index}]")
        if doc.id in documents:
            raise InputError(source, f"{key}[{index}].id", f"duplicate document id {doc.id!r}")
        documents[doc.id] = doc
    return documents


def load_docs_file(path: Path) -> dict[str, Document]:
    """A DOCS.yaml (or a pack): a mapping whose ``documents:`` list is read, files beside it."""
    source = os.fspath(path)
    data = load_yaml_file(path, source)
    if not isinstance(data, Mapping):
        raise InputError(
            source, None, f"expected a mapping with a documents: list, found {_kind(data)}"
        )
    if "documents" not in data:
        raise InputError(source, "documents", "missing; expected a list of documents")
    return load_documents(data["documents"], path.parent, source)
