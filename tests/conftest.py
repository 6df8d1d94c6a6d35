"""Test-wide settings: keep the parsed-pack cache and its secret inside the test run, not in
~/.cache and ~/.local/state; hypothesis never times an example, and under CI it draws the
same examples every run (a gate's own CI must not flake; local runs keep exploring). And
the fixtures the URL and grade tests share: fresh store folders, the grade tests' documents
and a Dask cluster in this process."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import settings

# No deadline anywhere: speed is measured in bench/, never asserted in a test.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")


def pytest_configure(config: pytest.Config) -> None:
    # Set in the process environment, so subprocesses (the CLI run for real) inherit it.
    if "SAKSHI_CACHE_DIR" not in os.environ:
        folder = tempfile.mkdtemp(prefix="sakshi-test-cache-")
        os.environ["SAKSHI_CACHE_DIR"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    if "SAKSHI_CACHE_SECRET" not in os.environ:  # the cache's secret, outside its folder
        secrets = tempfile.mkdtemp(prefix="sakshi-test-state-")
        os.environ["SAKSHI_CACHE_SECRET"] = os.path.join(secrets, "cache-secret")
        config.add_cleanup(lambda: shutil.rmtree(secrets, ignore_errors=True))


def _fresh_root(protocol: str) -> Iterator[str]:
    """A fresh folder in fsspec's store for ``protocol``, removed afterwards."""
    import fsspec

    root = f"{protocol}://sakshi-{uuid.uuid4().hex}"
    yield root
    fs = fsspec.filesystem(protocol)
    if fs.exists(root.removeprefix(f"{protocol}://")):
        fs.rm(root.removeprefix(f"{protocol}://"), recursive=True)


@pytest.fixture
def memory_root() -> Iterator[str]:
    """A fresh ``memory://`` folder (fsspec's in-process store), removed afterwards."""
    yield from _fresh_root("memory")


STORE = "standin"  # the protocol of ``store_root``'s store


def _register_store() -> None:
    """``standin://``: fsspec's in-process store under another name, standing in for an
    object store that keeps what is written (S3 and the like) where a test needs one
    without a server. sakshi refuses ``memory://`` as an output (it dies with the
    process); it has no way to tell this one from a real store, as it should not."""
    import fsspec
    from fsspec.implementations.memory import MemoryFileSystem
    from fsspec.registry import registry

    if STORE in registry:
        return

    class StandInStore(MemoryFileSystem):  # type: ignore[misc]  # fsspec is untyped
        protocol = (STORE,)
        store: ClassVar[dict[str, object]] = {}  # its own objects, not memory://'s
        pseudo_dirs: ClassVar[list[str]] = [""]

        @classmethod
        def _strip_protocol(cls, path: str) -> str:
            return str(super()._strip_protocol(str(path).removeprefix(f"{STORE}://")))

    fsspec.register_implementation(STORE, StandInStore)


@pytest.fixture
def store_root() -> Iterator[str]:
    """A fresh folder in the stand-in store (``standin://``), removed afterwards."""
    _register_store()
    yield from _fresh_root(STORE)


def _grade_logs() -> Any:
    """``tests/support/grade_logs.py``: the grade tests' logs, documents and cluster."""
    support = str(Path(__file__).resolve().parent / "support")
    if support not in sys.path:
        sys.path.insert(0, support)
    import grade_logs

    return grade_logs


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    """The documents folder the grade tests' logs cite (``grade_logs.write_docs``); a
    module whose documents differ defines its own ``docs``."""
    return Path(_grade_logs().write_docs(tmp_path / "docs"))


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask cluster in this process, one a module (``in_process_cluster``)."""
    pytest.importorskip("distributed")
    with _grade_logs().in_process_cluster() as cluster:
        yield cluster.scheduler_address
