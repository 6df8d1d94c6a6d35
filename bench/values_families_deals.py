"""Deal announcements of the values corpus: a US public-company acquisition with a seed
round in the same news digest ($2.5 billion, $48.25 per share, $292k), and a European deal
in euros with a UK disposal in pounds (€1.2bn, £3.4m) (see values_corpus.py).

Amounts carry their scale as a word or a suffix; the planted slips drop it or change it.
"""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    BOUND,
    CURRENCY,
    DIGITS,
    FISCAL,
    RIGHT,
    SAME_SENTENCE,
    SCALE,
    YEAR,
    Claim,
    Family,
    Sheet,
)
from values_forms import decimal_text
from values_pools import day
from values_world_forms import cite_money, world_dates
from values_world_pools import CITIES_EU, CITIES_US, company

__all__ = ["DEALS"]

_EXACT = {"bound": "exact"}
_USD = ("USD", "$")


def _period(sheet: Sheet, year: int) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """(a closing period as announced, right values for it, (wrong year, wrong part))."""
    kind = sheet.rng.randrange(3)
    if kind == 0:
        quarter = sheet.rng.randint(1, 4)
        return (
            f"Q{quarter} FY{year}",
            (f"Q{quarter} FY {year}",),
            (f"Q{quarter} FY{year + 1}", f"Q{quarter % 4 + 1} FY{year}"),
        )
    if kind == 1:
        half = sheet.rng.randint(1, 2)
        return (
            f"H{half} {year}",
            (f"H{half} {year}",),
            (f"H{half} {year + 1}", f"H{3 - half} {year}"),
        )
    return (f"fiscal {year}", (f"FY{year}", f"FY {year}"), (f"FY{year - 1}", f"Q4 FY{year}"))


def _deal_us(sheet: Sheet) -> None:
    rng = sheet.rng
    (buyer, b_form), (target, t_form), (startup, _) = (
        company(rng, ", Inc.", " Corporation"),
        company(rng, ", Inc.", " Holdings, Inc."),
        company(rng, ""),
    )
    announced = day(rng, 2020, 2025)
    per_share = Decimal(rng.randrange(1200, 25000)) / 100
    equity = Decimal(rng.randrange(4, 400)) * 125_000_000
    premium = Decimal(rng.randrange(80, 650)) / 10
    earnout = Decimal(rng.randrange(2, 60)) * 25_000_000
    seed = Decimal(rng.randrange(50, 999)) * 1000
    period, right_periods, wrong_periods = _period(sheet, announced.year + rng.randint(0, 1))
    if equity >= 1_000_000_000:
        equity_text = sheet.pick(
            f"${decimal_text(equity / 10**9)} billion", f"${decimal_text(equity / 10**9)}bn"
        )
    else:
        equity_text = f"${decimal_text(equity / 10**6)} million"
    s1 = (
        f"{rng.choice(CITIES_US)}, {world_dates(announced, 'en-US')['us']} -- {buyer}{b_form}"
        f" and {target}{t_form} today announced a definitive agreement under which {buyer} will"
        f" acquire {target} for ${per_share:.2f} per share in cash, a total equity value of"
        f" {equity_text}."
    )
    s2 = (
        f"The price represents a premium of {premium}% to the closing price of {target} shares"
        f" on {world_dates(announced, 'en-US')['us']}, and the transaction is expected to close"
        f" in {period}."
    )
    s3 = (
        f"{target} shareholders may also receive up to ${decimal_text(earnout / 10**6)}M in"
        f" contingent payments tied to milestones that {buyer} sets."
    )
    s4 = (
        f"Separately, {startup} raised ${decimal_text(seed / 1000)}k in a pre-seed round led by"
        f" {buyer} Ventures."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}"
    cite_money(sheet, RIGHT, "equity_value", equity, s1, _USD)
    cite_money(sheet, SCALE, "equity_value", equity / 1000, s1, _USD)
    cite_money(sheet, SCALE, "equity_value", equity / 10**6, s1, _USD)
    cite_money(sheet, SAME_SENTENCE, "equity_value", per_share, s1, _USD)
    cite_money(sheet, RIGHT, "price_per_share", per_share, s1, _USD)
    cite_money(sheet, DIGITS, "price_per_share", per_share + 9, s1, _USD)
    sheet.right("premium", f"{premium} per cent", s2, Claim(premium, "%"))
    sheet.right("expected_close", sheet.rng.choice(right_periods), s2)
    sheet.add(YEAR, "expected_close", wrong_periods[0], s2)
    sheet.add(FISCAL, "expected_close", wrong_periods[1], s2)
    cite_money(sheet, RIGHT, "earnout_cap", earnout, s3, _USD)
    cite_money(sheet, BOUND, "earnout_cap", earnout, s3, _USD, _EXACT)
    cite_money(sheet, RIGHT, "seed_round", seed, s4, _USD)
    cite_money(sheet, SCALE, "seed_round", seed / 1000, s4, _USD)


