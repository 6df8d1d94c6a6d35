"""Two forms of US filings and pleadings: a scale after accounting brackets ("$(12.3)
million" is minus 12.3 million, never minus 12.3), and a parallel citation ("Section 10(b)
of the Exchange Act, 15 U.S.C. § 78j(b)": one provision cited twice, either form states it,
neither is the other's rival)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values.check import check_value
from sakshi.values.model import FieldDecl, ValueType

_MONEY = {"f": FieldDecl(ValueType.MONEY, currency="USD")}
_NUMBER = {"f": FieldDecl(ValueType.NUMBER)}
_STATUTE = {"f": FieldDecl(ValueType.STATUTE)}


@pytest.mark.parametrize(
    ("quote", "value", "fields", "ok"),
    [
        ("Net loss for the quarter was $(12.3) million.", "-$12.3 million", _MONEY, True),
        ("Net loss for the quarter was $(12.3) million.", "-$12,300,000", _MONEY, True),
        ("Net loss for the quarter was $(12.3) million.", "-$12.3", _MONEY, False),  # scale
        ("Net loss for the quarter was $(12.3) million.", "$12.3 million", _MONEY, False),  # sign
        ("Net loss for the quarter was $(12.3) million.", "-$12.3 billion", _MONEY, False),
        ("Profit/(loss) USD (1,234) thousand", "USD -1,234,000", _MONEY, True),
        ("Profit/(loss) USD (1,234) thousand", "USD -1,234", _MONEY, False),
        ("Operating loss (12.3) million", "-12.3 million", _NUMBER, True),
        ("Operating loss (12.3) million", "-12.3", _NUMBER, False),
        ("Operating loss (12.3) million", "12.3 million", _NUMBER, False),
        ("Net loss $(5 million) in the year", "-$5 million", _MONEY, True),  # scale inside
    ],
)
def test_a_scale_after_accounting_brackets(
    quote: str, value: str, fields: dict[str, FieldDecl], ok: bool
) -> None:
    check = check_value("f", value, quote, fields)
    assert check.ok is ok, (quote, value, check.value_reason, check.mentions)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 99_999),
    st.sampled_from((("thousand", 3), ("million", 6), ("billion", 9), ("bn", 9), ("m", 6))),
)
def test_the_scale_after_brackets_is_never_dropped(tenths: int, scale: tuple[str, int]) -> None:
    word, power = scale
    figure = Decimal(tenths) / 10
    quote = f"Net income (loss) for the year $({figure:,}) {word} compared to a profit"
    whole = -figure * Decimal(10) ** power
    assert check_value("f", f"USD {whole.normalize():,f}", quote, _MONEY).ok, quote
    for wrong in (f"-${figure}", f"${figure} {word}", f"-${figure * 1000} {word}"):
        assert not check_value("f", wrong, quote, _MONEY).ok, (quote, wrong)


@pytest.mark.parametrize(
    ("quote", "value", "ok"),
    [
        ("in breach of section 1 of the Sherman Act, 15 U.S.C. § 1", "15 U.S.C. § 1", True),
        ("in breach of section 1 of the Sherman Act, 15 U.S.C. § 1", "Sherman Act § 1", True),
        ("in breach of section 1 of the Sherman Act, 15 U.S.C. § 1", "15 U.S.C. § 2", False),
        ("in breach of section 1 of the Sherman Act, 15 U.S.C. § 1", "Sherman Act § 2", False),
        (
            "Section 10(b) of the Securities Exchange Act of 1934 (15 U.S.C. § 78j(b))",
            "15 U.S.C. § 78j(b)",
            True,
        ),
        (
            "Section 10(b) of the Securities Exchange Act of 1934 (15 U.S.C. § 78j(b))",
            "Section 10(b) of the Securities Exchange Act of 1934",
            True,
        ),
        (
            "Section 10(b) of the Securities Exchange Act of 1934 (15 U.S.C. § 78j(b))",
            "15 U.S.C. § 78j(c)",
            False,
        ),
        (
            "Section 10(b) of the Securities Exchange Act of 1934 (15 U.S.C. § 78j(b))",
            "Section 10(c) of the Securities Exchange Act of 1934",
            False,
        ),
        # Two provisions of two acts, not one cited twice: still rivals without a cue.
        (
            "claims under Section 11 of the Securities Act and Section 10(b) of the Exchange Act",
            "Section 11 of the Securities Act",
            False,
        ),
        # An act's section and a code section with words between them: no parallel pair.
        (
            "section 1 of the Sherman Act and also 15 U.S.C. § 2",
            "15 U.S.C. § 2",
            False,
        ),
    ],
)
def test_a_parallel_citation_states_its_provision_either_way(
    quote: str, value: str, ok: bool
) -> None:
    check = check_value("f", value, quote, _STATUTE)
    assert check.ok is ok, (quote, value, check.value_reason, check.mentions)
