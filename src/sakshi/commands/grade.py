"""``sakshi grade``: production turn logs, where they are, locally or on a Dask cluster.

Everything that can be refused is refused before any line is graded (exit 2, one line
naming it): the options, each log (a glob that matches nothing, a missing file or object,
a URL with an unknown protocol or without its package), the outputs (SPEC 9) and the
documents folder. Then the logs are cut into partitions (``context/partitions.py``), graded
by the engine, and written in input order.
"""

from __future__ import annotations

import re
import secrets
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sakshi.commands.options import jobs_option
from sakshi.commands.outcome import Outcome, judged
from sakshi.errors import InputError

if TYPE_CHECKING:  # the grading modules load when the command runs, not with the CLI
    from sakshi.context import GradedPart, Partition
    from sakshi.inputs import LogSource
    from sakshi.values import ValueRules

_STDIN_BATCH = 2000  # lines of stdin a batch, and of a stream written at once
_SIZE = re.compile(r"(\d+)\s*(?:([KMG])i?B?|B)?", re.IGNORECASE)
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def _partition_size(_ctx: click.Context, _param: click.Parameter, value: str | None) -> int | None:
    """``64MiB``, ``512K``, ``1G`` or plain bytes (K, M and G count in 1024s), raised to
    ``MIN_PARTITION_BYTES``: the size never changes a byte of the output, and each
    partition costs an open, a seek and a part, so a tiny size only multiplies that cost
    (``--partition-size 1`` on a 1 MB log was a million partitions). None when not given:
    the run sizes its partitions for its workers (``_plan``)."""
    from sakshi.context import MIN_PARTITION_BYTES

    if value is None:
        return None
    match = _SIZE.fullmatch(value.strip())
    size = int(match[1]) * _UNITS[(match[2] or "").upper()] if match else 0
    if size < 1:
        raise click.BadParameter(f"expected a size such as 64MiB or 1048576, found {value!r}")
    return max(size, MIN_PARTITION_BYTES)


def _check_options(
    turns: tuple[str, ...], engine: str, scheduler: str | None, out_parts: str | None, jobs: int
) -> None:
    if engine == "dask" and not scheduler:
        raise InputError("--engine dask", None, "needs --scheduler ADDRESS")
    if engine == "local" and scheduler:
        raise InputError("--scheduler", None, "only with --engine dask")
    if engine == "dask" and jobs > 1:
        raise InputError("--jobs", None, "only with --engine local; a Dask cluster has its workers")
    if "-" in turns:
        if len(turns) > 1:
            raise InputError("-", None, "stdin is graded alone, not beside other logs")
        if engine == "dask":
            raise InputError("-", None, "--engine dask reads logs where they are, never stdin")
        if out_parts is not None:
            raise InputError("-", None, "--out-parts cuts files into partitions, never stdin")


def _plan(sources: list[LogSource], given: int | None, workers: int) -> list[Partition]:
    """The logs' partitions: of the size given, exactly (the parts are then the same files
    on every engine), or by default of 64 MiB, less on logs that would otherwise leave
    some of the ``workers`` without a partition (``spread_size``)."""
    from sakshi.context import plan_partitions, spread_size

    size = spread_size(sources, workers) if given is None else given
    return plan_partitions(sources, size)


def _output(given: str | None) -> Path | str | None:
    """The ``--out`` file: a local path (``file://`` is one), or a URL where nothing may
    be yet (checked here, before any work)."""
    from sakshi.inputs import local_path

    if given is None:
        return None
    path = local_path(given)
    if path is not None:
        return path
    from sakshi.inputs import check_new_prefix

    check_new_prefix(given)
    return given


def _parts_target(given: str | None) -> Path | str | None:
    """The ``--out-parts`` folder: a local path (``file://`` is one), or a URL prefix that
    must hold nothing yet (checked here, before any work)."""
    from sakshi.inputs import local_path

    if given is None:
        return None
    path = local_path(given)
    if path is not None:
        return path
    from sakshi.inputs import check_new_prefix

    check_new_prefix(given)
    return given.rstrip("/")


def _local_parts(
    partitions: list[Partition] | None,
    documents: str,
    jobs: int,
    whole_parts: bool,
    rules: ValueRules,
) -> Iterator[GradedPart]:
    from sakshi.context import grade_batches, grade_partitions
    from sakshi.runcache import RunCache

    cache = RunCache()  # the run's memory, passed down (each --jobs worker forks its copy)
    # A stream is written as it is graded; only --out-parts needs each part whole.
    flush_every = None if whole_parts else _STDIN_BATCH
    if partitions is not None:  # --jobs workers read their own byte ranges of the logs
        return grade_partitions(partitions, documents, jobs, flush_every, rules, cache)
    stdin = sys.stdin.buffer
    batches: Iterable[Iterable[bytes]] = iter(lambda: list(islice(stdin, _STDIN_BATCH)), [])
    return grade_batches(batches, documents, jobs, flush_every, rules, cache)


def _counted(parts: Iterator[GradedPart]) -> Iterator[GradedPart]:
    """``parts``, with a progress line of the turns graded so far; closed, it closes
    ``parts`` (a Dask run's tasks in flight end with it). The line is gone once the last
    part is taken, before a held stdout is written out under it."""
    from sakshi.commands.progress import Progress

    lines = 0
    try:
        with Progress("turns") as tick:
            for part in parts:
                lines += part.lines
                tick(lines)
                yield part
    finally:
        close = getattr(parts, "close", None)
        if close is not None:
            close()


