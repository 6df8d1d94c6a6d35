"""``sakshi verify-spans``."""

from __future__ import annotations

from pathlib import Path

import click

from sakshi.commands.common import jobs_option, stream_jsonl


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
    stream_jsonl(
        spans,
        out,
        "spans",
        lambda lines: ((r.data, r.verified) for r in verify_lines(lines, documents, jobs)),
    )
