"""SPEC sections 2 (documents), 3 (spans), 6 (identity) and 9 (files) as an outside
acceptance suite would check them, beyond what test_spec_acceptance_context.py,
_recovery.py and _values.py already check.

Black-box: each case writes hostile or edge-case inputs in tmp_path and runs the installed
``sakshi`` executable in a subprocess (``sakshi.verify_span`` is called from Python),
reading only exit codes, both streams and the files left behind. A refusal must be exit 2
with one line naming the file (and the key or line), never a traceback, never a report.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import sakshi as api
from sakshi.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from installed_cli import Run, none_pack, refused, sakshi


def in_process(capsys: pytest.CaptureFixture[str], *args: str | Path) -> Run:
    """``sakshi ARGS`` through ``sakshi.cli.main`` in this process (the same entry point as
    the executable, without an interpreter's start-up each time)."""
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


def jsonl(path: Path, rows: Sequence[Any]) -> Path:
    """Rows as JSON lines (a ``bytes`` row is written as it is)."""
    path.write_bytes(
        b"".join(
            (row if isinstance(row, bytes) else json.dumps(row).encode()) + b"\n" for row in rows
        )
    )
    return path


def span_line(**span: Any) -> bytes:
    """One span line, as JSON bytes."""
    return json.dumps(span).encode()


def results(out: str) -> list[tuple[Any, str]]:
    """(id, reason) of every verify-spans output line."""
    rows = [json.loads(line) for line in out.splitlines()]
    assert all(row["verified"] is (row["reason"] == "OK") for row in rows)
    return [(row["id"], row["reason"]) for row in rows]


# --- SPEC 2: documents ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "key"),
    [
        ("{id: '', text: a}", "documents[0].id"),
        ("{id: 7, text: a}", "documents[0].id"),
        ("{text: a}", "documents[0].id"),
        ("{id: t, text: a, pages: [a]}", "documents[0]"),
        ("{id: t}", "documents[0]"),
        ("{id: t, text: a}\n  - {id: t, text: b}", "documents[1].id"),
        ("{id: t, text: null}", "documents[0].text"),
        ("{id: t, text: [a]}", "documents[0].text"),
        ("{id: t, pages: page one}", "documents[0].pages"),
        ("{id: t, pages: [a, 2]}", "documents[0].pages[1]"),
        ("{id: t, blocks: [a, {b: c}]}", "documents[0].blocks[1]"),
        ("{id: t, txet: a}", "documents[0].txet"),
        ('{id: t, text: "\\ud800"}', "line 2"),
    ],
)
def test_a_bad_document_is_refused_naming_file_and_key(
    tmp_path: Path, entry: str, key: str
) -> None:
    docs = tmp_path / "docs.yaml"
    docs.write_text(f"documents:\n  - {entry}\n", encoding="utf-8")
    spans = jsonl(tmp_path / "s.jsonl", [{"doc": "t", "quote": "a"}])
    assert refused(sakshi("verify-spans", docs, spans), "docs.yaml", key)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A pack folder with a file, a subfolder, links in and out, a FIFO; a file outside."""
    inside = tmp_path / "pack"
    (inside / "sub").mkdir(parents=True)
    (inside / "a.txt").write_bytes(b"alpha")
    (inside / "sub" / "b.txt").write_bytes(b"beta")
    (tmp_path / "away").mkdir()
    (tmp_path / "away" / "secret.txt").write_bytes(b"alpha secret")
    (inside / "in-link.txt").symlink_to("a.txt")
    (inside / "sub" / "up-link.txt").symlink_to("../a.txt")
    (inside / "sub-link").symlink_to("sub")
    (inside / "out-link.txt").symlink_to(tmp_path / "away" / "secret.txt")
    (inside / "out-dir").symlink_to(tmp_path / "away")
    (inside / "dangling.txt").symlink_to(tmp_path / "nowhere")
    os.mkfifo(inside / "fifo")
    return inside


@pytest.mark.parametrize(
    "body",
    [
        "file: sub/../a.txt",
        "file: ./sub/../../away/secret.txt",
        "file: out-link.txt",
        "file: out-dir/secret.txt",
        "file: dangling.txt",
        "file: fifo",
        "file: sub",
        "file: sub/",
        "file: a.txt/.",
        "file: 'C:\\a.txt'",
        "file: '\\\\server\\share\\a.txt'",
        'file: "a.txt\\0"',
        "file: ''",
        "file: [a.txt]",
        "pages_files: [a.txt, out-link.txt]",
        "pages_files: [a.txt, ../away/secret.txt]",
        "pages_files: a.txt",
    ],
)
def test_a_file_body_never_leaves_the_folder_or_reads_a_non_file(folder: Path, body: str) -> None:
    docs = folder / "docs.yaml"
    docs.write_text(f"documents:\n  - {{id: t, {body}}}\n", encoding="utf-8")
    spans = jsonl(folder / "s.jsonl", [{"doc": "t", "quote": "alpha"}])
    assert refused(sakshi("verify-spans", docs, spans, cwd=folder), "docs.yaml", "documents[0]")


def test_links_that_stay_inside_the_folder_are_read(folder: Path) -> None:
    (folder / "docs.yaml").write_text(
        "documents:\n"
        "  - {id: a, file: in-link.txt}\n"
        "  - {id: b, file: sub-link/b.txt}\n"
        "  - {id: c, file: sub/up-link.txt}\n"
        "  - {id: d, pages_files: [sub/b.txt, ./a.txt]}\n",
        encoding="utf-8",
    )
    rows = [
        {"id": "a", "doc": "a", "quote": "alpha"},
        {"id": "b", "doc": "b", "quote": "beta"},
        {"id": "c", "doc": "c", "quote": "alpha"},
        {"id": "d", "doc": "d", "quote": "alpha", "page": 2},
    ]
    run = sakshi("verify-spans", folder / "docs.yaml", jsonl(folder / "s.jsonl", rows))
    assert run.code == 0, run.err
    assert results(run.out) == [(row["id"], "OK") for row in rows]


HOSTILE_YAML: list[tuple[bytes, str]] = [
    (b"documents: [\n", "line 2"),
    (b"documents:\n\t- {id: t, text: a}\n", "line 2"),
    (b"documents: []\ndocuments: []\n", "line 2"),
    (b'documents:\n  - {id: t, text: "caf\xe9"}\n', "line 2"),
    (b"\xff\xfed\x00o\x00", "line 1"),
    (b"documents: &x [*x]\n", "line 1"),
    (b"documents: !!python/object/apply:os.system [echo]\n", "line 1"),
    (b"documents: !!binary aGVsbG8=\n", "line 1"),
    (b"documents: []\n---\ndocuments: []\n", "line"),
    (b"documents:\n  - {id: t, text: a, ? [1]: 2}\n", "line 2"),
    (b"documents:\n" + b"  " + b"[" * 5000 + b"]" * 5000 + b"\n", "docs.yaml"),
    # NEL, LS and PS are line breaks to a YAML 1.1 parser and text in YAML 1.2: raw, they
    # would fold a document's text or end a comment early. Refused, with the line.
    (b'documents:\n  - {id: t, text: "a\xc2\x85b"}\n', "line 2"),
    (b'documents:\n  - {id: t, text: "a\xe2\x80\xa8   b"}\n', "line 2"),
    (b"# a note\xe2\x80\xa9documents: []\ndocuments:\n  - {id: t, text: a}\n", "line 1"),
]


def alias_bomb() -> bytes:
    """The billion laughs, nine levels deep."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return ("\n".join(lines) + "\ndocuments: [{id: t, text: a}]\n").encode()


