"""Statutes and case numbers of every domain: provisions of every kind kept apart, US, UK
and EU acts and codes (templates), acts by their initials, the act's year, case types the
table does not know, US dockets, English neutral citations and claim numbers. Each rule
right and wrong, with the value_reason a wrong value gets."""

from __future__ import annotations

from pathlib import Path

import pytest

from sakshi.errors import InputError
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
from sakshi.values.acts import _initials

R = ValueReason
S = ValueType.STATUTE
C = ValueType.CASE_NO
OK = None

# (value, quote, expected value_reason or None for stated)
PROVISIONS: list[tuple[str, str, ValueReason | None]] = [
    # order and rule: roman numerals read, "O. 7 R. 11", the rule of an order
    ("Order VII Rule 11 CPC", "the plaint is rejected under O. 7 R. 11 CPC", OK),
    ("Order 7 Rule 11 of the Code of Civil Procedure", "under Order VII Rule 11 CPC", OK),
    ("O.VII r.11 C.P.C.", "under Order 7, Rule 11 of the Code of Civil Procedure, 1908", OK),
    ("Rule 11 of Order VII CPC", "rejected under Order VII Rule 11 CPC", OK),
    ("Order XXXIX Rule 2 CPC", "an injunction under Order XXXIX Rules 1 and 2 CPC", OK),
    ("Section 151 CPC", "under Order 7 Rule 11 r/w Section 151 CPC", OK),
    # ... never a section, nor another order or rule
    ("Section 11 CPC", "rejected under Order VII Rule 11 CPC", R.VALUE_NOT_IN_QUOTE),
    ("Rule 11 CPC", "rejected under Order VII Rule 11 CPC", R.VALUE_NOT_IN_QUOTE),
    ("Order VIII Rule 11 CPC", "rejected under Order VII Rule 11 CPC", R.VALUE_NOT_IN_QUOTE),
    ("Order 7 Rule 1 CPC", "rejected under Order 7 Rule 11 CPC", R.VALUE_NOT_IN_QUOTE),
    # a rule of the Rules is not a section of the Act; a schedule is no section
    ("Rule 138 of the CGST Rules", "an e-way bill under Rule 138 of the CGST Rules, 2017", OK),
    ("Section 138 CGST Act", "an e-way bill under Rule 138 of the CGST Rules",
     R.VALUE_NOT_IN_QUOTE),
    ("Section 138", "the goods in Schedule 138", R.VALUE_NOT_IN_QUOTE),
    ("Schedule III of the Companies Act, 2013", "in Schedule III to the Companies Act, 2013", OK),
    ("Third Schedule to the Companies Act, 2013", "in Sch. 3 to the Companies Act, 2013", OK),
    ("Schedule 3 of the Companies Act, 2013", "in Schedule 2 to the Companies Act, 2013",
     R.VALUE_NOT_IN_QUOTE),
    # regulation, paragraph, clause
    ("Regulation 4 of the Money Laundering Regulations 2017",
     "under reg. 4 of the Money Laundering Regulations 2017", OK),
    ("Regulation 4", "under reg. 4 of the Money Laundering Regulations 2017", R.VALUE_INCOMPLETE),
    ("paragraph 3 of Schedule 2", "as provided in para 3 of Sch. 2", OK),
    ("paragraph 3", "as provided in para 3 of Sch. 2", R.VALUE_NOT_IN_QUOTE),
    ("Clause 4.2", "as set out in clause 4.2 of the Agreement", OK),
    ("Section 4.2", "as set out in clause 4.2 of the Agreement", R.VALUE_NOT_IN_QUOTE),
    # article: EU, the Convention, India's Constitution
    ("Article 28(3)(a) GDPR", "processors bound by Art. 28(3)(a) of Regulation (EU) 2016/679", OK),
    ("Art. 28(3)(a) of the General Data Protection Regulation", "Article 28(3)(a) GDPR", OK),
    ("Article 28(3)(b) GDPR", "Art. 28(3)(a) of Regulation (EU) 2016/679", R.VALUE_NOT_IN_QUOTE),
    ("Article 28(3) GDPR", "Art. 28(3)(a) of Regulation (EU) 2016/679", R.VALUE_INCOMPLETE),
    ("Section 28(3)(a) GDPR", "Art. 28(3)(a) of Regulation (EU) 2016/679", R.VALUE_NOT_IN_QUOTE),
    ("Article 28(3)(a) UK GDPR", "Art. 28(3)(a) of Regulation (EU) 2016/679", R.ACT_MISMATCH),
    ("Article 101 TFEU", "infringes Article 101(1) TFEU", R.VALUE_INCOMPLETE),
    ("Article 8 ECHR", "a breach of Article 8 of the European Convention on Human Rights", OK),
    ("Article 226 of the Constitution of India",
     "a writ petition under Article 226 of the Constitution of India", OK),
    ("Article 21", "under Article 21 of the Constitution of India", R.VALUE_INCOMPLETE),
    # English citation writes a section "s 994", with no dot
    ("s 994 of the Companies Act 2006", ("a petition under section 994 of the Companies Act "
     "2006"), OK),
    ("section 994 of the Companies Act 2006", "relief under s 994 of the Companies Act 2006",
     OK),
    ("s 2(1) UCTA 1977", "void under section 2(1) of the Unfair Contract Terms Act 1977", OK),
    ("s 995 of the Companies Act 2006", "relief under s 994 of the Companies Act 2006",
     R.VALUE_NOT_IN_QUOTE),
    ("s 5 of the Companies Act 2006", "the Buyer's 5 shares under the Companies Act 2006",
     R.QUOTE_HAS_NO_VALUE),
]  # fmt: skip

