"""Money and plain numbers: Indian surface forms, read exactly, right and wrong."""

from __future__ import annotations

import pytest

from sakshi.values import FieldDecl, ValueReason, ValueType, check_value

R = ValueReason
MONEY = {"amount": FieldDecl(ValueType.MONEY)}
INR = {"amount": FieldDecl(ValueType.MONEY, currency="INR")}

# (value, quote): the quote states the value.
STATED = [
    ("Rs. 12,50,000/-", "a cheque for Rs. 12,50,000/- was dishonoured"),
    ("12,50,000", "a cheque for Rs.12,50,000/- was dishonoured"),
    ("1250000", "for a sum of ₹ 12,50,000"),
    ("INR 1,250,000", "for a sum of ₹12,50,000.00"),
    ("12.5 lakh", "the amount of Rs 12,50,000 only"),
    ("12.5 lakhs", "a sum of INR 12,50,000"),
    ("Rs. 12.5 lacs", "a sum of Rupees 12,50,000"),
    ("₹ 7,85,000.00", "for ₹ 7,85,000 towards the price"),
    ("Rupees Twelve Lakh Fifty Thousand only", "for Rs. 12,50,000/-"),
    ("Rs. 64,32,000", "Rs. 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only)"),
    ("64.32 lakh", "(Rupees Sixty-Four Lakh Thirty-Two Thousand only)"),
    ("Rs. 1.25 crore", "a loan of Rs. 1,25,00,000/-"),
    ("1.25 Cr.", "a loan of Rs. 125 lakh"),
    ("Rs 2 crore 50 lakh", "dues of ₹2,50,00,000"),
    ("Rs. 5,000", "a fine of Rs. 5000/- only"),
    ("₹ 5 लाख", "राशि रुपये 5,00,000"),
    ("500000", "रु. ५,००,००० का चेक"),
    ("USD 1.2 million", "a sum of US$ 1,200,000"),
    ("$1,200,000", "USD 1.2 million"),
    ("€ 500", "costs of EUR 500"),
    ("Rs. 10.50", "Rupees Ten and Fifty Paise only"),
    ("Rs. 1,00,000", "One Lakh Rupees"),
    ("Rs. 50,00,00,000", "Rs. 50 crore"),
    ("Rs. 5,000 crore", "Rupees Five Thousand Crore"),
    ("12,50,000", "a sum of 12,50,000 was due"),  # a bare grouped amount, no marked one
    # a code's digits before a symbol are not an amount in that currency
    ("₹ 45,00,000.00", "Advance paid, RTGS UTR SBIN424101187365      ₹ 45,00,000.00"),
]

# (value, quote, reason, hint fragment)
WRONG = [
    ("Rs. 1,25,000", "a cheque for Rs. 12,50,000/- was dishonoured", R.VALUE_NOT_IN_QUOTE, "x10"),
    ("12.5 crore", "a cheque for Rs. 12,50,000/-", R.VALUE_NOT_IN_QUOTE, "lakh/crore"),
    ("Rs. 12,50", "a cheque for Rs. 12,50,000/-", R.VALUE_NOT_IN_QUOTE, ""),
    ("Rs. 12,05,000", "a cheque for Rs. 12,50,000/-", R.VALUE_NOT_IN_QUOTE, "transposition"),
    ("Rs. 12,50,001", "a cheque for Rs. 12,50,000/-", R.VALUE_NOT_IN_QUOTE, ""),
    ("Rs. 12,500", "for Rs. 12.5 lakh", R.VALUE_NOT_IN_QUOTE, "x100"),
    ("USD 12,50,000", "a cheque for Rs. 12,50,000/-", R.CURRENCY_MISMATCH, "currency"),
    ("Rs. 15,00,000", "Rs. 12,50,000 and Rs. 2,50,000 as interest", R.VALUE_NOT_IN_QUOTE, "sum"),
    ("Rs. 64,32,000", "Rs. 64,32,000/- (Rupees Sixty Four Lakh only)", R.VALUE_NOT_IN_QUOTE, ""),
    ("Rs. 64,32,000/- (Rupees Sixty Four Lakh only)", "Rs. 64,32,000", R.VALUE_UNPARSEABLE, ""),
    ("Rs. 5,00,000", "cheque No. 500000 dated 12.03.2024", R.QUOTE_HAS_NO_VALUE, ""),
    ("Rs. 5,00,000", "the cheque was dishonoured", R.QUOTE_HAS_NO_VALUE, ""),
    ("Rs. 5,00,000", "a sum of 5,00,000 rupees was paid and Rs. 50,000", R.AMBIGUOUS_QUOTE, ""),
    ("Rs. 500", "five hundred people came", R.QUOTE_HAS_NO_VALUE, ""),  # words alone: no money
]


@pytest.mark.parametrize(("value", "quote"), STATED)
def test_money_stated(value: str, quote: str) -> None:
    check = check_value("amount", value, quote, MONEY)
    assert check.ok, (check.value_reason, check.reading, check.mentions)
    assert check.type == ValueType.MONEY and check.type_source == "declared"
    assert check.matched is not None


@pytest.mark.parametrize(("value", "quote", "reason", "hint"), WRONG)
def test_money_wrong(value: str, quote: str, reason: ValueReason, hint: str) -> None:
    check = check_value("amount", value, quote, MONEY)
    assert not check.ok
    assert check.value_reason == reason, (check.reading, check.mentions, check.hint)
    assert hint in check.hint


