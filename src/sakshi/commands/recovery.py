"""``sakshi run recovery``, ``recovery workspace``, ``corpus check``, ``report reinterpret``
and ``identity``."""

from __future__ import annotations

from pathlib import Path

import click

from sakshi.commands.options import (
    corpus_option,
    jobs_option,
    out_option,
    report_options,
    root_option,
    sources_option,
)
from sakshi.commands.outcome import HELD, Outcome, judged
from sakshi.commands.output import check_outputs, emit, write_new
from sakshi.commands.progress import Progress
from sakshi.commands.recovery_report import publish_recovery_report, recovery_targets
from sakshi.recovery import FORMATS
from sakshi.reports import plural


@click.command("recovery")
@click.argument("runs_dir", type=click.Path(path_type=Path))
@corpus_option
@report_options
@click.option(
    "--trace-format",
    type=click.Choice(FORMATS),
    default=None,
    help="The traces' format (default: detected from the content).",
)
@root_option("The repository whose git state and sources the identity records.")
@sources_option("Hash this tree (relative to --root) into the identity.")
@jobs_option
def run_recovery_cmd(
    runs_dir: Path,
    corpus_path: Path | None,
    fmt: str | None,
    outs: tuple[Path, ...],
    quiet: bool,
    failures_only: bool,
    trace_format: str | None,
    root: Path,
    sources: tuple[str, ...],
    jobs: int,
) -> Outcome:
    """Validate recorded agent runs (RUNS_DIR: run folders) against the recovery corpus."""
    from importlib.resources import files

    from sakshi.identity import parse_sources, run_identity
    from sakshi.recovery import discover_runs, load_corpus, run_folder

    targets = recovery_targets(fmt, outs, quiet)
    check_outputs(outs, [runs_dir, corpus_path])
    corpus = load_corpus(corpus_path or Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
    identity = run_identity(
        root, parse_sources(sources), {"config": {"trace_format": trace_format or "detect"}}
    )
    from sakshi.parallel import ordered_map

    folders = discover_runs(runs_dir)
    records = []
    with Progress("runs") as tick:
        tick(0, len(folders))
        for record in ordered_map(
            lambda folder: run_folder(folder, corpus, trace_format), folders, jobs, batch=10
        ):
            records.append(record)
            tick(len(records), len(folders))
    for record in records:
        if record.error:
            click.echo(f"sakshi: error: {record.error}", err=True)
    return publish_recovery_report(records, identity, targets, failures_only)


@click.command("workspace")
@click.argument("case_id", metavar="CASE")
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path))
@corpus_option
def workspace_cmd(case_id: str, directory: Path, corpus_path: Path | None) -> Outcome:
    """Lay out CASE's fixture project in DIR for any agent to run in: the case's generated
    source at its corpus path, and nothing else. DIR must be new or an empty folder (never
    a link, never a path with '..'). Prints the case's prompt, its source and the SHA-256
    of the fact's line as JSON (never the fact); docs/recording.md says what to record."""
    from importlib.resources import files

    import orjson

    from sakshi.commands.output import write_new_tree
    from sakshi.recovery import load_corpus, plan_workspace

    path = corpus_path or Path(str(files("sakshi") / "corpora" / "recovery.yaml"))
    label = str(corpus_path) if corpus_path else "the shipped corpus"
    workspace = plan_workspace(load_corpus(path), case_id, label)
    write_new_tree(directory, [(item.parts, item.data) for item in workspace.files])
    description = workspace.description()
    click.echo(orjson.dumps(description, option=orjson.OPT_INDENT_2).decode("utf-8"))
    click.echo(
        f"sakshi: wrote {directory}: case {case_id} ({description['kind']}), its source "
        f"{description['source']} ({description['lines']:,} lines); run the agent there "
        "with the case's prompt",
        err=True,
    )
    return HELD


@click.command("check")
@click.argument("corpus_path", type=click.Path(path_type=Path, dir_okay=False))
def corpus_check_cmd(corpus_path: Path) -> Outcome:
    """Each fact stands on its line of the generated source, and in no prompt or run config
    (of any case). Exit 1 names each case that cannot certify, never printing a fact."""
    from sakshi.recovery import check_corpus, load_corpus

    corpus = load_corpus(corpus_path)
    problems = check_corpus(corpus)
    for problem in problems:
        click.echo(f"{problem.case_id}: {problem.problem}")
    click.echo(f"{plural(len(corpus.cases), 'case')}, {plural(len(problems), 'problem')}")
    return judged(bool(problems))


@click.command("reinterpret")
@click.argument("old", type=click.Path(path_type=Path, dir_okay=False))
@out_option("The new v2 report (a new file).", required=True)
@click.option(
    "--corpus",
    "corpus_path",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="The corpus whose facts no copied id, run, tool name or identity value may hold "
    "(without it, names are not checked for facts, and the new report says so).",
)
@root_option()
def reinterpret_cmd(old: Path, out: Path, corpus_path: Path | None, root: Path) -> Outcome:
    """Read an older report (left untouched) and write what it proves under v2: every case
    unknown, since no report carries a seal sakshi can check; its claims are kept apart."""
    import hashlib

    import orjson

    from sakshi.identity import run_identity
    from sakshi.inputs import read_json
    from sakshi.recovery import FactScreen, load_corpus
    from sakshi.reports import reinterpret

    check_outputs([out], [old] if corpus_path is None else [old, corpus_path])
    screen = None if corpus_path is None else FactScreen.of(load_corpus(corpus_path))
    parsed, data = read_json(old)
    sha256 = hashlib.sha256(data).hexdigest()
    report = reinterpret.reinterpret(parsed, str(old), run_identity(root), sha256, screen)
    write_new(orjson.dumps(report, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n", out)
    cases = report["cases"]
    click.echo(
        f"sakshi: wrote {out}: {report['report']} from {old}, {plural(len(cases), 'case')},"
        " all unknown: no report carries a seal sakshi can check, so its claims prove nothing"
        " here (kept under each case's 'claimed'; this run's identity is 'reinterpreted_by')",
        err=True,
    )
    if screen is None:
        click.echo(
            "sakshi: note: no --corpus: ids, run names, tool names and identity values were "
            "copied by their shape only, not checked for corpus facts "
            "(reinterpreted_from.facts_checked is false)",
            err=True,
        )
    return HELD


@click.command("identity")
@root_option()
@sources_option("Hash this tree (relative to --root).")
@out_option("Write the identity (JSON) to this new file, not stdout.")
def identity_cmd(root: Path, sources: tuple[str, ...], out: Path | None) -> Outcome:
    """Print the run identity: versions, git state, source hashes, runtime."""
    import orjson

    from sakshi.identity import parse_sources, run_identity

    check_outputs([out])
    identity = run_identity(root, parse_sources(sources))
    emit(orjson.dumps(identity, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n", out)
    if out is not None:
        click.echo(f"sakshi: wrote {out}: the run identity", err=True)
    return HELD
