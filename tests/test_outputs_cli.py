"""Reports out (SPEC 9, issue 14 item 2): every --out holds its format, several reports from
one run, the stderr summary when files are written, terminal width and colour, --quiet
and --failures-only, and `report reinterpret` saying what it wrote."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli_fresh as run

from sakshi.cli import main


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("COLUMNS", "FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    assert main(["init", "evals"]) == 0


def break_live_pack(tmp_path: Path) -> None:
    live = tmp_path / "evals" / "packs" / "live.yaml"
    text = live.read_text("utf-8")
    live.write_text(text.replace('"Delivery by: 15.03.2025"', '"Delivery by: 16.03.2025"'), "utf-8")


def test_several_reports_from_one_run_each_in_its_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys,
        "run",
        "context",
        "evals/packs",
        "--out",
        "r.json",
        "--out",
        "r.xml",
        "--out",
        "r.txt",
        "--html",
        "view.html",
    )
    assert code == 0, err
    assert out == ""  # the reports are in the files
    assert json.loads((tmp_path / "r.json").read_text("utf-8"))["held"] == 4
    assert ET.parse(tmp_path / "r.xml").getroot().tag in ("testsuites", "testsuite")
    assert "4 held, 0 failed" in (tmp_path / "r.txt").read_text("utf-8")
    assert "<!doctype html>" in (tmp_path / "view.html").read_text("utf-8").lower()
    first = err.splitlines()[0]
    assert first.startswith("sakshi: 4 packs: 4 held, 0 failed; wrote r.json (json)")
    assert "r.xml (junit)" in first and "view.html (html)" in first


def test_one_out_holds_the_format_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(
        capsys, "run", "context", "evals/packs", "--format", "junit", "--out", "report.out"
    )
    assert code == 0, err
    assert ET.parse(tmp_path / "report.out").getroot() is not None
    code, _, err = run(capsys, "run", "context", "evals/packs", "--out", "plain.json")
    assert code == 0 and json.loads((tmp_path / "plain.json").read_text("utf-8"))["failed"] == 0


def test_a_run_that_writes_files_names_each_pack_that_did_not_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    break_live_pack(tmp_path)
    code, out, err = run(capsys, "run", "context", "evals/packs", "--out", "r.json")
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0] == "sakshi: 4 packs: 3 held, 1 failed; wrote r.json (json)"
    assert lines[1].startswith("  NOT HELD starter-live: expected green, graded red:")
    assert "FABRICATED_SPAN" in lines[1]
    assert any(line.startswith("    FABRICATED_SPAN:") for line in lines[2:])


def test_quiet_prints_only_the_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    break_live_pack(tmp_path)
    code, out, err = run(capsys, "run", "context", "evals/packs", "--quiet")
    assert code == 1 and out == ""
    assert err.splitlines()[0] == "sakshi: 4 packs: 3 held, 1 failed"
    assert "NOT HELD starter-live" in err


def test_failures_only_lists_only_what_did_not_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    break_live_pack(tmp_path)
    code, out, _ = run(capsys, "run", "context", "evals/packs", "--failures-only")
    assert code == 1
    assert "starter-live" in out and "starter-partial" not in out
    assert "3 held, 1 failed" in out


def test_text_fits_columns_and_colour_follows_the_environment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    _, out, _ = run(capsys, "run", "context", "evals/packs")
    table = out.split("\n\n")[0].splitlines()
    assert max(len(line) for line in table) <= 60
    assert "\x1b[" not in out  # not a terminal: no colour
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, out, _ = run(capsys, "run", "context", "evals/packs")
    assert "\x1b[" in out
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "run", "context", "evals/packs")
    assert "\x1b[" not in out
    # A file never holds colour.
    monkeypatch.delenv("NO_COLOR")
    run(capsys, "run", "context", "evals/packs", "--out", "r.txt")
    assert "\x1b[" not in (tmp_path / "r.txt").read_text("utf-8")


def test_an_extension_this_command_does_not_write_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "prove", "evals/packs", "--out", "p.xml")
    assert code == 2 and "p.xml" in err and "does not write" in err
    assert not (tmp_path / "p.xml").exists()


def test_run_recovery_junit_out_is_junit_and_several_files_each_hold_their_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from test_recovery_cli import jsonl as to_jsonl
    from test_recovery_cli import make_run, passing_runs, temp_probe, temp_trace

    runs, corpus = passing_runs(tmp_path)
    make_run(runs, "run-c", "t.temp", to_jsonl(temp_trace()), temp_probe(verified=False))
    common = ("run", "recovery", str(runs), "--corpus", str(corpus))
    code, out, err = run(capsys, *common, "--format", "junit", "--out", "r.xml")
    assert code == 1
    assert ET.parse(tmp_path / "r.xml").getroot() is not None
    assert (tmp_path / "r.xml").read_text("utf-8") == out  # SPEC 5: the run prints it too
    assert err.splitlines()[0].startswith("sakshi: 3 runs: 2 pass, 1 fail")
    assert "wrote r.xml (junit)" in err and "  FAIL t.temp (run-c):" in err
    code, _, err = run(capsys, *common, "--quiet", "--out", "a.json", "--out", "a.xml")
    assert code == 1
    assert json.loads((tmp_path / "a.json").read_text("utf-8"))["report"].endswith(".v2")
    assert ET.parse(tmp_path / "a.xml").getroot() is not None
    code, _, err = run(capsys, *common, "--out", "view.html")
    assert code == 2 and "does not write" in err


def test_reinterpret_says_what_it_wrote(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from test_recovery_cli import passing_runs

    runs, corpus = passing_runs(tmp_path)
    run(capsys, "run", "recovery", str(runs), "--corpus", str(corpus), "--out", "old.json")
    code, out, err = run(capsys, "report", "reinterpret", "old.json", "--out", "new.json")
    assert code == 0 and out == ""
    assert "sakshi: wrote new.json: sakshi.recovery-report.v2 from old.json, 2 cases" in err


def test_jsonl_streams_written_to_a_file_summarise_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "docs.yaml").write_text("documents:\n  - {id: d, text: 'hello world'}\n", "utf-8")
    lines = [
        {"id": 1, "doc": "d", "quote": "hello"},
        {"id": 2, "doc": "d", "quote": "goodbye"},
    ]
    (tmp_path / "spans.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    code, out, err = run(capsys, "verify-spans", "docs.yaml", "spans.jsonl", "--out", "v.jsonl")
    assert code == 1 and out == ""
    assert err.splitlines()[0] == "sakshi: wrote v.jsonl: 2 spans, 1 did not hold"
    assert '"id":2' in err.splitlines()[1]


def test_corpus_check_counts_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from test_recovery_cli import write_corpus

    corpus = write_corpus(tmp_path)
    text = corpus.read_text("utf-8")
    corpus.write_text(
        text.replace("  - id: t.offset", "  - id: t.offset\n    kind:", 1).replace(
            "    kind: read-offset\n", "", 1
        ),
        "utf-8",
    )
    code, _, err = run(capsys, "corpus", "check", str(corpus))
    assert code == 2 and "found null" in err
    one = tmp_path / "one.yaml"
    one.write_text(text.split("  - id: t.offset")[0], "utf-8")
    code, out, _ = run(capsys, "corpus", "check", str(one))
    assert code == 0 and out.splitlines()[-1] == "1 case, 0 problems"


def test_messages_are_never_wrapped_mid_word(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_live_pack(tmp_path)
    monkeypatch.setenv("COLUMNS", "50")
    _, out, _ = run(capsys, "run", "context", "evals/packs")
    details = out.split("starter-live (", 1)[1]
    # Each finding is one line, however narrow the terminal.
    [line] = [line for line in details.splitlines() if line.startswith("  FABRICATED_SPAN:")]
    assert len(line) > 50 and line.endswith("QUOTE_NOT_FOUND")
