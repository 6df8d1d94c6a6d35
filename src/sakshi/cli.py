"""argv -> load -> core -> report -> exit code. Nothing here decides a verdict.

Exit codes (every command): 0 everything held, 1 graded and something did not hold,
2 could not grade honestly (bad input, missing configuration). Any exception ends in 2
with a one-line message: never a traceback for a user mistake, never a green verdict.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

import click

from sakshi import __version__
from sakshi.errors import InputError, SakshiError
from sakshi.reasons import all_reason_help

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2


def _reason_epilog() -> str:
    rows = all_reason_help()
    width = max(len(code) for _, code, _ in rows)
    lines = ["\b", "Exit codes: 0 all held, 1 something did not hold, 2 could not grade.", "", "\b", "Reason codes:"]
    lines += [f"  {code.ljust(width)}  [{lane}] {text}" for lane, code, text in rows]
    return "\n".join(lines)


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
    epilog=_reason_epilog(),
)
@click.version_option(__version__, "--version", prog_name="sakshi", message="%(prog)s %(version)s")
def cli() -> None:
    """sakshi: the evidence gate for AI agents. Checks claims against the bytes."""


@cli.command("verify-spans")
@click.argument("docs", type=click.Path(path_type=Path, dir_okay=False))
@click.argument("spans", type=click.Path(path_type=Path, dir_okay=False, allow_dash=True))
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Write the JSON lines here, not stdout.")
def verify_spans_cmd(docs: Path, spans: Path, out: Path | None) -> None:
    """Verify every source_span.v1 line of SPANS (JSONL) against the documents of DOCS.

    Writes one JSON line per span, in input order: {"id", "verified", "reason"}.
    """
    from sakshi.loading import load_docs_file
    from sakshi.spanbatch import verify_lines

    documents = load_docs_file(docs)
    label = str(spans)
    try:
        stream: BinaryIO = sys.stdin.buffer if label == "-" else open(spans, "rb")  # noqa: SIM115
    except OSError as exc:
        raise InputError(label, None, f"cannot read: {exc.strerror or type(exc).__name__}") from None
    sink: BinaryIO = open(out, "wb") if out is not None else sys.stdout.buffer  # noqa: SIM115
    total = failed = 0
    try:
        write = sink.write
        for result in verify_lines(stream, documents):
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


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; every failure path ends in 1 or 2, with a message."""
    try:
        cli.main(args=argv, prog_name="sakshi", standalone_mode=False)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (EXIT_UNUSABLE if code else EXIT_OK)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return EXIT_UNUSABLE
    except click.exceptions.Abort:
        click.echo("sakshi: aborted", err=True)
        return EXIT_UNUSABLE
    except SakshiError as exc:
        click.echo(f"sakshi: error: {exc}", err=True)
        return EXIT_UNUSABLE
    except BrokenPipeError:
        return EXIT_UNUSABLE
    except Exception as exc:  # noqa: BLE001 - an internal error is never a pass
        click.echo(f"sakshi: internal error: {type(exc).__name__}: {exc}", err=True)
        return EXIT_UNUSABLE
    return EXIT_OK
