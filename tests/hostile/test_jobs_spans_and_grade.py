"""Hostile: ``--jobs N`` must never change a byte of ``verify-spans`` or ``grade`` (SPEC 7).

The process pool cuts the input into batches (5,000 lines for ``verify-spans``, 2,000 for
``grade``) and keeps up to four per worker in flight. Each input here holds more than
four batches per worker at two jobs (so the window fills and drains) and three at three,
and its length is no multiple of the batch, so a pool that dropped the last (partial)
batch, lost one when its window was full, or put two batches out of order would change
the output. Every line carries its own id and the verdicts
vary, so any reordering shows.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256

SPANS_BATCH, GRADE_BATCH = 5_000, 2_000  # the batch sizes the commands use
JOBS = (2, 3)
MEMO = "Cheque No.: 004512\nReturned: Funds Insufficient\nAmount: \u20b9 7,85,000.00\n"
PAGES = ["Notice dated 05.02.2025\n", "Pay \u20b9 7,85,000/- within 15 days\n"]
BLOCKS = ["Invoice INV-7", "Total due: Rs 6,40,000", "Terms: 30 days"]


def span_line(number: int) -> str:
    """The span on line ``number``: verified, unverified in several ways, or malformed."""
    kind = number % 9
    if kind == 7:
        return "not json at all"
    if kind == 8:
        return json.dumps([number, "not an object"])
    shapes: list[dict[str, Any]] = [
        {"doc": "memo", "quote": "Cheque No.: 004512"},
        {"doc": "memo", "quote": "Amount: \u20b9", "char_start": 46, "char_end": 54},
        {"doc": "notice", "page": 2, "quote": "within 15 days"},
        {"doc": "invoice", "block": 1, "quote": "Rs 6,40,000"},
        {"doc": "memo", "quote": f"Cheque No.: {number:06d}"},  # verified only for 004512
        {"doc": "nope", "quote": "x"},
        {"doc": "invoice", "block": 9, "quote": "Terms"},
    ]
    return json.dumps({"id": f"s{number}", **shapes[kind]})


def grade_line(number: int, bundle: dict[str, Any]) -> str:
    """The logged turn on line ``number``: green, red for one reason or another, or junk."""
    kind = number % 7
    if kind == 6:
        return "{garbage"
    digest = bundle_sha256(bundle)
    cite = {"doc": "memo", "quote": "Cheque No.: 004512" if kind != 1 else "Cheque No.: 9"}
    value = {"field": "cheque_no", "value": "004512", "why": "The memo names it.", "cite": cite}
    if kind == 2:
        value["why"] = "\u200b"  # not visible: WHY_MISSING
    provenance = {"engine_state": "live", "bundle_sha256": digest if kind != 3 else "0" * 64}
    entry: dict[str, Any] = {
        "id": f"t{number}",
        "engine_state": "live",
        "bundle": bundle,
        "documents": ["memo"],
        "turn": {"context_provenance": provenance, "values": [value]},
    }
    if kind == 4:
        entry["documents"] = ["missing-doc"]  # TURN_MALFORMED
    if kind == 5:
        entry.update(engine_state="none", bundle=None)
        entry["turn"]["context_provenance"] = {"engine_state": "none", "bundle_sha256": None}
    return json.dumps(entry, ensure_ascii=False)


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), "utf-8")
    return path


def run_jobs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], jobs: int
) -> tuple[int, bytes]:
    out = tmp_path / f"out-{argv[0]}-{jobs}.jsonl"
    code = main([*argv, "--jobs", str(jobs), "--out", str(out)])
    capsys.readouterr()
    return code, out.read_bytes()


def test_verify_spans_jobs_give_the_bytes_of_one_job(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    count = SPANS_BATCH * (4 * min(JOBS) + 1) + 1_234  # past the window, a partial tail
    docs = tmp_path / "docs.yaml"
    documents = [
        {"id": "memo", "text": MEMO},
        {"id": "notice", "pages": PAGES},
        {"id": "invoice", "blocks": BLOCKS},
    ]
    docs.write_text(json.dumps({"documents": documents}, ensure_ascii=False), "utf-8")
    spans = write_lines(tmp_path / "spans.jsonl", [span_line(n) for n in range(count)])
    argv = ["verify-spans", str(docs), str(spans)]
    single = run_jobs(capsys, tmp_path, argv, 1)
    assert single[0] == 1 and single[1].count(b"\n") == count
    last = json.loads(single[1].splitlines()[-1])
    assert last == {"id": f"s{count - 1}", "verified": True, "reason": "OK"}
    assert {json.loads(line)["reason"] for line in single[1].splitlines()} >= {
        "OK",
        "QUOTE_NOT_FOUND",
        "DOC_NOT_FOUND",
        "ANCHOR_OUT_OF_RANGE",
        "SPAN_MALFORMED",
    }
    for jobs in JOBS:
        assert run_jobs(capsys, tmp_path, argv, jobs) == single, f"--jobs {jobs}"


def test_grade_jobs_give_the_bytes_of_one_job(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    count = GRADE_BATCH * (4 * min(JOBS) + 1) + 345
    folder = tmp_path / "documents"
    folder.mkdir()
    (folder / "memo.txt").write_text(MEMO, "utf-8")
    bundle = {"engine": "test"}
    log = write_lines(tmp_path / "turns.jsonl", [grade_line(n, bundle) for n in range(count)])
    argv = ["grade", str(log), "--documents", str(folder)]
    single = run_jobs(capsys, tmp_path, argv, 1)
    assert single[0] == 1 and single[1].count(b"\n") == count
    outputs = [json.loads(line) for line in single[1].splitlines()]
    assert outputs[-1]["id"] == f"t{count - 1}"
    assert {tuple(output["reasons"]) for output in outputs} == {
        (),
        ("FABRICATED_SPAN",),
        ("WHY_MISSING",),
        ("PROVENANCE_MISMATCH",),
        ("TURN_MALFORMED",),
    }
    for jobs in JOBS:
        assert run_jobs(capsys, tmp_path, argv, jobs) == single, f"--jobs {jobs}"
