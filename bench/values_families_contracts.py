"""Contract passages of the values corpus: a US master services agreement, an EU data
processing addendum and an English commercial lease (see values_corpus.py).

Each declares its fields as a user would under the contract's vocabulary: parties bound by
the label after their name (``("Customer")``), caps and notice floors with ``bound``, the
GDPR as an act of the pack's ``acts:`` table, the pack's ``locale``.
"""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    BOUND,
    CURRENCY,
    DAY_MONTH,
    DIGITS,
    NAME,
    NEIGHBOUR,
    OTHER_PARTY,
    PERIOD,
    PROVISION,
    RIGHT,
    SAME_SENTENCE,
    SCALE,
    SECTION,
    SUBSECTION,
    UNIT,
    YEAR,
    Claim,
    Family,
    Sheet,
)
from values_forms import decimal_text, shift_year
from values_pools import day
from values_world_forms import (
    article,
    cite_date,
    cite_money,
    digit_slip,
    english,
    fresh,
    grouped,
    swap_digits,
    world_dates,
)
from values_world_pools import CITIES_US, US_STATES, company, person

__all__ = ["CONTRACTS"]

_EXACT = {"bound": "exact"}
_NTH = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
)
_US_FORMS = (", Inc.", " LLC", " Corp.", " Corporation", ", L.P.")
_US_KINDS = ("corporation", "limited liability company", "corporation", "limited partnership")


def _name_forms(name: str, form: str) -> tuple[str, ...]:
    # A name is a contiguous run of the quote's words: its stem alone, or all in capitals.
    return (name, f"{name}{form}".upper(), name.upper())


def _two(sheet: Sheet, first: str, second: str) -> tuple[str, str]:
    # Two forms of one value, in a seeded order: one for a right probe, one for a wrong one.
    return (first, second) if sheet.rng.random() < 0.5 else (second, first)


def _days(sheet: Sheet, *choices: int) -> tuple[int, str]:
    count = sheet.rng.choice(choices)
    return count, f"{english(count)} ({count}) days"