@pytest.mark.parametrize(
    ("data", "where"), [*HOSTILE_YAML, (alias_bomb(), "line")], ids=lambda v: repr(v)[:40]
)
def test_hostile_yaml_is_one_line_exit_2(tmp_path: Path, data: bytes, where: str) -> None:
    docs = tmp_path / "docs.yaml"
    docs.write_bytes(data)
    spans = jsonl(tmp_path / "s.jsonl", [{"doc": "t", "quote": "a"}])
    assert refused(sakshi("verify-spans", docs, spans), "docs.yaml", where)


def test_yaml_strings_reach_the_bytes_unchanged(tmp_path: Path) -> None:
    """No normalisation: NFD stays NFD, a BOM inside a string stays, escaped CR LF stays,
    escaped NEL/LS/PS are the characters, a ZWJ emoji sequence counts by its code units."""
    (tmp_path / "docs.yaml").write_bytes(
        b"documents:\n"
        b'  - {id: nfd, text: "cafe\\u0301 ok"}\n'
        b'  - {id: bom, text: "\\ufeffHi"}\n'
        b'  - {id: crlf, pages: ["a\\r\\nb", " padded "]}\n'
        b'  - {id: breaks, blocks: ["x\\Ny\\Lz\\Pw"]}\n'
        b'  - {id: zwj, text: "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb!"}\n'
    )
    rows = [
        ({"doc": "nfd", "quote": "cafe\u0301"}, "OK"),
        ({"doc": "nfd", "quote": "caf\u00e9"}, "QUOTE_NOT_FOUND"),
        ({"doc": "nfd", "quote": "ok", "char_start": 6, "char_end": 8}, "OK"),
        ({"doc": "bom", "quote": "Hi", "char_start": 1, "char_end": 3}, "OK"),
        ({"doc": "bom", "quote": "Hi", "char_start": 3, "char_end": 5, "unit": "byte"}, "OK"),
        ({"doc": "bom", "quote": "Hi", "char_start": 0, "char_end": 2}, "QUOTE_MISMATCH"),
        ({"doc": "crlf", "quote": "a\r\nb", "page": 1}, "OK"),
        ({"doc": "crlf", "quote": "a\nb", "page": 1}, "QUOTE_NOT_FOUND"),
        ({"doc": "crlf", "quote": " padded ", "page": 2, "char_start": 0, "char_end": 8}, "OK"),
        ({"doc": "breaks", "quote": "x\x85y\u2028z\u2029w", "block": 0}, "OK"),
        ({"doc": "zwj", "quote": "\u200d", "char_start": 2, "char_end": 3, "unit": "utf16"}, "OK"),
        ({"doc": "zwj", "quote": "!", "char_start": 3, "char_end": 4}, "OK"),
        ({"doc": "zwj", "quote": "!", "char_start": 11, "char_end": 12, "unit": "byte"}, "OK"),
    ]
    spans = jsonl(tmp_path / "s.jsonl", [{"id": i, **span} for i, (span, _) in enumerate(rows)])
    run = sakshi("verify-spans", tmp_path / "docs.yaml", spans)
    assert results(run.out) == [(i, reason) for i, (_, reason) in enumerate(rows)], run.err


