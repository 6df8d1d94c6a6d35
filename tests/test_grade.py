"""``sakshi grade``: production turn logs, streamed, in order, locally, with --jobs and on Dask."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import fsspec
import pytest

from sakshi.cli import main
from sakshi.context.docstore import DocumentStore
from sakshi.context.turnlog import grade_line
from sakshi.context.turns import bundle_sha256

BUNDLE = {"engine": "matter-context", "query": "supply"}
DIGEST = bundle_sha256(BUNDLE)
GRN = "GOODS RECEIPT NOTE\r\nQuantity received: 42.500 MT\r\n"


def turn(
    quote: str = "Quantity received: 42.500 MT",
    state: str = "live",
    digest: str | None = DIGEST,
    **value: object,
) -> dict:
    v = {
        "field": "qty",
        "value": "42.500 MT",
        "why": "The note records it.",
        "cite": {"doc": "grn", "quote": quote},
    }
    v.update(value)
    return {"context_provenance": {"engine_state": state, "bundle_sha256": digest}, "values": [v]}


def line(
    line_id: object,
    state: str = "live",
    bundle: object = BUNDLE,
    docs: object = ("grn",),
    **kw: object,
) -> str:
    obj: dict[str, object] = {
        "id": line_id,
        "engine_state": state,
        "documents": list(docs) if isinstance(docs, tuple) else docs,
    }
    if bundle is not None:
        obj["bundle"] = bundle
    obj["turn"] = kw.pop("t", turn(state=state, digest=None if state == "none" else DIGEST))
    return json.dumps(obj, ensure_ascii=False)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "grn.txt").write_bytes(GRN.encode())
    (folder / "ledger.yaml").write_text(
        'id: ledger\npages: ["Advance ₹ 45,00,000.00", "Closing ₹ 6,13,875.00"]\n', "utf-8"
    )
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict], str]:
    code = main(["grade", *args])
    out, err = capsys.readouterr()
    return code, [json.loads(x) for x in out.splitlines()], err


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_all_green_exits_0(tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(write(tmp_path, [line("a"), line(2)])), "--documents", str(docs))
    assert code == 0
    assert out == [
        {"id": "a", "line": 1, "verdict": "green", "reasons": []},
        {"id": 2, "line": 2, "verdict": "green", "reasons": []},
    ]


@pytest.mark.parametrize(
    ("text", "reasons"),
    [
        (line("x", t=turn(quote="Quantity received: 42.5 MT")), ["FABRICATED_SPAN"]),
        (
            line("x", t=turn(quote="Quantity received: 42.500 MT\n")),
            ["FABRICATED_SPAN"],
        ),  # CRLF in the bytes
        (line("x", t=turn(why="")), ["WHY_MISSING"]),
        (line("x", t=turn(cite=None)), ["CITE_MISSING"]),
        (line("x", t=turn(digest="0" * 64)), ["PROVENANCE_MISMATCH"]),
        (line("x", state="stubbed", t=turn(state="stubbed", cite=None, why=None)), []),
        (
            line(
                "x",
                state="none",
                bundle=None,
                docs=(),
                t=turn(state="none", digest=None, cite=None),
            ),
            [],
        ),
        (line("x", t=turn(quote="Closing ₹ 6,13,875.00", doc="ledger")), ["FABRICATED_SPAN"]),
    ],
    ids=[
        "fabricated",
        "crlf",
        "why",
        "cite",
        "provenance",
        "stubbed-frame-only",
        "none",
        "doc-not-listed",
    ],
)
def test_grades_each_line(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str], text: str, reasons: list[str]
) -> None:
    code, out, _ = run(capsys, str(write(tmp_path, [text])), "--documents", str(docs))
    assert out[0]["reasons"] == reasons
    assert code == (1 if reasons else 0)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "",
        "[1, 2]",
        json.dumps(
            {
                "id": "x",
                "engine_state": "LIVE",
                "bundle": BUNDLE,
                "documents": ["grn"],
                "turn": turn(),
            }
        ),
        json.dumps({"id": "x", "engine_state": "live", "documents": ["grn"], "turn": turn()}),
        json.dumps(
            {
                "id": "x",
                "engine_state": "none",
                "bundle": BUNDLE,
                "documents": [],
                "turn": turn(state="none", digest=None),
            }
        ),
        json.dumps(
            {
                "id": "x",
                "engine_state": "live",
                "bundle": BUNDLE,
                "documents": "grn",
                "turn": turn(),
            }
        ),
        json.dumps(
            {
                "id": "x",
                "engine_state": "live",
                "bundle": BUNDLE,
                "documents": ["missing"],
                "turn": turn(),
            }
        ),
        json.dumps(
            {
                "id": "x",
                "engine_state": "live",
                "bundle": BUNDLE,
                "documents": ["../docs/grn"],
                "turn": turn(),
            }
        ),
        json.dumps(
            {
                "id": "x",
                "engine_state": "live",
                "bundle": {"n": float("nan")},
                "documents": ["grn"],
                "turn": turn(),
            }
        ),
    ],
    ids=[
        "not-json",
        "blank",
        "array",
        "bad-state",
        "no-bundle-at-live",
        "bundle-at-none",
        "documents-not-list",
        "missing-document",
        "traversal-id",
        "nan-bundle",
    ],
)
def test_malformed_lines_are_red_and_the_run_goes_on(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    code, out, _ = run(
        capsys, str(write(tmp_path, [text, line("after")])), "--documents", str(docs)
    )
    assert code == 1
    assert out[0]["verdict"] == "red" and out[0]["reasons"] == ["TURN_MALFORMED"]
    assert out[0]["line"] == 1 and "findings" not in out[0]  # the problem says why
    assert out[1] == {"id": "after", "line": 2, "verdict": "green", "reasons": []}


@pytest.mark.parametrize("problem", ["missing", "file", "bad-yaml", "id-mismatch"])
def test_unusable_documents_folder_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], problem: str
) -> None:
    folder = tmp_path / "docs"
    if problem == "file":
        folder.write_text("x")
    elif problem != "missing":
        folder.mkdir()
        body = "id: grn\ntext: [unclosed\n" if problem == "bad-yaml" else "id: other\ntext: hello\n"
        (folder / "grn.yaml").write_text(body)
    code, _, err = run(capsys, str(write(tmp_path, [line("a")])), "--documents", str(folder))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_empty_log_exits_2(tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    code, _, err = run(capsys, str(path), "--documents", str(docs))
    assert code == 2 and "no turns" in err


def test_scheduler_without_dask_engine_is_refused(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys,
        str(write(tmp_path, [line("a")])),
        "--documents",
        str(docs),
        "--scheduler",
        "tcp://x:1",
    )
    assert code == 2 and "--engine dask" in err


def test_document_store_is_bounded(docs: Path) -> None:
    store = DocumentStore(docs, max_documents=1)
    assert store.get("grn") is not None and store.get("ledger") is not None
    assert len(store._cache) == 1
    by_bytes = DocumentStore(docs, max_bytes=10)
    assert by_bytes.get("grn") is not None and by_bytes.get("ledger") is not None
    assert list(by_bytes._cache) == ["ledger"]


def test_grade_line_is_pure_over_a_lookup() -> None:
    from sakshi.spans import BodyKind, Document, Segment

    doc = Document("grn", BodyKind.FILE, (Segment(GRN.encode()),))
    graded = grade_line(line("a").encode(), 7, {"grn": doc}.get)
    assert graded.green and json.loads(graded.data)["line"] == 7


def _big_log(tmp_path: Path, count: int) -> Path:
    lines = [
        line(f"t{i}", t=turn(quote="Quantity received: 42.500 MT" if i % 5 else "Quantity: 42"))
        for i in range(count)
    ]
    lines.insert(count // 2, "garbage")
    return write(tmp_path, lines)


def test_jobs_never_change_a_byte(tmp_path: Path, docs: Path) -> None:
    log = _big_log(tmp_path, 3000)
    outputs = []
    for jobs in ("1", "2"):
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "sakshi",
                "grade",
                str(log),
                "--documents",
                str(docs),
                "--jobs",
                jobs,
            ],
            capture_output=True,
            check=False,
            timeout=120,
        )
        assert proc.returncode == 1, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].count(b"\n") == 3001


def test_dask_local_cluster_output_equals_the_local_run(tmp_path: Path, docs: Path) -> None:
    distributed = pytest.importorskip("distributed")
    log = _big_log(tmp_path, 12000)  # more than two shards
    local = subprocess.run(
        [sys.executable, "-m", "sakshi", "grade", str(log), "--documents", str(docs)],
        capture_output=True,
        check=False,
        timeout=120,
    )
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0", processes=True
    ) as cluster:
        remote = subprocess.run(
            [
                sys.executable,
                "-m",
                "sakshi",
                "grade",
                str(log),
                "--documents",
                str(docs),
                "--engine",
                "dask",
                "--scheduler",
                cluster.scheduler_address,
            ],
            capture_output=True,
            check=False,
            timeout=300,
        )
    assert remote.returncode == local.returncode == 1, remote.stderr
    assert remote.stdout == local.stdout


def test_unreachable_scheduler_exits_2(tmp_path: Path, docs: Path) -> None:
    pytest.importorskip("distributed")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sakshi",
            "grade",
            str(_big_log(tmp_path, 3)),
            "--documents",
            str(docs),
            "--engine",
            "dask",
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_a_line_without_its_documents_list_is_malformed(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps({"id": "x", "engine_state": "live", "bundle": BUNDLE, "turn": turn()})
    code, out, _ = run(capsys, str(write(tmp_path, [text])), "--documents", str(docs))
    assert code == 1 and out[0]["reasons"] == ["TURN_MALFORMED"]


def test_a_docs_extract_file_serves_as_a_document(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `sakshi docs extract` writes {documents: [one document]}; grade takes it as <id>.yaml.
    (docs / "award.yaml").write_text(
        (
            "documents:\n  - id: award\n    meta: {extractor: pypdf}\n"
            '    pages: ["Award of 12.03.2024", "Total \\u20b9 2,32,64,400"]\n'
        ),
        "utf-8",
    )
    t = turn()
    t["values"][0]["cite"] = {"doc": "award", "quote": "Total ₹ 2,32,64,400", "page": 2}
    t["values"][0]["value"] = "\u20b9 2,32,64,400"
    code, out, err = run(
        capsys, str(write(tmp_path, [line("a", docs=("award",), t=t)])), "--documents", str(docs)
    )
    assert (code, out[0]["verdict"]) == (0, "green"), err


# --- the output file and the documents folder (SPEC 7 and 9) --------------------------------


@pytest.mark.parametrize("target", ["existing", "turns", "document", "dangling-link"])
def test_out_never_overwrites_a_file_or_an_input(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    turns = write(tmp_path, [line("a")])
    (tmp_path / "existing.jsonl").write_bytes(b"keep")
    (tmp_path / "dangling.jsonl").symlink_to(tmp_path / "not-yet.jsonl")
    out = {
        "existing": tmp_path / "existing.jsonl",
        "turns": turns,
        "document": docs / "grn.txt",
        "dangling-link": tmp_path / "dangling.jsonl",
    }[target]
    before = out.read_bytes() if out.exists() else None
    code, lines, err = run(capsys, str(turns), "--documents", str(docs), "--out", str(out))
    assert code == 2 and lines == [] and f"{out}: " in err
    assert (out.read_bytes() if out.exists() else None) == before
    assert not (tmp_path / "not-yet.jsonl").exists()


def test_out_is_written_whole_or_not_at_all(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (docs / "broken.yaml").write_text("id: broken\ntext: [unclosed\n")
    turns = write(tmp_path, [line("a"), line("b", docs=("broken",))])
    out = tmp_path / "graded.jsonl"
    code, _, err = run(capsys, str(turns), "--documents", str(docs), "--out", str(out))
    assert code == 2 and "broken.yaml" in err
    assert not out.exists()
    code, _, _ = run(
        capsys, str(write(tmp_path, [line("a")])), "--documents", str(docs), "--out", str(out)
    )
    assert code == 0 and json.loads(out.read_text("utf-8"))["verdict"] == "green"


def test_a_document_linked_from_outside_the_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # SPEC 7: "2 if DIR is unusable"; a link out of DIR is never followed, never skipped.
    (tmp_path / "elsewhere.txt").write_bytes(GRN.encode())
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "grn.txt").symlink_to(tmp_path / "elsewhere.txt")
    code, lines, err = run(capsys, str(write(tmp_path, [line("a")])), "--documents", str(folder))
    assert code == 2 and lines == []
    assert f"{folder / 'grn.txt'}: " in err and "outside the documents folder" in err


def _both(docs: Path, yaml_text: str, where: str, memory_root: str) -> str:
    """``grn.yaml`` beside the fixture's ``grn.txt``, in ``docs`` or copied to memory://."""
    (docs / "grn.yaml").write_text(yaml_text, "utf-8")
    if where == "local":
        return str(docs)
    folder = f"{memory_root}/docs"
    fs = fsspec.filesystem("memory")
    for path in docs.iterdir():
        fs.pipe_file(f"{folder.removeprefix('memory://')}/{path.name}", path.read_bytes())
    return folder


