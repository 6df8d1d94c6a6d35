"""The distinct draw of bench/context.py: packs whose turns cite quotes and state values
that no other pack does, as production traffic does, so no memo inside a run (span checks,
value checks) answers a pack for an earlier one.

Each pack is a goods receipt note of about 3 KB (bench/context.py's ``_page`` text around
five fact lines) and a recorded turn stating three to five of the five fields a team
declares (``context.FIELDS``), each citing its own line: codepoint offsets on some, a
search on the rest, a paged document on half. Every value is made from the pack's number
(a date, a quantity, an amount in rupees, a vehicle number, an inspector's initials and
surname), so no two packs share one. Every 20th pack is planted red: alternately one
quote has its last character changed (``FABRICATED_SPAN``) or one value is one step off
what its quote states (``VALUE_UNSUPPORTED``), on the date, the quantity, the amount and
the vehicle number in turn. ``Draw.distinct`` counts, across the whole draw, the share of
stated values and of quotes that no other value or quote repeats.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from context import _CLAUSES, _FIELD_WORDS, _REMARKS, FIELDS, PAGE_BYTES, Plant, _yaml
from fakes import PLACES
from scale_distinct import _off_by_one, _values

from sakshi.context.turns import bundle_sha256

__all__ = ["Draw", "generate_distinct"]

PLANT_EVERY = 20
_FIRST_DAY = datetime.date(1990, 1, 1)
_INITIALS = "ABCDEGHJKLMNPRSTUVY"
_SURNAMES = (
    "Sahu", "Deshpande", "Venkataraman", "Qureshi", "Chatterjee", "Fernandes", "Nair",
    "Mathur", "Iyer", "Banerjee", "Kulkarni", "Reddy", "Menon", "Bhattacharya", "Gill",
    "Rao", "Pillai", "Joshi", "Sengupta", "Das",
)  # fmt: skip
_LINES = {
    "receipt_date": "Date of receipt: {v}",
    "delivered_qty": "Quantity received: {v}",
    "invoice_value": "Invoice value (incl. GST): {v}",
    "vehicle_no": "Vehicle no.: {v}",
    "inspected_by": "Inspected by: {v} (Quality Assurance)",
}
# The fields a plant changes, in turn (a name has no digit to change).
_PLANTED_FIELDS = ("receipt_date", "delivered_qty", "invoice_value", "vehicle_no")


@dataclass(frozen=True)
class Draw:
    """What was written: bytes, each planted pack's id and plant, the distinct shares."""

    size: int
    planted: dict[str, Plant]
    values: int
    distinct_values: float
    distinct_quotes: float


