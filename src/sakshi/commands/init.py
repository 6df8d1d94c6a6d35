"""``sakshi init``: a starter folder of packs (one per engine state), CI and pre-commit.

The CI workflow installs exactly the sakshi named in ``ci/requirements.txt``: by default
``sakshi==<the version running init>``, or the line given with ``--install``, which must
be pinned (``inputs/pins.py``: an exact version, a VCS URL at its full 40-hex commit, or a
file or URL with ``#sha256=``); anything else is refused (exit 2), since it installs
whatever is published or pushed under its name next. Its reports go to ``DIR/reports/``, which the
folder's own new ``.gitignore`` keeps out of git: init writes only into a new or empty
folder, so it never edits a file of the repository (SPEC 9).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from sakshi import __version__
from sakshi.commands.common import write_new
from sakshi.errors import InputError
from sakshi.inputs.pins import check_pinned

# Files whose text names the packs folder; everything else is copied byte for byte (a
# document file's CRLF line ends are part of what its spans are checked against).
_RENDERED = (".yml", ".md", "requirements.txt", "gitignore")
# Template files whose name in the package differs from the one written (a dotfile would
# not ship as package data).
_RENAMED: dict[tuple[str, ...], tuple[str, ...]] = {("gitignore",): (".gitignore",)}


@dataclass(frozen=True)
class Placeholders:
    """What the templates' ``{{...}}`` names stand for."""

    folder: str  # {{dir}}: the starter folder, relative to where CI runs
    packs: str  # {{packs}}: its packs folder
    install: str = f"sakshi=={__version__}"  # {{install}}: the requirement CI installs
    python: str = f"{sys.version_info.major}.{sys.version_info.minor}"  # {{python}}


def _walk(folder: Traversable, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], bytes]]:
    """Every file under ``folder`` as (relative parts, bytes), sorted by path."""
    found: list[tuple[tuple[str, ...], bytes]] = []
    for entry in folder.iterdir():
        parts = (*prefix, entry.name)
        if entry.is_dir():
            if entry.name != "__pycache__":
                found += _walk(entry, parts)
        else:
            found.append((parts, entry.read_bytes()))
    return sorted(found)


def _packs_path(target: Path) -> tuple[str, str]:
    """How the CI files should name the folder and its packs: relative to where sakshi
    runs (the repository's root, in CI), as given when it was relative."""
    folder = target
    if folder.is_absolute():
        try:
            folder = folder.relative_to(Path.cwd())
        except ValueError:
            folder = Path(".")
    return folder.as_posix(), (folder / "packs").as_posix()


def render(data: bytes, name: str, folder: str, packs: str, install: str | None = None) -> bytes:
    """A template's bytes with ``{{dir}}``, ``{{packs}}``, ``{{packs_regex}}``,
    ``{{install}}`` and ``{{python}}`` filled in (text templates only)."""
    if not name.endswith(_RENDERED):
        return data
    values = Placeholders(folder, packs)
    if install is not None:
        values = Placeholders(folder, packs, install)
    text = data.decode("utf-8")
    text = (
        text.replace("{{packs_regex}}", re.escape(values.packs))
        .replace("{{packs}}", values.packs)
        .replace("{{dir}}", values.folder)
        .replace("{{install}}", values.install)
        .replace("{{python}}", values.python)
    )
    return text.encode("utf-8")


def _write_tree(directory: Path, tree: list[tuple[tuple[str, ...], bytes]]) -> list[str]:
    """Write every (relative parts, bytes) under ``directory``, each file new (the shared
    writer: never over a file or through a link that appeared meanwhile). On a failure
    what this call wrote is removed again, so init leaves a whole folder or none."""
    created: list[Path] = []  # files and folders made here, in the order they were made
    written: list[str] = []
    try:
        for path in (directory, *(directory.joinpath(*parts[:-1]) for parts, _ in tree)):
            for folder in reversed((path, *path.parents)):
                if not folder.exists():
                    folder.mkdir()
                    created.append(folder)
        for parts, data in tree:
            path = directory.joinpath(*parts)
            write_new(data, path)
            created.append(path)
            written.append("/".join(parts))
    except (OSError, InputError) as exc:
        _remove(created)
        if isinstance(exc, InputError):
            raise
        where = os.fspath(exc.filename) if exc.filename else str(directory)
        raise InputError(
            where, None, f"cannot write: {exc.strerror or type(exc).__name__}"
        ) from None
    return written


def _remove(created: list[Path]) -> None:
    for path in reversed(created):
        try:
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            else:
                path.unlink()
        except OSError:
            pass  # best effort: a failure is already being reported


@click.command("init")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option(
    "--install",
    "install",
    metavar="REQUIREMENT",
    default=f"sakshi=={__version__}",
    show_default=True,
    help="The pinned requirement line CI installs sakshi from (ci/requirements.txt):"
    " 'sakshi==X.Y.Z', a VCS URL at its full 40-hex commit ('sakshi @"
    " git+https://...@<commit>') or a file or URL with '#sha256=<64 hex>'.",
)
def init_cmd(directory: Path, install: str) -> None:
    """Write a starter folder: four packs (live, partial, stubbed, none), a GitHub Actions
    workflow that installs this exact sakshi, a pre-commit hook, and a .gitignore for the
    reports CI writes. DIRECTORY must not exist, or be empty.

    Right after init, `sakshi run context DIRECTORY/packs` exits 0.
    """
    from importlib.resources import files

    requirement = check_pinned(install)
    label = str(directory)
    if directory.is_symlink():  # even to an empty folder: never written through (SPEC 9)
        raise InputError(label, None, "is a symlink; sakshi init writes only into a real folder")
    if directory.exists() and not directory.is_dir():
        raise InputError(label, None, "exists and is not a folder")
    if directory.is_dir() and any(directory.iterdir()):
        raise InputError(
            label,
            None,
            "exists and is not empty; sakshi init writes only into a new or empty folder",
        )
    templates = _walk(files("sakshi") / "templates" / "init")
    folder, packs = _packs_path(directory)
    written = _write_tree(
        directory,
        sorted(
            (_RENAMED.get(parts, parts), render(data, parts[-1], folder, packs, requirement))
            for parts, data in templates
        ),
    )
    for name in written:
        click.echo(f"  {label.rstrip('/')}/{name}")
    click.echo(
        f"sakshi: wrote {len(written)} files;"
        f" grade the starter packs with: sakshi run context {packs}"
    )
    click.echo(
        f"sakshi: CI installs {requirement} ({folder}/ci/requirements.txt);"
        f" {folder}/.gitignore keeps {folder}/reports/ out of git"
    )
