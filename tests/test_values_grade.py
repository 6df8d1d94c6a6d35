"""VALUE_UNSUPPORTED in the grade (SPEC 4 step 3, SPEC 8), on plain data: in every
engine_state, after FABRICATED_SPAN, every unstated value reported, and a property: any
single-digit change of a money, date or quantity value against its own quote is red."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sakshi.context.grade import Grade, Verdict, grade_turn, value_text
from sakshi.context.turns import EngineState, Served, Turn, TurnValue, bundle_sha256
from sakshi.reasons import GradeReason, ValueReason
from sakshi.spans import BodyKind, Document
from sakshi.values import FieldDecl, TypeSource, ValueType, parse_fields

PM = GradeReason.PROVENANCE_MISMATCH
FS = GradeReason.FABRICATED_SPAN
VU = GradeReason.VALUE_UNSUPPORTED
EM = GradeReason.EVIDENCE_MISSING
WM = GradeReason.WHY_MISSING
CM = GradeReason.CITE_MISSING
STATES = list(EngineState)

COMPLAINT = (
    "3. The accused issued cheque No. 804694 dated 12.03.2024 for a sum of "
    "₹ 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only).\n"
    "4. The lot of 42.500 MT was received on 14.06.2024.\n"
)
DOCS = {"complaint": Document.from_strings("complaint", BodyKind.TEXT, [COMPLAINT])}
AMOUNT_QUOTE = "for a sum of ₹ 64,32,000/- (Rupees Sixty Four Lakh Thirty Two Thousand only)"
DIGEST = bundle_sha256({"engine": "test"})


def fields(raw: Mapping[str, object]) -> dict[str, FieldDecl]:
    parsed = parse_fields(raw)
    assert isinstance(parsed, dict), parsed
    return parsed


FIELDS = fields(
    {
        "cheque_amount": {"type": "money", "currency": "INR", "cues": ["sum of"]},
        "cheque_date": {"type": "date", "cues": ["dated"]},
        "qty": {"type": "quantity", "unit": "MT"},
    }
)


def cited(field: str, value: object, quote: str, why: object = "Paragraph 3 says so.") -> TurnValue:
    return TurnValue(field, value, why, {"doc": "complaint", "quote": quote})  # type: ignore[arg-type]


def served(state: EngineState) -> Served:
    return Served(state, None if state is EngineState.NONE else DIGEST)


def grade(
    state: EngineState, *values: TurnValue, declared: Mapping[str, FieldDecl] = FIELDS
) -> Grade:
    at = served(state)
    return grade_turn(Turn(state.value, at.bundle_sha256, values), at, DOCS, declared)


# --- every state, never degrading --------------------------------------------------------


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.value)
def test_a_real_quote_that_does_not_state_the_value_is_red_in_every_state(
    state: EngineState,
) -> None:
    g = grade(state, cited("cheque_amount", "₹ 6,43,200", AMOUNT_QUOTE))
    assert (g.verdict, g.reasons) == (Verdict.RED, (VU,))
    (finding,) = g.findings
    assert (finding.value_index, finding.field) == (0, "cheque_amount")
    assert finding.span is not None and finding.span.verified
    check = finding.value
    assert check is not None and not check.ok
    assert check.value_reason is ValueReason.VALUE_NOT_IN_QUOTE
    assert (check.type, check.type_source) == (ValueType.MONEY, TypeSource.DECLARED)
    assert check.reading == "INR 643200"
    assert [m.reading for m in check.mentions] == ["INR 6432000"]
    assert "x10" in check.hint
    assert "VALUE_NOT_IN_QUOTE" in finding.detail and "'cheque_amount'" in finding.detail


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.value)
def test_a_value_its_quote_states_is_green_in_every_state(state: EngineState) -> None:
    g = grade(state, cited("cheque_amount", "Rs. 64.32 lakh", AMOUNT_QUOTE))
    assert (g.verdict, g.reasons, g.findings) == (Verdict.GREEN, (), ())
    (check,) = g.values
    assert check is not None and check.ok and check.matched == 0


def test_value_unsupported_comes_after_fabrication_and_before_the_bar() -> None:
    g = grade(
        EngineState.LIVE,
        cited("qty", "42.500 MT", "lot of 99 MT"),  # 0: fabricated: not value-checked
        cited("cheque_amount", "₹ 6,43,200", AMOUNT_QUOTE, why=None),  # 1: unstated, no why
        cited("cheque_date", "13.03.2024", "dated 12.03.2024"),  # 2: unstated
        TurnValue("note", "x", "w", None),  # 3: no cite: not value-checked
    )
    assert g.reasons == (FS, VU, WM, CM)
    assert [(f.reason, f.value_index) for f in g.findings] == [
        (FS, 0),
        (VU, 1),
        (VU, 2),  # every unstated value, not only the first
        (WM, 1),
        (CM, 3),
    ]
    assert g.values[0] is None and g.values[3] is None  # not checked
    assert g.findings[0].value is None


def test_provenance_mismatch_and_an_unstated_value_are_both_reported() -> None:
    values = (cited("cheque_date", "21.03.2024", "dated 12.03.2024"),)
    g = grade_turn(Turn("stubbed", DIGEST, values), served(EngineState.LIVE), DOCS, FIELDS)
    assert g.reasons == (PM, VU)


@pytest.mark.parametrize("value", [None, ""], ids=["null", "empty"])
@pytest.mark.parametrize("state", STATES, ids=lambda s: s.value)
def test_an_honest_empty_with_a_cite_is_not_value_checked(
    state: EngineState, value: object
) -> None:
    g = grade(
        state, cited("cheque_amount", "₹ 64,32,000", AMOUNT_QUOTE), cited("x", value, "dated")
    )
    assert VU not in g.reasons and g.values[1] is None


@pytest.mark.parametrize("state", [EngineState.PARTIAL, EngineState.STUBBED, EngineState.NONE])
def test_below_live_a_value_without_a_cite_needs_nothing(state: EngineState) -> None:
    g = grade(state, TurnValue("cheque_amount", "₹ 1", None, None))
    assert g.verdict is Verdict.GREEN and g.values == (None,)


def test_at_live_a_value_without_a_cite_is_cite_missing_not_value_unsupported() -> None:
    g = grade(EngineState.LIVE, TurnValue("cheque_amount", "₹ 1", "w", None))
    assert g.reasons == (CM,)


def test_undeclared_fields_are_inferred_from_the_value() -> None:
    g = grade(EngineState.LIVE, cited("when", "12 March 2024", "dated 12.03.2024"), declared={})
    (check,) = g.values
    assert check is not None and check.ok
    assert (check.type, check.type_source) == (ValueType.DATE, TypeSource.INFERRED)
    red = grade(EngineState.LIVE, cited("term", "15 days from notice", "dated"), declared={})
    assert red.reasons == (VU,)
    assert red.findings[0].value is not None
    assert red.findings[0].value.value_reason is ValueReason.VALUE_UNTYPED


def test_a_claim_is_reported_unchecked_and_never_red() -> None:
    declared = fields({"summary": {"type": "claim"}})
    g = grade(
        EngineState.LIVE, cited("summary", "The drawer is liable.", "dated"), declared=declared
    )
    assert g.verdict is Verdict.GREEN
    (check,) = g.values
    assert check is not None and check.ok and not check.checked


def test_a_json_number_is_read_as_written() -> None:
    assert (value_text(785000), value_text(42.5), value_text("₹ 1")) == ("785000", "42.5", "₹ 1")
    assert value_text(10**5000) == "a huge number"
    g = grade(EngineState.LIVE, cited("qty", 42.5, "lot of 42.500 MT"), declared={})
    assert g.verdict is Verdict.GREEN, g.findings
    assert grade(EngineState.LIVE, cited("qty", 10**5000, "lot of 42.500 MT")).reasons == (VU,)


def test_the_grade_stays_frozen() -> None:
    g = grade(EngineState.LIVE, cited("cheque_amount", "₹ 6,43,200", AMOUNT_QUOTE))
    with pytest.raises(AttributeError):
        g.values = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g.findings[0].value = None  # type: ignore[misc]


# --- the property: one digit changed is never stated by the value's own quote -----------

# (field, a value in a surface form other than its quote's, the quote that states it)
STATED = [
    ("cheque_amount", "₹ 64,32,000", AMOUNT_QUOTE),
    ("cheque_amount", "Rs.64,32,000/-", "for a sum of ₹ 64,32,000/-"),
    ("cheque_amount", "INR 6432000", "for a sum of ₹ 64,32,000/-"),
    ("cheque_date", "12.03.2024", "dated 12.03.2024"),
    ("cheque_date", "2024-03-12", "dated 12.03.2024"),
    ("qty", "42.500 MT", "lot of 42.500 MT"),
    ("qty", "42.5 MT", "lot of 42.500 MT"),
]


def test_the_property_alphabet_is_green_as_written() -> None:
    for field, value, quote in STATED:
        assert quote in COMPLAINT, quote
        g = grade(EngineState.LIVE, cited(field, value, quote))
        assert g.verdict is Verdict.GREEN, (field, value, quote, g.findings)


@settings(max_examples=400, derandomize=True, database=None, deadline=None)
@given(st.sampled_from(STATED), st.sampled_from(STATES), st.data())
def test_any_single_digit_change_is_value_unsupported(
    case: tuple[str, str, str], state: EngineState, data: st.DataObject
) -> None:
    field, value, quote = case
    positions = [i for i, char in enumerate(value) if char.isdigit()]
    at = data.draw(st.sampled_from(positions), label="position")
    digit = data.draw(st.sampled_from("0123456789"), label="digit")
    assume(digit != value[at])
    changed = value[:at] + digit + value[at + 1 :]
    g = grade(state, cited(field, changed, quote))
    # Red, for the unstated value alone (the cite still verifies), whatever the change
    # did: another amount, date or quantity, or an impossible date.
    assert (g.verdict, g.reasons) == (Verdict.RED, (VU,)), (changed, g.findings)
