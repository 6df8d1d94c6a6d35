"""``sakshi grade`` over many logs (paths, globs, URLs), by partitions, into parts: the
local engine. Every way of naming and cutting the logs gives the same bytes as grading
each log alone, one after another; anything it cannot read is exit 2 naming it."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
import tempfile
from pathlib import Path

import fsspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from grade_logs import (
    GRN,
    LEDGER_YAML,
    grade_here,
    log_bytes,
    one_line_error,
    parts_of,
    stored_parts,
    turn_line,
)

from sakshi.context.partitions import grade_batches, plan_partitions
from sakshi.errors import InputError
from sakshi.inputs.loglines import iter_lines, read_lines
from sakshi.inputs.logs import LogSource
from sakshi.inputs.objects import write_new_object

Capture = pytest.CaptureFixture[bytes]


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """``logs/``: made in an order that is not their sorted one; ``b`` ends without a
    newline."""
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "b.jsonl").write_bytes(log_bytes("b", 150, final_newline=False))
    (folder / "9.jsonl").write_bytes(log_bytes("nine", 40))
    (folder / "a.jsonl").write_bytes(log_bytes("a", 120))
    (folder / "10.jsonl").write_bytes(log_bytes("ten", 30))
    (folder / "notes.txt").write_bytes(b"not a log\n")
    return folder


def split_lines(data: bytes) -> list[bytes]:
    """The reference cut: ``data`` after each ``\\n`` (and only there: a ``\\r`` stays
    inside its line); the last line may lack its newline."""
    pieces = data.split(b"\n")
    lines = [piece + b"\n" for piece in pieces[:-1]]
    if pieces[-1]:
        lines.append(pieces[-1])
    return lines


def alone(capsysbinary: Capture, docs: Path, *logs: Path) -> bytes:
    """Each log graded by its own run, the outputs one after another."""
    outputs = []
    for log in logs:
        run = grade_here(capsysbinary, log, "--documents", docs)
        assert run.code == 1, run.err
        outputs.append(run.out)
    return b"".join(outputs)


# --- partitions: any cut reads every line once, in order ------------------------------------


@given(
    data=st.lists(st.sampled_from([b"a", b"\n", b"\r", b"{}", b"\xe2\x82\xb9"]), max_size=60).map(
        b"".join
    ),
    size=st.integers(min_value=1, max_value=25),
    chunk=st.integers(min_value=1, max_value=30),
)
def test_any_cut_of_a_log_reads_each_line_once_in_order(data: bytes, size: int, chunk: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.jsonl"
        path.write_bytes(data)
        source = LogSource("log.jsonl", str(path), len(data), remote=False)
        partitions = plan_partitions([source], size)
        lines = [line for p in partitions for line in read_lines(p.location, False, p.start, p.end)]
        streamed = [
            line
            for p in partitions
            for line in iter_lines(p.location, False, p.start, p.end, chunk=chunk)
        ]
    assert lines == streamed == split_lines(data)
    assert b"".join(lines) == data
    assert lines == list(io.BytesIO(data))  # as a binary file iterates


def test_a_memory_url_reads_by_range_as_a_file_does(memory_root: str) -> None:
    data = log_bytes("m", 50, final_newline=False)
    fsspec.filesystem("memory").pipe(f"{memory_root}/log.jsonl".removeprefix("memory://"), data)
    url = f"{memory_root}/log.jsonl"
    ranges = [(start, min(start + 333, len(data))) for start in range(0, len(data), 333)]
    lines = [line for start, end in ranges for line in read_lines(url, True, start, end)]
    streamed = [
        line for start, end in ranges for line in iter_lines(url, True, start, end, chunk=50)
    ]
    assert lines == streamed == split_lines(data)


def test_a_log_that_shrank_since_the_plan_is_exit_2_not_lines_lost(
    capsysbinary: Capture, docs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log cut short between the run's plan (its size) and the reading of a partition
    would lose the lines past the cut in silence: the partition that meets the early end
    says so instead."""
    log = tmp_path / "day.jsonl"
    data = log_bytes("day", 300)
    log.write_bytes(data)
    real_plan = plan_partitions

    def then_cut(sources: list[LogSource], size: int) -> object:
        planned = real_plan(sources, size)
        log.write_bytes(data[: len(data) // 2])  # rotated, truncated, rewritten meanwhile
        return planned

    monkeypatch.setattr("sakshi.context.partitions.plan_partitions", then_cut)
    out = tmp_path / "graded.jsonl"
    for extra in ((), ("--partition-size", "4K"), ("--jobs", "2")):
        for target in ((), ("--out", out)):  # stdout (one_line_error: nothing on it) or a file
            log.write_bytes(data)
            run = grade_here(capsysbinary, log, "--documents", docs, *target, *extra)
            message = one_line_error(run)
            assert message.startswith(str(log)) and "changed during the run" in message
            assert not out.exists()
    with pytest.raises(InputError, match="changed during the run"):
        list(iter_lines(str(log), False, 0, len(data) + 1))


# --- many logs, globs and parts: the same bytes ---------------------------------------------


def test_many_logs_grade_in_the_order_given(capsysbinary: Capture, docs: Path, logs: Path) -> None:
    b, a = logs / "b.jsonl", logs / "a.jsonl"
    run = grade_here(capsysbinary, b, a, "--documents", docs)
    assert run.code == 1
    assert run.out == alone(capsysbinary, docs, b, a)
    assert run.out.count(b"\n") == 150 + 1 + 120 + 1


def test_a_glob_takes_its_matches_sorted(capsysbinary: Capture, docs: Path, logs: Path) -> None:
    run = grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs)
    names = ("10.jsonl", "9.jsonl", "a.jsonl", "b.jsonl")  # code point order, not made order
    assert run.out == alone(capsysbinary, docs, *(logs / name for name in names))
    (logs / "sub.jsonl").mkdir()  # a folder a glob matches is passed over
    (logs / "sub.jsonl" / "c.jsonl").write_bytes((logs / "a.jsonl").read_bytes())
    deep = grade_here(capsysbinary, f"{logs}/**/*.jsonl", "--documents", docs)
    assert deep.out == run.out + alone(capsysbinary, docs, logs / "sub.jsonl" / "c.jsonl")
    again = grade_here(capsysbinary, f"{logs}/[ab].jsonl", f"{logs}/1*.jsonl", "--documents", docs)
    assert again.out == alone(
        capsysbinary, docs, logs / "a.jsonl", logs / "b.jsonl", logs / "10.jsonl"
    )


@pytest.mark.parametrize("size", ["1", "777", "4K", "64MiB"])
def test_partition_size_and_jobs_never_change_a_byte(
    capsysbinary: Capture, docs: Path, logs: Path, size: str
) -> None:
    whole = grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs).out
    for jobs in ("1", "2"):
        run = grade_here(
            capsysbinary,
            f"{logs}/*.jsonl",
            "--documents",
            docs,
            "--partition-size",
            size,
            "--jobs",
            jobs,
        )
        assert (run.code, run.out) == (1, whole)


