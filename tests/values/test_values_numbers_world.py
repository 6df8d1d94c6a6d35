"""Plain numbers the world over: scale, sign, locale and a declared ``scale:``, right and wrong.

Every row goes through ``check_value`` for a field declared ``type: number`` (a row may set
the locale in force or the declaration): a right value must pass, a wrong one must fail
with the expected ``value_reason``. Quotes come from 10-K tables, credit agreements,
invoices in several locales, deal announcements and Indian orders.
"""

from __future__ import annotations

import pytest

from sakshi.values import FieldDecl, ValueReason, ValueType, check_value

R = ValueReason
NUMBER = FieldDecl(ValueType.NUMBER)
MILLIONS = FieldDecl(ValueType.NUMBER, scale="million")
LAKHS = FieldDecl(ValueType.NUMBER, scale="lakh")
THOUSANDS = FieldDecl(ValueType.NUMBER, scale="thousand")
GERMAN_FIELD = FieldDecl(ValueType.NUMBER, locale="de-DE")


def _check(value: str, quote: str, locale: str | None, decl: FieldDecl) -> tuple[bool, R | None]:
    check = check_value("n", value, quote, {"n": decl}, locale=locale)
    return check.ok, check.value_reason


# (value, quote): the scale is never dropped, so the value with its scale passes ...
SCALED = [
    ("1250000", "valuation of ₹12.5L for the flat"),
    ("12,50,000", "a fee of Rs. 12.5 L payable"),
    ("5000", "a signing bonus of Rs. 5k"),
    ("5,000,000,000", "a facility of USD 5 bn"),
    ("292000", "base salary of $292k per year"),
    ("3200000000", "net revenue of $3.2bn for the year"),
    ("5000000", "a fee of USD 5 m"),
    ("5000000", "a $5MM revolving facility"),
    ("12000000000000", "US debt passed $12tn"),
    ("5000000000", "an outlay of 5 hundred crore"),
    ("550000", "compensation of 5½ lakh"),
    ("550000", "compensation of 5 1/2 lakh"),
    ("50000", "a deposit of ½ lakh"),
    ("15000000000", "1.5 thousand crore was raised"),
    ("2500000", "two and a half million shares were issued"),
    ("500000", "half a million users signed up"),
    ("5000000", "a budget of EUR 5 Mio."),
    ("fifteen hundred", "a headcount of 1,500"),  # words: a value may be written so
    ("5.5", "for 5 and a half years"),
    ("5", "5 m of cable was laid"),  # a spaced letter is a unit ...
    ("5", "5 L of fuel"),
    ("5", "grade 5 b"),
    ("5000000000", "1.5 thousand crore and 5 hundred crore", "", R.AMBIGUOUS_QUOTE),
]
# ... and the value without it fails.
UNSCALED = [
    ("12.5", "valuation of ₹12.5L for the flat", R.VALUE_NOT_IN_QUOTE),
    ("5", "a signing bonus of Rs. 5k", R.VALUE_NOT_IN_QUOTE),
    ("5", "a facility of USD 5 bn", R.VALUE_NOT_IN_QUOTE),
    ("292", "base salary of $292k per year", R.VALUE_NOT_IN_QUOTE),
    ("5", "a fee of USD 5 m", R.VALUE_NOT_IN_QUOTE),
    ("5", "an outlay of 5 hundred crore", R.VALUE_NOT_IN_QUOTE),
    ("500", "an outlay of 5 hundred crore", R.VALUE_NOT_IN_QUOTE),
    ("5", "compensation of 5½ lakh", R.VALUE_NOT_IN_QUOTE),
    ("500000", "compensation of 5 1/2 lakh", R.VALUE_NOT_IN_QUOTE),
    ("1.5", "1.5 thousand crore was raised", R.VALUE_NOT_IN_QUOTE),
    ("2", "two and a half million shares were issued", R.VALUE_NOT_IN_QUOTE),
    ("5", "a budget of EUR 5 Mio.", R.VALUE_NOT_IN_QUOTE),
    ("5000000", "5 m of cable was laid", R.VALUE_NOT_IN_QUOTE),
    # What cannot be read with certainty is no number at all, never a smaller one.
    ("5", "compensation of 5⅓ lakh", R.QUOTE_HAS_NO_VALUE),  # no exact decimal
    ("5", "cable of 5m", R.QUOTE_HAS_NO_VALUE),  # metres or millions?
    ("5000000", "cable of 5m", R.QUOTE_HAS_NO_VALUE),
    ("12", "Flat 12B", R.QUOTE_HAS_NO_VALUE),  # a code
    ("12.5L", "valuation of ₹12.5L", R.VALUE_UNPARSEABLE),  # a value's L: lakh or litres?
]

