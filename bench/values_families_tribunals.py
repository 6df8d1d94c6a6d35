"""Tribunal and bilingual passages of the values corpus: a MACT award, a consumer
commission's order and a Hindi s.138 complaint (see values_corpus.py)."""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    ACT,
    CURRENCY,
    CUT,
    DIGITS,
    LAKH_CRORE,
    NAME,
    NEIGHBOUR,
    OTHER_PARTY,
    PERMILLE,
    RIGHT,
    SAME_SENTENCE,
    SECTION,
    SUM,
    UNIT,
    YEAR,
    ZERO,
    Claim,
    Family,
    Sheet,
)
from values_forms import (
    date_forms,
    devanagari,
    indian,
    lakh,
    rupee_words,
    shift_year,
    transpose,
)
from values_pools import (
    COMPANIES,
    INSURERS,
    PERSONS,
    PERSONS_HI,
    amount,
    day,
    later,
    other,
    upper_or_plain,
)

__all__ = ["TRIBUNALS"]

_JOBS = ("mason", "lorry driver", "tailor", "carpenter", "vegetable vendor", "electrician")


def _vehicle(sheet: Sheet) -> tuple[str, tuple[str, ...]]:
    state = sheet.pick("KA", "MH", "TN", "RJ", "UP", "AP")
    district, series = f"{sheet.rng.randint(1, 60):02d}", sheet.pick("AB", "C", "MF", "EX")
    number = f"{sheet.rng.randint(1, 9999):04d}"
    written = f"{state}-{district}-{series}-{number}"
    forms = (written, written.lower(), f"{state} {district} {series} {number}")
    return written, forms


