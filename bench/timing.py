"""Whole-process timing shared by the benchmarks: wall time, and the CPU time (user +
system) of the process and what it waited for, which a busy machine does not inflate."""

from __future__ import annotations

import resource
import subprocess
import time
from pathlib import Path
from typing import NamedTuple

__all__ = ["Timed", "children_cpu", "timed"]


class Timed(NamedTuple):
    """One whole-process run: wall and CPU seconds, exit code, the tail of its stderr."""

    wall: float
    cpu: float
    code: int
    err: str


def children_cpu() -> float:
    """CPU seconds used so far by the finished children of this process."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], out: Path) -> Timed:
    """Run ``argv`` with its stdout to ``out``: its times, exit code and stderr's tail."""
    with open(out, "wb") as sink:
        cpu, start = children_cpu(), time.perf_counter()
        proc = subprocess.run(argv, check=False, stdout=sink, stderr=subprocess.PIPE)
        wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    return Timed(wall, cpu, proc.returncode, proc.stderr.decode("utf-8", "replace").strip()[-500:])
