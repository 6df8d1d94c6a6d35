"""Medication passages of the values corpus: a dispensing label with a course of capsules or
tablets, an oral suspension dosed in millilitres, and a weight-based dose for a child with
its maximum (see values_corpus.py).

The units come from the unit registry (mg, g, mcg, mL, L, mg/kg, kg): a value converts
exactly (500 mg = 0.5 g) or is another unit; a count noun (2 tablets) counts only itself.
"""

from __future__ import annotations

from decimal import Decimal

from values_corpus import (
    BOUND,
    COUNT,
    DIGITS,
    OTHER_PARTY,
    RIGHT,
    SAME_SENTENCE,
    UNIT,
    Claim,
    Family,
    Sheet,
)
from values_forms import decimal_text
from values_pools import day
from values_world_forms import cite_date, english, fresh, swap_digits, world_dates
from values_world_pools import person

__all__ = ["HEALTH"]

_EXACT = {"bound": "exact"}
# (drug, strength in mg, dose form): oral solids as dispensed.
_SOLIDS = (
    ("Amoxicillin", 500, "capsule"),
    ("Amoxicillin", 250, "capsule"),
    ("Metformin", 850, "tablet"),
    ("Metformin", 500, "tablet"),
    ("Ibuprofen", 400, "tablet"),
    ("Cefalexin", 500, "capsule"),
    ("Gabapentin", 300, "capsule"),
    ("Naproxen", 250, "tablet"),
    ("Levetiracetam", 750, "tablet"),
    ("Clarithromycin", 500, "tablet"),
    ("Doxycycline", 100, "capsule"),
    ("Prednisolone", 5, "tablet"),
)
# (suspension, mg per 5 mL).
_LIQUIDS = (
    ("Paracetamol", 120),
    ("Paracetamol", 250),
    ("Ibuprofen", 100),
    ("Amoxicillin", 125),
    ("Amoxicillin", 250),
    ("Azithromycin", 200),
    ("Cefalexin", 125),
)
_FREQUENCY = ("once a day", "twice a day", "three times a day", "every 8 hours", "every 12 hours")
_OTHER_FORM = {"capsule": "tablet", "tablet": "capsule"}


def _mass_forms(mg: Decimal) -> tuple[str, ...]:
    """A mass in milligrams as a reader writes it in other units."""
    return (
        f"{decimal_text(mg / 1000)} g",
        f"{decimal_text(mg)} milligrams",
        f"{decimal_text(mg * 1000)} mcg",
        f"{decimal_text(mg)}mg",
    )