@pytest.mark.parametrize("kind", ["dangling", "fifo"])
def test_a_pack_folder_entry_that_is_no_file_is_refused_not_skipped(
    tmp_path: Path, kind: str
) -> None:
    """SPEC 4: a YAML file in a pack folder that is not a pack is exit 2, never skipped in
    silence; a dangling link or a FIFO named *.yaml was skipped and the run went green."""
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "a.yaml").write_text(none_pack("a", "42.500 MT"), encoding="utf-8")
    if kind == "dangling":
        (packs / "b.yaml").symlink_to(tmp_path / "moved-away.yaml")
    else:
        os.mkfifo(packs / "b.yaml")
    assert refused(sakshi("run", "context", packs), "b.yaml")


# --- SPEC 3: the batch form and verify_span --------------------------------------------------


def test_hostile_span_lines_each_get_their_line_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "docs.yaml").write_text(
        'documents:\n  - {id: t, text: "a\\U0001F600b"}\n  - {id: p, pages: [x, y]}\n',
        encoding="utf-8",
    )
    huge = "9" * 5000
    rows: list[tuple[bytes, Any, str]] = [
        (b'{"id": "crlf", "doc": "t", "quote": "a"}\r', "crlf", "OK"),
        (b"", None, "SPAN_MALFORMED"),
        (b"\xef\xbb\xbf" + b'{"id": "bom", "doc": "t", "quote": "a"}', "bom", "OK"),
        (b'{"id": 1, "doc": "t", "quote": "\\ud83d\\ude00"}', 1, "OK"),
        (b'{"id": 2, "doc": "t", "quote": "\\ud83d"}', 2, "SPAN_MALFORMED"),
        (b'{"id": 3, "doc": "t", "quote": "a\xff"}', None, "SPAN_MALFORMED"),
        (b'{"id": 4, "doc": "t", "quote": "a", "char_start": NaN, "char_end": 1}', 4, None),
        (b'{"id": 5, "doc": "t", "quote": "a", "char_start": 0, "char_end": 1e400}', 5, None),
        (
            f'{{"id": 6, "doc": "t", "quote": "a", "char_start": 0, "char_end": {huge}}}'.encode(),
            6,
            "OFFSETS_INVALID",
        ),
        (
            f'{{"id": 7, "doc": "t", "quote": "a", "char_start": -{huge}, "char_end": 1}}'.encode(),
            7,
            "OFFSETS_INVALID",
        ),
        (
            f'{{"id": 8, "doc": "p", "quote": "x", "page": {huge}}}'.encode(),
            8,
            "ANCHOR_OUT_OF_RANGE",
        ),
        (b'{"id": 9, "doc": "p", "quote": "x", "page": -1}', 9, "ANCHOR_OUT_OF_RANGE"),
        (
            span_line(id=10, doc="t", quote="\U0001f600", char_start=1, char_end=3, unit="utf16"),
            10,
            "OK",
        ),
        (
            span_line(id=11, doc="t", quote="b", char_start=2, char_end=3, unit="utf16"),
            11,
            "OFFSETS_INVALID",
        ),
        (
            b'{"id": 12, "doc": "t", "quote": "b", "char_start": 5, "char_end": 6, "unit": "byte"}',
            12,
            "OK",
        ),
        (
            b'{"id": 13, "doc": "t", "quote": "b", "char_start": 4, "char_end": 6, "unit": "byte"}',
            13,
            "OFFSETS_INVALID",
        ),
        (b"[" * 100_000 + b"]" * 100_000, None, "SPAN_MALFORMED"),
        (b'{"id": 14, "doc": "t", "quote": "a"} {"trailing": 1}', None, "SPAN_MALFORMED"),
        (b'{"id": 15, "doc": "p", "quote": "x", "page": 1.0}', 15, "SPAN_MALFORMED"),
        (b'{"id": 16, "doc": "p", "quote": "x", "page": true}', 16, "SPAN_MALFORMED"),
        (
            span_line(id=17, doc="t", quote="a", unit="UTF16", char_start=0, char_end=1),
            17,
            "SPAN_MALFORMED",
        ),
        (b'{"id": 18, "doc": "t", "quote": " "}', 18, "QUOTE_NOT_FOUND"),
        (b'{"id": 19, "doc": "t", "quote": "", "char_start": 0, "char_end": 1}', 19, "QUOTE_EMPTY"),
        (b'{"id": "s", "doc": "t", "quote": "a", "page": null, "unit": null}', "s", "OK"),
    ]
    spans = jsonl(tmp_path / "s.jsonl", [line for line, _, _ in rows])
    run = sakshi("verify-spans", tmp_path / "docs.yaml", spans)
    assert run.code == 1, run.err
    got = results(run.out)
    assert len(got) == len(rows)
    for (line, span_id, reason), (got_id, got_reason) in zip(rows, got, strict=True):
        assert got_id == span_id, line[:60]
        # NaN and 1e400 are not integers: malformed (or, read as floats, never OK)
        assert got_reason == reason if reason else got_reason == "SPAN_MALFORMED", line[:60]