def test_restatement_is_one_mention_and_must_agree() -> None:
    quote = "Rs. 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only)"
    check = check_value("amount", "64,32,000", quote, MONEY)
    assert check.ok and len(check.mentions) == 1
    assert (check.mentions[0].start, check.mentions[0].end) == (0, len(quote))
    assert check.mentions[0].reading == "INR 6432000"
    bad = quote.replace("Thirty Two", "Twenty Two")
    check = check_value("amount", "64,32,000", bad, MONEY)
    assert check.value_reason == R.VALUE_NOT_IN_QUOTE and check.mentions[0].reading is None


def test_declared_currency_fills_a_missing_one() -> None:
    check = check_value("amount", "12,50,000", "for Rs. 12,50,000/-", INR)
    assert check.ok and check.reading == "INR 1250000"
    wrong = check_value("amount", "USD 12,50,000", "for 12,50,000/-", INR)
    assert wrong.value_reason == R.CURRENCY_MISMATCH
    quote_in_dollars = check_value("amount", "12,50,000", "for USD 12,50,000", INR)
    assert quote_in_dollars.value_reason == R.CURRENCY_MISMATCH


def test_mentions_carry_offsets_and_readings() -> None:
    quote = "paid ₹ 5,00,000 and then Rs.2,00,000/-"
    check = check_value("amount", "Rs. 2,00,000", quote, {})
    assert check.type == ValueType.MONEY and check.type_source == "inferred"
    surfaces = [(m.surface, m.reading) for m in check.mentions]
    assert surfaces == [("₹ 5,00,000", "INR 500000"), ("Rs.2,00,000/-", "INR 200000")]
    assert all(quote[m.start : m.end] == m.surface for m in check.mentions)
    assert check.value_reason == R.AMBIGUOUS_QUOTE  # two amounts, no cue


NUMBERS = [
    ("42.5", "delivered 42.500 MT", True),
    ("138", "under Section 138 of the NI Act", True),
    ("12,50,000", "Rs. 12.5 lakh", True),
    ("1250000", "12,50,000 units", True),
    ("12", "dated 12.03.2024", False),  # part of a date, not a number
    ("45", "Survey No. 45/2A", False),  # part of an identifier
]


@pytest.mark.parametrize(("value", "quote", "ok"), NUMBERS)
def test_plain_numbers(value: str, quote: str, ok: bool) -> None:
    check = check_value("count", value, quote, {"count": FieldDecl(ValueType.NUMBER)})
    assert check.ok is ok, check


def test_indic_digits_read_as_digits_everywhere() -> None:
    assert check_value("amount", "Rs. 5,00,000", "रुपये ५,००,०००/-", MONEY).ok
    date = {"on": FieldDecl(ValueType.DATE)}
    assert check_value("on", "12.03.2024", "दिनांक १२.०३.२०२४ को", date).ok
    bengali = check_value("amount", "Rs. 5,00,000", "টাকা Rs. ৫,০০,০০০", MONEY)
    assert bengali.ok


@pytest.mark.parametrize(
    ("quote", "reason"),
    [
        ("a sum of 5,000.", R.CURRENCY_MISMATCH),  # a grouped bare figure is money, unmarked
        ("a sum of 5,000/-", R.CURRENCY_MISMATCH),
        ("paid 5,000xyz only", R.QUOTE_HAS_NO_VALUE),  # a word glued on: no amount
        ("paid 5,000kg only", R.QUOTE_HAS_NO_VALUE),  # a unit: a quantity
        ("paid 5,000% only", R.QUOTE_HAS_NO_VALUE),
    ],
)
def test_a_bare_figure_is_money_unless_something_is_glued_on(quote: str, reason: R) -> None:
    money = {"f": FieldDecl(ValueType.MONEY)}
    assert check_value("f", "Rs. 5,000", quote, money).value_reason is reason


@pytest.mark.parametrize(
    ("value", "quote", "reason"),
    [
        ("USD 5,000", "US$ 5,000", None),
        ("USD 5,000", "US $5,000", R.CURRENCY_AMBIGUOUS),  # a mark's parts are glued
        ("USD 5,000", "U.S. $5,000", R.CURRENCY_AMBIGUOUS),
        ("HKD 5,000", "HK$5,000", None),
        ("HKD 5,000", "HK $5,000", R.CURRENCY_MISMATCH),
        ("SGD 5,000", "S $5,000", R.CURRENCY_AMBIGUOUS),
    ],
)
def test_a_currency_mark_of_two_parts_is_read_only_glued(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    money = {"f": FieldDecl(ValueType.MONEY)}
    assert check_value("f", value, quote, money).value_reason is reason


@pytest.mark.parametrize(
    "quote",
    ["the fee (USD 5,000), due", "the fee (USD 5,000). Then", "the fee (USD 5,000); due"],
)
def test_a_marked_amount_in_brackets_before_a_stop_is_an_aside_not_a_debit(quote: str) -> None:
    check = check_value("f", "USD 5,000", quote, {"f": FieldDecl(ValueType.MONEY)})
    assert check.ok and [str(m.reading) for m in check.mentions] == ["USD 5000"]
