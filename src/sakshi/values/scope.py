"""Which field a mention belongs to, and whether a negation or a bound governs it.

Cues: each occurrence of a declared field's cue word reaches the first mention after it
and the last mention before it in the same clause and phrase (a mention past another
mention is not reached, nor one across "and": "... as compensation, and the remaining Rs.
10,000"; a cue after "as" looks back only when a mention stands before it: "Rs. 5.5 lakh
shall be paid ... as compensation"). All occurrences of all declared fields of the type
compete: the nearest pairs (counted in words between, a comma as one; a cue before its
mention wins a tie, but in Devanagari, whose languages are verb-final, a cue after its
mention does) are taken first, each cue occurrence takes one mention and each mention one
owner; a tie between two fields leaves the mention to neither (and spends both cues). Cue
words match as phrases.py says: whole words, and a long cue in any of its forms.

Negation: a negation word ("not", "never", "failed", "yet to", "unpaid", "rejected",
"नहीं", ...) in the mention's clause with no other mention between them governs it; one
after the mention only within its phrase ("and" ends it) and only when it is no attribute
of a later noun ("towards the unpaid bills"). A negation that belongs to a bound ("not
exceeding") is the bound's. Clauses end at ``;``, a full stop, a blank line, and contrast
words (but, however, whereas, ...).

Bounds: a figure that "up to", "not exceeding", "shall not exceed", "capped at", "a
maximum of", "no more than", "limited to" governs is ``at_most``; one that "not less
than", "at least", "a minimum of", "a floor of" governs ``at_least``; "exceeding", "more
than", "less than" turn round under a negation before them in their clause, no figure
between (any within ten words; "no", "not", "never" within forty: "in no event shall the
aggregate liability ... whether in contract, tort or otherwise, exceed"). A bound governs
the first mention after it within five words in its clause and phrase, with no other
figure between ("at least 95% of orders within 30 days" does not bound the 30 days); "or
less", "or more", "maximum", "at least" right after a mention bound it too. Any other
mention is ``exact``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from sakshi.values.found import Found
from sakshi.values.model import Bound, FieldDecl, ValueType
from sakshi.values.phrases import Span, phrase_hits, phrase_words, quote_words
from sakshi.values.tokens import Token, TokenKind, tokenize, word_at

__all__ = ["BOUNDED", "Counts", "CueTable", "bounds", "counts", "cue_table", "negated", "owners"]

# Each declared field of a type with its cue phrases: (field, (cue, ...)), sorted by field.
CueTable = tuple[tuple[str, tuple[str, ...]], ...]

_NEGATIONS = frozenset(
    {
        "not", "never", "nor", "neither", "without", "unpaid", "non", "nil", "failed", "fails",
        "fail", "failure", "refused", "refuses", "declined", "denied", "denies", "nothing",
        "rejected", "rejects", "disallowed", "disallows", "dismissed", "dismisses", "cannot",
        "नहीं", "न", "बिना", "असफल", "खारिज", "नामंजूर", "अस्वीकार", "अस्वीकृत",
    }
)  # fmt: skip
# The only words is_negation can accept: the others are not asked.
_MAY_NEGATE = _NEGATIONS | {"no", "yet", "t"}
# A negation after a mention reaches back to it only within its phrase: "paid ₹ 5 lakh and
# failed to pay ₹ 2 lakh" does not deny the first sum.
_PHRASE_BREAKS = frozenset({"and", "while", "after", "और", "तथा", "एवं", "व"})
# A cue reaches no mention across these: "as compensation, and the remaining Rs. 10,000"
# (the remainder is not the compensation).
_CUE_BREAKS = frozenset({"and", "while", "और", "तथा", "एवं", "व"})
# A cue after one of these labels what stands before it ("Rs. 5 lakh ... as compensation").
_LOOKS_BACK = frozenset({"as"})
# After one of these a negation modifies the noun that follows ("towards the unpaid
# bills"), never a mention before it.
_DETERMINERS = frozenset({"the", "a", "an", "any", "such", "its", "their", "his", "her", "all"})


class Counts(NamedTuple):
    """Running counts over a quote's tokens, each indexed by token (entry i counts the
    tokens before token i): words; words for cues (a comma counts as one: it ends a
    phrase, so in "presentation on 15.03.2024, dishonour on 18.03.2024" the second cue is
    nearer its own date than the first); words no cue reaches across ("and", "while");
    digit runs."""

    words: tuple[int, ...]
    cue: tuple[int, ...]
    breaks: tuple[int, ...]
    digits: tuple[int, ...]


@lru_cache(maxsize=4096)
def counts(quote: str) -> Counts:
    """The quote's running counts (each summed in C: a quote's tokens are many)."""
    tokens = tokenize(quote)
    words = [token.kind != TokenKind.MARK for token in tokens]
    cue = [word or token.text == "," for word, token in zip(words, tokens, strict=True)]
    breaks = [token.text in _CUE_BREAKS for token in tokens]  # words only: no mark is one
    digits = [token.kind == TokenKind.DIGITS for token in tokens]
    return Counts(*(tuple(accumulate(flags, initial=0)) for flags in (words, cue, breaks, digits)))


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


def owners(quote: str, mentions: Sequence[Found], cues_by_field: CueTable) -> list[str | None]:
    """The declared field each mention belongs to by its cue words (None: no owner)."""
    tokens = tokenize(quote)
    cues = [
        (name, hit, _inflected(tokens, hit, cue))
        for name, phrases in cues_by_field
        for cue in phrases
        for hit in phrase_hits(quote, cue)
    ]
    result: list[str | None] = [None] * len(mentions)
    if not cues or not mentions:
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


def _is_negation(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the token at ``index`` is a negation word ("not", "no amount", "yet to",
    the t of "didn't"); "No. 12" and "no: 12" are labels."""
    token = tokens[index]
    if token.kind != TokenKind.WORD or token.text not in _MAY_NEGATE:
        return False
    if token.text in _NEGATIONS:
        return True
    if token.text == "no":
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        return after is None or (after.kind == TokenKind.WORD)
    if token.text == "yet":
        return word_at(tokens, index + 1) == "to"
    return (
        token.glued
        and index >= 1
        and tokens[index - 1].text in ("'", "’")
        and word_at(tokens, index - 2).endswith("n")
    )


