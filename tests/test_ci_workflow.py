"""From ``sakshi init`` to a passing and a failing CI run, with no package index at all.

The path a new team takes, with sakshi on no index: sakshi is a git repository (this
checkout's files, in one commit); a developer installs it from a clone of that
repository, runs ``sakshi init`` in a subfolder of the team's repository, copies the
workflow to ``.github/workflows/`` and commits. CI then runs from a ``git clone`` of the
team's repository: GitHub's checkout and setup-python are the clone and a fresh virtual
environment first on PATH, sakshi's Action runs from the commit the workflow's ``uses:``
names (a clone at that commit, without its ``.git``, as the runner downloads an action),
and every ``run:`` step by bash (tests/support/action_runner.py).

pip reads no index anywhere: sakshi's dependencies are those of the environment running
the tests (tests/support/fresh_venv.py links them in), and the one build backend pip
needs for sakshi's source (setuptools) is a wheel made from the installed one.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
from action_runner import BASE_PATH, Job, StepRun
from fresh_venv import (
    backend_wheelhouse,
    build_wheel,
    fresh_venv,
    git,
    pip_env,
    source_checkout,
)

GITHUB = "https://github.com/team/sakshi.git"


@dataclass(frozen=True)
class Sakshi:
    """sakshi's repository at one commit, and the wheelhouse pip may read."""

    origin: Path
    commit: str
    wheelhouse: Path


@pytest.fixture(scope="module")
def sakshi_repo(tmp_path_factory: pytest.TempPathFactory) -> Sakshi:
    base = tmp_path_factory.mktemp("sakshi")
    why = backend_wheelhouse(base / "wheelhouse")
    if why is not None:
        if os.environ.get("SAKSHI_REQUIRE_BUILD_BACKEND"):
            pytest.fail(f"SAKSHI_REQUIRE_BUILD_BACKEND is set, but {why}")
        pytest.skip(why)
    origin = base / "origin"
    origin.mkdir()
    return Sakshi(origin, source_checkout(origin), base / "wheelhouse")


def sh(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=600
    )


