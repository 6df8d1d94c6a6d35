"""``sakshi run context``, and what ``sakshi prove`` shares with it (commands/prove.py)."""

from __future__ import annotations

import sys
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from sakshi.commands.options import jobs_option, no_cache_option, route_options, stacked
from sakshi.commands.outcome import Outcome, judged
from sakshi.commands.output import check_outputs
from sakshi.commands.progress import Progress
from sakshi.commands.targets import (
    Target,
    color_wanted,
    plan_targets,
    summary_options,
    targets_options,
    text_width,
    write_targets,
    written_line,
)
from sakshi.errors import InputError

if TYPE_CHECKING:
    from sakshi.commands.run_folder import RunFolders
    from sakshi.commands.warm import Rules
    from sakshi.context import Route, Selection
    from sakshi.inputs import Config
    from sakshi.reports import PackRecord
    from sakshi.values import FieldDecl, ValueRules


# ``--select``, ``--exclude``, ``--tag``: which packs a run grades (context/select.py).
selection_options = stacked(
    click.option(
        "--select",
        "selected",
        multiple=True,
        metavar="ID|GLOB",
        help="Grade only packs whose id matches (repeatable; shell globs: 'live-*').",
    ),
    click.option(
        "--exclude",
        "excluded",
        multiple=True,
        metavar="ID|GLOB",
        help="Leave out packs whose id matches (repeatable).",
    ),
    click.option(
        "--tag",
        "tags",
        multiple=True,
        metavar="TAG",
        help="Grade only packs with this tag in their tags: (repeatable: any of them).",
    ),
)


@click.command("context")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@targets_options(("text", "json", "junit", "html"), ".json, .xml JUnit, .txt, .html view")
@click.option(
    "--html",
    "html_out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Also write the evidence view here (as 'sakshi view' would; it holds document content).",
)
@summary_options
@selection_options
@route_options
@jobs_option
@no_cache_option
def run_context_cmd(
    paths: tuple[Path, ...],
    fmt: str | None,
    outs: tuple[Path, ...],
    html_out: Path | None,
    quiet: bool,
    failures_only: bool,
    selected: tuple[str, ...],
    excluded: tuple[str, ...],
    tags: tuple[str, ...],
    route: str | None,
    route_exec: str | None,
    route_timeout: float | None,
    jobs: int,
    no_cache: bool,
) -> Outcome:
    """Grade context packs (PATH: pack files or folders, searched for *.yaml and *.yml;
    none: the packs named by the configuration's `packs`, else the example packs that ship
    with sakshi)."""
    from sakshi.context import Selection, resolve_route
    from sakshi.inputs import find_config
    from sakshi.reports import pack_record as report

    config = find_config(Path.cwd())
    with _run_folders(config, outs, html_out) as run:
        pack_paths = list(paths) or list(config.packs)
        targets = _context_targets(config, fmt, outs, html_out, quiet, run)
        # Before any work: no run ends in a refused write.
        check_outputs([target.path for target in targets], pack_paths)
        if not paths:
            click.echo(which_packs(config), err=True)
        chosen = resolve_route(route, route_exec, route_timeout, Path.cwd(), config)
        selection = Selection(selected, excluded, tags)
        results = _grade(config, pack_paths, chosen, selection, jobs, no_cache)
        label = route_label(chosen)
        identity = _identity(targets, label)
        written = write_targets(targets, _ContextRender(results, identity, failures_only))
        folder = None if run is None else f"{run.shown()} ({config.where('outputs')})"
        _summary(results, written, quiet, label, folder)
        _held, failed = report.summary(results)
        return judged(failed > 0)


def _run_folders(
    config: Config, outs: tuple[Path, ...], html: Path | None
) -> AbstractContextManager[RunFolders | None]:
    """The run's own folder for the configured ``outputs`` (SPEC 9), made now; none when
    the command line names its files (``--out``, ``--html``: write-once files, as given)
    or nothing is configured."""
    if outs or html is not None or not config.outputs:
        return nullcontext()
    from datetime import UTC, datetime

    from sakshi.commands.run_folder import run_outputs

    return run_outputs(config.outputs, config.root, datetime.now(UTC))


