"""Realistic Indian-litigation values for the generated benchmark inputs (seeded)."""

from __future__ import annotations

import random

__all__ = ["date", "money"]


def money(rng: random.Random) -> str:
    """An amount in rupees with Indian digit grouping: ₹ 12,34,567.89."""
    digits = str(rng.randrange(10_000, 9_000_000))
    head, tail = digits[:-3], digits[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return "₹ " + ",".join(groups + [tail]) + f".{rng.randrange(100):02d}"


def date(rng: random.Random) -> str:
    """A DD.MM.YYYY date."""
    return f"{rng.randrange(1, 29):02d}.{rng.randrange(1, 13):02d}.{rng.choice([2023, 2024, 2025])}"
