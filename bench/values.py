"""Benchmark: planted wrong values in Indian legal records and in US, UK and EU business and
legal documents, sakshi against groundgate.

The corpus (bench/values_corpus.py and values_families_*.py, seeded) holds the Indian families
(s.138 NI Act complaints and judgments, bail orders, MACT awards, consumer orders, Hindi
complaints, supply suits, arbitral awards, land acquisition awards, GST and SARFAESI notices,
and orders that cite Order VII Rule 11, Rule 138 of the CGST Rules,
compensation under Section 357(3)) and the world's (a US MSA, an EU DPA, an English lease,
a credit agreement, a 10-K table, a UK annual report, an insurance policy, invoices in
de-DE, fr-FR, de-CH, en-GB and en-US, a multi-currency freight statement, a bill of lading,
a US opinion, an English judgment, medication instructions, deal announcements). Each
family declares its fields as a user would (type, currency, locale, unit, bound, scale,
cues, roles, acts) and cites its sentences for right values (mostly in another surface form
than the quote's) and wrong values of every kind the issues list, each labelled; every
(quote, value) pair is distinct, as in production.

One run, the same corpus for both:

1. sakshi: ``python -m sakshi verify-values DOCS VALUES --fields FIELDS`` per family, whole
   process; a value is admitted when its line is ``verified``; a family whose FIELDS.yaml
   sakshi refuses (exit 2) has every value refused, and the run says why;
2. groundgate (PyPI, installed into bench/.cache/groundgate-venv, never into the project's
   environment) with its best configuration (bench/values_groundgate.py): admitted,
   sent to review (``needs_verification``) or rejected, each candidate alone.

It prints the targets (0 escapes, at most 1% false rejects) for both tools, overall and
split Indian / world, each PASS or MISS; escapes (wrong values admitted) by error kind and
false rejects (right values refused) by value type; sakshi's failures grouped by kind and
reason, with examples; then the speed of ``verify-values`` on a large input whose quotes
and values are all distinct, beside ``verify-spans`` on the same cites, after checking the
output it timed (bench/values_speed.py). Exit 0 whatever the numbers; 1 when a tool fails
to run.

    python bench/values.py                          # 6 passages a family, and the speed run
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
from pathlib import Path
from typing import Any

from values_corpus import Corpus, Family, build_corpus
from values_families_civil import CIVIL
from values_families_contracts import CONTRACTS
from values_families_courts import COURTS
from values_families_criminal import CRIMINAL
from values_families_deals import DEALS
from values_families_finance import FINANCE
from values_families_health import HEALTH
from values_families_insurance import POLICIES
from values_families_orders import ORDERS
from values_families_revenue import REVENUE
from values_families_shipping import SHIPPING
from values_families_trade import TRADE
from values_families_tribunals import TRIBUNALS
from values_groundgate import VERSION as GROUNDGATE_VERSION
from values_groundgate import peer_input
from values_report import Split, accuracy_tables, distinctness, failures, target_table
from values_speed import measure_speed, speed_corpus, write_speed_input

# The first eleven Indian families (tests/test_cli_verify_values.py builds them), the Indian
# orders, and the US, UK and EU families.
FAMILIES = CRIMINAL + TRIBUNALS + CIVIL + REVENUE
INDIAN = FAMILIES + ORDERS
WORLD = CONTRACTS + FINANCE + POLICIES + DEALS + TRADE + SHIPPING + COURTS + HEALTH
ALL = INDIAN + WORLD
SPLIT = Split(frozenset(family.name for family in INDIAN))
CACHE = Path(__file__).resolve().parent / ".cache"
RUNNER = Path(__file__).resolve().parent / "values_groundgate_run.py"
Verdicts = dict[str, dict[str, Any]]


def _dump(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")


def _refused(corpus: Corpus, family: Family, message: str) -> Verdicts:
    # A family whose declarations sakshi refuses has every value refused: the user's run
    # would stop there too, and the report names the key it refused.
    verdict = {"verified": False, "reason": "FIELDS_REFUSED", "value_reason": None}
    return {p.id: {**verdict, "hint": message} for p in corpus.probes[family.name]}


def run_sakshi(corpus: Corpus, root: Path) -> tuple[Verdicts, dict[str, str]]:
    """Every probe through ``sakshi verify-values``, one process per family; and the
    families whose FIELDS.yaml sakshi refused, with its message."""
    found: Verdicts = {}
    refused: dict[str, str] = {}
    for family in corpus.families:
        folder = root / "sakshi" / family.name
        folder.mkdir(parents=True)
        documents = [{"id": p.id, "text": p.text} for p in corpus.passages[family.name]]
        _dump(folder / "docs.yaml", {"documents": documents})
        _dump(folder / "fields.yaml", family.declarations())
        lines = [
            {
                "id": p.id,
                "field": p.field,
                "value": p.value,
                "cite": {"doc": p.doc, "quote": p.quote},
                **dict(p.declare),
            }
            for p in corpus.probes[family.name]
        ]
        values = folder / "values.jsonl"
        values.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
        argv = [sys.executable, "-m", "sakshi", "verify-values", str(folder / "docs.yaml")]
        argv += [str(values), "--fields", str(folder / "fields.yaml")]
        proc = subprocess.run(argv, capture_output=True, check=False)
        if proc.returncode == 2 and not proc.stdout:
            refused[family.name] = proc.stderr.decode("utf-8", "replace").strip()[-400:]
            found.update(_refused(corpus, family, refused[family.name]))
            continue
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"sakshi failed on {family.name}: {proc.stderr.decode()}")
        for line in proc.stdout.decode("utf-8").splitlines():
            result = json.loads(line)
            found[result["id"]] = result
    return found, refused


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


def corpus_line(corpus: Corpus) -> str:
    """How the corpus is made: its size, how many right values are written otherwise than
    in their quote, how many wrong kinds."""
    probes = corpus.all_probes()
    right = [p for p in probes if p.right]
    wrong = [p for p in probes if not p.right]
    changed = sum(p.value not in p.quote for p in right)
    kinds: dict[str, int] = {}
    for probe in wrong:
        kinds[probe.kind] = kinds.get(probe.kind, 0) + 1
    indian, world = SPLIT.groups(probes)
    return (
        f"corpus: {len(right)} right and {len(wrong)} wrong values ({len(indian)} Indian,"
        f" {len(world)} world) over {sum(len(v) for v in corpus.passages.values())} passages"
        f" of {len(corpus.families)} families; {changed} of the right values"
        f" ({100 * changed / len(right):.0f}%) are written otherwise than in their quote;"
        f" {len(kinds)} wrong kinds, each at least {min(kinds.values())} times"
    )


def _run(root: Path, args: argparse.Namespace) -> int:
    from sakshi import __version__

    families = {"all": ALL, "indian": INDIAN, "world": WORLD}[args.families]
    corpus = build_corpus(args.instances, args.seed, families)
    print(f"# values benchmark, {dt.date.today().isoformat()}")
    print(f"sakshi {__version__}, Python {platform.python_version()}, {platform.machine()}")
    sakshi, refused = run_sakshi(corpus, root)
    peer: Verdicts | None = None
    if "groundgate" not in args.skip:
        python = install_groundgate()
        if isinstance(python, str):
            print(f"groundgate skipped: {python}")
        else:
            peer, version = run_groundgate(corpus, root, python)
            print(f"groundgate {version} (best configuration: bench/values_groundgate.py)")
    print()
    print(corpus_line(corpus))
    print(distinctness(corpus))
    for name, message in refused.items():
        print(f"sakshi refused the declarations of {name} (every value refused): {message}")
    print()
    print("\n".join(target_table(corpus, SPLIT, sakshi, peer)))
    print("\n".join(accuracy_tables(corpus, SPLIT, sakshi, peer)))
    print("sakshi's escapes and false rejects, by kind or type and reason:")
    print("\n".join(failures(corpus, SPLIT, sakshi, args.examples)) or "  none")
    print()
    if args.speed_instances:
        big = speed_corpus(build_corpus(args.speed_instances, args.seed + 1, families))
        work = write_speed_input(big, root / "speed")
        print("\n".join(measure_speed(work, args.rounds).report()))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run in a temp folder (or --dir)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--instances", type=int, default=6, help="passages a family (default 6)")
    parser.add_argument(
        "--speed-instances",
        type=int,
        default=200,
        help="passages a family for the speed run, before dropping repeated quotes and values"
        " (default 200; 0: none)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="speed rounds, best kept (default 3)")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--skip", default="", help="groundgate: do not run it")
    parser.add_argument(
        "--families", choices=("all", "indian", "world"), default="all", help="default all"
    )
    parser.add_argument(
        "--examples", type=int, default=1, help="examples of each failure group (default 1)"
    )
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
