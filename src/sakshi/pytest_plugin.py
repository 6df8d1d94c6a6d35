"""pytest plugin: each context pack under ``--sakshi-packs PATH`` (or the ``sakshi_packs``
ini option) is a test item, collected like a test file.

Registered through the ``pytest11`` entry point, so it loads in every pytest run where
sakshi is installed: it imports nothing of sakshi's lanes until packs are named. A pack
file is collected as a file (``evals/packs/live.yaml``) holding one item named by the
pack's id, so the collected count is the number of packs, ``--collect-only`` lists them,
and a node id reruns one pack: ``pytest "evals/packs/live.yaml::starter-live"``. The pack
paths are added to what pytest collects unless the command line already names a path
inside them (a rerun of one pack runs that pack only). A pack that does not hold fails
with its reasons and diagnoses; a pack that cannot be loaded is a failing item with the
loading error (never silently no tests).

Every pack under the pack paths is collected: pytest's own exclusions (``norecursedirs``,
which skips ``build/``, ``dist/`` and every dot folder such as ``.wip/``, ``--ignore``,
``collect_ignore``) do not apply there, since a red pack left in such a folder would
otherwise pass in silence. Only version-control folders (``VCS_DIRS``) are skipped, and
the session's header says so. Pack paths that hold no pack are a failing item, never a
green run with nothing graded.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from sakshi.context import Pack, Route

_SUFFIXES = (".yaml", ".yml")
_ROUTE_KEY = pytest.StashKey["Route | str"]()
# Version-control folders: their files are the repository's history, not packs.
VCS_DIRS = frozenset({".git", ".hg", ".svn", ".bzr", "_darcs", "CVS", ".jj"})


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("sakshi", "sakshi context packs")
    group.addoption(
        "--sakshi-packs",
        action="append",
        default=[],
        metavar="PATH",
        help="Run the context packs under PATH (a pack file or folder) as test items.",
    )
    parser.addini(
        "sakshi_packs",
        type="args",
        default=[],
        help="Pack files or folders (relative to the rootdir) to run as test items.",
    )
    group.addoption(
        "--sakshi-route",
        default=None,
        metavar="MODULE:FUNCTION",
        help="Route for the packs (default: the configuration's route, else reference).",
    )
    group.addoption(
        "--sakshi-route-exec", default=None, metavar="CMD", help="Program route for the packs."
    )
    group.addoption(
        "--sakshi-route-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="Seconds a route may take per pack (default 60).",
    )


def _pack_roots(config: pytest.Config) -> list[Path]:
    """The pack paths named on the command line, else by the ini option (absolute)."""
    given = [Path(p) for p in config.option.sakshi_packs]
    if given:
        return [p.absolute() for p in given]
    return [config.rootpath / p for p in config.getini("sakshi_packs")]


def _inside(path: Path, roots: list[Path]) -> bool:
    return any(path == root or path.is_relative_to(root) for root in roots)


def pytest_configure(config: pytest.Config) -> None:
    roots = _pack_roots(config)
    if not roots:
        return
    named = [Path(str(arg).split("::", 1)[0]).absolute() for arg in config.args]
    if any(_inside(path, roots) for path in named):
        return  # a path inside the packs was named (a rerun): collect just that
    # Collect every pack beside what pytest collects anyway, once: a pack path already
    # under a collected folder is reached by it.
    extra = [str(root) for root in roots if not _inside(root, named)]
    config.args = [*config.args, *extra]


def pytest_report_header(config: pytest.Config) -> str | None:
    roots = _pack_roots(config)
    if not roots:
        return None
    shown = " ".join(str(root) for root in roots)
    skipped = ", ".join(sorted(VCS_DIRS))
    return (
        f"sakshi: packs: every *.yaml and *.yml under {shown}; no folder is left out but"
        f" version control ({skipped})"
    )


def _under_vcs(path: Path, roots: list[Path]) -> bool:
    """Whether ``path`` lies in a version-control folder below the pack root holding it."""
    for root in roots:
        if path == root or path.is_relative_to(root):
            return any(part in VCS_DIRS for part in path.relative_to(root).parts)
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under the pack paths pytest's own exclusions do not apply: every folder is searched
    but version control's (a red pack in ``build/`` or ``.wip/`` is still a pack)."""
    roots = _pack_roots(config)
    path = collection_path.absolute()
    if not roots or not _inside(path, roots):
        return None  # pytest decides, as it always does
    return _under_vcs(path, roots)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Pack paths that gave no pack are one failing item: nothing graded is no pass."""
    roots = _pack_roots(config)
    if roots and not any(isinstance(item, SakshiPackItem) for item in items):
        shown = " ".join(str(root) for root in roots)
        message = f"sakshi: no pack (*.yaml, *.yml) found under {shown}; nothing was graded"
        items.append(SakshiPackItem.from_parent(session, name="sakshi-no-packs", error=message))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    roots = _pack_roots(parent.config)
    if roots and file_path.suffix in _SUFFIXES and _inside(file_path.absolute(), roots):
        return SakshiPackFile.from_parent(parent, path=file_path)
    return None


class SakshiPackFailure(Exception):
    """A pack whose verdict did not meet its expectation, or that could not be loaded."""


def _route(config: pytest.Config) -> Route | str:
    """The session's route, resolved once (a string: why there is none)."""
    if _ROUTE_KEY not in config.stash:
        from sakshi.context import resolve_route
        from sakshi.errors import SakshiError

        options = config.option
        try:
            config.stash[_ROUTE_KEY] = resolve_route(
                options.sakshi_route,
                options.sakshi_route_exec,
                options.sakshi_route_timeout,
                Path.cwd(),
            )
        except SakshiError as exc:
            config.stash[_ROUTE_KEY] = f"sakshi: error: {exc}"
    return config.stash[_ROUTE_KEY]


class SakshiPackFile(pytest.File):
    """One pack file: one item, named by the pack's id (or ``load`` when it is unusable)."""

    def collect(self) -> list[pytest.Item]:
        from sakshi.context import load_pack
        from sakshi.errors import SakshiError

        try:
            pack = load_pack(self.path, self.path.as_posix())
        except SakshiError as exc:
            return [SakshiPackItem.from_parent(self, name="load", error=f"sakshi: error: {exc}")]
        return [SakshiPackItem.from_parent(self, name=pack.id, pack=pack)]


class SakshiPackItem(pytest.Item):
    """One context pack, graded through the route when run."""

    def __init__(self, *, pack: Pack | None = None, error: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.pack = pack
        self.error = error

    def runtest(self) -> None:
        route = _route(self.config)
        if self.error is not None or isinstance(route, str):
            raise SakshiPackFailure(self.error or str(route))
        from sakshi.context import run_pack
        from sakshi.reports import pack_details

        assert self.pack is not None
        result = run_pack(self.pack, route)
        if not result.held:
            reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
            # The lane says why (a wrong colour, or a negative control whose route failed).
            lines = [f"{self.pack.id}: {result.not_held_because}: {reasons}"]
            for item in pack_details(result):
                lines.append(f"  {item['reason']}: {item['detail']}")
                lines += [f"    - {note}" for note in item.get("diagnosis", [])]
            raise SakshiPackFailure("\n".join(lines))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, SakshiPackFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path | str, int | None, str]:
        return self.path, None, f"sakshi pack {self.name}"
