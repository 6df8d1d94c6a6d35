"""The options several commands share, each defined once: ``--jobs``, ``--no-cache``,
``--out``, ``--corpus``, ``--root``, ``--source``, the route's and the recovery report's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from sakshi.commands.targets import summary_options, targets_options

__all__ = [
    "corpus_option",
    "jobs_option",
    "jsonl_out_option",
    "no_cache_option",
    "out_option",
    "report_options",
    "root_option",
    "route_options",
    "sources_option",
    "stacked",
]

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


def out_option(help_text: str, required: bool = False) -> Callable[[F], F]:
    """``--out``: a file (never a folder) to write, described by ``help_text``."""
    return click.option(
        "--out",
        type=click.Path(path_type=Path, dir_okay=False),
        required=required,
        help=help_text,
    )


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
