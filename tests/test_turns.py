"""Turns and canonical JSON (SPEC section 4), hit directly with plain data."""

from __future__ import annotations

import hashlib
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context.turns import (
    EngineState,
    Turn,
    TurnValue,
    bundle_sha256,
    canonical_json,
    parse_turn,
)

# --- builders -------------------------------------------------------------------------


def prov(state: object = "live", digest: object = None) -> dict[str, Any]:
    return {"engine_state": state, "bundle_sha256": digest}


def raw_turn(*values: object, **provenance: object) -> dict[str, Any]:
    return {"context_provenance": prov(**provenance), "values": list(values)}


def raw_value(**overrides: object) -> dict[str, Any]:
    value: dict[str, Any] = {
        "field": "delivered_qty",
        "value": "42.500 MT",
        "why": "The GRN says so.",
    }
    value.update(overrides)
    return value


def parsed(raw: object) -> Turn:
    turn = parse_turn(raw)
    assert isinstance(turn, Turn), turn
    return turn


# --- canonical JSON and the bundle hash ------------------------------------------------

# Keys in insertion order that is *not* sorted, an uppercase key (sorts before lowercase),
# a non-ASCII key (sorts last), a non-ASCII value, a newline, null, true and an int.
BUNDLE = {
    "query": "chronology",
    "facts": [
        {
            "value": "₹ 45,00,000.00",
            "span": {"quote": "Advance paid", "doc": "ledger"},
            "field": "advance_paid",
        }
    ],
    "é": "x",
    "ok": True,
    "none": None,
    "n": 7,
    "line": "a\nb",
    "Engine": "matter-context",
}

# Written out by hand: sorted keys at every level, "," and ":" with no spaces, the rupee
# sign and e-acute as raw UTF-8 (E2 82 B9, C3 A9), the newline as the JSON escape \n.
BUNDLE_BYTES = (
    b'{"Engine":"matter-context",'
    b'"facts":[{"field":"advance_paid","span":{"doc":"ledger","quote":"Advance paid"},'
    b'"value":"\xe2\x82\xb9 45,00,000.00"}],'
    b'"line":"a\\nb","n":7,"none":null,"ok":true,"query":"chronology",'
    b'"\xc3\xa9":"x"}'
)
BUNDLE_HEX = "82eab63fe67520c6910e89aec96d6aebcac85e17eea1a12380a1d4e892db3285"


def test_canonical_json_is_sorted_compact_utf8() -> None:
    assert canonical_json(BUNDLE) == BUNDLE_BYTES


def test_bundle_sha256_is_sha256_of_the_canonical_bytes() -> None:
    assert hashlib.sha256(BUNDLE_BYTES).hexdigest() == BUNDLE_HEX
    assert bundle_sha256(BUNDLE) == BUNDLE_HEX


def test_canonical_json_ignores_insertion_order() -> None:
    shuffled = dict(reversed(list(BUNDLE.items())))
    assert canonical_json(shuffled) == BUNDLE_BYTES
    assert bundle_sha256(shuffled) == BUNDLE_HEX


def test_non_ascii_is_kept_not_escaped() -> None:
    out = canonical_json({"k": "कार्य ₹ 😀"})
    assert b"\\u" not in out
    assert out == '{"k":"कार्य ₹ 😀"}'.encode()


@pytest.mark.parametrize(
    "value",
    [
        math.nan,
        math.inf,
        -math.inf,
        {"a": [1, math.nan]},
        {"deep": {"x": math.inf}},
        "\ud800",
        {"\udfff": 1},
    ],
    ids=["nan", "inf", "-inf", "nested-nan", "nested-inf", "lone-surrogate", "surrogate-key"],
)
def test_values_json_cannot_hold_are_refused(value: object) -> None:
    with pytest.raises(ValueError):
        canonical_json(value)
    with pytest.raises(ValueError):
        bundle_sha256(value)


# --- parse_turn: what is a turn ----------------------------------------------------------


def test_minimal_turn_without_values() -> None:
    turn = parsed({"context_provenance": {"engine_state": "none", "bundle_sha256": None}})
    assert turn == Turn(engine_state="none", bundle_sha256=None, values=())


def test_minimal_turn_with_one_bare_value() -> None:
    turn = parsed(raw_turn({"field": "qty"}, digest="ab" * 32))
    assert turn.bundle_sha256 == "ab" * 32
    assert turn.values == (TurnValue(field="qty", value=None, why=None, cite=None),)


def test_values_keep_order_and_cite_is_kept_raw() -> None:
    cite = {"doc": "grn", "quote": "42", "whatever": [1, 2]}
    turn = parsed(raw_turn(raw_value(field="a", cite=cite), raw_value(field="b", value=3.5)))
    assert [v.field for v in turn.values] == ["a", "b"]
    assert turn.values[0].cite == cite
    assert turn.values[1].value == 3.5


def test_extra_keys_are_allowed_and_any_state_string_parses() -> None:
    # The grade, not the parser, decides that "bogus" does not mirror what was served.
    raw = raw_turn(raw_value(note="extra"), state="bogus")
    raw["commentary"] = "an agent may say more"
    raw["context_provenance"]["also"] = 1
    turn = parsed(raw)
    assert turn.engine_state == "bogus"
    assert len(turn.values) == 1


def test_engine_state_enum_values() -> None:
    assert [s.value for s in EngineState] == ["live", "partial", "stubbed", "none"]


