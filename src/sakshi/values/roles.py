"""Whose name it is: the role a name holds in its quote.

Asked in this order, for a mention of a ``name`` value:

1. **Relation words before the name.** A name just after "s/o", "d/o", "w/o", "son of",
   "wife of", "पुत्र" is a relative; one after "represented by (its director)", "through
   (his counsel)", "c/o" a representative: never the party ("the accused Ramesh Kumar s/o
   Suresh Kumar": Suresh Kumar is not the accused).
2. **A label after the name binds it**: `Acme Holdings, Inc., a Delaware corporation
   ("Customer")`, `Y (the "Buyer")`, `Jane Roe (hereinafter "the Tenant")`, `Ramesh Kumar
   (hereinafter referred to as the accused)`. The first label after the name in its clause
   decides, unless an "and" stands between (a label of several names, `(together the
   "Sellers")`, reaches across it). A label's word binds the name before it and no other.
3. **Else a judge is no party**: a judge's title before the name ("Lord Reed", "Judge
   Rakoff", "Mr Justice Fraser") or a judge's letters after it ("Fraser J", "Arden LJ").
4. **Else the nearest role word**, in the name's clause if one is there, else in the whole
   quote, counted in words but for "the", "said", "learned", honorifics and witness marks;
   a party's word wins a tie with a witness's or a counsel's, and one before the name a
   tie with one after it. Counsel ("counsel", "advocate", "attorney", "solicitor", ...)
   and witnesses ("witness", "PW-1", "DW-2", ...) are roles of their own; a name with a
   counsel's letters after it ("Rossi KC"), or that "appeared for" someone ("Amelia
   Brennan of Hartley LLP appeared for Defendant X"), is counsel's. In "counsel for
   the accused", "on behalf of the accused", "brother of the accused", "the accused's
   father" the role word names no one near: the phrase is a counsel's or a relative's.

What comes back is the role (a party's, from the field's ``roles`` or sakshi's; or one of
``relative``, ``representative``, ``counsel``, ``witness``) and whether it is a party's.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from sakshi.values.labels import Label, RoleTable, accused_numbers, described, read_labels
from sakshi.values.phrases import (
    Span,
    Vocabulary,
    phrase_words,
    vocabulary,
    vocabulary_hits,
)
from sakshi.values.rolewords import (
    AGENT_TITLES,
    AGENTS,
    APPEARANCES,
    COUNSEL_NOUNS,
    COUNSEL_WORDS,
    KIN,
    KIN_NOUNS,
    OFFICERS,
    ON_BEHALF,
    POSSESSIVES,
    TRANSPARENT,
    WITNESSES,
)
from sakshi.values.scope import counts
from sakshi.values.tokens import Token, TokenKind, tokenize, word_at
from sakshi.values.words import HONORIFICS

__all__ = ["NON_PARTY", "NameRole", "RoleTable", "name_role"]

# Each role with its words: (role, (word, ...)), as hashable data.
RELATIVE, REPRESENTATIVE, COUNSEL, WITNESS = "relative", "representative", "counsel", "witness"
JUDGE = "judge"
NON_PARTY = frozenset({RELATIVE, REPRESENTATIVE, COUNSEL, WITNESS, JUDGE})

_REACH = 5  # filler words between a relation word and what it governs, at most


class NameRole(NamedTuple):
    """The role a name holds (None: no role word near it) and whether it is a party's."""

    role: str | None
    party: bool


class _Hit(NamedTuple):
    first: int
    end: int
    role: str
    party: bool


class _Marks(NamedTuple):
    """A quote's role analysis, cached by quote and role table."""

    hits: tuple[_Hit, ...]  # sorted by first
    firsts: tuple[int, ...]
    labels: tuple[Label, ...]  # sorted by first
    label_firsts: tuple[int, ...]
    governed: dict[int, str]  # the token a name governed by a relation word starts at
    opaque: tuple[int, ...]  # words that count as distance, before each token


def _skip(tokens: tuple[Token, ...], index: int, fillers: frozenset[str]) -> int:
    """The first token at or after ``index`` that is neither a mark nor a filler word
    (at most ``_REACH`` fillers)."""
    seen = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind == TokenKind.MARK and token.text not in "()":
            index += 1
        elif token.kind == TokenKind.WORD and token.text in fillers and seen < _REACH:
            index, seen = index + 1, seen + 1
        else:
            break
    return index


