"""The speed half of bench/values.py: ``sakshi verify-values`` on a large input whose quotes
and values are all distinct, in one process, beside ``sakshi verify-spans`` on the same cites
(the baseline), with the output it timed checked line by line.

The large input is the corpus written at scale, keeping only the lines whose quote and value
no earlier line holds: production traffic repeats nothing, and a cache keyed by a quote or a
value would flatter a benchmark that did. Each family keeps its own DOCS.yaml, FIELDS.yaml and
VALUES.jsonl (a user checks one kind of matter against the fields declared for it), and one
child process (bench/values_speed_run.py) runs every family's command through sakshi's CLI
in turn: start-up is paid once, as in a long-lived grader. The rate is the lines over the
child's CPU time (user + system, which a busy machine does not inflate); interleaved rounds,
best of N.

Before any time is printed, the output of each timed run is compared, line by line by id,
with each value's expected verdict: a fast run that admits wrong values, refuses right ones
or loses lines is no result. That the check can fail is shown first: an always-green and an
always-red grader's outputs are fabricated and checked, and both must fail (the check and
that proof are bench/verdicts.py's, shared with bench/traces.py).
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from timing import timed
from values_corpus import Corpus, Probe
from verdicts import Check, check_verdicts, refuse_constant_graders

__all__ = [
    "Check",
    "FamilyInput",
    "SpeedResult",
    "check_output",
    "fabricated",
    "measure_speed",
    "speed_corpus",
    "write_speed_input",
]

TARGET_PER_SECOND = 10_000
MAX_FALSE_REJECTS = 0.01
RUNNER = Path(__file__).resolve().parent / "values_speed_run.py"


def speed_corpus(corpus: Corpus, seed: int = 0) -> Corpus:
    """``corpus`` cut to lines that repeat nothing: for each quote, one of its probes whose
    value no kept line holds, drawn (seeded) so that right and wrong values keep their mix;
    no two kept lines share a quote or a value."""
    rng = random.Random(seed)
    values: set[str] = set()
    kept: dict[str, tuple[Probe, ...]] = {}
    for family in corpus.families:
        by_quote: dict[str, list[Probe]] = {}
        for probe in corpus.probes[family.name]:
            by_quote.setdefault(probe.quote, []).append(probe)
        fresh: list[Probe] = []
        for probes in by_quote.values():
            unseen = [p for p in probes if p.value not in values]
            if unseen:
                chosen = rng.choice(unseen)
                values.add(chosen.value)
                fresh.append(chosen)
        kept[family.name] = tuple(fresh)
    return Corpus(corpus.families, corpus.passages, kept, corpus.dropped)


@dataclass(frozen=True)
class FamilyInput:
    """One family's files for the large run, and each line's expected verdict."""

    folder: Path
    lines: int
    expected: dict[str, bool]


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
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
        (here / "fields.yaml").write_text(json.dumps(family.declarations()), "utf-8")
        probes = corpus.probes[family.name]
        cites = [{"doc": p.doc, "quote": p.quote} for p in probes]
        values = [
            {"id": p.id, "field": p.field, "value": p.value, "cite": cite, **dict(p.declare)}
            for p, cite in zip(probes, cites, strict=True)
        ]
        _jsonl(here / "values.jsonl", values)
        _jsonl(
            here / "spans.jsonl", [{"id": p.id, **c} for p, c in zip(probes, cites, strict=True)]
        )
        made.append(FamilyInput(here, len(probes), {p.id: p.right for p in probes}))
    return made


def check_output(expected: dict[str, bool], rows: list[dict[str, Any]]) -> Check:
    """Compare each output row's ``verified`` with the expected verdict of its id (no
    wrong value admitted, at most 1% of right ones refused: bench/verdicts.py)."""
    pairs = ((row.get("id"), row.get("verified")) for row in rows)
    return check_verdicts(expected, pairs, True, MAX_FALSE_REJECTS)


def fabricated(expected: dict[str, bool], verdict: bool) -> list[dict[str, Any]]:
    """The output of a grader that answers ``verdict`` for every line."""
    return [{"id": key, "verified": verdict} for key in expected]


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]


@dataclass(frozen=True)
class Timing:
    """Wall and CPU seconds of the one child process."""

    wall: float
    cpu: float


@dataclass(frozen=True)
class SpeedResult:
    """Best timings of each command, and the check of the timed outputs."""

    lines: int
    documents: int
    families: int
    values: Timing
    spans: Timing
    startup: Timing  # the child with nothing to run: Python and sakshi's CLI imported
    check: Check
    sanity: tuple[str, ...]

    def report(self) -> list[str]:
        """The lines to print: the checks first, then the times."""

        def rates(timing: Timing) -> str:
            wall, cpu = self.lines / timing.wall, self.lines / timing.cpu
            return (
                f"{timing.wall:7.2f} s wall {wall:9,.0f}/s   {timing.cpu:7.2f} s CPU {cpu:9,.0f}/s"
            )

        per_cpu, ratio = self.lines / self.values.cpu, self.values.cpu / self.spans.cpu
        fast = per_cpu >= TARGET_PER_SECOND
        verdict = "PASS" if fast and self.check.passed else "MISS"
        why = (
            "" if self.check.passed else " (its output fails the check: the time is of wrong work)"
        )
        head = (
            f"{self.lines:,} values over {self.documents:,} passages of {self.families}"
            f" families, no two lines with one quote or one value"
        )
        return [
            "## Speed",
            "",
            *self.sanity,
            f"check of every timed verify-values output: {self.check.describe()}",
            "",
            f"{head}; each command in one process, every family's run in it, best round:",
            f"  sakshi verify-values {rates(self.values)}",
            f"  sakshi verify-spans  {rates(self.spans)}   (the baseline: the same cites)",
            (
                f"  verify-values takes {ratio:.1f}x the CPU time of verify-spans; start-up (the"
                f" child running nothing) {self.startup.cpu:.2f} s CPU of each"
            ),
            (
                f"  target: at least {TARGET_PER_SECOND:,} values a second of CPU:"
                f" {per_cpu:,.0f}/s: {verdict}{why}"
            ),
        ]


def _plan(work: list[FamilyInput], command: str, tag: str) -> list[list[str]]:
    runs = []
    for family in work:
        docs, out = str(family.folder / "docs.yaml"), str(family.folder / f"out-{tag}.jsonl")
        if command == "verify-values":
            argv = [command, docs, str(family.folder / "values.jsonl")]
            argv += ["--fields", str(family.folder / "fields.yaml")]
        else:
            argv = [command, docs, str(family.folder / "spans.jsonl")]
        runs.append([*argv, "--out", out])
    return runs


def _timed(work: list[FamilyInput], command: str, tag: str, at: Path | None = None) -> Timing:
    plan = (at or work[0].folder.parent) / f"plan-{tag}.json"
    plan.write_text(json.dumps(_plan(work, command, tag)), "utf-8")
    took = timed([sys.executable, str(RUNNER), str(plan)], plan.with_suffix(".stdout"))
    if took.code != 0:
        raise RuntimeError(f"{command} runner failed ({took.code}): {took.err}")
    codes = json.loads(plan.with_suffix(".stdout").read_text("utf-8"))
    refused = [f.folder.name for f, code in zip(work, codes, strict=True) if code not in (0, 1)]
    if refused:
        print(f"  {command} exited 2 on {', '.join(refused)} (see above)", flush=True)
    return Timing(took.wall, took.cpu)


def measure_speed(work: list[FamilyInput], rounds: int) -> SpeedResult:
    """Best of ``rounds`` (by CPU time) for each command, interleaved; every verify-values
    output checked against the expected verdicts."""
    expected = {key: right for family in work for key, right in family.expected.items()}
    sanity = refuse_constant_graders(expected, True, False, MAX_FALSE_REJECTS)
    best: dict[str, Timing] = {}
    worst: Check | None = None
    for round_no in range(1, rounds + 1):
        took = {
            "values": _timed(work, "verify-values", f"values-{round_no}"),
            "spans": _timed(work, "verify-spans", f"spans-{round_no}"),
        }
        rows = [row for f in work for row in _read(f.folder / f"out-values-{round_no}.jsonl")]
        check = check_output(expected, rows)
        if worst is None or not check.passed:
            worst = check
        for name, timing in took.items():
            if name not in best or timing.cpu < best[name].cpu:
                best[name] = timing
        print(f"  round {round_no} done", flush=True)
    assert worst is not None
    startup = _timed([], "none", "startup", work[0].folder.parent)
    return SpeedResult(
        len(expected),
        _documents(work),
        len(work),
        best["values"],
        best["spans"],
        startup,
        worst,
        sanity,
    )


def _documents(work: list[FamilyInput]) -> int:
    total = 0
    for family in work:
        data = json.loads((family.folder / "docs.yaml").read_text("utf-8"))
        total += len(data["documents"])
    return total
