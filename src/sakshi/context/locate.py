"""Where a run's packs are: discovery (folders searched, files as given) and the order
and uniqueness of pack ids.

Kept apart from ``context/packs.py`` (the strict loader) so that a run whose results are
all in the cache (``context/warm.py``) finds its packs without importing the loader, the
grade or the values core.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

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


def _resolve(path: Path, real_dirs: dict[Path, Path]) -> Path:
    """``path.resolve()``, with each folder's real path worked out once.

    When the file itself is not a symlink its real path is its folder's plus its name, so
    a thousand packs in one folder cost one realpath, not a thousand (each is a syscall
    per path component).
    """
    if path.is_symlink():
        return path.resolve()
    parent = path.parent
    real = real_dirs.get(parent)
    if real is None:
        real = real_dirs[parent] = parent.resolve()
    return real / path.name


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
            candidates = sorted(
                (
                    found_file
                    for found_file in path.rglob("*")
                    if found_file.suffix in PACK_SUFFIXES and not found_file.is_dir()
                ),
                key=Path.as_posix,
            )
            for candidate in candidates:
                # A dangling link or a FIFO named *.yaml is not a pack: refused by name,
                # never skipped in silence (SPEC 4).
                if not candidate.is_file():
                    raise InputError(
                        str(candidate), None, "is not a regular file (a dangling link? a FIFO?)"
                    )
        elif path.is_file():
            candidates = [path]
        elif path.exists():  # a device, a FIFO, a socket: there, but not a pack
            raise InputError(str(path), None, "is not a regular file or a folder")
        else:
            raise InputError(str(path), None, "no such pack file or folder")
        for candidate in candidates:
            key = _resolve(candidate, real_dirs)
            if key not in seen:
                seen.add(key)
                found.append((candidate, candidate.as_posix()))
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
