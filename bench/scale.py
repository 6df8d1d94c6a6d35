"""Benchmark: ``sakshi grade`` on a 200,000-line turn log, locally, with --jobs 2, and on Dask.

It writes, in a temporary folder, 1,000 seeded documents (goods receipt notes of ~3 KB,
half as ``<id>.txt`` raw bytes, half as ``<id>.yaml`` section-2 documents) and a turn log
(``TURNS.jsonl``) of 200,000 logged turns, each citing one line of one document (codepoint
offsets on some, a byte search on others; every 20th quote has one character changed, so
that line must be red). Then, best of N rounds, it times whole processes of

1. ``sakshi grade TURNS.jsonl --documents DIR`` (``--engine local``, one process);
2. the same with ``--jobs 2``;
3. ``--engine dask --scheduler ADDRESS`` against a Dask LocalCluster on loopback with one
   worker process, then with two (one thread each). The cluster is started once per size,
   before the timing, as a real cluster would already be running.

Every run's output must be byte-identical to the local run's, with exactly the planned red
lines (exit 1 otherwise). It prints the times, lines per second, and each speed-up over
the local run; this machine has 2 cores, so two workers give less than 2x.

    python bench/scale.py                    # 200,000 lines
    python bench/scale.py --lines 20000      # a smoke run
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from context import FIELDS, _page  # bench/context.py: the same goods receipt notes

from sakshi.context.turns import bundle_sha256

FABRICATED_EVERY = 20


def generate(root: Path, n_docs: int, n_lines: int, seed: int) -> tuple[Path, Path, int, int]:
    """(TURNS.jsonl, documents folder, its size in bytes, planned red lines)."""
    rng = random.Random(seed)
    docs = root / "docs"
    docs.mkdir()
    pages: list[tuple[str, list[tuple[str, str, str]]]] = []
    for index in range(n_docs):
        text, facts = _page(rng, index + 1)
        pages.append((text, facts))
        doc_id = f"grn-{index:04d}"
        if index % 2:
            (docs / f"{doc_id}.txt").write_bytes(text.encode("utf-8"))
        else:
            body = f"id: {doc_id}\npages: [{json.dumps(text, ensure_ascii=False)}]\n"
            (docs / f"{doc_id}.yaml").write_text(body, encoding="utf-8")
    bundles = [{"engine": "matter-context", "query": f"receipts, batch {b}"} for b in range(16)]
    digests = [bundle_sha256(b) for b in bundles]
    red = 0
    turns = root / "TURNS.jsonl"
    with open(turns, "w", encoding="utf-8") as out:
        for n in range(n_lines):
            index = rng.randrange(n_docs)
            text, facts = pages[index]
            field, value, line = rng.choice(facts)
            cite: dict[str, object] = {"doc": f"grn-{index:04d}", "quote": line}
            if index % 2 == 0:
                cite["page"] = 1
            if rng.random() < 0.5:
                start = text.index(line)
                cite.update(char_start=start, char_end=start + len(line))
            if n % FABRICATED_EVERY == 7:
                cite["quote"] = line[:-1] + ("x" if line[-1] != "x" else "y")
                red += 1
            b = n % len(bundles)
            logged = {
                "id": n + 1,
                "engine_state": "live",
                "bundle": bundles[b],
                "documents": [f"grn-{index:04d}"],
                "fields": FIELDS,  # declared as a team would (SPEC 8)
                "turn": {
                    "context_provenance": {"engine_state": "live", "bundle_sha256": digests[b]},
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
    return turns, docs, turns.stat().st_size, red


def _timed(argv: list[str], out: Path) -> tuple[float, int, str]:
    with open(out, "wb") as sink:
        start = time.perf_counter()
        proc = subprocess.run(argv, stdout=sink, stderr=subprocess.PIPE, check=False)
        elapsed = time.perf_counter() - start
    return elapsed, proc.returncode, proc.stderr.decode("utf-8", "replace").strip()[-500:]


def _check(out: Path, lines: int, red: int) -> tuple[str, str | None]:
    """(sha256 of the output, what is wrong or None)."""
    data = out.read_bytes()
    rows = data.splitlines()
    if len(rows) != lines:
        return "", f"{len(rows)} output lines, expected {lines}"
    reds = sum(1 for row in rows if b'"verdict":"red"' in row)
    if reds != red:
        return "", f"{reds} red lines, planned {red}"
    return hashlib.sha256(data).hexdigest(), None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--lines", type=int, default=200_000, help="turn log lines (default 200000)"
    )
    parser.add_argument("--docs", type=int, default=1000, help="documents (default 1000)")
    parser.add_argument(
        "--rounds", type=int, default=2, help="rounds; the best of each is kept (default 2)"
    )
    parser.add_argument("--seed", type=int, default=20260504)
    parser.add_argument(
        "--no-dask", action="store_true", help="time only the local engine and --jobs 2"
    )
    args = parser.parse_args(argv)
    if args.lines < 1 or args.docs < 1:
        parser.error("--lines and --docs must be at least 1")
    with tempfile.TemporaryDirectory(prefix="sakshi-bench-scale-") as tmp:
        return _run(Path(tmp), args)


def _run(root: Path, args: argparse.Namespace) -> int:
    turns, docs, size, red = generate(root, args.docs, args.lines, args.seed)
    print(
        f"{args.lines} logged turns ({size / 1e6:.1f} MB, {red} with a fabricated quote), "
        f"{args.docs} documents, in {root}"
    )
    base = [sys.executable, "-m", "sakshi", "grade", str(turns), "--documents", str(docs)]
    runs: list[tuple[str, list[str], int]] = [("local", [], 0), ("--jobs 2", ["--jobs", "2"], 0)]
    if not args.no_dask:
        try:
            import distributed  # noqa: F401 - only to know it is there
        except ImportError:
            print("  skipping dask: pip install 'sakshi[dask]'")
        else:
            runs += [("dask, 1 worker", [], 1), ("dask, 2 workers", [], 2)]
    best: dict[str, float] = {}
    digest: str | None = None
    for name, extra, workers in runs:
        cluster = None
        if workers:
            from distributed import LocalCluster

            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
            )
            extra = ["--engine", "dask", "--scheduler", cluster.scheduler_address]
        try:
            for round_no in range(1, args.rounds + 1):
                out = root / f"out-{workers}-{len(extra)}.jsonl"
                elapsed, code, err = _timed(base + extra, out)
                if code != (1 if red else 0):
                    print(f"{name}: exit {code}: {err}", file=sys.stderr)
                    return 1
                got, wrong = _check(out, args.lines, red)
                if wrong or (digest is not None and got != digest):
                    print(
                        f"{name}: {wrong or 'output differs from the local run'}", file=sys.stderr
                    )
                    return 1
                digest = got
                best[name] = min(best.get(name, float("inf")), elapsed)
                print(f"  {name}, round {round_no}: {elapsed:.2f} s", flush=True)
        finally:
            if cluster is not None:
                cluster.close()
    print(
        f"\nevery run wrote the same {args.lines} lines"
        f" (sha256 {digest[:16] if digest else '-'}...)"
    )
    local = best["local"]
    for name, elapsed in best.items():
        print(
            f"{name:<16} {elapsed:7.2f} s  {args.lines / elapsed:9.0f} lines/s"
            f"  {local / elapsed:5.2f}x local"
        )
    if "dask, 1 worker" in best and "dask, 2 workers" in best:
        print(
            f"dask: two workers {best['dask, 1 worker'] / best['dask, 2 workers']:.2f}x"
            " one worker (2 cores)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
