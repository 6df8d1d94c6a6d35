"""The tables of bench/values.py: escapes by error kind and false rejects by value type, for
sakshi and groundgate, overall and split Indian / world; the targets with PASS or MISS; how
distinct the corpus is; and sakshi's failures grouped by what they are.

Data in, Markdown lines out: nothing here runs a tool or reads a file.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from values_corpus import KINDS, Corpus, Probe

__all__ = [
    "MAX_FALSE_REJECTS",
    "Split",
    "accuracy_tables",
    "admitted",
    "distinctness",
    "failures",
    "target_table",
]

MAX_FALSE_REJECTS = 0.01
Verdicts = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Split:
    """Which families are Indian records; the rest are US, UK and EU documents."""

    indian: frozenset[str]

    def groups(self, probes: list[Probe]) -> tuple[list[Probe], list[Probe]]:
        """(the Indian probes, the world probes)."""
        return (
            [p for p in probes if p.family in self.indian],
            [p for p in probes if p.family not in self.indian],
        )


def admitted(tool: str, verdict: dict[str, Any]) -> bool:
    """Whether a tool let the value through (groundgate's review is not admission)."""
    return bool(verdict["verified"]) if tool == "sakshi" else verdict["outcome"] == "admitted"


def _off(tool: str, verdicts: Verdicts, probes: list[Probe]) -> int:
    """How many of ``probes`` the tool got wrong: a wrong value admitted, or a right value
    refused (for groundgate, rejected: review is counted apart)."""
    count = 0
    for probe in probes:
        verdict = verdicts[probe.id]
        if probe.right:
            wrong = not admitted(tool, verdict)
            if tool != "sakshi":
                wrong = verdict["outcome"] == "rejected"
        else:
            wrong = admitted(tool, verdict)
        count += wrong
    return count


def _review(peer: Verdicts, probes: list[Probe]) -> int:
    return sum(peer[p.id]["outcome"] == "needs_verification" for p in probes)


def _split_cell(split: Split, probes: list[Probe], count: Callable[[list[Probe]], int]) -> str:
    indian, world = split.groups(probes)
    return f"{count(probes)} ({count(indian)} / {count(world)})"


def _table(title: str, header: list[str], rows: Iterable[list[str]]) -> list[str]:
    lines = [f"### {title}", "", "| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def _row(
    label: str, probes: list[Probe], split: Split, sakshi: Verdicts, peer: Verdicts | None
) -> list[str]:
    row = [label, _split_cell(split, probes, len)]
    row.append(_split_cell(split, probes, lambda ps: _off("sakshi", sakshi, ps)))
    if peer is not None:
        row.append(_split_cell(split, probes, lambda ps: _off("groundgate", peer, ps)))
        row.append(_split_cell(split, probes, lambda ps: _review(peer, ps)))
    return row


def accuracy_tables(
    corpus: Corpus, split: Split, sakshi: Verdicts, peer: Verdicts | None
) -> list[str]:
    """Escapes by kind and false rejects by type, each cell "all (Indian / world)"."""
    probes = corpus.all_probes()
    types = {
        (family.name, name): str(decl["type"])
        for family in corpus.families
        for name, decl in family.fields.items()
    }
    wrong = [p for p in probes if not p.right]
    right = [p for p in probes if p.right]
    tools = ["sakshi"] + (["groundgate", "groundgate: to review"] if peer is not None else [])
    rows = [
        _row(kind, [p for p in wrong if p.kind == kind], split, sakshi, peer)
        for kind in KINDS
        if any(p.kind == kind for p in wrong)
    ]
    head = ["error kind", "wrong values (Indian / world)"]
    head += [t if ":" in t else f"{t} escapes" for t in tools]
    lines = _table(
        "Escapes: wrong values admitted, by error kind",
        head,
        [*rows, _row("**all**", wrong, split, sakshi, peer)],
    )
    names = sorted({types[(p.family, p.field)] for p in right})
    rows = [
        _row(name, [p for p in right if types[(p.family, p.field)] == name], split, sakshi, peer)
        for name in names
    ]
    head = ["value type", "right values (Indian / world)"]
    head += [t if ":" in t else f"{t} refused" for t in tools]
    lines += _table(
        "False rejects: right values refused, by value type",
        head,
        [*rows, _row("**all**", right, split, sakshi, peer)],
    )
    return lines


def _verdicts(tool: str, verdicts: Verdicts, probes: list[Probe]) -> tuple[str, str]:
    """(escapes with PASS/MISS, false rejects with PASS/MISS) of one tool on one group."""
    right = [p for p in probes if p.right]
    escapes = _off(tool, verdicts, [p for p in probes if not p.right])
    refused = sum(not admitted(tool, verdicts[p.id]) for p in right)
    share = 100 * refused / len(right) if right else 0.0
    ok = refused <= MAX_FALSE_REJECTS * len(right)
    return (
        f"{escapes} {'PASS' if escapes == 0 else 'MISS'}",
        f"{refused} ({share:.1f}%) {'PASS' if ok else 'MISS'}",
    )


def target_table(
    corpus: Corpus, split: Split, sakshi: Verdicts, peer: Verdicts | None
) -> list[str]:
    """The targets, per tool and group: 0 escapes, at most 1% of right values refused (for
    groundgate, a value sent to review is not admitted: it counts as refused here)."""
    probes = corpus.all_probes()
    indian, world = split.groups(probes)
    columns: list[tuple[str, str, Verdicts, list[Probe]]] = []
    tools = [("sakshi", sakshi)] + ([("groundgate", peer)] if peer is not None else [])
    for tool, verdicts in tools:
        for label, group in (("all", probes), ("Indian", indian), ("world", world)):
            columns.append((f"{tool} {label}", tool, verdicts, group))
    cells = [_verdicts(tool, verdicts, group) for _, tool, verdicts, group in columns]
    return _table(
        "Targets",
        ["target", *(name for name, *_ in columns)],
        [
            ["escapes: 0", *(escapes for escapes, _ in cells)],
            ["false rejects: at most 1%", *(refused for _, refused in cells)],
        ],
    )


def distinctness(corpus: Corpus) -> str:
    """How production-like the corpus is: every (quote, value) pair distinct, and how many
    different quotes and values it holds."""
    probes = corpus.all_probes()
    pairs = {(p.quote, p.value) for p in probes}
    quotes, values = {p.quote for p in probes}, {p.value for p in probes}
    verdict = "all distinct" if len(pairs) == len(probes) else "REPEATS"
    return (
        f"distinct: {len(probes)} probes, {len(pairs)} distinct (quote, value) pairs"
        f" ({verdict}); {len(quotes)} distinct quotes, {len(values)} distinct values;"
        f" {corpus.dropped} repeated pairs of the first Indian families dropped"
    )


def failures(corpus: Corpus, split: Split, sakshi: Verdicts, examples: int) -> list[str]:
    """sakshi's escapes and false rejects, grouped by (Indian or world, escape or false
    reject, kind or type, reason): the count, then ``examples`` of each."""
    types = {(f.name, n): str(d["type"]) for f in corpus.families for n, d in f.fields.items()}
    groups: dict[tuple[str, str, str, str], list[Probe]] = defaultdict(list)
    for probe in corpus.all_probes():
        verdict = sakshi[probe.id]
        if verdict["verified"] == probe.right:
            continue
        what = "FALSE REJECT" if probe.right else "ESCAPE"
        label = types[(probe.family, probe.field)] if probe.right else probe.kind
        reason = verdict["value_reason"] or verdict["reason"]
        where = "Indian" if probe.family in split.indian else "world"
        groups[(where, what, label, reason)].append(probe)
    lines: list[str] = []
    for key, probes in sorted(groups.items(), key=lambda item: (item[0][0], -len(item[1]))):
        where, what, label, reason = key
        families = Counter(p.family for p in probes)
        spread = ", ".join(f"{name} {count}" for name, count in families.most_common())
        lines.append(f"  {where} {what} [{label}] {reason}: {len(probes)} ({spread})")
        for probe in probes[:examples]:
            verdict = sakshi[probe.id]
            lines.append(
                f"      {probe.id} {probe.field} = {probe.value!r}"
                f"{' ' + str(dict(probe.declare)) if probe.declare else ''}"
                f" (reading {verdict.get('reading')!r}; {verdict.get('hint')})"
                f"\n        quote: {probe.quote[:200]!r}"
            )
    return lines
