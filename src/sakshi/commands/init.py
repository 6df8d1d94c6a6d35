"""``sakshi init``: a starter folder of packs (one per engine state), CI and pre-commit.

The CI workflow (``ci/sakshi.yml``) runs sakshi's own GitHub Action at one commit
(``uses: OWNER/REPO@<40-hex commit>``), which installs the sakshi of that commit: no
package index is asked for sakshi. init learns the commit from where this sakshi came
from (``init_ci.py``), or from ``--action``; when it cannot, the workflow names a
placeholder that fails the job until it is filled in. ``--install`` makes the Action
install sakshi from one pinned requirement instead (``inputs/pins.py``: an exact
version, a VCS URL at its full 40-hex commit, or a file or URL with ``#sha256=``);
anything else is refused (exit 2). ``ci/constraints.txt`` pins every dependency at the
version installed here. Paths in the CI files start at the repository's root (the
nearest folder above with ``.git``), where CI runs, wherever init ran. Reports go to
``DIR/reports/``, which the folder's own new ``.gitignore`` keeps out of git: init writes
only into a new or empty folder, so it never edits a file of the repository (SPEC 9).
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from sakshi import __version__
from sakshi.commands.init_ci import (
    PLACEHOLDER,
    ActionRef,
    check_action,
    find_action,
    installed_pins,
    repository_root,
)
from sakshi.commands.outcome import HELD, Outcome
from sakshi.commands.output import write_new
from sakshi.errors import InputError
from sakshi.inputs import check_pinned

# Files whose text names the packs folder; everything else is copied byte for byte (a
# document file's CRLF line ends are part of what its spans are checked against).
_RENDERED = (".yml", ".md", "gitignore")
# Template files whose name in the package differs from the one written (a dotfile would
# not ship as package data).
_RENAMED: dict[tuple[str, ...], tuple[str, ...]] = {("gitignore",): (".gitignore",)}


@dataclass(frozen=True)
class Placeholders:
    """What the templates' ``{{...}}`` names stand for."""

    folder: str  # {{dir}}: the starter folder, from the repository's root
    packs: str  # {{packs}}: its packs folder
    action: str = PLACEHOLDER  # {{action}}: the Action the workflow uses, OWNER/REPO@COMMIT
    install: str = ""  # {{install_yaml}}: the Action's sakshi input ("": its own commit)
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


def _packs_path(target: Path) -> tuple[str, str, Path | None]:
    """How the CI files should name the folder and its packs, and the repository's root:
    from the root, where CI runs; outside a repository, from here (as given when
    relative), where the user is asked to run init."""
    root = repository_root(target)
    if root is not None:
        folder = Path(os.path.abspath(target)).resolve().relative_to(root)
        return folder.as_posix(), (folder / "packs").as_posix(), root
    folder = target
    if folder.is_absolute():
        try:
            folder = folder.relative_to(Path.cwd())
        except ValueError:
            folder = Path(".")
    return folder.as_posix(), (folder / "packs").as_posix(), None


def render(data: bytes, name: str, values: Placeholders) -> bytes:
    """A template's bytes with ``{{dir}}``, ``{{packs}}``, ``{{packs_regex}}``,
    ``{{action}}``, ``{{install_yaml}}`` and ``{{python}}`` filled in (text templates
    only). The install line goes in as a JSON string, which YAML reads back as written."""
    if not name.endswith(_RENDERED):
        return data
    text = data.decode("utf-8")
    text = (
        text.replace("{{packs_regex}}", re.escape(values.packs))
        .replace("{{packs}}", values.packs)
        .replace("{{dir}}", values.folder)
        .replace("{{action}}", values.action)
        .replace("{{install_yaml}}", json.dumps(values.install))
        .replace("{{python}}", values.python)
    )
    return text.encode("utf-8")


