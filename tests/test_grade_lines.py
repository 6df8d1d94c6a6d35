"""``sakshi grade``: each output line names its input line's physical number in its log
(``line``, 1-based, blank lines counted) and a red line names each finding by codes
(SPEC section 7), however the logs are cut and whoever grades them: ``--jobs 1``,
``--jobs 2`` and Dask give the same bytes, with partition and slice boundaries inside
lines, at line starts and among blank lines, for plain, compressed and remote logs. A log
under 64 MiB is cut so that each worker has a partition (two workers, two partitions of a
200 KB log, cut inside a line), with the same bytes out."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import fsspec
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from grade_logs import BUNDLE, GRN, grade_here, parts_of, turn_line

from sakshi import parallel
from sakshi.context import partitions as partitions_module
from sakshi.context.docstore import DocumentStore
from sakshi.context.grade import Finding, Grade, Verdict
from sakshi.context.linefields import line_findings
from sakshi.context.numbering import numbered, to_count
from sakshi.context.partitions import (
    SPREAD_FLOOR_BYTES,
    count_partition,
    grade_partition,
    plan_partitions,
    spread_size,
)
from sakshi.context.turnlog import grade_line
from sakshi.context.turns import bundle_sha256
from sakshi.errors import InputError
from sakshi.inputs.loglines import count_lines, iter_lines
from sakshi.inputs.logs import expand_logs
from sakshi.reasons import GradeReason, SpanReason
from sakshi.spans import SpanCheck

Capture = pytest.CaptureFixture[bytes]


def physical(data: bytes) -> list[bytes]:
    """A log's physical lines: split at each ``\\n`` (a final newline ends the last)."""
    pieces = data.split(b"\n")
    return pieces[:-1] if data.endswith(b"\n") else pieces


def numbered_log(count: int, final_newline: bool = True) -> bytes:
    """A log whose turns carry their own physical line number as their id, among blank
    lines (first, in a run, last), a line that is not JSON, a CR inside a line and red
    turns (every 5th quote wrong)."""
    rows: list[str] = ["", ""]
    for i in range(count):
        if i % 13 == 4:
            rows += ["", "", ""]
        if i % 17 == 9:
            rows.append("not json\r still one line")
        number = len(rows) + 1
        rows.append(turn_line(number, "Quantity: 42" if i % 5 == 0 else GRN_QUOTE))
    rows.append("")
    return ("\n".join(rows) + ("\n" if final_newline else "")).encode("utf-8")


GRN_QUOTE = "Quantity received: 42.500 MT"


def check_numbers(out: bytes, *logs: bytes) -> None:
    """Each output line names its log's line, in order, and a turn's is its own id."""
    graded = [json.loads(row) for row in out.splitlines()]
    expected = [n for log in logs for n in range(1, len(physical(log)) + 1)]
    assert [entry["line"] for entry in graded] == expected
    rows = [row for log in logs for row in physical(log)]
    for entry, row in zip(graded, rows, strict=True):
        if row.startswith(b"{"):
            assert entry["id"] == entry["line"]
        else:  # blank, not JSON: red, with its line all the same
            assert (entry["id"], entry["reasons"]) == (None, ["TURN_MALFORMED"])


def found(reason: str, index: int | None = None, field: str | None = None, **code: str) -> Any:
    """A finding as a red line writes it."""
    return {"reason": reason, "index": index, "field": field, **code}


# --- the core: counts, numbering, one line ------------------------------------------------


def test_a_range_count_is_the_lines_it_reads_for_every_cut(tmp_path: Path) -> None:
    for data in (b"\n\na\r\n\nbb\ncc", b"a\n\n\nb\n", b"\n", b"x"):
        path = tmp_path / "small.jsonl"
        path.write_bytes(data)
        for start in range(len(data)):
            for end in range(start + 1, len(data) + 1):
                read = list(iter_lines(str(path), False, start, end))
                assert count_lines(str(path), False, start, end) == len(read), (data, start, end)


