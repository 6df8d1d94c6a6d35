"""The context lane: each pack's turn (recorded, or through the route), then its grade."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sakshi.context.grade import Grade, Verdict, grade_turn, route_failed
from sakshi.context.packs import Pack, load_pack, locate_packs, sorted_by_id
from sakshi.context.routes import Route, RouteFailure, run_route
from sakshi.context.turns import Turn
from sakshi.parallel import ordered_map
from sakshi.reasons import GradeReason
from sakshi.values import FieldDecl, ValueRules

__all__ = ["PackResult", "grade_paths", "pack_turn", "run_pack", "with_rules"]


@dataclass(frozen=True)
class PackResult:
    """A graded pack: the turn it was graded on (None when the route failed), the grade,
    which route answered, and whether the verdict met the pack's expectation."""

    pack: Pack
    turn: Turn | None
    grade: Grade
    route: str

    @property
    def verdict(self) -> Verdict:
        """The grade's colour."""
        return self.grade.verdict

    @property
    def held(self) -> bool:
        """The verdict met the expectation, and a negative control had a working route."""
        return self.not_held_because is None

    @property
    def not_held_because(self) -> str | None:
        """Why the pack did not hold, in one line; None when it held."""
        if self.grade.verdict is not self.pack.expect:
            return f"expected {self.pack.expect.value}, graded {self.grade.verdict.value}"
        # A pack expected red proves the gate catches something only when its route ran:
        # red from a missing program, a crash or a timeout says nothing about the turn.
        if GradeReason.ROUTE_FAILED in self.grade.reasons:
            return (
                "expected red, but red only because the route failed (ROUTE_FAILED): "
                "a negative control needs a working route"
            )
        return None


def pack_turn(pack: Pack, route: Route) -> tuple[Turn | RouteFailure, str]:
    """The turn to grade and where it came from: the recorded one, or the route's."""
    if pack.turn is not None:
        return pack.turn, "recorded"
    return run_route(route, pack), route.name


def run_pack(pack: Pack, route: Route) -> PackResult:
    """Turn, then grade: a failed route is a red pack (ROUTE_FAILED), never a crash."""
    turn, source = pack_turn(pack, route)
    if isinstance(turn, RouteFailure):
        return PackResult(pack, None, route_failed(turn.message), source)
    grade = grade_turn(
        turn,
        pack.served,
        pack.documents,
        pack.fields,
        acts=pack.acts,
        locale=pack.locale,
        answers=pack.answers,
    )
    return PackResult(pack, turn, grade, source)


def with_rules(
    pack: Pack, fields: Mapping[str, FieldDecl] | None = None, rules: ValueRules | None = None
) -> Pack:
    """``pack`` under the project's value rules: ``fields`` when it declares none, the
    project's statute table, and its locale when the pack sets none."""
    changes: dict[str, object] = {}
    if fields and not pack.fields:
        changes["fields"] = fields
    if rules is not None:
        changes["acts"] = rules.acts
        if rules.locale is not None and pack.locale is None:
            changes["locale"] = rules.locale
    return replace(pack, **changes) if changes else pack  # type: ignore[arg-type]


def grade_paths(
    paths: Sequence[Path],
    route: Route,
    jobs: int = 1,
    tick: Callable[[int, int], None] | None = None,
    admits: Callable[[Pack], bool] | None = None,
    fields: Mapping[str, FieldDecl] | None = None,
    rules: ValueRules | None = None,
) -> list[PackResult]:
    """Load and grade every pack under ``paths`` (``jobs`` processes), sorted by id; with
    ``admits``, only the packs it admits are graded (every pack is still loaded). The
    project's value rules apply as ``with_rules`` lays them on each pack.

    The first unusable pack in discovery order stops the run, whatever ``jobs`` is; pack
    ids must be unique across the run. ``tick(done, total)`` follows progress.
    """
    located = locate_packs(paths)

    def grade_one(item: tuple[Path, str]) -> PackResult | None:
        pack = load_pack(*item)
        if admits is not None and not admits(pack):
            return None
        return run_pack(with_rules(pack, fields, rules), route)

    results: list[PackResult] = []
    if tick is not None:
        tick(0, len(located))  # the total shows while the first (slow) pack is graded
    for done, result in enumerate(ordered_map(grade_one, located, jobs, batch=25), start=1):
        if result is not None:
            results.append(result)
        if tick is not None:
            tick(done, len(located))
    return sorted_by_id(results, lambda result: result.pack)
