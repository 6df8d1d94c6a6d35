"""Benchmark: ``sakshi grade`` on a 200,000-line turn log beside the plain loop, with
--jobs 2, and on Dask, in one run.

It writes, in a temporary folder, 1,000 seeded documents and a turn log of 200,000 lines
(bench/scale_log.py: every 20th quote has one character changed, so exactly those ids must
be red). Then, in interleaved rounds, best of N, it times whole processes, output to a file:

1. the plain loop (bench/scale_plain.py: orjson parse, a dict of documents loaded once,
   the slice compare, the bundle hash as sakshi computes it) and ``sakshi grade TURNS
   --documents DIR`` (one process): the ratio, target within 2x;
2. ``--jobs 2`` beside one process at 50,000 lines, 100,000 and the whole log: target
   faster from 50,000 lines;
3. ``--engine dask --scheduler ADDRESS`` against a Dask LocalCluster on loopback with one
   worker process and with two (one thread each), both started before the timing as a
   real cluster would be running: lines/s per worker, one worker's time against the local
   run on the log (target within 1.25x), and two workers' speed-up over one, on the log
   and on a longer one (``--dask-lines``, default 1,000,000 lines: the same log, longer),
   the target (at least 1.7x) judged on the longer. Each worker reads the documents and
   checks each distinct value once for itself before its lines run at full speed; on
   200,000 lines that warm-up, done by both workers, is a third of a worker's time, which
   no number of workers shares; on a day's traffic it is nothing (docs/scale.md).

4. ``sakshi grade`` with its fast paths off (bench/scale_long_way.py: the green-line
   shortcut, the plain span and the plain turn each replaced by the long way), on both
   draws: what the second paths buy, which must be worth their keep;
5. the same runs on the distinct draw (bench/scale_distinct.py, ``--distinct-lines``,
   default 20,000): a log in which, as in production traffic, every turn cites quotes and
   states values that no earlier turn did (the share of such turns is printed; at least
   95%), three declared values a turn, so no memo of the grade answers a line for it. Its
   Dask runs take the default partitions (a partition a worker's thread); the targets of
   issue 25 are judged on it: one process within 10x of the plain loop, ``--jobs 2`` and
   two Dask workers each at least 1.7x one.

Every output must have red exactly on the planted ids (on the distinct draw, each for its
planted reason and on its planted field) and be byte-identical to the local run's at its
size; otherwise, or when a process fails, exit 1. Before any run, the check is shown to
fail an always-green and an always-red grader's output on each log. A missed target is MISS
and exit 0, unless ``--require-targets``. Beside each wall time it prints the CPU time of
the process and its children (steadier when other work shares the cores), and for Dask
the CPU of the client process, the workers and the scheduler (in this process).

    python bench/scale.py                    # 200,000 lines (Dask also 1,000,000), best of 3
    python bench/scale.py --lines 20000 --dask-lines 40000 --distinct-lines 2000  # a smoke run
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scale_distinct import generate_distinct
from scale_log import BenchLog, fabricated_output, generate, output_problem
from scale_report import DISTINCT, LONG, REPEATED, Best, DaskCpu, RunKey, report
from timing import timed

JOBS_SIZES = (50_000, 100_000)  # and the whole log
PARTITIONS = 32  # a log in this many Dask tasks, when sakshi grade has --partition-size
PLAIN = Path(__file__).with_name("scale_plain.py")
LONG_WAY = Path(__file__).with_name("scale_long_way.py")  # sakshi grade, fast paths off


@dataclass(frozen=True)
class Run:
    """One timed command: its name, the log it grades and its arguments after the log."""

    name: str
    log: BenchLog
    argv: tuple[str, ...]
    workers: int = 0  # Dask workers, 0 when local
    draw: str = REPEATED  # which log: the repeated draw or the distinct one


def process_cpu() -> float:
    """CPU seconds of the calling process (a Dask worker, the scheduler's process)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Cluster:
    """A LocalCluster and the bench's own client to it (to read its workers' CPU)."""

    address: str
    client: Any

    def workers_cpu(self) -> tuple[float, ...]:
        """CPU seconds each worker process has used so far, in the workers' order."""
        used = self.client.run(process_cpu)
        return tuple(float(used[address]) for address in sorted(used))


@contextmanager
def local_cluster(workers: int) -> Iterator[Cluster]:
    """A LocalCluster on loopback: ``workers`` processes of one thread each."""
    from distributed import Client, LocalCluster

    # Two clusters run side by side (the rounds interleave): the second finds the
    # dashboard port taken and says so; no dashboard is used.
    warnings.filterwarnings("ignore", message="Port .* is already in use")
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster, set_as_default=False) as client,  # type: ignore[no-untyped-call]
    ):
        client.wait_for_workers(workers)
        yield Cluster(cluster.scheduler_address, client)


