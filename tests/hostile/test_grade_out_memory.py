"""Hostile: ``grade --out memory://...`` (or ``--out-parts``): an output nobody can read.

fsspec's ``memory://`` store lives in the process that writes it. A run said
"sakshi: wrote memory://..." and exited, and the output was gone with it: a CI job saw a
run that wrote its report, and no report existed. An output URL whose store (or a store
it wraps, ``simplecache::memory://``) does not outlast the process is now exit 2 with one
line naming it, before any work: no log is read, no document, no line graded.
"""

from __future__ import annotations

from pathlib import Path

import fsspec
import pytest
from grade_runs import ENGINES, engine_args, grade_here, log_bytes, one_line_error, write_docs

from sakshi.errors import InputError
from sakshi.inputs.objects import check_lasting, check_new_prefix

Capture = pytest.CaptureFixture[bytes]
GONE = "memory:// is held by this process alone and is gone when it exits"


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = write_docs(tmp_path / "docs")
    # A document the log cites that cannot be read: a run that started work would say so.
    (folder / "ledger.yaml").write_text("id: ledger\ntext: [unclosed\n")
    return folder


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("option", ["--out", "--out-parts"])
@pytest.mark.parametrize("form", ["memory://{}/graded", "simplecache::memory://{}/graded"])
def test_an_output_that_dies_with_the_process_is_refused_before_any_work(
    capsysbinary: Capture,
    docs: Path,
    tmp_path: Path,
    memory_root: str,
    engine: str,
    option: str,
    form: str,
) -> None:
    log = tmp_path / "day.jsonl"
    log.write_bytes(log_bytes("day", 30))
    url = form.format(memory_root.removeprefix("memory://"))
    on = engine_args(engine, "tcp://127.0.0.1:9")  # never reached: refused before
    run = grade_here(capsysbinary, log, "--documents", docs, *on, option, url)
    assert one_line_error(run) == (
        f"{url}: {GONE}: write to a file or to a store that keeps it (s3://...)"
    )
    assert "wrote" not in run.err and "ledger" not in run.err
    assert not fsspec.filesystem("memory").exists(memory_root.removeprefix("memory://"))


def test_a_store_that_keeps_its_objects_is_written(
    capsysbinary: Capture, tmp_path: Path, store_root: str
) -> None:
    docs = write_docs(tmp_path / "docs")
    log = tmp_path / "day.jsonl"
    log.write_bytes(log_bytes("day", 30))
    local = grade_here(capsysbinary, log, "--documents", docs)
    run = grade_here(capsysbinary, log, "--documents", docs, "--out", f"{store_root}/all.jsonl")
    assert run.code == local.code == 1 and run.err.startswith("sakshi: wrote ")
    stored = fsspec.filesystem("standin").cat_file(
        f"{store_root}/all.jsonl".removeprefix("standin://")
    )
    assert stored == local.out


# --- the core ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["memory://x/out.jsonl", "simplecache::memory://x/out", "blockcache::memory://x"]
)
def test_a_process_only_store_is_refused(url: str) -> None:
    for check in (check_lasting, check_new_prefix):
        with pytest.raises(InputError, match=GONE):
            check(url)


def test_a_lasting_store_passes(store_root: str) -> None:
    check_lasting(f"{store_root}/out.jsonl")
    check_new_prefix(f"{store_root}/out.jsonl")
