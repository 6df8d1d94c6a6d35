"""``sakshi cache info`` and ``sakshi cache clear``: the cache, seen and emptied."""

from __future__ import annotations

import click


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


@click.group("cache")
def cache_group() -> None:
    """The cache of parsed packs and graded results (see docs/guide.md, "The cache")."""


@cache_group.command("info")
def info_cmd() -> None:
    """Where the cache and its secret live, what it holds, and its size bound."""
    from sakshi.inputs.cache import is_off, secret_path
    from sakshi.inputs.cache_size import cache_usage, max_bytes

    usage = cache_usage()
    click.echo(f"entries: {usage.folder if usage.folder is not None else 'none (no home)'}")
    click.echo(f"holds: {usage.entries} entries, {_megabytes(usage.size)}")
    click.echo(f"bound: {_megabytes(max_bytes())} (SAKSHI_CACHE_MAX_MB)")
    click.echo(f"secret: {secret_path() or 'none'}")
    click.echo(f"state: {'off' if is_off() else 'on'}")


@cache_group.command("clear")
def clear_cmd() -> None:
    """Remove every cached entry (the secret stays; the next run parses every pack)."""
    from sakshi.inputs.cache_size import clear

    removed = clear()
    where = removed.folder if removed.folder is not None else "nowhere"
    click.echo(
        f"sakshi: removed {removed.entries} entries ({_megabytes(removed.size)}) from {where}",
        err=True,
    )
