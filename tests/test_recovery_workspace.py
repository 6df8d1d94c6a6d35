"""``sakshi recovery workspace CASE DIR``: a case's fixture project for any agent.

End to end through the CLI (in process, and once as a real subprocess): the workspace holds
exactly the case's generated source, byte for byte what the live lane gives Pi, and the
description it prints lets a harness record a run that ``sakshi run recovery`` passes. Then
the hostile inputs, each exit 2 with one line and nothing written: a DIR that is a file,
a folder that is not empty, a link (to an empty folder, or dangling), a path with ``..``,
a missing parent, an unknown case. Last, the pure plan and the tree writer directly,
including a link planted inside the folder while it is being written.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import CliRun
from cli_main import run_cli as run

from sakshi.commands.output import write_new_tree
from sakshi.errors import InputError
from sakshi.recovery.corpus import fact_line_text, generate_source
from sakshi.recovery.corpus_file import parse_corpus
from sakshi.recovery.workspace import WORKSPACE_FORMAT, plan_workspace

FACT = "QX7-TAMARIND-4471"
CORPUS = {
    "corpus": "sakshi.recovery-corpus.v2",
    "cases": [
        {
            "id": "w.offset",
            "kind": "read-offset",
            "prompt": "Read notes/big.txt to line L00150 and reply with its token.",
            "source": {"path": "notes/big.txt", "lines": 200, "fact_line": 150},
            "fact": FACT,
        },
        {
            "id": "w.deep",
            "kind": "temp-output",
            "producer": "bash",
            "prompt": "Run the script once and reply with the token on line L00020.",
            "source": {"path": "src/pkg/./records.py", "lines": 40, "fact_line": 20},
            "fact": "ZR9-SAFFRON-2265",
        },
    ],
}
SHIPPED = ("recovery.read-offset", "recovery.bash-temp-output", "recovery.ast-grep-temp-output")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # relative DIRs land here, never in the repository


def corpus_file(folder: Path) -> Path:
    path = folder / "corpus.yaml"
    path.write_text(json.dumps(CORPUS), encoding="utf-8")  # JSON is YAML
    return path


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (links too, by what they point at) by relative path."""
    found: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[path.relative_to(folder).as_posix()] = f"-> {os.readlink(path)}".encode()
        elif path.is_file():
            found[path.relative_to(folder).as_posix()] = path.read_bytes()
    return found


def refused(result: CliRun, *words: str) -> None:
    """Exit 2, one line on stderr naming what is wrong, nothing on stdout."""
    assert result.code == 2, result
    assert result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("sakshi: error: "), result.err
    assert "Traceback" not in result.err
    for word in words:
        assert word in result.err, result.err


# The happy path ---------------------------------------------------------------------------