def _msa(sheet: Sheet) -> None:
    rng = sheet.rng
    (supplier, s_form), (customer, c_form) = company(rng, *_US_FORMS), company(rng, *_US_FORMS)
    if supplier == customer:
        customer = f"{customer} Group"
    effective = day(rng, 2021, 2025, small=True)
    fee = Decimal(rng.randrange(40, 400)) * 250
    cap = Decimal(rng.randrange(4, 80)) * 250_000
    pay_days, pay_words = _days(sheet, 15, 30, 45, 60, 21, 28)
    notice_days, notice_words = _days(sheet, 60, 90, 120, 180)
    late, credit = sheet.pick("1", "1.5", "2"), sheet.pick("5", "10", "15", "25")
    state, city = rng.choice(US_STATES), rng.choice(CITIES_US)
    cap_text = sheet.pick(f"${grouped(cap)}", f"${decimal_text(cap / 1_000_000)} million")
    s1 = (
        f'This Master Services Agreement (the "Agreement") is entered into as of'
        f" {world_dates(effective, 'en-US')['us']} by and between {supplier}{s_form},"
        f' {article(rng.choice(US_STATES))} {rng.choice(_US_KINDS)} ("Supplier"), and'
        f" {customer}{c_form}, {article(rng.choice(US_STATES))} {rng.choice(_US_KINDS)}"
        ' ("Customer").'
    )
    s2 = (
        f"{customer} shall pay {supplier} a monthly fee of ${grouped(fee, places=2)} (the"
        f' "Monthly Fee"), and each invoice is payable within {pay_words} after its receipt.'
    )
    s3 = (
        f"Except for indemnification obligations, the aggregate liability of {supplier} or"
        f" {customer} arising out of or relating to this Agreement shall not exceed {cap_text}."
    )
    s4 = (
        "Either party may terminate this Agreement for convenience at any time after the"
        f" {rng.choice(_NTH[:3])} anniversary of the Effective Date upon {notice_words}' prior"
        " written notice to"
        f" the other party, provided that {customer} has paid all Monthly Fees then due."
    )
    s5 = (
        f"Undisputed amounts not paid by {customer} to {supplier} when due bear interest at {late}%"
        " per month or the highest rate permitted by law, whichever is lower."
    )
    s6 = (
        f"If {supplier} fails to meet the Availability Commitment in any month, Customer shall"
        f" receive a service credit of up to {credit}% of the Monthly Fee of {customer} for that"
        " month."
    )
    s7 = (
        f"This Agreement shall be governed by the laws of the State of {state}, and any dispute"
        f" between {supplier} and {customer} shall be heard in the courts located in {city}."
    )
    sheet.text = f"{s1} {s2} {s3} {s4} {s5} {s6} {s7}"
    sheet.right("customer_name", fresh(sheet, _name_forms(customer, c_form), s1), s1)
    sheet.right("supplier_name", fresh(sheet, _name_forms(supplier, s_form), s1), s1)
    sheet.add(OTHER_PARTY, "customer_name", f"{supplier}{s_form}", s1)
    cite_date(sheet, RIGHT, "effective_date", effective, s1, "us", "en-US")
    cite_date(sheet, DAY_MONTH, "effective_date", effective, s1, "us", "en-US")
    cite_date(sheet, YEAR, "effective_date", shift_year(effective, 1), s1, "us", "en-US")
    usd = ("USD", "$")
    cite_money(sheet, RIGHT, "monthly_fee", fee, s2, usd)
    cite_money(sheet, DIGITS, "monthly_fee", digit_slip(int(fee), rng), s2, usd)
    cite_money(sheet, SCALE, "monthly_fee", fee * 1000, s2, usd)
    sheet.right(
        "payment_days",
        sheet.pick(f"{pay_days} days", f"{english(pay_days)} days"),
        s2,
        Claim(Decimal(pay_days), "days"),
    )
    if pay_days % 7 == 0:
        sheet.right("payment_days", f"{pay_days // 7} weeks", s2, Claim(Decimal(pay_days), "days"))
    sheet.add(UNIT, "payment_days", f"{pay_days} months", s2, Claim(Decimal(pay_days), "months"))
    cite_money(sheet, RIGHT, "liability_cap", cap, s3, usd)
    cite_money(sheet, BOUND, "liability_cap", cap, s3, usd, _EXACT)
    cite_money(sheet, SCALE, "liability_cap", cap / 1000, s3, usd)
    cite_money(sheet, NEIGHBOUR, "liability_cap", fee, s3, usd)
    sheet.right(
        "termination_notice", f"{notice_days} days", s4, Claim(Decimal(notice_days), "days")
    )
    sheet.add(
        UNIT, "termination_notice", f"{notice_days} weeks", s4, Claim(Decimal(notice_days), "weeks")
    )
    rate = Claim(Decimal(late), "%")
    sheet.right(
        "late_interest", sheet.pick(f"{late} per cent per month", f"{late}% p.m."), s5, rate
    )
    sheet.add(PERIOD, "late_interest", f"{late}% per annum", s5, rate)
    share = Claim(Decimal(credit), "%")
    sheet.right("service_credit", sheet.pick(f"{credit} per cent", f"{credit} percent"), s6, share)
    sheet.add(BOUND, "service_credit", f"{credit}%", s6, share, _EXACT)
    sheet.right(
        "governing_law", sheet.pick(f"State of {state}", f"the laws of the state of {state}"), s7
    )
    other = rng.choice([s for s in US_STATES if s not in s7])
    sheet.add(NAME, "governing_law", f"State of {other}", s7)


_PARTIES = {"customer": ["Customer"], "supplier": ["Supplier"]}
MSA = Family(
    "us-msa",
    {
        "customer_name": {"type": "name", "role": "customer", "roles": _PARTIES},
        "supplier_name": {"type": "name", "role": "supplier", "roles": _PARTIES},
        "effective_date": {"type": "date"},
        "monthly_fee": {"type": "money", "currency": "USD", "cues": ["monthly fee"]},
        "payment_days": {"type": "duration", "unit": "day", "cues": ["payable"]},
        "liability_cap": {
            "type": "money",
            "currency": "USD",
            "bound": "at_most",
            "cues": ["liability"],
        },
        "termination_notice": {"type": "duration", "unit": "day", "cues": ["notice"]},
        "late_interest": {"type": "percent", "period": "month"},
        "service_credit": {"type": "percent", "bound": "at_most", "cues": ["service credit"]},
        "governing_law": {"type": "text"},
    },
    _msa,
    locale="en-US",
    distinct=True,
)

