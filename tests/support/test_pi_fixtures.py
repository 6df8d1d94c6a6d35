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
from sakshi.recovery.readers import read_trace
from sakshi.recovery.validate import validate

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


@pytest.mark.parametrize("twin", [2001.0, True, "2001", [2001]], ids=repr)
def test_an_offset_that_is_no_json_integer_continues_nothing(tmp_path: Path, twin: object) -> None:
    """The passing read-offset session with its continuation's offset written as a float,
    a boolean, a string or a list: the judge refuses it as sakshi's validator does."""
    folder = RECOVERY / "pi" / "read-offset-pass"
    case = CORPUS.cases[json.loads((folder / "case.json").read_text())["case_id"]]
    text = (folder / "session.jsonl").read_text()
    assert text.count('"offset":2001') == 1
    session = tmp_path / "session.jsonl"
    session.write_text(text.replace('"offset":2001', f'"offset":{json.dumps(twin)}'))
    assert judge(case, session, None) == ("fail", ["WRONG_OFFSET"])
    result = validate(case, read_trace(session.read_bytes(), session.name))
    assert (result.status.value, [r.value for r in result.reasons]) == ("fail", ["WRONG_OFFSET"])


@pytest.mark.parametrize("twin", [1.0, True, "1"], ids=repr)
def test_a_first_read_at_no_json_integer_tells_no_offset(tmp_path: Path, twin: object) -> None:
    """The same session with its first read at ``offset`` 1.0, true or "1": that read starts
    nowhere known, so its "Use offset=2001" tells nothing: no read of the source told an
    offset (PRODUCER_FAILED), and the read at 2001 continues nothing."""
    folder = RECOVERY / "pi" / "read-offset-pass"
    case = CORPUS.cases[json.loads((folder / "case.json").read_text())["case_id"]]
    first = '"arguments":{"path":"notes/big.txt"}'
    text = (folder / "session.jsonl").read_text()
    assert text.count(first) == 1
    session = tmp_path / "session.jsonl"
    twin_args = f'"arguments":{{"path":"notes/big.txt","offset":{json.dumps(twin)}}}'
    session.write_text(text.replace(first, twin_args))
    assert judge(case, session, None) == ("fail", ["PRODUCER_FAILED"])
    result = validate(case, read_trace(session.read_bytes(), session.name))
    assert (result.status.value, [r.value for r in result.reasons]) == (
        "fail",
        ["PRODUCER_FAILED"],
    )


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
