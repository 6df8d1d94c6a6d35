"""Indian orders of the values corpus that the first families left out: a commercial court's
order on an Order VII Rule 11 application, a GST detention order under Rule 138 of the CGST
Rules, and a sessions court's sentence with compensation under Section 357(3) Cr.P.C. (see
values_corpus.py).

They plant what the first world run found in Indian records: provisions of another kind
(Section 11 for Order VII Rule 11, Section 138 for Rule 138), scale suffixes (₹12.5L,
Rs. 25k), the father (s/o), the advocate and a witness given as the party, and a year
dropped or changed.
"""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    ACT,
    PERIOD,
    PROVISION,
    RELATION,
    RIGHT,
    SCALE,
    SECTION,
    SUBSECTION,
    YEAR,
    Claim,
    Family,
    Sheet,
)
from values_forms import date_forms, decimal_text, indian, money_value_forms
from values_pools import COMPANIES, PERSONS, PLACES, day

__all__ = ["ORDERS"]


def _money(sheet: Sheet, kind: str, name: str, amount: int, quote: str) -> None:
    # A right amount in one of the Indian forms the quote does not hold; a wrong one plain.
    forms = money_value_forms(amount)
    unseen = [form for form in forms if form not in quote]
    value = sheet.rng.choice(unseen) if kind == RIGHT else f"Rs. {indian(amount)}"
    sheet.add(kind, name, value, quote, Claim(Decimal(amount), "INR"))


def _cpc_order(sheet: Sheet) -> None:
    rng = sheet.rng
    plaintiff = rng.choice(PERSONS)
    father, advocate, other_advocate = rng.sample([p for p in PERSONS if p != plaintiff], 3)
    year = rng.randint(2019, 2024)
    suit, ia = rng.randint(10, 999), rng.randint(100, 9999)
    claim = rng.randrange(1_000, 9_999) * 1_000  # Rs. 10 lakh to 1 crore: in lakhs, 1 decimal
    lakhs = decimal_text(Decimal(claim) / 100_000)
    rate = sheet.pick("9", "12", "18", "24")
    since = day(rng, year - 3, year - 1)
    costs = rng.randint(5, 50)
    heard = day(rng, year, year + 1)
    s1 = (
        f"The plaintiff, {plaintiff} {sheet.pick('s/o', 'd/o')} {father}, resident of"
        f" {rng.choice(PLACES)}, has filed"
        f" Com. O.S. No. {suit}/{year} for recovery of ₹{lakhs}L together with interest @"
        f" {rate}% p.a. from {date_forms(since)['dotted']}."
    )
    s2 = (
        f"The defendant has filed I.A. No. {ia} of {year} under Order VII Rule 11 of the Code"
        " of Civil Procedure, 1908, seeking rejection of the plaint for want of pre-institution"
        " mediation under Section 12A of the Commercial Courts Act, 2015."
    )
    s3 = (
        f"Sri {advocate}, learned counsel for the defendant, and Smt. {other_advocate}, learned"
        f" counsel for the plaintiff {plaintiff}, were heard on {date_forms(heard)['dotted']}."
    )
    s4 = (
        f"I.A. No. {ia} of {year} is allowed with costs of Rs. {costs}k, and the plaint is"
        " rejected under Order VII Rule 11(d) CPC."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}"
    sheet.right("plaintiff_name", plaintiff.upper(), s1)
    sheet.add(RELATION, "plaintiff_name", father, s1)
    sheet.right("plaintiff_name", plaintiff.lower(), s3)
    sheet.add(RELATION, "plaintiff_name", other_advocate, s3)
    _money(sheet, RIGHT, "claim_amount", claim, s1)
    sheet.add(SCALE, "claim_amount", f"₹{lakhs}", s1, Claim(Decimal(lakhs), "INR"))
    sheet.add(SCALE, "claim_amount", f"₹{lakhs} crore", s1, Claim(Decimal(claim * 100), "INR"))
    yearly = Claim(Decimal(rate), "%")
    sheet.right(
        "interest_rate", sheet.pick(f"{rate} per cent per annum", f"{rate}% per annum"), s1, yearly
    )
    sheet.add(PERIOD, "interest_rate", f"{rate}% per month", s1, yearly)
    sheet.right("ia_number", sheet.pick(f"IA {ia}/{year}", f"I.A.No.{ia}/{year}"), s2)
    sheet.add(YEAR, "ia_number", f"I.A. No. {ia} of {year - 1}", s2)
    forms = ("O. 7 R. 11 CPC", "Order 7 Rule 11 of the CPC", "Order VII, Rule 11 C.P.C.")
    sheet.right("application_provision", rng.choice(forms), s2)
    sheet.add(PROVISION, "application_provision", "Section 11 of the CPC", s2)
    sheet.add(SECTION, "application_provision", "Order VII Rule 10 CPC", s2)
    mediation = ("s. 12A CC Act, 2015", "Section 12-A of the Commercial Courts Act, 2015")
    sheet.right("mediation_provision", rng.choice(mediation), s2)
    sheet.add(YEAR, "mediation_provision", "Section 12A of the Commercial Courts Act, 2016", s2)
    # The Commercial Courts Act has one year: the year a value leaves out is the table's.
    sheet.add(ACT, "mediation_provision", "Section 12A of the A&C Act, 1996", s2)
    sheet.add(SECTION, "mediation_provision", "Section 12 of the CC Act, 2015", s2)
    _money(sheet, RIGHT, "costs", costs * 1000, s4)
    sheet.add(SCALE, "costs", f"Rs. {costs}", s4, Claim(Decimal(costs), "INR"))
    sheet.right(
        "rejection_ground", sheet.pick("O. 7 R. 11(d) CPC", "Order VII Rule 11 (d) of the CPC"), s4
    )
    sheet.add(SUBSECTION, "rejection_ground", "Order VII Rule 11(a) CPC", s4)


