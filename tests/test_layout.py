"""The layout keeps its promises: what the packages may import, how big a module grows,
and the public API. Read from the source (the AST), never by importing it, so a stray
import inside a function counts too.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import sakshi

SRC = Path(sakshi.__file__).parent

# The pure cores: plain data in, plain data out. Besides each other they may use only the
# stdlib's pure modules and the few libraries that do no I/O.
PURE_PACKAGES = ("spans", "values")
PURE_MODULES = (
    "errors",
    "lazy",
    "reasons",
    "runcache",
    "context/turns",
    "context/grade",
    "context/declared",
    "context/prove",
    "context/diagnose",
    "context/mutate",
    "context/linefields",
    "context/pack_values",
    "recovery/model",
    "recovery/evidence",
    "recovery/validate",
    "recovery/trace_index",
    "recovery/offset_chain",
    "recovery/handle_chain",
    "recovery/source_names",
    "recovery/source_reach",
    "recovery/reach_terms",
    "recovery/shell_words",
    "recovery/tool_names",
    "recovery/corpus",
    "recovery/workspace",
)
# Files, processes, the network, the terminal, the clock's friends, and the parsers that
# read users' files: none of them belongs in a pure module.
IMPURE_TOP_LEVEL = frozenset(
    {
        "asyncio",
        "click",
        "concurrent",
        "dask",
        "distributed",
        "fsspec",
        "glob",
        "http",
        "importlib",
        "io",
        "logging",
        "multiprocessing",
        "os",
        "pathlib",
        "platform",
        "pypdf",
        "pytest",
        "rich",
        "shutil",
        "signal",
        "socket",
        "ssl",
        "subprocess",
        "sys",
        "tempfile",
        "threading",
        "time",
        "urllib",
        "yaml",
    }
)
# Which sakshi packages each package may import (itself always allowed). The shells sit
# on the cores, never the other way round.
MAY_IMPORT = {
    "spans": {"errors", "reasons"},
    "values": {"errors", "reasons", "spans"},
    "inputs": {"errors", "reasons", "spans"},
    "context": {"errors", "reasons", "spans", "values", "inputs", "parallel"},
    "recovery": {"errors", "reasons", "inputs", "parallel"},
    "importers": {"errors", "reasons", "spans", "values", "inputs", "context"},
    # Thin adapters for other tools: they call the lanes and render with the reports.
    "integrations": {"errors", "reasons", "spans", "values", "inputs", "context", "reports"},
    "reports": {
        "errors",
        "reasons",
        "spans",
        "values",
        "context",
        "recovery",
        "identity",
    },
}
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(SRC).with_suffix("").as_posix()


def _imports(path: Path) -> set[str]:
    """Every module the file imports, absolute, anywhere in the file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{_name(path)}: relative import"
            assert node.module is not None
            if node.module == "sakshi":
                found.update(f"sakshi.{alias.name}" for alias in node.names)
            else:
                found.add(node.module)
    return found


def _is_pure(name: str) -> bool:
    return name.split("/")[0] in PURE_PACKAGES or name in PURE_MODULES


def _pure_modules() -> list[Path]:
    return [path for path in _modules() if _is_pure(_name(path))]


def test_the_pure_set_is_not_empty() -> None:
    # A renamed module must not silently drop out of the purity check.
    names = {_name(path) for path in _pure_modules()}
    assert set(PURE_MODULES) <= names
    assert "spans/verify" in names


@pytest.mark.parametrize("path", _pure_modules(), ids=_name)
def test_pure_cores_import_no_io(path: Path) -> None:
    imports = _imports(path)
    impure = sorted(m for m in imports if m.split(".")[0] in IMPURE_TOP_LEVEL)
    assert impure == [], f"{_name(path)} imports {impure}"
    inner = sorted(
        m
        for m in imports
        if m.startswith("sakshi.") and not _is_pure(m.removeprefix("sakshi.").replace(".", "/"))
    )
    assert inner == [], f"{_name(path)} imports impure sakshi modules {inner}"


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_packages_import_only_what_sits_below_them(package: str) -> None:
    # sakshi/lazy.py loads a package's public names on first use, and sakshi/runcache.py
    # is a run's memory: neither imports any of sakshi, so every package may use them.
    allowed = MAY_IMPORT[package] | {package, "lazy", "runcache"}
    for path in sorted((SRC / package).rglob("*.py")) if (SRC / package).is_dir() else []:
        for module in _imports(path):
            if module.startswith("sakshi."):
                top = module.split(".")[1]
                assert top in allowed, f"{_name(path)} imports {module}"


def test_the_folder_listing_shows_the_architecture() -> None:
    packages = ("spans", "values", "context", "recovery", "inputs", "reports", "commands")
    for package in (*packages, "importers", "integrations"):
        init = SRC / package / "__init__.py"
        assert init.is_file(), package
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc) > 80, f"{package}/__init__.py needs a docstring of what lives there"
    top_modules = sorted(p.stem for p in SRC.glob("*.py"))
    assert top_modules == [
        "__init__",
        "__main__",
        "cli",
        "errors",
        "identity",
        "lazy",
        "parallel",
        "pytest_plugin",
        "reasons",
        "runcache",
    ]


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_modules_stay_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{_name(path)} has {lines} lines"


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_functions_stay_short(path: Path) -> None:
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert long == [], f"{_name(path)}: {long}"


