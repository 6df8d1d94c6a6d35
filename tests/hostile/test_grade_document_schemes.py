"""Hostile: ``grade --documents`` as a URL that reaches this machine's files.

``--documents local://DIR`` and ``--documents simplecache::file://DIR`` went through
fsspec and skipped every check a plain DIR gets: a link out of the folder was followed
(a secret graded green), a FIFO hung the run and ``/dev/zero`` linked in was read to
2 GiB. A document is read only inside DIR, whatever the URL scheme, and never from a
link, a FIFO or a device: a URL that names a path here (``file://``, ``local://``, or
either under fsspec's caches) is now read as that path, so each hostile folder gives
exactly what the plain folder gives (exit 2 naming the file, or a missing document); any
other wrapper that reaches this machine's files (``dir::file://``) is exit 2 before any
work. Each run is a child process bounded in time and memory.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import fsspec
import pytest
from grade_inputs import SECRET, SECRET_TURN
from grade_runs import bounded_grade, grade_here, in_process_cluster, one_line_error

from sakshi.context.docstore import DocumentStore
from sakshi.errors import InputError
from sakshi.inputs.remote import local_path, url_filesystem

SCHEMES = {
    "local": "local://{}",
    "simplecache": "simplecache::file://{}",
    "file": "file://{}",
    "filecache": "filecache::local://{}",
    "blockcache": "blockcache::file://{}",
}


def _link_out(grn: Path) -> None:
    grn.symlink_to(grn.parents[1] / "outside" / "secret.txt")


def _fifo(grn: Path) -> None:
    os.mkfifo(grn)


def _dev_zero(grn: Path) -> None:
    grn.symlink_to("/dev/zero")


def _dangling(grn: Path) -> None:
    grn.symlink_to("nowhere.txt")


def _regular(grn: Path) -> None:
    grn.write_bytes(b"TOP-SECRET inside the folder\n")


FORMS: dict[str, Callable[[Path], None]] = {
    "link-out": _link_out,
    "fifo": _fifo,
    "dev-zero": _dev_zero,
    "dangling": _dangling,
    "regular": _regular,
}
# What the plain folder gives for each: the URL must give exactly the same.
EXPECTED = {
    "link-out": (2, "outside the documents folder"),
    "fifo": (2, "is a FIFO (named pipe)"),
    "dev-zero": (2, "outside the documents folder"),
    "dangling": (1, ""),
    "regular": (0, ""),
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """``turns.jsonl``, ``docs/`` (empty) and ``outside/secret.txt`` beside it."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_bytes(SECRET)
    (tmp_path / "docs").mkdir()
    (tmp_path / "turns.jsonl").write_text(json.dumps(SECRET_TURN) + "\n", "utf-8")
    return tmp_path


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("scheme", ["local", "simplecache"])
def test_a_url_to_a_local_folder_gets_the_folder_s_checks(
    folder: Path, scheme: str, form: str, jobs: str
) -> None:
    docs = folder / "docs"
    FORMS[form](docs / "grn.txt")
    plain = bounded_grade(folder, "turns.jsonl", "--documents", docs, "--jobs", jobs)
    url = SCHEMES[scheme].format(docs)
    given = bounded_grade(folder, "turns.jsonl", "--documents", url, "--jobs", jobs)
    code, problem = EXPECTED[form]
    assert plain.code == code, plain
    assert given == plain  # the same exit, the same bytes out, the same one line naming grn.txt
    assert b"TOP-SECRET bytes" not in given.out and "TOP-SECRET" not in given.err
    if code == 2:
        assert f"{docs / 'grn.txt'}: " in one_line_error(given) and problem in given.err
    if form == "dangling":
        assert json.loads(given.out)["problem"] == (
            "documents[0]: no document 'grn' in the documents folder"
        )


@pytest.mark.parametrize("scheme", ["file", "filecache", "blockcache"])
def test_every_local_spelling_is_the_folder(folder: Path, scheme: str) -> None:
    docs = folder / "docs"
    _link_out(docs / "grn.txt")
    given = bounded_grade(folder, "turns.jsonl", "--documents", SCHEMES[scheme].format(docs))
    assert "outside the documents folder" in one_line_error(given)


@pytest.mark.parametrize("url", ["dir::file://{}", "simplecache::dir::file://{}"])
def test_another_wrapper_of_local_files_is_refused_before_any_work(folder: Path, url: str) -> None:
    docs = folder / "docs"
    _regular(docs / "grn.txt")
    given = bounded_grade(folder, "turns.jsonl", "--documents", url.format(docs))
    assert one_line_error(given).endswith("reaches files on this machine: give their path instead")


def test_on_dask_the_workers_get_the_folder_s_checks(
    folder: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    pytest.importorskip("distributed")
    docs = folder / "docs"
    _link_out(docs / "grn.txt")
    turns = folder / "turns.jsonl"
    with in_process_cluster() as cluster:
        on_dask = ("--engine", "dask", "--scheduler", cluster.scheduler_address)
        refused = grade_here(capsysbinary, turns, "--documents", f"local://{docs}", *on_dask)
        (docs / "grn.txt").unlink()
        _regular(docs / "grn.txt")
        held = grade_here(
            capsysbinary, turns, "--documents", f"simplecache::file://{docs}", *on_dask
        )
    assert "outside the documents folder" in one_line_error(refused)
    plain = grade_here(capsysbinary, turns, "--documents", docs)
    assert held == plain and plain.code == 0


# --- the core: which URLs are paths, and what a store's folder refuses ----------------------


@pytest.mark.parametrize(
    ("given", "path"),
    [
        ("local:///srv/docs", "/srv/docs"),
        ("file:///srv/docs", "/srv/docs"),
        ("file://localhost/srv/my%20docs", "/srv/my docs"),
        ("simplecache::file:///srv/docs", "/srv/docs"),
        ("filecache::local:///srv/docs", "/srv/docs"),
        ("blockcache::simplecache::file:///srv/docs", "/srv/docs"),
        ("docs", "docs"),
    ],
)
def test_a_url_that_names_a_path_here_is_that_path(given: str, path: str) -> None:
    assert local_path(given) == Path(path)


@pytest.mark.parametrize(
    "given", ["s3://bucket/docs", "memory://docs", "simplecache::memory://docs", "dir::file:///x"]
)
def test_other_urls_are_not_paths(given: str) -> None:
    assert local_path(given) is None


def test_a_host_in_a_local_url_is_refused() -> None:
    with pytest.raises(InputError, match="names a path on this machine"):
        local_path("local://elsewhere/srv/docs")


def test_the_store_reads_a_local_url_as_its_folder(folder: Path) -> None:
    store = DocumentStore(f"simplecache::local://{folder / 'docs'}")
    assert store.remote is None and store.folder == folder / "docs"
    with pytest.raises(InputError, match="reaches files on this machine"):
        url_filesystem(f"dir::file://{folder}")


def test_a_folder_under_a_document_s_name_at_a_url_is_refused(memory_root: str) -> None:
    fs = fsspec.filesystem("memory")
    root = memory_root.removeprefix("memory://")
    fs.pipe(f"{root}/docs/grn.txt/inner", b"a prefix, not an object")
    fs.pipe(f"{root}/docs/big.txt", b"x" * 100)
    store = DocumentStore(f"{memory_root}/docs")
    with pytest.raises(InputError, match="grn.txt: is a folder, expected a document file"):
        store.get("grn")
    assert store.remote is not None
    with pytest.raises(InputError, match="the file is 100 bytes; the limit is 10"):
        store.remote.read("big.txt", 10)
