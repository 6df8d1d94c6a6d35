"""Hostile: a warm run never reports a verdict its inputs no longer earn.

The result cache (``inputs/result_cache.py``) lets a warm ``run context`` report an
unchanged pack without parsing or grading it. Each test changes something the verdict
depends on in the way most likely to fool a cache (an edit that keeps the file's size,
modification time and inode; another file the pack names; the project's rules; the code
that grades; the label the report shows) or plants something in the cache folder (a
forged, re-filed or damaged record), and checks that the report equals the one a fresh
``--no-cache`` run makes of the inputs as they are now.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from result_packs import GRN, count_grades, fresh_cache, live_pack

from sakshi.cli import main
from sakshi.inputs import cache, result_cache

TRUE_QUOTE = "Quantity received: 42.500 MT"
FALSE_QUOTE = "Quantity received: 42.600 MT"  # one byte from the true quote: same size


def pack_text(quote: str, body: str = f"text: {json.dumps(GRN)}", pack_id: str = "stale") -> str:
    """A live pack citing ``quote``: green for the true quote, red (FABRICATED_SPAN) else."""
    return live_pack(quote, pack_id=pack_id, body=body)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and secret; the working folder holds no configuration."""
    fresh_cache(tmp_path, monkeypatch)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return tmp_path / "cache" / cache.SUBDIR


