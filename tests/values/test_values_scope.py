"""Scoping by cue words, negation and roles: which mention a value may match."""

from __future__ import annotations

import pytest

from sakshi.values import Bound, FieldDecl, Polarity, RoleWords, ValueReason, ValueType, check_value

R = ValueReason
T = ValueType

DATES = {
    "cheque_date": FieldDecl(T.DATE, cues=("dated",)),
    "presentation_date": FieldDecl(T.DATE, cues=("presented",)),
    "dishonour_date": FieldDecl(T.DATE, cues=("dishonoured",)),
}
CHEQUE = (
    "the cheque dated 12.03.2024 was presented on 15.03.2024 and dishonoured on "
    "18.03.2024 for insufficiency of funds"
)

# (field, value, quote, fields, reason or None)
SCOPED: list[tuple[str, str, str, dict[str, FieldDecl], ValueReason | None]] = [
    ("cheque_date", "12.03.2024", CHEQUE, DATES, None),
    ("presentation_date", "15/03/2024", CHEQUE, DATES, None),
    ("dishonour_date", "18th March, 2024", CHEQUE, DATES, None),
    ("presentation_date", "12.03.2024", CHEQUE, DATES, R.LABEL_MISMATCH),
    ("presentation_date", "18.03.2024", CHEQUE, DATES, R.LABEL_MISMATCH),
    ("dishonour_date", "15.03.2024", CHEQUE, DATES, R.LABEL_MISMATCH),
    # only one field declares cues: the others' dates are nobody's, and the field's cue
    # gives it another date (SPEC 8: only a mention of the field may match)
    ("presentation_date", "12.03.2024", CHEQUE,
     {"presentation_date": DATES["presentation_date"]}, R.LABEL_MISMATCH),
    ("presentation_date", "15.03.2024", CHEQUE,
     {"presentation_date": DATES["presentation_date"]}, None),
    # no cues at all: several dates, no way to tell
    ("some_date", "15.03.2024", CHEQUE, {}, R.AMBIGUOUS_QUOTE),
    ("some_date", "15.03.2024", "presented on 15.03.2024", {}, None),
    # the same reading twice is no ambiguity
    ("some_date", "15.03.2024", "on 15.03.2024, i.e. on 15th March, 2024", {}, None),
    # a cue in another clause does not reach
    ("presentation_date", "15.03.2024",
     "the cheque was presented. On 15.03.2024 it was returned; dated 12.03.2024", DATES,
     R.AMBIGUOUS_QUOTE),
    # a wrong value with cues: not in the quote at all
    ("presentation_date", "16.03.2024", CHEQUE, DATES, R.VALUE_NOT_IN_QUOTE),
]  # fmt: skip


HINDI_DATES = {
    "presentation_date": FieldDecl(T.DATE, cues=("प्रस्तुत",)),
    "dishonour_date": FieldDecl(T.DATE, cues=("अनादरित",)),
}
HINDI_CHEQUE = (
    "परिवादी ने उक्त चेक को दिनांक 26.08.2021 को बैंक में प्रस्तुत किया, जो दिनांक "
    '28.08.2021 को "अपर्याप्त निधि" के कारण अनादरित होकर लौट आया।'
)
# Hindi is verb-final: the cue follows its mention, and "जो" opens a clause of its own
SCOPED += [
    ("presentation_date", "26-08-2021", HINDI_CHEQUE, HINDI_DATES, None),
    ("dishonour_date", "28-Aug-2021", HINDI_CHEQUE, HINDI_DATES, None),
    ("presentation_date", "28-Aug-2021", HINDI_CHEQUE, HINDI_DATES, R.LABEL_MISMATCH),
    ("dishonour_date", "26.08.2021", HINDI_CHEQUE, HINDI_DATES, R.LABEL_MISMATCH),
    # a tie in Hindi goes to the cue after the mention
    (
        "presentation_date",
        "26.08.2021",
        "दिनांक 26.08.2021 को प्रस्तुत किया, दिनांक 28.08.2021 को अनादरित",
        HINDI_DATES,
        None,
    ),
    (
        "dishonour_date",
        "28.08.2021",
        "दिनांक 26.08.2021 को प्रस्तुत किया, दिनांक 28.08.2021 को अनादरित",
        HINDI_DATES,
        None,
    ),
]


