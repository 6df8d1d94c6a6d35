"""Reading a user's file: its bytes, or a one-line refusal naming it. No parsing policy
beyond JSON's own; YAML has its strict loader in ``yamlsafe``.

Only regular files are read. The type is checked on the opened descriptor (``fstat``
after ``open``, never a ``stat`` before it that a swap could outrun), and the open never
blocks (``O_NONBLOCK``), so a FIFO, a character device such as ``/dev/zero``, a socket or
a folder is refused by name instead of hanging the run or filling memory; bytes are read
up to a hard cap, never trusting ``st_size``.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from enum import Enum
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import BinaryIO

from sakshi.errors import InputError

__all__ = [
    "MAX_FILE_BYTES",
    "FileRefused",
    "Refusal",
    "check_relative",
    "open_checked",
    "open_regular",
    "parse_json",
    "read_bytes",
    "read_json",
    "read_regular",
    "read_upto",
    "resolve_inside",
    "too_big",
]

# No file sakshi reads is held past this (documents, the largest, share the same bound).
MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind_of(mode: int) -> str:
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return "not a regular file"


# --- the mechanism: each caller words its own refusal ---------------------------------------


class Refusal(Enum):
    """Why a file was not read."""

    MISSING = "no such file"
    FOLDER = "a folder"
    NOT_REGULAR = "not a regular file"  # a FIFO, a device, a socket
    TOO_BIG = "over the limit"
    OS_ERROR = "an OS error"


class FileRefused(Exception):
    """A file not read, and why: ``kind`` names what a non-regular file is, ``size`` is the
    size the file declared past the limit (None: it grew past it while read), ``error`` is
    the OS's own error."""

    def __init__(
        self, reason: Refusal, kind: str = "", size: int | None = None, error: OSError | None = None
    ) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.kind = kind
        self.size = size
        self.error = error

    @property
    def os_reason(self) -> str:
        """The OS's words for ``error`` (its class name when it gave none)."""
        error = self.error
        return "" if error is None else error.strerror or type(error).__name__


def _open_descriptor(path: str | os.PathLike[str], follow_links: bool) -> tuple[int, int]:
    """``path`` opened as a descriptor, with its size, if it is a regular file (the type
    checked on the opened descriptor); else FileRefused. The caller closes it."""
    flags = _OPEN_FLAGS | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0))
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(Refusal.MISSING) from None
    except OSError as exc:
        raise FileRefused(Refusal.OS_ERROR, error=exc) from None
    try:
        status = os.fstat(descriptor)
        mode = status.st_mode
        if stat.S_ISDIR(mode):
            raise FileRefused(Refusal.FOLDER, _kind_of(mode))
        if not stat.S_ISREG(mode):
            raise FileRefused(Refusal.NOT_REGULAR, _kind_of(mode))
        if flags & getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(descriptor, True)
        return descriptor, status.st_size
    except OSError as exc:
        os.close(descriptor)
        raise FileRefused(Refusal.OS_ERROR, error=exc) from None
    except BaseException:
        os.close(descriptor)
        raise


def open_checked(path: str | os.PathLike[str], follow_links: bool = True) -> BinaryIO:
    """``path`` opened for reading if it is a regular file, the type checked on the opened
    descriptor; else FileRefused. The open never blocks and, unless ``follow_links``, never
    goes through a symlink. A NUL byte in the path is the ValueError ``os.open`` raises."""
    descriptor, _ = _open_descriptor(path, follow_links)
    try:
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _read_descriptor(descriptor: int, size_hint: int, limit: int) -> bytes:
    """All of the descriptor's bytes, or FileRefused past ``limit`` (TOO_BIG) or on an OS
    error; ``size_hint`` (what fstat said) sizes the first read, nothing more: a file may
    grow while it is read."""
    if size_hint > limit:
        raise FileRefused(Refusal.TOO_BIG, size=size_hint)
    chunks: list[bytes] = []
    total = 0
    want = size_hint + 1  # the whole file and one byte more, to see its end at once
    try:
        while total <= limit:
            chunk = os.read(descriptor, min(want, limit + 1 - total))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
            want = 1 << 20
    except OSError as exc:
        raise FileRefused(Refusal.OS_ERROR, error=exc) from None
    raise FileRefused(Refusal.TOO_BIG)


def read_upto(handle: BinaryIO, limit: int) -> bytes:
    """All of a freshly opened ``handle``'s bytes (read through its descriptor), or
    FileRefused past ``limit`` (TOO_BIG) or on an OS error."""
    try:
        size_hint = os.fstat(handle.fileno()).st_size
    except OSError as exc:
        raise FileRefused(Refusal.OS_ERROR, error=exc) from None
    return _read_descriptor(handle.fileno(), size_hint, limit)