CODES: list[tuple[str, str, ValueReason | None]] = [
    # US codes and rules by their templates
    ("15 U.S.C. § 78j(b)", "in violation of 15 U.S.C. § 78j(b) and Rule 10b-5", OK),
    ("15 USC 78j(b)", "in violation of 15 U.S.C. §78j(b)", OK),
    ("15 U.S.C. § 78t(a)", "under 15 U.S.C. §§ 78j(b) and 78t(a)", OK),
    ("15 U.S.C. § 78t(a)", "under 15 U.S.C. § 78t(a) (2018)", OK),
    ("15 U.S.C. § 78j", "under 15 U.S.C. § 78j(b)", R.VALUE_INCOMPLETE),
    ("16 U.S.C. § 78j(b)", "under 15 U.S.C. § 78j(b)", R.VALUE_NOT_IN_QUOTE),
    ("15 U.S.C. § 78j(b)", "under 15 U.S.C. § 78j-1(b)", R.VALUE_NOT_IN_QUOTE),
    ("15 U.S.C. § 78j(b)", "Section 10(b) of the Exchange Act", R.VALUE_NOT_IN_QUOTE),
    ("17 C.F.R. § 240.10b-5", "the rule, 17 CFR 240.10b-5, prohibits", OK),
    ("17 C.F.R. § 240.10b-6", "the rule, 17 CFR 240.10b-5, prohibits", R.VALUE_NOT_IN_QUOTE),
    ("Fed. R. Civ. P. 12(b)(6)",
     "moved to dismiss under Rule 12(b)(6) of the Federal Rules of Civil Procedure", OK),
    ("Federal Rule of Civil Procedure 12(b)(6)", "dismissed under Fed. R. Civ. P. 12(b)(6).", OK),
    ("Rule 12(b)(6)", "dismissed under Fed. R. Civ. P. 12(b)(6)", R.VALUE_INCOMPLETE),
    ("Fed. R. Crim. P. 12(b)(6)", "dismissed under Fed. R. Civ. P. 12(b)(6)", R.ACT_MISMATCH),
    ("Fed. R. Civ. P. 12(b)(5)", "dismissed under Fed. R. Civ. P. 12(b)(6)", R.VALUE_NOT_IN_QUOTE),
    ("Fed. R. Evid. 702", "admissible under Federal Rule of Evidence 702", OK),
    ("Fed. R. Evid. 703", "admissible under Federal Rule of Evidence 702", R.VALUE_NOT_IN_QUOTE),
    ("U.C.C. § 2-207", "the battle of the forms under UCC § 2-207", OK),
    ("8 Del. C. § 220", "a books and records demand under 8 Del. C. § 220", OK),
    ("CPR r. 3.4(2)", "struck out under CPR 3.4(2)", OK),
    # US acts: "Act of 1933" is the act's year
    ("Section 11 of the Securities Act of 1933", "Securities Act of 1933, § 11", OK),
    ("§ 11 of the Securities Act", "liability under Section 11 of the Securities Act of 1933", OK),
    ("Section 11 of the Securities Act of 1934", "Section 11 of the Securities Act of 1933",
     R.ACT_MISMATCH),
    ("Section 10(b) of the Exchange Act", "§ 10(b) of the Securities Exchange Act of 1934", OK),
    ("Section 10(b) of the Securities Exchange Act of 1934", "§ 10(b) of the 1934 Act", OK),
    ("Section 10(b) of the Exchange Act", "Section 10(b) of the Securities Act", R.ACT_MISMATCH),
    ("Section 404 of the Sarbanes-Oxley Act", "Section 404 of SOX", OK),
    # UK acts: the year after the name without a comma
    ("s. 994 CA 2006", "a petition under section 994 of the Companies Act 2006", OK),
    ("Companies Act 2006, s. 994", "a petition under s.994 of the Companies Act 2006", OK),
    ("section 1 of the Fraud Act 2006", "contrary to section 1 of the Fraud Act 2006", OK),
    ("section 2 of the Fraud Act 2006", "contrary to section 1 of the Fraud Act 2006",
     R.VALUE_NOT_IN_QUOTE),
    ("s. 2 UCTA", "section 2 of the Unfair Contract Terms Act 1977", OK),
    ("section 3 of the Misrepresentation Act 1967", "s 3 Misrepresentation Act 1967", OK),
]  # fmt: skip

