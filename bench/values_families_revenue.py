"""Revenue and recovery passages of the values corpus: a land acquisition award, a GST
show cause notice and a SARFAESI demand notice (see values_corpus.py)."""

from __future__ import annotations

import string
from decimal import Decimal

from values_corpus import (
    ACT,
    CURRENCY,
    CUT,
    DIGITS,
    NAME,
    NEIGHBOUR,
    OTHER_PARTY,
    PERMILLE,
    RIGHT,
    SAME_SENTENCE,
    SECTION,
    SUM,
    THOUSAND_LAKH,
    UNIT,
    YEAR,
    ZERO,
    Claim,
    Family,
    Sheet,
)
from values_forms import (
    crore,
    date_forms,
    decimal_text,
    indian,
    lakh,
    money_value_forms,
    shift_year,
    transpose,
    western,
)
from values_pools import BANKS, COMPANIES, FIRMS, PERSONS, PLACES, amount, day, later, other

__all__ = ["REVENUE"]

_VILLAGES = ("Hosahalli", "Kadugodi", "Wagholi", "Sanganer", "Mohanlalganj", "Ettimadai")
_GUNTAS = {0: "", 10: ".25", 20: ".5", 30: ".75"}
RFCTLARR = (
    "Right to Fair Compensation and Transparency in Land Acquisition, Rehabilitation and"
    " Resettlement Act, 2013"
)


def _extent(sheet: Sheet) -> tuple[str, str, Decimal, tuple[str, ...]]:
    """(the passage's words, the unit, the extent in it, right values for it)."""
    rng = sheet.rng
    if rng.random() < 0.5:
        acres, guntas = rng.randint(1, 6), int(sheet.pick("10", "20", "30"))
        words = f"{acres} acres {guntas} {sheet.pick('guntas', 'gunthas')}"
        exact = f"{acres}{_GUNTAS[guntas]}"
        return words, "acre", Decimal(exact), (f"{exact} acres", f"{acres} acres {guntas} guntas")
    hectares = Decimal(rng.randint(50, 400)) / 100
    words = f"{hectares:.2f} Ha."
    square_metres = int(hectares * 10_000)
    forms = (f"{decimal_text(hectares)} hectares", f"{western(square_metres)} sq. m")
    return words, "ha", hectares, forms


