"""Benchmark: ``sakshi run context`` on 1,000 packs: cold against a bare YAML parse, warm
against promptfoo, and the start-up of a one-pack run.

The draw (bench/context_distinct.py): 1,000 seeded ``sakshi.pack.v1`` packs, each a ~3 KB
goods receipt note and a recorded turn stating 3 to 5 declared fields, every value and
every quote its own (the share is printed, and a draw under 95% distinct is refused); one
in 20 planted red (a quote with a character changed, FABRICATED_SPAN, or a value one step
off its quote, VALUE_UNSUPPORTED). Before any time, the check of every sakshi report by
pack id (bench/verdicts.py: verdict, reasons, held) is shown to fail an always-green and
an always-red grader. Then, interleaved round by round, best of 3, whole processes, each
sakshi report checked by id every round (run from the temporary folder, so no project
configuration is read):

1. ``sakshi run context PACKS --no-cache`` (cold) against the bare parse: a Python process
   that only parses the same files with ``yaml.load(f, Loader=yaml.CSafeLoader)``
   (target: at most 1.5x);
2. ``sakshi run context PACKS`` with its cache warm (filled by one untimed, checked run)
   against ``promptfoo eval`` of the same turns (the echo provider and a javascript
   assertion that checks each cite against the page; its failed tests must be exactly the
   packs with a changed quote): target at least 20x faster. promptfoo is found as
   bench/peers.py finds it (``SAKSHI_PROMPTFOO_BIN``, ``.ci-cache/``, else installed into
   bench/.cache/); ``--skip-promptfoo`` leaves it out;
3. one pack, cache warm and ``--no-cache``, beside ``python -c pass`` (target: the warm
   one under 0.1 s), and ``python -X importtime`` of the warm one-pack run, its heaviest
   imports listed.

The load average is printed before and after the rounds; wall and CPU time (user +
system) are printed for every row. Exit 0 whatever the ratios; exit 1 when a report is
wrong or the draw is not distinct enough.

``make_pack`` and ``generate`` below are the earlier, repeated draw (one cited value a
pack, the values drawn from short lists): bench/peers.py and bench/scale.py use them.

    python bench/context.py                    # 1,000 packs
    python bench/context.py --packs 60 --rounds 1 --skip-promptfoo   # a smoke run
    python bench/context.py --dir /tmp/p       # keep the packs there (to profile them)
"""

from __future__ import annotations

import json
import random
import re
from enum import Enum
from pathlib import Path
from typing import Any

from fakes import (  # bench/ is on sys.path when run as a script
    CLAUSES,
    COMPANIES,
    GOODS,
    PEOPLE,
    PLACES,
    REMARKS,
    date,
    money,
)

from sakshi.context.turns import bundle_sha256

TARGET_RATIO = 2.0
PAGE_BYTES = 3000

# --- realistic text ------------------------------------------------------------------

_BUYERS = COMPANIES[:6]
_SELLERS = [
    "Odisha Ferro Alloys Pvt. Ltd.",
    "Gujarat Polymers & Resins Ltd.",
    "Deccan Bearings Co.",
    "Rourkela Refractories Ltd.",
    "Coromandel Copper Rod Mills",
    "Ganga Jute Mills (1911) Ltd.",
]
_GOODS = GOODS[:6]
_PLACES = PLACES[:8]
_PEOPLE = PEOPLE[:6]
_CLAUSES = [
    *CLAUSES,
    (
        "Rejected material shall be lifted by the Seller at its cost within fifteen days of the"
        " rejection note."
    ),
    "The weighbridge slip at the Buyer's gate is final for quantity, save for a manifest error.",
]
_FIELD_WORDS = {
    "receipt_date": "date of receipt",
    "delivered_qty": "quantity received",
    "invoice_value": "invoice value",
    "vehicle_no": "vehicle number",
    "inspected_by": "inspecting officer",
}
# The fields' types (SPEC 8): every pack declares them, so each value is read as its type.
FIELDS = {
    "receipt_date": {"type": "date"},
    "delivered_qty": {"type": "quantity"},
    "invoice_value": {"type": "money"},
    "vehicle_no": {"type": "identifier"},
    "inspected_by": {"type": "name"},
}
_REMARKS = [
    *REMARKS,
    "Vehicle reported after gate hours and was unloaded the next morning under supervision.",
]


