"""The user's reference (docs/reference.md) names every reason code, no user-facing page
sends a reader to the SPEC, which users do not have, and the README's pack grades as the
README says it does."""

from __future__ import annotations

from pathlib import Path

import pytest

from sakshi.reasons import all_reason_help

ROOT = Path(__file__).resolve().parents[1]
USER_PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


def test_the_reference_names_every_reason_code() -> None:
    text = (ROOT / "docs" / "reference.md").read_text("utf-8")
    missing = [code for _, code, _ in all_reason_help() if f"| {code} |" not in text]
    assert missing == []


@pytest.mark.parametrize("page", USER_PAGES, ids=lambda page: page.name)
def test_no_user_page_cites_the_spec(page: Path) -> None:
    text = page.read_text("utf-8")
    assert "SPEC " not in text and "SPEC)" not in text and "section-2" not in text


def _readme_pack() -> str:
    text = (ROOT / "README.md").read_text("utf-8")
    return text.split("```yaml\n", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize(
    ("old", "new", "code", "reason"),
    [
        ("", "", 0, None),
        ('"Rs 6.4 lakh"', '"Rs 6.4 crore"', 1, "VALUE_UNSUPPORTED"),
        ('"Price: Rs 6,40,000"}', '"Price: Rs 6,40,001"}', 1, "FABRICATED_SPAN"),
    ],
    ids=["as-written", "wrong-scale", "changed-quote"],
)
def test_the_readme_pack_grades_as_the_readme_says(
    old: str,
    new: str,
    code: int,
    reason: str | None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from sakshi.cli import main

    monkeypatch.chdir(tmp_path)  # no project configuration is found from here
    pack = _readme_pack()
    assert old in pack
    (tmp_path / "pack.yaml").write_text(pack.replace(old, new), encoding="utf-8")
    assert main(["run", "context", "pack.yaml", "--format", "json"]) == code
    (graded,) = json.loads(capsys.readouterr().out)["packs"]
    assert graded["reasons"] == ([] if reason is None else [reason])