def _mact_award(sheet: Sheet) -> None:
    rng = sheet.rng
    deceased, insurer = rng.choice(PERSONS), rng.choice(INSURERS)
    number, year = rng.randint(100, 2999), rng.randint(2018, 2023)
    accident = day(rng, year - 1, year, small=True)
    age, prospects = rng.randint(21, 58), int(sheet.pick("25", "40", "50"))
    income = amount(rng, 8000, 40000, 1000)
    assessed = income * (100 + prospects) // 100
    award = amount(rng, 5_00_000, 90_00_000, 500)
    rate, deposit = sheet.pick("6", "7.5", "9"), int(sheet.pick("30", "60"))
    vehicle, vehicle_forms = _vehicle(sheet)
    case = f"M.A.C.P. No. {number}/{year}"
    petition = "Petition under Section 166 of the Motor Vehicles Act, 1988"
    s1 = (
        f"On {date_forms(accident)['ordinal']}, at about 9.30 p.m., the deceased {deceased}, aged"
        f" {age} years, was proceeding on his motorcycle when a lorry bearing registration No."
        f" {vehicle}, driven in a rash and negligent manner, dashed against him."
    )
    s2 = (
        f"The claimants have established that the deceased was working as a {rng.choice(_JOBS)}"
        f" and earning Rs. {indian(income)}/- per month; adding future prospects at"
        f" {prospects}%, the monthly income is taken at Rs. {indian(assessed)}/-."
    )
    s3 = (
        f"The Tribunal awards a total compensation of Rs. {indian(award)}/- (Rupees"
        f" {rupee_words(award)} only) with interest at {rate}% per annum from the date of the"
        " petition till realisation."
    )
    s4 = (
        f"The respondent No. 2, {insurer}, being the insurer of the offending vehicle, shall"
        f" deposit the compensation amount within {deposit} days from the date of this award."
    )
    sheet.text = "\n".join((case, f"({petition})", s1, s2, s3, s4))
    case_forms = (
        f"MACP {number}/{year}",
        f"MACP No. {number} of {year}",
        f"M.A.C.P. {number}/{year}",
    )
    sheet.right("case_number", sheet.pick(*case_forms), case)
    sheet.right(
        "provision", sheet.pick("s. 166 MV Act", "Section 166 of the Motor Vehicles Act"), petition
    )
    sheet.date(RIGHT, "accident_date", accident, s1, "ordinal")
    sheet.right("deceased_age", f"{age} years", s1, Claim(Decimal(age), "years"))
    sheet.right("vehicle_number", rng.choice(vehicle_forms), s1)
    sheet.money(RIGHT, "monthly_income", income, s2)
    sheet.money(RIGHT, "assessed_income", assessed, s2)
    sheet.right(
        "future_prospects",
        sheet.pick(f"{prospects}%", f"{prospects} per cent"),
        s2,
        Claim(Decimal(prospects), "%"),
    )
    sheet.money(RIGHT, "total_compensation", award, s3)
    rates = (f"{rate}% p.a.", f"{rate} per cent per annum", f"{rate}% per annum")
    sheet.right("interest_rate", sheet.pick(*rates), s3, Claim(Decimal(rate), "%"))
    sheet.right("deposit_period", f"{deposit} days", s4, Claim(Decimal(deposit), "days"))
    sheet.right("insurer_name", upper_or_plain(rng, insurer), s4)
    sheet.money(SAME_SENTENCE, "monthly_income", assessed, s2)
    sheet.money(DIGITS, "total_compensation", transpose(award, rng), s3)
    if award < 10_000_000:
        wrong = f"Rs. {lakh(award)} crore"
        sheet.add(LAKH_CRORE, "total_compensation", wrong, s3, Claim(Decimal(award * 100), "INR"))
    sheet.monthly_rate("interest_rate", rate, s3)
    sheet.add(PERMILLE, "interest_rate", f"{rate}‰", s3, Claim(Decimal(rate), "‰"))
    sheet.add(
        ZERO, "future_prospects", f"{prospects // 10}%", s2, Claim(Decimal(prospects // 10), "%")
    )
    sheet.add(UNIT, "deceased_age", f"{age} months", s1, Claim(Decimal(age), "months"))
    sheet.add(CUT, "vehicle_number", vehicle[:-1], s1)
    sheet.add(YEAR, "case_number", f"MACP {number}/{year + 1}", case)
    sheet.day_month_swap("accident_date", accident, s1)
    sheet.add(UNIT, "deposit_period", f"{deposit} weeks", s4, Claim(Decimal(deposit), "weeks"))
    sheet.add(SECTION, "provision", "Section 163-A of the MV Act", petition)
    sheet.add(NAME, "insurer_name", other(rng, INSURERS, insurer), s4)
    sheet.money(NEIGHBOUR, "total_compensation", assessed, s3)


MACT_AWARD = Family(
    "mact-award",
    {
        "case_number": {"type": "case_no"},
        "provision": {"type": "statute"},
        "accident_date": {"type": "date"},
        "deceased_age": {"type": "duration", "unit": "year"},
        "vehicle_number": {"type": "identifier"},
        "monthly_income": {"type": "money", "currency": "INR", "cues": ["earning"]},
        "assessed_income": {"type": "money", "currency": "INR", "cues": ["taken at"]},
        "future_prospects": {"type": "percent", "cues": ["future prospects"]},
        "total_compensation": {"type": "money", "currency": "INR", "cues": ["compensation"]},
        "interest_rate": {"type": "percent", "period": "year", "cues": ["interest"]},
        "deposit_period": {"type": "duration", "unit": "day"},
        "insurer_name": {"type": "name", "role": "respondent"},
    },
    _mact_award,
)


def _consumer_order(sheet: Sheet) -> None:
    rng = sheet.rng
    complainant, builder = rng.choice(PERSONS), rng.choice(COMPANIES)
    number, year = rng.randint(10, 999), rng.randint(2019, 2023)
    refund = amount(rng, 5_00_000, 3_00_00_000, 5000)
    compensation = int(sheet.pick("25000", "50000", "100000", "200000"))
    costs = int(sheet.pick("10000", "15000", "20000"))  # never the compensation
    paid_on = day(rng, year - 3, year - 1)
    days = int(sheet.pick("30", "45", "60"))
    case = f"Consumer Complaint No. {number}/{year}"
    s1 = "The complaint under Section 35 of the Consumer Protection Act, 2019 is partly allowed."
    s2 = (
        f"The opposite party, {builder}, is directed to refund the amount of ₹ {indian(refund)}"
        f" paid by the complainant {complainant} towards the booking of the flat, with interest"
        f" at 9% per annum from {date_forms(paid_on)['dotted']} till the date of payment."
    )
    s3 = (
        f"The opposite party shall further pay ₹ {indian(compensation)} as compensation for"
        f" mental agony and ₹ {indian(costs)} towards litigation costs, within {days} days from"
        " the date of this order."
    )
    sheet.text = f"{case}\n{s1}\n{s2}\n{s3}"
    sheet.right(
        "complaint_number", sheet.pick(f"CC {number}/{year}", f"C.C. No. {number} of {year}"), case
    )
    sheet.right(
        "provision",
        sheet.pick("s. 35 CPA 2019", "Section 35 of the Consumer Protection Act, 2019"),
        s1,
    )
    sheet.money(RIGHT, "refund_amount", refund, s2)
    sheet.right(
        "interest_rate", sheet.pick("9% p.a.", "9 per cent per annum"), s2, Claim(Decimal(9), "%")
    )
    sheet.date(RIGHT, "interest_from", paid_on, s2, "dotted")
    sheet.money(RIGHT, "compensation", compensation, s3)
    sheet.money(RIGHT, "costs", costs, s3)
    sheet.right("compliance_period", f"{days} days", s3, Claim(Decimal(days), "days"))
    sheet.right(
        "opposite_party", upper_or_plain(rng, builder.replace("Pvt. Ltd.", "Private Limited")), s2
    )
    sheet.money(SUM, "compensation", compensation + costs, s3)
    sheet.money(SAME_SENTENCE, "compensation", costs, s3)
    sheet.lakh_crore_slip("refund_amount", refund, s2, "₹")
    sheet.add(CURRENCY, "refund_amount", f"$ {indian(refund)}", s2, Claim(Decimal(refund), "USD"))
    sheet.monthly_rate("interest_rate", "9", s2)
    sheet.add(UNIT, "compliance_period", f"{days} weeks", s3, Claim(Decimal(days), "weeks"))
    sheet.add(ACT, "provision", "Section 35 of the Consumer Protection Act, 1986", s1)
    sheet.add(OTHER_PARTY, "opposite_party", complainant, s2)
    sheet.add(YEAR, "complaint_number", f"CC {number}/{year - 1}", case)
    sheet.date(YEAR, "interest_from", shift_year(paid_on, 1), s2)


CONSUMER_ORDER = Family(
    "consumer-order",
    {
        "complaint_number": {"type": "case_no"},
        "provision": {"type": "statute"},
        "refund_amount": {"type": "money", "currency": "INR", "cues": ["refund"]},
        "interest_rate": {"type": "percent", "period": "year"},
        "interest_from": {"type": "date"},
        "compensation": {"type": "money", "currency": "INR", "cues": ["compensation"]},
        "costs": {"type": "money", "currency": "INR", "cues": ["litigation costs"]},
        "compliance_period": {"type": "duration", "unit": "day"},
        "opposite_party": {
            "type": "name",
            "role": "opposite_party",
            "roles": {"opposite_party": ["opposite party"], "complainant": ["complainant"]},
        },
    },
    _consumer_order,
)


def _hindi_complaint(sheet: Sheet) -> None:
    rng = sheet.rng
    accused, complainant = rng.sample(PERSONS_HI, 2)
    cheque = f"{rng.randint(0, 999_999):06d}"
    money = amount(rng, 1_00_000, 50_00_000, 50_000)
    dated = day(rng, 2021, 2024, small=True)
    presented = later(rng, dated, 3, 25)
    returned = later(rng, presented, 1, 4)
    dev_amount = devanagari(indian(money))
    s1 = (
        f"अभियुक्त {accused} ने परिवादी {complainant} को चेक संख्या {cheque} दिनांक"
        f" {devanagari(date_forms(dated)['dotted'])} राशि रु. {dev_amount}/- का दिया।"
    )
    s2 = (
        f"परिवादी ने उक्त चेक को दिनांक {date_forms(presented)['dotted']} को बैंक में प्रस्तुत"
        f' किया, जो दिनांक {date_forms(returned)["dotted"]} को "अपर्याप्त निधि" के कारण'
        " अनादरित होकर लौट आया।"
    )
    s3 = "अतः अभियुक्त ने परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के अंतर्गत दंडनीय अपराध किया है।"
    sheet.text = f"{s1} {s2} {s3}"
    hindi = (f"रु. {dev_amount}", f"{devanagari(lakh(money))} लाख", f"Rs. {indian(money)}/-")
    sheet.add(RIGHT, "cheque_amount", sheet.pick(*hindi), s1, Claim(Decimal(money), "INR"))
    sheet.date(RIGHT, "cheque_date", dated, s1, "dotted")
    sheet.date(RIGHT, "presentation_date", presented, s2, "dotted")
    sheet.date(RIGHT, "dishonour_date", returned, s2, "dotted")
    sheet.right("cheque_number", cheque, s1)
    sheet.right("accused_name", accused, s1)
    sheet.right("offence", sheet.pick("s. 138 NI Act", "धारा 138 परक्राम्य लिखत अधिनियम"), s3)
    sheet.money(ZERO, "cheque_amount", money * 10, s1)
    slip = f"{devanagari(lakh(money))} करोड़"
    sheet.add(LAKH_CRORE, "cheque_amount", slip, s1, Claim(Decimal(money * 100), "INR"))
    sheet.day_month_swap("cheque_date", dated, s1)
    sheet.date(SAME_SENTENCE, "presentation_date", returned, s2)
    sheet.add(OTHER_PARTY, "accused_name", complainant, s1)
    sheet.add(SECTION, "offence", "धारा 139 परक्राम्य लिखत अधिनियम", s3)
    sheet.add(CUT, "cheque_number", cheque[:-2], s1)


HINDI_COMPLAINT = Family(
    "hindi-complaint",
    {
        "cheque_amount": {"type": "money", "currency": "INR"},
        "cheque_date": {"type": "date"},
        "presentation_date": {"type": "date", "cues": ["प्रस्तुत"]},
        "dishonour_date": {"type": "date", "cues": ["अनादरित"]},
        "cheque_number": {"type": "identifier"},
        "accused_name": {
            "type": "name",
            "role": "accused",
            "roles": {"accused": ["अभियुक्त"], "complainant": ["परिवादी"]},
        },
        "offence": {"type": "statute"},
    },
    _hindi_complaint,
)

TRIBUNALS = (MACT_AWARD, CONSUMER_ORDER, HINDI_COMPLAINT)
