"""The tokenizer, held to its definition: digit runs and letter runs whole, each mark alone,
spaces dropped, every token at its codepoint offsets, ``glued`` when nothing stands between
it and the token before, clauses counted at ";", a sentence's full stop, a contrast word and
a blank line."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values.tokens import Token, TokenKind, tokenize


def _kind(ch: str) -> TokenKind | None:
    """A codepoint's class as the module's docstring defines it (None: a space)."""
    if ch.isspace():
        return None
    category = unicodedata.category(ch)
    if category == "Nd":
        return TokenKind.DIGITS
    if category[0] in "LM" or ch in "\u200c\u200d":
        return TokenKind.WORD
    return TokenKind.MARK


_TEXT = st.text(
    st.one_of(
        st.sampled_from(list("abc XYZ 019 ,.;:()/-₹$€%\n\t\u00a0\u200c१२३मार्च½²'’")),
        st.characters(exclude_categories=("Cs",)),
    ),
    max_size=80,
)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_tokens_are_the_maximal_runs_of_one_class(text: str) -> None:
    tokens = tokenize.__wrapped__(text)  # the definition, not a cached answer
    covered = [False] * len(text)
    previous: Token | None = None
    for token in tokens:
        kinds = {_kind(ch) for ch in text[token.start : token.end]}
        assert kinds == {token.kind}, (text, token)
        if token.kind == TokenKind.MARK:
            assert token.end - token.start == 1, (text, token)
        for at in range(token.start, token.end):
            covered[at] = True
        touching = previous is not None and previous.end == token.start
        assert token.glued is touching, (text, token)
        if touching and previous is not None and token.kind != TokenKind.MARK:
            assert previous.kind != token.kind, (text, previous, token)  # runs are whole
        if previous is not None:
            assert token.clause >= previous.clause
        previous = token
    assert all(covered[at] or text[at].isspace() for at in range(len(text))), text


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("Rs. 5,000 paid; the rest due", [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]),
        ("Paid in March. The rest due", [0, 0, 0, 0, 1, 1, 1]),
        ("Sec. 138 applies", [0, 0, 0, 0]),  # an abbreviation's dot ends nothing
        ("paid\n\nthe rest", [0, 1, 1]),  # a blank line
        ("paid, but the rest", [0, 0, 1, 1, 1]),  # a contrast
        ("12.03.2024 and more", [0, 0, 0, 0, 0, 0, 0]),  # a dot glued on both sides
    ],
)
def test_clauses(text: str, clauses: list[int]) -> None:
    assert [token.clause for token in tokenize(text)] == clauses


def test_words_fold_and_digits_of_any_script_read_as_ascii() -> None:
    tokens = tokenize("Rs.१२,५०० ＡＢＣ Straße")
    assert [(t.kind, t.text) for t in tokens] == [
        (TokenKind.WORD, "rs"),
        (TokenKind.MARK, "."),
        (TokenKind.DIGITS, "12"),
        (TokenKind.MARK, ","),
        (TokenKind.DIGITS, "500"),
        (TokenKind.WORD, "abc"),
        (TokenKind.WORD, "strasse"),
    ]
    assert [t.glued for t in tokens] == [False, True, True, True, True, False, False]