def test_only_a_newline_ends_a_span_line(tmp_path: Path) -> None:
    """Raw LS, NEL, FS, GS, VT and FF inside a JSON string are text, not line breaks (as
    str.splitlines would have them), on a file and on stdin."""
    (tmp_path / "docs.yaml").write_text(
        'documents:\n  - {id: t, text: "a\\Lb\\Nc\\x1cd\\x1de\\x0bf\\x0cg"}\n', encoding="utf-8"
    )
    quotes = ["a\u2028b", "b\x85c", "c\x1cd\x1de", "e\x0bf\x0cg"]
    body = "".join(
        json.dumps({"id": i, "doc": "t", "quote": q}, ensure_ascii=False) + "\n"
        for i, q in enumerate(quotes)
    ).encode("utf-8")
    (tmp_path / "s.jsonl").write_bytes(body)
    expected = [(i, "OK") for i in range(len(quotes))]
    run = sakshi("verify-spans", tmp_path / "docs.yaml", tmp_path / "s.jsonl")
    assert results(run.out) == expected, run.err
    exe = shutil.which("sakshi", path=str(Path(sys.executable).parent)) or "sakshi"
    piped = subprocess.run(
        [exe, "verify-spans", str(tmp_path / "docs.yaml"), "-"],
        input=body,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert results(piped.stdout.decode("utf-8")) == expected


def test_verify_spans_exit_2_when_it_cannot_check(tmp_path: Path) -> None:
    docs = tmp_path / "docs.yaml"
    docs.write_text("documents: [{id: t, text: a}]\n", encoding="utf-8")
    spans = jsonl(tmp_path / "s.jsonl", [{"doc": "t", "quote": "a"}])
    assert refused(sakshi("verify-spans", tmp_path / "missing.yaml", spans), "missing.yaml")
    assert refused(sakshi("verify-spans", tmp_path, spans), str(tmp_path))
    assert refused(sakshi("verify-spans", docs, tmp_path / "missing.jsonl"), "missing.jsonl")
    # an empty SPANS file verifies nothing: "all verified" would be a green for no evidence
    (tmp_path / "empty.jsonl").write_bytes(b"")
    assert refused(sakshi("verify-spans", docs, tmp_path / "empty.jsonl"), "empty.jsonl")


def test_verify_span_never_raises_and_is_true_only_for_ok() -> None:
    """SPEC 3: "It never raises on any input", and verified is true only with OK."""
    documents = {
        "t": api.Document.from_strings("t", api.BodyKind.TEXT, ["a\U0001f600b\r\nc"]),
        "p": api.Document.from_strings("p", api.BodyKind.PAGES, ["x", "y"]),
        "b": api.Document("b", api.BodyKind.BLOCKS, ()),
        "f": api.Document("f", api.BodyKind.FILE, (api.Segment(b"ab\xffcd"),)),
    }
    values: list[Any] = [None, True, 1, -1, 0, 2**70, -(2**70), 1.5, math.nan, "", "t", "p"]
    values += ["b", "f", "\U0001f600", "\ud800", [], {}, b"a", object(), "utf16", "byte"]
    keys = ["doc", "quote", "page", "block", "char_start", "char_end", "unit", "id", "x"]
    generator = random.Random(7)
    for _ in range(3000):
        span: Any = {generator.choice(keys): generator.choice(values) for _ in range(6)}
        if generator.random() < 0.6:
            span["doc"] = generator.choice(["t", "p", "b", "f"])
            span["quote"] = generator.choice(["a", "\U0001f600", "x", "\r\n", "", "cd"])
        with_docs: Any = documents if generator.random() < 0.9 else generator.choice([None, []])
        check = api.verify_span(span, with_docs)
        assert check.verified is (check.reason is api.SpanReason.OK), span
    for raw in ["x", None, 5, [("doc", "t")], api.SourceSpan("t", "a", page=True)]:
        assert api.verify_span(raw, documents).reason is api.SpanReason.SPAN_MALFORMED


SECTION_2_FORMS: list[Any] = [
    [{"id": "d", "pages": ["cover", "The sky is blue."]}],
    {"d": {"id": "d", "pages": ["cover", "The sky is blue."]}},
    {"d": {"pages": ["cover", "The sky is blue."]}},
    {"documents": [{"id": "d", "title": "t", "pages": ["cover", "The sky is blue."]}]},
    [api.Document.from_strings("d", api.BodyKind.PAGES, ["cover", "The sky is blue."])],
]


@pytest.mark.parametrize("documents", SECTION_2_FORMS, ids=lambda v: type(v).__name__)
def test_verify_span_takes_documents_as_section_2_data(documents: Any) -> None:
    """The contract defines documents only as section-2 data: ``verify_span`` from Python
    takes them in that form too (it took only a mapping of ids to ``Document`` objects,
    and called anything else SPAN_MALFORMED)."""
    ok = {"doc": "d", "quote": "sky", "page": 2, "char_start": 4, "char_end": 7}
    assert api.verify_span(ok, documents).reason is api.SpanReason.OK
    assert api.verify_span(ok | {"page": 3}, documents).reason.value == "ANCHOR_OUT_OF_RANGE"
    assert api.verify_span({"doc": "e", "quote": "sky"}, documents).reason.value == "DOC_NOT_FOUND"


@pytest.mark.parametrize(
    "documents",
    [
        [{"id": "d", "text": "sky"}, {"id": "d", "text": "sky"}],
        [{"id": "d", "file": "sky.txt"}],
        [{"id": "d", "text": "sky", "pages": ["sky"]}],
        {"d": {"id": "e", "text": "sky"}},
        {"d": {"text": ["sky"]}},
        {"d": {"text": "sky\ud800"}},
        None,
        "sky",
    ],
    ids=repr,
)
def test_unusable_section_2_data_never_verifies(documents: Any) -> None:
    check = api.verify_span({"doc": "d", "quote": "sky"}, documents)
    assert not check.verified and check.reason.value == "DOC_NOT_FOUND"


# --- SPEC 6: run identity --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("x=../outside", "x"),
        ("x=src/../src", "x"),
        ("x=missing", "x"),
        ("x=link-out", "x"),
        ("noequals", "--source"),
        ("=src", "--source"),
        ("x=", "--source"),
    ],
)
def test_identity_refuses_a_source_outside_or_missing(
    tmp_path: Path, source: str, named: str
) -> None:
    root = tmp_path / "root"
    (root / "src").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    (root / "link-out").symlink_to(tmp_path / "outside")
    assert refused(sakshi("identity", "--root", root, "--source", source), named)


