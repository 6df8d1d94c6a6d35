"""``sakshi ARGV`` run in this process through ``sakshi.cli.main``, for the CLI tests.

Not a test module: the ``test_*_cli`` modules and others import it (each puts
``tests/support`` on ``sys.path`` first).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

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


@dataclass(frozen=True)
class VerifyRun:
    """One ``verify-spans`` or ``verify-values`` run: its exit code, what it printed, and
    the JSONL results on stdout read back."""

    code: int
    out: str
    err: str

    @property
    def results(self) -> list[dict[str, Any]]:
        """Each stdout line as JSON."""
        return [json.loads(line) for line in self.out.splitlines()]

    def verdicts(self) -> list[tuple[object, bool, str, str | None]]:
        """Each result's id, verified, reason and value_reason (verify-values' results)."""
        return [(r["id"], r["verified"], r["reason"], r["value_reason"]) for r in self.results]


Verifier = Callable[..., VerifyRun]


def verifier(capsys: pytest.CaptureFixture[str]) -> Verifier:
    """``sakshi ARGS...`` in process (each argument as ``str``): the exit code ``main``
    returns and what it printed."""

    def run(*args: object) -> VerifyRun:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return VerifyRun(code, captured.out, captured.err)

    return run
