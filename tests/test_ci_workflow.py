"""The path a new team takes: pip install -> sakshi init -> edit a pack -> the generated CI
commands pass, in a fresh virtual environment, with nothing downloaded.

The wheel is this checkout's (tests/support/fresh_venv.py builds it by hand); pip reads
only the local wheelhouse. Each ``run:`` step of the generated workflow runs as written,
by bash, in the new project's root.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))
from fresh_venv import build_wheel, fresh_venv, pip_env


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("fresh")
    wheelhouse = base / "wheelhouse"
    build_wheel(wheelhouse)
    bin_folder = fresh_venv(base / "venv")
    return bin_folder, pip_env(bin_folder, wheelhouse)


def sh(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command],
        check=False,  # the exit code is what each test asserts
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def workflow_steps(project: Path, folder: str) -> list[str]:
    workflow = yaml.safe_load((project / folder / "ci" / "sakshi.yml").read_text("utf-8"))
    return [step["run"] for step in workflow["jobs"]["evidence-gate"]["steps"] if "run" in step]


def test_pip_install_init_edit_and_the_generated_ci_passes(
    venv: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    bin_folder, env = venv
    project = tmp_path / "team-repo"
    project.mkdir()
    from sakshi import __version__

    # pip install: the exact version, from the local wheel only.
    installed = sh(f"python -m pip install sakshi=={__version__}", project, env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (bin_folder / "sakshi").exists()
    assert sh("sakshi --version", project, env).stdout.strip() == f"sakshi {__version__}"

    made = sh("sakshi init evals", project, env)
    assert made.returncode == 0, made.stderr
    # Edit a pack, as a team would: a new title, the matter reworded.
    live = project / "evals" / "packs" / "live.yaml"
    text = live.read_text("utf-8")
    live.write_text(
        text.replace('title: "Starter: a late delivery, everything served"', 'title: "Ours"'),
        "utf-8",
    )

    steps = workflow_steps(project, "evals")
    assert steps[0] == "python -m pip install -r evals/ci/requirements.txt"
    for step in steps:
        done = sh(step, project, env)
        assert done.returncode == 0, (step, done.stdout, done.stderr)
    report = json.loads((project / "evals" / "reports" / "sakshi.json").read_text("utf-8"))
    assert (report["held"], report["failed"]) == (4, 0)
    assert (project / "evals" / "reports" / "sakshi.xml").read_text("utf-8").startswith("<?xml")


def test_a_pack_broken_by_an_edit_fails_the_generated_ci(
    venv: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    _bin, env = venv
    project = tmp_path / "team-repo"
    project.mkdir()
    from sakshi import __version__

    assert sh(f"python -m pip install sakshi=={__version__}", project, env).returncode == 0
    assert sh("sakshi init evals", project, env).returncode == 0
    live = project / "evals" / "packs" / "live.yaml"
    # A quote that is not in the document: the pack goes red, the gate exits 1.
    text = live.read_text("utf-8")
    live.write_text(text.replace('"Delivery by: 15.03.2025"', '"Delivery by: 16.03.2025"'), "utf-8")
    steps = workflow_steps(project, "evals")
    grade = next(step for step in steps if step.startswith("sakshi run context"))
    for step in steps[: steps.index(grade)]:
        assert sh(step, project, env).returncode == 0
    done = sh(grade, project, env)
    assert done.returncode == 1, done.stderr
    # The files hold the reports and stderr names the pack that did not hold, with why.
    assert "NOT HELD starter-live" in done.stderr and "FABRICATED_SPAN" in done.stderr
    assert (
        json.loads((project / "evals" / "reports" / "sakshi.json").read_text("utf-8"))["failed"]
        == 1
    )
