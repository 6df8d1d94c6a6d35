"""Which declared field a mention belongs to, by its cue words.

Cues: each occurrence of a declared field's cue word reaches the first mention after it
and the last mention before it in the same clause and phrase (a mention past another
mention is not reached, nor one across "and": "... as compensation, and the remaining Rs.
10,000"; a cue after "as" looks back only when a mention stands before it: "Rs. 5.5 lakh
shall be paid ... as compensation"). All occurrences of all declared fields of the type
compete: the nearest pairs (counted in words between, a comma as one; a cue before its
mention wins a tie, but in Devanagari, whose languages are verb-final, a cue after its
mention does) are taken first, each cue occurrence takes one mention and each mention one
owner; a tie between two fields leaves the mention to neither (and spends both cues), and
a cue written as it is wins a tie with one in another form of its word ("Net amount" over
"amounting" at "amount"). A cue that is a mention's own word ("9 containers" for the cue
"containers") labels that mention first. Cue words match as phrases.py says: whole words,
and a long cue in any of its forms.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from sakshi.values.found import Found
from sakshi.values.model import FieldDecl, ValueType
from sakshi.values.phrases import Span, Vocabulary, phrase_words, vocabulary, vocabulary_hits
from sakshi.values.scope import counts
from sakshi.values.tokens import Token, TokenKind, tokenize, word_at

__all__ = ["CueTable", "cue_table", "owners"]

# Each declared field of a type with its cue phrases: (field, (cue, ...)), sorted by field.
CueTable = tuple[tuple[str, tuple[str, ...]], ...]

# A cue after one of these labels what stands before it ("Rs. 5 lakh ... as compensation").
_LOOKS_BACK = frozenset({"as"})


class _Pair(NamedTuple):
    distance: int
    backward: bool
    unlikely: bool  # the side a cue of its language seldom stands on (ties go the other way)
    inflected: bool  # the cue stands in another form ("amounting" at "amount"): ties lose
    cue: int
    mention: int
    field: str


def _reaches(tokens: tuple[Token, ...], breaks: tuple[int, ...], left: int, right: int) -> bool:
    """Whether a cue and a mention share a clause and a phrase: ``left`` is the index
    after the first of them, ``right`` the first index of the second. The first one's
    last token and the second one's first token stand in one clause (a ";" between them
    ends the first one's), and no word between them breaks the phrase."""
    return tokens[left - 1].clause == tokens[right].clause and breaks[right] == breaks[left]


def _inflected(tokens: tuple[Token, ...], hit: Span, cue: str) -> bool:
    """Whether the quote's words at ``hit`` are another form of the cue's words than the
    words themselves or their plurals ("amount" for the cue "amounting")."""
    written = [token.text for token in tokens[hit.first : hit.end] if token.kind != TokenKind.MARK]
    return any(
        word not in (own, own + "s", own + "es")
        for word, own in zip(written, phrase_words(cue), strict=False)
    )


def _pairs(
    quote: str, mentions: Sequence[Found], cues: list[tuple[str, Span, bool]]
) -> list[_Pair]:
    tokens = tokenize(quote)
    running = counts(quote)
    distance, breaks = running.cue, running.breaks
    firsts = [mention.first for mention in mentions]
    ends = [mention.end for mention in mentions]  # mentions do not overlap: sorted too
    pairs: list[_Pair] = []
    for number, (field, hit, inflected) in enumerate(cues):
        inside = bisect_right(firsts, hit.first) - 1
        if inside >= 0 and hit.end <= ends[inside]:
            # The cue is a word of the mention itself ("9 containers" for the cue
            # "containers"): it labels that mention before any other.
            pairs.append(_Pair(-1, False, False, inflected, number, inside, field))
            continue
        after = bisect_left(firsts, hit.end)  # the first mention after the cue
        before = bisect_right(ends, hit.first) - 1  # the last mention before it
        verb_final = _verb_final(tokens[hit.first].text)
        back = before >= 0 and _reaches(tokens, breaks, ends[before], hit.first)
        # "Rs. 5 lakh ... as compensation" looks back; "As consideration, $X" has nothing
        # before it to look back to, and reaches forward as any cue does.
        forward = not (back and word_at(tokens, hit.first - 1) in _LOOKS_BACK)
        if forward and after < len(mentions) and _reaches(tokens, breaks, hit.end, firsts[after]):
            gap = distance[firsts[after]] - distance[hit.end]
            pairs.append(_Pair(gap, False, verb_final, inflected, number, after, field))
        if back:
            gap = distance[hit.first] - distance[ends[before]]
            pairs.append(_Pair(gap, True, not verb_final, inflected, number, before, field))
    return sorted(pairs, key=lambda pair: (pair.distance, pair.unlikely, pair.inflected, pair.cue))


def _verb_final(word: str) -> bool:
    """Whether the cue is a word of a verb-final language (Hindi, Marathi: Devanagari),
    where a cue follows its mention ("दिनांक 26.08.2021 को ... प्रस्तुत किया")."""
    return any("\u0900" <= ch <= "\u097f" for ch in word)


def cue_table(fields: Mapping[str, FieldDecl], value_type: ValueType) -> CueTable:
    """The cues of every declared field of the type, as hashable data, sorted by field."""
    return tuple(
        (name, fields[name].cues)
        for name in sorted(fields)
        if fields[name].type == value_type and fields[name].cues
    )


@lru_cache(maxsize=64)
def _cue_words(cues_by_field: CueTable) -> Vocabulary:
    """Every cue of the table as one vocabulary (cached: a run declares its fields once),
    so that a quote's cues are found by the words it holds, not looked up cue by cue."""
    return vocabulary(tuple(cue for _, phrases in cues_by_field for cue in phrases))


def owners(quote: str, mentions: Sequence[Found], cues_by_field: CueTable) -> list[str | None]:
    """The declared field each mention belongs to by its cue words (None: no owner)."""
    result: list[str | None] = [None] * len(mentions)
    if not mentions or not cues_by_field:
        return result
    tokens = tokenize(quote)
    hits = vocabulary_hits(quote, _cue_words(cues_by_field))
    cues = [
        (name, hit, _inflected(tokens, hit, cue))
        for name, phrases in cues_by_field
        for cue in phrases
        for hit in hits.get(cue, ())
    ]
    if not cues:
        return result
    contested: set[int] = set()
    used: set[int] = set()
    pairs = _pairs(quote, mentions, cues)
    tied: dict[tuple[int, bool, bool, int], list[_Pair]] = {}
    for pair in pairs:
        key = (pair.distance, pair.unlikely, pair.inflected, pair.mention)
        tied.setdefault(key, []).append(pair)
    for pair in pairs:
        if pair.cue in used or pair.mention in contested or result[pair.mention] is not None:
            continue
        key = (pair.distance, pair.unlikely, pair.inflected, pair.mention)
        rivals = [other for other in tied[key]]
        if len({other.field for other in rivals if other.cue not in used}) > 1:
            # Two fields' cues stand equally near: the mention is neither's, and each cue
            # spent itself on it (it must not reach on to a mention farther away).
            contested.add(pair.mention)
            used.update(other.cue for other in rivals)
            continue
        used.add(pair.cue)
        result[pair.mention] = pair.field
    return result
