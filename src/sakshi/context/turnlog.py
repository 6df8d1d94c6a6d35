"""Production turn logs (``sakshi grade``): one logged turn a line, graded in order.

``grade_line`` is pure: a parsed line and a document lookup in, an output line out. The
document store reads ``<id>.yaml`` (a section-2 document) or ``<id>.txt`` (raw bytes)
from one folder (a local path, or a URL such as ``s3://bucket/docs``), on demand, keeping
a bounded number in memory, so a log of any length grades in constant memory.
"""

from __future__ import annotations

import json
import os
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

import orjson

from sakshi.context.grade import GradeMemo, Verdict, grade_turn
from sakshi.context.linefields import line_fields, unsupported_values
from sakshi.context.turns import (
    EngineState,
    Served,
    Turn,
    bundle_sha256,
    legacy_bundle_sha256,
    parse_turn,
)
from sakshi.errors import InputError, a_kind
from sakshi.inputs.documents import MAX_DOCUMENT_BYTES, load_document
from sakshi.inputs.files import read_bytes, resolve_inside
from sakshi.inputs.remote import RemoteFolder, local_path
from sakshi.inputs.yamlsafe import MAX_YAML_BYTES, load_yaml_bytes, load_yaml_file
from sakshi.reasons import GradeReason
from sakshi.spans import BodyKind, Document, Segment
from sakshi.values.memo import BoundedMemo

__all__ = ["DocumentStore", "GradedLine", "RunMemo", "grade_line", "grade_lines"]

_DOC_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._\-]*\Z")
_STATES = {s.value: s for s in EngineState}
_NOT_JSON = object()


class GradedLine(NamedTuple):
    """One output line (bytes, newline included) and whether it was green. A NamedTuple:
    one is made for every line of a log."""

    data: bytes
    green: bool


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

    def _find(self, doc_id: str) -> _DocumentFile | None:
        """The file that holds ``doc_id``, or None when the folder has none.

        A link is followed only while it stays inside the folder: one that leaves it
        makes the folder unusable (exit 2, naming it), never read and never skipped. A
        FIFO, a device or a folder under the name is refused when it is opened."""
        for name in (f"{doc_id}.yaml", f"{doc_id}.txt"):
            path = self.folder / name
            if not os.path.lexists(path):
                continue
            if path.is_symlink() and not path.exists():
                continue  # a dangling link holds no document, as a missing file
            target = resolve_inside(self.folder, name, str(path), None, "the documents folder")
            return _DocumentFile(str(path), target, raw=name.endswith(".txt"))
        return None

    def _load(self, doc_id: str) -> Document | None:
        # Ids name files: only plain names, so an id cannot reach outside the folder.
        if not _DOC_ID.match(doc_id):
            return None
        if self.remote is not None:
            return self._load_remote(self.remote, doc_id)
        found = self._find(doc_id)
        if found is None:
            return None
        if found.raw:
            data = read_bytes(found.target, found.shown, "a document file", MAX_DOCUMENT_BYTES)
            return Document(doc_id, BodyKind.FILE, (Segment(data),))
        return self._document(doc_id, load_yaml_file(found.target, found.shown), found.shown)

    def _load_remote(self, remote: RemoteFolder, doc_id: str) -> Document | None:
        yaml_data = remote.read(f"{doc_id}.yaml", MAX_YAML_BYTES)
        if yaml_data is not None:
            source = f"{remote.url}/{doc_id}.yaml"
            return self._document(doc_id, load_yaml_bytes(yaml_data, source), source)
        raw = remote.read(f"{doc_id}.txt", MAX_DOCUMENT_BYTES)
        return None if raw is None else Document(doc_id, BodyKind.FILE, (Segment(raw),))

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


class _DocumentFile(NamedTuple):
    """A document's file: as the folder names it (for messages), where it leads, and
    whether it holds raw bytes (``<id>.txt``) rather than a document (``<id>.yaml``)."""

    shown: str
    target: Path
    raw: bool


def _size(doc: Document | None) -> int:
    return 0 if doc is None else sum(len(segment.data) for segment in doc.segments)


def _malformed(line_id: object, problem: str | None = None) -> GradedLine:
    extra = {} if problem is None else {"problem": problem}
    return _out(line_id, Verdict.RED, [GradeReason.TURN_MALFORMED], extra)