YEARS_AND_INITIALS: list[tuple[str, str, ValueReason | None]] = [
    # the year read after "Cr.P.C."; a wrong sub-section fails
    ("Section 357(3) of the Cr.P.C., 1973", "awarded under Section 357(3) of the Cr.P.C., 1973",
     OK),
    ("Section 357(3) CrPC", "compensation under Section 357(3) of the Cr.P.C., 1973", OK),
    ("Section 357(2) of the Cr.P.C., 1973", "under Section 357(3) of the Cr.P.C., 1973",
     R.VALUE_NOT_IN_QUOTE),
    ("Section 357 of the Cr.P.C., 1973", "under Section 357(3) of the Cr.P.C., 1973",
     R.VALUE_INCOMPLETE),
    ("Section 357(3) of the Cr.P.C., 1974", "under Section 357(3) of the Cr.P.C., 1973",
     R.ACT_MISMATCH),
    # an act by its initials is its full name when the table has exactly one such act
    ("Section 12A of the CC Act, 2015",
     "a suit barred by Section 12A of the Commercial Courts Act, 2015", OK),
    ("Section 12A of the Commercial Courts Act, 2015", "Section 12A of the C.C. Act, 2015", OK),
    ("Section 12A of the Commercial Courts Act, 2015", "Section 12 of the CC Act, 2015",
     R.VALUE_NOT_IN_QUOTE),
    ("Section 138 NI Act", "an offence under Section 138 of the N.I. Act", OK),
    ("Section 138 of the Negotiable Instruments Act", "Section 138 of the N.I. Act", OK),
    # a year one side states and the other does not: the table's year counts as stated,
    # so only acts of one name and several years are concerned
    ("Section 138 NI Act", "Section 138 of the NI Act, 1881", OK),
    ("section 994 of the Companies Act", "under section 994 of the Companies Act 2006",
     R.ACT_MISMATCH),
    ("section 994 of the Companies Act 2013", "under section 994 of the Companies Act 2006",
     R.ACT_MISMATCH),
    ("Section 35 of the Consumer Protection Act",
     "Section 35 of the Consumer Protection Act, 1986", R.ACT_MISMATCH),
    ("Section 35 of the Consumer Protection Act, 2019", "Section 35 of the Consumer Protection Act",
     R.ACT_MISMATCH),
    ("Section 35 of the Consumer Protection Act, 2019",
     "Section 35 of the Consumer Protection Act, 2019", OK),
    ("Section 3 of the Karnataka Stamp Act", "Section 3 of the Karnataka Stamp Act, 1957",
     R.ACT_MISMATCH),
]  # fmt: skip

