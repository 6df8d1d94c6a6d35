"""Configured outputs go to a new folder per run (SPEC 9), so a second run never fails on
the first one's files.

Each configured output ``DIR/NAME`` is written as ``DIR/<run>/NAME``; ``<run>`` is the UTC
time the run began and a random suffix (``20250601T101500Z-3fa9c1``), the same for every
output of the run, so two runs in one second still get folders of their own (the folder
is made exclusively: a name already taken is never shared, another is drawn). ``DIR`` and
any folder above it that is missing are made by the run. Inside the project (below the
folder of the configuration) no folder on the way is a symbolic link, and ``DIR`` never
is, wherever it is: sakshi never writes through a link. Each run folder gets a
``.gitignore`` of its own (``*``), so a report never makes the next run's identity dirty.

A run that fails (exit 2, an interruption) removes only what it wrote itself: the
reports it wrote, its ``.gitignore``, the run folder and the folders it made, each only
while empty; a file another process put there meanwhile stays, and so does its folder.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sakshi.commands.output import write_new
from sakshi.errors import InputError

__all__ = ["RunFolders", "discard", "make_run_folders", "placed", "run_folder_name", "run_outputs"]

# Keeps a run's folder out of git: `*` ignores everything in it, this file too.
_SELF_IGNORING = b"# Made by sakshi: a run's reports are never committed.\n*\n"
_GITIGNORE = ".gitignore"
_ATTEMPTS = 100


@dataclass(frozen=True)
class RunFolders:
    """One run's folders: its name, the outputs placed in them, every run folder (one
    per configured folder) and each folder the run made above them, outermost first."""

    name: str
    outputs: tuple[Path, ...]
    folders: tuple[Path, ...]
    made: tuple[Path, ...]

    def shown(self) -> str:
        """The run folders, as a line names them: ``reports/20250601T101500Z-3fa9c1/``."""
        return ", ".join(f"{folder}{os.sep}" for folder in self.folders)


def run_folder_name(began: datetime, suffix: str) -> str:
    """``20250601T101500Z-3fa9c1``: the UTC time ``began`` (aware) and ``suffix``. Pure."""
    return f"{began.strftime('%Y%m%dT%H%M%SZ')}-{suffix}"


def placed(outputs: Sequence[Path], name: str) -> tuple[Path, ...]:
    """Each output ``DIR/NAME`` as ``DIR/name/NAME``. Pure."""
    return tuple(path.parent / name / path.name for path in outputs)


def _folders(outputs: Sequence[Path]) -> list[Path]:
    """The configured folders, each once, in the order the outputs name them."""
    return list(dict.fromkeys(path.parent for path in outputs))


def _refuse_link(folder: Path) -> None:
    """``folder`` exists: it must be a real folder, never a link to one."""
    found = os.lstat(folder)
    if stat.S_ISLNK(found.st_mode):
        raise InputError(str(folder), None, "is a symbolic link; sakshi never writes through one")
    if not stat.S_ISDIR(found.st_mode):
        raise InputError(str(folder), None, "exists and is not a folder; the reports go in it")


def _below(folder: Path, root: Path) -> list[Path]:
    """The folders from just below ``root`` down to ``folder`` (lexically), or only
    ``folder`` when it lies outside ``root``."""
    relative = Path(os.path.relpath(os.path.normpath(folder), os.path.normpath(root)))
    if relative.parts[:1] == ("..",) or relative.is_absolute():
        return [folder]
    steps = [Path(root).joinpath(*relative.parts[: i + 1]) for i in range(len(relative.parts))]
    return [step for step in steps if step.name not in ("", ".")]


def _make_folder(folder: Path, root: Path, made: list[Path]) -> None:
    """Make ``folder`` and every missing folder above it, never through a link below
    ``root`` nor at ``folder``; each folder made here is added to ``made``."""
    checked = set(_below(folder, root)) | {folder}
    for step in [*reversed(folder.parents), folder]:
        if str(step) in ("", ".", os.sep) or step.name == "..":
            continue
        try:
            os.mkdir(step)
        except FileExistsError:
            if step in checked:
                _refuse_link(step)
            continue
        except OSError as exc:
            raise InputError(str(step), None, f"cannot create the folder: {exc.strerror}") from None
        made.append(step)


def _claim(folders: Sequence[Path], name: str) -> list[Path] | None:
    """Each ``folder/name``, made exclusively; None (and none left) when one is taken."""
    claimed: list[Path] = []
    for folder in folders:
        try:
            os.mkdir(folder / name)
        except FileExistsError:
            for mine in claimed:
                os.rmdir(mine)
            return None
        except OSError as exc:
            for mine in claimed:
                os.rmdir(mine)
            raise InputError(
                str(folder / name), None, f"cannot create the run folder: {exc.strerror}"
            ) from None
        claimed.append(folder / name)
    return claimed


def make_run_folders(outputs: Sequence[Path], root: Path, began: datetime) -> RunFolders:
    """Make the run's folders for ``outputs`` (configured in ``root``), each with its
    ``.gitignore``; nothing is left behind when this fails."""
    # Lexically normal (``a/./b``, ``a/../b``), so each folder is named one way only.
    outputs = [Path(os.path.normpath(path)) for path in outputs]
    made: list[Path] = []
    try:
        configured = _folders(outputs)
        for folder in configured:
            _make_folder(folder, root, made)
        for _attempt in range(_ATTEMPTS):
            name = run_folder_name(began, secrets.token_hex(3))
            claimed = _claim(configured, name)
            if claimed is not None:
                run = RunFolders(name, placed(outputs, name), tuple(claimed), tuple(made))
                break
        else:
            raise InputError(str(configured[0]), None, "no free run folder name")
    except BaseException:
        _remove_folders(made)
        raise
    try:
        for folder in run.folders:
            write_new(_SELF_IGNORING, folder / _GITIGNORE)
    except BaseException:
        discard(run)
        raise
    return run


def _remove_folders(folders: Sequence[Path]) -> None:
    """Remove each folder, innermost first, while it is empty."""
    for folder in reversed(folders):
        try:
            os.rmdir(folder)
        except OSError:
            pass  # something else is in it: not ours to remove


def discard(run: RunFolders) -> None:
    """Remove what the run wrote: its outputs, its ``.gitignore`` files, its run folders
    and the folders it made, each folder only when nothing else is in it."""
    for path in (*run.outputs, *(folder / _GITIGNORE for folder in run.folders)):
        try:
            os.unlink(path)
        except OSError:
            pass  # never written (the run failed before), or not a file we can remove
    _remove_folders([*run.made, *run.folders])


@contextmanager
def run_outputs(outputs: Sequence[Path], root: Path, began: datetime) -> Iterator[RunFolders]:
    """The run's folders for ``outputs`` while the run works; discarded when it fails
    (any exception: the run could not grade, or was interrupted), kept when it ends,
    held or not (a red run's reports are what it is for)."""
    run = make_run_folders(outputs, root, began)
    try:
        yield run
    except BaseException:
        discard(run)
        raise