# The quote's hits of every phrase a role analysis asks for: phrase -> spans.
_Found = dict[str, list[Span]]
_FIXED = KIN + AGENTS + ON_BEHALF + OFFICERS + COUNSEL_WORDS + WITNESSES


@lru_cache(maxsize=32)
def _wanted(phrases: tuple[str, ...]) -> frozenset[str]:
    return frozenset(phrases)


def _hits(found: _Found, phrases: tuple[str, ...]) -> list[Span]:
    """The hits of ``phrases`` among the quote's, in order: the quote's few phrases are
    looked up in the list's set, not the long list in the quote's."""
    wanted = _wanted(phrases)
    return sorted(
        (hit for phrase, spans in found.items() if phrase in wanted for hit in spans),
        key=lambda hit: (hit.first, hit.end),
    )


def _inside(spans: Sequence[tuple[int, int]], first: int) -> bool:
    return any(start <= first < end for start, end in spans)


def _apposed(tokens: tuple[Token, ...], quote: str, at: int) -> bool:
    """Whether a name stands in apposition right after a role word ending at ``at``:
    "counsel for the plaintiff Meenakshi Sundaram", "for the Petitioner, Crescent
    Therapeutics Ltd". A capitalised word follows, at once or after a comma, and it is no
    honorific: "counsel for the accused Mr. A. Sharma" names the counsel as often as the
    accused, and a counsel taken for the party would pass a wrong name, so the phrase
    keeps the role word."""
    at += at < len(tokens) and tokens[at].text == ","
    if at >= len(tokens) or tokens[at].kind != TokenKind.WORD:
        return False
    token = tokens[at]
    return quote[token.start : token.end][:1].isupper() and token.text not in HONORIFICS


def _on_behalf(
    found: _Found, tokens: tuple[Token, ...], parties: list[_Hit], quote: str
) -> tuple[list[_Hit], set[int]]:
    """The phrases in which a role word names no one near ("counsel for the accused",
    "brother of the accused", "the accused's father"), as non-party hits, and the role
    words they take in. A role word with a name in apposition after it names that name
    ("counsel for the plaintiff Meenakshi Sundaram"): the phrase does not take it."""
    by_first = {hit.first: hit for hit in parties}
    made: list[_Hit] = []
    taken: set[int] = set()
    for kind, phrases in ((COUNSEL, ON_BEHALF), (RELATIVE, KIN), (REPRESENTATIVE, OFFICERS)):
        for hit in _hits(found, phrases):
            # ("counsel for A-1": the A of A-1 is no article to skip)
            role = by_first.get(hit.end) or by_first.get(_skip(tokens, hit.end, TRANSPARENT))
            if role is not None and not _apposed(tokens, quote, role.end):
                made.append(_Hit(hit.first, role.end, kind, False))
                taken.add(role.first)
    for role in parties:  # the accused's counsel, the complainant's brother
        at = role.end
        if at + 1 < len(tokens) and tokens[at].text in ("'", "’") and tokens[at + 1].text == "s":
            noun = _skip(tokens, at + 2, TRANSPARENT)
            text = tokens[noun].text if noun < len(tokens) else ""
            kind = COUNSEL if text in COUNSEL_NOUNS else RELATIVE if text in KIN_NOUNS else ""
            if kind:
                made.append(_Hit(role.first, noun + 1, kind, False))
                taken.add(role.first)
    return made, taken


def _witness_spans(found: _Found, tokens: tuple[Token, ...]) -> list[tuple[int, int]]:
    """Each witness word with the number that follows it ("PW-1", "P.W. 2", "DW1");
    "in witness whereof" is a contract's signing line, not a witness."""
    spans: list[tuple[int, int]] = []
    for hit in _hits(found, WITNESSES):
        end = _numbered(tokens, hit.end)
        if not (end < len(tokens) and tokens[end].text == "whereof"):
            spans.append((hit.first, end))
    return spans


# "Respondent No. 2", "अभियुक्त नं. 1", "आरोपी क्र. 2", "आरोपी क्रमांक 2"
_NUMBER_WORDS = frozenset({"no", "nos", "number", "नं", "क्र", "क्रमांक", "संख्या"})


def _numbered(tokens: tuple[Token, ...], end: int) -> int:
    """The end of a role or witness word with the number after it ("Respondent No. 2",
    "PW-1", "P.W. 2", "DW1"): the number puts no name farther from the word."""
    at = end + (word_at(tokens, end) in _NUMBER_WORDS)
    while at < len(tokens) and tokens[at].kind == TokenKind.MARK and tokens[at].text in "-.:":
        at += 1
    return at + 1 if at < len(tokens) and tokens[at].kind == TokenKind.DIGITS else end