@pytest.fixture
def grades(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every grade of a pack, by its source: a pack read back from the cache adds none."""
    yield count_grades(monkeypatch, lambda pack: pack.source)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, bytes]:
    code = main(["run", "context", *args, "--format", "json"])
    return code, capsys.readouterr().out.encode("utf-8")


def records(store: Path) -> list[Path]:
    """The result cache's entries (the parse cache's share the folder)."""
    head = result_cache.RESULT_FORMAT.encode() + b" "
    if not store.is_dir():
        return []
    return sorted(
        p for p in store.iterdir() if len(p.name) == 64 and p.read_bytes().startswith(head)
    )


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def verdicts(out: bytes) -> list[tuple[str, str, list[str]]]:
    return [(p["id"], p["verdict"], p["reasons"]) for p in json.loads(out)["packs"]]


@pytest.mark.parametrize(
    ("before", "after"),
    [(TRUE_QUOTE, FALSE_QUOTE), (FALSE_QUOTE, TRUE_QUOTE)],
    ids=["to-red", "to-green"],
)
def test_an_edit_that_keeps_size_mtime_and_inode_is_graded_again(
    tmp_path: Path,
    store: Path,
    grades: list[str],
    capsys: pytest.CaptureFixture[str],
    before: str,
    after: str,
) -> None:
    pack = write(tmp_path / "packs" / "p.yaml", pack_text(before))
    first = run(capsys, str(pack))
    assert len(records(store)) == 1 and run(capsys, str(pack)) == first and len(grades) == 1
    info = os.stat(pack)
    with open(pack, "r+b") as handle:  # in place: the same inode
        handle.write(pack_text(after).encode())
    os.utime(pack, ns=(info.st_atime_ns, info.st_mtime_ns))
    now = os.stat(pack)
    assert (now.st_ino, now.st_size, now.st_mtime_ns) == (
        info.st_ino,
        info.st_size,
        info.st_mtime_ns,
    )
    warm = run(capsys, str(pack))
    assert warm == run(capsys, str(pack), "--no-cache") != first
    assert len(grades) == 3  # graded again, then once more for --no-cache


def test_a_changed_file_document_is_read_and_graded_every_run(
    tmp_path: Path, store: Path, grades: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write(tmp_path / "packs" / "p.yaml", pack_text(TRUE_QUOTE, body="file: grn.txt"))
    doc = write(pack.with_name("grn.txt"), GRN)
    assert run(capsys, str(pack))[0] == 0
    assert records(store) == []  # its grade depends on another file: never kept
    doc.write_text(GRN.replace("42.500", "41.500"), encoding="utf-8")
    code, out = run(capsys, str(pack))
    assert (code, verdicts(out)) == (1, [("stale", "red", ["FABRICATED_SPAN"])])


def test_a_shared_document_pack_is_graded_every_run(
    tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(Path("sakshi.toml"), 'documents = "docs"\n')
    write(Path("docs/grn.txt"), GRN)
    pack = write(
        Path("packs/p.yaml"),
        pack_text(TRUE_QUOTE).replace(f"  - id: grn\n    text: {json.dumps(GRN)}", "  - ref: grn"),
    )
    assert run(capsys, str(pack))[0] == 0 and records(store) == []
    write(Path("docs/grn.txt"), GRN.replace("42.500", "41.500"))
    assert verdicts(run(capsys, str(pack))[1]) == [("stale", "red", ["FABRICATED_SPAN"])]


def test_a_change_to_the_project_rules_is_a_miss(
    tmp_path: Path, store: Path, grades: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write(tmp_path / "packs" / "p.yaml", pack_text(TRUE_QUOTE))
    run(capsys, str(pack))
    fields = write(Path("fields.yaml"), "fields:\n  delivered_qty: {type: quantity}\n")
    for config in (
        'locale = "month-first"\n',
        'locale = "month-first"\nfields = ["fields.yaml"]\n',
        None,  # the fields file's bytes change, the configuration's do not
    ):
        count = len(grades)
        if config is None:
            fields.write_text("fields:\n  delivered_qty: {type: money}\n", encoding="utf-8")
        else:
            write(Path("sakshi.toml"), config)
        warm = run(capsys, str(pack))
        assert len(grades) == count + 1  # graded under the new rules
        assert warm == run(capsys, str(pack), "--no-cache")
        assert run(capsys, str(pack)) == warm and len(grades) == count + 2  # then a hit


def test_other_grading_code_is_a_miss(
    tmp_path: Path,
    store: Path,
    grades: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pack = write(tmp_path / "packs" / "p.yaml", pack_text(TRUE_QUOTE))
    first = run(capsys, str(pack))
    monkeypatch.setattr(result_cache, "code_fingerprint", lambda: "0" * 64)  # an edited sakshi
    assert run(capsys, str(pack)) == first and len(grades) == 2


def test_the_same_bytes_under_another_name_report_their_own_source(
    tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write(tmp_path / "a" / "p.yaml", pack_text(TRUE_QUOTE))
    two = write(tmp_path / "b" / "p.yaml", pack_text(TRUE_QUOTE))
    run(capsys, str(one))
    _, out = run(capsys, str(two))
    assert json.loads(out)["packs"][0]["source"] == two.as_posix()


@pytest.mark.parametrize(
    "plant",
    ["forged-payload", "another-packs-record", "truncated", "unsealed", "wrong-format"],
)
def test_a_planted_record_never_changes_the_verdict(
    tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str], plant: str
) -> None:
    green = write(tmp_path / "g" / "p.yaml", pack_text(TRUE_QUOTE))
    red = write(tmp_path / "r" / "p.yaml", pack_text(FALSE_QUOTE))
    run(capsys, str(green))
    [green_record] = records(store)
    honest = run(capsys, str(red), "--no-cache")
    run(capsys, str(red))
    [red_record] = [p for p in records(store) if p != green_record]
    raw = red_record.read_bytes()
    head, payload = raw.split(b"\n", 1)
    forged = {
        "forged-payload": head + b"\n" + payload.replace(b'"red"', b'"green"'),
        "another-packs-record": green_record.read_bytes(),
        "truncated": raw[: len(raw) // 2],
        "unsealed": payload,
        "wrong-format": raw.replace(result_cache.RESULT_FORMAT.encode(), cache.FORMAT.encode(), 1),
    }[plant]
    red_record.write_bytes(forged)
    assert run(capsys, str(red)) == honest
    assert red_record.read_bytes() == raw  # graded again and written back whole


def test_no_cache_reads_and_writes_no_record(
    tmp_path: Path, store: Path, grades: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write(tmp_path / "packs" / "p.yaml", pack_text(TRUE_QUOTE))
    run(capsys, str(pack))
    assert len(records(store)) == 1
    run(capsys, str(pack), "--no-cache")
    assert len(grades) == 2 and len(records(store)) == 1


def test_core_a_record_of_another_shape_is_no_record() -> None:
    from sakshi.reports.pack_record import PackRecord

    entry = {
        "id": "p",
        "source": "p.yaml",
        "route": "recorded",
        "verdict": "red",
        "engine_state": "live",
        "expect": "red",
        "held": True,
        "reasons": ["FABRICATED_SPAN"],
        "not_held_because": None,
        "findings": [{"reason": "FABRICATED_SPAN", "detail": "d"}],
    }
    record = PackRecord.of(entry, ("a",), (("h", ("n",)),), None)
    assert PackRecord.from_bytes(record.to_bytes()) == record
    head = record.head
    for broken in (
        None,
        b"",
        b"[]\n{}",
        orjson.dumps({**head, "held": "yes"}) + b"\n{}",
        orjson.dumps({k: v for k, v in head.items() if k != "not_held_because"}) + b"\n{}",
        orjson.dumps({**head, "tags": "a"}) + b"\n{}",
        orjson.dumps({**head, "lines": [["h"]]}) + b"\n{}",
        orjson.dumps({**head, "findings": [["only one"]]}) + b"\n{}",
        orjson.dumps({**head, "failure": ["only one"]}) + b"\n{}",
        orjson.dumps(head) + b"\nnot an object",
    ):
        assert PackRecord.from_bytes(broken) is None
