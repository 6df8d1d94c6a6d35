"""The code stays formatted and lint-clean: ``ruff format`` and ``ruff check`` as tests,
so that the README's one test command (and so CI) checks them too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = ["src", "tests", "bench"]


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--no-cache", *TREES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


@pytest.mark.parametrize("args", [("format", "--check"), ("check",)], ids=["format", "check"])
def test_ruff_is_clean(args: tuple[str, ...]) -> None:
    proc = _ruff(*args)
    assert proc.returncode == 0, proc.stdout + proc.stderr
