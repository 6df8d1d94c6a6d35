"""Run identity (SPEC section 6): which code produced a result, with no absolute path.

A tree's hash is the SHA-256 of the lines ``<relative posix path>\\0<sha256 of bytes>\\n``
sorted by path, skipping ``.git/``, ``__pycache__/`` and ``*.pyc``; a single file's hash
is the SHA-256 of its bytes. A file reached through a symlink counts by
the bytes it points to (the file's bytes, as SPEC says); a link to a folder is not
walked, and it and a dangling link count as the text of their target.
"""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from sakshi import __version__
from sakshi.errors import InputError
from sakshi.inputs.files import check_relative, open_regular, resolve_inside

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


def _file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    # Only a regular file, checked on the open descriptor: a FIFO or /dev/zero is refused,
    # never waited on or hashed for ever.
    with open_regular(path, str(path), "a file or folder to hash") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def tree_sha256(root: Path) -> str:
    """The hash of a folder's files (see the module docstring)."""
    lines: list[tuple[str, str]] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        base = Path(folder)
        linked = [d for d in dirs if (base / d).is_symlink()]  # hashed as links, not walked
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and d not in linked]
        for name in files + linked:
            if name.endswith(".pyc"):
                continue
            path = base / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink() and not path.is_file():
                # A link to a folder is not walked; a dangling link has no bytes: its
                # target's text stands in, so the tree still changes when the link does.
                digest = hashlib.sha256(
                    os.readlink(path).encode("utf-8", "surrogateescape")
                ).hexdigest()
            elif path.is_file():
                digest = _file_hash(path)
            else:
                continue
            lines.append((rel, digest))
    lines = sorted(set(lines))
    tree_digest = hashlib.sha256()
    for rel, digest in lines:
        tree_digest.update(rel.encode("utf-8", "surrogateescape") + b"\0" + digest.encode() + b"\n")
    return tree_digest.hexdigest()


def source_hash(path: Path) -> str:
    """A file's SHA-256, or a folder's tree hash."""
    return tree_sha256(path) if path.is_dir() else _file_hash(path)


def git_state(root: Path) -> dict[str, Any]:
    """``{"head": hex | None, "dirty": bool | None}``; None when git or a repo is absent."""

    def git(*args: str) -> str | None:
        try:
            completed = subprocess.run(
                ["git", "-C", str(root), *args],
                capture_output=True,
                text=True,
                timeout=30,
                check=False,  # a non-zero exit (no repository) is None, below
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return completed.stdout if completed.returncode == 0 else None

    head = git("rev-parse", "--verify", "HEAD")
    # A repository with no commit yet has no head, but git knows whether it is dirty.
    if head is None and git("rev-parse", "--git-dir") is None:
        return {"head": None, "dirty": None}
    status = git("status", "--porcelain", "--untracked-files=normal")
    return {
        "head": head.strip() if head is not None else None,
        "dirty": None if status is None else bool(status.strip()),
    }


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
        hashed[name] = source_hash(_source_path(root, name, rel))
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
