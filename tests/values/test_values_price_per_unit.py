"""A price per a unit: "Rs. 8.5 lakh per acre" is a rate, not a sum of Rs. 8.5 lakh.

Each row: the field's declaration, the value, the quote, and the verdict (None: the quote
states it; else the ``value_reason``). The unit is one of the quantity table's (a unit of
measure or a count noun) after "per", "/" or "प्रति"; a value states the same unit, or
the field declares it with ``unit:``. Units of one dimension with exact factors convert
(a quintal is 100 kg); an acre never meets a hectare; "per share" or "per month" is no
unit, so those amounts read as before.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from sakshi.reasons import ValueReason as R
from sakshi.values import FieldsProblem, check_value, infer_type, parse_fields

INR = {"type": "money", "currency": "INR"}
USD = {"type": "money", "currency": "USD"}
ACRE = {**INR, "unit": "acre"}
AWARD = "the market value of the land is determined at Rs. 8.5 lakh per acre"
BOTH = "at Rs. 8.5 lakh per acre, the 2 acres acquired fetch Rs. 17 lakh in all"

ROWS: list[tuple[Mapping[str, object], str, str, R | None]] = [
    # The same price, written every way.
    (INR, "Rs. 8,50,000 per acre", AWARD, None),
    (INR, "₹8.5 lakh/acre", AWARD, None),
    (INR, "Rs. 8.5 lakh per acre", "market value Rs. 8,50,000/- per acre", None),
    (INR, "Rs. 8.5 lakh per acre", "market value ₹8.5 lakh/acre", None),
    (INR, "Rs. 8.5 lakh per acre", "बाजार मूल्य रु. 8.5 लाख प्रति एकड़ निर्धारित", None),
    (INR, "Rs. 8,50,000 per acre",
     "Rs. 8,50,000/- (Rupees Eight Lakh Fifty Thousand only) per acre", None),
    (INR, "Rs. 5 lakh per cent", "land in Thrissur sold at Rs. 5 lakh per cent", None),
    (INR, "Rs. 1,200 per quintal", "paddy procured at Rs. 1,200/qtl", None),
    (INR, "Rs. 300 per bag", "cement supplied at Rs. 300 per bag", None),
    (USD, "$0.45 per pound", "at $0.45 per pound, amounting to $4,500.00", None),
    (USD, "USD 120 per MT", "freight of US$ 120 per metric tonne", None),
    # Exact factors of one dimension convert; the unit's size must be exact.
    (INR, "Rs. 12 per kg", "paddy procured at Rs. 1,200/qtl", None),
    (INR, "Rs. 1,200 per kg", "paddy procured at Rs. 1,200/qtl", R.UNIT_MISMATCH),
    (USD, "USD 0.12 per kg", "freight of US$ 120 per metric tonne", None),
    # A declared unit reads a bare value per it; a value per another unit is refused.
    (ACRE, "Rs. 8.5 lakh", AWARD, None),
    (ACRE, "Rs. 8.5 lakh per acre", AWARD, None),
    (ACRE, "Rs. 8.5 lakh per hectare", AWARD, R.UNIT_MISMATCH),
    (ACRE, "Rs. 8.5 lakh", "a total compensation of Rs. 8.5 lakh", R.UNIT_MISMATCH),
    # Wrong values: a total, another unit, another amount.
    (INR, "Rs. 8.5 lakh", AWARD, R.UNIT_MISMATCH),
    (INR, "Rs. 8,50,000", AWARD, R.UNIT_MISMATCH),
    (INR, "Rs. 8.5 lakh per hectare", AWARD, R.UNIT_MISMATCH),
    (INR, "Rs. 8.5 lakh per sq ft", AWARD, R.UNIT_MISMATCH),
    (INR, "Rs. 8.5 lakh per acre", "a total compensation of Rs. 8.5 lakh", R.UNIT_MISMATCH),
    (INR, "Rs. 9 lakh per acre", AWARD, R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 85 lakh per acre", AWARD, R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 8.5 lakh per acre", "rent of Rs. 8.5 lakh per month", R.UNIT_MISMATCH),
    # A price and a sum in one quote: each states its own kind of value.
    (INR, "Rs. 17 lakh", BOTH, None),
    (INR, "Rs. 8.5 lakh per acre", BOTH, None),
    (INR, "Rs. 8.5 lakh", BOTH, R.UNIT_MISMATCH),
    (INR, "Rs. 17 lakh per acre", BOTH, R.UNIT_MISMATCH),
    # A price per an amount of a unit is not read at all, never as the sum.
    (INR, "Rs. 250", "sold at Rs. 250 per 5 kg bag", R.VALUE_NOT_IN_QUOTE),
    # "per" anything else is no unit: the amount reads as it always did.
    (USD, "$48.25", "to acquire the company for $48.25 per share in cash", None),
    (INR, "Rs. 25,000", "a rent of Rs. 25,000 per month", None),
]  # fmt: skip


@pytest.mark.parametrize(("decl", "value", "quote", "reason"), ROWS)
def test_a_price_per_a_unit(
    decl: Mapping[str, object], value: str, quote: str, reason: R | None
) -> None:
    fields = parse_fields({"field": dict(decl)})
    assert not isinstance(fields, FieldsProblem), fields
    outcome = check_value("field", value, quote, fields)
    assert (outcome.ok, outcome.value_reason) == (reason is None, reason), outcome


def test_a_price_per_a_unit_is_money_and_shows_its_unit() -> None:
    assert infer_type("Rs. 8,50,000 per acre") == "money"
    assert infer_type("₹8.5 lakh/acre") == "money"
    check = check_value("rate", "₹8.5 lakh/acre", AWARD, {})
    assert check.ok and check.reading == "INR 850000 per acre"
    assert [mention.reading for mention in check.mentions] == ["INR 850000 per acre"]


def test_money_declares_a_unit_the_reader_knows() -> None:
    problem = parse_fields({"rate": {"type": "money", "unit": "per share"}})
    assert isinstance(problem, FieldsProblem) and problem.key == "rate.unit"
    assert not isinstance(parse_fields({"rate": {"type": "money", "unit": "ha"}}), FieldsProblem)
