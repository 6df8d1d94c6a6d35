"""digits.py's grouping: a figure is grouped the Western way (1,234,567) or, with commas
only, the Indian way (12,34,567), never a mix of the two nor a last group of other than
three digits; a figure that fits no reading is no number at all, never a shorter one;
a figure that runs on into a date or a code is not read. A table on ``read_digits``, the
verdict it gives through ``check_value``, and a property over any whole number."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values import FieldDecl, ValueReason, ValueType, check_value
from sakshi.values.digits import INDIAN_MARKS, number_marks, read_digits
from sakshi.values.tokens import tokenize

R = ValueReason
NUMBER = {"n": FieldDecl(ValueType.NUMBER)}
SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)


def _read(text: str, locale: str | None = None) -> Decimal | None:
    """The whole of ``text`` read as one figure, or None (no figure, or a shorter one)."""
    tokens = tokenize(text)
    found = read_digits(tokens, 0, number_marks(locale) if locale else INDIAN_MARKS)
    return found[0] if found is not None and found[1] == len(tokens) else None


GROUPED = [
    ("1,234,567", 1234567),
    ("12,345,678", 12345678),
    ("123,456,789", 123456789),
    ("12,34,567", 1234567),
    ("1,23,45,678", 12345678),
    ("12,34,56,789", 123456789),
    ("1,00,000", 100000),
    ("1,000", 1000),
]
MIXED = [
    "1,23,4567",  # a last group of four
    "12,345,67",  # a last group of two
    "1,234,56,789",  # Western, then Indian
    "12,34,567,890",  # Indian, then Western
    "123,45,678",  # an Indian head of three
    "1,2,3,4567",
    "12.34.567",  # Indian groups by commas only
    "12 34 567",
    "0,123,456",  # a leading zero: a code
]


@pytest.mark.parametrize(("text", "number"), GROUPED)
def test_western_and_indian_grouping_read(text: str, number: int) -> None:
    assert _read(text) == number
    assert check_value("n", str(number), f"total {text} only", NUMBER).ok


@pytest.mark.parametrize("text", MIXED)
def test_a_mixed_grouping_is_no_number(text: str) -> None:
    assert _read(text) is None
    digits = text.replace(",", "").replace(".", "").replace(" ", "")
    check = check_value("n", digits, f"total {text} only", NUMBER)
    assert not check.ok and check.value_reason != R.AMBIGUOUS_QUOTE, check.mentions


@pytest.mark.parametrize("text", ["12.03.2024", "45/2A", "12-3", "1,234.5.6", "1,234/5"])
def test_a_figure_that_runs_on_is_not_read(text: str) -> None:
    """The first figure of a date, an identifier or a run of numbers is none of its own."""
    assert read_digits(tokenize(text), 0) is None


@SETTINGS
@given(
    st.integers(1, 3),
    st.lists(st.sampled_from([2, 3]), max_size=4),
    st.sampled_from([2, 3, 3, 4]),
    st.data(),
)
def test_a_figure_reads_exactly_when_its_groups_are_western_or_indian(
    head: int, middle: list[int], last: int, data: st.DataObject
) -> None:
    """Groups of any sizes a figure may be written in: it reads (as its digits) only when
    they are Western or Indian; else, with two commas or more, it does not read at all."""
    sizes = [head, *middle, last]
    digits = data.draw(st.from_regex(rf"[1-9][0-9]{{{sum(sizes) - 1}}}", fullmatch=True))
    groups, at = [], 0
    for size in sizes:
        groups.append(digits[at : at + size])
        at += size
    text = ",".join(groups)
    western = all(size == 3 for size in middle)
    indian = head <= 2 and all(size == 2 for size in middle)
    if last == 3 and (western or indian):
        assert _read(text) == int(digits), text
    elif middle:
        assert _read(text) is None, text
    else:
        assert _read(text) != int(digits), text  # one comma alone: a decimal one (10,00)


@pytest.mark.parametrize(
    ("value", "quote", "reason"),
    [
        ("(5,000)", "the figure -5,000", None),  # accounting brackets: a negative
        ("(5,000)", "the figure 5,000", R.VALUE_NOT_IN_QUOTE),
        ("(5,000", "the figure 5,000", None),  # no closing bracket: no sign, a stray mark
        ("(-5,000)", "the figure -5,000", None),  # a signed figure in brackets keeps its sign
        ("(-5,000)", "the figure 5,000", R.VALUE_NOT_IN_QUOTE),
    ],
)
def test_accounting_brackets_negate_only_a_whole_unsigned_figure(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    number = {"f": FieldDecl(ValueType.NUMBER)}
    assert check_value("f", value, quote, number).value_reason is reason


@pytest.mark.parametrize("locale", ["sr-Latn", "sr-Latn-RS", "sr", "zz-Latn", "en-IN"])
def test_a_locale_of_any_number_of_parts_has_number_marks(locale: str) -> None:
    # A script with no region ("sr-Latn") is two parts: no third to try before it.
    marks = number_marks(locale)
    assert marks.decimal in ".,٫" and marks.group != marks.decimal
