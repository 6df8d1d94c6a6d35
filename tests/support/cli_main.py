"""``sakshi ARGV`` run in this process through ``sakshi.cli.main``, for the CLI tests.

Not a test module: the ``test_*_cli`` modules and others import it (each puts
``tests/support`` on ``sys.path`` first).
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from sakshi.cli import main


class CliRun(NamedTuple):
    """What one ``main`` call did: its exit code and what it printed."""

    code: int
    out: str
    err: str


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> CliRun:
    """``main(argv)``; stdout and stderr are all that is captured up to its return."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return CliRun(code, captured.out, captured.err)


def run_cli_fresh(capsys: pytest.CaptureFixture[str], *argv: str) -> CliRun:
    """``run_cli``, less anything printed before the call (a fixture's ``init``, say)."""
    capsys.readouterr()
    return run_cli(capsys, *argv)
