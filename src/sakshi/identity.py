"""Run identity (SPEC section 6): which code produced a result, with no absolute path.

A tree's hash is the SHA-256 of the lines ``<relative posix path>\\0<digest>\\n`` sorted
by path, skipping ``.git/``, ``__pycache__/`` and ``*.pyc``, where a file's digest is the
SHA-256 of its bytes; a single file's hash is the SHA-256 of its bytes. A link counts as
the file it reaches only when that is a regular file inside the root: every other link
(out of the root, to a folder, dangling, a loop) is not followed and its digest is
``symlink:`` and the SHA-256 of its target's text, which no file's digest can equal. So
bytes outside the root never pass for part of the tree, and a link never for a file.
"""

from __future__ import annotations

import hashlib
import os
import platform
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from sakshi import __version__
from sakshi.errors import InputError
from sakshi.inputs import check_relative, git_state, open_regular, resolve_inside

__all__ = [
    "IDENTITY_FORMAT",
    "VERSIONS",
    "git_state",
    "identity_properties",
    "run_identity",
    "source_hash",
    "tree_sha256",
]

IDENTITY_FORMAT = "sakshi.run-identity.v1"
VERSIONS = {
    "report": "sakshi.recovery-report.v2",
    "harness": "sakshi.harness.v1",
    "validator": "sakshi.validator.v2",
    "corpus": "sakshi.recovery-corpus.v2",
}
_SKIP_DIRS = {".git", "__pycache__"}


_LINK = "symlink:"  # a link's digest: never 64 hex digits alone, as a file's is


def _file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    # Only a regular file, checked on the open descriptor: a FIFO or /dev/zero is refused,
    # never waited on or hashed for ever; and never through a link (one put there since
    # the walk saw a file, or since a link was resolved, is refused, not followed).
    with open_regular(path, str(path), "a file or folder to hash", follow_links=False) as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _link_target(path: Path, boundary: Path) -> Path | None:
    """The regular file a link reaches, if it is inside ``boundary`` (resolved)."""
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # dangling, or a loop (RuntimeError before 3.13)
        return None
    return target if target.is_relative_to(boundary) and target.is_file() else None


def _entry_digest(path: Path, boundary: Path) -> str | None:
    """One tree entry's digest; None for what is neither a file nor a link (a FIFO)."""
    if path.is_symlink():
        target = _link_target(path, boundary)
        if target is not None:
            return _file_hash(target)
        text = os.readlink(os.fsencode(path))
        return _LINK + hashlib.sha256(text).hexdigest()
    return _file_hash(path) if path.is_file() else None


def tree_sha256(root: Path, boundary: Path | None = None) -> str:
    """The hash of a folder's files (see the module docstring); links are followed only
    to regular files inside ``boundary`` (the folder itself when not given)."""
    inside = (root if boundary is None else boundary).resolve()
    lines: list[tuple[str, str]] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        base = Path(folder)
        linked = [d for d in dirs if (base / d).is_symlink()]  # hashed as links, not walked
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and d not in linked]
        for name in files + linked:
            if name.endswith(".pyc"):
                continue
            path = base / name
            digest = _entry_digest(path, inside)
            if digest is not None:
                lines.append((path.relative_to(root).as_posix(), digest))
    lines = sorted(set(lines))
    tree_digest = hashlib.sha256()
    for rel, digest in lines:
        tree_digest.update(rel.encode("utf-8", "surrogateescape") + b"\0" + digest.encode() + b"\n")
    return tree_digest.hexdigest()


def source_hash(path: Path, boundary: Path | None = None) -> str:
    """A file's SHA-256, or a folder's tree hash; links are followed only to regular
    files inside ``boundary`` (the folder, or the file's own folder, when not given)."""
    inside = boundary if boundary is not None else path if path.is_dir() else path.parent
    if path.is_dir():
        return tree_sha256(path, inside)
    target = _link_target(path, inside.resolve()) if path.is_symlink() else path
    if target is None:
        raise InputError(str(path), None, "is a link to no regular file inside the root")
    return _file_hash(target)


def parse_sources(specs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``NAME=PATH`` pairs, names unique; PATH must be relative (to the root)."""
    sources: dict[str, str] = {}
    for spec in specs:
        name, sep, rel = spec.partition("=")
        if not sep or not name or not rel:
            raise InputError("--source", None, f"expected NAME=PATH, found {spec!r}")
        # As a document's `file:`: relative, no `..`, no absolute path of any OS.
        check_relative(rel, "--source", name, "--root")
        if name in sources:
            raise InputError("--source", name, "given twice")
        sources[name] = rel
    return sources


def _source_path(root: Path, name: str, rel: str) -> Path:
    """``root / rel`` as given (so the tree's relative paths are the user's), refused when
    it is missing or when a link along it leaves the root."""
    path = root / rel
    if not os.path.lexists(path):
        raise InputError("--source", name, f"{rel!r} does not exist under the root")
    resolve_inside(root, rel, "--source", name, "--root")
    return path


def run_identity(
    root: Path, sources: Mapping[str, str] | None = None, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The identity object: versions, git, source hashes, runtime and run settings."""
    if not root.is_dir():
        raise InputError("--root", None, f"{root} is not a folder")
    hashed: dict[str, str] = {}
    for name, rel in sorted((sources or {}).items()):
        hashed[name] = source_hash(_source_path(root, name, rel), root)
    identity: dict[str, Any] = {
        "identity": IDENTITY_FORMAT,
        "versions": {**VERSIONS, "sakshi": __version__},
        "git": git_state(root),
        "sources": hashed,
        "runtime": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": sys.platform,
            "arch": platform.machine(),
            "sakshi": __version__,
        },
        "agent": None,
        "model": None,
        "config": {},
        "arms": [],
    }
    identity.update(extra or {})
    return identity


def identity_properties(
    identity: Mapping[str, Any], prefix: str = "identity"
) -> list[tuple[str, str]]:
    """The identity flattened to sorted (dotted name, text) pairs, for JUnit properties."""
    pairs: list[tuple[str, str]] = []
    for key, value in sorted(identity.items()):
        name = f"{prefix}.{key}"
        if isinstance(value, Mapping):
            pairs += identity_properties(value, name)
        elif isinstance(value, str):
            pairs.append((name, value))
        else:  # lists, numbers, booleans and null as compact JSON
            pairs.append((name, orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()))
    return pairs
