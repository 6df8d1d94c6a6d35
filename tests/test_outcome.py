"""A command's outcome, and the one place it becomes an exit code (``cli.main``)."""

from __future__ import annotations

import dataclasses

import pytest

from sakshi.cli import _exit_code, main
from sakshi.commands.outcome import FAILED, HELD, UNUSABLE, Outcome, judged
from sakshi.errors import ExitCode


def test_the_exit_codes_are_the_contracts() -> None:
    assert [int(code) for code in ExitCode] == [0, 1, 2]
    assert (HELD.code, FAILED.code, UNUSABLE.code) == (0, 1, 2)


def test_judged_is_failed_only_when_something_did_not_hold() -> None:
    assert judged(False) is HELD
    assert judged(True) is FAILED


def test_an_outcome_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        HELD.code = ExitCode.FAILED  # type: ignore[misc]


@pytest.mark.parametrize(
    ("result", "code"),
    [
        (HELD, 0),
        (FAILED, 1),
        (UNUSABLE, 2),
        (Outcome(ExitCode.FAILED), 1),
        (0, 0),  # click's own --help and --version
        (None, 0),  # a command with no verdict to give (cache info)
    ],
)
def test_the_cli_turns_an_outcome_into_its_code(result: object, code: int) -> None:
    assert _exit_code(result) == code


def test_anything_else_a_command_returns_is_an_internal_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A command that returned a verdict of its own instead of an outcome (False for "did
    # not hold", say) is never read as a pass.
    for result in ("held", False, True, ExitCode.OK):
        assert _exit_code(result) == 2
    err = capsys.readouterr().err
    assert "internal error: a command returned bool" in err
    assert "internal error: a command returned str" in err


def test_help_and_version_still_end_in_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert main(["--help"]) == 0
    assert main(["no-such-command"]) == 2
    capsys.readouterr()
