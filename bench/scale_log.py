"""The turn log of bench/scale.py, and the check of every grade's output against it.

``generate`` writes, from a seed, 1,000 goods receipt notes (bench/context.py's pages, half
as ``<id>.txt`` raw bytes, half as ``<id>.yaml`` section-2 documents) and a turn log in
the format of SPEC section 7 (``sakshi grade``): each line cites one line of one document
(codepoint offsets on about half, a search on the rest) under one of 16 bundles whose
hash it logs. Every 20th line's quote has one character changed: those ids, and only
those, must come out red. ``output_problem`` says what is wrong with an output, by ids.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import orjson
from context import FIELDS, _page  # bench/context.py: the same goods receipt notes

from sakshi.context.turns import bundle_sha256

FABRICATED_EVERY = 20
_BUNDLES = 16
# A page: its text, and its facts (field, value, the line that states it).
Page = tuple[str, list[tuple[str, str, str]]]


@dataclass(frozen=True)
class BenchLog:
    """A turn log on disk: its path, its line count, its size and the ids planted red."""

    turns: Path
    lines: int
    size_bytes: int
    red_ids: frozenset[int]

    def prefix(self, lines: int) -> BenchLog:
        """The log's first ``lines`` lines, written beside it (the same turns, fewer)."""
        if lines >= self.lines:
            return self
        path = self.turns.with_name(f"TURNS-{lines}.jsonl")
        with open(self.turns, "rb") as source, open(path, "wb") as out:
            out.writelines(source.readline() for _ in range(lines))
        red = frozenset(line_id for line_id in self.red_ids if line_id <= lines)
        return BenchLog(path, lines, path.stat().st_size, red)


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


def output_problem(data: bytes, log: BenchLog) -> str | None:
    """What is wrong with a grade's output for ``log``, or None: one line per turn, ids in
    input order, each naming its own line number (the log's ids are its line numbers),
    and red exactly on the planted ids (ids compared, not counted, so a grader that is red
    on the wrong lines cannot pass)."""
    rows = data.splitlines()
    if len(rows) != log.lines:
        return f"{len(rows)} output lines, expected {log.lines}"
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
    if red != log.red_ids:
        wrongly_red = sorted(red - log.red_ids)[:5]
        missed = sorted(log.red_ids - red)[:5]
        return (
            f"{len(red)} red lines, {len(log.red_ids)} planted: red but not planted"
            f" {wrongly_red or 'none'}, planted but not red {missed or 'none'} (first 5)"
        )
    return None
