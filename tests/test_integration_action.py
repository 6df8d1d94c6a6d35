"""The GitHub Action (action.yml at the repository's root): its job summary, then its
steps run as a runner runs a composite action (tests/support/action_runner.py), offline.

These runs install into the test's own Python, where sakshi is installed already, so
they name ``sakshi==VERSION`` (pip finds it satisfied); the Action's default, the sakshi
of its own commit built from a clean checkout, is run by tests/test_ci_workflow.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from action_runner import Runner, StepRun, load_action
from integration_cases import CASES, DOCS, doc_files

from sakshi.inputs.yamlwrite import dump_yaml
from sakshi.integrations.summary import MAX_PACKS, main, render_summary

REPO = Path(__file__).resolve().parents[1]
ACTION = load_action(REPO)
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
# The sakshi the test's Python has: pip finds it installed (no index, nothing replaced).
INSTALLED = {"python": sys.executable, "sakshi": f"sakshi=={VERSION}"}
BY_NAME = {case.name: case for case in CASES}


def _report(folder: Path, names: list[str], expect: Mapping[str, str] | None = None) -> Any:
    """run context's JSON report on the named cases (``expect`` overrides a pack's)."""
    for name in names:
        pack = {**BY_NAME[name].pack(), "expect": (expect or {}).get(name, BY_NAME[name].expect)}
        (folder / f"{name}.yaml").write_bytes(dump_yaml(pack))
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "run", "context", str(folder), "--format", "json"],
        capture_output=True,
        cwd=folder,
        check=False,
    )
    return json.loads(proc.stdout)


# --- the job summary -----------------------------------------------------------------------


def test_the_summary_gives_counts_and_each_red_pack_with_reasons(tmp_path: Path) -> None:
    names = ["green-three-anchors", "red-fabricated", "red-why-and-cite"]
    report = _report(tmp_path, names, expect={"red-fabricated": "green"})
    text = render_summary(report, exit_code=1)
    assert "| 3 | 2 | 1 | 1 | 2 | 1 (a pack did not hold) |" in text
    assert "| red-fabricated | red | green | **did not hold** | FABRICATED\\_SPAN |" in text
    assert "| red-why-and-cite | red | red | held | WHY\\_MISSING, CITE\\_MISSING |" in text
    assert "green-three-anchors" not in text  # a green pack that held is only counted
    assert "#### red-fabricated" in text
    assert "QUOTE\\_NOT\\_FOUND at document 'grn-117', page 2" in text  # the diagnosis


def test_an_all_green_summary_has_no_red_section(tmp_path: Path) -> None:
    text = render_summary(_report(tmp_path, ["green-none", "green-turn-object"]), exit_code=0)
    assert "| 2 | 2 | 0 | 2 | 0 | 0 (every pack held) |" in text
    assert "Red packs" not in text


def test_pack_text_cannot_inject_markdown_or_html() -> None:
    hostile = "<script>alert(1)</script> | **bold** [link](http://x) `code`\n# heading"
    report = {
        "packs": [
            {
                "id": "p",
                "title": hostile,
                "verdict": "red",
                "expect": "green",
                "held": False,
                "reasons": ["FABRICATED_SPAN"],
                "findings": [
                    {"reason": "FABRICATED_SPAN", "detail": hostile, "diagnosis": [hostile]}
                ],
            }
        ]
    }
    text = render_summary(report, exit_code=1)
    assert "<script>" not in text and "&lt;script" in text
    assert "\n# heading" not in text and "**bold**" not in text
    assert "\\| \\*\\*bold\\*\\* \\[link\\](http://x) \\`code\\`" in text


def test_the_list_stops_at_max_packs() -> None:
    packs = [
        {"id": f"p{i}", "verdict": "red", "expect": "green", "held": False, "reasons": ["X"]}
        for i in range(MAX_PACKS + 7)
    ]
    text = render_summary({"packs": packs}, exit_code=1)
    assert text.count("#### p") == MAX_PACKS
    assert "and 7 more" in text


def test_no_report_says_it_could_not_grade_with_the_message(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    log.write_text("sakshi: error: packs/bad.yaml: documents: ``` missing\n", encoding="utf-8")
    out = tmp_path / "summary.md"
    with out.open("w", encoding="utf-8") as handle, pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", handle)
        assert main([str(tmp_path / "absent.json"), "--exit-code", "2", "--log", str(log)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "sakshi could not grade (exit 2)" in text
    assert "````text\nsakshi: error: packs/bad.yaml: documents: ``` missing\n````" in text


# --- the action's steps, as a runner runs them (tests/support/action_runner.py) -------------


def _workspace(tmp_path: Path, packs: list[dict[str, Any]]) -> Path:
    workspace = tmp_path / "workspace"
    (workspace / "packs").mkdir(parents=True)
    for pack in packs:
        (workspace / "packs" / f"{pack['id']}.yaml").write_bytes(dump_yaml(pack))
    return workspace


@pytest.fixture(scope="module")
def red_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Runner, list[StepRun]]:
    packs = [BY_NAME["green-three-anchors"].pack(), BY_NAME["red-why-and-cite"].pack()]
    packs.append({**BY_NAME["red-fabricated"].pack(), "expect": "green"})
    runner = Runner(
        _workspace(tmp_path_factory.mktemp("action"), packs), {**INSTALLED, "packs": "packs"}
    )
    return runner, runner.run()


def test_the_action_runs_the_packs_and_fails_the_job_on_a_pack_that_did_not_hold(
    red_run: tuple[Runner, list[StepRun]],
) -> None:
    runner, steps = red_run
    [check, install, run, summary, upload, verdict] = steps
    assert (check.code, install.status, install.code) == (0, "ran", 0), install.stderr
    assert f"sakshi {VERSION}" in install.stdout
    assert (run.code, summary.code) == (0, 0), run.stderr + summary.stderr
    assert upload.status == "uses"
    assert verdict.code == 1
    assert verdict.stdout.startswith("::error title=sakshi::a pack did not hold")
    assert runner.action_outputs() == {
        "exit-code": "1",
        "held": "2",
        "failed": "1",
        "report-dir": "sakshi-report",
    }
    report = runner.workspace / "sakshi-report"
    assert sorted(p.name for p in report.iterdir()) == [
        "identity.json",
        "junit.xml",
        "report.html",
        "results.json",
        "run.log",
    ]
    assert b'failures="1"' in (report / "junit.xml").read_bytes()


def test_the_job_summary_shows_the_red_packs(red_run: tuple[Runner, list[StepRun]]) -> None:
    summary = red_run[0].summary
    assert summary.startswith("## sakshi: context packs")
    assert "| 3 | 2 | 1 | 1 | 2 | 1 (a pack did not hold) |" in summary
    assert "**did not hold** | FABRICATED\\_SPAN |" in summary
    assert "WHY\\_MISSING, CITE\\_MISSING" in summary


def test_a_pack_that_cannot_be_read_is_exit_2_in_the_summary(tmp_path: Path) -> None:
    broken = {**BY_NAME["green-none"].pack(), "documents": [{"id": "x"}]}
    runner = Runner(_workspace(tmp_path, [broken]), {**INSTALLED, "packs": "packs"})
    steps = runner.run()
    assert [step.code for step in steps if step.status == "ran"] == [0, 0, 0, 0, 2]
    assert runner.action_outputs()["exit-code"] == "2"
    assert "sakshi could not grade (exit 2)" in runner.summary
    assert "documents[0]" in runner.summary  # sakshi's own message, from run.log


@pytest.mark.parametrize(
    "requirement", ["sakshi", "sakshi>=0.1", "sakshi==0.*", "sakshi @ https://x/s.whl", "-e ."]
)
def test_an_unpinned_sakshi_is_refused_before_anything_runs(
    tmp_path: Path, requirement: str
) -> None:
    runner = Runner(_workspace(tmp_path, []), {"sakshi": requirement, "python": sys.executable})
    check, *rest = runner.run()
    assert check.code == 2, check.stderr
    assert check.stdout.startswith("::error title=sakshi::the 'sakshi' input: ")
    assert "is not pinned" in check.stdout or "option" in check.stdout
    assert {step.status for step in rest} == {"not reached"}
    # Every form, and that the rule is init's own: tests/hostile/test_action_pins.py.


def test_the_action_pins_this_sakshi_and_passes_inputs_only_through_env() -> None:
    # Empty: the sakshi of the commit the workflow's `uses:` names (its own files).
    assert ACTION["inputs"]["sakshi"]["default"] == ""
    assert ACTION["runs"]["using"] == "composite"
    for step in ACTION["runs"]["steps"]:
        if "run" in step:
            assert "${{" not in step["run"], step["name"]  # no expression spliced into shell
        else:
            assert re.fullmatch(r"actions/[a-z-]+@v\d+", step["uses"]), step["uses"]


def test_the_docs_list_every_input_and_use_only_real_ones() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for name, spec in ACTION["inputs"].items():
        default = spec.get("default") or "(empty)"
        assert f"| `{name}` | {default if default == '(empty)' else f'`{default}`'} |" in docs
    workflow = yaml.safe_load(doc_files()[".github/workflows/sakshi.yml"])
    [ours] = [
        s for s in workflow["jobs"]["evidence-gate"]["steps"] if "/sakshi@" in s.get("uses", "")
    ]
    assert set(ours["with"]) <= set(ACTION["inputs"])
    # At a full commit, installing the sakshi of that commit (no index is asked for it).
    assert re.fullmatch(r"OWNER/sakshi@<40-hex commit>", ours["uses"])
    assert "sakshi" not in ours["with"]
