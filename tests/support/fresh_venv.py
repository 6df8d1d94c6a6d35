"""A fresh virtual environment with THIS checkout's sakshi, made without any download.

``build_wheel`` writes a wheel of ``src/sakshi`` by hand (a zip with the package, its
data files and a dist-info: what setuptools would put in it), so no build backend has to
be fetched. ``fresh_venv`` makes a ``python -m venv`` whose site-packages sees sakshi's
runtime dependencies, linked from the environment running the tests (pip sees them as
installed). A pip that then installs ``sakshi==<version>`` with ``pip_env()`` finds only
the local wheel: no index, no configuration file, no network.

``backend_wheelhouse`` puts a wheel of the build backend pyproject.toml names
(setuptools, as installed where the tests run) in a wheelhouse, so pip can build sakshi
from its source folder with build isolation and no index; ``source_checkout`` makes a
git repository of this checkout's files at one commit, as a clean clone has them.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _project() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    project = data["project"]
    assert isinstance(project, dict)
    return project


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(wheelhouse: Path) -> Path:
    """A wheel of the checkout's sakshi in ``wheelhouse``."""
    project = _project()
    version = str(project["version"])
    dist_info = f"sakshi-{version}.dist-info"
    files: dict[str, bytes] = {}
    package = ROOT / "src" / "sakshi"
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[path.relative_to(ROOT / "src").as_posix()] = path.read_bytes()
    requires = [f"Requires-Dist: {req}" for req in project["dependencies"]]  # type: ignore[union-attr]
    files[f"{dist_info}/METADATA"] = "\n".join(
        ["Metadata-Version: 2.1", "Name: sakshi", f"Version: {version}", *requires, ""]
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: sakshi-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist_info}/entry_points.txt"] = (
        b"[console_scripts]\nsakshi = sakshi.cli:main\n\n"
        b"[pytest11]\nsakshi = sakshi.pytest_plugin\n"
    )
    record = [_record_line(name, data) for name, data in files.items()]
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheelhouse.mkdir(parents=True, exist_ok=True)
    wheel = wheelhouse / f"sakshi-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return wheel


def _requirement_names(dist: metadata.Distribution) -> list[str]:
    names = []
    for requirement in dist.requires or []:
        if "extra ==" in requirement:
            continue
        match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
        if match:
            names.append(match.group(0))
    return names


def _runtime_closure() -> list[metadata.Distribution]:
    """sakshi's runtime dependencies and theirs, as installed here."""
    todo = [re.match(r"[A-Za-z0-9._-]+", str(req)).group(0) for req in _project()["dependencies"]]  # type: ignore[union-attr]
    found: dict[str, metadata.Distribution] = {}
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in found:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # an optional platform dependency that is not installed here
        found[name] = dist
        todo += _requirement_names(dist)
    return list(found.values())


def _link_dependencies(deps: Path) -> None:
    deps.mkdir(parents=True, exist_ok=True)
    for dist in _runtime_closure():
        tops = {Path(str(file)).parts[0] for file in dist.files or []}
        for top in tops:
            source = Path(str(dist.locate_file(top)))
            if top in ("..", "bin") or not source.exists() or (deps / top).exists():
                continue
            (deps / top).symlink_to(source)


def fresh_venv(folder: Path) -> Path:
    """A new venv at ``folder`` (its bin folder returned) that sees sakshi's dependencies."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, capture_output=True)
    deps = folder / "linked-deps"
    _link_dependencies(deps)
    purelib = subprocess.run(
        [
            str(folder / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_path('purelib'))",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(purelib, "sakshi-test-deps.pth").write_text(f"{deps}\n", "utf-8")
    return folder / "bin"


def pip_env(bin_folder: Path, wheelhouse: Path) -> dict[str, str]:
    """The environment a generated CI command runs in: the venv first on PATH, pip reading
    only ``wheelhouse`` (no index, no configuration file)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV", "SAKSHI_", "COLUMNS"))
    }
    env.update(
        PATH=f"{bin_folder}{os.pathsep}{env.get('PATH', '')}",
        VIRTUAL_ENV=str(bin_folder.parent),
        PIP_NO_INDEX="1",
        PIP_FIND_LINKS=str(wheelhouse),
        PIP_CONFIG_FILE=os.devnull,
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        SAKSHI_NO_CACHE="1",
    )
    return env


# setuptools builds a wheel with no other package from 70.1 on (bdist_wheel moved in).
_SELF_CONTAINED_SETUPTOOLS = (70, 1)
_INSTALL_RECORDS = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version)[:3])


def _rewheel(dist: metadata.Distribution, wheelhouse: Path) -> Path:
    """A wheel of the installed ``dist`` (pure Python): the files its RECORD lists, as
    its own wheel held them, with a new RECORD."""
    files: dict[str, bytes] = {}
    dist_info = ""
    for entry in dist.files or []:
        name = entry.as_posix()
        if name.startswith("..") or "__pycache__" in entry.parts or name.endswith(".pyc"):
            continue
        if entry.parts[0].endswith(".dist-info"):
            dist_info = entry.parts[0]
            if entry.name in _INSTALL_RECORDS:
                continue
        files[name] = Path(str(dist.locate_file(entry))).read_bytes()
    record = [_record_line(name, data) for name, data in files.items()]
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = wheelhouse / f"{dist_info.removesuffix('.dist-info')}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return wheel


def backend_wheelhouse(wheelhouse: Path) -> str | None:
    """Put a wheel of the installed setuptools in ``wheelhouse`` so that pip builds
    sakshi from source with no index; None when done, else why it cannot be (too old for
    pyproject.toml's ``build-system.requires``, or for building alone)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    [requirement] = data["build-system"]["requires"]
    floor = _release(requirement.partition(">=")[2])
    try:
        setuptools = metadata.distribution("setuptools")
    except metadata.PackageNotFoundError:
        return "setuptools is not installed"
    have = _release(setuptools.version)
    if have < floor or have < _SELF_CONTAINED_SETUPTOOLS:
        return f"setuptools {setuptools.version} cannot build sakshi alone ({requirement})"
    wheelhouse.mkdir(parents=True, exist_ok=True)
    _rewheel(setuptools, wheelhouse)
    return None


def git(folder: Path, *args: str) -> str:
    """git's stdout in ``folder`` (a commit needs no configured name)."""
    done = subprocess.run(
        ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def source_checkout(folder: Path) -> str:
    """A git repository at ``folder`` holding this checkout's files (tracked, and new
    ones git does not ignore) as they are now, in one commit; its commit id."""
    listing = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        check=True,
        capture_output=True,
    ).stdout
    for name in sorted({n for n in listing.decode().split("\0") if n}):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    git(folder, "init", "-q")
    git(folder, "add", "-A", "--force")  # every file copied, even one a pattern ignores
    git(folder, "commit", "-qm", "sakshi at the commit under test")
    return git(folder, "rev-parse", "HEAD")
