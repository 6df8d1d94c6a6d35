"""``sakshi prove`` reports: every mutant of every eligible pack, and whether it flipped."""

from __future__ import annotations

from collections.abc import Sequence

import orjson

from sakshi.context import Flip, Verdict

__all__ = ["render_json", "render_text"]

Proof = tuple[str, Sequence[Flip]]


def render_json(proofs: Sequence[Proof]) -> bytes:
    """The proof as JSON bytes.

    ``{"packs": [{"id", "flips": [{"mutant", "expected", "got", "flipped", "reasons",
    "expected_reason", "note"}]}], "flipped", "failed"}``: ``expected_reason`` is the reason
    a red must carry (null when any red will do), ``note`` what the mutant changed.
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
                    "expected_reason": None
                    if f.expected_reason is None
                    else f.expected_reason.value,
                    "note": f.note,
                }
                for f in flips
            ],
        }
        for pack_id, flips in proofs
    ]
    flipped = sum(f.flipped for f in flips_total)
    body = {"packs": packs, "flipped": flipped, "failed": len(flips_total) - flipped}
    return orjson.dumps(body, option=orjson.OPT_INDENT_2) + b"\n"


def _mark(flip: Flip) -> str:
    """What happened to one mutant, in words: a mutant that must stay green and did is
    never said to have flipped."""
    if flip.expected is Verdict.GREEN:
        return "stayed green" if flip.flipped else "WRONGLY RED"
    return "flipped red" if flip.flipped else "DID NOT FLIP"


def render_text(proofs: Sequence[Proof]) -> str:
    """One line per mutant (and what it changed, when it says), then the count."""
    lines = []
    for pack_id, flips in proofs:
        lines.append(pack_id)
        for f in flips:
            mark = _mark(f)
            reasons = ", ".join(r.value for r in f.reasons) or "-"
            expected = f.expected.value
            if f.expected_reason is not None:
                expected += f" with {f.expected_reason.value}"
            lines.append(
                f"  {f.mutant:<24} expect {f.expected.value:<5} got {f.got.value:<5}"
                f" {mark:<12} {reasons}"
            )
            if f.note or f.expected_reason is not None:
                said = "; ".join(part for part in (f.note, f"must be {expected}") if part)
                lines.append(f"  {'':<24} {said}")
    total = [f for _, flips in proofs for f in flips]
    flipped = sum(f.flipped for f in total)
    lines.append(f"{flipped} of {len(total)} mutants graded as expected")
    return "\n".join(lines) + "\n"
