"""Criminal-court passages of the values corpus: an s.138 NI Act complaint, the trial
court's judgment on one, a bail order and a MACT award (see values_corpus.py)."""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    ACT,
    CURRENCY,
    CUT,
    DIGITS,
    LAKH_CRORE,
    NAME,
    NEGATION,
    NEIGHBOUR,
    OTHER_PARTY,
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
    date_forms,
    indian,
    lakh,
    rupee_words,
    shift_year,
    transpose,
    western,
)
from values_pools import (
    BANKS,
    FIRMS,
    PERSONS,
    PLACES,
    amount,
    day,
    later,
    other,
    upper_or_plain,
)

__all__ = ["CRIMINAL"]


def _ni_complaint(sheet: Sheet) -> None:
    rng = sheet.rng
    accused, firm = rng.choice(PERSONS), rng.choice(FIRMS)
    cheque = f"{rng.randint(0, 999_999):06d}"
    money = amount(rng, 1_00_000, 90_00_000)
    dated = day(rng, 2021, 2024, small=True)
    presented = later(rng, dated, 3, 25)
    returned = later(rng, presented, 1, 4)
    notice = later(rng, returned, 5, 25)
    served = later(rng, notice, 2, 7)
    rupees = f"Rs. {indian(money)}/-"
    s1 = (
        f"In discharge of the said liability, the accused {accused} issued cheque No. {cheque}"
        f" dated {date_forms(dated)['dotted']} for a sum of {rupees} (Rupees"
        f" {rupee_words(money)} only) drawn on {rng.choice(BANKS)}, {rng.choice(PLACES)}"
        f" Branch, in favour of the complainant M/s. {firm}."
    )
    s2 = (
        f"The complainant presented the said cheque for encashment on"
        f" {date_forms(presented)['dotted']} and the same was returned unpaid on"
        f' {date_forms(returned)["dotted"]} with the endorsement "Funds Insufficient".'
    )
    s3 = (
        f"Thereafter the complainant got issued a legal notice dated"
        f" {date_forms(notice)['ordinal']} calling upon the accused to pay the cheque amount"
        " within 15 (fifteen) days of the receipt of the notice."
    )
    unpaid = f"the accused has not paid the sum of {rupees} till date"
    s4 = f"The notice was served on the accused on {date_forms(served)['slashed']}, but {unpaid}."
    s5 = (
        "Hence this complaint for the offence punishable under Section 138 of the Negotiable"
        " Instruments Act, 1881."
    )
    sheet.text = f"{s1} {s2} {s3} {s4} {s5}"
    sheet.money(RIGHT, "cheque_amount", money, s1)
    sheet.date(RIGHT, "cheque_date", dated, s1, "dotted")
    sheet.date(RIGHT, "presentation_date", presented, s2, "dotted")
    sheet.date(RIGHT, "dishonour_date", returned, s2, "dotted")
    sheet.date(RIGHT, "notice_date", notice, s3, "ordinal")
    sheet.date(RIGHT, "service_date", served, s4, "slashed")
    sheet.right("cheque_number", cheque, s1)
    sheet.right("accused_name", upper_or_plain(rng, accused), s1)
    sheet.right("complainant_name", sheet.pick(firm.upper(), f"M/s {firm}", firm), s1)
    days = sheet.pick("15 days", "fifteen days", "15 (fifteen) days")
    sheet.right("notice_period", days, s3, Claim(Decimal(15), "days"))
    offence = sheet.pick(
        "s. 138 NI Act", "Section 138 of the N.I. Act", "S.138 Negotiable Instruments Act, 1881"
    )
    sheet.right("offence", offence, s5)
    sheet.money(DIGITS, "cheque_amount", transpose(money, rng), s1)
    sheet.money(ZERO, "cheque_amount", money * 10 if rng.random() < 0.5 else money // 10, s1)
    sheet.add(
        LAKH_CRORE, "cheque_amount", f"{lakh(money)} crore", s1, Claim(Decimal(money * 100), "INR")
    )
    sheet.add(CURRENCY, "cheque_amount", f"USD {western(money)}", s1, Claim(Decimal(money), "USD"))
    sheet.money(NEGATION, "amount_paid", money, unpaid)
    sheet.day_month_swap("cheque_date", dated, s1)
    sheet.date(YEAR, "notice_date", shift_year(notice, -1), s3)
    sheet.date(SAME_SENTENCE, "presentation_date", returned, s2)
    sheet.date(NEIGHBOUR, "dishonour_date", notice, s2)
    sheet.add(OTHER_PARTY, "accused_name", firm, s1)
    sheet.add(NAME, "accused_name", other(rng, PERSONS, accused), s1)
    sheet.add(CUT, "cheque_number", cheque[1:] if rng.random() < 0.5 else cheque[:-1], s1)
    sheet.add(SECTION, "offence", "Section 139 of the NI Act", s5)
    sheet.add(ACT, "offence", "Section 138 IPC", s5)
    sheet.add(UNIT, "notice_period", "15 months", s3, Claim(Decimal(15), "months"))


NI_COMPLAINT = Family(
    "ni-complaint",
    {
        "cheque_amount": {"type": "money", "currency": "INR", "cues": ["cheque", "sum of"]},
        "amount_paid": {"type": "money", "currency": "INR", "polarity": "affirmative"},
        "cheque_date": {"type": "date", "cues": ["dated"]},
        "presentation_date": {"type": "date", "cues": ["presented"]},
        "dishonour_date": {"type": "date", "cues": ["returned"]},
        "notice_date": {"type": "date", "cues": ["notice dated"]},
        "service_date": {"type": "date", "cues": ["served"]},
        "cheque_number": {"type": "identifier"},
        "accused_name": {"type": "name", "role": "accused"},
        "complainant_name": {"type": "name", "role": "complainant"},
        "notice_period": {"type": "duration", "unit": "day"},
        "offence": {"type": "statute"},
    },
    _ni_complaint,
)


def _ni_judgment(sheet: Sheet) -> None:
    rng = sheet.rng
    accused, proprietor, firm = rng.choice(PERSONS), rng.choice(PERSONS), rng.choice(FIRMS)
    if proprietor == accused:
        proprietor = other(rng, PERSONS, accused)
    number, year = rng.randint(100, 9999), rng.randint(2019, 2023)
    judged = day(rng, year + 1, 2025, small=True)
    months, default_days = rng.randint(3, 12), sheet.pick("30", "60", "90")
    compensation = amount(rng, 2_00_000, 80_00_000)
    remitted = int(sheet.pick("5000", "10000", "15000", "25000"))
    fine = compensation + remitted
    case = sheet.pick(f"C.C. No. {number}/{year}", f"C.C. No. {number} of {year}")
    header = f"{case}\nDated this the {date_forms(judged)['day_of']}"
    parties = f"Complainant: M/s. {firm}, represented by its proprietor {proprietor}."
    s1 = (
        f"In the result, the accused {accused} is found guilty of the offence punishable under"
        " Section 138 of the N.I. Act and is convicted under Section 255(2) of the Cr.P.C."
    )
    s2 = (
        "The accused is sentenced to undergo simple imprisonment for a period of"
        f" {months} ({rupee_words(months).lower()}) months and to pay a fine of"
        f" Rs. {indian(fine)}/-, in default to undergo simple imprisonment for"
        f" {default_days} days."
    )
    s3 = (
        f"Out of the fine amount, a sum of Rs. {indian(compensation)}/- shall be paid to the"
        " complainant as compensation under Section 357(1)(b) of the Cr.P.C., and the"
        f" remaining Rs. {indian(remitted)}/- shall be remitted to the State."
    )
    sheet.text = "\n".join((header, parties, f"Accused: {accused}.", s1, s2, s3))
    case_forms = (f"CC {number}/{year}", f"C.C. No. {number} of {year}", f"CC No.{number}/{year}")
    sheet.right("case_number", sheet.pick(*case_forms), header)
    sheet.date(RIGHT, "judgment_date", judged, header, "day_of")
    sheet.right(
        "offence", sheet.pick("s. 138 NI Act", "Section 138 of the Negotiable Instruments Act"), s1
    )
    sheet.right("conviction_provision", sheet.pick("s. 255(2) CrPC", "Section 255(2) Cr.P.C."), s1)
    sheet.right("accused_name", upper_or_plain(rng, accused), s1)
    sheet.right("complainant_name", upper_or_plain(rng, firm), parties)
    term = sheet.pick(f"{months} months", f"{rupee_words(months).lower()} months")
    sheet.right("sentence_term", term, s2, Claim(Decimal(months), "months"))
    sheet.right("default_term", f"{default_days} days", s2, Claim(Decimal(default_days), "days"))
    sheet.money(RIGHT, "fine_amount", fine, s2)
    sheet.money(RIGHT, "compensation", compensation, s3)
    sheet.money(RIGHT, "state_share", remitted, s3)
    sheet.money(SUM, "compensation", fine, s3)
    sheet.money(SAME_SENTENCE, "compensation", remitted, s3)
    sheet.add(
        SAME_SENTENCE, "default_term", f"{months} months", s2, Claim(Decimal(months), "months")
    )
    slip = f"Rs. {remitted // 1000} lakh"
    sheet.add(THOUSAND_LAKH, "state_share", slip, s3, Claim(Decimal(remitted * 100), "INR"))
    sheet.add(YEAR, "case_number", f"CC {number}/{year - 1}", header)
    sheet.add(CUT, "case_number", f"CC {number}", header)
    sheet.add(ACT, "offence", "Section 138 of the IPC", s1)
    sheet.add(SECTION, "conviction_provision", "Section 255(1) CrPC", s1)
    sheet.add(UNIT, "sentence_term", f"{months} days", s2, Claim(Decimal(months), "days"))
    sheet.add(OTHER_PARTY, "accused_name", proprietor, parties)
    sheet.money(DIGITS, "fine_amount", transpose(fine, rng), s2)
    sheet.money(NEIGHBOUR, "fine_amount", compensation, s2)
    sheet.day_month_swap("judgment_date", judged, header)


NI_JUDGMENT = Family(
    "ni-judgment",
    {
        "case_number": {"type": "case_no"},
        "judgment_date": {"type": "date"},
        "offence": {"type": "statute", "cues": ["punishable under"]},
        "conviction_provision": {"type": "statute", "cues": ["convicted under"]},
        "accused_name": {"type": "name", "role": "accused"},
        "complainant_name": {"type": "name", "role": "complainant"},
        "sentence_term": {"type": "duration", "unit": "month", "cues": ["period of"]},
        "default_term": {"type": "duration", "unit": "day", "cues": ["in default"]},
        "fine_amount": {"type": "money", "currency": "INR", "cues": ["fine"]},
        "compensation": {"type": "money", "currency": "INR", "cues": ["compensation", "sum of"]},
        "state_share": {"type": "money", "currency": "INR", "cues": ["remaining", "remitted"]},
    },
    _ni_judgment,
)

_OFFENCE_LISTS = (
    ("420", "406", "120-B"),
    ("498-A", "406", "34"),
    ("379", "411", "34"),
    ("307", "324", "34"),
    ("420", "467", "468", "471"),
    ("302",),
    ("376",),
)


def _bail_order(sheet: Sheet) -> None:
    rng = sheet.rng
    petitioner, city = rng.choice(PERSONS), rng.choice(PLACES)
    number, year = rng.randint(100, 9999), rng.randint(2022, 2024)
    fir, fir_year = rng.randint(10, 999), year - rng.randint(0, 1)
    arrested = day(rng, fir_year, fir_year)
    sections = rng.choice(_OFFENCE_LISTS)
    listed = (
        f"Section {sections[0]}"
        if len(sections) == 1
        else f"Sections {', '.join(sections[:-1])} and {sections[-1]}"
    )
    custody, weeks = rng.randint(20, 200), rng.randint(2, 12)
    bond = int(sheet.pick("25000", "50000", "100000", "200000"))
    header = f"BAIL APPLN. No. {number}/{year}"
    s1 = (
        f"The petitioner, {petitioner}, was arrested on {date_forms(arrested)['dotted']} in FIR"
        f" No. {fir}/{fir_year} registered at Police Station {city} for the offences punishable"
        f" under {listed} of the Indian Penal Code, 1860."
    )
    s2 = (
        "Considering that the charge-sheet has already been filed and the petitioner has been in"
        f" custody for {custody} days, the petitioner is directed to be released on bail on his"
        f" furnishing a personal bond in the sum of Rs. {indian(bond)}/- with two sureties of the"
        " like amount to the satisfaction of the trial Court."
    )
    s3 = (
        "The petitioner shall report to the Investigating Officer on every Monday for a period"
        f" of {weeks} weeks and shall not leave {city} without the permission of the Court."
    )
    sheet.text = f"{header}\n{s1}\n{s2}\n{s3}"
    forms = (f"Bail Appln. {number}/{year}", f"Bail Application No. {number} of {year}")
    sheet.right("bail_application", sheet.pick(*forms), header)
    sheet.right(
        "fir_number", sheet.pick(f"FIR {fir}/{fir_year}", f"F.I.R. No. {fir} of {fir_year}"), s1
    )
    sheet.date(RIGHT, "arrest_date", arrested, s1, "dotted")
    offence = rng.choice(sections)
    sheet.right("offence", sheet.pick(f"s. {offence} IPC", f"Section {offence} of the IPC"), s1)
    sheet.right("petitioner_name", upper_or_plain(rng, petitioner), s1)
    sheet.money(RIGHT, "bond_amount", bond, s2)
    period = sheet.pick(f"{weeks} weeks", f"{weeks * 7} days")
    sheet.right("reporting_period", period, s3, Claim(Decimal(weeks * 7), "days"))
    sheet.right("custody_period", f"{custody} days", s2, Claim(Decimal(custody), "days"))
    slip = f"Rs. {bond // 100_000} thousand" if bond >= 100_000 else f"Rs. {bond // 1000} lakh"
    slipped = bond // 100 if bond >= 100_000 else bond * 100
    sheet.add(THOUSAND_LAKH, "bond_amount", slip, s2, Claim(Decimal(slipped), "INR"))
    sheet.money(ZERO, "bond_amount", bond * 10, s2)
    sheet.add(UNIT, "reporting_period", f"{weeks} months", s3, Claim(Decimal(weeks), "months"))
    sheet.date(YEAR, "arrest_date", shift_year(arrested, 1), s1)
    sheet.add(CUT, "fir_number", f"FIR {fir}", s1)
    missing = other(rng, ("302", "304", "323", "354", "402", "409", "506"), *sections)
    sheet.add(SECTION, "offence", f"Section {missing} IPC", s1)
    sheet.add(ACT, "offence", f"Section {sections[0]} of the Cr.P.C.", s1)
    sheet.add(NAME, "petitioner_name", other(rng, PERSONS, petitioner), s1)
    sheet.money(NEIGHBOUR, "bond_amount", bond, s3)


BAIL_ORDER = Family(
    "bail-order",
    {
        "bail_application": {"type": "case_no"},
        "fir_number": {"type": "case_no"},
        "arrest_date": {"type": "date"},
        "offence": {"type": "statute"},
        "petitioner_name": {"type": "name", "role": "petitioner"},
        "bond_amount": {"type": "money", "currency": "INR", "cues": ["bond"]},
        "reporting_period": {"type": "duration", "unit": "week", "cues": ["report"]},
        "custody_period": {"type": "duration", "unit": "day", "cues": ["custody"]},
    },
    _bail_order,
)

CRIMINAL = (NI_COMPLAINT, NI_JUDGMENT, BAIL_ORDER)
