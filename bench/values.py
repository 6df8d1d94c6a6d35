"""Benchmark: planted wrong values in Indian legal passages, sakshi against groundgate.

The corpus (bench/values_corpus.py and values_families_*.py, seeded) is eleven families of
realistic passages: s.138 NI Act complaints and judgments, bail orders, MACT awards,
consumer commission orders, Hindi s.138 complaints, supply suits, arbitral awards, land
acquisition awards, GST show cause notices and SARFAESI notices. Each family declares its
fields as a user would (cues where a quote holds several values of a type) and cites its
sentences for right values (mostly in another surface form than the quote's) and wrong
values of every kind issue 12 lists, each labelled with its kind.

One run, the same corpus for both:

1. sakshi: ``python -m sakshi verify-values DOCS FIELDS --fields FIELDS`` per family, whole
   process; a value is admitted when its line is ``verified``;
2. groundgate (PyPI, installed into bench/.cache/groundgate-venv, never into the project's
   environment) with its best configuration (bench/values_groundgate.py): admitted,
   sent to review (``needs_verification``) or rejected, each candidate alone.

It prints two tables: escapes (wrong values admitted) by error kind, and false rejects
(right values refused) by value type, for both tools, then every sakshi escape and false
reject with its reason; then the speed of ``verify-values`` on a large generated input
beside ``verify-spans`` on the same cites (bench/values_speed.py). The targets: sakshi 0
escapes, at most 1% false rejects, at least 100,000 value checks per second; each PASS or
MISS. Exit 0 whatever the numbers; 1 when a tool fails to run.

    python bench/values.py                          # 6 passages a family, 132,000 lines
    python bench/values.py --instances 2 --speed-instances 20 --rounds 1   # a smoke run
    python bench/values.py --skip groundgate --dir /tmp/v   # keep the files there
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from values_corpus import KINDS, Corpus, Probe, build_corpus
from values_families_civil import CIVIL
from values_families_criminal import CRIMINAL
from values_families_revenue import REVENUE
from values_families_tribunals import TRIBUNALS
from values_groundgate import VERSION as GROUNDGATE_VERSION
from values_groundgate import peer_input
from values_speed import measure_speed, write_speed_input

FAMILIES = CRIMINAL + TRIBUNALS + CIVIL + REVENUE
CACHE = Path(__file__).resolve().parent / ".cache"
RUNNER = Path(__file__).resolve().parent / "values_groundgate_run.py"
MAX_FALSE_REJECTS = 0.01
Verdicts = dict[str, dict[str, Any]]


def _dump(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")


def run_sakshi(corpus: Corpus, root: Path) -> Verdicts:
    """Every probe through ``sakshi verify-values``, one process per family."""
    found: Verdicts = {}
    for family in corpus.families:
        folder = root / "sakshi" / family.name
        folder.mkdir(parents=True)
        documents = [{"id": p.id, "text": p.text} for p in corpus.passages[family.name]]
        _dump(folder / "docs.yaml", {"documents": documents})
        _dump(folder / "fields.yaml", {"fields": dict(family.fields)})
        lines = [
            {
                "id": p.id,
                "field": p.field,
                "value": p.value,
                "cite": {"doc": p.doc, "quote": p.quote},
            }
            for p in corpus.probes[family.name]
        ]
        values = folder / "values.jsonl"
        values.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
        argv = [sys.executable, "-m", "sakshi", "verify-values", str(folder / "docs.yaml")]
        argv += [str(values), "--fields", str(folder / "fields.yaml")]
        proc = subprocess.run(argv, capture_output=True, check=False)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"sakshi failed on {family.name}: {proc.stderr.decode()}")
        for line in proc.stdout.decode("utf-8").splitlines():
            result = json.loads(line)
            found[result["id"]] = result
    return found


def install_groundgate() -> Path | str:
    """groundgate's python in bench/.cache/groundgate-venv, or why it is skipped."""
    venv = CACHE / "groundgate-venv"
    python = venv / "bin" / "python"
    probe = [str(python), "-c", "import groundgate; print(groundgate.__version__)"]
    if python.exists():
        proc = subprocess.run(probe, capture_output=True, check=False)
        if proc.stdout.decode().strip() == GROUNDGATE_VERSION:
            return python
    print(f"  installing groundgate=={GROUNDGATE_VERSION} into {venv} ...", flush=True)
    steps = (
        [sys.executable, "-m", "venv", str(venv)],
        [str(python), "-m", "pip", "install", "--quiet", f"groundgate=={GROUNDGATE_VERSION}"],
    )
    for step in steps:
        proc = subprocess.run(step, capture_output=True, check=False)
        if proc.returncode != 0:
            return f"cannot install groundgate: {proc.stderr.decode()[-300:]}"
    return python


