"""The tokenizer, held to its definition: digit runs and letter runs whole, each mark alone,
spaces dropped, every token at its codepoint offsets, ``glued`` when nothing stands between
it and the token before, clauses counted at ";", a sentence's full stop, a contrast word and
a blank line.

Digits of any script are ASCII once tokenized. Python's ``int`` reads "१३८" as it is, so a
rule that forgot to fold would still read amounts: statutes, case numbers and identifiers,
which compare their digits as text, are the ones that show it, each a row here, right and
wrong."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values import FieldDecl, ValueReason, ValueType, check_value
from sakshi.values.tokens import Token, TokenKind, tokenize

R = ValueReason
T = ValueType


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


# (script, its digits 0-9)
SCRIPTS = [
    ("Devanagari", "०१२३४५६७८९"),
    ("Bengali", "০১২৩৪৫৬৭৮৯"),
    ("Gujarati", "૦૧૨૩૪૫૬૭૮૯"),
    ("Tamil", "௦௧௨௩௪௫௬௭௮௯"),
    ("Arabic-Indic", "٠١٢٣٤٥٦٧٨٩"),
    ("fullwidth", "０１２３４５６７８９"),
]


def _in(digits: str, number: str) -> str:
    return "".join(digits[int(ch)] if ch.isdigit() else ch for ch in number)


@pytest.mark.parametrize(("script", "digits"), SCRIPTS, ids=[s for s, _ in SCRIPTS])
def test_digits_of_any_script_are_ascii_tokens(script: str, digits: str) -> None:
    text = f"No. {_in(digits, '0138')}/{_in(digits, '24')}"
    tokens = tokenize(text)
    runs = [t for t in tokens if t.kind == TokenKind.DIGITS]
    assert [t.text for t in runs] == ["0138", "24"], script
    assert [text[t.start : t.end] for t in runs] == [_in(digits, "0138"), _in(digits, "24")]


# (declaration, value, quote written in Devanagari digits, expected reason: None is OK)
ROWS = [
    (T.STATUTE, "Section 138 NI Act", "धारा १३८ एन.आई. एक्ट के अधीन", None),
    (T.STATUTE, "Section 138 NI Act", "under Section १३८ of the NI Act", None),
    (T.STATUTE, "Section 139 NI Act", "under Section १३८ of the NI Act", R.VALUE_NOT_IN_QUOTE),
    (T.STATUTE, "Section 420 IPC", "u/s ४२० IPC", None),
    (T.STATUTE, "Section 420 IPC", "u/s ४२१ IPC", R.VALUE_NOT_IN_QUOTE),
    (T.STATUTE, "Order VII Rule 11 CPC", "Order VII Rule ११ CPC", None),
    (T.STATUTE, "Order VII Rule 11 CPC", "Order VII Rule १० CPC", R.VALUE_NOT_IN_QUOTE),
    (T.STATUTE, "Section 13(1)(a) HMA", "Section १३(१)(a) HMA", None),
    (T.STATUTE, "Section 13(1)(a) HMA", "Section १३(२)(a) HMA", R.VALUE_NOT_IN_QUOTE),
    (T.IDENTIFIER, "29ABCDE1234F1Z5", "GSTIN: २९ABCDE१२३४F1Z5", None),
    (T.IDENTIFIER, "29ABCDE1234F1Z6", "GSTIN: २९ABCDE१२३४F1Z5", R.VALUE_NOT_IN_QUOTE),
    (T.IDENTIFIER, "45/2A", "Survey No. ४५/२A", None),
    (T.IDENTIFIER, "45/3A", "Survey No. ४५/२A", R.VALUE_NOT_IN_QUOTE),
    (T.IDENTIFIER, "05106", "Account No. ०५१०६", None),
    (T.IDENTIFIER, "05107", "Account No. ०५१०६", R.VALUE_NOT_IN_QUOTE),
    (T.CASE_NO, "CC No. 1234 of 2023", "CC No. १२३४ of २०२३", None),
    (T.CASE_NO, "CC No. 1235 of 2023", "CC No. १२३४ of २०२३", R.VALUE_NOT_IN_QUOTE),
]


@pytest.mark.parametrize(("kind", "value", "quote", "reason"), ROWS)
def test_devanagari_digits_state_statutes_case_numbers_and_identifiers(
    kind: ValueType, value: str, quote: str, reason: ValueReason | None
) -> None:
    check = check_value("x", value, quote, {"x": FieldDecl(kind)})
    assert check.value_reason == reason, check.mentions


@pytest.mark.parametrize(
    "quote",
    [
        "u/s 34 of the Arbitration & Conciliation Act, 1996",
        "u/s 34 of the Arbitration and Conciliation Act, 1996",
    ],
)
def test_an_ampersand_is_the_word_and_in_a_name(quote: str) -> None:
    value = "Section 34 of the Arbitration and Conciliation Act, 1996"
    assert check_value("f", value, quote, {"f": FieldDecl(T.STATUTE)}).ok


def test_the_quotes_first_word_has_no_label_before_it() -> None:
    # Only a word after a label (or "#") is a labelled identifier: the first word of the
    # quote has nothing before it, whatever word ends the quote.
    quote = "AB12 paid against invoice #77, receipt No"
    check = check_value("f", "77", quote, {"f": FieldDecl(T.IDENTIFIER)})
    assert check.ok
    assert [str(m.reading) for m in check.mentions] == ["77"]


@pytest.mark.parametrize(
    ("quote", "slots"),
    [
        ("ref 1-2 was paid", ["1-2"]),  # digits with a dash, a slash or letters: an id
        ("reference 1-2 and reference 1/2", ["1-2", "1/2"]),
        ("invoice 12-3 and invoice 45", ["12-3"]),
        ("ref 12 was paid", []),  # two bare digits after a word label: no id
    ],
)
def test_a_label_word_takes_what_looks_like_an_identifier(quote: str, slots: list[str]) -> None:
    from sakshi.values.idslots import identifier_slots

    assert [str(found.reading) for found in identifier_slots(quote)] == slots