# (value, quote, locale): the sign is never dropped ...
SIGNED = [
    ("-5000", "a net loss of -5,000 was booked", None),
    ("-5,000", "a net loss of −5,000 was booked", None),  # U+2212
    ("−5,000", "a net loss of -5,000 was booked", None),
    ("-5000", "the balance moved by minus 5,000", None),
    ("-5000", "a negative 5,000 adjustment", None),
    ("-5000", "Net loss (5,000)", None),  # accounting brackets
    ("(5,000)", "Net loss (5,000)", None),
    ("-5000", "a deficit of -$5,000", None),
    ("-5000000", "Impairment ($5m)", None),
    ("-1234,5", "Verlust -1.234,50", "de-DE"),
    ("15", "within fifteen (15) days", None),  # brackets restating words
    ("5000", "Rs. 5,000/- (5,000) was paid", None),  # brackets restating the figure
]
# ... and the value with the other sign fails; a hyphen that joins is no sign.
SIGN_WRONG = [
    ("5000", "a net loss of -5,000 was booked", R.VALUE_NOT_IN_QUOTE),
    ("5,000", "a net loss of −5,000 was booked", R.VALUE_NOT_IN_QUOTE),
    ("-5000", "a net profit of 5,000 was booked", R.VALUE_NOT_IN_QUOTE),
    ("5000", "the balance moved by minus 5,000", R.VALUE_NOT_IN_QUOTE),
    ("5000", "Net loss (5,000)", R.VALUE_NOT_IN_QUOTE),
    ("(5,000)", "Net income 5,000", R.VALUE_NOT_IN_QUOTE),
    ("5000", "a deficit of -$5,000", R.VALUE_NOT_IN_QUOTE),
    ("-15", "within fifteen (15) days", R.VALUE_NOT_IN_QUOTE),
    ("-10", "a stay of 5-10 days", R.QUOTE_HAS_NO_VALUE),  # a range
    ("10", "a stay of 5-10 days", R.QUOTE_HAS_NO_VALUE),
    ("-25", "for FY 2024-25", R.QUOTE_HAS_NO_VALUE),  # a period
    ("-5", "Flat No. 12-5", R.QUOTE_HAS_NO_VALUE),  # an identifier
    ("16", "filed in Form-16", R.QUOTE_HAS_NO_VALUE),
    # A minus that may be a joint or a sign: the mention cannot be read.
    ("5000", "a sum of Rs.-5,000", R.VALUE_NOT_IN_QUOTE),
    ("-5000", "a sum of Rs.-5,000", R.VALUE_NOT_IN_QUOTE),
    ("-5000", "a sum of (-5,000)", R.VALUE_NOT_IN_QUOTE),
]

# (value, quote, locale): numbers by locale ...
LOCALES = [
    ("1234.56", "an invoice total of 1,234.56", None),
    ("1234.56", "Rechnungsbetrag 1.234,56", None),  # only one thing: any locale
    ("1234.56", "Rechnungsbetrag 1.234,56", "en-US"),
    ("1234.56", "Montant total 1 234,56", None),  # a space
    ("1234.56", "Montant total 1\u00a0234,56", "en-GB"),  # a no-break space
    ("1234,56", "Montant total 1\u202f234,56", "fr-FR"),  # a narrow no-break space
    ("1234.5", "Betrag CHF 1'234.50", None),
    ("1234.5", "Betrag CHF 1’234.50", "de-CH"),
    ("1234567.89", "a decree for 12,34,567.89", None),
    ("1234567", "shares outstanding 1.234.567", "en-US"),  # a repeated mark groups
    ("1.234", "a yield of 1.234", None),  # en-IN: a decimal
    ("1234", "Stückzahl 1.234", "de-DE"),  # de-DE: a group
    ("1,5", "Zinssatz 1,5", "de-DE"),
    ("1,234", "Menge 1,234", "de-DE"),
    ("1234", "1 234 unités", "fr-FR"),
    # A mark the locale uses for neither can only be a decimal point before other than
    # three digits: an agent's "1234.56" for a French invoice.
    ("1234.56", "Montant total 1 234,56", "fr-FR"),
    ("1,5", "Zinssatz 1.5", "fr-FR"),
    ("1.5", "Zinssatz 1,5", "de-DE"),  # one mark before one digit: only a decimal point
    ("83128.68", "Nettobetrag 83.128,68 €", "de-DE"),  # five digits before it: the same
    ("1234", "Stückzahl 1.234", "en-US", GERMAN_FIELD),  # the field's locale wins
    ("5000000", "un budget de 5 millions", "fr-FR"),  # French "millions" is English's
    ("5000000000", "a loan of EUR 5 bn", "en-GB"),
]
# ... where the locale decides one mark, the other reading fails.
LOCALE_WRONG = [
    ("1234", "a yield of 1.234", None, R.VALUE_NOT_IN_QUOTE),
    ("1,234", "Stückzahl 1.234", "de-DE", R.VALUE_NOT_IN_QUOTE),  # 1.234 against 1234
    ("1234", "Menge 1,234", "de-DE", R.VALUE_NOT_IN_QUOTE),
    ("1234", "in 2023 1 234 cases", None, R.VALUE_NOT_IN_QUOTE),  # en-IN: two numbers
    ("15", "Sections 1,5 and 7", None, R.VALUE_NOT_IN_QUOTE),  # no grouping: no number
    ("1234", "Stückzahl 1.234", "fr-FR", R.QUOTE_HAS_NO_VALUE),  # neither of fr-FR's marks
    # A scale word the locale's language gives another power (CLDR) is unreadable there:
    # "billion" and "bn" are 10^12 in French, "b" in Spanish.
    ("5000000000", "un prêt de EUR 5 bn", "fr-FR", R.QUOTE_HAS_NO_VALUE),
    ("5000000000000", "un prêt de 5 billions", "fr-FR", R.QUOTE_HAS_NO_VALUE),
    ("5000000000", "un préstamo de $5 b", "es-ES", R.QUOTE_HAS_NO_VALUE),
]