# Article 28(3) of the GDPR, point by point: what the processor undertakes.
_ARTICLE_28 = {
    "a": "processes the personal data only on documented instructions from the controller",
    "b": "ensures that persons authorised to process the personal data are bound by"
    " confidentiality",
    "c": "takes all measures required pursuant to Article 32",
    "d": "respects the conditions for engaging another processor",
    "e": "assists the controller by appropriate technical and organisational measures",
    "g": "deletes or returns all the personal data at the end of the provision of services",
    "h": "makes available to the controller all information necessary to demonstrate compliance",
}
_GDPR = {
    "gdpr": {
        "title": "General Data Protection Regulation",
        "year": 2016,
        "aliases": ["GDPR", "EU GDPR"],
    }
}


def _dpa(sheet: Sheet) -> None:
    rng = sheet.rng
    (controller, c_form), (processor, p_form) = (
        company(rng, " GmbH", " SAS", " B.V.", " S.p.A.", " AG"),
        company(rng, " Ltd", " Inc.", " GmbH", " Oy"),
    )
    if controller == processor:
        processor = f"{processor} Cloud"
    dated = day(rng, 2019, 2025, small=True)
    point = rng.choice(sorted(_ARTICLE_28))
    hours = rng.choice((24, 36, 48, 72))
    notice = rng.choice((14, 30, 45, 60))
    cap = Decimal(rng.randrange(2, 200)) * 25_000
    delete = rng.choice((30, 60, 90))
    cap_text = sheet.pick(f"€{grouped(cap)}", f"EUR {grouped(cap)}")
    s1 = (
        f"This Data Processing Addendum dated {world_dates(dated, 'en-GB')['long']} forms part"
        f' of the Master Subscription Agreement between {controller}{c_form} (the "Controller")'
        f' and {processor}{p_form} (the "Processor").'
    )
    s2 = (
        f"As required by Article 28(3)({point}) GDPR, {processor} {_ARTICLE_28[point]}, for"
        f" the Personal Data it processes on behalf of {controller}."
    )
    s3 = (
        f"Pursuant to Article 33(2) GDPR, {processor} shall notify the Controller without"
        f" undue delay, and in any event within {english(hours)} ({hours}) hours, after"
        f" becoming aware of a Personal Data Breach affecting {controller}."
    )
    s4 = (
        f"{processor} shall give {controller} at least {notice} days' prior written notice"
        " of the engagement of any new Sub-processor."
    )
    s5 = (
        f"The aggregate liability of {processor} under this Addendum shall not exceed"
        f" {cap_text}, save for fines imposed under Article 83 GDPR."
    )
    s6 = (
        f"Within {delete} days of the termination of the Agreement, {processor} shall delete"
        f" all Personal Data of {controller} unless Union or Member State law requires its"
        " storage."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}\n{s5}\n{s6}"
    sheet.right("controller_name", fresh(sheet, _name_forms(controller, c_form), s1), s1)
    sheet.add(OTHER_PARTY, "controller_name", f"{processor}{p_form}", s1)
    sheet.right("processor_name", fresh(sheet, _name_forms(processor, p_form), s1), s1)
    cite_date(sheet, RIGHT, "dpa_date", dated, s1, "long", "en-GB")
    cite_date(sheet, DAY_MONTH, "dpa_date", dated, s1, "long", "en-GB")
    forms = (
        f"Art. 28(3)({point}) GDPR",
        f"Article 28(3)({point}) of the GDPR",
        f"Article 28 (3) ({point}) GDPR",
    )
    sheet.right("processing_basis", fresh(sheet, forms, s2), s2)
    slip = rng.choice([p for p in "abcdefgh" if p != point])
    sheet.add(SUBSECTION, "processing_basis", f"Article 28(3)({slip}) GDPR", s2)
    sheet.add(PROVISION, "processing_basis", f"Section 28(3)({point}) GDPR", s2)
    sheet.add(SECTION, "processing_basis", f"Article 26(3)({point}) GDPR", s2)
    sheet.right("breach_article", sheet.pick("Art. 33(2) GDPR", "Article 33(2) of the GDPR"), s3)
    sheet.add(SUBSECTION, "breach_article", "Article 33(1) GDPR", s3)
    sheet.add(PROVISION, "breach_article", "Section 33(2) of the GDPR", s3)
    hours_claim = Claim(Decimal(hours), "hours")
    sheet.right(
        "breach_notice", sheet.pick(f"{hours} hours", f"{english(hours)} hours"), s3, hours_claim
    )
    sheet.add(UNIT, "breach_notice", f"{hours} days", s3, Claim(Decimal(hours), "days"))
    days = Claim(Decimal(notice), "days")
    right, bounded = _two(sheet, f"{notice} days", f"{english(notice)} days")
    sheet.right("subprocessor_notice", right, s4, days)
    sheet.add(BOUND, "subprocessor_notice", bounded, s4, days, _EXACT)
    sheet.add(UNIT, "subprocessor_notice", f"{notice} months", s4, Claim(Decimal(notice), "months"))
    eur = ("EUR", "€")
    cite_money(sheet, RIGHT, "liability_cap", cap, s5, eur)
    cite_money(sheet, BOUND, "liability_cap", cap, s5, eur, _EXACT)
    cite_money(sheet, SCALE, "liability_cap", cap * 1000, s5, eur)
    cite_money(sheet, CURRENCY, "liability_cap", cap, s5, ("USD", "$"))
    sheet.right("deletion_period", f"{delete} days", s6, Claim(Decimal(delete), "days"))
    sheet.add(NEIGHBOUR, "deletion_period", f"{notice} days", s6, days)