def test_numbering_gives_each_range_its_first_lines_number(tmp_path: Path) -> None:
    data = numbered_log(12, final_newline=False)
    (tmp_path / "a.jsonl").write_bytes(data)
    (tmp_path / "b.jsonl").write_bytes(b"\n" + data)
    sources = expand_logs([str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")])
    for size in (1, 7, 64, 333, len(data)):
        planned = plan_partitions(sources, size)
        counts = (count_partition(p) for p in to_count(planned))
        lines: list[int] = []
        for partition in numbered(planned, counts):
            assert partition.first_line is not None
            read = iter_lines(partition.location, False, partition.start, partition.end)
            lines += [partition.first_line + k for k, _ in enumerate(read)]
        whole = len(physical(data))
        assert lines == [*range(1, whole + 1), *range(1, whole + 2)], size


def test_only_ranges_that_others_follow_are_counted(tmp_path: Path) -> None:
    (tmp_path / "one.jsonl").write_bytes(numbered_log(3))
    (tmp_path / "two.jsonl.gz").write_bytes(gzip.compress(numbered_log(40)))
    (tmp_path / "three.jsonl").write_bytes(numbered_log(40))
    names = ["one.jsonl", "two.jsonl.gz", "three.jsonl"]
    planned = plan_partitions(expand_logs([str(tmp_path / n) for n in names]), 4096)
    cut = [p for p in planned if p.shown.endswith("three.jsonl")]
    assert len(cut) > 2 and list(to_count(planned)) == cut[:-1]  # no single, no .gz range
    assert [p.first_line for p in planned[:2]] == [1, 1]  # a log's first range is known


def test_an_unnumbered_range_is_never_graded(tmp_path: Path, docs: Path) -> None:
    (tmp_path / "a.jsonl").write_bytes(numbered_log(40))
    later = plan_partitions(expand_logs([str(tmp_path / "a.jsonl")]), 2048)[1]
    with pytest.raises(ValueError, match="unnumbered"):
        grade_partition(later, DocumentStore(docs).get)
    with pytest.raises(ValueError, match="no line count"):
        list(numbered([later], iter([])))


def test_a_count_of_a_log_that_changed_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_bytes(numbered_log(40))
    source = expand_logs([str(tmp_path / "a.jsonl")])[0]
    with pytest.raises(InputError, match="changed during the run"):
        count_lines(source.location, False, 0, 100, source.shown, "1:2:3")


def test_grade_line_writes_the_number_it_is_given(docs: Path) -> None:
    lookup = DocumentStore(docs).get
    green = grade_line(turn_line("a").encode(), 41, lookup)
    red = grade_line(b"\n", 42, lookup)
    assert json.loads(green.data) == {"id": "a", "line": 41, "verdict": "green", "reasons": []}
    assert json.loads(red.data)["line"] == 42 and not red.green


STATES = "engine_state: expected one of live, partial, stubbed, none, found "
NAN = float("nan")


@pytest.mark.parametrize(
    ("line", "line_id", "problem"),
    [
        ({"id": -(2**63), "engine_state": "x"}, -(2**63), STATES + "'x'"),
        ({"id": -(2**63) - 1, "engine_state": "x"}, None, STATES + "'x'"),
        ({"id": 2**64 - 1, "engine_state": "live"}, 2**64 - 1, "turn: missing"),
        (
            {"id": 2**64, "engine_state": "live", "turn": 5},
            None,
            "turn: expected a turn (a mapping), found int",
        ),
        ({"id": "a", "engine_state": "y" * 100}, "a", STATES + repr("y" * 100)[:60]),
        ({"id": True, "engine_state": 5}, None, STATES + "an integer"),
        # A NaN sends the line to the standard library's reader, which keeps every integer
        # exact (orjson reads one past 64 bits as a float): the bounds decide there.
        ({"id": 2**64, "engine_state": "x", "nan": NAN}, None, STATES + "'x'"),
        ({"id": 2**64 - 1, "engine_state": "x", "nan": NAN}, 2**64 - 1, STATES + "'x'"),
        ({"id": -(2**63) - 1, "engine_state": "x", "nan": NAN}, None, STATES + "'x'"),
        ({"id": -(2**63), "engine_state": "x", "nan": NAN}, -(2**63), STATES + "'x'"),
    ],
    ids=["int64-min", "below-int64", "uint64-max", "past-uint64", "long-state", "bool-id"]
    + ["exact-past-uint64", "exact-uint64-max", "exact-below-int64", "exact-int64-min"],
)
def test_a_malformed_line_keeps_an_id_of_64_bits_and_says_what_failed(
    line: dict[str, Any], line_id: object, problem: str
) -> None:
    # An id is echoed only when it is a string or an integer a 64-bit reader holds (signed
    # or unsigned); the problem names the key, and a long state only by its first 60 chars.
    out = json.loads(grade_line(json.dumps(line).encode(), 3, lambda doc: None).data)
    assert (out["id"], out["verdict"], out["reasons"]) == (line_id, "red", ["TURN_MALFORMED"])
    assert out["problem"] == problem


def test_each_finding_is_named_by_codes_alone() -> None:
    span = SpanCheck(False, SpanReason.QUOTE_NOT_FOUND, "the quote is not on page 2")
    grade = Grade(
        Verdict.RED,
        (GradeReason.PROVENANCE_MISMATCH, GradeReason.FABRICATED_SPAN),
        (
            Finding(GradeReason.PROVENANCE_MISMATCH, "turn claims 'x', served 'y'"),
            Finding(GradeReason.FABRICATED_SPAN, "cite of 'qty' ...", 2, "qty", span),
            Finding(GradeReason.WHY_MISSING, "'paid' has no why", 3, "paid"),
        ),
    )
    keys = json.loads(json.dumps(line_findings(grade)))
    assert keys == {
        "findings": [
            found("PROVENANCE_MISMATCH"),
            found("FABRICATED_SPAN", 2, "qty", span_reason="QUOTE_NOT_FOUND"),
            found("WHY_MISSING", 3, "paid"),
        ]
    }


# --- through the CLI ----------------------------------------------------------------------


def test_every_line_names_its_physical_number(
    capsysbinary: Capture, tmp_path: Path, docs: Path
) -> None:
    data = numbered_log(60, final_newline=False)
    (tmp_path / "day.jsonl").write_bytes(data)
    run = grade_here(capsysbinary, tmp_path / "day.jsonl", "--documents", docs)
    assert run.code == 1, run.err
    check_numbers(run.out, data)


def _value(field: str, value: str, quote: str | None, why: str | None) -> dict[str, Any]:
    cite = None if quote is None else {"doc": "grn", "quote": quote}
    return {"field": field, "value": value, "why": why, "cite": cite}


def test_a_red_line_names_each_finding_and_no_content(
    capsysbinary: Capture, tmp_path: Path, docs: Path
) -> None:
    values = [
        _value("qty", "42.500 MT", "Quantity received: 99 MT", "It says so."),
        _value("paid", "Rs. 7 lakh", None, ""),
        _value("weight", "4.250 MT", GRN_QUOTE, "It says so."),
    ]
    provenance = {"engine_state": "live", "bundle_sha256": "0" * 64}
    entry = {"id": "x", "engine_state": "live", "bundle": BUNDLE, "documents": ["grn"]}
    many = {**entry, "turn": {"context_provenance": provenance, "values": values}}
    digest = {"engine_state": "live", "bundle_sha256": bundle_sha256(BUNDLE)}
    empty = {**entry, "id": "y", "turn": {"context_provenance": digest, "values": []}}
    log = tmp_path / "red.jsonl"
    log.write_text("\n".join(json.dumps(e) for e in (many, empty)) + "\n", "utf-8")
    run = grade_here(capsysbinary, log, "--documents", docs)
    first, second = (json.loads(row) for row in run.out.splitlines())
    assert (first["line"], second["line"]) == (1, 2)
    assert first["findings"] == [
        found("PROVENANCE_MISMATCH"),
        found("FABRICATED_SPAN", 0, "qty", span_reason="QUOTE_NOT_FOUND"),
        found("VALUE_UNSUPPORTED", 2, "weight", value_reason="VALUE_NOT_IN_QUOTE"),
        found("WHY_MISSING", 1, "paid"),
        found("CITE_MISSING", 1, "paid"),
    ]
    assert second["findings"] == [found("EVIDENCE_MISSING")]
    for text in (b"42", b"99", b"lakh", b"Quantity", b"It says", GRN[:8]):
        assert text not in run.out  # no value, quote, why or document text


@pytest.fixture
def three_logs(tmp_path: Path, memory_root: str) -> tuple[list[str], list[bytes]]:
    """A plain log, a .gz log and a memory:// log (named twice: each time from line 1)."""
    plain, packed, remote = numbered_log(90), numbered_log(40), numbered_log(70, False)
    (tmp_path / "a.jsonl").write_bytes(plain)
    (tmp_path / "b.jsonl.gz").write_bytes(gzip.compress(packed[:300]) + gzip.compress(packed[300:]))
    url = f"{memory_root}/c.jsonl"
    fsspec.filesystem("memory").pipe(url.removeprefix("memory://"), remote)
    names = [str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl.gz"), url, url]
    return names, [plain, packed, remote, remote]


@pytest.mark.parametrize("size", ["1K", "3K", "64MiB"])
def test_jobs_and_dask_agree_and_number_across_boundaries(
    capsysbinary: Capture,
    docs: Path,
    three_logs: tuple[list[str], list[bytes]],
    scheduler: str,
    size: str,
) -> None:
    names, logs = three_logs
    runs = {
        engine: grade_here(
            capsysbinary, *names, "--documents", docs, "--partition-size", size, *extra
        )
        for engine, extra in (
            ("jobs1", ("--jobs", "1")),
            ("jobs2", ("--jobs", "2")),
            ("dask", ("--engine", "dask", "--scheduler", scheduler)),
        )
    }
    assert {run.code for run in runs.values()} == {1}, runs
    assert runs["jobs2"].out == runs["jobs1"].out == runs["dask"].out
    check_numbers(runs["jobs1"].out, *logs)


def test_jobs_slices_inside_a_partition_are_numbered(
    capsysbinary: Capture, docs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--jobs`` cuts each partition into slices, graded apart: here slices cut the one
    partition of a log mid-line, at the start of a blank line (the first cut) and among
    blank lines."""
    data = numbered_log(80)
    (tmp_path / "day.jsonl").write_bytes(data)
    alone = grade_here(capsysbinary, tmp_path / "day.jsonl", "--documents", docs)
    blank = data.index(b"\n\n\n", 600) + 1  # a blank line starts here: cut right at it
    monkeypatch.setattr(partitions_module, "SLICE_BYTES", blank)
    sliced = grade_here(capsysbinary, tmp_path / "day.jsonl", "--documents", docs, "--jobs", "2")
    assert (sliced.code, sliced.out) == (alone.code, alone.out) and alone.code == 1
    check_numbers(alone.out, data)


def test_parts_join_to_the_numbered_stream(
    capsysbinary: Capture, docs: Path, tmp_path: Path, scheduler: str
) -> None:
    data = numbered_log(50)
    (tmp_path / "day.jsonl").write_bytes(data)
    args = (tmp_path / "day.jsonl", "--documents", docs, "--partition-size", "2K")
    whole = grade_here(capsysbinary, *args)
    on_dask = ("--engine", "dask", "--scheduler", scheduler)
    grade_here(capsysbinary, *args, *on_dask, "--out-parts", tmp_path / "parts")
    manifest = json.loads((tmp_path / "parts" / "manifest.json").read_text("utf-8"))
    names = [part["name"] for part in manifest["parts"]]
    assert len(names) > 3
    joined = b"".join((tmp_path / "parts" / name).read_bytes() for name in names)
    assert joined == whole.out
    check_numbers(joined, data)


def test_stdin_is_numbered_from_its_first_line(docs: Path) -> None:
    data = numbered_log(40)
    for jobs in ("1", "2"):
        run = subprocess.run(
            [sys.executable, "-m", "sakshi", "grade", "-", "--documents", str(docs)]
            + ["--jobs", jobs],
            input=data,
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 1, run.stderr
        check_numbers(run.stdout, data)


# --- a small log spread over the workers ---------------------------------------------------


@pytest.fixture
def small_log(tmp_path: Path) -> tuple[Path, bytes]:
    """A log of about 200 KB: one partition by the default size (64 MiB) alone."""
    data = numbered_log(480)
    (tmp_path / "day.jsonl").write_bytes(data)
    return tmp_path / "day.jsonl", data


def test_a_small_log_gives_each_worker_a_partition(
    tmp_path: Path, small_log: tuple[Path, bytes]
) -> None:
    path, data = small_log
    sources = expand_logs([str(path)])
    assert len(plan_partitions(sources, spread_size(sources, 1))) == 1  # today's plan
    two = plan_partitions(sources, spread_size(sources, 2))
    half = -(-len(data) // 2)  # rounded up: two ranges, never a sliver of a third
    assert [(p.start, p.end) for p in two] == [(0, half), (half, len(data))]
    assert data[two[1].start - 1] != ord("\n")  # the cut falls inside a line
    many = plan_partitions(sources, spread_size(sources, 64))  # never a range under the floor
    assert len(many) == len(data) // SPREAD_FLOOR_BYTES == 3
    assert min(p.end - p.start for p in many) >= SPREAD_FLOOR_BYTES
    (tmp_path / "tiny.jsonl").write_bytes(numbered_log(240))  # about 100 KB: kept whole
    tiny = expand_logs([str(tmp_path / "tiny.jsonl")])
    assert len(plan_partitions(tiny, spread_size(tiny, 2))) == 1
    # A compressed log is one partition whatever the size: the plain bytes alone are shared.
    (tmp_path / "old.jsonl.gz").write_bytes(gzip.compress(numbered_log(900)))
    mixed = expand_logs([str(tmp_path / "old.jsonl.gz"), str(path)])
    assert spread_size(mixed, 2) == spread_size(sources, 2)
    assert spread_size(sources, 2, size=4096) == 4096  # a smaller size stays


def _two_threads() -> Any:
    """A Dask cluster in this process whose two workers have a thread each."""
    import distributed

    return distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        dashboard_address=":0",
        protocol="tcp://",
    )


def test_jobs_and_dask_share_a_small_log_with_the_same_bytes(
    capsysbinary: Capture, docs: Path, tmp_path: Path, small_log: tuple[Path, bytes]
) -> None:
    pytest.importorskip("distributed")
    path, data = small_log
    args = (path, "--documents", docs)
    outs: dict[str, bytes] = {}
    parts: dict[str, int] = {}
    with _two_threads() as cluster:
        for name, extra in (
            ("jobs1", ("--jobs", "1")),
            ("jobs2", ("--jobs", "2")),
            ("dask", ("--engine", "dask", "--scheduler", cluster.scheduler_address)),
        ):
            run = grade_here(capsysbinary, *args, *extra)
            assert run.code == 1, run.err
            outs[name] = run.out
            grade_here(capsysbinary, *args, *extra, "--out-parts", tmp_path / name)
            joined, manifest = parts_of(tmp_path / name)
            assert joined == run.out and isinstance(manifest["parts"], list)
            parts[name] = len(manifest["parts"])
    assert outs["jobs1"] == outs["jobs2"] == outs["dask"]
    check_numbers(outs["jobs1"], data)
    assert parts == {"jobs1": 1, "jobs2": 2, "dask": 2}
    for name in ("part-00000.jsonl", "part-00001.jsonl", "manifest.json"):  # cut alike
        assert (tmp_path / "jobs2" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes()


def test_jobs_share_a_small_log_whatever_the_size_given(
    capsysbinary: Capture,
    docs: Path,
    small_log: tuple[Path, bytes],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--partition-size`` is kept as given (one partition here), yet ``--jobs 2`` cuts
    it into a slice for each worker."""
    path, data = small_log
    whole = grade_here(capsysbinary, path, "--documents", docs)
    shared: list[list[Any]] = []
    real = parallel.ordered_map

    def seen(fn: Any, items: Any, jobs: int, batch: int = 1000) -> Any:
        shared.append(list(items))
        return real(fn, shared[-1], jobs, batch)

    monkeypatch.setattr(parallel, "ordered_map", seen)
    given = ("--partition-size", "64MiB", "--jobs", "2")
    run = grade_here(capsysbinary, path, "--documents", docs, *given)
    assert (run.code, run.out) == (whole.code, whole.out) and whole.code == 1
    counted, graded = shared
    half = -(-len(data) // 2)
    assert [(p.start, p.end) for p in graded] == [(0, half), (half, len(data))]
    assert counted == [graded[0]]  # counted: the slice that another follows
