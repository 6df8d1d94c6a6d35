"""phrases.py: a phrase's words match whole words of a quote, never the start of a longer
word ("sum of" is not in "sum offered"); a word shorter than five letters finds only
itself and its plural, a longer one its inflected forms too, never a derived word."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.values.phrases import phrase_hits, vocabulary, vocabulary_hits, word_matches

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)

# (phrase, quote, whether the phrase stands in the quote)
HITS = [
    ("sum of", "the sum of Rs. 700", True),
    ("sum of", "the sum offered was Rs. 500", False),
    ("sum of", "the summons of 12 March", False),
    ("sum of", "the sums of money", True),
    ("fee", "the fees of Rs. 500", True),
    ("fee", "the feed of Rs. 500", False),
    ("rent", "the rents due", True),
    ("rent", "the rented premises", False),  # under five letters: no other forms
    ("rent", "the renting of premises", False),
    ("paid", "unpaid dues", False),  # never the end of a longer word either
    ("cheque amount", "the cheque amounts", True),
    ("cheque amount", "the cheque amounting to", True),  # five letters: its forms
    ("cheque amount", "the cheques amount", True),
    ("cheque amount", "the cheque-amount", True),  # a mark between words does not matter
    ("claim", "the claimant", False),  # a derived word is another word
    ("dated", "the date of", False),
]


@pytest.mark.parametrize(("phrase", "quote", "stands"), HITS)
def test_a_phrase_stands_only_as_whole_words(phrase: str, quote: str, stands: bool) -> None:
    assert bool(phrase_hits(quote, phrase)) is stands


_WORDS = st.text("abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=4)
_ENDINGS = st.one_of(
    st.sampled_from(["ed", "ing", "er", "ered", "ant", "ment", "ion", "y", "ies", "ful", "fered"]),
    st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=4),
)


@SETTINGS
@given(_WORDS, _ENDINGS)
def test_a_short_word_finds_only_itself_and_its_plural(cue: str, ending: str) -> None:
    plural = ending in ("s", "es")
    assert word_matches(cue + ending, cue) is plural
    # as the last word of a phrase, before the longer word: "sum of" / "sum offered"
    hits = phrase_hits(f"the sum {cue}{ending} was paid", f"sum {cue}")
    assert bool(hits) is plural


_PHRASES = ("sum of", "cheque amount", "amount", "rent", "dishonoured", "fee", "of the")
_QUOTE_WORDS = st.sampled_from(
    ["sum", "sums", "of", "offered", "cheque", "cheques", "amount", "amounting", "amounts"]
    + ["rent", "rents", "rented", "dishonour", "dishonouring", "fee", "fees", "the", "Rs.", "5"]
)


@SETTINGS
@given(st.lists(_QUOTE_WORDS, max_size=12))
def test_a_vocabulary_finds_each_phrase_where_phrase_hits_does(words: list[str]) -> None:
    """``vocabulary_hits`` looks a fixed list up at once: the same places, one rule."""
    quote = " ".join(words)
    found = vocabulary_hits(quote, vocabulary(_PHRASES))
    for phrase in _PHRASES:
        assert tuple(found.get(phrase, ())) == phrase_hits(quote, phrase), phrase


@pytest.mark.parametrize(
    ("word", "base"),
    [
        ("dishonoured", "dishonour"),
        ("dishonouring", "dishonour"),
        ("penalties", "penalt"),
        ("agreed", "agree"),
        ("committed", "commit"),
        ("thing", "thing"),  # five letters ending in "ing" keep them: "th" is no word
        ("things", "thing"),
        ("owing", "owing"),
        ("ties", "tie"),
    ],
)
def test_a_word_loses_one_inflection_only_when_a_stem_remains(word: str, base: str) -> None:
    from sakshi.values.phrases import stem

    assert stem(word) == base
