"""``sakshi verify-spans DOCS.yaml SPANS.jsonl`` end to end (SPEC 1 and 3).

Most cases call ``sakshi.cli.main`` in process (it returns the exit code); a few run the
real command in a child process to pin the entry points and the absence of tracebacks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import Verifier as Cli
from cli_main import verifier

import sakshi
from sakshi.reasons import all_reason_help

DOCS_YAML = """\
documents:
  - id: cafe
    text: "café 😀 ok"
  - id: pages
    pages: ["page one alpha", "page two beta"]
  - id: raw
    file: raw.txt
"""
RAW = b"\xef\xbb\xbfHello\r\nWorld\r\n"


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    (tmp_path / "raw.txt").write_bytes(RAW)
    path = tmp_path / "DOCS.yaml"
    path.write_text(DOCS_YAML, encoding="utf-8")
    return path


def spans_file(
    folder: Path, *lines: dict[str, Any] | bytes, name: str = "spans.jsonl", eol: bytes = b"\n"
) -> Path:
    """A JSONL file: dicts are dumped as JSON, bytes are written as they are."""
    path = folder / name
    path.write_bytes(
        b"".join((json.dumps(x).encode() if isinstance(x, dict) else x) + eol for x in lines)
    )
    return path


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``sakshi ARGS...`` in process: the exit code ``main`` returns and what it printed."""
    return verifier(capsys)


def run_sakshi(*args: object, module: bool = True) -> subprocess.CompletedProcess[str]:
    """The real command in a child process: ``python -m sakshi`` or the console script."""
    if module:
        command = [sys.executable, "-m", "sakshi"]
    else:
        script = Path(sys.executable).with_name("sakshi")
        command = [str(script)] if script.exists() else [shutil.which("sakshi") or "sakshi"]
    return subprocess.run(
        [*command, *map(str, args)], check=False, capture_output=True, text=True, timeout=60
    )


