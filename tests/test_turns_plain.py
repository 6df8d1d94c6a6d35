"""The short way of reading a turn (``_plain_turn``) against the long way (``_parse_turn``).

The short way may decline (None) anything; whatever it accepts, it must read exactly as
the long way does: the same values with the same exact types, and the same cite object.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context.turns import Turn, _parse_turn, _plain_turn, parse_turn

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["", "live", "GJ 27"]),
)
_JSONISH = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


def _maybe(key: str, value: st.SearchStrategy[object]) -> st.SearchStrategy[dict[str, object]]:
    """``{key: value}`` or ``{}``: a key that may be missing."""
    return st.one_of(st.builds(lambda v: {key: v}, value), st.just({}))


def _merged(*parts: st.SearchStrategy[dict[str, object]]) -> st.SearchStrategy[dict[str, object]]:
    return st.tuples(*parts).map(lambda found: {k: v for part in found for k, v in part.items()})


_CITES = st.one_of(
    _JSONISH,
    st.fixed_dictionaries({"doc": st.text(max_size=4), "quote": st.text(max_size=6)}),
)
_VALUE_ITEMS = _merged(
    _maybe("field", st.one_of(st.sampled_from(["vehicle_no", ""]), _SCALARS)),
    _maybe("value", _SCALARS),
    _maybe("why", _SCALARS),
    _maybe("cite", _CITES),
    _maybe("extra", _SCALARS),
)
_PROVENANCES = st.one_of(
    _JSONISH,
    _merged(
        _maybe("engine_state", st.one_of(st.sampled_from(["live", "none"]), _SCALARS)),
        _maybe("bundle_sha256", st.one_of(st.just("ab" * 32), _SCALARS)),
    ),
)
_TURNS = _merged(
    _maybe("context_provenance", _PROVENANCES),
    _maybe("values", st.one_of(st.lists(st.one_of(_VALUE_ITEMS, _JSONISH), max_size=3), _JSONISH)),
    _maybe("note", _SCALARS),
)


def _exactly(turn: Turn) -> tuple[object, ...]:
    """A turn with every value's exact type (``1 == 1.0 == True`` would hide one)."""
    values = tuple(
        (v.field, type(v.value), repr(v.value), type(v.why), v.why, id(v.cite)) for v in turn.values
    )
    return (turn.engine_state, turn.bundle_sha256, values)


@settings(max_examples=1500, deadline=None)
@given(_TURNS)
def test_the_short_way_reads_a_turn_as_the_long_way_does(raw: dict[str, object]) -> None:
    short = _plain_turn(raw)
    long = _parse_turn(raw)
    if short is not None:
        assert isinstance(long, Turn)
        assert _exactly(short) == _exactly(long)
    assert parse_turn(raw) == long


def test_the_short_way_takes_the_common_shape() -> None:
    cite = {"doc": "grn-1", "quote": "Vehicle no.: GJ 27", "char_start": 3, "char_end": 21}
    raw = {
        "context_provenance": {"engine_state": "live", "bundle_sha256": "ab" * 32},
        "values": [
            {"field": "vehicle_no", "value": "GJ 27", "why": "It says so.", "cite": cite},
            {"field": "qty", "value": 12, "why": None},
            {"field": "rate", "value": 2.5, "why": "x", "cite": None},
            {"field": "note", "value": None},
        ],
    }
    short = _plain_turn(raw)
    assert short is not None
    assert _exactly(short) == _exactly(_parse_turn(raw))  # type: ignore[arg-type]
    assert short.values[0].cite is cite


def test_the_short_way_declines_what_needs_the_long_way() -> None:
    declined: list[dict[str, object]] = [
        {"values": []},  # no provenance: the long way says it claims nothing
        {"context_provenance": {"engine_state": "live"}, "values": []},  # no hash key
        {"context_provenance": {"engine_state": "live", "bundle_sha256": 3}},
        {"context_provenance": {"engine_state": "live", "bundle_sha256": None}, "values": "x"},
        {
            "context_provenance": {"engine_state": "live", "bundle_sha256": None},
            "values": [{"field": "a", "value": True}],
        },
    ]
    for raw in declined:
        assert _plain_turn(raw) is None
