"""The values corpus in groundgate's terms, with its best configuration (bench/values.py).

groundgate (PyPI) admits a candidate when the number (or, for a ``string`` field, the text)
of its value stands in the quoted evidence with the field's unit. Its best configuration
for these passages, from its guide (docs/guide.md) and source (0.11.0):

- the field types it has: ``number`` with the unit a field takes (INR for money, MT, acre,
  ha, %, days, months, years) for money, quantities, rates and durations; ``string`` for
  dates, statutes, case numbers, identifiers and names (it has no date type);
- the schema's ``units`` with the Indian surfaces of each unit: ``₹``, ``Rs.``, ``Rs``,
  ``INR``, ``Rupees``, ``रु.`` before an amount; ``MT``, ``M.T.``, ``metric tonnes``,
  ``quintals``, ``acres``, ``Ha.``, ``hectares``, ``per cent`` after one;
- a vocabulary pack (``in-x-legal``) adding the scale words it lacks: lakhs, lac, lacs,
  crores, cr (it reads lakh and crore itself, and Indian digit grouping);
- each candidate alone (one per ``admit``, so no two proposals conflict), its value in the
  form groundgate asks of an extractor: a plain decimal in the field's unit for a number
  field (converted exactly when the value states another unit of the same kind, e.g. kg
  for MT or weeks for days; else sent with its own unit, which groundgate then refuses),
  the value as written for a string field; its evidence the quote, which groundgate finds;
- the text and quotes in NFC, as groundgate requires.

Nothing here looks at a probe's label: only at its field, value, claim and quote.
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
    "version": "1.0.0",
    "description": "Indian scale words groundgate's base pack lacks.",
    "scale": {"words": {"lakhs": 5, "lac": 5, "lacs": 5, "crores": 7, "cr": 7}},
}
UNITS = {
    "INR": {"prefix": ["₹", "Rs.", "Rs", "INR", "Rupees", "रु."], "suffix": ["INR", "rupees"]},
    "MT": {"suffix": ["MT", "M.T.", "metric tonnes", "tonnes"]},
    "quintal": {"suffix": ["quintals", "quintal", "qtl"]},
    "acre": {"suffix": ["acres", "acre"]},
    "ha": {"suffix": ["Ha.", "hectares", "hectare", "ha"]},
    "%": {"suffix": ["%", "percent", "per cent"]},
}
_DURATION = {"day": "days", "week": "weeks", "month": "months", "year": "years"}
# Exact factors to a base unit, by kind: what an extractor may convert without loss.
_FACTORS: dict[str, tuple[str, Decimal]] = {
    "kg": ("mass", Decimal(1)),
    "quintal": ("mass", Decimal(100)),
    "MT": ("mass", Decimal(1000)),
    "ha": ("area", Decimal(10_000)),
    "acre": ("acre", Decimal(1)),
    "%": ("rate", Decimal(10)),
    "‰": ("rate", Decimal(1)),
    "days": ("days", Decimal(1)),
    "weeks": ("days", Decimal(7)),
    "months": ("months", Decimal(1)),
    "years": ("months", Decimal(12)),
}


def peer_field(decl: Mapping[str, object]) -> dict[str, object]:
    """groundgate's field for one of ours."""
    kind = decl["type"]
    if kind == "money":
        return {"type": "number", "unit": decl.get("currency", "INR")}
    if kind == "quantity":
        return {"type": "number", "unit": decl["unit"]}
    if kind == "percent":
        return {"type": "number", "unit": "%"}
    if kind == "duration":
        return {"type": "number", "unit": _DURATION[str(decl["unit"])]}
    if kind == "number":
        return {"type": "number"}
    return {"type": "string"}


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def peer_candidate(probe: Probe, field: Mapping[str, object]) -> dict[str, Any]:
    """The probe as one groundgate candidate."""
    unit = field.get("unit")
    if field["type"] == "string":
        value, sent = _nfc(probe.value), None
    else:
        if probe.claim is None:
            raise AssertionError(f"{probe.id}: a number field needs a claim")
        value, sent = decimal_text(probe.claim.number), probe.claim.unit
        have, want = _FACTORS.get(probe.claim.unit), _FACTORS.get(str(unit))
        if have and want and have[0] == want[0] and sent != unit:
            value, sent = decimal_text(probe.claim.number * have[1] / want[1]), str(unit)
    return {
        "id": probe.id,
        "field": probe.field,
        "value": value,
        "unit": sent,
        "evidence": [{"text": _nfc(probe.quote)}],
    }


def peer_input(corpus: Corpus) -> dict[str, Any]:
    """Everything the groundgate runner needs: the pack, and per family the schema, the
    documents and one candidate per probe."""
    families = []
    for family in corpus.families:
        fields = {name: peer_field(decl) for name, decl in family.fields.items()}
        schema = {
            "fields": fields,
            "units": UNITS,
            "packs": [{"id": PACK["id"], "version": PACK["version"]}],
        }
        families.append(
            {
                "name": family.name,
                "schema": schema,
                "documents": {p.id: _nfc(p.text) for p in corpus.passages[family.name]},
                "candidates": [
                    {"doc": probe.doc, "candidate": peer_candidate(probe, fields[probe.field])}
                    for probe in corpus.probes[family.name]
                ],
            }
        )
    return {"pack": PACK, "families": families}
