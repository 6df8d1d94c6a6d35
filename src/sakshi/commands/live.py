"""``sakshi live recovery``: run a real agent on the recovery corpus, then validate its runs.

Every check that can refuse the run (models, agent, corpus, case ids, the Pi executable,
``--models-json``, ``--out``, ``--keep-runs``) happens before anything is created or run:
without ``SAKSHI_EVAL_MODELS`` not even a temp folder is made.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from sakshi.commands.options import corpus_option, report_options
from sakshi.commands.outcome import Outcome
from sakshi.commands.output import check_outputs
from sakshi.commands.recovery_report import publish_recovery_report, recovery_targets
from sakshi.errors import InputError


@click.group("live")
def live_group() -> None:
    """Run a real agent on a lane's corpus (models from SAKSHI_EVAL_MODELS)."""


@live_group.command("recovery")
@corpus_option
@click.option(
    "--agent",
    type=click.Choice(["pi"]),
    default="pi",
    show_default=True,
    help="The coding agent to run.",
)
@click.option(
    "--pi",
    "pi_option",
    metavar="PATH",
    help="The pi executable (default: $SAKSHI_PI_BIN, else pi on PATH).",
)
@click.option(
    "--models-json",
    type=click.Path(path_type=Path, dir_okay=False),
    help="A Pi models.json (custom providers), copied into each run's isolated agent dir.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=1.0),
    default=600.0,
    show_default=True,
    help="Seconds one agent run may take; past it the run is stopped and is an error.",
)
@click.option(
    "--case",
    "case_ids",
    multiple=True,
    metavar="ID",
    help="Run only this case (repeatable; default: every case).",
)
@report_options
@click.option(
    "--keep-runs",
    type=click.Path(path_type=Path, file_okay=False),
    help=(
        "Keep each run folder (session.jsonl, case.json, probe.json) in this new or empty folder."
    ),
)
def live_recovery_cmd(
    corpus_path: Path | None,
    agent: str,
    pi_option: str | None,
    models_json: Path | None,
    timeout: float,
    case_ids: tuple[str, ...],
    fmt: str | None,
    outs: tuple[Path, ...],
    quiet: bool,
    failures_only: bool,
    keep_runs: Path | None,
) -> Outcome:
    """Run the agent on every case for every model in SAKSHI_EVAL_MODELS (provider/model,
    comma-separated), with sakshi's probe; validate and report the runs as `run recovery`.

    Each run gets a fresh fixture project in a temp folder, removed afterwards; its session
    and probe output go to a separate folder, and the probe seals them. A run that fails to
    start, times out, leaves no session, or whose evidence changed after it was written (by
    the agent's own tools, say) is an error (TRACE_MALFORMED, exit 2).
    """
    from importlib.resources import files

    from sakshi.identity import run_identity
    from sakshi.recovery import PiAgent, RunRecord, find_pi, live, load_corpus, read_models_json

    models = live.parse_models(os.environ.get(live.MODELS_ENV))  # first: nothing runs without it
    corpus = load_corpus(corpus_path or Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
    arms = live.plan_arms(models, corpus, case_ids)
    binary = find_pi(pi_option, os.environ)
    models_data, models_env = read_models_json(models_json) if models_json else (None, {})
    targets = recovery_targets(fmt, outs, quiet)
    check_outputs(outs, [corpus_path, models_json])
    if keep_runs is not None and keep_runs.is_symlink():  # SPEC 9: never through a link
        raise InputError(str(keep_runs), None, "is a symlink; kept runs go to a new folder")
    if keep_runs is not None and (
        keep_runs.is_file() or (keep_runs.is_dir() and any(keep_runs.iterdir()))
    ):
        raise InputError(str(keep_runs), None, "is not an empty folder; kept runs go to a new one")
    pi = PiAgent(binary, timeout, dict(os.environ), models_data, models_env)
    version = pi.version()  # the last check; it runs Pi, but no arm yet
    extra = live.identity_extra(agent, version, models, arms, pi.config())
    identity = run_identity(Path("."), None, extra)

    def progress(arm: live.Arm, record: RunRecord) -> None:
        if record.error:
            click.echo(f"sakshi: error: {record.error}", err=True)
        status = record.result.status.value
        click.echo(
            f"sakshi: live {arm.index}/{len(arms)} {arm.model.name} {arm.case.id}: {status}",
            err=True,
        )

    records = live.run_arms(arms, pi, corpus, keep_runs, progress)
    return publish_recovery_report(records, identity, targets, failures_only)
