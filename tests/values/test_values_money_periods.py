"""How often a sum is paid (moneyreading.py ``every``; rates.py ``time_at``; the CLDR phrases
of values/data/periods.py): "£2,000 per month", "$150/hour", "EUR 2.500 pro Monat".

The same amount every other time is PERIOD_MISMATCH; a period said on one side only does
not make two amounts differ; amounts of different periods are no rivals of each other.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sakshi.reasons import ValueReason
from sakshi.values import check_value, parse_fields
from sakshi.values.data.periods import LEFT_OUT, PER_PERIOD

ROOT = Path(__file__).resolve().parents[2]
OK = None
PERIOD = ValueReason.PERIOD_MISMATCH


def _fields(**decl: Any) -> Any:
    fields = parse_fields({"fee": {"type": "money", **decl}})
    assert isinstance(fields, dict), fields
    return fields


ROWS = [
    # (declaration, value, quote, expected reason)
    ({"currency": "USD"}, "$150 per hour", "paid at a rate of $150 per hour", OK),
    ({"currency": "USD"}, "$150 an hour", "paid at a rate of $150/hour", OK),
    ({"currency": "USD"}, "$150/hr", "paid at a rate of $150 per hour", OK),
    ({"currency": "USD"}, "$150", "paid at a rate of $150 per hour", OK),  # the figure stated
    ({"currency": "USD"}, "$150 per day", "paid at a rate of $150 per hour", PERIOD),
    ({"currency": "GBP"}, "£2,000 per month", "The rent is £2,000 per month in advance.", OK),
    ({"currency": "GBP"}, "£2,000 per annum", "The rent is £2,000 per month in advance.", PERIOD),
    ({"currency": "GBP"}, "£2,000 a year", "The rent is £2,000 per month in advance.", PERIOD),
    (
        {"currency": "GBP"},
        "£24,000 per annum",
        "The rent is £2,000 per month (£24,000 per annum), payable in advance.",
        OK,  # the monthly sum is no rival of the yearly one
    ),
    ({"currency": "INR"}, "Rs. 25,000 p.m.", "a salary of Rs. 25,000 p.m. was agreed", OK),
    ({"currency": "INR"}, "Rs. 25,000 per annum", "a salary of Rs. 25,000 p.m. was agreed", PERIOD),
    (
        {"currency": "EUR", "locale": "de-DE"},
        "EUR 2.500 pro Monat",
        "Die Miete beträgt EUR 2.500 pro Monat.",
        OK,
    ),
    (
        {"currency": "EUR", "locale": "de-DE"},
        "EUR 2.500 pro Jahr",
        "Die Miete beträgt EUR 2.500 pro Monat.",
        PERIOD,
    ),
    ({"currency": "EUR", "locale": "fr-FR"}, "1 500 € par mois", "Loyer : 1 500 € par mois", OK),
    (
        {"currency": "PLN", "locale": "pl-PL"},
        "PLN 4 000 na miesiąc",
        "Wynagrodzenie wynosi 4 000 zł na miesiąc.",
        OK,
    ),
    ({"currency": "USD"}, "$150 per time", "a fee of $150 per time", ValueReason.VALUE_UNPARSEABLE),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=lambda row: f"{row[1]}:{row[2][:30]}")
def test_a_sum_and_how_often_it_is_paid(row: tuple[dict[str, Any], str, str, Any]) -> None:
    decl, value, quote, reason = row
    check = check_value("fee", value, quote, _fields(**decl))
    assert (check.ok, check.value_reason) == (reason is None, reason), check


def test_a_mention_shows_how_often() -> None:
    check = check_value("fee", "$150", "at $150/hour", _fields(currency="USD"))
    assert [(m.surface, m.reading) for m in check.mentions] == [("$150/hour", "USD 150 per hour")]


_PERIODS = {"per hour": "hour", "per day": "day", "per week": "week", "per month": "month"}
_PERIODS |= {"per annum": "year", "pro Monat": "month", "par an": "year", "al giorno": "day"}


@given(
    amount=st.integers(1, 10**7),
    said=st.sampled_from(sorted(_PERIODS)),
    asked=st.sampled_from(sorted(_PERIODS)),
)
def test_the_period_round_trips(amount: int, said: str, asked: str) -> None:
    """A sum every period, asked every period: equal when the periods are, else PERIOD."""
    quote = f"a fee of EUR {amount} {said} is payable"
    check = check_value("fee", f"EUR {amount} {asked}", quote, _fields(currency="EUR"))
    same = _PERIODS[said] == _PERIODS[asked]
    assert (check.ok, check.value_reason) == (same, None if same else PERIOD), check


def test_the_committed_phrases_are_what_cldr_gives() -> None:
    spec = importlib.util.spec_from_file_location(
        "extract_cldr_periods", ROOT / "tools" / "extract_cldr_periods.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = (ROOT / "src/sakshi/values/data/periods.py").read_text(encoding="utf-8")
    assert module.render() == committed, "run: python tools/extract_cldr_periods.py"


def test_phrases_that_mean_something_else_are_left_out() -> None:
    assert "per time" not in PER_PERIOD and "per time" in LEFT_OUT  # English: per occasion
    assert not any(phrase.startswith("/") for phrase in PER_PERIOD)
    assert PER_PERIOD["pro monat"] == "month" and PER_PERIOD["par heure"] == "hour"
