"""The red team's probes on Indian legal and business records, as a user declares them.

Each row: the field's declaration, the value, the quote, and the verdict the contract
asks for (None: the quote states it; else the ``value_reason``). Every row failed before
the fix its comment names.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from sakshi.reasons import ValueReason as R
from sakshi.values import FieldsProblem, check_value, parse_fields

ST = {"type": "statute"}
ACCUSED = {"type": "name", "role": "accused"}
CASE = {"type": "case_no"}
INR = {"type": "money", "currency": "INR"}
PAID = {**INR, "polarity": "affirmative"}
DEBTOR = {
    "type": "name",
    "role": "corporate debtor",
    "roles": {"corporate debtor": ["corporate debtor"], "creditor": ["operational creditor"]},
}

ROWS: list[tuple[Mapping[str, object], str, str, R | None]] = [
    # Sub-sections and numbers as the Income-tax and Land Acquisition Acts write them: a
    # hyphen inside brackets ("1-A"), three letters ("zza", "iia", "23FCA", "80-IAC").
    (ST, "Section 23(1A) of the Land Acquisition Act, 1894",
     "additional amount under Section 23(1-A) of the Land Acquisition Act", None),
    (ST, "Section 23", "additional amount under Section 23(1-A)", R.VALUE_INCOMPLETE),
    (ST, "Section 80-IAC IT Act", "deduction under Section 80-IAC of the IT Act", None),
    (ST, "Section 80-IA IT Act", "deduction under Section 80-IAC of the IT Act",
     R.VALUE_NOT_IN_QUOTE),
    (ST, "Section 35(1)(iia) IT Act", "under Section 35(1)(iia) of the IT Act", None),
    (ST, "Section 10(23FCA) IT Act", "exempt u/s 10(23FCA) of the IT Act", None),
    (ST, "Section 10(23FC) IT Act", "exempt u/s 10(23FCA) of the IT Act",
     R.VALUE_NOT_IN_QUOTE),
    (ST, "Section 2(1)(zza) CPA 2019", "under Section 2(1)(zza) of the C.P. Act, 2019", None),
    # Acts as Hindi records and charge sheets name them.
    (ST, "Section 138 NI Act", "धारा 138 एन.आई. एक्ट के अंतर्गत", None),
    (ST, "Section 139 NI Act", "धारा 138 एन.आई. एक्ट के अंतर्गत", R.VALUE_NOT_IN_QUOTE),
    (ST, "Section 3(1)(r) of the SC/ST (Prevention of Atrocities) Act",
     "u/s 3(1)(r) of the SC/ST (PoA) Act, 1989", None),
    # A sub-section the reader cannot take is never dropped.
    (ST, "Section 23", "as held under Section 23(xyzw) of", R.QUOTE_HAS_NO_VALUE),
    # Hindi relation words: आत्मज (son of) and the like make the related person no party.
    (ACCUSED, "सुरेश कुमार", "अभियुक्त रमेश कुमार आत्मज सुरेश कुमार निवासी जयपुर",
     R.ROLE_MISMATCH),
    (ACCUSED, "रमेश कुमार", "अभियुक्त रमेश कुमार आत्मज सुरेश कुमार निवासी जयपुर", None),
    # The police and the prosecutor are not the accused whose case they bring.
    (ACCUSED, "Inspector Ravi Singh",
     "the Investigating Officer Inspector Ravi Singh filed the charge sheet against the accused",
     R.ROLE_MISMATCH),
    (ACCUSED, "Ravi Singh", "the I.O. SI Ravi Singh filed the charge sheet against the accused",
     R.ROLE_MISMATCH),
    (ACCUSED, "Ravi Singh", "charge sheet was filed by SI Ravi Singh against accused persons",
     R.ROLE_MISMATCH),
    (ACCUSED, "Mohan Lal", "Ld. APP Mohan Lal for the State opposed the bail of the accused",
     R.ROLE_MISMATCH),
    (ACCUSED, "Ramesh Kumar", "The applicant/accused Ramesh Kumar seeks regular bail", None),
    # An officer of a party acts for it: the Resolution Professional, the IRP or a
    # director "of the Corporate Debtor" is not the corporate debtor.
    (DEBTOR, "Rajesh Mehta",
     ("Mr. Rajesh Mehta, the Resolution Professional of the Corporate Debtor, filed the"
     " application"), R.ROLE_MISMATCH),
    (DEBTOR, "Rajesh Mehta", "Mr. Rajesh Mehta, IRP of the Corporate Debtor, filed it",
     R.ROLE_MISMATCH),
    (DEBTOR, "Rajesh Mehta",
     "Mr. Rajesh Mehta, suspended director of the Corporate Debtor, filed it", R.ROLE_MISMATCH),
    (DEBTOR, "ABC Infra Private Limited",
     ("the Operational Creditor, XYZ Steels Ltd., filed the petition against the Corporate"
     " Debtor, ABC Infra Pvt. Ltd."), None),
    (ACCUSED, "Ramesh Kumar", "Accused No. 2 Ramesh Kumar, director of accused No. 1 company",
     None),
    # Bounds in Hindi and a few more English ones: a ceiling or a floor is no exact figure.
    (INR, "Rs. 10 lakh", "अधिकतम रु. 10 लाख का जुर्माना", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "रु. 10 लाख तक का जुर्माना", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "कम से कम रु. 10 लाख", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "रु. 10 लाख से अधिक नहीं", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "ten lakh rupees at the maximum", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "within the limit of Rs. 10 lakh", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "a premium not below Rs. 10 lakh", R.VALUE_BOUNDED),
    ({**INR, "bound": "at_most"}, "Rs. 10 lakh", "रु. 10 लाख तक का जुर्माना", None),
    ({**INR, "bound": "at_least"}, "Rs. 10 lakh", "कम से कम रु. 10 लाख", None),
    ({"type": "duration"}, "2 years", "2 वर्ष तक का कारावास", R.VALUE_BOUNDED),
    (INR, "Rs. 10 lakh", "रु. 10 लाख का जुर्माना", None),
    # An order that quashes, deletes or waives a sum does not affirm it.
    (PAID, "Rs. 5 lakh", "the demand of Rs. 5 lakh is quashed", R.NEGATED_IN_QUOTE),
    (PAID, "Rs. 5 lakh", "the addition of Rs. 5 lakh is deleted", R.NEGATED_IN_QUOTE),
    (PAID, "Rs. 5 lakh", "the penalty of Rs. 5 lakh is waived", R.NEGATED_IN_QUOTE),
    (PAID, "Rs. 5 lakh", "रु. 5 लाख की मांग निरस्त की जाती है", R.NEGATED_IN_QUOTE),
    (PAID, "Rs. 5 lakh", "the accused paid Rs. 5 lakh", None),
    # A notice numbered by the financial year ("12/2024-25") keeps its year: the number
    # alone was read, so a value that dropped the year passed.
    (CASE, "OA No. 5", "in O.A. No. 5/2024-25 the Tribunal", R.VALUE_INCOMPLETE),
    (CASE, "OA No. 5/2024-25", "in O.A. No. 5/2024-25 the Tribunal", None),
    (CASE, "SCN No. 12/2024-25", "Show Cause Notice No. 12/2024-25 dated 15.07.2024", None),
    (CASE, "Show Cause Notice No. 12/2024-2025", "SCN No. 12/2024-25 dated 15.07.2024", None),
    (CASE, "SCN No. 12/2023-24", "Show Cause Notice No. 12/2024-25 dated 15.07.2024",
     R.VALUE_NOT_IN_QUOTE),
    (CASE, "SCN No. 12/2024", "Show Cause Notice No. 12/2024-25 dated 15.07.2024",
     R.VALUE_NOT_IN_QUOTE),
    # "Cr. No." is a crime number as police records write it, never a crore.
    (CASE, "Cr. No. 123/2024", "registered as Crime No. 123/2024 at Kochi", None),
    (CASE, "Crime No. 123/2024", "Cr. No. 123/2024 of Kochi police station", None),
    (CASE, "Cr. No. 124/2024", "Cr. No. 123/2024 of Kochi police station", R.VALUE_NOT_IN_QUOTE),
    ({"type": "money", "currency": "INR"}, "Rs. 5 crore", "a loan of Rs. 5 Cr. No interest", None),
]  # fmt: skip


@pytest.mark.parametrize(("decl", "value", "quote", "reason"), ROWS)
def test_indian_records_as_a_user_declares_them(
    decl: Mapping[str, object], value: str, quote: str, reason: R | None
) -> None:
    fields = parse_fields({"field": dict(decl)})
    assert not isinstance(fields, FieldsProblem), fields
    outcome = check_value("field", value, quote, fields)
    assert (outcome.ok, outcome.value_reason) == (reason is None, reason), outcome
