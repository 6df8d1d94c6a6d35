"""Hostile: one bad record in RESULTS.json never loses the evidence view.

A turn with no provenance (or a misshapen one) graded by ``run context`` and fed to
``sakshi view``, a pack entry whose values or documents are not what ``run context``
writes, a cite nested past Python's stack: each is that pack's own red, with its reasons,
and the rest of the page is written.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256

BUNDLE = {"engine": "test"}
MEMO = "Cheque No.: 004512\nReturned: Funds Insufficient\n"
GOOD_VALUE = {
    "field": "cheque_no",
    "value": "004512",
    "why": "The memo names it.",
    "cite": {"doc": "memo", "quote": "Cheque No.: 004512"},
}
PROVENANCE = {"engine_state": "live", "bundle_sha256": bundle_sha256(BUNDLE)}


def pack(pack_id: str, provenance: object = PROVENANCE, **extra: Any) -> dict[str, Any]:
    turn: dict[str, Any] = {"values": [GOOD_VALUE]}
    if provenance is not None:
        turn["context_provenance"] = provenance
    return {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "engine_state": "live",
        "documents": [{"id": "memo", "text": MEMO}],
        "bundle": BUNDLE,
        "turn": turn,
        **extra,
    }


def graded_results(
    capsys: pytest.CaptureFixture[str], folder: Path, *packs: dict[str, Any]
) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for data in packs:
        (folder / f"{data['id']}.yaml").write_text(json.dumps(data), "utf-8")
    results = folder.parent / "results.json"
    main(["run", "context", str(folder), "--format", "json", "--out", str(results)])
    capsys.readouterr()
    return results


def view(capsys: pytest.CaptureFixture[str], results: Path) -> tuple[int, str, str]:
    out = results.with_name(f"view-{len(list(results.parent.glob('view-*')))}.html")
    code = main(["view", str(results), "--out", str(out)])
    err = capsys.readouterr().err
    return code, out.read_text("utf-8") if out.exists() else "", err


def pack_section(page: str, pack_id: str) -> str:
    """The <details> element of one pack on the page."""
    start = page.index(f'<span class="pid">{pack_id}</span>')
    opening = page.rindex("<details", 0, start)
    return page[opening : page.index("</details>", start)]


@pytest.mark.parametrize(
    "provenance",
    [
        None,
        "live",
        {"bundle_sha256": None},
        {"engine_state": "live"},
        {"engine_state": 7, "bundle_sha256": []},
    ],
    ids=["absent", "a-string", "no-state", "no-hash", "misshapen"],
)
def test_a_turn_without_readable_provenance_is_viewed_red_with_its_reasons(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, provenance: object
) -> None:
    results = graded_results(
        capsys, tmp_path / "packs", pack("a-good"), pack("b-no-provenance", provenance)
    )
    code, page, err = view(capsys, results)
    assert code == 0 and "Traceback" not in err and "internal error" not in err
    bad = pack_section(page, "b-no-provenance")
    assert 'data-verdict="red"' in bad and "PROVENANCE_MISMATCH" in bad
    assert "turn claims: no readable provenance" in bad
    good = pack_section(page, "a-good")
    assert 'data-verdict="green"' in good and '<mark class="hl"' in good


def _break(results: Path, edit: Any) -> None:
    data = json.loads(results.read_text("utf-8"))
    edit(data["packs"][1])
    results.write_text(json.dumps(data), "utf-8")


def _deep(entry: dict[str, Any]) -> None:
    entry["values"][0]["cite"] = "@DEEP@"


BREAKS = {
    "value-index-negative": lambda entry: entry["values"][0].update(index=-1),
    "check-not-boolean": lambda entry: entry["values"][0]["check"].update(verified="yes"),
    "highlight-not-an-object": lambda entry: entry["values"][0].update(highlight=[1, 2]),
    "documents-not-a-list": lambda entry: entry.update(documents="memo"),
    "segment-text-null": lambda entry: entry["documents"][0]["segments"][0].update(text=None),
    "claimed-hash-a-number": lambda entry: entry["provenance"]["claimed"].update(bundle_sha256=7),
    "verdict-unknown": lambda entry: entry.update(verdict="amber"),
    "id-missing": lambda entry: entry.pop("id"),
    "entry-not-an-object": None,
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_misshapen_pack_entry_is_red_and_the_rest_of_the_page_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    results = graded_results(capsys, tmp_path / "packs", pack("a-good"), pack("b-broken"))
    if BREAKS[name] is None:
        data = json.loads(results.read_text("utf-8"))
        data["packs"][1] = ["not", "a", "pack"]
        results.write_text(json.dumps(data), "utf-8")
    else:
        _break(results, BREAKS[name])
    code, page, err = view(capsys, results)
    assert code == 0 and "Traceback" not in err and "internal error" not in err
    assert "RESULTS_UNREADABLE" in page and "NOT HELD" in page
    good = pack_section(page, "a-good")
    assert 'data-verdict="green"' in good and '<mark class="hl"' in good


def test_a_cite_nested_past_the_stack_is_shown_as_too_deep(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    results = graded_results(capsys, tmp_path / "packs", pack("a-good"), pack("b-deep"))
    _break(results, _deep)
    text = results.read_text("utf-8").replace('"@DEEP@"', "[" * 1000 + '"x"' + "]" * 1000)
    results.write_text(text, "utf-8")
    code, page, err = view(capsys, results)
    assert code == 0 and "internal error" not in err
    assert "nested too deeply to show" in pack_section(page, "b-deep")
    assert '<mark class="hl"' in pack_section(page, "a-good")


def test_the_frame_of_the_file_is_still_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    results = graded_results(capsys, tmp_path / "packs", pack("a-good"))
    data = json.loads(results.read_text("utf-8"))
    broken = copy.deepcopy(data)
    broken["packs"] = {"a-good": data["packs"][0]}
    results.write_text(json.dumps(broken), "utf-8")
    code, page, err = view(capsys, results)
    assert code == 2 and "packs: expected a list" in err and page == ""
