"""The committed CLDR number marks are what the pinned babel extracts, and read as CLDR says.

tools/extract_cldr_numbers.py writes src/sakshi/values/data/numbers.py; run here in memory,
it must give the committed module byte for byte, so that a babel (CLDR) upgrade that
changes a locale's marks fails loudly instead of changing readings in silence.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel import Locale

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from generated import assert_regenerated, tool

from sakshi.values.numerals import NumberMarks, number_marks


def _tool() -> ModuleType:
    return tool("extract_cldr_numbers")


def test_the_committed_module_is_what_babel_extracts() -> None:
    assert_regenerated("extract_cldr_numbers", "numbers")


@pytest.mark.parametrize(
    "tag",
    ["en_IN", "en_US", "en_GB", "de_DE", "de_CH", "fr_FR", "fr_CA", "es_ES", "it_IT", "nl_NL",
     "pt_BR", "sv_SE", "pl_PL", "ru_RU", "ja_JP", "hi_IN", "ar_EG", "en_ZA"],
)  # fmt: skip
def test_a_locale_reads_with_the_marks_cldr_gives_it(tag: str) -> None:
    marks = Locale.parse(tag).number_symbols["latn"]
    group = " " if marks["group"].isspace() else marks["group"]
    assert number_marks(tag.replace("_", "-"))[:2] == (marks["decimal"], group)


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        (None, NumberMarks(".", ",")),  # en-IN, the default
        ("", NumberMarks(".", ",")),
        ("de", NumberMarks(",", ".")),
        ("DE-de", NumberMarks(",", ".")),  # case does not matter
        ("de_CH", NumberMarks(".", "’")),
        ("fr-FR", NumberMarks(",", " ")),  # a narrow no-break space: any space
        ("sr-Latn-RS", NumberMarks(",", ".")),
        ("en-US-posix", NumberMarks(".", ",")),
        ("de-XX", NumberMarks(",", ".")),  # an unknown region: its language's marks
        ("xx-YY", NumberMarks(".", ",")),  # unknown to CLDR: en-IN's
    ],
)
def test_a_tag_finds_its_locale_else_its_language(tag: str | None, expected: NumberMarks) -> None:
    assert number_marks(tag)[:2] == expected[:2]


@pytest.mark.parametrize(
    ("tag", "unsure"),
    [
        (None, set()),
        ("en-US", set()),
        ("en-IN", set()),
        ("fr-FR", {"billion", "billions", "bn"}),  # the long scale: 10^12
        ("de-DE", {"billion"}),
        ("es-ES", {"b"}),  # a billón is 10^12
        ("id-ID", {"m"}),  # M is miliar, 10^9
        ("sv-SE", {"bn", "tn"}),  # tn is tusen, 10^3
    ],
)
def test_a_locale_leaves_unread_the_scale_words_its_language_reads_otherwise(
    tag: str | None, unsure: set[str]
) -> None:
    assert number_marks(tag).unsure == unsure
