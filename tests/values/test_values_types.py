"""Dates, quantities, rates, durations, statutes, case numbers, identifiers, names: the
surface forms of Indian legal records, right and wrong, and the inference order."""

from __future__ import annotations

import pytest

from sakshi.values import FieldDecl, Period, ValueReason, ValueType, check_value, infer_type

R = ValueReason
T = ValueType
OK = None

# (type, value, quote, expected value_reason or None for stated, declaration keys)
CASES: list[tuple[ValueType, str, str, ValueReason | None, dict[str, object]]] = [
    # dates
    (T.DATE, "12.03.2024", "the cheque dated 12/03/2024 was", OK, {}),
    (T.DATE, "2024-03-12", "dated 12-03-2024", OK, {}),
    (T.DATE, "12th March, 2024", "on 12.3.2024 the accused", OK, {}),
    (T.DATE, "12 March 2024", "on the 12th day of March, 2024", OK, {}),
    (T.DATE, "March 12, 2024", "dated 12-Mar-2024", OK, {}),
    (T.DATE, "12/03/2024", "on Mar. 12th, 2024", OK, {}),
    (T.DATE, "12.03.2024", "दिनांक 12 मार्च 2024", OK, {}),
    (T.DATE, "03/12/2024", "dated 12th March, 2024", OK, {"locale": "en-US"}),
    (T.DATE, "03/12/2024", "dated 12.03.2024", R.VALUE_NOT_IN_QUOTE, {"locale": "en-US"}),
    (T.DATE, "03.12.2024", "dated 12.03.2024", R.VALUE_NOT_IN_QUOTE, {}),
    (T.DATE, "12.03.2023", "dated 12.03.2024", R.VALUE_NOT_IN_QUOTE, {}),
    (T.DATE, "12.03.24", "dated 12.03.2024", R.VALUE_UNPARSEABLE, {}),
    (T.DATE, "31.02.2024", "dated 31.02.2024", R.VALUE_UNPARSEABLE, {}),
    (T.DATE, "12.03.2024", "dated 12.03.24", R.VALUE_NOT_IN_QUOTE, {}),
    (T.DATE, "March 2024", "in March 2024", R.VALUE_UNPARSEABLE, {}),
    (T.DATE, "12.03.2024", "the cheque was dishonoured", R.QUOTE_HAS_NO_VALUE, {}),
    # quantities
    (T.QUANTITY, "42.5 MT", "delivered 42.500 MT of steel", OK, {}),
    (T.QUANTITY, "42,500 kg", "delivered 42.500 M.T. of steel", OK, {}),
    (T.QUANTITY, "425 quintals", "42.5 tonnes of wheat", OK, {}),
    (T.QUANTITY, "42.5", "delivered 42,500 kgs", OK, {"unit": "MT"}),
    (T.QUANTITY, "2 hectares", "land admeasuring 20,000 sq. m", OK, {}),
    (T.QUANTITY, "1 acre 0 gunthas", "1 acre", OK, {}),
    (T.QUANTITY, "3.5 acres", "land of 3 acres 20 gunthas in Sy. No. 12", OK, {}),
    (T.QUANTITY, "3.5 acres", "land of 3 acres 21 gunthas in Sy. No. 12", R.VALUE_NOT_IN_QUOTE,
     {}),
    (T.QUANTITY, "40 gunthas", "land measuring 1 acre", OK, {}),
    (T.QUANTITY, "10 Ha.", "10 hectares of land", OK, {}),
    (T.QUANTITY, "42,500 MT", "delivered 42,500 kg", R.UNIT_MISMATCH, {}),
    (T.QUANTITY, "1 acre", "land of 0.40468564224 ha", R.UNIT_MISMATCH, {}),
    (T.QUANTITY, "42.05 MT", "delivered 42.50 MT", R.VALUE_NOT_IN_QUOTE, {}),
    (T.QUANTITY, "42.5", "delivered 42.5 MT", R.VALUE_INCOMPLETE, {}),
    (T.QUANTITY, "42.5 acres", "delivered 42.5 MT", R.UNIT_MISMATCH, {"unit": "MT"}),
    (T.QUANTITY, "42.5 tons", "delivered 42.5 MT", R.UNIT_MISMATCH, {}),
    # rates
    (T.PERCENT, "18% p.a.", "interest @ 18 per cent per annum", OK, {}),
    (T.PERCENT, "18 percent per annum", "interest at 18% p.a. from", OK, {}),
    (T.PERCENT, "18%", "interest at 18% per annum", OK, {"period": "year"}),
    (T.PERCENT, "18", "interest at 18% p.a.", OK, {"period": "year"}),
    (T.PERCENT, "1.5% per month", "interest at 1.5% p.m.", OK, {}),
    (T.PERCENT, "18% p.m.", "interest at 18% p.a.", R.PERIOD_MISMATCH, {}),
    (T.PERCENT, "18% p.m.", "interest at 18%", R.PERIOD_MISMATCH, {"period": "year"}),
    (T.PERCENT, "18‰", "interest at 18% p.a.", R.UNIT_MISMATCH, {}),
    # ‰ and basis points convert exactly (18‰ is 1.8%); the same figure in another unit
    # of the dimension is still UNIT_MISMATCH
    (T.PERCENT, "1.8%", "a penalty of 18‰", OK, {}),
    (T.PERCENT, "250 bps", "a spread of 250 basis points", OK, {}),
    (T.PERCENT, "81%", "interest at 18% p.a.", R.VALUE_NOT_IN_QUOTE, {}),
    (T.PERCENT, "eighteen per cent", "interest at 18 per cent", OK, {}),
    # durations
    (T.DURATION, "15 days", "within 15 (fifteen) days of receipt", OK, {}),
    (T.DURATION, "fifteen days", "within 15 days of the notice", OK, {}),
    (T.DURATION, "2 weeks", "within fourteen days", OK, {}),
    (T.DURATION, "one year", "a period of 12 months", OK, {}),
    (T.DURATION, "30", "within thirty (30) days", OK, {"unit": "day"}),
    (T.DURATION, "30 days", "within one month", R.UNIT_MISMATCH, {}),
    (T.DURATION, "18 months", "a term of 1 year and 6 months", OK, {}),
    (T.DURATION, "1 year 6 months", "for one year six months", OK, {}),
    (T.DURATION, "15 days", "within 15 (sixteen) days", R.VALUE_NOT_IN_QUOTE, {}),
    (T.DURATION, "15 (sixteen) days", "within 15 days", R.VALUE_UNPARSEABLE, {}),
    (T.DURATION, "15 days", "within 15 working days", R.UNIT_MISMATCH, {}),
    (T.DURATION, "1 month", "30 days' notice", R.UNIT_MISMATCH, {"unit": "day"}),
    # statutes
    (T.STATUTE, "Section 138 of the Negotiable Instruments Act, 1881", "u/s 138 NI Act", OK, {}),
    (T.STATUTE, "S. 138 NI Act", "under Section 138 of the Negotiable Instruments Act", OK, {}),
    (T.STATUTE, "s.138 N.I. Act", "punishable u/s. 138 of N.I. Act, 1881", OK, {}),
    (T.STATUTE, "Section 138 NI Act", "धारा 138 परक्राम्य लिखत अधिनियम के अंतर्गत", OK, {}),
    # an enumeration of sections of one act states each of them (docs/values.md)
    (T.STATUTE, "Section 420 IPC", "charged u/s 406, 420 and 120B IPC", OK, {}),
    (T.STATUTE, "Section 420 IPC", "cheating u/s. 420 I.P.C.", OK, {}),
    (T.STATUTE, "Section 120B of the Indian Penal Code", "u/s 120-B I.P.C.", OK, {}),
    (T.STATUTE, "Section 120B of the Indian Penal Code", "u/s 120B I.P.C.", OK, {}),
    (T.STATUTE, "Sec. 13(1)(d) PC Act", "Section 13(1)(d) of the P.C. Act, 1988", OK, {}),
    (T.STATUTE, "Section 200 CrPC", "a complaint under Section 200 Cr.P.C.", OK, {}),
    (T.STATUTE, "Section 34 Arbitration and Conciliation Act, 1996", "u/s 34 of the A&C Act", OK,
     {}),
    (T.STATUTE, "Section 138 IPC", "u/s 138 NI Act", R.ACT_MISMATCH, {}),
    (T.STATUTE, "Section 138 NI Act, 1882", "u/s 138 NI Act", R.ACT_MISMATCH, {}),
    (T.STATUTE, "Section 138 NI Act", "an offence under Section 138", R.ACT_MISMATCH, {}),
    (T.STATUTE, "Section 138", "u/s 138 NI Act", R.VALUE_INCOMPLETE, {}),
    (T.STATUTE, "Section 13 PC Act", "Section 13(1)(d) of the PC Act", R.VALUE_INCOMPLETE, {}),
    (T.STATUTE, "Section 139 NI Act", "u/s 138 NI Act", R.VALUE_NOT_IN_QUOTE, {}),
    (T.STATUTE, "NI Act", "u/s 138 NI Act", R.VALUE_UNPARSEABLE, {}),
    # case numbers
    (T.CASE_NO, "CC No. 1234 of 2023", "registered as C.C. 1234/2023 before", OK, {}),
    (T.CASE_NO, "C.C.No.01234/2023", "in CC No. 1234 of 2023", OK, {}),
    (T.CASE_NO, "Crl. Comp. 56/2022", "Crl. Comp. No. 56 of 2022", OK, {}),
    (T.CASE_NO, "M.A.C.P. 123/2021", "MACP No. 123 of 2021", OK, {}),
    (T.CASE_NO, "FIR 123/2024", "FIR No. 0123/2024 of P.S. Saket", OK, {}),
    (T.CASE_NO, "WP(C) 1234/2020", "W.P.(C) No. 1234/2020", OK, {}),
    (T.CASE_NO, "Criminal Appeal 12/2021", "Crl.A. No. 12 of 2021", OK, {}),
    (T.CASE_NO, "Bail Application 345/2023", "Bail Appln. No. 345/2023", OK, {}),
    (T.CASE_NO, "Arb. Pet. 3/2019", "Arb. P. No. 3 of 2019", OK, {}),
    (T.CASE_NO, "Crl. Misc. 123/2023", "in Crl. Misc. No. 123 of 2023", OK, {}),
    (T.CASE_NO, "CC 1234", "CC No. 1234 of 2023", R.VALUE_INCOMPLETE, {}),
    (T.CASE_NO, "CC 1234/2022", "CC No. 1234 of 2023", R.VALUE_NOT_IN_QUOTE, {}),
    (T.CASE_NO, "O.S. 1234/2023", "CC No. 1234 of 2023", R.VALUE_NOT_IN_QUOTE, {}),
    (T.CASE_NO, "CC 1243/2023", "CC No. 1234 of 2023", R.VALUE_NOT_IN_QUOTE, {}),
    # CC is also a Consumer Complaint and a Criminal Complaint; commercial suits
    (T.CASE_NO, "CC 798/2022", "Consumer Complaint No. 798/2022", OK, {}),
    (T.CASE_NO, "C.C. No. 653 of 2020", "Consumer Complaint No. 653/2020", OK, {}),
    (T.CASE_NO, "CC 12/2020", "Criminal Complaint No. 12/2020", OK, {}),
    (T.CASE_NO, "CC 798/2021", "Consumer Complaint No. 798/2022", R.VALUE_NOT_IN_QUOTE, {}),
    (T.CASE_NO, "Consumer Complaint 12/2020", "Crl. Comp. No. 12/2020", R.VALUE_NOT_IN_QUOTE,
     {}),
    (T.CASE_NO, "Com. OS 799/2024", "registered as Com. O.S. No. 799/2024, is", OK, {}),
    (T.CASE_NO, "O.S. 799/2024", "registered as Com. O.S. No. 799/2024, is",
     R.VALUE_NOT_IN_QUOTE, {}),
    (T.CASE_NO, "Com.S. 12/2023", "Comm. Suit No. 12 of 2023", OK, {}),
    (T.CASE_NO, "O.S.(Comm.) 5/2022", "COMOS No. 5/2022", OK, {}),
    (T.CASE_NO, "CRP 45/2021", "C.R.P. No. 45 of 2021", OK, {}),
    (T.CASE_NO, "Crime No. 12/2023", "FIR No. 12/2023 of P.S. Saket", OK, {}),
    # the act before the section
    (T.STATUTE, "s. 138 NI Act", "अभियुक्त ने परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के अंतर्गत", OK,
     {}),
    (T.STATUTE, "धारा 138 परक्राम्य लिखत अधिनियम", "परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के", OK,
     {}),
    (T.STATUTE, "s. 138 IPC", "परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के अंतर्गत",
     R.ACT_MISMATCH, {}),
    (T.STATUTE, "s. 138 NI Act", "under the N.I. Act's Section 138, the drawer", OK, {}),
    (T.STATUTE, "Section 34 IPC", "punishable under the IPC, section 34 and", OK, {}),
    (T.STATUTE, "s. 138 NI Act, 1882", "the NI Act, 1881, Section 138", R.ACT_MISMATCH, {}),
    # a value written act first
    (T.STATUTE, "N.I. Act's Section 138", "under Section 138 of the NI Act, 1881", OK, {}),
    (T.STATUTE, "the IPC, section 34", "punishable u/s 34 IPC", OK, {}),
    (T.STATUTE, "NI Act, 1881, s. 138(b)", "u/s 138(b) NI Act", OK, {}),
    (T.STATUTE, "IPC, section 138", "under Section 138 of the NI Act", R.ACT_MISMATCH, {}),
    (T.STATUTE, "N.I. Act's Section 139", "under Section 138 of the NI Act", R.VALUE_NOT_IN_QUOTE,
     {}),
    (T.STATUTE, "NI Act, 1882, s. 138", "Section 138 NI Act, 1881", R.ACT_MISMATCH, {}),
    (T.STATUTE, "NI Act Section 138 and more", "Section 138 NI Act", R.VALUE_UNPARSEABLE, {}),
    (T.STATUTE, "NI Act's Sections 138, 139", "Sections 138, 139 NI Act", R.VALUE_UNPARSEABLE,
     {}),
    # identifiers
    (T.IDENTIFIER, "Cheque No. 804694", "cheque No.804694 dated", OK, {}),
    (T.IDENTIFIER, "GSTIN 29ABCDE1234F1Z5", "GSTIN: 29abcde1234f1z5 of the supplier", OK, {}),
    (T.IDENTIFIER, "PAN ABCDE1234F", "PAN ABCDE1234F", OK, {}),
    (T.IDENTIFIER, "Survey No. 45/2A", "land in Sy. No. 45/2A of the village", OK, {}),
    (T.IDENTIFIER, "05106", "account 705106", R.VALUE_NOT_IN_QUOTE, {}),
    (T.IDENTIFIER, "Survey No. 45", "land in Sy. No. 45/2A of the village", R.VALUE_NOT_IN_QUOTE,
     {}),
    (T.IDENTIFIER, "ABCDE1234F", "GSTIN 29ABCDE1234F1Z5", R.VALUE_NOT_IN_QUOTE, {}),
    (T.IDENTIFIER, "804964", "cheque No. 804694", R.VALUE_NOT_IN_QUOTE, {}),
    # a letters-only word that is no label belongs to the identifier; separators do not
    # matter, except between two digits
    (T.IDENTIFIER, "KA 38 EX 0403", "registration No. MH 38 EX 0403", R.VALUE_NOT_IN_QUOTE, {}),
    (T.IDENTIFIER, "MH 38 EX 0403", "lorry bearing registration No. MH-38-EX-0403 was", OK, {}),
    (T.IDENTIFIER, "MH38EX0403", "No. MH 38 EX 0403", OK, {}),
    (T.IDENTIFIER, "45-2", "Sy. No. 45/2", OK, {}),
    (T.IDENTIFIER, "Survey No. 452", "Sy. No. 45/2", R.VALUE_NOT_IN_QUOTE, {}),
    # names and text
    (T.NAME, "SHREE BALAJI TRADERS", "M/s. Shree Balaji Traders, a firm", OK, {}),
    (T.NAME, "Shree Balaji Traders Private Limited", "M/s Shree Balaji Traders Pvt. Ltd.", OK, {}),
    (T.NAME, "Ramesh Kumar", "Shri Ramesh  Kumar, the accused", OK, {}),
    (T.NAME, "Dr. R. Sharma", "Dr R Sharma", OK, {}),
    (T.NAME, "Gupta & Sons", "Gupta and Sons", OK, {}),
    (T.NAME, "Ramesh Kumar", "Ramesh Kumaran", R.VALUE_NOT_IN_QUOTE, {}),
    (T.NAME, "Suresh", "Ramesh Kumar, the accused", R.VALUE_NOT_IN_QUOTE, {}),
    (T.TEXT, "goods were defective", "the GOODS were\ndefective.", OK, {}),
    (T.TEXT, "goods were not defective", "the goods were defective", R.VALUE_NOT_IN_QUOTE, {}),
]  # fmt: skip


