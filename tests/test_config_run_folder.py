"""Configured outputs go to a new folder per run (issue 23, the daily loop; SPEC 9).

``outputs = ["reports/sakshi.xml"]`` writes ``reports/<UTC time>-<suffix>/sakshi.xml``:
a second run (even in the same second) never fails on the first one's files, the folder
(and ``reports/``) are made by the run, never through a link, and a run that fails
removes only what it wrote. ``--out`` on the command line stays a write-once file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import pytest

from sakshi.cli import main
from sakshi.commands import run_folder
from sakshi.commands.run_folder import make_run_folders, run_folder_name, run_outputs
from sakshi.errors import InputError

RUN_NAME = re.compile(r"\d{8}T\d{6}Z-[0-9a-f]{6}")
CONFIG = 'packs = ["evals/packs"]\noutputs = ["reports/sakshi.xml", "reports/sakshi.json"]\n'


class Run(NamedTuple):
    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # the search for a configuration stops here
    assert main(["init", "evals"]) == 0
    (tmp_path / "sakshi.toml").write_text(CONFIG, "utf-8")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    capsys.readouterr()
    code = main(["run", "context", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return Run(code, out, err)


def run_folders(tmp_path: Path, under: str = "reports") -> list[Path]:
    return sorted(path for path in (tmp_path / under).iterdir() if path.is_dir())


def test_every_run_gets_a_new_folder_and_says_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first, second = run(capsys), run(capsys)
    assert (first.code, second.code) == (0, 0), first.err + second.err
    folders = run_folders(tmp_path)
    assert len(folders) == 2 and all(RUN_NAME.fullmatch(f.name) for f in folders)
    for folder in folders:
        assert sorted(p.name for p in folder.iterdir()) == [
            ".gitignore",
            "sakshi.json",
            "sakshi.xml",
        ]
        assert json.loads((folder / "sakshi.json").read_text("utf-8"))["held"] == 4
    said = {
        line.removeprefix("sakshi: this run's folder: ").split("/ ")[0]
        for result in (first, second)
        for line in result.err.splitlines()
        if line.startswith("sakshi: this run's folder: ")
    }
    assert said == {f"reports/{folder.name}" for folder in folders}
    assert "(outputs in sakshi.toml)" in first.err and first.out == ""


def test_a_missing_configured_folder_is_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "sakshi.toml").write_text(
        'packs = ["evals/packs"]\noutputs = ["build/ci/sakshi.xml"]\n', "utf-8"
    )
    assert run(capsys).code == 0
    [folder] = run_folders(tmp_path, "build/ci")
    assert (folder / "sakshi.xml").read_bytes().startswith(b"<?xml")


def test_two_runs_at_once_never_share_a_folder(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(run_folder.__file__).parents[2])}
    command = [sys.executable, "-m", "sakshi", "run", "context"]
    children = [
        subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE) for _ in range(3)
    ]
    for child in children:
        _, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
    folders = run_folders(tmp_path)
    assert len(folders) == 3 and all((f / "sakshi.xml").is_file() for f in folders)


def test_one_second_one_name_still_two_folders(tmp_path: Path) -> None:
    began = datetime(2025, 6, 1, 10, 15, tzinfo=UTC)
    outputs = [Path("reports/a.json")]
    first = make_run_folders(outputs, Path("."), began)
    second = make_run_folders(outputs, Path("."), began)
    assert first.name != second.name
    assert first.name.startswith("20250601T101500Z-") and second.name.startswith("20250601T")
    assert run_folder_name(began, "abc123") == "20250601T101500Z-abc123"


def test_a_name_already_taken_is_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    began = datetime(2025, 6, 1, tzinfo=UTC)
    suffixes = iter(["aaaaaa", "aaaaaa", "bbbbbb"])
    real = run_folder.secrets.token_hex
    # The module is shared (temp files draw their names from it too): only the run's.
    monkeypatch.setattr(
        run_folder.secrets, "token_hex", lambda n: next(suffixes) if n == 3 else real(n)
    )
    outputs = [Path("reports/a.json"), Path("other/b.xml")]
    first = make_run_folders(outputs, Path("."), began)
    second = make_run_folders(outputs, Path("."), began)
    assert (first.name, second.name) == ("20250601T000000Z-aaaaaa", "20250601T000000Z-bbbbbb")
    assert second.outputs == (
        Path("reports/20250601T000000Z-bbbbbb/a.json"),
        Path("other/20250601T000000Z-bbbbbb/b.xml"),
    )


def test_out_on_the_command_line_stays_a_write_once_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "--out", "r.json").code == 0
    again = run(capsys, "--out", "r.json")
    assert again.code == 2 and "r.json: already exists" in again.err
    assert not (tmp_path / "reports").exists()
    assert "this run's folder" not in again.err
    assert run(capsys, "--html", "v.html", "--format", "json").code == 0
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("where", ["reports", "build"])
def test_a_link_on_the_way_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / where).symlink_to(elsewhere)
    (tmp_path / "sakshi.toml").write_text(
        f'packs = ["evals/packs"]\noutputs = ["{where}/sakshi.xml", "build/ci/x.json"]\n', "utf-8"
    )
    result = run(capsys)
    assert (result.code, result.out) == (2, "")
    assert f"{where}: is a symbolic link; sakshi never writes through one" in result.err
    assert list(elsewhere.iterdir()) == []


def test_a_configured_folder_that_is_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "reports").write_text("not a folder", "utf-8")
    result = run(capsys)
    assert result.code == 2 and "reports: exists and is not a folder" in result.err


def test_a_failed_run_removes_what_it_made_and_nothing_else(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "evals" / "packs" / "zz-bad.yaml").write_text("bad: [", "utf-8")
    result = run(capsys)
    assert result.code == 2 and "zz-bad.yaml" in result.err
    assert not (tmp_path / "reports").exists()  # made by the run, removed with it
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "keep.txt").write_text("the team's", "utf-8")
    assert run(capsys).code == 2
    assert [p.name for p in (tmp_path / "reports").iterdir()] == ["keep.txt"]


def test_a_red_run_keeps_its_reports(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = tmp_path / "evals" / "packs" / "live.yaml"
    text = pack.read_text("utf-8")
    pack.write_text(text.replace("\nexpect: green ", "\nexpect: red   ", 1), "utf-8")
    result = run(capsys)
    assert result.code == 1
    [folder] = run_folders(tmp_path)
    assert json.loads((folder / "sakshi.json").read_text("utf-8"))["failed"] == 1


def test_the_core_removes_only_its_own_files(tmp_path: Path) -> None:
    began = datetime(2025, 6, 1, tzinfo=UTC)
    outputs = [Path("made/deeper/a.json"), Path("made/deeper/b.xml")]
    with pytest.raises(RuntimeError), run_outputs(outputs, Path("."), began) as folders:
        folders.outputs[0].write_text("{}", "utf-8")
        raise RuntimeError("the run failed after one file")
    assert not (tmp_path / "made").exists()
    with pytest.raises(InputError), run_outputs(outputs, Path("."), began) as folders:
        folders.outputs[0].write_text("{}", "utf-8")
        (folders.folders[0] / "theirs.txt").write_text("another process", "utf-8")
        raise InputError("packs", None, "could not grade: exit 2")
    [left] = run_folders(tmp_path, "made/deeper")
    assert [p.name for p in left.iterdir()] == ["theirs.txt"]
    shutil.rmtree(tmp_path / "made")
    with run_outputs(outputs, Path("."), began) as folders:
        pass  # a run that ends (held or red, the command's outcome says): its reports stay
    assert [f.name for f in run_folders(tmp_path, "made/deeper")] == [folders.name]


def test_a_run_folder_keeps_the_next_identity_clean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    if shutil.which("git") is None:
        pytest.skip("no git")
    (tmp_path / ".git").rmdir()
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run([*git, "add", "-A"], cwd=tmp_path, check=True)
    subprocess.run([*git, "commit", "-qm", "packs"], cwd=tmp_path, check=True)
    assert run(capsys).code == 0 and run(capsys).code == 0
    for folder in run_folders(tmp_path):
        junit = (folder / "sakshi.xml").read_text("utf-8")
        assert re.search(r'name="identity\.git\.dirty" value="false"', junit), junit


def test_the_core_refuses_a_folder_it_cannot_make(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    with pytest.raises(InputError, match="exists and is not a folder"):
        make_run_folders([Path("file/r.json")], Path("."), datetime.now(UTC))
