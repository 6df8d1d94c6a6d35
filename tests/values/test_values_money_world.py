"""Money beyond Indian records: every currency's codes, symbols and names, shared symbols
resolved by the field and the locale, a known currency never equal to an unknown one,
masses that say "pounds", and the sign (accounting brackets, minus signs) never dropped.

Each row goes through ``check_value``: (value, quote, declared currency, locale) and,
for the wrong ones, the value_reason expected.
"""

from __future__ import annotations

import pytest

from sakshi.values import FieldDecl, ValueReason, ValueType, check_value

R = ValueReason


def _check(value: str, quote: str, currency: str | None, locale: str | None):  # type: ignore[no-untyped-def]
    fields = {"amount": FieldDecl(ValueType.MONEY, currency=currency)}
    return check_value("amount", value, quote, fields, locale=locale)


# (value, quote, declared currency, locale): the quote states the value.
STATED = [
    # Codes before or after, glued or not.
    ("USD 5,000", "paid 5,000 USD on signing", None, None),
    ("USD 5,000", "a fee of USD5,000", None, None),
    ("CHF 5,000", "the price is CHF 5,000", None, None),
    ("CHF 5,000", "the price is 5,000 CHF", None, None),
    ("AED 5,000", "a deposit of AED 5,000", None, None),
    ("5,000 EUR", "costs of EUR 5,000", None, None),
    # Prefixed symbols that are one currency each, whatever the locale.
    ("USD 5,000", "paid US$ 5,000", None, None),
    ("SGD 5,000", "a fee of S$ 5,000", None, None),
    ("HKD 12,500", "HK$12,500 was paid", None, "en-US"),
    ("AUD 5,000", "A$5,000 in arrears", None, "en-US"),
    ("CAD 5,000", "CA$5,000 owing", None, None),
    ("BRL 5,000", "R$ 5,000 devidos", None, None),
    ("KRW 5,000", "₩5,000", None, None),
    ("EUR 5,000", "5,000 € due", None, None),
    ("INR 5,000", "₹5,000 due", None, "en-US"),
    ("€ 500", "costs of EUR 500", None, None),
    # English names, after the amount, or longer ones before it.
    ("EUR 5,000", "5,000 euros", None, None),
    ("JPY 5,000", "a fee of 5,000 yen", None, None),
    ("5,000 yen", "JPY 5,000", None, None),
    ("CHF 5,000", "5,000 Swiss francs", None, None),
    ("CHF 5,000", "Swiss francs 5,000", None, None),
    ("GBP 5,000", "5,000 pounds sterling", None, None),
    ("GBP 5,000", "5,000 British pounds", None, None),
    ("USD 5,000", "5,000 US dollars", None, None),
    ("USD 5,000,000", "United States Dollars 5,000,000", None, None),
    ("USD 5,000", "5,000 U.S. dollars", None, None),
    ("INR 5,000", "5,000 Indian rupees", None, "en-US"),
    ("AED 5,000", "5,000 UAE dirhams", None, None),
    ("ZAR 5,000", "5,000 South African rand", None, None),
    ("PLN 5,000", "5,000 zł", None, None),
    ("USD 1.2 million", "a sum of US$ 1,200,000", None, None),
    ("USD five thousand", "US$ 5,000", None, None),
    ("USD 5,000", "$5,000 (five thousand US dollars)", None, None),  # the words choose
    # The Indian spellings, now after the amount too.
    ("INR 5,000", "a sum of 5,000 Rs. was paid", None, None),
    ("Rs. 5,000", "a sum of 5,000 rupees", None, None),
    ("INR 5,000", "Rupees 5,000", "INR", "en-US"),
    # A shared symbol: the declared currency, else the locale's region's, when it uses it.
    ("USD 5,000", "$5,000", None, "en-US"),
    ("AUD 5,000", "$5,000", None, "en-AU"),
    ("CAD 5,000", "C$ 5,000", None, "en-CA"),
    ("GBP 5,000", "£5,000", None, "en-GB"),
    ("GBP 5,000", "5,000 pounds", None, "en-GB"),
    ("JPY 500,000", "¥500,000", None, "ja-JP"),
    ("CNY 5,000", "¥5,000", None, "zh-Hans-CN"),
    ("SEK 5,000", "5,000 kr", None, "sv-SE"),
    ("USD 5,000", "5,000 dollars", None, "en-US"),
    ("AED 5,000", "5,000 dirhams", None, "ar-AE"),
    ("5,000", "$5,000", "AUD", "en-US"),  # the field's currency before the locale's
    ("5,000", "¥5,000", "JPY", None),
    ("5,000", "kr 5,000", "DKK", None),
    ("5,000", "C$ 5,000", "CAD", None),
    ("£5,000", "GBP 5,000", None, None),  # the quote says which pound the value's £ is
    ("$5,000", "US$ 5,000", None, None),
    # A value without a currency claims the amount alone; a declared one fills both sides.
    ("5,000", "AED 5,000", None, None),
    ("5,000", "$5,000", None, None),
    ("5,000", "a total of 5,000.00", "USD", None),
    ("$5,000", "a total of 5,000.00", "USD", "en-US"),
    # "pounds of" a determiner is still money; a mass is not a rival of the sum.
    ("GBP 5,000", "5,000 pounds of the deposit", None, "en-GB"),
    ("USD 900", "shipped 5,000 pounds of sugar for $900", None, "en-US"),
    # Initials and everyday words are no currency, and make no rival mention.
    ("Rs. 5,00,000", "Rs. 5,00,000 for the vehicle UP 32 AB 1234", None, None),
    ("Rs. 5,000", "costs of Rs. 5,000 under O. 7 R. 11", None, None),
    ("USD 5 million", "revenue in Q3 was USD 5 million", None, None),
    ("USD 5,000", "the firm won 3 cases and USD 5,000 in costs", None, None),
]

