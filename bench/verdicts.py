"""What every benchmark checks before it prints a time: the output it timed, verdict by
verdict by id, against the verdict each input must get. A fast run that admits what it must
refuse, refuses what it must admit, or loses lines is no result.

That the check can fail is shown first: ``refuse_constant_graders`` feeds it the output of
a grader that says green for every input and of one that says red for every input, and
stops the benchmark if either passes (an input set of one colour could not tell them from
a real grader).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["Check", "check_verdicts", "fabricated", "refuse_constant_graders"]

V = TypeVar("V", bound=Hashable)


@dataclass(frozen=True)
class Check:
    """An output compared with the expected verdicts, line by line by id."""

    lines: int
    missing: int  # expected ids with no line
    stray: int  # lines with an unknown or repeated id, or a verdict of another type
    escapes: int  # green where red was expected
    refused: int  # red where green was expected
    other: int  # red of another kind than expected (an error for a fail)
    green: int  # how many inputs must be green
    tolerance: float  # the share of ``green`` that may be refused

    @property
    def passed(self) -> bool:
        """No line lost or stray, nothing admitted that must not be, no red of the wrong
        kind, and at most ``tolerance`` of the green inputs refused."""
        clean = self.missing == 0 and self.stray == 0 and self.escapes == 0 and self.other == 0
        return clean and self.refused <= self.tolerance * self.green

    def describe(self) -> str:
        """One line: what the check found, and PASS or FAIL."""
        share = 100 * self.refused / self.green if self.green else 0.0
        other = f", {self.other} red of the wrong kind" if self.other else ""
        return (
            f"{self.lines:,} lines: {self.missing} missing, {self.stray} stray,"
            f" {self.escapes} escapes, {self.refused} of {self.green:,} green refused"
            f" ({share:.1f}%){other}: {'PASS' if self.passed else 'FAIL'}"
        )


def check_verdicts(
    expected: Mapping[str, V],
    rows: Iterable[tuple[object, object]],
    green: V,
    tolerance: float = 0.0,
) -> Check:
    """Compare each ``(id, verdict)`` row with the expected verdict of its id. ``green``
    is the verdict that admits (True, PASS); a verdict must be of its type."""
    seen: set[str] = set()
    lines = stray = escapes = refused = other = 0
    for key, verdict in rows:
        lines += 1
        if type(key) is not str or key not in expected or key in seen:
            stray += 1
            continue
        if type(verdict) is not type(green):
            stray += 1
            continue
        seen.add(key)
        want = expected[key]
        if verdict == want:
            continue
        if verdict == green:
            escapes += 1
        elif want == green:
            refused += 1
        else:
            other += 1
    right = sum(1 for verdict in expected.values() if verdict == green)
    return Check(lines, len(expected) - len(seen), stray, escapes, refused, other, right, tolerance)


def fabricated(expected: Mapping[str, V], verdict: object) -> list[tuple[object, object]]:
    """The output of a grader that answers ``verdict`` for every input."""
    return [(key, verdict) for key in expected]


def refuse_constant_graders(
    expected: Mapping[str, V], green: V, red: V, tolerance: float = 0.0
) -> tuple[str, ...]:
    """Lines saying that an always-green and an always-red grader fail the check; raises
    AssertionError if either passes it (the benchmark's inputs cannot tell them apart)."""
    lines = []
    for name, verdict in (("always-green", green), ("always-red", red)):
        check = check_verdicts(expected, fabricated(expected, verdict), green, tolerance)
        if check.passed:
            raise AssertionError(f"the output check passes an {name} grader: {check.describe()}")
        lines.append(
            f"check of a fabricated {name} grader's output: {check.describe()} (as it must)"
        )
    return tuple(lines)
