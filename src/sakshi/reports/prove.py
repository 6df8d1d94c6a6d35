"""``sakshi prove`` reports: every mutant of every eligible pack, and whether it flipped."""

from __future__ import annotations

from collections.abc import Sequence

import orjson

from sakshi.context.prove import Flip

__all__ = ["render_json", "render_text"]

Proof = tuple[str, Sequence[Flip]]


def render_json(proofs: Sequence[Proof]) -> bytes:
    """The proof as JSON bytes.

    ``{"packs": [{"id", "flips": [{"mutant", "expected", "got", "flipped", "reasons"}]}],
    "flipped", "failed"}``.
    """
    flips_total = [f for _, flips in proofs for f in flips]
    packs = [
        {
            "id": pack_id,
            "flips": [
                {
                    "mutant": f.mutant,
                    "expected": f.expected.value,
                    "got": f.got.value,
                    "flipped": f.flipped,
                    "reasons": [r.value for r in f.reasons],
                }
                for f in flips
            ],
        }
        for pack_id, flips in proofs
    ]
    flipped = sum(f.flipped for f in flips_total)
    body = {"packs": packs, "flipped": flipped, "failed": len(flips_total) - flipped}
    return orjson.dumps(body, option=orjson.OPT_INDENT_2) + b"\n"


def render_text(proofs: Sequence[Proof]) -> str:
    """One line per mutant, then the count."""
    lines = []
    for pack_id, flips in proofs:
        lines.append(pack_id)
        for f in flips:
            mark = "flipped" if f.flipped else "DID NOT FLIP"
            reasons = ", ".join(r.value for r in f.reasons) or "-"
            lines.append(
                f"  {f.mutant:<24} expect {f.expected.value:<5} got {f.got.value:<5}"
                f" {mark:<12} {reasons}"
            )
    total = [f for _, flips in proofs for f in flips]
    flipped = sum(f.flipped for f in total)
    lines.append(f"{flipped} of {len(total)} mutants flipped as expected")
    return "\n".join(lines) + "\n"
