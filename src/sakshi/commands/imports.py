"""``sakshi import-citations``: a provider's cited answer and its request -> a pack."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import click

from sakshi.commands.common import check_outputs, counted, out_option, write_new
from sakshi.inputs.files import read_json


def _read_json(path: Path) -> tuple[Any, str]:
    """The parsed JSON of ``path`` and the SHA-256 of its bytes; one-line errors."""
    parsed, data = read_json(path)
    return parsed, hashlib.sha256(data).hexdigest()


@click.command("import-citations")
@click.argument("response", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--from",
    "provider",
    type=click.Choice(["anthropic"]),
    required=True,
    help="Whose response format RESPONSE is.",
)
@click.option(
    "--request",
    type=click.Path(path_type=Path, dir_okay=False),
    required=True,
    help="The request that produced RESPONSE (its documents become the pack's).",
)
@out_option("The pack to write (a new file; never overwritten).", required=True)
def import_citations_cmd(response: Path, provider: str, request: Path, out: Path) -> None:
    """Turn a cited answer (RESPONSE, JSON) and its REQUEST into a pack with a recorded turn.

    One value per cited text block; each cite is a source_span.v1 whose quote is the
    provider's cited_text as given, with the provider's citation kept under `origin`.
    Grade it with `sakshi run context PACK.yaml`. A summary goes to stderr.
    """
    from sakshi.importers.anthropic import import_anthropic
    from sakshi.importers.pdf import extract_pdf_text
    from sakshi.inputs.yamlwrite import dump_yaml

    check_outputs([out], [response, request])
    response_data, response_sha = _read_json(response)
    request_data, request_sha = _read_json(request)
    result = import_anthropic(
        response_data,
        request_data,
        response_source=str(response),
        request_source=str(request),
        pdf_text=extract_pdf_text,
        file_sha256={"response": response_sha, "request": request_sha},
    )
    pack = result.pack
    # The pack records the file names only: a pack travels, absolute paths do not.
    pack["command"]["args"].update({"response": response.name, "request": request.name})
    write_new(dump_yaml(pack), out)
    documents = counted(len(pack["documents"]), "document")
    blocks = counted(result.cited_blocks, "cited text block")
    click.echo(
        f"sakshi: wrote {out}: pack {pack['id']}, {documents}, "
        f"{counted(result.values, 'value')} from {blocks}",
        err=True,
    )
    if result.units:
        shown = ", ".join(f"{name} {count}" for name, count in sorted(result.units.items()))
        click.echo(
            f"sakshi: char_location offsets matched as: {shown}"
            " ('a=b': units that agree here; 'none': no unit)",
            err=True,
        )
    for note in result.notes:
        click.echo(f"sakshi: {note}", err=True)
    click.echo(f"sakshi: grade it with: sakshi run context {out}", err=True)
