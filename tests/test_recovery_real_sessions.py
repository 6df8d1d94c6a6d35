"""Real recorded Pi sessions (tests/fixtures/recovery/pi) through ``sakshi run recovery``.

Each folder was recorded by driving the real Pi coding agent with the scripted model
server (tests/support/record_pi.py) and labelled with what SPEC section 5 gives for the
session Pi actually wrote (expected.json). The validator must agree on every one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sakshi.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "recovery" / "pi"
RUNS = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("report") / "report.json"
    code = main(["run", "recovery", str(FIXTURES), "--format", "json", "--out", str(out)])
    assert code == 1  # the negatives fail, as they must
    data = json.loads(out.read_bytes())
    return {case["run"]: case for case in data["cases"]}


def test_every_fixture_is_reported(report: dict[str, dict]) -> None:
    assert sorted(report) == RUNS
    assert len(RUNS) >= 16


@pytest.mark.parametrize("run", RUNS)
def test_validator_agrees_with_the_label(report: dict[str, dict], run: str) -> None:
    expected = json.loads((FIXTURES / run / "expected.json").read_text("utf-8"))
    case = report[run]
    assert case["status"] == expected["status"]
    assert sorted(case["reasons"]) == sorted(expected["reasons"])


def test_pass_and_fail_exist_for_each_kind(report: dict[str, dict]) -> None:
    for kind in ("read-offset", "temp-output"):
        statuses = {c["status"] for run, c in report.items() if run.startswith(kind)}
        assert statuses == {"pass", "fail"}


def test_real_sessions_are_pi_v3_and_carry_structured_handles(report: dict[str, dict]) -> None:
    assert report["temp-output-pass"]["evidence"]["handle"] == "structured"
    assert report["temp-output-producer-failed"]["evidence"]["handle"] == "text"
    assert report["read-offset-pass"]["evidence"]["offset"] == "text"
    header = json.loads(
        (FIXTURES / "read-offset-pass")
        .glob("*.jsonl")
        .__next__()
        .read_text("utf-8")
        .splitlines()[0]
    )
    assert header["type"] == "session" and header["version"] == 3
