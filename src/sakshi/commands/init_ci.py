"""What ``sakshi init`` needs to write a CI that runs exactly this sakshi, with no package
index for it: the repository's root, the Action's commit, and the dependencies' pins.

- The root: the nearest folder above the starter folder that holds ``.git``; the workflow
  names every path from there, since CI runs in the checkout's root, wherever init ran.
- The Action's commit (``uses: OWNER/REPO@<40-hex commit>``): where pip installed this
  sakshi from a git URL, the commit it recorded (``direct_url.json``, PEP 610); where it
  runs from a git checkout (an editable install, or a folder pip installed), that
  checkout's HEAD, with OWNER/REPO from its ``origin`` remote on GitHub. Anything else (a
  wheel, an index) carries no commit: the workflow then says ``<OWNER>/<REPO>@<COMMIT>``,
  which no repository can be, so the job fails at once naming it until it is filled in.
- The pins: every package sakshi needs, found recursively from its requirements as
  installed here (``importlib.metadata``), at the version installed.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sakshi.errors import InputError
from sakshi.inputs import git_state, remote_url

__all__ = [
    "PLACEHOLDER",
    "ActionRef",
    "Installed",
    "action_from",
    "check_action",
    "dependency_pins",
    "find_action",
    "github_repository",
    "installed_pins",
    "repository_root",
]

PLACEHOLDER = "<OWNER>/<REPO>@<COMMIT>"
_COMMIT = re.compile(r"[0-9a-f]{40}")
_ACTION = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[A-Za-z0-9._-]+@([0-9a-f]{40})")
_GITHUB = re.compile(
    r"(?:git\+)?(?:(?:https?|ssh|git)://(?:[^@/]+@)?github\.com(?::\d+)?/|git@github\.com:)"
    r"([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)/([A-Za-z0-9._-]+?)(?:\.git)?/?"
)
_NAME = re.compile(r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[([^\]]*)\])?")
_EXTRA = re.compile(r"""\bextra\s*==\s*["']([^"']+)["']""")


@dataclass(frozen=True)
class ActionRef:
    """The Action a workflow uses: ``repository`` (OWNER/REPO) and ``commit`` when known,
    and ``source``, how init learned them (for its message)."""

    repository: str | None
    commit: str | None
    source: str
    dirty: bool = False  # the checkout it came from had changes its commit does not hold

    @property
    def uses(self) -> str:
        """The ``uses:`` value; an unknown part stays a placeholder no repository can be."""
        owner_repo, commit = PLACEHOLDER.split("@")
        return f"{self.repository or owner_repo}@{self.commit or commit}"

    @property
    def complete(self) -> bool:
        return self.repository is not None and self.commit is not None


def github_repository(url: str | None) -> str | None:
    """OWNER/REPO of a GitHub URL (https, ssh or scp-like, with or without .git)."""
    found = _GITHUB.fullmatch(url.strip()) if url else None
    return f"{found.group(1)}/{found.group(2)}" if found else None


def check_action(text: str) -> ActionRef:
    """``--action OWNER/REPO@<40-hex commit>`` as given, or an InputError: a branch or a
    tag moves under the workflow, so only a full commit is taken."""
    value = text.strip()
    if not _ACTION.fullmatch(value):
        raise InputError(
            "--action",
            None,
            f"expected OWNER/REPO@<40-hex commit> (a full commit in lowercase, as git prints"
            f" it; a branch or a tag moves), found {value!r}",
        )
    repository, commit = value.split("@")
    return ActionRef(repository, commit, "--action")


def repository_root(target: Path) -> Path | None:
    """The nearest folder holding ``.git`` at or above ``target`` (which may not exist
    yet), resolved; None outside any repository."""
    here = Path(os.path.abspath(target)).resolve()
    for folder in (here, *here.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return None


def _direct_url() -> dict[str, object] | None:
    """pip's record of where it installed sakshi from (PEP 610), when it made one."""
    try:
        text = metadata.distribution("sakshi").read_text("direct_url.json")
        data = json.loads(text) if text else None
    except (metadata.PackageNotFoundError, ValueError, OSError):
        return None
    return data if isinstance(data, dict) else None


