"""Realistic Indian-litigation values for the generated benchmark inputs (seeded)."""

from __future__ import annotations

import random

from values_forms import indian

__all__ = ["date", "money"]


def money(rng: random.Random) -> str:
    """An amount in rupees with Indian digit grouping: ₹ 12,34,567.89."""
    rupees = indian(rng.randrange(10_000, 9_000_000))
    return f"₹ {rupees}.{rng.randrange(100):02d}"


def date(rng: random.Random) -> str:
    """A DD.MM.YYYY date."""
    return f"{rng.randrange(1, 29):02d}.{rng.randrange(1, 13):02d}.{rng.choice([2023, 2024, 2025])}"