@pytest.mark.parametrize(("field", "value", "quote", "fields", "reason"), SCOPED)
def test_cues_scope_mentions_to_fields(
    field: str, value: str, quote: str, fields: dict[str, FieldDecl], reason: ValueReason | None
) -> None:
    check = check_value(field, value, quote, fields)
    assert check.value_reason == reason, (check.mentions, check.hint)


def test_mentions_report_their_owner() -> None:
    check = check_value("cheque_date", "12.03.2024", CHEQUE, DATES)
    owners = [(m.surface, m.field) for m in check.mentions]
    assert owners == [
        ("12.03.2024", "cheque_date"),
        ("15.03.2024", "presentation_date"),
        ("18.03.2024", "dishonour_date"),
    ]
    assert check.matched == 0


AMOUNTS = {
    "cheque_amount": FieldDecl(T.MONEY, currency="INR", cues=("cheque", "sum of")),
    "compensation": FieldDecl(T.MONEY, currency="INR", cues=("compensation",)),
}
SENTENCING = (
    "the accused issued a cheque for a sum of Rs. 5,00,000/- and is directed to pay "
    "compensation of Rs. 7,50,000/- within 30 days"
)


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("cheque_amount", "Rs. 5,00,000", None),
        ("compensation", "7.5 lakh", None),
        ("cheque_amount", "Rs. 7,50,000", R.LABEL_MISMATCH),
        ("compensation", "5,00,000", R.LABEL_MISMATCH),
        ("cheque_amount", "Rs. 12,50,000", R.VALUE_NOT_IN_QUOTE),
    ],
)
def test_money_cues(field: str, value: str, reason: ValueReason | None) -> None:
    assert check_value(field, value, SENTENCING, AMOUNTS).value_reason == reason


PAID = {"paid": FieldDecl(T.MONEY, polarity=Polarity.AFFIRMATIVE)}
NEGATIONS = [
    ("the accused has not paid Rs. 5,00,000", R.NEGATED_IN_QUOTE),
    ("the accused failed to pay Rs. 5,00,000", R.NEGATED_IN_QUOTE),
    ("the accused is yet to pay Rs. 5,00,000", R.NEGATED_IN_QUOTE),
    ("the unpaid amount of Rs. 5,00,000", R.NEGATED_IN_QUOTE),
    ("Rs. 5,00,000 remains unpaid", R.NEGATED_IN_QUOTE),
    ("the accused didn't pay Rs. 5,00,000", R.NEGATED_IN_QUOTE),
    ("अभियुक्त ने 5,00,000 रुपये का भुगतान नहीं किया", R.NEGATED_IN_QUOTE),
    ("the accused paid Rs. 5,00,000", None),
    ("the accused paid Rs. 5,00,000 but failed to pay the balance", None),
    ("cheque No. 12345 for Rs. 5,00,000", None),  # "No." is a label, not a negation
    ("he did not pay; later he paid Rs. 5,00,000", None),  # another clause
    # a claim or amount rejected, disallowed, dismissed, not allowed
    (
        "Claim No. 4 for loss of profit amounting to ₹ 5,00,000 is rejected, as the",
        R.NEGATED_IN_QUOTE,
    ),
    ("the claim of Rs. 5,00,000 towards damages is disallowed", R.NEGATED_IN_QUOTE),
    ("the claim for Rs. 5,00,000 is not allowed", R.NEGATED_IN_QUOTE),
    ("the sum of Rs. 5,00,000 has not been paid till date", R.NEGATED_IN_QUOTE),
    # a negation after the mention reaches only its own phrase
    ("the defendant paid ₹ 5,00,000 on 27.05.2023 and has failed to pay the balance", None),
    ("a sum of ₹ 5,00,000 (Rupees Five Lakh only) towards the unpaid running account bills", None),
    ("अभियुक्त ने 5,00,000 रुपये का भुगतान किया और शेष राशि का भुगतान नहीं किया", None),
]


