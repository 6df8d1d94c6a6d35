"""Hostile: paths that lead out of the folder they must stay in (issue 11, item 8).

``grade --documents DIR`` reads ``<id>.yaml`` or ``<id>.txt`` from DIR and never follows a
link out of it: such a document makes DIR unusable, exit 2 naming the file (SPEC 7: "2 if
DIR is unusable"), with no output file and nothing graded green. ``identity --source
NAME=PATH`` takes PATH under ``--root`` as a document's ``file:`` is taken under its
pack's folder (SPEC 2 and 6): no absolute path, no ``..``, no link that leaves the root.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from grade_inputs import SECRET, SECRET_TURN

from sakshi.cli import main


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside DIR whose files a turn must never reach."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_bytes(SECRET)
    (folder / "secret.yaml").write_text("id: grn\nfile: secret.txt\n", encoding="utf-8")
    return folder


@pytest.fixture
def turns(tmp_path: Path) -> Path:
    path = tmp_path / "turns.jsonl"
    path.write_text(json.dumps(SECRET_TURN) + "\n", encoding="utf-8")
    return path


def grade(
    capsys: pytest.CaptureFixture[str], turns: Path, folder: Path, *extra: str
) -> tuple[int, str, str]:
    code = main(["grade", str(turns), "--documents", str(folder), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def _link_file_out(folder: Path, outside: Path) -> str:
    (folder / "grn.txt").symlink_to(outside / "secret.txt")
    return "grn.txt"


def _link_yaml_out(folder: Path, outside: Path) -> str:
    (folder / "grn.yaml").symlink_to(outside / "secret.yaml")
    return "grn.yaml"


def _relative_link_out(folder: Path, outside: Path) -> str:
    (folder / "grn.txt").symlink_to(Path("..") / outside.name / "secret.txt")
    return "grn.txt"


def _chain_out(folder: Path, outside: Path) -> str:
    (folder / "hop.txt").symlink_to(outside / "secret.txt")
    (folder / "grn.txt").symlink_to("hop.txt")  # inside, then out
    return "grn.txt"


def _linked_subfolder_out(folder: Path, outside: Path) -> str:
    (folder / "sub").symlink_to(outside)
    (folder / "grn.txt").symlink_to(Path("sub") / "secret.txt")
    return "grn.txt"


LEAVES = [_link_file_out, _link_yaml_out, _relative_link_out, _chain_out, _linked_subfolder_out]


@pytest.mark.parametrize("leave", LEAVES)
def test_grade_never_follows_a_link_out_of_the_documents_folder(
    tmp_path: Path,
    outside: Path,
    turns: Path,
    capsys: pytest.CaptureFixture[str],
    leave: Callable[[Path, Path], str],
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    name = leave(folder, outside)
    code, out, err = grade(capsys, turns, folder, "--out", str(tmp_path / "graded.jsonl"))
    assert code == 2, (out, err)
    assert f"{folder / name}: " in err and "outside the documents folder" in err
    assert "TOP-SECRET" not in out + err
    assert not (tmp_path / "graded.jsonl").exists()


def test_a_link_that_stays_inside_the_folder_is_followed(
    tmp_path: Path, turns: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "real.txt").write_bytes(b"TOP-SECRET inside\n")
    (folder / "grn.txt").symlink_to("real.txt")
    code, out, err = grade(capsys, turns, folder)
    assert code == 0, err
    assert json.loads(out)["verdict"] == "green"


def test_a_dangling_link_is_a_missing_document(
    tmp_path: Path, turns: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "grn.txt").symlink_to("nowhere.txt")
    code, out, _ = grade(capsys, turns, folder)
    assert code == 1
    assert json.loads(out) == {
        "id": "t1",
        "line": 1,
        "verdict": "red",
        "reasons": ["TURN_MALFORMED"],
        "problem": "documents[0]: no document 'grn' in the documents folder",
    }


def test_a_document_file_key_stays_inside_the_folder(
    tmp_path: Path, outside: Path, turns: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "grn.yaml").write_text("id: grn\nfile: ../outside/secret.txt\n", encoding="utf-8")
    code, out, err = grade(capsys, turns, folder)
    assert code == 2 and "leaves" in err and "TOP-SECRET" not in out + err


# --- identity --source -------------------------------------------------------------------


@pytest.fixture
def root(tmp_path: Path, outside: Path) -> Path:
    folder = tmp_path / "repo"
    (folder / "src").mkdir(parents=True)
    (folder / "src" / "a.py").write_text("print('a')\n")
    (folder / "out").symlink_to(outside)
    (folder / "secret-link").symlink_to(outside / "secret.txt")
    return folder


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("x=../outside", "'..'"),
        ("x=src/../../outside", "'..'"),
        ("x=src/../src", "'..'"),
        ("x=..\\outside", "'..'"),
        ("x=/etc", "absolute"),
        ("x=C:\\Windows", "absolute"),
        ("x=\\\\server\\share", "absolute"),
        ("x=out", "outside"),
        ("x=out/secret.txt", "outside"),
        ("x=secret-link", "outside"),
    ],
)
def test_identity_source_stays_under_the_root(
    root: Path, capsys: pytest.CaptureFixture[str], spec: str, problem: str
) -> None:
    code = main(["identity", "--root", str(root), "--source", spec])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("sakshi: error: --source: x: ") and problem in err, err
    assert err.count("\n") == 1


def test_run_recovery_refuses_a_source_outside_the_root_before_any_run(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    argv = ["run", "recovery", str(runs), "--root", str(root), "--source", "x=../outside"]
    assert main([*argv, "--out", str(tmp_path / "r.json")]) == 2
    assert "'..'" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


def test_identity_source_inside_the_root_is_hashed(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (root / "inner").symlink_to("src")  # a link that stays under the root is fine
    assert main(["identity", "--root", str(root), "--source", "x=inner"]) == 0
    inner = json.loads(capsys.readouterr().out)["sources"]["x"]
    assert main(["identity", "--root", str(root), "--source", "x=src"]) == 0
    assert json.loads(capsys.readouterr().out)["sources"]["x"] == inner
    assert os.path.islink(root / "inner")
