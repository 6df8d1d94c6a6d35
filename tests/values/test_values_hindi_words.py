"""Amounts in Hindi words, as Hindi records and bilingual cheques write them.

Each row: the field's declaration, the value, the quote, and the verdict (None: the quote
states it; else the ``value_reason``). Hindi has its own word for every number below a
hundred ("पच्चीस" is 25), spelled with an anusvara or a chandrabindu (पांच, पाँच), with or
without a nukta (हज़ार, हजार); a restatement in words beside a figure must agree with it.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from sakshi.reasons import ValueReason as R
from sakshi.values import FieldsProblem, check_value, parse_fields

INR = {"type": "money", "currency": "INR"}
MONEY = {"type": "money"}
NUMBER = {"type": "number"}
DURATION = {"type": "duration"}

ROWS: list[tuple[Mapping[str, object], str, str, R | None]] = [
    # The amounts of the issue, in words alone.
    (INR, "Rs. 5,00,000", "पांच लाख रुपये का चेक अनादरित हुआ", None),
    (INR, "Rs. 5,00,000", "पाँच लाख रुपये का चेक अनादरित हुआ", None),
    (MONEY, "INR 5,00,000", "पांच लाख रुपये का चेक", None),
    (INR, "Rs. 2 crore", "दो करोड़ रुपये की ठगी", None),
    (INR, "Rs. 2 crore", "दो करोड रुपये की ठगी", None),
    (INR, "Rs. 25,000", "पच्चीस हजार रुपये का जुर्माना", None),
    (INR, "Rs. 25,000", "पच्चीस हज़ार रुपये का जुर्माना", None),
    (INR, "Rs. 1,50,000", "एक लाख पचास हजार रुपये", None),
    (INR, "Rs. 1,25,00,000", "एक करोड़ पच्चीस लाख रुपये", None),
    (INR, "Rs. 10,525", "दस हज़ार पांच सौ पच्चीस रुपये मात्र", None),
    (INR, "Rs. 5,00,000", "रुपये पांच लाख मात्र", None),
    (INR, "Rs. 5,00,000", "रु. पाँच लाख का भुगतान", None),
    (INR, "Rs. 100", "सौ रुपये का नोट", None),
    (INR, "Rs. 38,000", "अड़तीस हजार रुपये", None),
    (INR, "Rs. 38,000", "अडतीस हजार रुपये", None),  # typed without the nukta
    (INR, "Rs. 99,000", "निन्यानवे हजार रुपये", None),
    (INR, "Rs. 92,000", "बानबे हजार रुपये", None),
    # The fractions of spoken amounts.
    (INR, "Rs. 1,50,000", "डेढ़ लाख रुपये", None),
    (INR, "Rs. 2,50,000", "ढाई लाख रुपये", None),
    (INR, "Rs. 250", "ढाई सौ रुपये", None),
    (INR, "Rs. 8.5 lakh", "साढ़े आठ लाख रुपये", None),
    (INR, "Rs. 1,25,000", "सवा लाख रुपये", None),
    (INR, "Rs. 2,25,000", "सवा दो लाख रुपये", None),
    (INR, "Rs. 1,75,000", "पौने दो लाख रुपये", None),
    # The value may be written in Hindi words too.
    (INR, "पांच लाख रुपये", "a cheque for Rs. 5,00,000/- was dishonoured", None),
    (INR, "पच्चीस हजार", "a fine of Rs. 25,000/-", None),
    # Wrong values: the scale, the number, the fraction.
    (INR, "Rs. 50,00,000", "पांच लाख रुपये का चेक", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 5,000", "पांच लाख रुपये का चेक", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 5", "पांच लाख रुपये का चेक", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 2 lakh", "दो करोड़ रुपये की ठगी", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 52,000", "पच्चीस हजार रुपये का जुर्माना", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 1,00,000", "एक लाख पचास हजार रुपये", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 50,000", "एक लाख पचास हजार रुपये", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 8 lakh", "साढ़े आठ लाख रुपये", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 2 lakh", "ढाई लाख रुपये", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 2 lakh", "पौने दो लाख रुपये", R.VALUE_NOT_IN_QUOTE),
    (MONEY, "INR 5,00,000", "USD पांच लाख का ऋण", R.CURRENCY_MISMATCH),
    # A restatement in words beside a figure must agree with it.
    (INR, "Rs. 5,00,000", "Rs. 5,00,000 (पांच लाख रुपये)", None),
    (INR, "Rs. 5,00,000", "रु. 5,00,000/- (रुपये पांच लाख मात्र) का चेक", None),
    (INR, "Rs. 6,00,000", "Rs. 6,00,000 (पांच लाख रुपये)", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 5,00,000", "Rs. 6,00,000 (पांच लाख रुपये)", R.VALUE_NOT_IN_QUOTE),
    (INR, "Rs. 25,000", "Rs. 25,000/- (बावन हजार रुपये मात्र)", R.VALUE_NOT_IN_QUOTE),
    # Other types read Hindi words as they read English ones.
    (NUMBER, "500000", "कुल पांच लाख", None),
    (NUMBER, "5", "कुल पांच लाख", R.VALUE_NOT_IN_QUOTE),
    (DURATION, "2 years", "दो वर्ष का कारावास", None),
    (DURATION, "3 years", "दो वर्ष का कारावास", R.VALUE_NOT_IN_QUOTE),
    (DURATION, "15 days", "15 (पंद्रह) दिन के भीतर", None),
    (DURATION, "15 days", "15 (सोलह) दिन के भीतर", R.VALUE_NOT_IN_QUOTE),
]


@pytest.mark.parametrize(("decl", "value", "quote", "reason"), ROWS)
def test_hindi_number_words(
    decl: Mapping[str, object], value: str, quote: str, reason: R | None
) -> None:
    fields = parse_fields({"field": dict(decl)})
    assert not isinstance(fields, FieldsProblem), fields
    outcome = check_value("field", value, quote, fields)
    assert (outcome.ok, outcome.value_reason) == (reason is None, reason), outcome


@pytest.mark.parametrize(
    ("kind", "value", "quote", "reason"),
    [
        ("number", "50,000", "half a lakh", None),
        ("money", "Rs. 50,000", "Rs. 50,000 (half a lakh)", None),
        ("money", "Rs. 50,000", "rupees twenty a lakh", R.VALUE_NOT_IN_QUOTE),  # no "half"
        ("money", "Rs. 1,50,000", "rupees one and a half lakh", None),
    ],
)
def test_half_a_scale_is_half_only_after_half(
    kind: str, value: str, quote: str, reason: R | None
) -> None:
    fields = parse_fields({"f": {"type": kind}})
    assert not isinstance(fields, FieldsProblem)
    assert check_value("f", value, quote, fields).value_reason is reason
