"""Quantities, rates and periods as US, UK, EU and Indian documents write them: contracts,
invoices, bills of lading, 10-K and 10-Q prose, credit agreements, medication
instructions. Right values that must pass and wrong ones that must fail, each with the
value_reason it fails with."""

from __future__ import annotations

import pytest

from sakshi.values import (
    Bound,
    FieldDecl,
    Period,
    ValueReason,
    ValueType,
    check_value,
    infer_type,
)
from sakshi.values.tokens import compact, tokenize
from sakshi.values.units import QUANTITY_UNITS, names, unit_named

R = ValueReason
T = ValueType
OK = None

# (value, quote, expected value_reason or None for stated, declaration keys)
QUANTITIES: list[tuple[str, str, ValueReason | None, dict[str, str]]] = [
    # mass: pint's exact factors (1 lb = 0.45359237 kg, 1 oz = 1/16 lb)
    ("5,000 lb", "the seller shipped 5,000 pounds of sugar", OK, {}),
    ("5,000 pounds", "shipped 5,000 lbs of sugar", OK, {}),
    ("2,267.96185 kg", "shipped 5,000 pounds of sugar", OK, {}),
    ("2,268 kg", "shipped 5,000 pounds of sugar", R.VALUE_NOT_IN_QUOTE, {}),
    ("5,000 kg", "shipped 5,000 pounds of sugar", R.UNIT_MISMATCH, {}),
    ("12 oz", "a net weight of 12 ounces", OK, {}),
    ("0.75 lb", "a net weight of 12 oz", OK, {}),
    ("1 stone", "weighed 14 lb", OK, {}),
    ("25 MT", "25,000 kg of wheat", OK, {}),
    ("25 tonnes", "25 t of steel coil", OK, {}),
    ("20 tons", "20 tonnes of cargo", R.UNIT_MISMATCH, {}),  # a ton is short, long or metric
    ("20 tons", "20 tons of cargo", OK, {}),
    ("20 short tons", "40,000 lb", OK, {}),
    # medication: mg, mcg, µg, μg; a dose's frequency
    ("500 mg", "Take one 500 mg tablet by mouth", OK, {}),
    ("0.5 g", "each tablet contains 500 mg of amoxicillin", OK, {}),
    ("500 mcg", "levothyroxine 500 µg daily", OK, {}),
    ("0.5 mg", "levothyroxine 500 μg", OK, {}),
    ("50 mg", "each tablet contains 500 mg", R.VALUE_NOT_IN_QUOTE, {}),
    ("500 mg", "500 mL of saline", R.UNIT_MISMATCH, {}),
    ("500 mg", "Take 500 mg twice daily with food", OK, {}),
    ("500 mg twice daily", "Take 500 mg b.i.d. with food", OK, {}),
    ("500 mg twice a day", "Take 500 mg twice daily", OK, {}),
    ("500 mg three times a day", "Take 500 mg twice daily", R.VALUE_NOT_IN_QUOTE, {}),
    ("500 mg twice daily", "Take 500 mg", R.VALUE_NOT_IN_QUOTE, {}),
    ("10 mg/day", "10 mg per day", OK, {}),
    ("10 mg/day", "10 mg daily", OK, {}),
    ("10 mg per day", "10 mg once a day", OK, {}),
    ("10 mg/day", "10 mg weekly", R.PERIOD_MISMATCH, {}),
    ("70 mg/week", "10 mg daily", R.VALUE_NOT_IN_QUOTE, {}),  # periods never convert
    ("10 mg/kg", "a dose of 10 mg per kg of body weight", OK, {}),
    ("0.01 g/kg", "10 mg/kg body weight", OK, {}),
    ("10,000 mcg/kg", "10 mg/kg body weight", OK, {}),
    ("10 mg", "10 mg/kg body weight", R.UNIT_MISMATCH, {}),  # mg/kg is a dimension of its own
    ("10 mg/kg", "10 mg of the drug", R.UNIT_MISMATCH, {}),
    ("20 mg/kg/day", "20 mg/kg/day in two divided doses", OK, {}),
    ("2 tablets", "Take 2 tablets by mouth every 6 hours", OK, {}),
    ("2 tablets", "Take 2 capsules", R.UNIT_MISMATCH, {}),
    ("2 tablets three times a day", "two tablets 3 times daily", OK, {}),
    # volume: mL, L, m³, CBM, cc; US and imperial gallons only when the name says which
    ("250 mL", "a 0.25 L bottle", OK, {}),
    ("1 litre", "1,000 ml", OK, {}),
    ("5 cc", "inject 5 mL", OK, {}),
    ("5 mL", "inject 5 mg", R.UNIT_MISMATCH, {}),
    ("28 CBM", "28 cubic metres of cargo", OK, {}),
    ("1 CBM", "1 m³", OK, {}),
    ("28,000 L", "a volume of 28 m3", OK, {}),
    ("5 gallons", "5 gal of paint", OK, {}),
    ("18.92705892 L", "5 gallons of paint", R.UNIT_MISMATCH, {}),  # US or imperial?
    ("18.92705892 L", "5 US liquid gallons", OK, {}),
    ("1 imperial gallon", "4.54609 litres", OK, {}),
    # length, area, land
    ("10 ft", "a clearance of 3.048 m", OK, {}),
    ("12 inches", "1 foot", OK, {}),
    ("1 acre", "43,560 sq. ft.", OK, {}),
    ("1 acre", "land of 0.40468564224 ha", R.UNIT_MISMATCH, {}),  # never converted
    ("2,500 square feet", "2,500 sq ft of office space", OK, {}),
    ("120 m²", "an apartment of 120 m2", OK, {}),
    ("120 m2", "a floor area of 120 sqm", OK, {}),
    ("1,200 sq ft", "a plot of 1,200 sqft", OK, {}),
    ("1 ha", "10,000 square metres", OK, {}),
    ("200 sq metres", "an area of 200 m²", OK, {}),
    # count nouns: only the same noun, singular or plural
    ("33 pallets", "loaded 33 pallets on the vessel", OK, {}),
    ("1 pallet", "1 pallets", OK, {}),
    ("33 pallets", "33 cartons", R.UNIT_MISMATCH, {}),
    ("33 pallets", "34 pallets", R.VALUE_NOT_IN_QUOTE, {}),
    ("33 pallets", "33 pcs", R.UNIT_MISMATCH, {}),
    ("33 pallets", "33 kg", R.UNIT_MISMATCH, {}),
    ("33 pallets", "33 of the accused were present", R.QUOTE_HAS_NO_VALUE, {}),
    ("4 containers", "four containers of garments", OK, {}),
    ("33", "shipped in 33 pallets", OK, {"unit": "pallet"}),
    ("33", "shipped in 33 cartons", R.UNIT_MISMATCH, {"unit": "pallet"}),
    ("1,200 TEU", "a capacity of 1,200 TEUs", OK, {}),
    ("12 cartons", "12 boxes", R.UNIT_MISMATCH, {}),
    ("50 kg per bag", "packed at 50 kg/bag", OK, {}),
    # Indian measures, as before
    ("425 quintals", "42.5 tonnes of wheat", OK, {}),
    ("2.5 acres", "2 acres 20 guntas", OK, {}),
    ("3 bighas", "3 bighas of land", OK, {}),
    ("3 bighas", "1 acre", R.UNIT_MISMATCH, {}),  # a bigha differs by state
    # a strength per an amount of another measure is no amount of the first
    ("250 mg", "Amoxicillin 250 mg/5 mL oral suspension: give 5 mL twice daily",
     R.UNIT_MISMATCH, {}),
    ("250 mg", "Amoxicillin 250 mg per 5 mL", R.VALUE_NOT_IN_QUOTE, {}),
    ("5 mL twice daily", "Amoxicillin 250 mg/5 mL oral suspension: give 5 mL twice daily",
     OK, {}),
    # the locale's separators read a measure's figure as they read money's
    ("1.5 kg", "Bruttogewicht: 1.500 kg", R.VALUE_NOT_IN_QUOTE, {"locale": "de-DE"}),
    ("1.5 t", "Bruttogewicht: 1.500 kg", OK, {"locale": "de-DE"}),
    ("1.5 t", "poids net : 1 500 kg", OK, {"locale": "fr-FR"}),
]  # fmt: skip

