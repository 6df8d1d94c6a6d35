"""Court passages of the values corpus: a US district court opinion in a securities class
action and an English High Court judgment on an unfair prejudice petition (see
values_corpus.py).

The US Acts and the Companies Act 2006 are not in sakshi's table of Indian Acts: each family
declares them under ``acts:``, as a user citing them would.
"""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    ACT,
    CURRENCY,
    DIGITS,
    OTHER_PARTY,
    PERMILLE,
    RELATION,
    RIGHT,
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
    cite_date,
    cite_money,
    english,
    fresh,
    grouped,
    scaled,
    swap_digits,
    world_dates,
)
from values_world_pools import SURNAMES, company, person

__all__ = ["COURTS"]

# Exchange Act sections and where each is codified (15 U.S.C.), then the Securities Act's.
_EXCHANGE = (("10(b)", "78j(b)"), ("20(a)", "78t(a)"), ("14(a)", "78n(a)"), ("9(a)", "78i(a)"))
_SECURITIES = ("11", "12(a)(2)", "15", "17(a)")
_RULES = ("12(b)(6)", "12(b)(1)", "12(c)", "23(b)(3)", "56(a)")
_JUDGES = ("JMF", "LAK", "PKC", "VEC", "JPO", "KPF", "ALC", "GHW", "JSR", "LGS")
_US_ACTS = {
    "us_exchange_act": {
        "title": "Securities Exchange Act",
        "year": 1934,
        "aliases": ["Exchange Act"],
    },
    "us_securities_act": {"title": "Securities Act", "year": 1933, "aliases": []},
}


def _other(sheet: Sheet, choices: tuple[str, ...], taken: str) -> str:
    return sheet.rng.choice([c for c in choices if c != taken])


