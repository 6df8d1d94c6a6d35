"""The distinct draw of bench/scale.py: a turn log in which, as in production traffic, every
turn cites quotes and states values that no earlier turn did, so no per-run memo of the
grade (span checks, value checks) answers a line for it.

``generate_distinct`` writes registers of goods receipts (``<id>.txt`` raw bytes and
``<id>.yaml`` section-2 documents, alternately), each entry three lines whose values are
made from the entry's own number (a quantity, an amount in rupees, a vehicle number:
distinct by construction), and a log in which each turn states the three values of one
entry, each citing its own line (codepoint offsets on about half, a search on the rest),
under the five fields a team declares (``context.FIELDS``). The entries are dealt to the
turns in a seeded random order, so the turns cite the registers at random. Every 20th
turn is planted red, by its id: on alternate plants one quote has a character changed
(``FABRICATED_SPAN``) or one value is one step off what its quote states
(``VALUE_UNSUPPORTED``), each on the field named in ``BenchLog.plants``, so the check
(``scale_log.output_problem``) compares ids, reasons and fields, not counts.

The share of turns whose every quote and value is new (none on an earlier turn) is
counted as the log is written and reported beside the times (``BenchLog.distinct``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from context import FIELDS  # bench/context.py: the fields a team declares
from scale_log import FABRICATED_EVERY, BenchLog, Plant
from values_forms import indian  # Indian digit grouping, as bench/fakes.py uses

from sakshi.context.turns import bundle_sha256

__all__ = ["ENTRIES_PER_DOCUMENT", "generate_distinct"]

ENTRIES_PER_DOCUMENT = 100
_BUNDLES = 16
_STATES = ("CG", "MH", "OD", "GJ", "KA")
_SERIES = [a + b for a in "ABCDEFGHKLMNPRT" for b in "ABCDEFGHKLMNPRT"]
_UNITS = ("MT", "nos.", "kg", "m")
# (field, the line that states it); each value is made from the entry's number.
_TEMPLATES = (
    ("delivered_qty", "Quantity received: {v}"),
    ("invoice_value", "Invoice value (incl. GST): {v}"),
    ("vehicle_no", "Vehicle no.: {v}"),
)


def _values(entry: int) -> tuple[str, str, str]:
    """The entry's quantity, amount and vehicle number: each a function of ``entry`` that
    no other entry shares (for the first 78 million entries)."""
    quantity = f"{10 + entry // 1000:,}.{entry % 1000:03d} {_UNITS[entry % len(_UNITS)]}"
    amount = f"₹ {indian(100_000 + entry * 37)}.{entry % 97:02d}"
    number = 1000 + entry % 9000
    series = _SERIES[entry // 9000 % len(_SERIES)]
    district = 1 + entry // (9000 * len(_SERIES)) % 39
    vehicle = f"{_STATES[entry % len(_STATES)]} {district:02d} {series} {number}"
    return quantity, amount, vehicle


def _register(doc_index: int, first_entry: int, count: int) -> str:
    """One register: a header, then ``count`` entries of three lines each."""
    lines = [
        f"STORES DEPARTMENT: REGISTER OF GOODS RECEIPTS No. {doc_index + 1}/2024-25",
        "Every entry below is a receipt note as entered at the gate.",
        "",
    ]
    for entry in range(first_entry, first_entry + count):
        lines.append(f"Entry {entry + 1}, receipt note GRN/{entry + 1:07d}:")
        for (_field, template), value in zip(_TEMPLATES, _values(entry), strict=True):
            lines.append("  " + template.format(v=value))
    return "\n".join(lines) + "\n"


def _write_registers(folder: Path, entries: int) -> list[str]:
    """The registers holding ``entries`` entries, in ``folder``; each one's text."""
    folder.mkdir()
    texts: list[str] = []
    for index, first in enumerate(range(0, entries, ENTRIES_PER_DOCUMENT)):
        text = _register(index, first, min(ENTRIES_PER_DOCUMENT, entries - first))
        texts.append(text)
        doc_id = f"reg-{index:05d}"
        if index % 2:
            (folder / f"{doc_id}.txt").write_bytes(text.encode("utf-8"))
        else:
            body = f"id: {doc_id}\npages: [{json.dumps(text, ensure_ascii=False)}]\n"
            (folder / f"{doc_id}.yaml").write_text(body, encoding="utf-8")
    return texts


