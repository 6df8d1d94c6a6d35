"""The quantity units are pint's: the committed table is what the extraction makes now, and
it holds what the readers promise (exact factors, no unit in two sizes)."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from generated import assert_regenerated, tool

from sakshi.values.data.units import BASES, UNITS


def _tool() -> ModuleType:
    return tool("extract_units")


def test_the_committed_table_is_what_pint_gives_now() -> None:
    # pint is pinned in the test extra: an upgrade that changes a factor or a name fails here.
    assert_regenerated("extract_units", "units")


def test_the_factors_are_exact_and_the_bases_known() -> None:
    for label, (dimension, factor, forms) in UNITS.items():
        assert dimension in BASES, label
        assert forms and "" not in forms.split("|"), label
        if factor:
            assert Decimal(factor) > 0 and "E" not in factor, label


def test_the_registry_gives_the_units_documents_write() -> None:
    assert UNITS["lb"][:2] == ("mass", "0.45359237")  # exact since 1959
    assert UNITS["oz"][:2] == ("mass", "0.028349523125")
    assert UNITS["µg"][:2] == ("mass", "0.000000001") and "mcg" in UNITS["µg"][2]
    assert UNITS["m³"][:2] == ("volume", "1000") and UNITS["ml"][:2] == ("volume", "0.001")
    assert UNITS["imperial gal"][:2] == ("volume", "4.54609")
    # sizes that differ by country: no factor, unless the name says which
    assert UNITS["gallon"][1] == "" and UNITS["ton"][1] == ""
    assert UNITS["US liquid gallon"][1] == "3.785411784"
    # pint's acre is in US survey feet (no finite decimal): sakshi's hand table has it
    assert "acre" not in UNITS
    assert all("in" not in forms.split("|") for _, _, forms in UNITS.values())