def _us_opinion(sheet: Sheet) -> None:
    rng = sheet.rng
    issuer, form = company(rng, ", Inc.", " Corp.")
    plaintiff, counsel, other_counsel = person(rng), person(rng), person(rng)
    firm, other_firm = f"{rng.choice(SURNAMES)} & {rng.choice(SURNAMES)}", rng.choice(SURNAMES)
    year = rng.randint(2019, 2024)
    docket = f"1:{year % 100}-cv-{rng.randint(1, 11999):05d}-{rng.choice(_JUDGES)}"
    section, codified = rng.choice(_EXCHANGE)
    section33, rule = rng.choice(_SECURITIES), rng.choice(_RULES)
    ipo, filed = day(rng, year - 2, year - 1, small=True), day(rng, year, year + 1)
    settlement = Decimal(rng.randrange(20, 1200)) * 250_000
    fee_share = sheet.pick("20", "25", "30", "33")
    header = f"In re {issuer} Securities Litigation, Case No. {docket} (S.D.N.Y.)"
    s1 = (
        f"Lead Plaintiff {plaintiff} asserts claims against {issuer}{form} under Section"
        f" {section} of the Securities Exchange Act of 1934; that provision is codified at"
        f" 15 U.S.C. § {codified}; and the implementing rule is 17 C.F.R. § 240.10b-5."
    )
    s2 = (
        f"{plaintiff} also sues under Section {section33} of the Securities Act of 1933 in"
        f" connection with the initial public offering of {issuer} on"
        f" {world_dates(ipo, 'en-US')['us']}."
    )
    s3 = (
        f"By motion filed {world_dates(filed, 'en-US')['us']}, Defendants {issuer} and others"
        f" move to dismiss under Fed. R. Civ. P. {rule}."
    )
    s4 = (
        f"{counsel} of {firm} LLP appeared as counsel for Lead Plaintiff {plaintiff}, and"
        f" {other_counsel} of {other_firm} LLP appeared for Defendant {issuer}."
    )
    figure, word = scaled(settlement)[0]
    s5 = (
        f"The parties later agreed to settle the action against {issuer} for ${figure} {word},"
        f" and the Court awards attorneys' fees of {fee_share}% of the settlement fund."
    )
    sheet.text = f"{header}\n\n{s1}\n\n{s2}\n\n{s3}\n\n{s4}\n\n{s5}"
    sheet.right("docket", sheet.pick(docket.upper(), docket.replace("-cv-0", "-cv-")), header)
    sheet.add(DIGITS, "docket", swap_digits(docket, rng), header)
    sheet.add(YEAR, "docket", docket.replace(f"1:{year % 100}-", f"1:{year % 100 - 1}-"), header)
    forms = (
        f"§ {section} of the Exchange Act of 1934",
        f"Section {section}, Securities Exchange Act of 1934",
        f"s. {section} Securities Exchange Act, 1934",
    )
    sheet.right("exchange_act_claim", rng.choice(forms), s1)
    sheet.add(
        YEAR, "exchange_act_claim", f"Section {section} of the Securities Exchange Act of 1933", s1
    )
    sheet.add(ACT, "exchange_act_claim", f"Section {section} of the Securities Act of 1933", s1)
    missing = _other(sheet, tuple(s for s, _ in _EXCHANGE), section)
    sheet.add(SECTION, "exchange_act_claim", f"Section {missing} of the Exchange Act of 1934", s1)
    sheet.right(
        "us_code",
        fresh(
            sheet,
            (f"15 USC § {codified}", f"15 U.S.C. §{codified}", f"15 U.S.C. Section {codified}"),
            s1,
        ),
        s1,
    )
    head, _, tail = codified.partition("(")
    sheet.add(SUBSECTION, "us_code", f"15 U.S.C. § {head}({'a' if tail[0] != 'a' else 'b'})", s1)
    sheet.add(ACT, "us_code", f"17 U.S.C. § {codified}", s1)
    forms = (
        f"Section {section33} of the Securities Act, 1933",
        f"§ {section33}, Securities Act of 1933",
        f"s. {section33} Securities Act of 1933",
    )
    sheet.right("securities_act_claim", rng.choice(forms), s2)
    sheet.add(
        YEAR, "securities_act_claim", f"Section {section33} of the Securities Act of 1934", s2
    )
    other33 = _other(sheet, _SECURITIES, section33)
    sheet.add(
        SECTION, "securities_act_claim", f"Section {other33} of the Securities Act of 1933", s2
    )
    sheet.add(ACT, "securities_act_claim", f"Section {section33} of the Exchange Act of 1934", s2)
    cite_date(sheet, RIGHT, "ipo_date", ipo, s2, "us", "en-US")
    cite_date(sheet, YEAR, "ipo_date", shift_year(ipo, 1), s2, "us", "en-US")
    forms = (
        f"Federal Rule of Civil Procedure {rule}",
        f"Fed.R.Civ.P. {rule}",
        f"Rule {rule} of the Federal Rules of Civil Procedure",
    )
    sheet.right("dismissal_rule", rng.choice(forms), s3)
    sheet.add(SUBSECTION, "dismissal_rule", f"Fed. R. Civ. P. {_other(sheet, _RULES, rule)}", s3)
    sheet.add(ACT, "dismissal_rule", f"Fed. R. Crim. P. {rule}", s3)
    cite_date(sheet, RIGHT, "motion_date", filed, s3, "us", "en-US")
    sheet.right("plaintiff_name", plaintiff.upper(), s4)
    sheet.add(RELATION, "plaintiff_name", counsel, s4)
    sheet.add(OTHER_PARTY, "plaintiff_name", issuer, s4)
    cite_money(sheet, RIGHT, "settlement_amount", settlement, s5, ("USD", "$"))
    cite_money(sheet, SCALE, "settlement_amount", settlement / 1_000_000, s5, ("USD", "$"))
    cite_money(sheet, SCALE, "settlement_amount", settlement / 1000, s5, ("USD", "$"))
    fee = Claim(Decimal(fee_share), "%")
    sheet.right("fee_award", f"{fee_share} per cent", s5, fee)
    sheet.add(PERMILLE, "fee_award", f"{fee_share}‰", s5, Claim(Decimal(fee_share), "‰"))


