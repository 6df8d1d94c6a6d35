"""Hostile: a compressed log whose few bytes expand to one enormous line.

One 250 MiB line in a 221-byte ``.bz2`` took 268 s and 800 MB: the line was under the
line bound (then 256 MiB), and the reader joined everything it held again for every
chunk it read. The bound is now 64 MiB, the same for a plain log and a compressed one,
enforced as the bytes come (a line is held in pieces and joined once), so such a log is
exit 2 within a fraction of a second and a bounded amount of memory, with one line
naming the log and the line (by its number in the decompressed stream). The same with
``--jobs 1``, ``--jobs 2`` and on Dask; CLI runs are child processes bounded in time and
memory. (A log of a few hundred bytes is now refused sooner, by the bound on its whole
stream, ``test_grade_total_bomb``: the bomb here ends in bytes that do not compress, so
that its size allows its line and only the line's own bound meets it.)
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from grade_runs import (
    bounded_grade,
    grade_here,
    in_process_cluster,
    log_bytes,
    one_line_error,
)

from sakshi.errors import InputError
from sakshi.inputs import loglines
from sakshi.inputs.compressed import allowance
from sakshi.inputs.loglines import MAX_LINE_BYTES, iter_lines
from sakshi.inputs.logs import expand_logs

Capture = pytest.CaptureFixture[bytes]
GOOD = log_bytes("ok", 2)  # two turns and a line that is not JSON: the bomb is line 4
PAST = "runs past 67108864 bytes with no newline: not a JSON lines log of turns"


def _bz2_bomb(path: Path, line_bytes: int) -> Path:
    """``GOOD``, then one line of ``line_bytes`` with no newline, as a ``.bz2`` whose line
    takes a few hundred bytes; a second stream of bytes that do not compress follows, so
    that the log's size allows the bytes its line runs to (a whole stream may hold 1024
    times the log's size: ``test_grade_total_bomb``), and the line's own bound is met."""
    packer = bz2.BZ2Compressor(9)
    pieces = [packer.compress(GOOD)]
    block = b"a" * (1 << 20)
    for _ in range(line_bytes >> 20):
        pieces.append(packer.compress(block))
    pieces.append(packer.flush())
    pieces.append(bz2.compress(random.Random(7).randbytes(line_bytes >> 9)))
    path.write_bytes(b"".join(pieces))
    return path


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A line of 70 MiB (past the bound) in a few hundred bytes of bzip2, in a log whose
    size allows that many bytes."""
    path = _bz2_bomb(tmp_path_factory.mktemp("bomb") / "day.jsonl.bz2", 70 << 20)
    assert allowance(path.stat().st_size) > (70 << 20) + len(GOOD)
    return path


def _named(message: str, log: Path) -> None:
    assert GOOD.count(b"\n") == 3 and GOOD.endswith(b"\n")  # the bomb starts line 4
    assert message == f"{log}: line 4 (from byte {len(GOOD)} of the decompressed stream) {PAST}"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bomb_is_refused_at_once_naming_the_log_and_line(
    tmp_path: Path, docs: Path, bomb: Path, jobs: str
) -> None:
    run = bounded_grade(tmp_path, bomb, "--documents", docs, "--jobs", jobs, seconds=30)
    _named(one_line_error(run), bomb)


def test_on_dask_a_bomb_is_refused_too(capsysbinary: Capture, docs: Path, bomb: Path) -> None:
    pytest.importorskip("distributed")
    with in_process_cluster() as cluster:
        run = grade_here(
            capsysbinary, bomb, "--documents", docs,
            "--engine", "dask", "--scheduler", cluster.scheduler_address,
        )  # fmt: skip
    _named(one_line_error(run), bomb)


def test_a_plain_log_has_the_same_bound(tmp_path: Path, docs: Path) -> None:
    plain = tmp_path / "day.jsonl"
    with plain.open("wb") as handle:
        handle.write(GOOD)
        for _ in range(70):
            handle.write(b"a" * (1 << 20))
    run = bounded_grade(tmp_path, plain, "--documents", docs, seconds=30)
    assert one_line_error(run) == f"{plain}: a line at byte {len(GOOD)} {PAST}"


# --- the core: the bound as the bytes come, in every format ---------------------------------

PACKERS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
}


@pytest.mark.parametrize("suffix", PACKERS)
def test_the_bound_holds_to_the_byte_in_every_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    monkeypatch.setattr(loglines, "MAX_LINE_BYTES", 4096)
    held = tmp_path / f"held.jsonl{suffix}"
    held.write_bytes(PACKERS[suffix](b"{}\n" + b"x" * 4096 + b"\n" + b"y" * 4096))
    (source,) = expand_logs([str(held)])
    read = list(
        iter_lines(
            source.location, False, 0, source.size, chunk=1000, compression=source.compression
        )
    )
    assert read == [b"{}\n", b"x" * 4096 + b"\n", b"y" * 4096]  # at the bound: whole lines
    over = tmp_path / f"over.jsonl{suffix}"
    over.write_bytes(PACKERS[suffix](b"{}\n{}\n" + b"z" * 4097 + b"\n{}\n"))
    (source,) = expand_logs([str(over)])
    with pytest.raises(InputError) as refused:
        list(
            iter_lines(
                source.location, False, 0, source.size, chunk=1000, compression=source.compression
            )
        )
    assert str(refused.value) == (
        f"{over}: line 3 (from byte 6 of the decompressed stream) runs past 4096 bytes"
        " with no newline: not a JSON lines log of turns"
    )


def test_the_bound_is_the_documented_one() -> None:
    assert MAX_LINE_BYTES == 64 * 1024 * 1024
