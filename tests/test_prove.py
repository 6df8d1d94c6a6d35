"""``prove_turn`` and ``corrupt_quote`` (SPEC section 4, sakshi prove), on plain data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context import prove
from sakshi.context.grade import Verdict, grade_turn
from sakshi.context.mutate import ValueChange, change_value
from sakshi.context.prove import Flip, corrupt_quote, prove_turn
from sakshi.context.turns import EngineState, Served, Turn, TurnValue, bundle_sha256
from sakshi.reasons import GradeReason
from sakshi.spans import BodyKind, Document, verify_span

LIVE = EngineState.LIVE
FS = GradeReason.FABRICATED_SPAN
MUTANTS = [
    "stripped",
    "stripped-stubbed",
    "corrupt-quote@live",
    "corrupt-quote@partial",
    "corrupt-quote@stubbed",
    "value-changed@live",
]
VU = GradeReason.VALUE_UNSUPPORTED

# --- builders -------------------------------------------------------------------------

GRN = "Date of receipt: 14.06.2024\nQuantity received: 42.500 MT\n"
DIGEST = bundle_sha256({"engine": "matter-context"})


def text_docs(text: str = GRN, doc_id: str = "grn") -> dict[str, Document]:
    return {doc_id: Document.from_strings(doc_id, BodyKind.TEXT, [text])}


def cited(field: str, quote: str, **span: Any) -> TurnValue:
    return TurnValue(
        field, quote, f"The document records {field}.", {"doc": "grn", "quote": quote, **span}
    )


def live_turn(*values: TurnValue) -> tuple[Turn, Served]:
    return Turn("live", DIGEST, values), Served(LIVE, DIGEST)


def verifies(cite: object, docs: dict[str, Document]) -> bool:
    return verify_span(cite, docs).verified


# --- prove_turn -----------------------------------------------------------------------


def test_green_live_turn_gives_six_flipped_mutants() -> None:
    docs = text_docs()
    t, s = live_turn(
        TurnValue("note", None, None, None),  # an honest empty: not the value that gets corrupted
        cited("receipt_date", "14.06.2024"),
        cited("delivered_qty", "42.500 MT"),
    )
    assert grade_turn(t, s, docs).verdict is Verdict.GREEN
    flips = prove_turn(t, s, docs)
    assert flips is not None
    assert [f.mutant for f in flips] == MUTANTS
    assert [f.expected for f in flips] == [
        Verdict.RED,
        Verdict.GREEN,
        Verdict.RED,
        Verdict.RED,
        Verdict.RED,
        Verdict.RED,
    ]
    assert all(f.flipped for f in flips), flips
    by_name = {f.mutant: f for f in flips}
    assert by_name["stripped"].reasons == (GradeReason.WHY_MISSING, GradeReason.CITE_MISSING)
    assert by_name["stripped-stubbed"].reasons == ()
    # Each mutant mirrors its own provenance: only the mutation turns it red.
    for state in ("live", "partial", "stubbed"):
        assert by_name[f"corrupt-quote@{state}"].reasons == (FS,)
    # The first stated value (the date: the empty one is not checked) changed, its quote kept.
    changed = by_name["value-changed@live"]
    assert (changed.reasons, changed.expected_reason) == ((VU,), VU)
    assert changed.note == "receipt_date: two adjacent digits swapped"


def test_prove_does_not_touch_the_turn() -> None:
    docs = text_docs()
    t, s = live_turn(cited("delivered_qty", "42.500 MT"))
    before = repr(t)
    prove_turn(t, s, docs)
    assert repr(t) == before


def test_green_turn_with_offsets_is_proved() -> None:
    at = GRN.index("42.500 MT")
    t, s = live_turn(cited("delivered_qty", "42.500 MT", char_start=at, char_end=at + 9))
    flips = prove_turn(t, s, text_docs())
    assert flips is not None and all(f.flipped for f in flips)


@pytest.mark.parametrize(
    "t",
    [
        Turn(
            "live", DIGEST, (cited("delivered_qty", "42.500 MT"), TurnValue("x", "y", None, None))
        ),
        Turn(
            "live",
            DIGEST,
            (TurnValue("x", "42.500 MT", "why", {"doc": "grn", "quote": "52.500 MT"}),),
        ),
        Turn("stubbed", DIGEST, (cited("delivered_qty", "42.500 MT"),)),
        Turn("live", DIGEST, ()),
    ],
    ids=["cite-missing", "fabricated", "provenance-mismatch", "evidence-missing"],
)
def test_red_live_turn_is_not_eligible(t: Turn) -> None:
    assert grade_turn(t, Served(LIVE, DIGEST), text_docs()).verdict is Verdict.RED
    assert prove_turn(t, Served(LIVE, DIGEST), text_docs()) is None


@pytest.mark.parametrize(
    "state", [EngineState.PARTIAL, EngineState.STUBBED, EngineState.NONE], ids=lambda s: s.value
)
def test_pack_not_at_live_is_not_eligible(state: EngineState) -> None:
    digest = None if state is EngineState.NONE else DIGEST
    t = Turn(state.value, digest, (cited("delivered_qty", "42.500 MT"),))
    assert (
        grade_turn(t, Served(state, digest), text_docs()).verdict is Verdict.GREEN
    )  # green, but not live
    assert prove_turn(t, Served(state, digest), text_docs()) is None


def test_flip_flipped_compares_got_with_expected() -> None:
    assert Flip("m", Verdict.RED, Verdict.RED, (FS,)).flipped
    assert not Flip("m", Verdict.RED, Verdict.GREEN, ()).flipped


def test_flip_with_an_expected_reason_needs_that_reason() -> None:
    assert Flip("m", Verdict.RED, Verdict.RED, (FS, VU), VU).flipped
    # Red for another reason is not the flip the value mutant must show.
    assert not Flip("m", Verdict.RED, Verdict.RED, (FS,), VU).flipped
    assert not Flip("m", Verdict.RED, Verdict.GREEN, (), VU).flipped


# --- corrupt_quote --------------------------------------------------------------------

# A document holding the quote "ab" and every corruption corrupt_quote tries: the first
# character bumped ("bb"), a trailing and a leading U+2063 INVISIBLE SEPARATOR, and the
# reversal followed by two of them. No candidate fails to verify.
SATURATED = "ab bb \u2063ab\u2063 ba\u2063\u2063"


def test_corruption_never_verifies_when_first_char_swap_is_elsewhere() -> None:
    # "52.500 MT" (the simple swap of "42.500 MT") also stands in the document.
    docs = text_docs("Ordered: 52.500 MT\nQuantity received: 42.500 MT\n")
    cite = {"doc": "grn", "quote": "42.500 MT"}
    assert verifies({**cite, "quote": "52.500 MT"}, docs)
    mutated = corrupt_quote(cite, docs)
    assert isinstance(mutated, dict)
    assert mutated["quote"] != "42.500 MT"
    assert not verifies(mutated, docs)


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Signed 😀 by the storekeeper; also 😁 by the storekeeper", "😀 by the storekeeper"),
        ("𝒜 of the contract and \U0001d49d of the contract", "𝒜 of the contract"),
        ("\ud7ff end and x end", "\ud7ff end"),  # last BMP char before the surrogates
        ("\U0010ffff end and x end", "\U0010ffff end"),  # the last code point
        ("\uffff end and \U00010000 end", "\uffff end"),  # bumping crosses into the astral planes
    ],
    ids=["emoji", "math-script", "d7ff", "10ffff", "ffff"],
)
@pytest.mark.parametrize("with_offsets", [False, True], ids=["no-offsets", "offsets"])
def test_corruption_of_edge_first_characters(text: str, quote: str, with_offsets: bool) -> None:
    docs = text_docs(text)
    cite: dict[str, Any] = {"doc": "grn", "quote": quote}
    if with_offsets:
        at = text.index(quote)
        cite |= {"char_start": at, "char_end": at + len(quote)}
    assert verifies(cite, docs)
    mutated = corrupt_quote(cite, docs)
    assert isinstance(mutated, dict)
    mutated["quote"].encode("utf-8")  # still valid Unicode: no lone surrogate was made
    assert not verifies(mutated, docs)
    assert {k: v for k, v in mutated.items() if k != "quote"} == {
        k: v for k, v in cite.items() if k != "quote"
    }


@pytest.mark.parametrize("unit", ["codepoint", "byte", "utf16"])
def test_corruption_keeps_offsets_and_unit(unit: str) -> None:
    text = "é😀 Quantity received: 42.500 MT"
    at = text.index("Q")
    start = {
        "codepoint": at,
        "byte": len(text[:at].encode()),
        "utf16": len(text[:at].encode("utf-16-le")) // 2,
    }[unit]
    quote = text[at:]
    size = {
        "codepoint": len(quote),
        "byte": len(quote.encode()),
        "utf16": len(quote.encode("utf-16-le")) // 2,
    }[unit]
    cite = {
        "doc": "grn",
        "quote": quote,
        "char_start": start,
        "char_end": start + size,
        "unit": unit,
    }
    docs = text_docs(text)
    assert verifies(cite, docs)
    mutated = corrupt_quote(cite, docs)
    assert isinstance(mutated, dict) and not verifies(mutated, docs)
    assert (mutated["char_start"], mutated["char_end"], mutated["unit"]) == (
        start,
        start + size,
        unit,
    )


@pytest.mark.parametrize(
    "cite",
    [
        None,
        "grn",
        ["grn", "x"],
        {"doc": "grn"},
        {"doc": "grn", "quote": ""},
        {"doc": "grn", "quote": 42},
    ],
    ids=["null", "string", "list", "no-quote", "empty-quote", "int-quote"],
)
def test_nothing_to_corrupt(cite: object) -> None:
    assert corrupt_quote(cite, text_docs()) is None


def test_saturated_document_leaves_no_corruption() -> None:
    docs = text_docs(SATURATED)
    assert verifies({"doc": "grn", "quote": "ab"}, docs)
    assert corrupt_quote({"doc": "grn", "quote": "ab"}, docs) is None


def test_prove_reports_failed_flip_when_no_corruption_exists() -> None:
    # A green live turn always has a cite: EVIDENCE_MISSING needs one produced value, and
    # CITE_MISSING needs a cite on it. So "no cited value" cannot reach this branch; a quote
    # whose every corruption still verifies can, and must be a failed flip, not a crash.
    docs = text_docs(SATURATED)
    t, s = live_turn(cited("code", "ab"))
    flips = prove_turn(t, s, docs)
    assert flips is not None
    assert [f.mutant for f in flips] == MUTANTS
    # The value mutant still flips: "ab" changed to "bb" is read as another text.
    assert [f.flipped for f in flips] == [True, True, False, False, False, True]
    for flip in flips[2:5]:
        assert (flip.expected, flip.got, flip.reasons) == (Verdict.RED, Verdict.GREEN, ())


def test_prove_reports_failed_flip_when_corrupt_quote_gives_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(prove, "corrupt_quote", lambda cite, documents: None)
    t, s = live_turn(cited("delivered_qty", "42.500 MT"))
    flips = prove_turn(t, s, text_docs())
    assert flips is not None
    assert [f.flipped for f in flips] == [True, True, False, False, False, True]


# st.text never makes lone surrogates; the small alphabet makes the candidates collide.
texts = st.one_of(
    st.text(min_size=1, max_size=40), st.text("ab \u2063😀😁", min_size=1, max_size=40)
)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(texts, st.data())
def test_corrupt_quote_output_never_verifies(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    quote = text[start:end]
    docs = text_docs(text)
    cite: dict[str, Any] = {"doc": "grn", "quote": quote}
    if data.draw(st.booleans()):
        cite |= {"char_start": start, "char_end": end}
    assert verifies(cite, docs)
    mutated = corrupt_quote(cite, docs)
    assert mutated is None or not verifies(mutated, docs)


# --- change_value: the value mutant's change --------------------------------------------


def _reader(readings: dict[str, str | None]) -> Callable[[str], str | None]:
    return lambda text: readings.get(text, text)


def test_change_value_tries_a_scale_word_first_and_keeps_its_case() -> None:
    change = change_value("Rs. 12.5 Lakh", _reader({}))
    assert change == ValueChange("Rs. 12.5 Crore", "a scale word changed (lakh to crore)")
    assert change_value("₹ 5 लाख", _reader({})) == ValueChange(
        "₹ 5 करोड़", "a scale word changed (लाख to करोड़)"
    )
    assert change_value("5 THOUSAND", _reader({})).value == "5 LAKH"  # type: ignore[union-attr]


def test_change_value_swaps_two_digits_then_changes_one_in_its_own_script() -> None:
    assert change_value("785000", _reader({})) == ValueChange(
        "875000", "two adjacent digits swapped"
    )
    # 11 has no two different digits: one digit changes (the next digit, 9 -> 0).
    assert change_value("11", _reader({})) == ValueChange("21", "a digit changed")
    assert change_value("९", _reader({})) == ValueChange("०", "a digit changed")


def test_change_value_takes_only_a_change_that_reads_as_another_value() -> None:
    # 15.01.2025 -> 51.01.2025 is no date; 15.10.2025 is the first that reads.
    readings = {"15.01.2025": "2025-01-15", "51.01.2025": None, "15.10.2025": "2025-10-15"}
    change = change_value("15.01.2025", _reader(readings))
    assert change == ValueChange("15.10.2025", "two adjacent digits swapped")
    # A change that reads as the same value (a leading zero) is not taken.
    same = {"05": "5", "50": "5", "15": "5", "06": "6"}
    assert change_value("05", _reader(same)) == ValueChange("06", "a digit changed")


def test_change_value_changes_a_letter_only_when_asked_and_gives_up_when_nothing_reads() -> None:
    assert change_value("Funds Insufficient", _reader({})) is None
    assert change_value("Funds Insufficient", _reader({}), letters=True) == ValueChange(
        "Gunds Insufficient", "a letter changed"
    )
    assert change_value("zz", _reader({}), letters=True).value == "az"  # type: ignore[union-attr]
    assert change_value("42", lambda text: None) is None
    # A long value is not tried digit by digit without end.
    calls: list[str] = []
    assert change_value("1" * 500, lambda text: calls.append(text) or None) is None
    assert len(calls) <= 65
