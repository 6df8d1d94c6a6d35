"""Compressed turn logs: which compression a log's name says, and its bytes decompressed.

``.gz``, ``.bz2`` and ``.xz`` are read with the standard library, ``.zst`` with zstandard
(in ``sakshi[cluster]``). A compressed log is read from its start to its end (it has no
byte offsets to enter it by). Concatenated streams are read one after another, and bytes
after the last stream that do not begin another are an error, never skipped: the standard
library's bz2 and xz readers ignore such trailing bytes, which could hold lines nobody
graded, and zstandard's stream reader ends a cut-off stream in silence, dropping its
last lines; so those three are read here with their decompressors, stream by stream, and
a stream cut short is an error (gzip's reader already refuses both, but for zero padding,
which holds no line). Each step decompresses a bounded amount, so a small file that
expands hugely is read as a stream.

The whole stream is bounded too, by the log's own size: a compressed log may decompress to
``MAX_EXPANSION`` times its size (and to ``MIN_ALLOWANCE`` whatever its size), and the
read that would pass that is refused, naming the log. A line bound alone does not stop a
bomb of many short lines, which bzip2 packs up to a million to one (xz and zstd thousands
to one, and streams one after another are one log): a few KB would decompress, and be
graded line by line, without end. 1024 is about deflate's own ceiling
(1032 to one), so a gzip log is hardly ever refused, and far above what real turn logs
reach in any format (a log of turns that differ only in their ids, at xz's strongest, is
under 300 to one); so grading a compressed log costs at most what grading a plain log
1024 times its size would. A real log past it can be graded decompressed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

from sakshi.errors import CLUSTER_EXTRA, InputError

__all__ = ["MAX_EXPANSION", "MIN_ALLOWANCE", "allowance", "compression_of", "decompressed"]

# Compressed logs, by the end of their names (case-insensitive): the decompressor's name.
_COMPRESSIONS = {
    ".gz": "gzip",
    ".gzip": "gzip",
    ".bz2": "bz2",
    ".xz": "xz",
    ".lzma": "xz",
    ".zst": "zstd",
    ".zstd": "zstd",
}
# Decompressed bytes a compressed log may hold for each of its own bytes, and at least
# (a log of a few lines is mostly headers: its ratio says nothing).
MAX_EXPANSION = 1024
MIN_ALLOWANCE = 1 << 20
_STEP = 1 << 20  # compressed bytes read, and decompressed bytes made, at a time
# zstandard's decompressor takes no output limit: it is fed this much at a time instead
# (a zstd block of 128 KiB can be 3 bytes long, so a KiB makes at most about 44 MiB).
_ZSTD_FEED = 1024


def compression_of(name: str, shown: str | None = None) -> str | None:
    """The compression a log's name says it has (``gzip``, ``bz2``, ``xz``, ``zstd``), or
    None; a zstd log where zstandard is not installed is an InputError naming ``shown``."""
    lowered = name.lower()
    for suffix, kind in _COMPRESSIONS.items():
        if lowered.endswith(suffix):
            if kind == "zstd":
                _zstandard(shown or name)
            return kind
    return None


def _zstandard(shown: str) -> Any:
    try:
        import zstandard
    except ImportError:
        raise InputError(shown, None, f"a .zst log needs zstandard: {CLUSTER_EXTRA}") from None
    return zstandard


class _Zstd:
    """zstandard's decompressor with the standard library's decompressors' surface
    (``eof``, ``unused_data``, ``needs_input``, ``decompress(data, max_length)``), the
    input fed ``_ZSTD_FEED`` bytes a call and the rest held for the next."""

    def __init__(self) -> None:
        self._decompressor = _zstandard("a .zst log").ZstdDecompressor().decompressobj()
        self._held = b""  # input given and not fed yet: from ``_at`` on
        self._at = 0

    @property
    def eof(self) -> bool:
        return bool(self._decompressor.eof)

    @property
    def unused_data(self) -> bytes:
        return bytes(self._decompressor.unused_data) + self._held[self._at :]

    @property
    def needs_input(self) -> bool:
        return self._at >= len(self._held)

    def decompress(self, data: bytes, max_length: int = -1) -> bytes:
        del max_length  # bounded by the feed instead
        if data:
            self._held, self._at = self._held[self._at :] + data, 0
        piece = self._held[self._at : self._at + _ZSTD_FEED]  # (a KiB copied, not the rest)
        self._at += len(piece)
        return bytes(self._decompressor.decompress(piece))


class _Streams:
    """Concatenated streams of one format, each read by a fresh decompressor; bytes after
    a stream's end must begin another (the decompressor says so by raising, as for any
    damaged data). ``read(size)`` as a file's: empty only at the end."""

    def __init__(self, raw: BinaryIO, make: Callable[[], Any]) -> None:
        self._raw, self._make = raw, make
        self._decompressor = make()
        self._pending: list[bytes] = []  # decompressed, not yet read
        self._held = 0  # their length
        self._ended = False

    def read(self, size: int) -> bytes:
        while self._held < size and not self._ended:
            self._step()
        data = b"".join(self._pending)
        out, rest = data[:size], data[size:]
        self._pending, self._held = ([rest] if rest else []), len(rest)
        return out

    def _step(self) -> None:
        decompressor = self._decompressor
        if decompressor.eof:
            rest = decompressor.unused_data or self._raw.read(_STEP)
            if not rest:
                self._ended = True
                return
            self._decompressor = decompressor = self._make()  # another stream starts here
            data = rest
        elif decompressor.needs_input:
            data = self._raw.read(_STEP)
            if not data:
                raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        else:
            data = b""  # output held back by max_length: take more of it
        out = decompressor.decompress(data, max_length=_STEP)
        if out:
            self._pending.append(out)
            self._held += len(out)


