"""Finance passages of the values corpus: a US credit agreement, a 10-K income statement
(in millions) and a UK annual report (in £'000) (see values_corpus.py).

Tables are cited a row at a time, as an agent cites them: a field declares the heading's
``scale`` and its row label as a cue, so the current year's figure (the first column) is
the field's and the prior year's is nobody's.
"""

from __future__ import annotations

import random
from decimal import Decimal

from values_corpus import (
    BOUND,
    COLUMN,
    CURRENCY,
    DIGITS,
    FISCAL,
    NEIGHBOUR,
    OTHER_PARTY,
    PERIOD,
    RIGHT,
    SAME_SENTENCE,
    SCALE,
    SIGN,
    UNIT,
    YEAR,
    ZERO,
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
    fresh,
    grouped,
    money_forms,
    scaled,
    world_dates,
)
from values_world_pools import US_STATES, company

__all__ = ["FINANCE"]

_EXACT = {"bound": "exact"}
_USD = ("USD", "$")
_GBP = ("GBP", "£")


def _big(sheet: Sheet, amount: Decimal) -> str:
    """An amount as a US document writes it: $750,000,000 or $750 million."""
    figure, word = scaled(amount)[0]
    return sheet.pick(f"${grouped(amount)}", f"${figure} {word}")


def _rate_forms(percent: Decimal) -> tuple[str, ...]:
    """A rate as a percentage and as basis points."""
    bps = decimal_text(percent * 100)
    return (
        f"{decimal_text(percent)}%",
        f"{decimal_text(percent)} per cent",
        f"{bps} bps",
        f"{bps} basis points",
    )


def _credit(sheet: Sheet) -> None:
    rng = sheet.rng
    (borrower, b_form), (agent, _) = company(rng, ", Inc.", " Corp."), company(rng, "")
    agent_name = f"{agent} Bank, N.A."
    dated = day(rng, 2020, 2025, small=True)
    revolver = Decimal(rng.randrange(8, 120)) * 12_500_000
    term = Decimal(rng.randrange(4, 80)) * 5_000_000
    margin = Decimal(rng.randrange(125, 400, 25)) / 100
    fee = sheet.pick("0.20", "0.25", "0.30", "0.35", "0.375", "0.50")
    liquidity = Decimal(rng.randrange(10, 200)) * 1_000_000
    leverage = Decimal(rng.randrange(250, 500, 25)) / 100
    matures = shift_year(dated, 5)
    s1 = (
        f"This CREDIT AGREEMENT, dated as of {world_dates(dated, 'en-US')['us']}, is entered"
        f" into among {borrower}{b_form}, {article(rng.choice(US_STATES))} corporation (the"
        f' "Borrower"), the Lenders from time to time party hereto, and {agent_name}, as'
        ' Administrative Agent (in such capacity, the "Administrative Agent").'
    )
    s2 = (
        f"Each Revolving Lender severally agrees to make Revolving Loans to {borrower} in an"
        f" aggregate principal amount at any time outstanding of up to {_big(sheet, revolver)}"
        ' (the "Revolving Commitments").'
    )
    s3 = (
        f"On the Closing Date, the Term Lenders made Term Loans to {borrower} in an aggregate"
        f" principal amount of {_big(sheet, term)}."
    )
    sofr, base = _rate_forms(margin), _rate_forms(margin - 1)
    sofr_text, base_text = sheet.pick(sofr[0], sofr[3]), sheet.pick(base[0], base[3])
    s4 = (
        f"Loans to {borrower} bear interest at Term SOFR plus {sofr_text} or, at the Borrower's"
        f" option, at the Base Rate plus {base_text}."
    )
    s5 = (
        f"{borrower} shall pay {agent_name} a commitment fee at a rate of {fee}% per annum on"
        " the average"
        " daily unused Revolving Commitments, payable quarterly in arrears."
    )
    s6 = (
        f"{borrower} shall maintain Liquidity of not less than {_big(sheet, liquidity)} and a"
        f" Consolidated Leverage Ratio not exceeding {leverage:.2f} to 1.00 as of the last day"
        " of each fiscal quarter."
    )
    s7 = (
        f"The Revolving Commitments to {borrower} terminate on"
        f' {world_dates(matures, "en-US")["us"]} (the "Maturity Date").'
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}\n{s5}\n{s6}\n{s7}"
    sheet.right("borrower_name", fresh(sheet, (borrower, f"{borrower}{b_form}".upper()), s1), s1)
    sheet.add(OTHER_PARTY, "borrower_name", agent_name, s1)
    cite_date(sheet, RIGHT, "agreement_date", dated, s1, "us", "en-US")
    cite_money(sheet, RIGHT, "revolving_commitment", revolver, s2, _USD)
    cite_money(sheet, BOUND, "revolving_commitment", revolver, s2, _USD, _EXACT)
    cite_money(sheet, SCALE, "revolving_commitment", revolver / 1000, s2, _USD)
    cite_money(sheet, RIGHT, "term_loan", term, s3, _USD)
    cite_money(sheet, SCALE, "term_loan", term * 1000, s3, _USD)
    if revolver != term:  # a neighbour's figure that equals this one is no wrong value
        cite_money(sheet, NEIGHBOUR, "term_loan", revolver, s3, _USD)
    point = Claim(margin, "%")
    sheet.right("sofr_margin", fresh(sheet, sofr, s4), s4, point)
    sheet.add(SAME_SENTENCE, "sofr_margin", fresh(sheet, base, s4), s4, Claim(margin - 1, "%"))
    if sofr_text == sofr[3]:  # basis points in the quote, read as a percentage
        sheet.add(
            UNIT, "sofr_margin", f"{decimal_text(margin * 100)}%", s4, Claim(margin * 100, "%")
        )
    else:  # a percentage in the quote, read as basis points
        sheet.add(UNIT, "sofr_margin", f"{decimal_text(margin)} bps", s4, Claim(margin, "bps"))
    sheet.add(
        ZERO, "sofr_margin", f"{decimal_text(margin * 10)} bps", s4, Claim(margin * 10, "bps")
    )
    yearly = Claim(Decimal(fee), "%")
    bps = decimal_text(Decimal(fee) * 100)
    sheet.right(
        "commitment_fee", sheet.pick(f"{fee} per cent p.a.", f"{bps} bps per annum"), s5, yearly
    )
    sheet.add(PERIOD, "commitment_fee", f"{fee}% per quarter", s5, yearly)
    cite_money(sheet, RIGHT, "minimum_liquidity", liquidity, s6, _USD)
    cite_money(sheet, BOUND, "minimum_liquidity", liquidity, s6, _USD, _EXACT)
    cite_money(sheet, SCALE, "minimum_liquidity", liquidity / 1_000_000, s6, _USD)
    ratio = Claim(leverage, "")
    sheet.right("max_leverage", decimal_text(leverage), s6, ratio)
    sheet.add(BOUND, "max_leverage", f"{leverage:.2f}", s6, ratio, _EXACT)
    sheet.add(DIGITS, "max_leverage", decimal_text(leverage + 1), s6, Claim(leverage + 1, ""))
    cite_date(sheet, RIGHT, "maturity_date", matures, s7, "us", "en-US")
    cite_date(sheet, YEAR, "maturity_date", shift_year(matures, -1), s7, "us", "en-US")