@lru_cache(maxsize=4096)
def _negations(quote: str) -> tuple[int, ...]:
    tokens = tokenize(quote)
    found = [
        index
        for index, token in enumerate(tokens)
        if token.text in _MAY_NEGATE and _is_negation(tokens, index)
    ]
    if not found:
        return ()
    bounding = _bound_hits(quote).negations
    return tuple(index for index in found if index not in bounding)


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


# The types a bound may govern (a field of these may declare ``bound:``).
BOUNDED = frozenset(
    {ValueType.MONEY, ValueType.NUMBER, ValueType.QUANTITY, ValueType.PERCENT, ValueType.DURATION}
)
_BEFORE, _FLIPS, _AFTER = 0, 1, 2
_BOUND_PHRASES: tuple[tuple[int, Bound, tuple[str, ...]], ...] = (
    (_BEFORE, Bound.AT_MOST, ("up to", "upto", "up to and including", "maximum", "max",
                             "capped", "cap of", "cap at", "ceiling of", "limited to", "at most",
                             "at the most", "may extend to", "extendable to", "extendable upto")),
    (_BEFORE, Bound.AT_LEAST, ("at least", "at the least", "minimum", "floor of")),
    # these turn round under a negation: "not exceeding", "no less than"
    (_FLIPS, Bound.AT_LEAST, ("exceed", "exceeds", "exceeding", "in excess of", "more than",
                              "greater than")),
    (_FLIPS, Bound.AT_MOST, ("less than", "fewer than", "lesser than")),
    (_AFTER, Bound.AT_MOST, ("or less", "or lower", "or below", "or under", "or fewer",
                             "at most", "at the most", "maximum", "max")),
    (_AFTER, Bound.AT_LEAST, ("or more", "or above", "or over", "or higher", "or greater",
                              "and above", "and upwards", "at least", "at the least", "minimum")),
)  # fmt: skip
_FLIPPED = {Bound.AT_MOST: Bound.AT_LEAST, Bound.AT_LEAST: Bound.AT_MOST}
_BOUND_REACH = 5  # words between a bound and the figure it governs, at most
# Words between a negation and the bound it turns round, no figure between: any negation
# within 10, a sentence's own ("in no event shall [30 words] exceed") within 40.
_NEGATION_REACH, _FAR_REACH, _FAR_NEGATIONS = 10, 40, frozenset({"no", "not", "never"})


