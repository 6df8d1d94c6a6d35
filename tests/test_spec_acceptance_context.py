"""SPEC sections 1-4 and 7 as an outside acceptance suite would check them.

Black-box: every case writes small inputs in tmp_path and runs the installed ``sakshi``
executable in a subprocess, reading only exit codes, stdout and written files. Hashes of
bundles are computed here with the ``rfc8785`` library, as a route in another language
would compute them with its own JCS library.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import rfc8785

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from installed_cli import sakshi

SPAN_CODES = [
    "DOC_NOT_FOUND",
    "ANCHOR_OUT_OF_RANGE",
    "ANCHOR_KIND_MISMATCH",
    "OFFSETS_INVALID",
    "QUOTE_MISMATCH",
    "QUOTE_NOT_FOUND",
    "QUOTE_EMPTY",
    "SPAN_MALFORMED",
    "UNIT_UNDECODABLE",
]
CONTEXT_CODES = [
    "PROVENANCE_MISMATCH",
    "FABRICATED_SPAN",
    "VALUE_UNSUPPORTED",
    "EVIDENCE_MISSING",
    "WHY_MISSING",
    "CITE_MISSING",
    "TURN_MALFORMED",
]
TEXT = "héllo wörld 😀 end"
QTY_TEXT = "Delivered qty: 42.500 MT on 12.03.2024."


def jcs_sha256(bundle: Any) -> str:
    """The served hash as SPEC 4 defines it: SHA-256 of the RFC 8785 form."""
    return hashlib.sha256(rfc8785.dumps(bundle)).hexdigest()


def jsonl(path: Path, rows: list[Any]) -> Path:
    """Write rows as JSON lines (a str row is written as it is: a line that is not JSON)."""
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def lines(out: str) -> list[dict[str, Any]]:
    """Every stdout line, parsed."""
    return [json.loads(text) for text in out.splitlines()]


# --- SPEC 3: verify-spans ------------------------------------------------------------------


@pytest.fixture
def docs_yaml(tmp_path: Path) -> Path:
    """A DOCS.yaml with every body kind; the file holds a BOM, CRLF and NFD bytes."""
    (tmp_path / "f.txt").write_bytes(b"\xef\xbb\xbfhello\r\nworld cafe\xcc\x81\n")
    (tmp_path / "bad.bin").write_bytes(b"ab\xffcd")
    (tmp_path / "p1.txt").write_bytes(b"page one")
    (tmp_path / "p2.txt").write_bytes(b"page two")
    path = tmp_path / "docs.yaml"
    path.write_text(
        "documents:\n"
        f'  - {{id: t, text: "{TEXT}"}}\n'
        '  - {id: p, pages: ["first page", "second page 😀x"]}\n'
        '  - {id: b, blocks: ["block zero", "block one"]}\n'
        "  - {id: f, file: f.txt}\n"
        "  - {id: pf, pages_files: [p1.txt, p2.txt]}\n"
        "  - {id: bad, file: bad.bin}\n",
        encoding="utf-8",
    )
    return path


SPAN_CASES: list[tuple[dict[str, Any], str]] = [
    ({"doc": "t", "quote": "wörld", "char_start": 6, "char_end": 11}, "OK"),
    ({"doc": "t", "quote": "wörld", "char_start": 7, "char_end": 13, "unit": "byte"}, "OK"),
    ({"doc": "t", "quote": "😀", "char_start": 12, "char_end": 14, "unit": "utf16"}, "OK"),
    (
        {"doc": "t", "quote": "x", "char_start": 12, "char_end": 13, "unit": "utf16"},
        "OFFSETS_INVALID",
    ),
    (
        {"doc": "t", "quote": "h\u00e9", "char_start": 0, "char_end": 2, "unit": "byte"},
        "OFFSETS_INVALID",
    ),
    ({"doc": "t", "quote": "h", "char_start": 1, "char_end": 1}, "OFFSETS_INVALID"),
    ({"doc": "t", "quote": "héllo", "char_start": 0, "char_end": 99}, "OFFSETS_INVALID"),
    ({"doc": "t", "quote": "x", "char_start": 0, "char_end": 1}, "QUOTE_MISMATCH"),
    ({"doc": "nope", "quote": "x"}, "DOC_NOT_FOUND"),
    ({"doc": "p", "quote": "second", "page": 3}, "ANCHOR_OUT_OF_RANGE"),
    ({"doc": "p", "quote": "second", "page": 0}, "ANCHOR_OUT_OF_RANGE"),
    ({"doc": "b", "quote": "one", "block": 2}, "ANCHOR_OUT_OF_RANGE"),
    ({"doc": "p", "quote": "second", "block": 1}, "ANCHOR_KIND_MISMATCH"),
    ({"doc": "p", "quote": "second", "char_start": 0, "char_end": 6}, "ANCHOR_KIND_MISMATCH"),
    ({"doc": "t", "quote": "h", "page": 1}, "ANCHOR_KIND_MISMATCH"),
    ({"doc": "p", "quote": "😀x", "page": 2, "char_start": 12, "char_end": 14}, "OK"),
    ({"doc": "p", "quote": "page second"}, "QUOTE_NOT_FOUND"),
    ({"doc": "b", "quote": "zero", "block": 0, "char_start": 6, "char_end": 10}, "OK"),
    ({"doc": "t", "quote": ""}, "QUOTE_EMPTY"),
    ({"doc": "t", "quote": "h", "char_start": 0}, "SPAN_MALFORMED"),
    ({"doc": "t", "quote": "h", "char_start": 0, "char_end": 1, "unit": "rune"}, "SPAN_MALFORMED"),
    ({"quote": "h"}, "SPAN_MALFORMED"),
    ({"doc": "f", "quote": "\ufeffhello\r\n"}, "OK"),
    ({"doc": "f", "quote": "hello\n"}, "QUOTE_NOT_FOUND"),
    ({"doc": "f", "quote": "café"}, "QUOTE_NOT_FOUND"),
    ({"doc": "f", "quote": "cafe\u0301"}, "OK"),
    ({"doc": "f", "quote": "hello", "char_start": 1, "char_end": 6}, "OK"),
    ({"doc": "pf", "quote": "two", "page": 2}, "OK"),
    ({"doc": "pf", "quote": "one page"}, "QUOTE_NOT_FOUND"),
    ({"doc": "bad", "quote": "cd", "char_start": 3, "char_end": 5}, "UNIT_UNDECODABLE"),
    ({"doc": "bad", "quote": "cd", "char_start": 3, "char_end": 5, "unit": "byte"}, "OK"),
]


def test_verify_spans_gives_every_reason_code_in_input_order(
    tmp_path: Path, docs_yaml: Path
) -> None:
    rows: list[Any] = [{"id": f"s{i}", **span} for i, (span, _) in enumerate(SPAN_CASES)]
    rows[3:3] = ["not json", [1, 2], '"a string"']
    run = sakshi("verify-spans", docs_yaml, jsonl(tmp_path / "spans.jsonl", rows))
    assert run.code == 1, run.err
    got = lines(run.out)
    assert len(got) == len(rows)
    for row in got:
        assert {"id", "verified", "reason"} <= set(row)
        assert row["verified"] is (row["reason"] == "OK")
    malformed, cases = got[3:6], got[:3] + got[6:]
    assert all(r["reason"] == "SPAN_MALFORMED" for r in malformed)
    assert [r["id"] for r in cases] == [f"s{i}" for i in range(len(SPAN_CASES))]
    assert [r["reason"] for r in cases] == [reason for _, reason in SPAN_CASES]
    assert {r["reason"] for r in got} == {"OK", *SPAN_CODES}


def test_verify_spans_exit_codes_and_jobs(tmp_path: Path, docs_yaml: Path) -> None:
    good = jsonl(tmp_path / "good.jsonl", [{"doc": "t", "quote": "wörld"}])
    assert sakshi("verify-spans", docs_yaml, good).code == 0
    spans = jsonl(
        tmp_path / "all.jsonl", [{"id": str(i), **s} for i, (s, _) in enumerate(SPAN_CASES)]
    )
    outs = {sakshi("verify-spans", docs_yaml, spans, "--jobs", jobs).out for jobs in "14"}
    assert len(outs) == 1
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "s.txt").write_text("hello")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "away.txt").symlink_to(tmp_path / "out" / "s.txt")
    for body in ("file: ../out/s.txt", f"file: {tmp_path / 'out' / 's.txt'}", "file: away.txt"):
        bad = tmp_path / "in" / "docs.yaml"
        bad.write_text(f"documents:\n  - {{id: t, {body}}}\n")
        run = sakshi("verify-spans", bad, good)
        assert run.code == 2 and run.out == "", body


# --- SPEC 4: run context and prove ---------------------------------------------------------

BUNDLE = {"n": 1.0, "big": 1e21, "é": "a", "😀": 1, "｡": 2, "off": "off", "when": "2024-03-12"}
BUNDLE_YAML = "{n: 1.0, big: 1.0e+21, é: a, 😀: 1, ｡: 2, off: off, when: 2024-03-12}"


def pack_text(pack_id: str, values: str, state: str = "live", extra: str = "") -> str:
    """A pack with a recorded turn whose provenance mirrors what it serves."""
    digest = "null" if state == "none" else f'"{jcs_sha256(BUNDLE)}"'
    bundle = "" if state == "none" else f"bundle: {BUNDLE_YAML}\n"
    return (
        f"pack: sakshi.pack.v1\nid: {pack_id}\ntitle: t\nengine_state: {state}\nmatter: {{}}\n"
        f'documents: [{{id: d1, text: "{QTY_TEXT}"}}]\n{bundle}'
        "command: {name: chronology, args: {}}\n"
        f"turn:\n  context_provenance: {{engine_state: {state}, bundle_sha256: {digest}}}\n"
        f"  values: {values}\n{extra}"
    )


GOOD = '[{field: qty, value: "42.500 MT", why: "It says so.", cite: {doc: d1, quote: "42.500 MT"}}]'
PACKS = {
    "green-live": (GOOD, "live", "", "green", []),
    "red-all": (
        (
            '[{field: a, value: "42.600 MT", why: w, cite: {doc: d1, quote: "42.500 MT"}},'
            " {field: b, value: x, cite: {doc: zz, quote: q}}, {field: c, value: hello}]"
        ),
        "live",
        "expect: red\n",
        "red",
        ["FABRICATED_SPAN", "VALUE_UNSUPPORTED", "WHY_MISSING", "CITE_MISSING"],
    ),
    "empty-live": (
        '[{field: a, value: ""}, {field: b, value: null}]',
        "live",
        "",
        "red",
        ["EVIDENCE_MISSING"],
    ),
    "partial-frame": ('[{field: a, value: "42.500 MT"}]', "partial", "", "green", []),
    "none-frame": ("[]", "none", "", "green", []),
}


def write_packs(folder: Path) -> None:
    """Every pack of PACKS, under nested folders, as .yaml and .yml."""
    for number, (pack_id, (values, state, extra, _, _)) in enumerate(PACKS.items()):
        path = folder / f"sub{number % 2}" / f"{pack_id}.{'yml' if number % 2 else 'yaml'}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(pack_text(pack_id, values, state, extra), encoding="utf-8")


def test_run_context_json_shape_grade_order_and_jcs(tmp_path: Path) -> None:
    write_packs(tmp_path / "packs")
    run = sakshi("run", "context", tmp_path / "packs", "--format", "json")
    assert run.code == 1, run.err  # empty-live expects green by default and is red
    report = json.loads(run.out)
    assert {"packs", "held", "failed"} <= set(report)
    assert (report["held"], report["failed"]) == (4, 1)
    by_id = {p["id"]: p for p in report["packs"]}
    assert set(by_id) == set(PACKS)
    for pack_id, (_, state, _, verdict, reasons) in PACKS.items():
        entry = by_id[pack_id]
        assert {"id", "engine_state", "verdict", "expect", "held", "reasons"} <= set(entry)
        assert (entry["engine_state"], entry["verdict"], entry["reasons"]) == (
            state,
            verdict,
            reasons,
        )
        assert entry["held"] is (entry["verdict"] == entry["expect"])
    assert by_id["empty-live"]["expect"] == "green"


def test_provenance_mismatch_comes_first(tmp_path: Path) -> None:
    text = pack_text("wrong-hash", GOOD).replace(jcs_sha256(BUNDLE), "ab" * 32)
    (tmp_path / "p.yaml").write_text(text + "expect: red\n", encoding="utf-8")
    run = sakshi("run", "context", tmp_path / "p.yaml", "--format", "json")
    assert run.code == 0 and json.loads(run.out)["packs"][0]["reasons"] == ["PROVENANCE_MISMATCH"]


@pytest.mark.parametrize(
    ("edit", "key"),
    [
        (("id: green-live", "id: Bad_Id"), "id"),
        (("engine_state: live\n", "engine_state: alive\n"), "engine_state"),
        (("pack: sakshi.pack.v1", "pack: sakshi.pack.v9"), "pack"),
        (("matter: {}", "matter: {}\nbogus: 1"), "bogus"),
    ],
)
def test_malformed_pack_is_exit_2_naming_file_and_key(
    tmp_path: Path, edit: tuple[str, str], key: str
) -> None:
    path = tmp_path / "bad-pack.yaml"
    path.write_text(pack_text("green-live", GOOD).replace(*edit), encoding="utf-8")
    run = sakshi("run", "context", tmp_path)
    assert run.code == 2 and "bad-pack.yaml" in run.err and key in run.err


def test_discovery_refuses_a_non_pack_yaml_and_an_empty_folder(tmp_path: Path) -> None:
    write_packs(tmp_path / "packs")
    (tmp_path / "packs" / "sub1" / "notes.yml").write_text("foo: bar\n")
    assert sakshi("run", "context", tmp_path / "packs").code == 2
    (tmp_path / "empty").mkdir()
    assert sakshi("run", "context", tmp_path / "empty").code == 2
    (tmp_path / "dup").mkdir()
    for name in ("a", "b"):
        (tmp_path / "dup" / f"{name}.yaml").write_text(pack_text("same", GOOD), encoding="utf-8")
    assert sakshi("run", "context", tmp_path / "dup").code == 2


def test_run_context_without_path_runs_the_shipped_packs(tmp_path: Path) -> None:
    run = sakshi("run", "context", "--format", "json", cwd=tmp_path)
    assert run.code == 0, run.err
    assert json.loads(run.out)["packs"] and "ship" in run.err


def test_prove_flips_and_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "green.yaml").write_text(pack_text("green-live", GOOD), encoding="utf-8")
    run = sakshi("prove", tmp_path / "green.yaml")
    assert run.code == 0, run.out + run.err
    assert "VALUE_UNSUPPORTED" in run.out
    (tmp_path / "stub.yaml").write_text(pack_text("stub", "[]", "none"), encoding="utf-8")
    assert sakshi("prove", tmp_path / "stub.yaml").code == 2


# --- SPEC 7: grade, view, import-citations -------------------------------------------------


def turn_line(line_id: str, doc: str = "d1", quote: str = "42.500 MT") -> dict[str, Any]:
    """One logged turn citing ``doc``."""
    value = {"field": "q", "value": "42.500 MT", "why": "w", "cite": {"doc": doc, "quote": quote}}
    return {
        "id": line_id,
        "engine_state": "live",
        "bundle": BUNDLE,
        "documents": [doc],
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": jcs_sha256(BUNDLE)},
            "values": [value],
        },
    }


def test_grade_lines_in_order_with_turn_malformed(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.txt").write_text(QTY_TEXT)
    (docs / "d2.yaml").write_text('id: d2\npages: ["p", "Qty 42.500 MT"]\n')
    rows = [turn_line("a"), "garbage", turn_line("b", "d2"), turn_line("c", quote="43 MT")]
    log = jsonl(tmp_path / "turns.jsonl", rows)
    run = sakshi("grade", log, "--documents", docs)
    assert run.code == 1, run.err
    got = [(r["id"], r["verdict"], r["reasons"]) for r in lines(run.out)]
    assert got == [
        ("a", "green", []),
        (None, "red", ["TURN_MALFORMED"]),
        ("b", "green", []),
        ("c", "red", ["FABRICATED_SPAN"]),
    ]
    assert sakshi("grade", log, "--documents", tmp_path / "missing").code == 2
    assert sakshi("grade", jsonl(tmp_path / "ok.jsonl", rows[:1]), "--documents", docs).code == 0


def test_grade_document_yaml_without_id_takes_its_file_name(tmp_path: Path) -> None:
    # `<id>.yaml` names the document: a file that leaves out `id:` is that document, not
    # an unusable folder (exit 2 for every line).
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d2.yaml").write_text('pages: ["p", "Qty 42.500 MT"]\n')
    run = sakshi("grade", jsonl(tmp_path / "t.jsonl", [turn_line("b", "d2")]), "--documents", docs)
    assert run.code == 0, run.err
    assert lines(run.out) == [{"id": "b", "line": 1, "verdict": "green", "reasons": []}]
    (docs / "d2.yaml").write_text('id: other\npages: ["p", "Qty 42.500 MT"]\n')
    assert sakshi("grade", tmp_path / "t.jsonl", "--documents", docs).code == 2


def test_view_writes_one_self_contained_file(tmp_path: Path) -> None:
    write_packs(tmp_path / "packs")
    results = tmp_path / "results.json"
    results.write_text(sakshi("run", "context", tmp_path / "packs", "--format", "json").out)
    run = sakshi("view", results, "--out", tmp_path / "report.html")
    assert run.code == 0, run.err
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<html" in html.lower() and "42.500 MT" in html
    for external in ('src="http', 'href="http', "<link", "@import"):
        assert external not in html


def test_import_citations_then_run_context(tmp_path: Path) -> None:
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "The sky is blue."},
        "citations": {"enabled": True},
    }
    request = {"model": "m", "max_tokens": 9, "messages": [{"role": "user", "content": [document]}]}
    cite = {
        "type": "char_location",
        "cited_text": "The sky is blue.",
        "document_index": 0,
        "document_title": None,
        "start_char_index": 0,
        "end_char_index": 16,
    }
    response = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "text", "text": "it is blue", "citations": [cite]}],
    }
    (tmp_path / "req.json").write_text(json.dumps(request))
    (tmp_path / "resp.json").write_text(json.dumps(response))
    pack = tmp_path / "pack.yaml"
    args = ("--from", "anthropic", tmp_path / "resp.json", "--request", tmp_path / "req.json")
    assert sakshi("import-citations", *args, "--out", pack).code == 0
    assert "origin:" in pack.read_text(encoding="utf-8")
    run = sakshi("run", "context", pack, "--format", "json")
    assert run.code == 0, run.out + run.err
    assert json.loads(run.out)["packs"][0]["verdict"] == "green"


def test_help_lists_every_reason_code() -> None:
    help_text = sakshi("--help").out
    for code in (*SPAN_CODES, *CONTEXT_CODES):
        assert code in help_text, code
