"""values/decide.py: the ordered rules that decide a value against its quote's mentions.

Each rule of ``RULES`` and ``MISS_RULES`` has a row here that it alone decides: the row's
verdict with every rule, and a different verdict with that one rule dropped. So a rule
that is removed, reordered into silence or mutated to do nothing fails a test in its own
module, and a new rule cannot land without a row (the names must match).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sakshi.values.decide as decide_module
from sakshi.reasons import ValueReason
from sakshi.values import check_value, parse_fields


class Row(NamedTuple):
    fields: dict[str, Any]
    field: str
    value: str
    quote: str
    reason: ValueReason | None  # with every rule (None: stated)
    hint: str  # a part of the hint with every rule


INR = {"amount": {"type": "money", "currency": "INR"}}
CHEQUE = "A cheque for Rs. 29,10,000 was issued."

ROWS = {
    # RULES
    "other_bounds_no_rivals": Row(
        {"fee": {"type": "money", "currency": "USD"}},
        "fee",
        "$750",
        "Reimbursement is up to $1,000 for travel and $750 for lodging.",
        None,
        "",
    ),
    "other_kinds_no_rivals": Row(
        {"pallets": {"type": "quantity", "unit": "pallet"}},
        "pallets",
        "33 pallets",
        "The consignment of 33 pallets weighs 12,000 kg.",
        None,
        "",
    ),
    "enumeration_members": Row(
        {"offence": {"type": "statute"}},
        "offence",
        "Section 141 of the NI Act",
        "The accused is charged under Sections 138 and 141 of the Negotiable Instruments "
        "Act, 1881.",
        None,
        "",
    ),
    "an_equal_mention": Row(
        INR, "amount", "Rs. 2,91,000", CHEQUE, ValueReason.VALUE_NOT_IN_QUOTE, "x10 slip"
    ),
    "owned_by_cue": Row(
        {
            "presentation_date": {"type": "date", "cues": ["presented"]},
            "dishonour_date": {"type": "date", "cues": ["dishonoured"]},
        },
        "presentation_date",
        "18.03.2024",
        "The cheque was presented on 15.03.2024 and dishonoured on 18.03.2024.",
        ValueReason.LABEL_MISMATCH,
        "the quote gives it for dishonour_date",
    ),
    "the_fields_bound": Row(
        {"fee": {"type": "money", "currency": "USD"}},
        "fee",
        "$2,000,000",
        "Liability shall not exceed $2,000,000.",
        ValueReason.VALUE_BOUNDED,
        "a ceiling",
    ),
    "affirmative": Row(
        {"amount": {"type": "money", "currency": "INR", "polarity": "affirmative"}},
        "amount",
        "Rs. 5,000",
        "The sum of Rs. 5,000 was not paid.",
        ValueReason.NEGATED_IN_QUOTE,
        "negated",
    ),
    "the_fields_role": Row(
        {"accused": {"type": "name", "role": "accused"}},
        "accused",
        "Suresh Kumar",
        "The accused Ramesh Kumar s/o Suresh Kumar appeared.",
        ValueReason.ROLE_MISMATCH,
        "a relative",
    ),
    # MISS_RULES
    "a_qualifier_differs": Row(
        {"amount": {"type": "money"}},
        "amount",
        "EUR 5,000",
        "The fee is USD 5,000.",
        ValueReason.CURRENCY_MISMATCH,
        "another currency",
    ),
    "unreadable": Row(
        INR,
        "amount",
        "Rs. 5,000",
        "under Section 357(1)(b) of the Code",
        ValueReason.VALUE_NOT_IN_QUOTE,
        "cannot be read",
    ),
    "a_likely_slip": Row(
        INR, "amount", "Rs. 2,91,000", CHEQUE, ValueReason.VALUE_NOT_IN_QUOTE, "x10 slip"
    ),
    "not_in_quote": Row(INR, "amount", "Rs. 7,77,000", CHEQUE, ValueReason.VALUE_NOT_IN_QUOTE, ""),
}


def _verdict(row: Row) -> tuple[bool, ValueReason | None, int | None, str]:
    fields = parse_fields(row.fields)
    assert isinstance(fields, dict), fields
    checked = check_value(row.field, row.value, row.quote, fields)
    return checked.ok, checked.value_reason, checked.matched, checked.hint


def test_every_rule_has_a_row() -> None:
    names = [rule.name for rule in decide_module.RULES + decide_module.MISS_RULES]
    assert len(names) == len(set(names))
    assert sorted(names) == sorted(ROWS)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_each_rows_verdict(name: str) -> None:
    row = ROWS[name]
    ok, reason, _, hint = _verdict(row)
    assert (ok, reason) == (row.reason is None, row.reason)
    assert row.hint in hint


@pytest.mark.parametrize("name", sorted(ROWS))
def test_dropping_a_rule_changes_its_rows_verdict(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    row = ROWS[name]
    whole = _verdict(row)
    monkeypatch.setattr(
        decide_module, "RULES", tuple(r for r in decide_module.RULES if r.name != name)
    )
    monkeypatch.setattr(
        decide_module, "MISS_RULES", tuple(r for r in decide_module.MISS_RULES if r.name != name)
    )
    assert _verdict(row) != whole


def test_the_order_is_the_specs() -> None:
    """Rival readings are settled before a mention must equal the value; then cue, bound,
    polarity and role, in that order; a miss names a qualifier before a slip."""
    assert [rule.name for rule in decide_module.RULES] == [
        "other_bounds_no_rivals",
        "other_kinds_no_rivals",
        "enumeration_members",
        "an_equal_mention",
        "owned_by_cue",
        "the_fields_bound",
        "affirmative",
        "the_fields_role",
    ]
    assert [rule.name for rule in decide_module.MISS_RULES] == [
        "a_qualifier_differs",
        "unreadable",
        "a_likely_slip",
        "not_in_quote",
    ]
    assert [rule.picks for rule in decide_module.RULES] == [False] * 4 + [True] * 4


_WORDS = st.sampled_from(
    ["Rs.", "$", "5,000", "2,91,000", "not", "up to", "and", "for", "fee", "paid", "lakh", ","]
)


@settings(max_examples=150, deadline=None)
@given(words=st.lists(_WORDS, max_size=12), value=st.sampled_from(["Rs. 5,000", "$ 5,000"]))
def test_a_verdict_names_a_mention_it_reports(words: list[str], value: str) -> None:
    """Whatever the quote, a verdict is green only on a mention it reports, and the mention
    it names is one of the quote's."""
    fields = parse_fields({"fee": {"type": "money", "cues": ["fee"]}})
    assert isinstance(fields, dict)
    checked = check_value("fee", value, " ".join(words), fields)
    if checked.matched is not None:
        assert 0 <= checked.matched < len(checked.mentions)
    if checked.ok:
        assert checked.matched is not None
        assert checked.mentions[checked.matched].reading is not None


def test_a_miss_names_the_fields_own_mention_first() -> None:
    """With rival readings, a miss is about the mention the field's cue owns, not the first
    one of the quote (the line's ``matched`` points people at the right figure)."""
    fields = parse_fields(
        {
            "presentation_date": {"type": "date", "cues": ["presented"]},
            "dishonour_date": {"type": "date", "cues": ["dishonoured"]},
        }
    )
    assert isinstance(fields, dict)
    quote = "The cheque was presented on 15.03.2024 and dishonoured on 18.03.2024."
    for value in ("19.03.2024", "20.05.2025"):
        checked = check_value("dishonour_date", value, quote, fields)
        assert (checked.value_reason, checked.matched) == (ValueReason.VALUE_NOT_IN_QUOTE, 1)
        assert checked.mentions[1].field == "dishonour_date"