RATES: list[tuple[str, str, ValueReason | None, dict[str, str]]] = [
    ("25 bp", "a margin of 25 bps", OK, {}),
    ("25 basis points", "a margin of 0.25%", OK, {}),
    ("0.25%", "a margin of 25 basis points", OK, {}),
    ("18‰", "interest at 1.8% per annum", OK, {}),
    ("18‰", "interest at 18% per annum", R.UNIT_MISMATCH, {}),
    ("25 bp", "a margin of 25%", R.UNIT_MISMATCH, {}),
    ("2.5%", "a margin of 25 bps", R.VALUE_NOT_IN_QUOTE, {}),
    ("@ 12% p.a.", "interest @ 12% p.a. from the date of default", OK, {}),
    ("12% p.a.", "interest @12%p.a. from the date of default", OK, {}),
    ("12%", "interest at 12 per cent. per annum", OK, {}),
    ("12% p.a.", "interest at 12 per cent. per annum", OK, {}),
    ("12 percent", "interest at 12%", OK, {}),
    ("12% p.a.", "interest at 12% pa", OK, {}),
    ("12% p.a.", "interest at 12 per cent. per month", R.PERIOD_MISMATCH, {}),
    # A spread over a benchmark: its figure is the margin, never the rate itself.
    ("2.50%", "the Applicable Margin is Term SOFR plus 2.50% per annum", OK,
     {"field": "applicable_margin"}),
    ("2.50%", "the Applicable Margin is Term SOFR plus 2.50% per annum", R.VALUE_NOT_IN_QUOTE, {}),
    ("2.50%", "the Applicable Margin shall be 2.50% per annum", OK, {"field": "margin"}),
    ("SOFR + 2.50%", "bears interest at SOFR + 2.50%", OK, {}),
    ("SOFR + 2.50%", "bears interest at Term SOFR plus 2.50%", OK, {}),
    ("EURIBOR + 2.50%", "bears interest at SOFR + 2.50%", R.VALUE_NOT_IN_QUOTE, {}),
    ("2.50%", "bears interest at SOFR + 2.50%", R.VALUE_NOT_IN_QUOTE, {}),
    ("2.50%", "bears interest at SOFR + 2.50%", OK, {"field": "spread"}),
    ("2.25%", "bears interest at SOFR + 2.50%", R.VALUE_NOT_IN_QUOTE, {}),
    ("2% p.a.", "interest at MCLR + 2% p.a. from the date of default", R.VALUE_NOT_IN_QUOTE, {}),
    ("MCLR + 2% p.a.", "interest at MCLR + 2% p.a. from the date of default", OK, {}),
    ("repo rate + 2%", "interest at the repo rate plus 2% per annum", OK, {}),
    ("2% above base rate", "2 per cent. above the Bank of England base rate", OK, {}),
    ("2%", "2 per cent. above the Bank of England base rate", R.VALUE_NOT_IN_QUOTE, {}),
    ("18%", "GST at 18% + cess", OK, {}),
    ("2%", "interest @ 9% + 2% penal interest", R.AMBIGUOUS_QUOTE, {}),
    ("5%", "revenue grew 5%. Over the same period costs fell", OK, {}),
    ("250", "a spread of 250 bps", OK, {"unit": "bps"}),
    ("2.5", "a spread of 250 bps", OK, {}),
]  # fmt: skip