def _governed(found: _Found, tokens: tuple[Token, ...]) -> dict[int, str]:
    """The token where a name governed by a relation word would start -> its kind."""
    governed: dict[int, str] = {}
    for kind, phrases, fillers in (
        (RELATIVE, KIN, TRANSPARENT),
        (REPRESENTATIVE, AGENTS, TRANSPARENT | AGENT_TITLES),
    ):
        for hit in _hits(found, phrases):
            start = _skip(tokens, hit.end, fillers)
            titles = {token.text for token in tokens[hit.end : start]}
            governed.setdefault(start, COUNSEL if titles & COUNSEL_NOUNS else kind)
    for index in range(1, len(tokens)):  # "his wife Sunita Devi", "their son Mahesh"
        if tokens[index].text in KIN_NOUNS and word_at(tokens, index - 1) in POSSESSIVES:
            governed.setdefault(_skip(tokens, index + 1, TRANSPARENT), RELATIVE)
    return governed


@lru_cache(maxsize=64)
def _vocabulary(table: RoleTable) -> tuple[Vocabulary, dict[str, tuple[str, ...]]]:
    """The role table's words and the relation words, indexed, and each role word's
    roles (cached: a table is one field's declaration)."""
    roles: dict[str, tuple[str, ...]] = {}
    for role, words in table:
        for word in words:
            roles[word] = (*roles.get(word, ()), role)
    return vocabulary(_FIXED + tuple(roles)), roles


def _opaque(tokens: tuple[Token, ...], witnesses: list[tuple[int, int]]) -> tuple[int, ...]:
    """The words that count as distance, before each token: all but the transparent ones
    and the witness marks."""
    inside = {index for first, end in witnesses for index in range(first, end)}
    flags = [
        token.kind != TokenKind.MARK and token.text not in TRANSPARENT and index not in inside
        for index, token in enumerate(tokens)
    ]
    return tuple(accumulate(flags, initial=0))


@lru_cache(maxsize=4096)
def _marks(quote: str, table: RoleTable) -> _Marks:
    tokens = tokenize(quote)
    vocab, word_roles = _vocabulary(table)
    found = vocabulary_hits(quote, vocab)
    labels = read_labels(quote, tokens, table)
    in_labels = [(label.first, label.end) for label in labels]
    parties = [
        _Hit(hit.first, _numbered(tokens, hit.end), role, True)
        for word, spans in found.items()
        for role in word_roles.get(word, ())
        for hit in spans
        if not _inside(in_labels, hit.first)
    ]
    parties += [  # "A-1 Ramesh Kumar": the accused's role, whatever the table calls it
        _Hit(first, end, role, True)
        for first, end in accused_numbers(quote, tokens)
        for role in word_roles.get("accused", ())
    ]
    parties.sort(key=lambda hit: (hit.first, hit.end))
    behalf, taken = _on_behalf(found, tokens, parties, quote)
    witnesses = _witness_spans(found, tokens)
    others = behalf + [_Hit(first, end, WITNESS, False) for first, end in witnesses]
    covered = [(hit.first, hit.end) for hit in behalf]
    others += [
        _Hit(hit.first, hit.end, COUNSEL, False)
        for hit in _hits(found, COUNSEL_WORDS)
        if not _inside(covered, hit.first)
    ]
    hits = sorted(
        [hit for hit in parties if hit.first not in taken] + others,
        key=lambda hit: (hit.first, hit.end, hit.role),
    )
    return _Marks(
        tuple(hits),
        tuple(hit.first for hit in hits),
        tuple(labels),
        tuple(label.first for label in labels),
        _governed(found, tokens),
        _opaque(tokens, witnesses),
    )


def _bound_label(quote: str, marks: _Marks, name: Span) -> Label | None:
    """The label after the name that binds it, if any."""
    at = bisect_left(marks.label_firsts, name.end)
    if at == len(marks.labels):
        return None
    label = marks.labels[at]
    tokens = tokenize(quote)
    if tokens[label.first].clause != tokens[name.end - 1].clause:
        return None
    breaks = counts(quote).breaks
    if label.collective or breaks[label.first] == breaks[name.end]:
        return label
    return label if described(tokens, name.end, label.first) else None


