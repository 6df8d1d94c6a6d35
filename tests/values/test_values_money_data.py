"""The currency data: extracted from CLDR (babel) at build time, and read as the tokenizer
reads a text.

The committed module must be exactly what tools/extract_cldr_currencies.py writes from
the pinned babel, so that an upgrade that changes CLDR's currencies fails here first.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from generated import assert_regenerated, tool

from sakshi.values import currency
from sakshi.values.data import currencies
from sakshi.values.tokens import tokenize


def _extractor() -> ModuleType:
    return tool("extract_cldr_currencies")


def test_the_committed_data_is_what_babel_extracts() -> None:
    assert_regenerated("extract_cldr_currencies", "currencies")


def test_every_currency_and_its_marks() -> None:
    assert len(currencies.CODES) > 300 and {"USD", "CHF", "AED", "XOF"} <= currency.CURRENCIES
    shared = {symbol for symbol, codes in currencies.SYMBOLS.items() if len(codes) > 1}
    assert {"$", "£", "¥", "kr"} <= shared
    for own in ("€", "₹", "US$", "S$", "HK$", "A$", "R$", "CA$", "₩"):
        assert len(currencies.SYMBOLS[own]) == 1, own
    assert currencies.NAMES["yen"] == ("JPY",) and currencies.NAMES["swiss francs"] == ("CHF",)
    assert "won" not in currencies.NAMES and "south korean won" in currencies.NAMES
    assert "R" not in currencies.SYMBOLS and "UP" not in currencies.SYMBOLS  # initials
    assert currencies.REGIONS["US"] == ("USD",) and currencies.REGIONS["IN"] == ("INR",)


def test_marks_split_as_the_tokenizer_splits() -> None:
    surfaces = [*currencies.SYMBOLS, *currencies.NAMES, *(row[0] for row in currency._SPELLINGS)]
    for surface in surfaces:
        tokens = tokenize(surface)
        want = (
            tuple(token.text for token in tokens),
            tuple(token.glued for token in tokens[1:]),
            tuple(surface[token.start : token.end] for token in tokens),
        )
        assert currency._parts(surface) == want, surface


def test_codes_are_never_hidden_by_another_mark() -> None:
    index = currency._index()
    for code in currencies.CODES:
        assert not any(not entry.rest for entry in index.get(code.lower(), ())), code
