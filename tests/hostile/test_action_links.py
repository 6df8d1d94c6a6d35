"""Hostile: the GitHub Action wrote its reports through symbolic links.

The action's run step made the report folder, ``rm -f``'d three reports and wrote
``identity.json`` and ``run.log`` with plain shell redirections. A repository that
carries ``sakshi-report/identity.json -> ../../somewhere/else`` (or links the folder
itself, or a parent of it) had the runner overwrite, or create, a file outside the
workspace, and a link left in the folder would be uploaded with the artifact. The step
now refuses a link anywhere on the way (exit 2, before anything is written), and writes
with ``noclobber``, so a redirection creates a file or fails.

The steps run as the runner runs them (``tests/test_integration_action.py``'s Runner).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from action_runner import Runner, StepRun
from integration_cases import CASES

from test_integration_action import INSTALLED, _workspace

VICTIM_TEXT = "a file outside the workspace that nobody may overwrite\n"


def _runner(tmp_path: Path, report_dir: str = "sakshi-report") -> Runner:
    green = next(case for case in CASES if case.name == "green-three-anchors")
    workspace = _workspace(tmp_path, [green.pack()])
    inputs = {**INSTALLED, "packs": "packs", "report-dir": report_dir}
    return Runner(workspace, inputs)


def _refused(steps: list[StepRun], says: str) -> None:
    check, install, run, *rest = steps
    assert (check.code, install.code) == (0, 0), install.stderr
    assert run.code == 2, run.stdout + run.stderr
    assert "::error title=sakshi::report-dir:" in run.stdout and says in run.stdout
    assert {step.status for step in rest} == {"not reached"}


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    path = outside / "victim.txt"
    path.write_text(VICTIM_TEXT, "utf-8")
    return path


@pytest.mark.parametrize("name", ["identity.json", "run.log", "results.json", "junit.xml"])
def test_a_report_name_linked_outside_is_refused(tmp_path: Path, victim: Path, name: str) -> None:
    runner = _runner(tmp_path)
    (runner.workspace / "sakshi-report").mkdir()
    (runner.workspace / "sakshi-report" / name).symlink_to(victim)
    _refused(runner.run(), "is a symbolic link")
    assert victim.read_text("utf-8") == VICTIM_TEXT
    assert (runner.workspace / "sakshi-report" / name).is_symlink()  # not removed either


def test_a_dangling_link_cannot_create_a_file_outside(tmp_path: Path) -> None:
    runner = _runner(tmp_path)
    target = tmp_path / "outside" / "created.txt"
    target.parent.mkdir()
    (runner.workspace / "sakshi-report").mkdir()
    (runner.workspace / "sakshi-report" / "identity.json").symlink_to(target)
    _refused(runner.run(), "is a symbolic link")
    assert not target.exists()


@pytest.mark.parametrize("report_dir", ["sakshi-report", "out/reports", "./out/reports"])
def test_a_linked_report_folder_or_parent_is_refused(tmp_path: Path, report_dir: str) -> None:
    runner = _runner(tmp_path, report_dir)
    outside = tmp_path / "outside-folder"
    outside.mkdir()
    first = report_dir.removeprefix("./").split("/")[0]
    (runner.workspace / first).symlink_to(outside, target_is_directory=True)
    _refused(runner.run(), "is a symbolic link")
    assert list(outside.iterdir()) == []


def test_a_link_anywhere_in_the_folder_is_not_uploaded(tmp_path: Path) -> None:
    runner = _runner(tmp_path)
    (runner.workspace / "sakshi-report" / "deep").mkdir(parents=True)
    (runner.workspace / "sakshi-report" / "deep" / "keys").symlink_to(Path.home())
    _refused(runner.run(), "never writes or uploads through one")


@pytest.mark.parametrize("report_dir", ["ABSOLUTE", "../sakshi-report", "a/../../b"])
def test_a_folder_outside_the_workspace_is_refused(tmp_path: Path, report_dir: str) -> None:
    outside = tmp_path / "absolute-report"  # never a shared folder, even if it were written
    shown = str(outside) if report_dir == "ABSOLUTE" else report_dir
    _refused(_runner(tmp_path, shown).run(), "")
    assert not outside.exists() and not (tmp_path / "sakshi-report").exists()
    assert not (tmp_path / "b").exists()


def test_a_second_run_in_the_same_workspace_replaces_its_own_reports(tmp_path: Path) -> None:
    runner = _runner(tmp_path)
    for _ in range(2):
        steps = runner.run()
        assert [step.code for step in steps if step.status == "ran"] == [0, 0, 0, 0, 0], [
            step.stderr for step in steps
        ]
    report = runner.workspace / "sakshi-report"
    names = sorted(path.name for path in report.iterdir())
    assert names == ["identity.json", "junit.xml", "report.html", "results.json", "run.log"]
    assert not any(os.path.islink(report / name) for name in names)