def _facts(index: int) -> dict[str, str]:
    """The five values of pack ``index``: each a function of ``index`` no other shares."""
    quantity, amount, vehicle = _values(index)
    day = _FIRST_DAY + datetime.timedelta(days=index)
    first, second = divmod(index // len(_SURNAMES), len(_INITIALS))
    name = f"{_INITIALS[first % len(_INITIALS)]}. {_INITIALS[second]}. "
    return {
        "receipt_date": day.strftime("%d.%m.%Y"),
        "delivered_qty": quantity,
        "invoice_value": amount,
        "vehicle_no": vehicle,
        "inspected_by": name + _SURNAMES[index % len(_SURNAMES)],
    }


def _page(rng: random.Random, index: int, facts: dict[str, str]) -> str:
    """A goods receipt note of about PAGE_BYTES holding each fact on its own line."""
    lines = [
        f"STORES DEPARTMENT, {rng.choice(PLACES).upper()}",
        f"GOODS RECEIPT NOTE No. {index}/2024-25",
        "",
        *(_LINES[name].format(v=value) for name, value in facts.items()),
        "",
        "Remarks:",
        *(f"  {i}. {r}" for i, r in enumerate(rng.sample(_REMARKS, 3), 1)),
        "",
        "Extract of the conditions of purchase printed overleaf:",
    ]
    clause = 1
    while len("\n".join(lines).encode("utf-8")) < PAGE_BYTES - 60:
        lines.append(f"  {clause}. {rng.choice(_CLAUSES)}")
        clause += 1
    return "\n".join([*lines, "", "Page 1 of 1"]) + "\n"


def plant_of(index: int) -> tuple[Plant, str] | None:
    """What pack ``index`` is planted with, and on which field; None for an honest pack."""
    if index % PLANT_EVERY != 7:
        return None
    nth = index // PLANT_EVERY
    plant = Plant.FABRICATED_SPAN if nth % 2 == 0 else Plant.VALUE_UNSUPPORTED
    return plant, _PLANTED_FIELDS[nth // 2 % len(_PLANTED_FIELDS)]


def _value(
    name: str, value: str, text: str, doc: str, paged: bool, offsets: bool
) -> dict[str, Any]:
    line = _LINES[name].format(v=value)
    cite: dict[str, Any] = {"doc": doc, "quote": line}
    if paged:
        cite["page"] = 1
    if offsets:
        start = text.index(line)  # str indices count code points
        cite.update(char_start=start, char_end=start + len(line), unit="codepoint")
    why = f"The goods receipt note states the {_FIELD_WORDS[name]} on its face."
    return {"field": name, "value": value, "why": why, "cite": cite}


def make_pack(index: int, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """(pack id, pack) of pack ``index``: one page, a turn stating 3 to 5 of its facts."""
    pack_id, doc = f"bench-{index:05d}", f"grn-{index}"
    facts = _facts(index)
    text = _page(rng, index, facts)
    planted = plant_of(index)
    stated = rng.sample(sorted(facts), 3 + index % 3)
    if planted is not None and planted[1] not in stated:
        stated[0] = planted[1]
    paged = index % 2 == 0
    values = [_value(name, facts[name], text, doc, paged, rng.random() < 0.5) for name in stated]
    if planted is not None:
        value = values[stated.index(planted[1])]
        if planted[0] is Plant.FABRICATED_SPAN:
            quote = value["cite"]["quote"]
            value["cite"]["quote"] = quote[:-1] + ("x" if quote[-1] != "x" else "y")
        else:
            value["value"] = _off_by_one(value["value"])
    bundle = {
        "engine": "matter-context",
        "query": f"receipt of goods under GRN {index}",
        "facts": [
            {
                "field": name,
                "value": value,
                "span": {"doc": doc, "quote": _LINES[name].format(v=value)},
            }
            for name, value in facts.items()
        ],
    }
    pack = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "title": f"Receipt of goods under GRN {index}/2024-25",
        "engine_state": "live",
        "documents": [
            {"id": doc, "title": f"GRN {index}", **({"pages": [text]} if paged else {"text": text})}
        ],
        "bundle": bundle,
        "fields": {name: FIELDS[name] for name in sorted(facts)},
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
            "values": values,
        },
        "expect": "green" if planted is None else "red",
    }
    return pack_id, pack


def _share_distinct(items: list[str]) -> float:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return sum(1 for item in items if counts[item] == 1) / max(len(items), 1)


def generate_distinct(folder: Path, count: int, seed: int) -> Draw:
    """Write packs 1..``count`` into ``folder`` (``bench-NNNNN.yaml``)."""
    rng = random.Random(seed)
    size = 0
    planted: dict[str, Plant] = {}
    values: list[str] = []
    quotes: list[str] = []
    for index in range(1, count + 1):
        pack_id, pack = make_pack(index, rng)
        raw = _yaml(pack).encode("utf-8")
        (folder / f"{pack_id}.yaml").write_bytes(raw)
        size += len(raw)
        found = plant_of(index)
        if found is not None:
            planted[pack_id] = found[0]
        for value in pack["turn"]["values"]:
            values.append(f"{value['field']}={value['value']}")
            quotes.append(value["cite"]["quote"])
    return Draw(size, planted, len(values), _share_distinct(values), _share_distinct(quotes))