def _grade(
    config: Config,
    pack_paths: list[Path],
    route: Route,
    selection: Selection,
    jobs: int,
    no_cache: bool,
) -> list[PackRecord]:
    """Every selected pack graded under the project's rules (or its unchanged result read
    back from the cache, ``commands/warm.py``), with a progress line."""
    from sakshi.commands.warm import graded_records
    from sakshi.inputs.cache import disabled

    started = time.time_ns()
    with disabled(no_cache), _documents_root(config), Progress("packs") as tick:
        rules = _rules(config)
        results = graded_records(pack_paths, route, rules, jobs, tick, selection.admits)
        _keep_cache_bounded(started)
    refuse_empty_selection(bool(results), selection, pack_paths)
    return results


def _documents_root(config: Config) -> AbstractContextManager[None]:
    """The configured documents root for ``{ref: ID}``; none configured, nothing to set
    up (and the documents module, which brings the span core, stays unloaded)."""
    if config.documents is None:
        return nullcontext()
    from sakshi.inputs import shared_documents

    return shared_documents(config.documents, config.where("documents"))


def _rules(config: Config) -> Rules:
    """The project's value rules and their digest for the result cache (None when it is
    off, or the rules' files changed while they were read). A configuration that sets no
    rule grades under sakshi's own, as ``project_rules`` would give them, without loading
    the values core."""
    from sakshi.commands.warm import Rules, rules_digest
    from sakshi.inputs.cache import is_off

    if not config.fields and config.acts is None and config.locale is None:
        return Rules(None, None, None if is_off() else rules_digest(config))
    before = None if is_off() else rules_digest(config)
    fields, rules = project_rules(config)
    after = None if before is None else rules_digest(config)
    return Rules(fields, rules, before if before == after else None)


def _summary(
    results: list[PackRecord], written: list[Target], quiet: bool, label: str, folder: str | None
) -> None:
    """What a run says on stderr at its end: its run folder, its brief (when it wrote
    files, or was asked to be quiet) and how its packs were routed."""
    from sakshi.reports import context_brief, routing_lines

    if folder is not None:
        click.echo(f"sakshi: this run's folder: {folder}", err=True)
    if written or quiet:
        for line in context_brief(results, written_line(written) if written else ""):
            click.echo(line, err=True)
    for line in routing_lines([(result.id, result.route) for result in results], label):
        click.echo(line, err=True)


def route_label(route: Route) -> str:
    """The route's kind and name, never a program's path; nothing that --jobs changes."""
    return "exec" if route.name.startswith("exec:") else route.name


class ProjectRules(NamedTuple):
    """The configuration's value rules for packs: the declared fields (for packs that
    declare none), and the statute table and the locale (for packs that set none)."""

    fields: dict[str, FieldDecl]
    rules: ValueRules


def project_rules(config: Config) -> ProjectRules:
    """The configuration's ``acts`` and ``locale``, and its ``fields`` files (FIELDS.yaml,
    as ``verify-values --fields`` reads them, their ``acts`` and ``locale`` included); a
    field declared in two of them, or two locales that differ, is exit 2."""
    from sakshi.commands.values import extend_acts, load_fields_file, project_values
    from sakshi.context import read_fields, read_locale
    from sakshi.values import ValueRules

    acts, locale = project_values(config)
    locale_from = config.where("locale") if locale is not None else None
    found: dict[str, FieldDecl] = {}
    first: dict[str, str] = {}
    for path in config.fields:
        loaded = load_fields_file(path)
        for name, decl in read_fields(loaded.written, str(path), loaded.under).items():
            if name in found:
                raise InputError(str(path), f"fields.{name}", f"also declared in {first[name]}")
            found[name], first[name] = decl, str(path)
        if loaded.acts is not None:
            acts = extend_acts(acts, loaded.acts, str(path), "acts")
        if loaded.locale is not None:
            own = read_locale(loaded.locale, str(path), "locale")
            if locale is not None and own != locale:
                raise InputError(str(path), "locale", f"{own!r}, but {locale_from} is {locale!r}")
            locale, locale_from = own, str(path)
    return ProjectRules(found, ValueRules(acts, locale))