@pytest.mark.parametrize("where", ["local", "memory"])
def test_two_files_for_one_document_that_differ_are_refused_not_picked(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str], memory_root: str, where: str
) -> None:
    # SPEC 7: DIR holds one file per document; with two that differ, which one the grade
    # read would be a guess, so the folder is unusable (exit 2, naming the file).
    changed = GRN.replace("42.500", "24.500")
    folder = _both(docs, f"id: grn\ntext: {json.dumps(changed)}\n", where, memory_root)
    code, lines, err = run(capsys, str(write(tmp_path, [line("a")])), "--documents", folder)
    assert code == 2 and lines == []
    assert err.strip() == (
        f"sakshi: error: {folder}/grn.yaml: grn.yaml and grn.txt give different documents;"
        " expected one file per document (or two that agree)"
    )


@pytest.mark.parametrize(
    ("where", "body"),
    [("local", "file: grn.txt"), ("local", "text: {grn}"), ("memory", "text: {grn}")],
)
def test_two_files_that_give_the_same_document_grade_as_one(
    tmp_path: Path,
    docs: Path,
    capsys: pytest.CaptureFixture[str],
    memory_root: str,
    where: str,
    body: str,
) -> None:
    yaml_text = "id: grn\n" + body.format(grn=json.dumps(GRN)) + "\n"
    folder = _both(docs, yaml_text, where, memory_root)
    code, lines, _ = run(capsys, str(write(tmp_path, [line("a")])), "--documents", folder)
    assert code == 0 and [item["verdict"] for item in lines] == ["green"]


