"""``sakshi import-citations``: a provider's cited answer and its request -> a pack."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from sakshi.commands.options import out_option
from sakshi.commands.outcome import HELD, Outcome
from sakshi.commands.output import check_outputs, write_new
from sakshi.errors import InputError
from sakshi.inputs import open_regular, read_bytes, read_json
from sakshi.reports import plural

if TYPE_CHECKING:
    from sakshi.importers import ImportResult

_EXPECTED = "a JSON response or a saved event stream"


def _read_json(path: Path) -> tuple[Any, str]:
    """The parsed JSON of ``path`` and the SHA-256 of its bytes; one-line errors."""
    parsed, data = read_json(path)
    return parsed, hashlib.sha256(data).hexdigest()


def _read_response(path: Path) -> tuple[Any, str, bool]:
    """The response in ``path`` (a Messages JSON, or a saved event stream assembled into
    the message), the SHA-256 of the file's bytes, and whether it was a stream."""
    from sakshi.importers import assemble_stream, is_event_stream

    with open_regular(path, str(path), _EXPECTED) as handle:
        head = handle.read(4096)
    if not is_event_stream(head):
        parsed, digest = _read_json(path)
        return parsed, digest, False
    data = read_bytes(path, str(path), _EXPECTED)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            str(path),
            None,
            f"the event stream is not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
        ) from None
    return assemble_stream(text, str(path)), hashlib.sha256(data).hexdigest(), True


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
@click.option(
    "--fields",
    "fields_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="FIELDS.yaml (as verify-values reads it): declarations for the values, by field"
    " (answer-N); the others are typed as the values core infers them.",
)
@out_option("The pack to write (a new file; never overwritten).", required=True)
def import_citations_cmd(
    response: Path, provider: str, request: Path, fields_path: Path | None, out: Path
) -> Outcome:
    """Turn a cited answer (RESPONSE) and its REQUEST into a pack with a recorded turn.

    RESPONSE is the Messages response as JSON, or its saved server-sent event stream
    (text/event-stream), told apart by content and assembled into the final message.
    One value per cite; each cite is a source_span.v1 whose quote is the provider's
    cited_text, with the provider's citation kept under `origin`. Two readings are made
    and counted on stderr: a page_location quote in Anthropic's PDF text conventions
    (CRLF, U+0002 at a hyphenated line break, letters for a ligature) is mapped onto the
    pypdf page by a fixed transform, and a char_location range that holds cited_text with
    whitespace at its ends is anchored at cited_text inside it. Each value is typed as
    the values core infers it ("Rs. 50 crore" is money, which its quote must state); a
    value without a digit is the model's sentence, declared a claim; a sentence holding a
    figure of no known type grades VALUE_UNTYPED until --fields declares it. Grade the
    pack with `sakshi run context PACK.yaml`. A summary goes to stderr.
    """
    from sakshi.importers import extract_pdf_text, import_anthropic
    from sakshi.inputs import dump_yaml

    inputs = [response, request] if fields_path is None else [response, request, fields_path]
    check_outputs([out], inputs)
    declared, locale = _declared_fields(fields_path)
    response_data, response_sha, streamed = _read_response(response)
    request_data, request_sha = _read_json(request)
    result = import_anthropic(
        response_data,
        request_data,
        response_source=str(response),
        request_source=str(request),
        pdf_text=extract_pdf_text,
        file_sha256={"response": response_sha, "request": request_sha},
        fields=declared,
    )
    pack = result.pack
    if locale is not None:
        pack = {**pack, "locale": locale}
    # The pack records the file names only: a pack travels, absolute paths do not.
    pack["command"]["args"].update({"response": response.name, "request": request.name})
    if streamed:
        pack["command"]["args"]["response_format"] = "text/event-stream"
    write_new(dump_yaml(pack), out)
    if streamed:
        click.echo(
            f"sakshi: read {response} as a server-sent event stream; assembled message "
            f"{pack['bundle']['response_id']}",
            err=True,
        )
    _echo_counts(out, pack, result)
    _echo_types(pack, declared)
    for note in result.notes:
        click.echo(f"sakshi: {note}", err=True)
    click.echo(f"sakshi: grade it with: sakshi run context {out}", err=True)
    return HELD


def _echo_counts(out: Path, pack: dict[str, Any], result: ImportResult) -> None:
    """What was written, how char_location offsets matched, and the readings made."""
    documents = plural(len(pack["documents"]), "document")
    blocks = plural(result.cited_blocks, "cited text block")
    click.echo(
        f"sakshi: wrote {out}: pack {pack['id']}, {documents}, "
        f"{plural(result.values, 'value')} from {blocks}",
        err=True,
    )
    if result.units:
        shown = ", ".join(f"{name} {count}" for name, count in sorted(result.units.items()))
        click.echo(
            f"sakshi: char_location offsets matched as: {shown}"
            " ('a=b': units that agree here; 'none': no unit)",
            err=True,
        )
    _echo_readings(result.transformed, result.adjusted)


def _echo_readings(transformed: int, adjusted: int) -> None:
    """The two readings the import made, counted (nothing when neither was needed)."""
    if transformed:
        click.echo(
            f"sakshi: {plural(transformed, 'page_location citation')} needed the PDF text "
            "transform (CRLF -> LF, U+0002 -> '-' and LF, ligatures read as letters); "
            "each value's 'transform' lists the rules, origin keeps the provider's text",
            err=True,
        )
    if adjusted:
        click.echo(
            f"sakshi: {plural(adjusted, 'char_location citation')} anchored at cited_text "
            "inside its range, which differed only by whitespace at its ends; each value's "
            "'adjusted' has both ranges, origin keeps the provider's numbers",
            err=True,
        )


def _declared_fields(path: Path | None) -> tuple[dict[str, Any] | None, str | None]:
    """``--fields``: the declarations as written (checked now: a bad one is exit 2 naming
    the file and key) and the file's locale."""
    if path is None:
        return None, None
    from sakshi.commands.values import load_fields_file
    from sakshi.context import read_fields, read_locale

    loaded = load_fields_file(path)
    read_fields(loaded.written, str(path), loaded.under or "fields")
    locale = None if loaded.locale is None else read_locale(loaded.locale, str(path))
    return {name: dict(decl) for name, decl in loaded.written.items()}, locale


def _echo_types(pack: dict[str, Any], declared: dict[str, Any] | None) -> None:
    """How the values were typed: declared, inferred, claims; and each value that holds a
    figure of no known type (red, VALUE_UNTYPED), so the user can declare it."""
    from sakshi.values import infer_type

    fields = pack.get("fields", {})
    counts = {"declared": 0, "inferred": 0, "claim": 0}
    untyped = []
    for value in pack["turn"]["values"]:
        name, text = value["field"], value["value"]
        if declared is not None and name in declared:
            counts["declared"] += 1
        elif name in fields:
            counts["claim"] += 1
        elif isinstance(text, str) and infer_type(text) is None:
            untyped.append(name)
        else:
            counts["inferred"] += 1
    click.echo(
        f"sakshi: value types: {counts['declared']} declared (--fields), {counts['inferred']}"
        f" inferred from the value, {counts['claim']} without a figure declared claim"
        " (unchecked)",
        err=True,
    )
    if untyped:
        click.echo(
            f"sakshi: {plural(len(untyped), 'value')} with a figure of no known type will"
            f" grade VALUE_UNTYPED (red): {', '.join(untyped)}; declare each in a --fields"
            " file (for example {type: money}, or {type: claim} to leave it unchecked)",
            err=True,
        )