def constraints(pins: list[str] | None) -> bytes:
    """``ci/constraints.txt``: the pins, under why they are there."""
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    lines = [
        "# sakshi's dependencies at the versions `sakshi init` found installed with it",
        f"# (sakshi {__version__}, Python {python}). The CI workflow installs sakshi with this",
        "# file as pip's --constraint, so CI runs what you ran. A package not listed (one",
        "# this platform did not need) is not pinned. Edit a line to move a dependency.",
    ]
    if pins is None:
        lines.append("# (sakshi's installed metadata was not found where init ran: nothing pinned)")
    return ("\n".join([*lines, *(pins or [])]) + "\n").encode("utf-8")


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
    "--action",
    "action_text",
    metavar="OWNER/REPO@COMMIT",
    default=None,
    help="The sakshi Action the workflow uses, at its full 40-hex commit. Default: where"
    " this sakshi came from (pip's record of a git URL, or the git checkout it runs from).",
)
@click.option(
    "--install",
    "install",
    metavar="REQUIREMENT",
    default=None,
    help="Have the Action install sakshi from this pinned requirement instead of its own"
    " commit: 'sakshi==X.Y.Z', a VCS URL at its full 40-hex commit ('sakshi @"
    " git+https://...@<commit>') or a file or URL with '#sha256=<64 hex>'.",
)
def init_cmd(directory: Path, action_text: str | None, install: str | None) -> Outcome:
    """Write a starter folder: four packs (live, partial, stubbed, none), a GitHub Actions
    workflow that runs sakshi's Action at one commit, the pins of sakshi's dependencies,
    a pre-commit hook, and a .gitignore for the reports CI writes. DIRECTORY must not
    exist, or be empty.

    Right after init, `sakshi run context DIRECTORY/packs` exits 0.
    """
    from importlib.resources import files

    requirement = "" if install is None else check_pinned(install)
    action = check_action(action_text) if action_text is not None else None
    label = str(directory)
    _check_target(directory, label)
    folder, packs, root = _packs_path(directory)
    if action is None:
        action = find_action()
    pins = installed_pins()
    values = Placeholders(folder, packs, action.uses, requirement)
    tree = [
        (_RENAMED.get(parts, parts), render(data, parts[-1], values))
        for parts, data in _walk(files("sakshi") / "templates" / "init")
    ]
    tree.append((("ci", "constraints.txt"), constraints(pins)))
    written = _write_tree(directory, sorted(tree))
    for name in written:
        click.echo(f"  {label.rstrip('/')}/{name}")
    click.echo(
        f"sakshi: wrote {len(written)} files; grade the starter packs with:"
        f" sakshi run context {Path(label, 'packs').as_posix()}"
    )
    _tell_ci(folder, root, action, requirement, pins)
    return HELD


def _check_target(directory: Path, label: str) -> None:
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


def _tell_ci(
    folder: str, root: Path | None, action: ActionRef, requirement: str, pins: list[str] | None
) -> None:
    """What the CI files will do, and what the user must still do, on stdout and stderr."""
    where = f"paths from the repository's root, {root}" if root else "paths from here"
    installs = requirement or f"the sakshi of that commit (from {action.source})"
    click.echo(
        f"sakshi: CI ({folder}/ci/sakshi.yml, {where}) uses the Action {action.uses} and"
        f" installs {installs}; {folder}/.gitignore keeps {folder}/reports/ out of git"
    )
    if not action.complete:
        click.echo(
            f"sakshi: warning: {folder}/ci/sakshi.yml says 'uses: {action.uses}' ({action.source}):"
            " write the repository holding sakshi's action.yml and its full 40-hex commit there,"
            " or run init again with --action OWNER/REPO@<commit>; until then the job fails",
            err=True,
        )
    if action.dirty:
        click.echo(
            f"sakshi: note: {action.source} has changes its commit does not hold; CI runs"
            f" {action.commit} (push it, so that GitHub can find it)",
            err=True,
        )
    if root is None:
        click.echo(
            f"sakshi: note: {folder} is in no git repository: the CI files name paths from"
            " here, which should be the repository's root",
            err=True,
        )
    if pins is None:
        click.echo(
            f"sakshi: note: sakshi's installed metadata was not found: {folder}/ci/"
            "constraints.txt pins no dependency",
            err=True,
        )
