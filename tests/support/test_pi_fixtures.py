"""The recorded Pi sessions of every certified Pi version (tests/fixtures/recovery/pi for
0.73.1, pi-<version> for the others) are complete and labelled by the recovery rules; with
each version installed (``pi_installs``: required when ``SAKSHI_PI_BINS`` is set), two
scenarios are recorded live against the scripted model and judged the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pi_installs import CERTIFIED, FIXTURE_FOLDERS, require_install
from pi_judge import judge
from pi_scenarios import SCENARIOS, Scenario
from record_pi import DEFAULT_CORPUS, record

from sakshi.recovery.corpus_file import load_corpus

RECOVERY = Path(__file__).resolve().parents[1] / "fixtures" / "recovery"
CORPUS = load_corpus(DEFAULT_CORPUS)


@pytest.mark.parametrize("version", CERTIFIED)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_fixture_is_recorded_and_labelled(version: str, scenario: Scenario) -> None:
    folder = RECOVERY / FIXTURE_FOLDERS[version] / scenario.name
    case_id = json.loads((folder / "case.json").read_text())["case_id"]
    assert case_id == scenario.case_id and case_id in CORPUS.cases
    header = json.loads((folder / "session.jsonl").read_text().splitlines()[0])
    assert header["type"] == "session" and header["version"] == 3
    expected = json.loads((folder / "expected.json").read_text())
    assert expected == scenario.label(version).as_json()
    probe_file = folder / "probe.json"
    probe = json.loads(probe_file.read_text()) if probe_file.exists() else None
    assert (probe is not None) == (scenario.harness is not None)
    status, reasons = judge(CORPUS.cases[case_id], folder / "session.jsonl", probe)
    assert {"status": status, "reasons": reasons} == expected


@pytest.mark.parametrize("version", CERTIFIED)
def test_no_unknown_fixture_folders(version: str) -> None:
    folders = {p.name for p in (RECOVERY / FIXTURE_FOLDERS[version]).iterdir() if p.is_dir()}
    assert folders == {s.name for s in SCENARIOS}


@pytest.mark.parametrize("version", CERTIFIED)
@pytest.mark.parametrize("name", ["temp-output-pass", "read-offset-pass"])
def test_live_pi_records_the_planned_label(tmp_path: Path, version: str, name: str) -> None:
    pi = require_install(version)
    scenario = next(s for s in SCENARIOS if s.name == name)
    outcome = record(scenario, CORPUS.cases[scenario.case_id], pi, tmp_path, 180.0)
    assert outcome["judged"] == outcome["planned"]
