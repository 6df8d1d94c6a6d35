"""``sakshi verify-spans``."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import click

from sakshi.commands.common import check_outputs, jobs_option, jsonl_out_option, stream_jsonl


@click.command("verify-spans")
@click.argument("docs", type=click.Path(path_type=Path))
@click.argument("spans", type=click.Path(path_type=Path, allow_dash=True))
@jsonl_out_option
@jobs_option
def verify_spans_cmd(docs: Path, spans: Path, out: Path | None, jobs: int) -> None:
    """Verify every source_span.v1 line of SPANS (JSONL) against the documents of DOCS.

    Writes one JSON line per span, in input order: {"id", "verified", "reason"}.
    """
    from sakshi.inputs.documents import load_docs_file
    from sakshi.parallel import ordered_map
    from sakshi.spans.batch import verify_line

    check_outputs([out], [docs, spans])
    documents = load_docs_file(docs)
    stream_jsonl(
        spans,
        out,
        "spans",
        # Each BatchLine is already the (bytes, verified) pair the stream writes.
        lambda lines: ordered_map(partial(verify_line, documents=documents), lines, jobs, 5000),
    )
