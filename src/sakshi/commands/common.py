"""What the commands share: exit codes, writing outputs, and common options."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple, TypeVar

import click

from sakshi.commands.output import check_outputs, held_stdout, new_file, write_new
from sakshi.commands.progress import Progress
from sakshi.commands.targets import (
    Target,
    plan_targets,
    summary_options,
    targets_options,
    write_targets,
    written_line,
)
from sakshi.errors import InputError
from sakshi.inputs.files import open_regular

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_UNUSABLE",
    "LineCounts",
    "Progress",
    "check_outputs",
    "corpus_option",
    "default_report_path",
    "emit",
    "format_option",
    "jobs_option",
    "jsonl_out_option",
    "new_file",
    "no_cache_option",
    "out_option",
    "publish_recovery_report",
    "recovery_targets",
    "report_options",
    "report_out_option",
    "root_option",
    "route_options",
    "sources_option",
    "stacked",
    "stream_jsonl",
    "write_new",
]

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])

jobs_option = click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes; never changes the output.",
)

no_cache_option = click.option(
    "--no-cache",
    is_flag=True,
    help=(
        "Parse and grade every pack afresh; neither read nor write the cache of parses"
        " and results (as SAKSHI_NO_CACHE=1)."
    ),
)


def stacked(*options: Callable[[F], F]) -> Callable[[F], F]:
    """Options given top to bottom, as they would be written as decorators, as one."""

    def apply(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def format_option(*choices: str) -> Callable[[F], F]:
    """``--format`` among ``choices``; text unless asked."""
    return click.option(
        "--format", "fmt", type=click.Choice(list(choices)), default="text", show_default=True
    )


def out_option(help_text: str, required: bool = False) -> Callable[[F], F]:
    """``--out``: a file (never a folder) to write, described by ``help_text``."""
    return click.option(
        "--out",
        type=click.Path(path_type=Path, dir_okay=False),
        required=required,
        help=help_text,
    )


report_out_option = out_option("Write the report here, not stdout.")
jsonl_out_option = out_option("Write the JSON lines here, not stdout.")

corpus_option = click.option(
    "--corpus",
    "corpus_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="The recovery corpus (default: the corpus that ships with sakshi).",
)


def root_option(help_text: str | None = None) -> Callable[[F], F]:
    """``--root``: the repository the run identity describes (default: here)."""
    return click.option(
        "--root",
        type=click.Path(path_type=Path, file_okay=False),
        default=".",
        show_default=True,
        help=help_text,
    )


def sources_option(help_text: str) -> Callable[[F], F]:
    """``--source NAME=PATH``, repeatable: trees hashed into the run identity."""
    return click.option("--source", "sources", multiple=True, metavar="NAME=PATH", help=help_text)


def emit(data: bytes, out: Path | None) -> None:
    """Write a report to the new file ``out`` (see ``write_new``) or to stdout."""
    if out is not None:
        write_new(data, out)
        return
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


# ``--route``, ``--route-exec`` and ``--route-timeout``: which route answers the packs.
route_options = stacked(
    click.option(
        "--route",
        "route",
        metavar="MODULE:FUNCTION",
        help="Python route, run in a child process (default: the configuration's route,"
        " else reference).",
    ),
    click.option(
        "--route-exec",
        "route_exec",
        metavar="CMD",
        help="Program route: request JSON on stdin, turn JSON on stdout.",
    ),
    click.option(
        "--route-timeout",
        type=click.FloatRange(min=0.001),
        default=None,
        help="Seconds a route (Python or program) may take per pack (default: the"
        " configuration's route-timeout, else 60).",
    ),
)

# ``--format text|json|junit``, write-once ``--out`` files (repeatable, format by
# extension), ``--quiet`` and ``--failures-only`` for recovery reports.
report_options = stacked(
    targets_options(("text", "json", "junit"), ".json, .xml JUnit, .txt"),
    summary_options,
)


def _check_default_report(targets: Sequence[Target]) -> None:
    """Before any work: when no ``--out`` file takes the report, the reports/ folder it then
    goes to must be a real folder or absent (SPEC 9: exit 2 before any work, not after)."""
    if any(target.path is not None for target in targets):
        return
    reports = Path("reports")
    # mkdir never follows a link at the folder it makes, but would write through a
    # `reports` link to wherever it points (SPEC 9: no output through a symlink).
    if reports.is_symlink():
        raise InputError("reports", None, "is a symbolic link; sakshi never writes through one")
    if os.path.lexists(reports) and not reports.is_dir():
        raise InputError(
            "reports", None, "exists and is not a folder; the report goes to reports/<time>/"
        )


def default_report_path() -> Path:
    """A new timestamped folder under reports/ (a suffix keeps two runs in one second apart)."""
    from datetime import UTC, datetime

    _check_default_report([])  # again: a link may have appeared while the run worked
    _new_reports_folder(Path("reports"))
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for attempt in range(1000):
        folder = Path("reports") / (stamp if attempt == 0 else f"{stamp}-{attempt}")
        try:
            folder.mkdir(parents=True, exist_ok=False)
        except FileExistsError:
            continue
        except OSError as exc:
            raise InputError(
                str(folder), None, f"cannot create the report folder: {exc.strerror}"
            ) from None
        return folder / "recovery-report.json"
    raise InputError("reports", None, "no free report folder name")


# Keeps a reports folder sakshi made out of git: `*` ignores everything in it, this file
# too, so a report never makes the next run's identity dirty (git.dirty).
_SELF_IGNORING = b"# Made by sakshi: its reports are never committed.\n*\n"


def _new_reports_folder(folder: Path) -> None:
    """Make ``folder`` with a .gitignore of its own, when it does not exist. A folder that
    was already there is the project's: nothing is added to it, so no file the project
    tracks or adds there is ever hidden from git."""
    try:
        folder.mkdir()
    except FileExistsError:
        return
    except OSError as exc:
        raise InputError(
            str(folder), None, f"cannot create the report folder: {exc.strerror}"
        ) from None
    write_new(_SELF_IGNORING, folder / ".gitignore")


SHOWN_FAILURES = 20  # failing lines a stream's stderr summary quotes; the file has them all


class LineCounts(NamedTuple):
    """How many output lines a stream wrote, how many of them did not hold, and the first
    ``SHOWN_FAILURES`` of those (their output lines) for the summary."""

    total: int
    failed: int
    first_failures: tuple[bytes, ...]


_WRITE_EVERY = 1024  # output lines joined into one write: a write a line costs more than the join


def _pump(
    results: Iterable[tuple[bytes, bool]], sink: BinaryIO, tick: Callable[[int], object]
) -> LineCounts:
    total = failed = 0
    first: list[bytes] = []
    pending: list[bytes] = []
    for data, ok in results:
        pending.append(data)
        total += 1
        if not ok:
            failed += 1
            if len(first) < SHOWN_FAILURES:
                first.append(data)
        if len(pending) == _WRITE_EVERY:
            sink.write(b"".join(pending))
            pending.clear()
            tick(total)  # a write's worth of lines at a time: a tick a line would cost
    sink.write(b"".join(pending))
    tick(total)
    sink.flush()
    return LineCounts(total, failed, tuple(first))


def _stream_summary(counts: LineCounts, what: str, out: Path) -> list[str]:
    """What a stream written to a file prints on stderr: counts, then each line that did
    not hold (the first ``SHOWN_FAILURES``), as the file holds it."""
    noun = what[:-1] if what.endswith("s") and counts.total == 1 else what
    lines = [f"sakshi: wrote {out}: {counts.total} {noun}, {counts.failed} did not hold"]
    lines += [f"  {data.decode('utf-8', 'replace').rstrip()}" for data in counts.first_failures]
    if counts.failed > len(counts.first_failures):
        lines.append(f"  ... and {counts.failed - len(counts.first_failures)} more in {out}")
    return lines


def stream_jsonl(
    source: Path,
    out: Path | None,
    what: str,
    transform: Callable[[Iterable[bytes]], Iterable[tuple[bytes, bool]]],
) -> None:
    """Stream SOURCE's lines (stdin for ``-``) through ``transform`` into ``out`` or
    stdout, one output line at a time; exit 0 when every line held, 1 when one did not,
    2 when there was no line at all (an empty file proves nothing). Written to ``out``,
    a summary goes to stderr (counts and the lines that did not hold).

    ``out`` is written through a temp file and appears only when the stream ended well,
    and stdout gets the lines only then (``held_stdout``): an exit 2 (or any failure)
    midway leaves no partial file and prints nothing."""
    label = str(source)
    stream: BinaryIO = (
        sys.stdin.buffer
        if label == "-"
        else open_regular(source, label, f"a JSON lines file of {what}")
    )
    try:
        with new_file(out) if out is not None else held_stdout() as sink, Progress(what) as tick:
            counts = _pump(transform(stream), sink, tick)
            if counts.total == 0:
                raise InputError(label, None, f"no {what}: an empty file proves nothing")
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    if out is not None:
        for line in _stream_summary(counts, what, out):
            click.echo(line, err=True)
    raise SystemExit(EXIT_FAILED if counts.failed else EXIT_OK)


def recovery_targets(fmt: str | None, outs: Sequence[Path], quiet: bool) -> list[Target]:
    """Where a recovery report goes (checked before any work): stdout in ``--format``
    (SPEC 5: the run prints its report; not with ``--quiet``), and each ``--out`` file in
    its format."""
    files = [t for t in plan_targets(outs, fmt, "text", _RECOVERY_FORMATS) if t.path is not None]
    _check_default_report(files)
    return files if quiet else [Target(None, fmt or "text"), *files]


_RECOVERY_FORMATS = ("text", "json", "junit")


def publish_recovery_report(
    records: Any, identity: Any, targets: Sequence[Target], failures_only: bool = False
) -> None:
    """Write the report to each target in its format; with no ``--out`` file the JSON
    report also goes once to a new timestamped folder under reports/. A run that wrote
    files (or a quiet one) prints its summary and every case that did not pass to stderr.
    Exit 2 if a run could not be read, 0 if every case passed, 1 otherwise."""
    from sakshi.recovery.validate import Status
    from sakshi.reports import recovery as report

    def render(fmt: str, _to_stdout: bool = False) -> bytes:
        if fmt == "json":
            return report.render_json(records, identity)
        if fmt == "junit":
            return report.render_junit(records, identity)
        return report.render_text(records, identity, failures_only).encode("utf-8")

    written = write_targets(targets, render)
    if not written:
        default = default_report_path()
        click.echo(f"sakshi: report written to {default}", err=True)
        write_new(render("json"), default)
    if written or all(target.path is not None for target in targets):
        for line in report.summary_lines(records, written_line(written) if written else ""):
            click.echo(line, err=True)
    statuses = {r.result.status for r in records}
    if Status.ERROR in statuses:
        raise SystemExit(EXIT_UNUSABLE)
    raise SystemExit(EXIT_OK if statuses == {Status.PASS} else EXIT_FAILED)