@pytest.mark.parametrize("case_id", SHIPPED)
def test_a_shipped_case_is_laid_out_as_the_live_lane_lays_it_out(
    case_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib.resources import files

    from sakshi.recovery.corpus_file import load_corpus

    case = load_corpus(Path(str(files("sakshi") / "corpora" / "recovery.yaml"))).cases[case_id]
    result = run(capsys, "recovery", "workspace", case_id, "ws")
    assert result.code == 0, result.err
    assert tree(tmp_path / "ws") == {case.source.path: generate_source(case)}
    described = json.loads(result.out)
    assert described["workspace"] == WORKSPACE_FORMAT
    assert described["case_id"] == case_id and described["kind"] == case.kind.value
    assert described["prompt"] == case.prompt and described["source"] == case.source.path
    assert described["case_json"] == {"case_id": case_id}
    line = fact_line_text(case).encode("utf-8")
    assert described["fact_line_sha256"] == hashlib.sha256(line).hexdigest()
    assert case.fact not in result.out and case.fact not in result.err
    assert f"sakshi: wrote ws: case {case_id}" in result.err


def test_an_empty_folder_is_taken_and_a_nested_source_gets_its_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = corpus_file(tmp_path)
    (tmp_path / "empty").mkdir()
    result = run(capsys, "recovery", "workspace", "w.deep", "empty", "--corpus", str(corpus))
    assert result.code == 0, result.err
    assert list(tree(tmp_path / "empty")) == ["src/pkg/records.py"]
    assert json.loads(result.out)["producer"] == "bash"


def _harness_run(workspace: Path, described: dict[str, Any], runs: Path) -> None:
    """What a harness records for a read-offset run of its own agent in ``workspace``: a
    sakshi.trace.v1 trace whose read tool pages the real file 100 lines at a time, telling
    the next offset as Pi's read tool does, and case.json from the description."""
    lines = (workspace / described["source"]).read_text("utf-8").splitlines()
    path = str(workspace / described["source"])
    events: list[dict[str, Any]] = []
    for hop, offset in enumerate((None, 101)):
        args: dict[str, Any] = {"path": path} if offset is None else {"path": path, "offset": 101}
        start = 1 if offset is None else offset
        text = "\n".join(lines[start - 1 : start + 99])
        if start + 99 < len(lines):
            text += f"\n\n[Showing lines {start}-{start + 99} of {len(lines)}."
            text += f" Use offset={start + 100} to continue.]"
        call = f"c{hop}"
        events.append({"kind": "tool_call", "call_id": call, "tool": "read", "args": args})
        events.append(
            {
                "kind": "tool_result",
                "call_id": call,
                "tool": "read",
                "is_error": False,
                "text": text,
            }
        )
    events.append({"kind": "message", "role": "assistant", "text": FACT})
    run_folder = runs / "run-1"
    run_folder.mkdir(parents=True)
    trace = "".join(json.dumps(event) + "\n" for event in events)
    (run_folder / "trace.jsonl").write_text(trace, encoding="utf-8")
    (run_folder / "case.json").write_text(json.dumps(described["case_json"]), encoding="utf-8")


def test_a_run_recorded_in_the_workspace_passes_the_recovery_lane(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = corpus_file(tmp_path)
    made = run(capsys, "recovery", "workspace", "w.offset", "ws", "--corpus", str(corpus))
    assert made.code == 0, made.err
    _harness_run(tmp_path / "ws", json.loads(made.out), tmp_path / "runs")
    out = tmp_path / "report.json"
    graded = run(capsys, "run", "recovery", "runs", "--corpus", str(corpus), "--out", str(out))
    assert graded.code == 0, graded.err
    (case,) = json.loads(out.read_text("utf-8"))["cases"]
    assert case["status"] == "pass" and case["reasons"] == []


def test_the_installed_command_works_as_a_subprocess(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "recovery", "workspace", "recovery.read-offset", "ws"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["source"] == "notes/big.txt"
    assert (tmp_path / "ws" / "notes" / "big.txt").is_file()


# Hostile DIRs and cases: exit 2, one line, nothing written ------------------------------------


def test_an_existing_file_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ws").write_bytes(b"keep me\n")
    refused(
        run(capsys, "recovery", "workspace", "recovery.read-offset", "ws"), "ws", "not a folder"
    )
    assert (tmp_path / "ws").read_bytes() == b"keep me\n"


def test_a_folder_that_is_not_empty_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ws" / "notes").mkdir(parents=True)
    (tmp_path / "ws" / "notes" / "big.txt").write_bytes(b"theirs\n")
    refused(run(capsys, "recovery", "workspace", "recovery.read-offset", "ws"), "not empty")
    assert tree(tmp_path / "ws") == {"notes/big.txt": b"theirs\n"}


def test_a_link_to_an_empty_folder_is_refused_and_its_target_stays_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "ws").symlink_to(tmp_path / "elsewhere")
    result = run(capsys, "recovery", "workspace", "recovery.read-offset", "ws")
    refused(result, "ws", "symlink")
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_dangling_link_is_refused_and_never_created_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ws").symlink_to(tmp_path / "target")
    refused(run(capsys, "recovery", "workspace", "recovery.read-offset", "ws"), "symlink")
    assert not os.path.lexists(tmp_path / "target")


@pytest.mark.parametrize("given", ["a/../ws", "..", "sub/.."])
def test_a_path_with_dot_dot_is_refused(
    given: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "sub").mkdir()
    refused(run(capsys, "recovery", "workspace", "recovery.read-offset", given), "'..'")
    assert not (tmp_path / "ws").exists()
    assert list((tmp_path / "a").iterdir()) == [] and list((tmp_path / "sub").iterdir()) == []


def test_a_missing_parent_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "recovery", "workspace", "recovery.read-offset", "nowhere/ws")
    refused(result, "no such folder")
    assert not (tmp_path / "nowhere").exists()


def test_an_unknown_case_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = corpus_file(tmp_path)
    result = run(capsys, "recovery", "workspace", "w.nope\nx", "ws", "--corpus", str(corpus))
    refused(result, "not a case of the corpus", "w.deep, w.offset", str(corpus))
    assert not os.path.lexists(tmp_path / "ws")


def test_a_bad_corpus_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "corpus.yaml").write_text("corpus: nope\ncases: []\n", encoding="utf-8")
    result = run(capsys, "recovery", "workspace", "x", "ws", "--corpus", "corpus.yaml")
    refused(result, "corpus.yaml")
    assert not os.path.lexists(tmp_path / "ws")


# The pure plan and the writer, directly -------------------------------------------------------


def test_the_plan_names_the_corpus_for_an_unknown_case() -> None:
    corpus = parse_corpus(CORPUS, "c.yaml")
    with pytest.raises(InputError, match=r"c\.yaml: 'x' is not a case .*w\.deep, w\.offset"):
        plan_workspace(corpus, "x", "c.yaml")
    (only,) = plan_workspace(corpus, "w.deep", "c.yaml").files
    assert only.parts == ("src", "pkg", "records.py")
    assert only.data == generate_source(corpus.cases["w.deep"])


def test_a_link_planted_during_the_write_is_never_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "ws"

    def files() -> Any:
        yield ("notes", "a.txt"), b"a\n"
        (folder / "evil").symlink_to(outside)  # planted between two files
        yield ("evil", "b.txt"), b"b\n"

    with pytest.raises(InputError, match="appeared meanwhile"):
        write_new_tree(folder, files())
    assert list(outside.iterdir()) == []
    # What this write created is gone; the planted link is not its to remove.
    assert sorted(p.name for p in folder.iterdir()) == ["evil"]


def test_a_failed_write_removes_what_it_made_and_the_folder_it_made(tmp_path: Path) -> None:
    folder = tmp_path / "ws"
    with pytest.raises(InputError, match="ws: cannot write"):
        # The second name is longer than any file system allows: ENAMETOOLONG.
        write_new_tree(folder, [(("a", "b"), b"1\n"), (("c" * 4096,), b"2\n")])
    assert not os.path.lexists(folder)
