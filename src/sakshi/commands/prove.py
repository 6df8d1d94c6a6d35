"""``sakshi prove``: mutate every pack green at live and show that the grade flips."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sakshi.commands.context import (
    ProjectRules,
    project_rules,
    refuse_empty_selection,
    route_label,
    selection_options,
    which_packs,
)
from sakshi.commands.options import no_cache_option, route_options
from sakshi.commands.outcome import Outcome, judged
from sakshi.commands.output import check_outputs
from sakshi.commands.progress import Progress
from sakshi.commands.targets import plan_targets, targets_options, write_targets, written_line
from sakshi.errors import InputError

if TYPE_CHECKING:
    from sakshi.context import Flip, Pack, Route, Turn


@click.command("prove")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@targets_options(("text", "json"), ".json, .txt")
@selection_options
@route_options
@no_cache_option
def prove_cmd(
    paths: tuple[Path, ...],
    fmt: str | None,
    outs: tuple[Path, ...],
    selected: tuple[str, ...],
    excluded: tuple[str, ...],
    tags: tuple[str, ...],
    route: str | None,
    route_exec: str | None,
    route_timeout: float | None,
    no_cache: bool,
) -> Outcome:
    """Mutate every pack green at live and show that the grade flips both ways (PATH: as
    for run context). Packs that do not qualify are named on stderr, with why."""
    from sakshi.context import Selection, load_packs, resolve_route
    from sakshi.inputs import find_config, shared_documents
    from sakshi.inputs.cache import disabled
    from sakshi.reports import prove as report

    config = find_config(Path.cwd())
    pack_paths = list(paths) or list(config.packs)
    targets = plan_targets(outs, fmt, "text", ("text", "json"))
    check_outputs([target.path for target in targets], pack_paths)
    if not paths:
        click.echo(which_packs(config), err=True)
    with disabled(no_cache), shared_documents(config.documents, config.where("documents")):
        selection = Selection(selected, excluded, tags)
        packs = [pack for pack in load_packs(pack_paths) if selection.admits(pack)]
    refuse_empty_selection(bool(packs), selection, pack_paths)
    chosen = resolve_route(route, route_exec, route_timeout, Path.cwd(), config)
    proofs = _proofs(packs, chosen, project_rules(config))
    if not proofs:
        raise InputError(
            " ".join(str(p) for p in paths) or "the shipped packs",
            None,
            "no pack has a turn green at live; nothing to prove",
        )
    written = write_targets(
        targets,
        lambda name, _to_stdout: (
            report.render_json(proofs)
            if name == "json"
            else report.render_text(proofs).encode("utf-8")
        ),
    )
    if written:
        _prove_brief(proofs, written_line(written))
    failed = any(not flip.flipped for _, flips in proofs for flip in flips)
    return judged(failed)


def _proofs(packs: list[Pack], route: Route, rules: ProjectRules) -> list[tuple[str, list[Flip]]]:
    """Each qualifying pack's mutants; every pack passed over is named on stderr, with why."""
    from sakshi.context import RouteFailure, pack_turn, prove_turn, with_rules
    from sakshi.reports import routing_lines

    proofs = []
    sources = []
    with Progress("packs") as tick:
        tick(0, len(packs))
        for done, given in enumerate(packs, start=1):
            pack = with_rules(given, *rules)
            turn, source = pack_turn(pack, route)
            sources.append((pack.id, source))
            if isinstance(turn, RouteFailure):
                why = f"the route gave no turn ({turn.message})"
            else:
                flips = prove_turn(
                    turn,
                    pack.served,
                    pack.documents,
                    pack.fields,
                    acts=pack.acts,
                    locale=pack.locale,
                )
                if flips is not None:
                    proofs.append((pack.id, flips))
                why = "" if flips is not None else _not_provable(pack, turn)
            if why:
                click.echo(f"sakshi: skipped {pack.id}: {why}", err=True)
            tick(done, len(packs))
    for line in routing_lines(sources, route_label(route)):
        click.echo(line, err=True)
    return proofs


def _prove_brief(proofs: list[tuple[str, list[Flip]]], wrote: str) -> None:
    """The stderr summary of a prove that wrote files: counts, then each mutant that did
    not grade as it must."""
    from sakshi.reports import plural

    click.echo(f"sakshi: {plural(len(proofs), 'pack')} proved; {wrote}", err=True)
    for pack_id, flips in proofs:
        for flip in flips:
            if not flip.flipped:
                got = ", ".join(r.value for r in flip.reasons) or "no reason"
                click.echo(
                    f"  NOT AS EXPECTED {pack_id} {flip.mutant}: must be"
                    f" {flip.expected.value}, graded {flip.got.value} ({got})",
                    err=True,
                )


def _not_provable(pack: Pack, turn: Turn) -> str:
    """Why prove passes over a pack: only a turn green at live has evidence to strip."""
    from sakshi.context import grade_turn

    if pack.engine_state.value != "live":
        return f"engine_state {pack.engine_state.value}; prove mutates packs served at live"
    grade = grade_turn(
        turn, pack.served, pack.documents, pack.fields, acts=pack.acts, locale=pack.locale
    )
    reasons = ", ".join(code.value for code in grade.reasons)
    return f"its turn is {grade.verdict.value} at live ({reasons}); prove needs one green"