CASE_NUMBERS: list[tuple[str, str, ValueReason | None]] = [
    # a type the table does not know, compared as written
    ("Award No. 57 of 2022", "the Award No. 57 of 2022 was passed", OK),
    ("Award No. 057/2022", "the Award No. 57 of 2022 was passed", OK),
    ("Award No. 57 of 2021", "the Award No. 57 of 2022 was passed", R.VALUE_NOT_IN_QUOTE),
    ("Award No. 75 of 2022", "the Award No. 57 of 2022 was passed", R.VALUE_NOT_IN_QUOTE),
    ("Award No. 57", "the Award No. 57 of 2022 was passed", R.VALUE_INCOMPLETE),
    ("Award No. 57 of 2022", "in Order No. 57 of 2022", R.VALUE_NOT_IN_QUOTE),
    ("SCN No. 384/2024", "vide SCN No. 384/2024 dated 12.03.2024", OK),
    ("SCN 384/2024", "vide S.C.N. 384/2024 dated 12.03.2024", OK),
    ("SCN 384/2023", "vide SCN No. 384/2024 dated 12.03.2024", R.VALUE_NOT_IN_QUOTE),
    ("Arbitration Case No. 12 of 2021", "in Arbitration Case No. 12 of 2021 the tribunal", OK),
    ("Arbitration Case No. 12 of 2021", "in Arb. Case No. 12 of 2021", R.VALUE_NOT_IN_QUOTE),
    # an unknown type that opens the quote is read from its start, never wrapping round
    ("Award No. 57 of 2022", "Award No. 57 of 2022 Delhi", OK),
    ("SCN 384/2024", "SCN 384/2024 Delhi", OK),
    # an unknown type's capitalised word is at most 20 letters: a longer one is no type
    ("Counterclaimpetition Case No. 12 of 2021", "in Counterclaimpetition Case No. 12 of 2021", OK),
    ("Counterclaimpetitions Case No. 12 of 2021", "in Counterclaimpetitions Case No. 12 of 2021",
     R.VALUE_UNPARSEABLE),
    ("CC 1234/2023", "in CC No. 1234 of 2023 upon Cheque No. 123456 for FY 2023/24", OK),
    # the EU courts: the court's letter, the number and the year all count
    ("C-311/18", "Facebook Ireland and Schrems, C-311/18, EU:C:2020:559", OK),
    ("Case C-311/18", "in Case C-311/18 P, the Court held", OK),
    ("C-311/19", "Facebook Ireland and Schrems, C-311/18, EU:C:2020:559", R.VALUE_NOT_IN_QUOTE),
    ("T-311/18", "Facebook Ireland and Schrems, C-311/18, EU:C:2020:559", R.VALUE_NOT_IN_QUOTE),
    ("C-312/18", "Facebook Ireland and Schrems, C-311/18, EU:C:2020:559", R.VALUE_NOT_IN_QUOTE),
    # US dockets: judge's initials are no part of the number; the office is
    ("1:23-cv-04567", "Case No. 1:23-cv-04567-ABC Document 12 Filed", OK),
    ("Case No. 1:23-cv-04567-ABC", "Civil Action No. 1:23-cv-4567", OK),
    ("No. 1:23-cv-4567", "Case 1:23-cv-04567-ABC-DEF", OK),
    ("23 Civ. 4567 (ABC)", "No. 23-cv-04567", OK),
    ("23-cv-4567", "Case No. 1:23-cv-04567-ABC", R.VALUE_INCOMPLETE),
    ("2:23-cv-04567", "Case No. 1:23-cv-04567-ABC", R.VALUE_NOT_IN_QUOTE),
    ("1:22-cv-04567", "Case No. 1:23-cv-04567-ABC", R.VALUE_NOT_IN_QUOTE),
    ("1:23-cr-04567", "Case No. 1:23-cv-04567-ABC", R.VALUE_NOT_IN_QUOTE),
    ("1:23-cv-04576", "Case No. 1:23-cv-04567-ABC", R.VALUE_NOT_IN_QUOTE),
    # English neutral citations and claim numbers
    ("[2023] EWHC 1234 (Comm)", "in Acme v Beta [2023] EWHC 1234 (Comm) the court held", OK),
    ("[2023] EWHC 1234", "in Acme v Beta [2023] EWHC 1234 (Comm)", R.VALUE_INCOMPLETE),
    ("[2023] EWHC 1234 (Ch)", "in Acme v Beta [2023] EWHC 1234 (Comm)", R.VALUE_NOT_IN_QUOTE),
    ("[2022] EWHC 1234 (Comm)", "in Acme v Beta [2023] EWHC 1234 (Comm)", R.VALUE_NOT_IN_QUOTE),
    ("[2024] EWCA Civ 56", "see [2024] EWCA Civ 56 at [12]", OK),
    ("[2024] EWCA Crim 56", "see [2024] EWCA Civ 56 at [12]", R.VALUE_NOT_IN_QUOTE),
    ("Claim No. HC-2021-000123", "Claim No: HC-2021-123", OK),
    ("Claim No. HC-2021-000123", "Claim No: HC-2021/000123", R.QUOTE_HAS_NO_VALUE),  # two dashes
    ("HC-2022-000123", "Claim No: HC-2021-000123", R.VALUE_NOT_IN_QUOTE),
    ("CL-2021-000123", "Claim No: HC-2021-000123", R.VALUE_NOT_IN_QUOTE),
]  # fmt: skip