_CREDIT_ROLES = {"borrower": ["Borrower"], "agent": ["Administrative Agent"], "lender": ["Lenders"]}
CREDIT = Family(
    "us-credit-agreement",
    {
        "borrower_name": {"type": "name", "role": "borrower", "roles": _CREDIT_ROLES},
        "agreement_date": {"type": "date"},
        "revolving_commitment": {"type": "money", "currency": "USD", "bound": "at_most"},
        "term_loan": {"type": "money", "currency": "USD", "cues": ["Term Loans"]},
        "sofr_margin": {"type": "percent", "cues": ["SOFR"]},
        "commitment_fee": {"type": "percent", "period": "year", "cues": ["commitment fee"]},
        "minimum_liquidity": {
            "type": "money",
            "currency": "USD",
            "bound": "at_least",
            "cues": ["Liquidity"],
        },
        "max_leverage": {"type": "number", "bound": "at_most", "cues": ["Leverage Ratio"]},
        "maturity_date": {"type": "date"},
    },
    _credit,
    locale="en-US",
    distinct=True,
)


def _figure(rng: random.Random, low: int, high: int) -> Decimal:
    # A table figure with one decimal, in the table's unit (millions): 4,823.1.
    return Decimal(rng.randrange(low * 10, high * 10)) / 10


def _cell(number: Decimal, dollar: bool) -> str:
    """A 10-K cell: 4,823.1, (212.4), $ 4,823.1, $ (0.84)."""
    places = 2 if abs(number) < 10 else 1
    text = grouped(abs(number), places=places)
    text = f"({text})" if number < 0 else text
    return f"$ {text}" if dollar else text


def _row(label: str, now: Decimal, then: Decimal, dollar: bool) -> tuple[str, str]:
    """(the whole row, the row up to its first column)."""
    head = f"{label:<42}{_cell(now, dollar):>14}"
    return f"{head}{_cell(then, dollar):>14}", head


def _million_forms(amount: Decimal) -> list[str]:
    """A figure in millions written as a value: -$212.4 million, USD -212,400,000, ..."""
    return money_forms(amount * 1_000_000, "USD", "$", bare=False)