def plan(log: BenchLog, docs: Path, dask: bool, longer: BenchLog | None = None) -> list[Run]:
    """Every run of a round, each local run before the others at its size (it is the
    reference their outputs must equal)."""
    grade = (sys.executable, "-m", "sakshi", "grade")
    runs = [
        Run("local", log, (*grade, str(log.turns), "--documents", str(docs))),
        Run("plain loop", log, (sys.executable, str(PLAIN), str(log.turns), str(docs))),
        Run(
            "plain loop + values",
            log,
            (sys.executable, str(PLAIN), str(log.turns), str(docs), "--values"),
        ),
        Run(
            LONG,
            log,
            (sys.executable, str(LONG_WAY), *grade[3:], str(log.turns), "--documents", str(docs)),
        ),
    ]
    sizes = [log.prefix(size) for size in JOBS_SIZES if size < log.lines] + [log]
    for part in sizes:
        local: tuple[str, ...] = (*grade, str(part.turns), "--documents", str(docs))
        if part is not log:
            runs.append(Run("local", part, local))
        runs.append(Run("--jobs 2", part, (*local, "--jobs", "2")))
    if dask:
        for part in [log] if longer is None else [log, longer]:
            on_dask: tuple[str, ...] = (*grade, str(part.turns), "--documents", str(docs))
            on_dask += ("--engine", "dask", *partitioning(part))
            if part is longer:  # its local run: the reference the workers' bytes must equal
                runs.append(Run("local", part, (*grade, str(part.turns), "--documents", str(docs))))
            runs += [Run("dask", part, on_dask, workers=1), Run("dask", part, on_dask, workers=2)]
    return runs


def plan_distinct(log: BenchLog, docs: Path, dask: bool) -> list[Run]:
    """The runs of a round on the distinct draw, the local run first: the plain loops,
    one process, ``--jobs 2`` and (with ``dask``) one and two workers, whose partitions
    are sakshi's default (one a worker's thread)."""
    grade = (sys.executable, "-m", "sakshi", "grade", str(log.turns), "--documents", str(docs))
    plain = (sys.executable, str(PLAIN), str(log.turns), str(docs))
    runs = [
        Run("local", log, grade, draw=DISTINCT),
        Run(LONG, log, (sys.executable, str(LONG_WAY), *grade[3:]), draw=DISTINCT),
        Run("plain loop", log, plain, draw=DISTINCT),
        Run("plain loop + values", log, (*plain, "--values"), draw=DISTINCT),
        Run("--jobs 2", log, (*grade, "--jobs", "2"), draw=DISTINCT),
    ]
    if dask:
        on_dask = (*grade, "--engine", "dask")
        runs += [Run("dask", log, on_dask, 1, DISTINCT), Run("dask", log, on_dask, 2, DISTINCT)]
    return runs