PERIODS: list[tuple[str, str, ValueReason | None, dict[str, str]]] = [
    ("Q3 FY2025", "Revenue for Q3 FY2025 rose 12%", OK, {}),
    ("Q3 FY2025", "Revenue for Q3 FY25 rose", OK, {}),
    ("Q3 FY2025", "Revenue for Q3FY25 rose", OK, {}),
    ("Q3 FY2025", "in the third quarter of fiscal 2025, revenue", OK, {}),
    ("Q3 FY2025", "in the third quarter of fiscal year 2025, revenue", OK, {}),
    ("Q3 FY2025", "in fiscal Q3 2025", OK, {}),
    ("Q3 FY2025", "EBITDA for FY25 Q3 rose", OK, {}),
    ("FY2025", "EBITDA for FY25 Q3 rose", R.VALUE_NOT_IN_QUOTE, {}),
    # A period of another size is no rival: one year in the quote states the year.
    ("FY2025", "EBITDA for FY25 rose; Q3 2024 fell", OK, {}),
    ("FY2025", "EBITDA for FY25 rose; FY2024 fell", R.AMBIGUOUS_QUOTE, {}),
    ("Q3 FY2025", "Q3 FY2025 rose; Q3 FY2024 and fiscal 2024 fell", R.AMBIGUOUS_QUOTE, {}),
    ("Q3 FY2025", "Revenue for Q3 2025 rose", R.VALUE_NOT_IN_QUOTE, {}),  # calendar
    ("Q3 FY2025", "Revenue for Q2 FY2025 rose", R.VALUE_NOT_IN_QUOTE, {}),
    ("Q3 FY2025", "Revenue for Q3 FY2024 rose", R.VALUE_NOT_IN_QUOTE, {}),
    ("FY 2024-25", "the return for F.Y. 2024-25 was filed", OK, {}),
    ("FY2024-25", "for the financial year 2024-2025", OK, {}),
    ("F.Y. 2024-25", "for FY 2024-25", OK, {}),
    ("FY 2024-25", "for FY 2023-24", R.VALUE_NOT_IN_QUOTE, {}),
    ("FY 2024-26", "for FY 2024-25", R.VALUE_UNPARSEABLE, {}),  # years must follow
    ("FY2025", "for FY 2024-25", R.VALUE_NOT_IN_QUOTE, {}),  # which convention? unknown
    ("FY2025", "for FY 2024-25", OK, {"locale": "en-IN"}),
    ("FY25", "for FY 2024-25", OK, {"locale": "hi-IN"}),
    ("FY25", "for FY 2024-25", R.VALUE_NOT_IN_QUOTE, {"locale": "en-US"}),
    ("FY2025", "for FY 2025-26", OK, {"locale": "ja-JP"}),
    ("FY2025", "for FY 2025-26", R.VALUE_NOT_IN_QUOTE, {"locale": "en-GB"}),
    ("fiscal 2025", "in fiscal year 2025", OK, {}),
    ("fiscal year 2025", "in FY2025", OK, {}),
    ("H1 2025", "in the first half of 2025", OK, {}),
    ("H1 2025", "in 1H 2025", OK, {}),
    ("H1 2025", "in H2 2025", R.VALUE_NOT_IN_QUOTE, {}),
    ("H1 FY2025", "in H1 2025", R.VALUE_NOT_IN_QUOTE, {}),
    ("the third quarter of 2025", "sales in Q3 2025", OK, {}),
    ("Q3 2025", "sales in the 3rd quarter of 2025", OK, {}),
    ("Q3 2025", "sales in 3Q 2025", OK, {}),
    ("Q3 2025", "sales in Q3 25", R.VALUE_NOT_IN_QUOTE, {}),  # a bare two-digit year
    ("Q3 25", "sales in Q3 2025", R.VALUE_UNPARSEABLE, {}),
    ("calendar year 2024", "for CY2024", OK, {}),
    ("CY2024", "for calendar 2024", OK, {}),
    ("CY2024", "in 2024", R.QUOTE_HAS_NO_VALUE, {}),  # a bare year is no period
    ("CY2024", "for FY2024", R.VALUE_NOT_IN_QUOTE, {}),
    ("March 2025", "for the month of March, 2025", OK, {}),
    ("March 2025", "paid on 12 March 2025", R.QUOTE_HAS_NO_VALUE, {}),  # a date
    ("AY 2025-26", "the return for A.Y. 2025-26", OK, {}),
    ("AY 2025-26", "the return for F.Y. 2025-26", R.VALUE_NOT_IN_QUOTE, {}),
    ("Q3", "Revenue for Q3 FY2025 rose", R.VALUE_UNPARSEABLE, {}),
]  # fmt: skip


