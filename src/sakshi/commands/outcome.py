"""What a command ends in. A command returns its ``Outcome``; only ``cli.main`` turns it
into the process's exit code, so a command can be called, composed and tested as a
function, and no code below the CLI ends the process.

A command that cannot grade honestly raises (an ``InputError``, one line naming the file,
key or line); ``cli.main`` turns that into exit 2. An outcome is what a command that ran
to its end has to say: everything held, or something did not (or, for a recovery run, a
trace that could not be read: ``UNUSABLE`` without an exception).
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.errors import ExitCode

__all__ = ["FAILED", "HELD", "UNUSABLE", "ExitCode", "Outcome", "judged"]


@dataclass(frozen=True)
class Outcome:
    """A command's end: the exit code ``cli.main`` returns for it."""

    code: ExitCode


HELD = Outcome(ExitCode.OK)
FAILED = Outcome(ExitCode.FAILED)
UNUSABLE = Outcome(ExitCode.UNUSABLE)


def judged(failed: bool) -> Outcome:
    """``FAILED`` when something that was graded did not hold, else ``HELD``."""
    return FAILED if failed else HELD
