"""Civil, commercial and revenue passages of the values corpus: a supply suit, an arbitral
award, a land acquisition award, a GST show cause notice and a SARFAESI demand notice
(see values_corpus.py)."""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    ACT,
    CURRENCY,
    CUT,
    DIGITS,
    NEGATION,
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
    decimal_text,
    indian,
    rupee_words,
    shift_year,
    transpose,
    western,
)
from values_pools import COMPANIES, FIRMS, amount, day, later

__all__ = ["CIVIL"]

_GOODS = ("TMT bars", "OPC cement", "basmati rice", "cotton yarn", "MS billets", "soya meal")


def _supply_suit(sheet: Sheet) -> None:
    rng = sheet.rng
    plaintiff, defendant = rng.choice(COMPANIES), rng.choice(FIRMS)
    tonnes = Decimal(rng.randint(5_000, 99_999)) / 1000
    invoice = f"INV/{rng.randint(2019, 2023)}-{rng.randint(20, 24)}/{rng.randint(1, 9999):04d}"
    invoiced = day(rng, 2020, 2023, small=True)
    total = amount(rng, 5_00_000, 2_00_00_000, 1000)
    paid = amount(rng, total // 10, total // 2, 1000)
    balance, rate = total - paid, sheet.pick("12", "15", "18", "24")
    number, year = rng.randint(10, 999), invoiced.year + rng.randint(1, 2)
    qty = f"{tonnes:.3f}"
    s1 = (
        f"The plaintiff, {plaintiff}, supplied {qty} MT of {rng.choice(_GOODS)} to the defendant"
        f" M/s. {defendant} under Tax Invoice No. {invoice} dated"
        f" {date_forms(invoiced)['dotted']} for a total consideration of ₹ {indian(total)}."
    )
    failed = f"has failed to pay the balance amount of ₹ {indian(balance)}"
    s2 = (
        f"The defendant paid a sum of ₹ {indian(paid)} on"
        f" {date_forms(later(rng, invoiced, 30, 200))['dotted']} and {failed} despite repeated"
        " demands."
    )
    s3 = (
        f"The plaintiff is therefore entitled to recover ₹ {indian(balance)} together with"
        f" interest at the rate of {rate}% per annum from the date of the invoice till the date"
        " of realisation."
    )
    suit = sheet.pick(f"O.S. No. {number} of {year}", f"Com. O.S. No. {number}/{year}")
    s4 = f"The suit, registered as {suit}, is within the period of limitation."
    sheet.text = f"{s1} {s2} {s3} {s4}"
    forms = (
        f"{decimal_text(tonnes)} MT",
        f"{western(int(tonnes * 1000))} kg",
        f"{decimal_text(tonnes * 10)} quintals",
        f"{decimal_text(tonnes)} metric tonnes",
    )
    sheet.right("delivered_qty", sheet.pick(*forms), s1, Claim(tonnes, "MT"))
    sheet.right("invoice_number", sheet.pick(invoice, invoice.lower()), s1)
    sheet.date(RIGHT, "invoice_date", invoiced, s1, "dotted")
    sheet.money(RIGHT, "total_amount", total, s1)
    sheet.money(RIGHT, "amount_paid", paid, s2)
    sheet.money(RIGHT, "balance_due", balance, s2)
    rates = (f"{rate}% p.a.", f"{rate} per cent per annum", f"{rate}% per annum")
    sheet.right("interest_rate", sheet.pick(*rates), s3, Claim(Decimal(rate), "%"))
    plain = (f"OS {number}/{year}", f"O.S. {number} of {year}")
    suits = plain if suit.startswith("O.S.") else (f"Com. OS {number}/{year}",)
    sheet.right("suit_number", sheet.pick(*suits), s4)
    sheet.right(
        "plaintiff_name",
        sheet.pick(plaintiff, plaintiff.replace("Pvt. Ltd.", "Private Limited").upper()),
        s1,
    )
    sheet.add(UNIT, "delivered_qty", f"{decimal_text(tonnes)} kg", s1, Claim(tonnes, "kg"))
    sheet.add(
        UNIT, "delivered_qty", f"{decimal_text(tonnes)} quintals", s1, Claim(tonnes, "quintal")
    )
    digits = transpose(int(tonnes * 1000), rng)
    sheet.add(
        DIGITS,
        "delivered_qty",
        f"{decimal_text(Decimal(digits) / 1000)} MT",
        s1,
        Claim(Decimal(digits) / 1000, "MT"),
    )
    sheet.money(SUM, "balance_due", paid + balance, s2)
    sheet.money(SAME_SENTENCE, "balance_due", paid, s2)
    sheet.money(NEGATION, "amount_paid", balance, failed)
    sheet.add(PERMILLE, "interest_rate", f"{rate}‰ per annum", s3, Claim(Decimal(rate), "‰"))
    sheet.monthly_rate("interest_rate", rate, s3)
    sheet.add(CUT, "invoice_number", invoice[:-1], s1)
    sheet.day_month_swap("invoice_date", invoiced, s1)
    sheet.add(YEAR, "suit_number", f"O.S. {number} of {year + 1}", s4)
    sheet.add(OTHER_PARTY, "plaintiff_name", defendant, s1)
    sheet.money(NEIGHBOUR, "total_amount", paid, s1)


SUPPLY_SUIT = Family(
    "supply-suit",
    {
        "delivered_qty": {"type": "quantity", "unit": "MT"},
        "invoice_number": {"type": "identifier"},
        "invoice_date": {"type": "date"},
        "total_amount": {"type": "money", "currency": "INR", "cues": ["consideration"]},
        "amount_paid": {
            "type": "money",
            "currency": "INR",
            "cues": ["paid"],
            "polarity": "affirmative",
        },
        "balance_due": {"type": "money", "currency": "INR", "cues": ["balance"]},
        "interest_rate": {"type": "percent", "period": "year"},
        "suit_number": {"type": "case_no"},
        "plaintiff_name": {"type": "name", "role": "plaintiff"},
    },
    _supply_suit,
)


def _arbitral_award(sheet: Sheet) -> None:
    rng = sheet.rng
    claimant, respondent = rng.sample(COMPANIES, 2)
    principal = amount(rng, 50_00_000, 25_00_00_000, 10_000)
    rejected = amount(rng, 10_00_000, 90_00_000, 10_000)
    costs = amount(rng, 2_00_000, 15_00_000, 10_000)
    pending, future = sheet.pick("9", "10", "11"), sheet.pick("12", "15", "18")  # never equal
    since = day(rng, 2016, 2020, small=True)
    awarded_on = day(rng, 2022, 2024)
    s1 = (
        f"The Respondent shall pay to the Claimant a sum of ₹ {indian(principal)} (Rupees"
        f" {rupee_words(principal)} only) towards the unpaid running account bills, along with"
        f" interest @ {pending}% p.a. from {date_forms(since)['dotted']} till the date of this"
        " Award."
    )
    s2 = (
        f"Claim No. 4 for loss of profit amounting to ₹ {indian(rejected)} is rejected, as the"
        " Claimant has not produced any evidence of the profit it would have earned."
    )
    s3 = (
        f"The awarded sum shall carry future interest at the rate of {future}% per annum from the"
        " date of the Award till the date of payment, in terms of Section 31(7)(b) of the"
        " Arbitration and Conciliation Act, 1996."
    )
    s4 = (
        "The Respondent shall also bear the costs of the arbitration quantified at"
        f" Rs. {indian(costs)}/-."
    )
    header = (
        f"Award dated {date_forms(awarded_on)['long']} in the matter of {claimant} v. {respondent}"
    )
    sheet.text = f"{header}\n{s1}\n{s2}\n{s3}\n{s4}"
    sheet.money(RIGHT, "awarded_amount", principal, s1)
    rates = (f"{pending}% per annum", f"{pending} per cent p.a.")
    sheet.right("pendente_lite_rate", sheet.pick(*rates), s1, Claim(Decimal(pending), "%"))
    sheet.date(RIGHT, "interest_from", since, s1, "dotted")
    sheet.right(
        "future_rate",
        sheet.pick(f"{future}% p.a.", f"{future} per cent per annum"),
        s3,
        Claim(Decimal(future), "%"),
    )
    sheet.right(
        "provision",
        sheet.pick("s. 31(7)(b) A&C Act", "Section 31(7)(b) of the Arbitration Act"),
        s3,
    )
    sheet.money(RIGHT, "costs", costs, s4)
    sheet.date(RIGHT, "award_date", awarded_on, header, "long")
    sheet.lakh_crore_slip("awarded_amount", principal, s1, "₹")
    sheet.money(DIGITS, "awarded_amount", transpose(principal, rng), s1)
    sheet.add(
        CURRENCY, "awarded_amount", f"€ {western(principal)}", s1, Claim(Decimal(principal), "EUR")
    )
    sheet.money(NEGATION, "awarded_amount", rejected, s2)
    sheet.money(SUM, "awarded_amount", principal + costs, s1)
    sheet.add(
        NEIGHBOUR, "pendente_lite_rate", f"{future}% per annum", s1, Claim(Decimal(future), "%")
    )
    sheet.monthly_rate("pendente_lite_rate", pending, s1)
    sheet.add(PERMILLE, "future_rate", f"{future}‰", s3, Claim(Decimal(future), "‰"))
    sheet.add(SECTION, "provision", "Section 31(7)(a) of the Arbitration and Conciliation Act", s3)
    sheet.add(ACT, "provision", "Section 31(7)(b) of the CPC", s3)
    sheet.add(ZERO, "costs", f"Rs. {indian(costs * 10)}", s4, Claim(Decimal(costs * 10), "INR"))
    sheet.date(YEAR, "interest_from", shift_year(since, -1), s1)


ARBITRAL_AWARD = Family(
    "arbitral-award",
    {
        "awarded_amount": {
            "type": "money",
            "currency": "INR",
            "cues": ["sum of"],
            "polarity": "affirmative",
        },
        "pendente_lite_rate": {"type": "percent", "period": "year"},
        "interest_from": {"type": "date"},
        "future_rate": {"type": "percent", "period": "year"},
        "provision": {"type": "statute"},
        "costs": {"type": "money", "currency": "INR"},
        "award_date": {"type": "date"},
    },
    _arbitral_award,
)

CIVIL = (SUPPLY_SUIT, ARBITRAL_AWARD)
