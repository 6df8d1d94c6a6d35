"""Where a phrase's words stand in a quote: whole words, a long word in any of its forms.

Cue words, role words and the words that bound or relate a mention are all looked up the
same way: a quote's words are indexed once (by their text and by their stem), so a phrase
is looked up, never tried at every word.

A word matches a phrase's word when it is that word or its plural (``cheque`` finds
``cheques``; ``sum`` finds ``sums`` but never ``sum`` inside ``offered`` or ``summons``:
whole words only). A phrase word of five letters or more also finds its other inflected
forms, -s, -ed, -ing, a silent e or a final y dropped, a doubled consonant undoubled:
``dishonour`` finds ``dishonoured``, ``presented`` finds ``presenting``, ``penalty`` finds
``penalties``; a derived word is another word (``claim`` is not ``claimant``, ``deposit``
not ``deposition``), and so is a stem under four letters (``dated`` is not ``date``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from sakshi.values.tokens import TokenKind, tokenize

__all__ = [
    "QuoteWords",
    "Span",
    "Vocabulary",
    "phrase_hits",
    "phrase_words",
    "quote_words",
    "stem",
    "vocabulary",
    "vocabulary_hits",
    "word_matches",
]

# A phrase word of this many letters or more also finds its other forms (see stem).
_STEM_FROM = 5
# ... when its stem keeps this many letters ("dated" -> "dat" finds only "dated(s)").
_STEM_KEEPS = 4
_VOWELS = frozenset("aeiou")


# The records of this module and of scope.py, roles.py and labels.py are NamedTuples, not
# frozen dataclasses: a quote makes many of them, and each class costs a quarter as much
# to create when the package is imported (start-up is budgeted).
class Span(NamedTuple):
    """Tokens ``first:end`` of the quote: a cue word, a role word or a mention."""

    first: int
    end: int


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The word without one inflection ending, a silent e or a final y, and with a final
    doubled consonant undoubled: dishonoured, dishonours, dishonouring -> dishonour;
    notices, noticed -> notic; penalties -> penalt; committed -> commit. Applied alike to a
    quote's words and to a phrase's, so only equality matters, not the English."""
    base = word
    if base.endswith("ies") and len(base) > 4:
        base = base[:-3] + "y"
    elif base.endswith("ing") and len(base) > 5:
        base = base[:-3]
    elif base.endswith("eed"):
        base = base[:-1]  # agreed -> agree, guaranteed -> guarantee
    elif base.endswith("ed") and len(base) > 4:
        base = base[:-2]
    elif base.endswith("s") and not base.endswith(("ss", "us", "is")) and len(base) > 3:
        base = base[:-1]
    if len(base) > 3 and base[-1] in "ey" and base[-2] != "e":
        base = base[:-1]  # notice/notic, penalty/penalt; employee and payee keep theirs
    if len(base) > 3 and base[-1] == base[-2] and base[-1] not in _VOWELS:
        base = base[:-1]
    return base


def _stems(cue: str) -> bool:
    return len(cue) >= _STEM_FROM and len(stem(cue)) >= _STEM_KEEPS


def word_matches(word: str, cue: str) -> bool:
    """Whether a quote's ``word`` is the phrase word ``cue``: itself, its plural, or (for a
    long cue) another of its forms."""
    if word == cue or word in (cue + "s", cue + "es"):
        return True
    return _stems(cue) and stem(word) == stem(cue)


@lru_cache(maxsize=4096)
def phrase_words(text: str) -> tuple[str, ...]:
    """A phrase's words, normalised as a quote's are (marks dropped)."""
    return tuple(token.text for token in tokenize(text) if token.kind != TokenKind.MARK)


class QuoteWords(NamedTuple):
    """A quote's words (not marks): their token indices, and where each word stands among
    them by its text and by its first ``_STEM_KEEPS`` letters (a stem is a prefix of its
    word, so a long phrase word's forms all begin so), so that a phrase is looked up
    rather than tried at every word."""

    positions: tuple[int, ...]
    texts: tuple[str, ...]
    by_text: dict[str, list[int]]
    by_head: dict[str, list[int]]