_DPA_ROLES = {"controller": ["Controller"], "processor": ["Processor"]}
DPA = Family(
    "eu-dpa",
    {
        "controller_name": {"type": "name", "role": "controller", "roles": _DPA_ROLES},
        "processor_name": {"type": "name", "role": "processor", "roles": _DPA_ROLES},
        "dpa_date": {"type": "date"},
        # The clause cites Article 32 too: the cue ties the field to its own article.
        "processing_basis": {"type": "statute", "cues": ["required by"]},
        "breach_article": {"type": "statute"},
        "breach_notice": {"type": "duration", "cues": ["notify", "breach"]},
        "subprocessor_notice": {
            "type": "duration",
            "unit": "day",
            "bound": "at_least",
            "cues": ["notice"],
        },
        "liability_cap": {
            "type": "money",
            "currency": "EUR",
            "bound": "at_most",
            "cues": ["liability"],
        },
        "deletion_period": {"type": "duration", "unit": "day", "cues": ["delete"]},
    },
    _dpa,
    locale="en-IE",
    acts=_GDPR,
    distinct=True,
    peer_units={"breach_notice": "hours"},
)


def _lease(sheet: Sheet) -> None:
    rng = sheet.rng
    (landlord, l_form), (tenant, t_form) = (
        company(rng, " Limited", " Properties Limited", " plc"),
        company(rng, " Ltd", " Limited", " LLP"),
    )
    if landlord == tenant:
        tenant = f"{tenant} Trading"
    guarantor = person(rng)
    number = f"{rng.randint(1_000_000, 13_999_999):08d}"
    rent = Decimal(rng.randrange(60, 1200)) * 500
    years = rng.choice((5, 10, 15, 20, 25))
    starts = day(rng, 2020, 2025)
    break_notice = rng.choice((3, 6, 9, 12))
    review_cap = sheet.pick("3", "4", "5")
    deposit_months = rng.choice((3, 6))
    deposit = rent * deposit_months / 12
    s1 = (
        f"THIS LEASE is made between {landlord}{l_form} (company number {number}) (the"
        f' "Landlord") and {tenant}{t_form} (the "Tenant"), with {guarantor} as guarantor'
        ' (the "Guarantor").'
    )
    s2 = (
        f"The Tenant, {tenant}, shall pay the Annual Rent of £{grouped(rent)} ({english(int(rent))}"
        " pounds) exclusive of VAT by equal quarterly instalments of"
        f" £{grouped(rent / 4, places=2)}"
        " in advance on the usual quarter days."
    )
    s3 = (
        f"On the date of this Lease {tenant} shall pay the Landlord a rent deposit of"
        f" £{grouped(deposit, places=2)}, equal to {english(deposit_months)} months' Annual Rent."
    )
    s4 = (
        f"The Contractual Term of the lease to {tenant} is {years} years from and including"
        f' {world_dates(starts, "en-GB")["ordinal"]} (the "Term Commencement Date").'
    )
    s5 = (
        f"The Tenant may terminate this Lease on the {_NTH[years // 2 - 1]} anniversary"
        f" of the Term Commencement Date by giving {landlord} not less than {break_notice}"
        " months' written notice."
    )
    s6 = (
        f"On each review date the Annual Rent of £{grouped(rent)} shall increase in line"
        f" with RPI, subject to a cap of {review_cap}% per annum compounded."
    )
    charge = Decimal(rng.randrange(20, 400)) * 25
    s7 = (
        f"The Tenant shall also pay a service charge of £{grouped(charge)} per month,"
        " reviewed each year."
    )
    sheet.text = f"{s1}\n\n{s2}\n\n{s3}\n\n{s4}\n\n{s5}\n\n{s6}\n\n{s7}"
    sheet.right("tenant_name", fresh(sheet, _name_forms(tenant, t_form), s1), s1)
    sheet.add(OTHER_PARTY, "tenant_name", f"{landlord}{l_form}", s1)
    sheet.add(OTHER_PARTY, "tenant_name", guarantor, s1)
    sheet.right("landlord_company_number", sheet.pick(number, f"No. {number}"), s1)
    sheet.add(DIGITS, "landlord_company_number", swap_digits(number, rng), s1)
    gbp = ("GBP", "£")
    cite_money(sheet, RIGHT, "annual_rent", rent, s2, gbp)
    cite_money(sheet, SAME_SENTENCE, "annual_rent", rent / 4, s2, gbp)
    cite_money(sheet, CURRENCY, "annual_rent", rent, s2, ("USD", "$"))
    cite_money(sheet, RIGHT, "quarterly_rent", rent / 4, s2, gbp)
    cite_money(sheet, RIGHT, "rent_deposit", deposit, s3, gbp)
    cite_money(sheet, CURRENCY, "rent_deposit", deposit, s3, ("EUR", "€"))
    term = Claim(Decimal(years * 12), "months")
    sheet.right("term", sheet.pick(f"{years * 12} months", f"{english(years)} years"), s4, term)
    sheet.add(UNIT, "term", f"{years} months", s4, Claim(Decimal(years), "months"))
    cite_date(sheet, RIGHT, "term_start", starts, s4, "ordinal", "en-GB")
    cite_date(sheet, YEAR, "term_start", shift_year(starts, -1), s4, "ordinal", "en-GB")
    notice = Claim(Decimal(break_notice), "months")
    right, bounded = _two(sheet, f"{break_notice} months", f"{english(break_notice)} months")
    sheet.right("break_notice", right, s5, notice)
    sheet.add(BOUND, "break_notice", bounded, s5, notice, _EXACT)
    sheet.add(
        UNIT, "break_notice", f"{break_notice} weeks", s5, Claim(Decimal(break_notice), "weeks")
    )
    cap = Claim(Decimal(review_cap), "%")
    sheet.right("review_cap", f"{review_cap} per cent p.a.", s6, cap)
    sheet.add(BOUND, "review_cap", f"{review_cap}% per annum", s6, cap, _EXACT)
    sheet.add(PERIOD, "review_cap", f"{review_cap}% per month", s6, cap)
    _monthly(sheet, charge, s7)