def read_regular(path: str | os.PathLike[str], limit: int, follow_links: bool = True) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit``; else FileRefused. Read
    through the descriptor itself: a file object costs more system calls than the read."""
    descriptor, size_hint = _open_descriptor(path, follow_links)
    try:
        return _read_descriptor(descriptor, size_hint, limit)
    finally:
        os.close(descriptor)


# --- users' files: a refusal is an InputError naming the file --------------------------------


def _open_failed(path: Path, label: str, key: str | None, refused: FileRefused) -> InputError:
    if refused.reason is Refusal.MISSING:
        return InputError(label, key, "cannot read: no such file")
    error = refused.error
    if error is not None and error.errno == errno.ENXIO:  # a socket (or an empty device)
        try:
            mode = os.stat(path).st_mode
            return InputError(label, key, f"is {_kind_of(mode)}, expected a file")
        except OSError:
            pass
    return InputError(label, key, f"cannot read: {refused.os_reason}")


def _refusal_error(
    refused: FileRefused, path: Path, label: str, expected: str, limit: int, key: str | None
) -> InputError:
    """A refused read of a user's file in words: what it is, or why it was not read."""
    if refused.reason in (Refusal.FOLDER, Refusal.NOT_REGULAR):
        return InputError(label, key, f"is {refused.kind}, expected {expected}")
    if refused.reason is Refusal.TOO_BIG:
        return too_big(label, limit, refused.size, key)
    return _open_failed(path, label, key, refused)


def too_big(label: str, limit: int, size: int | None = None, key: str | None = None) -> InputError:
    """The refusal of a file over ``limit`` bytes: its declared ``size``, or None when it
    was read past the limit (a file here or an object at a URL: the same words)."""
    if size is not None:
        return InputError(label, key, f"the file is {size} bytes; the limit is {limit}")
    return InputError(label, key, f"the file is over {limit} bytes; the limit is {limit}")


def open_regular(
    path: Path, label: str, expected: str, key: str | None = None, follow_links: bool = True
) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file (after following links, unless
    not ``follow_links``); else an InputError naming ``label`` (and ``key``) and saying
    what was ``expected``."""
    try:
        return open_checked(path, follow_links)
    except ValueError:  # a NUL byte in the path
        raise InputError(label, key, "cannot read: the path holds a NUL byte") from None
    except FileRefused as refused:
        raise _refusal_error(refused, path, label, expected, 0, key) from None


def read_bytes(
    path: Path, label: str, expected: str, limit: int | None = None, key: str | None = None
) -> bytes:
    """The file's bytes; a folder, a FIFO, a device, a missing file, one over ``limit``
    bytes (at most ``MAX_FILE_BYTES``) or an OS error is an InputError saying what was
    ``expected`` (e.g. "a YAML file"). The limit is checked while reading: a file may grow
    while it is read."""
    cap = MAX_FILE_BYTES if limit is None else min(limit, MAX_FILE_BYTES)
    try:
        return read_regular(path, cap)
    except ValueError:  # a NUL byte in the path
        raise InputError(label, key, "cannot read: the path holds a NUL byte") from None
    except FileRefused as refused:
        raise _refusal_error(refused, path, label, expected, cap, key) from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def read_json(path: Path, label: str | None = None) -> tuple[object, bytes]:
    """The parsed JSON of a file and its bytes. Strict: UTF-8 only, and no NaN or
    Infinity (they are not JSON); errors name the file and, when known, the line."""
    name = label if label is not None else str(path)
    data = read_bytes(path, name, "a JSON file")
    return parse_json(data, name), data


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found: dict[str, object] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"duplicate key {key!r}")
        found[key] = value
    return found


def parse_json(data: bytes, name: str, unique_keys: bool = False) -> object:
    """JSON bytes parsed strictly (see ``read_json``); ``unique_keys``: an object that
    gives a key twice is refused (it has no one canonical form)."""
    try:
        return json.loads(
            data.decode("utf-8"),
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys if unique_keys else None,
        )
    except UnicodeDecodeError as exc:
        raise InputError(
            name, None, f"not JSON: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None
    except json.JSONDecodeError as exc:
        raise InputError(name, f"line {exc.lineno}", f"not JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:
        raise InputError(name, None, f"not JSON: {exc}") from None


def check_relative(rel: str, source: str, key: str | None, folder: str) -> None:
    """Refuse a path that is not plainly relative and inside ``folder`` (named in the
    message): absolute (POSIX or Windows), a drive, any ``..`` part, or a NUL byte."""
    if "\0" in rel:
        raise InputError(source, key, "path contains a NUL byte")
    posix, windows = PurePosixPath(rel), PureWindowsPath(rel)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or rel.startswith(("/", "\\")):
        raise InputError(source, key, f"path {rel!r} is absolute; it must be relative to {folder}")
    if ".." in posix.parts or ".." in windows.parts:
        raise InputError(source, key, f"path {rel!r} leaves {folder} ('..')")


def resolve_inside(base: Path, rel: str, source: str, key: str | None, folder: str) -> Path:
    """``base / rel`` with every link resolved, if it exists and stays inside ``base``
    (``check_relative`` first); else an InputError naming ``source`` and ``key``."""
    check_relative(rel, source, key, folder)
    root = base.resolve()
    try:
        target = (base / rel).resolve(strict=True)
    except FileNotFoundError:
        raise InputError(source, key, f"path {rel!r} does not exist") from None
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop
        raise InputError(
            source, key, f"path {rel!r} cannot be resolved ({exc.__class__.__name__})"
        ) from None
    if not target.is_relative_to(root):
        raise InputError(source, key, f"path {rel!r} resolves outside {folder} (a symlink?)")
    return target