def _land_award(sheet: Sheet) -> None:
    rng = sheet.rng
    survey = f"{rng.randint(1, 250)}/{rng.randint(1, 9)}{sheet.pick('A', 'B', 'C')}"
    words, unit, extent, extent_forms = _extent(sheet)
    per = "acre" if unit == "acre" else "hectare"
    rate = amount(rng, 8_00_000, 60_00_000, 40_000)
    value = int(extent * rate)
    years = rng.randint(1, 3)
    total = 2 * value + value * 12 * years // 100
    notified = day(rng, 2016, 2021, small=True)
    owner = rng.choice(PERSONS)
    s1 = (
        f"The lands bearing Survey No. {survey} of {rng.choice(_VILLAGES)} village, measuring"
        f" {words}, were notified for acquisition under Section 11(1) of the {RFCTLARR} by"
        f" notification dated {date_forms(notified)['dotted']}."
    )
    s2 = (
        "Having regard to the sale statistics of the village, the market value of the land is"
        f" determined at Rs. {indian(rate)}/- per {per}, and the market value of the acquired"
        f" land works out to Rs. {indian(value)}/-."
    )
    s3 = (
        "In addition, solatium at 100% of the market value, amounting to"
        f" Rs. {indian(value)}/-, is awarded under Section 30(1), together with an additional"
        " amount at the rate of 12% per annum on the market value from the date of the"
        " notification to the date of the award under Section 30(3) of the said Act."
    )
    s4 = f"The total compensation payable to the land owner, {owner}, is Rs. {indian(total)}/-."
    sheet.text = f"{s1} {s2} {s3} {s4}"
    field = f"extent_{unit}"
    sheet.right("survey_number", sheet.pick(survey, survey.lower(), f"Sy. No. {survey}"), s1)
    sheet.right(field, sheet.pick(*extent_forms), s1, Claim(extent, unit))
    sheet.date(RIGHT, "notification_date", notified, s1, "dotted")
    sheet.right(
        "provision", sheet.pick("s. 11(1) RFCTLARR Act", "Section 11(1) of the LARR Act, 2013"), s1
    )
    # A rate per acre or hectare is stated per its unit: a value gives the unit too.
    rate_form = rng.choice(money_value_forms(rate))
    sheet.right("market_rate", f"{rate_form} per {per}", s2, Claim(Decimal(rate), "INR"))
    sheet.money(RIGHT, "market_value", value, s2)
    sheet.right("solatium_rate", sheet.pick("100%", "100 per cent"), s3, Claim(Decimal(100), "%"))
    sheet.right(
        "additional_rate",
        sheet.pick("12% p.a.", "12 per cent per annum"),
        s3,
        Claim(Decimal(12), "%"),
    )
    sheet.money(RIGHT, "total_compensation", total, s4)
    sheet.right("landowner_name", owner.upper(), s4)
    wrong_unit = "hectares" if unit == "acre" else "acres"
    sheet.add(
        UNIT,
        field,
        f"{decimal_text(extent)} {wrong_unit}",
        s1,
        Claim(extent, "ha" if unit == "acre" else "acre"),
    )
    sheet.add(CUT, "survey_number", survey[:-1], s1)
    other_per = "hectare" if per == "acre" else "acre"
    sheet.add(
        UNIT,
        "market_rate",
        f"Rs. {indian(rate)}/- per {other_per}",
        s2,
        Claim(Decimal(rate), f"INR/{other_per}"),  # the sum per another unit
    )
    sheet.add(
        THOUSAND_LAKH,
        "market_rate",
        f"Rs. {lakh(rate)} thousand",
        s2,
        Claim(Decimal(rate) / 100, "INR"),
    )
    sheet.money(SAME_SENTENCE, "market_value", rate, s2)
    sheet.money(SUM, "total_compensation", 2 * value, s3)
    sheet.monthly_rate("additional_rate", "12", s3)
    sheet.add(ZERO, "solatium_rate", "10%", s3, Claim(Decimal(10), "%"))
    sheet.add(ACT, "provision", "Section 11(1) of the Land Acquisition Act, 1894", s1)
    sheet.add(SECTION, "provision", "Section 4(1) of the RFCTLARR Act", s1)
    sheet.date(YEAR, "notification_date", shift_year(notified, 1), s1)
    sheet.money(DIGITS, "total_compensation", transpose(total, rng), s4)


LAND_AWARD = Family(
    "land-award",
    {
        "survey_number": {"type": "identifier"},
        "extent_acre": {"type": "quantity", "unit": "acre"},
        "extent_ha": {"type": "quantity", "unit": "ha"},
        "notification_date": {"type": "date"},
        "provision": {"type": "statute"},
        "market_rate": {"type": "money", "currency": "INR", "cues": ["determined at"]},
        "market_value": {"type": "money", "currency": "INR", "cues": ["works out to"]},
        "solatium_rate": {"type": "percent", "cues": ["solatium"]},
        "additional_rate": {"type": "percent", "period": "year", "cues": ["additional amount"]},
        "total_compensation": {"type": "money", "currency": "INR"},
        "landowner_name": {"type": "name"},
    },
    _land_award,
)


def _gstin(sheet: Sheet) -> str:
    rng = sheet.rng
    letters = "".join(rng.choice(string.ascii_uppercase) for _ in range(5))
    digits = f"{rng.randint(1000, 9999)}"
    state, entity = sheet.pick("29", "27", "33", "08", "09"), rng.choice("ABCDEFGH")
    return f"{state}{letters}{digits}{entity}1Z{rng.choice('0123456789ABCDEF')}"


