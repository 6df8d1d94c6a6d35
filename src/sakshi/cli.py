"""argv -> load -> core -> report -> exit code. Nothing here decides a verdict.

Exit codes (every command): 0 everything held, 1 graded and something did not hold,
2 could not grade honestly (bad input, missing configuration). Any exception ends in 2
with a one-line message: never a traceback for a user mistake, never a green verdict.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

import click

from sakshi import __version__
from sakshi.errors import InputError, SakshiError
from sakshi.reasons import all_reason_help

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2


def _reason_epilog() -> str:
    rows = all_reason_help()
    width = max(len(code) for _, code, _ in rows)
    lines = ["\b", "Exit codes: 0 all held, 1 something did not hold, 2 could not grade.", "", "\b", "Reason codes:"]
    lines += [f"  {code.ljust(width)}  [{lane}] {text}" for lane, code, text in rows]
    return "\n".join(lines)


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
    epilog=_reason_epilog(),
)
@click.version_option(__version__, "--version", prog_name="sakshi", message="%(prog)s %(version)s")
def cli() -> None:
    """sakshi: the evidence gate for AI agents. Checks claims against the bytes."""


@cli.command("verify-spans")
@click.argument("docs", type=click.Path(path_type=Path))
@click.argument("spans", type=click.Path(path_type=Path, allow_dash=True))
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Write the JSON lines here, not stdout.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes; never changes the output.")
def verify_spans_cmd(docs: Path, spans: Path, out: Path | None, jobs: int) -> None:
    """Verify every source_span.v1 line of SPANS (JSONL) against the documents of DOCS.

    Writes one JSON line per span, in input order: {"id", "verified", "reason"}.
    """
    from sakshi.loading import load_docs_file
    from sakshi.spanbatch import verify_lines

    documents = load_docs_file(docs)
    label = str(spans)
    if label != "-" and spans.is_dir():
        raise InputError(label, None, "is a folder, expected a JSON lines file of spans")
    try:
        stream: BinaryIO = sys.stdin.buffer if label == "-" else open(spans, "rb")  # noqa: SIM115
    except OSError as exc:
        raise InputError(label, None, f"cannot read: {exc.strerror or type(exc).__name__}") from None
    sink: BinaryIO = open(out, "wb") if out is not None else sys.stdout.buffer  # noqa: SIM115
    total = failed = 0
    try:
        write = sink.write
        for result in verify_lines(stream, documents, jobs):
            write(result.data)
            total += 1
            failed += not result.verified
        sink.flush()
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
        if out is not None:
            sink.close()
    if total == 0:
        raise InputError(label, None, "no spans: an empty file proves nothing")
    raise SystemExit(EXIT_FAILED if failed else EXIT_OK)


def _emit(data: bytes, out: Path | None) -> None:
    """Write a report to ``out`` or stdout."""
    if out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        out.write_bytes(data)
    except OSError as exc:
        raise InputError(str(out), None, f"cannot write: {exc.strerror or type(exc).__name__}") from None


_ROUTE_OPTIONS = [
    click.option("--route", "route", metavar="MODULE:FUNCTION", help="Python route (default: [tool.sakshi] route, else reference)."),
    click.option("--route-exec", "route_exec", metavar="CMD", help="Program route: request JSON on stdin, turn JSON on stdout."),
    click.option("--route-timeout", type=click.FloatRange(min=0.001), default=60.0, show_default=True, help="Seconds a --route-exec program may take per pack."),
]


def _route_options(fn: object) -> object:
    for option in reversed(_ROUTE_OPTIONS):
        fn = option(fn)
    return fn


@cli.group("run")
def run_group() -> None:
    """Run a lane: context packs or recovery traces."""


@run_group.command("context")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit"]), default="text", show_default=True)
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Write the report here, not stdout.")
@_route_options
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes; never changes the output.")
def run_context_cmd(paths: tuple[Path, ...], fmt: str, out: Path | None, route: str | None, route_exec: str | None,
                    route_timeout: float, jobs: int) -> None:
    """Grade context packs (PATH: pack files or folders; none: the packs that ship)."""
    from sakshi.context_lane import grade_paths
    from sakshi.reports import context as report
    from sakshi.routes import resolve_route

    chosen = resolve_route(route, route_exec, route_timeout, Path.cwd())
    results = grade_paths(list(paths), chosen, jobs)
    if fmt == "json":
        data = report.render_json(results)
    elif fmt == "junit":
        data = report.render_junit(results)
    else:
        color = out is None and sys.stdout.isatty()
        data = report.render_text(results, color=color).encode("utf-8")
    _emit(data, out)
    held, failed = report.summary(results)
    raise SystemExit(EXIT_FAILED if failed else EXIT_OK)


@cli.command("prove")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Write the report here, not stdout.")
@_route_options
def prove_cmd(paths: tuple[Path, ...], fmt: str, out: Path | None, route: str | None, route_exec: str | None, route_timeout: float) -> None:
    """Mutate every pack green at live and show that the grade flips both ways."""
    from sakshi.context_lane import pack_turn
    from sakshi.packs import load_packs
    from sakshi.prove import prove_turn
    from sakshi.reports import prove as report
    from sakshi.routes import RouteFailure, resolve_route

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
        raise InputError(" ".join(str(p) for p in paths) or "the shipped packs", None, "no pack has a turn green at live; nothing to prove")
    data = report.render_json(proofs) if fmt == "json" else report.render_text(proofs).encode("utf-8")
    _emit(data, out)
    failed = any(not flip.flipped for _, flips in proofs for flip in flips)
    raise SystemExit(EXIT_FAILED if failed else EXIT_OK)


def _write_new(data: bytes, out: Path) -> None:
    """Write a report once: to a new file, atomically, never over an existing one."""
    import os
    import tempfile

    if out.exists() or out.is_symlink():
        raise InputError(str(out), None, "already exists; a report is written once, to a new file")
    folder = out.parent if str(out.parent) else Path(".")
    try:
        fd, temp = tempfile.mkstemp(prefix=".sakshi-", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, out)  # fails if `out` appeared meanwhile: never overwrites
        finally:
            os.unlink(temp)
    except FileExistsError:
        raise InputError(str(out), None, "already exists; a report is written once, to a new file") from None
    except OSError as exc:
        raise InputError(str(out), None, f"cannot write: {exc.strerror or type(exc).__name__}") from None


@run_group.command("recovery")
@click.argument("runs_dir", type=click.Path(path_type=Path))
@click.option("--corpus", "corpus_path", type=click.Path(path_type=Path, dir_okay=False),
              help="The recovery corpus (default: the corpus that ships with sakshi).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit"]), default="text", show_default=True)
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Write the report to this new file (never overwritten).")
@click.option("--trace-format", type=click.Choice(["sakshi", "pi", "claude", "openai", "anthropic"]), default=None,
              help="The traces' format (default: detected from the content).")
@click.option("--root", type=click.Path(path_type=Path, file_okay=False), default=".", show_default=True,
              help="The repository whose git state and sources the identity records.")
@click.option("--source", "sources", multiple=True, metavar="NAME=PATH", help="Hash this tree (relative to --root) into the identity.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes; never changes the output.")
def run_recovery_cmd(runs_dir: Path, corpus_path: Path | None, fmt: str, out: Path | None, trace_format: str | None,
                     root: Path, sources: tuple[str, ...], jobs: int) -> None:
    """Validate recorded agent runs (RUNS_DIR: run folders) against the recovery corpus."""
    from importlib.resources import files

    from sakshi.corpus import load_corpus
    from sakshi.identity import parse_sources, run_identity
    from sakshi.recovery_lane import discover_runs, run_folder
    from sakshi.reports import recovery as report
    from sakshi.traces.validate import Status

    corpus = load_corpus(corpus_path or Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
    identity = run_identity(root, parse_sources(sources), {"config": {"trace_format": trace_format or "detect"}})
    from sakshi.parallel import ordered_map

    records = list(ordered_map(lambda folder: run_folder(folder, corpus, trace_format), discover_runs(runs_dir), jobs, batch=10))
    for record in records:
        if record.error:
            click.echo(f"sakshi: error: {record.error}", err=True)
    if fmt == "json":
        data = report.render_json(records, identity)
    elif fmt == "junit":
        data = report.render_junit(records, identity)
    else:
        data = report.render_text(records, identity).encode("utf-8")
    _emit(data, None)
    if out is None:
        out = _default_report_path(fmt)
        click.echo(f"sakshi: report written to {out}", err=True)
    _write_new(data, out)
    statuses = {r.result.status for r in records}
    if Status.ERROR in statuses:
        raise SystemExit(EXIT_UNUSABLE)
    raise SystemExit(EXIT_OK if statuses == {Status.PASS} else EXIT_FAILED)


def _default_report_path(fmt: str) -> Path:
    """A new timestamped folder under reports/ (a suffix keeps two runs in one second apart)."""
    from datetime import UTC, datetime

    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    ext = {"json": "json", "junit": "xml", "text": "txt"}[fmt]
    for attempt in range(1000):
        folder = Path("reports") / (stamp if attempt == 0 else f"{stamp}-{attempt}")
        try:
            folder.mkdir(parents=True, exist_ok=False)
        except FileExistsError:
            continue
        except OSError as exc:
            raise InputError(str(folder), None, f"cannot create the report folder: {exc.strerror}") from None
        return folder / f"recovery-report.{ext}"
    raise InputError("reports", None, "no free report folder name")


@cli.group("corpus")
def corpus_group() -> None:
    """Check a recovery corpus."""


@corpus_group.command("check")
@click.argument("corpus_path", type=click.Path(path_type=Path, dir_okay=False))
def corpus_check_cmd(corpus_path: Path) -> None:
    """Each fact stands on its line of the generated source, and in no prompt or run config."""
    from sakshi.corpus import check_case, load_corpus

    corpus = load_corpus(corpus_path)
    problems = [p for case in corpus.cases.values() for p in check_case(case)]
    for problem in problems:
        click.echo(f"{problem.case_id}: {problem.problem}")
    click.echo(f"{len(corpus.cases)} cases, {len(problems)} problems")
    raise SystemExit(EXIT_FAILED if problems else EXIT_OK)


@cli.group("report")
def report_group() -> None:
    """Work with recovery reports."""


@report_group.command("reinterpret")
@click.argument("old", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), required=True, help="The new v2 report (a new file).")
@click.option("--root", type=click.Path(path_type=Path, file_okay=False), default=".", show_default=True)
def reinterpret_cmd(old: Path, out: Path, root: Path) -> None:
    """Read an older report (left untouched) and write what it proves under v2."""
    import hashlib
    import json

    import orjson

    from sakshi.identity import run_identity
    from sakshi.reports.reinterpret import reinterpret

    try:
        data = old.read_bytes()
        parsed = json.loads(data)
    except OSError as exc:
        raise InputError(str(old), None, f"cannot read: {exc.strerror}") from None
    except ValueError:
        raise InputError(str(old), None, "not JSON") from None
    report = reinterpret(parsed, str(old), run_identity(root), hashlib.sha256(data).hexdigest())
    _write_new(orjson.dumps(report, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n", out)


@cli.command("identity")
@click.option("--root", type=click.Path(path_type=Path, file_okay=False), default=".", show_default=True)
@click.option("--source", "sources", multiple=True, metavar="NAME=PATH", help="Hash this tree (relative to --root).")
def identity_cmd(root: Path, sources: tuple[str, ...]) -> None:
    """Print the run identity: versions, git state, source hashes, runtime."""
    import orjson

    from sakshi.identity import parse_sources, run_identity

    identity = run_identity(root, parse_sources(sources))
    _emit(orjson.dumps(identity, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n", None)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; every failure path ends in 1 or 2, with a message."""
    try:
        cli.main(args=argv, prog_name="sakshi", standalone_mode=False)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (EXIT_UNUSABLE if code else EXIT_OK)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx is not None else "sakshi"
        click.echo(f"sakshi: error: {exc.format_message()} (see '{command} --help')", err=True)
        return EXIT_UNUSABLE
    except click.ClickException as exc:
        click.echo(f"sakshi: error: {exc.format_message()}", err=True)
        return EXIT_UNUSABLE
    except click.exceptions.Abort:
        click.echo("sakshi: aborted", err=True)
        return EXIT_UNUSABLE
    except SakshiError as exc:
        click.echo(f"sakshi: error: {exc}", err=True)
        return EXIT_UNUSABLE
    except BrokenPipeError:
        return EXIT_UNUSABLE
    except Exception as exc:  # noqa: BLE001 - an internal error is never a pass
        click.echo(f"sakshi: internal error: {type(exc).__name__}: {exc}", err=True)
        return EXIT_UNUSABLE
    return EXIT_OK