def test_identity_refuses_an_absolute_source_and_a_name_given_twice(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    absolute = sakshi("identity", "--root", tmp_path, "--source", f"x={tmp_path / 'src'}")
    assert refused(absolute, "x")
    twice = sakshi("identity", "--root", tmp_path, "--source", "x=src", "--source", "x=src")
    assert refused(twice, "x")


def test_identity_empty_tree_and_out_file(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "f.bin").write_bytes(b"\x00\xff")
    args = ("identity", "--root", tmp_path, "--source", "e=empty", "--source", "o=one")
    printed = sakshi(*args)
    assert printed.code == 0, printed.err
    data = json.loads(printed.out)
    assert data["sources"]["e"] == hashlib.sha256(b"").hexdigest()
    line = b"f.bin\0" + hashlib.sha256(b"\x00\xff").hexdigest().encode() + b"\n"
    assert data["sources"]["o"] == hashlib.sha256(line).hexdigest()
    written = sakshi(*args, "--out", tmp_path / "id.json")
    assert written.code == 0 and written.out == ""
    assert json.loads((tmp_path / "id.json").read_text("utf-8")) == data
    assert str(tmp_path) not in printed.out


def test_identity_of_a_repository_without_a_commit_knows_if_it_is_dirty(tmp_path: Path) -> None:
    """``dirty`` is null only when there is no git or no repository: a fresh repository has
    no head yet, but git can tell whether it holds changes (it said null for both)."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, capture_output=True)
    fresh = json.loads(sakshi("identity", "--root", tmp_path).out)["git"]
    assert (fresh["head"], fresh["dirty"]) == (None, False)
    (tmp_path / "new.txt").write_text("x")
    changed = json.loads(sakshi("identity", "--root", tmp_path).out)["git"]
    assert (changed["head"], changed["dirty"]) == (None, True)


# --- SPEC 9: files sakshi writes -------------------------------------------------------------

# Served at live with the bundle {}: its RFC 8785 form is the two bytes "{}".
LIVE_PACK = (
    none_pack("one", "42.500 MT")
    .replace(
        "{engine_state: none, bundle_sha256: null}",
        f"{{engine_state: live, bundle_sha256: {hashlib.sha256(b'{}').hexdigest()}}}",
    )
    .replace("engine_state: none\n", "engine_state: live\nbundle: {}\n")
    .replace("cite:", "why: it says so, cite:")
)
RECOVERY_CORPUS = """\
corpus: sakshi.recovery-corpus.v2
cases:
  - id: acc.offset
    kind: read-offset
    prompt: Read notes/big.txt and reply with the token on line L00050.
    source: {path: notes/big.txt, lines: 100, fact_line: 50}
    fact: QX7-TAMARIND-4471
"""
OFFSET_TRACE = [
    {"kind": "tool_call", "call_id": "c1", "tool": "read", "args": {"path": "notes/big.txt"}},
    {
        "kind": "tool_result",
        "call_id": "c1",
        "tool": "read",
        "is_error": False,
        "text": "L00001\n[Use offset=41 to continue]",
    },
    {
        "kind": "tool_call",
        "call_id": "c2",
        "tool": "read",
        "args": {"path": "notes/big.txt", "offset": 41},
    },
    {
        "kind": "tool_result",
        "call_id": "c2",
        "tool": "read",
        "is_error": False,
        "text": "L00050 QX7-TAMARIND-4471\n",
    },
]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Inputs for every writing command, side by side in one folder (made once)."""
    tmp_path = tmp_path_factory.mktemp("template")
    (tmp_path / "packs").mkdir()
    for pack_id, value in (("good", "42.500 MT"), ("bad", "43 MT")):
        (tmp_path / "packs" / f"{pack_id}.yaml").write_text(
            none_pack(pack_id, value), encoding="utf-8"
        )
    (tmp_path / "one.yaml").write_text(LIVE_PACK, encoding="utf-8")
    results_json = sakshi("run", "context", tmp_path / "packs", "--format", "json").out
    (tmp_path / "results.json").write_text(results_json, encoding="utf-8")
    (tmp_path / "docs.yaml").write_text("documents: [{id: t, text: abc}]\n")
    jsonl(tmp_path / "spans.jsonl", [{"id": 1, "doc": "t", "quote": "a"}])
    jsonl(
        tmp_path / "values.jsonl",
        [{"id": 1, "field": "f", "value": "abc", "cite": {"doc": "t", "quote": "abc"}}],
    )
    (tmp_path / "gdocs").mkdir()
    (tmp_path / "gdocs" / "t.txt").write_text("abc")
    jsonl(tmp_path / "turns.jsonl", ["not a turn"])
    run = tmp_path / "runs" / "r1"
    run.mkdir(parents=True)
    (run / "case.json").write_text(json.dumps({"case_id": "acc.offset"}))
    jsonl(run / "trace.jsonl", OFFSET_TRACE)
    (tmp_path / "corpus.yaml").write_text(RECOVERY_CORPUS)
    (tmp_path / "old.json").write_text(
        json.dumps({"report": "sakshi.recovery-report.v1", "cases": []})
    )
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "The sky is blue."},
        "citations": {"enabled": True},
    }
    request = {"model": "m", "max_tokens": 9, "messages": [{"role": "user", "content": [document]}]}
    response = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "text", "text": "blue"}],
    }
    (tmp_path / "req.json").write_text(json.dumps(request))
    (tmp_path / "resp.json").write_text(json.dumps(response))
    (tmp_path / "doc.pdf").write_bytes(b"%PDF-1.4\n% not read: the output is refused first\n")
    return tmp_path