def _out(
    line_id: object,
    verdict: Verdict,
    reasons: Iterable[GradeReason],
    extra: Mapping[str, object] | None = None,
) -> GradedLine:
    # orjson writes an enum member as its value: the same bytes as ``.value``, quicker.
    body = {"id": line_id, "verdict": verdict, "reasons": list(reasons)}
    if extra:
        body.update(extra)
    return GradedLine(orjson.dumps(body, option=_NEWLINE), verdict is Verdict.GREEN)


_NEWLINE = orjson.OPT_APPEND_NEWLINE
_GREEN_TAIL = b',"verdict":"green","reasons":[]}\n'


def _green(line_id: object) -> GradedLine:
    """``_out(line_id, Verdict.GREEN, [])``: the usual line, its fixed tail written once."""
    return GradedLine(b'{"id":' + orjson.dumps(line_id) + _GREEN_TAIL, True)


def _line_id(entry: Mapping[str, object]) -> object:
    value = entry.get("id")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return None
        return value
    if type(value) is int and -(2**63) <= value < 2**64:
        return value
    return None


def _shaped_turn(entry: Mapping[str, object]) -> Turn | str:
    """The logged line's turn, or why its state, turn or documents cannot be graded (the
    key that failed, what was expected and what was found). The turn is parsed here once
    and handed on: grading it needs it parsed too."""
    raw_state = entry.get("engine_state")
    if not isinstance(raw_state, str) or raw_state not in _STATES:
        found = repr(raw_state)[:60] if isinstance(raw_state, str) else a_kind(raw_state)
        return f"engine_state: expected one of {', '.join(_STATES)}, found {found}"
    turn = parse_turn(entry.get("turn"))
    if isinstance(turn, str):
        return f"turn: {turn}" if "turn" in entry else "turn: missing"
    doc_ids = entry.get("documents")
    if type(doc_ids) is not list:
        return _NOT_IDS + a_kind(doc_ids)
    for doc_id in doc_ids:  # a loop, not all(): most lines name one or two
        if type(doc_id) is not str:
            return _NOT_IDS + a_kind(doc_ids)
    return turn


_NOT_IDS = "documents: expected a list of document ids (strings), found "


class _Digest(NamedTuple):
    """The served bundle's hash, or why the line's bundle does not go with its state."""

    sha256: str | None
    problem: str | None = None


def _digest(state: EngineState, bundle: object, kept: RunMemo | None) -> _Digest:
    if state is EngineState.NONE:
        if bundle is not None:
            return _Digest(None, "bundle: engine_state none serves no bundle; found one")
        return _Digest(None)
    if not isinstance(bundle, dict):
        found = a_kind(bundle, "an object")
        return _Digest(None, f"bundle: engine_state {state.value} needs an object, found {found}")
    return _bundle_digest(bundle) if kept is None else kept.digest(bundle)


def _bundle_digest(bundle: dict[str, object]) -> _Digest:
    try:
        return _Digest(bundle_sha256(bundle))
    except ValueError as exc:
        return _Digest(None, f"bundle: has no canonical JSON form ({exc})")


_KEPT_SERVED = 4096  # Served values kept a state
_KEPT_BUNDLE_BYTES = 2048  # larger bundles are hashed each time: the memo stays small


class RunMemo:
    """One run's memory, so that what a log repeats is decided once: span and value
    checks (``GradeMemo``) and bundle hashes. Bounded; the output is the same without it.

    A bundle's hash is kept by the bundle's orjson bytes, and only for lines orjson read:
    such data holds no NaN, infinity or integer past 64 bits, so equal bytes are equal
    data (key order included), hence the same canonical form and hash."""

    __slots__ = ("_digests", "_served", "grades")

    def __init__(self) -> None:
        self.grades = GradeMemo()
        self._digests: BoundedMemo[bytes, _Digest] = BoundedMemo(4096)
        self._served: dict[EngineState, dict[str | None, Served]] = {s: {} for s in EngineState}

    def served(self, state: EngineState, digest: str | None) -> Served:
        """``Served(state, digest)``, one shared value per state and hash: a Served is
        frozen, and a log repeats its bundles."""
        kept = self._served[state]
        found = kept.get(digest)
        if found is None:
            if len(kept) >= _KEPT_SERVED:
                kept.clear()  # a log of ever-new bundles: start again, memory stays bounded
            found = kept[digest] = Served(state, digest)
        return found

    def digest(self, bundle: dict[str, object]) -> _Digest:
        """``_bundle_digest(bundle)``, computed once per distinct bundle."""
        try:
            key = orjson.dumps(bundle)
        except orjson.JSONEncodeError:
            return _bundle_digest(bundle)
        if len(key) > _KEPT_BUNDLE_BYTES:
            return _bundle_digest(bundle)
        kept = self._digests.get(key)
        if kept is None:
            kept = _bundle_digest(bundle)
            self._digests.put(key, kept)
        return kept