def _label(sheet: Sheet) -> None:
    rng = sheet.rng
    patient, prescriber = person(rng), person(rng)
    rx = f"{rng.randint(1_000_000, 9_999_999)}"
    dispensed = day(rng, 2021, 2025, small=True)
    drug, strength, form = rng.choice(_SOLIDS)
    count, days = rng.choice((1, 2)), rng.choice((5, 7, 10, 14, 21, 28))
    liquid, per5 = rng.choice(_LIQUIDS)
    volume = (
        Decimal(rng.choice((25, 75, 100, 125, 150, 200))) / 10
    )  # never the 5 mL of its strength
    hours, doses = rng.choice((4, 6, 8)), rng.choice((3, 4))
    weight = Decimal(rng.randrange(80, 400)) / 10
    per_kg = Decimal(rng.choice(("5", "7.5", "10", "15", "20")))  # as written, never 1E+1
    ceiling = Decimal(rng.choice((250, 400, 500, 750, 1000)))
    s1 = (
        f"Rx No. {rx} | Patient: {patient} | Prescriber: Dr. {prescriber} | Dispensed"
        f" {world_dates(dispensed, 'en-GB')['long']}"
    )
    s2 = (
        f"{drug} {form}s, strength {strength} mg: take {english(count)} ({count})"
        f" {form}{'s' if count > 1 else ''} by mouth {rng.choice(_FREQUENCY)} for {days} days,"
        f" then return to Dr. {prescriber}."
    )
    s3 = (
        f"{liquid} oral suspension {per5} mg/5 mL for {patient}: give {decimal_text(volume)} mL"
        f" every {hours} hours, up to {doses} doses in 24 hours."
    )
    s4 = (
        f"For {patient}, a child weighing {weight} kg, the dose is {per_kg} mg/kg body weight,"
        f" to a maximum of {ceiling} mg per dose."
    )
    sheet.text = f"{s1}\n{s2}\n{s3}\n{s4}"
    sheet.right("rx_number", sheet.pick(rx, f"No. {rx}"), s1)
    if swap_digits(rx, rng) != rx:
        sheet.add(DIGITS, "rx_number", swap_digits(rx, rng), s1)
    sheet.right("patient_name", patient.upper(), s1)
    sheet.add(OTHER_PARTY, "patient_name", prescriber, s1)
    cite_date(sheet, RIGHT, "dispensed_on", dispensed, s1, "long", "en-GB")
    mg = Decimal(strength)
    sheet.right("strength", fresh(sheet, _mass_forms(mg), s2), s2, Claim(mg, "mg"))
    sheet.add(UNIT, "strength", f"{strength} mL", s2, Claim(mg, "mL"))
    sheet.add(UNIT, "strength", f"{strength} mcg", s2, Claim(mg, "mcg"))
    sheet.add(UNIT, "strength", f"{strength} g", s2, Claim(mg, "g"))
    units = Claim(Decimal(count), f"{form}s")
    noun = f"{form}{'s' if count > 1 else ''}"
    sheet.right(
        "dose_units", sheet.pick(f"{english(count)} {noun}", f"{count} {noun.upper()}"), s2, units
    )
    sheet.add(
        COUNT,
        "dose_units",
        f"{count} {_OTHER_FORM[form]}{'s' if count > 1 else ''}",
        s2,
        Claim(Decimal(count), f"{_OTHER_FORM[form]}s"),
    )
    course = Claim(Decimal(days), "days")
    forms = [f"{english(days)} days"] + ([f"{days // 7} weeks"] if days % 7 == 0 else [])
    sheet.right("course", rng.choice(forms), s2, course)
    sheet.add(UNIT, "course", f"{days} weeks", s2, Claim(Decimal(days), "weeks"))
    ml = Claim(volume, "mL")
    sheet.right(
        "dose_volume",
        sheet.pick(
            f"{decimal_text(volume)} ml",
            f"{decimal_text(volume / 1000)} L",
            f"{decimal_text(volume)} millilitres",
        ),
        s3,
        ml,
    )
    sheet.add(UNIT, "dose_volume", f"{decimal_text(volume)} mg", s3, Claim(volume, "mg"))
    sheet.add(SAME_SENTENCE, "dose_volume", "5 mL", s3, Claim(Decimal(5), "mL"))
    cap = Claim(Decimal(doses), "doses")
    sheet.right("max_daily_doses", f"{english(doses)} doses", s3, cap)
    sheet.add(BOUND, "max_daily_doses", f"{doses} doses", s3, cap, _EXACT)
    sheet.right("child_weight", f"{decimal_text(weight * 1000)} g", s4, Claim(weight, "kg"))
    sheet.add(UNIT, "child_weight", f"{weight} lb", s4, Claim(weight, "lb"))
    dose = Claim(per_kg, "mg/kg")
    sheet.right(
        "weight_dose",
        sheet.pick(f"{per_kg} mg per kg", f"{decimal_text(per_kg / 1000)} g/kg"),
        s4,
        dose,
    )
    sheet.add(UNIT, "weight_dose", f"{per_kg} mg", s4, Claim(per_kg, "mg"))
    top = Claim(ceiling, "mg")
    sheet.right("max_single_dose", fresh(sheet, _mass_forms(ceiling), s4), s4, top)
    sheet.add(BOUND, "max_single_dose", f"{ceiling} mg", s4, top, _EXACT)
    sheet.add(UNIT, "max_single_dose", f"{ceiling} mg/kg", s4, Claim(ceiling, "mg/kg"))


_RX_ROLES = {"patient": ["Patient"], "prescriber": ["Prescriber"]}
LABEL = Family(
    "medication-label",
    {
        "rx_number": {"type": "identifier", "cues": ["Rx No."]},
        "patient_name": {"type": "name", "role": "patient", "roles": _RX_ROLES},
        "dispensed_on": {"type": "date"},
        "strength": {"type": "quantity", "unit": "mg", "cues": ["strength"]},
        "dose_units": {"type": "quantity", "cues": ["take"]},
        "course": {"type": "duration", "unit": "day"},
        "dose_volume": {"type": "quantity", "unit": "mL", "cues": ["give"]},
        "max_daily_doses": {"type": "quantity", "bound": "at_most", "cues": ["doses"]},
        "child_weight": {"type": "quantity", "unit": "kg", "cues": ["weighing"]},
        "weight_dose": {"type": "quantity", "unit": "mg/kg", "cues": ["dose is"]},
        "max_single_dose": {
            "type": "quantity",
            "unit": "mg",
            "bound": "at_most",
            "cues": ["maximum"],
        },
    },
    _label,
    locale="en-GB",
    distinct=True,
    peer_units={"dose_units": "units", "max_daily_doses": "doses"},
)

HEALTH = (LABEL,)