def _vehicle(rng: random.Random) -> str:
    state, district = rng.choice(["CG", "MH", "OD", "GJ", "KA"]), rng.randrange(1, 40)
    series = rng.choice("ABCDEFGHKLMNPRT") + rng.choice("ABCDEFGHKLMNPRT")
    return f"{state} {district:02d} {series} {rng.randrange(1000, 9999)}"


def _page(rng: random.Random, number: int) -> tuple[str, list[tuple[str, str, str]]]:
    """A goods receipt note of about PAGE_BYTES, and its (field, value, line) facts."""
    buyer, seller = rng.choice(_BUYERS), rng.choice(_SELLERS)
    goods, uom = rng.choice(_GOODS)
    ordered = rng.randrange(20, 400)
    received = f"{ordered - rng.randrange(1, 19)}.{rng.randrange(1000):03d}"
    facts = [
        ("receipt_date", date(rng), "Date of receipt: {v}"),
        ("delivered_qty", f"{received} {uom}", "Quantity received: {v}"),
        ("invoice_value", money(rng), "Invoice value (incl. GST): {v}"),
        ("vehicle_no", _vehicle(rng), "Vehicle no.: {v}"),
        ("inspected_by", rng.choice(_PEOPLE), "Inspected by: {v} (Quality Assurance)"),
    ]
    lines = [
        f"{buyer.upper()} — STORES DEPARTMENT, {rng.choice(_PLACES).upper()}",
        f"GOODS RECEIPT NOTE No. {number}/2024-25",
        "",
        f"Supplier: {seller}",
        (
            f"Purchase order: PO/{rng.randrange(1000, 9999)}/"
            f"{rng.choice(['FA', 'PL', 'BR', 'CU'])}/2024/{number:04d}"
        ),
        f"Material: {goods}, ordered {ordered}.000 {uom}",
    ]
    lines += [template.format(v=value) for _, value, template in facts]
    lines += ["", "Remarks:"]
    lines += [f"  {i}. {r}" for i, r in enumerate(rng.sample(_REMARKS, 3), 1)]
    lines += ["", "Extract of the conditions of purchase printed overleaf:"]
    clause = 1
    while len("\n".join(lines).encode("utf-8")) < PAGE_BYTES - 120:
        lines.append(f"  {clause}. {rng.choice(_CLAUSES)}")
        clause += 1
    lines += [
        "",
        f"Received in good order save as noted. Storekeeper: {rng.choice(_PEOPLE)}",
        "Page 1 of 1",
    ]
    text = "\n".join(lines) + "\n"
    return text, [(name, value, template.format(v=value)) for name, value, template in facts]


# --- packs as YAML -------------------------------------------------------------------


_PLAIN = re.compile(r"[A-Za-z][\w .,/()-]*[\w.)]\Z")
_RESERVED = frozenset({"yes", "no", "on", "off", "true", "false", "null", "y", "n"})


def _scalar(value: object) -> str:
    # Plain where a person would write it plain; otherwise JSON's string form, which is a
    # valid YAML double-quoted scalar.
    if isinstance(value, str) and _PLAIN.match(value) and value.lower() not in _RESERVED:
        return value
    return json.dumps(value, ensure_ascii=False)


def _block(text: str, indent: str) -> str:
    return "|\n" + "".join(f"{indent}{line}\n" if line else "\n" for line in text.split("\n")[:-1])


def _yaml(value: Any, indent: str = "") -> str:
    """Block-style YAML, as a person writes a pack; multi-line strings as literal blocks."""
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list) and item:
                out.append(f"{indent}{key}:\n{_yaml(item, indent + '  ')}")
            elif isinstance(item, str) and "\n" in item:
                out.append(f"{indent}{key}: {_block(item, indent + '  ')}")
            else:
                out.append(f"{indent}{key}: {_scalar(item)}\n")
    else:
        for item in value:
            if isinstance(item, dict):
                inner = _yaml(item, indent + "  ")
                out.append(f"{indent}- {inner[len(indent) + 2 :]}")
            elif isinstance(item, str) and "\n" in item:
                out.append(f"{indent}- {_block(item, indent + '  ')}")
            else:
                out.append(f"{indent}- {_scalar(item)}\n")
    return "".join(out)