_US_ROLES = {"plaintiff": ["Lead Plaintiff", "Plaintiff"], "defendant": ["Defendant", "Defendants"]}
US_OPINION = Family(
    "us-opinion",
    {
        "docket": {"type": "case_no"},
        "exchange_act_claim": {"type": "statute", "cues": ["claims"]},
        "us_code": {"type": "statute", "cues": ["codified"]},
        "securities_act_claim": {"type": "statute"},
        "ipo_date": {"type": "date"},
        "dismissal_rule": {"type": "statute"},
        "motion_date": {"type": "date"},
        "plaintiff_name": {"type": "name", "role": "plaintiff", "roles": _US_ROLES},
        "settlement_amount": {"type": "money", "currency": "USD", "cues": ["settle"]},
        "fee_award": {"type": "percent", "cues": ["fees"]},
    },
    _us_opinion,
    locale="en-US",
    acts=_US_ACTS,
    distinct=True,
)

_DUTIES = ("171", "172", "173", "174", "175", "177")
_UK_ACTS = {
    "uk_companies_act_2006": {
        "title": "Companies Act",
        "year": 2006,
        "aliases": ["CA 2006"],
    }
}


def _uk_judgment(sheet: Sheet) -> None:
    rng = sheet.rng
    (petitioner, p_form), (company_name, _) = company(rng, " Limited", " Ltd"), company(rng, "")
    respondent, counsel, other_counsel = person(rng), rng.choice(SURNAMES), rng.choice(SURNAMES)
    year = rng.randint(2019, 2025)
    neutral = f"[{year}] EWHC {rng.randint(100, 3999)} ({sheet.pick('Ch', 'Comm')})"
    claim_no = f"{sheet.pick('BL', 'CR', 'CL')}-{year - 1}-{rng.randint(1, 999999):06d}"
    handed = day(rng, year, year)
    agreed = day(rng, year - 9, year - 3, small=True)
    duty = rng.choice(_DUTIES)
    holding = rng.randrange(10, 49)
    price = Decimal(rng.randrange(120, 9000)) * 1000
    on_account = Decimal(rng.randrange(20, 400)) * 2500
    days = rng.choice((14, 21, 28))
    header = (
        f"Neutral Citation Number: {neutral}\nCase No: {claim_no}\nDate:"
        f" {world_dates(handed, 'en-GB')['long']}"
    )
    s1 = (
        f"This is an unfair prejudice petition presented by {petitioner}{p_form} (the"
        f' "Petitioner") under section 994 of the Companies Act 2006 in respect of the affairs'
        f' of {company_name} Limited, in which {respondent} (the "Respondent") holds {holding}%'
        " of the issued shares."
    )
    s2 = (
        f"The Petitioner relies on the breach by {respondent} of the shareholders' agreement"
        f" dated {world_dates(agreed, 'en-GB')['ordinal']} and of the duty in section {duty} of"
        " the Companies Act 2006."
    )
    price_text = f"£{grouped(price)}"
    if price >= 1_000_000 and rng.random() < 0.5:
        price_text = f"£{decimal_text(price / 1_000_000)}m"
    s3 = (
        f"I order {respondent} to purchase the Petitioner's shares for {price_text}, with"
        " interest at 2% above Bank of England base rate from the date of the petition."
    )
    s4 = (
        "The Respondent shall pay the Petitioner's costs on the indemnity basis, with a payment"
        f" on account of £{grouped(on_account)} within {days} days of"
        f" {world_dates(handed, 'en-GB')['long']}."
    )
    s5 = (
        f"Mr {counsel} KC, instructed by {other_counsel} LLP, appeared for the Petitioner,"
        f" {petitioner}{p_form}; the Respondent, {respondent}, appeared in person."
    )
    sheet.text = f"{header}\n\n{s1}\n\n{s2}\n\n{s3}\n\n{s4}\n\n{s5}"
    sheet.right("neutral_citation", neutral.lower(), header)
    sheet.add(YEAR, "neutral_citation", neutral.replace(f"[{year}]", f"[{year - 1}]"), header)
    sheet.right("claim_number", sheet.pick(claim_no.lower(), f"No. {claim_no}"), header)
    sheet.add(DIGITS, "claim_number", swap_digits(claim_no, rng), header)
    cite_date(sheet, RIGHT, "judgment_date", handed, header, "long", "en-GB")
    forms = ("s. 994 Companies Act 2006", "Section 994 of the Companies Act, 2006", "s.994 CA 2006")
    sheet.right("petition_provision", rng.choice(forms), s1)
    sheet.add(YEAR, "petition_provision", "section 994 of the Companies Act 1985", s1)
    sheet.add(SECTION, "petition_provision", "section 996 of the Companies Act 2006", s1)
    sheet.add(ACT, "petition_provision", "section 994 of the Insolvency Act 1986", s1)
    sheet.right("petitioner_name", sheet.pick(petitioner, f"{petitioner}{p_form}".upper()), s1)
    sheet.add(OTHER_PARTY, "petitioner_name", respondent, s1)
    sheet.right("respondent_holding", f"{holding} per cent", s1, Claim(Decimal(holding), "%"))
    sheet.right(
        "duty_provision",
        sheet.pick(f"s. {duty} CA 2006", f"Section {duty} of the Companies Act, 2006"),
        s2,
    )
    sheet.add(
        SECTION,
        "duty_provision",
        f"section {_other(sheet, _DUTIES, duty)} of the Companies Act 2006",
        s2,
    )
    cite_date(sheet, RIGHT, "agreement_date", agreed, s2, "ordinal", "en-GB")
    gbp = ("GBP", "£")
    cite_money(sheet, RIGHT, "purchase_price", price, s3, gbp)
    cite_money(sheet, CURRENCY, "purchase_price", price, s3, ("USD", "$"))
    cite_money(sheet, CURRENCY, "purchase_price", price, s3, ("EUR", "€"))
    cite_money(sheet, SCALE, "purchase_price", price / 1000, s3, gbp)
    cite_money(sheet, RIGHT, "costs_on_account", on_account, s4, gbp)
    slipped = Decimal(swap_digits(str(on_account), rng))
    if slipped != on_account:
        cite_money(sheet, DIGITS, "costs_on_account", slipped, s4, gbp)
    sheet.right("costs_days", f"{english(days)} days", s4, Claim(Decimal(days), "days"))
    sheet.add(UNIT, "costs_days", f"{days} months", s4, Claim(Decimal(days), "months"))
    sheet.right("petitioner_name", f"{petitioner}{p_form}".lower(), s5)
    sheet.add(RELATION, "petitioner_name", f"{counsel} KC", s5)
    sheet.add(OTHER_PARTY, "petitioner_name", respondent.upper(), s5)


_UK_ROLES = {"petitioner": ["Petitioner"], "respondent": ["Respondent"]}
UK_JUDGMENT = Family(
    "uk-judgment",
    {
        "neutral_citation": {"type": "identifier", "cues": ["Neutral Citation Number"]},
        "claim_number": {"type": "identifier", "cues": ["Case No"]},
        "judgment_date": {"type": "date"},
        "petition_provision": {"type": "statute"},
        "petitioner_name": {"type": "name", "role": "petitioner", "roles": _UK_ROLES},
        "respondent_holding": {"type": "percent", "cues": ["holds"]},
        "duty_provision": {"type": "statute", "cues": ["duty"]},
        "agreement_date": {"type": "date"},
        "purchase_price": {"type": "money", "currency": "GBP", "cues": ["purchase"]},
        "costs_on_account": {"type": "money", "currency": "GBP", "cues": ["on account"]},
        "costs_days": {"type": "duration", "unit": "day"},
    },
    _uk_judgment,
    locale="en-GB",
    acts=_UK_ACTS,
    distinct=True,
)

COURTS = (US_OPINION, UK_JUDGMENT)
