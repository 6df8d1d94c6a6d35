"""``fields:`` declarations: the SPEC's example parses; every mistake is a problem value
that names the key path, what was expected and what was found."""

from __future__ import annotations

import pytest

from sakshi.values import (
    DEFAULT_ACTS,
    Act,
    Bound,
    FieldDecl,
    FieldsProblem,
    Period,
    Polarity,
    RoleWords,
    ValueType,
    check_value,
    parse_acts,
    parse_fields,
)

SPEC_EXAMPLE = {
    "cheque_amount": {
        "type": "money",
        "currency": "INR",
        "cues": ["cheque", "sum of"],
        "polarity": "affirmative",
    },
    "presentation_date": {"type": "date", "cues": ["presented"]},
    "delivered_qty": {"type": "quantity", "unit": "MT"},
    "interest_rate": {"type": "percent", "period": "year"},
    "notice_period": {"type": "duration", "unit": "day"},
    "offence": {"type": "statute"},
    "case_number": {"type": "case_no"},
    "cheque_number": {"type": "identifier"},
    "accused_name": {
        "type": "name",
        "role": "accused",
        "roles": {"accused": ["accused", "drawer"], "complainant": ["complainant", "payee"]},
    },
    "summary": {"type": "claim"},
}


def test_the_spec_example_parses() -> None:
    fields = parse_fields(SPEC_EXAMPLE)
    assert isinstance(fields, dict)
    assert fields["cheque_amount"] == FieldDecl(
        ValueType.MONEY,
        currency="INR",
        cues=("cheque", "sum of"),
        polarity=Polarity.AFFIRMATIVE,
    )
    assert fields["interest_rate"].period == Period.YEAR
    assert fields["delivered_qty"].unit == "MT"
    assert fields["accused_name"].roles == (
        RoleWords("accused", ("accused", "drawer")),
        RoleWords("complainant", ("complainant", "payee")),
    )
    assert fields["accused_name"].role_words()["complainant"] == ("complainant", "payee")
    assert {decl.type for decl in fields.values()} == set(ValueType) - {
        ValueType.NUMBER,
        ValueType.PERIOD,
        ValueType.TEXT,
    }


BAD = [
    ([], "", "a mapping"),
    ({"amount": "money"}, "amount", "a mapping"),
    ({"amount": {}}, "amount.type", "one of money"),
    ({"amount": {"type": "currency"}}, "amount.type", "one of money"),
    ({"amount": {"type": "money", "curency": "INR"}}, "amount.curency", "one of bound, cues"),
    ({"amount": {"type": "money", "unit": "fortnight"}}, "amount.unit", "a unit"),
    ({"on": {"type": "date", "unit": "acre"}}, "on.unit", "one of cues"),
    ({"amount": {"type": "money", "bound": "upto"}}, "amount.bound", "one of exact"),
    ({"amount": {"type": "money", "scale": "hundreds"}}, "amount.scale", "a scale word"),
    ({"amount": {"type": "money", "scale": 1000}}, "amount.scale", "a non-empty string"),
    ({"on": {"type": "date", "bound": "at_most"}}, "on.bound", "one of cues"),
    ({"case": {"type": "case_no", "scale": "million"}}, "case.scale", "one of cues"),
    ({"amount": {"type": "money", "cues": "cheque"}}, "amount.cues", "a list of strings"),
    ({"amount": {"type": "money", "cues": ["cheque", 5]}}, "amount.cues[1]", "a non-empty"),
    ({"amount": {"type": "money", "currency": "rupees"}}, "amount.currency", "a currency"),
    ({"amount": {"type": "money", "polarity": "negative"}}, "amount.polarity", "affirmative"),
    ({"qty": {"type": "quantity", "unit": "furlongs"}}, "qty.unit", "a unit"),
    ({"rate": {"type": "percent", "period": "fortnight"}}, "rate.period", "a period"),
    ({"on": {"type": "date", "locale": "en IN"}}, "on.locale", "a locale"),
    ({"who": {"type": "name", "role": "judge"}}, "who.role", "one of accused"),
    ({"who": {"type": "name", "roles": {"accused": "accused"}}}, "who.roles.accused", "a list"),
    ({"who": {"type": "name", "role": "x", "roles": {"y": ["y"]}}}, "who.role", "one of y"),
    ({"who": {"type": "name", "roles": {" ": ["y"]}}}, "who.roles. ", "a role name"),
    ({"who": {"type": "name", "roles": {"": ["y"]}}}, "who.roles.", "a role name"),
    ({"who": {"type": "name", "roles": {5: ["y"]}}}, "who.roles.5", "a role name"),
    # One word under two roles: the name's role would be whichever role sorts first.
    (
        {"who": {"type": "name", "roles": {"buyer": ["Party"], "seller": ["party"]}}},
        "who.roles.seller[0]",
        "a word no other role lists",
    ),
    ({5: {"type": "money"}}, "5", "a field name"),
]


@pytest.mark.parametrize(("raw", "key", "expected"), BAD)
def test_problems_name_the_key(raw: object, key: str, expected: str) -> None:
    problem = parse_fields(raw)
    assert isinstance(problem, FieldsProblem)
    assert problem.key == key
    assert problem.expected.startswith(expected), problem.message
    assert problem.message.startswith(f"{key}: " if key else "expected")


def test_declared_units_and_periods_in_other_spellings() -> None:
    fields = parse_fields(
        {
            "qty": {"type": "quantity", "unit": "M.T."},
            "rate": {"type": "percent", "period": "per annum", "unit": "%"},
            "cash": {"type": "money", "currency": "inr"},
        }
    )
    assert isinstance(fields, dict)
    assert fields["rate"].period == Period.YEAR and fields["cash"].currency == "INR"


def test_the_act_table_extends() -> None:
    acts = parse_acts(
        {"kerala-money-lenders": {"title": "Kerala Money Lenders Act", "year": 1958,
                                  "aliases": ["KML Act"]}}
    )  # fmt: skip
    assert isinstance(acts, tuple) and isinstance(acts[0], Act)
    table = DEFAULT_ACTS.extended(acts)
    fields = {"offence": FieldDecl(ValueType.STATUTE)}
    quote = "an offence under Section 17 of the Kerala Money Lenders Act, 1958"
    check = check_value("offence", "S. 17 KML Act", quote, fields, acts=table)
    assert check.ok, check
    assert not check_value("offence", "S. 17 KML Act", quote, fields).ok
    bad = parse_acts({"x": {"title": "X Act", "year": "1958"}})
    assert isinstance(bad, FieldsProblem) and bad.key == "x.year"


def test_bound_scale_and_locale_of_figures() -> None:
    fields = parse_fields(
        {
            "cap": {"type": "money", "bound": "at_most", "scale": "Million", "locale": "en-US"},
            "floor": {"type": "percent", "bound": "at_least"},
            "revenue": {"type": "number", "scale": "lakh"},
            "quarter": {"type": "period"},
        }
    )
    assert not isinstance(fields, FieldsProblem)
    assert (fields["cap"].bound, fields["cap"].scale, fields["cap"].locale) == (
        Bound.AT_MOST,
        "million",
        "en-US",
    )
    assert (fields["floor"].bound, fields["floor"].scale) == (Bound.AT_LEAST, None)
    assert (fields["revenue"].bound, fields["revenue"].scale) == (Bound.EXACT, "lakh")
    assert fields["quarter"].type == ValueType.PERIOD