def test_out_parts_concatenate_to_the_output_with_a_manifest(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path
) -> None:
    whole = grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs).out
    folder = tmp_path / "graded"
    run = grade_here(
        capsysbinary, f"{logs}/*.jsonl", "--documents", docs, "--partition-size", "8K",
        "--out-parts", folder,
    )  # fmt: skip
    assert run.code == 1 and run.out == b""
    turns = whole.count(b"\n")
    assert run.err.startswith(f"sakshi: wrote {folder}/: {turns} turns, ")
    joined, manifest = parts_of(folder)
    assert joined == whole
    parts = manifest["parts"]
    assert isinstance(parts, list) and len(parts) > 4
    assert [part["name"] for part in parts] == [f"part-{i:05d}.jsonl" for i in range(len(parts))]
    for part in parts:
        data = (folder / part["name"]).read_bytes()
        assert part["sha256"] == hashlib.sha256(data).hexdigest()
        assert (part["lines"], part["bytes"]) == (data.count(b"\n"), len(data))
        assert part["green"] + part["red"] == part["lines"]
        assert part["red"] == data.count(b'"verdict":"red"')
    assert parts[0]["log"] == str(logs / "10.jsonl") and parts[0]["start"] == 0
    assert manifest["whole"] == {
        "lines": whole.count(b"\n"),
        "green": whole.count(b'"verdict":"green"'),
        "red": whole.count(b'"verdict":"red"'),
        "bytes": len(whole),
        "sha256": hashlib.sha256(whole).hexdigest(),
    }