CPC_ORDER = Family(
    "cpc-order",
    {
        "plaintiff_name": {"type": "name", "role": "plaintiff"},
        "claim_amount": {"type": "money", "currency": "INR", "cues": ["recovery"]},
        "interest_rate": {"type": "percent", "period": "year"},
        "ia_number": {"type": "case_no"},
        "application_provision": {"type": "statute", "cues": ["filed"]},
        "mediation_provision": {"type": "statute", "cues": ["mediation"]},
        "costs": {"type": "money", "currency": "INR", "cues": ["costs"]},
        "rejection_ground": {"type": "statute", "cues": ["rejected"]},
    },
    _cpc_order,
    distinct=True,
)

_CGST_RULES = {
    "cgst_rules": {
        "title": "Central Goods and Services Tax Rules",
        "year": 2017,
        "aliases": ["CGST Rules"],
    }
}


def _eway(sheet: Sheet) -> None:
    rng = sheet.rng
    consignor = rng.choice(COMPANIES)
    year = rng.randint(2019, 2025)
    series = "".join(rng.choice("ABCDEFGHJK") for _ in range(2))
    vehicle = f"KA {rng.randint(1, 70):02d} {series} {rng.randint(1, 9999):04d}"
    seized = day(rng, year, year)
    scn = rng.randint(10, 999)
    penalty = rng.randrange(20, 900) * 1000
    s1 = (
        f"On {date_forms(seized)['dotted']}, the conveyance bearing registration No. {vehicle},"
        f" carrying goods consigned by {consignor}, was intercepted at {rng.choice(PLACES)}."
    )
    s2 = (
        f"The goods in {vehicle} were being transported without a valid e-way bill, as required"
        " under Rule"
        f" 138 of the Central Goods and Services Tax Rules, 2017, on {date_forms(seized)['long']}."
    )
    s3 = (
        f"SCN No. {scn}/{year} demanded a penalty of Rs. {indian(penalty)}/- under Section"
        " 129(1)(a) of the CGST Act, 2017 from the owner of the goods."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}"
    sheet.right("vehicle_number", vehicle.replace(" ", "-"), s1)
    forms = (
        "Rule 138 of the CGST Rules, 2017",
        "R. 138, Central Goods and Services Tax Rules, 2017",
    )
    sheet.right("eway_rule", rng.choice(forms), s2)
    sheet.add(PROVISION, "eway_rule", "Section 138 of the CGST Rules, 2017", s2)
    sheet.add(PROVISION, "eway_rule", "Section 138 of the CGST Act, 2017", s2)
    sheet.add(YEAR, "eway_rule", "Rule 138 of the CGST Rules, 2018", s2)
    sheet.right("scn_number", sheet.pick(f"SCN {scn}/{year}", f"SCN No. {scn} of {year}"), s3)
    sheet.add(YEAR, "scn_number", f"SCN No. {scn}/{year - 1}", s3)
    _money(sheet, RIGHT, "penalty", penalty, s3)
    sheet.add(
        SCALE, "penalty", f"Rs. {penalty // 1000}", s3, Claim(Decimal(penalty // 1000), "INR")
    )
    sheet.right(
        "penalty_provision",
        sheet.pick("s. 129(1)(a) CGST Act, 2017", "Section 129 (1) (a) of the CGST Act, 2017"),
        s3,
    )
    sheet.add(SUBSECTION, "penalty_provision", "Section 129(1)(b) of the CGST Act, 2017", s3)
    sheet.add(SUBSECTION, "penalty_provision", "Section 129(3)(a) of the CGST Act, 2017", s3)


EWAY = Family(
    "eway-detention",
    {
        "vehicle_number": {"type": "identifier"},
        "eway_rule": {"type": "statute"},
        "scn_number": {"type": "case_no"},
        "penalty": {"type": "money", "currency": "INR", "cues": ["penalty"]},
        "penalty_provision": {"type": "statute"},
    },
    _eway,
    acts=_CGST_RULES,
    distinct=True,
)


def _sessions(sheet: Sheet) -> None:
    rng = sheet.rng
    accused = rng.choice(PERSONS)
    father, victim, witness, advocate = rng.sample([p for p in PERSONS if p != accused], 4)
    age, witness_no = rng.randint(21, 70), rng.randint(1, 12)
    section = sheet.pick("304-A", "307", "324", "326", "420")
    compensation = rng.randrange(10, 99) * 10_000  # Rs. 1 lakh to 9.9 lakh
    lakhs = decimal_text(Decimal(compensation) / 100_000)
    days = rng.choice((30, 60, 90))
    fine = rng.randrange(5, 50) * 1000
    heard = day(rng, 2019, 2025)
    s1 = (
        f"The accused {accused} s/o {father}, aged {age} years, is convicted for the offence"
        f" punishable under Section {section} of the Indian Penal Code, 1860."
    )
    s2 = (
        f"Rs. {lakhs} lakh shall be paid by the accused to the victim {victim} as compensation"
        f" under Section 357(3) of the Cr.P.C., 1973 within {days} days, and the fine of"
        f" Rs. {indian(fine)}/- shall go to the State."
    )
    s3 = (
        f"PW-{witness_no} {witness}, and Sri {advocate}, learned advocate for the accused"
        f" {accused}, were heard on sentence on {date_forms(heard)['dotted']}."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}"
    sheet.right("accused_name", accused.upper(), s1)
    sheet.add(RELATION, "accused_name", father, s1)
    sheet.right("accused_name", accused.lower(), s3)
    sheet.add(RELATION, "accused_name", advocate, s3)
    sheet.add(RELATION, "accused_name", witness, s3)
    _money(sheet, RIGHT, "compensation", compensation, s2)
    sheet.add(SCALE, "compensation", f"Rs. {lakhs}", s2, Claim(Decimal(lakhs), "INR"))
    forms = ("s. 357(3) CrPC, 1973", "Section 357 (3) of the Code of Criminal Procedure, 1973")
    sheet.right("compensation_provision", rng.choice(forms), s2)
    sheet.add(SUBSECTION, "compensation_provision", "Section 357(1) Cr.P.C., 1973", s2)
    sheet.add(YEAR, "compensation_provision", "Section 357(3) of the Cr.P.C., 1974", s2)
    _money(sheet, RIGHT, "fine", fine, s2)
    sheet.add(SCALE, "fine", f"Rs. {fine // 1000} lakh", s2, Claim(Decimal(fine * 100), "INR"))


SESSIONS = Family(
    "sessions-order",
    {
        "accused_name": {"type": "name", "role": "accused"},
        "compensation": {"type": "money", "currency": "INR", "cues": ["compensation"]},
        "compensation_provision": {"type": "statute"},
        "fine": {"type": "money", "currency": "INR", "cues": ["fine"]},
    },
    _sessions,
    distinct=True,
)

ORDERS = (CPC_ORDER, EWAY, SESSIONS)
