"""Runs of ``sakshi grade`` that the hostile grade tests share: in a child process bounded
in time and memory (a regression fails the test instead of hanging the suite or filling
the machine), in this process, and on a Dask cluster whose workers are threads of this
process (``grade_logs.in_process_cluster``: they see this process's stand-in store and
monkeypatches).

Not a test module: ``test_grade_*`` beside it import it.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from grade_logs import (
    GradeRun,
    grade_here,
    in_process_cluster,
    log_bytes,
    one_line_error,
    turn_line,
    write_docs,
)

__all__ = [
    "ENGINES",
    "GradeRun",
    "bounded_grade",
    "engine_args",
    "grade_here",
    "in_process_cluster",
    "log_bytes",
    "one_line_error",
    "turn_line",
    "write_docs",
]

SECONDS = 60  # the refusals take well under a second; this only bounds a regression
MEMORY = 1 << 30  # the child's address space: reading /dev/zero whole dies here, not the host
ENGINES = ("jobs1", "jobs2", "dask")  # the three ways a run is graded, which agree byte for byte


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def bounded_grade(cwd: Path, *args: object, seconds: float = SECONDS) -> GradeRun:
    """``sakshi grade ARGS`` in ``cwd``, in a child process with a time and memory bound."""
    completed = subprocess.run(
        [sys.executable, "-m", "sakshi", "grade", *(str(arg) for arg in args)],
        cwd=cwd,
        capture_output=True,
        timeout=seconds,
        preexec_fn=_bounded,
        env=dict(os.environ),
        check=False,
    )
    return GradeRun(
        completed.returncode, completed.stdout, completed.stderr.decode("utf-8", "replace")
    )


def engine_args(engine: str, scheduler: str | None) -> tuple[str, ...]:
    """The options that grade on ``engine`` (one of ``ENGINES``)."""
    if engine == "dask":
        assert scheduler is not None
        return ("--engine", "dask", "--scheduler", scheduler)
    return ("--jobs", engine.removeprefix("jobs"))
