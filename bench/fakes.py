"""Realistic Indian-litigation values for the generated benchmark inputs (seeded), and the
names, goods and sentences their goods-receipt pages are written from."""

from __future__ import annotations

import random

from values_forms import indian

__all__ = ["CLAUSES", "COMPANIES", "GOODS", "PEOPLE", "PLACES", "REMARKS", "date", "money"]


def money(rng: random.Random) -> str:
    """An amount in rupees with Indian digit grouping: ₹ 12,34,567.89."""
    rupees = indian(rng.randrange(10_000, 9_000_000))
    return f"₹ {rupees}.{rng.randrange(100):02d}"


def date(rng: random.Random) -> str:
    """A DD.MM.YYYY date."""
    return f"{rng.randrange(1, 29):02d}.{rng.randrange(1, 13):02d}.{rng.choice([2023, 2024, 2025])}"


# --- goods-receipt text -------------------------------------------------------------
# The pools the pages of bench/context.py and bench/spans.py draw from. context.py draws
# from the first few of some (its packs were generated that way, and a draw depends on a
# list's length), so a change here changes both benchmarks' inputs.

COMPANIES = [
    "Bhilai Steel Fabrication Works",
    "Kaveri Agro Processors LLP",
    "Sahyadri Pumps & Valves Ltd.",
    "Narmada Cement Co.",
    "Thar Solar Structures Pvt. Ltd.",
    "Malabar Seafood Exports",
    "Odisha Ferro Alloys Pvt. Ltd.",
    "Gujarat Polymers & Resins Ltd.",
    "Deccan Bearings Co.",
    "Café Coffee Estates (Chikmagalur)",
    "Société Générale de Surveillance India",
    "Rourkela Refractories Ltd.",
]
PEOPLE = [
    "R. K. Sahu",
    "Anjali Deshpande",
    "M. Venkataraman",
    "Farhan Qureshi",
    "Dr. Ilse Müller",
    "S. Chatterjee",
    "José Fernandes",
    "Renée D'Souza",
    "Priya Nair",
    "Zoë Mathur",
]
PLACES = [
    "Bhilai",
    "Pune",
    "Coimbatore",
    "Jodhpur",
    "Kochi",
    "Raipur",
    "Vadodara",
    "Hosur",
    "Panaji",
]
GOODS = [
    ("HC ferro-manganese", "MT"),
    ("PP granules, grade H110MA", "MT"),
    ("taper roller bearings 32210", "nos."),
    ("magnesia-carbon bricks", "MT"),
    ("8 mm copper wire rod", "MT"),
    ('hessian cloth, 40" width', "bales"),
    ("arabica parchment coffee", "kg"),
    ("fly-ash bricks, 230×110×75 mm", "nos."),
]
# Clauses of a purchase contract's conditions.
CLAUSES = [
    (
        "Delivery shall be made in full at the Buyer's works within the period stated above, time"
        " being of the essence."
    ),
    (
        "Any shortfall in quantity shall be notified within seven days of receipt, failing which"
        " the lot is deemed accepted."
    ),
    (
        "The Seller warrants that the goods conform to the specification annexed and are free from"
        " defects in material."
    ),
    (
        "Payment of the balance shall fall due thirty days after acceptance, against the Seller's"
        " tax invoice."
    ),
    (
        "The advance shall be adjusted against the first invoices; any unadjusted advance is"
        " refundable on demand."
    ),
    (
        "Neither party is liable for delay caused by force majeure, notified in writing within"
        " forty-eight hours."
    ),
    (
        "Disputes shall be referred to a sole arbitrator under the Arbitration and Conciliation"
        " Act, 1996."
    ),
    "Samples drawn at the gate are sealed jointly and retained for ninety days for any re-test.",
]
# A stores officer's remarks on a received lot.
REMARKS = [
    (
        "Lot received short of the dispatched quantity; transporter's remark “seal intact” noted on"
        " the LR."
    ),
    "Moisture observed on the top layer of two bags; segregated pending the lab report.",
    "Test certificate received with the consignment; heat numbers tally with the packing list.",
    "Unloading delayed by four hours for want of a forklift; no demurrage accepted.",
]
