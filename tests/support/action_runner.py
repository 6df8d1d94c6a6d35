"""GitHub's runner, offline: a composite action's steps (``action.yml``) and a workflow
job's steps run as the runner runs them.

Each ``run:`` script runs with bash, the step's ``env:`` expressions filled in, GITHUB_*
variables and files set, GITHUB_ENV and GITHUB_OUTPUT carried between steps; ``uses:``
steps of GitHub's own actions are recorded, not run (checkout and setup-python are done
by the test: the workspace is a clone, the Python is first on PATH). No network: pip may
use no index, and where the machine allows it each script runs in a network namespace of
its own with only loopback.

Not a test module: the action's tests import it (each puts ``tests/support`` on
``sys.path`` first).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
BASE_PATH = "/usr/local/bin:/usr/bin:/bin"


@cache
def _isolation() -> list[str]:
    """``unshare --net`` when it works here (root, or user namespaces), else nothing."""
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, check=False)
    return ["unshare", "--net"] if probe.returncode == 0 else []


def load_action(action_path: Path) -> dict[str, Any]:
    """The action.yml at ``action_path``, parsed."""
    data = yaml.safe_load((action_path / "action.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@dataclass
class StepRun:
    """What one step did: ``skipped`` (its ``if:``), ``uses`` (recorded), or its exit code."""

    name: str
    status: str
    code: int | None = None
    stdout: str = ""
    stderr: str = ""


@dataclass
class Runner:
    """A composite action's steps run as GitHub's runner runs them, offline.

    ``extra_env`` is the job's environment beyond the runner's own (PATH with the job's
    Python first, PIP_FIND_LINKS for a local wheelhouse); ``files`` and ``added_env``
    may be a job's, shared with its other steps."""

    workspace: Path
    inputs: dict[str, str]
    action_path: Path = REPO
    extra_env: dict[str, str] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    added_env: dict[str, str] = field(default_factory=dict)
    action: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.action = load_action(self.action_path)
        defaults = {
            name: str(spec.get("default", "")) for name, spec in self.action["inputs"].items()
        }
        unknown = set(self.inputs) - set(defaults)
        assert not unknown, f"the action has no input {unknown}"
        self.inputs = {**defaults, **self.inputs}
        # Never the test environment's own sakshi replaced by a build of the action's.
        assert self.inputs["sakshi"] or self.inputs["python"] not in ("", sys.executable), (
            "give `sakshi` (already installed) when the action installs into the test's Python"
        )
        if not self.files:
            self.files.update(job_files(self.workspace))

    def value(self, expression: str) -> str:
        kind, _, rest = expression.partition(".")
        if kind == "inputs":
            return self.inputs[rest]
        if kind == "steps":
            step_id, _, output = rest.partition(".outputs.")
            return self.outputs.get(step_id, {}).get(output, "")
        raise AssertionError(f"this runner does not know ${{{{ {expression} }}}}")

    def fill(self, text: str) -> str:
        return _EXPRESSION.sub(lambda match: self.value(match.group(1)), text)

    def condition(self, text: str) -> bool:
        match = re.fullmatch(r"(\S+) == '([^']*)'", text.strip())
        assert match, f"this runner does not know the condition {text!r}"
        return self.value(match.group(1)) == match.group(2)

    def environment(self, step: Mapping[str, Any]) -> dict[str, str]:
        base = job_environment(self.workspace, self.files)
        base["GITHUB_ACTION_PATH"] = str(self.action_path)
        filled = {key: self.fill(str(raw)) for key, raw in (step.get("env") or {}).items()}
        return {**base, **self.extra_env, **self.added_env, **filled}

    def _read_commands(self, step_id: str | None) -> None:
        self.added_env.update(read_env_file(self.files["ENV"]))
        pairs = self.files["OUTPUT"].read_text(encoding="utf-8").splitlines()
        if step_id is not None:
            self.outputs[step_id] = dict(line.partition("=")[::2] for line in pairs)
        self.files["OUTPUT"].write_text("", encoding="utf-8")

    def run_step(self, index: int, step: Mapping[str, Any]) -> StepRun:
        name = step.get("name", f"step {index}")
        if "if" in step and not self.condition(step["if"]):
            return StepRun(name, "skipped")
        if "uses" in step:
            return StepRun(name, "uses")
        assert step["shell"] == "bash" and "${{" not in step["run"], name
        proc = run_script(step["run"], self.workspace, self.environment(step), f"action-{index}")
        self._read_commands(step.get("id"))
        return StepRun(name, "ran", proc.returncode, proc.stdout, proc.stderr)

    def step(self, name: str) -> StepRun:
        """The one step called ``name`` run alone (no earlier step's effects)."""
        [(index, step)] = [
            (i, s) for i, s in enumerate(self.action["runs"]["steps"]) if s.get("name") == name
        ]
        return self.run_step(index, step)

    def run(self) -> list[StepRun]:
        """Every step in order; after a failed step the rest are skipped (no always())."""
        done: list[StepRun] = []
        for index, step in enumerate(self.action["runs"]["steps"]):
            if any(earlier.code not in (None, 0) for earlier in done):
                done.append(StepRun(step.get("name", f"step {index}"), "not reached"))
                continue
            done.append(self.run_step(index, step))
        return done

    def action_outputs(self) -> dict[str, str]:
        return {name: self.fill(spec["value"]) for name, spec in self.action["outputs"].items()}

    @property
    def summary(self) -> str:
        return self.files["STEP_SUMMARY"].read_text(encoding="utf-8")


