"""The parsed-pack cache's size: its bound, eviction after a run, and clearing.

The entries (``inputs/cache.py``) are kept under ``$SAKSHI_CACHE_MAX_MB`` megabytes
(default 256): a hit marks its entry as used, and ``evict`` removes the least recently
used entries until the total is under the bound. ``clear`` (``sakshi cache clear``)
removes every entry. Only regular files named as entries (64 hex digits, or an entry's
temp file) are ever removed, never a link or any other file in the folder, and never the
secret (kept outside the folder).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from sakshi.inputs.cache import entries_folder, is_off

__all__ = ["CacheUsage", "cache_usage", "clear", "evict", "max_bytes"]

DEFAULT_MAX_MB = 256
_ENTRY_NAME = re.compile(r"(?:[0-9a-f]{64}|\.[0-9a-f]{64}\.[0-9]+\.tmp)\Z")


def max_bytes() -> int:
    """The bound on the entries' total size: ``$SAKSHI_CACHE_MAX_MB`` (a whole number of
    megabytes), else ``DEFAULT_MAX_MB``."""
    raw = os.environ.get("SAKSHI_CACHE_MAX_MB", "")
    megabytes = int(raw) if raw.isdigit() else DEFAULT_MAX_MB
    return megabytes * 1024 * 1024


@dataclass(frozen=True)
class CacheUsage:
    """What the cache holds: its entries' folder, how many and how many bytes."""

    folder: Path | None
    entries: int
    size: int


class _Entry(NamedTuple):
    path: str
    size: int
    used: float


def _entries(folder: str) -> list[_Entry]:
    """Every regular file named as an entry (or a temp entry) in ``folder``; never a link."""
    found = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        if not _ENTRY_NAME.match(name):
            continue
        path = os.path.join(folder, name)
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            found.append(_Entry(path, info.st_size, info.st_mtime))
    return found


def cache_usage() -> CacheUsage:
    """The entries' folder (whether or not the cache is on now), their count and size."""
    folder = entries_folder()
    entries = [] if folder is None else _entries(folder)
    return CacheUsage(
        None if folder is None else Path(folder), len(entries), sum(e.size for e in entries)
    )


# How far a folder's modification time may trail the clock a run read: file systems stamp
# with a coarse clock (a few ms behind), some only to the second or two (FAT).
_STAMP_SLACK_NS = 2_000_000_000


def evict(limit: int | None = None, changed_since: int | None = None) -> int:
    """Remove the least recently used entries until their total is under ``limit``
    (default ``max_bytes()``); the number removed. Never raises.

    ``changed_since`` (``time.time_ns()`` when the run began): nothing is listed when the
    folder has had no entry added or removed since then (its modification time, give or
    take a file system's coarse stamps), as on a warm run that only read entries: the
    folder is as it was when the run that last wrote to it trimmed it."""
    folder = entries_folder()
    if folder is None or is_off():
        return 0
    if changed_since is not None:
        try:
            if os.stat(folder).st_mtime_ns < changed_since - _STAMP_SLACK_NS:
                return 0
        except OSError:
            return 0
    bound = max_bytes() if limit is None else limit
    entries = sorted(_entries(folder), key=lambda entry: (entry.used, entry.path))
    total = sum(entry.size for entry in entries)
    removed = 0
    for entry in entries:
        if total <= bound:
            break
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        total -= entry.size
        removed += 1
    return removed


def clear() -> CacheUsage:
    """Remove every entry; what was removed (the secret and any other file stay)."""
    before = cache_usage()
    removed = size = 0
    if before.folder is not None:
        for entry in _entries(str(before.folder)):
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            removed += 1
            size += entry.size
    return CacheUsage(before.folder, removed, size)