def run_groundgate(corpus: Corpus, root: Path, python: Path) -> tuple[Verdicts, str]:
    """Every probe through groundgate's ``admit``, one candidate a call."""
    folder = root / "groundgate"
    folder.mkdir()
    _dump(folder / "in.json", peer_input(corpus))
    out = folder / "out.jsonl"
    proc = subprocess.run(
        [str(python), str(RUNNER), str(folder / "in.json"), str(out)],
        capture_output=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"groundgate failed: {proc.stderr.decode()[-1000:]}")
    rows = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    return {row["id"]: row for row in rows}, proc.stdout.decode().strip()


def _admitted(tool: str, verdict: dict[str, Any]) -> bool:
    return bool(verdict["verified"]) if tool == "sakshi" else verdict["outcome"] == "admitted"


def _percent(count: int, total: int) -> str:
    return f"{count} ({100 * count / total:.1f}%)" if total else "0"


def _table(title: str, header: list[str], rows: Iterable[list[str]]) -> list[str]:
    lines = [f"### {title}", "", "| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def _counts(probes: list[Probe], sakshi: Verdicts, peer: Verdicts | None) -> list[str]:
    """[n, sakshi wrong outcome, groundgate wrong outcome, groundgate review] for a group."""
    want = probes[0].right if probes else True
    sakshi_off = sum(_admitted("sakshi", sakshi[p.id]) != want for p in probes)
    row = [str(len(probes)), str(sakshi_off)]
    if peer is not None:
        review = sum(peer[p.id]["outcome"] == "needs_verification" for p in probes)
        if want:
            off = sum(peer[p.id]["outcome"] == "rejected" for p in probes)
        else:
            off = sum(peer[p.id]["outcome"] == "admitted" for p in probes)
        row += [str(off), str(review)]
    return row


def accuracy_tables(corpus: Corpus, sakshi: Verdicts, peer: Verdicts | None) -> list[str]:
    """The two tables, in Markdown."""
    probes = corpus.all_probes()
    types = {
        (family.name, name): str(decl["type"])
        for family in corpus.families
        for name, decl in family.fields.items()
    }
    wrong = [p for p in probes if not p.right]
    right = [p for p in probes if p.right]
    tools = ["sakshi"] + (["groundgate", "groundgate: to review"] if peer is not None else [])
    by_kind = [
        [kind, *_counts([p for p in wrong if p.kind == kind], sakshi, peer)] for kind in KINDS
    ]
    total = ["**all**", *_counts(wrong, sakshi, peer)]
    lines = _table(
        "Escapes: wrong values admitted, by error kind",
        ["error kind", "wrong values", *[f"{t} escapes" if ":" not in t else t for t in tools]],
        [*by_kind, total],
    )
    kinds = sorted({types[(p.family, p.field)] for p in right})
    by_type = [
        [kind, *_counts([p for p in right if types[(p.family, p.field)] == kind], sakshi, peer)]
        for kind in kinds
    ]
    lines += _table(
        "False rejects: right values refused, by value type",
        ["value type", "right values", *[f"{t} refused" if ":" not in t else t for t in tools]],
        [*by_type, ["**all**", *_counts(right, sakshi, peer)]],
    )
    return lines


def failures(corpus: Corpus, sakshi: Verdicts) -> list[str]:
    """Every sakshi escape and false reject, with its reason and quote."""
    lines: list[str] = []
    for probe in corpus.all_probes():
        verdict = sakshi[probe.id]
        if verdict["verified"] == probe.right:
            continue
        what = "ESCAPE" if not probe.right else "FALSE REJECT"
        reason = verdict["value_reason"] or verdict["reason"]
        lines.append(
            f"  {what} {probe.id} [{probe.kind}] {probe.field} = {probe.value!r}: {reason}"
            f" ({verdict['hint']})\n      quote: {probe.quote[:160]!r}"
        )
    return lines


def summary(corpus: Corpus, sakshi: Verdicts) -> list[str]:
    """The target lines and how the corpus is made."""
    probes = corpus.all_probes()
    right = [p for p in probes if p.right]
    wrong = [p for p in probes if not p.right]
    escapes = sum(sakshi[p.id]["verified"] for p in wrong)
    refused = sum(not sakshi[p.id]["verified"] for p in right)
    verbatim = sum(p.value in p.quote for p in right)
    kinds = Counter(p.kind for p in wrong)
    changed = len(right) - verbatim
    refusals = "PASS" if refused <= MAX_FALSE_REJECTS * len(right) else "MISS"
    corpus_line = (
        f"corpus: {len(right)} right and {len(wrong)} wrong values over"
        f" {sum(len(v) for v in corpus.passages.values())} passages of {len(corpus.families)}"
        f" families; {changed} of the right values ({100 * changed / len(right):.0f}%) are"
        f" written otherwise than in their quote; {len(kinds)} wrong kinds, each at least"
        f" {min(kinds.values())} times"
    )
    return [
        corpus_line,
        f"sakshi escapes: {escapes} (target 0): {'PASS' if escapes == 0 else 'MISS'}",
        f"sakshi false rejects: {_percent(refused, len(right))} (target <= 1%): {refusals}",
    ]


def _run(root: Path, args: argparse.Namespace) -> int:
    from sakshi import __version__

    corpus = build_corpus(args.instances, args.seed, FAMILIES)
    print(f"# values benchmark, {dt.date.today().isoformat()}")
    print(f"sakshi {__version__}, Python {platform.python_version()}, {platform.machine()}")
    sakshi = run_sakshi(corpus, root)
    peer: Verdicts | None = None
    if "groundgate" not in args.skip:
        python = install_groundgate()
        if isinstance(python, str):
            print(f"groundgate skipped: {python}")
        else:
            peer, version = run_groundgate(corpus, root, python)
            print(f"groundgate {version} (best configuration: bench/values_groundgate.py)")
    print()
    print("\n".join(summary(corpus, sakshi)))
    print()
    print("\n".join(accuracy_tables(corpus, sakshi, peer)))
    print("sakshi's escapes and false rejects:")
    print("\n".join(failures(corpus, sakshi)) or "  none")
    print()
    if args.speed_instances:
        big = build_corpus(args.speed_instances, args.seed + 1, FAMILIES)
        work = write_speed_input(big, root / "speed")
        documents = sum(len(passages) for passages in big.passages.values())
        print("\n".join(measure_speed(work, documents, args.rounds).report()))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run in a temp folder (or --dir)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--instances", type=int, default=6, help="passages a family (default 6)")
    parser.add_argument(
        "--speed-instances",
        type=int,
        default=550,
        help="passages a family for the speed run (default 550, about 132,000 lines; 0: none)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="speed rounds, best kept (default 3)")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--skip", default="", help="groundgate: do not run it")
    parser.add_argument("--dir", type=Path, help="work here and keep the files")
    args = parser.parse_args(argv)
    if args.instances < 1 or args.rounds < 1 or args.speed_instances < 0:
        parser.error("--instances and --rounds must be at least 1")
    if args.dir is not None:
        if args.dir.exists():
            shutil.rmtree(args.dir)
        args.dir.mkdir(parents=True)
        return _run(args.dir.resolve(), args)
    with tempfile.TemporaryDirectory(prefix="sakshi-bench-values-") as tmp:
        return _run(Path(tmp), args)


if __name__ == "__main__":
    sys.exit(main())
