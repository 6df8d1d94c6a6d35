"""argv -> load -> core -> report -> exit code. Nothing here decides a verdict.

Exit codes (every command): 0 everything held, 1 graded and something did not hold,
2 could not grade honestly (bad input, missing configuration). Any exception ends in 2
with a one-line message: never a traceback for a user mistake, never a green verdict.
"""

from __future__ import annotations

from importlib import import_module

import click

from sakshi import __version__
from sakshi.errors import ExitCode, SakshiError


class _LazyGroup(click.Group):
    """A group whose subcommands are imported when used (or listed by ``--help``).

    Each command module imports what it needs only when it runs, so ``sakshi --version``
    and every command load no more than they use.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy: dict[str, str] = {}

    def add_lazy(self, name: str, target: str) -> None:
        """Register ``name`` as ``module:attribute``, imported on first use."""
        self.lazy[name] = target

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = self.lazy.get(cmd_name)
        if target is not None and cmd_name not in self.commands:
            module, attribute = target.split(":")
            self.add_command(getattr(import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)


class _RootGroup(_LazyGroup):
    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.epilog = _reason_epilog()  # built only when help is shown
        super().format_epilog(ctx, formatter)


def _reason_epilog() -> str:
    from sakshi.reasons import all_reason_help

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
    cls=_RootGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
)
@click.version_option(__version__, "--version", prog_name="sakshi", message="%(prog)s %(version)s")
def cli() -> None:
    """sakshi: the evidence gate for AI agents. Checks claims against the bytes."""


@click.group("run", cls=_LazyGroup)
def run_group() -> None:
    """Run a lane: context packs or recovery traces."""


@click.group("recovery", cls=_LazyGroup)
def recovery_group() -> None:
    """Prepare recovery runs for any agent."""


@click.group("corpus", cls=_LazyGroup)
def corpus_group() -> None:
    """Check a recovery corpus."""


@click.group("report", cls=_LazyGroup)
def report_group() -> None:
    """Work with recovery reports."""


for _group in (run_group, recovery_group, corpus_group, report_group):
    cli.add_command(_group)
cli.add_lazy("verify-spans", "sakshi.commands.spans:verify_spans_cmd")
cli.add_lazy("verify-values", "sakshi.commands.values:verify_values_cmd")
cli.add_lazy("prove", "sakshi.commands.prove:prove_cmd")
cli.add_lazy("grade", "sakshi.commands.grade:grade_cmd")
cli.add_lazy("identity", "sakshi.commands.recovery:identity_cmd")
cli.add_lazy("import-citations", "sakshi.commands.imports:import_citations_cmd")
cli.add_lazy("docs", "sakshi.commands.docs:docs_group")
cli.add_lazy("init", "sakshi.commands.init:init_cmd")
cli.add_lazy("view", "sakshi.commands.view:view_cmd")
cli.add_lazy("live", "sakshi.commands.live:live_group")
cli.add_lazy("cache", "sakshi.commands.cache:cache_group")
cli.add_lazy("hash", "sakshi.commands.hashes:hash_group")
run_group.add_lazy("context", "sakshi.commands.context:run_context_cmd")
run_group.add_lazy("recovery", "sakshi.commands.recovery:run_recovery_cmd")
recovery_group.add_lazy("workspace", "sakshi.commands.recovery:workspace_cmd")
corpus_group.add_lazy("check", "sakshi.commands.recovery:corpus_check_cmd")
report_group.add_lazy("reinterpret", "sakshi.commands.recovery:reinterpret_cmd")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code: the command's outcome, or 2 with a one-line
    message for whatever kept it from one. The one place a command's end becomes an exit
    code (tests/test_layout.py: nothing below the CLI exits)."""
    try:
        result = cli.main(args=argv, prog_name="sakshi", standalone_mode=False)
    except SystemExit as exc:  # never sakshi's own; a library's, say: its code is kept
        code = exc.code
        return code if isinstance(code, int) else (ExitCode.UNUSABLE if code else ExitCode.OK)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx is not None else "sakshi"
        click.echo(f"sakshi: error: {exc.format_message()} (see '{command} --help')", err=True)
        return ExitCode.UNUSABLE
    except click.ClickException as exc:
        click.echo(f"sakshi: error: {exc.format_message()}", err=True)
        return ExitCode.UNUSABLE
    except click.exceptions.Abort:
        click.echo("sakshi: aborted", err=True)
        return ExitCode.UNUSABLE
    except SakshiError as exc:
        click.echo(f"sakshi: error: {exc}", err=True)
        return ExitCode.UNUSABLE
    except BrokenPipeError:
        return ExitCode.UNUSABLE
    except Exception as exc:  # noqa: BLE001 - an internal error is never a pass
        click.echo(f"sakshi: internal error: {type(exc).__name__}: {exc}", err=True)
        return ExitCode.UNUSABLE
    return _exit_code(result)


def _exit_code(result: object) -> int:
    """The exit code of what click handed back: a command's ``Outcome``; an int from
    click itself (``--help``, ``--version``: it returns their exit code when not in
    standalone mode); nothing from a command with no verdict to give (``cache info``)."""
    if type(result) is int:  # not a bool: a command's True or False is no outcome
        return result
    if result is None:
        return ExitCode.OK
    # Loaded only now: by the time a command has returned one, the module is loaded.
    from sakshi.commands import Outcome

    if isinstance(result, Outcome):
        return result.code
    click.echo(f"sakshi: internal error: a command returned {type(result).__name__}", err=True)
    return ExitCode.UNUSABLE