def partitioning(log: BenchLog) -> tuple[str, ...]:
    """``--partition-size`` for about PARTITIONS tasks, when this sakshi grade has the
    option (it came with workers reading their own partitions): one worker and two grade
    the same tasks, and two can share them evenly. Empty when it has not."""
    usage = subprocess.run(
        [sys.executable, "-m", "sakshi", "grade", "--help"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    if "--partition-size" not in usage:
        return ()
    return ("--partition-size", str(-(-log.size_bytes // PARTITIONS)))


def main(argv: list[str] | None = None) -> int:
    """Generate the log, run the rounds, print the figures; 1 when an output is wrong."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000, help="log lines (200000)")
    parser.add_argument("--docs", type=int, default=1000, help="documents (default 1000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, best kept (3)")
    parser.add_argument(
        "--dask-lines",
        type=int,
        default=1_000_000,
        help="the longer log two Dask workers are judged on (1000000; 0: none)",
    )
    parser.add_argument(
        "--distinct-lines",
        type=int,
        default=20_000,
        help="turns of the distinct draw, every quote and value new (20000; 0: none)",
    )
    parser.add_argument("--seed", type=int, default=20260504)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask runs")
    parser.add_argument(
        "--require-targets", action="store_true", help="exit 1 when a target is missed"
    )
    args = parser.parse_args(argv)
    if args.lines < 1 or args.docs < 1 or args.rounds < 1 or args.dask_lines < 0:
        parser.error("--lines, --docs and --rounds must be at least 1")
    if args.distinct_lines < 0:
        parser.error("--distinct-lines must be 0 or more")
    with tempfile.TemporaryDirectory(prefix="sakshi-bench-scale-") as tmp:
        return _run(Path(tmp), args)


def _run(root: Path, args: argparse.Namespace) -> int:
    dask = not args.no_dask and _has_distributed()
    longest = max(args.lines, args.dask_lines if dask else 0)
    whole, docs = generate(root, args.docs, longest, args.seed)
    log = whole.prefix(args.lines)  # the same turns, fewer: one draw for every size
    longer = whole if dask and args.dask_lines > args.lines else None
    print(
        f"machine: {os.cpu_count()} cores (os.cpu_count()), load average"
        f" {'/'.join(f'{load:.2f}' for load in os.getloadavg())} before the runs\n"
        f"log: {log.lines:,} turns, {log.size_bytes / 1e6:.1f} MB"
        f" ({log.size_bytes / log.lines:.0f} bytes a turn), {len(log.red_ids):,} planted red;"
        f" {args.docs:,} documents ({_folder_bytes(docs) / 1e6:.1f} MB);"
        f" best of {args.rounds} interleaved rounds",
        flush=True,
    )
    runs = plan(log, docs, dask, longer)
    distinct, more = _distinct(root, args, dask)
    runs += more
    for checked in (log, distinct, longer):
        if checked is not None:
            _show_the_check_fails(checked)
    if dask:
        shown = [" ".join(r.argv[r.argv.index("--engine") :]) for r in runs if r.workers]
        print(f"dask runs: sakshi grade TURNS --documents DIR {shown[0]} --scheduler ADDRESS")
        if distinct is not None:
            print(f"  on the distinct draw: {shown[-1]} (the default partitions)")
    best = Best()
    with ExitStack() as stack:
        clusters = {n: stack.enter_context(local_cluster(n)) for n in (1, 2)} if dask else {}
        for round_no in range(1, args.rounds + 1):
            for run in runs:
                wrong = _one(run, clusters, root, best)
                if wrong:
                    print(f"{run.name} ({run.log.lines} lines): {wrong}", file=sys.stderr)
                    return 1
            print(f"  round {round_no} done", flush=True)
    missed = report(best, log, dask, longer, distinct)
    return 1 if missed and args.require_targets else 0


def _distinct(
    root: Path, args: argparse.Namespace, dask: bool
) -> tuple[BenchLog | None, list[Run]]:
    """The distinct draw (said as it is written) and its runs; none with
    ``--distinct-lines 0``."""
    if not args.distinct_lines:
        return None, []
    log, registers = generate_distinct(root, args.distinct_lines, args.seed)
    print(
        f"distinct draw: {log.lines:,} turns, {log.size_bytes / 1e6:.1f} MB"
        f" ({log.size_bytes / log.lines:.0f} bytes a turn, three values each),"
        f" {100 * (log.distinct or 0):.1f}% of turns with every quote and value new,"
        f" {len(log.red_ids):,} planted red; {_folder_bytes(registers) / 1e6:.1f} MB"
        " of registers",
        flush=True,
    )
    return log, plan_distinct(log, registers, dask)


def _show_the_check_fails(log: BenchLog) -> None:
    """The output check refuses a grader that answers alike for every line (so a fast
    run of wrong work cannot pass): said for each log before any run."""
    for red in (False, True):
        wrong = output_problem(fabricated_output(log, red), log)
        name = "always-red" if red else "always-green"
        if wrong is None:
            raise AssertionError(f"the output check passes an {name} grader on {log.turns.name}")
        print(f"  check of an {name} grader on {log.lines:,} lines: refused ({wrong[:70]})")


def _folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.iterdir())


def _has_distributed() -> bool:
    try:
        import distributed  # noqa: F401 - only to know it is there
    except ImportError:
        print("  skipping dask: pip install 'sakshi[dask]'")
        return False
    return True


def _one(run: Run, clusters: dict[int, Cluster], root: Path, best: Best) -> str | None:
    """Time one run and check its output; what is wrong, or None."""
    argv = list(run.argv)
    cluster = clusters.get(run.workers)
    workers_before: tuple[float, ...] = ()
    scheduler_before = 0.0
    if cluster is not None:
        argv += ["--scheduler", cluster.address]
        workers_before, scheduler_before = cluster.workers_cpu(), process_cpu()
    out = root / "out.jsonl"
    timing = timed(argv, out)
    dask_cpu = None
    if cluster is not None:
        workers = zip(cluster.workers_cpu(), workers_before, strict=True)
        dask_cpu = DaskCpu(
            tuple(after - before for after, before in workers), process_cpu() - scheduler_before
        )
    expected_code = 1 if run.log.red_ids else 0
    if timing.code != expected_code:
        return f"exit {timing.code}, expected {expected_code}: {timing.err}"
    data = out.read_bytes()
    out.unlink()
    # The plain loops are floors, not peers: their lines name no findings (so their bytes
    # are not sakshi's), and the one without values reads none.
    plain = run.name.startswith("plain loop")
    wrong = output_problem(data, run.log, values=run.name != "plain loop", findings=not plain)
    if wrong:
        return wrong
    key = RunKey(run.name, run.log.lines, run.workers, run.draw)
    return best.add(key, timing.wall, timing.cpu, data, dask_cpu, same_bytes=not plain)


if __name__ == "__main__":
    raise SystemExit(main())