def _off_by_one(value: str) -> str:
    """A value one step off: its last digit changed (a quote stating the one never
    states the other)."""
    at = max(i for i, ch in enumerate(value) if ch.isdigit())
    return value[:at] + str((int(value[at]) + 1) % 10) + value[at + 1 :]


def _turn_values(
    entry: int, text: str, doc_id: str, rng: random.Random, plant: Plant | None
) -> list[dict[str, object]]:
    """The three values of ``entry``, each citing its own line of the register (``plant``:
    what is changed in the first value, when the turn is planted red)."""
    stated: list[dict[str, object]] = []
    for (field, template), value in zip(_TEMPLATES, _values(entry), strict=True):
        quote = template.format(v=value)
        cite: dict[str, object] = {"doc": doc_id, "quote": quote}
        if (entry // ENTRIES_PER_DOCUMENT) % 2 == 0:
            cite["page"] = 1
        if rng.random() < 0.5:
            start = text.index(quote)
            cite.update(char_start=start, char_end=start + len(quote))
        if plant is not None and plant.field == field:
            if plant.reason == "FABRICATED_SPAN":
                cite["quote"] = quote[:-1] + ("x" if quote[-1] != "x" else "y")
            else:
                value = _off_by_one(value)
        stated.append(
            {"field": field, "value": value, "why": "The register records it.", "cite": cite}
        )
    return stated


def _plant(number: int) -> Plant | None:
    """What the turn at 0-based ``number`` is planted with, if anything: every 20th,
    alternately a changed quote and a changed value, on the three fields in turn."""
    if number % FABRICATED_EVERY != 7:
        return None
    nth = number // FABRICATED_EVERY
    reason = "FABRICATED_SPAN" if nth % 2 == 0 else "VALUE_UNSUPPORTED"
    return Plant(reason, _TEMPLATES[nth % len(_TEMPLATES)][0])


def generate_distinct(root: Path, n_lines: int, seed: int) -> tuple[BenchLog, Path]:
    """The distinct log (``root/DISTINCT.jsonl``) and its registers (``root/registers``)."""
    rng = random.Random(seed)
    docs = root / "registers"
    texts = _write_registers(docs, n_lines)
    order = list(range(n_lines))
    rng.shuffle(order)  # each entry cited by one turn, the registers at random
    bundles = [
        {"engine": "matter-context", "query": f"registers, desk {b}"} for b in range(_BUNDLES)
    ]
    digests = [bundle_sha256(bundle) for bundle in bundles]
    plants: dict[int, Plant] = {}
    seen: set[str] = set()
    distinct = 0
    turns = root / "DISTINCT.jsonl"
    with open(turns, "w", encoding="utf-8") as out:
        for number, entry in enumerate(order):
            index = entry // ENTRIES_PER_DOCUMENT
            plant = _plant(number)
            if plant is not None:
                plants[number + 1] = plant
            values = _turn_values(entry, texts[index], f"reg-{index:05d}", rng, plant)
            said = [f"{v['field']}={v['value']}" for v in values]
            said += [str(v["cite"]["quote"]) for v in values]  # type: ignore[index]
            distinct += not seen.intersection(said)
            seen.update(said)
            which = number % _BUNDLES
            logged = {
                "id": number + 1,
                "engine_state": "live",
                "bundle": bundles[which],
                "documents": [f"reg-{index:05d}"],
                "fields": FIELDS,
                "turn": {
                    "context_provenance": {"engine_state": "live", "bundle_sha256": digests[which]},
                    "values": values,
                },
            }
            out.write(json.dumps(logged, ensure_ascii=False) + "\n")
    size = turns.stat().st_size
    log = BenchLog(turns, n_lines, size, frozenset(plants), plants, distinct / max(n_lines, 1))
    return log, docs
