"""``sakshi init``: a starter folder of packs (one per engine state), CI and pre-commit."""

from __future__ import annotations

import os
import re
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from sakshi.commands.common import write_new
from sakshi.errors import InputError

# Files whose text names the packs folder; everything else is copied byte for byte (a
# document file's CRLF line ends are part of what its spans are checked against).
_RENDERED = (".yml", ".md")


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


def render(data: bytes, name: str, folder: str, packs: str) -> bytes:
    """A template's bytes with ``{{dir}}``, ``{{packs}}`` and ``{{packs_regex}}`` filled in."""
    if not name.endswith(_RENDERED):
        return data
    text = data.decode("utf-8")
    text = (
        text.replace("{{packs_regex}}", re.escape(packs))
        .replace("{{packs}}", packs)
        .replace("{{dir}}", folder)
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
def init_cmd(directory: Path) -> None:
    """Write a starter folder: four packs (live, partial, stubbed, none), a GitHub Actions
    workflow and a pre-commit hook. DIRECTORY must not exist, or be empty.

    Right after init, `sakshi run context DIRECTORY/packs` exits 0.
    """
    from importlib.resources import files

    label = str(directory)
    if directory.is_symlink() or (directory.exists() and not directory.is_dir()):
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
        [(parts, render(data, parts[-1], folder, packs)) for parts, data in templates],
    )
    for name in written:
        click.echo(f"  {label.rstrip('/')}/{name}")
    click.echo(
        f"sakshi: wrote {len(written)} files;"
        f" grade the starter packs with: sakshi run context {packs}"
    )
