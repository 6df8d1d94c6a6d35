"""Messages that point the way (issue 14 item 7), through the CLI: near-miss diagnoses for
curly quotes, 'Rs' vs 'Rs.', a changed digit and a cite without an anchor; verify-spans
naming the key in SPAN_MALFORMED; grade saying why a line is TURN_MALFORMED."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256

DOC = "AGREEMENT\n\u201cSeller\u201d means Sunrise Ceramics.\nPrice: Rs 6,40,000\nDue: 15.03.2025\n"
PAGES = ["Page one: nothing here.\n", "Price: Rs 6,40,000\n"]


def pack(tmp_path: Path, cite: dict[str, object], docs: list[dict[str, object]]) -> Path:
    bundle: dict[str, object] = {"facts": []}
    data = {
        "pack": "sakshi.pack.v1",
        "id": "message-pack",
        "engine_state": "live",
        "documents": docs,
        "bundle": bundle,
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
            "values": [{"field": "x", "value": "", "why": "Cited.", "cite": cite}],
        },
    }
    path = tmp_path / "pack.yaml"
    path.write_text(json.dumps(data), "utf-8")  # JSON is YAML
    return path


def diagnosis(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    capsys.readouterr()
    assert main(["run", "context", str(path), "--format", "json"]) == 1
    [result] = json.loads(capsys.readouterr().out)["packs"]
    [finding] = [f for f in result["findings"] if f["reason"] == "FABRICATED_SPAN"]
    return finding["detail"] + "\n" + "\n".join(finding.get("diagnosis", []))


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ('"Seller" means', "curly and straight quotes"),
        ("Price: Rs. 6,40,000", "'Rs' and 'Rs.'"),
        ("Due: 16.03.2025", "differs from the quote only in 1 digit"),
    ],
)
def test_near_miss_diagnoses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, quote: str, expected: str
) -> None:
    path = pack(tmp_path, {"doc": "a", "quote": quote}, [{"id": "a", "text": DOC}])
    assert expected in diagnosis(capsys, path)


def test_a_cite_without_an_anchor_is_not_said_to_miss_an_anchored_segment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text_doc = pack(tmp_path, {"doc": "a", "quote": "Absent"}, [{"id": "a", "text": DOC}])
    said = diagnosis(capsys, text_doc)
    assert "anchored" not in said and "not in the document's text" in said
    paged = pack(tmp_path, {"doc": "p", "quote": "Absent"}, [{"id": "p", "pages": PAGES}])
    said = diagnosis(capsys, paged)
    assert "anchored" not in said and "not on any single page (no page was given)" in said
    on_page = pack(
        tmp_path, {"doc": "p", "quote": "Absent", "page": 1}, [{"id": "p", "pages": PAGES}]
    )
    assert "not on page 1" in diagnosis(capsys, on_page)


def verify(capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str) -> dict[str, object]:
    (tmp_path / "docs.yaml").write_text("documents:\n  - {id: a, text: 'hello'}\n", "utf-8")
    (tmp_path / "spans.jsonl").write_text(line + "\n", "utf-8")
    capsys.readouterr()
    assert main(["verify-spans", str(tmp_path / "docs.yaml"), str(tmp_path / "spans.jsonl")]) == 1
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('{"id": 1, "doc": "a", "quote": "hello", "pgae": 2}', "'pgae'"),
        ('{"id": 2, "doc": "a"}', "missing key(s) 'quote'"),
        ('{"id": 3, "doc": "a", "quote": "hello", "page": "2"}', "page must be an integer"),
        ("[1, 2]", "not an object"),
    ],
)
def test_span_malformed_names_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str, named: str
) -> None:
    result = verify(capsys, tmp_path, line)
    assert result["reason"] == "SPAN_MALFORMED"
    assert {"id", "verified", "reason"} <= set(result)  # the SPEC's keys stay
    assert named in str(result["detail"])


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"engine_state": "full"}, "engine_state: expected one of live, partial, stubbed, none"),
        ({"turn": {"values": 3}}, "turn: values: expected a list"),
        ({"documents": "a"}, "documents: expected a list of document ids"),
        ({"bundle": None}, "bundle: engine_state live needs an object, found null"),
        ({"documents": ["nope"]}, "documents[0]: no document 'nope'"),
    ],
)
def test_grade_says_why_a_line_is_turn_malformed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, entry: dict[str, object], problem: str
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_bytes(b"hello")
    line: dict[str, object] = {
        "id": "t1",
        "engine_state": "live",
        "bundle": {},
        "documents": ["a"],
        "turn": {"context_provenance": {"engine_state": "live", "bundle_sha256": None}},
    }
    line.update(entry)
    (tmp_path / "turns.jsonl").write_text(json.dumps(line) + "\n", "utf-8")
    capsys.readouterr()
    code = main(["grade", str(tmp_path / "turns.jsonl"), "--documents", str(folder)])
    result = json.loads(capsys.readouterr().out)
    assert code == 1 and result["reasons"] == ["TURN_MALFORMED"]
    assert str(result["problem"]).startswith(problem)
