"""The user's reference (docs/reference.md) names every reason code, and no user-facing
page sends a reader to the SPEC, which users do not have."""

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