def _gst_notice(sheet: Sheet) -> None:
    rng = sheet.rng
    taxpayer = rng.choice(COMPANIES)
    gstin = _gstin(sheet)
    tax = amount(rng, 50_000, 50_00_000, 100)
    total = 2 * tax
    year = rng.randint(2018, 2022)
    issued = day(rng, year + 2, year + 3, small=True)
    reference = (
        f"ZD{gstin[:2]}{issued.month:02d}{issued.year % 100:02d}{rng.randint(0, 9_999_999):07d}"
    )
    s1 = (
        f"M/s. {taxpayer} (GSTIN: {gstin}) is registered under the Central Goods and Services Tax"
        " Act, 2017."
    )
    s2 = (
        f"On scrutiny of the returns filed for the financial year {year}-{(year + 1) % 100:02d},"
        f" it was observed that the taxpayer has short paid tax of ₹ {indian(tax)} under CGST and"
        f" ₹ {indian(tax)} under SGST, totalling ₹ {indian(total)}."
    )
    s3 = (
        "The taxpayer is hereby directed to show cause, within 30 days of the receipt of this"
        f" notice, as to why the said amount of ₹ {indian(total)} should not be demanded under"
        " Section 74(1) of the CGST Act, 2017, along with interest at the rate of 18% per annum"
        " under Section 50 and a penalty under Section 74(1)."
    )
    dated = date_forms(issued)["dotted"]
    s4 = f"This notice is issued vide reference No. {reference} dated {dated}."
    sheet.text = f"{s1} {s2} {s3} {s4}"
    sheet.right("gstin", sheet.pick(gstin, gstin.lower(), f"GSTIN {gstin}"), s1)
    name = sheet.pick(taxpayer, taxpayer.replace("Pvt. Ltd.", "Private Limited").upper())
    sheet.right("taxpayer_name", name, s1)
    sheet.money(RIGHT, "cgst_amount", tax, s2)
    sheet.money(RIGHT, "total_tax", total, s2)
    sheet.money(RIGHT, "total_tax", total, s3)
    sheet.right(
        "reply_period", sheet.pick("30 days", "thirty days"), s3, Claim(Decimal(30), "days")
    )
    sheet.right(
        "interest_rate",
        sheet.pick("18% p.a.", "18 per cent per annum"),
        s3,
        Claim(Decimal(18), "%"),
    )
    provision = (
        "s. 74(1) CGST Act",
        "Section 74(1) of the Central Goods and Services Tax Act, 2017",
    )
    sheet.right("provision", sheet.pick(*provision), s3)
    sheet.date(RIGHT, "notice_date", issued, s4, "dotted")
    sheet.right("reference_number", sheet.pick(reference, reference.lower()), s4)
    sheet.add(CUT, "gstin", gstin[:-1], s1)
    swapped = f"{gstin[:7]}{transpose(int(gstin[7:11]), rng):04d}{gstin[11:]}"
    if swapped != gstin:
        sheet.add(DIGITS, "gstin", swapped, s1)
    sheet.money(SAME_SENTENCE, "cgst_amount", total, s2)
    if total >= 100_000:
        slip = f"₹ {lakh(total)} thousand"
        sheet.add(THOUSAND_LAKH, "total_tax", slip, s3, Claim(Decimal(total) / 100, "INR"))
    sheet.add(CURRENCY, "total_tax", f"USD {western(total)}", s3, Claim(Decimal(total), "USD"))
    sheet.monthly_rate("interest_rate", "18", s3)
    sheet.add(PERMILLE, "interest_rate", "18‰ per annum", s3, Claim(Decimal(18), "‰"))
    sheet.add(UNIT, "reply_period", "30 months", s3, Claim(Decimal(30), "months"))
    sheet.add(SECTION, "provision", "Section 73(1) of the CGST Act", s3)
    sheet.add(ACT, "provision", "Section 74(1) of the IGST Act", s3)
    sheet.date(YEAR, "notice_date", shift_year(issued, -1), s4)
    sheet.add(NAME, "taxpayer_name", other(rng, COMPANIES, taxpayer), s1)


GST_NOTICE = Family(
    "gst-notice",
    {
        "gstin": {"type": "identifier"},
        "taxpayer_name": {"type": "name"},
        "cgst_amount": {"type": "money", "currency": "INR", "cues": ["CGST"]},
        "total_tax": {"type": "money", "currency": "INR", "cues": ["totalling", "said amount"]},
        "reply_period": {"type": "duration", "unit": "day"},
        "interest_rate": {"type": "percent", "period": "year"},
        "provision": {"type": "statute", "cues": ["demanded under"]},
        "notice_date": {"type": "date"},
        "reference_number": {"type": "identifier"},
    },
    _gst_notice,
)


