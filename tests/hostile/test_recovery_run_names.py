"""Hostile: a run folder's name that would forge report rows (issue 11, item 11).

A run folder's name goes into every report. A line break in it would add a row to the
text report (a forged ``pass``), a carriage return or an ANSI escape would overwrite one
on a terminal, a bidi override would reorder it. Every output shows the same escaped
label (``sakshi.recovery.lane.run_label``): one line of visible text, the JSON ``run``,
the text row and the JUnit testcase name alike.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from recovery_runs import good_runs, jsonl, make_run, offset_trace, run_recovery, write_corpus

from sakshi.recovery.lane import run_label, shown_run

FORGED_ROW = (
    "forged-run                       t.offset                           pass    true  true     -"
)
NAMES = {
    "newline": ("x\n" + FORGED_ROW, "x\\u000a" + FORGED_ROW),
    "carriage-return": ("x\r" + FORGED_ROW, "x\\u000d" + FORGED_ROW),
    "ansi-erase": ("x\x1b[2K\rok", "x\\u001b[2K\\u000dok"),
    "line-separator": ("x\u2028y", "x\\u2028y"),
    "bidi-override": ("x\u202eabc", "x\\u202eabc"),
    "tab": ("x\ty", "x\\u0009y"),
    "backslash": ("x\\u000ay", "x\\\\u000ay"),
}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_run_label_escapes_what_could_forge_a_row(name: str) -> None:
    raw, label = NAMES[name]
    assert run_label(raw) == label
    assert shown_run(label) == label  # a label is shown as it is
    assert label.isprintable()


def test_plain_names_are_unchanged() -> None:
    for name in ("run-a", "2025-12-01_claude.sonnet", "रन-१", "运行 7", "café"):
        assert run_label(name) == name == shown_run(name)


@pytest.mark.parametrize("fmt", ["text", "junit", "json"])
def test_no_run_name_forges_a_row_in_any_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    runs = good_runs(tmp_path)
    for raw, _ in NAMES.values():
        make_run(runs, raw, "t.offset", jsonl(offset_trace()[:2]))  # fails: no continuation
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), fmt=fmt)
    assert outcome.code == 1
    labels = sorted(label for _, label in NAMES.values())
    reported = sorted(outcome.statuses())
    assert reported == sorted([*labels, "ok-offset", "ok-temp"])
    assert {outcome.statuses()[label] for label in labels} == {"fail"}
    if fmt == "text":
        lines = outcome.out.splitlines()
        assert len(lines) == 1 + len(NAMES) + 2 + 2  # header, rows, tally, identity
        assert not any(line.startswith("forged-run") for line in lines)
        assert all(line.isprintable() for line in lines)
    elif fmt == "junit":
        names = [case.get("name") for case in ET.fromstring(outcome.out).iter("testcase")]
        assert sorted(names) == reported  # the same labels as the JSON report
    assert "\x1b" not in outcome.out and "\u202e" not in outcome.out
