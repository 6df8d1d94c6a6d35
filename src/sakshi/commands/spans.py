"""``sakshi verify-spans``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

import click

from sakshi.commands.options import jobs_option, jsonl_out_option
from sakshi.commands.outcome import Outcome
from sakshi.commands.output import check_outputs
from sakshi.commands.streams import stream_jsonl


@click.command("verify-spans")
@click.argument("docs", type=click.Path(path_type=Path))
@click.argument("spans", type=click.Path(path_type=Path, allow_dash=True))
@jsonl_out_option
@jobs_option
@click.option(
    "--explain",
    is_flag=True,
    help="Add a detail to each line whose quote did not verify but nearly stands in the"
    " document: the closest passage and each place it differs (a typo, a digit, case,"
    " a dash, a quotation mark, a space).",
)
def verify_spans_cmd(
    docs: Path, spans: Path, out: Path | None, jobs: int, explain: bool
) -> Outcome:
    """Verify every source_span.v1 line of SPANS (JSONL) against the documents of DOCS.

    Writes one JSON line per span, in input order: {"id", "verified", "reason"}.
    """
    from sakshi.inputs import load_docs_file
    from sakshi.parallel import ordered_map
    from sakshi.spans import BatchLine, verify_line

    check_outputs([out], [docs, spans])
    documents = load_docs_file(docs)
    verify = partial(verify_line, documents=documents, explain=explain)
    missed = [0]

    def counted(lines: Iterable[bytes]) -> Iterator[BatchLine]:
        # Each BatchLine is already the (bytes, verified) pair the stream writes.
        for result in ordered_map(verify, lines, jobs, 5000):
            if not result.verified and _QUOTE_MISSED.search(result.data):
                missed[0] += 1
            yield result

    outcome = stream_jsonl(spans, out, "spans", counted)
    if missed[0] and not explain:
        click.echo(
            f"sakshi: {missed[0]} {'quote' if missed[0] == 1 else 'quotes'} did not"
            " verify; --explain adds the closest passage of each near miss",
            err=True,
        )
    return outcome


_QUOTE_MISSED = re.compile(rb'"reason":"QUOTE_(?:NOT_FOUND|MISMATCH)"')