def _decl(kind: ValueType, keys: dict[str, str]) -> FieldDecl:
    period = keys.get("period")
    return FieldDecl(
        kind,
        unit=keys.get("unit"),
        period=Period(period) if period else None,
        locale=keys.get("locale"),
    )


def _check(
    kind: ValueType, value: str, quote: str, reason: ValueReason | None, keys: dict[str, str]
) -> None:
    name = keys.get("field", "field")
    check = check_value(name, value, quote, {name: _decl(kind, keys)})
    assert check.value_reason == reason, (check.reading, check.mentions, check.hint)
    assert check.ok is (reason is None)


@pytest.mark.parametrize(("value", "quote", "reason", "keys"), QUANTITIES)
def test_quantities(
    value: str, quote: str, reason: ValueReason | None, keys: dict[str, str]
) -> None:
    _check(T.QUANTITY, value, quote, reason, keys)


@pytest.mark.parametrize(("value", "quote", "reason", "keys"), RATES)
def test_rates(value: str, quote: str, reason: ValueReason | None, keys: dict[str, str]) -> None:
    _check(T.PERCENT, value, quote, reason, keys)


@pytest.mark.parametrize(("value", "quote", "reason", "keys"), PERIODS)
def test_periods(value: str, quote: str, reason: ValueReason | None, keys: dict[str, str]) -> None:
    _check(T.PERIOD, value, quote, reason, keys)


