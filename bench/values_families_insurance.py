"""An insurance policy of the values corpus: a US commercial liability policy with its
limits ("up to $1 million each occurrence"), deductible, policy and claim numbers, and a
flood sub-limit (see values_corpus.py)."""

from __future__ import annotations

import random
from decimal import Decimal

from values_corpus import (
    BOUND,
    DIGITS,
    OTHER_PARTY,
    RIGHT,
    SAME_SENTENCE,
    SCALE,
    ZERO,
    Family,
    Sheet,
)
from values_forms import decimal_text, shift_year
from values_pools import day
from values_world_forms import (
    cite_date,
    cite_money,
    digit_slip,
    fresh,
    grouped,
    scaled,
    swap_digits,
    world_dates,
)
from values_world_pools import company

__all__ = ["INSURANCE", "POLICIES"]

_EXACT = {"bound": "exact"}
_USD = ("USD", "$")


def _big(sheet: Sheet, amount: Decimal) -> str:
    """An amount as a US document writes it: $5,000,000 or $5 million."""
    figure, word = scaled(amount)[0]
    return sheet.pick(f"${grouped(amount)}", f"${figure} {word}")


def _policy_number(rng: random.Random) -> str:
    letters = "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(3))
    return f"{letters}-{rng.randint(1000, 9999)}-{rng.randint(100000, 999999)}"


def _insurance(sheet: Sheet) -> None:
    rng = sheet.rng
    (insured, i_form), (insurer, _) = company(rng, ", Inc.", " LLC"), company(rng, "")
    insurer_name = f"{insurer} Insurance Company"
    policy, claim_no = (
        _policy_number(rng),
        f"CLM-{rng.randint(2019, 2025)}-{rng.randint(1, 999999):06d}",
    )
    starts = day(rng, 2019, 2025, small=True)
    ends = shift_year(starts, 1)
    occurrence = Decimal(rng.choice((1, 2, 5))) * 1_000_000
    aggregate = occurrence * rng.choice((2, 3))
    deductible = Decimal(rng.randrange(1, 100)) * 1000
    loss = Decimal(rng.randrange(20, 999)) * 1000
    flood = Decimal(rng.randrange(1, 40)) * 250_000
    s1 = (
        f'Policy No. {policy} is issued by {insurer_name} (the "Insurer") to {insured}{i_form}'
        f' (the "Named Insured") for the Policy Period from {world_dates(starts, "en-US")["us"]}'
        f" to {world_dates(ends, 'en-US')['us']}."
    )
    s2 = (
        f"The Insurer will pay up to {_big(sheet, occurrence)} for each occurrence and up to"
        f" {_big(sheet, aggregate)} in the aggregate, subject to a deductible of"
        f" ${grouped(deductible)} per claim borne by {insured}."
    )
    s3 = (
        f"Claim No. {claim_no} under Policy No. {policy} was reported on"
        f" {world_dates(ends - (ends - starts) / 2, 'en-US')['us']} for a loss of"
        f" ${decimal_text(loss / 1000)}k."
    )
    s4 = (
        f"Flood cover for the premises of {insured} is capped at ${grouped(flood)} per policy"
        " period."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}"
    sheet.right("policy_number", sheet.pick(policy.lower(), f"No. {policy}"), s1)
    sheet.add(DIGITS, "policy_number", swap_digits(policy, rng), s1)
    sheet.right("insured_name", fresh(sheet, (insured, f"{insured}{i_form}".upper()), s1), s1)
    sheet.add(OTHER_PARTY, "insured_name", insurer_name, s1)
    cite_date(sheet, RIGHT, "policy_start", starts, s1, "us", "en-US")
    cite_date(sheet, SAME_SENTENCE, "policy_start", ends, s1, "us", "en-US")
    cite_date(sheet, RIGHT, "policy_end", ends, s1, "us", "en-US")
    cite_money(sheet, RIGHT, "occurrence_limit", occurrence, s2, _USD)
    cite_money(sheet, SAME_SENTENCE, "occurrence_limit", aggregate, s2, _USD)
    cite_money(sheet, BOUND, "occurrence_limit", occurrence, s2, _USD, _EXACT)
    cite_money(sheet, RIGHT, "aggregate_limit", aggregate, s2, _USD)
    cite_money(sheet, RIGHT, "deductible", deductible, s2, _USD)
    cite_money(sheet, ZERO, "deductible", deductible * 10, s2, _USD)
    sheet.right("claim_number", sheet.pick(claim_no.lower(), f"No. {claim_no}"), s3)
    sheet.add(SAME_SENTENCE, "claim_number", policy, s3)
    cite_money(sheet, RIGHT, "reported_loss", loss, s3, _USD)
    cite_money(sheet, SCALE, "reported_loss", loss / 1000, s3, _USD)
    cite_money(sheet, RIGHT, "flood_sublimit", flood, s4, _USD)
    cite_money(sheet, BOUND, "flood_sublimit", flood, s4, _USD, _EXACT)
    cite_money(sheet, DIGITS, "flood_sublimit", digit_slip(int(flood), rng), s4, _USD)


_POLICY_ROLES = {"insured": ["Named Insured"], "insurer": ["Insurer"]}
INSURANCE = Family(
    "us-insurance-policy",
    {
        "policy_number": {"type": "identifier", "cues": ["Policy No."]},
        "insured_name": {"type": "name", "role": "insured", "roles": _POLICY_ROLES},
        "policy_start": {"type": "date", "cues": ["from"]},
        "policy_end": {"type": "date", "cues": ["to"]},
        "occurrence_limit": {
            "type": "money",
            "currency": "USD",
            "bound": "at_most",
            "cues": ["each occurrence"],
        },
        "aggregate_limit": {
            "type": "money",
            "currency": "USD",
            "bound": "at_most",
            "cues": ["aggregate"],
        },
        "deductible": {"type": "money", "currency": "USD", "cues": ["deductible"]},
        "claim_number": {"type": "identifier", "cues": ["Claim No."]},
        "reported_loss": {"type": "money", "currency": "USD", "cues": ["loss"]},
        "flood_sublimit": {"type": "money", "currency": "USD", "bound": "at_most"},
    },
    _insurance,
    locale="en-US",
    distinct=True,
)

POLICIES = (INSURANCE,)
