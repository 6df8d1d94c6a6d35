"""The pytest11 plugin: ``pytest --sakshi-packs PATH`` runs each pack as a test item."""

from __future__ import annotations

import shlex
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
    assert "packs/live-supply-breach.yaml::live-supply-breach PASSED" in proc.stdout


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
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.exit(3)\n", "utf-8")
    route = shlex.join([sys.executable, str(crash)])
    proc = _pytest(tmp_path, "--sakshi-packs", str(pack), "--sakshi-route-exec", route)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "a negative control needs a working route" in proc.stdout


def test_a_route_program_that_cannot_run_fails_every_pack_saying_so(tmp_path: Path) -> None:
    packs = _copy_packs(tmp_path / "packs")
    missing = str(tmp_path / "no-such-route-program")
    proc = _pytest(tmp_path, "--sakshi-packs", str(packs), "--sakshi-route-exec", missing)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"--route-exec: cannot run {missing!r}: no such file" in proc.stdout
    assert " passed" not in proc.stdout


def test_the_count_the_listing_and_a_node_id_rerun(tmp_path: Path) -> None:
    packs = _copy_packs(tmp_path / "packs")
    count = len(list(packs.glob("*.yaml")))
    (tmp_path / "test_one.py").write_text("def test_ok():\n    assert True\n", "utf-8")
    proc = _pytest(tmp_path, "--sakshi-packs", "packs", "--collect-only", "-q")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    listed = [line for line in proc.stdout.splitlines() if "::" in line]
    assert "packs/live-supply-breach.yaml::live-supply-breach" in listed
    assert len(listed) == count + 1 and f"{count + 1} tests collected" in proc.stdout
    proc = _pytest(tmp_path, "--sakshi-packs", "packs", "-v")
    assert f"{count + 1} passed" in proc.stdout, proc.stdout
    # A node id reruns one pack, and only it.
    proc = _pytest(
        tmp_path,
        "--sakshi-packs",
        "packs",
        "-v",
        "packs/live-supply-breach.yaml::live-supply-breach",
    )
    assert proc.returncode == 0 and "1 passed" in proc.stdout, proc.stdout + proc.stderr


def test_sakshi_packs_as_an_ini_option(tmp_path: Path) -> None:
    packs = _copy_packs(tmp_path / "evals")
    count = len(list(packs.glob("*.yaml")))
    (tmp_path / "pytest.ini").write_text("[pytest]\nsakshi_packs = evals\n", "utf-8")
    proc = _pytest(tmp_path, "-q")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{count} passed" in proc.stdout
