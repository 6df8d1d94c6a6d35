"""Hostile: an old report that smuggles a fact into its reinterpretation (SPEC 5: a
report holds no content; ``report reinterpret`` copies only v2 enums and shapes).

A fact can be shaped like an identifier (``QX7-TAMARIND-4471`` is a fine run name), so the
shape filter alone cannot keep it out. Given ``--corpus``, no id, run name or tool name
that holds any case's fact (in any case or normalisation form) is copied; without it the
new report says it could not check (``facts_checked: false``) and stderr says so too.
Claimed counts are copied only under the report's own count names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import FACT, OFFSET_FACT, write_corpus

from sakshi.cli import main


def old_report() -> dict[str, Any]:
    v2_pass = {
        "status": "pass",
        "reasons": [],
        "task_pass": True,
        "strategy_pass": True,
        "evidence": {"handle": "structured"},
    }
    return {
        "report": "sakshi.recovery-report.v2",
        "cases": [
            {"id": FACT, "run": f"run-{FACT}", "tool_names": [FACT, "read"], **v2_pass},
            {"case_id": FACT.lower(), "run": OFFSET_FACT, "tool_names": [f"x{OFFSET_FACT}x"]},
            {
                "id": "t.temp",
                "run": "run-7",
                "tool_names": ["Bash", "read"],
                "counts": {"events": 4, FACT: 1, "secret_count": 2, "skipped": 1},
                **v2_pass,
            },
        ],
    }


def reinterpret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, dict[str, Any], str, str]:
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_report()), encoding="utf-8")
    new = tmp_path / f"new-{len(list(tmp_path.glob('new-*')))}.json"
    code = main(["report", "reinterpret", str(old), "--out", str(new), *extra])
    _, err = capsys.readouterr()
    text = new.read_text(encoding="utf-8")
    return code, json.loads(text), text, err


def test_with_the_corpus_no_name_holding_a_fact_is_copied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path)
    code, report, text, err = reinterpret(tmp_path, capsys, "--corpus", str(corpus))
    assert code == 0, err
    for fact in (FACT, OFFSET_FACT):
        assert fact.casefold() not in text.casefold() and fact.casefold() not in err.casefold()
    cases = report["cases"]
    assert [(case["id"], case["run"]) for case in cases] == [
        ("case-0000", "run-0000"),
        ("case-0001", "run-0001"),
        ("t.temp", "run-7"),
    ]
    assert [case["claimed"]["tool_names"] for case in cases] == [
        ["other", "read"],
        ["other"],
        ["bash", "read"],
    ]
    assert cases[2]["claimed"]["counts"] == {"events": 4, "skipped": 1}  # v2's own names
    assert report["reinterpreted_from"]["facts_checked"] is True
    assert "facts" not in err


def test_without_the_corpus_it_says_what_it_could_not_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, _, err = reinterpret(tmp_path, capsys)
    assert code == 0
    assert report["reinterpreted_from"]["facts_checked"] is False
    assert "no --corpus" in err and "not checked for corpus facts" in err
    # Shapes still hold: the unknown count key is gone, whatever the corpus.
    assert report["cases"][2]["claimed"]["counts"] == {"events": 4, "skipped": 1}


def test_the_corpus_is_an_input_never_an_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path)
    before = corpus.read_bytes()
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_report()), encoding="utf-8")
    code = main(["report", "reinterpret", str(old), "--out", str(corpus), "--corpus", str(corpus)])
    assert code == 2
    assert corpus.read_bytes() == before