def _check(kind: ValueType, value: str, quote: str, reason: ValueReason | None) -> None:
    check = check_value("field", value, quote, {"field": FieldDecl(kind)})
    assert check.value_reason == reason, (check.reading, [m.reading for m in check.mentions])
    assert check.ok is (reason is None)


@pytest.mark.parametrize(("value", "quote", "reason"), PROVISIONS)
def test_provisions_of_every_kind_are_kept_apart(
    value: str, quote: str, reason: ValueReason | None
) -> None:
    _check(S, value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), CODES)
def test_us_uk_and_eu_acts_and_codes(value: str, quote: str, reason: ValueReason | None) -> None:
    _check(S, value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), YEARS_AND_INITIALS)
def test_years_and_initials(value: str, quote: str, reason: ValueReason | None) -> None:
    _check(S, value, quote, reason)


@pytest.mark.parametrize(("value", "quote", "reason"), CASE_NUMBERS)
def test_case_numbers_of_every_kind(value: str, quote: str, reason: ValueReason | None) -> None:
    _check(C, value, quote, reason)


@pytest.mark.parametrize(
    ("value", "reading"),
    [
        ("Order VII Rule 11 CPC", "O. 7 r. 11, Code of Civil Procedure, 1908"),
        ("15 U.S.C. § 78j(b)", "title 15 s. 78J(b), United States Code"),
        ("Article 28(3)(a) GDPR", "art. 28(3)(a), General Data Protection Regulation, 2016"),
        ("s. 994 CA 2006", "s. 994, Companies Act, 2006"),
        ("Section 12A of the CC Act, 2015", "s. 12A, Commercial Courts Act, 2015"),
        ("Award No. 057 of 2022", "Award 57/2022"),
        ("Case No. 1:23-cv-04567-ABC", "1:23-cv-4567"),
        ("[2023] EWHC 1234 (Comm)", "[2023] EWHC 1234 (COMM)"),
        ("Claim No. HC-2021-123", "HC-2021-000123"),
    ],
)
def test_each_reading_prints_as_one_exact_form(value: str, reading: str) -> None:
    assert check_value("f", value, "", {}).reading == reading


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("Order VII Rule 11 CPC", S),
        ("15 U.S.C. § 78j(b)", S),
        ("Fed. R. Civ. P. 12(b)(6)", S),
        ("Article 28(3)(a) GDPR", S),
        ("Section 11 of the Securities Act of 1933", S),
        ("Award No. 57 of 2022", C),
        ("1:23-cv-04567", C),
        ("[2023] EWHC 1234 (Comm)", C),
        ("HC-2021-000123", C),
    ],
)
def test_the_new_forms_are_inferred(value: str, kind: ValueType) -> None:
    assert infer_type(value) == kind


