"""Acceptance cases for SPEC sections 8 (values) and 9 (files), black-box through the CLI.

Each case is what an independent tester reading the SPEC word by word would run: the
``fields:`` declaration of the SPEC's example, ``sakshi verify-values`` lines, and the
contract's exit codes. Each test here was written for a deviation the audit found.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main

# The SPEC's example declaration, word for word.
SPEC_FIELDS = """\
fields:
  cheque_amount:     {type: money, currency: INR, cues: [cheque, "sum of"], polarity: affirmative}
  presentation_date: {type: date, cues: [presented]}
  delivered_qty:     {type: quantity, unit: MT}
  interest_rate:     {type: percent, period: year}
  notice_period:     {type: duration, unit: day}
  offence:           {type: statute}
  case_number:       {type: case_no}
  cheque_number:     {type: identifier}
  accused_name:      {type: name, role: accused, roles: {accused: [accused, drawer], complainant: [complainant, payee]}}
  summary:           {type: claim}       # read by no rule: reported as unchecked
"""  # noqa: E501


@dataclass(frozen=True)
class Outcome:
    """What one ``sakshi`` run returned and printed."""

    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The JSON lines on stdout."""
        return [json.loads(line) for line in self.out.splitlines()]


def sakshi(capsys: pytest.CaptureFixture[str], *args: object) -> Outcome:
    """``sakshi ARGS...`` in process."""
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return Outcome(code, captured.out, captured.err)


def verify_values(
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    cases: list[tuple[str, str, str, dict[str, Any]]],
    fields: str | None = SPEC_FIELDS,
) -> Outcome:
    """One document per case (its text is the quote); one values line per case."""
    docs = {"documents": [{"id": f"d{i}", "text": case[2]} for i, case in enumerate(cases)]}
    (folder / "DOCS.yaml").write_text(json.dumps(docs, ensure_ascii=False), encoding="utf-8")
    lines = [
        {"id": i, "field": field, "value": value, "cite": {"doc": f"d{i}", "quote": quote}, **extra}
        for i, (field, value, quote, extra) in enumerate(cases)
    ]
    values = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    (folder / "VALUES.jsonl").write_text(values, encoding="utf-8")
    args: list[object] = ["verify-values", folder / "DOCS.yaml", folder / "VALUES.jsonl"]
    if fields is not None:
        (folder / "FIELDS.yaml").write_text(fields, encoding="utf-8")
        args += ["--fields", folder / "FIELDS.yaml"]
    return sakshi(capsys, *args)


def value_reasons(outcome: Outcome) -> list[str | None]:
    """Each line's value_reason (None when verified)."""
    return [line["value_reason"] for line in outcome.lines]


CHEQUE = (
    "The complainant presented the said cheque on 15.03.2024 and it was returned unpaid"
    " on 18.03.2024"
)


def test_a_mention_the_fields_cue_does_not_reach_is_label_mismatch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """SPEC 8: "only a mention that belongs to the value's field may match (else
    LABEL_MISMATCH)"; AMBIGUOUS_QUOTE is for a field with no cue. The dishonour date given
    as presentation_date, whose cue owns the other date, was AMBIGUOUS_QUOTE."""
    cases = [
        ("presentation_date", "2024-03-18", CHEQUE, {}),
        ("presentation_date", "2024-03-15", CHEQUE, {}),
        ("cheque_amount", "Rs. 500", "a cheque for Rs. 5,000 and a fee of Rs. 500", {}),
        # no cue for the field: ambiguous, as before
        ("some_date", "2024-03-18", CHEQUE, {}),
        ("delivered_qty", "10 MT", "delivered 10 MT and then 12 MT", {}),
    ]
    outcome = verify_values(capsys, tmp_path, cases)
    assert value_reasons(outcome) == [
        "LABEL_MISMATCH",
        None,
        "LABEL_MISMATCH",
        "AMBIGUOUS_QUOTE",
        "AMBIGUOUS_QUOTE",
    ]
    assert outcome.code == 1


@pytest.mark.parametrize(
    "value",
    [
        "under section 138 of the N.I. Act",
        "Under Section 138 NI Act, 1881",
        "under Sec. 138 of the Negotiable Instruments Act",
    ],
)
def test_the_under_section_prefix_reads_in_a_value(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str
) -> None:
    """SPEC 8 lists "under section" among the section prefixes: it read in a quote but a
    value written with it was VALUE_UNPARSEABLE (declared) or VALUE_UNTYPED (inferred)."""
    quote = "convicted under Section 138 of the Negotiable Instruments Act, 1881"
    outcome = verify_values(
        capsys, tmp_path, [("offence", value, quote, {}), ("undeclared", value, quote, {})]
    )
    assert [(line["verified"], line["type"]) for line in outcome.lines] == [
        (True, "statute"),
        (True, "statute"),
    ]
    assert outcome.lines[0]["reading"] == "s. 138, Negotiable Instruments Act, 1881"


# --- SPEC 9: the files sakshi writes ------------------------------------------------------

RED_PACK = """\
pack: sakshi.pack.v1
id: wrong-amount
title: "a wrong amount with a real quote"
engine_state: none
fields:
  cheque_amount: {type: money, currency: INR, cues: [cheque, "sum of"]}
documents:
  - id: c
    text: "a cheque for Rs. 12,50,000/- was dishonoured"
command: {name: chronology, args: {}}
turn:
  context_provenance: {engine_state: none, bundle_sha256: null}
  values:
    - field: cheque_amount
      value: "12.5 crore"
      why: "the complaint states it"
      cite: {doc: c, quote: "a cheque for Rs. 12,50,000/-"}
expect: green
"""


@pytest.mark.parametrize(
    ("fmt", "name", "opens"),
    [("json", "report.txt", "{"), ("junit", "report.json", "<?xml"), ("text", "r.xml", "")],
)
def test_out_holds_the_format_asked_for_whatever_its_extension(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, name: str, opens: str
) -> None:
    """SPEC 9: "--out FILE holds the report in the --format asked for (or the format its
    extension names)": the extension was winning over an explicit --format."""
    pack = tmp_path / "pack.yaml"
    pack.write_text(RED_PACK, encoding="utf-8")
    target = tmp_path / name
    outcome = sakshi(capsys, "run", "context", pack, "--format", fmt, "--out", target)
    assert outcome.code == 1
    written = target.read_text("utf-8")
    if fmt == "json":
        report = json.loads(written)
        assert report["failed"] == 1 and report["packs"][0]["reasons"] == ["VALUE_UNSUPPORTED"]
    elif fmt == "junit":
        assert written.startswith(opens)
    else:
        assert not written.startswith(("{", "<?xml")) and "wrong-amount" in written
    # the summary still goes to stderr: the counts and the pack that did not hold
    assert "wrong-amount" in outcome.err and "VALUE_UNSUPPORTED" in outcome.err


def test_out_without_format_holds_its_extensions_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "pack.yaml"
    pack.write_text(RED_PACK, encoding="utf-8")
    outcome = sakshi(capsys, "run", "context", pack, "--out", tmp_path / "r.json")
    assert outcome.code == 1
    assert json.loads((tmp_path / "r.json").read_text("utf-8"))["held"] == 0
    outcome = sakshi(capsys, "run", "context", pack, "--out", tmp_path / "r.xml")
    assert (tmp_path / "r.xml").read_text("utf-8").startswith("<?xml")
