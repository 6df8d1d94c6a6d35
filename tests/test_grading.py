"""The Why+Cite grade and its engine_state switch (SPEC section 4), on plain data."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context.declared import Answers
from sakshi.context.grade import (
    Finding,
    Grade,
    Verdict,
    checked_span,
    grade_turn,
    route_failed,
)
from sakshi.context.turns import EngineState, Served, Turn, TurnValue, bundle_sha256
from sakshi.reasons import GradeReason, SpanReason
from sakshi.runcache import RunCache
from sakshi.spans import BodyKind, Document, verify_span
from sakshi.values import FieldDecl, ValueType

PM = GradeReason.PROVENANCE_MISMATCH
FS = GradeReason.FABRICATED_SPAN
VU = GradeReason.VALUE_UNSUPPORTED
EM = GradeReason.EVIDENCE_MISSING
WM = GradeReason.WHY_MISSING
CM = GradeReason.CITE_MISSING

LIVE, PARTIAL, STUBBED, NONE = (
    EngineState.LIVE,
    EngineState.PARTIAL,
    EngineState.STUBBED,
    EngineState.NONE,
)
STATES = list(EngineState)

# --- builders -------------------------------------------------------------------------

GRN = "GOODS RECEIPT NOTE 117\nDate of receipt: 14.06.2024\nQuantity received: 42.500 MT\n"
DOCS = {
    "grn": Document.from_strings("grn", BodyKind.TEXT, [GRN]),
    "ledger": Document.from_strings(
        "ledger", BodyKind.PAGES, ["Advance paid ₹ 45,00,000.00", "Closing balance"]
    ),
}
DIGEST = bundle_sha256({"facts": [{"field": "delivered_qty", "value": "42.500 MT"}]})
OTHER_DIGEST = bundle_sha256({"facts": []})

GOOD = {"doc": "grn", "quote": "Quantity received: 42.500 MT"}
GOOD_PAGE = {"doc": "ledger", "quote": "Closing balance", "page": 2}
BAD = {"doc": "grn", "quote": "Quantity received: 52.500 MT"}  # not in the document
MIRROR = object()  # "the turn claims exactly what was served"


def served(state: EngineState) -> Served:
    return Served(state, None if state is NONE else DIGEST)


def val(
    field: str = "delivered_qty",
    value: object = "42.500 MT",
    why: object = "The GRN records it.",
    cite: object = GOOD,
) -> TurnValue:
    return TurnValue(field, value, why, cite)  # type: ignore[arg-type]


def turn(
    state: EngineState,
    *values: TurnValue,
    claim_state: object = MIRROR,
    claim_hash: object = MIRROR,
) -> Turn:
    """A turn for ``state``; its provenance mirrors what was served unless told otherwise."""
    s = served(state)
    engine_state = s.engine_state.value if claim_state is MIRROR else claim_state
    digest = s.bundle_sha256 if claim_hash is MIRROR else claim_hash
    return Turn(engine_state, digest, tuple(values))  # type: ignore[arg-type]


def grade(state: EngineState, t: Turn) -> Grade:
    return grade_turn(t, served(state), DOCS)


def other_state(state: EngineState) -> str:
    return STATES[(STATES.index(state) + 1) % len(STATES)].value


# --- the table: every state x every reason --------------------------------------------

TurnFor = Callable[[EngineState], Turn]

# (id, turn for a served state, reasons at live, reasons at partial/stubbed/none)
CASES: list[tuple[str, TurnFor, tuple[GradeReason, ...], tuple[GradeReason, ...]]] = [
    (
        "mirror-cited",
        lambda s: turn(s, val(), val("ledger", "Closing balance", cite=GOOD_PAGE)),
        (),
        (),
    ),
    ("wrong-state", lambda s: turn(s, val(), claim_state=other_state(s)), (PM,), (PM,)),
    ("state-bogus", lambda s: turn(s, val(), claim_state="LIVE"), (PM,), (PM,)),
    # null where a bundle was served; at none (whose mirror is null) a real hash instead
    (
        "hash-null-flipped",
        lambda s: turn(s, val(), claim_hash=DIGEST if s is NONE else None),
        (PM,),
        (PM,),
    ),
    ("wrong-hash", lambda s: turn(s, val(), claim_hash=OTHER_DIGEST), (PM,), (PM,)),
    ("hash-uppercase", lambda s: turn(s, val(), claim_hash=DIGEST.upper()), (PM,), (PM,)),
    ("fabricated", lambda s: turn(s, val(cite=BAD)), (FS,), (FS,)),
    ("fabricated-junk-cite", lambda s: turn(s, val(cite="grn p.1")), (FS,), (FS,)),
    (
        "fabricated-empty-quote",
        lambda s: turn(s, val(cite={"doc": "grn", "quote": ""})),
        (FS,),
        (FS,),
    ),
    ("fabricated-on-null-value", lambda s: turn(s, val(), val("x", None, None, BAD)), (FS,), (FS,)),
    ("fabricated-on-empty-value", lambda s: turn(s, val(), val("x", "", None, BAD)), (FS,), (FS,)),
    ("no-values", lambda s: turn(s), (EM,), ()),
    (
        "only-empties",
        lambda s: turn(s, val(value=None, why=None, cite=None), val("b", "", None, None)),
        (EM,),
        (),
    ),
    ("empty-with-good-cite", lambda s: turn(s, val(value=None)), (EM,), ()),
    ("why-null", lambda s: turn(s, val(why=None)), (WM,), ()),
    ("why-empty", lambda s: turn(s, val(why="")), (WM,), ()),
    ("why-whitespace", lambda s: turn(s, val(why=" \t\n\u3000")), (WM,), ()),
    ("cite-missing", lambda s: turn(s, val(cite=None)), (CM,), ()),
    ("zero-needs-evidence", lambda s: turn(s, val(value=0, why=None, cite=None)), (WM, CM), ()),
    ("space-needs-evidence", lambda s: turn(s, val(value=" ", why=None, cite=None)), (WM, CM), ()),
    (
        "stripped",
        lambda s: turn(s, val(why=None, cite=None), val("b", why=None, cite=None)),
        (WM, CM),
        (),
    ),
    ("empty-needs-nothing", lambda s: turn(s, val(), val("b", None, None, None)), (), ()),
]


def _table() -> list[object]:
    params = []
    for case_id, make, at_live, elsewhere in CASES:
        for state in STATES:
            expected = at_live if state is LIVE else elsewhere
            params.append(pytest.param(state, make, expected, id=f"{case_id}@{state.value}"))
    return params


@pytest.mark.parametrize(("state", "make", "expected"), _table())
def test_grade_table(state: EngineState, make: TurnFor, expected: tuple[GradeReason, ...]) -> None:
    g = grade(state, make(state))
    assert g.reasons == expected
    assert g.verdict is (Verdict.RED if expected else Verdict.GREEN)


@pytest.mark.parametrize(
    "claim", ["ab" * 32, DIGEST, ""], ids=["some-hash", "a-real-hash", "empty-string"]
)
def test_non_null_hash_at_none_is_a_mismatch(claim: str) -> None:
    g = grade(NONE, turn(NONE, claim_hash=claim))
    assert g.reasons == (PM,)


def test_none_mirrored_is_state_none_and_null_hash() -> None:
    assert grade(NONE, Turn("none", None, ())).verdict is Verdict.GREEN


@pytest.mark.parametrize(
    ("why", "detail"),
    [(None, "has no why"), ("", "has no why"), ("\u200b\u00ad", "has no visible why")],
    ids=["null", "empty", "invisible"],
)
def test_why_missing_says_whether_the_why_was_absent_or_unseen(
    why: str | None, detail: str
) -> None:
    g = grade(LIVE, turn(LIVE, val(why=why)))
    assert [f.detail for f in g.findings] == [f"'delivered_qty' {detail}"]


LEGACY = "cd" * 32  # the bundle's hash in the old sorted-key form, as a route may send


@pytest.mark.parametrize(
    ("claim", "served_as", "detail"),
    [
        (None, Served(LIVE, DIGEST), f"turn claims 'live' / null, served 'live' / {DIGEST}"),
        (DIGEST, Served(NONE, None), f"turn claims 'none' / {DIGEST}, served 'none' / null"),
        (
            LEGACY,
            Served(LIVE, DIGEST, LEGACY),
            (
                f"turn claims 'live' / {LEGACY}, served 'live' / {DIGEST}; the claimed hash is"
                " this bundle's hash in Python's old sorted-key JSON form, not RFC 8785 (JCS):"
                " hash the bundle's JCS form, or echo the request's bundle_sha256"
            ),
        ),
        (
            OTHER_DIGEST,
            Served(LIVE, DIGEST, LEGACY),
            (
                f"turn claims 'live' / {OTHER_DIGEST}, served 'live' / {DIGEST}; it matches"
                " neither the JCS form nor the old sorted-key form of this bundle"
            ),
        ),
        (
            None,
            Served(LIVE, DIGEST, LEGACY),
            f"turn claims 'live' / null, served 'live' / {DIGEST}",
        ),
    ],
    ids=["null-claimed", "null-served", "legacy-form", "neither-form", "null-beside-legacy"],
)
def test_a_provenance_mismatch_names_both_sides_and_the_old_hash_form(
    claim: str | None, served_as: Served, detail: str
) -> None:
    # The diagnosis never changes the verdict, but it is what a user acts on: a null shown
    # as a hash (or a hash as null) or the old-form hint on the wrong claim would mislead.
    g = grade_turn(Turn(served_as.engine_state.value, claim, (val(),)), served_as, DOCS)
    assert g.reasons == (PM,)
    assert [f.detail for f in g.findings if f.reason is PM] == [detail]


@pytest.mark.parametrize("state", [PARTIAL, STUBBED, NONE], ids=lambda s: s.value)
def test_no_bar_below_live(state: EngineState) -> None:
    # Frame-only closure: produced values with no why and no cite are fine when the
    # engine did not serve live context.
    t = turn(state, val(why=None, cite=None), val("b", 0, "", None), val("c", None, None, None))
    assert grade(state, t) == Grade(Verdict.GREEN, (), (), (None, None, None))


# --- several reasons at once --------------------------------------------------------------


def test_every_reason_reported_once_in_check_order() -> None:
    t = turn(
        LIVE,
        val("a", "42.500 MT", "ok", BAD),  # 0: fabricated
        val("b", "42.500 MT", None, GOOD),  # 1: no why
        val("c", "y", "ok", None),  # 2: no cite
        val("d", "z", "  ", None),  # 3: neither
        val("e", "w", "ok", BAD),  # 4: fabricated again
        claim_hash=OTHER_DIGEST,
    )
    g = grade(LIVE, t)
    assert g.verdict is Verdict.RED
    assert g.reasons == (PM, FS, WM, CM)
    assert [(f.reason, f.value_index) for f in g.findings] == [
        (PM, None),
        (FS, 0),
        (FS, 4),
        (WM, 1),
        (CM, 2),
        (WM, 3),
        (CM, 3),
    ]


def test_evidence_missing_with_mismatch_and_fabrication() -> None:
    t = turn(LIVE, val("a", None, None, BAD), claim_state="stubbed")
    assert grade(LIVE, t).reasons == (PM, FS, EM)


def test_fabricated_finding_carries_index_field_and_span_check() -> None:
    g = grade(LIVE, turn(LIVE, val(), val("qty", cite=BAD)))
    (finding,) = g.findings
    assert finding.reason is FS
    assert (finding.value_index, finding.field) == (1, "qty")
    assert finding.span is not None
    assert not finding.span.verified
    assert finding.span.reason is SpanReason.QUOTE_NOT_FOUND
    assert "'qty'" in finding.detail and "QUOTE_NOT_FOUND" in finding.detail


@pytest.mark.parametrize(
    ("cite", "span_reason"),
    [
        ({"doc": "nope", "quote": "x"}, SpanReason.DOC_NOT_FOUND),
        ({"doc": "ledger", "quote": "Closing balance", "page": 3}, SpanReason.ANCHOR_OUT_OF_RANGE),
        ({"doc": "grn", "quote": "x", "pgae": 1}, SpanReason.SPAN_MALFORMED),
        (
            {"doc": "grn", "quote": "GOODS", "char_start": 1, "char_end": 6},
            SpanReason.QUOTE_MISMATCH,
        ),
    ],
    ids=["doc", "anchor", "malformed", "offsets"],
)
def test_fabricated_finding_keeps_the_span_reason(cite: object, span_reason: SpanReason) -> None:
    (finding,) = grade(STUBBED, turn(STUBBED, val(cite=cite))).findings
    assert finding.span is not None and finding.span.reason is span_reason


def test_bar_findings_carry_index_and_field_but_no_span() -> None:
    g = grade(LIVE, turn(LIVE, val(), val("qty", why="", cite=None)))
    assert [(f.reason, f.value_index, f.field, f.span) for f in g.findings] == [
        (WM, 1, "qty", None),
        (CM, 1, "qty", None),
    ]


def test_provenance_and_evidence_findings_point_at_no_value() -> None:
    g = grade(LIVE, turn(LIVE, claim_state="none", claim_hash=None))
    assert [(f.reason, f.value_index, f.field) for f in g.findings] == [
        (PM, None, None),
        (EM, None, None),
    ]
    assert "'none'" in g.findings[0].detail and "'live'" in g.findings[0].detail


def test_route_failed_is_red_route_failed() -> None:
    g = route_failed("route exec:agent timed out after 1 s")
    assert g == Grade(
        Verdict.RED,
        (GradeReason.ROUTE_FAILED,),
        (Finding(GradeReason.ROUTE_FAILED, "route exec:agent timed out after 1 s"),),
    )


# --- properties ---------------------------------------------------------------------------

AT = GRN.index("42.500 MT")
GOOD_OFFSETS = {"doc": "grn", "quote": "42.500 MT", "char_start": AT, "char_end": AT + 9}
WRONG_OFFSETS = {"doc": "grn", "quote": "42.500 MT", "char_start": 0, "char_end": 9}
CITES = [None, GOOD, GOOD_PAGE, GOOD_OFFSETS, BAD, WRONG_OFFSETS, "junk", {"doc": "grn"}]
values_st = st.builds(
    TurnValue,
    field=st.sampled_from(["a", "b"]),
    value=st.sampled_from([None, "", " ", "0", 0, "42.500 MT"]),
    why=st.sampled_from([None, "", "  ", "Because the GRN says so."]),
    cite=st.sampled_from(CITES),
)
value_lists = st.lists(values_st, max_size=4).map(tuple)
claims = st.one_of(st.just(MIRROR), st.sampled_from([s.value for s in STATES] + ["LIVE"]))
hash_claims = st.one_of(st.just(MIRROR), st.sampled_from([None, DIGEST, OTHER_DIGEST]))
PROPERTY = settings(max_examples=300, derandomize=True, database=None, deadline=None)


def test_property_alphabet_has_good_and_bad_cites() -> None:
    # The properties below are only worth something if the alphabet mixes both.
    for cite in (GOOD, GOOD_OFFSETS):
        assert grade(LIVE, turn(LIVE, val(cite=cite))).verdict is Verdict.GREEN
    # A real quote that does not state the value: VALUE_UNSUPPORTED, not green.
    assert grade(LIVE, turn(LIVE, val(cite=GOOD_PAGE))).reasons == (VU,)
    for cite in (BAD, WRONG_OFFSETS, "junk", {"doc": "grn"}):
        assert grade(LIVE, turn(LIVE, val(cite=cite))).reasons == (FS,)


@PROPERTY
@given(st.sampled_from(STATES), value_lists, claims, hash_claims)
def test_grade_is_deterministic_and_green_iff_no_finding(
    state: EngineState, values: tuple[TurnValue, ...], claim_state: object, claim_hash: object
) -> None:
    t = turn(state, *values, claim_state=claim_state, claim_hash=claim_hash)
    g = grade(state, t)
    assert g == grade(state, t)
    assert (g.verdict is Verdict.GREEN) == (not g.findings) == (not g.reasons)
    order = list(GradeReason)
    assert list(g.reasons) == sorted({f.reason for f in g.findings}, key=order.index)
    assert len(set(g.reasons)) == len(g.reasons)


@PROPERTY
@given(value_lists, st.sampled_from([PARTIAL, STUBBED, NONE]))
def test_degrading_from_live_never_adds_a_reason(
    values: tuple[TurnValue, ...], lower: EngineState
) -> None:
    at_live = set(grade(LIVE, turn(LIVE, *values)).reasons)
    below = set(grade(lower, turn(lower, *values)).reasons)
    assert below <= at_live
    # With a mirrored provenance only fabrication and unstated values survive, and
    # neither ever degrades.
    assert below <= {FS, VU}
    assert (FS in below) == (FS in at_live)
    assert (VU in below) == (VU in at_live)


@PROPERTY
@given(value_lists, claims, hash_claims)
def test_below_live_only_provenance_or_fabrication(
    values: tuple[TurnValue, ...], claim_state: object, claim_hash: object
) -> None:
    g = grade(STUBBED, turn(STUBBED, *values, claim_state=claim_state, claim_hash=claim_hash))
    assert set(g.reasons) <= {PM, FS, VU}


# --- the run memo ---------------------------------------------------------------------
# A memo keeps a span check by its cite's items: ``1 == 1.0 == True`` (and they hash
# alike) in Python, yet the contract refuses a float or a boolean page or offset. A memo
# keyed by equal items would let a refused cite reuse the check its integer twin passed.

LEDGER_AT = {"doc": "ledger", "quote": "Advance paid", "page": 1, "char_start": 0, "char_end": 12}


@pytest.mark.parametrize(
    ("key", "twin"),
    [("page", 1.0), ("page", True), ("page", "1"), ("char_start", 0.0), ("char_start", False)]
    + [("char_end", 12.0), ("char_end", "12")],
)
def test_memo_never_hands_a_twin_of_another_type_the_integers_span(key: str, twin: object) -> None:
    memo = RunCache()
    assert checked_span(memo, LEDGER_AT, DOCS).verified  # the integers verify, and are kept
    cite = {**LEDGER_AT, key: twin}
    assert cite == LEDGER_AT or type(twin) is str  # equal in Python (a string is not)
    assert checked_span(memo, cite, DOCS) == verify_span(cite, DOCS)
    assert checked_span(memo, cite, DOCS).reason is SpanReason.SPAN_MALFORMED


def test_memo_keeps_a_flat_cite_and_hands_it_back() -> None:
    # The cache is for speed only, but a cache that keeps nothing is no cache: a flat cite
    # of a document the line holds (strings and integers) is checked once.
    memo = RunCache()
    first = checked_span(memo, LEDGER_AT, DOCS)
    assert checked_span(memo, dict(LEDGER_AT), DOCS) is first
    assert checked_span(memo, {**LEDGER_AT, "page": None}, DOCS) is checked_span(
        memo, {**LEDGER_AT, "page": None}, DOCS
    )


_RUN_MEMO = RunCache(cap=64)  # one cache across every example, as a run's lines share it
_CITE_NUMBERS = st.sampled_from([0, 1, 2, 12, 0.0, 1.0, 12.0, True, False, "1", None])


@PROPERTY
@given(
    st.sampled_from(["ledger", "grn", "missing", 1]),
    st.sampled_from(["Advance paid", "Closing balance", "42.500 MT", ""]),
    st.dictionaries(st.sampled_from(["page", "char_start", "char_end"]), _CITE_NUMBERS),
)
def test_memo_checks_every_cite_as_verify_span_does(
    doc: object, quote: str, numbers: dict[str, object]
) -> None:
    cite = {"doc": doc, "quote": quote, **numbers}
    # Its integer twin first, through the same memo (``1.0`` and ``True`` as ``1``):
    twin = {k: int(v) if type(v) in (float, bool) else v for k, v in cite.items()}  # type: ignore[call-overload]
    assert checked_span(_RUN_MEMO, twin, DOCS) == verify_span(twin, DOCS)
    assert checked_span(_RUN_MEMO, cite, DOCS) == verify_span(cite, DOCS)


# --- answers: declared ------------------------------------------------------------------

DATE_AT = {"doc": "grn", "quote": "Date of receipt: 14.06.2024"}
DECLARED = {
    "delivered_qty": FieldDecl(ValueType.QUANTITY, cues=("quantity received",)),
    "receipt_date": FieldDecl(ValueType.DATE),
}
QTY = val()
DATE = val("receipt_date", "2024-06-14", cite=DATE_AT)
BARE = val(cite={"doc": "grn", "quote": "42.500 MT"})  # the figure without its cue
RENAMED = val("qty", "42.500 MT")  # a true value under a field nobody declared
VU_FIELD = "the quote of {!r} does not state its value: "
NO_DATE = "no value was produced for the declared field(s) 'receipt_date'"
NO_QTY = NO_DATE.replace("receipt_date", "delivered_qty")


@pytest.mark.parametrize(
    ("state", "values", "expected"),
    [
        (LIVE, (QTY, DATE), []),
        (LIVE, (DATE, QTY, RENAMED), [(VU, 2, "qty")]),
        (LIVE, (RENAMED, DATE), [(VU, 0, "qty"), (EM, None, NO_QTY)]),
        (LIVE, (QTY,), [(EM, None, NO_DATE)]),
        (LIVE, (QTY, val("receipt_date", "")), [(EM, None, NO_DATE)]),
        (LIVE, (BARE, DATE), [(VU, 0, "delivered_qty")]),
        (LIVE, (DATE, RENAMED, BARE), [(VU, 1, "qty"), (VU, 2, "delivered_qty")]),
        (
            LIVE,
            (RENAMED, val("receipt_date", "2024-06-15", cite=DATE_AT), QTY),
            [(VU, 0, "qty"), (VU, 1, "receipt_date")],
        ),
        (PARTIAL, (QTY,), []),  # below live an unanswered field is an honest empty
        (PARTIAL, (RENAMED,), [(VU, 0, "qty")]),
        (LIVE, (), [(EM, None, NO_DATE.replace("(s) ", "(s) 'delivered_qty', "))]),
    ],
    ids=[
        "both-answered",
        "renamed-beside",
        "renamed-only",
        "one-unanswered",
        "one-empty",
        "bare-figure",
        "two-in-value-order",
        "declared-and-own-failures-in-value-order",
        "partial-unanswered",
        "partial-renamed",
        "none-answered",
    ],
)
def test_answers_declared_in_the_grade(
    state: EngineState, values: tuple[TurnValue, ...], expected: list[tuple[object, ...]]
) -> None:
    # Under answers: declared the turn answers exactly the declared fields: a value under
    # another name or a bare figure is VALUE_UNSUPPORTED (in value order), the declared
    # fields left unanswered at live one EVIDENCE_MISSING naming them; answers: any lets
    # every one of these turns through.
    t = turn(state, *values)
    g = grade_turn(t, served(state), DOCS, DECLARED, answers=Answers.DECLARED)
    found = [(f.reason, f.value_index, f.field if f.reason is VU else f.detail) for f in g.findings]
    assert found == expected
    assert g.verdict is (Verdict.RED if expected else Verdict.GREEN)
    for f in g.findings:
        if f.reason is VU:
            assert f.detail.startswith(VU_FIELD.format(f.field))
            assert g.values[f.value_index or 0] is f.value  # the failing check is kept
    # answers: any finds only what a value's own check finds (here the wrong date).
    any_grade = grade_turn(t, served(state), DOCS, DECLARED)
    wrong = [i for i, v in enumerate(values) if v.value == "2024-06-15"]
    assert [f.value_index for f in any_grade.findings] == (wrong if values else [None])
