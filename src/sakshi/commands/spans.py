"""``sakshi verify-spans``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

import click

from sakshi.commands.common import (
    EXIT_FAILED,
    EXIT_OK,
    jobs_option,
)
from sakshi.errors import InputError


@click.command("verify-spans")
@click.argument("docs", type=click.Path(path_type=Path))
@click.argument("spans", type=click.Path(path_type=Path, allow_dash=True))
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the JSON lines here, not stdout.",
)
@jobs_option
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
        raise InputError(
            label, None, f"cannot read: {exc.strerror or type(exc).__name__}"
        ) from None
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
