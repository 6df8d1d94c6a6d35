"""The project's sakshi configuration: ``sakshi.toml``, or ``[tool.sakshi]`` in pyproject.toml.

Found from the working directory upward: the first folder holding a ``sakshi.toml`` or a
``pyproject.toml`` with a ``[tool.sakshi]`` table is the project's root. The search stops
at a repository's root (a folder with ``.git``); outside a repository at the user's home,
never above it; and never reads a folder or a file that another user can write (owned by
someone else, or writable by its group or by all): a file planted in a shared parent such
as ``/tmp`` would otherwise set a date order or a program route for everyone under it.
A folder holding both is refused (exit 2): one project, one place for its settings. In
``sakshi.toml`` the keys stand at the top level; in pyproject.toml under ``[tool.sakshi]``.
Paths are relative to the folder of the file that names them. Command-line flags win over
every key.

    packs = ["evals/packs"]           # what `sakshi run context` and `prove` run with no PATH
    route = "mypkg.routes:answer"     # a Python route, or "reference"
    route-exec = "node route.js"      # or a program route
    route-timeout = 60                # seconds per pack for a route (Python or program)
    format = "text"                   # text | json | junit: stdout's format
    outputs = ["reports/sakshi.xml"]  # report files, each format by its extension
    fields = ["evals/fields.yaml"]    # declared fields (SPEC 8) for packs without their own
    documents = "evals/documents"     # the shared documents root (`documents: [{ref: ID}]`)
    locale = "en-IN"                  # numeric dates' order for packs that set no locale

    [acts.KSA]                        # acts a statute value may name, beyond sakshi's table
    title = "Karnataka Stamp Act"
    year = 1957
    aliases = ["Karnataka Stamp Act", "KS Act"]

Strict: an unknown key or a value of the wrong type is an ``InputError`` naming the file
and the key. Files are read through ``read_bytes`` (regular files only: a FIFO named
pyproject.toml is refused, never waited on).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from sakshi.errors import InputError, a_kind
from sakshi.inputs.files import read_bytes

__all__ = [
    "CONFIG_KEYS",
    "Config",
    "find_config",
    "parse_config",
    "read_config",
    "search_folders",
]

MAX_CONFIG_BYTES = 1024 * 1024
FORMATS = ("text", "json", "junit")
CONFIG_KEYS = (
    "packs",
    "route",
    "route-exec",
    "route-timeout",
    "format",
    "outputs",
    "fields",
    "documents",
    "locale",
    "acts",
)


@dataclass(frozen=True)
class Config:
    """Settings read from a configuration file (``source`` None: there was none). Paths
    are resolved against ``root``, the folder of that file (else the working directory)."""

    root: Path
    source: str | None = None
    packs: tuple[Path, ...] = ()
    route: str | None = None
    route_exec: str | None = None
    route_timeout: float | None = None
    format: str | None = None
    outputs: tuple[Path, ...] = ()
    fields: tuple[Path, ...] = ()
    documents: Path | None = None
    locale: str | None = None
    acts: Mapping[str, object] | None = None

    def where(self, key: str) -> str:
        """How a message names ``key`` in this configuration."""
        if self.source is not None and self.source.endswith("pyproject.toml"):
            return f"[tool.sakshi] {key} in {self.source}"
        return f"{key} in {self.source}"


def _string(table: Mapping[str, object], key: str, source: str, label: str) -> str | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise InputError(source, label + key, f"expected a non-empty string, found {a_kind(value)}")
    return value


def _paths(
    table: Mapping[str, object], key: str, source: str, label: str, root: Path
) -> tuple[Path, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise InputError(source, label + key, f"expected a list of paths, found {a_kind(value)}")
    found: list[Path] = []
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item or "\0" in item:
            raise InputError(
                source,
                f"{label}{key}[{index}]",
                f"expected a path (a string), found {a_kind(item)}",
            )
        found.append(root / item)
    return tuple(found)


def _timeout(table: Mapping[str, object], source: str, label: str) -> float | None:
    value = table.get("route-timeout")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise InputError(
            source, label + "route-timeout", f"expected seconds above 0, found {value!r}"[:200]
        )
    return float(value)


def parse_config(table: Mapping[str, object], source: str, root: Path, label: str = "") -> Config:
    """A ``Config`` from a parsed table; ``label`` prefixes key names in messages
    (``tool.sakshi.`` for pyproject.toml). Pure: no file is read."""
    unknown = sorted(str(key) for key in table if key not in CONFIG_KEYS)
    if unknown:
        raise InputError(
            source, label + unknown[0], f"unknown key; sakshi takes {', '.join(CONFIG_KEYS)}"
        )
    fmt = _string(table, "format", source, label)
    if fmt is not None and fmt not in FORMATS:
        raise InputError(
            source, label + "format", f"expected one of {', '.join(FORMATS)}, found {fmt!r}"
        )
    route = _string(table, "route", source, label)
    route_exec = _string(table, "route-exec", source, label)
    if route is not None and route_exec is not None:
        raise InputError(source, label + "route-exec", "give route or route-exec, not both")
    documents = _string(table, "documents", source, label)
    acts = table.get("acts")
    if acts is not None and not isinstance(acts, Mapping):
        raise InputError(source, label + "acts", f"expected a table of acts, found {a_kind(acts)}")
    return Config(
        root=root,
        source=source,
        packs=_paths(table, "packs", source, label, root),
        route=route,
        route_exec=route_exec,
        route_timeout=_timeout(table, source, label),
        format=fmt,
        outputs=_paths(table, "outputs", source, label, root),
        fields=_paths(table, "fields", source, label, root),
        documents=None if documents is None else root / documents,
        locale=_string(table, "locale", source, label),
        acts=acts,
    )


def _load_toml(path: Path) -> dict[str, object]:
    import tomllib  # only when there is a file to read: most runs find none

    data = read_bytes(path, str(path), "a TOML file", MAX_CONFIG_BYTES)
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(str(path), None, f"not UTF-8 (at byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(str(path), None, f"not TOML: {exc}") from None


def _pyproject_table(path: Path) -> Mapping[str, object] | None:
    """The ``[tool.sakshi]`` table of a pyproject.toml, None when it has none."""
    tool = _load_toml(path).get("tool", {})
    if not isinstance(tool, Mapping):
        raise InputError(str(path), "tool", f"expected a table, found {a_kind(tool)}")
    if "sakshi" not in tool:
        return None
    table = tool["sakshi"]
    if not isinstance(table, Mapping):
        raise InputError(str(path), "tool.sakshi", f"expected a table, found {a_kind(table)}")
    return table


def _readable(path: Path) -> bool:
    """A configuration file that exists and only this user (or root) can write; one that
    another user could have written is never read (as if it were not there)."""
    return path.exists() and _private(path)


def read_config(folder: Path) -> Config | None:
    """The configuration that ``folder`` itself holds, or None."""
    own, project = folder / "sakshi.toml", folder / "pyproject.toml"
    table = _pyproject_table(project) if _readable(project) else None
    if _readable(own):
        if table is not None:
            raise InputError(
                str(own),
                None,
                f"{project} also has a [tool.sakshi] table; keep the settings in one of them",
            )
        return parse_config(_load_toml(own), str(own), folder)
    if table is not None:
        return parse_config(table, str(project), folder, "tool.sakshi.")
    return None


def find_config(start: Path) -> Config:
    """The nearest configuration from ``start`` upward, within ``search_folders``, or an
    empty one rooted at ``start``."""
    here = start.absolute()
    for folder in search_folders(here, _home()):
        found = read_config(folder)
        if found is not None:
            return _relative_to(found, Path.cwd())
    return Config(root=start)


def _home() -> Path | None:
    try:
        return Path.home().absolute()
    except (KeyError, RuntimeError):  # no HOME and no passwd entry: no home to stop at
        return None


def search_folders(start: Path, home: Path | None) -> list[Path]:
    """The folders a configuration may come from, nearest first: ``start`` and its parents
    up to the repository's root (the first holding ``.git``); with no repository, up to
    ``home`` when ``start`` is under it. The climb ends before the first folder that
    another user can write (``/tmp``), and outside both a repository and ``home`` it ends
    there or at the root."""
    folders: list[Path] = []
    for folder in (start, *start.parents):
        if not _private(folder):
            break
        folders.append(folder)
        if (folder / ".git").exists():
            return folders
    # No repository on the way up: keep no folder above the home (nor the home's parents).
    if home is not None and start.is_relative_to(home):
        return [folder for folder in folders if folder.is_relative_to(home)]
    return folders


def _private(path: Path) -> bool:
    """Whether only this user (or root) can write ``path``: owned by them, not writable by
    all, and writable by its group only when that group is this user's own (no other
    member: the user-private groups of a umask 002 checkout). Where ownership cannot be
    asked (no ``geteuid``), every folder passes and the other limits hold."""
    try:
        info = path.stat()
    except OSError:
        return False
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:
        return True
    me = geteuid()
    if info.st_uid not in (me, 0) or info.st_mode & stat.S_IWOTH:
        return False
    return not info.st_mode & stat.S_IWGRP or _own_group(info.st_gid, me)


def _own_group(gid: int, uid: int) -> bool:
    """Whether group ``gid`` is ``uid``'s primary group with no other member listed."""
    try:
        import grp
        import pwd
    except ImportError:  # no groups to ask about: a group-writable folder is shared
        return False
    try:
        user = pwd.getpwuid(uid)
        group = grp.getgrgid(gid)
    except KeyError:
        return False
    if user.pw_gid != gid or not set(group.gr_mem) <= {user.pw_name}:
        return False
    # A group others hold as their primary one ("users") lists none of them as members.
    return all(entry.pw_gid != gid or entry.pw_uid == uid for entry in pwd.getpwall())


def _relative_to(config: Config, start: Path) -> Config:
    """``config`` with its source and paths shown relative to ``start`` when they lie
    under it, else absolute (so messages and pack labels read as the user would type them)."""
    base = start.absolute()

    def shown(path: Path) -> Path:
        return Path(os.path.relpath(path, base)) if path.is_relative_to(base) else path

    return replace(
        config,
        root=shown(config.root),
        source=str(shown(Path(config.source))) if config.source else None,
        packs=tuple(shown(p) for p in config.packs),
        outputs=tuple(shown(p) for p in config.outputs),
        fields=tuple(shown(p) for p in config.fields),
        documents=None if config.documents is None else shown(config.documents),
    )
