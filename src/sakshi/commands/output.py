"""The one writer: every file a command writes goes through here (SPEC section 9).

A file is written once. Before any work, ``check_outputs`` refuses an output path that
exists (a file, a folder, a symlink, even a dangling one), that is one of the command's
own inputs (however it is spelled, linked or hard-linked), that two outputs share, or
whose folder is missing: exit 2, one line naming the path. The write itself
(``new_file``, ``write_new``) goes to a temp file in the same folder, created exclusively
and never through a link, is fsynced, then hard-linked into place: ``link`` fails when
anything has appeared at the path meanwhile, so nothing is ever overwritten. Never
``os.replace``: it overwrites. On any failure the temp file is removed and the output
path is left as it was. A folder of new files (``write_new_tree``: a recovery workspace)
goes only into a new or empty real folder, each name created new under an open
descriptor of its parent, never through a link; a failure removes what it created.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, NamedTuple, cast

from sakshi.errors import InputError

__all__ = ["check_outputs", "emit", "held_stdout", "new_file", "write_new", "write_new_tree"]

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
        # os.urandom, as secrets.token_hex reads it, without that module's imports.
        temp = folder / f".sakshi-{os.urandom(8).hex()}.tmp"
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


# A folder opened to create names in it: never through a link (ELOOP instead).
def emit(data: bytes, out: Path | None) -> None:
    """Write a report to the new file ``out`` (see ``write_new``) or to stdout."""
    if out is not None:
        write_new(data, out)
        return
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


_FOLDER = (
    os.O_RDONLY
    | getattr(os, "O_DIRECTORY", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_NEW_OR_EMPTY = "sakshi writes only into a new or empty folder"


def _claim_folder(folder: Path) -> bool:
    """Create ``folder``, or take it when it is a real, empty folder; True when created here.

    ``mkdir`` never follows a link at the path (a link there, even a dangling one, is
    EEXIST), and what exists is looked at with ``lstat``: a link is refused, not followed.
    """
    label = str(folder)
    if ".." in folder.parts:
        raise InputError(label, None, "holds '..'; name the folder without it")
    try:
        os.mkdir(folder)
        return True
    except FileExistsError:
        pass
    except FileNotFoundError:
        parent = str(_folder_of(folder))
        raise InputError(label, None, f"cannot write: no such folder {parent!r}") from None
    except OSError as exc:
        raise _cannot_write(folder, exc) from None
    found = os.lstat(folder)
    if stat.S_ISLNK(found.st_mode):
        raise InputError(label, None, f"is a symlink; {_NEW_OR_EMPTY}, never through a link")
    if not stat.S_ISDIR(found.st_mode):
        raise InputError(label, None, f"exists and is not a folder; {_NEW_OR_EMPTY}")
    if os.listdir(folder):
        raise InputError(label, None, f"exists and is not empty; {_NEW_OR_EMPTY}")
    return False


class _Tree:
    """A tree being written: its folders' descriptors by their parts inside the tree, and
    every name created so far (parent parts, name, is a folder), to undo on failure."""

    def __init__(self, root: int) -> None:
        self.fds: dict[tuple[str, ...], int] = {(): root}
        self.made: list[tuple[tuple[str, ...], str, bool]] = []

    def folder(self, parts: tuple[str, ...]) -> int:
        """The descriptor of the folder ``parts``, made (new, never a link) when missing."""
        for depth in range(1, len(parts) + 1):
            key = parts[:depth]
            if key not in self.fds:
                parent = self.fds[key[:-1]]
                os.mkdir(key[-1], dir_fd=parent)  # EEXIST if anything is there already
                self.made.append((key[:-1], key[-1], True))
                self.fds[key] = os.open(key[-1], _FOLDER, dir_fd=parent)
        return self.fds[parts]

    def write(self, parts: tuple[str, ...], data: bytes) -> None:
        """Create the file ``parts`` (exclusively, never through a link) holding ``data``."""
        if not parts or any(part in ("", ".", "..") or "/" in part for part in parts):
            raise ValueError(f"not a plain relative path: {parts!r}")  # a caller's bug
        parent = self.folder(parts[:-1])
        descriptor = os.open(parts[-1], _EXCLUSIVE, 0o666, dir_fd=parent)
        self.made.append((parts[:-1], parts[-1], False))
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())

    def undo(self) -> None:
        """Remove what this tree created, newest first; never anything it did not create."""
        for parent, name, is_folder in reversed(self.made):
            try:
                if is_folder:
                    os.rmdir(name, dir_fd=self.fds[parent])
                else:
                    os.unlink(name, dir_fd=self.fds[parent])
            except OSError:
                pass  # best effort: what cannot be removed is left, never something else

    def close(self) -> None:
        for descriptor in self.fds.values():
            os.close(descriptor)


def write_new_tree(folder: Path, files: Iterable[tuple[tuple[str, ...], bytes]]) -> None:
    """Write ``files`` (each a relative path, one name a part, and its bytes) into
    ``folder``, which must be new or an empty real folder, and never a path with ``..``.

    Every folder and file is created new, relative to an open descriptor of its parent and
    never through a link, so nothing planted meanwhile is written through or over. On any
    failure what was created is removed (the folder too, when this made it) and the error
    names the folder.
    """
    made_root = _claim_folder(folder)
    try:
        root = os.open(folder, _FOLDER)
    except OSError as exc:
        if made_root:
            os.rmdir(folder)
        raise _cannot_write(folder, exc) from None
    tree = _Tree(root)
    try:
        for parts, data in files:
            tree.write(parts, data)
    except BaseException as exc:
        tree.undo()
        tree.close()
        if made_root:
            try:
                os.rmdir(folder)
            except OSError:
                pass  # not empty any more: someone else's files are there; leave them
        if isinstance(exc, FileExistsError):
            raise InputError(
                str(folder), None, "cannot write: a name in it appeared meanwhile; nothing kept"
            ) from None
        if isinstance(exc, OSError):
            raise _cannot_write(folder, exc) from None
        raise
    tree.close()


# Output held back in memory up to this size, past it in an unnamed temp file.
_HELD_IN_MEMORY = 64 * 1024 * 1024


@contextmanager
def held_stdout() -> Iterator[BinaryIO]:
    """A handle whose bytes reach stdout only when the block ends without an exception: a
    run that ends in exit 2 midway (a log cut short, a bad document met late) prints
    nothing, however many lines it graded first (SPEC 1: nothing is reported green)."""
    import shutil  # here: only output held back for stdout needs tempfile and shutil
    import tempfile

    with tempfile.SpooledTemporaryFile(max_size=_HELD_IN_MEMORY) as held:
        yield cast(BinaryIO, held)
        held.seek(0)
        shutil.copyfileobj(held, sys.stdout.buffer, 1 << 20)
        sys.stdout.buffer.flush()