def _monthly(sheet: Sheet, charge: Decimal, quote: str) -> None:
    """A sum paid every month: said in another form, or as its figure alone, it is right;
    the same figure a year, or a quarter, is another period (PERIOD_MISMATCH)."""
    paid = Claim(charge, "GBP")
    figure = grouped(charge)
    monthly = (f"£{figure} a month", f"£{figure} pcm", f"GBP {figure} monthly", f"£{figure}")
    sheet.right("service_charge", fresh(sheet, monthly, quote), quote, paid)
    wrong = sheet.pick(f"£{figure} per annum", f"£{figure} a year", f"£{figure} per quarter")
    sheet.add(PERIOD, "service_charge", wrong, quote, paid)


_LEASE_ROLES = {"landlord": ["Landlord"], "tenant": ["Tenant"], "guarantor": ["Guarantor"]}
LEASE = Family(
    "uk-lease",
    {
        "tenant_name": {"type": "name", "role": "tenant", "roles": _LEASE_ROLES},
        "landlord_company_number": {"type": "identifier"},
        "annual_rent": {"type": "money", "currency": "GBP", "cues": ["Annual Rent"]},
        "quarterly_rent": {"type": "money", "currency": "GBP", "cues": ["instalments"]},
        "rent_deposit": {"type": "money", "currency": "GBP", "cues": ["deposit"]},
        "service_charge": {"type": "money", "currency": "GBP", "cues": ["service charge"]},
        "term": {"type": "duration", "unit": "month"},
        "term_start": {"type": "date"},
        "break_notice": {
            "type": "duration",
            "unit": "month",
            "bound": "at_least",
            "cues": ["notice"],
        },
        "review_cap": {"type": "percent", "period": "year", "bound": "at_most", "cues": ["cap"]},
    },
    _lease,
    locale="en-GB",
    distinct=True,
)

CONTRACTS = (MSA, DPA, LEASE)
