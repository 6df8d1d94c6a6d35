"""Where a recovery run's report goes (``run recovery``, ``live recovery``): stdout and
each ``--out`` file in its format, or else a new timestamped folder under reports/; what
the run then says on stderr, and its outcome."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from sakshi.commands.outcome import UNUSABLE, Outcome, judged
from sakshi.commands.output import write_new
from sakshi.commands.targets import Target, plan_targets, write_targets, written_line
from sakshi.errors import InputError

__all__ = ["default_report_path", "publish_recovery_report", "recovery_targets"]


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
) -> Outcome:
    """Write the report to each target in its format; with no ``--out`` file the JSON
    report also goes once to a new timestamped folder under reports/. A run that wrote
    files (or a quiet one) prints its summary and every case that did not pass to stderr.
    Unusable (exit 2) if a run could not be read, held if every case passed, else failed."""
    from sakshi.recovery import Status
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
        return UNUSABLE
    return judged(statuses != {Status.PASS})
