"""The values corpus in groundgate's terms, with its best configuration (bench/values.py).

groundgate (PyPI) admits a candidate when the number (or, for a ``string`` field, the text)
of its value stands in the quoted evidence with the field's unit. Its best configuration
for these passages, from its guide (docs/guide.md) and source (0.11.0):

- the field types it has: ``number`` with the unit a field takes (INR, USD, CHF, ... for
  money; MT, kg, mg, mL, mg/kg, CBM, acre, ha, pallets; %, hours, days, months, years) for
  money, quantities, rates and durations; ``string`` for dates, periods, statutes, case
  numbers, identifiers and names (it has no date type);
- a field's bound as its ``comparator`` (``le`` for at_most, ``ge`` for at_least), so that
  "up to $X" is no QUALIFIED_VALUE for a cap; a line that declares the field exact is sent
  to a copy of the field without one;
- the schema's ``units`` with the surfaces of each unit: ``₹``, ``Rs.``, ``Rs``, ``INR``,
  ``Rupees``, ``रु.``; ``S$``, ``HK$``, ``A$``, ``C$``, ``CHF``, ``¥``, ``£`` before an
  amount; ``MT``, ``quintals``, ``acres``, ``KGS``, ``lbs``, ``CBM``, ``bps``, ``pallets``,
  ``per cent`` after one;
- a vocabulary pack (``in-x-legal``) adding the scale words it lacks: lakhs, lac, lacs,
  crores, cr, mn, mm, b (it reads lakh, crore, thousand, million, billion, k, m, bn, and
  Indian digit grouping);
- for a field that declares a ``scale`` (a table "in millions"), the table's heading as the
  candidate's ``scale`` evidence item (groundgate reads a scale from such an item);
- each candidate alone (one per ``admit``, so no two proposals conflict), its value in the
  form groundgate asks of an extractor: a plain decimal in the field's unit for a number
  field (converted exactly when the value states another unit of the same kind, e.g. kg
  for MT or weeks for days; else sent with its own unit, which groundgate then refuses),
  the value as written for a string field; its evidence the quote, which groundgate finds;
- the text and quotes in NFC, as groundgate requires.

Nothing here looks at a probe's label: only at its field, value, claim, inline declaration
and quote.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from values_corpus import Corpus, Probe
from values_forms import decimal_text

__all__ = ["VERSION", "peer_input"]

VERSION = "0.11.0"
PACK = {
    "groundgate_pack": 1,
    "type": "vocabulary",
    "id": "in-x-legal",
    "version": "1.1.0",
    "description": "Scale words groundgate's base pack lacks.",
    "scale": {
        "words": {"lakhs": 5, "lac": 5, "lacs": 5, "crores": 7, "cr": 7},
        # Not L for lakh: groundgate refuses a scale suffix that is also a unit (litres).
        "suffixes": {"mn": 6, "mm": 6, "b": 9},  # lowercase: it matches every case
    },
}
UNITS = {
    "INR": {"prefix": ["₹", "Rs.", "Rs", "INR", "Rupees", "रु."], "suffix": ["INR", "rupees"]},
    "USD": {"prefix": ["$", "US$", "USD"], "suffix": ["USD", "dollars"]},
    "EUR": {"prefix": ["€", "EUR"], "suffix": ["€", "EUR", "euros"]},
    "GBP": {"prefix": ["£", "GBP"], "suffix": ["GBP", "pounds sterling"]},
    "CHF": {"prefix": ["CHF", "Fr."], "suffix": ["CHF"]},
    "SGD": {"prefix": ["S$", "SGD"], "suffix": ["SGD"]},
    "HKD": {"prefix": ["HK$", "HKD"], "suffix": ["HKD"]},
    "AUD": {"prefix": ["A$", "AUD"], "suffix": ["AUD"]},
    "CAD": {"prefix": ["C$", "CAD"], "suffix": ["CAD"]},
    "JPY": {"prefix": ["¥", "JPY"], "suffix": ["JPY", "yen"]},
    "MT": {"suffix": ["MT", "M.T.", "metric tonnes", "tonnes"]},
    "quintal": {"suffix": ["quintals", "quintal", "qtl"]},
    "acre": {"suffix": ["acres", "acre"]},
    "ha": {"suffix": ["Ha.", "hectares", "hectare", "ha"]},
    "kg": {"suffix": ["kg", "KG", "KGS", "kgs", "kilograms"]},
    "lb": {"suffix": ["lb", "lbs", "pounds", "pound"]},
    "mg": {"suffix": ["mg", "milligrams"]},
    "mL": {"suffix": ["mL", "ml", "millilitres"]},
    "mg/kg": {"suffix": ["mg/kg", "mg per kg"]},
    "CBM": {"suffix": ["CBM", "cbm", "m³", "cubic metres"]},
    "%": {"suffix": ["%", "percent", "per cent"]},
    "bps": {"suffix": ["bps", "bp", "basis points"]},
    "containers": {"suffix": ["containers", "container"]},
    "pallets": {"suffix": ["pallets", "pallet", "PALLETS"]},
    "units": {"suffix": ["tablets", "tablet", "capsules", "capsule"]},
    "doses": {"suffix": ["doses", "dose"]},
}
_DURATION = {"day": "days", "week": "weeks", "month": "months", "year": "years"}
_COMPARATOR = {"at_most": "le", "at_least": "ge"}
# Exact factors to a base unit, by kind: what an extractor may convert without loss.
_FACTORS: dict[str, tuple[str, Decimal]] = {
    "mg": ("mass", Decimal("0.000001")),
    "mcg": ("mass", Decimal("0.000000001")),
    "g": ("mass", Decimal("0.001")),
    "kg": ("mass", Decimal(1)),
    "lb": ("mass", Decimal("0.45359237")),
    "quintal": ("mass", Decimal(100)),
    "MT": ("mass", Decimal(1000)),
    "mL": ("volume", Decimal(1)),
    "L": ("volume", Decimal(1000)),
    "CBM": ("volume", Decimal(1_000_000)),
    "ha": ("area", Decimal(10_000)),
    "acre": ("acre", Decimal(1)),
    "%": ("rate", Decimal(10)),
    "‰": ("rate", Decimal(1)),
    "bps": ("rate", Decimal("0.1")),
    "hours": ("time", Decimal(1)),
    "days": ("time", Decimal(24)),
    "weeks": ("time", Decimal(168)),
    "months": ("months", Decimal(1)),
    "years": ("months", Decimal(12)),
    "capsules": ("units", Decimal(1)),
    "tablets": ("units", Decimal(1)),
    "units": ("units", Decimal(1)),
}
# Where a table states its scale, by the scale a field declares.
_HEADINGS = {"million": ("in millions",), "thousand": ("£'000", "in thousands")}


def peer_field(decl: Mapping[str, object], unit: str | None = None) -> dict[str, object]:
    """groundgate's field for one of ours; ``unit``: the family's groundgate unit for a field
    that declares none of ours (a count, a duration in hours, a money field's currency)."""
    kind = decl["type"]
    out: dict[str, object] = {"type": "number"}
    if kind == "money":
        out["unit"] = decl.get("currency", unit or "INR")
    elif kind == "quantity":
        out["unit"] = unit or decl["unit"]
    elif kind == "percent":
        out["unit"] = "%"
    elif kind == "duration":
        out["unit"] = unit or _DURATION[str(decl["unit"])]
    elif kind != "number":
        return {"type": "string"}
    if decl.get("bound") in _COMPARATOR:
        out["comparator"] = _COMPARATOR[str(decl["bound"])]
    return out


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _scale_item(decl: Mapping[str, object], text: str) -> list[dict[str, str]]:
    """The table heading that states a declared scale, as a ``scale`` evidence item."""
    for heading in _HEADINGS.get(str(decl.get("scale", "")), ()):
        if heading in text:
            return [{"role": "scale", "text": _nfc(heading)}]
    return []


def peer_candidate(
    probe: Probe, name: str, field: Mapping[str, object], decl: Mapping[str, object], text: str
) -> dict[str, Any]:
    """The probe as one groundgate candidate for its field (or the copy ``name`` of it)."""
    unit = field.get("unit")
    scale: list[dict[str, str]] = []
    if field["type"] == "string":
        value, sent = _nfc(probe.value), None
    else:
        if probe.claim is None:
            raise AssertionError(f"{probe.id}: a number field needs a claim")
        value, sent = decimal_text(probe.claim.number), probe.claim.unit or None
        have, want = _FACTORS.get(probe.claim.unit), _FACTORS.get(str(unit))
        if have and want and have[0] == want[0] and sent != unit:
            value, sent = decimal_text(probe.claim.number * have[1] / want[1]), str(unit)
        scale = _scale_item(decl, text)
    return {
        "id": probe.id,
        "field": name,
        "value": value,
        "unit": sent,
        "evidence": [{"text": _nfc(probe.quote)}, *scale],
    }


def _line_field(probe: Probe) -> str:
    # A line that declares its own bound goes to a copy of its field with that bound.
    bound = dict(probe.declare).get("bound")
    return probe.field if bound is None else f"{probe.field}__{bound}"


def peer_input(corpus: Corpus) -> dict[str, Any]:
    """Everything the groundgate runner needs: the pack, and per family the schema, the
    documents and one candidate per probe."""
    families = []
    for family in corpus.families:
        decls = {name: dict(decl) for name, decl in family.fields.items()}
        for probe in corpus.probes[family.name]:
            decls[_line_field(probe)] = {**decls[probe.field], **dict(probe.declare)}
        fields = {
            name: peer_field(decl, family.peer_units.get(name.split("__")[0]))
            for name, decl in decls.items()
        }
        schema = {
            "fields": fields,
            "units": UNITS,
            "packs": [{"id": PACK["id"], "version": PACK["version"]}],
        }
        texts = {p.id: _nfc(p.text) for p in corpus.passages[family.name]}
        candidates = []
        for probe in corpus.probes[family.name]:
            name = _line_field(probe)
            made = peer_candidate(probe, name, fields[name], decls[name], texts[probe.doc])
            candidates.append({"doc": probe.doc, "candidate": made})
        families.append(
            {"name": family.name, "schema": schema, "documents": texts, "candidates": candidates}
        )
    return {"pack": PACK, "families": families}
