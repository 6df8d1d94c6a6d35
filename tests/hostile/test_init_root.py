"""Hostile: ``sakshi init`` run from a subfolder wrote paths CI could not find.

The CI files named the starter folder relative to where init ran: ``cd tools && sakshi
init evals`` wrote ``packs: evals/packs``, but CI runs in the checkout's root, where
that folder is ``tools/evals``, so the job graded nothing that exists (exit 2), and the
pre-commit hook matched no file. init now finds the repository's root itself (the
nearest folder above with ``.git``) and names every path from there.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from cli_main import run_cli as run

from sakshi.commands.init_ci import repository_root


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "team-repo"
    (root / "tools").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    monkeypatch.chdir(root / "tools")
    return root


def _ci(root: Path, folder: str) -> tuple[dict[str, str], dict[str, object]]:
    workflow = yaml.safe_load((root / folder / "ci" / "sakshi.yml").read_text("utf-8"))
    steps = workflow["jobs"]["evidence-gate"]["steps"]
    [action] = [s for s in steps if "python" in s.get("with", {})]
    hook = yaml.safe_load((root / folder / "ci" / "pre-commit-hook.yml").read_text("utf-8"))
    return action["with"], hook["repos"][0]["hooks"][0]


@pytest.mark.parametrize("given", ["evals", "./evals", "../tools/evals", "ABSOLUTE"])
def test_init_from_a_subfolder_names_paths_from_the_root(
    capsys: pytest.CaptureFixture[str], repo: Path, given: str
) -> None:
    target = str(repo / "tools" / "evals") if given == "ABSOLUTE" else given
    code, out, err = run(capsys, "init", target)
    assert code == 0, err
    inputs, hook = _ci(repo, "tools/evals")
    assert inputs["packs"] == "tools/evals/packs"
    assert inputs["constraints"] == "tools/evals/ci/constraints.txt"
    assert inputs["report-dir"] == "tools/evals/reports"
    assert hook["entry"] == "sakshi run context tools/evals/packs"
    assert re.match(str(hook["files"]), "tools/evals/packs/live.yaml")
    # Every path CI names is there, from the root.
    assert (repo / inputs["packs"]).is_dir() and (repo / inputs["constraints"]).is_file()
    assert f"paths from the repository's root, {repo.resolve()}" in out
    # The command to run here, where the user is, is as they named the folder.
    assert f"sakshi run context {Path(target, 'packs').as_posix()}" in out


def test_a_folder_outside_the_repository_from_inside_it(
    capsys: pytest.CaptureFixture[str], repo: Path, tmp_path: Path
) -> None:
    # Another repository's folder is named from that repository's root, not this one's.
    other = tmp_path / "other"
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    code, _, err = run(capsys, "init", str(other / "deep" / "evals"))
    assert code == 0, err
    assert _ci(other, "deep/evals")[0]["packs"] == "deep/evals/packs"


def test_outside_any_repository_paths_stay_relative_to_here(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert repository_root(tmp_path) is None
    code, _, err = run(capsys, "init", "evals")
    assert code == 0
    assert _ci(tmp_path, "evals")[0]["packs"] == "evals/packs"
    assert "in no git repository" in err