MALFORMED = [
    ("not-a-mapping", [], "expected a turn"),
    ("string-turn", "turn", "expected a turn"),
    ("values-mapping", {"context_provenance": prov(), "values": {"field": "x"}}, "values"),
    ("values-string", {"context_provenance": prov(), "values": "x"}, "values"),
    ("values-null", {"context_provenance": prov(), "values": None}, "values"),
    ("value-not-mapping", raw_turn("42.500 MT"), "values[0]"),
    ("field-missing", raw_turn({"value": "42"}), "values[0].field"),
    ("field-empty", raw_turn(raw_value(field="")), "values[0].field"),
    ("field-number", raw_turn(raw_value(field=7)), "values[0].field"),
    ("value-list", raw_turn(raw_value(value=["42"])), "values[0].value"),
    ("value-mapping", raw_turn(raw_value(value={"qty": 42})), "values[0].value"),
    ("value-true", raw_turn(raw_value(value=True)), "values[0].value"),
    ("value-false", raw_turn(raw_value(value=False)), "values[0].value"),
    ("why-number", raw_turn(raw_value(), raw_value(why=1)), "values[1].why"),
    ("why-list", raw_turn(raw_value(why=["a"])), "values[0].why"),
]


@pytest.mark.parametrize(
    ("raw", "key"), [(r, k) for _, r, k in MALFORMED], ids=[i for i, _, _ in MALFORMED]
)
def test_malformed_turn_is_refused_naming_the_key(raw: object, key: str) -> None:
    result = parse_turn(raw)
    assert isinstance(result, str)
    assert result.startswith(key), result
    assert "found" in result or "expected" in result
    assert "\n" not in result


def test_malformed_message_says_what_was_found() -> None:
    assert parse_turn(raw_turn(raw_value(value=True))) == (
        "values[0].value: expected a string, a number or null, found bool"
    )


NO_PROVENANCE = [
    ("provenance-missing", {"values": []}),
    ("provenance-null", {"context_provenance": None}),
    ("provenance-list", {"context_provenance": ["live", None]}),
    ("provenance-string", {"context_provenance": "live"}),
    ("state-missing", {"context_provenance": {"bundle_sha256": None}}),
    ("hash-key-missing-at-none", {"context_provenance": {"engine_state": "none"}}),
    ("hash-key-missing-at-live", {"context_provenance": {"engine_state": "live"}}),
    ("state-number", raw_turn(state=1)),
    ("state-null", raw_turn(state=None)),
    ("hash-number", raw_turn(digest=12345)),
    ("hash-list", raw_turn(digest=["ab"])),
]


@pytest.mark.parametrize("raw", [r for _, r in NO_PROVENANCE], ids=[i for i, _ in NO_PROVENANCE])
def test_a_missing_or_misshapen_provenance_claims_nothing(raw: object) -> None:
    # Not a refusal: a turn that claims no readable provenance cannot mirror what was
    # served, so the grade makes it PROVENANCE_MISMATCH (red) in every state.
    turn = parsed(raw)
    assert turn.engine_state is None
    assert turn.bundle_sha256 is None


def test_a_null_hash_written_out_is_a_claim_of_none() -> None:
    turn = parsed({"context_provenance": {"engine_state": "none", "bundle_sha256": None}})
    assert (turn.engine_state, turn.bundle_sha256) == ("none", None)


def test_first_bad_value_is_the_one_named() -> None:
    result = parse_turn(raw_turn(raw_value(), raw_value(), {"value": 1}, raw_value(why=2)))
    assert isinstance(result, str)
    assert result.startswith("values[2].field")


# --- honest empties vs produced values -----------------------------------------------


@pytest.mark.parametrize("value", [None, ""], ids=["null", "empty-string"])
def test_honest_empty(value: object) -> None:
    turn = parsed(raw_turn(raw_value(value=value)))
    assert turn.values[0].is_empty


def test_absent_value_key_is_an_honest_empty() -> None:
    assert parsed(raw_turn({"field": "qty"})).values[0].is_empty


@pytest.mark.parametrize(
    "value",
    [0, 0.0, "0", " ", "\t", "null", "None", -1],
    ids=["int-0", "float-0", "str-0", "space", "tab", "str-null", "str-None", "neg"],
)
def test_produced_values_are_not_empty(value: object) -> None:
    # A zero or a blank is something the route claimed; only null and "" claim nothing.
    turn = parsed(raw_turn(raw_value(value=value)))
    assert turn.values[0].value == value
    assert not turn.values[0].is_empty


_JSON_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)  # no lone surrogates
_JSON_PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | _JSON_TEXT,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(st.characters(max_codepoint=0xFFFF, codec="utf-8")), children)
    ),
    max_leaves=20,
)


@settings(max_examples=500)
@given(_JSON_PLAIN)
def test_the_fast_jcs_path_is_byte_for_byte_rfc8785(value: object) -> None:
    import rfc8785

    from sakshi.context.turns import jcs_json

    assert jcs_json(value) == rfc8785.dumps(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "value",
    [
        {"a": 1.0, "b": 1e21, "c": 0.1},  # numbers as ECMAScript writes them
        {"\U0001f600": 1, "\uffff": 2},  # keys sorted by UTF-16 units, not code points
        {"n": 2**53 + 2},
        {"ctl": "\x00\x1f\x7f\u2028", "q": '"\\\\'},
    ],
)
def test_jcs_edges_match_rfc8785(value: object) -> None:
    import rfc8785

    from sakshi.context.turns import jcs_json

    try:
        expected = rfc8785.dumps(value)  # type: ignore[arg-type]
    except rfc8785.CanonicalizationError:
        with pytest.raises(ValueError):
            jcs_json(value)
        return
    assert jcs_json(value) == expected