@pytest.fixture
def work(template: Path, tmp_path: Path) -> Path:
    """A fresh copy of the template for one test."""
    return Path(shutil.copytree(template, tmp_path / "work", symlinks=True))


# Every command that writes a file, with the option that names it; OUT stands for the path.
WRITERS: dict[str, list[str]] = {
    "run context --out": ["run", "context", "packs", "--out", "OUT"],
    "run context --html": ["run", "context", "packs", "--html", "OUT"],
    "prove --out": ["prove", "one.yaml", "--out", "OUT"],
    "run recovery --out": ["run", "recovery", "runs", "--corpus", "corpus.yaml", "--out", "OUT"],
    "verify-spans --out": ["verify-spans", "docs.yaml", "spans.jsonl", "--out", "OUT"],
    "verify-values --out": ["verify-values", "docs.yaml", "values.jsonl", "--out", "OUT"],
    "grade --out": ["grade", "turns.jsonl", "--documents", "gdocs", "--out", "OUT"],
    "grade --out-parts": ["grade", "turns.jsonl", "--documents", "gdocs", "--out-parts", "OUT"],
    "view --out": ["view", "results.json", "--out", "OUT"],
    "import-citations --out": [
        "import-citations",
        "--from",
        "anthropic",
        "resp.json",
        "--request",
        "req.json",
        "--out",
        "OUT",
    ],
    "docs extract --out": ["docs", "extract", "doc.pdf", "--out", "OUT"],
    "report reinterpret --out": ["report", "reinterpret", "old.json", "--out", "OUT"],
    "identity --out": ["identity", "--out", "OUT"],
    "init": ["init", "OUT"],
}
# One input of each command, to name as its own output.
INPUT_OF = {
    "run context --out": "packs/good.yaml",
    "run context --html": "packs/bad.yaml",
    "prove --out": "one.yaml",
    "run recovery --out": "corpus.yaml",
    "verify-spans --out": "spans.jsonl",
    "verify-values --out": "docs.yaml",
    "grade --out": "turns.jsonl",
    "grade --out-parts": "gdocs",
    "view --out": "results.json",
    "import-citations --out": "req.json",
    "docs extract --out": "doc.pdf",
    "report reinterpret --out": "old.json",
}


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every path under ``folder``: a file's bytes, a link's target, a folder's mark."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[name] = "dir"
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def with_out(command: str, out: str) -> list[str]:
    """The command's arguments with OUT replaced."""
    return [out if arg == "OUT" else arg for arg in WRITERS[command]]