# (value, quote, declared currency, locale, reason)
WRONG = [
    # A prefixed symbol is its own currency, never USD.
    ("USD 5,000", "S$ 5,000", None, None, R.CURRENCY_MISMATCH),
    ("USD 5,000", "HK$ 5,000", None, "en-US", R.CURRENCY_MISMATCH),
    ("USD 5,000", "A$5,000", None, "en-US", R.CURRENCY_MISMATCH),
    ("USD 5,000", "C$5,000", None, "en-US", R.CURRENCY_MISMATCH),
    ("USD 5,000", "CA$5,000", None, "en-US", R.CURRENCY_MISMATCH),
    ("USD 5,000", "R$ 5,000", None, "en-US", R.CURRENCY_MISMATCH),
    ("S$ 5,000", "USD 5,000", None, None, R.CURRENCY_MISMATCH),
    # A known currency never equals an unknown one, nor another one.
    ("$ 5,000", "a sum of 5,000 Rs.", None, None, R.CURRENCY_MISMATCH),
    ("EUR 5,000", "a sum of 5,000 Rs.", None, None, R.CURRENCY_MISMATCH),
    ("USD 5,000", "a sum of 5,000 Rs.", None, None, R.CURRENCY_MISMATCH),
    ("EUR 5,000", "a sum of 5,000 was due", None, None, R.CURRENCY_MISMATCH),
    ("USD 5,000", "5,000 yen", None, None, R.CURRENCY_MISMATCH),
    # A figure in a currency's hundredths is no amount in its whole units.
    ("£23.4", "Basic earnings per share 23.4p (2023: 21.1p)", "GBP", "en-GB", R.QUOTE_HAS_NO_VALUE),
    ("$25", "a quarterly dividend of 25 cents per share", "USD", "en-US", R.QUOTE_HAS_NO_VALUE),
    ("$12.50", "a unit price of 12.50c per kWh", "USD", "en-US", R.QUOTE_HAS_NO_VALUE),
    ("EUR 5,000", "5,000 CHF", None, None, R.CURRENCY_MISMATCH),
    ("ALL 5,000", "all 5,000 shares were sold", None, None, R.CURRENCY_MISMATCH),
    # CHF, AED, ¥ and yen carry a currency: not the declared INR.
    ("5,000", "CHF 5,000", "INR", None, R.CURRENCY_MISMATCH),
    ("5,000", "AED 5,000", "INR", None, R.CURRENCY_MISMATCH),
    ("5,000", "¥5,000", "INR", None, R.CURRENCY_MISMATCH),
    ("5,000", "5,000 yen", "INR", None, R.CURRENCY_MISMATCH),
    ("5,000", "$5,000", "INR", None, R.CURRENCY_MISMATCH),
    ("USD 5,000", "USD 5,000", "INR", None, R.CURRENCY_MISMATCH),
    ("$5,000", "$5,000", "INR", None, R.CURRENCY_MISMATCH),
    # A shared symbol that neither the field nor the locale resolves.
    ("USD 5,000", "$5,000", None, None, R.CURRENCY_AMBIGUOUS),
    ("USD 5,000", "$5,000", None, "en-GB", R.CURRENCY_AMBIGUOUS),
    ("GBP 5,000", "£5,000", None, None, R.CURRENCY_AMBIGUOUS),
    ("GBP 5,000", "£5,000", None, "en-US", R.CURRENCY_AMBIGUOUS),
    ("JPY 5,000", "¥5,000", None, None, R.CURRENCY_AMBIGUOUS),
    ("SEK 5,000", "5,000 kr", None, None, R.CURRENCY_AMBIGUOUS),
    ("CAD 5,000", "C$ 5,000", None, None, R.CURRENCY_AMBIGUOUS),
    ("USD 5,000", "5,000 dollars", None, None, R.CURRENCY_AMBIGUOUS),
    ("AED 5,000", "5,000 dirhams", None, None, R.CURRENCY_AMBIGUOUS),
    ("$5,000", "$5,000", None, None, R.CURRENCY_AMBIGUOUS),
    ("INR 5,000", "Rs. 5,000", None, "en-US", R.CURRENCY_AMBIGUOUS),
    # The locale's region chooses another currency than the value's.
    ("AUD 5,000", "$5,000", None, "en-US", R.CURRENCY_MISMATCH),
    ("USD 5,000", "$5,000", None, "en-AU", R.CURRENCY_MISMATCH),
    ("CNY 5,000", "¥5,000", None, "ja-JP", R.CURRENCY_MISMATCH),
    ("JPY 5,000", "¥5,000", None, "zh-CN", R.CURRENCY_MISMATCH),
    # A mass, not money.
    ("GBP 5,000", "5,000 pounds of sugar", None, "en-GB", R.QUOTE_HAS_NO_VALUE),
    ("5,000", "5,000 pounds of sugar", None, None, R.QUOTE_HAS_NO_VALUE),
    ("GBP 5,000", "5,000 lbs of cargo", None, "en-GB", R.QUOTE_HAS_NO_VALUE),
    ("KRW 5", "the firm won 5 cases", None, None, R.QUOTE_HAS_NO_VALUE),
]


