"""Turn logs to grade: what the user named, as logs with their sizes and stamps.

A log is named by a path, a glob (``logs/2026-*.jsonl``) or a URL (``s3://bucket/day/*.jsonl``,
``gs://``, ``memory://``, ``file://``). ``expand_logs`` turns what the user wrote into the
logs themselves, in the order given (a glob's matches sorted), each with its size and
stamp, and refuses, naming it, anything that matches nothing, is missing, is not a file,
or needs a package that is not installed. A log whose name ends in ``.gz``, ``.bz2``,
``.xz`` or ``.zst`` is read through its decompressor (``compressed.py``).

A log's stamp says which file it was when the run was planned: for a local file its
inode, size and modification time; for an object its size and the store's own version
of it (an ETag, a generation, a creation time). Whoever reads a range of the log checks
the stamp before and after reading it (``loglines.py``), so a log replaced or rewritten
during the run is refused, never graded as a mix of two files.
"""

from __future__ import annotations

import datetime
import glob
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sakshi.errors import InputError
from sakshi.inputs.compressed import compression_of
from sakshi.inputs.files import open_regular
from sakshi.inputs.remote import local_path, reading, url_filesystem

__all__ = ["LogSource", "changed", "expand_logs", "local_stamp", "remote_stamp"]

_GLOB_MAGIC = re.compile(r"[*?\[]")
# What an object store says of an object's version, in the order they are trusted: each
# is the same in a listing and in a HEAD request (a listing's modification time may not
# be: S3 lists it to the millisecond and heads it to the second, so it comes last).
_VERSION_KEYS = (
    "ETag",
    "etag",
    "generation",
    "VersionId",
    "version_id",
    "created",
    "mtime",
    "LastModified",
    "last_modified",
    "updated",
)


@dataclass(frozen=True)
class LogSource:
    """One log to grade: as shown in messages, where it is (a local path or a URL), its
    size in bytes when the run was planned, whether it is read through fsspec, its
    compression (None: plain JSON lines) and its stamp then (None: not checked)."""

    shown: str
    location: str
    size: int
    remote: bool
    compression: str | None = None
    stamp: str | None = None


def local_stamp(status: os.stat_result) -> str:
    """A local file's stamp: inode, size and modification time (not the device: a shared
    file system numbers its devices per machine, and Dask workers read the same file)."""
    return f"{status.st_ino}:{status.st_size}:{status.st_mtime_ns}"


def remote_stamp(info: dict[str, Any]) -> str:
    """An object's stamp: its size and the first version its store gives (``_VERSION_KEYS``)."""
    for key in _VERSION_KEYS:
        value = info.get(key)
        if value is not None:
            if isinstance(value, datetime.datetime):
                value = value.timestamp()  # a listing gives a number, a lookup a datetime
            return f"{info.get('size')}:{key}={value}"
    return f"{info.get('size')}"


def changed(label: str) -> InputError:
    """The refusal of a log that is not the file it was when the run was planned."""
    return InputError(
        label,
        None,
        "the log changed during the run (its size, modification time or identity is not"
        " what it was when the run began): grade closed logs",
    )


def _local_file(path: Path, shown: str) -> LogSource:
    # Opened (without blocking) and closed again: a FIFO, a device or a folder is refused
    # here by its kind, before any work, with the words every command uses.
    with open_regular(path, shown, "a JSON lines file of turns") as handle:
        status = os.fstat(handle.fileno())
    compression = compression_of(path.name, shown)
    return LogSource(
        shown, str(path.absolute()), status.st_size, False, compression, local_stamp(status)
    )


def _expand_local(spec: str, path: Path) -> list[LogSource]:
    if os.path.lexists(path) or not _GLOB_MAGIC.search(str(path)):
        return [_local_file(path, spec)]
    # A glob names files: the folders it matches (``logs/**``) are passed over, as the
    # prefixes of a URL's glob are; anything else it matches must be a regular file.
    matches = sorted(m for m in glob.glob(str(path), recursive=True) if not os.path.isdir(m))
    if not matches:
        raise InputError(spec, None, "the glob matches no file")
    return [_local_file(Path(match), match) for match in matches]


def _remote_file(fs: Any, path: str, shown: str) -> LogSource:
    with reading(shown):
        info = fs.info(path)
    if info.get("type") != "file":
        raise InputError(shown, None, "is a folder (a prefix), expected a JSON lines file of turns")
    url = fs.unstrip_protocol(path)
    compression = compression_of(path, shown)
    return LogSource(shown, url, int(info["size"]), True, compression, remote_stamp(info))


def _expand_remote(spec: str) -> list[LogSource]:
    fs, path = url_filesystem(spec)
    if not _GLOB_MAGIC.search(path):
        return [_remote_file(fs, path, spec)]
    with reading(spec):
        matches = sorted(fs.glob(path))
        files = [match for match in matches if not fs.isdir(match)]
    if not files:
        raise InputError(spec, None, "the glob matches no object")
    return [_remote_file(fs, match, fs.unstrip_protocol(match)) for match in files]


def expand_logs(specs: list[str]) -> list[LogSource]:
    """The logs ``specs`` name, in the order given, a glob's matches sorted by name. A path
    that exists is taken as written even when it holds glob characters."""
    sources: list[LogSource] = []
    for spec in specs:
        path = local_path(spec)
        sources += _expand_remote(spec) if path is None else _expand_local(spec, path)
    return sources