def test_every_writer_is_listed() -> None:
    """Each command of ``sakshi --help`` that writes a file has a row in WRITERS."""
    listed = {command.split(" --")[0] for command in WRITERS} | {"live recovery", "run"}
    listed |= {"docs", "report", "run context", "run recovery", "docs extract"}
    commands = [
        line.split()[0]
        for line in sakshi("--help").out.split("Commands:")[1].split("\n\n")[0].splitlines()
        if line.strip()
    ]
    # live: tested below (nothing may run here); recovery workspace writes a new folder,
    # tested write-once in tests/test_recovery_workspace.py; hash only prints.
    reading_only = {"cache", "corpus", "live", "hash", "recovery"}
    assert set(commands) - reading_only <= listed


def taken(work: Path, kind: str) -> None:
    """Put something of ``kind`` at work/taken: a file, a folder, links to them, a dangling
    link."""
    target = work / "taken"
    if kind == "file":
        target.write_bytes(b"keep me")
    elif kind == "folder":
        target.mkdir()
        (target / "keep.txt").write_bytes(b"keep me")
    elif kind == "empty-folder":
        target.mkdir()
    elif kind == "link-to-file":
        (work / "victim.txt").write_bytes(b"keep me")
        target.symlink_to(work / "victim.txt")
    elif kind == "link-to-folder":
        (work / "victim-dir").mkdir()
        target.symlink_to(work / "victim-dir")
    else:
        target.symlink_to(work / "not-yet")


KINDS = ("file", "folder", "link-to-file", "link-to-folder", "dangling")


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_no_command_writes_over_a_path_or_through_a_link(
    work: Path, command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work)
    for kind in KINDS:
        taken(work, kind)
        before = snapshot(work)
        run = in_process(capsys, *with_out(command, "taken"))
        assert refused(run, "taken"), (kind, run)
        assert snapshot(work) == before, kind
        shutil.rmtree(work / "taken") if kind == "folder" else (work / "taken").unlink()


