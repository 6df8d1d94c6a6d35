"""Hostile: a hand-typed report laundered into a proven one by ``report reinterpret``.

A report is a JSON file anyone can type. ``report reinterpret`` kept a case of a report
declaring ``sakshi.recovery-report.v2`` "as it is" when its verdict held together, and
stamped the new report with this machine's identity: ten lines typed by hand came out as
a ``pass`` that this machine seemed to have run. sakshi writes no seal into its reports
that could be checked offline without a secret, so no old report proves anything here:

- every case of the new report is ``unknown`` (no reasons, no evidence, no tool names,
  task and strategy null), whatever the old one claims, a report sakshi wrote included;
- what the old case claimed is kept apart, under ``claimed``, as enums and known names;
- ``identity`` stays the old report's (screened, null when it has none), and this run's is
  ``reinterpreted_by``; ``reinterpreted_from.sealed`` is false.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import FACT, good_runs, run_recovery, write_corpus

from sakshi.cli import main
from sakshi.identity import run_identity
from sakshi.recovery.corpus import FactScreen
from sakshi.recovery.corpus_file import load_corpus
from sakshi.reports.reinterpret import reinterpret

CANARY = "CANARY-Zq81-7731"
UNPROVEN: dict[str, Any] = {
    "status": "unknown",
    "reasons": [],
    "task_pass": None,
    "strategy_pass": None,
    "tool_names": [],
    "counts": {},
    "evidence": {"handle": "none", "offset": "none"},
}
OLD_IDENTITY: dict[str, Any] = {
    "identity": "sakshi.run-identity.v1",
    "versions": {"sakshi": "0.0.9", "validator": "sakshi.validator.v2"},
    "git": {"head": "0123456789abcdef0123456789abcdef01234567", "dirty": False},
    "sources": {},
    "runtime": {"python": "3.11.2", "platform": "linux", "arch": "x86_64"},
    "agent": None,
    "config": {"timeout": 600},
}


def typed_pass(**extra: Any) -> dict[str, Any]:
    """A v2 pass as a person types it: a consistent verdict, with evidence, and no run."""
    return {
        "id": "t.temp",
        "run": "run-a",
        "status": "pass",
        "reasons": [],
        "task_pass": True,
        "strategy_pass": True,
        "tool_names": ["bash", "read"],
        "counts": {"events": 9, "tool_calls": 2},
        "evidence": {"handle": "structured"},
        **extra,
    }


def typed_report(**extra: Any) -> dict[str, Any]:
    return {"report": "sakshi.recovery-report.v2", "cases": [typed_pass()], **extra}


def reinterpret_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: object, *extra: str
) -> tuple[dict[str, Any], str]:
    """``sakshi report reinterpret`` on ``old`` (written to a new file); exit 0 asserted."""
    source = tmp_path / f"old-{len(list(tmp_path.glob('old-*')))}.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    new = source.with_name(f"new-{source.name}")
    code = main(["report", "reinterpret", str(source), "--out", str(new), *extra])
    _, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(new.read_bytes()), err


def test_a_hand_typed_v2_pass_comes_out_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, err = reinterpret_cli(tmp_path, capsys, typed_report())
    (case,) = report["cases"]
    assert {k: case[k] for k in UNPROVEN} == UNPROVEN
    assert (case["id"], case["run"]) == ("t.temp", "run-a")
    assert report["summary"] == {"pass": 0, "fail": 0, "unknown": 1, "error": 0}
    assert report["reinterpreted_from"]["sealed"] is False
    assert "all unknown" in err and "no report carries a seal sakshi can check" in err


def test_what_the_old_case_claimed_is_kept_apart_as_enums(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, _ = reinterpret_cli(tmp_path, capsys, typed_report())
    assert report["cases"][0]["claimed"] == {
        "status": "pass",
        "reasons": [],
        "task_pass": "pass",
        "strategy_pass": "pass",
        "tool_names": ["bash", "read"],
        "counts": {"events": 9, "tool_calls": 2},
        "evidence": {"handle": "structured"},
    }


@pytest.mark.parametrize("status", ["fail", "error"])
def test_a_claimed_fail_or_error_is_not_proven_either(
    status: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = typed_pass(status=status, reasons=["WRONG_OFFSET", "NOT_A_CODE", CANARY])
    case.update(strategy_pass=False, evidence={"offset": "text", "handle": CANARY})
    report, _ = reinterpret_cli(tmp_path, capsys, {**typed_report(), "cases": [case]})
    (entry,) = report["cases"]
    assert entry["status"] == "unknown" and entry["reasons"] == []
    assert entry["claimed"]["status"] == status
    assert entry["claimed"]["reasons"] == ["WRONG_OFFSET", "unrecognised"]
    assert entry["claimed"]["evidence"] == {"handle": "unrecognised", "offset": "text"}
    assert CANARY not in json.dumps(report)


def test_a_report_sakshi_wrote_is_not_proven_by_its_look(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Written by `run recovery` on this machine, a minute ago: still no seal to check.
    outcome = run_recovery(capsys, good_runs(tmp_path), write_corpus(tmp_path))
    assert outcome.code == 0 and set(outcome.statuses().values()) == {"pass"}
    report, _ = reinterpret_cli(tmp_path, capsys, outcome.report)
    assert [c["status"] for c in report["cases"]] == ["unknown", "unknown"]
    assert [c["claimed"]["status"] for c in report["cases"]] == ["pass", "pass"]
    # The identity is the run's that wrote the old report, kept where it was.
    assert report["identity"] == outcome.report["identity"]


def test_the_old_identity_stays_the_old_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, _ = reinterpret_cli(tmp_path, capsys, typed_report(identity=OLD_IDENTITY))
    assert report["identity"] == OLD_IDENTITY
    here = report["reinterpreted_by"]
    assert here["identity"] == "sakshi.run-identity.v1"
    assert here["versions"]["sakshi"] != "0.0.9"


@pytest.mark.parametrize("identity", [None, "sakshi.run-identity.v1", ["x"], 7])
def test_an_old_report_without_an_identity_gets_none_of_this_machines(
    identity: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = typed_report() if identity is None else typed_report(identity=identity)
    report, _ = reinterpret_cli(tmp_path, capsys, old)
    assert report["identity"] is None
    assert report["reinterpreted_by"]["identity"] == "sakshi.run-identity.v1"


def test_the_old_identity_carries_no_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    identity = {
        **OLD_IDENTITY,
        "runtime": {"python": f"3.11 {CANARY}", "arch": FACT, "platform": 1.5},
        "config": {f"{CANARY} key": 1, "route": f"/home/{CANARY}/route.py", "x": -3},
        "arms": [{"run": "arm-1", "model": "anthropic/claude"}],
        "deep": {"a": {"b": {"c": {"d": {"e": {"f": CANARY}}}}}},
    }
    corpus = write_corpus(tmp_path)
    report, _ = reinterpret_cli(
        tmp_path, capsys, typed_report(identity=identity), "--corpus", str(corpus)
    )
    shown = report["identity"]
    assert shown["runtime"] == {"python": "unrecognised", "arch": "unrecognised", "platform": 1.5}
    assert shown["config"] == {"route": "unrecognised", "x": "unrecognised"}
    assert shown["arms"] == [{"run": "arm-1", "model": "unrecognised"}]
    assert shown["git"] == OLD_IDENTITY["git"]
    blob = json.dumps(report).lower()
    for form in (CANARY.lower(), FACT.lower(), hashlib.sha256(CANARY.encode()).hexdigest()):
        assert form not in blob


def test_the_core_proves_nothing_from_a_report(tmp_path: Path) -> None:
    here = run_identity(tmp_path)
    screen = FactScreen.of(load_corpus(write_corpus(tmp_path)))
    old = typed_report(identity=OLD_IDENTITY)
    for given in (None, screen):
        report = reinterpret(old, "old.json", here, "0" * 64, given)
        assert [c["status"] for c in report["cases"]] == ["unknown"]
        assert report["identity"] == OLD_IDENTITY and report["reinterpreted_by"] == here
        assert report["reinterpreted_from"] == {
            "report": "sakshi.recovery-report.v2",
            "sha256": "0" * 64,
            "facts_checked": given is not None,
            "sealed": False,
        }
