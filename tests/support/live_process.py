"""``python -m sakshi`` as a child process, for the live lane's tests: an environment with
no models and no Pi named (each test names its own) and a temp folder of the test's own, so
what the run leaves behind can be checked.

Not a test module: ``tests/test_live_lane.py`` and ``tests/hostile/test_live_evidence.py``
import it (each puts ``tests/support`` on ``sys.path`` first).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sakshi.recovery import live, pi_agent


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """This process's environment less the lane's models and Pi, with ``TMPDIR`` set to
    ``tmp_path/systmp`` (made if missing) and ``extra`` added."""
    temp = tmp_path / "systmp"
    temp.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in (live.MODELS_ENV, pi_agent.PI_BIN_ENV)}
    env.update({"TMPDIR": str(temp), **extra})
    return env


def sakshi(
    *argv: str, env: dict[str, str], cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python -m sakshi ARGV`` in ``cwd`` with ``env``; its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "sakshi", *argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
