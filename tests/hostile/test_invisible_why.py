"""Hostile: a why that a reader cannot see is no why (WHY_MISSING).

A why made only of blanks, format characters, bare combining marks, variation selectors,
fillers or the braille blank passes ``str.strip()`` but says nothing.
``sakshi.context.turns.is_visible`` defines visible text: at least one letter, number,
punctuation mark or symbol that is not a blank graphic.
"""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.context.grade import grade_turn
from sakshi.context.routes import reference_route
from sakshi.context.turns import (
    BLANK_GRAPHICS,
    EngineState,
    Served,
    Turn,
    TurnValue,
    is_visible,
    is_visible_char,
    parse_turn,
)
from sakshi.reasons import GradeReason
from sakshi.reports.view_data import read_view
from sakshi.reports.view_html import render_html
from sakshi.spans import BodyKind, Document

DOCUMENTS = {"memo": Document.from_strings("memo", BodyKind.TEXT, ["Cheque No.: 004512\n"])}
CITE = {"doc": "memo", "quote": "Cheque No.: 004512"}
SERVED = Served(EngineState.LIVE, "0" * 64)

# Every one of these, alone or in any mix, is invisible.
INVISIBLE = {
    "space": " ",
    "tab": "\t",
    "newline": "\n",
    "carriage return": "\r",
    "no-break space": "\u00a0",
    "ogham space mark": "\u1680",
    "em space": "\u2003",
    "ideographic space": "\u3000",
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "NUL": "\x00",
    "DEL": "\x7f",
    "next line (C1)": "\x85",
    "soft hyphen": "\u00ad",
    "arabic letter mark": "\u061c",
    "mongolian vowel separator": "\u180e",
    "zero-width space": "\u200b",
    "zero-width non-joiner": "\u200c",
    "zero-width joiner": "\u200d",
    "left-to-right mark": "\u200e",
    "right-to-left override": "\u202e",
    "word joiner": "\u2060",
    "invisible times": "\u2062",
    "left-to-right isolate": "\u2066",
    "BOM": "\ufeff",
    "interlinear annotation anchor": "\ufff9",
    "shorthand format letter overlap": "\U0001bca0",
    "musical symbol begin beam": "\U0001d173",
    "tag space": "\U000e0020",
    "language tag": "\U000e0001",
    "combining acute accent": "\u0301",
    "combining grapheme joiner": "\u034f",
    "devanagari virama": "\u094d",
    "combining enclosing circle": "\u20dd",
    "variation selector 16": "\ufe0f",
    "variation selector 1": "\ufe00",
    "variation selector 256": "\U000e01ef",
    "khmer vowel inherent aq": "\u17b4",
    "mongolian free variation selector": "\u180b",
    "hangul choseong filler": "\u115f",
    "hangul jungseong filler": "\u1160",
    "hangul filler": "\u3164",
    "halfwidth hangul filler": "\uffa0",
    "braille pattern blank": "\u2800",
    "private use": "\ue000",
    "noncharacter": "\uffff",
    "lone surrogate": "\ud800",
}

# The least a why may be and still be seen: one character of each visible kind.
VISIBLE = {
    "latin letter": "a",
    "devanagari letter": "\u0905",
    "han": "\u4e00",
    "digit": "7",
    "devanagari digit": "\u0967",
    "full stop": ".",
    "hyphen": "-",
    "rupee sign": "\u20b9",
    "plus": "+",
    "emoji": "\U0001f600",
    "braille dot": "\u2801",
    "letter with a mark": "e\u0301",
    "replacement character": "\ufffd",
}


def grade_why(why: str | None) -> tuple[GradeReason, ...]:
    value = TurnValue("cheque_no", "004512", why, CITE)
    turn = Turn(SERVED.engine_state.value, SERVED.bundle_sha256, (value,))
    return grade_turn(turn, SERVED, DOCUMENTS).reasons


@pytest.mark.parametrize("char", list(INVISIBLE.values()), ids=list(INVISIBLE))
def test_each_invisible_character_alone_or_repeated_is_why_missing(char: str) -> None:
    assert not is_visible_char(char)
    for why in (char, char * 3, f" {char}\t{char}\n"):
        assert grade_why(why) == (GradeReason.WHY_MISSING,), repr(why)