def _ten_k(sheet: Sheet) -> None:
    rng = sheet.rng
    name, form = company(rng, ", Inc.", " Corporation")
    year = rng.randint(2019, 2026)
    revenue, prior = _figure(rng, 800, 9000), _figure(rng, 700, 8000)
    operating = -_figure(rng, 20, 600) if rng.random() < 0.5 else _figure(rng, 20, 900)
    operating_then, eps_then = _figure(rng, 20, 900), Decimal(rng.randrange(5, 400)) / 100
    net = -_figure(rng, 10, 500) if operating < 0 else _figure(rng, 10, 700)
    eps = Decimal(rng.randrange(5, 400)) / 100 * (-1 if net < 0 else 1)
    quarter, charge = rng.randint(1, 4), _figure(rng, 5, 90)
    growth = Decimal(rng.randrange(10, 350)) / 10
    head = (
        f"{name}{form}\nCONSOLIDATED STATEMENTS OF OPERATIONS\n(in millions, except per share"
        f" data)\n{'':<42}{'Fiscal ' + str(year):>14}{'Fiscal ' + str(year - 1):>14}"
    )
    rows = {
        "net_revenue": _row("Net revenue", revenue, prior, True),
        "operating_income": _row("Operating income (loss)", operating, operating_then, False),
        "net_income": _row("Net income (loss)", net, _figure(rng, 5, 300), True),
        "diluted_eps": _row("Diluted net income (loss) per share", eps, eps_then, True),
    }
    prose = (
        f"Net revenue for fiscal {year} increased {growth}% compared to fiscal {year - 1}, and"
        f" results for Q{quarter} FY{year} include a restructuring charge of ${charge} million."
    )
    sheet.text = "\n".join([head, *(row for row, _ in rows.values()), "", prose])
    for field in ("net_revenue", "operating_income", "net_income"):
        whole, _ = rows[field]
        now = {"net_revenue": revenue, "operating_income": operating, "net_income": net}[field]
        claim = Claim(now * 1_000_000, "USD")
        sheet.right(field, fresh(sheet, _million_forms(now), whole), whole, claim)
        sheet.add(
            SCALE,
            field,
            f"{'-' if now < 0 else ''}${grouped(abs(now), places=1)}",
            whole,
            Claim(now, "USD"),
        )
        if now < 0:
            sheet.add(
                SIGN,
                field,
                f"${grouped(-now, places=1)} million",
                whole,
                Claim(-now * 1_000_000, "USD"),
            )
    sheet.add(
        COLUMN,
        "operating_income",
        sheet.rng.choice(_million_forms(operating_then)),
        rows["operating_income"][0],
        Claim(operating_then * 1_000_000, "USD"),
    )
    sheet.add(
        COLUMN,
        "net_revenue",
        f"${grouped(prior, places=1)} million",
        rows["net_revenue"][0],
        Claim(prior * 1_000_000, "USD"),
    )
    sheet.add(
        SCALE,
        "net_revenue",
        f"${grouped(revenue, places=1)} billion",
        rows["net_revenue"][0],
        Claim(revenue * 1_000_000_000, "USD"),
    )
    eps_row, _ = rows["diluted_eps"]
    sheet.right(
        "diluted_eps",
        fresh(sheet, money_forms(eps, "USD", "$", bare=False), eps_row),
        eps_row,
        Claim(eps, "USD"),
    )
    sheet.add(
        SCALE,
        "diluted_eps",
        f"USD {grouped(eps * 1_000_000)}",
        eps_row,
        Claim(eps * 1_000_000, "USD"),
    )
    if eps < 0:
        sheet.add(SIGN, "diluted_eps", f"${abs(eps)}", eps_row, Claim(-eps, "USD"))
    sheet.add(COLUMN, "diluted_eps", f"${eps_then}", eps_row, Claim(eps_then, "USD"))
    sheet.right(
        "revenue_growth",
        sheet.pick(f"{growth} per cent", f"{growth} percent"),
        prose,
        Claim(growth, "%"),
    )
    sheet.add(SIGN, "revenue_growth", f"-{growth}%", prose, Claim(-growth, "%"))
    sheet.right("charge_period", f"Q{quarter} FY {year}", prose)
    sheet.add(YEAR, "charge_period", f"Q{quarter} FY{year - 1}", prose)
    sheet.add(FISCAL, "charge_period", f"Q{quarter % 4 + 1} FY{year}", prose)
    cite_money(sheet, RIGHT, "restructuring_charge", charge * 1_000_000, prose, _USD)
    cite_money(sheet, SCALE, "restructuring_charge", charge * 1000, prose, _USD)


