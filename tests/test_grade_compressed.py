"""``sakshi grade`` on compressed logs (``.gz``, ``.bz2``, ``.xz``, ``.zst``): read through their
decompressors, each one partition, the same bytes as the plain log whatever the engine,
``--jobs`` or ``--partition-size``; a damaged stream or a line with no end is exit 2
naming the log."""

from __future__ import annotations

import bz2
import gzip
import io
import itertools
import lzma
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fsspec
import pytest
import zstandard
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from grade_logs import grade_here, grade_process, log_bytes, one_line_error, parts_of

from sakshi.context.partitions import plan_partitions
from sakshi.inputs import loglines
from sakshi.inputs.compressed import compression_of, decompressed
from sakshi.inputs.logs import expand_logs

Capture = pytest.CaptureFixture[bytes]
COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
    ".zst": zstandard.compress,
}


@pytest.fixture
def plain(tmp_path: Path) -> Path:
    path = tmp_path / "day.jsonl"
    path.write_bytes(log_bytes("day", 700, final_newline=False))
    return path


def compressed(plain: Path, suffix: str) -> Path:
    path = plain.with_name(plain.name + suffix)
    path.write_bytes(COMPRESSORS[suffix](plain.read_bytes()))
    return path


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("a.jsonl.gz", "gzip"),
        ("A.JSONL.GZ", "gzip"),
        ("a.gzip", "gzip"),
        ("a.jsonl.bz2", "bz2"),
        ("a.jsonl.xz", "xz"),
        ("a.lzma", "xz"),
        ("a.jsonl.zst", "zstd"),
        ("a.ZSTD", "zstd"),
        ("a.jsonl", None),
        ("a.gz.jsonl", None),
        ("gz", None),
    ],
)
def test_the_compression_is_named_by_the_end_of_the_name(name: str, kind: str | None) -> None:
    assert compression_of(name) == kind


@pytest.mark.parametrize("suffix", sorted(COMPRESSORS))
def test_a_compressed_log_grades_as_the_plain_one_however_cut(
    capsysbinary: Capture, docs: Path, plain: Path, suffix: str
) -> None:
    packed = compressed(plain, suffix)
    expected = grade_here(capsysbinary, plain, "--documents", docs)
    assert expected.code == 1 and expected.out.count(b"\n") == 701
    for extra in (
        (),
        ("--jobs", "2"),
        ("--partition-size", "1K"),
        ("--jobs", "2", "--partition-size", "1K"),
    ):
        run = grade_here(capsysbinary, packed, "--documents", docs, *extra)
        assert (run.code, run.out) == (expected.code, expected.out), (extra, run.err)


def test_a_compressed_log_is_one_partition(plain: Path) -> None:
    packed = compressed(plain, ".gz")
    sources = expand_logs([str(plain), str(packed)])
    assert [source.compression for source in sources] == [None, "gzip"]
    partitions = plan_partitions(sources, 1024)
    assert len([p for p in partitions if p.compression == "gzip"]) == 1
    assert len(partitions) == 1 + -(-plain.stat().st_size // 1024)


def test_mixed_logs_into_parts(
    capsysbinary: Capture, docs: Path, plain: Path, tmp_path: Path
) -> None:
    packed = compressed(plain, ".xz")
    expected = grade_here(capsysbinary, plain, "--documents", docs).out * 2
    run = grade_here(
        capsysbinary, plain, packed, "--documents", docs, "--partition-size", "4K",
        "--out-parts", tmp_path / "parts",
    )  # fmt: skip
    assert run.code == 1, run.err
    data, manifest = parts_of(tmp_path / "parts")
    assert data == expected
    parts: list[dict[str, Any]] = manifest["parts"]  # type: ignore[assignment]
    assert parts[-1]["lines"] == 701  # the compressed log: one part, every line


def test_a_compressed_log_at_a_url(
    capsysbinary: Capture, docs: Path, plain: Path, memory_root: str
) -> None:
    url = f"{memory_root}/logs/day.jsonl.gz"
    with fsspec.open(url, "wb") as handle:
        handle.write(gzip.compress(plain.read_bytes()))
    expected = grade_here(capsysbinary, plain, "--documents", docs)
    run = grade_here(capsysbinary, f"{memory_root}/logs/*.gz", "--documents", docs)
    assert (run.code, run.out) == (expected.code, expected.out), run.err


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda data: data[: len(data) // 2], "Compressed file ended"),
        (lambda data: b"not gzip at all", "Not a gzipped file"),
        (lambda data: data[:20] + bytes(len(data) - 20), "cannot read"),
    ],
)
def test_a_damaged_stream_is_exit_2_naming_the_log(
    capsysbinary: Capture,
    docs: Path,
    plain: Path,
    damage: Callable[[bytes], bytes],
    says: str,
) -> None:
    packed = compressed(plain, ".gz")
    packed.write_bytes(damage(packed.read_bytes()))
    for extra in ((), ("--jobs", "2")):
        message = one_line_error(grade_here(capsysbinary, packed, "--documents", docs, *extra))
        assert message.startswith(str(packed)) and says in message


def test_a_line_with_no_end_is_exit_2_not_a_memory_blow_up(
    capsysbinary: Capture, docs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loglines, "MAX_LINE_BYTES", 4096)
    bomb = tmp_path / "bomb.jsonl.gz"
    bomb.write_bytes(gzip.compress(log_bytes("ok", 3) + b"x" * 100_000))
    message = one_line_error(grade_here(capsysbinary, bomb, "--documents", docs))
    assert message.startswith(str(bomb)) and "no newline" in message
    plain = tmp_path / "long.jsonl"
    plain.write_bytes(b"y" * 50_000)
    message = one_line_error(grade_here(capsysbinary, plain, "--documents", docs))
    assert message.startswith(str(plain)) and "4096" in message
    # A long line that starts near the end of a range and runs on past it: a --jobs task
    # reads its range in one request, then the rest of that line, under the same bound.
    crossing = tmp_path / "crossing.jsonl"
    crossing.write_bytes(log_bytes("ok", 3) + b"z" * 20_000 + b"\n")
    cut = ("--jobs", "2", "--partition-size", "2K")
    run = grade_here(capsysbinary, crossing, "--documents", docs, *cut)
    message = one_line_error(run)
    assert message.startswith(str(crossing)) and "4096" in message, message


