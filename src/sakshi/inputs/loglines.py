"""The lines of a turn log that start in a byte range: what one partition reads.

A line starts at byte 0 or right after a ``\\n`` and belongs to the range it starts in,
so any cut of a log into ranges reads every line exactly once, in order; a ``\\r`` stays
inside its line. The reading is bounded and linear whatever the log holds:

- a range inside one long line reads its own bytes, not the line's (so ranges of any
  size cost the log's length in all, never its length times the ranges);
- a line is held in pieces until its newline comes, joined once (never joined again for
  every chunk read);
- a line longer than ``MAX_LINE_BYTES`` is refused as soon as that many bytes of it are
  read, naming the log and where (a compressed log's line by its number), the same
  bound for a plain log and for a compressed one, whose few bytes may expand to any
  size (a decompression bomb);
- a compressed log's whole stream is bounded by the log's size (``compressed.py``:
  ``MAX_EXPANSION`` times it), so a bomb of many short lines is refused too, as soon as
  the bound is passed;
- the log is checked to be the file it was when the run was planned (its stamp,
  ``logs.py``) before the range is read and again after, so a log replaced or rewritten
  meanwhile is refused rather than graded as a mix of two files; one shorter than
  planned is refused too.

A compressed log has no byte offsets to enter it by: it is one partition, read whole.

``count_lines`` counts the lines a range holds without reading them (its newlines), under
the same checks: what numbers the lines of the ranges after it (``context/numbering.py``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, NoReturn

from sakshi.errors import InputError
from sakshi.inputs.compressed import decompressed
from sakshi.inputs.files import open_regular
from sakshi.inputs.logs import changed, local_stamp, remote_stamp
from sakshi.inputs.remote import reading, url_filesystem

__all__ = ["MAX_LINE_BYTES", "count_lines", "iter_lines", "read_lines"]

# One turn a line: a longer line is no turn log. Far above any real turn (a few KiB, a
# large bundle a few MiB), low enough that a bomb is refused in a fraction of a second.
MAX_LINE_BYTES = 64 * 1024 * 1024
_STEP = 64 * 1024  # bytes read at a time to find a range's first line, or finish its last
_WHOLE = 1 << 62  # the end of a compressed stream's "range": all of it


@contextmanager
def _opened(
    location: str, remote: bool, label: str
) -> Iterator[tuple[BinaryIO, Callable[[], str]]]:
    """The log opened, and how to take its stamp now (through the open file where the
    store allows: a local file's descriptor is the file read, whatever the path now names)."""
    if remote:
        fs, path = url_filesystem(location)
        with fs.open(path, "rb") as handle:
            yield handle, lambda: remote_stamp(fs.info(path))
        return
    with open_regular(Path(location), label, "a JSON lines file of turns") as handle:
        yield handle, lambda: local_stamp(os.fstat(handle.fileno()))


def iter_lines(
    location: str,
    remote: bool,
    start: int,
    end: int,
    shown: str = "",
    chunk: int = 1 << 20,
    compression: str | None = None,
    stamp: str | None = None,
) -> Iterator[bytes]:
    """The lines of a log that start at a byte offset in ``[start, end)``, whole (the last
    may run past ``end``), read ``chunk`` bytes at a time, so a partition is never whole in
    memory. (Not ``readline`` a line: fsspec's reads a whole block for every line, and it
    has no bound.) A compressed log is read whole, decompressed, whatever the range: ``end``
    is its size (its one partition's range is the whole file, which its stamp vouches
    for), and it may decompress to ``allowance(end)`` bytes. A line over
    ``MAX_LINE_BYTES``, a compressed log past its allowance, a log that ends before ``end``
    or, given its ``stamp``, one that is not the file it was, is an InputError naming the
    log."""
    label = shown or location
    missing = "no such object" if remote else "no such file"
    with (
        reading(label, missing),
        _opened(location, remote, label) as (raw, stamp_now),
        decompressed(raw, compression, end, label) as handle,
    ):
        if stamp is not None and stamp_now() != stamp:
            raise changed(label)
        if compression is not None:
            yield from _lines_to(handle, 0, _WHOLE, chunk, label, numbered=True)
        else:
            first = 0 if start == 0 else _first_line_start(handle, start, end, label)
            if first is not None:
                handle.seek(first)
                yield from _lines_to(handle, first, end, chunk, label, numbered=False)
        if stamp is not None and stamp_now() != stamp:
            raise changed(label)


def count_lines(
    location: str,
    remote: bool,
    start: int,
    end: int,
    shown: str = "",
    stamp: str | None = None,
    chunk: int = 1 << 20,
) -> int:
    """How many lines of a plain log start in ``[start, end)``: as many as ``iter_lines``
    yields for that range. A line starts at byte 0 or right after a ``\\n``, so they are
    the ``\\n`` bytes in ``[start - 1, end - 1)``, and byte 0 when the range holds it:
    counted ``chunk`` bytes at a time, at the speed of a byte search, no line built. A log
    that ends early or, given its ``stamp``, is not the file it was, is an InputError
    naming it (as ``iter_lines``)."""
    label = shown or location
    missing = "no such object" if remote else "no such file"
    with reading(label, missing), _opened(location, remote, label) as (handle, stamp_now):
        if stamp is not None and stamp_now() != stamp:
            raise changed(label)
        at = max(start - 1, 0)
        handle.seek(at)
        count = 1 if start == 0 else 0  # the log's first line (a range is never empty)
        data = b""
        while at < end:  # to ``end``, not ``end - 1``: a log cut short is seen, as there
            data = handle.read(min(chunk, end - at))
            if not data:
                _shrank(label, at, end)
            count += data.count(b"\n")
            at += len(data)
        if data.endswith(b"\n"):
            count -= 1  # the newline at ``end - 1`` starts a line of the next range
        if stamp is not None and stamp_now() != stamp:
            raise changed(label)
    return count


def _first_line_start(handle: BinaryIO, start: int, end: int, label: str) -> int | None:
    """Where the first line that starts in ``[start, end)`` starts (just after a ``\\n``
    at ``start - 1`` or later), or None when none does. The bytes ``[start - 1, end)`` are
    read at most, so a range inside one long line costs its own length, and a step at a
    time, so a range whose first line is short reads little before its lines are read."""
    handle.seek(start - 1)
    at = start - 1
    while at < end:
        data = handle.read(min(_STEP, end - at))
        if not data:
            _shrank(label, at, end)
        cut = data.find(b"\n")
        if cut >= 0:
            return at + cut + 1 if at + cut + 1 < end else None
        at += len(data)
    return None


def _lines_to(
    handle: BinaryIO, position: int, end: int, chunk: int, label: str, numbered: bool
) -> Iterator[bytes]:
    """``iter_lines``'s reading loop: from the line start at ``position``, the lines that
    start before ``end``. ``numbered``: a compressed stream, read from its start, so its
    lines have numbers to name (and no planned size to end early against)."""
    held: list[bytes] = []  # the line that starts at position, in pieces, its end not read
    size = 0  # their length
    number = 1  # of the line at position, in a numbered stream
    while position < end:
        data = handle.read(chunk)
        if not data:
            if not numbered and position + size < end:
                _shrank(label, position + size, end)  # lines would go ungraded
            if held:
                yield b"".join(held)  # the log's last line, without its newline
            return
        if b"\n" not in data:
            held.append(data)
            size += len(data)
        else:
            *whole, tail = b"".join([*held, data]).split(b"\n")  # each byte joined once
            for piece in whole:
                if position >= end:
                    return
                if len(piece) > MAX_LINE_BYTES:
                    _too_long(label, position, number if numbered else None)
                yield piece + b"\n"
                position += len(piece) + 1
                number += 1
            held, size = ([tail] if tail else []), len(tail)
        if size > MAX_LINE_BYTES:
            _too_long(label, position, number if numbered else None)
        if held and position < end <= position + size:
            # The range's last line runs past its end: finish that line alone rather
            # than read a further chunk of the next range (within the same bound).
            yield _rest_of_line(handle, held, size, position, label)
            return


def _rest_of_line(
    handle: BinaryIO, pieces: list[bytes], size: int, position: int, label: str
) -> bytes:
    """The line whose first ``pieces`` (``size`` bytes, from byte ``position``) are read,
    read on to its newline or the log's end a step at a time, under the line bound."""
    while True:
        data = handle.read(_STEP)
        cut = data.find(b"\n")
        piece = data[: cut + 1] if cut >= 0 else data
        pieces.append(piece)
        size += len(piece) - (cut >= 0)
        if size > MAX_LINE_BYTES:
            _too_long(label, position, None)
        if cut >= 0 or not data:
            return b"".join(pieces)


def _shrank(label: str, at: int, end: int) -> NoReturn:
    raise InputError(
        label,
        None,
        f"the log ends at byte {at}, before byte {end} it had when the run began:"
        " it changed during the run",
    )


def _too_long(label: str, position: int, number: int | None) -> NoReturn:
    where = (
        f"a line at byte {position}"
        if number is None
        else f"line {number} (from byte {position} of the decompressed stream)"
    )
    raise InputError(
        label,
        None,
        f"{where} runs past {MAX_LINE_BYTES} bytes with no newline: not a JSON lines log of turns",
    )


def read_lines(
    location: str,
    remote: bool,
    start: int,
    end: int,
    shown: str = "",
    compression: str | None = None,
    stamp: str | None = None,
) -> list[bytes]:
    """``iter_lines`` as a list, the range read in one request (a Dask task's partition;
    a compressed log a chunk at a time, as it decompresses)."""
    chunk = 1 << 20 if compression else max(end - start, 1)
    return list(iter_lines(location, remote, start, end, shown, chunk, compression, stamp))