@pytest.fixture(scope="module")
def team_repo(sakshi_repo: Sakshi, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The team's repository after a developer installed sakshi from a clone of its
    repository and ran ``sakshi init`` in a subfolder."""
    base = tmp_path_factory.mktemp("laptop")
    clone = base / "sakshi"
    subprocess.run(["git", "clone", "-q", str(sakshi_repo.origin), str(clone)], check=True)
    git(clone, "remote", "set-url", "origin", GITHUB)  # as cloned from GitHub (not fetched)
    env = pip_env(fresh_venv(base / "venv"), sakshi_repo.wheelhouse)
    installed = sh(["python", "-m", "pip", "install", str(clone)], base, env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    team = base / "team"
    (team / "tools").mkdir(parents=True)
    git(team, "init", "-q")
    made = sh(["sakshi", "init", "evals"], team / "tools", env)
    assert made.returncode == 0, made.stderr
    assert made.stderr == "", made.stderr  # the Action's commit was found: no warning
    (team / ".github" / "workflows").mkdir(parents=True)
    shutil.copy(team / "tools" / "evals" / "ci" / "sakshi.yml", team / ".github" / "workflows")
    git(team, "add", "-A")
    git(team, "commit", "-qm", "sakshi init")
    return team


def _workflow_steps(workspace: Path) -> list[dict[str, Any]]:
    text = (workspace / ".github" / "workflows" / "sakshi.yml").read_text("utf-8")
    steps = yaml.safe_load(text)["jobs"]["evidence-gate"]["steps"]
    assert isinstance(steps, list)
    return steps


def _ci(sakshi: Sakshi, team: Path, tmp_path: Path) -> tuple[Job, list[StepRun]]:
    """The workflow's job on a fresh runner: a clone of ``team``, a new Python."""
    workspace = tmp_path / "job" / "workspace"
    workspace.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", str(team), str(workspace)], check=True)
    python = fresh_venv(tmp_path / "setup-python")

    def download(uses: str) -> Path:
        assert uses == f"team/sakshi@{sakshi.commit}"  # the commit sakshi was installed from
        action = tmp_path / "actions" / "team" / "sakshi" / sakshi.commit
        subprocess.run(["git", "clone", "-q", str(sakshi.origin), str(action)], check=True)
        git(action, "checkout", "-q", sakshi.commit)
        shutil.rmtree(action / ".git")
        return action

    env = {"PATH": f"{python}:{BASE_PATH}", "PIP_FIND_LINKS": str(sakshi.wheelhouse)}
    job = Job(workspace, download, env)
    return job, job.run(_workflow_steps(workspace))


def test_init_writes_a_workflow_at_the_installed_commit(
    sakshi_repo: Sakshi, team_repo: Path
) -> None:
    [checkout, setup, action, prove] = _workflow_steps(team_repo)
    assert (checkout["uses"], setup["uses"]) == ("actions/checkout@v4", "actions/setup-python@v5")
    assert action["uses"] == f"team/sakshi@{sakshi_repo.commit}"
    assert action["with"]["sakshi"] == ""  # the sakshi of that commit
    assert action["with"]["packs"] == "tools/evals/packs"  # from the root: init ran in tools/
    assert prove == {"run": "sakshi prove tools/evals/packs"}
    pins = (team_repo / "tools" / "evals" / "ci" / "constraints.txt").read_text("utf-8")
    assert "\nPyYAML==" in pins and "\nclick==" in pins


def test_the_generated_workflow_passes_from_a_clean_clone_with_no_index(
    sakshi_repo: Sakshi, team_repo: Path, tmp_path: Path
) -> None:
    job, steps = _ci(sakshi_repo, team_repo, tmp_path)
    assert [(s.status, s.code) for s in steps] == [
        ("uses", None),
        ("uses", None),
        ("ran", 0),
        ("ran", 0),
    ], [s.stdout + s.stderr for s in steps]
    [runner] = job.runners
    assert runner.action_outputs() == {
        "exit-code": "0",
        "held": "4",
        "failed": "0",
        "report-dir": "tools/evals/reports",
    }
    reports = job.workspace / "tools" / "evals" / "reports"
    assert json.loads((reports / "results.json").read_text("utf-8"))["held"] == 4
    identity = json.loads((reports / "identity.json").read_text("utf-8"))
    assert identity["git"] == {"head": git(job.workspace, "rev-parse", "HEAD"), "dirty": False}
    assert "| 4 | 4 | 0 |" in runner.summary
    # The Action built the sakshi of its own commit into the job's Python.
    assert f"sakshi {_version()}" in steps[2].stdout


def test_a_pack_broken_by_an_edit_fails_the_generated_workflow(
    sakshi_repo: Sakshi, team_repo: Path, tmp_path: Path
) -> None:
    team = tmp_path / "team"
    subprocess.run(["git", "clone", "-q", str(team_repo), str(team)], check=True)
    live = team / "tools" / "evals" / "packs" / "live.yaml"
    text = live.read_text("utf-8")
    live.write_text(text.replace('"Delivery by: 15.03.2025"', '"Delivery by: 16.03.2025"'), "utf-8")
    git(team, "commit", "-qam", "a quote the document does not hold")
    job, steps = _ci(sakshi_repo, team, tmp_path)
    assert [(s.status, s.code) for s in steps][2:] == [("ran", 1), ("not reached", None)]
    [runner] = job.runners
    assert runner.action_outputs()["failed"] == "1"
    assert "starter-live" in runner.summary and "FABRICATED\\_SPAN" in runner.summary
    assert "::error title=sakshi::a pack did not hold" in steps[2].stdout


def test_the_action_installs_a_pinned_wheel_kept_in_the_repository(
    sakshi_repo: Sakshi, team_repo: Path, tmp_path: Path
) -> None:
    # Told otherwise: a wheel committed to the team's repository, pinned by its sha256.
    team = tmp_path / "team"
    subprocess.run(["git", "clone", "-q", str(team_repo), str(team)], check=True)
    wheel = build_wheel(team / "wheels")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    workflow = team / ".github" / "workflows" / "sakshi.yml"
    text = workflow.read_text("utf-8")
    pinned = f"file:wheels/{wheel.name}#sha256={digest}"
    workflow.write_text(text.replace('sakshi: ""', f'sakshi: "{pinned}"'), "utf-8")
    git(team, "add", "-A")
    git(team, "commit", "-qm", "sakshi from our own wheel")
    job, steps = _ci(sakshi_repo, team, tmp_path)
    assert [s.code for s in steps][2:] == [0, 0], [s.stdout + s.stderr for s in steps]
    # A byte changed in the wheel: pip's sha256 check fails the install, nothing is graded.
    wheel.write_bytes(wheel.read_bytes() + b"\0")
    git(team, "commit", "-qam", "a wheel that is not the one pinned")
    again = tmp_path / "again"
    again.mkdir()
    job, steps = _ci(sakshi_repo, team, again)
    [runner] = job.runners
    assert steps[2].code not in (0, None) and "HASH" in steps[2].stdout.upper()
    assert not (job.workspace / "tools" / "evals" / "reports").exists()
    assert runner.outputs.get("run") is None


def _version() -> str:
    from sakshi import __version__

    return __version__
