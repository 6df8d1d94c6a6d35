"""Cases the integrations' tests share: documents, answers and the turn each should be,
and ``run context`` run for real on packs written from them (the reference every
integration's verdicts are held to).

Each green value states its value in the very words of its quote, so the cases stay
green whatever the values lane reads (SPEC section 8).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sakshi.context.turns import bundle_sha256
from sakshi.inputs.yamlwrite import dump_yaml

GRN_PAGES = [
    "GOODS RECEIVED NOTE 117\nSupplier: Shree Balaji Traders\n",
    "Received 42.500 MT of TMT bars.\nInspected by: R. Iyer\n",
]
PO_BLOCKS = ["Purchase order 88", "Rate: Rs. 54,000 per MT", "Delivery within 15 days"]
MEMO = "The consignment was accepted without deductions."
DOCUMENTS: list[dict[str, Any]] = [
    {"id": "grn-117", "title": "Goods received note 117", "pages": GRN_PAGES},
    {"id": "po-88", "blocks": PO_BLOCKS},
    {"id": "memo", "text": MEMO},
]
DEFAULT_BUNDLE = {"documents": ["grn-117", "po-88", "memo"]}
MEMO_START = MEMO.index("accepted")
MEMO_QUOTE = "accepted without deductions"


def value(
    field_name: str,
    text: str | None,
    cite: Mapping[str, Any] | None,
    why: str | None = "It says so.",
) -> dict[str, Any]:
    """One turn value (``cite`` None: no cite key at all)."""
    item: dict[str, Any] = {"field": field_name, "value": text, "why": why}
    if cite is not None:
        item["cite"] = dict(cite)
    return item


QTY = value("qty", "42.500 MT", {"doc": "grn-117", "page": 2, "quote": "42.500 MT"})
RATE = value("rate", "Rs. 54,000", {"doc": "po-88", "block": 1, "quote": "Rs. 54,000"})
ACCEPTED = value(
    "acceptance",
    MEMO_QUOTE,
    {
        "doc": "memo",
        "quote": MEMO_QUOTE,
        "char_start": MEMO_START,
        "char_end": MEMO_START + len(MEMO_QUOTE),
    },
)


@dataclass(frozen=True)
class Case:
    """An answer (the JSON a model would give) and what was served with it."""

    name: str
    answer: Any
    engine_state: str = "live"
    bundle: dict[str, Any] | None = None
    expect: str = "green"  # what run context should say; the tests check the equality
    reasons: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def setup(self) -> dict[str, Any]:
        """The sample's metadata (the test's vars): what was served."""
        data: dict[str, Any] = {"documents": DOCUMENTS, "engine_state": self.engine_state}
        if self.bundle is not None:
            data["bundle"] = self.bundle
        return data

    def served_bundle(self) -> dict[str, Any] | None:
        if self.engine_state == "none":
            return None
        return self.bundle if self.bundle is not None else DEFAULT_BUNDLE

    def turn(self) -> dict[str, Any]:
        """The turn the answer must become (the provenance served, when none is claimed)."""
        if isinstance(self.answer, Mapping) and "context_provenance" in self.answer:
            return dict(self.answer)
        values = self.answer if isinstance(self.answer, list) else self.answer["values"]
        bundle = self.served_bundle()
        digest = None if bundle is None else bundle_sha256(bundle)
        provenance = {"engine_state": self.engine_state, "bundle_sha256": digest}
        return {"context_provenance": provenance, "values": values}

    def pack(self, turn: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The pack ``run context`` grades for this case (its turn written independently)."""
        pack: dict[str, Any] = {
            "pack": "sakshi.pack.v1",
            "id": self.name,
            "engine_state": self.engine_state,
            "documents": DOCUMENTS,
            "turn": dict(turn) if turn is not None else self.turn(),
            "expect": self.expect,
        }
        bundle = self.served_bundle()
        if bundle is not None:
            pack["bundle"] = bundle
        return pack


FABRICATED = value("qty", "42.5 MT", {"doc": "grn-117", "page": 2, "quote": "42.5 MT"})
WRONG_OFFSETS = {**ACCEPTED, "cite": {**ACCEPTED["cite"], "char_start": 0, "char_end": 8}}

CASES = [
    Case("green-three-anchors", [QTY, RATE, ACCEPTED]),
    Case("green-turn-object", {"values": [QTY]}),
    Case("red-fabricated", [FABRICATED, RATE], expect="red", reasons=("FABRICATED_SPAN",)),
    Case("red-offsets", [WRONG_OFFSETS], expect="red", reasons=("FABRICATED_SPAN",)),
    Case(
        "red-why-and-cite",
        [value("qty", "42.500 MT", QTY["cite"], why=" "), value("rate", "Rs. 54,000", None)],
        expect="red",
        reasons=("WHY_MISSING", "CITE_MISSING"),
    ),
    Case("red-no-evidence", [], expect="red", reasons=("EVIDENCE_MISSING",)),
    Case(
        "red-provenance",
        {
            "context_provenance": {"engine_state": "stubbed", "bundle_sha256": "0" * 64},
            "values": [QTY],
        },
        expect="red",
        reasons=("PROVENANCE_MISMATCH",),
    ),
    Case("green-partial-empty", [value("qty", None, None, why=None)], engine_state="partial"),
    Case("green-none", [], engine_state="none"),
    Case(
        "red-stubbed-fabricated",
        [FABRICATED],
        engine_state="stubbed",
        bundle={"stub": True},
        expect="red",
        reasons=("FABRICATED_SPAN",),
    ),
]


def run_context(packs: list[Mapping[str, Any]], folder: Path) -> dict[str, dict[str, Any]]:
    """``sakshi run context --format json`` on the packs written to ``folder``, by id."""
    folder.mkdir(parents=True, exist_ok=True)
    for pack in packs:
        (folder / f"{pack['id']}.yaml").write_bytes(dump_yaml(dict(pack)))
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "run", "context", str(folder), "--format", "json"],
        capture_output=True,
        cwd=folder,
        check=False,
        timeout=120,
    )
    assert proc.returncode in (0, 1), proc.stderr.decode()
    report = json.loads(proc.stdout)
    return {pack["id"]: pack for pack in report["packs"]}


DOCS = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
_DOC_FILE = re.compile(r"<!-- file: (\S+) -->\n```[a-z]*\n(.*?)\n```\n", re.DOTALL)


def doc_files() -> dict[str, str]:
    """The example files docs/integrations.md shows (``<!-- file: NAME -->`` blocks)."""
    return {name: body + "\n" for name, body in _DOC_FILE.findall(DOCS.read_text("utf-8"))}
