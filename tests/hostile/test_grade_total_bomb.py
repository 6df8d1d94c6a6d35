"""Hostile: a compressed log whose few bytes expand to lines without end (issue 22).

The 64 MiB bound on a line does not bound a log: a bzip2 stream of 108 bytes holds 64 MiB
of 4 KiB lines, and 256 of them one after another (one log: streams are read in turn)
hold 16 GiB in 28 KB, every line of it graded; the run went on for as long as the bytes
did. A compressed log may now decompress to 1024 times its own size (1 MiB at least):
the read that passes that is exit 2 with one line naming the log, its size and the bound,
and nothing is written (no ``--out`` file, no ``--out-parts`` folder). The same with
``--jobs 1``, ``--jobs 2`` and on Dask; the endless log runs in child processes bounded in
time and memory.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
from collections.abc import Callable
from pathlib import Path

import pytest
from grade_runs import (
    ENGINES,
    GradeRun,
    bounded_grade,
    engine_args,
    grade_here,
    log_bytes,
    one_line_error,
)

from sakshi.errors import InputError
from sakshi.inputs import compressed
from sakshi.inputs.compressed import MAX_EXPANSION, MIN_ALLOWANCE, allowance
from sakshi.inputs.loglines import MAX_LINE_BYTES, iter_lines
from sakshi.inputs.logs import expand_logs

Capture = pytest.CaptureFixture[bytes]
GOOD = log_bytes("ok", 2)
LINE = b"a" * 4095 + b"\n"  # a short line (4 KiB), far under the line bound


def _stream(megabytes: int) -> bytes:
    """One bzip2 stream: ``GOOD``, then ``megabytes`` MiB of ``LINE``."""
    packer = bz2.BZ2Compressor(9)
    pieces = [packer.compress(GOOD)]
    block = LINE * ((1 << 20) // len(LINE))
    pieces += [packer.compress(block) for _ in range(megabytes)]
    return b"".join([*pieces, packer.flush()])


@pytest.fixture(scope="module")
def stream() -> bytes:
    return _stream(64)


@pytest.fixture(scope="module")
def bombs(tmp_path_factory: pytest.TempPathFactory, stream: bytes) -> dict[str, Path]:
    """``small``: 64 MiB of lines in one stream of a few hundred bytes (its allowance is the
    1 MiB every log has); ``endless``: 256 such streams, 16 GiB in about 28 KB (its
    allowance is 1024 times that)."""
    folder = tmp_path_factory.mktemp("bombs")
    paths = {"small": folder / "small.jsonl.bz2", "endless": folder / "endless.jsonl.bz2"}
    paths["small"].write_bytes(stream)
    paths["endless"].write_bytes(stream * 256)
    assert len(stream) < 1000 and len(LINE) < MAX_LINE_BYTES
    return paths


def _refused(message: str, log: Path) -> None:
    size = log.stat().st_size
    assert message == (
        f"{log}: decompresses past {allowance(size)} bytes, the most a compressed log of"
        f" {size} bytes may hold (1024 times its size, at least 1048576): refused as a"
        " decompression bomb; grade a real log that compresses this far decompressed"
    )


OUTPUTS: dict[str, Callable[[Path], tuple[str, ...]]] = {
    "stdout": lambda _: (),
    "out": lambda folder: ("--out", str(folder / "graded.jsonl")),
    "out-parts": lambda folder: ("--out-parts", str(folder / "parts")),
}


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize("engine", ENGINES)
def test_a_bomb_of_short_lines_is_refused_and_nothing_written(
    capsysbinary: Capture,
    tmp_path: Path,
    docs: Path,
    bombs: dict[str, Path],
    scheduler: str,
    engine: str,
    output: str,
) -> None:
    outputs = tmp_path / "outputs"
    outputs.mkdir()
    (outputs / "another-run.jsonl").write_bytes(b"{}\n")  # not this run's: it stays
    log = bombs["small"]
    args = (log, "--documents", docs, *engine_args(engine, scheduler), *OUTPUTS[output](outputs))
    _refused(one_line_error(grade_here(capsysbinary, *args)), log)
    assert sorted(p.name for p in outputs.iterdir()) == ["another-run.jsonl"]
    assert (outputs / "another-run.jsonl").read_bytes() == b"{}\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_endless_log_is_refused_within_bounds(
    tmp_path: Path, docs: Path, bombs: dict[str, Path], jobs: str
) -> None:
    log = bombs["endless"]
    run: GradeRun = bounded_grade(tmp_path, log, "--documents", docs, "--jobs", jobs, seconds=60)
    _refused(one_line_error(run), log)


# --- the core: the bound on the whole stream, to the byte, in every format ------------------

PACKERS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
}


def _read(path: Path) -> list[bytes]:
    (source,) = expand_logs([str(path)])
    return list(
        iter_lines(
            source.location, False, 0, source.size, chunk=1000, compression=source.compression
        )
    )


@pytest.mark.parametrize("suffix", [*PACKERS, ".zst"])
def test_the_bound_holds_to_the_byte_in_every_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    if suffix == ".zst":
        zstandard = pytest.importorskip("zstandard")
        pack = zstandard.ZstdCompressor().compress
    else:
        pack = PACKERS[suffix]
    data = b"{}\n" * 3000 + b"x" * 5  # many short lines, the last without its newline
    log = tmp_path / f"day.jsonl{suffix}"
    log.write_bytes(pack(data))
    monkeypatch.setattr(compressed, "MAX_EXPANSION", 1)  # the floor decides, below
    monkeypatch.setattr(compressed, "MIN_ALLOWANCE", len(data))
    assert b"".join(_read(log)) == data  # exactly the allowance: read whole
    monkeypatch.setattr(compressed, "MIN_ALLOWANCE", len(data) - 1)
    with pytest.raises(InputError) as refused:
        _read(log)
    assert str(refused.value).startswith(f"{log}: decompresses past {len(data) - 1} bytes,")


def test_the_ratio_scales_with_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"{}\n" * 20000
    log = tmp_path / "day.jsonl.xz"
    log.write_bytes(lzma.compress(data))
    size = log.stat().st_size
    monkeypatch.setattr(compressed, "MIN_ALLOWANCE", 0)
    monkeypatch.setattr(compressed, "MAX_EXPANSION", -(-len(data) // size))  # just enough
    assert len(_read(log)) == 20000
    monkeypatch.setattr(compressed, "MAX_EXPANSION", len(data) // size - 1)
    with pytest.raises(InputError, match="decompression bomb"):
        _read(log)


def test_tiny_lines_stop_at_the_allowance(tmp_path: Path) -> None:
    """``{}`` lines, the shortest a turn log holds, at the documented bound: the lines read
    before the refusal are within the log's allowance."""
    log = tmp_path / "day.jsonl.xz"
    log.write_bytes(lzma.compress(b"{}\n" * (4 << 20)))  # 12 MiB in about 2 KB
    (source,) = expand_logs([str(log)])
    lines = iter_lines(source.location, False, 0, source.size, compression=source.compression)
    read = 0
    with pytest.raises(InputError, match="decompression bomb"):
        for line in lines:
            read += len(line)
    assert 0 < read <= allowance(log.stat().st_size) < 12 << 20


def test_real_logs_are_far_from_the_bound() -> None:
    """A log of turns that differ only in their ids, as repetitive as a real log gets,
    stays three times below 1024 to one at each format's strongest setting."""
    log = log_bytes("ok", 1500)
    for pack in (
        lambda data: gzip.compress(data, 9),
        lambda data: bz2.compress(data, 9),
        lambda data: lzma.compress(data, preset=9 | lzma.PRESET_EXTREME),
    ):
        assert len(log) < MAX_EXPANSION * len(pack(log)) // 3


def test_the_bound_is_the_documented_one() -> None:
    assert (MAX_EXPANSION, MIN_ALLOWANCE) == (1024, 1 << 20)
