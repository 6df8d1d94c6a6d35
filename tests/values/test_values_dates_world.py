"""Dates in the languages of Europe's records, from CLDR's month names (data/months.py).

The committed names are what the pinned babel extracts (tools/extract_cldr_months.py); a
date babel itself writes in a language's long, medium and full formats reads back as that
date, and a day, a month or a year off is red; a name two languages give different months
is read only under a locale of one of them.
"""

from __future__ import annotations

import datetime
import importlib.util
from pathlib import Path

import pytest
from babel.dates import format_date
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.reasons import ValueReason
from sakshi.values.check import check_value
from sakshi.values.data.months import LANGUAGES, SHARED_NAMES, SPACED_NAMES
from sakshi.values.model import FieldDecl, ValueType

ROOT = Path(__file__).resolve().parents[2]
# Forms not read, said in docs/values.md: Basque's genitive after the year ("2024(e)ko
# martxoaren 15(a)") and Czech and Slovak numeric dates with spaces ("15. 3. 2024").
_UNREAD = {("eu", "long"), ("eu", "medium"), ("eu", "full"), ("cs", "medium"), ("sk", "medium")}


def _field(locale: str | None = None) -> dict[str, FieldDecl]:
    return {"date": FieldDecl(ValueType.DATE, locale=locale)}


def test_the_committed_module_is_what_babel_extracts() -> None:
    spec = importlib.util.spec_from_file_location(
        "extract_cldr_months", ROOT / "tools" / "extract_cldr_months.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = (ROOT / "src/sakshi/values/data/months.py").read_text(encoding="utf-8")
    assert module.render() == committed, "run: python tools/extract_cldr_months.py"


@settings(max_examples=300, deadline=None)
@given(
    st.dates(datetime.date(1900, 1, 1), datetime.date(2099, 12, 30)),
    st.sampled_from(LANGUAGES),
    st.sampled_from(("long", "medium", "full")),
    st.sampled_from((None, "locale")),
)
def test_a_date_babel_writes_reads_back_and_a_day_off_is_red(
    date: datetime.date, language: str, form: str, locale: str | None
) -> None:
    written = format_date(date, format=form, locale=language)
    if (language, form) in _UNREAD or any(name in written.casefold() for name in SPACED_NAMES):
        return  # Irish "Meán Fómhair": a name of two words is not read
    quote = f"dated {written} at the registered office"
    fields = _field(language if locale else None)
    own = check_value("date", date.isoformat(), quote, fields)
    if not own.ok:  # only a name two languages share may go unread without the locale
        assert locale is None and any(name in written.casefold() for name in SHARED_NAMES)
        assert own.value_reason == ValueReason.QUOTE_HAS_NO_VALUE
        return
    year_off = date.replace(year=date.year + 1, day=min(date.day, 28))  # no 29 Feb next year
    for other in (date + datetime.timedelta(days=1), year_off):
        assert not check_value("date", other.isoformat(), quote, fields).ok, (quote, other)


@pytest.mark.parametrize(
    ("quote", "value", "locale", "ok"),
    [
        ("Rechnungsdatum: 15. März 2024", "2024-03-15", None, True),
        # Spaced dots: day-first, or year-first as Hungarian writes, a year of four digits.
        ("Datum vystavení: 15. 3. 2024", "2024-03-15", None, True),
        ("Datum vystavení: 15. 3. 2024", "2024-03-16", None, False),
        ("Datum vystavení: 15. 3. 2024", "2024-15-03", None, False),
        ("Fällig am 15. 03. 2024 ohne Abzug", "2024-03-15", "en-US", True),  # day-first always
        ("Kelt: 2024. 03. 15.", "2024-03-15", None, True),
        ("Kelt: 2024. 03. 15.", "2024-03-14", None, False),
        ("see items 1. 2. and 3. 2024 plans", "2024-02-01", None, False),
        ("Termín: 15. 3. 24", "2024-03-15", None, False),
        ("Rechnungsdatum: 15. März 2024", "2024-05-15", None, False),
        ("Fait à Paris, le 1er mars 2024", "2024-03-01", None, True),
        ("Fait à Paris, le 1er mars 2024", "2024-01-03", None, False),
        ("Madrid, 15 de marzo de 2024", "15/03/2024", None, True),
        ("Madrid, 15 de marzo de 2024", "2024-03-16", None, False),
        ("datado de 15 de março de 2024", "2024-03-15", "pt-BR", True),
        ("Amsterdam, 15 maart 2024", "2024-03-15", None, True),
        ("Milano, 15 marzo del 2024", "2024-03-15", None, True),
        ("Warszawa, dnia 15 marca 2024 r.", "2024-03-15", None, True),
        ("Kelt: Budapest, 2024. március 15.", "2024-03-15", None, True),
        ("Vilnius, 2024 m. kovo 15 d.", "2024-03-15", None, True),
        ("Rīga, 2024. gada 15. marts", "2024-03-15", None, True),
        ("Rīga, 2024. gada 15. marts", "2024-03-16", None, False),
        ("Valletta, 15 ta’ Marzu 2024", "2024-03-15", None, True),
        ("12 अक्टू॰ 2024 को", "2024-10-12", None, True),
        # "15 mai" is May (French, German): never March.
        ("le 15 mai 2024", "2024-03-15", None, False),
        ("le 15 mai 2024", "15 mars 2024", None, False),
        # "listopad": November in Czech and Polish, October in Croatian.
        ("dnia 15 listopada 2024", "2024-11-15", None, False),
        ("dnia 15 listopada 2024", "2024-11-15", "pl-PL", True),
        ("dnia 15 listopada 2024", "2024-10-15", "pl-PL", False),
        ("dana 15 listopada 2024", "2024-10-15", "hr", True),
        ("dana 15 listopada 2024", "2024-11-15", "hr", False),
    ],
)
def test_dates_in_other_languages(quote: str, value: str, locale: str | None, ok: bool) -> None:
    check = check_value("date", value, quote, _field(locale))
    assert check.ok is ok, (quote, value, check.value_reason, check.reading)