def allowance(size: int) -> int:
    """How many decompressed bytes a compressed log of ``size`` bytes may hold."""
    return max(MIN_ALLOWANCE, MAX_EXPANSION * size)


class _Capped:
    """A decompressed stream that refuses, naming the log, the read that takes it past
    ``allowance(size)`` bytes in all (``read(size)`` as a file's)."""

    def __init__(self, inner: Any, size: int, shown: str) -> None:
        self._inner, self._size, self._shown = inner, size, shown
        self._limit = allowance(size)
        self._total = 0

    def read(self, size: int) -> bytes:
        data: bytes = self._inner.read(size)
        self._total += len(data)
        if self._total > self._limit:
            raise InputError(
                self._shown,
                None,
                f"decompresses past {self._limit} bytes, the most a compressed log of"
                f" {self._size} bytes may hold ({MAX_EXPANSION} times its size, at least"
                f" {MIN_ALLOWANCE}): refused as a decompression bomb; grade a real log that"
                " compresses this far decompressed",
            )
        return data


@contextmanager
def decompressed(
    handle: BinaryIO, compression: str | None, size: int | None = None, shown: str = ""
) -> Iterator[BinaryIO]:
    """``handle``, or its decompressed bytes (read with ``read(size)`` only); the caller
    closes ``handle``. Given the compressed log's ``size``, its decompressed bytes are
    capped at ``allowance(size)`` (an InputError naming ``shown`` past it)."""
    if compression is None:
        yield handle
        return
    with _opened(handle, compression) as opened:
        yield opened if size is None else _Capped(opened, size, shown)  # type: ignore[misc]


@contextmanager
def _opened(handle: BinaryIO, compression: str) -> Iterator[Any]:
    if compression == "zstd":
        yield _Streams(handle, _Zstd)
        return
    if compression == "gzip":
        import gzip

        with gzip.GzipFile(fileobj=handle) as opened:
            yield opened
        return
    import bz2
    import lzma

    make = bz2.BZ2Decompressor if compression == "bz2" else lzma.LZMADecompressor
    yield _Streams(handle, make)
