"""Hostile: files sakshi writes (SPEC section 9).

No command overwrites or truncates an existing file, follows a symlink at an output path
(a dangling one too), or writes over one of its own inputs, however it is spelled,
linked or hard-linked, or writes two outputs of one run to one file: each is exit 2
with one line naming the path, before any work. Every write is atomic (a temp file
linked into place), so a failure leaves neither a partial file nor a temp file behind.
"""

from __future__ import annotations

import ast
import errno
import json
import os
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import pytest
from grade_inputs import DOCS_YAML, SPAN_LINE, turn_record

import sakshi.commands
from sakshi.cli import main
from sakshi.commands import output
from sakshi.commands.output import check_outputs, new_file, write_new
from sakshi.errors import InputError

KEEP = b"keep me: written before the run\n"
SPAN = SPAN_LINE.encode()
GRN = b"Quantity received: 42.500 MT\n"
TURN = turn_record()


@dataclass(frozen=True)
class Workspace:
    """One input of each kind, in a folder that is also the working directory."""

    root: Path
    pack: Path
    results: Path
    docs: Path
    spans: Path
    turns: Path
    documents: Path
    corpus: Path
    runs: Path
    old_report: Path
    response: Path
    request: Path
    pdf: Path


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workspace:
    monkeypatch.chdir(tmp_path)
    template = files("sakshi") / "templates" / "init" / "packs" / "live.yaml"
    (tmp_path / "pack.yaml").write_bytes(template.read_bytes())
    (tmp_path / "docs.yaml").write_text(DOCS_YAML, encoding="utf-8")
    (tmp_path / "spans.jsonl").write_bytes(SPAN)
    (tmp_path / "turns.jsonl").write_text(json.dumps(TURN) + "\n", encoding="utf-8")
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "grn.txt").write_bytes(GRN)
    (tmp_path / "corpus.yaml").write_text("corpus: not read before the outputs are checked\n")
    (tmp_path / "runs").mkdir()
    (tmp_path / "old.json").write_text('{"cases": []}\n')
    (tmp_path / "response.json").write_text("{}\n")
    (tmp_path / "request.json").write_text("{}\n")
    (tmp_path / "doc.pdf").write_bytes(b"%PDF-1.4 not read before the outputs are checked\n")
    assert main(["run", "context", "pack.yaml", "--format", "json", "--out", "results.json"]) == 0
    return Workspace(
        tmp_path,
        tmp_path / "pack.yaml",
        tmp_path / "results.json",
        tmp_path / "docs.yaml",
        tmp_path / "spans.jsonl",
        tmp_path / "turns.jsonl",
        tmp_path / "documents",
        tmp_path / "corpus.yaml",
        tmp_path / "runs",
        tmp_path / "old.json",
        tmp_path / "response.json",
        tmp_path / "request.json",
        tmp_path / "doc.pdf",
    )


@dataclass(frozen=True)
class Writer:
    """A command that writes a file: its argv for an output path, and its main input."""

    argv: Callable[[Workspace, str], list[str]]
    main_input: Callable[[Workspace], Path]