def job_files(workspace: Path) -> dict[str, Path]:
    """The runner's temp folder and its GITHUB_ENV, _OUTPUT, _STEP_SUMMARY and _PATH files
    for a job in ``workspace`` (beside it, as on a runner)."""
    runner = workspace.parent / "runner"
    (runner / "temp").mkdir(parents=True, exist_ok=True)
    files = {name: runner / name.lower() for name in ("ENV", "OUTPUT", "STEP_SUMMARY", "PATH")}
    for path in files.values():
        path.touch()
    return files


def job_environment(workspace: Path, files: Mapping[str, Path]) -> dict[str, str]:
    """What the runner sets for every step of a job on a Linux runner, offline."""
    base = {
        "PATH": BASE_PATH,
        "HOME": str(workspace.parent),
        "LANG": "C.UTF-8",
        "CI": "true",
        "GITHUB_ACTIONS": "true",
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_REPOSITORY": "team/agent",
        "GITHUB_SHA": "0" * 40,
        "RUNNER_OS": "Linux",
        "RUNNER_TEMP": str(workspace.parent / "runner" / "temp"),
        # No index: pip may only find what is installed, or a local wheelhouse.
        "PIP_NO_INDEX": "1",
        "PIP_CONFIG_FILE": "/dev/null",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    base.update({f"GITHUB_{name}": str(path) for name, path in files.items()})
    return base


def read_env_file(path: Path) -> dict[str, str]:
    """The NAME=value lines a step appended to GITHUB_ENV (the file is emptied)."""
    pairs = dict(line.partition("=")[::2] for line in path.read_text("utf-8").splitlines())
    path.write_text("", encoding="utf-8")
    return pairs


def run_script(
    script: str, cwd: Path, env: Mapping[str, str], name: str
) -> subprocess.CompletedProcess[str]:
    """``script`` run by bash as the runner runs a ``run:`` step (``-eo pipefail``)."""
    path = cwd.parent / "runner" / f"{name}.sh"
    path.write_text(script, encoding="utf-8")
    argv = [*_isolation(), "bash", "--noprofile", "--norc", "-eo", "pipefail", str(path)]
    return subprocess.run(
        argv, capture_output=True, text=True, cwd=cwd, env=dict(env), check=False, timeout=600
    )


@dataclass
class Job:
    """A workflow job's steps: ``run:`` scripts by bash; ``uses: actions/...`` recorded
    (the test made the clone and the Python); any other ``uses:`` is sakshi's Action,
    run by a Runner from the folder ``resolve`` gives for its ``OWNER/REPO@REF``."""

    workspace: Path
    resolve: Callable[[str], Path]
    extra_env: dict[str, str] = field(default_factory=dict)
    runners: list[Runner] = field(default_factory=list)

    def run(self, steps: list[Mapping[str, Any]]) -> list[StepRun]:
        """Every step in order; after a failed one the rest are not reached."""
        files = job_files(self.workspace)
        added: dict[str, str] = {}
        done: list[StepRun] = []
        for index, step in enumerate(steps):
            name = str(step.get("name") or step.get("uses") or step.get("run"))
            if any(earlier.code not in (None, 0) for earlier in done):
                done.append(StepRun(name, "not reached"))
            elif "run" in step:
                env = {**job_environment(self.workspace, files), **self.extra_env, **added}
                proc = run_script(step["run"], self.workspace, env, f"job-{index}")
                added.update(read_env_file(files["ENV"]))
                done.append(StepRun(name, "ran", proc.returncode, proc.stdout, proc.stderr))
            elif str(step["uses"]).startswith("actions/"):
                done.append(StepRun(name, "uses"))
            else:
                done.append(self._action(step, files, added))
        return done

    def _action(
        self, step: Mapping[str, Any], files: dict[str, Path], added: dict[str, str]
    ) -> StepRun:
        inputs = {key: str(value) for key, value in (step.get("with") or {}).items()}
        runner = Runner(
            self.workspace,
            inputs,
            action_path=self.resolve(str(step["uses"])),
            extra_env=self.extra_env,
            files=files,
            added_env=added,
        )
        self.runners.append(runner)
        steps = runner.run()
        failed = [s for s in steps if s.code not in (None, 0)]
        code = failed[0].code if failed else 0
        text = "\n".join(f"{s.name}: {s.status} {s.code}\n{s.stdout}{s.stderr}" for s in steps)
        return StepRun(str(step["uses"]), "ran", code, text, "")
