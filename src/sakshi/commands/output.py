"""The one writer: every file a command writes goes through here (SPEC section 9).

A file is written once. Before any work, ``check_outputs`` refuses an output path that
exists (a file, a folder, a symlink, even a dangling one), that is one of the command's
own inputs (however it is spelled, linked or hard-linked), that two outputs share, or
whose folder is missing: exit 2, one line naming the path. The write itself
(``new_file``, ``write_new``) goes to a temp file in the same folder, created exclusively
and never through a link, is fsynced, then hard-linked into place: ``link`` fails when
anything has appeared at the path meanwhile, so nothing is ever overwritten. Never
``os.replace``: it overwrites. On any failure the temp file is removed and the output
path is left as it was.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, NamedTuple, cast

from sakshi.errors import InputError

__all__ = ["check_outputs", "held_stdout", "new_file", "write_new"]

_NEVER_OVERWRITES = "already exists; sakshi writes a new file and never overwrites one"
# O_NOFOLLOW and O_CLOEXEC are POSIX; where they are missing, O_EXCL alone still refuses
# an existing path (a symlink included: O_CREAT|O_EXCL never follows the last component).
_EXCLUSIVE = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
# Filesystems without hard links answer link() with one of these; there the file is
# created in place with O_EXCL instead (still never over an existing one).
_NO_HARD_LINKS = frozenset(
    {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}
)


class _FileId(NamedTuple):
    """Which file a path names, whatever its spelling: device and inode."""

    device: int
    inode: int


def _cannot_write(path: Path, exc: OSError) -> InputError:
    return InputError(str(path), None, f"cannot write: {exc.strerror or type(exc).__name__}")


def _input_ids(inputs: Iterable[Path | str | None]) -> set[_FileId]:
    ids: set[_FileId] = set()
    for given in inputs:
        if given is None or str(given) == "-":  # "-" is stdin, not a file
            continue
        try:
            found = os.stat(given)
        except (OSError, ValueError):
            continue  # a missing input is refused by the command that reads it
        ids.add(_FileId(found.st_dev, found.st_ino))
    return ids


def _refuse_existing(path: Path, found: os.stat_result, inputs: set[_FileId]) -> InputError:
    """Why ``path``, which exists, cannot be written."""
    if stat.S_ISLNK(found.st_mode):
        return InputError(
            str(path), None, "is a symlink; sakshi never writes through a link at an output path"
        )
    if _FileId(found.st_dev, found.st_ino) in inputs:
        return InputError(
            str(path), None, "is an input of this command; sakshi never writes over its input"
        )
    return InputError(str(path), None, _NEVER_OVERWRITES)


def _folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def check_outputs(outputs: Iterable[Path | None], inputs: Iterable[Path | str | None] = ()) -> None:
    """Refuse, before any work, outputs that would overwrite, follow a link, write over an
    input or collide with each other (``--out X --html X``); ``None`` is stdout."""
    input_ids = _input_ids(inputs)
    claimed: dict[Path, Path] = {}
    for path in outputs:
        if path is None:
            continue
        try:
            found = os.lstat(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        else:
            raise _refuse_existing(path, found, input_ids)
        folder = _folder_of(path)
        if not folder.is_dir():
            raise InputError(str(path), None, f"cannot write: no such folder {str(folder)!r}")
        # Spelled differently (./r.json, a linked folder), one path: compare where it lands.
        landing = folder.resolve() / path.name
        if landing in claimed:
            raise InputError(
                str(path),
                None,
                f"is also where {str(claimed[landing])!r} goes; each output needs its own file",
            )
        claimed[landing] = path


class _Temp(NamedTuple):
    """The temp file an output is written to before it is linked into place."""

    path: Path
    handle: BinaryIO


def _create_temp(path: Path) -> _Temp:
    folder = _folder_of(path)
    for _attempt in range(100):
        temp = folder / f".sakshi-{secrets.token_hex(8)}.tmp"
        try:
            descriptor = os.open(temp, _EXCLUSIVE, 0o666)
        except FileExistsError:
            continue
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        return _Temp(temp, os.fdopen(descriptor, "wb"))
    raise InputError(str(path), None, "cannot write: no free temp file name in its folder")


def _copy_exclusive(temp: Path, path: Path) -> None:
    """Where hard links are not supported: create ``path`` exclusively and copy into it."""
    try:
        descriptor = os.open(path, _EXCLUSIVE, 0o666)
    except FileExistsError:
        raise InputError(str(path), None, _NEVER_OVERWRITES) from None
    try:
        with os.fdopen(descriptor, "wb") as target, open(temp, "rb") as source:
            while chunk := source.read(1 << 20):
                target.write(chunk)
            target.flush()
            os.fsync(target.fileno())
    except BaseException:
        os.unlink(path)  # ours, created above: no half-written output is left behind
        raise


def _publish(temp: Path, path: Path) -> None:
    try:
        os.link(temp, path, follow_symlinks=False)
    except FileExistsError:
        raise InputError(str(path), None, _NEVER_OVERWRITES) from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        _copy_exclusive(temp, path)
    _sync_folder(_folder_of(path))


def _sync_folder(folder: Path) -> None:
    # The new name is durable once its folder is; best effort (not every OS can fsync one).
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


@contextmanager
def new_file(path: Path) -> Iterator[BinaryIO]:
    """A handle to write ``path`` through: the file appears, whole, only when the block
    ends without an exception; otherwise nothing is left at ``path`` or beside it."""
    temp = _create_temp(path)
    try:
        yield temp.handle
        try:
            temp.handle.flush()
            os.fsync(temp.handle.fileno())
            temp.handle.close()
            _publish(temp.path, path)
        except OSError as exc:  # only our own steps: the caller's errors pass unchanged
            raise _cannot_write(path, exc) from None
    finally:
        temp.handle.close()
        try:
            os.unlink(temp.path)
        except FileNotFoundError:
            pass


def write_new(data: bytes, path: Path) -> None:
    """Write ``data`` to the new file ``path`` atomically, never over an existing one."""
    with new_file(path) as handle:
        try:
            handle.write(data)
        except OSError as exc:  # a full disk, a quota: the temp file goes, the path stays free
            raise _cannot_write(path, exc) from None


# Output held back in memory up to this size, past it in an unnamed temp file.
_HELD_IN_MEMORY = 64 * 1024 * 1024


@contextmanager
def held_stdout() -> Iterator[BinaryIO]:
    """A handle whose bytes reach stdout only when the block ends without an exception: a
    run that ends in exit 2 midway (a log cut short, a bad document met late) prints
    nothing, however many lines it graded first (SPEC 1: nothing is reported green)."""
    with tempfile.SpooledTemporaryFile(max_size=_HELD_IN_MEMORY) as held:
        yield cast(BinaryIO, held)
        held.seek(0)
        shutil.copyfileobj(held, sys.stdout.buffer, 1 << 20)
        sys.stdout.buffer.flush()
