"""The turn log of bench/scale.py, and the check of every grade's output against it.

``generate`` writes, from a seed, 1,000 goods receipt notes (bench/context.py's pages, half
as ``<id>.txt`` raw bytes, half as ``<id>.yaml`` section-2 documents) and a turn log in
the format of SPEC section 7 (``sakshi grade``): each line cites one line of one document
(codepoint offsets on about half, a search on the rest) under one of 16 bundles whose
hash it logs. Every 20th line's quote has one character changed: those ids, and only
those, must come out red. ``output_problem`` says what is wrong with an output, by ids
(and, for a log that says what each plant is, by each red line's reason and field:
bench/scale_distinct.py's).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import orjson
from context import FIELDS, _page  # bench/context.py: the same goods receipt notes

from sakshi.context.turns import bundle_sha256

FABRICATED_EVERY = 20
_BUNDLES = 16
# A page: its text, and its facts (field, value, the line that states it).
Page = tuple[str, list[tuple[str, str, str]]]


class Plant(NamedTuple):
    """What a red line was planted with: the reason it must be red for, on which field."""

    reason: str
    field: str


@dataclass(frozen=True)
class BenchLog:
    """A turn log on disk: its path, its line count, its size and the ids planted red;
    for a draw that says so, what each plant is and the share of its turns whose every
    quote and value no earlier turn holds."""

    turns: Path
    lines: int
    size_bytes: int
    red_ids: frozenset[int]
    plants: Mapping[int, Plant] | None = None
    distinct: float | None = None

    def prefix(self, lines: int) -> BenchLog:
        """The log's first ``lines`` lines, written beside it (the same turns, fewer)."""
        if lines >= self.lines:
            return self
        path = self.turns.with_name(f"TURNS-{lines}.jsonl")
        with open(self.turns, "rb") as source, open(path, "wb") as out:
            out.writelines(source.readline() for _ in range(lines))
        red = frozenset(line_id for line_id in self.red_ids if line_id <= lines)
        plants = None if self.plants is None else {k: self.plants[k] for k in red}
        return BenchLog(path, lines, path.stat().st_size, red, plants)


def write_documents(folder: Path, count: int, rng: random.Random) -> list[Page]:
    """``count`` documents in ``folder``; returns each one's page text and its facts."""
    folder.mkdir()
    pages: list[Page] = []
    for index in range(count):
        text, facts = _page(rng, index + 1)
        pages.append((text, facts))
        doc_id = f"grn-{index:04d}"
        if index % 2:
            (folder / f"{doc_id}.txt").write_bytes(text.encode("utf-8"))
        else:
            body = f"id: {doc_id}\npages: [{json.dumps(text, ensure_ascii=False)}]\n"
            (folder / f"{doc_id}.yaml").write_text(body, encoding="utf-8")
    return pages


def generate(root: Path, n_docs: int, n_lines: int, seed: int) -> tuple[BenchLog, Path]:
    """The log (``root/TURNS.jsonl``) and its documents folder (``root/docs``)."""
    rng = random.Random(seed)
    docs = root / "docs"
    pages = write_documents(docs, n_docs, rng)
    bundles = [
        {"engine": "matter-context", "query": f"receipts, batch {b}"} for b in range(_BUNDLES)
    ]
    digests = [bundle_sha256(bundle) for bundle in bundles]
    red: set[int] = set()
    turns = root / "TURNS.jsonl"
    with open(turns, "w", encoding="utf-8") as out:
        for number in range(n_lines):
            index = rng.randrange(n_docs)
            text, facts = pages[index]
            field, value, line = rng.choice(facts)
            cite: dict[str, object] = {"doc": f"grn-{index:04d}", "quote": line}
            if index % 2 == 0:
                cite["page"] = 1
            if rng.random() < 0.5:
                start = text.index(line)
                cite.update(char_start=start, char_end=start + len(line))
            if number % FABRICATED_EVERY == 7:
                cite["quote"] = line[:-1] + ("x" if line[-1] != "x" else "y")
                red.add(number + 1)
            which = number % _BUNDLES
            logged = {
                "id": number + 1,
                "engine_state": "live",
                "bundle": bundles[which],
                "documents": [f"grn-{index:04d}"],
                "fields": FIELDS,  # declared as a team would (SPEC 8)
                "turn": {
                    "context_provenance": {
                        "engine_state": "live",
                        "bundle_sha256": digests[which],
                    },
                    "values": [
                        {
                            "field": field,
                            "value": value,
                            "why": "The receipt note records it.",
                            "cite": cite,
                        }
                    ],
                },
            }
            out.write(json.dumps(logged, ensure_ascii=False) + "\n")
    return BenchLog(turns, n_lines, turns.stat().st_size, frozenset(red)), docs


