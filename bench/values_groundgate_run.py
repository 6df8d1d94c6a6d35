"""Runs inside groundgate's own venv (bench/.cache/groundgate-venv): admits each candidate
of IN.json alone and writes one JSON line per candidate to OUT.jsonl:
``{"id", "outcome", "codes"}``. bench/values_groundgate.py writes IN.json.

    python values_groundgate_run.py IN.json OUT.jsonl
"""

from __future__ import annotations

import json
import sys

import groundgate as gg


def main() -> int:
    """Admit every candidate, one per call; print groundgate's version."""
    with open(sys.argv[1], encoding="utf-8") as handle:
        work = json.load(handle)
    pack = work["pack"]
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        for family in work["families"]:
            for entry in family["candidates"]:
                text = family["documents"][entry["doc"]]
                candidate = entry["candidate"]
                receipt = gg.admit(text, family["schema"], [candidate], packs=[pack])
                (decision,) = receipt.decisions
                row = {"id": candidate["id"], "outcome": decision.outcome, "codes": decision.codes}
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(gg.__version__)
    return 0


if __name__ == "__main__":
    sys.exit(main())