def _on_dask(
    sources: list[LogSource],
    partition_size: int | None,
    documents: str,
    scheduler: str,
    run: str,
    rules: ValueRules,
    targets: tuple[Path | str | None, Path | str | None, str],
) -> Outcome:
    """The run on the Dask cluster at ``scheduler``: its partitions planned for the
    cluster's threads, graded there, written as ``_write`` does (``targets``: the --out
    file, the --out-parts folder, the label)."""
    from sakshi.context import cluster_threads, connect, grade_on_client

    out_file, parts_target, label = targets
    client = connect(scheduler)
    try:
        partitions = _plan(sources, partition_size, cluster_threads(client))
        # Parts at a URL are stored by the workers themselves; a local folder by the client.
        stored_by_workers = parts_target if isinstance(parts_target, str) else None
        parts = grade_on_client(client, partitions, documents, run, None, stored_by_workers, rules)
        return _write(parts, out_file, parts_target, partitions, label, run)
    finally:
        client.close()


def _write(
    parts: Iterator[GradedPart],
    out: Path | str | None,
    out_parts: Path | str | None,
    partitions: list[Partition],
    label: str,
    run: str,
) -> Outcome:
    from sakshi.commands.grade_output import summary_lines, write_parts, write_stream

    if out_parts is not None:
        totals = write_parts(_counted(parts), out_parts, partitions, label, run)
    else:
        totals = write_stream(_counted(parts), out, label)
    where = f"{out_parts}/" if out_parts is not None else str(out) if out is not None else None
    if where is not None:
        for line in summary_lines(totals, where):
            click.echo(line, err=True)
    return judged(bool(totals.red))


@click.command("grade")
@click.argument("turns", nargs=-1, required=True, metavar="TURNS...")
@click.option(
    "--documents",
    required=True,
    metavar="DIR",
    help="Folder of <id>.yaml (a document, as in a pack) or <id>.txt (raw bytes) files: a path"
    " or a URL such as s3://bucket/docs.",
)
@click.option(
    "--engine",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="local: this machine (--jobs N); dask: the cluster at --scheduler, whose workers"
    " read the logs and documents themselves.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="The Dask scheduler (with --engine dask), e.g. tcp://10.0.0.5:8786.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),  # a str: a URL stays a URL, not a mangled path
    metavar="FILE",
    help="Write the JSON lines here, not stdout: a new local file, or a URL where nothing"
    " is yet (s3://bucket/graded.jsonl, sent once the whole run has held; not memory://,"
    " which is gone when sakshi exits).",
)
@click.option(
    "--out-parts",
    type=click.Path(),
    metavar="DIR",
    help="Write the output as DIR/part-00000.jsonl ... (one a partition, in input order)"
    " and DIR/manifest.json (counts and SHA-256s). DIR is a local folder or a URL prefix"
    " (s3://bucket/graded/, written by the Dask workers themselves; there each part's name"
    " holds the run's id, part-<run>-00000.jsonl) and must not exist.",
)
@click.option(
    "--partition-size",
    callback=_partition_size,
    metavar="SIZE",
    help="Bytes of log in one partition (one Dask task, one part); never changes a byte."
    " A size below 1K is raised to 1K. Default: 64MiB, or less so that a smaller log gives"
    " each worker (--jobs, or the Dask cluster's threads) a partition of 64K at least.",
)
@jobs_option
def grade_cmd(
    turns: tuple[str, ...],
    documents: str,
    engine: str,
    scheduler: str | None,
    out: str | None,
    out_parts: str | None,
    partition_size: int | None,
    jobs: int,
) -> Outcome:
    """Grade logged turns, one output line per input line, in input order, each naming
    its input line's number in its log (``line``, from 1, blank lines counted) and, when
    red, each finding by its codes.

    TURNS: JSON lines logs, as paths, globs (quoted: sakshi sorts the matches) or URLs
    (s3://bucket/day/*.jsonl, gs://, memory://, file://), plain or compressed (.gz, .bz2,
    .xz, .zst: each one partition, refused past 1024 times its size decompressed); - reads
    stdin."""
    from sakshi.commands.output import check_outputs
    from sakshi.commands.values import project_values
    from sakshi.context import DocumentStore
    from sakshi.inputs import expand_logs, find_config, local_path

    _check_options(turns, engine, scheduler, out_parts, jobs)
    if out is not None and out_parts is not None:
        raise InputError("--out-parts", None, "either --out FILE or --out-parts DIR, not both")
    out_file = _output(out)
    sources = [] if turns == ("-",) else expand_logs(list(turns))
    folder = local_path(documents)
    inputs = [Path(source.location) for source in sources if not source.remote]
    parts_target = _parts_target(out_parts)
    local_parts = parts_target if isinstance(parts_target, Path) else None
    local_out = out_file if isinstance(out_file, Path) else None
    check_outputs([local_out, local_parts], [*inputs, folder])
    # Workers may run elsewhere: a local folder travels as its absolute path.
    where = documents if folder is None else str(folder.absolute())
    DocumentStore(where)  # an unusable folder is exit 2 before anything is read
    rules = project_values(find_config(Path.cwd()))
    # The run's own id: in its parts' names under a URL prefix, and its Dask workers'
    # documents caches are this run's alone.
    run = secrets.token_hex(8)
    label = turns[0] if len(turns) == 1 else "TURNS"
    if engine == "dask":
        targets = (out_file, parts_target, label)
        return _on_dask(sources, partition_size, where, scheduler or "", run, rules, targets)
    partitions = _plan(sources, partition_size, jobs)
    given = None if turns == ("-",) else partitions
    parts = _local_parts(given, where, jobs, parts_target is not None, rules)
    return _write(parts, out_file, parts_target, partitions, label, run)