def test_an_empty_folder_is_an_output_only_for_init(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An existing empty folder is not a new file (grade --out-parts wants a new folder);
    ``init`` alone documents that it fills an empty one."""
    monkeypatch.chdir(work)
    for command in sorted(set(WRITERS) - {"init"}):
        taken(work, "empty-folder")
        assert refused(in_process(capsys, *with_out(command, "taken")), "taken"), command
        (work / "taken").rmdir()


def test_no_command_writes_over_its_own_input(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work)
    before = snapshot(work)
    for command, own_input in sorted(INPUT_OF.items()):
        run = in_process(capsys, *with_out(command, own_input))
        assert refused(run, own_input), (command, run)
    assert snapshot(work) == before


def test_an_output_in_a_missing_folder_is_refused_before_any_work(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work)
    before = snapshot(work)
    for command in sorted(set(WRITERS) - {"init"}):
        run = in_process(capsys, *with_out(command, "no-such-folder/out.txt"))
        assert refused(run, "no-such-folder"), (command, run)
    assert snapshot(work) == before


def test_two_outputs_on_one_path_are_refused(work: Path) -> None:
    before = snapshot(work)
    run = sakshi("run", "context", "packs", "--out", "r.json", "--html", "./r.json", cwd=work)
    assert refused(run, "r.json")
    run = sakshi(
        "run",
        "recovery",
        "runs",
        "--corpus",
        "corpus.yaml",
        "--out",
        "a.json",
        "--out",
        "a.json",
        cwd=work,
    )
    assert refused(run, "a.json")
    assert snapshot(work) == before


@pytest.mark.parametrize("kind", ["link", "file"])
def test_the_default_reports_folder_is_checked_before_any_work(work: Path, kind: str) -> None:
    """``run recovery`` without --out writes its report under reports/: a reports link or
    file was refused only after the run, its report already printed as if all was well."""
    (work / "elsewhere").mkdir()
    if kind == "link":
        (work / "reports").symlink_to(work / "elsewhere")
    else:
        (work / "reports").write_bytes(b"keep me")
    before = snapshot(work)
    run = sakshi("run", "recovery", "runs", "--corpus", "corpus.yaml", cwd=work)
    assert refused(run, "reports"), run
    assert snapshot(work) == before


def test_the_default_reports_folder_is_made_when_absent(work: Path) -> None:
    run = sakshi("run", "recovery", "runs", "--corpus", "corpus.yaml", "-q", cwd=work)
    assert run.code == 0, run.err
    (report,) = (work / "reports").glob("*/recovery-report.json")
    assert json.loads(report.read_text("utf-8"))["report"] == "sakshi.recovery-report.v2"


def fake_agent(work: Path) -> dict[str, str]:
    """An environment with models set and a ``pi`` that leaves a mark if it is ever run."""
    pi = work / "fake-pi"
    pi.write_text(f"#!/bin/sh\ntouch {work / 'agent-ran'}\n")
    pi.chmod(0o755)
    return {**os.environ, "SAKSHI_EVAL_MODELS": "prov/model", "SAKSHI_PI_BIN": str(pi)}


@pytest.mark.parametrize("kind", ["link-to-empty", "dangling", "reports-link"])
def test_live_recovery_refuses_links_before_running_the_agent(work: Path, kind: str) -> None:
    env = fake_agent(work)
    (work / "empty").mkdir()
    args = ["live", "recovery", "--corpus", "corpus.yaml"]
    if kind == "reports-link":
        (work / "reports").symlink_to(work / "empty")
        named = "reports"
    else:
        (work / "kept").symlink_to(work / ("empty" if kind == "link-to-empty" else "nowhere"))
        args += ["--keep-runs", "kept", "--out", "r.json"]
        named = "kept"
    before = snapshot(work)
    run = sakshi(*args, cwd=work, env=env)
    assert refused(run, named), run
    assert snapshot(work) == before


def test_init_refuses_a_link_a_file_and_a_folder_with_anything_in_it(work: Path) -> None:
    (work / "empty").mkdir()
    (work / "link").symlink_to(work / "empty")
    (work / "dotted").mkdir()
    (work / "dotted" / ".gitignore").write_text("keep\n")
    before = snapshot(work)
    for target in ("link", "one.yaml", "dotted", "."):
        assert refused(sakshi("init", target, cwd=work), target)
    assert "symlink" in sakshi("init", "link", cwd=work).err  # not "is not a folder"
    assert snapshot(work) == before
    assert sakshi("init", "empty", cwd=work).code == 0
    assert sakshi("run", "context", "empty/packs", cwd=work).code == 0


StderrCheck = Callable[[str], bool]
SUMMARIES: dict[str, tuple[list[str], int, StderrCheck]] = {
    "run context": (
        ["run", "context", "packs", "--out", "r.json"],
        1,
        lambda err: "bad" in err and "VALUE_UNSUPPORTED" in err and "good" not in err,
    ),
    "prove": (["prove", "one.yaml", "--out", "p.txt"], 0, lambda err: "1 pack proved" in err),
    "run recovery": (
        ["run", "recovery", "runs", "--corpus", "corpus.yaml", "--out", "r.xml"],
        0,
        lambda err: "1 run" in err and "1 pass" in err,
    ),
    "verify-spans": (
        ["verify-spans", "docs.yaml", "spans.jsonl", "--out", "v.jsonl"],
        0,
        lambda err: "1 span" in err and "0 did not hold" in err,
    ),
}


@pytest.mark.parametrize("command", sorted(SUMMARIES))
def test_a_report_written_to_a_file_leaves_a_summary_on_stderr(work: Path, command: str) -> None:
    args, code, says = SUMMARIES[command]
    run = sakshi(*args, cwd=work)
    assert run.code == code, run.err
    assert says(run.err), run.err
    assert (work / args[-1]).stat().st_size > 0
