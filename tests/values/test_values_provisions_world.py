"""Provisions of US, UK and EU documents that need more than a section and an act's name:
the UCC's hyphenated sections, EU directives, regulations and decisions by their kind,
year and number, UK statutory instruments (a regulation is no section), acts of one name
in two countries (the Arbitration Act 1996 is not India's Arbitration and Conciliation Act,
1996), an act written before its section, and a code's title that is an act of its own (26
U.S.C. is the Internal Revenue Code). Each rule right and wrong, with the value_reason a
wrong value gets."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sakshi.values import (
    DEFAULT_ACTS,
    FieldDecl,
    FieldsProblem,
    ValueReason,
    ValueType,
    check_value,
    infer_type,
    parse_acts,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from cli_main import verifier

R = ValueReason
S = ValueType.STATUTE
OK = None

# (value, quote, expected value_reason or None for stated)
UCC: list[tuple[str, str, ValueReason | None]] = [
    # a code's sections are numbered with hyphens, whether its template or its name cites it
    ("Section 2-207 of the UCC", "the battle of the forms under UCC § 2-207", OK),
    ("UCC § 2-207", "an acceptance under Section 2-207 of the UCC", OK),
    ("U.C.C. § 2-207(1)", "a definite acceptance under U.C.C. § 2-207(1)", OK),
    ("U.C.C. § 2-207(1)", "under § 2-207(1) of the Uniform Commercial Code", OK),
    ("UCC § 2-207", "the UCC, § 2-207, governs the additional terms", OK),
    ("§ 2-207 of the U.C.C.", "Sections 2-207 and 2-209 of the UCC apply", OK),
    ("§ 2-209 of the U.C.C.", "Sections 2-207 and 2-209 of the UCC apply", OK),
    # ... 2-207 is neither 2-209 nor 2 nor 207, and its sub-sections count
    ("U.C.C. § 2-207", "a modification under U.C.C. § 2-209", R.VALUE_NOT_IN_QUOTE),
    ("Section 2-209 of the UCC", "an acceptance under Section 2-207 of the UCC",
     R.VALUE_NOT_IN_QUOTE),
    ("Section 2 of the UCC", "an acceptance under Section 2-207 of the UCC",
     R.VALUE_NOT_IN_QUOTE),
    ("Section 207 of the UCC", "an acceptance under Section 2-207 of the UCC",
     R.VALUE_NOT_IN_QUOTE),
    ("U.C.C. § 2-207(2)", "a definite acceptance under U.C.C. § 2-207(1)",
     R.VALUE_NOT_IN_QUOTE),
    ("U.C.C. § 2-207", "additional terms under U.C.C. § 2-207(2)", R.VALUE_INCOMPLETE),
    ("Section 2-207 of the UCC", "under section 2-207 of the Sale of Goods Act",
     R.VALUE_NOT_IN_QUOTE),
]  # fmt: skip

EU: list[tuple[str, str, ValueReason | None]] = [
    # every form of an instrument's citation; its name when the table knows it
    ("Article 5 of Directive 2011/7/EU", "as required by Article 5 of Directive 2011/7/EU", OK),
    ("Article 5 of Directive 2011/7/EU", "Art. 5 of the Late Payment Directive", OK),
    ("Article 5 of Directive 2011/7/EU",
     "Article 5 of Directive 2011/7/EU of the European Parliament and of the Council", OK),
    ("Directive 2011/7/EU, Article 5", "Article 5 of Directive 2011/7/EU", OK),
    ("Article 4 of Directive (EU) 2019/1937", "Article 4 of Directive 2019/1937/EU", OK),
    ("Article 4 of the Whistleblowing Directive", "Art. 4 of Directive (EU) 2019/1937", OK),
    ("Article 3 of Council Directive 93/13/EEC", "Article 3 of Directive 93/13/EEC", OK),
    ("Article 3(1) of Directive 93/13/EEC", "Council Directive 93/13/EEC, Article 3(1), says",
     OK),
    ("Article 28(3)(a) of Regulation (EU) 2016/679", "Art. 28(3)(a) GDPR", OK),
    ("Article 28(3)(a) of Regulation (EU) 2016/679", "Art. 28(3)(a) of Regulation 2016/679", OK),
    ("Article 25 of Regulation (EU) No 1215/2012", "Article 25 of the Brussels I Recast Regulation",
     OK),
    ("Article 4 of Regulation (EC) No 593/2008", "Art. 4 of Rome I", OK),
    ("Article 4 of Regulation (EC) No 593/2008", "Art. 4 of Regulation 593/2008", OK),
    ("Article 7 of Regulation (EEC) No 1408/71", "Article 7 of Council Regulation 1408/71", OK),
    ("Clause 8 of Commission Implementing Decision (EU) 2021/914",
     "Clause 8 of Implementing Decision (EU) 2021/914", OK),
    # another number, year or kind is another instrument: a wrong value
    ("Article 5 of Directive 2011/7/EU", "Article 5 of Directive 2011/8/EU", R.ACT_MISMATCH),
    ("Article 5 of Directive 2011/7/EU", "Article 5 of Directive 2000/35/EC", R.ACT_MISMATCH),
    ("Article 5 of Directive 2011/7/EU", "Article 5 of Directive 2012/7/EU", R.ACT_MISMATCH),
    ("Article 4 of Directive (EU) 2019/1937", "Article 4 of Directive (EU) 2019/1973",
     R.ACT_MISMATCH),
    ("Article 4 of Directive (EU) 2019/1937", "Article 4 of Regulation (EU) 2019/1937",
     R.ACT_MISMATCH),
    ("Article 3 of Council Directive 93/13/EEC", "Article 3 of Directive 93/12/EEC",
     R.ACT_MISMATCH),
    ("Article 28(3)(a) of Regulation (EU) 2016/680", "Art. 28(3)(a) GDPR", R.ACT_MISMATCH),
    ("Article 28(3)(a) GDPR", "Art. 28(3)(a) of Directive (EU) 2016/680", R.ACT_MISMATCH),
    ("Article 4 of Regulation (EC) No 593/2008", "Art. 4 of Regulation (EC) No 864/2007",
     R.ACT_MISMATCH),
    ("Article 4 of Regulation (EC) No 593/2008", "Art. 4 of Regulation (EC) No 594/2008",
     R.ACT_MISMATCH),
    ("Article 5 of Directive 2011/7/EU", "Article 5 of the Directive", R.ACT_MISMATCH),
    # the instrument's provision still counts
    ("Article 6 of Directive 2011/7/EU", "Article 5 of Directive 2011/7/EU", R.VALUE_NOT_IN_QUOTE),
    ("Section 5 of Directive 2011/7/EU", "Article 5 of Directive 2011/7/EU", R.VALUE_NOT_IN_QUOTE),
    ("Article 3 of Directive 93/13/EEC", "Council Directive 93/13/EEC, Article 3(1), says",
     R.VALUE_INCOMPLETE),
]  # fmt: skip

UK_INSTRUMENTS: list[tuple[str, str, ValueReason | None]] = [
    ("reg 4(1) TUPE 2006",
     "regulation 4(1) of the Transfer of Undertakings (Protection of Employment) Regulations 2006",
     OK),
    ("regulation 4(1) of the Transfer of Undertakings (Protection of Employment) Regulations 2006",
     "a transfer under reg. 4(1) TUPE", OK),
    ("reg. 4(1) of the TUPE Regulations", "under reg 4(1) TUPE 2006", OK),
    ("TUPE 2006, reg. 4(1)", "under regulation 4(1) of TUPE", OK),
    ("reg 13 WTR", "rest breaks under regulation 13 of the Working Time Regulations 1998", OK),
    ("regulation 6 of PECR", ("regulation 6 of the Privacy and Electronic Communications (EC "
     "Directive) Regulations 2003"), OK),
    ("reg. 28 of the Money Laundering Regulations 2017", ("customer due diligence under reg. 28 "
     "MLR 2017"), OK),
    # a regulation is no section, article or rule; another regulation or year is wrong
    ("section 4(1) TUPE 2006", "under reg. 4(1) TUPE 2006", R.VALUE_NOT_IN_QUOTE),
    ("article 4(1) TUPE 2006", "under reg. 4(1) TUPE 2006", R.VALUE_NOT_IN_QUOTE),
    ("r. 4(1) TUPE 2006", "under reg. 4(1) TUPE 2006", R.VALUE_NOT_IN_QUOTE),
    ("reg 4(2) TUPE 2006", "under reg. 4(1) TUPE 2006", R.VALUE_NOT_IN_QUOTE),
    ("reg 4 TUPE 2006", "under reg. 4(1) TUPE 2006", R.VALUE_INCOMPLETE),
    ("reg 4(1) TUPE 1981", "under reg. 4(1) TUPE 2006", R.ACT_MISMATCH),
    ("reg 4(1) WTR", "under reg. 4(1) TUPE 2006", R.ACT_MISMATCH),
    ("reg. 28 of the Money Laundering Regulations 2007", "under reg. 28 MLR 2017",
     R.ACT_MISMATCH),
]  # fmt: skip

SAME_NAMES: list[tuple[str, str, ValueReason | None]] = [
    # England's Arbitration Act 1996 and India's Arbitration and Conciliation Act, 1996
    ("section 67 of the Arbitration Act 1996", "a challenge under s. 67 Arbitration Act 1996", OK),
    ("section 67 of the Arbitration Act 1996", "the Arbitration Act 1996, s. 67, allows it", OK),
    ("s 67 Arbitration Act 1996", "the Arbitration Act, 1996, s. 67, allows it", OK),
    ("Section 34 of the A&C Act", "Section 34 of the Arbitration and Conciliation Act, 1996", OK),
    ("Section 34 of the Arbitration and Conciliation Act, 1996",
     "set aside under Section 34 of the Arbitration Act", OK),  # as Indian courts write it
    ("s. 34 of the Arbitration Act 1996",
     "set aside under Section 34 of the Arbitration and Conciliation Act, 1996", R.ACT_MISMATCH),
    ("Section 34 of the Arbitration and Conciliation Act, 1996",
     "Section 34 of the Arbitration Act 1996", R.ACT_MISMATCH),
    ("Section 34 of the A&C Act", "the Arbitration Act 1996, s. 34", R.ACT_MISMATCH),
    ("section 67 of the Arbitration Act 1996", "under Section 67 of the Arbitration Act, 1940",
     R.ACT_MISMATCH),
    # the Companies Act 2006 (England) and 2013 (India); the Limitation Act 1980 and 1963
    ("section 994 of the Companies Act 2006", "section 994 of the Companies Act, 2013",
     R.ACT_MISMATCH),
    ("Section 241 of the Companies Act, 2013", "s. 241 CA 2006", R.ACT_MISMATCH),
    ("s. 994 CA 2006", "the Companies Act 2006, s. 994", OK),
    ("Section 5 of the Limitation Act 1980", "Section 5 of the Limitation Act, 1963",
     R.ACT_MISMATCH),
    ("Section 5 of the Limitation Act, 1963", "section 5 of the Limitation Act 1980",
     R.ACT_MISMATCH),
    ("Section 5 of the Limitation Act", "section 5 of the Limitation Act 1980", R.ACT_MISMATCH),
    ("s. 5 Limitation Act 1980", "the Limitation Act 1980, s. 5", OK),
    # India's Contract Act is no other country's Contracts Act
    ("Section 73 of the Contract Act", "Section 73 of the Indian Contract Act, 1872", OK),
    ("Section 73 of the Contracts Act", "Section 73 of the Indian Contract Act, 1872",
     R.ACT_MISMATCH),
    ("Section 73 of the Contracts Act 1950", "Section 73 of the Contract Act, 1872",
     R.ACT_MISMATCH),
    ("Section 73 of the Indian Contract Act, 1872", "section 73 of the Contract Act 1950",
     R.ACT_MISMATCH),
    ("s. 1 of the Contracts (Rights of Third Parties) Act 1999",
     "Section 1 of the Contract Act, 1872", R.ACT_MISMATCH),
]  # fmt: skip

ACT_FIRST_AND_CODES: list[tuple[str, str, ValueReason | None]] = [
    # England's act-before-section forms, by name and by initials
    ("the Employment Rights Act 1996, s. 98(4)", ("unfair under s. 98(4) of the Employment "
     "Rights Act 1996"), OK),
    ("s 98(4) ERA 1996", "under section 98(4) of the Employment Rights Act 1996", OK),
    ("s 98(4) ERA 1996", "the Employment Rights Act 1996, s. 98(4), asks", OK),
    ("Employment Rights Act 1996, s 98(4)", "fair under s 98(4) ERA 1996", OK),
    ("the Employment Rights Act 1996, s. 98(4)", "the Employment Rights Act 1996, s. 98(2)",
     R.VALUE_NOT_IN_QUOTE),
    ("s 98(4) ERA 1996", "under section 98 of the Employment Rights Act 1996",
     R.VALUE_NOT_IN_QUOTE),
    ("s 98(4) of the Employment Rights Act 1999", "the Employment Rights Act 1996, s. 98(4)",
     R.ACT_MISMATCH),
    ("s 98(4) ERA 1996", "the Equality Act 2010, s. 98(4)", R.ACT_MISMATCH),
    # Title 26 of the United States Code is the Internal Revenue Code, Title 11 the
    # Bankruptcy Code, Title 26 of the C.F.R. the Treasury Regulations: the same provision
    ("IRC § 501(c)(3)", "exempt under 26 U.S.C. § 501(c)(3)", OK),
    ("26 U.S.C. § 501(c)(3)", "exempt under IRC § 501(c)(3)", OK),
    ("26 USC 501(c)(3)", "under section 501(c)(3) of the Internal Revenue Code", OK),
    ("26 U.S.C. § 501(c)(3)", "the Internal Revenue Code of 1986, § 501(c)(3)", OK),
    ("11 U.S.C. § 362(a)", "the automatic stay under section 362(a) of the Bankruptcy Code", OK),
    ("26 C.F.R. § 1.61-1", "gross income under Treas. Reg. § 1.61-1", OK),
    ("IRC § 501(c)(4)", "exempt under 26 U.S.C. § 501(c)(3)", R.VALUE_NOT_IN_QUOTE),
    ("27 U.S.C. § 501(c)(3)", "exempt under IRC § 501(c)(3)", R.VALUE_NOT_IN_QUOTE),
    ("26 U.S.C. § 501(c)(3)", "exempt under 27 U.S.C. § 501(c)(3)", R.VALUE_NOT_IN_QUOTE),
    ("26 U.S.C. § 501(c)(3)", "Section 501(c)(3) of the Internal Revenue Code of 1954",
     R.ACT_MISMATCH),
    ("11 U.S.C. § 362(a)", "section 362(a) of the Internal Revenue Code", R.ACT_MISMATCH),
    ("15 U.S.C. § 501", "exempt under IRC § 501", R.VALUE_NOT_IN_QUOTE),
]  # fmt: skip


def _check(value: str, quote: str, reason: ValueReason | None) -> None:
    check = check_value("field", value, quote, {"field": FieldDecl(S)})
    assert check.value_reason == reason, (check.reading, [m.reading for m in check.mentions])
    assert check.ok is (reason is None)


@pytest.mark.parametrize(("value", "quote", "reason"), UCC)
def test_the_uccs_hyphenated_sections(value: str, quote: str, reason: ValueReason | None) -> None:
    _check(value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), EU)
def test_eu_instruments_by_kind_year_and_number(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    _check(value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), UK_INSTRUMENTS)
def test_uk_statutory_instruments(value: str, quote: str, reason: ValueReason | None) -> None:
    _check(value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), SAME_NAMES)
def test_acts_of_one_name_in_two_countries(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    _check(value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), ACT_FIRST_AND_CODES)
def test_acts_before_sections_and_codified_titles(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    _check(value, quote, reason)


@pytest.mark.parametrize(
    ("value", "reading"),
    [
        ("Section 2-207 of the UCC", "s. 2-207, Uniform Commercial Code"),
        ("Article 5 of Directive 2011/7/EU", "art. 5, Late Payment Directive, 2011"),
        ("Article 5 of Directive 2011/8/EU", "art. 5, Directive 2011/8, 2011"),
        ("Art. 3 of Council Directive 93/12/EEC", "art. 3, Directive 1993/12, 1993"),
        ("Article 2 of Regulation (EC) No 44/2001", "art. 2, Regulation No 44/2001"),
        ("Article 2 of Regulation (EU) 2017/1129", "art. 2, Regulation 2017/1129, 2017"),
        ("reg 4(1) TUPE", (
            "reg. 4(1), Transfer of Undertakings (Protection of Employment) Regulations, 2006")),
        ("s. 67 Arbitration Act 1996", "s. 67, Arbitration Act 1996"),
        ("26 U.S.C. § 501(c)(3)", "s. 501(c)(3), Internal Revenue Code, 1986"),
    ],
)  # fmt: skip
def test_each_reading_prints_as_one_exact_form(value: str, reading: str) -> None:
    assert check_value("f", value, "", {}).reading == reading


@pytest.mark.parametrize(
    "value",
    [
        "Section 2-207 of the UCC",
        "Article 5 of Directive 2011/7/EU",
        "Article 3 of Council Directive 93/13/EEC",
        "Article 28(3)(a) of Regulation (EU) 2016/679",
        "reg 4(1) TUPE 2006",
        "the Employment Rights Act 1996, s. 98(4)",
        "s 98(4) ERA 1996",
        "IRC § 501(c)(3)",
        "26 U.S.C. § 501(c)(3)",
    ],
)
def test_the_new_forms_are_inferred_as_statutes(value: str) -> None:
    assert infer_type(value) == S


def test_an_instrument_is_no_regulation_of_its_own() -> None:
    """ "Regulation 2016/679" is the GDPR, not regulations 2016 and 679 of no act."""
    check = check_value("f", "reg. 2016", "Regulation 2016/679 applies", {"f": FieldDecl(S)})
    assert check.value_reason is R.QUOTE_HAS_NO_VALUE and not check.mentions


def test_a_range_of_an_act_that_is_no_code_stays_a_range() -> None:
    """ "3-5" is a range in an act without templates: its first section is read."""
    quote = "contrary to sections 3-5 of the Fraud Act 2006"
    check = check_value("f", "section 3", quote, {"f": FieldDecl(S)})
    assert [m.reading for m in check.mentions] == ["s. 3"]


def test_configuration_names_an_instrument() -> None:
    """An act whose alias cites an EU instrument is that instrument in every form."""
    extra = parse_acts(
        {"rad": {"title": "Representative Actions Directive", "year": 2020,
                 "aliases": ["Directive (EU) 2020/1828"]}}
    )  # fmt: skip
    assert not isinstance(extra, FieldsProblem)
    table = DEFAULT_ACTS.extended(extra)
    fields = {"f": FieldDecl(S)}
    value = "Article 9 of the Representative Actions Directive"
    for quote in ("Article 9 of Directive 2020/1828/EU", "Art. 9 of Directive (EU) 2020/1828"):
        assert check_value("f", value, quote, fields, acts=table).ok
    wrong = check_value("f", value, "Article 9 of Directive (EU) 2020/1829", fields, acts=table)
    assert wrong.value_reason is R.ACT_MISMATCH


_AWARD = (
    "The claimant applies under section 67 of the Arbitration Act 1996 and relies on"
    " Article 5 of Directive 2011/7/EU, regulation 4(1) of TUPE 2006, U.C.C. § 2-207"
    " and 26 U.S.C. § 501(c)(3)."
)
_ACT = "section 67 of the Arbitration Act 1996"
_EU = "Article 5 of Directive 2011/7/EU"
_SI = "regulation 4(1) of TUPE 2006"
_UCC = "U.C.C. § 2-207"
_IRC = "26 U.S.C. § 501(c)(3)"


@pytest.mark.parametrize(
    ("value", "quote", "verdict"),
    [
        ("s. 67 of the Arbitration Act 1996", _ACT, (True, "OK", None)),
        ("Section 67 of the Arbitration and Conciliation Act, 1996", _ACT,
         (False, "VALUE_UNSUPPORTED", "ACT_MISMATCH")),
        ("Article 5 of the Late Payment Directive", _EU, (True, "OK", None)),
        ("Article 5 of Directive 2011/8/EU", _EU, (False, "VALUE_UNSUPPORTED", "ACT_MISMATCH")),
        ("reg 4(1) TUPE", _SI, (True, "OK", None)),
        ("section 4(1) TUPE", _SI, (False, "VALUE_UNSUPPORTED", "VALUE_NOT_IN_QUOTE")),
        ("Section 2-207 of the UCC", _UCC, (True, "OK", None)),
        ("UCC § 2-209", _UCC, (False, "VALUE_UNSUPPORTED", "VALUE_NOT_IN_QUOTE")),
        ("IRC § 501(c)(3)", _IRC, (True, "OK", None)),
    ],
)  # fmt: skip
def test_through_verify_values(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    value: str,
    quote: str,
    verdict: tuple[object, ...],
) -> None:
    """``sakshi verify-values`` on an award that cites each kind, one clause per value."""
    docs = tmp_path / "DOCS.yaml"
    docs.write_text(f"documents:\n  - id: award\n    text: '{_AWARD}'\n", encoding="utf-8")
    line = {"id": 1, "field": "law", "value": value, "type": "statute",
            "cite": {"doc": "award", "quote": quote}}  # fmt: skip
    values = tmp_path / "values.jsonl"
    values.write_text(json.dumps(line) + "\n", encoding="utf-8")
    run = verifier(capsys)("verify-values", docs, values)
    assert run.code == (0 if verdict[0] else 1), run.err
    assert run.verdicts() == [(1, *verdict)]


@pytest.mark.parametrize(
    ("value", "quote", "reason"),
    [
        ("Section 138 NI Act", "the NI Act, section 138. The court", None),  # a sentence's stop
        ("Section 138 NI Act", "the NI Act, section 138.a", None),  # digits only after a dot
        ("Section 138.1 NI Act", "the NI Act, section 138.1", None),
        ("Section 138 NI Act", "section 138 of the NI Act, s", None),  # a last lone "s"
        ("Section 5 of the Companies Act 2006", "s 5 of the Companies Act 2006", None),
        ("Rule 11", "r 11", R.QUOTE_HAS_NO_VALUE),  # only "s" stands apart from its number
        ("Rule 11", "r. 11", None),
    ],
)
def test_a_provision_number_and_its_letter_are_read_as_written(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    statute = {"f": FieldDecl(ValueType.STATUTE)}
    assert check_value("f", value, quote, statute).value_reason is reason


@pytest.mark.parametrize(
    ("value", "quote", "reason"),
    [
        ("Order 4 Rule 1 CPC", "under Order IV Rule 1 CPC", None),
        ("Order 4 Rule 1 CPC", "under Order IIII Rule 1 CPC", R.VALUE_NOT_IN_QUOTE),
        ("Order 9 Rule 1 CPC", "under Order VIIII Rule 1 CPC", R.VALUE_NOT_IN_QUOTE),
        ("Article 4", "Article IIII", R.QUOTE_HAS_NO_VALUE),  # only the canonical spelling
    ],
)
def test_a_roman_numeral_is_read_only_in_its_canonical_spelling(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    statute = {"f": FieldDecl(ValueType.STATUTE)}
    assert check_value("f", value, quote, statute).value_reason is reason