def assert_unusable(code: int, out: str, err: str, names: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr naming the file, never a traceback."""
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert names in err


GOOD = [
    {"id": "a", "doc": "cafe", "quote": "ok", "char_start": 7, "char_end": 9},
    {"id": "b", "doc": "cafe", "quote": "ok", "char_start": 11, "char_end": 13, "unit": "byte"},
    {"id": "c", "doc": "cafe", "quote": "ok", "char_start": 8, "char_end": 10, "unit": "utf16"},
    {"id": "d", "doc": "pages", "quote": "beta", "page": 2},
    {"id": "e", "doc": "raw", "quote": "Hello\r\nWorld", "char_start": 1, "char_end": 13},
]


# --- Exit codes and the output lines -------------------------------------------------------


def test_all_verified_exits_0(cli: Cli, docs: Path, tmp_path: Path) -> None:
    run = cli("verify-spans", docs, spans_file(tmp_path, *GOOD))
    assert run.code == 0, run.err
    assert run.results == [{"id": s["id"], "verified": True, "reason": "OK"} for s in GOOD]
    assert run.err == ""


def test_any_failure_exits_1_and_every_line_is_reported(
    cli: Cli, docs: Path, tmp_path: Path
) -> None:
    spans = [
        GOOD[0],
        {"id": "nfd", "doc": "cafe", "quote": "cafe\u0301"},
        {"id": "gone", "doc": "nope", "quote": "x"},
        {"id": "bom", "doc": "raw", "quote": "Hello", "char_start": 0, "char_end": 5},
        {"id": "empty", "doc": "cafe", "quote": ""},
        {"id": "p0", "doc": "pages", "quote": "x", "page": 0},
        {"id": "kind", "doc": "pages", "quote": "page", "char_start": 0, "char_end": 4},
        GOOD[1],
    ]
    run = cli("verify-spans", docs, spans_file(tmp_path, *spans))
    assert run.code == 1
    assert [(r["id"], r["verified"], r["reason"]) for r in run.results] == [
        ("a", True, "OK"),
        ("nfd", False, "QUOTE_NOT_FOUND"),
        ("gone", False, "DOC_NOT_FOUND"),
        ("bom", False, "QUOTE_MISMATCH"),
        ("empty", False, "QUOTE_EMPTY"),
        ("p0", False, "ANCHOR_OUT_OF_RANGE"),
        ("kind", False, "ANCHOR_KIND_MISMATCH"),
        ("b", True, "OK"),
    ]


def test_output_lines_are_exactly_id_verified_reason(cli: Cli, docs: Path, tmp_path: Path) -> None:
    run = cli("verify-spans", docs, spans_file(tmp_path, GOOD[0], {"doc": "cafe", "quote": "ok"}))
    assert run.out.endswith("\n")
    assert [list(r) for r in run.results] == [["id", "verified", "reason"]] * 2
    assert run.results[1] == {"id": None, "verified": True, "reason": "OK"}


@pytest.mark.parametrize(
    "span_id",
    [
        pytest.param("s-1", id="string"),
        pytest.param("ü 😀", id="unicode"),
        pytest.param("", id="empty-string"),
        pytest.param(17, id="int"),
        pytest.param(-3, id="negative-int"),
    ],
)
def test_ids_are_echoed(cli: Cli, docs: Path, tmp_path: Path, span_id: object) -> None:
    run = cli(
        "verify-spans", docs, spans_file(tmp_path, {"id": span_id, "doc": "cafe", "quote": "ok"})
    )
    assert run.results == [{"id": span_id, "verified": True, "reason": "OK"}]


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(b"not json", id="not-json"),
        pytest.param(b'["cafe", "ok"]', id="json-array"),
        pytest.param(b'"a string"', id="json-string"),
        pytest.param(b"42", id="json-number"),
        pytest.param(b"null", id="json-null"),
        pytest.param(b"", id="blank-line"),
        pytest.param(b"   \t", id="whitespace-line"),
        pytest.param(b'{"doc": "cafe", "quote": "ok"', id="truncated-object"),
        pytest.param(b'{"doc": "cafe", "quote": "\xff\xfe"}', id="non-utf8-bytes"),
        pytest.param(b"\xff\xfe\x00\x00", id="binary-garbage"),
        pytest.param(b'{"doc": "cafe", "quote": "ok", "page": true}', id="bool-page"),
        pytest.param(
            b'{"doc": "cafe", "quote": "ok", "char_start": 7.0, "char_end": 9}', id="float-offset"
        ),
        pytest.param(b'{"doc": "cafe", "quote": "ok", "pgae": 1}', id="unknown-key"),
        pytest.param(b'{"doc": "cafe", "quote": "\\ud800"}', id="lone-surrogate-quote"),
    ],
)
def test_malformed_lines_are_span_malformed_and_the_run_goes_on(
    cli: Cli, docs: Path, tmp_path: Path, line: bytes
) -> None:
    before = json.dumps(GOOD[0]).encode()
    after = json.dumps(GOOD[1]).encode()
    run = cli("verify-spans", docs, spans_file(tmp_path, before, line, after))
    assert run.code == 1
    assert [(r["verified"], r["reason"]) for r in run.results] == [
        (True, "OK"),
        (False, "SPAN_MALFORMED"),
        (True, "OK"),
    ]
    assert [r["id"] for r in run.results][::2] == ["a", "b"]


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        pytest.param(
            b'"char_start": 0, "char_end": 1000000000000000000000000000000',
            "OFFSETS_INVALID",
            id="huge-end",
        ),
        pytest.param(
            b'"char_start": -1000000000000000000000000000000, "char_end": 2',
            "OFFSETS_INVALID",
            id="huge-negative",
        ),
        pytest.param(
            b'"char_start": 18446744073709551616, "char_end": 18446744073709551617',
            "OFFSETS_INVALID",
            id="2-to-64",
        ),
        pytest.param(
            b'"char_start": 0, "char_end": 1' + b"0" * 5000, "OFFSETS_INVALID", id="5001-digit-end"
        ),
        pytest.param(b'"page": 1' + b"0" * 40, "ANCHOR_KIND_MISMATCH", id="huge-page-on-text"),
    ],
)
def test_huge_json_integers(
    cli: Cli, docs: Path, tmp_path: Path, fields: bytes, reason: str
) -> None:
    line = b'{"id": "h", "doc": "cafe", "quote": "ok", ' + fields + b"}"
    run = cli("verify-spans", docs, spans_file(tmp_path, line))
    assert run.code == 1
    assert run.results == [{"id": "h", "verified": False, "reason": reason}]


def test_huge_page_on_pages_is_out_of_range(cli: Cli, docs: Path, tmp_path: Path) -> None:
    line = b'{"id": 1, "doc": "pages", "quote": "beta", "page": 1' + b"0" * 30 + b"}"
    run = cli("verify-spans", docs, spans_file(tmp_path, line))
    assert run.results == [{"id": 1, "verified": False, "reason": "ANCHOR_OUT_OF_RANGE"}]


def test_crlf_line_endings(cli: Cli, docs: Path, tmp_path: Path) -> None:
    run = cli("verify-spans", docs, spans_file(tmp_path, *GOOD, eol=b"\r\n"))
    assert run.code == 0, run.out
    assert [r["id"] for r in run.results] == [s["id"] for s in GOOD]


def test_last_line_without_newline(cli: Cli, docs: Path, tmp_path: Path) -> None:
    path = tmp_path / "spans.jsonl"
    path.write_bytes(json.dumps(GOOD[0]).encode() + b"\n" + json.dumps(GOOD[1]).encode())
    assert [r["id"] for r in cli("verify-spans", docs, path).results] == ["a", "b"]


def test_out_file(cli: Cli, docs: Path, tmp_path: Path) -> None:
    out = tmp_path / "result.jsonl"
    spans = spans_file(tmp_path, GOOD[0], {"id": "x", "doc": "nope", "quote": "q"})
    run = cli("verify-spans", docs, spans, "--out", out)
    assert run.code == 1
    assert run.out == ""
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert lines == [
        {"id": "a", "verified": True, "reason": "OK"},
        {"id": "x", "verified": False, "reason": "DOC_NOT_FOUND"},
    ]


def test_jobs_option_does_not_change_a_byte(cli: Cli, docs: Path, tmp_path: Path) -> None:
    # SPEC 7: `--jobs N` is accepted by verify-spans and never changes the output.
    spans = spans_file(tmp_path, *GOOD, {"id": "z", "doc": "nope", "quote": "q"})
    plain = cli("verify-spans", docs, spans)
    jobs = cli("verify-spans", "--jobs", "2", docs, spans)
    assert (jobs.code, jobs.out) == (plain.code, plain.out)


# --- Unusable inputs: exit 2 ---------------------------------------------------------------

UNUSABLE_DOCS = {
    "not-yaml": b"documents: [unclosed\n",
    "not-utf8": b"documents:\n  - id: a\n    text: caf\xe9\n",
    "recursive-alias": b"documents: &d\n  - id: a\n    text: x\n  - *d\n",
    "python-tag": b"documents: !!python/object/apply:os.system ['true']\n",
    "no-documents": b"docs: []\n",
    "empty": b"",
    "dotdot-file": b"documents:\n  - id: a\n    file: ../raw.txt\n",
    "missing-file": b"documents:\n  - id: a\n    file: gone.txt\n",
    "duplicate-id": b"documents:\n  - {id: a, text: x}\n  - {id: a, text: y}\n",
    "two-bodies": b"documents:\n  - {id: a, text: x, pages: [y]}\n",
    "deep": b"documents: " + b"[" * 100_000,
    "newline-in-unknown-key": b'documents:\n  - id: a\n    text: x\n    "pg\\nae": 1\n',
}


@pytest.mark.parametrize("content", list(UNUSABLE_DOCS.values()), ids=list(UNUSABLE_DOCS))
def test_unusable_docs_exits_2(cli: Cli, tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    docs = folder / "DOCS.yaml"
    docs.write_bytes(content)
    run = cli("verify-spans", docs, spans_file(tmp_path, GOOD[0]))
    assert_unusable(run.code, run.out, run.err, str(docs))


@pytest.mark.parametrize("kind", ["missing", "folder"])
def test_docs_path_that_is_not_a_file_exits_2(cli: Cli, tmp_path: Path, kind: str) -> None:
    docs = tmp_path / "DOCS.yaml"
    if kind == "folder":
        docs.mkdir()
    run = cli("verify-spans", docs, spans_file(tmp_path, GOOD[0]))
    assert_unusable(run.code, run.out, run.err, str(docs))


def test_missing_spans_file_exits_2(cli: Cli, docs: Path, tmp_path: Path) -> None:
    spans = tmp_path / "nope.jsonl"
    run = cli("verify-spans", docs, spans)
    assert_unusable(run.code, run.out, run.err, str(spans))


def test_empty_spans_file_exits_2(cli: Cli, docs: Path, tmp_path: Path) -> None:
    spans = tmp_path / "empty.jsonl"
    spans.write_bytes(b"")
    run = cli("verify-spans", docs, spans)
    assert_unusable(run.code, run.out, run.err, str(spans))


def test_missing_arguments_exit_2(cli: Cli, docs: Path) -> None:
    run = cli("verify-spans", docs)
    assert run.code == 2
    assert "Traceback" not in run.err


# --- The real command in a child process ------------------------------------------------


def test_subprocess_verified_and_failed(docs: Path, tmp_path: Path) -> None:
    ok = run_sakshi("verify-spans", docs, spans_file(tmp_path, *GOOD))
    assert ok.returncode == 0, ok.stderr
    assert [json.loads(line)["reason"] for line in ok.stdout.splitlines()] == ["OK"] * len(GOOD)
    bad = run_sakshi("verify-spans", docs, spans_file(tmp_path, b"[]", name="bad.jsonl"))
    assert bad.returncode == 1
    assert json.loads(bad.stdout) == {
        "id": None,
        "verified": False,
        "reason": "SPAN_MALFORMED",
        "detail": "the line is not an object",
    }


@pytest.mark.parametrize(
    "content", [UNUSABLE_DOCS["python-tag"], UNUSABLE_DOCS["deep"]], ids=["tag", "deep"]
)
def test_subprocess_unusable_docs_has_no_traceback(tmp_path: Path, content: bytes) -> None:
    docs = tmp_path / "DOCS.yaml"
    docs.write_bytes(content)
    proc = run_sakshi("verify-spans", docs, spans_file(tmp_path, GOOD[0]))
    assert_unusable(proc.returncode, proc.stdout, proc.stderr, str(docs))


def test_stdin_dash(docs: Path) -> None:
    data = "".join(json.dumps(s) + "\n" for s in GOOD)
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "verify-spans", str(docs), "-"],
        input=data,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.splitlines()) == len(GOOD)


def test_help_lists_the_command_and_every_reason_code(cli: Cli) -> None:
    run = cli("--help")
    assert run.code == 0
    assert "verify-spans" in run.out
    codes = [code for _, code, _ in all_reason_help()]
    assert {str(r) for r in sakshi.SpanReason} <= set(codes)
    for code in codes:
        assert code in run.out, code
    proc = run_sakshi("--help", module=False)
    assert proc.returncode == 0
    assert "verify-spans" in proc.stdout and "UNIT_UNDECODABLE" in proc.stdout


@pytest.mark.parametrize("module", [True, False], ids=["python-m", "console-script"])
def test_version(cli: Cli, module: bool) -> None:
    expected = f"sakshi {sakshi.__version__}"
    run = cli("--version")
    assert (run.code, run.out.strip()) == (0, expected)
    proc = run_sakshi("--version", module=module)
    assert (proc.returncode, proc.stdout.strip()) == (0, expected)


# --- Scale -----------------------------------------------------------------------------


def test_100_mb_document(cli: Cli, tmp_path: Path) -> None:
    size = 100 * 1024 * 1024
    marker = "MARKER 42.500 MT"
    filler = "lorem ipsum dolor sit amet, café ".encode()  # not ASCII: byte != codepoint
    head = filler * ((size - 1000) // len(filler))
    tail = b"x" * (size - len(head) - len(marker))
    big = tmp_path / "big.txt"
    big.write_bytes(head + marker.encode() + tail)
    docs = tmp_path / "DOCS.yaml"
    docs.write_text("documents:\n  - id: big\n    file: big.txt\n", encoding="utf-8")
    byte_at, cp_at = len(head), len(head.decode())
    cp_size = cp_at + len(marker) + len(tail)

    def near_end(span_id: str, quote: str, start: int, unit: str) -> dict[str, Any]:
        end = start + len(quote)
        return {
            "id": span_id,
            "doc": "big",
            "quote": quote,
            "char_start": start,
            "char_end": end,
            "unit": unit,
        }

    spans = spans_file(
        tmp_path,
        near_end("byte", marker, byte_at, "byte"),
        near_end("codepoint", marker, cp_at, "codepoint"),
        near_end("last-bytes", "xx", size - 2, "byte"),
        near_end("last-codepoints", "xx", cp_size - 2, "codepoint"),
        near_end("byte-as-codepoint", marker, byte_at, "codepoint"),
        {"id": "search", "doc": "big", "quote": marker},
        {"id": "miss", "doc": "big", "quote": marker + "!"},
    )
    run = cli("verify-spans", docs, spans)  # its speed is bench/spans.py's to measure
    big.unlink()  # do not leave 100 MB behind in pytest's kept temporary folders
    assert [(r["id"], r["reason"]) for r in run.results] == [
        ("byte", "OK"),
        ("codepoint", "OK"),
        ("last-bytes", "OK"),
        ("last-codepoints", "OK"),
        ("byte-as-codepoint", "OFFSETS_INVALID"),
        ("search", "OK"),
        ("miss", "QUOTE_NOT_FOUND"),
    ]
    assert run.code == 1


def test_50000_spans_stream_in_order(cli: Cli, docs: Path, tmp_path: Path) -> None:
    count = 50_000
    path = tmp_path / "many.jsonl"
    with path.open("wb") as f:
        for i in range(count):
            quote = "ok" if i % 7 else "no such quote"
            f.write(b'{"id": %d, "doc": "cafe", "quote": "%s"}\n' % (i, quote.encode()))
    out = tmp_path / "out.jsonl"
    run = cli("verify-spans", docs, path, "--out", out)
    assert run.code == 1
    lines = out.read_bytes().splitlines()
    assert len(lines) == count
    results = [json.loads(line) for line in lines]
    assert [r["id"] for r in results] == list(range(count))
    assert all(r["verified"] is bool(i % 7) for i, r in enumerate(results))


# --- the output file (SPEC 9) -----------------------------------------------------------------


@pytest.mark.parametrize("target", ["existing", "spans", "docs", "raw", "link"])
def test_out_never_overwrites_a_file_or_an_input(
    cli: Cli, docs: Path, tmp_path: Path, target: str
) -> None:
    spans = spans_file(tmp_path, GOOD[0])
    (tmp_path / "existing.jsonl").write_bytes(b"keep")
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "not-yet.jsonl")
    out = {
        "existing": tmp_path / "existing.jsonl",
        "spans": spans,
        "docs": docs,
        "raw": tmp_path / "raw.txt",  # a file DOCS.yaml reads
        "link": tmp_path / "link.jsonl",
    }[target]
    before = out.read_bytes() if out.exists() else None
    run = cli("verify-spans", docs, spans, "--out", out)
    assert_unusable(run.code, run.out, run.err, f"{out}: ")
    assert (out.read_bytes() if out.exists() else None) == before
    assert not (tmp_path / "not-yet.jsonl").exists()


def test_out_appears_only_for_a_whole_run(cli: Cli, docs: Path, tmp_path: Path) -> None:
    empty = spans_file(tmp_path, name="empty.jsonl")
    run = cli("verify-spans", docs, empty, "--out", tmp_path / "r.jsonl")
    assert run.code == 2 and "no spans" in run.err
    assert not (tmp_path / "r.jsonl").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".sakshi-")] == []


@pytest.mark.parametrize(
    ("span_id", "valid"),
    [
        (-(2**63), True),  # a signed 64-bit integer's least
        (-(2**63) - 1, False),
        (2**64 - 1, True),  # an unsigned one's greatest
        (2**64, False),
        (None, True),
        ("α-1", True),
        ("\ud800", False),  # a lone surrogate has no UTF-8
        (True, False),
        (1.0, False),
    ],
)
def test_a_line_id_is_null_text_or_a_64_bit_integer(span_id: object, valid: bool) -> None:
    from sakshi.spans.batch import valid_id

    assert valid_id(span_id) is valid
