"""argv -> load -> core -> report -> exit code. Nothing here decides a verdict.

Exit codes (every command): 0 everything held, 1 graded and something did not hold,
2 could not grade honestly (bad input, missing configuration). Any exception ends in 2
with a one-line message: never a traceback for a user mistake, never a green verdict.
"""

from __future__ import annotations

import click

from sakshi import __version__
from sakshi.commands import context, docs, grade, imports, init, live, recovery, spans, view
from sakshi.commands.common import EXIT_OK, EXIT_UNUSABLE
from sakshi.errors import SakshiError
from sakshi.reasons import all_reason_help


def _reason_epilog() -> str:
    rows = all_reason_help()
    width = max(len(code) for _, code, _ in rows)
    lines = [
        "\b",
        "Exit codes: 0 all held, 1 something did not hold, 2 could not grade.",
        "",
        "\b",
        "Reason codes:",
    ]
    lines += [f"  {code.ljust(width)}  [{lane}] {text}" for lane, code, text in rows]
    return "\n".join(lines)


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
    epilog=_reason_epilog(),
)
@click.version_option(__version__, "--version", prog_name="sakshi", message="%(prog)s %(version)s")
def cli() -> None:
    """sakshi: the evidence gate for AI agents. Checks claims against the bytes."""


@cli.group("run")
def run_group() -> None:
    """Run a lane: context packs or recovery traces."""


@cli.group("corpus")
def corpus_group() -> None:
    """Check a recovery corpus."""


@cli.group("report")
def report_group() -> None:
    """Work with recovery reports."""


cli.add_command(spans.verify_spans_cmd, "verify-spans")
cli.add_command(context.prove_cmd, "prove")
cli.add_command(grade.grade_cmd, "grade")
cli.add_command(recovery.identity_cmd, "identity")
cli.add_command(imports.import_citations_cmd, "import-citations")
cli.add_command(docs.docs_group, "docs")
cli.add_command(init.init_cmd, "init")
cli.add_command(view.view_cmd, "view")
cli.add_command(live.live_group, "live")
run_group.add_command(context.run_context_cmd, "context")
run_group.add_command(recovery.run_recovery_cmd, "recovery")
corpus_group.add_command(recovery.corpus_check_cmd, "check")
report_group.add_command(recovery.reinterpret_cmd, "reinterpret")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; every failure path ends in 1 or 2, with a message."""
    try:
        cli.main(args=argv, prog_name="sakshi", standalone_mode=False)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (EXIT_UNUSABLE if code else EXIT_OK)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx is not None else "sakshi"
        click.echo(f"sakshi: error: {exc.format_message()} (see '{command} --help')", err=True)
        return EXIT_UNUSABLE
    except click.ClickException as exc:
        click.echo(f"sakshi: error: {exc.format_message()}", err=True)
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
