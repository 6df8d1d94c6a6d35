"""Where a command's reports go: stdout, or any number of ``--out`` files (SPEC 9).

One ``--out FILE`` holds the ``--format`` asked for, or, with none asked, the format its
extension names (SPEC 9): ``.json`` JSON, ``.xml`` JUnit XML, ``.txt`` text, ``.html`` the
evidence view (where the command has one); ``--format json --out r.txt`` is JSON.
``--out`` may be given several times; then each file holds its extension's format, and a
file whose extension names none holds ``--format`` (text unless asked). When files are
written,
stdout stays empty and a short summary goes to stderr for the CI log. Every file goes
through the one writer (``commands/output.py``): refused before any work if it exists.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from sakshi.commands.output import write_new
from sakshi.errors import InputError

__all__ = [
    "EXTENSION_FORMATS",
    "Target",
    "color_wanted",
    "plan_targets",
    "summary_options",
    "targets_options",
    "text_width",
    "write_targets",
]

F = TypeVar("F", bound=Callable[..., Any])
EXTENSION_FORMATS = {".json": "json", ".xml": "junit", ".txt": "text", ".html": "html"}
STDOUT_WIDTH = 100  # a pipe or a CI log without COLUMNS: wide enough for a table row


@dataclass(frozen=True)
class Target:
    """One place a report goes, and the format it holds there (``path`` None: stdout)."""

    path: Path | None
    fmt: str


def _format_for(path: Path, fmt: str | None, default: str) -> str:
    """The extension's format when it names one, else ``--format``, else the default."""
    return EXTENSION_FORMATS.get(path.suffix.lower()) or fmt or default


def plan_targets(
    outs: Sequence[Path],
    fmt: str | None,
    default: str,
    formats: Sequence[str],
    html: Path | None = None,
    *,
    asked: bool | None = None,
) -> list[Target]:
    """Each report's place and format, checked against the formats the command writes
    (``formats``); stdout in ``fmt`` (else ``default``) when no file is asked for.

    ``asked`` says whether ``fmt`` was asked for on the command line (default: whenever it
    is given; a configured format is not asked for): then a single file holds it whatever
    its extension, since SPEC 9 puts the format asked for before the extension's."""
    asked = fmt is not None if asked is None else asked
    if asked and fmt is not None and len(outs) == 1:
        planned = [_target(outs[0], fmt, default, formats, by_extension=False)]
    else:
        planned = [_target(path, fmt, default, formats) for path in outs]
    if html is not None:
        if "html" not in formats:
            raise InputError("--html", None, "this command writes no HTML view")
        planned.append(Target(html, "html"))
    return planned or [Target(None, fmt or default)]


def _target(
    path: Path, fmt: str | None, default: str, formats: Sequence[str], by_extension: bool = True
) -> Target:
    chosen = _format_for(path, fmt, default) if by_extension else fmt or default
    if chosen not in formats:
        raise InputError(
            str(path),
            None,
            f"names the {chosen} format, which this command does not write"
            f" (it writes {', '.join(formats)})",
        )
    return Target(path, chosen)


def write_targets(targets: Iterable[Target], render: Callable[[str, bool], bytes]) -> list[Target]:
    """Render each format once per kind of place (``render(fmt, to_stdout)``: text may be
    coloured for a terminal, never in a file) and write it; the files written."""
    rendered: dict[tuple[str, bool], bytes] = {}
    written: list[Target] = []
    for target in targets:
        key = (target.fmt, target.path is None)
        if key not in rendered:
            rendered[key] = render(*key)
        if target.path is None:
            sys.stdout.buffer.write(rendered[key])
            sys.stdout.buffer.flush()
        else:
            write_new(rendered[key], target.path)
            written.append(target)
    return written


def written_line(written: Sequence[Target]) -> str:
    """``wrote r.xml (junit), r.json (json)``: what a run wrote, for its summary."""
    return "wrote " + ", ".join(f"{t.path} ({t.fmt})" for t in written)


def color_wanted(stream_is_tty: bool) -> bool:
    """Colour for a stream: NO_COLOR (any value) turns it off, FORCE_COLOR (any value but
    ``0`` or empty) turns it on, else only on a terminal (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    force = os.environ.get("FORCE_COLOR", "")
    if force and force != "0":
        return True
    return stream_is_tty


def text_width(stream_is_tty: bool) -> int:
    """The width text reports fit: ``COLUMNS`` when set, the terminal's on a terminal,
    else ``STDOUT_WIDTH`` (never less than 40, so a table row still reads)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return max(40, int(columns))
    if stream_is_tty:
        return max(40, shutil.get_terminal_size((STDOUT_WIDTH, 24)).columns)
    return STDOUT_WIDTH


def targets_options(formats: Sequence[str], extension_help: str) -> Callable[[F], F]:
    """``--format`` (among ``formats``; text unless asked) and a repeatable ``--out``."""
    choices = [name for name in formats if name != "html"]

    def apply(command: F) -> F:
        command = click.option(
            "--out",
            "outs",
            multiple=True,
            type=click.Path(path_type=Path, dir_okay=False),
            help="Write the report to this new file (never overwritten), in --format when"
            " asked, else in its extension's format; repeatable, each of several files in"
            f" its extension's format ({extension_help}).",
        )(command)
        return click.option(
            "--format",
            "fmt",
            type=click.Choice(choices),
            default=None,
            help="The report's format on stdout and in a single --out file (several --out"
            " files: in each whose extension names none) [default: text].",
        )(command)

    return apply


def summary_options(command: F) -> F:
    """``--quiet`` and ``--failures-only``: short output for suites of a thousand packs."""
    command = click.option(
        "--failures-only",
        is_flag=True,
        help="The text report lists only what did not hold (the counts stay whole).",
    )(command)
    return click.option(
        "--quiet",
        "-q",
        is_flag=True,
        help="No report on stdout; on stderr only the counts and what did not hold.",
    )(command)
