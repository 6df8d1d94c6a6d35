"""Property tests for ``verify_span``: an independent model of offsets in each unit.

The model never calls into sakshi: it computes a character's extent in codepoints, UTF-8
bytes and UTF-16 code units from Python's own encoders, and says what must verify.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi import BodyKind, Document, SpanCheck, SpanReason, verify_span
from sakshi.spans import batch
from sakshi.spans.verify import verify_plain

R = SpanReason
UNITS = ("codepoint", "byte", "utf16")
# Deterministic runs (the same examples every time); no deadline, CI machines are slow.
SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)

SPECIALS = [
    "\ufeff",
    "\r\n",
    "\r",
    "\n",
    "\u00e9",
    "e\u0301",
    "\u0301",
    "\u0308",
    "😀",
    "👍🏽",
    "\U0001d11e",
    "\U0010ffff",
    "\u200b",
    "\u00ad",
    "\x00",
    "\ud7ff",
    "\ue000",
    "ß",
    "ﬁ",
    "a",
    " ",
]
pieces = st.one_of(st.text(max_size=6), st.sampled_from(SPECIALS))
texts = st.builds(
    lambda bom, parts: ("\ufeff" if bom else "") + "".join(parts),
    st.booleans(),
    st.lists(pieces, min_size=1, max_size=12),
).filter(bool)


# --- The model ---------------------------------------------------------------------------


def width(ch: str, unit: str) -> int:
    if unit == "byte":
        return len(ch.encode("utf-8"))
    if unit == "utf16":
        return len(ch.encode("utf-16-le")) // 2
    return 1


def boundaries(text: str, unit: str) -> list[int]:
    """Every offset in ``unit`` that falls between two characters (0 and the end included)."""
    out = [0]
    for ch in text:
        out.append(out[-1] + width(ch, unit))
    return out


def to_unit(text: str, index: int, unit: str) -> int:
    """The codepoint index ``index`` as an offset in ``unit``."""
    return boundaries(text, unit)[index]


def expected(text: str, quote: str, start: int, end: int, unit: str) -> SpanReason:
    """What verify_span must say for offsets into a whole-text document (the model)."""
    edges = boundaries(text, unit)
    if not (0 <= start < end <= edges[-1]) or start not in edges or end not in edges:
        return R.OFFSETS_INVALID
    sliced = text[edges.index(start) : edges.index(end)]
    return R.OK if sliced.encode("utf-8") == quote.encode("utf-8") else R.QUOTE_MISMATCH


def checked(raw: object, documents: dict[str, Document]) -> SpanCheck:
    result = verify_span(raw, documents)
    assert isinstance(result, SpanCheck)
    assert isinstance(result.reason, SpanReason)
    assert result.verified is (result.reason is R.OK)
    return result


def whole(text: str) -> dict[str, Document]:
    return {"d": Document.from_strings("d", BodyKind.TEXT, [text])}


@st.composite
def text_and_range(draw: st.DrawFn) -> tuple[str, int, int]:
    text = draw(texts)
    start = draw(st.integers(0, len(text) - 1))
    end = draw(st.integers(start + 1, len(text)))
    return text, start, end


def _offsets_span(quote: str, start: int, end: int, unit: str, **anchor: int) -> dict[str, Any]:
    return {
        "doc": "d",
        "quote": quote,
        "char_start": start,
        "char_end": end,
        "unit": unit,
        **anchor,
    }


# --- Properties --------------------------------------------------------------------------


@SETTINGS
@given(text_and_range(), st.sampled_from(UNITS), st.sampled_from(list(BodyKind)), st.integers(0, 2))
def test_true_slice_verifies_in_every_unit_and_body_kind(
    case: tuple[str, int, int], unit: str, kind: BodyKind, position: int
) -> None:
    text, start, end = case
    quote = text[start:end]
    if kind in (BodyKind.TEXT, BodyKind.FILE):
        doc = Document.from_strings("d", kind, [text])
        anchor: dict[str, int] = {}
    else:
        # The text is one of three segments; the others hold the quote at other offsets.
        parts = [quote + " other", "x" + quote, quote]
        parts[position] = text
        doc = Document.from_strings("d", kind, parts)
        anchor = {"page": position + 1} if doc.anchor == "page" else {"block": position}
    raw = _offsets_span(quote, to_unit(text, start, unit), to_unit(text, end, unit), unit, **anchor)
    assert checked(raw, {"d": doc}).reason is R.OK
    assert checked({"doc": "d", "quote": quote, **anchor}, {"d": doc}).reason is R.OK


@SETTINGS
@given(text_and_range(), st.sampled_from(UNITS), st.data())
def test_changing_one_character_of_the_quote_does_not_verify(
    case: tuple[str, int, int], unit: str, data: st.DataObject
) -> None:
    text, start, end = case
    quote = text[start:end]
    index = data.draw(st.integers(0, len(quote) - 1), label="index")
    # Any other character that has UTF-8 bytes: a lone surrogate makes the span malformed
    # (SPAN_MALFORMED), not a mismatch.
    replacement = data.draw(
        st.characters(exclude_categories=["Cs"]).filter(lambda c: c != quote[index]),
        label="replacement",
    )
    changed = quote[:index] + replacement + quote[index + 1 :]
    raw = _offsets_span(changed, to_unit(text, start, unit), to_unit(text, end, unit), unit)
    assert checked(raw, whole(text)).reason is R.QUOTE_MISMATCH
    # Without offsets the changed quote may well stand elsewhere in the text.
    found = checked({"doc": "d", "quote": changed}, whole(text)).verified
    assert found is (changed.encode("utf-8") in text.encode("utf-8"))


@SETTINGS
@given(
    text_and_range(),
    st.sampled_from(UNITS),
    st.sampled_from(["start", "end"]),
    st.sampled_from([-1, 1]),
)
def test_shifting_an_offset_by_one_verifies_only_an_equal_slice(
    case: tuple[str, int, int], unit: str, which: str, delta: int
) -> None:
    text, start_cp, end_cp = case
    quote = text[start_cp:end_cp]
    start, end = to_unit(text, start_cp, unit), to_unit(text, end_cp, unit)
    if which == "start":
        start += delta
    else:
        end += delta
    result = checked(_offsets_span(quote, start, end, unit), whole(text))
    assert result.reason is expected(text, quote, start, end, unit)
    if result.verified:  # only when the shifted range really holds the same text (e.g. "aaa")
        edges = boundaries(text, unit)
        assert text[edges.index(start) : edges.index(end)] == quote


@SETTINGS
@given(texts, st.sampled_from(UNITS), st.data())
def test_any_offsets_agree_with_the_model(text: str, unit: str, data: st.DataObject) -> None:
    length = boundaries(text, unit)[-1]
    start = data.draw(st.integers(-2, length + 2), label="start")
    end = data.draw(st.integers(-2, length + 2), label="end")
    quote = data.draw(st.sampled_from([text, text[:1], text[1:3] or "q", "ok"]), label="quote")
    result = checked(_offsets_span(quote, start, end, unit), whole(text))
    assert result.reason is expected(text, quote, start, end, unit)


# --- Never raises ------------------------------------------------------------------------

SPAN_KEYS = ("doc", "quote", "page", "block", "char_start", "char_end", "unit", "id", "origin")
any_text = st.text(st.characters(exclude_categories=()), max_size=8)  # lone surrogates too
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**18, max_value=10**60),
    st.sampled_from([2**63, 2**64, -1, 0, 1, 2]),
    # Past Python's 4,300-digit str() limit; built by map so hypothesis never repr()s it.
    st.sampled_from([1, -1, 2]).map(lambda sign: sign * 10**5000),
    st.floats(),
    any_text,
    # Plausible values, so that some spans get deep into the check (and some verify).
    st.integers(-2, 12),
    st.sampled_from(["d", "p", "b", "codepoint", "byte", "utf16", "", "😀", "ok", "two", "café"]),
)
json_like = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(any_text, children, max_size=4)
    ),
    max_leaves=12,
)
# Spans whose keys hold anything at all; plausible spans, which get deep into the check;
# and plausible spans with one key (or an unknown one) holding anything.
wild_span = st.fixed_dictionaries({}, optional={key: json_like for key in SPAN_KEYS})
plausible_span = st.fixed_dictionaries(
    {
        "doc": st.sampled_from(["d", "p", "b", "", "nope"]),
        "quote": st.sampled_from(["ok", "two", "😀", "é", ""]) | any_text,
    },
    optional={
        "page": st.none() | st.integers(-1, 3),
        "block": st.none() | st.integers(-1, 2),
        "char_start": st.integers(-1, 12),
        "char_end": st.integers(-1, 12),
        "unit": st.sampled_from(UNITS),
        "id": json_like,
        "origin": json_like,
    },
)
one_wild_key = st.builds(
    lambda span, key, value: {**span, key: value},
    plausible_span,
    st.sampled_from([*SPAN_KEYS, "pgae"]),
    json_like,
)
span_like = st.one_of(wild_span, plausible_span, one_wild_key)
FUZZ_DOCS = {
    "d": Document.from_strings("d", BodyKind.TEXT, ["café 😀 ok"]),
    "p": Document.from_strings("p", BodyKind.PAGES, ["one", "two 😀"]),
    "b": Document.from_strings("b", BodyKind.BLOCKS, ["zero"]),
    "": Document.from_strings("", BodyKind.TEXT, ["empty id"]),
}


@settings(max_examples=500, deadline=None, derandomize=True)
@given(json_like)
def test_never_raises_on_json_like_values(raw: object) -> None:
    result = checked(raw, FUZZ_DOCS)
    if not isinstance(raw, dict):
        assert result.reason is R.SPAN_MALFORMED


@settings(max_examples=500, deadline=None, derandomize=True)
@given(span_like)
def test_never_raises_on_span_keys_holding_anything(raw: dict[str, Any]) -> None:
    result = checked(raw, FUZZ_DOCS)
    if result.verified:
        quote = raw["quote"]
        assert isinstance(quote, str) and quote
        assert any(quote.encode("utf-8") in s.data for s in FUZZ_DOCS[raw["doc"]].segments)


# --- The plain-shape shortcut agrees with the long way -----------------------------------


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(span_like)
def test_the_plain_shortcut_checks_as_verify_span_does(raw: dict[str, Any]) -> None:
    shortcut = verify_plain(raw, FUZZ_DOCS)
    assert shortcut is None or shortcut == verify_span(raw, FUZZ_DOCS)


def test_the_plain_shortcut_takes_plain_spans_and_leaves_the_rest() -> None:
    ok = verify_plain({"doc": "p", "quote": "two", "page": 2, "id": "x"}, FUZZ_DOCS)
    assert ok is not None and ok.verified
    offsets = {"doc": "d", "quote": "café", "char_start": 0, "char_end": 4, "unit": "codepoint"}
    assert verify_plain(offsets, FUZZ_DOCS) == verify_span(offsets, FUZZ_DOCS)
    for odd in (
        {"doc": "d", "quote": "ok", "page": True},  # a bool is no page number
        {"doc": "d", "quote": "ok", "char_start": 1},  # offsets come as a pair
        {"doc": "d", "quote": ""},
        {"doc": "d", "quote": "\ud800"},
        {"doc": "d", "quote": "ok", "unit": "char"},
        {"doc": "d", "quote": "ok", "pgae": 2},
    ):
        assert verify_plain(odd, FUZZ_DOCS) is None, odd


def _line(raw: object) -> bytes | None:
    try:
        return json.dumps(raw).encode("utf-8")
    except ValueError:  # an int past str()'s digit limit
        return None


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(st.one_of(span_like, json_like))
def test_a_batch_line_is_the_same_by_the_shortcut_or_the_long_way(raw: object) -> None:
    line = _line(raw)
    if line is not None:
        assert batch.verify_line(line, FUZZ_DOCS) == batch._any_line(line, FUZZ_DOCS)