def test_a_declared_rate_period_is_checked() -> None:
    fields = {"rate": FieldDecl(T.PERCENT, period=Period.YEAR)}
    assert check_value("rate", "12%", "interest at 12 per cent. per annum", fields).ok
    refused = check_value("rate", "1% p.m.", "interest at 1% per month", fields)
    assert refused.value_reason == R.PERIOD_MISMATCH
    # A value that names no period is the declared one's: a monthly rate does not state it.
    bare = check_value("rate", "12%", "interest at 12% per month", fields)
    assert bare.value_reason == R.PERIOD_MISMATCH
    assert check_value("rate", "12%", "interest at 12% p.a.", fields).ok
    assert check_value("rate", "12% p.a.", "interest at 12%", fields).ok  # the quote's too
    undeclared = {"rate": FieldDecl(T.PERCENT)}  # no period declared: none is filled in
    assert check_value("rate", "12%", "interest at 12% per month", undeclared).ok


def test_periods_are_scoped_by_cues_as_dates_are() -> None:
    quote = "Revenue for Q3 FY2025 rose 12% compared with Q3 FY2024."
    fields = {
        "period": FieldDecl(T.PERIOD, cues=("revenue for",)),
        "prior": FieldDecl(T.PERIOD, cues=("compared with",)),
    }
    assert check_value("period", "Q3 FY2025", quote, fields).ok
    assert check_value("prior", "Q3 FY2024", quote, fields).ok
    taken = check_value("period", "Q3 FY2024", quote, fields)
    assert taken.value_reason == R.LABEL_MISMATCH
    bare = {"period": FieldDecl(T.PERIOD)}
    assert check_value("period", "Q3 FY2025", quote, bare).value_reason == R.AMBIGUOUS_QUOTE


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("Q3 FY2025", T.PERIOD),
        ("FY 2024-25", T.PERIOD),
        ("H1 2025", T.PERIOD),
        ("March 2025", T.PERIOD),
        ("12 March 2025", T.DATE),
        ("12.03.2024", T.DATE),
        ("2025", T.NUMBER),
        ("33 pallets", T.QUANTITY),
        ("500 mg", T.QUANTITY),
        ("10 mg/kg", T.QUANTITY),
        ("5,000 lbs", T.QUANTITY),
        ("25 bps", T.PERCENT),
        ("5 widgets", None),
        ("CC 1234/2023", T.CASE_NO),
    ],
)
def test_inference_takes_the_new_forms_and_steals_nothing(
    value: str, kind: ValueType | None
) -> None:
    assert infer_type(value) == kind


def test_an_undeclared_period_is_checked() -> None:
    check = check_value("quarter", "Q3 FY2025", "Revenue for Q3 FY25 rose", {})
    assert (check.ok, check.type, check.reading) == (True, T.PERIOD, "Q3 FY2025")


def test_declared_units_name_compounds_and_count_nouns() -> None:
    per_kg = unit_named("mg/kg", QUANTITY_UNITS)
    assert per_kg is not None and per_kg.dimension == "mass/mass"
    pallet = unit_named("pallet", QUANTITY_UNITS)
    assert pallet is not None and pallet == unit_named("pallets", QUANTITY_UNITS)
    assert unit_named("widgets", QUANTITY_UNITS) is None


def test_names_are_keyed_as_the_tokenizer_reads_them() -> None:
    spelled = ["sq. ft.", "m²", "M.T.", "वर्ग मीटर", "µg", "per cent", "%"]
    table = names([(name, index) for index, name in enumerate(spelled)])
    for index, name in enumerate(spelled):
        tokens = tokenize(name)
        assert table.keys[compact(tokens, 0, len(tokens)) or name] == index


