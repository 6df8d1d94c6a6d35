"""Hostile: the GitHub Action's run identity said ``dirty: true`` on every clean checkout,
and its Python imported a ``sakshi/`` folder of the workspace before the installed sakshi.

The run step made its report folder in the workspace, then took ``sakshi identity``:
git status counted the new folder (untracked), so every identity the Action ever wrote
said the checkout had changes, and a reader could not tell a clean run from one on
edited files. The identity is now taken first, into the runner's temp folder, and
copied into the report folder after the link checks (never written through a link).

The steps run as the runner runs them (tests/support/action_runner.py), on a ``git
clone`` of a repository holding the packs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from action_runner import Runner
from integration_cases import CASES

from sakshi.inputs.yamlwrite import dump_yaml
from test_integration_action import INSTALLED


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def _clone(tmp_path: Path) -> Path:
    origin = tmp_path / "origin"
    (origin / "packs").mkdir(parents=True)
    green = next(case for case in CASES if case.name == "green-three-anchors")
    (origin / "packs" / "green.yaml").write_bytes(dump_yaml(green.pack()))
    _git(origin, "init", "-q")
    _git(origin, "add", ".")
    _git(origin, "commit", "-qm", "packs")
    workspace = tmp_path / "job" / "workspace"
    workspace.parent.mkdir()
    subprocess.run(["git", "clone", "-q", str(origin), str(workspace)], check=True)
    return workspace


def _identity(workspace: Path) -> dict[str, object]:
    data = json.loads((workspace / "sakshi-report" / "identity.json").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def test_a_clean_checkout_is_not_dirty_in_the_actions_identity(tmp_path: Path) -> None:
    workspace = _clone(tmp_path)
    steps = Runner(workspace, {**INSTALLED, "packs": "packs"}).run()
    assert [s.code for s in steps if s.status == "ran"] == [0, 0, 0, 0, 0], steps
    git = _identity(workspace)["git"]
    assert git == {"head": _git(workspace, "rev-parse", "HEAD"), "dirty": False}
    # The report folder the run left is a change git sees: an identity taken after
    # writing it (the old order) says dirty.
    after = subprocess.run(
        [sys.executable, "-m", "sakshi", "identity"], cwd=workspace, capture_output=True, check=True
    )
    assert json.loads(after.stdout)["git"]["dirty"] is True


def test_a_changed_checkout_is_still_dirty(tmp_path: Path) -> None:
    workspace = _clone(tmp_path)
    (workspace / "packs" / "notes.txt").write_text("an edit\n", "utf-8")
    steps = Runner(workspace, {**INSTALLED, "packs": "packs"}).run()
    assert steps[-1].code == 0, steps
    assert _identity(workspace)["git"]["dirty"] is True  # type: ignore[index]


def test_a_sakshi_folder_in_the_workspace_is_never_imported(tmp_path: Path) -> None:
    """``python -m sakshi`` from the workspace put the workspace first on sys.path: a
    ``sakshi/`` folder of the team's repository (or of a pull request) ran instead of the
    installed sakshi, and could print a green summary. The Action's Python runs with -P."""
    workspace = _clone(tmp_path)
    fake = workspace / "sakshi"
    fake.mkdir()
    marker = tmp_path / "imported"
    planted = f"open({str(marker)!r}, 'w').write('x')\nraise SystemExit(0)\n"
    (fake / "__init__.py").write_text(planted, "utf-8")
    (fake / "__main__.py").write_text(planted, "utf-8")
    steps = Runner(workspace, {**INSTALLED, "packs": "packs"}).run()
    assert not marker.exists(), steps
    assert steps[-1].code == 0, steps
    assert json.loads((workspace / "sakshi-report" / "results.json").read_text("utf-8"))
