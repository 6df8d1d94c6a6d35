"""``sakshi verify-values DOCS.yaml VALUES.jsonl [--fields FIELDS.yaml]`` end to end (SPEC 8).

Most cases call ``sakshi.cli.main`` in process (it returns the exit code); a few run the
real command in a child process. The readings themselves are the values core's tests
(tests/values/); here: the line format, the reasons, declarations (file and inline),
malformed lines, unusable inputs, outputs and ``--jobs``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import Verifier as Cli
from cli_main import VerifyRun as Run
from cli_main import verifier

from sakshi.commands.values import BATCH_LINES, value_setup
from sakshi.values import LINE_KEYS, check_line

COMPLAINT = (
    "The accused Ramesh Kumar issued cheque No. 804694 dated 12.03.2024 for a sum of"
    " Rs. 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only) in favour of the"
    " complainant M/s. Shree Balaji Traders. The cheque was presented on 15.03.2024 and"
    " returned unpaid. The accused has not paid the amount of Rs. 64,32,000/- till date."
)
DOCS_YAML = f"""\
documents:
  - id: complaint
    text: "{COMPLAINT}"
  - id: order
    pages: ["Page one.", "Convicted under Section 138 of the Negotiable Instruments Act, 1881."]
"""
FIELDS_YAML = """\
fields:
  cheque_amount: {type: money, currency: INR, cues: [cheque, "sum of"]}
  amount_paid: {type: money, currency: INR, polarity: affirmative}
  cheque_date: {type: date, cues: [dated]}
  cheque_number: {type: identifier}
  presentation_date: {type: date, cues: [presented]}
  accused_name: {type: name, role: accused}
  offence: {type: statute}
  summary: {type: claim}
"""
OUT_KEYS = [
    "id",
    "verified",
    "reason",
    "value_reason",
    "type",
    "type_source",
    "reading",
    "mentions",
    "matched",
    "hint",
]
CHEQUE = "issued cheque No. 804694 dated 12.03.2024 for a sum of Rs. 64,32,000/-"
AMOUNT_IN_WORDS = "Rs. 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only)"


def cite(quote: str, doc: str = "complaint", **anchor: object) -> dict[str, object]:
    """A source_span.v1 into the test documents."""
    return {"doc": doc, "quote": quote, **anchor}


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``sakshi ARGS...`` in process: the exit code ``main`` returns and what it printed."""
    return verifier(capsys)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    path = tmp_path / "DOCS.yaml"
    path.write_text(DOCS_YAML, encoding="utf-8")
    return path


@pytest.fixture
def fields(tmp_path: Path) -> Path:
    path = tmp_path / "FIELDS.yaml"
    path.write_text(FIELDS_YAML, encoding="utf-8")
    return path


def values_file(folder: Path, *lines: dict[str, Any] | bytes, name: str = "values.jsonl") -> Path:
    """A JSONL file: dicts are dumped as JSON, bytes are written as they are."""
    path = folder / name
    path.write_bytes(
        b"".join(
            (json.dumps(x, ensure_ascii=False).encode() if isinstance(x, dict) else x) + b"\n"
            for x in lines
        )
    )
    return path