def _sarfaesi_notice(sheet: Sheet) -> None:
    rng = sheet.rng
    firm, proprietor = rng.choice(FIRMS), rng.choice(PERSONS)
    limit = amount(rng, 25_00_000, 5_00_00_000, 5_00_000)
    limit_text = f"Rs. {crore(limit)} crore" if limit >= 10_000_000 else f"Rs. {lakh(limit)} lakh"
    outstanding = amount(rng, limit // 2, limit * 3 // 2, 1)
    rate = sheet.pick("9.75", "10.5", "11.25", "12")
    npa = day(rng, 2019, 2023, small=True)
    as_on = later(rng, npa, 30, 120)
    s1 = (
        f"Whereas the borrower, M/s. {firm}, represented by its proprietor {proprietor}, availed a"
        f" cash credit facility with a sanctioned limit of {limit_text} from"
        f" {rng.choice(BANKS)}, {rng.choice(PLACES)} Branch."
    )
    s2 = (
        f"The account was classified as a Non-Performing Asset on {date_forms(npa)['dotted']} in"
        " accordance with the guidelines of the Reserve Bank of India."
    )
    s3 = (
        "The Authorised Officer hereby calls upon the borrower to pay the outstanding amount of"
        f" Rs. {indian(outstanding)}/- as on {date_forms(as_on)['dotted']}, together with further"
        f" interest at {rate}% per annum with monthly rests, within 60 days from the date of"
        " receipt of this notice."
    )
    s4 = (
        "This notice is issued under Section 13(2) of the Securitisation and Reconstruction of"
        " Financial Assets and Enforcement of Security Interest Act, 2002."
    )
    sheet.text = f"{s1} {s2} {s3} {s4}"
    sheet.money(RIGHT, "sanctioned_limit", limit, s1)
    sheet.date(RIGHT, "npa_date", npa, s2, "dotted")
    sheet.money(RIGHT, "outstanding", outstanding, s3)
    sheet.date(RIGHT, "demand_as_on", as_on, s3, "dotted")
    sheet.right(
        "interest_rate",
        sheet.pick(f"{rate}% p.a.", f"{rate} per cent per annum"),
        s3,
        Claim(Decimal(rate), "%"),
    )
    sheet.right(
        "notice_period", sheet.pick("60 days", "sixty days"), s3, Claim(Decimal(60), "days")
    )
    sheet.right(
        "provision",
        sheet.pick("s. 13(2) SARFAESI Act", "Section 13(2) of the SARFAESI Act, 2002"),
        s4,
    )
    sheet.right("borrower_name", sheet.pick(firm.upper(), f"M/s {firm}"), s1)
    sheet.lakh_crore_slip("sanctioned_limit", limit, s1, "Rs.")
    sheet.money(ZERO, "outstanding", outstanding * 10, s3)
    sheet.money(DIGITS, "outstanding", transpose(outstanding, rng), s3)
    sheet.monthly_rate("interest_rate", rate, s3)
    sheet.add(UNIT, "notice_period", "60 months", s3, Claim(Decimal(60), "months"))
    sheet.add(SECTION, "provision", "Section 13(4) of the SARFAESI Act", s4)
    sheet.add(ACT, "provision", "Section 13(2) of the Companies Act", s4)
    sheet.add(OTHER_PARTY, "borrower_name", proprietor, s1)
    sheet.date(NEIGHBOUR, "demand_as_on", npa, s3)
    sheet.day_month_swap("npa_date", npa, s2)
    sheet.date(YEAR, "demand_as_on", shift_year(as_on, -1), s3)


SARFAESI_NOTICE = Family(
    "sarfaesi-notice",
    {
        "sanctioned_limit": {"type": "money", "currency": "INR"},
        "npa_date": {"type": "date"},
        "outstanding": {"type": "money", "currency": "INR"},
        "demand_as_on": {"type": "date"},
        "interest_rate": {"type": "percent", "period": "year"},
        "notice_period": {"type": "duration", "unit": "day"},
        "provision": {"type": "statute"},
        "borrower_name": {
            "type": "name",
            "role": "borrower",
            "roles": {"borrower": ["borrower"], "proprietor": ["proprietor"]},
        },
    },
    _sarfaesi_notice,
)

REVENUE = (LAND_AWARD, GST_NOTICE, SARFAESI_NOTICE)