DEAL_US = Family(
    "deal-us",
    {
        "equity_value": {"type": "money", "currency": "USD", "cues": ["equity value"]},
        "price_per_share": {"type": "money", "currency": "USD", "cues": ["per share"]},
        "premium": {"type": "percent", "cues": ["premium"]},
        "expected_close": {"type": "period"},
        "earnout_cap": {"type": "money", "currency": "USD", "bound": "at_most"},
        "seed_round": {"type": "money", "currency": "USD", "cues": ["raised"]},
    },
    _deal_us,
    locale="en-US",
    distinct=True,
)


def _deal_eu(sheet: Sheet) -> None:
    rng = sheet.rng
    (buyer, b_form), (target, t_form), (unit, u_form) = (
        company(rng, " SE", " AG", " N.V."),
        company(rng, " GmbH", " S.p.A.", " SAS"),
        company(rng, " Ltd", " Limited"),
    )
    announced = day(rng, 2020, 2025)
    value = Decimal(rng.randrange(3, 90)) * 100_000_000
    per_share = Decimal(rng.randrange(800, 9000)) / 100
    disposal = Decimal(rng.randrange(12, 990)) * 100_000
    s1 = (
        f"{rng.choice(CITIES_EU)}, {world_dates(announced, 'en-GB')['long']} – {buyer}{b_form}"
        f" agreed to buy {target}{t_form} for €{decimal_text(value / 10**9)}bn, or"
        f" €{per_share:.2f} a share."
    )
    s2 = (
        f"To clear the deal, {buyer} will sell {unit}{u_form}, its UK packaging arm, for"
        f" £{decimal_text(disposal / 10**6)}m."
    )
    sheet.text = f"{s1} {s2}"
    eur, gbp = ("EUR", "€"), ("GBP", "£")
    cite_money(sheet, RIGHT, "deal_value", value, s1, eur)
    cite_money(sheet, SCALE, "deal_value", value / 1000, s1, eur)
    cite_money(sheet, CURRENCY, "deal_value", value, s1, _USD)
    cite_money(sheet, SAME_SENTENCE, "deal_value", per_share, s1, eur)
    cite_money(sheet, RIGHT, "price_per_share", per_share, s1, eur)
    cite_money(sheet, RIGHT, "disposal_value", disposal, s2, gbp)
    cite_money(sheet, CURRENCY, "disposal_value", disposal, s2, _USD)
    cite_money(sheet, CURRENCY, "disposal_value", disposal, s2, eur)
    cite_money(sheet, SCALE, "disposal_value", disposal / 10**6, s2, gbp)


DEAL_EU = Family(
    "deal-eu",
    {
        "deal_value": {"type": "money", "currency": "EUR", "cues": ["buy"]},
        "price_per_share": {"type": "money", "currency": "EUR", "cues": ["a share"]},
        "disposal_value": {"type": "money", "currency": "GBP", "cues": ["sell"]},
    },
    _deal_eu,
    locale="en-GB",
    distinct=True,
)

DEALS = (DEAL_US, DEAL_EU)
