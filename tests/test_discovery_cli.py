"""Discovery and selection (SPEC 4, issue 14 item 5): *.yml packs found like *.yaml; a YAML
file in a pack folder that is not a pack is exit 2 naming it (a document is pointed at);
--select, --exclude (ids and globs) and --tag."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli_fresh as run

from sakshi.cli import main


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "evals"]) == 0


def graded(out: str) -> list[str]:
    return [pack["id"] for pack in json.loads(out)["packs"]]


def test_yml_packs_are_found_like_yaml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    packs = tmp_path / "evals" / "packs"
    shutil.move(packs / "live.yaml", packs / "live.yml")
    code, out, err = run(capsys, "run", "context", "evals/packs", "--format", "json")
    assert code == 0, err
    assert "starter-live" in graded(out)


def test_a_yaml_file_that_is_not_a_pack_is_exit_2_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "evals" / "packs" / "notes.yml").write_text("owner: legal-team\n", "utf-8")
    code, out, err = run(capsys, "run", "context", "evals/packs")
    assert code == 2 and out == ""
    assert "evals/packs/notes.yml" in err


def test_a_pack_path_that_is_there_but_not_a_file_or_folder_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fifo = tmp_path / "named.yaml"
    os.mkfifo(fifo)
    for path, problem in (
        (fifo, "is not a regular file or a folder"),  # never opened: a FIFO would block
        (Path("/dev/null"), "is not a regular file or a folder"),
        (tmp_path / "gone.yaml", "no such pack file or folder"),
    ):
        code, out, err = run(capsys, "run", "context", str(path))
        assert (code, out) == (2, ""), err
        assert err.strip() == f"sakshi: error: {path}: {problem}"


@pytest.mark.parametrize(
    "text",
    [
        "documents:\n  - id: lease\n    pages: ['p1']\n",  # what `sakshi docs extract` writes
        "id: lease\ntext: 'Monthly rent'\n",  # one section-2 document
    ],
)
def test_a_document_in_a_pack_folder_is_pointed_at(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    (tmp_path / "evals" / "packs" / "lease.yaml").write_text(text, "utf-8")
    code, _, err = run(capsys, "run", "context", "evals/packs")
    assert code == 2 and "lease.yaml" in err
    assert "this is a document" in err and "file:" in err and "documents:" in err


def test_select_and_exclude_by_id_and_glob(capsys: pytest.CaptureFixture[str]) -> None:
    common = ("run", "context", "evals/packs", "--format", "json")
    assert graded(run(capsys, *common, "--select", "starter-live")[1]) == ["starter-live"]
    assert graded(run(capsys, *common, "--select", "starter-*", "--exclude", "*-none")[1]) == [
        "starter-live",
        "starter-partial",
        "starter-stubbed",
    ]
    code, _, err = run(capsys, *common, "--select", "nothing-*")
    assert code == 2 and "no pack matched --select nothing-*" in err


def test_select_by_tags(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name, tags in (("live", "[smoke, money]"), ("partial", "[smoke]")):
        pack = tmp_path / "evals" / "packs" / f"{name}.yaml"
        pack.write_text(pack.read_text("utf-8") + f"tags: {tags}\n", "utf-8")
    common = ("run", "context", "evals/packs", "--format", "json")
    assert graded(run(capsys, *common, "--tag", "smoke")[1]) == ["starter-live", "starter-partial"]
    assert graded(run(capsys, *common, "--tag", "money")[1]) == ["starter-live"]
    code, out, _ = run(capsys, "prove", "evals/packs", "--tag", "money", "--format", "json")
    assert code == 0, out


def test_bad_tags_are_exit_2_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "evals" / "packs" / "live.yaml"
    pack.write_text(pack.read_text("utf-8") + "tags: [ok, 'not ok']\n", "utf-8")
    code, _, err = run(capsys, "run", "context", "evals/packs")
    assert code == 2 and "tags[1]" in err


def test_prove_names_the_packs_it_skipped_and_never_says_a_green_mutant_flipped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "prove", "evals/packs")
    assert code == 0, err
    assert "sakshi: skipped starter-partial: engine_state partial;" in err
    assert "sakshi: skipped starter-none: engine_state none;" in err
    stubbed = [line for line in out.splitlines() if "stripped" in line and "green" in line]
    assert stubbed and all("stayed green" in line and "flip" not in line for line in stubbed)
    assert "mutants graded as expected" in out