def test_a_document_file_that_is_a_fifo_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    os.mkfifo(folder / "grn.txt")  # opened without blocking, refused by its type
    code, _, err = run(capsys, str(write(tmp_path, [line("a")])), "--documents", str(folder))
    assert code == 2 and "grn.txt" in err and "FIFO" in err


# --- values (SPEC section 8): a line's fields, VALUE_UNSUPPORTED ------------------------

QTY_FIELDS = {"qty": {"type": "quantity", "unit": "MT", "cues": ["received"]}}


def with_fields(line_id: object, fields: object, **value: object) -> str:
    entry = json.loads(line(line_id, t=turn(**value)))
    entry["fields"] = fields
    return json.dumps(entry, ensure_ascii=False)


def test_a_line_whose_quote_does_not_state_its_value_is_value_unsupported(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        with_fields("right", QTY_FIELDS, value="42,500 kg"),
        with_fields("wrong", QTY_FIELDS, value="4.250 MT"),
        line("inferred", t=turn(value="24.500 MT")),  # no fields: the type is inferred
    ]
    code, out, _ = run(capsys, str(write(tmp_path, lines)), "--documents", str(docs))
    assert code == 1
    assert out[0] == {"id": "right", "line": 1, "verdict": "green", "reasons": []}
    for number, entry in enumerate(out[1:], 2):
        assert (entry["line"], entry["verdict"]) == (number, "red")
        assert entry["reasons"] == ["VALUE_UNSUPPORTED"]
        assert entry["findings"] == [
            {
                "reason": "VALUE_UNSUPPORTED",
                "index": 0,
                "field": "qty",
                "value_reason": "VALUE_NOT_IN_QUOTE",
            }
        ]
        (unstated,) = entry["values"]  # the older form, kept
        assert {k: unstated[k] for k in ("index", "field", "value_reason")} == {
            "index": 0,
            "field": "qty",
            "value_reason": "VALUE_NOT_IN_QUOTE",
        }
    assert out[2]["values"][0]["hint"] == "digit transposition"
    # No content: the value, its reading and the quote's text stay out of the log's output.
    assert "42" not in json.dumps(out[1:])


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"qty": {"type": "weight"}}, "fields.qty.type"),
        ({"qty": {"type": "quantity", "units": "MT"}}, "fields.qty.units"),
        ({"qty": {"type": "quantity", "cues": [1]}}, "fields.qty.cues[0]"),
        ("qty: quantity", "fields"),
    ],
    ids=["unknown-type", "unknown-key", "cue-not-a-string", "not-a-mapping"],
)
def test_a_line_with_bad_fields_is_malformed_naming_the_key_and_the_run_goes_on(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str], fields: object, key: str
) -> None:
    lines = [with_fields("bad", fields), line("next")]
    code, out, _ = run(capsys, str(write(tmp_path, lines)), "--documents", str(docs))
    assert code == 1
    bad, after = out
    assert (bad["verdict"], bad["reasons"]) == ("red", ["TURN_MALFORMED"])
    assert bad["problem"].startswith(f"{key}: expected"), bad
    assert after == {"id": "next", "line": 2, "verdict": "green", "reasons": []}


def test_a_null_fields_is_no_declaration(
    tmp_path: Path, docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, str(write(tmp_path, [with_fields("a", None)])), "--documents", str(docs)
    )
    assert (code, out) == (0, [{"id": "a", "line": 1, "verdict": "green", "reasons": []}])


def test_jobs_never_change_a_byte_with_fields_and_unstated_values(
    tmp_path: Path, docs: Path
) -> None:
    lines = []
    for number in range(600):
        kind = number % 4
        if kind == 0:
            lines.append(with_fields(number, QTY_FIELDS))
        elif kind == 1:
            lines.append(with_fields(number, QTY_FIELDS, value="42.050 MT"))
        elif kind == 2:
            lines.append(with_fields(number, {"qty": {"type": "mass"}}))
        else:
            lines.append(line(number, t=turn(value="42.500 kg")))
    path = write(tmp_path, lines)
    outputs = []
    for jobs in ("1", "3"):
        proc = subprocess.run(
            [sys.executable, "-m", "sakshi", "grade", str(path), "--documents", str(docs)]
            + ["--jobs", jobs],
            capture_output=True,
            check=False,
            timeout=120,
        )
        assert proc.returncode == 1, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].count(b'"reasons":["VALUE_UNSUPPORTED"]') == 300