def test_out_file_takes_many_logs_and_says_what_it_wrote(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path
) -> None:
    whole = grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs).out
    out = tmp_path / "graded.jsonl"
    run = grade_here(capsysbinary, f"{logs}/*.jsonl", "--documents", docs, "--out", out)
    assert run.code == 1 and out.read_bytes() == whole
    turns, red = whole.count(b"\n"), whole.count(b'"verdict":"red"')
    assert run.err.splitlines()[0] == f"sakshi: wrote {out}: {turns} turns, {red} did not hold"


# --- URLs: memory:// and file:// ---------------------------------------------------------


def test_memory_logs_and_documents_give_the_local_bytes(
    capsysbinary: Capture, docs: Path, logs: Path, memory_root: str
) -> None:
    fs = fsspec.filesystem("memory")
    root = memory_root.removeprefix("memory://")
    for name in ("a.jsonl", "b.jsonl"):
        fs.pipe(f"{root}/day/{name}", (logs / name).read_bytes())
    fs.pipe(f"{root}/docs/grn.txt", GRN)
    fs.pipe(f"{root}/docs/ledger.yaml", LEDGER_YAML.encode())
    local = alone(capsysbinary, docs, logs / "a.jsonl", logs / "b.jsonl")
    for documents in (f"{memory_root}/docs", str(docs)):
        run = grade_here(
            capsysbinary, f"{memory_root}/day/*.jsonl", "--documents", documents,
            "--partition-size", "5K",
        )  # fmt: skip
        assert (run.code, run.out) == (1, local), run.err


def test_file_urls_are_local_paths(capsysbinary: Capture, docs: Path, logs: Path) -> None:
    run = grade_here(capsysbinary, (logs / "a.jsonl").as_uri(), "--documents", docs.as_uri())
    assert (run.code, run.out) == (1, alone(capsysbinary, docs, logs / "a.jsonl"))


