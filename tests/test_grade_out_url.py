"""``sakshi grade --out URL``: the output as one new object where the data is (here a store
in this process standing in for one, ``store_root``; memory:// itself is refused as an
output: tests/hostile/test_grade_out_memory.py; s3:// against a real S3-compatible server
in test_grade_s3.py). The object holds exactly the bytes a local run prints; it is sent
only once the whole run has held, never over anything, and a run or an upload that fails
leaves no object."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import fsspec
import pytest
from fsspec.implementations.memory import MemoryFileSystem

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from grade_logs import grade_here, log_bytes, one_line_error, turn_line

from sakshi.errors import InputError
from sakshi.inputs import objects
from sakshi.inputs.objects import send_new_object

Capture = pytest.CaptureFixture[bytes]
NEVER_INTO = "already exists; sakshi never writes over or into it"
NEVER_OVER = "already exists; sakshi writes new objects and never overwrites one"


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "day.jsonl"
    path.write_bytes(log_bytes("day", 300))
    return path


def _stored(url: str) -> bytes:
    return bytes(fsspec.filesystem("standin").cat_file(url.removeprefix("standin://")))


def _exists(url: str) -> bool:
    return bool(fsspec.filesystem("standin").exists(url.removeprefix("standin://")))


@pytest.mark.parametrize("extra", [[], ["--jobs", "2", "--partition-size", "4K"]])
def test_the_object_holds_what_a_local_run_prints(
    capsysbinary: Capture, docs: Path, log: Path, store_root: str, extra: list[str]
) -> None:
    local = grade_here(capsysbinary, log, "--documents", docs)
    url = f"{store_root}/graded/day.jsonl"
    run = grade_here(capsysbinary, log, "--documents", docs, *extra, "--out", url)
    assert (run.code, run.out) == (local.code, b"")
    assert run.err.startswith(f"sakshi: wrote {url}: ")
    assert _stored(url) == local.out and local.out.count(b"\n") == 301  # and the non-JSON one


def test_a_url_that_holds_anything_is_refused_before_any_work(
    capsysbinary: Capture, docs: Path, log: Path, store_root: str
) -> None:
    url = f"{store_root}/graded.jsonl"
    fsspec.filesystem("standin").pipe_file(url.removeprefix("standin://"), b"theirs\n")
    for target in (url, store_root):  # the object itself, and a prefix with objects under it
        run = grade_here(capsysbinary, log, "--documents", docs, "--out", target)
        assert one_line_error(run) == f"{target}: {NEVER_INTO}" and run.out == b""
    assert _stored(url) == b"theirs\n"


def test_a_run_that_fails_midway_sends_nothing(
    capsysbinary: Capture, docs: Path, tmp_path: Path, store_root: str
) -> None:
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    log = tmp_path / "late.jsonl"
    late = turn_line("late").replace('"ledger"', '"broken"')
    log.write_bytes(log_bytes("day", 200) + late.encode() + b"\n")
    url = f"{store_root}/graded.jsonl"
    run = grade_here(capsysbinary, log, "--documents", docs, "--out", url)
    assert "broken.yaml" in one_line_error(run) and run.out == b""
    assert not _exists(url)


def test_an_empty_log_sends_nothing(
    capsysbinary: Capture, docs: Path, tmp_path: Path, store_root: str
) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"")
    url = f"{store_root}/graded.jsonl"
    run = grade_here(capsysbinary, tmp_path / "empty.jsonl", "--documents", docs, "--out", url)
    assert "no turns" in one_line_error(run)
    assert not _exists(url)


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://127.0.0.1:9/graded.jsonl", "cannot write: this file system makes no new files"),
        ("zip://graded.jsonl", "cannot use this URL: IsADirectoryError"),  # no archive named
    ],
)
def test_a_url_that_takes_no_new_object_is_exit_2_naming_it(
    capsysbinary: Capture, docs: Path, log: Path, url: str, problem: str
) -> None:
    run = grade_here(capsysbinary, log, "--documents", docs, "--out", url)
    assert one_line_error(run).startswith(f"{url}: {problem}")


def test_an_object_made_meanwhile_is_never_overwritten(store_root: str) -> None:
    url = f"{store_root}/raced.jsonl"
    fsspec.filesystem("standin").pipe_file(url.removeprefix("standin://"), b"theirs\n")
    with pytest.raises(InputError, match=NEVER_OVER):
        send_new_object(url, io.BytesIO(b"ours\n"))
    assert _stored(url) == b"theirs\n"


class _FailingSource(io.RawIOBase):
    """Some bytes, then an OS error: a spool that cannot be read to its end."""

    def __init__(self, good_reads: int) -> None:
        self.left = good_reads

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.left == 0:
            raise OSError(5, "Input/output error")
        self.left -= 1
        buffer[:4] = b"line"
        return 4


def test_an_upload_that_fails_midway_leaves_no_object(store_root: str) -> None:
    url = f"{store_root}/cut.jsonl"
    with pytest.raises(InputError) as refused:
        send_new_object(url, io.BufferedReader(_FailingSource(3), 4))
    assert str(refused.value) == f"{url}: cannot write: OSError: [Errno 5] Input/output error"
    assert not _exists(url)


def test_a_store_that_cannot_be_written_is_named(
    monkeypatch: pytest.MonkeyPatch, store_root: str
) -> None:
    class NoStore(MemoryFileSystem):  # type: ignore[misc]  # fsspec is untyped
        def _open(self, path: str, mode: str = "rb", **kwargs: object) -> object:
            raise PermissionError(13, "Permission denied")

    store = NoStore(skip_instance_cache=True)
    monkeypatch.setattr(objects, "url_filesystem", lambda url: (store, url))
    with pytest.raises(InputError) as refused:
        send_new_object(f"{store_root}/x.jsonl", io.BytesIO(b"x\n"))
    assert str(refused.value) == (
        f"{store_root}/x.jsonl: cannot write: PermissionError: [Errno 13] Permission denied"
    )
