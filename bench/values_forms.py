"""Surface forms for the values benchmark: how Indian legal text and its readers write an
amount, a date, a quantity, a rate, a statute, a case number or a name, and the planted
slips (a transposed digit, a dropped zero, a lakh read as a crore, a day/month swap).

Pure helpers over plain ints, Decimals and dates; bench/values_corpus.py composes them
into passages and probes. Nothing here knows how sakshi or groundgate reads anything.
"""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

__all__ = [
    "MONTHS",
    "ONES",
    "TENS",
    "crore",
    "date_forms",
    "decimal_text",
    "devanagari",
    "indian",
    "lakh",
    "money_value_forms",
    "ordinal",
    "rupee_words",
    "shift_year",
    "swap_day_month",
    "transpose",
    "western",
]

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
# Number words, shared with tests/values/test_values_properties.py's renderers.
ONES = [
    "Zero",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
]
TENS = ["_", "_", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"]
_DEVANAGARI = str.maketrans("0123456789", "०१२३४५६७८९")


def indian(number: int) -> str:
    """Indian digit grouping: 6432000 -> 64,32,000."""
    digits = str(number)
    head, tail = digits[:-3], digits[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return ",".join([*groups, tail])


def western(number: int) -> str:
    """Western digit grouping: 6432000 -> 6,432,000."""
    return f"{number:,}"


def decimal_text(value: Decimal) -> str:
    """A Decimal without exponent or trailing zeros: 64.3200 -> 64.32, 5E+1 -> 50."""
    return format(value.normalize(), "f")


def lakh(number: int) -> str:
    """The amount in lakhs as a decimal: 6432000 -> 64.32."""
    return decimal_text(Decimal(number) / 100_000)


def crore(number: int) -> str:
    """The amount in crores as a decimal: 12500000 -> 1.25."""
    return decimal_text(Decimal(number) / 10_000_000)


def _below_hundred(number: int) -> str:
    if number < 20:
        return ONES[number]
    tens, ones = divmod(number, 10)
    return TENS[tens] + (f" {ONES[ones]}" if ones else "")


def _below_thousand(number: int) -> str:
    hundreds, rest = divmod(number, 100)
    parts = [f"{ONES[hundreds]} Hundred"] if hundreds else []
    if rest:
        parts.append(_below_hundred(rest))
    return " ".join(parts)


def rupee_words(number: int) -> str:
    """An amount in Indian words: 6432000 -> Sixty Four Lakh Thirty Two Thousand."""
    parts: list[str] = []
    crores, rest = divmod(number, 10_000_000)
    if crores:
        parts.append(f"{rupee_words(crores) if crores >= 100 else _below_hundred(crores)} Crore")
    lakhs, rest = divmod(rest, 100_000)
    if lakhs:
        parts.append(f"{_below_hundred(lakhs)} Lakh")
    thousands, rest = divmod(rest, 1000)
    if thousands:
        parts.append(f"{_below_hundred(thousands)} Thousand")
    if rest:
        parts.append(_below_thousand(rest))
    return " ".join(parts) or "Zero"


def devanagari(text: str) -> str:
    """The ASCII digits of ``text`` as Devanagari digits."""
    return text.translate(_DEVANAGARI)


def money_value_forms(number: int) -> list[str]:
    """How a reader writes an amount of rupees as a value (each reads as ``number``)."""
    forms = [
        f"Rs. {indian(number)}/-",
        f"₹{indian(number)}",
        f"₹ {indian(number)}.00",
        f"INR {western(number)}",
        f"{number}",
        f"Rupees {rupee_words(number)} only",
        f"Rs {indian(number)}",
    ]
    if number % 1000 == 0 and number >= 100_000:
        forms += [f"{lakh(number)} lakh", f"Rs. {lakh(number)} lakhs", f"₹{lakh(number)} lacs"]
    if number >= 10_000_000:
        forms += [f"Rs. {crore(number)} crore", f"₹ {crore(number)} Cr."]
    if number % 1000 == 0 and number < 100_000:
        forms += [f"Rs. {number // 1000} thousand"]
    return forms


def ordinal(day: int) -> str:
    """12 -> 12th, 1 -> 1st, 22 -> 22nd, 13 -> 13th."""
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def date_forms(day: dt.date) -> dict[str, str]:
    """Every way the corpus writes a date, by name."""
    month = MONTHS[day.month - 1]
    return {
        "iso": day.isoformat(),
        "dotted": f"{day.day:02d}.{day.month:02d}.{day.year}",
        "slashed": f"{day.day:02d}/{day.month:02d}/{day.year}",
        "dashed": f"{day.day:02d}-{day.month:02d}-{day.year}",
        "long": f"{day.day} {month} {day.year}",
        "ordinal": f"{ordinal(day.day)} {month}, {day.year}",
        "day_of": f"{ordinal(day.day)} day of {month}, {day.year}",
        "us": f"{month} {day.day}, {day.year}",
        "abbrev": f"{day.day:02d}-{month[:3]}-{day.year}",
        "short": f"{day.day} {month[:3]} {day.year}",
    }


def shift_year(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` later (earlier when negative); 29 February becomes the 28th."""
    if day.month == 2 and day.day == 29:
        day = day.replace(day=28)
    return day.replace(year=day.year + years)


def swap_day_month(day: dt.date) -> dt.date | None:
    """The date with day and month swapped, when that is another real date."""
    if day.day > 12 or day.day == day.month:
        return None
    return dt.date(day.year, day.day, day.month)


def transpose(number: int, rng: random.Random) -> int:
    """The number with two adjacent, different digits swapped (the leading digit stays
    non-zero); the number itself when no such pair exists."""
    digits = list(str(number))
    pairs = [
        i
        for i in range(len(digits) - 1)
        if digits[i] != digits[i + 1] and not (i == 0 and digits[i + 1] == "0")
    ]
    if not pairs:
        return number
    at = rng.choice(pairs)
    digits[at], digits[at + 1] = digits[at + 1], digits[at]
    return int("".join(digits))
