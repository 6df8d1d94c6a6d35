"""What git says about the repository at a folder: its HEAD, and whether the work tree
differs from it. The repository is a user's input like any file, so it must neither run a
command nor hide a change:

- git runs with no system or global config (only their ``safe.directory`` entries are
  carried over, so a repository another account owns stays readable), none of the
  caller's ``GIT_*`` variables, ``core.fsmonitor=false``, hooks pointed at nothing, every
  filter driver the repository's config names emptied (git then takes the bytes as they
  are; a name no ``-c`` can say leaves dirty unknown, and git unasked), no optional locks
  (the index is never written), and no replace objects;
- ``git status`` skips a tracked file flagged assume-unchanged or skip-worktree: those are
  hashed here and compared with the index; a file missing from the work tree differs;
- a ``core.worktree`` elsewhere than the folder is dirty, since git compares that tree;
- submodules are looked into here, by the same rules and their own config, never by the
  ``git status`` git itself would start in them.
"""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sakshi.inputs.files import FileRefused, open_checked

__all__ = [
    "IndexEntry",
    "combine_dirty",
    "config_arguments",
    "config_pairs",
    "file_mode_trusted",
    "filter_overrides",
    "git_environment",
    "git_state",
    "parse_index",
    "remote_url",
]

# Every setting git reads that could run a command, write, or hide a change from status.
# Command-line settings (-c) win over every file, includes too.
BASE_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", os.devnull),  # a hook path under /dev/null never exists
    ("core.untrackedCache", "false"),
    ("core.trustctime", "true"),  # a file restored to its old size and mtime still differs
    ("core.checkStat", "default"),
)
_TIMEOUT = 30
_MAX_DEPTH = 8  # submodules inside submodules: deeper is not looked into (dirty unknown)
_FILTER_KEYS = ("clean", "smudge", "process")


# --- the pure part: listings in, decisions out ------------------------------------------------


@dataclass(frozen=True)
class IndexEntry:
    """One line of ``git ls-files -v -s -z``: path (bytes, from the top of the work tree),
    mode, object id, and whether it is flagged assume-unchanged or skip-worktree."""

    path: bytes
    mode: int
    object_id: str
    flagged: bool


def parse_index(listing: bytes) -> list[IndexEntry]:
    """``TAG MODE OID STAGE\\tPATH\\0`` records; a lowercase tag is assume-unchanged, ``S``
    skip-worktree. A record that does not parse is kept as flagged with no mode, so it can
    only count as a difference."""
    entries: list[IndexEntry] = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        head, _, path = record.partition(b"\t")
        fields = head.split(b" ")
        try:
            tag, mode, object_id = fields[0].decode("ascii"), int(fields[1], 8), fields[2]
        except (IndexError, ValueError, UnicodeDecodeError):
            entries.append(IndexEntry(path, 0, "", True))
            continue
        flagged = tag.islower() or tag == "S"
        entries.append(IndexEntry(path, mode, object_id.decode("ascii", "replace"), flagged))
    return entries


def config_pairs(listing: bytes) -> list[tuple[str, str | None]]:
    """``git config --list -z``: ``key\\nvalue\\0`` records (a key alone has no value)."""
    pairs: list[tuple[str, str | None]] = []
    for record in listing.split(b"\0"):
        if record:
            key, newline, value = record.decode("utf-8", "surrogateescape").partition("\n")
            pairs.append((key, value if newline else None))
    return pairs


def filter_overrides(pairs: Iterable[tuple[str, str | None]]) -> list[tuple[str, str]]:
    """Settings that empty every filter driver the config names: git runs an empty
    clean, smudge or process command as no filter at all, and ``required`` is off so a
    missing filter is not an error."""
    names = set()
    for key, _ in pairs:
        if key.lower().startswith("filter."):
            name, _, _ = key[len("filter.") :].rpartition(".")
            if name:
                names.add(name)
    overrides: list[tuple[str, str]] = []
    for name in sorted(names):
        overrides += [(f"filter.{name}.{key}", "") for key in _FILTER_KEYS]
        overrides.append((f"filter.{name}.required", "false"))
    return overrides