def _checkouts(direct: dict[str, object] | None) -> list[Path]:
    """Git checkouts this sakshi may come from: the one its own source lives in (an
    editable install, or src/ on the path), then the folder pip installed it from."""
    import sakshi

    package = Path(sakshi.__file__).resolve().parent
    found = []
    if package.parent.name == "src":  # never a site-packages inside some other repository
        found.append(package.parents[1])
    url = str(direct.get("url", "")) if direct and "dir_info" in direct else ""
    if url.startswith("file:"):
        found.append(Path(unquote(urlsplit(url).path)))
    return found


def find_action() -> ActionRef:
    """Where this sakshi came from, as the Action a workflow can use (see the module)."""
    direct = _direct_url()
    return action_from(direct, _checkouts(direct))


def action_from(direct: dict[str, object] | None, checkouts: Iterable[Path]) -> ActionRef:
    """The Action pip's record ``direct`` names (a git URL at a commit), else the HEAD of
    the first of ``checkouts`` that is a git checkout of sakshi, else the placeholder."""
    vcs = direct.get("vcs_info") if direct else None
    if direct and isinstance(vcs, dict) and vcs.get("vcs") == "git":
        url, commit = str(direct.get("url", "")), str(vcs.get("commit_id", ""))
        if _COMMIT.fullmatch(commit):
            return ActionRef(github_repository(url), commit, f"pip installed it from {url}")
    for root in checkouts:
        if not (root / "action.yml").is_file() or not (root / "src" / "sakshi").is_dir():
            continue
        state = git_state(root)
        head = state.get("head")
        if isinstance(head, str) and _COMMIT.fullmatch(head):
            repository = github_repository(remote_url(root))
            return ActionRef(repository, head, f"the checkout at {root}", state["dirty"] is True)
    return ActionRef(None, None, "no git commit: this sakshi was not installed from one")


# --- the dependencies' pins -------------------------------------------------------------------


@dataclass(frozen=True)
class Installed:
    """One installed distribution: its name as published, version and requirements."""

    name: str
    version: str
    requires: tuple[str, ...]


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wanted(requirement: str, extras: frozenset[str]) -> tuple[str, frozenset[str]] | None:
    """(name, its extras) of a requirement line that applies, or None: one that only an
    extra nobody asked for brings in (``; extra == "test"``) does not."""
    requirement, _, marker = requirement.partition(";")
    extra = _EXTRA.search(marker)
    if extra is not None and _normal(extra.group(1)) not in extras:
        return None
    found = _NAME.match(requirement)
    if found is None:
        return None
    wanted = frozenset(_normal(e) for e in (found.group(2) or "").split(",") if e.strip())
    return found.group(1), wanted


def dependency_pins(
    requires: Iterable[str], lookup: Callable[[str], Installed | None]
) -> list[str]:
    """``NAME==VERSION`` for every distribution ``requires`` brings in, recursively (with
    the extras they ask for), as ``lookup`` finds it installed; sorted by name. One not
    installed (a platform marker that did not apply here) has no line."""
    seen: dict[str, Installed] = {}
    asked: set[tuple[str, frozenset[str]]] = set()
    todo = [(line, frozenset[str]()) for line in requires]
    while todo:
        line, extras = todo.pop()
        wanted = _wanted(line, extras)
        if wanted is None or (_normal(wanted[0]), wanted[1]) in asked:
            continue
        name, its_extras = _normal(wanted[0]), wanted[1]
        asked.add((name, its_extras))
        found = lookup(name)
        if found is None:
            continue
        seen[name] = found
        todo += [(sub, its_extras) for sub in found.requires]
    return [f"{seen[key].name}=={seen[key].version}" for key in sorted(seen)]


def _lookup(name: str) -> Installed | None:
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None
    return Installed(dist.metadata["Name"], dist.version, tuple(dist.requires or ()))


def installed_pins() -> list[str] | None:
    """The pins of sakshi's own requirements as installed here; None when sakshi has no
    installed metadata (it runs from a source folder nobody installed)."""
    sakshi = _lookup("sakshi")
    if sakshi is None:
        return None
    return [
        pin for pin in dependency_pins(sakshi.requires, _lookup) if not pin.startswith("sakshi==")
    ]
