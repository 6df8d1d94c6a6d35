"""Hostile: a configuration planted where another user can write (issue 22, SPEC 9).

Configuration is looked for from the working folder up to the repository's root, else up
to the user's home, never above it, and never in a folder (or a file) another user can
write. Each case runs ``sakshi verify-values`` on a date written ``03/12/2024`` for the
value 3 December 2024: right under sakshi's day-first default, wrong under a planted
``locale = "en-US"`` (12 March). A planted file that were read would turn the run red;
the control cases read a file the user owns and show that the check can fail.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sakshi.cli import main
from sakshi.inputs.config import search_folders

PLANTED = 'locale = "en-US"\n'
NOBODY = 65534


def _work(folder: Path) -> list[str]:
    """A verify-values run in ``folder`` whose verdict a month-first locale flips."""
    folder.mkdir(parents=True, exist_ok=True)
    docs = folder / "docs.yaml"
    docs.write_text('documents:\n  - {id: d, text: "presented on 03/12/2024"}\n', "utf-8")
    line = {
        "id": 1,
        "field": "presented",
        "type": "date",
        "value": "2024-12-03",
        "cite": {"doc": "d", "quote": "presented on 03/12/2024"},
    }
    values = folder / "values.jsonl"
    values.write_text(json.dumps(line) + "\n", "utf-8")
    return ["verify-values", str(docs), str(values)]


def _run(
    monkeypatch: pytest.MonkeyPatch, where: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> int:
    argv = _work(where)
    monkeypatch.chdir(where)
    monkeypatch.setenv("HOME", str(home))
    code = main(argv)
    capsys.readouterr()
    return code


def test_a_file_in_a_world_writable_parent_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "sakshi.toml").write_text(PLANTED, "utf-8")
    shared.chmod(0o1777)  # as /tmp is
    assert _run(monkeypatch, shared / "me" / "project", tmp_path / "elsewhere", capsys) == 0


def test_control_the_same_file_in_a_private_parent_under_home_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "sakshi.toml").write_text(PLANTED, "utf-8")
    assert _run(monkeypatch, home / "project", home, capsys) == 1


def test_nothing_above_the_home_is_read_outside_a_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "sakshi.toml").write_text(PLANTED, "utf-8")
    home = tmp_path / "home"
    assert _run(monkeypatch, home / "project", home, capsys) == 0


def test_a_repository_root_is_read_wherever_the_home_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "sakshi.toml").write_text(PLANTED, "utf-8")
    assert _run(monkeypatch, repo / "sub", tmp_path / "home", capsys) == 1


def test_the_search_stops_at_the_repository_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "sakshi.toml").write_text(PLANTED, "utf-8")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert _run(monkeypatch, repo / "sub", tmp_path, capsys) == 0


def test_a_file_others_can_write_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    planted = home / "sakshi.toml"
    planted.write_text(PLANTED, "utf-8")
    planted.chmod(0o666)
    assert _run(monkeypatch, home / "project", home, capsys) == 0


def _root_only() -> None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("needs root to hand a folder to another user (CI runs as root)")


def test_a_folder_owned_by_another_user_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _root_only()
    home = tmp_path / "home"
    theirs = home / "theirs"
    theirs.mkdir(parents=True)
    (theirs / "sakshi.toml").write_text(PLANTED, "utf-8")
    os.chown(theirs, NOBODY, NOBODY)
    assert _run(monkeypatch, theirs / "project", home, capsys) == 0


def test_a_folder_a_shared_group_can_write_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _root_only()
    home = tmp_path / "home"
    team = home / "team"
    team.mkdir(parents=True)
    (team / "sakshi.toml").write_text(PLANTED, "utf-8")
    os.chown(team, 0, NOBODY)  # root's folder, but a group others hold may write it
    team.chmod(0o775)
    assert _run(monkeypatch, team / "project", home, capsys) == 0


def test_search_folders_in_order(tmp_path: Path) -> None:
    start = tmp_path / "a" / "b"
    start.mkdir(parents=True)
    assert search_folders(start, tmp_path / "a") == [start, tmp_path / "a"]
    (tmp_path / "a" / ".git").mkdir()
    assert search_folders(start, start) == [start, tmp_path / "a"]
    (tmp_path / "a").chmod(0o777)
    assert search_folders(start, None) == [start]