def _nearest(quote: str, marks: _Marks, name: Span) -> NameRole:
    """The nearest role word's role (see the module's docstring)."""
    tokens, opaque = tokenize(quote), marks.opaque
    clause = tokens[name.first].clause
    best: tuple[bool, int, bool, bool, str] | None = None
    after = bisect_left(marks.firsts, name.end)
    before = bisect_left(marks.firsts, name.first) - 1
    sides = (range(after, len(marks.hits)), range(before, -1, -1))
    for follows, indices in zip((True, False), sides, strict=True):
        nearest: int | None = None
        for index in indices:
            hit = marks.hits[index]
            if not follows and hit.end > name.first:
                continue  # it overlaps the name
            gap = (
                opaque[hit.first] - opaque[name.end]
                if follows
                else (opaque[name.first] - opaque[hit.end])
            )
            if nearest is not None and gap > nearest:
                break
            nearest = gap
            key = (tokens[hit.first].clause != clause, gap, not hit.party, follows, hit.role)
            if best is None or key < best:
                best = key
    return NameRole(None, False) if best is None else NameRole(best[4], not best[2])


# Letters after a barrister's or an attorney's name: "Mr Whitfield KC", "Jane Roe, Esq.".
_POST_NOMINALS = frozenset({"kc", "qc", "esq"})


def _post_nominal(tokens: tuple[Token, ...], name: Span) -> bool:
    """Whether the name ends with, or is followed by, a counsel's post-nominal letters."""
    if tokens[name.end - 1].text in _POST_NOMINALS:
        return True
    at = name.end + (name.end < len(tokens) and tokens[name.end].text == ",")
    return at < len(tokens) and tokens[at].text in _POST_NOMINALS


# A judge's title before the name ("Lord Reed", "Mr Justice Fraser", "Judge Rakoff") or
# letters after it ("Fraser J", "Arden LJ", "Roberts, C.J.").
_JUDGE_TITLES = frozenset({"lord", "lady", "justice", "judge", "magistrate"})
_JUDGE_LETTERS = frozenset({"j", "lj", "ljj", "jj", "cj", "jsc"})


def _judge(tokens: tuple[Token, ...], name: Span) -> bool:
    """Whether a judge's title begins or stands just before the name, or a judge's
    letters follow it."""
    before = word_at(tokens, name.first - 1) if name.first else ""
    if tokens[name.first].text in _JUDGE_TITLES or before in _JUDGE_TITLES:
        return True
    at = name.end + (name.end < len(tokens) and tokens[name.end].text == ",")
    letters = word_at(tokens, at)
    while word_at(tokens, at + 2) and tokens[at + 1].text == "." and tokens[at + 2].glued:
        letters, at = letters + tokens[at + 2].text, at + 2  # "C.J."
    return letters in _JUDGE_LETTERS


def _appears_for(quote: str, tokens: tuple[Token, ...], name: Span) -> bool:
    """Whether the name, past its firm ("of Hartley LLP", "of Counsel"), "appeared for" or
    "appeared on behalf of" someone: counsel's, whatever party word stands near."""
    at = name.end
    if word_at(tokens, at) == "of":
        at += 1
        while at < len(tokens) and (
            quote[tokens[at].start : tokens[at].start + 1].isupper() or tokens[at].text in "&."
        ):
            at += 1
    at += at < len(tokens) and tokens[at].text == ","
    return any(
        all(word_at(tokens, at + n) == word for n, word in enumerate(phrase_words(phrase)))
        for phrase in APPEARANCES
    )


def name_role(quote: str, name: Span, table: RoleTable) -> NameRole:
    """The role of the name at tokens ``name`` in ``quote``, by ``table`` (role -> words):
    counsel's when a counsel's letters follow it or it "appeared for" someone, else a
    relative's or representative's when a relation word governs it, else its label's,
    else its nearest role word's (see the module's docstring)."""
    tokens = tokenize(quote)
    if _post_nominal(tokens, name) or _appears_for(quote, tokens, name):
        return NameRole(COUNSEL, False)
    marks = _marks(quote, table)
    kind = marks.governed.get(name.first)
    if kind is not None:
        return NameRole(kind, False)
    label = _bound_label(quote, marks, name)
    if label is not None and label.role is not None:
        return NameRole(label.role, label.role not in NON_PARTY)
    if _judge(tokenize(quote), name):
        return NameRole(JUDGE, False)
    return _nearest(quote, marks, name)
