"""Whether a negation or a bound governs a mention, and the quote's running counts.

Cues: which field a mention belongs to is cues.py's.

Negation: a negation word ("not", "never", "failed", "yet to", "unpaid", "rejected",
"set aside", "reversed", "नहीं", ...) in the mention's clause with no other mention between
them governs it; one after the mention only within its phrase ("and" ends it) and only
when it is no attribute of a later noun ("towards the unpaid bills"). A negation that
belongs to a bound ("not exceeding") is the bound's. Clauses end at ``;``, a full stop, a
blank line, and contrast words (but, however, whereas, ...).

Bounds: a figure that "up to", "not exceeding", "shall not exceed", "capped at", "a
maximum of", "no more than", "limited to" governs is ``at_most``; one that "not less
than", "at least", "a minimum of", "a floor of" governs ``at_least``; "exceeding", "more
than", "less than" turn round under a negation before them in their clause, no figure
between (any within ten words; "no", "not", "never" within forty: "in no event shall the
aggregate liability ... whether in contract, tort or otherwise, exceed"). A bound governs
the first mention after it within five words in its clause and phrase, with no other
figure between ("at least 95% of orders within 30 days" does not bound the 30 days); "or
less", "or more", "maximum", "at least" right after a mention bound it too; "above",
"over", "below" and "under" bound only the figure right after them. Any other mention is
``exact``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from sakshi.values.found import Found
from sakshi.values.model import Bound, ValueType
from sakshi.values.phrases import quote_words
from sakshi.values.tokens import Token, TokenKind, tokenize, word_at

__all__ = ["BOUNDED", "Counts", "bounds", "counts", "negated"]


_NEGATIONS = frozenset({
    "not", "never", "nor", "neither", "without", "unpaid", "non", "nil", "failed", "fails", "fail",
    "failure", "refused", "refuses", "declined", "denied", "denies", "nothing", "rejected",
    "rejects", "disallowed", "disallows", "dismissed", "dismisses", "cannot", "quashed", "deleted",
    "waived", "revoked", "annulled", "vacated", "reversed", "overturned", "rescinded",
    "cancelled", "canceled", "withdrawn", "नहीं", "न", "बिना", "असफल", "खारिज", "नामंजूर", "अस्वीकार",
    "अस्वीकृत", "निरस्त", "अपास्त",
})  # fmt: skip
# The only words is_negation can accept: the others are not asked ("aside": "set aside").
_MAY_NEGATE = _NEGATIONS | {"no", "yet", "t", "aside"}
# A negation after a mention reaches back to it only within its phrase: "paid ₹ 5 lakh and
# failed to pay ₹ 2 lakh" does not deny the first sum.
_PHRASE_BREAKS = frozenset({"and", "while", "after", "और", "तथा", "एवं", "व"})
# A cue reaches no mention across these: "as compensation, and the remaining Rs. 10,000"
# (the remainder is not the compensation). Counted here (Counts.breaks) for cues.py.
_CUE_BREAKS = frozenset({"and", "while", "और", "तथा", "एवं", "व"})
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
    if token.text == "aside":  # an order "set aside" no longer holds
        return word_at(tokens, index - 1) == "set"
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
_BEFORE, _FLIPS, _AFTER, _NEXT = 0, 1, 2, 3
_BOUND_PHRASES: tuple[tuple[int, Bound, tuple[str, ...]], ...] = (
    (_BEFORE, Bound.AT_MOST, ("up to", "upto", "up to and including", "maximum", "max", "capped",
     "cap of", "cap at", "ceiling of", "limited to", "at most", "at the most", "may extend to",
     "extendable to", "extendable upto", "not above", "within the limit of", "अधिकतम")),
    (_BEFORE, Bound.AT_LEAST, ("at least", "at the least", "minimum", "floor of", "not below",
     "न्यूनतम", "कम से कम")),
    (_FLIPS, Bound.AT_LEAST, ("exceed", "exceeds", "exceeding", "in excess of", "more than",
     "greater than")),  # these and the next turn round under a negation: "not exceeding"
    (_FLIPS, Bound.AT_MOST, ("less than", "fewer than", "lesser than")),  # "no less than"
    # Prepositions that bound only the figure right after them ("above Rs. 5 lakh", "over
    # $2 million", "under 18 years"); a word between ("under the Act, Rs. 5 lakh") and the
    # phrasal verbs ("handed over Rs. 5 lakh") leave the figure exact. They turn round
    # under a negation as "exceed" does ("not above").
    (_NEXT, Bound.AT_LEAST, ("above", "over")),
    (_NEXT, Bound.AT_MOST, ("below", "under")),
    (_AFTER, Bound.AT_MOST, ("or less", "or lower", "or below", "or under", "or fewer", "at most",
     "at the most", "at the maximum", "maximum", "max", "तक", "से अधिक नहीं", "से ज्यादा नहीं", "से कम",
     "या उससे कम")),
    (_AFTER, Bound.AT_LEAST, ("or more", "or above", "or over", "or higher", "or greater",
     "and above", "and upwards", "at least", "at the least", "minimum", "से अधिक", "से ज्यादा",
     "से कम नहीं", "या उससे अधिक")),
)  # fmt: skip
_FLIPPED = {Bound.AT_MOST: Bound.AT_LEAST, Bound.AT_LEAST: Bound.AT_MOST}
_BOUND_REACH = 5  # words between a bound and the figure it governs, at most
# Verbs whose particle "over" is no bound: "handed over Rs. 5 lakh" hands over all of it.
_PARTICLE_VERBS = frozenset(
    ["hand", "hands", "handed", "handing", "paid", "pay", "pays", "paying", "made", "make",
     "turned", "turn", "carried", "carry", "passed", "pass", "given", "give", "gave", "signed",
     "sign", "took", "taken", "take", "transferred", "transfer", "went", "go"]
)  # fmt: skip
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

    before: tuple[tuple[int, int, Bound, int], ...]  # and the words it reaches past
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
    before: list[tuple[int, int, Bound, int]] = []
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
            if kind == _NEXT and number > 0 and texts[number - 1] in _PARTICLE_VERBS:
                continue
            negation = _negation_before(tokens, first) if kind in (_FLIPS, _NEXT) else None
            if negation is not None:
                bound = _FLIPPED[bound]
                negations.add(negation)
            before.append((first, end, bound, 0 if kind == _NEXT else _BOUND_REACH))
            taken = number + len(words)
            break
    ends = tuple(end for _, end, _, _ in before)
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
            first, end, before, reach = hits.before[at]
            low = mentions[position - 1].end if position > 0 else 0
            if (
                first >= low
                and tokens[first].clause == tokens[mention.first].clause
                and running.words[mention.first] - running.words[end] <= reach
                and running.breaks[mention.first] == running.breaks[end]
                and running.digits[mention.first] == running.digits[end]
            ):
                bound = before
        result.append(bound or Bound.EXACT)
    return result