def assert_unusable(run: Run, *names: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr naming each of ``names``."""
    assert run.code == 2
    assert run.out == ""
    assert "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) == 1, run.err
    for name in names:
        assert name in run.err, (name, run.err)


RIGHT = [
    {"id": "amount", "field": "cheque_amount", "value": "64.32 lakh", "cite": cite(CHEQUE)},
    {"id": "words", "field": "cheque_amount", "value": "6432000", "cite": cite(AMOUNT_IN_WORDS)},
    {"id": "date", "field": "cheque_date", "value": "2024-03-12", "cite": cite(CHEQUE)},
    {"id": "no", "field": "cheque_number", "value": "804694", "cite": cite(CHEQUE)},
    {
        "id": "offence",
        "field": "offence",
        "value": "s.138 N.I. Act",
        "cite": cite("Section 138 of the Negotiable Instruments Act, 1881", "order", page=2),
    },
    {
        "id": "accused",
        "field": "accused_name",
        "value": "RAMESH KUMAR",
        "cite": cite("The accused Ramesh Kumar issued cheque"),
    },
]


# --- Exit codes and the output lines -------------------------------------------------------


def test_all_verified_exits_0(cli: Cli, docs: Path, fields: Path, tmp_path: Path) -> None:
    run = cli("verify-values", docs, values_file(tmp_path, *RIGHT), "--fields", fields)
    assert run.code == 0, run.out + run.err
    assert run.verdicts() == [(line["id"], True, "OK", None) for line in RIGHT]
    assert [list(r) for r in run.results] == [OUT_KEYS] * len(RIGHT)
    assert run.err == ""


def test_a_verified_line_shows_type_reading_and_the_matched_mention(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    run = cli("verify-values", docs, values_file(tmp_path, RIGHT[0]), "--fields", fields)
    (line,) = run.results
    assert (line["type"], line["type_source"], line["reading"]) == (
        "money",
        "declared",
        "INR 6432000",
    )
    mention = line["mentions"][line["matched"]]
    assert CHEQUE[mention["start"] : mention["end"]] == "Rs. 64,32,000/-"
    assert (mention["reading"], mention["field"], mention["negated"], mention["bound"]) == (
        "INR 6432000",
        "cheque_amount",
        False,
        "exact",
    )


WRONG = [
    ({"field": "cheque_amount", "value": "6,43,200", "cite": cite(CHEQUE)}, "VALUE_NOT_IN_QUOTE"),
    (
        {"field": "cheque_amount", "value": "64.32 crore", "cite": cite(CHEQUE)},
        "VALUE_NOT_IN_QUOTE",
    ),
    (
        {"field": "cheque_amount", "value": "USD 64,32,000", "cite": cite(CHEQUE)},
        "CURRENCY_MISMATCH",
    ),
    ({"field": "cheque_date", "value": "2024-12-03", "cite": cite(CHEQUE)}, "VALUE_NOT_IN_QUOTE"),
    (
        {
            "field": "cheque_date",
            "value": "15 March 2024",
            "cite": cite(
                "dated 12.03.2024 for a sum of Rs. 64,32,000/- (Rupees Sixty Four Lakh"
                " Thirty Two Thousand only) in favour of the complainant M/s. Shree Balaji Traders."
                " The cheque was presented on 15.03.2024"
            ),
        },
        "LABEL_MISMATCH",
    ),
    (
        {
            "field": "amount_paid",
            "value": "Rs. 64,32,000",
            "cite": cite("The accused has not paid the amount of Rs. 64,32,000/- till date."),
        },
        "NEGATED_IN_QUOTE",
    ),
    (
        {
            "field": "accused_name",
            "value": "Shree Balaji Traders",
            "cite": cite("in favour of the complainant M/s. Shree Balaji Traders"),
        },
        "ROLE_MISMATCH",
    ),
    ({"field": "cheque_number", "value": "80469", "cite": cite(CHEQUE)}, "VALUE_NOT_IN_QUOTE"),
    (
        {
            "field": "offence",
            "value": "Section 138 IPC",
            "cite": cite("Section 138 of the Negotiable Instruments Act, 1881", "order", page=2),
        },
        "ACT_MISMATCH",
    ),
    ({"field": "undeclared", "value": "5 widgets", "cite": cite(CHEQUE)}, "VALUE_UNTYPED"),
]


def test_a_value_its_quote_does_not_state_is_value_unsupported(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    lines = [{"id": index, **line} for index, (line, _) in enumerate(WRONG)]
    run = cli("verify-values", docs, values_file(tmp_path, *lines), "--fields", fields)
    assert run.code == 1
    assert run.verdicts() == [
        (index, False, "VALUE_UNSUPPORTED", reason) for index, (_, reason) in enumerate(WRONG)
    ]
    assert all(line["hint"] for line in run.results)


def test_one_wrong_value_among_right_ones_exits_1(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    lines = [*RIGHT[:2], {"id": "bad", **WRONG[0][0]}, *RIGHT[2:]]
    run = cli("verify-values", docs, values_file(tmp_path, *lines), "--fields", fields)
    assert run.code == 1
    assert [r["verified"] for r in run.results] == [True, True, False, True, True, True, True]


def test_a_cite_that_does_not_verify_gives_the_span_reason(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    lines = [
        {
            "id": "nf",
            "field": "cheque_amount",
            "value": "64.32 lakh",
            "cite": cite("Rs. 64.32 lakh"),
        },
        {
            "id": "doc",
            "field": "cheque_amount",
            "value": "64.32 lakh",
            "cite": cite(CHEQUE, "nope"),
        },
        {
            "id": "page",
            "field": "offence",
            "value": "s. 138 NI Act",
            "cite": cite("x", "order", page=9),
        },
        {"id": "empty", "field": "cheque_amount", "value": "64.32 lakh", "cite": cite("")},
        {"id": "notobj", "field": "cheque_amount", "value": "64.32 lakh", "cite": "Rs. 64,32,000"},
    ]
    run = cli("verify-values", docs, values_file(tmp_path, *lines), "--fields", fields)
    assert run.code == 1
    assert run.verdicts() == [
        ("nf", False, "QUOTE_NOT_FOUND", None),
        ("doc", False, "DOC_NOT_FOUND", None),
        ("page", False, "ANCHOR_OUT_OF_RANGE", None),
        ("empty", False, "QUOTE_EMPTY", None),
        ("notobj", False, "SPAN_MALFORMED", None),
    ]
    # The value is still read: its type and reading are shown, nothing was matched.
    assert run.results[0]["type"] == "money" and run.results[0]["reading"] == "INR 6432000"
    assert run.results[0]["mentions"] == [] and run.results[0]["matched"] is None


def test_offsets_are_checked_before_the_value(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    start = COMPLAINT.index("Rs. 64,32,000/-")
    anchored = cite("Rs. 64,32,000/-", char_start=start, char_end=start + 15)
    shifted = cite("Rs. 64,32,000/-", char_start=start + 1, char_end=start + 16)
    lines = [
        {"id": "at", "field": "cheque_amount", "value": "₹ 64,32,000", "cite": anchored},
        {"id": "off", "field": "cheque_amount", "value": "₹ 64,32,000", "cite": shifted},
    ]
    run = cli("verify-values", docs, values_file(tmp_path, *lines), "--fields", fields)
    assert run.verdicts() == [("at", True, "OK", None), ("off", False, "QUOTE_MISMATCH", None)]


def test_an_empty_value_checks_only_its_cite(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    lines = [
        {"id": "null", "field": "cheque_amount", "value": None, "cite": cite(CHEQUE)},
        {"id": "blank", "field": "cheque_amount", "value": "", "cite": cite(CHEQUE)},
        {"id": "fake", "field": "cheque_amount", "value": None, "cite": cite("Rs. 1 crore")},
    ]
    run = cli("verify-values", docs, values_file(tmp_path, *lines), "--fields", fields)
    assert run.code == 1
    assert run.verdicts() == [
        ("null", True, "OK", None),
        ("blank", True, "OK", None),
        ("fake", False, "QUOTE_NOT_FOUND", None),
    ]
    assert run.results[0]["type"] is None and run.results[0]["reading"] is None


def test_a_claim_is_unchecked_and_a_json_number_is_a_value(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    lines = [
        {"id": "claim", "field": "summary", "value": "The cheque bounced.", "cite": cite(CHEQUE)},
        {"id": "int", "field": "cheque_amount", "value": 6432000, "cite": cite(CHEQUE)},
        {"id": "float", "field": "cheque_amount", "value": 64.32, "cite": cite(CHEQUE)},
    ]
    run = cli("verify-values", docs, values_file(tmp_path, *lines), "--fields", fields)
    assert run.verdicts() == [
        ("claim", True, "OK", None),
        ("int", True, "OK", None),
        ("float", False, "VALUE_UNSUPPORTED", "VALUE_NOT_IN_QUOTE"),
    ]
    assert (run.results[0]["type"], run.results[0]["hint"]) == ("claim", "unchecked")


# --- Declarations: FIELDS.yaml and inline ----------------------------------------------------


def test_undeclared_fields_are_inferred_from_the_value(
    cli: Cli, docs: Path, tmp_path: Path
) -> None:
    lines = [
        {"id": 1, "field": "amount", "value": "Rs. 64.32 lakh", "cite": cite(AMOUNT_IN_WORDS)},
        {"id": 2, "field": "when", "value": "12th March, 2024", "cite": cite(CHEQUE)},
    ]
    run = cli("verify-values", docs, values_file(tmp_path, *lines))
    assert run.code == 0, run.out
    assert [(r["type"], r["type_source"]) for r in run.results] == [
        ("money", "inferred"),
        ("date", "inferred"),
    ]


def test_without_cues_a_quote_of_two_dates_is_ambiguous(
    cli: Cli, docs: Path, tmp_path: Path
) -> None:
    both = "dated 12.03.2024 for a sum of Rs. 64,32,000/-"
    quote = COMPLAINT[COMPLAINT.index(both) : COMPLAINT.index("15.03.2024") + 10]
    line = {"id": 1, "field": "cheque_date", "value": "2024-03-12", "cite": cite(quote)}
    run = cli("verify-values", docs, values_file(tmp_path, line))
    assert run.verdicts() == [(1, False, "VALUE_UNSUPPORTED", "AMBIGUOUS_QUOTE")]
    declared = {**line, "type": "date", "cues": ["dated"]}
    run = cli("verify-values", docs, values_file(tmp_path, declared, name="declared.jsonl"))
    assert run.verdicts() == [(1, True, "OK", None)]


def test_an_inline_type_replaces_the_file_declaration(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    # The file says cheque_date is a date; this line says it is an identifier.
    line = {
        "id": 1,
        "field": "cheque_date",
        "type": "identifier",
        "value": "804694",
        "cite": cite(CHEQUE),
    }
    run = cli("verify-values", docs, values_file(tmp_path, line), "--fields", fields)
    assert run.verdicts() == [(1, True, "OK", None)]
    assert (run.results[0]["type"], run.results[0]["type_source"]) == ("identifier", "declared")


def test_inline_keys_without_a_type_refine_the_file_declaration(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path
) -> None:
    usd = {"id": 1, "field": "cheque_amount", "currency": "USD", "value": "64,32,000"}
    run = cli(
        "verify-values",
        docs,
        values_file(tmp_path, {**usd, "cite": cite(CHEQUE)}),
        "--fields",
        fields,
    )
    assert run.verdicts() == [(1, False, "VALUE_UNSUPPORTED", "CURRENCY_MISMATCH")]
    assert run.results[0]["reading"] == "USD 6432000"


def test_a_why_is_allowed_and_ignored(cli: Cli, docs: Path, fields: Path, tmp_path: Path) -> None:
    line = {**RIGHT[0], "why": "The complaint states the cheque amount."}
    run = cli("verify-values", docs, values_file(tmp_path, line), "--fields", fields)
    assert run.verdicts() == [("amount", True, "OK", None)]


def test_fields_as_a_bare_mapping_and_with_acts(cli: Cli, docs: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bare.yaml"
    bare.write_text("cheque_date: {type: date, cues: [dated]}\n", encoding="utf-8")
    line = {"id": 1, "field": "cheque_date", "value": "12-Mar-2024", "cite": cite(CHEQUE)}
    run = cli("verify-values", docs, values_file(tmp_path, line), "--fields", bare)
    assert run.verdicts() == [(1, True, "OK", None)]
    assert run.results[0]["type_source"] == "declared"
    acts = tmp_path / "acts.yaml"
    acts.write_text(
        "fields:\n  offence: {type: statute}\n"
        "acts:\n  kpa: {title: Karnataka Police Act, year: 1963, aliases: [KP Act]}\n",
        encoding="utf-8",
    )
    text = tmp_path / "police.yaml"
    text.write_text(
        "documents:\n  - {id: fir, text: 'booked under Section 87 of the Karnataka Police Act,"
        " 1963'}\n",
        encoding="utf-8",
    )
    offence = {
        "id": 2,
        "field": "offence",
        "value": "s. 87 KP Act",
        "cite": cite("Section 87 of the Karnataka Police Act, 1963", "fir"),
    }
    run = cli(
        "verify-values", text, values_file(tmp_path, offence, name="o.jsonl"), "--fields", acts
    )
    assert run.verdicts() == [(2, True, "OK", None)]


# --- Malformed lines: SPAN_MALFORMED, and the run goes on ----------------------------------


@pytest.mark.parametrize(
    ("line", "why"),
    [
        pytest.param(b"not json", "object", id="not-json"),
        pytest.param(b'["complaint", "x"]', "object", id="array"),
        pytest.param(b"", "object", id="blank"),
        pytest.param(b"null", "object", id="null"),
        pytest.param(b'{"id": 1, "value": "1", "cite": {}}', "'field'", id="no-field"),
        pytest.param(b'{"id": 1, "field": "f", "cite": {}}', "'value'", id="no-value"),
        pytest.param(b'{"id": 1, "field": "f", "value": "1"}', "'cite'", id="no-cite"),
        pytest.param(b'{"id": 1, "field": 7, "value": "1", "cite": {}}', "field", id="int-field"),
        pytest.param(
            b'{"id": 1, "field": "", "value": "1", "cite": {}}', "field", id="empty-field"
        ),
        pytest.param(b'{"id": 1, "field": "f", "value": true, "cite": {}}', "value", id="bool"),
        pytest.param(b'{"id": 1, "field": "f", "value": ["1"], "cite": {}}', "value", id="list"),
        pytest.param(
            b'{"id": 1, "field": "f", "value": "\\ud800", "cite": {}}', "Unicode", id="surrogate"
        ),
        pytest.param(b'{"id": [1], "field": "f", "value": "1", "cite": {}}', "id", id="list-id"),
        pytest.param(
            b'{"id": 1, "field": "f", "value": "1", "cite": {}, "currancy": "INR"}',
            "currancy",
            id="unknown-key",
        ),
        pytest.param(
            b'{"id": 1, "field": "f", "value": "1", "cite": {}, "type": "amount"}',
            "f.type",
            id="unknown-type",
        ),
        pytest.param(
            b'{"id": 1, "field": "f", "value": "1", "cite": {}, "type": "date", "currency": "INR"}',
            "f.currency",
            id="key-of-another-type",
        ),
        pytest.param(
            b'{"id": 1, "field": "f", "value": "1", "cite": {}, "type": "money", "cues": [1]}',
            "f.cues[0]",
            id="cue-not-a-string",
        ),
        pytest.param(
            b'{"id": 1, "field": "f", "value": "1", "cite": {}, "cues": ["x"]}',
            "f.type",
            id="keys-without-a-type",
        ),
    ],
)
def test_malformed_lines_are_span_malformed_and_the_run_goes_on(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path, line: bytes, why: str
) -> None:
    path = values_file(tmp_path, RIGHT[0], line, RIGHT[1])
    run = cli("verify-values", docs, path, "--fields", fields)
    assert run.code == 1
    assert [(r["verified"], r["reason"]) for r in run.results] == [
        (True, "OK"),
        (False, "SPAN_MALFORMED"),
        (True, "OK"),
    ]
    malformed = run.results[1]
    assert malformed["value_reason"] is None and malformed["type"] is None
    assert why in malformed["hint"]


def test_a_malformed_line_keeps_a_usable_id(cli: Cli, docs: Path, tmp_path: Path) -> None:
    run = cli("verify-values", docs, values_file(tmp_path, b'{"id": "k", "field": "f"}'))
    assert run.verdicts() == [("k", False, "SPAN_MALFORMED", None)]


def test_huge_offsets_fail_as_verify_spans_fails_them(cli: Cli, docs: Path, tmp_path: Path) -> None:
    line = (
        b'{"id": "h", "field": "f", "value": "1", "cite": {"doc": "complaint", "quote": "No.",'
        b' "char_start": 0, "char_end": 18446744073709551617}}'
    )
    run = cli("verify-values", docs, values_file(tmp_path, line))
    assert run.verdicts() == [("h", False, "OFFSETS_INVALID", None)]


# --- Unusable inputs: exit 2 ---------------------------------------------------------------

UNUSABLE_FIELDS = {
    "not-yaml": (b"fields: [unclosed\n", ""),
    "not-a-mapping": (b"- a\n- b\n", ""),
    "fields-a-list": (b"fields: [a, b]\n", "fields"),
    "unknown-type": (b"fields:\n  amount: {type: amount}\n", "fields.amount.type"),
    "unknown-key": (b"fields:\n  amount: {type: money, currancy: INR}\n", "fields.amount.currancy"),
    "cue-not-string": (b"fields:\n  amount: {type: money, cues: [1]}\n", "fields.amount.cues[0]"),
    "bad-currency": (
        b"fields:\n  amount: {type: money, currency: XYZ}\n",
        "fields.amount.currency",
    ),
    "bare-bad-type": (b"amount: {type: amount}\n", "amount.type"),
    "bad-act": (b"fields: {}\nacts:\n  kpa: {title: ''}\n", "acts.kpa.title"),
}


@pytest.mark.parametrize(
    ("content", "key"), list(UNUSABLE_FIELDS.values()), ids=list(UNUSABLE_FIELDS)
)
def test_unusable_fields_exits_2_naming_the_file_and_key(
    cli: Cli, docs: Path, tmp_path: Path, content: bytes, key: str
) -> None:
    bad = tmp_path / "FIELDS.yaml"
    bad.write_bytes(content)
    run = cli("verify-values", docs, values_file(tmp_path, RIGHT[0]), "--fields", bad)
    assert_unusable(run, str(bad), key)


def test_missing_fields_file_exits_2(cli: Cli, docs: Path, tmp_path: Path) -> None:
    gone = tmp_path / "gone.yaml"
    run = cli("verify-values", docs, values_file(tmp_path, RIGHT[0]), "--fields", gone)
    assert_unusable(run, str(gone))


@pytest.mark.parametrize(
    "content",
    [b"documents: [unclosed\n", b"docs: []\n", b"documents:\n  - {id: a, text: x, pages: [y]}\n"],
    ids=["not-yaml", "no-documents", "two-bodies"],
)
def test_unusable_docs_exits_2(cli: Cli, fields: Path, tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "DOCS.yaml"
    bad.write_bytes(content)
    run = cli("verify-values", bad, values_file(tmp_path, RIGHT[0]), "--fields", fields)
    assert_unusable(run, str(bad))


def test_empty_or_missing_values_file_exits_2(cli: Cli, docs: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert_unusable(cli("verify-values", docs, empty), str(empty))
    gone = tmp_path / "gone.jsonl"
    assert_unusable(cli("verify-values", docs, gone), str(gone))


# --- Outputs --------------------------------------------------------------------------------


def test_out_file_is_written_once(cli: Cli, docs: Path, fields: Path, tmp_path: Path) -> None:
    out = tmp_path / "result.jsonl"
    values = values_file(tmp_path, *RIGHT)
    run = cli("verify-values", docs, values, "--fields", fields, "--out", out)
    assert (run.code, run.out) == (0, "")
    assert [json.loads(line)["id"] for line in out.read_text("utf-8").splitlines()] == [
        line["id"] for line in RIGHT
    ]
    before = out.read_bytes()
    again = cli("verify-values", docs, values, "--fields", fields, "--out", out)
    assert_unusable(again, str(out))
    assert out.read_bytes() == before


@pytest.mark.parametrize("which", ["values", "fields", "docs"])
def test_out_never_writes_over_an_input(
    cli: Cli, docs: Path, fields: Path, tmp_path: Path, which: str
) -> None:
    values = values_file(tmp_path, *RIGHT)
    target = {"values": values, "fields": fields, "docs": docs}[which]
    before = target.read_bytes()
    run = cli("verify-values", docs, values, "--fields", fields, "--out", target)
    assert_unusable(run, str(target))
    assert target.read_bytes() == before


def _numbered_line(number: int) -> dict[str, Any] | bytes:
    """Line ``number`` of a long input: right, wrong in several ways, or malformed."""
    kind = number % 7
    if kind == 6:
        return b"{garbage"
    shapes: list[dict[str, Any]] = [
        {"field": "cheque_amount", "value": f"Rs. {number},000", "cite": cite(CHEQUE)},
        RIGHT[0],
        RIGHT[2],
        {"field": "cheque_date", "value": "2024-03-21", "cite": cite(CHEQUE)},
        {"field": "cheque_amount", "value": "64.32 lakh", "cite": cite("Rs. 1 crore")},
        {"field": "cheque_number", "value": f"{number:06d}", "cite": cite(CHEQUE)},
    ]
    return {**shapes[kind], "id": f"v{number}"}


def test_jobs_give_the_bytes_of_one_job(cli: Cli, docs: Path, fields: Path, tmp_path: Path) -> None:
    # More than four batches per worker at two jobs (the pool's window fills and drains),
    # three at three, and a partial last batch: a dropped, lost or reordered batch shows.
    count = BATCH_LINES * (4 * 2 + 1) + 123
    values = values_file(tmp_path, *(_numbered_line(n) for n in range(count)))
    outputs = {}
    for jobs in (1, 2, 3):
        out = tmp_path / f"out-{jobs}.jsonl"
        run = cli("verify-values", docs, values, "--fields", fields, "--jobs", jobs, "--out", out)
        assert run.code == 1
        outputs[jobs] = out.read_bytes()
    assert outputs[2] == outputs[1] and outputs[3] == outputs[1]
    lines = outputs[1].splitlines()
    assert len(lines) == count
    assert json.loads(lines[-1])["id"] == f"v{count - 1}"
    assert {json.loads(line)["reason"] for line in lines} == {
        "OK",
        "VALUE_UNSUPPORTED",
        "QUOTE_NOT_FOUND",
        "SPAN_MALFORMED",
    }


# --- The real command in a child process ------------------------------------------------


def test_stdin_and_a_child_process(docs: Path, fields: Path, tmp_path: Path) -> None:
    data = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in RIGHT)
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "verify-values", str(docs), "-", "--fields", str(fields)],
        input=data,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line)["reason"] for line in proc.stdout.splitlines()] == ["OK"] * len(RIGHT)


def test_help_lists_the_command(cli: Cli) -> None:
    run = cli("--help")
    assert run.code == 0 and "verify-values" in run.out and "VALUE_NOT_IN_QUOTE" in run.out
    run = cli("verify-values", "--help")
    assert run.code == 0 and "--fields" in run.out and "--jobs" in run.out
    # Every value reason, type and declaration key is named in the command's own help.
    from sakshi.reasons import ValueReason
    from sakshi.values import DECLARATION_KEYS, ValueType

    said = " ".join(run.out.split())
    for word in [*ValueReason, *ValueType, *DECLARATION_KEYS]:
        assert str(word) in said, word


# --- The pure per-line function never raises -------------------------------------------------

_TEXT = st.text(alphabet=st.characters(blacklist_categories=()), max_size=30)
_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), _TEXT)
_JSON = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_TEXT, inner, max_size=4)),
    max_leaves=12,
)
_KEYS = st.sampled_from(sorted(LINE_KEYS | {"quote", "doc", "pgae"}))
_QUOTES = st.sampled_from([CHEQUE, AMOUNT_IN_WORDS, "dated", "x", ""])
_CITE = st.one_of(
    _JSON,
    st.fixed_dictionaries(
        {"doc": st.sampled_from(["complaint", "order", "nope"]), "quote": _QUOTES},
        optional={"page": _JSON, "char_start": st.integers(), "char_end": st.integers()},
    ),
)
_LINE = st.fixed_dictionaries(
    {"id": _JSON, "field": st.one_of(_TEXT, st.sampled_from(["cheque_amount", "offence"]))},
    optional={
        "value": st.one_of(_JSON, st.sampled_from(["64.32 lakh", "12.03.2024", "s. 138 NI Act"])),
        "cite": _CITE,
        "type": st.one_of(_JSON, st.sampled_from(["money", "date", "name", "claim"])),
        "cues": _JSON,
        "currency": _JSON,
        "roles": _JSON,
    },
).flatmap(lambda line: st.dictionaries(_KEYS, _JSON, max_size=2).map(lambda more: {**more, **line}))


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("values-setup")
    (folder / "DOCS.yaml").write_text(DOCS_YAML, encoding="utf-8")
    (folder / "FIELDS.yaml").write_text(FIELDS_YAML, encoding="utf-8")
    return value_setup(folder / "DOCS.yaml", folder / "FIELDS.yaml")


def _one_output_line(data: bytes) -> dict[str, Any]:
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    result = json.loads(data)
    assert list(result) == OUT_KEYS
    return result


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=_LINE)
def test_any_json_line_gives_one_output_line(setup: Any, line: dict[str, Any]) -> None:
    encoded = json.dumps(line).encode("utf-8", "surrogatepass")
    checked = check_line(encoded, setup)
    result = _one_output_line(checked.data)
    assert result["verified"] is checked.verified
    if checked.verified:
        assert result["reason"] == "OK"


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=200))
def test_any_bytes_give_one_output_line(setup: Any, data: bytes) -> None:
    result = _one_output_line(check_line(data, setup).data)
    assert result["verified"] is False or result["reason"] == "OK"


# The run's cache (sakshi.runcache) must never change a byte: the same lines checked with
# one cache for the run and with none give the same output, lines repeated under other ids
# included (those are the cache's hits).


def _with_and_without_memo(lines: list[bytes], setup: Any) -> tuple[list[bytes], list[bytes]]:
    from sakshi.runcache import RunCache

    cache = RunCache()
    remembered = [check_line(line, setup, cache) for line in lines]
    plain = [check_line(line, setup) for line in lines]
    assert [line.verified for line in remembered] == [line.verified for line in plain]
    return [line.data for line in remembered], [line.data for line in plain]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(_LINE, min_size=1, max_size=6), ids=st.lists(_SCALAR, max_size=6))
def test_the_memo_changes_no_byte(setup: Any, lines: list[dict[str, Any]], ids: list[Any]) -> None:
    # Every line twice, the second time under another id, then the whole list again.
    again = [{**line, "id": new} for line, new in zip(lines, ids, strict=False)]
    encoded = [
        json.dumps(line).encode("utf-8", "surrogatepass") for line in [*lines, *again, *lines]
    ]
    remembered, plain = _with_and_without_memo(encoded, setup)
    assert remembered == plain


def test_the_memo_changes_no_byte_on_the_bench_input(tmp_path: Path) -> None:
    bench = Path(__file__).resolve().parent.parent / "bench"
    sys.path.insert(0, str(bench))
    try:
        from values_corpus import build_corpus
        from values_speed import write_speed_input

        from values import FAMILIES
    finally:
        sys.path.remove(str(bench))
    for family in write_speed_input(build_corpus(2, 7, FAMILIES), tmp_path):
        setup = value_setup(family.folder / "docs.yaml", family.folder / "fields.yaml")
        lines = (family.folder / "values.jsonl").read_bytes().splitlines()
        remembered, plain = _with_and_without_memo(lines + lines, setup)
        assert remembered == plain, family.folder.name


def test_an_inline_declaration_of_true_is_not_one_of_1(setup: Any) -> None:
    # 1 == True in Python: a cache keyed by the plain values would give one the other's line.
    from sakshi.runcache import RunCache

    cache = RunCache()
    base = {"field": "cheque_amount", "value": "64.32 lakh"}
    cite = {"doc": "complaint", "quote": AMOUNT_IN_WORDS}
    hints = set()
    for currency in (1, True, 1.0):
        line = json.dumps({"id": 1, **base, "cite": cite, "currency": currency}).encode()
        checked = check_line(line, setup, cache).data
        assert checked == check_line(line, setup).data
        hints.add(json.loads(checked)["hint"])
    assert len(hints) == 3  # "found an integer", "found a boolean", "found a number"


def test_the_memo_is_bounded() -> None:
    from sakshi.runcache import BoundedMemo

    memo: BoundedMemo[int, str] = BoundedMemo(3)
    for number in range(10):
        memo.put(number, str(number))
    assert len(memo) == 3
    assert memo.get(0) is None and memo.get(9) == "9"


def test_the_run_memo_keeps_flat_cites_and_never_a_nested_one(docs: Path, fields: Path) -> None:
    # The memo changes no byte: a nested cite (a list where the quote goes) is checked
    # afresh and is SPAN_MALFORMED, never a crash on an unhashable key; a flat cite is
    # kept once, and "page": 1.0 is never the "page": 1 it equals in Python.
    from sakshi.runcache import RunCache

    setup, memo = value_setup(docs, fields), RunCache()
    lines = [
        {"id": 1, "field": "cheque_amount", "value": "Rs. 64,32,000", "cite": cite(CHEQUE)},
        {"id": 2, "field": "cheque_amount", "value": "Rs. 64,32,000", "cite": cite([CHEQUE])},
        {"id": 3, "field": "x", "value": "Page one.", "cite": cite("Page one.", "order", page=1)},
        {"id": 4, "field": "x", "value": "Page one.", "cite": cite("Page one.", "order", page=1.0)},
    ]
    for line in [json.dumps(x).encode() for x in lines * 2]:
        assert check_line(line, setup, memo) == check_line(line, setup)
    assert memo.sizes()["values.spans"] == 2  # the two flat cites, each once
    reasons = [json.loads(check_line(json.dumps(x).encode(), setup, memo).data) for x in lines]
    assert [r["reason"] for r in reasons] == ["OK", "SPAN_MALFORMED", "OK", "SPAN_MALFORMED"]