@pytest.mark.parametrize(("value", "quote", "currency", "locale"), STATED)
def test_currency_stated(value: str, quote: str, currency: str | None, locale: str | None) -> None:
    check = _check(value, quote, currency, locale)
    assert check.ok, (check.value_reason, check.reading, check.mentions)


@pytest.mark.parametrize(("value", "quote", "currency", "locale", "reason"), WRONG)
def test_currency_wrong(
    value: str, quote: str, currency: str | None, locale: str | None, reason: ValueReason
) -> None:
    check = _check(value, quote, currency, locale)
    assert not check.ok
    assert check.value_reason == reason, (check.reading, check.mentions, check.hint)


@pytest.mark.parametrize(
    ("value", "quote", "locale"),
    [
        ("CHF 1'234.50", "the price is CHF 1'234.50", "de-CH"),
        ("CHF 1,234.50", "the price is CHF 1'234.50", "en-US"),
        ("BRL 5.000", "R$ 5.000", "pt-BR"),
        ("BRL 5000", "R$ 5.000", "pt-BR"),
        ("EUR 1.234,56", "total 1.234,56 €", "de-DE"),
        ("EUR 1234.56", "total 1 234,56 €", "fr-FR"),
    ],
)
def test_locale_number_formats(value: str, quote: str, locale: str) -> None:
    assert _check(value, quote, None, locale).ok