def output_problem(
    data: bytes, log: BenchLog, values: bool = True, findings: bool = True
) -> str | None:
    """What is wrong with a grade's output for ``log``, or None: one line per turn, ids in
    input order, each naming its own line number (the log's ids are its line numbers),
    and red exactly on the planted ids (ids compared, not counted, so a grader that is red
    on the wrong lines cannot pass); where the log says what each plant is, each red line
    red for its plant's reason and, with ``findings`` (sakshi's output names them), on its
    field. Without ``values`` (the plain loop, which reads no value) the plants of a value
    its quote does not state are expected green."""
    rows = data.splitlines()
    if len(rows) != log.lines:
        return f"{len(rows)} output lines, expected {log.lines}"
    expected = log.red_ids
    if not values and log.plants is not None:
        expected = frozenset(k for k, p in log.plants.items() if p.reason != "VALUE_UNSUPPORTED")
    red: set[int] = set()
    for number, row in enumerate(rows, start=1):
        try:
            graded = orjson.loads(row)
        except orjson.JSONDecodeError:
            return f"output line {number} is not JSON"
        if graded.get("id") != number:
            return f"output line {number} has id {graded.get('id')!r}: not in input order"
        if graded.get("line") != number:
            return f"output line {number} names line {graded.get('line')!r}"
        if graded.get("verdict") == "red":
            red.add(number)
            wrong = _plant_problem(graded, log.plants, findings)
            if wrong:
                return f"output line {number}: {wrong}"
    if red != expected:
        wrongly_red = sorted(red - expected)[:5]
        missed = sorted(expected - red)[:5]
        return (
            f"{len(red)} red lines, {len(expected)} planted: red but not planted"
            f" {wrongly_red or 'none'}, planted but not red {missed or 'none'} (first 5)"
        )
    return None


def _plant_problem(
    graded: dict[str, object], plants: Mapping[int, Plant] | None, findings: bool
) -> str | None:
    """What is wrong with a red line against its plant, or None: red for the planted
    reason alone and (with ``findings``) its one finding on the planted field: a line red
    for another reason, or on another value, is a wrong verdict even on a planted id.
    None when the log names no plants, or when the id is not planted (the red set's
    check says so)."""
    plant = None if plants is None else plants.get(int(str(graded.get("id"))))
    if plant is None:
        return None
    named = graded.get("findings")
    fields = [f.get("field") for f in named] if isinstance(named, list) else None
    if graded.get("reasons") != [plant.reason] or (findings and fields != [plant.field]):
        return (
            f"red for {graded.get('reasons')} on {fields}, planted {plant.reason}"
            f" on {plant.field!r}"
        )
    return None


def fabricated_output(log: BenchLog, red: bool) -> bytes:
    """The output of a grader that answers ``red`` (or green) for every line of ``log``,
    in order and well numbered: what ``output_problem`` must refuse."""
    verdict, reasons = ("red", ["FABRICATED_SPAN"]) if red else ("green", [])
    rows = (
        {"id": n, "line": n, "verdict": verdict, "reasons": reasons}
        for n in range(1, log.lines + 1)
    )
    return b"".join(orjson.dumps(row) + b"\n" for row in rows)