@pytest.mark.parametrize(("quote", "reason"), NEGATIONS)
def test_polarity_affirmative(quote: str, reason: ValueReason | None) -> None:
    check = check_value("paid", "Rs. 5,00,000", quote, PAID)
    assert check.value_reason == reason, check.mentions
    if reason is not None:
        assert check.mentions[check.matched or 0].negated and check.hint == "negated clause"


def test_negation_matters_only_with_affirmative_polarity() -> None:
    check = check_value("due", "Rs. 5,00,000", "has not paid Rs. 5,00,000", {})
    assert check.ok and check.mentions[0].negated


def test_delivered_against_not_delivered() -> None:
    decl = FieldDecl(T.QUANTITY, unit="MT", cues=("deliver",), polarity=Polarity.AFFIRMATIVE)
    fields = {"delivered": decl}
    quote = "the seller delivered 30 MT but failed to deliver 12.5 MT"
    assert check_value("delivered", "30 MT", quote, fields).value_reason is None
    lost = check_value("delivered", "12.5 MT", quote, fields)
    assert lost.value_reason == R.NEGATED_IN_QUOTE


def test_a_negation_does_not_reach_back_across_and() -> None:
    fields = {
        "amount_paid": FieldDecl(
            T.MONEY, currency="INR", cues=("paid",), polarity=Polarity.AFFIRMATIVE
        ),
        "balance_due": FieldDecl(T.MONEY, currency="INR", cues=("balance",)),
    }
    quote = (
        "The defendant paid a sum of ₹ 59,97,000 on 27.05.2023 and has failed to pay the "
        "balance amount of ₹ 1,26,95,000 despite repeated demands."
    )
    assert check_value("amount_paid", "Rs. 59,97,000/-", quote, fields).ok
    wrong = check_value("amount_paid", "₹ 1,26,95,000", quote, fields)
    assert not wrong.ok


ROLES = (
    RoleWords("accused", ("accused", "drawer")),
    RoleWords("complainant", ("complainant", "payee")),
)
ACCUSED = {"accused_name": FieldDecl(T.NAME, role="accused", roles=ROLES)}
PARTIES = [
    ("the accused Ramesh Kumar issued a cheque to the complainant Suresh Gupta",
     "Ramesh Kumar", None),
    ("the accused Ramesh Kumar issued a cheque to the complainant Suresh Gupta",
     "Suresh Gupta", R.ROLE_MISMATCH),
    ("Ramesh Kumar, the drawer of the cheque, and Suresh Gupta, the payee", "Ramesh Kumar",
     None),
    ("Ramesh Kumar, the drawer of the cheque, and Suresh Gupta, the payee", "Suresh Gupta",
     R.ROLE_MISMATCH),
    ("M/s. Shree Balaji Traders, the complainant, and Sh. Ramesh Kumar, the accused",
     "Shree Balaji Traders", R.ROLE_MISMATCH),
    ("Ramesh Kumar issued a cheque", "Ramesh Kumar", R.ROLE_MISMATCH),
    ("the accused Ramesh Kumar", "Mahesh Kumar", R.VALUE_NOT_IN_QUOTE),
]  # fmt: skip


@pytest.mark.parametrize(("quote", "value", "reason"), PARTIES)
def test_roles(quote: str, value: str, reason: ValueReason | None) -> None:
    check = check_value("accused_name", value, quote, ACCUSED)
    assert check.value_reason == reason, check.hint


