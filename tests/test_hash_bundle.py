"""``sakshi hash bundle FILE``: a bundle's RFC 8785 (JCS) SHA-256, exactly as the pack
loader hashes the bundle it serves; bad input is one line and exit 2."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
import rfc8785

sys.path.insert(0, str(Path(__file__).parent / "support"))
from cli_main import run_cli_fresh

from sakshi.context.packs import load_pack, shipped_packs_dir

SHIPPED = sorted(shipped_packs_dir().glob("*.yaml"))
SERVING = [path for path in SHIPPED if load_pack(path).served.bundle_sha256 is not None]


@pytest.mark.parametrize("pack", SERVING, ids=lambda path: path.stem)
def test_a_packs_hash_is_the_loaders(capsys: pytest.CaptureFixture[str], pack: Path) -> None:
    run = run_cli_fresh(capsys, "hash", "bundle", str(pack))
    assert run.code == 0, run.err
    assert run.out == f"{load_pack(pack).served.bundle_sha256}\n"
    assert run.err == ""


@pytest.mark.parametrize("pack", SERVING, ids=lambda path: path.stem)
def test_the_bundle_alone_in_json_or_yaml_hashes_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, pack: Path
) -> None:
    import yaml

    bundle = yaml.safe_load(pack.read_text("utf-8"))["bundle"]
    (tmp_path / "b.json").write_text(json.dumps(bundle, ensure_ascii=False, indent=1), "utf-8")
    (tmp_path / "b.yaml").write_text(yaml.safe_dump(bundle, allow_unicode=True), "utf-8")
    expected = f"{load_pack(pack).served.bundle_sha256}\n"
    for name in ("b.json", "b.yaml"):
        assert run_cli_fresh(capsys, "hash", "bundle", str(tmp_path / name)).out == expected


def test_it_is_jcs_not_sorted_key_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Where the old sorted-key form and JCS differ: a float written 1.0, a key past the BMP
    # (UTF-16 order puts it before U+FFFF), an escaped surrogate pair in JSON.
    bundle = {"version": 1.0, "\U0001f600": 1, "\uffff": 2, "note": "caf\u00e9 \U0001f600"}
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle), "utf-8")  # ensure_ascii: "\ud83d\ude00" escapes
    jcs = hashlib.sha256(rfc8785.dumps(bundle)).hexdigest()
    old = json.dumps(bundle, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert jcs != hashlib.sha256(old.encode("utf-8")).hexdigest()
    run = run_cli_fresh(capsys, "hash", "bundle", str(path))
    assert (run.code, run.out) == (0, f"{jcs}\n")


def test_stdin_reads_json_or_yaml(tmp_path: Path) -> None:
    bundle = {"engine": "matter-context", "version": 1, "facts": []}
    expected = hashlib.sha256(rfc8785.dumps(bundle)).hexdigest() + "\n"
    for text in (json.dumps(bundle), "engine: matter-context\nversion: 1.0\nfacts: []\n"):
        proc = subprocess.run(
            [sys.executable, "-m", "sakshi", "hash", "bundle", "-"],
            input=text,
            capture_output=True,
            text=True,
            check=False,
        )
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, expected, "")


BAD = [
    ("not-json.json", '{"a": 1,}', "not JSON"),
    ("duplicate.json", '{"a": 1, "a": 2}', "duplicate key 'a'"),
    ("nan.json", '{"a": NaN}', "NaN is not JSON"),
    ("huge-int.json", '{"a": 9007199254740993}', "RFC 8785"),
    ("infinite.json", '{"a": 1e400}', "RFC 8785"),
    ("list.json", "[1, 2]", "a bundle is a mapping; found a list"),
    ("bad.yaml", "a: [1, 2\n", "invalid YAML"),
    ("duplicate.yaml", "a: 1\na: 2\n", "duplicate key"),
    ("scalar.yaml", "just text\n", "a bundle is a mapping"),
    ("empty.yaml", "", "a bundle is a mapping"),
    ("no-bundle-pack.yaml", "pack: sakshi.pack.v1\nid: x\nengine_state: none\n", "bundle"),
]


@pytest.mark.parametrize(("name", "text", "said"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, said: str
) -> None:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    run = run_cli_fresh(capsys, "hash", "bundle", str(path))
    assert run.code == 2 and run.out == ""
    assert run.err.count("\n") == 1 and run.err.startswith(f"sakshi: error: {path}")
    assert said in run.err and "Traceback" not in run.err


def test_a_missing_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run = run_cli_fresh(capsys, "hash", "bundle", str(tmp_path / "nope.json"))
    assert run.code == 2 and str(tmp_path / "nope.json") in run.err and run.err.count("\n") == 1


def test_the_guide_computes_the_same_hash() -> None:
    """The guide's snippet is the JCS form, and its worked example prints what sakshi does."""
    guide = (Path(__file__).resolve().parents[1] / "docs" / "guide.md").read_text("utf-8")
    assert "hashlib.sha256(rfc8785.dumps(bundle)).hexdigest()" in guide
    assert "sort_keys=True, separators" not in guide.split("Before this, bundles")[0]
    bundle = {"engine": "matter-context", "version": 1.0, "facts": []}
    assert hashlib.sha256(rfc8785.dumps(bundle)).hexdigest() in guide