_MILLIONS = {"type": "money", "currency": "USD", "scale": "million"}
TEN_K = Family(
    "us-10k",
    {
        "net_revenue": {**_MILLIONS, "cues": ["Net revenue"]},
        "operating_income": {**_MILLIONS, "cues": ["Operating income"]},
        "net_income": {**_MILLIONS, "cues": ["Net income"]},
        "diluted_eps": {"type": "money", "currency": "USD", "cues": ["per share"]},
        "revenue_growth": {"type": "percent", "cues": ["increased"]},
        "charge_period": {"type": "period"},
        "restructuring_charge": {"type": "money", "currency": "USD", "cues": ["restructuring"]},
    },
    _ten_k,
    locale="en-US",
    distinct=True,
)


def _uk_annual(sheet: Sheet) -> None:
    rng = sheet.rng
    name, form = company(rng, " plc", " Group plc")
    year = rng.randint(2019, 2026)
    revenue, prior = rng.randrange(20_000, 900_000), rng.randrange(20_000, 900_000)
    operating = rng.randrange(-40_000, 90_000)
    pbt = operating - rng.randrange(500, 9_000)
    growth = Decimal(rng.randrange(5, 200)) / 10

    def cell(number: int) -> str:
        return f"({grouped(-number)})" if number < 0 else grouped(number)

    def row(label: str, now: int, then: int) -> tuple[str, str]:
        head = f"{label:<34}{cell(now):>12}"
        return f"{head}{cell(then):>12}", head

    rows = {
        "revenue": row("Revenue", revenue, prior),
        "operating_profit": row("Operating profit/(loss)", operating, rng.randrange(-9_000, 9_000)),
        "profit_before_tax": row("Profit/(loss) before tax", pbt, rng.randrange(-9_000, 9_000)),
    }
    ends = f"31 March {year}"
    thousands = "£'000"
    head = (
        f"{name}{form}\nConsolidated income statement for the year ended {ends}\n"
        f"{'':<34}{year:>12}{year - 1:>12}\n{'':<34}{thousands:>12}{thousands:>12}"
    )
    prose = (
        f"In FY {year - 1}-{str(year)[2:]} the revenue of {name} grew by {growth}% to"
        f" £{grouped(revenue)}k."
    )
    later = f"The plan launched in FY {year - 2}-{str(year - 1)[2:]} continued."
    sheet.text = "\n".join([head, *(whole for whole, _ in rows.values()), "", prose, later])
    for field, now in (
        ("revenue", revenue),
        ("operating_profit", operating),
        ("profit_before_tax", pbt),
    ):
        whole, _ = rows[field]
        claim = Claim(Decimal(now * 1000), "GBP")
        sheet.right(
            field,
            fresh(sheet, money_forms(now * 1000, "GBP", "£", bare=False), whole),
            whole,
            claim,
        )
        sheet.add(SCALE, field, f"£{cell(now)}", whole, Claim(Decimal(now), "GBP"))
        if now < 0:
            sheet.add(
                SIGN, field, f"£{grouped(-now * 1000)}", whole, Claim(Decimal(-now * 1000), "GBP")
            )
    whole = rows["revenue"][0]
    sheet.add(
        COLUMN, "revenue", f"£{grouped(prior * 1000)}", whole, Claim(Decimal(prior * 1000), "GBP")
    )
    sheet.add(
        CURRENCY,
        "revenue",
        f"${grouped(revenue * 1000)}",
        whole,
        Claim(Decimal(revenue * 1000), "USD"),
    )
    sheet.add(
        SCALE,
        "revenue",
        f"£{grouped(revenue)} million",
        whole,
        Claim(Decimal(revenue) * 1_000_000, "GBP"),
    )
    sheet.right(
        "financial_year",
        f"FY{year - 1}-{str(year)[2:]}",
        prose,
    )
    sheet.add(YEAR, "financial_year", f"FY {year - 2}-{str(year - 1)[2:]}", prose)
    sheet.right("revenue_growth", f"{growth} per cent", prose, Claim(growth, "%"))
    slipped = growth + 10
    sheet.add(DIGITS, "revenue_growth", f"{slipped}%", prose, Claim(slipped, "%"))


_THOUSANDS = {"type": "money", "currency": "GBP", "scale": "thousand"}
UK_ANNUAL = Family(
    "uk-annual-report",
    {
        "revenue": {**_THOUSANDS, "cues": ["Revenue"]},
        "operating_profit": {**_THOUSANDS, "cues": ["Operating profit"]},
        "profit_before_tax": {**_THOUSANDS, "cues": ["before tax"]},
        "financial_year": {"type": "period"},
        "revenue_growth": {"type": "percent"},
    },
    _uk_annual,
    locale="en-GB",
    distinct=True,
)


FINANCE = (CREDIT, TEN_K, UK_ANNUAL)
