"""The result cache: what a pack's grade looked like in the reports, kept on disk, keyed by
everything the grade was made from.

A warm ``sakshi run context`` over unchanged packs reads each pack's bytes (never parsing
them), derives the key and reads back the record its reports are made from
(``reports/pack_record.py``): no YAML parse, no grade, only the report. The key is the
SHA-256 of

- this format's name;
- ``code_fingerprint()``: the bytes of every file of the installed sakshi package (its
  code and its data: the values core's vocabularies, the statute table), of PyYAML's and
  rfc8785's Python sources, and Python's own version, so any edit to the code that grades
  (version bump or not) is a miss;
- the project's value rules (``rules``: a digest the command makes of the configuration's
  ``acts``, ``locale`` and ``fields`` files' bytes);
- the pack's label (the report names it) and the SHA-256 of the pack's bytes, as read in
  this run.

It is keyed by content, never by a file's size, times or inode: an edit that keeps the
size and the modification time (``touch -r``, an edit within a file system's timestamp
granularity) still changes the bytes, so it is a miss. Reading and hashing the 1,000
bench packs (5.5 MB) costs about 30 ms of CPU, their ``stat`` about 3 ms: a stat-based
shortcut would save those 27 ms and bring back the question of when a stat can be
trusted (git's "racy" entries), for a run that already takes about 0.2 s.

Only a pack whose grade depends on nothing but those inputs is stored: one with its
recorded turn (a route's answer is never replayed) whose documents are all written in the
pack (a ``file:``, ``pages_files:`` or shared ``{ref: ID}`` document is read afresh every
run, so such a pack is graded every run). Entries are sealed as the parsed-pack cache's
are (``inputs/cache.py``: HMAC under the per-installation secret, the source digest in the
header, never pickle), in the same folder, under the same size bound and ``sakshi cache
clear``.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from sakshi.inputs.cache import Store, read_sealed, write_sealed

__all__ = [
    "RESULT_FORMAT",
    "code_fingerprint",
    "load_result",
    "reads_only_itself",
    "result_key",
    "store_result",
]

RESULT_FORMAT = "sakshi-result-cache.v1"
# Third-party code a grade's outcome depends on: the YAML parser and the bundle's hash.
_LIBRARIES = ("yaml", "rfc8785")
# A document body read from another file (or the documents root) than the pack itself.
_ELSEWHERE = frozenset({"file", "pages_files", "ref"})


def _tree_lines(root: Path, name: str) -> list[str]:
    """``name/<relative path>\0<sha256>`` of every file under ``root`` but bytecode."""
    lines = []
    top = os.fspath(root)
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        inside = folder[len(top) :].replace(os.sep, "/").lstrip("/")
        prefix = f"{name}/{inside}/" if inside else f"{name}/"
        for file in files:
            if file.endswith((".pyc", ".pyo")):
                continue
            with open(os.path.join(folder, file), "rb", buffering=0) as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
            lines.append(f"{prefix}{file}\0{digest}\n")
    return lines


def _library_root(name: str) -> Path | None:
    """The package folder ``import name`` would load, found on ``sys.path`` without
    importing it (the parser is not needed by a run that parses nothing)."""
    for entry in sys.path:
        folder = Path(entry or ".", name)
        if os.path.isfile(folder / "__init__.py"):
            return folder
    return None


@cache
def code_fingerprint() -> str | None:
    """The digest of the code that grades (see the module docstring); None when it cannot
    be read whole (then nothing is cached)."""
    import sakshi

    try:
        lines = _tree_lines(Path(sakshi.__file__).parent, "sakshi")
        for name in _LIBRARIES:
            root = _library_root(name)
            if root is None:
                return None
            lines += [line for line in _tree_lines(root, name) if ".py\0" in line]
    except (OSError, ValueError):
        return None
    head = f"{RESULT_FORMAT}\0{sys.version}\0{sys.platform}\n"
    return hashlib.sha256((head + "".join(sorted(lines))).encode()).hexdigest()


def result_key(rules: str, label: str, data_sha256: str) -> str | None:
    """The key of the record of the pack whose bytes hash to ``data_sha256``, named
    ``label`` in this run, under the project's value rules ``rules``."""
    code = code_fingerprint()
    if code is None:
        return None
    parts = (RESULT_FORMAT, code, rules, label, data_sha256)
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def load_result(store: Store, key: str, data_sha256: str) -> bytes | None:
    """The stored record's bytes, or None (absent, or not provably ours)."""
    return read_sealed(store, RESULT_FORMAT, key, data_sha256)


def store_result(store: Store, key: str, data_sha256: str, record: bytes) -> None:
    """Keep ``record`` (``PackRecord.to_bytes``) under ``key``."""
    write_sealed(store, RESULT_FORMAT, key, data_sha256, record)


def reads_only_itself(parsed: Mapping[str, Any]) -> bool:
    """Whether a valid pack's parse names no document held in another file."""
    documents = parsed.get("documents", [])
    if not isinstance(documents, Sequence):
        return False
    return all(isinstance(doc, Mapping) and not _ELSEWHERE & set(doc) for doc in documents)
