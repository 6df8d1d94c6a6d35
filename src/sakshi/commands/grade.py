"""``sakshi grade``: production turn logs, locally or on a Dask cluster."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import click

from sakshi.commands.common import EXIT_FAILED, EXIT_OK, jobs_option
from sakshi.errors import InputError


@click.command("grade")
@click.argument("turns", type=click.Path(path_type=Path, allow_dash=True))
@click.option("--documents", "folder", type=click.Path(path_type=Path), required=True,
              help="Folder of <id>.yaml (section-2 document) or <id>.txt (raw bytes) files.")
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", metavar="ADDRESS", help="The Dask scheduler (with --engine dask), e.g. tcp://10.0.0.5:8786.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Write the JSON lines here, not stdout.")
@jobs_option
def grade_cmd(turns: Path, folder: Path, engine: str, scheduler: str | None, out: Path | None, jobs: int) -> None:
    """Grade logged turns (TURNS: JSON lines), one output line per input line, in order."""
    from sakshi.turnlog import DocumentStore, GradedLine, grade_lines

    label = str(turns)
    if engine == "dask" and not scheduler:
        raise InputError("--scheduler", None, "--engine dask needs --scheduler ADDRESS")
    if engine == "local" and scheduler:
        raise InputError("--scheduler", None, "only with --engine dask")
    DocumentStore(folder)  # an unusable folder is exit 2 before anything is read
    if label != "-" and turns.is_dir():
        raise InputError(label, None, "is a folder, expected a JSON lines file of turns")
    try:
        stream: BinaryIO = sys.stdin.buffer if label == "-" else open(turns, "rb")  # noqa: SIM115
    except OSError as exc:
        raise InputError(label, None, f"cannot read: {exc.strerror or type(exc).__name__}") from None
    sink: BinaryIO = open(out, "wb") if out is not None else sys.stdout.buffer  # noqa: SIM115
    total = red = 0
    try:
        if engine == "dask":
            from sakshi.dask_engine import grade_on_dask

            results: Iterator[GradedLine] = grade_on_dask(stream, folder, scheduler or "")
        else:
            results = grade_lines(stream, folder, jobs)
        for line in results:
            sink.write(line.data)
            total += 1
            red += not line.green
        sink.flush()
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
        if out is not None:
            sink.close()
    if total == 0:
        raise InputError(label, None, "no turns: an empty log proves nothing")
    raise SystemExit(EXIT_FAILED if red else EXIT_OK)
