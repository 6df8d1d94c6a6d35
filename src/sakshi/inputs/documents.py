"""Files in, frozen model out: documents (SPEC section 2) and DOCS.yaml.

The only module that reads document files. Every refusal is an ``InputError`` naming the
file and the key (``documents[2].file``), never a traceback.

Shared documents: a pack's ``documents:`` entry ``{ref: ID}`` is the frozen document
``ID`` of the project's documents root (``documents = "…"`` in sakshi.toml or
``[tool.sakshi]``): ``<root>/ID.yaml`` (or ``.yml``: a section-2 document, or what
``sakshi docs extract`` wrote) or ``<root>/ID.txt`` (raw bytes, a ``file`` document).
Many packs cite one document this way, and it is read once per process. ``ID`` is a
plain name (no ``/``, no ``..``) and a link in the root is followed only while it stays
inside the root.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from sakshi.errors import InputError, a_kind
from sakshi.inputs.files import MAX_FILE_BYTES, check_relative, read_bytes, resolve_inside
from sakshi.spans import BodyKind, Document, Segment

__all__ = ["load_docs_file", "load_documents", "safe_child", "shared_documents"]

_BODY_KEYS = tuple(k.value for k in BodyKind)
# One document file is held in memory whole (verification slices its bytes); past this a
# clear refusal beats running the machine out of memory.
MAX_DOCUMENT_BYTES = MAX_FILE_BYTES
# Besides `id` and its body a document may carry a title and free-form `meta` (where
# extractors record the source's SHA-256, the tool and its version).
_DOC_KEYS = frozenset({"id", "title", "meta", *_BODY_KEYS})
_PACK_FOLDER = "the pack's folder"
_REF_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
_REF_SUFFIXES = (".yaml", ".yml", ".txt")
_ROOT_FOLDER = "the documents root"


class _SharedRoot(NamedTuple):
    """The documents root in force, how the configuration names it, and what was read."""

    folder: Path | None
    named: str
    loaded: dict[str, Document]


_shared = _SharedRoot(None, "", {})


@contextmanager
def shared_documents(folder: Path | None, named: str = "documents") -> Iterator[None]:
    """Within the block (and processes forked in it), ``{ref: ID}`` documents are read
    from ``folder`` (None: a ``ref`` is refused); ``named`` says where it was set."""
    global _shared
    before, _shared = _shared, _SharedRoot(folder, named, {})
    try:
        yield
    finally:
        _shared = before


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


class _SharedFile(NamedTuple):
    """A shared document's file: as the root names it (for messages), and where it leads."""

    shown: Path
    target: Path


def _shared_file(ref: str, source: str, key: str) -> _SharedFile:
    """The file of the shared document ``ref`` in the documents root, or a refusal."""
    folder = _shared.folder
    if folder is None:
        raise InputError(
            source,
            key,
            'a shared document needs the documents root: set documents = "<folder>" in'
            " sakshi.toml or [tool.sakshi] of pyproject.toml",
        )
    if not _REF_ID.match(ref):
        raise InputError(
            source, key, f"expected a document id (letters, digits, '.', '_', '-'), found {ref!r}"
        )
    if not folder.is_dir():
        raise InputError(
            source, key, f"the documents root {str(folder)!r} ({_shared.named}) is not a folder"
        )
    for suffix in _REF_SUFFIXES:
        name = ref + suffix
        if os.path.lexists(folder / name):
            return _SharedFile(
                folder / name, resolve_inside(folder, name, source, key, _ROOT_FOLDER)
            )
    raise InputError(
        source,
        key,
        f"no document {ref!r} in the documents root {str(folder)!r}"
        f" (looked for {', '.join(ref + suffix for suffix in _REF_SUFFIXES)})",
    )


def _load_shared(ref: object, source: str, key: str) -> Document:
    """The shared document ``ref`` (read once per process, whichever pack names it)."""
    if not isinstance(ref, str) or not ref:
        raise InputError(source, key, f"expected a document id, found {_kind(ref)}")
    if ref in _shared.loaded:
        return _shared.loaded[ref]
    found = _shared_file(ref, source, key)
    shown = str(found.shown)
    if found.shown.suffix == ".txt":
        data = read_bytes(found.target, shown, "a regular file", MAX_DOCUMENT_BYTES)
        doc = Document(ref, BodyKind.FILE, (Segment(data),))
    else:
        doc = _document_file(found.target, shown)
        if doc.id != ref:
            raise InputError(shown, "id", f"the file is named for {ref!r} but holds {doc.id!r}")
    _shared.loaded[ref] = doc
    return doc


def _document_file(path: Path, shown: str) -> Document:
    """A YAML file holding one document: the document itself, or ``{documents: [one]}``
    as ``sakshi docs extract`` writes it."""
    from sakshi.inputs.yamlsafe import load_yaml_file  # here: a warm run parses no YAML

    data = load_yaml_file(path, shown)
    key = "document"
    if isinstance(data, Mapping) and set(data) == {"documents"}:
        items = data["documents"]
        if not isinstance(items, list) or len(items) != 1:
            raise InputError(shown, "documents", "expected exactly one document in the file")
        data, key = items[0], "documents[0]"
    return load_document(data, path.parent, shown, key)


def load_document(raw: object, base: Path, source: str, key: str) -> Document:
    """One section-2 document from its parsed YAML mapping; files read from ``base``. An
    entry ``{ref: ID}`` is the shared document ``ID`` (see the module docstring)."""
    if not isinstance(raw, Mapping):
        raise InputError(
            source, key, f"expected a mapping with id and one body, found {_kind(raw)}"
        )
    if "ref" in raw:
        extra = sorted(str(k) for k in raw if k != "ref")
        if extra:
            raise InputError(
                source, f"{key}.{extra[0]}", "a shared document entry takes only ref: ID"
            )
        return _load_shared(raw["ref"], source, f"{key}.ref")
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
    from sakshi.inputs.yamlsafe import load_yaml_file

    source = os.fspath(path)
    data = load_yaml_file(path, source)
    if not isinstance(data, Mapping):
        raise InputError(
            source, None, f"expected a mapping with a documents: list, found {_kind(data)}"
        )
    if "documents" not in data:
        raise InputError(source, "documents", "missing; expected a list of documents")
    return load_documents(data["documents"], path.parent, source)