# (value, quote, declaration): a declared scale multiplies the quote's bare figures ...
DECLARED = [
    ("5,200,000", "Revenue (in millions) 5.2", MILLIONS),
    ("5200000", "Revenue 5.2 million", MILLIONS),  # a scale of its own: read as written
    ("1250000", "Turnover (Rs. in lakhs) 12.5", LAKHS),
    ("-3400", "Net loss (in thousands) (3.4)", THOUSANDS),
]
# ... never the value, nor a figure that states its own scale.
DECLARED_WRONG = [
    ("5.2", "Revenue (in millions) 5.2", MILLIONS, R.VALUE_NOT_IN_QUOTE),
    ("5200000000000", "Revenue 5.2 million", MILLIONS, R.VALUE_NOT_IN_QUOTE),
    ("12.5", "Turnover (Rs. in lakhs) 12.5", LAKHS, R.VALUE_NOT_IN_QUOTE),
    ("3400", "Net loss (in thousands) (3.4)", THOUSANDS, R.VALUE_NOT_IN_QUOTE),
]


@pytest.mark.parametrize("row", SCALED, ids=lambda row: f"{row[0]}|{row[1]}")
def test_a_scaled_figure_states_the_value_with_its_scale(row: tuple[object, ...]) -> None:
    value, quote = str(row[0]), str(row[1])
    reason = row[3] if len(row) > 3 else None
    assert _check(value, quote, None, NUMBER) == (reason is None, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), UNSCALED)
def test_a_value_without_the_scale_fails(value: str, quote: str, reason: R) -> None:
    assert _check(value, quote, None, NUMBER) == (False, reason)


@pytest.mark.parametrize(("value", "quote", "locale"), SIGNED)
def test_the_sign_is_kept(value: str, quote: str, locale: str | None) -> None:
    assert _check(value, quote, locale, NUMBER) == (True, None)


@pytest.mark.parametrize(("value", "quote", "reason"), SIGN_WRONG)
def test_the_other_sign_fails(value: str, quote: str, reason: R) -> None:
    assert _check(value, quote, None, NUMBER) == (False, reason)


@pytest.mark.parametrize("row", LOCALES, ids=lambda row: f"{row[0]}|{row[1]}|{row[2]}")
def test_numbers_read_by_locale(row: tuple[object, ...]) -> None:
    value, quote, locale = str(row[0]), str(row[1]), row[2]
    decl = row[3] if len(row) > 3 else NUMBER
    assert isinstance(decl, FieldDecl) and (locale is None or isinstance(locale, str))
    assert _check(value, quote, locale, decl) == (True, None)


@pytest.mark.parametrize(("value", "quote", "locale", "reason"), LOCALE_WRONG)
def test_the_other_reading_of_a_mark_fails(
    value: str, quote: str, locale: str | None, reason: R
) -> None:
    assert _check(value, quote, locale, NUMBER) == (False, reason)


@pytest.mark.parametrize(("value", "quote", "decl"), DECLARED)
def test_a_declared_scale_multiplies_bare_figures(value: str, quote: str, decl: FieldDecl) -> None:
    assert _check(value, quote, None, decl) == (True, None)


@pytest.mark.parametrize(("value", "quote", "decl", "reason"), DECLARED_WRONG)
def test_a_declared_scale_leaves_the_value_and_scaled_figures(
    value: str, quote: str, decl: FieldDecl, reason: R
) -> None:
    assert _check(value, quote, None, decl) == (False, reason)


def test_a_mention_shows_its_sign_and_scale() -> None:
    check = check_value("n", "-5000000", "Impairment ($5m) in Q3", {"n": NUMBER})
    assert [(m.surface, m.reading) for m in check.mentions] == [("($5m)", "-5000000")]
    scaled = check_value("n", "5200000", "Revenue (in millions) 5.2", {"n": MILLIONS})
    assert [(m.surface, m.reading) for m in scaled.mentions] == [("5.2", "5200000")]
    assert scaled.reading == "5200000"
    # A bracketed figure after another figure is that column's negative, not a restatement.
    table = check_value("n", "-5000", "Operating income 12,000 (5,000)", {"n": NUMBER})
    assert [m.reading for m in table.mentions] == ["12000", "-5000"]