def _bound_table() -> dict[str, list[tuple[tuple[str, ...], int, Bound]]]:
    """First word -> (words, kind, bound), longest first, the after-phrases first."""
    table: dict[str, list[tuple[tuple[str, ...], int, Bound]]] = {}
    for kind, bound, phrases in _BOUND_PHRASES:
        for phrase in phrases:
            words = tuple(phrase.split())
            table.setdefault(words[0], []).append((words, kind, bound))
    for entries in table.values():
        entries.sort(key=lambda entry: (-len(entry[0]), entry[1] != _AFTER))
    return table


_BOUND_WORDS = _bound_table()


class _BoundHits(NamedTuple):
    """A quote's bound phrases: those before a figure (first token, end token, bound, in
    order), those after one (by their first token), and the negations they took in."""

    before: tuple[tuple[int, int, Bound], ...]
    ends: tuple[int, ...]
    after: Mapping[int, Bound]
    negations: frozenset[int]


def _negation_before(tokens: tuple[Token, ...], first: int) -> int | None:
    """The negation a few words before token ``first`` in its clause, if any."""
    index, seen, figure = first - 1, 0, False
    while index >= 0 and seen < _FAR_REACH and tokens[index].clause == tokens[first].clause:
        figure = figure or tokens[index].kind == TokenKind.DIGITS
        if tokens[index].kind != TokenKind.MARK:
            far = not figure and tokens[index].text in _FAR_NEGATIONS
            near = seen < _NEGATION_REACH or far
            if near and _is_negation(tokens, index):
                return index
            seen += 1
        index -= 1
    return None


_NO_BOUNDS = _BoundHits((), (), {}, frozenset())


@lru_cache(maxsize=4096)
def _bound_hits(quote: str) -> _BoundHits:
    index = quote_words(quote)
    positions, texts = index.positions, index.texts
    starts = sorted(
        at for key in index.by_text.keys() & _BOUND_WORDS.keys() for at in index.by_text[key]
    )
    if not starts:
        return _NO_BOUNDS
    tokens = tokenize(quote)
    before: list[tuple[int, int, Bound]] = []
    after: dict[int, Bound] = {}
    negations: set[int] = set()
    taken = 0  # words before this one belong to a bound phrase already
    for number in starts:
        for words, kind, bound in _BOUND_WORDS[texts[number]]:
            if number < taken or texts[number : number + len(words)] != words:
                continue
            first, end = positions[number], positions[number + len(words) - 1] + 1
            if kind == _AFTER:
                after.setdefault(first, bound)
                continue
            negation = _negation_before(tokens, first) if kind == _FLIPS else None
            if negation is not None:
                bound = _FLIPPED[bound]
                negations.add(negation)
            before.append((first, end, bound))
            taken = number + len(words)
            break
    ends = tuple(end for _, end, _ in before)
    return _BoundHits(tuple(before), ends, after, frozenset(negations))


def _after_bound(tokens: tuple[Token, ...], hits: _BoundHits, mention: Found) -> Bound | None:
    index = mention.end
    while index < len(tokens) and tokens[index].kind == TokenKind.MARK:
        index += 1
    bound = hits.after.get(index)
    if bound is None or tokens[index].clause != tokens[mention.end - 1].clause:
        return None
    return bound


def bounds(quote: str, mentions: Sequence[Found]) -> list[Bound]:
    """For each mention, the bound that governs it (``exact`` when none does)."""
    hits = _bound_hits(quote)
    if not hits.before and not hits.after:
        return [Bound.EXACT] * len(mentions)
    tokens = tokenize(quote)
    running = counts(quote)
    result: list[Bound] = []
    for position, mention in enumerate(mentions):
        bound = _after_bound(tokens, hits, mention)
        at = bisect_right(hits.ends, mention.first) - 1
        if bound is None and at >= 0:
            first, end, before = hits.before[at]
            low = mentions[position - 1].end if position > 0 else 0
            if (
                first >= low
                and tokens[first].clause == tokens[mention.first].clause
                and running.words[mention.first] - running.words[end] <= _BOUND_REACH
                and running.breaks[mention.first] == running.breaks[end]
                and running.digits[mention.first] == running.digits[end]
            ):
                bound = before
        result.append(bound or Bound.EXACT)
    return result
