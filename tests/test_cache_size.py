"""The cache's size bound, eviction and `sakshi cache clear` / `cache info` (issue 14 item
11), through the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sakshi.cli import main
from sakshi.inputs import cache


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SAKSHI_CACHE_DIR", str(folder))
    monkeypatch.setenv("SAKSHI_CACHE_SECRET", str(tmp_path / "state" / "secret"))
    monkeypatch.delenv("SAKSHI_NO_CACHE", raising=False)
    monkeypatch.delenv("SAKSHI_CACHE_MAX_MB", raising=False)
    monkeypatch.chdir(tmp_path)
    cache._resolve.cache_clear()
    cache._secret.cache_clear()
    assert main(["init", "evals"]) == 0
    return folder / cache.SUBDIR


def entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if len(p.name) == 64)


def test_a_run_fills_the_cache_and_clear_empties_it(
    store: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["run", "context", "evals/packs", "--format", "json"]) == 0
    assert len(entries(store)) == 4
    (store / "notes.txt").write_text("not an entry: never removed", "utf-8")
    capsys.readouterr()
    assert main(["cache", "info"]) == 0
    out = capsys.readouterr().out
    assert f"entries: {store}" in out and "holds: 4 entries" in out and "bound: 256.0 MB" in out
    assert main(["cache", "clear"]) == 0
    assert "sakshi: removed 4 entries" in capsys.readouterr().err
    assert entries(store) == [] and (store / "notes.txt").exists()
    assert (tmp_path / "state" / "secret").exists()  # the secret stays


def test_past_the_bound_the_least_recently_used_go_first(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["run", "context", "evals/packs", "--format", "json"]) == 0
    found = entries(store)
    for age, entry in enumerate(found):
        os.utime(entry, (1_000_000 + age, 1_000_000 + age))
    newest = found[-1]
    monkeypatch.setenv("SAKSHI_CACHE_MAX_MB", "0")
    from sakshi.inputs.cache_size import evict

    assert evict(newest.stat().st_size) == 3
    assert entries(store) == [newest]
    # A run trims the cache to the bound when it ends (0 MB: nothing is kept).
    assert main(["run", "context", "evals/packs", "--format", "json"]) == 0
    assert entries(store) == []


def test_a_run_that_added_nothing_leaves_the_folder_unlisted(store: Path) -> None:
    import time

    from sakshi.inputs.cache_size import evict

    assert main(["run", "context", "evals/packs", "--format", "json"]) == 0
    before = entries(store)
    os.utime(store, (1_000_000, 1_000_000))  # the folder unchanged since long ago
    assert evict(0, changed_since=time.time_ns()) == 0 and entries(store) == before
    (store / "notes.txt").write_text("a new file in the folder", "utf-8")  # it changed
    assert evict(0, changed_since=time.time_ns()) == len(before) and entries(store) == []