def test_initials_that_two_acts_share_name_neither() -> None:
    """With a second "CC Act" in the table, "CC Act" is read as written: neither act."""
    extra = parse_acts({"cantonment": {"title": "Cantonment Courts Act", "year": 2015}})
    assert not isinstance(extra, FieldsProblem)
    table = DEFAULT_ACTS.extended(extra)
    fields = {"f": FieldDecl(S)}
    full, short = (
        "Section 12A of the Commercial Courts Act, 2015",
        "Section 12A of the CC Act, 2015",
    )
    assert check_value("f", full, short, fields, acts=table).value_reason is R.ACT_MISMATCH
    assert check_value("f", short, full, fields, acts=table).value_reason is R.ACT_MISMATCH
    assert check_value("f", short, short, fields, acts=table).ok
    assert check_value("f", full, short, fields).ok  # sakshi's own table has one


def test_initials_need_capitals() -> None:
    """ "cc act" in lower case is no act's initials (nor is "the Act" anything's)."""
    check = check_value("f", "Section 12A of the Commercial Courts Act", "section 12A cc act",
                        {"f": FieldDecl(S)})  # fmt: skip
    assert check.value_reason is R.ACT_MISMATCH


def test_a_stated_year_picks_the_one_act_of_those_initials() -> None:
    """With the Employment Relations Act 1999 beside the Employment Rights Act 1996, "ERA
    1996" is the one and "ERA" neither; two letters alone are no initials ("CA" would be
    the Companies, Contract, Customs, Competition and Copyright Act, and the Finance Act
    outside the table): "CA 2006" is an alias of the Companies Act."""
    extra = parse_acts({"relations": {"title": "Employment Relations Act", "year": 1999}})
    assert not isinstance(extra, FieldsProblem)
    table = DEFAULT_ACTS.extended(extra)
    fields = {"f": FieldDecl(S)}
    rights = "s. 98 Employment Rights Act 1996"
    assert check_value("f", rights, "s. 98 ERA 1996", fields, acts=table).ok
    assert not check_value("f", rights, "s. 98 ERA 1999", fields, acts=table).ok
    assert check_value("f", rights, "s. 98 ERA", fields, acts=table).value_reason is (
        R.ACT_MISMATCH
    )
    assert check_value("f", rights, "s. 98 ERA", fields).ok  # one ERA in sakshi's table
    unread = check_value("f", "s. 994 Companies Act", "s. 994 CA", fields)
    assert unread.value_reason is R.ACT_MISMATCH
    assert check_value("f", "s. 5 Fraud Act 2006", "s. 5 FA 2006", fields).value_reason is (
        R.ACT_MISMATCH
    )
    assert check_value("f", "s. 123 Insolvency Act 1986", "s. 123 IA 1986", fields).ok


