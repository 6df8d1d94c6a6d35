"""Hostile: a grade line's ``fields`` that JSON cannot give back exactly (issue 22).

orjson writes NaN and the infinities as ``null``: a declaration holding NaN once shared
the cache key of an earlier line's declaration holding null there, and borrowed its
reading, so an invalid line came out green (and ``--jobs 1`` and ``--jobs 2`` disagreed).
Each line's declaration is now read for itself: the NaN line is TURN_MALFORMED naming
the key, in every order and with any number of jobs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from grade_inputs import turn_record

from sakshi.cli import main

VALUE = {
    "field": "amt",
    "value": "Rs. 4,512",
    "why": "The memo says so.",
    "cite": {"doc": "grn", "quote": "Rs. 4,512"},
}


def _line(currency: str) -> str:
    record = turn_record(VALUE)
    body = json.dumps(record)
    fields = '"fields": {"amt": {"type": "money", "currency": ' + currency + "}}"
    return body[:-1] + ", " + fields + "}\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity"])
def test_a_non_finite_declaration_never_borrows_a_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str, jobs: str
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "grn.txt").write_text("The memo: Rs. 4,512 received.", "utf-8")
    log = tmp_path / "turns.jsonl"
    log.write_text(_line("null") + _line(bad), "utf-8")
    code = main(["grade", str(log), "--documents", str(docs), "--jobs", jobs])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [line["verdict"] for line in lines] == ["green", "red"], lines
    assert lines[1]["reasons"] == ["TURN_MALFORMED"]
    assert "fields.amt.currency" in json.dumps(lines[1])
