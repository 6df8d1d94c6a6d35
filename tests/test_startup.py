"""Start-up stays light: ``sakshi --version`` loads no command module, no parser, no core.

What is loaded is checked, never how long it takes (timings belong in bench/, not tests).
"""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest

import sakshi
from sakshi.cli import cli

HEAVY = (
    "sakshi.spans",
    "sakshi.reasons",
    "sakshi.commands",
    "sakshi.context.packs",
    "sakshi.context.routes",
    "yaml",
    "orjson",
    "rich",
)


def _loaded_after(code: str) -> list[str]:
    probe = f"import sys\n{code}\nprint(__import__('json').dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.splitlines()[-1])


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith(HEAVY)]


def test_version_loads_no_command_module() -> None:
    modules = _loaded_after("from sakshi.cli import main\nassert main(['--version']) == 0")
    assert _heavy(modules) == []


def test_import_sakshi_loads_no_core() -> None:
    assert [m for m in _loaded_after("import sakshi") if m.startswith("sakshi.")] == []


def test_every_public_name_still_imports() -> None:
    for name in sakshi.__all__:
        assert getattr(sakshi, name) is not None
    assert set(sakshi.__all__) <= set(dir(sakshi))
    from sakshi import SourceSpan, verify_span  # noqa: F401 - the import is the test

    with pytest.raises(AttributeError):
        sakshi.no_such_name  # noqa: B018


def _commands(group: click.Group, ctx: click.Context) -> list[tuple[str, click.Command]]:
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        found.append((name, command))
        if isinstance(command, click.Group):
            found += [(f"{name} {sub}", c) for sub, c in _commands(command, ctx)]
    return found


def test_every_registered_command_resolves() -> None:
    names = [name for name, _ in _commands(cli, click.Context(cli))]
    for expected in (
        "run context",
        "run recovery",
        "prove",
        "verify-spans",
        "grade",
        "identity",
        "corpus check",
        "report reinterpret",
    ):
        assert expected in names


def test_help_still_lists_the_reason_codes(capsys: pytest.CaptureFixture[str]) -> None:
    from sakshi.cli import main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Reason codes:" in out and "FABRICATED_SPAN" in out and "verify-spans" in out