def test_every_invisible_character_together_is_why_missing() -> None:
    why = "".join(INVISIBLE.values())
    assert grade_why(why) == (GradeReason.WHY_MISSING,)
    assert grade_why(why[::-1]) == (GradeReason.WHY_MISSING,)


@pytest.mark.parametrize("text", list(VISIBLE.values()), ids=list(VISIBLE))
def test_one_visible_character_among_invisible_ones_is_a_why(text: str) -> None:
    assert is_visible(text)
    padding = "".join(INVISIBLE.values())
    for why in (text, padding + text, text + padding, f"\u200b{text}\u2060"):
        assert grade_why(why) == (), repr(why)


def test_no_why_and_the_empty_why_are_why_missing() -> None:
    assert grade_why(None) == grade_why("") == (GradeReason.WHY_MISSING,)


def test_the_definition_over_every_code_point() -> None:
    # The whole table: visible exactly for L*, N*, P*, S* less the blank graphics.
    shown = 0
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        category = unicodedata.category(char)
        expected = category[0] in "LNPS" and char not in BLANK_GRAPHICS
        assert is_visible_char(char) is expected, f"U+{code:04X} {category}"
        shown += expected
        if category[0] in "ZCM":
            assert not is_visible(char * 2)
    assert shown > 100_000  # the table is Unicode's, not a short list


INVISIBLE_CHARS = st.one_of(
    st.characters(categories=["Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn", "Mn", "Mc", "Me"]),
    st.sampled_from(sorted(BLANK_GRAPHICS)),
)


@settings(max_examples=300, deadline=None)
@given(st.text(INVISIBLE_CHARS, max_size=40))
def test_any_mix_of_invisible_characters_is_why_missing(why: str) -> None:
    assert grade_why(why) == (GradeReason.WHY_MISSING,)


@settings(max_examples=300, deadline=None)
@given(
    st.text(INVISIBLE_CHARS, max_size=20),
    st.characters(categories=["L", "N", "P", "S"]).filter(lambda c: c not in BLANK_GRAPHICS),
    st.text(INVISIBLE_CHARS, max_size=20),
)
def test_any_visible_character_makes_a_why(before: str, char: str, after: str) -> None:
    assert grade_why(before + char + after) == ()


def test_at_partial_and_stubbed_an_invisible_why_is_still_no_reason() -> None:
    for state in (EngineState.PARTIAL, EngineState.STUBBED):
        served = Served(state, "0" * 64)
        value = TurnValue("cheque_no", "004512", "\u200b\u2800", CITE)
        turn = Turn(state.value, served.bundle_sha256, (value,))
        assert grade_turn(turn, served, DOCUMENTS).reasons == ()


def test_the_reference_route_does_not_pass_on_an_invisible_why() -> None:
    fact = {"field": "cheque_no", "value": "004512", "why": "\u3164\u200b", "span": CITE}
    raw = reference_route({"bundle": {"facts": [fact]}, "engine_state": "live", "command": None})
    turn = parse_turn(raw)
    assert isinstance(turn, Turn)
    assert is_visible(turn.values[0].why or "")


def test_the_view_names_the_characters_of_an_invisible_why() -> None:
    def page(why: object) -> str:
        value = {"index": 0, "field": "cheque_no", "value": "004512", "why": why, "cite": None}
        entry = {
            "id": "p",
            "engine_state": "live",
            "verdict": "red",
            "expect": "green",
            "held": False,
            "reasons": ["WHY_MISSING"],
            "values": [value],
            "documents": [],
        }
        view = read_view({"packs": [entry], "held": 0, "failed": 1}, "results.json")
        return render_html(view).decode("utf-8")

    assert "<em>(nothing visible: U+200B U+2800)</em>" in page("\u200b\u2800")
    assert (
        "(nothing visible: U+0020 U+0020 U+0020 U+0020 U+0020 U+0020 U+0020 U+0020 \u2026)"
        in page(" " * 9)
    )
    assert "<em>(none)</em>" in page(None)
    assert "why</span> Paid.</p>" in page("Paid.")
