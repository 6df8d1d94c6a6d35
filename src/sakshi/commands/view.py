"""``sakshi view``: the evidence view of ``run context --format json`` results, as HTML."""

from __future__ import annotations

from pathlib import Path

import click

from sakshi.commands.options import out_option
from sakshi.commands.outcome import HELD, Outcome
from sakshi.commands.output import check_outputs, emit
from sakshi.errors import InputError

__all__ = ["read_results", "view_cmd"]


def read_results(path: Path) -> object:
    """The parsed RESULTS.json, or an InputError naming the file (one line)."""
    import orjson

    from sakshi.inputs import read_bytes

    label = str(path)
    raw = read_bytes(path, label, "the JSON that 'sakshi run context --format json' wrote")
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise InputError(label, None, f"not JSON ({exc})") from None


@click.command("view")
@click.argument("results", type=click.Path(path_type=Path))
@out_option(
    "The HTML file to write (it holds document content: keep it on your own machines).",
    required=True,
)
def view_cmd(results: Path, out: Path) -> Outcome:
    """Write one self-contained HTML page showing the evidence in RESULTS.

    RESULTS is what 'sakshi run context --format json' wrote. The page shows every pack's
    verdict and reasons, each value with its why, each verified cite highlighted in its
    document, and the diagnosis of each failed cite. It contains document content, so it
    is for the team's own machine. Exit 0 when the page was written, whatever the
    verdicts; 2 when RESULTS is unusable.
    """
    from sakshi.reports import read_view, render_html

    check_outputs([out], [results])
    view = read_view(read_results(results), str(results))
    emit(render_html(view), out)
    click.echo(f"sakshi: wrote {out}: the evidence view of {results}", err=True)
    return HELD