def file_mode_trusted(pairs: Iterable[tuple[str, str | None]]) -> bool:
    """``core.fileMode`` as git reads it (the last value wins; unset is true)."""
    trusted = True
    for key, value in pairs:
        if key.lower() == "core.filemode":
            trusted = value is None or value.strip().lower() in ("true", "yes", "on", "1")
    return trusted


def git_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The caller's environment without any ``GIT_*`` variable (a ``GIT_DIR`` or
    ``GIT_INDEX_FILE`` there would describe another repository), and with no system or
    global config."""
    env = {key: value for key, value in environ.items() if not key.upper().startswith("GIT_")}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_SYSTEM=os.devnull,
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_ATTR_NOSYSTEM="1",
        GIT_NO_REPLACE_OBJECTS="1",  # a replaced HEAD commit must not pass for the real one
        GIT_OPTIONAL_LOCKS="0",  # status never writes the index (nor runs a hook for it)
        GIT_TERMINAL_PROMPT="0",
    )
    return env


def config_arguments(config: Sequence[tuple[str, str]]) -> list[str] | None:
    """``-c key=value`` for each setting (every git reads them, and they win over every
    config file and include); None when a key cannot be said so (an ``=`` or a line break
    in a filter's name), and git must then not be asked at all."""
    arguments: list[str] = []
    for key, value in config:
        if "=" in key or "\n" in key:
            return None
        arguments += ["-c", f"{key}={value}"]
    return arguments


def combine_dirty(states: Iterable[bool | None]) -> bool | None:
    """Dirty if any is; unknown if any is unknown; else clean."""
    found: bool | None = False
    for state in states:
        if state is True:
            return True
        if state is None:
            found = None
    return found


# --- the shell: git, and the work tree's bytes ------------------------------------------------


def _git(folder: Path, config: Sequence[tuple[str, str]], *args: str) -> bytes | None:
    """git's stdout in ``folder``, run with ``config`` and nothing else configured by the
    caller, or None when git is absent or fails."""
    arguments = config_arguments(config)
    if arguments is None:
        return None
    return _run(
        ["git", "--no-pager", *arguments, "-C", str(folder), *args], git_environment(os.environ)
    )


def _run(command: list[str], env: Mapping[str, str]) -> bytes | None:
    try:
        completed = subprocess.run(
            command,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            env=dict(env),
            timeout=_TIMEOUT,
            check=False,  # a non-zero exit (no repository) is None, below
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return completed.stdout if completed.returncode == 0 else None


def _safe_directories() -> list[tuple[str, str]]:
    """The ``safe.directory`` entries of the system and global config, which git honours
    only there: read as the caller's git would, then passed on the command line."""
    found: list[tuple[str, str]] = []
    for scope in ("--system", "--global"):
        command = ["git", "config", scope, "-z", "--get-all", "safe.directory"]
        listing = _run(command, os.environ)
        for value in (listing or b"").split(b"\0"):
            if value:
                found.append(("safe.directory", value.decode("utf-8", "surrogateescape")))
    return found


def _blob_id(algorithm: str, size: int, chunks: Iterable[bytes]) -> str:
    digest = hashlib.new(algorithm, b"blob %d\0" % size)
    for chunk in chunks:
        digest.update(chunk)
    return digest.hexdigest()


def _file_blob(path: Path, algorithm: str) -> str | None:
    """The blob id of a regular file's bytes (read without following a link), or None
    when it cannot be read, or its size changed while it was read."""
    try:
        with open_checked(path, follow_links=False) as handle:
            size = os.fstat(handle.fileno()).st_size
            digest = hashlib.new(algorithm, b"blob %d\0" % size)
            read = 0
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                read += len(chunk)
                digest.update(chunk)
    except (FileRefused, OSError):
        return None
    return digest.hexdigest() if read == size else None


def _matches_index(top: Path, entry: IndexEntry, algorithm: str, trust_mode: bool) -> bool:
    """Whether a flagged entry's work-tree file is what the index holds: same kind (file
    or link), same executable bit when git trusts it, same blob. Missing differs."""
    path = top / os.fsdecode(entry.path)
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if entry.mode == 0o120000:
        if not stat.S_ISLNK(mode):
            return False
        target = os.readlink(os.fsencode(path))
        return _blob_id(algorithm, len(target), [target]) == entry.object_id
    if entry.mode not in (0o100644, 0o100755) or not stat.S_ISREG(mode):
        return False  # a gitlink, an unknown mode, or the wrong kind of file
    if trust_mode and bool(mode & stat.S_IXUSR) != (entry.mode == 0o100755):
        return False
    return _file_blob(path, algorithm) == entry.object_id


def _work_tree(root: Path, config: Sequence[tuple[str, str]]) -> tuple[Path, str] | None:
    found = _git(root, config, "rev-parse", "--show-toplevel", "--show-object-format")
    lines = (found or b"").split(b"\n")
    if len(lines) < 2 or not lines[0]:
        return None  # a bare repository, or a folder inside .git
    return Path(os.fsdecode(lines[0])), lines[1].decode("ascii", "replace").strip()


def _dirty(root: Path, base: Sequence[tuple[str, str]], depth: int) -> bool | None:
    """Whether the work tree at ``root`` differs from HEAD; None when git cannot say."""
    pairs = config_pairs(_git(root, base, "config", "-l", "-z") or b"")
    config = [*base, *filter_overrides(pairs)]
    tree = _work_tree(root, config)
    if tree is None:
        return None
    top, algorithm = tree
    if algorithm not in ("sha1", "sha256"):
        return None
    if not root.resolve().is_relative_to(top.resolve()):
        return True  # core.worktree points elsewhere: git would compare another tree
    status = _git(
        root,
        config,
        "status",
        "--porcelain",
        "--untracked-files=normal",
        "--ignore-submodules=dirty",
    )
    if status is None or status.strip():
        return None if status is None else True
    listing = _git(top, config, "ls-files", "-v", "-s", "-z")
    if listing is None:
        return None
    entries = parse_index(listing)
    trust_mode = file_mode_trusted(pairs)
    if any(e.flagged and not _matches_index(top, e, algorithm, trust_mode) for e in entries):
        return True
    return combine_dirty(
        _submodule_dirty(top / os.fsdecode(e.path), base, depth)
        for e in entries
        if e.mode == 0o160000
    )


def _submodule_dirty(folder: Path, base: Sequence[tuple[str, str]], depth: int) -> bool | None:
    if not os.path.lexists(folder / ".git"):
        return False  # not checked out: no work tree of it to differ
    if depth >= _MAX_DEPTH:
        return None
    return _dirty(folder, base, depth + 1)


def git_state(root: Path) -> dict[str, Any]:
    """``{"head": hex | None, "dirty": bool | None}``; None when git or a repository is
    absent, or git cannot tell."""
    base = [*BASE_CONFIG, *_safe_directories()]
    if _git(root, base, "rev-parse", "--git-dir") is None:
        return {"head": None, "dirty": None}
    head = _git(root, base, "rev-parse", "--verify", "--quiet", "HEAD")
    # A repository with no commit yet has no head, but git knows whether it is dirty.
    return {
        "head": head.decode("ascii", "replace").strip() if head else None,
        "dirty": _dirty(root, base, 0),
    }


def remote_url(root: Path, name: str = "origin") -> str | None:
    """The URL of the repository's remote ``name`` (as its config says), or None when git,
    the repository or the remote is absent. Asked with the same settings as ``git_state``."""
    base = [*BASE_CONFIG, *_safe_directories()]
    found = _git(root, base, "config", "--get", f"remote.{name}.url")
    if not found:
        return None
    return found.decode("utf-8", "replace").strip() or None