class Plant(Enum):
    """What a planted pack has wrong, named by the reason it must be graded red for."""

    FABRICATED_SPAN = "FABRICATED_SPAN"  # one character of the cite's quote changed
    VALUE_UNSUPPORTED = "VALUE_UNSUPPORTED"  # one digit of the cited value changed


PLANT_EVERY = 20
# index % PLANT_EVERY -> what is planted in that pack (the rest are honest and green).
PLANTS = {7: Plant.FABRICATED_SPAN, 13: Plant.VALUE_UNSUPPORTED}


def plant_of(index: int) -> Plant | None:
    """What pack ``index`` has planted, or None for an honest pack."""
    return PLANTS.get(index % PLANT_EVERY)


def _one_digit_changed(value: str) -> str:
    """``value`` with its first digit changed (9 becomes 0, any other n becomes n + 1)."""
    at = next(i for i, char in enumerate(value) if char.isdigit())
    return value[:at] + str((int(value[at]) + 1) % 10) + value[at + 1 :]


def make_pack(
    index: int, rng: random.Random, fabricated: bool = False, value_changed: bool = False
) -> tuple[str, str]:
    """(file name, YAML) of pack ``index``: live, one ~3 KB page, a turn with one cite.

    ``fabricated``: the cite's quote has its last character changed, so the pack must
    grade red (FABRICATED_SPAN) and expects red. ``value_changed``: the cited value is the
    quantity received with one digit changed, its quote intact, so the pack must grade red
    with VALUE_UNSUPPORTED and expects red. Either way the random draws are the same.
    """
    pack_id = f"bench-{index:05d}"
    doc_id = f"grn-{index}"
    text, facts = _page(rng, index)
    paged = index % 2 == 0
    field, value, line = rng.choice(facts)
    if value_changed:
        field, value, line = facts[1]  # the quantity received: it always has digits
        value = _one_digit_changed(value)
    span: dict[str, Any] = {"doc": doc_id, "quote": line}
    if paged and index % 3 != 1:
        span["page"] = 1
    if index % 4 < 2:  # codepoint offsets; the rest are found by search
        if paged:
            span["page"] = 1
        start = text.index(line)  # str indices count code points
        span.update(char_start=start, char_end=start + len(line), unit="codepoint")
    if fabricated:
        span["quote"] = line[:-1] + ("x" if line[-1] != "x" else "y")
    bundle = {
        "engine": "matter-context",
        "query": f"receipt of goods under GRN {index}",
        "facts": [
            {
                "field": name,
                "value": val,
                "why": f"The goods receipt note records the {_FIELD_WORDS[name]}.",
                "span": {"doc": doc_id, "quote": ln},
            }
            for name, val, ln in facts
        ],
    }
    pack = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "title": f"Receipt of goods under GRN {index}/2024-25",
        "engine_state": "live",
        "matter": {
            "forum": "Arbitral Tribunal, seat New Delhi",
            "case_no": f"ARB/DEL/2025/{index:04d}",
        },
        "documents": [
            {
                "id": doc_id,
                "title": f"Goods receipt note {index}/2024-25",
                ("pages" if paged else "text"): [text] if paged else text,
            }
        ],
        "bundle": bundle,
        # Declared as a team would: the vehicle number is an identifier, not a guess.
        "fields": FIELDS,
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
            "values": [
                {
                    "field": field,
                    "value": value,
                    "why": f"The goods receipt note states the {_FIELD_WORDS[field]} on its face.",
                    "cite": span,
                }
            ],
        },
        "expect": "red" if fabricated or value_changed else "green",
    }
    return f"{pack_id}.yaml", _yaml(pack)


def generate(folder: Path, count: int, seed: int) -> tuple[int, dict[str, Plant]]:
    """Write ``count`` packs into ``folder``: (the total bytes written, each planted
    pack's id and what was planted in it)."""
    rng = random.Random(seed)
    total = 0
    planted: dict[str, Plant] = {}
    for index in range(1, count + 1):
        plant = plant_of(index)
        name, data = make_pack(
            index,
            rng,
            fabricated=plant is Plant.FABRICATED_SPAN,
            value_changed=plant is Plant.VALUE_UNSUPPORTED,
        )
        raw = data.encode("utf-8")
        (folder / name).write_bytes(raw)
        total += len(raw)
        if plant is not None:
            planted[name.removesuffix(".yaml")] = plant
    return total, planted


if __name__ == "__main__":
    from context_run import main

    raise SystemExit(main(doc=__doc__ or ""))
