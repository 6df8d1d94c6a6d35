"""The release workflow (.github/workflows/release.yml): on a pushed tag it builds and
checks the sdist and wheel, then publishes them with PyPI's trusted publishing.

Publishing cannot run here (no network): its shape is checked, and the version check,
the one step that decides with local files only, runs as the runner runs it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
WORKFLOW_FILE = REPO / ".github" / "workflows" / "release.yml"
# YAML 1.1 reads the key `on` as true: PyYAML's safe_load does too.
WORKFLOW: dict[Any, Any] = yaml.safe_load(WORKFLOW_FILE.read_text("utf-8"))
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def _steps(job: str) -> list[dict[str, Any]]:
    steps = WORKFLOW["jobs"][job]["steps"]
    assert isinstance(steps, list)
    return steps


def _step(job: str, name: str) -> dict[str, Any]:
    [step] = [s for s in _steps(job) if s.get("name") == name]
    return step


def test_it_runs_on_a_pushed_version_tag_only() -> None:
    assert WORKFLOW[True] == {"push": {"tags": ["v*"]}}
    assert WORKFLOW["permissions"] == {"contents": "read"}


def test_the_build_job_builds_checks_installs_and_grades_before_anything_is_published() -> None:
    build = WORKFLOW["jobs"]["build"]
    assert "permissions" not in build  # only the workflow's contents: read
    runs = "\n".join(step.get("run", "") for step in _steps("build"))
    assert re.search(r"pip install build==\d+\.\d+\.\d+ twine==\d+\.\d+\.\d+", runs)
    assert "python -m build\n" in runs
    assert "python -m twine check --strict dist/*" in runs
    install = _step(
        "build", "Install the wheel into a fresh virtual environment and grade the shipped packs"
    )
    assert 'python -m venv "$RUNNER_TEMP/check"' in install["run"]
    assert "pip install dist/*.whl" in install["run"]
    assert '"$RUNNER_TEMP/check/bin/sakshi" run context' in install["run"]
    [upload] = [
        s for s in _steps("build") if s.get("uses", "").startswith("actions/upload-artifact@")
    ]
    assert upload["with"]["name"] == "dist" and upload["with"]["if-no-files-found"] == "error"


def test_publishing_is_trusted_publishing_after_the_build_with_only_id_token() -> None:
    publish = WORKFLOW["jobs"]["publish"]
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    uses = [step["uses"] for step in publish["steps"]]
    assert uses[-1].startswith("pypa/gh-action-pypi-publish@")
    assert not any("password" in (step.get("with") or {}) for step in publish["steps"])


def test_no_expression_is_spliced_into_a_script() -> None:
    for job in WORKFLOW["jobs"]:
        for step in _steps(job):
            assert "${{" not in step.get("run", ""), step


@pytest.mark.parametrize(
    ("tag", "code"),
    [(f"v{VERSION}", 0), ("v99.0.0", 1), (VERSION, 1), (f"v{VERSION}; touch pwned", 1)],
)
def test_the_tag_must_name_this_version(tmp_path: Path, tag: str, code: int) -> None:
    (tmp_path / "src" / "sakshi").mkdir(parents=True)
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    shutil.copy(REPO / "src" / "sakshi" / "__init__.py", tmp_path / "src" / "sakshi")
    step = _step("build", "The tag names this version")
    # setup-python's `python` first on PATH: the test's own.
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "TAG": tag}
    assert step["env"] == {"TAG": "${{ github.ref_name }}"}
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == code, done.stdout + done.stderr
    if code:
        assert done.stdout.startswith("::error title=release::the tag")
    assert not (tmp_path / "pwned").exists()


def test_the_releasing_guide_names_what_pypi_must_trust() -> None:
    guide = (REPO / "docs" / "releasing.md").read_text("utf-8")
    for needed in ("pending publisher", "`release.yml`", "`pypi`", "git push origin vX.Y.Z"):
        assert needed in guide, needed