def test_an_enumeration_of_rules_states_each() -> None:
    fields = {"f": FieldDecl(S)}
    quote = "an injunction under Order XXXIX Rules 1 and 2 CPC was refused"
    for rule in ("1", "2"):
        assert check_value("f", f"Order 39 Rule {rule} CPC", quote, fields).ok
    assert not check_value("f", "Order 39 Rule 3 CPC", quote, fields).ok


def test_cues_reach_across_a_codes_abbreviations() -> None:
    """ "Fed. R. Civ. P." ends no clause: the cue before it still reaches the citation."""
    fields = {
        "dismissal": FieldDecl(S, cues=("dismiss",)),
        "sanction": FieldDecl(S, cues=("sanctions",)),
    }
    quote = (
        "moved to dismiss under Fed. R. Civ. P. 12(b)(6) and for sanctions under Fed. R. Civ. P. 11"
    )
    assert check_value("dismissal", "Rule 12(b)(6) of the FRCP", quote, fields).ok
    wrong = check_value("dismissal", "Fed. R. Civ. P. 11", quote, fields)
    assert wrong.value_reason is R.LABEL_MISMATCH


NY = {
    "nycrr": {
        "title": "New York Codes, Rules and Regulations",
        "year": None,
        "templates": ["{title} NYCRR § {section}", "{title} N.Y.C.R.R. § {section}"],
    },
    "nygbl": {
        "title": "New York General Business Law",
        "templates": ["N.Y. Gen. Bus. Law § {section}"],
    },
}


def test_templates_extend_in_configuration() -> None:
    extra = parse_acts(NY)
    assert not isinstance(extra, FieldsProblem)
    table = DEFAULT_ACTS.extended(extra)
    fields = {"f": FieldDecl(S)}
    law, rules = "deceptive under N.Y. Gen. Bus. Law § 349(a)", "and 11 N.Y.C.R.R. § 216.0"
    assert check_value("f", "N.Y. Gen. Bus. Law § 349(a)", law, fields, acts=table).ok
    assert check_value("f", "11 NYCRR § 216.0", rules, fields, acts=table).ok
    assert not check_value("f", "12 NYCRR § 216.0", rules, fields, acts=table).ok
    assert not check_value("f", "11 NYCRR § 216.0", rules, fields).ok  # sakshi's table
    both = check_value("f", "11 NYCRR § 216.0", f"{law} {rules}", fields, acts=table)
    assert [m.surface for m in both.mentions] == [law[16:], rules[4:]]  # two citations


@pytest.mark.parametrize(
    ("template", "shown"),
    [
        ("{title} {section}", "'{title} {section}'"),  # no words of the code
        ("NYCRR § {section} {title}", "'NYCRR § {section} {title}'"),
        ("NYCRR § {subsection}", "'NYCRR § {subsection}'"),
        ("NYCRR §", "'NYCRR §'"),
        ("N{Y}CRR {section}", "'N{Y}CRR {section}'"),
        ("12 {section}", "'12 {section}'"),  # a number is no code's words
        ("§ {section}", "'§ {section}'"),
    ],
)
def test_a_template_that_is_none_is_refused_naming_the_key(template: str, shown: str) -> None:
    problem = parse_acts(
        {"nycrr": {"title": "NYCRR", "templates": ["{title} NYCRR § {section}", template]}}
    )
    assert isinstance(problem, FieldsProblem)
    assert problem.key == "nycrr.templates[1]"
    assert problem.expected.startswith("a template: an optional {title}") and problem.found == shown
    assert isinstance(parse_acts({"x": {"title": "X", "templates": "X {section}"}}), FieldsProblem)


