"""The speed half of bench/values.py: ``sakshi verify-values`` on a large generated input,
whole process and one job, beside ``sakshi verify-spans`` on the same cites.

The large input is the corpus written at scale (every family, hundreds of passages each,
every value with its own facts: no two lines repeat). Each family is one run with its own
DOCS.yaml, FIELDS.yaml and VALUES.jsonl, as a user checks one kind of matter against the
fields declared for it; the rate is all lines over the time of all runs, process start-up
included. Interleaved rounds, best of N; wall time and the children's CPU time (user +
system, which a busy machine does not inflate), stdout to a new file each time.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from timing import timed
from values_corpus import Corpus

__all__ = ["SpeedResult", "measure_speed", "write_speed_input"]

TARGET_PER_SECOND = 100_000


@dataclass(frozen=True)
class FamilyInput:
    """One family's files for the large run."""

    folder: Path
    lines: int


@dataclass(frozen=True)
class Timing:
    """Wall and CPU seconds of one or more whole processes."""

    wall: float
    cpu: float


@dataclass(frozen=True)
class SpeedResult:
    """Best timings of each command over all the families' runs."""

    lines: int
    documents: int
    runs: int
    values: Timing
    spans: Timing

    def report(self) -> list[str]:
        """The lines to print."""

        def rates(timing: Timing) -> str:
            wall, cpu = self.lines / timing.wall, self.lines / timing.cpu
            return (
                f"{timing.wall:7.2f} s wall {wall:9,.0f}/s   {timing.cpu:7.2f} s CPU {cpu:9,.0f}/s"
            )

        per_cpu = self.lines / self.values.cpu
        verdict = "PASS" if per_cpu >= TARGET_PER_SECOND else "MISS"
        head = f"{self.lines:,} values over {self.documents:,} passages, {self.runs} runs"
        ratio = self.values.cpu / self.spans.cpu
        target = f"at least {TARGET_PER_SECOND:,} value checks per second on one core"
        return [
            f"{head} (one a family), one job each, whole process:",
            f"  sakshi verify-values {rates(self.values)}",
            f"  sakshi verify-spans  {rates(self.spans)}   (the baseline: the same cites)",
            f"  verify-values takes {ratio:.1f}x the CPU time of verify-spans",
            f"  target: {target}: {per_cpu:,.0f}/s: {verdict}",
        ]


def _jsonl(path: Path, rows: list[object]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")


def write_speed_input(corpus: Corpus, folder: Path) -> list[FamilyInput]:
    """Per family: DOCS.yaml, FIELDS.yaml, VALUES.jsonl and SPANS.jsonl of the same cites."""
    made: list[FamilyInput] = []
    for family in corpus.families:
        here = folder / family.name
        here.mkdir(parents=True)
        documents = [{"id": p.id, "text": p.text} for p in corpus.passages[family.name]]
        (here / "docs.yaml").write_text(
            json.dumps({"documents": documents}, ensure_ascii=False), "utf-8"
        )
        (here / "fields.yaml").write_text(json.dumps({"fields": dict(family.fields)}), "utf-8")
        probes = corpus.probes[family.name]
        cites = [{"doc": p.doc, "quote": p.quote} for p in probes]
        _jsonl(
            here / "values.jsonl",
            [
                {"id": p.id, "field": p.field, "value": p.value, "cite": cite}
                for p, cite in zip(probes, cites, strict=True)
            ],
        )
        _jsonl(
            here / "spans.jsonl", [{"id": p.id, **c} for p, c in zip(probes, cites, strict=True)]
        )
        made.append(FamilyInput(here, len(probes)))
    return made


def _timed(argv: list[str], out: Path) -> Timing:
    took = timed([*argv, "--out", str(out)], out.with_suffix(".stdout"))
    if took.code not in (0, 1):
        raise RuntimeError(f"{argv[3]} failed ({took.code}): {took.err}")
    return Timing(took.wall, took.cpu)


def _round(work: list[FamilyInput], round_no: int) -> tuple[Timing, Timing]:
    sakshi = [sys.executable, "-m", "sakshi"]
    totals = {"values": [0.0, 0.0], "spans": [0.0, 0.0]}
    for family in work:
        docs = str(family.folder / "docs.yaml")
        values = [*sakshi, "verify-values", docs, str(family.folder / "values.jsonl")]
        values += ["--fields", str(family.folder / "fields.yaml")]
        spans = [*sakshi, "verify-spans", docs, str(family.folder / "spans.jsonl")]
        for name, argv in (("values", values), ("spans", spans)):
            took = _timed(argv, family.folder / f"out-{name}-{round_no}.jsonl")
            totals[name][0] += took.wall
            totals[name][1] += took.cpu
    return Timing(*totals["values"]), Timing(*totals["spans"])


def measure_speed(work: list[FamilyInput], documents: int, rounds: int) -> SpeedResult:
    """Best of ``rounds`` (by CPU time) for each command, interleaved."""
    best: dict[str, Timing] = {}
    for round_no in range(1, rounds + 1):
        values, spans = _round(work, round_no)
        for name, took in (("values", values), ("spans", spans)):
            if name not in best or took.cpu < best[name].cpu:
                best[name] = took
        print(
            f"  round {round_no}: verify-values {values.wall:.2f} s ({values.cpu:.2f} s CPU),"
            f" verify-spans {spans.wall:.2f} s ({spans.cpu:.2f} s CPU)",
            flush=True,
        )
    lines = sum(family.lines for family in work)
    return SpeedResult(lines, documents, len(work), best["values"], best["spans"])