def test_stdin_still_grades_alone(docs: Path, logs: Path) -> None:
    data = (logs / "a.jsonl").read_bytes()
    grade = [sys.executable, "-m", "sakshi", "grade"]
    piped = subprocess.run(
        [*grade, "-", "--documents", str(docs)],
        input=data,
        capture_output=True,
        timeout=120,
        check=False,
    )
    named = subprocess.run(
        [*grade, str(logs / "a.jsonl"), "--documents", str(docs)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert piped.returncode == named.returncode == 1
    assert piped.stdout == named.stdout


@pytest.mark.parametrize("extra", [[], ["--partition-size", "8K", "--jobs", "2"], ["stdin"]])
def test_an_exit_2_midway_prints_no_line(docs: Path, tmp_path: Path, extra: list[str]) -> None:
    """SPEC 1: an exit 2 reports nothing green. A bad document met after thousands of
    lines (more than a batch written at once) ends the run: stdout has none of them."""
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    log = tmp_path / "late.jsonl"
    late = turn_line("late").replace('"ledger"', '"broken"')
    log.write_bytes(log_bytes("day", 5000) + late.encode() + b"\n")
    stdin = extra == ["stdin"]
    run = subprocess.run(
        [sys.executable, "-m", "sakshi", "grade", "-" if stdin else str(log)]
        + ["--documents", str(docs), *([] if stdin else extra)],
        input=log.read_bytes() if stdin else None,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (run.returncode, run.stdout) == (2, b"")
    assert b"broken.yaml" in run.stderr and b"Traceback" not in run.stderr


def test_a_document_at_a_url_carries_its_text(
    capsysbinary: Capture, logs: Path, memory_root: str
) -> None:
    fs = fsspec.filesystem("memory")
    root = memory_root.removeprefix("memory://")
    fs.pipe(f"{root}/docs/grn.yaml", b"id: grn\nfile: grn.txt\n")
    fs.pipe(f"{root}/docs/grn.txt", GRN)
    run = grade_here(capsysbinary, logs / "a.jsonl", "--documents", f"{memory_root}/docs")
    assert one_line_error(run) == (
        f"{memory_root}/docs/grn.yaml: document.file: a document at a URL takes text or pages"
    )


# --- refusals: exit 2, one line naming it, before any work ---------------------------------


@pytest.mark.parametrize(
    ("given_logs", "named", "problem"),
    [
        (["{logs}/*.ndjson"], "{logs}/*.ndjson", "the glob matches no file"),
        (["{logs}/a.jsonl", "{logs}/missing.jsonl"], "{logs}/missing.jsonl", "no such file"),
        (["{logs}"], "{logs}", "is a folder, expected a JSON lines file of turns"),
        (["foo://bucket/log.jsonl"], "foo://bucket/log.jsonl", "unknown protocol 'foo'"),
        (["{memory}/none.jsonl"], "{memory}/none.jsonl", "cannot read: no such object"),
        (["{memory}/*.jsonl"], "{memory}/*.jsonl", "the glob matches no object"),
        (["-", "{logs}/a.jsonl"], "-", "stdin is graded alone"),
        (["file://host/log.jsonl"], "file://host/log.jsonl", "names a path on this machine"),
        (["zip://x"], "zip://x", "cannot use this URL: IsADirectoryError"),  # no zip given
    ],
    ids=[
        "glob-no-match",
        "missing",
        "folder",
        "protocol",
        "object",
        "no-object",
        "stdin",
        "host",
        "unmakeable",
    ],
)
def test_a_log_that_cannot_be_read_is_exit_2_naming_it(
    capsysbinary: Capture,
    docs: Path,
    logs: Path,
    memory_root: str,
    given_logs: list[str],
    named: str,
    problem: str,
) -> None:
    fill = {"logs": str(logs), "memory": memory_root}
    run = grade_here(
        capsysbinary, *(spec.format(**fill) for spec in given_logs), "--documents", docs
    )
    line = one_line_error(run)
    assert line.startswith(f"{named.format(**fill)}: ") and problem in line, line


def test_gs_without_gcsfs_names_the_url_and_the_package(
    capsysbinary: Capture, docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "gcsfs", None)  # as where gcsfs is not installed
    monkeypatch.delitem(sys.modules["fsspec.registry"]._registry, "gs", raising=False)
    line = one_line_error(grade_here(capsysbinary, "gs://bucket/day/*.jsonl", "--documents", docs))
    assert line == "gs://bucket/day/*.jsonl: gs:// needs gcsfs: pip install gcsfs"


@pytest.mark.parametrize("existing", ["folder", "file", "empty-folder"])
def test_out_parts_never_writes_over_anything(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path, existing: str
) -> None:
    target = tmp_path / "graded"
    if existing == "file":
        target.write_bytes(b"keep")
    else:
        target.mkdir()
        if existing == "folder":
            (target / "part-00000.jsonl").write_bytes(b"keep")
    before = sorted(p.name for p in target.iterdir()) if target.is_dir() else target.read_bytes()
    line = one_line_error(
        grade_here(capsysbinary, logs / "a.jsonl", "--documents", docs, "--out-parts", target)
    )
    assert line.startswith(f"{target}: ") and "never overwrites" in line
    after = sorted(p.name for p in target.iterdir()) if target.is_dir() else target.read_bytes()
    assert after == before


def test_out_parts_is_whole_or_not_there(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path
) -> None:
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    log = tmp_path / "late.jsonl"
    good = (logs / "a.jsonl").read_bytes()
    late = turn_line("late").replace('"ledger"', '"broken"')
    log.write_bytes(good + late.encode() + b"\n")  # a bad document only at the very end
    target = tmp_path / "graded"
    run = grade_here(
        capsysbinary, log, "--documents", docs, "--partition-size", "2K", "--out-parts", target
    )
    assert "broken.yaml" in one_line_error(run)
    assert not target.exists()


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        (["--out", "x.jsonl", "--out-parts", "parts"], "either --out FILE or --out-parts DIR"),
        (["--partition-size", "0"], "expected a size such as 64MiB"),
        (["--partition-size", "lots"], "expected a size such as 64MiB"),
        (["--engine", "dask", "--scheduler", "tcp://127.0.0.1:9", "--jobs", "2"], "--jobs"),
    ],
    ids=["out-and-parts", "zero-size", "not-a-size", "jobs-on-dask"],
)
def test_options_that_do_not_go_together_are_exit_2(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path, extra: list[str], problem: str
) -> None:
    args = [str(tmp_path / a) if a in ("x.jsonl", "parts") else a for a in extra]
    run = grade_here(capsysbinary, logs / "a.jsonl", "--documents", docs, *args)
    assert run.code == 2 and problem in run.err and run.out == b""
    assert not (tmp_path / "x.jsonl").exists() and not (tmp_path / "parts").exists()


@pytest.mark.parametrize("engine", ["dask", "parts"])
def test_stdin_is_only_for_the_local_stream(
    capsysbinary: Capture, docs: Path, tmp_path: Path, engine: str
) -> None:
    extra = (
        ["--engine", "dask", "--scheduler", "tcp://127.0.0.1:9"]
        if engine == "dask"
        else ["--out-parts", str(tmp_path / "parts")]
    )
    line = one_line_error(grade_here(capsysbinary, "-", "--documents", docs, *extra))
    assert line.startswith("-: ") and "stdin" in line


def test_out_parts_at_a_url_are_new_objects_with_a_manifest(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path, store_root: str
) -> None:
    cut = ("--partition-size", "8K")
    grade_here(
        capsysbinary, f"{logs}/*.jsonl", "--documents", docs, *cut, "--out-parts", tmp_path / "here"
    )
    run = grade_here(
        capsysbinary, f"{logs}/*.jsonl", "--documents", docs, *cut,
        "--out-parts", f"{store_root}/graded/",
    )  # fmt: skip
    assert run.code == 1 and run.err.startswith(f"sakshi: wrote {store_root}/graded/: ")
    fs = fsspec.filesystem("standin")
    stored, manifest = stored_parts(fs, f"{store_root}/graded".removeprefix("standin://"))
    local, local_manifest = parts_of(tmp_path / "here")
    # The same bytes as in a local folder, each part's name holding the run's id there.
    assert stored == local and manifest == local_manifest and len(manifest["parts"]) > 5
    again = grade_here(
        capsysbinary, f"{logs}/*.jsonl", "--documents", docs, "--out-parts", f"{store_root}/graded"
    )
    assert one_line_error(again) == (
        f"{store_root}/graded: already exists; sakshi never writes over or into it"
    )


def test_out_parts_at_a_url_are_removed_when_the_run_fails(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path, store_root: str
) -> None:
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    log = tmp_path / "late.jsonl"
    late = turn_line("late").replace('"ledger"', '"broken"')
    log.write_bytes((logs / "a.jsonl").read_bytes() + late.encode() + b"\n")
    run = grade_here(
        capsysbinary, log, "--documents", docs, "--partition-size", "2K",
        "--out-parts", f"{store_root}/graded",
    )  # fmt: skip
    assert "broken.yaml" in one_line_error(run)
    fs = fsspec.filesystem("standin")
    assert not fs.find(f"{store_root}/graded".removeprefix("standin://"))


def test_an_object_is_never_overwritten_but_the_same_bytes_stand(memory_root: str) -> None:
    url = f"{memory_root}/graded/part-00000.jsonl"
    write_new_object(url, b"one\n")
    write_new_object(url, b"one\n")  # a partition graded again after a lost worker
    with pytest.raises(InputError, match="already exists; sakshi writes new objects"):
        write_new_object(url, b"two\n")
    assert fsspec.filesystem("memory").cat_file(url.removeprefix("memory://")) == b"one\n"


def test_a_file_url_output_is_a_local_file(
    capsysbinary: Capture, docs: Path, logs: Path, tmp_path: Path
) -> None:
    out = tmp_path / "graded.jsonl"
    run = grade_here(capsysbinary, logs / "a.jsonl", "--documents", docs, "--out", out.as_uri())
    assert run.code == 1 and out.read_bytes() == alone(capsysbinary, docs, logs / "a.jsonl")


@pytest.mark.parametrize("flush_every", [None, 1, 2, 1000])
@pytest.mark.parametrize("jobs", [1, 2])
def test_batches_become_parts_empty_ones_included(
    docs: Path, flush_every: int | None, jobs: int
) -> None:
    sizes = [0, 3, 0, 0, 5, 1, 0]
    batches = [[turn_line(f"{size}-{n}").encode() + b"\n" for n in range(size)] for size in sizes]
    parts = list(grade_batches(iter(batches), docs, jobs, flush_every))
    by_index: dict[int, int] = {}
    for part in parts:
        by_index[part.index] = by_index.get(part.index, 0) + part.lines
        assert flush_every is None or part.lines <= flush_every
    assert [part.index for part in parts] == sorted(part.index for part in parts)
    assert by_index == dict(enumerate(sizes))
    assert b"".join(part.data for part in parts).count(b'"verdict":"green"') == sum(sizes)
