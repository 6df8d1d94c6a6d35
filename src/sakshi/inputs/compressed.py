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
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

from sakshi.errors import InputError

__all__ = ["compression_of", "decompressed"]

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
        raise InputError(
            shown, None, "a .zst log needs zstandard: pip install 'sakshi[cluster]'"
        ) from None
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


@contextmanager
def decompressed(handle: BinaryIO, compression: str | None) -> Iterator[BinaryIO]:
    """``handle``, or its decompressed bytes (read with ``read(size)`` only); the caller
    closes ``handle``."""
    if compression is None:
        yield handle
        return
    if compression == "zstd":
        yield _Streams(handle, _Zstd)  # type: ignore[misc]
        return
    if compression == "gzip":
        import gzip

        with gzip.GzipFile(fileobj=handle) as opened:
            yield opened  # type: ignore[misc]
        return
    import bz2
    import lzma

    make = bz2.BZ2Decompressor if compression == "bz2" else lzma.LZMADecompressor
    yield _Streams(handle, make)  # type: ignore[misc]