BILL_OF_LADING = "Gross weight: 17,500 KGS; Measurement: 28.000 CBM; 20 pallets"


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("17,500 kg", OK),
        ("28 CBM", OK),
        ("20 pallets", OK),
        ("17,500 lb", R.UNIT_MISMATCH),
        ("20 cartons", R.UNIT_MISMATCH),
    ],
)
def test_a_measure_of_another_kind_is_no_rival(value: str, reason: ValueReason | None) -> None:
    # A bill of lading states a mass, a volume and a count side by side: none is a rival
    # reading of the others, so each is stated without a cue.
    check = check_value("q", value, BILL_OF_LADING, {"q": FieldDecl(T.QUANTITY)})
    assert check.value_reason == reason, (check.reading, check.mentions)


def test_measures_of_one_kind_still_need_their_cue() -> None:
    plain = {"q": FieldDecl(T.QUANTITY)}
    weights = "Gross weight: 17,500 KGS; Net weight: 16,000 KGS; 20 pallets"
    assert check_value("q", "16,000 kg", weights, plain).value_reason == R.AMBIGUOUS_QUOTE
    counts = "20 pallets containing 400 cartons"  # every count rivals every other
    assert check_value("q", "400 cartons", counts, plain).value_reason == R.AMBIGUOUS_QUOTE
    medication = "Amlodipine 5mg tablets: take one tablet once daily"
    assert check_value("q", "5 mg", medication, plain).ok
    assert check_value("q", "1 tablet", medication, plain).ok


def test_another_fields_cue_still_owns_its_mention() -> None:
    fields = {
        "gross": FieldDecl(T.QUANTITY, cues=("gross weight",)),
        "packages": FieldDecl(T.QUANTITY, cues=("packages",)),
        "other": FieldDecl(T.QUANTITY),
    }
    quote = "Gross weight: 17,500 KGS; packages: 20 pallets"
    assert check_value("packages", "17,500 kg", quote, fields).value_reason == R.LABEL_MISMATCH
    assert check_value("packages", "20 pallets", quote, fields).ok
    bare = "Gross weight: 17,500 KGS; 20 pallets"
    assert check_value("packages", "17,500 kg", bare, fields).value_reason == R.LABEL_MISMATCH
    assert check_value("other", "20 pallets", bare, fields).ok


def test_per_dose_says_what_one_dose_is() -> None:
    fields = {"max": FieldDecl(ValueType.QUANTITY, unit="mg", bound=Bound.AT_MOST)}
    quote = "the dose is 10 mg/kg body weight, to a maximum of 500 mg per dose."
    assert check_value("max", "0.5 g", quote, fields).ok
    assert not check_value("max", "500 mg/kg", quote, fields).ok


@pytest.mark.parametrize(
    ("value", "quote", "locale", "ok"),
    [
        # Quantities and rates read their figures in the locale too: de-DE groups with ".".
        ("1234 kg", "Gewicht 1.234 kg", "de-DE", True),
        ("1.234 g", "Gewicht 1.234 kg", "en-US", False),
        ("1.234 kg", "weight 1.234 kg", "en-US", True),
        ("1234 kg", "weight 1.234 kg", "en-US", False),
        ("12.5%", "Zinssatz 12,5 %", "de-DE", True),
        ("1234 kg", "poids 1 234 kg", "fr-FR", True),
    ],
)
def test_measures_read_figures_in_the_locale(value: str, quote: str, locale: str, ok: bool) -> None:
    kind = ValueType.PERCENT if value.endswith("%") else ValueType.QUANTITY
    check = check_value("m", value, quote, {"m": FieldDecl(kind)}, locale=locale)
    assert check.ok is ok, (check.value_reason, check.mentions)


@pytest.mark.parametrize(
    ("kind", "value", "quote", "reason"),
    [
        # a unit's name stops at a figure standing apart and at its clause's end
        (ValueType.QUANTITY, "42 m", "42 m 2 rooms", None),
        (ValueType.QUANTITY, "42 m", "the hall is 42 m, 2 rooms", None),
        (ValueType.QUANTITY, "42 m²", "the hall is 42 m2", None),
        # a benchmark after "above" is a word, never a small word or nothing
        (ValueType.PERCENT, "2%", "interest at 2% above the", None),
        (ValueType.PERCENT, "2%", "interest at 2% above MCLR", R.VALUE_NOT_IN_QUOTE),
    ],
)
def test_a_name_after_a_figure_is_read_within_its_words(
    kind: ValueType, value: str, quote: str, reason: ValueReason | None
) -> None:
    assert check_value("f", value, quote, {"f": FieldDecl(kind)}).value_reason is reason
