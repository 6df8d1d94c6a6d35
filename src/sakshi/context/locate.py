"""Where a run's packs are: discovery (folders searched, files as given) and the order
and uniqueness of pack ids.

Kept apart from ``context/packs.py`` (the strict loader) so that a run whose results are
all in the cache (``context/warm.py``) finds its packs without importing the loader, the
grade or the values core.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol, TypeVar

from sakshi.errors import InputError

__all__ = [
    "PACK_SUFFIXES",
    "Identified",
    "discover_packs",
    "locate_packs",
    "shipped_packs_dir",
    "sorted_by_id",
]

PACK_SUFFIXES = (".yaml", ".yml")
T = TypeVar("T")


class Identified(Protocol):
    """What ``sorted_by_id`` reads of a pack (a loaded one, or a cached result's record)."""

    @property
    def id(self) -> str: ...

    @property
    def source(self) -> str: ...


def shipped_packs_dir() -> Path:
    """The folder of seed packs that ship inside sakshi."""
    from importlib.resources import files  # only here: it costs 5 ms of start-up

    return Path(str(files("sakshi") / "packs"))


def _resolve(path: Path, real_dirs: dict[Path, Path], is_link: bool | None = None) -> Path:
    """``path.resolve()``, with each folder's real path worked out once.

    When the file itself is not a symlink (``is_link``, when the folder's listing already
    said) its real path is its folder's plus its name, so a thousand packs in one folder
    cost one realpath, not a thousand (each is a syscall per path component).
    """
    if path.is_symlink() if is_link is None else is_link:
        return path.resolve()
    parent = path.parent
    real = real_dirs.get(parent)
    if real is None:
        real = real_dirs[parent] = parent.resolve()
    return real / path.name


class _Found(NamedTuple):
    """A ``*.yaml``/``*.yml`` name in a searched folder, and what its listing said of it."""

    path: Path
    is_file: bool  # a regular file, or a link to one
    is_link: bool


def _suffix(name: str) -> str:
    """``PurePath(name).suffix``, without making the path."""
    at = name.rfind(".")
    return name[at:] if 0 < at < len(name) - 1 else ""


def _listed(entry: os.DirEntry[str], follow: bool) -> tuple[bool, bool]:
    """(is a folder, is a regular file) as ``Path.is_dir``/``is_file`` say (False on an
    error), from the listing: no system call unless the entry is a link."""
    try:
        return entry.is_dir(follow_symlinks=follow), entry.is_file(follow_symlinks=follow)
    except OSError:
        return False, False


def _search(folder: Path, found: list[_Found]) -> None:
    """Every pack-named entry under ``folder`` that is no folder, as ``Path.rglob("*")``
    finds them: a folder that cannot be listed is passed over, and a linked folder is
    listed but never descended into."""
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except PermissionError:
        return
    for entry in entries:
        is_dir, is_file = _listed(entry, True)
        if _suffix(entry.name) in PACK_SUFFIXES and not is_dir:
            found.append(_Found(folder / entry.name, is_file, entry.is_symlink()))
        if is_dir and not entry.is_symlink():
            _search(folder / entry.name, found)


def discover_packs(paths: Sequence[Path]) -> list[tuple[Path, str]]:
    """(path, label) of every pack: files as given, folders searched for ``*.yaml`` and
    ``*.yml`` (every one must be a pack: loading refuses one that is not).

    Sorted by label within each folder, duplicates dropped, so the file system's order
    never shows. With no paths, the packs that ship inside sakshi.
    """
    if not paths:
        root = shipped_packs_dir()
        return [
            (shipped, f"<sakshi>/packs/{shipped.relative_to(root).as_posix()}")
            for shipped in sorted(root.rglob("*.yaml"))
        ]
    found: list[tuple[Path, str]] = []
    seen: set[Path] = set()
    real_dirs: dict[Path, Path] = {}
    for path in paths:
        if path.is_dir():
            listed: list[_Found] = []
            _search(path, listed)
            candidates = sorted(listed, key=lambda item: item.path.as_posix())
            for candidate in candidates:
                # A dangling link or a FIFO named *.yaml is not a pack: refused by name,
                # never skipped in silence (SPEC 4).
                if not candidate.is_file:
                    raise InputError(
                        str(candidate.path),
                        None,
                        "is not a regular file (a dangling link? a FIFO?)",
                    )
        elif path.is_file():
            candidates = [_Found(path, True, path.is_symlink())]
        elif path.exists():  # a device, a FIFO, a socket: there, but not a pack
            raise InputError(str(path), None, "is not a regular file or a folder")
        else:
            raise InputError(str(path), None, "no such pack file or folder")
        for candidate in candidates:
            key = _resolve(candidate.path, real_dirs, candidate.is_link)
            if key not in seen:
                seen.add(key)
                found.append((candidate.path, candidate.path.as_posix()))
    return found


def locate_packs(paths: Sequence[Path]) -> list[tuple[Path, str]]:
    """``discover_packs``, refusing a run that finds no pack at all (SPEC: exit 2)."""
    located = discover_packs(paths)
    if not located:
        shown = " ".join(str(p) for p in paths) or "the shipped packs"
        raise InputError(shown, None, "no pack (*.yaml, *.yml) found")
    return located


def sorted_by_id(items: Sequence[T], pack_of: Callable[[T], Identified]) -> list[T]:
    """``items`` (packs, or results that carry one) sorted by pack id; ids must be unique
    across the run, and the second of two packs with one id is named in the refusal."""
    by_id: dict[str, T] = {}
    for item in items:
        pack = pack_of(item)
        if pack.id in by_id:
            first = pack_of(by_id[pack.id]).source
            raise InputError(pack.source, "id", f"duplicate pack id {pack.id!r} (also in {first})")
        by_id[pack.id] = item
    return [by_id[k] for k in sorted(by_id)]
