"""The project's sakshi configuration: ``sakshi.toml``, or ``[tool.sakshi]`` in pyproject.toml.

Found from the working directory upward: the first folder holding a ``sakshi.toml`` or a
``pyproject.toml`` with a ``[tool.sakshi]`` table is the project's root, and the search
stops at a repository's root (a folder with ``.git``). A folder holding both is refused
(exit 2): one project, one place for its settings. In ``sakshi.toml`` the keys stand at
the top level; in pyproject.toml under ``[tool.sakshi]``. Paths are relative to the
folder of the file that names them. Command-line flags win over every key.

    packs = ["evals/packs"]           # what `sakshi run context` and `prove` run with no PATH
    route = "mypkg.routes:answer"     # a Python route, or "reference"
    route-exec = "node route.js"      # or a program route
    route-timeout = 60                # seconds per pack for route-exec
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
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from sakshi.errors import InputError, a_kind
from sakshi.inputs.files import read_bytes

__all__ = ["CONFIG_KEYS", "Config", "find_config", "parse_config", "read_config"]

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


def read_config(folder: Path) -> Config | None:
    """The configuration that ``folder`` itself holds, or None."""
    own, project = folder / "sakshi.toml", folder / "pyproject.toml"
    table = _pyproject_table(project) if project.exists() else None
    if own.exists():
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
    """The nearest configuration from ``start`` upward (stopping at a repository's root),
    or an empty one rooted at ``start``."""
    here = start.absolute()
    for folder in (here, *here.parents):
        found = read_config(folder)
        if found is not None:
            return _relative_to(found, Path.cwd())
        if (folder / ".git").exists():
            break
    return Config(root=start)


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
