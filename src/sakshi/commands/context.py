"""``sakshi run context`` and ``sakshi prove``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sakshi.commands.common import (
    EXIT_FAILED,
    EXIT_OK,
    Progress,
    check_outputs,
    emit,
    format_option,
    jobs_option,
    no_cache_option,
    report_out_option,
    route_options,
)
from sakshi.errors import InputError


@click.command("context")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@format_option("text", "json", "junit")
@report_out_option
@click.option(
    "--html",
    "html_out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Also write the evidence view here (as 'sakshi view' would; it holds document content).",
)
@route_options
@jobs_option
@no_cache_option
def run_context_cmd(
    paths: tuple[Path, ...],
    fmt: str,
    out: Path | None,
    html_out: Path | None,
    route: str | None,
    route_exec: str | None,
    route_timeout: float,
    jobs: int,
    no_cache: bool,
) -> None:
    """Grade context packs (PATH: pack files or folders; none: the packs that ship)."""
    from sakshi.context.lane import grade_paths
    from sakshi.context.routes import resolve_route
    from sakshi.inputs.cache import disabled
    from sakshi.reports import context as report

    check_outputs([out, html_out], paths)  # before any work: no run ends in a refused write
    chosen = resolve_route(route, route_exec, route_timeout, Path.cwd())
    with disabled(no_cache), Progress("packs") as tick:
        results = grade_paths(list(paths), chosen, jobs, tick)
    from sakshi.identity import run_identity

    # The route's kind and name, never a program's path; nothing that --jobs changes.
    route_label = "exec" if chosen.name.startswith("exec:") else chosen.name
    identity = run_identity(Path.cwd(), extra={"config": {"route": route_label}})
    if fmt == "json":
        # SPEC section 4 fixes this object's top-level keys; the identity rides in JUnit
        # properties and the text footer, and `sakshi identity` prints it whole.
        data = report.render_json(results)
    elif fmt == "junit":
        data = report.render_junit(results, identity)
    else:
        color = out is None and sys.stdout.isatty()
        data = report.render_text(results, color=color, identity=identity).encode("utf-8")
    emit(data, out)
    if html_out is not None:
        import orjson

        from sakshi.reports.view_data import read_view
        from sakshi.reports.view_html import render_html

        # Through the JSON, so the page is byte for byte what 'sakshi view' makes of it.
        json_data = data if fmt == "json" else report.render_json(results)
        emit(render_html(read_view(orjson.loads(json_data), "run context")), html_out)
    _held, failed = report.summary(results)
    raise SystemExit(EXIT_FAILED if failed else EXIT_OK)


@click.command("prove")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@format_option("text", "json")
@report_out_option
@route_options
@no_cache_option
def prove_cmd(
    paths: tuple[Path, ...],
    fmt: str,
    out: Path | None,
    route: str | None,
    route_exec: str | None,
    route_timeout: float,
    no_cache: bool,
) -> None:
    """Mutate every pack green at live and show that the grade flips both ways."""
    from sakshi.context.lane import pack_turn
    from sakshi.context.packs import load_packs
    from sakshi.context.prove import prove_turn
    from sakshi.context.routes import RouteFailure, resolve_route
    from sakshi.inputs.cache import disabled
    from sakshi.reports import prove as report

    check_outputs([out], paths)
    with disabled(no_cache):
        packs = load_packs(list(paths))
    chosen = resolve_route(route, route_exec, route_timeout, Path.cwd())
    proofs = []
    for pack in packs:
        turn, _source = pack_turn(pack, chosen)
        if isinstance(turn, RouteFailure):
            continue
        flips = prove_turn(turn, pack.served, pack.documents)
        if flips is not None:
            proofs.append((pack.id, flips))
    if not proofs:
        raise InputError(
            " ".join(str(p) for p in paths) or "the shipped packs",
            None,
            "no pack has a turn green at live; nothing to prove",
        )
    data = (
        report.render_json(proofs) if fmt == "json" else report.render_text(proofs).encode("utf-8")
    )
    emit(data, out)
    failed = any(not flip.flipped for _, flips in proofs for flip in flips)
    raise SystemExit(EXIT_FAILED if failed else EXIT_OK)
