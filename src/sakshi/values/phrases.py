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

from dataclasses import dataclass
from functools import lru_cache

from sakshi.values.tokens import TokenKind, tokenize

__all__ = [
    "Span",
    "find_phrase",
    "phrase_hits",
    "phrase_words",
    "stem",
    "word_counts",
    "word_matches",
]

# A phrase word of this many letters or more also finds its other forms (see stem).
_STEM_FROM = 5
# ... when its stem keeps this many letters ("dated" -> "dat" finds only "dated(s)").
_STEM_KEEPS = 4
_VOWELS = frozenset("aeiou")


@dataclass(frozen=True, slots=True)
class Span:
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


@dataclass(frozen=True, slots=True)
class _Words:
    """A quote's words (not marks): their token indices, and where each word stands among
    them by its text and by its stem, so that a phrase is looked up rather than tried at
    every word."""

    positions: tuple[int, ...]
    texts: tuple[str, ...]
    by_text: dict[str, list[int]]
    by_stem: dict[str, list[int]]


@lru_cache(maxsize=4096)
def _words(quote: str) -> _Words:
    tokens = tokenize(quote)
    positions = tuple(i for i, token in enumerate(tokens) if token.kind != TokenKind.MARK)
    texts = tuple(tokens[position].text for position in positions)
    by_text: dict[str, list[int]] = {}
    by_stem: dict[str, list[int]] = {}
    for number, text in enumerate(texts):
        by_text.setdefault(text, []).append(number)
        by_stem.setdefault(stem(text), []).append(number)
    return _Words(positions, texts, by_text, by_stem)


def _starts(words: _Words, cue: str) -> list[int]:
    """The words (numbers among the quote's words, ascending) that ``cue`` matches:
    exactly the ones ``word_matches`` accepts."""
    found = {at for form in (cue, cue + "s", cue + "es") for at in words.by_text.get(form, ())}
    if _stems(cue):
        found.update(words.by_stem.get(stem(cue), ()))
    return sorted(found)


@lru_cache(maxsize=16384)
def phrase_hits(quote: str, phrase: str) -> tuple[Span, ...]:
    """Where the words of ``phrase`` stand in the quote, consecutively (marks between
    them do not matter), as token spans in order (cached: for cues, which many values of
    a quote ask for)."""
    return find_phrase(quote, phrase)


def find_phrase(quote: str, phrase: str) -> tuple[Span, ...]:
    """``phrase_hits`` uncached: for a fixed vocabulary whose hits the caller caches as a
    whole, so that they do not crowd the cues out of ``phrase_hits``'s cache."""
    words = phrase_words(phrase)
    if not words:
        return ()
    index = _words(quote)
    positions, texts = index.positions, index.texts
    hits: list[Span] = []
    for start in _starts(index, words[0]):
        if start > len(positions) - len(words):
            break
        rest = zip(texts[start + 1 : start + len(words)], words[1:], strict=True)
        if all(word_matches(text, cue) for text, cue in rest):
            hits.append(Span(positions[start], positions[start + len(words) - 1] + 1))
    return tuple(hits)


@lru_cache(maxsize=4096)
def word_counts(quote: str) -> tuple[int, ...]:
    """How many words (not marks) stand before each token index: distances in words."""
    counts = [0]
    for token in tokenize(quote):
        counts.append(counts[-1] + (token.kind != TokenKind.MARK))
    return tuple(counts)