@pytest.mark.parametrize(
    ("value", "quote", "locale"),
    [
        # The value is read in the locale of its quote: under pt-BR "5,000" is five reais.
        ("BRL 5,000", "R$ 5.000", "pt-BR"),
        ("EUR 1.25", "a fee of EUR 1.250,00", "de-DE"),
        ("EUR 1.234", "total 1.234,56 €", "de-DE"),
    ],
)
def test_locale_number_formats_refuse_another_amount(value: str, quote: str, locale: str) -> None:
    assert not _check(value, quote, None, locale).ok


def test_shared_symbols_show_what_they_may_be() -> None:
    check = _check("USD 5,000", "a fee of $5,000", None, None)
    assert check.mentions[0].reading == "$ 5000"  # unresolved: the symbol, not a currency
    assert "declare currency or locale" in check.hint
    resolved = _check("USD 5,000", "a fee of $5,000", None, "en-US")
    assert resolved.mentions[0].reading == "USD 5000"


# (value, quote, declared currency, locale): the sign is kept on both sides.
SIGNED = [
    ("Rs. -5,000", "a loss of Rs. -5,000", None, None),
    ("-$5,000", "a balance of -$5,000", None, "en-US"),
    ("USD -5,000", "a balance of $-5,000", None, "en-US"),
    ("USD -5,000", "net income USD (5,000)", None, None),
    ("USD -1,234", "Net loss $ (1,234)", None, "en-US"),
    ("(Rs. 5,000)", "Total (Rs. 5,000)", None, None),
    ("INR -5,000", "Total (Rs. 5,000)", None, None),
    ("-$1,234", "Net loss ($1,234)", None, "en-US"),
    ("-1,234", "Net loss (1,234)", "USD", None),  # a money column's bare figure
    ("(1,234)", "Net loss (1,234)", "USD", None),
    ("−₹5,000", "an adjustment of −₹5,000", None, None),
    ("-5,000", "an adjustment of -5,000/-", "INR", None),
    ("-$4,500", "an adjustment of minus $4,500", None, "en-US"),
    ("USD -4,500", "an adjustment of negative $4,500", None, "en-US"),
    ("minus €4,500", "a correction of -€4,500", None, None),
    # An aside in a sentence keeps its sign; words in brackets restate.
    ("USD 5,000", "the fee (USD 5,000) is due", None, None),
    (
        "Rs. 64,32,000",
        "Rs. 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only)",
        None,
        None,
    ),
    ("64.32 lakh", "(Rupees Sixty-Four Lakh Thirty-Two Thousand only)", None, None),
    ("Rs. 5,00,000", "the cheque amount (Rs. 5,00,000/-)", None, None),
    ("Rs. 5,00,000", "being the amount (Rs. 5,00,000 only), the accused", None, None),
    ("USD 500,000", "Five Hundred Thousand Dollars ($500,000)", None, "en-US"),
    # A hyphen between figures or in a year is no sign.
    ("Rs. 5,000", "dues for FY 2024-25 of Rs. 5,000", None, None),
]

DROPPED = [
    ("Rs. 5,000", "a loss of Rs. -5,000", None, None),
    ("$5,000", "a balance of -$5,000", None, "en-US"),
    ("USD 5,000", "a balance of $-5,000", None, "en-US"),
    ("USD 5,000", "net income USD (5,000)", None, None),
    ("Rs. 5,000", "Total (Rs. 5,000)", None, None),
    ("$1,234", "Net loss ($1,234)", None, "en-US"),
    ("1,234", "Net loss (1,234)", "USD", None),
    ("-Rs. 5,000", "Rs. 5,000 was paid", None, None),
    ("(Rs. 5,000)", "Rs. 5,000 was paid", None, None),
    ("-USD 5,000", "the fee (USD 5,000) is due", None, None),
    ("$4,500", "an adjustment of minus $4,500", None, "en-US"),
    ("$4,500", "an adjustment of negative $4,500", None, "en-US"),
]


