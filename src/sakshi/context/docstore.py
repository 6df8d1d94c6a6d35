"""The documents folder of ``sakshi grade``: ``<id>.yaml`` (a section-2 document) or
``<id>.txt`` (raw bytes), in a local folder or at a URL (``s3://bucket/docs``), read on
demand and kept within bounds, so that a log of any length grades in constant memory.
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from sakshi.errors import InputError
from sakshi.inputs import (
    MAX_DOCUMENT_BYTES,
    MAX_YAML_BYTES,
    RemoteFolder,
    load_document,
    load_yaml_bytes,
    load_yaml_file,
    local_path,
    read_bytes,
    resolve_inside,
)
from sakshi.spans import BodyKind, Document, Segment

__all__ = ["DocumentStore"]

_DOC_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._\-]*\Z")


class DocumentStore:
    """Documents of a folder by id, loaded on first use and kept, least recently used
    first out, within ``max_documents`` and ``max_bytes`` (a log that cites a thousand
    small documents keeps them all; one that cites huge ones keeps few). The folder is a
    local path or a URL (``file://`` is a local path); an unusable one is refused here."""

    def __init__(
        self, folder: Path | str, max_documents: int = 4096, max_bytes: int = 512 * 1024 * 1024
    ) -> None:
        path = folder if isinstance(folder, Path) else local_path(folder)
        self.remote = RemoteFolder(str(folder)) if path is None else None
        if path is not None and not path.is_dir():
            raise InputError(str(folder), None, "not a folder of documents (<id>.yaml or <id>.txt)")
        self.folder = Path(".") if path is None else path  # files of a remote one: refused
        self.max_documents = max_documents
        self.max_bytes = max_bytes
        self._cache: OrderedDict[str, Document | None] = OrderedDict()
        self._bytes = 0

    def get(self, doc_id: str) -> Document | None:
        """The document, or None when the folder has no file for that id."""
        if doc_id in self._cache:
            self._cache.move_to_end(doc_id)
            return self._cache[doc_id]
        doc = self._load(doc_id)
        self._cache[doc_id] = doc
        self._bytes += _size(doc)
        while len(self._cache) > 1 and (
            len(self._cache) > self.max_documents or self._bytes > self.max_bytes
        ):
            _, dropped = self._cache.popitem(last=False)
            self._bytes -= _size(dropped)
        return doc

    def _files(self, doc_id: str) -> list[_DocumentFile]:
        """The files that hold ``doc_id`` (``<id>.yaml``, then ``<id>.txt``; none, one or
        both).

        A link is followed only while it stays inside the folder: one that leaves it
        makes the folder unusable (exit 2, naming it), never read and never skipped. A
        FIFO, a device or a folder under the name is refused when it is opened."""
        found = []
        for name in (f"{doc_id}.yaml", f"{doc_id}.txt"):
            path = self.folder / name
            if not os.path.lexists(path):
                continue
            if path.is_symlink() and not path.exists():
                continue  # a dangling link holds no document, as a missing file
            target = resolve_inside(self.folder, name, str(path), None, "the documents folder")
            found.append(_DocumentFile(str(path), target, raw=name.endswith(".txt")))
        return found

    def _load(self, doc_id: str) -> Document | None:
        # Ids name files: only plain names, so an id cannot reach outside the folder.
        if not _DOC_ID.match(doc_id):
            return None
        if self.remote is not None:
            return self._load_remote(self.remote, doc_id)
        files = self._files(doc_id)
        loaded = [self._read(doc_id, found) for found in files]
        return _one_document(loaded, files[0].shown if files else "", doc_id)

    def _read(self, doc_id: str, found: _DocumentFile) -> Document:
        if found.raw:
            data = read_bytes(found.target, found.shown, "a document file", MAX_DOCUMENT_BYTES)
            return Document(doc_id, BodyKind.FILE, (Segment(data),))
        return self._document(doc_id, load_yaml_file(found.target, found.shown), found.shown)

    def _load_remote(self, remote: RemoteFolder, doc_id: str) -> Document | None:
        loaded = []
        yaml_data = remote.read(f"{doc_id}.yaml", MAX_YAML_BYTES)
        source = f"{remote.url}/{doc_id}.yaml"
        if yaml_data is not None:
            loaded.append(self._document(doc_id, load_yaml_bytes(yaml_data, source), source))
        # A .txt beside a .yaml is looked for first (one request, not its bytes).
        txt = f"{doc_id}.txt"
        wanted = yaml_data is None or remote.holds(txt)
        raw = remote.read(txt, MAX_DOCUMENT_BYTES) if wanted else None
        if raw is not None:
            loaded.append(Document(doc_id, BodyKind.FILE, (Segment(raw),)))
        return _one_document(loaded, source, doc_id)  # (named only when both are there)

    def _document(self, doc_id: str, data: object, source: str) -> Document:
        key = "document"
        # `sakshi docs extract` writes {documents: [one document]}: take that form too.
        if (
            isinstance(data, Mapping)
            and set(data) == {"documents"}
            and isinstance(data["documents"], list)
        ):
            if len(data["documents"]) != 1:
                raise InputError(source, "documents", "expected exactly one document in the file")
            data, key = data["documents"][0], "documents[0]"
        if isinstance(data, Mapping) and "id" not in data:
            # The file's name is the document's id (SPEC 7): a document written without
            # its `id` takes it from there rather than making the folder unusable.
            data = {"id": doc_id, **data}
        if self.remote is not None and isinstance(data, Mapping):
            # A document at a URL carries its text: a `file` body would name a file
            # relative to a folder that is not on this machine.
            files = sorted({BodyKind.FILE.value, BodyKind.PAGES_FILES.value} & set(data))
            if files:
                raise InputError(
                    source, f"{key}.{files[0]}", "a document at a URL takes text or pages"
                )
        doc = load_document(data, self.folder, source, key)
        if doc.id != doc_id:
            raise InputError(source, "id", f"the file is named for {doc_id!r} but holds {doc.id!r}")
        return doc


def _one_document(loaded: list[Document], shown: str, doc_id: str) -> Document | None:
    """The document of an id's files: none, one, or both ``<id>.yaml`` and ``<id>.txt``
    when they give the same document (a YAML whose ``file`` is the ``.txt``, say). Two
    that differ are refused: which one a grade read would be a guess."""
    if not loaded:
        return None
    first = loaded[0]
    for other in loaded[1:]:
        if other.anchor is not first.anchor or [s.data for s in other.segments] != [
            s.data for s in first.segments
        ]:
            raise InputError(
                shown,
                None,
                f"{doc_id}.yaml and {doc_id}.txt give different documents;"
                " expected one file per document (or two that agree)",
            )
    return first


class _DocumentFile(NamedTuple):
    """A document's file: as the folder names it (for messages), where it leads, and
    whether it holds raw bytes (``<id>.txt``) rather than a document (``<id>.yaml``)."""

    shown: str
    target: Path
    raw: bool


def _size(doc: Document | None) -> int:
    return 0 if doc is None else sum(len(segment.data) for segment in doc.segments)
