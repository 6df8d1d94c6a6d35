"""dates.py's own refusals: a two-digit year is never a year of this century, and a date
whose digits run on ("12.03.2024.5", "12 March 2024/7") is no date, in every form a date
is read from. Each is a table (right and wrong) and a property over any date."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values import FieldDecl, ValueReason, ValueType, check_value

R = ValueReason
DATE = {"on": FieldDecl(ValueType.DATE)}
SETTINGS = settings(max_examples=200, deadline=None, derandomize=True)


def _reason(value: str, quote: str) -> ValueReason | None:
    return check_value("on", value, quote, DATE).value_reason


# Every form a date is read from, with a four-digit year ({Y}) or a two-digit one ({y}).
FORMS = [
    "{d}.{m}.{Y}",
    "{d}/{m}/{Y}",
    "{d}-{m}-{Y}",
    "{d} {B} {Y}",
    "{d}th {B}, {Y}",
    "{d}-{b}-{Y}",
    "{b}. {d}, {Y}",
    "{B} {d}, {Y}",
]
# Glued on after the year: more digits, a letter, or a separator and more.
RUN_ONS = [".5", "/7", "-5", "A", ".05", "/2A"]


def _written(form: str, date: datetime.date, two_digit: bool = False) -> str:
    year = f"{date.year % 100:02d}" if two_digit else str(date.year)
    return form.format(
        d=date.day,
        m=f"{date.month:02d}",
        Y=year,
        B=date.strftime("%B"),
        b=date.strftime("%b"),
    )


MARCH_12 = datetime.date(2024, 3, 12)


@pytest.mark.parametrize("form", FORMS)
def test_a_date_is_read_in_each_form(form: str) -> None:
    """The controls: with a four-digit year and nothing glued on, each form states it."""
    assert _reason("2024-03-12", f"dated {_written(form, MARCH_12)} at Pune") is None
    assert _reason("2024-03-13", f"dated {_written(form, MARCH_12)} at Pune") is not None


@pytest.mark.parametrize("form", FORMS)
def test_a_two_digit_year_is_never_read_as_this_century(form: str) -> None:
    written = _written(form, MARCH_12, two_digit=True)  # "12 March 24", "March 12, 24"
    for value in ("2024-03-12", "1924-03-12", "0024-03-12"):
        assert _reason(value, f"dated {written} at Pune") == R.VALUE_NOT_IN_QUOTE, written
    # nor as a value: a date needs its whole year
    assert _reason(written, "dated 12.03.2024 at Pune") == R.VALUE_UNPARSEABLE


@pytest.mark.parametrize("run_on", RUN_ONS)
@pytest.mark.parametrize("form", FORMS)
def test_a_date_whose_digits_run_on_is_no_date(form: str, run_on: str) -> None:
    quote = f"ref {_written(form, MARCH_12)}{run_on} at Pune"  # "ref 12.03.2024.5 at Pune"
    assert _reason("2024-03-12", quote) == R.QUOTE_HAS_NO_VALUE, quote


@pytest.mark.parametrize("after", [".", ", ", "; ", " (", ". 5 days later"])
def test_a_date_that_ends_a_sentence_or_a_clause_is_read(after: str) -> None:
    """What may follow a date: the run-on rule takes only what is glued on and goes on."""
    assert _reason("2024-03-12", f"dated 12.03.2024{after}") is None


@SETTINGS
@given(
    st.dates(datetime.date(1950, 1, 1), datetime.date(2049, 12, 31)),
    st.sampled_from(FORMS),
    st.sampled_from(RUN_ONS),
)
def test_any_date_two_digit_or_run_on_is_never_stated(
    date: datetime.date, form: str, run_on: str
) -> None:
    value = date.isoformat()
    assert _reason(value, f"on {_written(form, date)} the notice") is None
    assert _reason(value, f"on {_written(form, date, two_digit=True)} the notice") is not None
    assert _reason(value, f"on {_written(form, date)}{run_on} the notice") is not None


@pytest.mark.parametrize(
    ("quote", "reason"),
    [
        ("on 12.03.2024", None),
        ("on 2024-03-12", None),
        ("on 12. 03. 2024", None),  # a space after each dot: day-first, as Czech writes it
        ("on 12. 03 .2024", R.QUOTE_HAS_NO_VALUE),  # but not a space before a dot
        ("on 12. 03. 24", R.QUOTE_HAS_NO_VALUE),  # and only with a year of four digits
        ("on 12 .03 .2024", R.QUOTE_HAS_NO_VALUE),
        ("on 12 . 03 . 2024", R.QUOTE_HAS_NO_VALUE),
        ("on 12-03.2024", R.QUOTE_HAS_NO_VALUE),  # nor two separators
        ("on 12 March", R.QUOTE_HAS_NO_VALUE),  # a month name at the quote's end: no year
        ("on 12 March this year", R.QUOTE_HAS_NO_VALUE),
        ("on 12 March, Year 2024", R.QUOTE_HAS_NO_VALUE),
        ("on 12 March 2024", None),
    ],
)
def test_a_date_is_read_only_whole_and_glued(quote: str, reason: ValueReason | None) -> None:
    assert _reason("2024-03-12", quote) is reason


@pytest.mark.parametrize(
    ("value", "quote", "reading"),
    [
        ("FY2024-25", "for FY2024-25", "FY2024-25"),
        ("FY 2024", "in FY 2024", "FY2024"),
        ("Q1 FY2025", "revenue for Q1 FY2025", "Q1 FY2025"),
        ("H2 2024", "in H2 2024", "H2 2024"),
    ],
)
def test_a_period_reads_as_its_size_and_year(value: str, quote: str, reading: str) -> None:
    check = check_value("p", value, quote, {"p": FieldDecl(ValueType.PERIOD)})
    assert check.ok and str(check.reading) == reading