def test_role_mismatch_hints_the_other_party() -> None:
    quote = "the accused Ramesh Kumar issued a cheque to the complainant Suresh Gupta"
    check = check_value("accused_name", "Suresh Gupta", quote, ACCUSED)
    assert check.hint == "the other party"


def test_default_roles_when_none_are_declared() -> None:
    fields = {"accused_name": FieldDecl(T.NAME, role="accused")}
    quote = "the complainant Suresh Gupta and the accused Ramesh Kumar"
    assert check_value("accused_name", "Ramesh Kumar", quote, fields).ok
    assert not check_value("accused_name", "Suresh Gupta", quote, fields).ok


OFFENCES = (
    "arrested in FIR No. 579/2021 for the offences punishable under Sections 307, 324 and "
    "34 of the Indian Penal Code, 1860"
)


@pytest.mark.parametrize(
    ("value", "quote", "reason"),
    [
        # an enumeration of sections of one act states each of them
        ("Section 324 of the IPC", OFFENCES, None),
        ("s. 307 IPC", OFFENCES, None),
        ("s. 34 IPC, 1860", OFFENCES, None),
        ("s. 326 IPC", OFFENCES, R.VALUE_NOT_IN_QUOTE),
        ("s. 324 NI Act", OFFENCES, R.ACT_MISMATCH),
        # unrelated mentions stay ambiguous
        ("s. 324 IPC", "under Section 307 IPC and Section 324 IPC", R.AMBIGUOUS_QUOTE),
        ("s. 324 IPC", "under Sections 307, 324 IPC and Section 25 of the Arms Act",
         R.AMBIGUOUS_QUOTE),
    ],
)  # fmt: skip
def test_one_section_of_an_enumeration(value: str, quote: str, reason: ValueReason | None) -> None:
    assert check_value("offence", value, quote, {}).value_reason == reason


@pytest.mark.parametrize(
    ("quote", "ok"),
    [
        ("John's claim is more than Rs. 5,000", True),  # a possessive's "s" negates nothing
        ("Kiran's claim is not more than Rs. 5,000", False),
        ("the claim isn't more than Rs. 5,000", False),  # the t of "isn't" does
    ],
)
def test_only_a_negation_flips_a_bound(quote: str, ok: bool) -> None:
    at_least = {"f": FieldDecl(T.MONEY, bound=Bound.AT_LEAST)}
    assert check_value("f", "Rs. 5,000", quote, at_least).ok is ok


@pytest.mark.parametrize(
    ("value", "quote"),
    [
        ("4500012345", "in C.C. No. 1234/2023, PO No. 4500012345 and Invoice No. 77"),
        ("77", "in C.C. No. 1234/2023 the Invoice No. 77 and PO No. 45"),
    ],
)
def test_a_case_number_beside_two_labelled_identifiers_leaves_them_rivals(
    value: str, quote: str
) -> None:
    # The case number is set aside (it is no identifier); the two identifiers it does not
    # touch remain, and with no cue to tell them apart the quote is ambiguous.
    check = check_value("f", value, quote, {"f": FieldDecl(T.IDENTIFIER)})
    assert check.value_reason is R.AMBIGUOUS_QUOTE
    assert len(check.mentions) == 2


@pytest.mark.parametrize(
    "quote",
    [
        "in Award No. 57 of 2022, PO No. 4500012345 was paid",  # a year: a case number
        "in C.C. No. 1234, PO No. 4500012345 was paid",  # a known case type, no year
        "in C.C. No. 1234/2023, PO No. 4500012345 was paid",
    ],
)
def test_a_case_number_is_no_rival_of_a_labelled_identifier(quote: str) -> None:
    check = check_value("f", "4500012345", quote, {"f": FieldDecl(T.IDENTIFIER)})
    assert check.ok and [str(m.reading) for m in check.mentions] == ["4500012345"]
