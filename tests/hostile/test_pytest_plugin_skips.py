"""Hostile: the pytest plugin passed where packs were red, or where there were none.

``pytest --sakshi-packs evals`` collected packs through pytest's own folder walk, whose
``norecursedirs`` skips ``build/``, ``dist/`` and every dot folder: a red pack kept in
``evals/build/`` or ``evals/.wip/`` never ran, and the session was green. A folder with no
pack at all (a typo, a checkout that lost them) collected nothing and passed with the
other tests. Every pack under the pack paths is collected now, only version-control
folders are skipped (and the header says so), and no pack is a failure.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sakshi.pytest_plugin import VCS_DIRS

MEMO = "Cheque No.: 004512\nReturned: Funds Insufficient\n"


def _pack(pack_id: str, quote: str) -> dict[str, Any]:
    """A pack at engine_state none with a recorded turn: green when ``quote`` is the
    memo's, red (FABRICATED_SPAN) when it is not."""
    value = {"field": "cheque_no", "value": None, "cite": {"doc": "memo", "quote": quote}}
    return {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "engine_state": "none",
        "documents": [{"id": "memo", "text": MEMO}],
        "turn": {
            "context_provenance": {"engine_state": "none", "bundle_sha256": None},
            "values": [value],
        },
    }


def _write(folder: Path, pack_id: str, quote: str = "Cheque No.: 004512") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{pack_id}.yaml").write_text(json.dumps(_pack(pack_id, quote)), "utf-8")


def _pytest(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args]
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False, timeout=120)


@pytest.mark.parametrize("hidden", ["build", ".wip", "dist", "node_modules", "venv", "x.egg"])
def test_a_red_pack_in_a_folder_pytest_skips_still_fails(tmp_path: Path, hidden: str) -> None:
    _write(tmp_path / "evals", "green")
    _write(tmp_path / "evals" / hidden, "red", quote="Cheque No.: 999999")
    proc = _pytest(tmp_path, "--sakshi-packs", "evals", "-v")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"evals/{hidden}/red.yaml::red FAILED" in proc.stdout
    assert "FABRICATED_SPAN" in proc.stdout


def test_collect_ignore_and_ignore_do_not_hide_packs(tmp_path: Path) -> None:
    _write(tmp_path / "evals" / "held", "red", quote="Cheque No.: 999999")
    (tmp_path / "conftest.py").write_text("collect_ignore = ['evals/held']\n", "utf-8")
    proc = _pytest(tmp_path, "--sakshi-packs", "evals", "--ignore", "evals/held")
    assert proc.returncode == 1 and "1 failed" in proc.stdout, proc.stdout + proc.stderr


def test_only_version_control_folders_are_skipped_and_the_header_says_so(tmp_path: Path) -> None:
    _write(tmp_path / "evals", "green")
    for vcs in sorted(VCS_DIRS):
        # Not a pack at all: collected, it would be a failing `load` item.
        (tmp_path / "evals" / vcs).mkdir()
        (tmp_path / "evals" / vcs / "config.yaml").write_text("core: {bare: false}\n", "utf-8")
    proc = _pytest(tmp_path, "--sakshi-packs", "evals", "-v")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout
    assert "no folder is left out but version control (.bzr, .git," in proc.stdout


@pytest.mark.parametrize("option", ["command-line", "ini"])
def test_a_folder_with_no_pack_fails(tmp_path: Path, option: str) -> None:
    (tmp_path / "evals" / "build").mkdir(parents=True)
    (tmp_path / "evals" / "README.md").write_text("packs go here\n", "utf-8")
    (tmp_path / "test_other.py").write_text("def test_ok():\n    assert True\n", "utf-8")
    if option == "ini":
        (tmp_path / "pytest.ini").write_text("[pytest]\nsakshi_packs = evals\n", "utf-8")
        proc = _pytest(tmp_path)
    else:
        proc = _pytest(tmp_path, "--sakshi-packs", "evals")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "1 failed, 1 passed" in proc.stdout
    assert "no pack (*.yaml, *.yml) found under" in proc.stdout


def test_packs_that_all_hold_still_pass(tmp_path: Path) -> None:
    _write(tmp_path / "evals" / ".wip", "green")
    proc = _pytest(tmp_path, "--sakshi-packs", "evals", "-q")
    assert proc.returncode == 0 and "1 passed" in proc.stdout, proc.stdout + proc.stderr
