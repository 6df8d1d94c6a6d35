"""``sakshi grade``: production turn logs, locally or on a Dask cluster."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import click

from sakshi.commands.common import check_outputs, jobs_option, jsonl_out_option, stream_jsonl
from sakshi.errors import InputError


@click.command("grade")
@click.argument("turns", type=click.Path(path_type=Path, allow_dash=True))
@click.option(
    "--documents",
    "folder",
    type=click.Path(path_type=Path),
    required=True,
    help="Folder of <id>.yaml (section-2 document) or <id>.txt (raw bytes) files.",
)
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="The Dask scheduler (with --engine dask), e.g. tcp://10.0.0.5:8786.",
)
@jsonl_out_option
@jobs_option
def grade_cmd(
    turns: Path, folder: Path, engine: str, scheduler: str | None, out: Path | None, jobs: int
) -> None:
    """Grade logged turns (TURNS: JSON lines), one output line per input line, in order."""
    from sakshi.context.turnlog import DocumentStore, GradedLine, grade_lines

    check_outputs([out], [turns, folder])
    if engine == "dask" and not scheduler:
        raise InputError("--scheduler", None, "--engine dask needs --scheduler ADDRESS")
    if engine == "local" and scheduler:
        raise InputError("--scheduler", None, "only with --engine dask")
    DocumentStore(folder)  # an unusable folder is exit 2 before anything is read

    def transform(lines: Iterable[bytes]) -> Iterator[tuple[bytes, bool]]:
        if engine == "dask":
            from sakshi.context.dask_engine import grade_on_dask

            results: Iterable[GradedLine] = grade_on_dask(lines, folder, scheduler or "")
        else:
            results = grade_lines(lines, folder, jobs)
        return ((line.data, line.green) for line in results)

    stream_jsonl(turns, out, "turns", transform)