def test_fields_yaml_templates_are_read_strictly(tmp_path: Path) -> None:
    from sakshi.commands.values import value_setup

    docs = tmp_path / "DOCS.yaml"
    docs.write_text("documents:\n  - id: d\n    text: x\n", "utf-8")
    good = tmp_path / "FIELDS.yaml"
    good.write_text(
        "fields: {rule: {type: statute}}\n"
        "acts:\n  nycrr: {title: NYCRR, templates: ['{title} NYCRR § {section}']}\n",
        "utf-8",
    )
    setup = value_setup(docs, good)
    quote = "under 11 NYCRR § 216.0"
    assert check_value("rule", "11 N.Y.C.R.R. 216.0", quote, setup.fields, acts=setup.acts).ok
    bad = tmp_path / "BAD.yaml"
    bad.write_text(
        "fields: {}\nacts:\n  nycrr: {title: NYCRR, templates: ['NYCRR {title}']}\n", "utf-8"
    )
    with pytest.raises(InputError) as raised:
        value_setup(docs, bad)
    assert str(raised.value).startswith(f"{bad}: acts.nycrr.templates[0]: expected a template")


def test_a_chain_of_code_citations_is_read_in_one_pass() -> None:
    """Each citation ends where the next code's title begins, without reading the next
    one inside it: 3,000 of them neither recurse nor take long."""
    quote = " and ".join(f"15 U.S.C. § {n}" for n in range(1, 3001))
    check = check_value("f", "15 U.S.C. § 7", quote, {"f": FieldDecl(S)})
    assert len(check.mentions) == 3000 and check.value_reason is R.AMBIGUOUS_QUOTE


@pytest.mark.parametrize(
    "quote",
    ["in CC No. 12/2023 dated 12-Mar-2024", "in CC No. 12/2023 (Ref. AB-2021-000123)"],
)
def test_dates_and_references_are_no_dockets_or_claims(quote: str) -> None:
    check = check_value("f", "CC 12/2023", quote, {"f": FieldDecl(C)})
    assert check.ok and len(check.mentions) == 1


@pytest.mark.parametrize(
    ("value", "quote"),
    [
        ("15 U.S.C. Section 78j(b)", "codified at 15 U.S.C. § 78j(b); and"),
        ("15 U.S.C. § 78j(b)", "codified at 15 U.S.C. Section 78j(b) and"),
        ("26 U.S.C. Sec. 61", "gross income under 26 U.S.C. § 61"),
    ],
)
def test_a_code_section_written_as_a_word(value: str, quote: str) -> None:
    assert check_value("law", value, quote, {"law": FieldDecl(ValueType.STATUTE)}).ok
    wrong = value.replace("(b)", "(a)").replace(" 61", " 62")
    assert not check_value("law", wrong, quote, {"law": FieldDecl(ValueType.STATUTE)}).ok


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("Commercial Courts Act", ("cca", "ccact")),
        ("Code of Civil Procedure", ("ccp",)),  # small words do not count
        ("Arbitration and Conciliation Act", ("aca", "acact")),
        ("Prevention of Money-Laundering Act", ("pmla", "pmlact")),
        ("Income-tax Act, 1961", ("ita", "itact")),  # the year and the comma do not count
        ("Specific Relief (Amendment) Act", ("sra", "sract")),  # nor words in brackets
        ("Real Estate (Regulation and Development) Act", ("rea", "react")),
        ("NI Act", ()),  # capitals: an abbreviation already
        ("Companies Act", ()),  # two letters would name too many acts
        ("Motor Vehicles Act 1988", ("mva", "mvact")),
        ("Bhāratīya Nyāya Sanhitā", ()),  # initials only of plain ASCII words
    ],
)
def test_an_acts_initials_are_its_words_outside_brackets(name: str, keys: tuple[str, ...]) -> None:
    assert _initials(name) == keys


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("15 U.S.C. § 78j (2018)", OK),  # an edition's year changes no provision
        ("15 U.S.C. § 78j (Supp)", R.VALUE_UNPARSEABLE),  # four letters are no year
    ],
)
def test_a_codes_edition_is_a_four_digit_year(value: str, reason: ValueReason | None) -> None:
    check = check_value("f", value, "under 15 U.S.C. § 78j", {"f": FieldDecl(S)})
    assert check.value_reason is reason