def _lenient(line: bytes) -> object:
    """A line orjson refused, read by the standard library (NaN, integers past 64 bits,
    deep nesting), or ``_NOT_JSON``."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return _NOT_JSON


def grade_line(
    line: bytes, lookup: Callable[[str], Document | None], memo: RunMemo | None = None
) -> GradedLine:
    """Grade one logged line; anything that is not a well-formed logged turn is red
    TURN_MALFORMED with a ``problem`` naming the key that failed (and a line naming a
    document the folder does not hold). A line's ``fields`` (SPEC section 8) are read as
    a pack's: a declaration that cannot be used is TURN_MALFORMED too. ``memo`` is the
    run's (one per run: the output is the same without it)."""
    try:
        entry, strict = orjson.loads(line), True  # strict: see ``RunMemo``
    except orjson.JSONDecodeError:
        entry, strict = _lenient(line), False
    if entry is _NOT_JSON:
        return _malformed(None, "the line is not JSON")
    if not isinstance(entry, dict):
        return _malformed(None, f"expected a logged turn (an object), found {a_kind(entry)}")
    line_id = _line_id(entry)
    turn = _shaped_turn(entry)
    if isinstance(turn, str):
        return _malformed(line_id, turn)
    state, bundle = _STATES[entry["engine_state"]], entry.get("bundle")
    fields = line_fields(entry.get("fields"))
    if isinstance(fields, str):
        return _malformed(line_id, fields)
    digest, bundle_problem = _digest(state, bundle, memo if strict else None)
    if bundle_problem is not None:
        return _malformed(line_id, bundle_problem)
    documents: dict[str, Document] = {}
    for index, doc_id in enumerate(entry["documents"]):
        doc = lookup(doc_id)
        if doc is None:
            return _malformed(
                line_id, f"documents[{index}]: no document {doc_id!r} in the documents folder"
            )
        documents[doc_id] = doc
    served = _served(turn, state, digest, bundle, memo)
    grades = None if memo is None else memo.grades
    grade = grade_turn(turn, served, documents, fields, memo=grades)
    if not grade.findings:
        return _green(line_id)
    return _out(line_id, grade.verdict, grade.reasons, unsupported_values(grade))


def _served(
    turn: Turn, state: EngineState, digest: str | None, bundle: object, memo: RunMemo | None
) -> Served:
    """What was served. The old-form hash only words a provenance mismatch's diagnosis,
    so it is computed (a second serialisation of the bundle) only when the turn does not
    mirror what was served."""
    if turn.engine_state == state and turn.bundle_sha256 == digest:  # a StrEnum, as str
        return Served(state, digest) if memo is None else memo.served(state, digest)
    legacy = None if bundle is None else legacy_bundle_sha256(bundle)
    return Served(state, digest, legacy if legacy != digest else None)


def grade_lines(lines: Iterable[bytes], folder: Path | str, jobs: int = 1) -> Iterator[GradedLine]:
    """Every line graded, in input order, on ``jobs`` local processes; ``folder`` is a
    path or a URL of the documents."""
    store = DocumentStore(folder)
    memo = RunMemo()  # forked workers each inherit it empty and fill their own
    if jobs <= 1:
        for line in lines:
            yield grade_line(line, store.get, memo)
        return
    from sakshi.parallel import ordered_map

    yield from ordered_map(lambda line: grade_line(line, store.get, memo), lines, jobs, batch=2000)