@pytest.mark.parametrize(("value", "quote", "currency", "locale"), SIGNED)
def test_sign_kept(value: str, quote: str, currency: str | None, locale: str | None) -> None:
    check = _check(value, quote, currency, locale)
    assert check.ok, (check.value_reason, check.reading, check.mentions)


@pytest.mark.parametrize(("value", "quote", "currency", "locale"), DROPPED)
def test_sign_dropped_fails(
    value: str, quote: str, currency: str | None, locale: str | None
) -> None:
    check = _check(value, quote, currency, locale)
    assert check.value_reason == R.VALUE_NOT_IN_QUOTE, (check.reading, check.mentions)
    assert "sign" in check.hint


def test_a_restatement_that_disagrees_on_the_currency_cannot_be_read() -> None:
    check = _check("USD 5,000", "$5,000 (five thousand euros)", None, None)
    assert check.value_reason == R.VALUE_NOT_IN_QUOTE and check.mentions[0].reading is None


def test_every_iso_code_is_a_declarable_currency() -> None:
    from sakshi.values import parse_field

    for code in ("USD", "CHF", "AED", "JPY", "SGD", "XOF", "ZWG", "DEM"):
        decl = parse_field("amount", {"type": "money", "currency": code.lower()})
        assert isinstance(decl, FieldDecl) and decl.currency == code
    problem = parse_field("amount", {"type": "money", "currency": "XYZ"})
    assert not isinstance(problem, FieldDecl) and "ISO 4217" in problem.expected


def test_a_table_rows_next_column_is_no_restatement() -> None:
    """A figure and a bracketed one a column apart (a run of spaces, a tab) are two cells,
    the second negative; one space apart, the brackets restate the figure."""
    fields = {
        "op": FieldDecl(ValueType.MONEY, currency="GBP", scale="thousand", cues=("Operating",))
    }
    for gap in ("     ", "\t"):
        row = f"Operating profit/(loss)          81,031{gap}(3,015)"
        assert check_value("op", "GBP 81,031,000", row, fields).ok
        wrong = check_value("op", "GBP -3,015,000", row, fields)
        assert (wrong.ok, wrong.value_reason) == (False, ValueReason.LABEL_MISMATCH)
    fee = {"fee": FieldDecl(ValueType.MONEY, currency="GBP")}
    restated = check_value("fee", "GBP 5,000", "a fee of £5,000 (£5,000)", fee)
    assert restated.ok and [m.reading for m in restated.mentions] == ["GBP 5000"]


def test_a_declared_scale_counts_every_bare_figure_of_the_row() -> None:
    """A table "(in thousands)" writes small figures bare: "425" is GBP 425,000 there, while
    a quote of prose with no declared scale still takes no bare "425" for money."""
    fields = {
        "pbt": FieldDecl(ValueType.MONEY, currency="GBP", scale="thousand", cues=("before tax",))
    }
    row = "Profit/(loss) before tax                   425       1,642"
    assert check_value("pbt", "GBP 425,000", row, fields, locale="en-GB").ok
    assert not check_value("pbt", "GBP 1,642,000", row, fields, locale="en-GB").ok
    assert not check_value("pbt", "GBP 425", row, fields, locale="en-GB").ok
    prose = {"fee": FieldDecl(ValueType.MONEY, currency="GBP")}
    assert not check_value("fee", "GBP 425", "in 2023 425 cases were filed", prose).ok


def test_a_conversion_in_brackets_is_a_mention_of_its_own() -> None:
    """ "€2.3bn (£1.98bn)": the same sum in another currency, in figures, is no restatement
    that must agree; each amount states itself, and neither rivals a value in the other's
    currency."""
    quote = "a deal worth €2.3bn (£1.98bn) in cash"
    assert _check("EUR 2.3bn", quote, None, "en-GB").ok
    assert _check("GBP 1,980,000,000", quote, None, "en-GB").ok
    assert _check("EUR 1.98bn", quote, None, "en-GB").value_reason == R.CURRENCY_MISMATCH
    assert _check("EUR 2.3m", quote, None, "en-GB").value_reason == R.VALUE_NOT_IN_QUOTE
