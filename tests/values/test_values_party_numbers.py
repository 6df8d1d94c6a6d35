"""The accused's number before a name, as Indian charge sheets and criminal judgments write
it: "A-1 Ramesh Kumar", "A1 Ramesh Kumar", "accused No. 1 Ramesh Kumar" name the accused.
A witness's number ("PW-1 Suresh") makes a witness, never the accused; an exhibit's or a
thing's mark ("Ex. A-1", "Annexure A-1", "Class A-1 Notes") is no party at all.

Each row: the field's declaration, the value, the quote, and the verdict (None: the quote
states it; else the ``value_reason``).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.reasons import ValueReason as R
from sakshi.values import FieldsProblem, check_value, parse_fields

ACCUSED = {"type": "name", "role": "accused"}
COMPLAINANT = {"type": "name", "role": "complainant"}
TRIAL = "PW-1 Suresh deposed that A-1 Ramesh Kumar took the money from him"

ROWS: list[tuple[Mapping[str, object], str, str, R | None]] = [
    # The accused by number, every way it is written.
    (ACCUSED, "Ramesh Kumar", "A-1 Ramesh Kumar was arrested on 12.03.2024", None),
    (ACCUSED, "Ramesh Kumar", "A1 Ramesh Kumar was arrested on 12.03.2024", None),
    (ACCUSED, "Ramesh Kumar", "A–1 Ramesh Kumar was arrested on 12.03.2024", None),
    (ACCUSED, "Ramesh Kumar", "accused No. 1 Ramesh Kumar was arrested", None),
    (ACCUSED, "Ramesh Kumar", "Ramesh Kumar (A-1) was arrested on 12.03.2024", None),
    (ACCUSED, "Ramesh Kumar", "the charge against (A-1) Ramesh Kumar is framed", None),
    (ACCUSED, "Mahesh", "The case against A1 Ramesh Kumar, A2 Suresh and A3 Mahesh", None),
    (ACCUSED, "Suresh", "A-1 Ramesh Kumar and A-2 Suresh were arrested", None),
    (ACCUSED, "Ramesh Kumar", TRIAL, None),
    (ACCUSED, "Ramesh Kumar", "counsel for A-1 Ramesh Kumar argued that", None),
    (ACCUSED, "रमेश कुमार", "अभियुक्त क्र. 1 रमेश कुमार को गिरफ्तार किया गया", None),
    (ACCUSED, "रमेश कुमार", "आरोपी नं. 1 रमेश कुमार को गिरफ्तार किया गया", None),
    # A witness is a witness, never the accused.
    (ACCUSED, "Suresh", TRIAL, R.ROLE_MISMATCH),
    (ACCUSED, "Suresh", "PW1 Suresh deposed that A1 Ramesh took the money", R.ROLE_MISMATCH),
    (ACCUSED, "Suresh", "Suresh (PW-1) identified A-1 in court", R.ROLE_MISMATCH),
    (ACCUSED, "Suresh", "PW-1 Suresh deposed that", R.ROLE_MISMATCH),
    # Nor are the accused's relatives and counsel the accused.
    (ACCUSED, "Mohan Lal", "A-1 Ramesh Kumar s/o Mohan Lal was arrested", R.ROLE_MISMATCH),
    (ACCUSED, "Mohan Lal", "Mr. Mohan Lal, counsel for A-1, argued that", R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "Mr. Mohan Lal, counsel for A-1, argued that Ramesh Kumar",
     R.ROLE_MISMATCH),
    (ACCUSED, "Sunita Devi", "A-1's wife Sunita Devi visited him", R.ROLE_MISMATCH),
    # The accused is not the complainant.
    (COMPLAINANT, "Ramesh Kumar", "A-1 Ramesh Kumar was arrested on the complaint of Suresh",
     R.ROLE_MISMATCH),
    # "A-1" as an exhibit's, an annexure's or a thing's mark names no accused.
    (ACCUSED, "Suresh", "Ex. A-1 sale deed executed by Suresh in favour of the complainant",
     R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "Annexure A-1 dated 12.03.2024 issued to Ramesh Kumar",
     R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "Class A-1 Notes were issued to Ramesh Kumar", R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "Plot No. A-1 Ramesh Kumar Nagar", R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "an A-380 flown by Ramesh Kumar", R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "a 1 acre plot of Ramesh Kumar", R.ROLE_MISMATCH),
]  # fmt: skip


@pytest.mark.parametrize(("decl", "value", "quote", "reason"), ROWS)
def test_the_accused_by_number(
    decl: Mapping[str, object], value: str, quote: str, reason: R | None
) -> None:
    fields = parse_fields({"field": dict(decl)})
    assert not isinstance(fields, FieldsProblem), fields
    outcome = check_value("field", value, quote, fields)
    assert (outcome.ok, outcome.value_reason) == (reason is None, reason), outcome


def test_a_number_names_the_role_that_holds_the_word_accused() -> None:
    """A declared table's role with the word "accused" is the one "A-1" names; a table with
    no such word reads no role from it."""
    drawer = {"type": "name", "role": "drawer", "roles": {"drawer": ["drawer", "accused"]}}
    fields = parse_fields({"field": drawer})
    assert not isinstance(fields, FieldsProblem)
    assert check_value("field", "Ramesh Kumar", "A-1 Ramesh Kumar was arrested", fields).ok
    payee = {"type": "name", "role": "drawer", "roles": {"drawer": ["drawer"]}}
    fields = parse_fields({"field": payee})
    assert not isinstance(fields, FieldsProblem)
    check = check_value("field", "Ramesh Kumar", "A-1 Ramesh Kumar was arrested", fields)
    assert check.value_reason == R.ROLE_MISMATCH


_NAMES = ["Ramesh Kumar", "Suresh Yadav", "Mohd. Salim", "Anita Sharma", "Gurpreet Singh"]
_ACCUSED_MARKS = ["A-{}", "A{}", "A–{}", "Accused No. {}", "accused no. {}"]
_WITNESS_MARKS = ["PW-{}", "PW{}", "P.W. {}", "DW-{}", "CW{}"]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_NAMES),
    st.integers(1, 99),
    st.integers(1, 99),
    st.sampled_from(_ACCUSED_MARKS),
    st.sampled_from(_WITNESS_MARKS),
)
def test_a_numbered_accused_and_a_numbered_witness_keep_their_roles(
    accused: str, witness: str, number: int, other: int, mark: str, seen: str
) -> None:
    if accused == witness:
        return
    fields = parse_fields({"field": ACCUSED})
    assert not isinstance(fields, FieldsProblem)
    quote = f"{seen.format(other)} {witness} deposed that {mark.format(number)} {accused} took it"
    assert check_value("field", accused, quote, fields).ok, quote
    check = check_value("field", witness, quote, fields)
    assert check.value_reason == R.ROLE_MISMATCH, quote


@pytest.mark.parametrize(
    "quote",
    [
        "Ram Kumar and Shyam Lal (together, the Seller)",  # a collective word
        "Ram Kumar and Shyam Lal (jointly, the Seller)",
        "Ram Kumar and Shyam Lal (the Sellers)",  # the role word in its plural
        "Ram Kumar (the Seller)",
    ],
)
def test_a_label_that_names_several_covers_each_name_before_it(quote: str) -> None:
    roles = {"seller": ["seller", "vendor"], "buyer": ["buyer", "purchaser"]}
    fields = parse_fields({"seller": {"type": "name", "role": "seller", "roles": roles}})
    assert not isinstance(fields, FieldsProblem)
    assert check_value("seller", "Ram Kumar", quote, fields).ok
