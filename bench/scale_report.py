"""bench/scale.py's figures: the best of each run over the rounds, the byte-for-byte check
against the local run, and the printed report with each target's PASS or MISS."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import NamedTuple

from scale_log import BenchLog

LOCAL_VS_PLAIN = 2.0  # local grade's time at most this many times the plain loop's
DASK_ONE_VS_LOCAL = 1.25  # one Dask worker's time at most this many times the local run's
DASK_TWO_OVER_ONE = 1.7  # two workers at least this many times faster than one
JOBS_FROM = 50_000  # --jobs 2 faster than one process from this many lines
# The distinct draw's targets (issue 25): one process within this many times the plain
# loop's time, and two processes (--jobs 2) or two Dask workers at least this much faster.
DISTINCT_VS_PLAIN = 10.0
DISTINCT_SPEED_UP = 1.7
REPEATED, DISTINCT = "repeated", "distinct"  # the two draws of the log
LONG = "local, fast paths off"  # sakshi grade with every shortcut taking the long way


class DaskCpu(NamedTuple):
    """CPU seconds a Dask run cost on the cluster: each worker's, and the scheduler's
    process (this bench's process, where LocalCluster runs its scheduler)."""

    workers: tuple[float, ...]
    scheduler: float

    def split(self) -> str:
        """Each worker's CPU seconds, ``7.10+7.32``: how evenly the tasks were shared."""
        return "+".join(f"{seconds:.2f}" for seconds in self.workers)


class RunKey(NamedTuple):
    """Which run: its name, the lines it graded, its Dask workers (0 when local) and the
    draw of its log."""

    name: str
    lines: int
    workers: int
    draw: str = REPEATED


@dataclass
class Figure:
    """The best over the rounds of one run: wall and CPU each at their own minimum, the
    Dask CPU of the round with the best wall."""

    wall: float
    cpu: float
    output_bytes: int
    dask: DaskCpu | None


@dataclass
class Best:
    """Every run's best figures, and the local run's output digest at each size."""

    figures: dict[RunKey, Figure] = field(default_factory=dict)
    local_digests: dict[tuple[str, int], str] = field(default_factory=dict)

    def add(
        self,
        key: RunKey,
        wall: float,
        cpu: float,
        data: bytes,
        dask: DaskCpu | None,
        same_bytes: bool = True,
    ) -> str | None:
        """Keep a round's figures; what is wrong when the output differs from the local
        run's at the same size (the local run comes first at each size; ``same_bytes``
        False for a run whose bytes are not sakshi's, the plain loops), else None."""
        digest = hashlib.sha256(data).hexdigest()
        reference = self.local_digests.setdefault((key.draw, key.lines), digest)
        if same_bytes and digest != reference:
            return f"output differs from the local run's ({digest[:16]} vs {reference[:16]})"
        seen = self.figures.get(key)
        if seen is None:
            self.figures[key] = Figure(wall, cpu, len(data), dask)
            return None
        if wall < seen.wall:
            seen.dask = dask
        seen.wall, seen.cpu = min(seen.wall, wall), min(seen.cpu, cpu)
        return None

    def get(self, name: str, lines: int, workers: int = 0, draw: str = REPEATED) -> Figure:
        """The best figures of one run."""
        return self.figures[RunKey(name, lines, workers, draw)]


def _mark(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(
    best: Best,
    log: BenchLog,
    dask: bool,
    longer: BenchLog | None = None,
    distinct: BenchLog | None = None,
) -> int:
    """Print every figure and target; returns how many targets were missed."""
    missed = 0
    lines = log.lines
    local, plain = best.get("local", lines), best.get("plain loop", lines)
    with_values = best.get("plain loop + values", lines)
    print(f"\nlocal grade beside the plain loop, {lines:,} lines   wall      lines/s        CPU")
    long_way = best.get(LONG, lines)
    for name, figure in (
        ("plain loop", plain),
        ("plain loop + value reading (SPEC 8)", with_values),
        ("sakshi grade", local),
        ("sakshi grade, its fast paths off", long_way),
    ):
        print(f"  {name:<44}{figure.wall:7.2f} s {lines / figure.wall:10,.0f} {figure.cpu:8.2f} s")
    ratio = local.wall / plain.wall
    ok = ratio <= LOCAL_VS_PLAIN
    missed += not ok
    print(
        f"  sakshi / plain loop: {ratio:.2f}x wall, {local.cpu / plain.cpu:.2f}x CPU"
        f" (target within {LOCAL_VS_PLAIN}x): {_mark(ok)}\n"
        f"  sakshi / plain loop + value reading: {local.wall / with_values.wall:.2f}x wall,"
        f" {local.cpu / with_values.cpu:.2f}x CPU (the same work; no target)\n"
        f"  {_bought(local, long_way)}"
    )
    missed += _report_jobs(best)
    if dask:
        missed += _report_dask(best, lines, None if longer is None else longer.lines)
    if distinct is not None:
        missed += _report_distinct(best, distinct, dask)
    print(
        f"\noutputs: every run red on exactly the {len(log.red_ids):,} planted ids and"
        f" sakshi's byte-identical to the local run's at its size"
        f" (sha256 {best.local_digests[REPEATED, lines][:16]}...);\n  {log.size_bytes / lines:.0f}"
        f" log bytes a turn in, {local.output_bytes / lines:.0f} bytes a turn out"
    )
    if distinct is not None:
        print(
            f"  on the distinct draw, red on exactly its {len(distinct.red_ids):,} planted ids,"
            " each for its planted reason on its planted field (the plain loop without values:"
            " the changed quotes alone)"
        )
    return missed


def _report_jobs(best: Best) -> int:
    missed = 0
    print(
        "\n--jobs 2 beside one process  wall: one process  --jobs 2  speed-up"
        "   CPU: one process  --jobs 2"
    )
    sizes = sorted(
        {key.lines for key in best.figures if key.name == "--jobs 2" and key.draw == REPEATED}
    )
    for lines in sizes:
        one, two = best.get("local", lines), best.get("--jobs 2", lines)
        speed_up = one.wall / two.wall
        if lines >= JOBS_FROM:
            mark = _mark(speed_up > 1.0)
            missed += speed_up <= 1.0
        else:
            mark = f"(no target below {JOBS_FROM:,} lines)"
        print(
            f"  {lines:>9,} lines {one.wall:20.2f} s {two.wall:8.2f} s {speed_up:8.2f}x"
            f" {one.cpu:17.2f} s {two.cpu:7.2f} s  {mark}"
        )
    print(f"  target: --jobs 2 faster than one process from {JOBS_FROM:,} lines")
    return missed


def _dask_rows(best: Best, lines: int) -> None:
    local = best.get("local", lines)
    print(
        f"\nDask LocalCluster, {lines:,} lines     wall      lines/s  a worker"
        "   CPU: client  workers  scheduler"
    )
    print(f"  (the local run{local.wall:20.2f} s {lines / local.wall:10,.0f})")
    for workers in (1, 2):
        figure = best.get("dask", lines, workers)
        rate = lines / figure.wall
        cpu = figure.dask or DaskCpu((), 0.0)
        print(
            f"  {workers} worker{'s' if workers > 1 else ' '}{figure.wall:24.2f} s {rate:10,.0f}"
            f" {rate / workers:9,.0f} {figure.cpu:12.2f} s {sum(cpu.workers):7.2f} s"
            f" {cpu.scheduler:7.2f} s"
        )


def _report_dask(best: Best, lines: int, longer: int | None) -> int:
    _dask_rows(best, lines)
    local = best.get("local", lines)
    one, two = best.get("dask", lines, 1), best.get("dask", lines, 2)
    one_vs_local = one.wall / local.wall
    two_over_one = one.wall / two.wall
    ok_one = one_vs_local <= DASK_ONE_VS_LOCAL
    print(
        f"  one worker: {one_vs_local:.2f}x the local run's time"
        f" (target within {DASK_ONE_VS_LOCAL}x): {_mark(ok_one)}"
    )
    judged = lines
    if longer is not None:
        print(f"  two workers: {two_over_one:.2f}x one worker's speed (judged on {longer:,} lines)")
        _dask_rows(best, longer)
        one, two = best.get("dask", longer, 1), best.get("dask", longer, 2)
        two_over_one, judged = one.wall / two.wall, longer
    ok_two = two_over_one >= DASK_TWO_OVER_ONE
    print(
        f"  two workers: {two_over_one:.2f}x one worker's speed on {judged:,} lines"
        f" (target at least {DASK_TWO_OVER_ONE}x): {_mark(ok_two)}"
    )
    if one.dask and two.dask and sum(one.dask.workers) > 0 and max(two.dask.workers) > 0:
        one_cpu, busiest = sum(one.dask.workers), max(two.dask.workers)
        local = best.get("local", judged)
        print(
            f"  one worker grades {judged / one_cpu:,.0f} lines a CPU second"
            f" (the local process: {judged / local.cpu:,.0f}); two workers' CPU"
            f" {two.dask.split()} s: on two idle cores at most {one_cpu / busiest:.2f}x one"
            " (an estimate from CPU, not a target's measure)"
        )
    return (not ok_one) + (not ok_two)


def _report_distinct(best: Best, log: BenchLog, dask: bool) -> int:
    """The distinct draw's rows and issue 25's targets on it; how many were missed."""
    lines = log.lines

    def get(name: str, workers: int = 0) -> Figure:
        return best.get(name, lines, workers, DISTINCT)

    share = 100 * (log.distinct or 0.0)
    print(
        f"\ndistinct draw, {lines:,} lines ({share:.1f}% of turns with every quote and value"
        " new, three values a turn)\n"
        f"  {'':<44}   wall      lines/s        CPU   (Dask: the workers' CPU)"
    )
    rows = [
        ("plain loop", get("plain loop")),
        ("plain loop + value reading", get("plain loop + values")),
        ("sakshi grade, one process", get("local")),
        ("sakshi grade, its fast paths off", get(LONG)),
        ("--jobs 2", get("--jobs 2")),
    ]
    if dask:
        rows += [("Dask, 1 worker", get("dask", 1)), ("Dask, 2 workers", get("dask", 2))]
    for name, figure in rows:
        cpu = sum(figure.dask.workers) if figure.dask else figure.cpu
        print(f"  {name:<44}{figure.wall:7.2f} s {lines / figure.wall:10,.0f} {cpu:8.2f} s")
    local, plain = get("local"), get("plain loop")
    ratio = (
        f"one process / plain loop: {local.wall / plain.wall:.2f}x wall,"
        f" {local.cpu / plain.cpu:.2f}x CPU (target within {DISTINCT_VS_PLAIN:g}x)"
    )
    checks = [
        (ratio, local.wall / plain.wall <= DISTINCT_VS_PLAIN),
        _speed_up("--jobs 2 over one process", local, get("--jobs 2")),
    ]
    if dask:
        checks.append(_speed_up("two Dask workers over one", get("dask", 1), get("dask", 2)))
    for said, ok in checks:
        print(f"  {said}: {_mark(ok)}")
    print(f"  {_bought(local, get(LONG))}")
    return sum(not ok for _, ok in checks)


def _bought(fast: Figure, long_way: Figure) -> str:
    """What the fast paths buy: the long way's time over the fast run's (no target; a
    second path that buys little should go, STYLE: one rule, one place)."""
    return (
        f"the fast paths buy {long_way.wall / fast.wall:.2f}x wall,"
        f" {long_way.cpu / fast.cpu:.2f}x CPU (the long way's time over the fast run's;"
        " the same output bytes)"
    )


def _speed_up(name: str, one: Figure, two: Figure) -> tuple[str, bool]:
    """A speed-up's line and whether it meets DISTINCT_SPEED_UP."""
    speed_up = one.wall / two.wall
    said = f"{name}: {speed_up:.2f}x (target at least {DISTINCT_SPEED_UP:g}x)"
    return said, speed_up >= DISTINCT_SPEED_UP