WRITERS = {
    "run context --out": Writer(
        lambda w, out: ["run", "context", str(w.pack), "--out", out], lambda w: w.pack
    ),
    "run context --html": Writer(
        lambda w, out: ["run", "context", str(w.pack), "--html", out], lambda w: w.pack
    ),
    "prove": Writer(lambda w, out: ["prove", str(w.pack), "--out", out], lambda w: w.pack),
    "view": Writer(lambda w, out: ["view", str(w.results), "--out", out], lambda w: w.results),
    "grade": Writer(
        lambda w, out: ["grade", str(w.turns), "--documents", str(w.documents), "--out", out],
        lambda w: w.turns,
    ),
    "verify-spans (spans)": Writer(
        lambda w, out: ["verify-spans", str(w.docs), str(w.spans), "--out", out],
        lambda w: w.spans,
    ),
    "verify-spans (docs)": Writer(
        lambda w, out: ["verify-spans", str(w.docs), str(w.spans), "--out", out],
        lambda w: w.docs,
    ),
    "run recovery": Writer(
        lambda w, out: ["run", "recovery", str(w.runs), "--corpus", str(w.corpus), "--out", out],
        lambda w: w.corpus,
    ),
    "report reinterpret": Writer(
        lambda w, out: ["report", "reinterpret", str(w.old_report), "--out", out],
        lambda w: w.old_report,
    ),
    "import-citations": Writer(
        lambda w, out: [
            "import-citations",
            str(w.response),
            "--from",
            "anthropic",
            "--request",
            str(w.request),
            "--out",
            out,
        ],
        lambda w: w.request,
    ),
    "docs extract": Writer(
        lambda w, out: ["docs", "extract", str(w.pdf), "--out", out], lambda w: w.pdf
    ),
}


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], path: str, problem: str) -> None:
    """``argv`` exits 2 with one line naming ``path`` and ``problem``, and printed nothing
    else: no report, no run."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == "", "a refused output must stop the command before any work"
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert f"{Path(path)}: " in err and problem in err, err  # as the user gave it


def no_temp_left(folder: Path) -> None:
    """No temp file of the writer is left in ``folder``."""
    assert [p.name for p in folder.iterdir() if p.name.startswith(".sakshi-")] == []


# --- never overwrite, never follow a link ---------------------------------------------


@pytest.mark.parametrize("name", WRITERS)
def test_an_existing_file_is_never_overwritten(
    work: Workspace, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    target = work.root / "existing.out"
    target.write_bytes(KEEP)
    refused(capsys, WRITERS[name].argv(work, "existing.out"), "existing.out", "already exists")
    assert target.read_bytes() == KEEP
    no_temp_left(work.root)


@pytest.mark.parametrize("name", WRITERS)
@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to-a-file"])
def test_a_symlink_at_the_output_is_never_followed(
    work: Workspace, capsys: pytest.CaptureFixture[str], name: str, dangling: bool
) -> None:
    target = work.root / "elsewhere" / "target.txt"
    target.parent.mkdir()
    if not dangling:
        target.write_bytes(KEEP)
    (work.root / "link.out").symlink_to(target)
    refused(capsys, WRITERS[name].argv(work, "link.out"), "link.out", "symlink")
    assert (target.read_bytes() == KEEP) if not dangling else not os.path.lexists(target)


def _same_path(work: Workspace, given: Path) -> str:
    return str(given)


def _other_spelling(work: Workspace, given: Path) -> str:
    return f"./documents/../{given.name}"


def _hard_link(work: Workspace, given: Path) -> str:
    os.link(given, work.root / "hard.out")
    return "hard.out"


def _symlink(work: Workspace, given: Path) -> str:
    (work.root / "soft.out").symlink_to(given)
    return "soft.out"


@pytest.mark.parametrize("name", WRITERS)
@pytest.mark.parametrize("spell", [_same_path, _other_spelling, _hard_link, _symlink])
def test_an_input_is_never_written_over(
    work: Workspace,
    capsys: pytest.CaptureFixture[str],
    name: str,
    spell: Callable[[Workspace, Path], str],
) -> None:
    given = WRITERS[name].main_input(work)
    before = given.read_bytes()
    out = spell(work, given)
    problem = "symlink" if spell is _symlink else "is an input of this command"
    refused(capsys, WRITERS[name].argv(work, out), out, problem)
    assert given.read_bytes() == before


def test_a_file_a_pack_reads_is_never_written_over(
    work: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    (work.root / "raw.txt").write_bytes(GRN)
    work.docs.write_text("documents:\n  - id: memo\n    file: raw.txt\n", encoding="utf-8")
    argv = ["verify-spans", str(work.docs), str(work.spans), "--out", "raw.txt"]
    refused(capsys, argv, "raw.txt", "already exists")
    assert (work.root / "raw.txt").read_bytes() == GRN


@pytest.mark.parametrize("html", ["both.out", "./documents/../both.out"])
def test_out_and_html_on_one_file_is_refused(
    work: Workspace, capsys: pytest.CaptureFixture[str], html: str
) -> None:
    argv = ["run", "context", str(work.pack), "--out", "both.out", "--html", html]
    refused(capsys, argv, html, "each output needs its own file")
    assert not (work.root / "both.out").exists()


@pytest.mark.parametrize("name", WRITERS)
def test_a_missing_folder_is_refused_before_any_work(
    work: Workspace, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    refused(capsys, WRITERS[name].argv(work, "no/such/r.out"), "no/such/r.out", "no such folder")


def test_a_refused_output_runs_no_route(
    work: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    (work.root / "r.json").write_bytes(KEEP)
    route = shlex.join([sys.executable, "-c", "open('route-ran', 'w').close()"])
    argv = ["run", "context", str(work.pack), "--route-exec", route, "--out", "r.json"]
    refused(capsys, argv, "r.json", "already exists")
    assert not (work.root / "route-ran").exists()


def test_run_recovery_prints_no_report_before_refusing(
    work: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    # The shipped corpus: the refusal must come before the corpus and the runs are read.
    (work.root / "r.json").write_bytes(KEEP)
    refused(capsys, ["run", "recovery", str(work.runs), "--out", "r.json"], "r.json", "already")
    assert not (work.root / "reports").exists()


# --- atomic writes ----------------------------------------------------------------------


def test_a_failing_writer_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    with pytest.raises(RuntimeError), new_file(target) as handle:
        handle.write(b"half a report")
        raise RuntimeError("the run failed midway")
    assert not os.path.lexists(target)
    no_temp_left(tmp_path)


@pytest.mark.parametrize("appears", ["file", "dangling symlink"])
def test_a_path_that_appears_meanwhile_is_never_overwritten(tmp_path: Path, appears: str) -> None:
    target = tmp_path / "r.json"
    check_outputs([target])  # free when checked ...
    elsewhere = tmp_path / "elsewhere.txt"
    if appears == "file":
        target.write_bytes(KEEP)
    else:
        target.symlink_to(elsewhere)
    with pytest.raises(InputError, match="already exists"):  # ... taken when written
        write_new(b"report", target)
    assert (target.read_bytes() == KEEP) if appears == "file" else not elsewhere.exists()
    no_temp_left(tmp_path)


def test_without_hard_links_a_file_is_still_written_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_link(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(output.os, "link", no_link)
    write_new(b"report\n", tmp_path / "r.json")
    assert (tmp_path / "r.json").read_bytes() == b"report\n"
    with pytest.raises(InputError, match="already exists"):
        write_new(b"other\n", tmp_path / "r.json")
    assert (tmp_path / "r.json").read_bytes() == b"report\n"
    no_temp_left(tmp_path)


def test_streamed_output_appears_only_when_whole(
    work: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    work.spans.write_bytes(b"")  # exit 2: an empty file proves nothing
    assert main(["verify-spans", str(work.docs), str(work.spans), "--out", "v.jsonl"]) == 2
    assert not os.path.lexists(work.root / "v.jsonl")
    # grade: the first line is graded, the second reaches a document that cannot be read.
    (work.documents / "bad.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    second = {**TURN, "id": "t2", "documents": ["bad"]}
    work.turns.write_text(json.dumps(TURN) + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    argv = ["grade", str(work.turns), "--documents", str(work.documents), "--out", "g.jsonl"]
    assert main(argv) == 2
    capsys.readouterr()
    assert not os.path.lexists(work.root / "g.jsonl")
    no_temp_left(work.root)


def test_streamed_output_is_written_whole(work: Workspace) -> None:
    lines = SPAN * 3
    work.spans.write_bytes(lines)
    assert main(["verify-spans", str(work.docs), str(work.spans), "--out", "v.jsonl"]) == 0
    assert (work.root / "v.jsonl").read_bytes().count(b'"verified":true') == 3
    no_temp_left(work.root)


def test_init_leaves_a_whole_folder_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sakshi.commands import init

    written: list[Path] = []

    def fail_on_the_third(data: bytes, path: Path) -> None:
        if len(written) == 2:
            raise InputError(str(path), None, "cannot write: No space left on device")
        write_new(data, path)
        written.append(path)

    monkeypatch.setattr(init, "write_new", fail_on_the_third)
    assert main(["init", str(tmp_path / "starter")]) == 2
    assert "No space left" in capsys.readouterr().err
    assert len(written) == 2 and not any(path.exists() for path in written)
    assert not (tmp_path / "starter").exists()


def test_init_never_writes_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    (tmp_path / "starter").symlink_to(target)
    assert main(["init", str(tmp_path / "starter")]) == 2
    assert not target.exists()


# --- one writer -------------------------------------------------------------------------


def _writes_a_file(node: ast.AST) -> str | None:
    """What in ``node`` writes a file by itself, bypassing the one writer (or None)."""
    if isinstance(node, ast.Attribute):
        if node.attr in {"write_bytes", "write_text", "mkstemp", "NamedTemporaryFile"}:
            return node.attr
        if (
            isinstance(node.value, ast.Name)
            and node.value.id in {"os", "shutil"}
            and node.attr in {"replace", "rename", "move", "copy", "copyfile", "open"}
        ):
            return f"{node.value.id}.{node.attr}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
        modes = [arg for arg in node.args[1:2] if isinstance(arg, ast.Constant)]
        if any(set(str(mode.value)) & set("wax+") for mode in modes):
            return "open for writing"
    return None


def test_every_command_writes_through_the_one_writer() -> None:
    folder = Path(sakshi.commands.__file__).parent
    found = [
        f"{path.name}: {what}"
        for path in sorted(folder.glob("*.py"))
        if path.name != "output.py"
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if (what := _writes_a_file(node))
    ]
    assert found == []


def test_a_full_disk_leaves_no_file_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "fsync", full)
    with pytest.raises(InputError, match="cannot write: No space left on device"):
        write_new(b"report\n", tmp_path / "r.json")
    assert not os.path.lexists(tmp_path / "r.json")
    no_temp_left(tmp_path)


def test_the_default_report_folder_is_never_a_symlink(
    work: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without --out the report goes to ./reports/<stamp>/: a `reports` link would carry it
    # wherever the link points.
    elsewhere = work.root / "elsewhere"
    elsewhere.mkdir()
    (work.root / "reports").symlink_to(elsewhere)
    fixtures = Path(__file__).resolve().parent.parent / "fixtures" / "recovery" / "pi"
    code = main(["run", "recovery", str(fixtures)])
    _, err = capsys.readouterr()
    assert code == 2, err
    assert "reports: " in err and "symbolic link" in err, err
    assert list(elsewhere.iterdir()) == []