# The formats that carry the run's identity (JUnit properties, the text footer).
_WITH_IDENTITY = ("junit", "text")


def _identity(targets: list[Target], route_label: str) -> dict[str, Any] | None:
    """The run's identity, taken before any report is written, when a report carries it;
    None when none does (the JSON does not): it runs git twice, which costs more wall time
    than rendering the JSON of a thousand packs."""
    if not any(target.fmt in _WITH_IDENTITY for target in targets):
        return None
    from sakshi.identity import run_identity

    return run_identity(Path.cwd(), extra={"config": {"route": route_label}})


def _keep_cache_bounded(started: int) -> None:
    """After a run that added entries (it began at ``started``, ``time.time_ns()``), the
    cache is trimmed back under its size bound."""
    from sakshi.inputs.cache_size import evict

    evict(changed_since=started)


def refuse_empty_selection(found: bool, selection: Selection, paths: list[Path]) -> None:
    """A selection that admitted no pack proves nothing: exit 2, naming it."""
    if not found and not selection.everything:
        shown = " ".join(str(p) for p in paths) or "the shipped packs"
        raise InputError(shown, None, f"no pack matched {selection.describe()}")


@dataclass(frozen=True)
class _ContextRender:
    """Renders a context run's results in each format (``commands/targets.py``)."""

    results: list[PackRecord]
    identity: dict[str, Any] | None  # None: no target's format carries it
    failures_only: bool

    def __call__(self, fmt: str, to_stdout: bool) -> bytes:
        from sakshi.reports import pack_record as report

        if fmt == "json":
            # SPEC section 4 fixes this object's top-level keys; the identity rides in JUnit
            # properties and the text footer, and `sakshi identity` prints it whole.
            return report.render_json(self.results)
        if fmt == "junit":
            return report.render_junit(self.results, self.identity)
        if fmt == "html":
            import orjson

            from sakshi.reports import read_view, render_html

            # Through the JSON, so the page is byte for byte what 'sakshi view' makes of it.
            data = orjson.loads(report.render_json(self.results))
            return render_html(read_view(data, "run context"))
        tty = to_stdout and sys.stdout.isatty()
        text = report.render_text(
            self.results,
            color=to_stdout and color_wanted(tty),
            width=text_width(tty),
            identity=self.identity,
            failures_only=self.failures_only,
        )
        return text.encode("utf-8")


_CONTEXT_FORMATS = ("text", "json", "junit", "html")


def _context_targets(
    config: Config,
    fmt: str | None,
    outs: tuple[Path, ...],
    html: Path | None,
    quiet: bool,
    run: RunFolders | None,
) -> list[Target]:
    """Where the run's reports go. Flags win: the configured ``format`` applies when no
    ``--format`` was given, the configured ``outputs`` (in the ``run``'s folder) when no
    file was asked for."""
    chosen_fmt = fmt if fmt is not None else config.format
    chosen_outs = run.outputs if run is not None else outs
    targets = plan_targets(
        chosen_outs, chosen_fmt, "text", _CONTEXT_FORMATS, html, asked=fmt is not None
    )
    return [target for target in targets if target.path is not None] if quiet else targets


def which_packs(config: Config) -> str:
    """The first line of a run with no PATH: whose packs it runs."""
    if config.packs:
        named = " ".join(str(path) for path in config.packs)
        return f"sakshi: running the project's packs ({config.where('packs')}): {named}"
    return (
        "sakshi: no PATH and no configured packs: running the example packs that ship with"
        " sakshi (name yours in [tool.sakshi] packs, or give a PATH)"
    )