def _decl(kind: ValueType, keys: dict[str, object]) -> FieldDecl:
    period = keys.get("period")
    return FieldDecl(
        kind,
        unit=keys.get("unit") if isinstance(keys.get("unit"), str) else None,  # type: ignore[arg-type]
        period=Period(period) if isinstance(period, str) else None,
        locale=keys.get("locale") if isinstance(keys.get("locale"), str) else None,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(("kind", "value", "quote", "reason", "keys"), CASES)
def test_each_type(
    kind: ValueType, value: str, quote: str, reason: ValueReason | None, keys: dict[str, object]
) -> None:
    check = check_value("field", value, quote, {"field": _decl(kind, keys)})
    assert check.value_reason == reason, (check.reading, check.mentions, check.hint)
    assert check.ok is (reason is None)
    assert check.type == kind


def test_claim_is_unchecked() -> None:
    check = check_value("summary", "anything 42", "nothing", {"summary": FieldDecl(T.CLAIM)})
    assert check.ok and not check.checked and check.value_reason is None


INFERRED = [
    ("12.03.2024", T.DATE),
    ("12th March, 2024", T.DATE),
    ("CC No. 1234 of 2023", T.CASE_NO),
    ("Section 138 NI Act", T.STATUTE),
    ("u/s 420 IPC", T.STATUTE),
    ("Rs. 12,50,000/-", T.MONEY),
    ("Rupees Five Lakh only", T.MONEY),
    ("18% p.a.", T.PERCENT),
    ("15 days", T.DURATION),
    ("42.500 MT", T.QUANTITY),
    ("12,50,000", T.NUMBER),
    ("42.5", T.NUMBER),
    ("29ABCDE1234F1Z5", T.IDENTIFIER),
    ("Survey No. 45/2A", T.IDENTIFIER),
    ("05106", T.IDENTIFIER),
    ("Ramesh Kumar", T.TEXT),
    ("12 apples and 3 pears", None),
    ("31.02.2024", T.DATE),
]


@pytest.mark.parametrize(("value", "kind"), INFERRED)
def test_inference_reads_the_value_alone(value: str, kind: ValueType | None) -> None:
    assert infer_type(value) == kind


def test_an_undeclared_value_with_a_digit_and_no_type_is_untyped() -> None:
    check = check_value("amount", "12 apples and 3 pears", "12 apples and 3 pears", {})
    assert (check.ok, check.value_reason, check.type) == (False, R.VALUE_UNTYPED, None)
    assert check.type_source == "inferred"


def test_the_field_name_never_decides_the_type() -> None:
    assert check_value("cheque_amount", "Ramesh", "paid by Ramesh", {}).type == T.TEXT
    assert check_value("date_of_birth", "42.5", "42.5", {}).type == T.NUMBER


@pytest.mark.parametrize(
    ("value", "quote", "ok"),
    [
        ("240.123 bales", "Quantity received: 240.123 bales", True),
        ("12 nos", "12 pcs. received", True),
        ("240 bags", "240 bales", False),  # a bale is no bag
        ("3 drums", "3 drums of oil", True),
        ("4 coils", "5 coils", False),
    ],
)
def test_packages_of_goods_are_units_of_their_own(value: str, quote: str, ok: bool) -> None:
    fields = {"q": FieldDecl(ValueType.QUANTITY)}
    assert check_value("q", value, quote, fields).ok is ok


@pytest.mark.parametrize(
    ("kind", "value", "quote"),
    [
        (T.MONEY, "Rs. 5,000 -", "Rs. 5,000"),
        (T.NUMBER, "5,000 %", "5,000"),
        (T.DATE, "12.03.2024 -", "on 12.03.2024"),
        (T.CASE_NO, "SCN 384/2024 -", "vide SCN No. 384/2024"),
        (T.QUANTITY, "5 MT -", "5 MT"),
    ],
)
def test_a_value_is_whole_but_for_stray_punctuation(
    kind: ValueType, value: str, quote: str
) -> None:
    # Around a value only punctuation may stand ("Rs. 5,000." or "(a)"); a dash, a slash
    # or a per cent sign is more than the value says, so the value is read as no value.
    check = check_value("f", value, quote, {"f": FieldDecl(kind)})
    assert (check.ok, check.value_reason) == (False, R.VALUE_UNPARSEABLE)
    assert check_value("f", value[:-2], quote, {"f": FieldDecl(kind)}).ok


CUT_SHORT = "cut short: the quote's identifier is longer"


@pytest.mark.parametrize(
    ("kind", "value", "quote", "hint"),
    [
        (T.IDENTIFIER, "INV-2024-0012", "Invoice No. INV-2024-00123", CUT_SHORT),
        (T.IDENTIFIER, "INV-2024-0013", "Invoice No. INV-2024-0012", ""),
        (T.DATE, "2024-12-03", "on 12.03.2024", "day/month swap"),
        (T.DATE, "2023-03-12", "on 12.03.2024", "wrong year"),
        (T.DATE, "2024-03-13", "on 12.03.2024", ""),
        (T.MONEY, "Rs. 50,000", "Rs. 5,000", "x10 slip (a zero dropped or added)"),
        (T.MONEY, "Rs. 5,000,000", "Rs. 5,000", "x1000 slip (a zero dropped or added)"),
        (T.MONEY, "Rs. 5,400", "Rs. 4,500", "digit transposition"),
        (T.MONEY, "Rs. 7,000", "Rs. 5,000 and Rs. 2,000", "the sum of two amounts in the quote"),
        (T.NUMBER, "1,200", "120", "x10 slip (a zero dropped or added)"),
        (T.MONEY, "Rs. 1 crore", "Rs. 1 lakh", "looks like a lakh/crore slip (x100)"),
        (T.MONEY, "Rs. 1 lakh", "Rs. 1 thousand", "looks like a thousand/lakh slip (x100)"),
    ],
)  # fmt: skip
def test_a_miss_names_the_slip_it_recognises(
    kind: ValueType, value: str, quote: str, hint: str
) -> None:
    # The hint never changes the verdict (VALUE_NOT_IN_QUOTE), but it says what to fix.
    check = check_value("f", value, quote, {"f": FieldDecl(kind)}, locale="en-IN")
    assert (check.value_reason, check.hint) == (R.VALUE_NOT_IN_QUOTE, hint)
