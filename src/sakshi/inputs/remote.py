"""Logs and documents where they are: local paths, globs and fsspec URLs.

A log is named by a path, a glob (``logs/2026-*.jsonl``) or a URL (``s3://bucket/day/*.jsonl``,
``gs://``, ``memory://``, ``file://``). ``expand_logs`` turns what the user wrote into the
logs themselves, in the order given (a glob's matches sorted), each with its size, and
refuses, naming it, anything that matches nothing, is missing, is not a file, or needs a
package that is not installed. ``read_lines`` reads the lines that START in a byte range
of a log (a partition), so a worker can read its own part of a log without the client.

A log whose name ends in ``.gz``, ``.bz2`` or ``.xz`` is read through its decompressor
(the standard library's; ``.zst`` through zstandard's, in ``sakshi[cluster]``): such a log
cannot be cut at byte offsets, so it is one partition, read from its start to its end.
A line longer than ``MAX_LINE_BYTES`` (a decompression bomb, a file with no newlines) is
refused, naming the log and where.

fsspec is imported only when a URL is used: local paths and globs need nothing beyond the
standard library. A ``file://`` URL is a local path and is read as one (with the same
checks). URLs read with the credentials and settings of the machine that reads them
(``AWS_*`` or ``FSSPEC_S3_*`` environment variables, fsspec's configuration).
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, NoReturn
from urllib.parse import unquote, urlsplit

from sakshi.errors import InputError, SakshiError
from sakshi.inputs.compressed import compression_of, decompressed
from sakshi.inputs.files import open_regular

__all__ = [
    "MAX_LINE_BYTES",
    "LogSource",
    "RemoteFolder",
    "expand_logs",
    "is_url",
    "iter_lines",
    "local_path",
    "open_url",
    "read_lines",
    "said",
    "url_filesystem",
]

MAX_LINE_BYTES = 256 * 1024 * 1024  # one turn a line: a longer line is no turn log
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*(::[A-Za-z][A-Za-z0-9+.\-]*)*://")
_GLOB_MAGIC = re.compile(r"[*?\[]")
# The packages that bring the protocols people ask for, named in the refusal.
_PACKAGES = {"s3": "s3fs", "s3a": "s3fs", "gs": "gcsfs", "gcs": "gcsfs", "az": "adlfs"}


def is_url(text: str) -> bool:
    """Whether ``text`` is a URL (``scheme://...``) rather than a local path."""
    return _URL.match(text) is not None


def local_path(text: str) -> Path | None:
    """The local path a ``file://`` URL (or a plain path) names; None for other URLs."""
    if not is_url(text):
        return Path(text)
    if not text.startswith("file://"):
        return None
    parts = urlsplit(text)
    if parts.netloc not in ("", "localhost"):
        raise InputError(text, None, "a file:// URL names a path on this machine (no host)")
    return Path(unquote(parts.path))


def _protocol(url: str) -> str:
    return url.split("://", 1)[0].split("::")[-1]


def url_filesystem(url: str) -> tuple[Any, str]:
    """The fsspec file system for ``url`` and the path inside it; a missing package or an
    unknown protocol is an InputError naming the URL (and the package to install)."""
    protocol = _protocol(url)
    try:
        from fsspec.core import url_to_fs  # type: ignore[import-untyped]
    except ImportError:
        raise InputError(
            url, None, "reading URLs needs fsspec: pip install 'sakshi[cluster]'"
        ) from None
    try:
        return url_to_fs(url)  # type: ignore[no-any-return]
    except ImportError:
        package = _PACKAGES.get(protocol, f"the fsspec package for {protocol}://")
        raise InputError(
            url, None, f"{protocol}:// needs {package}: pip install {package}"
        ) from None
    except ValueError as exc:
        if "not known" in str(exc):
            raise InputError(
                url, None, f"unknown protocol {protocol!r} (fsspec has none)"
            ) from None
        raise InputError(url, None, f"cannot use this URL: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a file system that cannot be made from this URL
        raise InputError(url, None, f"cannot use this URL: {said(exc)}") from None


def said(exc: BaseException) -> str:
    """An exception in one line: its kind, and its words when it has any."""
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


@contextmanager
def _reading(shown: str, missing: str = "no such object") -> Iterator[None]:
    """A file system's errors as an InputError naming ``shown``: fsspec's OSErrors and a
    backend's own kinds (botocore's missing credentials, say), each named, never a
    traceback."""
    try:
        yield
    except SakshiError:
        raise
    except FileNotFoundError:
        raise InputError(shown, None, f"cannot read: {missing}") from None
    except Exception as exc:  # noqa: BLE001 - backends raise their own kinds: one line each
        # An OSError's words say what happened; another kind is named with them.
        detail = (str(exc) or type(exc).__name__) if isinstance(exc, OSError) else said(exc)
        raise InputError(shown, None, f"cannot read: {detail}") from None


@dataclass(frozen=True)
class LogSource:
    """One log to grade: as shown in messages, where it is (a local path or a URL), its
    size in bytes when the run was planned, whether it is read through fsspec, and its
    compression (None: plain JSON lines)."""

    shown: str
    location: str
    size: int
    remote: bool
    compression: str | None = None


def _local_file(path: Path, shown: str) -> LogSource:
    # Opened (without blocking) and closed again: a FIFO, a device or a folder is refused
    # here by its kind, before any work, with the words every command uses.
    with open_regular(path, shown, "a JSON lines file of turns") as handle:
        size = os.fstat(handle.fileno()).st_size
    return LogSource(shown, str(path.absolute()), size, False, compression_of(path.name, shown))


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
    with _reading(shown):
        info = fs.info(path)
    if info.get("type") != "file":
        raise InputError(shown, None, "is a folder (a prefix), expected a JSON lines file of turns")
    url = fs.unstrip_protocol(path)
    return LogSource(shown, url, int(info["size"]), True, compression_of(path, shown))


def _expand_remote(spec: str) -> list[LogSource]:
    fs, path = url_filesystem(spec)
    if not _GLOB_MAGIC.search(path):
        return [_remote_file(fs, path, spec)]
    with _reading(spec):
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


def open_url(url: str, shown: str | None = None) -> BinaryIO:
    """``url`` opened for reading through fsspec; a refusal names ``shown`` (or the URL)."""
    fs, path = url_filesystem(url)
    with _reading(shown or url):
        return fs.open(path, "rb")  # type: ignore[no-any-return]


def _open_log(location: str, remote: bool, shown: str) -> BinaryIO:
    if remote:
        return open_url(location, shown)
    return open_regular(Path(location), shown, "a JSON lines file of turns")


def iter_lines(
    location: str,
    remote: bool,
    start: int,
    end: int,
    shown: str = "",
    chunk: int = 1 << 20,
    compression: str | None = None,
) -> Iterator[bytes]:
    """The lines of a log that start at a byte offset in ``[start, end)``, whole (the last
    may run past ``end``), read ``chunk`` bytes at a time, so a partition is never whole in
    memory. (Not ``readline`` a line: fsspec's reads a whole block for every line.) Any cut
    of a log into ranges reads every line exactly once: a line starts at 0 or right after a
    ``\\n``, and belongs to the range it starts in; a ``\\r`` stays inside its line. A
    compressed log is read whole, decompressed, whatever the range (it is one partition).
    A line over ``MAX_LINE_BYTES``, or a log that ends before ``end`` (it shrank since
    the run was planned), is an InputError naming the log."""
    label = shown or location
    missing = "no such object" if remote else "no such file"
    with (
        _reading(label, missing),
        _open_log(location, remote, label) as raw,
        decompressed(raw, compression) as handle,
    ):
        if compression is not None:
            start, end = 0, 1 << 62  # no byte offsets in a compressed stream
        position = 0
        if start > 0:
            handle.seek(start - 1)
            position = start - 1 + len(handle.readline())  # up to the first line start
            handle.seek(position)
        yield from _lines_to(handle, position, end, chunk, label, compression is None)


def _lines_to(
    handle: BinaryIO, position: int, end: int, chunk: int, label: str, sized: bool
) -> Iterator[bytes]:
    """``iter_lines``'s reading loop: from the line start at ``position``, the lines that
    start before ``end``; ``sized``: the log has the size it was planned with (not a
    compressed stream), so ending early means it shrank."""
    pending = b""  # the start of a line whose end is not read yet; it starts at position
    while position < end:
        data = handle.read(chunk)
        if not data:
            if sized and position + len(pending) < end:
                # Shorter than when the run was planned: lines would go ungraded.
                raise InputError(
                    label,
                    None,
                    f"the log ends at byte {position + len(pending)}, before byte {end}"
                    " it had when the run began: it changed during the run",
                )
            if pending:
                yield pending  # the log's last line, without its newline
            return
        *whole, pending = (pending + data).split(b"\n")
        if len(pending) > MAX_LINE_BYTES:
            _too_long(position, label)
        for piece in whole:
            if position >= end:
                return
            yield piece + b"\n"
            position += len(piece) + 1
        if pending and position < end <= position + len(pending):
            # The range's last line runs past its end: finish that line alone rather
            # than read a further chunk of the next range (within the same bound).
            yield _rest_of_line(handle, pending, position, label)
            return


_REST_STEP = 64 * 1024  # bytes read at a time to finish a range's last line


def _rest_of_line(handle: BinaryIO, start: bytes, position: int, label: str) -> bytes:
    """The line that begins with ``start`` (at byte ``position``), read on to its newline
    or the log's end a step at a time, under the line bound. (Not ``readline``: it is
    unbounded, and fsspec's takes no size.)"""
    pieces, size = [start], len(start)
    while True:
        data = handle.read(_REST_STEP)
        cut = data.find(b"\n")
        piece = data[: cut + 1] if cut >= 0 else data
        pieces.append(piece)
        size += len(piece.removesuffix(b"\n"))
        if size > MAX_LINE_BYTES:
            _too_long(position, label)
        if cut >= 0 or not data:
            return b"".join(pieces)


def _too_long(position: int, label: str) -> NoReturn:
    raise InputError(
        label,
        None,
        f"a line at byte {position} runs past {MAX_LINE_BYTES} bytes"
        " with no newline: not a JSON lines log of turns",
    )


def read_lines(
    location: str,
    remote: bool,
    start: int,
    end: int,
    shown: str = "",
    compression: str | None = None,
) -> list[bytes]:
    """``iter_lines`` as a list, the range read in one request (a Dask task's partition;
    a compressed log a chunk at a time, as it decompresses)."""
    chunk = 1 << 20 if compression else max(end - start, 1)
    return list(iter_lines(location, remote, start, end, shown, chunk, compression))


class RemoteFolder:
    """A folder of documents at a URL (``s3://bucket/docs``): files read by name, whole,
    up to a limit; a missing file is None."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        fs, root = url_filesystem(self.url)
        with _reading(url):
            usable = fs.isdir(root)
        if not usable:
            raise InputError(url, None, "not a folder of documents (<id>.yaml or <id>.txt)")

    def holds(self, name: str) -> bool:
        """Whether the folder has a file ``name``; a store that cannot say is an
        InputError naming its URL."""
        url = f"{self.url}/{name}"
        fs, path = url_filesystem(url)
        with _reading(url):
            return bool(fs.exists(path))

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes of ``name`` in the folder, None if it has no such file; one over
        ``limit`` bytes or unreadable is an InputError naming its URL."""
        url = f"{self.url}/{name}"
        # The file system comes from fsspec's cache each time: an instance made before a
        # fork (--jobs) must not be used in the child.
        fs, path = url_filesystem(url)
        with _reading(url):
            try:
                with fs.open(path, "rb") as handle:
                    data: bytes = handle.read(limit + 1)
            except FileNotFoundError:
                return None
        if len(data) > limit:
            raise InputError(url, None, f"the file is over {limit} bytes; the limit is {limit}")
        return data
