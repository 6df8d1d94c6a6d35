"""The installed ``sakshi`` executable, run as a user would: the SPEC acceptance suites'
one runner (tests/test_spec_acceptance_*.py).

Not a test module: those modules import it (each puts ``tests/support`` on ``sys.path``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

__all__ = ["Run", "refused", "sakshi"]


class Run(NamedTuple):
    """What one CLI call left behind: its exit code and both streams."""

    code: int
    out: str
    err: str


def sakshi(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> Run:
    """Run the installed executable (the venv's, beside this interpreter) as a user would."""
    exe = shutil.which("sakshi", path=str(Path(sys.executable).parent)) or "sakshi"
    proc = subprocess.run(
        [exe, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def refused(run: Run, *named: str) -> bool:
    """Exit 2, nothing on stdout, one line on stderr naming each of ``named``."""
    lines = run.err.strip().splitlines()
    return (
        run.code == 2
        and run.out == ""
        and len(lines) == 1
        and "Traceback" not in run.err
        and all(name in lines[0] for name in named)
    )
