"""The red team's value probes, each as a user would declare the field (SPEC 8.1).

Every wrong value here came out green before the vocabularies were rebuilt on maintained
data (a scale, a sign, a currency, a bound, a provision kind, a related person dropped),
and every right value was refused. Each row: the field's declaration, the value, the
quote, and the verdict the contract asks for (None: the quote states it; else the
``value_reason``). The rules themselves are tested family by family beside this file.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from sakshi.reasons import ValueReason as R
from sakshi.values import FieldsProblem, check_value, parse_fields

INR = {"type": "money", "currency": "INR"}
MONEY = {"type": "money"}
ACCUSED = {"type": "name", "role": "accused"}

WRONG: list[tuple[Mapping[str, object], str, str]] = [
    # The scale is never dropped.
    (INR, "₹12.5", "a sum of ₹12.5L was paid"),
    (INR, "Rs. 5", "an advance of Rs. 5k was paid"),
    (MONEY, "USD 5", "a facility of USD 5 bn"),
    (MONEY, "$292", "a salary of $292k a year"),
    (INR, "Rs. 5 crore", "damages of Rs. 5 hundred crore"),
    (INR, "Rs. 5 lakh", "compensation of Rs. 5½ lakh"),
    (MONEY, "EUR 1.25", "a fee of EUR 1.250,00"),
    # A currency is its own, and a known one never equals an unknown or another one.
    (MONEY, "USD 5,000", "a deposit of S$5,000"),
    (MONEY, "USD 5,000", "a deposit of HK$5,000"),
    (MONEY, "USD 5,000", "a deposit of A$5,000"),
    (MONEY, "USD 5,000", "a deposit of C$5,000"),
    (MONEY, "EUR 5,000", "a fee of CHF 5,000"),
    (MONEY, "USD 5,000", "a fee of AED 5,000"),
    (MONEY, "USD 5,000", "a fee of ¥5,000"),
    (MONEY, "EUR 5,000", "a fee of 5,000 yen"),
    (INR, "5,000", "a fee of ¥5,000"),
    (MONEY, "$ 5,000", "a sum of 5,000 Rs. was paid"),
    (MONEY, "EUR 5,000", "a sum of 5,000 Rs. was paid"),
    (MONEY, "GBP 5,000", "delivered 5,000 pounds of sugar"),
    # The sign is never dropped.
    (INR, "Rs. 5,000", "a balance of Rs. -5,000"),
    (INR, "Rs. 5,000", "net income (Rs. 5,000)"),
    # A bound is not an exact figure.
    (MONEY, "$5,000,000", "liability of up to $5,000,000"),
    # Provisions of one kind are not another kind's.
    ({"type": "statute"}, "Section 11 CPC", "rejected under Order VII Rule 11 CPC"),
    ({"type": "statute"}, "Section 138 of the CGST Act", "under Rule 138 of the CGST Rules"),
    ({"type": "statute"}, "Section 138", "as set out in Schedule 138"),
    # An act of one name and year in two countries is two acts.
    (
        {"type": "statute"},
        "Section 34 of the Arbitration and Conciliation Act, 1996",
        "set aside under section 34 of the Arbitration Act 1996",
    ),
    # A related person is not the party.
    (ACCUSED, "Suresh Kumar", "the accused Ramesh Kumar s/o Suresh Kumar"),
    (ACCUSED, "A. Sharma", "heard Mr. A. Sharma, learned counsel for the accused"),
    (ACCUSED, "Mohan Lal", "the witness Mohan Lal deposed against the accused Ramesh"),
]

RIGHT: list[tuple[Mapping[str, object], str, str]] = [
    (
        {"type": "statute"},
        "Securities Act of 1933, § 11",
        "Section 11 of the Securities Act of 1933",
    ),
    ({"type": "statute"}, "15 U.S.C. § 78j(b)", "in violation of 15 U.S.C. § 78j(b) and"),
    ({"type": "statute"}, "Article 28(3)(a) GDPR", "as required by Article 28(3)(a) GDPR"),
    ({"type": "quantity"}, "33 pallets", "shipped 33 pallets of frozen goods"),
    ({"type": "quantity"}, "0.5 g", "take 500 mg twice daily"),
    ({"type": "money", "currency": "CHF"}, "CHF 1,234.50", "total due: CHF 1'234.50"),
    ({"type": "period"}, "Q3 FY2025", "revenue for Q3 FY2025 rose"),
    (
        {"type": "name", "role": "customer"},
        "Y, Inc.",
        'by and between X LLC and Y, Inc., a Georgia corporation ("Customer")',
    ),
    ({"type": "case_no"}, "1:23-cv-04567", "Case No. 1:23-cv-04567 (S.D.N.Y.)"),
    ({"type": "percent", "period": "year"}, "12% per annum", "interest @ 12% p.a. from"),
    ({"type": "case_no"}, "Award No. 57 of 2022", "in Award No. 57 of 2022 the tribunal"),
    ({"type": "case_no"}, "SCN No. 384/2024", "the SCN No. 384/2024 demands"),
    (
        {"type": "statute"},
        "Section 357(3) of the Cr.P.C., 1973",
        "compensation under Section 357(3) of the Cr.P.C., 1973",
    ),
    (
        {"type": "statute"},
        "Section 12A of the Commercial Courts Act, 2015",
        "mediation under Section 12A of the CC Act, 2015",
    ),
    ({"type": "statute"}, "Section 2-207 of the UCC", "the battle of the forms under UCC § 2-207"),
    (
        {"type": "statute"},
        "Article 4 of Directive (EU) 2019/1937",
        "Art. 4 of Directive 2019/1937/EU",
    ),
    ({"type": "statute"}, "reg 4(1) TUPE 2006", "a transfer under regulation 4(1) of TUPE"),
    ({"type": "statute"}, "IRC § 501(c)(3)", "exempt under 26 U.S.C. § 501(c)(3)"),
]


def _check(decl: Mapping[str, object], value: str, quote: str) -> tuple[bool, R | None]:
    fields = parse_fields({"field": dict(decl)})
    assert not isinstance(fields, FieldsProblem), fields
    outcome = check_value("field", value, quote, fields)
    return outcome.ok, outcome.value_reason


@pytest.mark.parametrize(("decl", "value", "quote"), WRONG)
def test_every_wrong_value_of_the_probes_is_red(
    decl: Mapping[str, object], value: str, quote: str
) -> None:
    ok, reason = _check(decl, value, quote)
    assert not ok, f"{value!r} came out green against {quote!r}"
    assert reason is not None


@pytest.mark.parametrize(("decl", "value", "quote"), RIGHT)
def test_every_right_value_of_the_probes_is_green(
    decl: Mapping[str, object], value: str, quote: str
) -> None:
    assert _check(decl, value, quote) == (True, None)


def test_compensation_stated_before_its_cue_is_its_own() -> None:
    fields = parse_fields(
        {
            "compensation": {"type": "money", "currency": "INR", "cues": ["compensation"]},
            "fine": {"type": "money", "currency": "INR", "cues": ["fine"]},
        }
    )
    assert not isinstance(fields, FieldsProblem)
    quote = (
        "The accused shall pay a fine of Rs. 10,000 and Rs. 5.5 lakh shall be paid to the"
        " complainant as compensation"
    )
    assert check_value("compensation", "Rs. 5,50,000", quote, fields).ok
    wrong = check_value("compensation", "Rs. 10,000", quote, fields)
    assert (wrong.ok, wrong.value_reason) == (False, R.LABEL_MISMATCH)
