"""The pytest11 plugin: ``pytest --sakshi-packs PATH`` runs each pack as a test item."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from sakshi.context.packs import shipped_packs_dir


def _pytest(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False, timeout=120)


def _copy_packs(dest: Path) -> Path:
    shutil.copytree(shipped_packs_dir(), dest)
    return dest


def test_shipped_packs_pass_as_items(tmp_path: Path) -> None:
    packs = _copy_packs(tmp_path / "packs")
    proc = _pytest(tmp_path, "--sakshi-packs", str(packs), "-v")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "sakshi-packs::live-supply-breach PASSED" in proc.stdout


def test_red_pack_fails_with_reasons_and_diagnosis(tmp_path: Path) -> None:
    packs = _copy_packs(tmp_path / "packs")
    pack = packs / "live-supply-breach.yaml"
    text = pack.read_text("utf-8").replace(
        "Quantity received: 42.500 MT", "Quantity received:  42.500 MT"
    )
    pack.write_text(text, "utf-8")
    proc = _pytest(tmp_path, "--sakshi-packs", str(pack))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "expected green, graded red: FABRICATED_SPAN" in proc.stdout
    assert "folding whitespace" in proc.stdout


def test_unloadable_pack_is_one_failing_item(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("pack: sakshi.pack.v1\nid: x\nengine_state: live\nsurprise: 1\n", "utf-8")
    proc = _pytest(tmp_path, "--sakshi-packs", str(bad))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "surprise" in proc.stdout and "unknown key" in proc.stdout


def test_plugin_is_inert_without_the_option(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_ok():\n    assert True\n", "utf-8")
    proc = _pytest(tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout


def test_negative_control_with_a_broken_route_fails_and_says_why(tmp_path: Path) -> None:
    packs = _copy_packs(tmp_path / "packs")
    pack = packs / "live-supply-breach.yaml"
    text = pack.read_text("utf-8")
    assert "\nexpect:" not in text
    pack.write_text(text + "expect: red\n", "utf-8")
    missing = str(tmp_path / "no-such-route-program")
    proc = _pytest(tmp_path, "--sakshi-packs", str(pack), "--sakshi-route-exec", missing)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "a negative control needs a working route" in proc.stdout