def test_a_compressed_log_on_dask_gives_the_local_bytes(
    docs: Path, plain: Path, tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    packed = compressed(plain, ".bz2")
    local = grade_process(plain, packed, "--documents", docs, "--partition-size", "8K")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0",
        processes=False, protocol="tcp://",
    ) as cluster:  # fmt: skip
        on_dask = grade_process(
            plain, packed, "--documents", docs, "--partition-size", "8K",
            "--engine", "dask", "--scheduler", cluster.scheduler_address,
        )  # fmt: skip
    assert on_dask.code == local.code == 1, on_dask.err
    assert on_dask.out == local.out and local.out.count(b"\n") == 1402


def test_a_zst_log_without_zstandard_is_exit_2_before_any_work(
    capsysbinary: Capture, docs: Path, plain: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    packed = compressed(plain, ".zst")
    monkeypatch.setitem(sys.modules, "zstandard", None)  # as if it were not installed
    message = one_line_error(grade_here(capsysbinary, plain, packed, "--documents", docs))
    assert message.startswith(str(packed)) and "pip install '.[cluster]'" in message


def test_a_zst_log_of_several_frames_reads_whole(
    capsysbinary: Capture, docs: Path, plain: Path
) -> None:
    data = plain.read_bytes()
    half = data.index(b"\n", len(data) // 2) + 1
    packed = plain.with_name("two-frames.jsonl.zst")
    packed.write_bytes(zstandard.compress(data[:half]) + zstandard.compress(data[half:]))
    expected = grade_here(capsysbinary, plain, "--documents", docs)
    run = grade_here(capsysbinary, packed, "--documents", docs)
    assert (run.code, run.out) == (expected.code, expected.out), run.err


# --- every stream read, nothing after it skipped ------------------------------------------

TAIL = b'{"id": "hidden", "engine_state": "live"}\n'


@pytest.mark.parametrize("suffix", sorted(COMPRESSORS))
@pytest.mark.parametrize(
    ("name", "damage"),
    [
        ("a line after the stream", lambda data: data + TAIL),
        ("the stream cut short", lambda data: data[:-7]),
        ("cut in its first half", lambda data: data[: len(data) // 3]),
    ],
)
def test_bytes_after_or_a_cut_stream_are_exit_2_never_lines_lost(
    capsysbinary: Capture,
    docs: Path,
    plain: Path,
    suffix: str,
    name: str,
    damage: Callable[[bytes], bytes],
) -> None:
    """The standard library's bz2 and xz readers skip trailing bytes, and zstandard's
    stream reader ends a cut stream in silence: either would grade fewer lines than the
    log holds, and a gate must not pass what it did not read."""
    packed = compressed(plain, suffix)
    packed.write_bytes(damage(packed.read_bytes()))
    message = one_line_error(grade_here(capsysbinary, packed, "--documents", docs))
    assert message.startswith(f"{packed}: cannot read"), name


@pytest.mark.parametrize("suffix", sorted(COMPRESSORS))
def test_streams_one_after_another_are_one_log(
    capsysbinary: Capture, docs: Path, plain: Path, suffix: str
) -> None:
    data = plain.read_bytes()
    cuts = [0, 1, len(data) // 3, len(data) // 3, 2 * len(data) // 3, len(data)]
    packed = plain.with_name(f"streams.jsonl{suffix}")
    packed.write_bytes(
        b"".join(COMPRESSORS[suffix](data[a:b]) for a, b in itertools.pairwise(cuts))
    )
    expected = grade_here(capsysbinary, plain, "--documents", docs)
    run = grade_here(capsysbinary, packed, "--documents", docs)
    assert (run.code, run.out) == (expected.code, expected.out), run.err


def test_zero_padding_after_a_gzip_stream_holds_no_line(
    capsysbinary: Capture, docs: Path, plain: Path
) -> None:
    packed = compressed(plain, ".gz")
    packed.write_bytes(packed.read_bytes() + bytes(512))  # as tape and some tools pad
    expected = grade_here(capsysbinary, plain, "--documents", docs)
    run = grade_here(capsysbinary, packed, "--documents", docs)
    assert (run.code, run.out) == (expected.code, expected.out), run.err


@given(
    data=st.binary(max_size=5000),
    cuts=st.lists(st.integers(min_value=0, max_value=5000), max_size=4),
    sizes=st.lists(st.integers(min_value=1, max_value=3000), min_size=1, max_size=8),
    suffix=st.sampled_from([".bz2", ".xz", ".zst"]),
)
def test_streams_read_back_whatever_the_read_sizes(
    data: bytes, cuts: list[int], sizes: list[int], suffix: str
) -> None:
    bounds = [0, *sorted(min(cut, len(data)) for cut in cuts), len(data)]
    packed = b"".join(COMPRESSORS[suffix](data[a:b]) for a, b in itertools.pairwise(bounds))
    out = []
    with decompressed(io.BytesIO(packed), compression_of("x" + suffix)) as handle:
        for turn in itertools.count():
            piece = handle.read(sizes[turn % len(sizes)])
            if not piece:
                break
            out.append(piece)
    assert b"".join(out) == data