def test_public_api_is_pinned() -> None:
    assert sakshi.__all__ == [
        "BodyKind",
        "Document",
        "InputError",
        "OffsetUnit",
        "SakshiError",
        "Segment",
        "SourceSpan",
        "SpanCheck",
        "SpanReason",
        "__version__",
        "parse_span",
        "verify_span",
    ]
    for name in sakshi.__all__:
        assert getattr(sakshi, name) is not None


# Where a process may end, each a process's own entry point: everywhere else a command
# returns its Outcome and ``cli.main`` alone turns it into the exit code.
EXIT_POINTS = {
    "cli": "the CLI: the one place a command's outcome becomes the exit code",
    "__main__": "``python -m sakshi``: the process's entry point, exits with cli.main's code",
    "context/route_child": "the child interpreter a Python route runs in: its own process",
}


def _under_main_guard(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside ``if __name__ == "__main__":`` blocks: a module run as
    a script (``python -m sakshi.integrations.summary``) is a process of its own."""
    inside: set[int] = set()
    for node in tree.body:
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "__name__"
            and isinstance(node.test.comparators[0], ast.Constant)
            and node.test.comparators[0].value == "__main__"
        ):
            inside.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    return inside


def _exits(tree: ast.Module) -> list[int]:
    """Lines that end the process: ``sys.exit()``, ``os._exit()``, ``ctx.exit()`` (any
    ``.exit()``), ``exit()``/``quit()``, or raising ``SystemExit`` or click's ``Exit``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in ("exit", "_exit")) or (
                isinstance(func, ast.Name) and func.id in ("exit", "quit")
            ):
                found.append(node)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = raised.attr if isinstance(raised, ast.Attribute) else getattr(raised, "id", "")
            if name in ("SystemExit", "Exit"):
                found.append(node)
    guarded = _under_main_guard(tree)
    return sorted(node.lineno for node in found if id(node) not in guarded)


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_only_the_cli_ends_the_process(path: Path) -> None:
    if _name(path) in EXIT_POINTS:
        return
    lines = _exits(ast.parse(path.read_text(encoding="utf-8")))
    assert lines == [], f"{_name(path)} ends the process at lines {lines}: return an Outcome"


def test_the_exit_check_sees_each_way_out() -> None:
    # The check itself, on code that exits every way it looks for (and one it allows).
    code = (
        "import sys, os\n"
        "sys.exit(1)\n"
        "os._exit(2)\n"
        "ctx.exit(0)\n"
        "exit()\n"
        "raise SystemExit(1)\n"
        "raise SystemExit\n"
        "raise click.exceptions.Exit(0)\n"
        "if __name__ == '__main__':\n"
        "    raise SystemExit(main())\n"
    )
    assert _exits(ast.parse(code)) == [2, 3, 4, 5, 6, 7, 8]
    assert set(EXIT_POINTS) <= {_name(path) for path in _modules()}


# Commands that judge nothing (they print what the cache holds, or empty it) and return
# nothing: commands/cache.py is another branch's; cli.main reads their None as exit 0.
NO_OUTCOME = {"cache clear", "cache info"}


def test_every_command_returns_an_outcome() -> None:
    import click

    from sakshi.cli import cli

    def leaves(group: click.Group, prefix: str) -> list[tuple[str, click.Command]]:
        ctx = click.Context(group)
        found = []
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            if isinstance(command, click.Group):
                found += leaves(command, f"{prefix}{name} ")
            else:
                found.append((f"{prefix}{name}", command))
        return found

    commands = leaves(cli, "")
    assert len(commands) > 15
    for name, command in commands:
        returns = getattr(command.callback, "__annotations__", {}).get("return")
        expected = "None" if name in NO_OUTCOME else "Outcome"
        assert returns == expected, f"sakshi {name} returns {returns}, not {expected}"


# A package's public face is its ``__init__``: another package imports its names from
# there, never from the module behind it. These are left as they are, each for a reason.
BEHIND_THE_FACE = {
    # The parsed-pack cache moves to a package of its own on another branch.
    "inputs.cache": "the pack cache",
    "inputs.cache_size": "the pack cache",
    "inputs.result_cache": "the pack cache",
}
FACES = ("commands", "context", "importers", "inputs", "recovery", "reports", "spans", "values")


def _package_of(path: Path) -> str | None:
    name = _name(path)
    return name.split("/")[0] if "/" in name else None


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_other_packages_are_reached_through_their_face(path: Path) -> None:
    own = _package_of(path)
    behind = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sakshi."):
            parts = node.module.split(".")
            if parts[1] in FACES and parts[1] != own:
                if len(parts) > 2 and ".".join(parts[1:]) not in BEHIND_THE_FACE:
                    behind.append(node.module)
                elif len(parts) == 2:
                    public = set(importlib.import_module(node.module).__all__)
                    behind += [
                        f"{node.module}.{a.name}" for a in node.names if a.name not in public
                    ]
    assert behind == [], f"{_name(path)} reaches behind a package's __init__: {behind}"


@pytest.mark.parametrize("package", FACES)
def test_each_face_gives_what_it_lists(package: str) -> None:
    module = importlib.import_module(f"sakshi.{package}")
    for name in module.__all__:
        assert getattr(module, name) is not None, f"sakshi.{package}.{name}"
    assert set(module.__all__) <= set(dir(module))
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018 - the look-up is the test
