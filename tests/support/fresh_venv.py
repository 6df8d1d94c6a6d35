"""A fresh virtual environment with THIS checkout's sakshi, made without any download.

``build_wheel`` writes a wheel of ``src/sakshi`` by hand (a zip with the package, its
data files and a dist-info: what setuptools would put in it), so no build backend has to
be fetched. ``fresh_venv`` makes a ``python -m venv`` whose site-packages sees sakshi's
runtime dependencies, linked from the environment running the tests (pip sees them as
installed). A pip that then installs ``sakshi==<version>`` with ``pip_env()`` finds only
the local wheel: no index, no configuration file, no network.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
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
