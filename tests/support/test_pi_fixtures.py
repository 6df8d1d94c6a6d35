"""The recorded Pi sessions (tests/fixtures/recovery/pi) are complete and labelled by the
recovery rules; with ``SAKSHI_PI_BIN`` set to a ``pi`` executable, two scenarios are
recorded live against the scripted model and judged the same way."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pi_scenarios import SCENARIOS
from record_pi import DEFAULT_CORPUS, judge, record

from sakshi.recovery.corpus_file import load_corpus

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "recovery" / "pi"
CORPUS = load_corpus(DEFAULT_CORPUS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_fixture_is_recorded_and_labelled(scenario) -> None:
    folder = FIXTURES / scenario.name
    case_id = json.loads((folder / "case.json").read_text())["case_id"]
    assert case_id == scenario.case_id and case_id in CORPUS.cases
    header = json.loads((folder / "session.jsonl").read_text().splitlines()[0])
    assert header["type"] == "session" and header["version"] == 3
    expected = json.loads((folder / "expected.json").read_text())
    assert expected == {"status": scenario.status, "reasons": sorted(scenario.reasons)}
    probe_file = folder / "probe.json"
    probe = json.loads(probe_file.read_text()) if probe_file.exists() else None
    assert (probe is not None) == (scenario.harness is not None)
    status, reasons = judge(CORPUS.cases[case_id], folder / "session.jsonl", probe)
    assert {"status": status, "reasons": reasons} == expected


def test_no_unknown_fixture_folders() -> None:
    folders = {p.name for p in FIXTURES.iterdir() if p.is_dir()}
    assert folders == {s.name for s in SCENARIOS}


@pytest.mark.skipif(
    not os.environ.get("SAKSHI_PI_BIN"), reason="SAKSHI_PI_BIN (a pi executable) not set"
)
@pytest.mark.parametrize("name", ["temp-output-pass", "read-offset-pass"])
def test_live_pi_records_the_planned_label(tmp_path: Path, name: str) -> None:
    scenario = next(s for s in SCENARIOS if s.name == name)
    outcome = record(
        scenario, CORPUS.cases[scenario.case_id], os.environ["SAKSHI_PI_BIN"], tmp_path, 180.0
    )
    assert outcome["judged"] == outcome["planned"]
