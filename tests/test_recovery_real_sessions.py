"""Real recorded Pi sessions through ``sakshi run recovery``, for every certified Pi version:
tests/fixtures/recovery/pi (0.73.1), pi-0.85.1 and pi-1.6.0.

Each folder was recorded by driving the real Pi coding agent with the scripted model
server (tests/support/record_pi.py) and labelled with what SPEC section 5 gives for the
session Pi actually wrote (expected.json). The validator must agree on every one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from pi_installs import CERTIFIED, FIXTURE_FOLDERS

from sakshi.cli import main

RECOVERY = Path(__file__).parent / "fixtures" / "recovery"
RUNS = [
    (version, run.name)
    for version in CERTIFIED
    for run in sorted((RECOVERY / FIXTURE_FOLDERS[version]).iterdir())
    if run.is_dir()
]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, Any]]]:
    """Each version's fixture folder run once: its report's cases by run folder."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for version in CERTIFIED:
        out = tmp_path_factory.mktemp("report") / "report.json"
        folder = RECOVERY / FIXTURE_FOLDERS[version]
        code = main(["run", "recovery", str(folder), "--format", "json", "--out", str(out)])
        assert code == 1  # the negatives fail, as they must
        data = json.loads(out.read_bytes())
        found[version] = {case["run"]: case for case in data["cases"]}
    return found


@pytest.mark.parametrize("version", CERTIFIED)
def test_every_fixture_is_reported(reports: dict[str, dict[str, dict]], version: str) -> None:
    assert sorted(reports[version]) == [run for v, run in RUNS if v == version]
    assert len(reports[version]) >= 16


@pytest.mark.parametrize(("version", "run"), RUNS, ids=[f"{v}-{r}" for v, r in RUNS])
def test_validator_agrees_with_the_label(
    reports: dict[str, dict[str, dict]], version: str, run: str
) -> None:
    folder = RECOVERY / FIXTURE_FOLDERS[version] / run
    expected = json.loads((folder / "expected.json").read_text("utf-8"))
    case = reports[version][run]
    assert case["status"] == expected["status"]
    assert sorted(case["reasons"]) == sorted(expected["reasons"])


@pytest.mark.parametrize("version", CERTIFIED)
def test_pass_and_fail_exist_for_each_kind(
    reports: dict[str, dict[str, dict]], version: str
) -> None:
    for kind in ("read-offset", "temp-output"):
        statuses = {c["status"] for run, c in reports[version].items() if run.startswith(kind)}
        assert statuses == {"pass", "fail"}


@pytest.mark.parametrize("version", CERTIFIED)
def test_real_sessions_are_pi_v3_and_carry_structured_handles(
    reports: dict[str, dict[str, dict]], version: str
) -> None:
    report = reports[version]
    assert report["temp-output-pass"]["evidence"]["handle"] == "structured"
    # Pi 1.6.0 keeps details.fullOutputPath on a failed bash; earlier Pis leave only the text.
    failed_handle = "structured" if version == "1.6.0" else "text"
    assert report["temp-output-producer-failed"]["evidence"]["handle"] == failed_handle
    assert report["read-offset-pass"]["evidence"]["offset"] == "text"
    session = RECOVERY / FIXTURE_FOLDERS[version] / "read-offset-pass" / "session.jsonl"
    header = json.loads(session.read_text("utf-8").splitlines()[0])
    assert header["type"] == "session" and header["version"] == 3


def test_pi_1x_sessions_open_with_a_system_message_that_is_skipped(
    reports: dict[str, dict[str, dict]],
) -> None:
    # 1.6.0 writes a system message (prompt sections, tool declarations) that 0.85.1 does not:
    # one more record skipped, the same events read.
    for run in ("read-offset-pass", "temp-output-pass"):
        old, new = reports["0.85.1"][run]["counts"], reports["1.6.0"][run]["counts"]
        assert new["skipped"] == old["skipped"] + 1
        assert {k: v for k, v in new.items() if k != "skipped"} == {
            k: v for k, v in old.items() if k != "skipped"
        }
