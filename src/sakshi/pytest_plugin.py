"""pytest plugin: ``pytest --sakshi-packs PATH`` runs each context pack as a test item.

Registered through the ``pytest11`` entry point, so it loads in every pytest run where
sakshi is installed: it imports nothing of sakshi's lanes until the option is given.
A pack that does not hold fails with its reasons and diagnoses; a pack folder that cannot
be loaded is one failing item with the loading error (never silently no tests).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from sakshi.context.packs import Pack
    from sakshi.context.routes import Route


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("sakshi", "sakshi context packs")
    group.addoption(
        "--sakshi-packs",
        action="append",
        default=[],
        metavar="PATH",
        help="Run the context packs under PATH (a pack file or folder) as test items.",
    )
    group.addoption(
        "--sakshi-route",
        default=None,
        metavar="MODULE:FUNCTION",
        help="Route for the packs (default: [tool.sakshi] route, else the reference route).",
    )
    group.addoption(
        "--sakshi-route-exec", default=None, metavar="CMD", help="Program route for the packs."
    )
    group.addoption(
        "--sakshi-route-timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="Seconds a program route may take per pack.",
    )


class SakshiPackFailure(Exception):
    """A pack whose verdict did not meet its expectation."""


class SakshiPackItem(pytest.Item):
    """One context pack, graded through the route when run."""

    def __init__(
        self, *, pack: Pack | None, route: Route | None, error: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.pack = pack
        self.route = route
        self.error = error

    def runtest(self) -> None:
        if self.error is not None:
            raise SakshiPackFailure(self.error)
        from sakshi.context.lane import run_pack
        from sakshi.reports.context import pack_details

        assert self.pack is not None and self.route is not None
        result = run_pack(self.pack, self.route)
        if not result.held:
            reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
            # The lane says why (a wrong colour, or a negative control whose route failed).
            headline = f"{self.pack.id}: {result.not_held_because}: {reasons}"
            lines = [headline]
            for item in pack_details(result):
                lines.append(f"  {item['reason']}: {item['detail']}")
                lines += [f"    - {note}" for note in item.get("diagnosis", [])]
            raise SakshiPackFailure("\n".join(lines))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, SakshiPackFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path | str, int | None, str]:
        return (self.pack.source if self.pack else "sakshi-packs"), None, f"sakshi pack {self.name}"


class SakshiPacksCollector(pytest.Collector):
    """The packs named by --sakshi-packs, sorted by id."""

    def collect(self) -> list[pytest.Item]:
        from sakshi.context.packs import load_packs
        from sakshi.context.routes import resolve_route
        from sakshi.errors import SakshiError

        options = self.config.option
        try:
            packs = load_packs([Path(path) for path in options.sakshi_packs])
            route = resolve_route(
                options.sakshi_route,
                options.sakshi_route_exec,
                options.sakshi_route_timeout,
                Path.cwd(),
            )
        except SakshiError as exc:
            return [
                SakshiPackItem.from_parent(
                    self, name="load", pack=None, route=None, error=f"sakshi: error: {exc}"
                )
            ]
        return [
            SakshiPackItem.from_parent(self, name=pack.id, pack=pack, route=route) for pack in packs
        ]


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not config.option.sakshi_packs:
        return
    collector = SakshiPacksCollector.from_parent(session, name="sakshi-packs")
    items.extend(collector.collect())
