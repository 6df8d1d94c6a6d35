"""Which field a mention belongs to, whether a negation governs it, whose name it is.

Cues: each occurrence of a declared field's cue word reaches the first mention after it
and the last mention before it in the same clause (a mention past another mention is not
reached). All occurrences of all declared fields of the type compete: the nearest pairs
(counted in words between; a cue before its mention wins a tie, but in Devanagari, whose
languages are verb-final, a cue after its mention does) are taken first, each cue
occurrence takes one mention and each mention one owner; a tie between two fields leaves
the mention to neither.

Negation: a negation word ("not", "never", "failed", "yet to", "unpaid", "rejected",
"नहीं", ...) in the mention's clause with no other mention between them governs it; one
after the mention only within its phrase ("and" ends it) and only when it is no attribute
of a later noun ("towards the unpaid bills"). Clauses end at ``;``, a full stop, a blank
line, and contrast words (but, however, whereas, ...).

Roles: a name belongs to the role whose word stands nearest to it, in its clause if any
role word is there, else in the whole quote (a role word before the name wins a tie).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from sakshi.values.found import Found
from sakshi.values.model import FieldDecl, ValueType
from sakshi.values.tokens import Token, TokenKind, tokenize, word_at

__all__ = ["CueTable", "Span", "cue_table", "nearest_role", "negated", "owners", "phrase_hits"]

# Each declared field of a type with its cue phrases: (field, (cue, ...)), sorted by field.
CueTable = tuple[tuple[str, tuple[str, ...]], ...]

_NEGATIONS = frozenset(
    {
        "not", "never", "nor", "neither", "without", "unpaid", "non", "nil", "failed", "fails",
        "fail", "failure", "refused", "refuses", "declined", "denied", "denies", "nothing",
        "rejected", "rejects", "disallowed", "disallows", "dismissed", "dismisses",
        "नहीं", "न", "बिना", "असफल", "खारिज", "नामंजूर", "अस्वीकार", "अस्वीकृत",
    }
)  # fmt: skip
# The only words _is_negation can accept: the others are not asked.
_MAY_NEGATE = _NEGATIONS | {"no", "yet", "t"}
# A negation after a mention reaches back to it only within its phrase: "paid ₹ 5 lakh and
# failed to pay ₹ 2 lakh" does not deny the first sum.
_PHRASE_BREAKS = frozenset({"and", "while", "after", "और", "तथा", "एवं", "व"})
# After one of these a negation modifies the noun that follows ("towards the unpaid
# bills"), never a mention before it.
_DETERMINERS = frozenset({"the", "a", "an", "any", "such", "its", "their", "his", "her", "all"})


@dataclass(frozen=True, slots=True)
class Span:
    """Tokens ``first:end`` of the quote: a cue word, a role word or a mention."""

    first: int
    end: int


@lru_cache(maxsize=1024)
def _phrase(text: str) -> tuple[str, ...]:
    return tuple(token.text for token in tokenize(text) if token.kind != TokenKind.MARK)


def _word_matches(word: str, cue: str) -> bool:
    # "cheque" finds "cheques"; a cue of five letters or more finds its other forms too
    # ("dishonour" finds "dishonoured"), a short one ("sum") only itself.
    if word == cue or word in (cue + "s", cue + "es"):
        return True
    return len(cue) >= 5 and word.startswith(cue)


# A cue of this many letters or more also finds the words it begins (see _word_matches).
_STEM = 5


@dataclass(frozen=True, slots=True)
class _Words:
    """A quote's words (not marks): their token indices, and where each word stands among
    them by its text and by its first ``_STEM`` letters, so that a cue is looked up
    rather than tried at every word."""

    positions: tuple[int, ...]
    texts: tuple[str, ...]
    by_text: dict[str, list[int]]
    by_stem: dict[str, list[int]]


@lru_cache(maxsize=4096)
def _words(quote: str) -> _Words:
    tokens = tokenize(quote)
    positions = tuple(i for i, token in enumerate(tokens) if token.kind != TokenKind.MARK)
    by_text: dict[str, list[int]] = {}
    by_stem: dict[str, list[int]] = {}
    for number, position in enumerate(positions):
        text = tokens[position].text
        by_text.setdefault(text, []).append(number)
        by_stem.setdefault(text[:_STEM], []).append(number)
    texts = tuple(tokens[position].text for position in positions)
    return _Words(positions, texts, by_text, by_stem)


def _starts(words: _Words, cue: str) -> list[int]:
    """The words (numbers among the quote's words, ascending) that ``cue`` matches:
    exactly the ones ``_word_matches`` accepts."""
    if len(cue) >= _STEM:  # then every word it matches begins with it
        return [at for at in words.by_stem.get(cue[:_STEM], ()) if words.texts[at].startswith(cue)]
    found = [at for form in (cue, cue + "s", cue + "es") for at in words.by_text.get(form, ())]
    return sorted(found)


@lru_cache(maxsize=16384)
def phrase_hits(quote: str, phrase: str) -> tuple[Span, ...]:
    """Where the words of ``phrase`` stand in the quote, consecutively (marks between
    them do not matter)."""
    words = _phrase(phrase)
    if not words:
        return ()
    tokens, index = tokenize(quote), _words(quote)
    positions = index.positions
    hits: list[Span] = []
    for start in _starts(index, words[0]):
        if start > len(positions) - len(words):
            break
        run = positions[start : start + len(words)]
        if all(_word_matches(tokens[at].text, cue) for at, cue in zip(run, words, strict=True)):
            hits.append(Span(run[0], run[-1] + 1))
    return tuple(hits)


@lru_cache(maxsize=1024)
def _words_before(quote: str) -> list[int]:
    """How many words (not marks) stand before each token index: distances in words."""
    counts = [0]
    for token in tokenize(quote):
        counts.append(counts[-1] + (token.kind != TokenKind.MARK))
    return counts


def _same_clause(tokens: tuple[Token, ...], left: int, right: int) -> bool:
    return tokens[left].clause == tokens[max(left, right - 1)].clause


@dataclass(frozen=True, slots=True)
class _Pair:
    distance: int
    backward: bool
    unlikely: bool  # the side a cue of its language seldom stands on (ties go the other way)
    cue: int
    mention: int
    field: str


def _pairs(quote: str, mentions: Sequence[Found], cues: list[tuple[str, Span]]) -> list[_Pair]:
    tokens = tokenize(quote)
    counts = _words_before(quote)
    firsts = [mention.first for mention in mentions]
    ends = [mention.end for mention in mentions]  # mentions do not overlap: sorted too
    pairs: list[_Pair] = []
    for number, (field, hit) in enumerate(cues):
        after = bisect_left(firsts, hit.end)  # the first mention after the cue
        before = bisect_right(ends, hit.first) - 1  # the last mention before it
        verb_final = _verb_final(tokens[hit.first].text)
        if after < len(mentions) and _same_clause(tokens, hit.first, ends[after]):
            gap = counts[firsts[after]] - counts[hit.end]
            pairs.append(_Pair(gap, False, verb_final, number, after, field))
        if before >= 0 and _same_clause(tokens, firsts[before], hit.end):
            gap = counts[hit.first] - counts[ends[before]]
            pairs.append(_Pair(gap, True, not verb_final, number, before, field))
    return sorted(pairs, key=lambda pair: (pair.distance, pair.unlikely, pair.cue))


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


def owners(quote: str, mentions: Sequence[Found], cues_by_field: CueTable) -> list[str | None]:
    """The declared field each mention belongs to by its cue words (None: no owner)."""
    cues = [
        (name, hit)
        for name, phrases in cues_by_field
        for cue in phrases
        for hit in phrase_hits(quote, cue)
    ]
    result: list[str | None] = [None] * len(mentions)
    contested: set[int] = set()
    used: set[int] = set()
    pairs = _pairs(quote, mentions, cues)
    fields_at: dict[tuple[int, bool, int], set[str]] = {}
    for pair in pairs:
        fields_at.setdefault((pair.distance, pair.unlikely, pair.mention), set()).add(pair.field)
    for pair in pairs:
        if pair.cue in used or pair.mention in contested or result[pair.mention] is not None:
            continue
        used.add(pair.cue)
        if len(fields_at[(pair.distance, pair.unlikely, pair.mention)]) > 1:
            contested.add(pair.mention)  # two fields' cues stand equally near
            continue
        result[pair.mention] = pair.field
    return result


def _is_negation(tokens: tuple[Token, ...], index: int) -> bool:
    token = tokens[index]
    if token.kind != TokenKind.WORD:
        return False
    if token.text in _NEGATIONS:
        return True
    if token.text == "no":  # "No. 12" and "no: 12" are labels, "no amount" is a negation
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        return after is None or (after.kind == TokenKind.WORD)
    if token.text == "yet":
        return word_at(tokens, index + 1) == "to"
    # "didn't", "hasn't": the t after a glued apostrophe
    return (
        token.text == "t"
        and token.glued
        and index >= 1
        and tokens[index - 1].text in ("'", "’")
        and word_at(tokens, index - 2).endswith("n")
    )


@lru_cache(maxsize=4096)
def _negations(quote: str) -> tuple[int, ...]:
    tokens = tokenize(quote)
    return tuple(
        index
        for index, token in enumerate(tokens)
        if token.text in _MAY_NEGATE and _is_negation(tokens, index)
    )


def negated(quote: str, mentions: Sequence[Found]) -> list[bool]:
    """For each mention, whether a negation in its clause reaches it: one before it with
    no other mention between, or one after it in the same phrase (no "and" between) that
    is not an attribute ("the unpaid bills")."""
    tokens = tokenize(quote)
    flags: list[bool] = []
    negations = _negations(quote)
    for position, mention in enumerate(mentions):
        clause = tokens[mention.first].clause
        low = mentions[position - 1].end if position > 0 else 0
        high = mentions[position + 1].first if position + 1 < len(mentions) else len(tokens)
        before = negations[bisect_left(negations, low) : bisect_left(negations, mention.first)]
        after = negations[bisect_left(negations, mention.end) : bisect_left(negations, high)]
        flags.append(
            any(tokens[index].clause == clause for index in before)
            or any(
                tokens[index].clause == clause and not _phrase_break(tokens, mention.end, index)
                for index in after
            )
        )
    return flags


def _phrase_break(tokens: tuple[Token, ...], start: int, stop: int) -> bool:
    if word_at(tokens, stop - 1) in _DETERMINERS:
        return True
    return any(
        tokens[index].kind == TokenKind.WORD and tokens[index].text in _PHRASE_BREAKS
        for index in range(start, stop)
    )


@lru_cache(maxsize=16384)
def _hit_bounds(
    quote: str, phrase: str
) -> tuple[tuple[Span, ...], tuple[int, ...], tuple[int, ...]]:
    """The phrase's hits in the quote, with their first and end tokens (both ascending)."""
    hits = phrase_hits(quote, phrase)
    return hits, tuple(hit.first for hit in hits), tuple(hit.end for hit in hits)


def nearest_role(quote: str, name: Span, roles: Mapping[str, tuple[str, ...]]) -> str | None:
    """The role whose word stands nearest the name (its clause first), or None."""
    tokens = tokenize(quote)
    counts = _words_before(quote)
    best: tuple[bool, int, bool, str] | None = None
    for role in sorted(roles):
        for word in roles[role]:
            hits, firsts, ends = _hit_bounds(quote, word)
            # Only the nearest hit on each side can be the nearest (clauses are contiguous).
            after = bisect_left(firsts, name.end)
            before = bisect_right(ends, name.first) - 1
            for index, follows in ((after, True), (before, False)):
                if not 0 <= index < len(hits):
                    continue
                hit = hits[index]
                gap = (
                    counts[hit.first] - counts[name.end]
                    if follows
                    else counts[name.first] - counts[hit.end]
                )
                other_clause = tokens[hit.first].clause != tokens[name.first].clause
                key = (other_clause, gap, follows, role)
                if best is None or key < best:
                    best = key
    return None if best is None else best[3]