@lru_cache(maxsize=4096)
def quote_words(quote: str) -> QuoteWords:
    """The quote's words, indexed (cached by quote)."""
    tokens = tokenize(quote)
    positions = tuple(i for i, token in enumerate(tokens) if token.kind != TokenKind.MARK)
    texts = tuple(tokens[position].text for position in positions)
    by_text: dict[str, list[int]] = {}
    by_head: dict[str, list[int]] = {}
    for number, text in enumerate(texts):
        by_text.setdefault(text, []).append(number)
        by_head.setdefault(text[:_STEM_KEEPS], []).append(number)
    return QuoteWords(positions, texts, by_text, by_head)


def _starts(words: QuoteWords, cue: str) -> list[int]:
    """The words (numbers among the quote's words, ascending) that ``cue`` matches:
    exactly the ones ``word_matches`` accepts."""
    found = set(words.by_text.get(cue, ()))
    found.update(words.by_text.get(cue + "s", ()))
    found.update(words.by_text.get(cue + "es", ()))
    if _stems(cue):
        root, texts = stem(cue), words.texts
        heads = words.by_head.get(root[:_STEM_KEEPS], ())
        found.update(at for at in heads if stem(texts[at]) == root)
    return sorted(found)


def _run_at(texts: tuple[str, ...], start: int, words: tuple[str, ...]) -> bool:
    """Whether the quote's words from ``start`` on are ``words`` (the first one known)."""
    if start > len(texts) - len(words):
        return False
    rest = zip(texts[start + 1 : start + len(words)], words[1:], strict=True)
    return all(word_matches(text, cue) for text, cue in rest)


@lru_cache(maxsize=16384)
def phrase_hits(quote: str, phrase: str) -> tuple[Span, ...]:
    """Where the words of ``phrase`` stand in the quote, consecutively (marks between
    them do not matter), as token spans in order (cached: for cues, which many values of
    a quote ask for)."""
    words = phrase_words(phrase)
    if not words:
        return ()
    index = quote_words(quote)
    positions = index.positions
    return tuple(
        Span(positions[start], positions[start + len(words) - 1] + 1)
        for start in _starts(index, words[0])
        if _run_at(index.texts, start, words)
    )


_Entry = tuple[str, tuple[str, ...]]  # a phrase and its words


class Vocabulary(NamedTuple):
    """A fixed list of phrases indexed by the quote words their first word matches: its
    forms (itself, -s, -es) and, for a long word, the head of its stem."""

    by_form: dict[str, list[_Entry]]
    by_head: dict[str, list[_Entry]]


@lru_cache(maxsize=64)
def vocabulary(phrases: tuple[str, ...]) -> Vocabulary:
    """The index of ``phrases`` (cached: a vocabulary is built once)."""
    by_form: dict[str, list[_Entry]] = {}
    by_head: dict[str, list[_Entry]] = {}
    for phrase in dict.fromkeys(phrases):
        words = phrase_words(phrase)
        if not words:
            continue
        for form in dict.fromkeys((words[0], words[0] + "s", words[0] + "es")):
            by_form.setdefault(form, []).append((phrase, words))
        if _stems(words[0]):
            by_head.setdefault(stem(words[0])[:_STEM_KEEPS], []).append((phrase, words))
    return Vocabulary(by_form, by_head)


def vocabulary_hits(quote: str, vocab: Vocabulary) -> dict[str, list[Span]]:
    """Where each phrase of the vocabulary stands in the quote (as ``phrase_hits`` finds
    it), by the quote words the vocabulary knows (a set intersection) rather than a
    lookup per phrase."""
    index = quote_words(quote)
    positions, texts = index.positions, index.texts
    candidates = {
        (at, phrase, words)
        for form in index.by_text.keys() & vocab.by_form.keys()
        for at in index.by_text[form]
        for phrase, words in vocab.by_form[form]
    }
    candidates.update(
        (at, phrase, words)
        for head in index.by_head.keys() & vocab.by_head.keys()
        for phrase, words in vocab.by_head[head]
        for at in index.by_head[head]
        if stem(texts[at]) == stem(words[0])
    )
    hits: dict[str, list[Span]] = {}
    for at, phrase, words in sorted(candidates):
        if _run_at(texts, at, words):
            span = Span(positions[at], positions[at + len(words) - 1] + 1)
            hits.setdefault(phrase, []).append(span)
    return hits
