"""The closest passage of a text to a quote that is not in it, and where the two differ.

Diagnosis only: nothing here changes a verdict, which stays byte-exact (SPEC section 3).
It finds the passage a person most likely meant (a one-letter typo, a changed digit, a
case change, a curly quote for a straight one, another dash, a space more or less) and
names each place where the document's characters differ from the quote's.

Bounded on large documents: candidate positions come from a few short exact anchors (a
C-speed ``str.find`` each, capped in hits), so the costly alignment (difflib, quadratic at
worst) runs only on a few windows the size of the quote, never on the whole text. Pure.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from operator import ne

__all__ = ["DiffKind", "NearMiss", "Place", "closest_passage", "edits_allowed"]


class DiffKind(StrEnum):
    """What kind of difference one place is, in the words a note uses."""

    COMPOSITION = "accents composed differently (NFC/NFD)"
    SPACE = "spaces"
    QUOTE_MARK = "quotation marks"
    DASH = "dashes"
    CASE = "case"
    DIGITS = "digits"
    PUNCTUATION = "punctuation"
    LETTERS = "letters"


# Kinds whose characters look alike on a screen: a note names their code points.
LOOKALIKE = frozenset({DiffKind.COMPOSITION, DiffKind.SPACE, DiffKind.QUOTE_MARK, DiffKind.DASH})


@dataclass(frozen=True, slots=True)
class Place:
    """One place where the passage differs: the document's characters at codepoint
    offsets [start, end) of the text ('' when the quote has characters the document
    lacks there) against the quote's."""

    start: int
    end: int
    document: str
    quote: str
    kind: DiffKind


@dataclass(frozen=True, slots=True)
class NearMiss:
    """The closest passage: codepoint offsets [start, end) of the text, the places where
    it differs from the quote, and how many characters differ beyond look-alikes (case,
    quotation marks, dashes, kinds of space), which count for nothing."""

    start: int
    end: int
    places: tuple[Place, ...]
    edits: int


_QUOTE_MARKS = "'\"\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb`\u00b4"
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d\u00ad"
_SPACES = " \t\n\r\x0b\x0c\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
_SPACES += "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
# One character for one: folding keeps every offset, so an alignment of the folded forms
# is an alignment of the originals.
_FOLDED = (
    {c: "'" for c in "\u2018\u2019\u201a\u201b\u2032`\u00b4"}
    | {c: '"' for c in "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"}
    | {c: "-" for c in _DASHES[1:]}
    | {c: " " for c in _SPACES[1:]}
)
# A regex finds the few marks in C; str.translate would look up every character.
_MARKS = re.compile("[" + "".join(map(re.escape, _FOLDED)) + "]")
_MIN_QUOTE = 4  # a shorter quote is close to too much to name one passage
_MAX_QUOTE = 2000  # a longer one is not aligned (difflib's cost grows with its square)
_ANCHORS = 8  # anchors taken from the quote, spread along it
_HITS = 32  # an anchor found more often than this says nothing about where to look
_CANDIDATES = 3  # windows aligned
_MAX_FOLDED = 1 << 24  # characters: above this, no search of the folded text (time)


def edits_allowed(length: int) -> int:
    """How many characters may differ (beyond look-alikes) for a passage of a quote of
    ``length`` characters to count as a near miss: one under ten characters, else two (a
    swapped pair of letters) and one more each 25."""
    return 1 if length < 10 else 2 + length // 25


def _mark(found: re.Match[str]) -> str:
    return _FOLDED[found.group()]


def _fold(text: str) -> str:
    lowered = text.lower()
    # A few characters lower to two ("İ"); then case is left as it is, to keep offsets.
    return _MARKS.sub(_mark, lowered if len(lowered) == len(text) else text)


def _kind(document: str, quote: str) -> DiffKind:
    both = document + quote
    if (
        document
        and quote
        and unicodedata.normalize("NFC", document) == unicodedata.normalize("NFC", quote)
    ):
        return DiffKind.COMPOSITION
    for kind, chars in (
        (DiffKind.SPACE, _SPACES),
        (DiffKind.QUOTE_MARK, _QUOTE_MARKS),
        (DiffKind.DASH, _DASHES),
    ):
        if all(c in chars for c in both):
            return kind
    if document.lower() == quote.lower():
        return DiffKind.CASE
    if any(c.isdigit() for c in both):
        return DiffKind.DIGITS
    if all(unicodedata.category(c)[0] in "PS" for c in both):
        return DiffKind.PUNCTUATION
    return DiffKind.LETTERS


def _anchor_hits(text: str, anchor: str) -> list[int] | None:
    hits: list[int] = []
    at = text.find(anchor)
    while at >= 0:
        if len(hits) == _HITS:
            return None
        hits.append(at)
        at = text.find(anchor, at + 1)
    return hits


def _candidates(quote: str, text: str) -> tuple[list[int], bool]:
    """Where the passage may start: anchors of the quote found in the text vote for the
    start they imply; the starts with the most distinct anchors behind them come first.
    And whether the best start has half the anchors behind it (the quote is placed).

    An anchor missing at a start costs at least one edit there (one edit breaks at most
    ``overlap`` anchors), so a start with too few anchors is dropped unaligned."""
    size = max(3, min(12, len(quote) // 4))
    wanted = min(_ANCHORS, max(2, len(quote) // size))
    offsets = sorted({i * (len(quote) - size) // (wanted - 1) for i in range(wanted)})
    votes: list[tuple[int, int]] = []
    for index, offset in enumerate(offsets):
        hits = _anchor_hits(text, quote[offset : offset + size])
        votes += [(hit - offset, index) for hit in hits or ()]
    votes.sort()
    allowed = edits_allowed(len(quote))
    groups: list[tuple[int, int]] = []  # (minus the distinct anchors behind it, start)
    i = 0
    while i < len(votes):
        j = i
        while j < len(votes) and votes[j][0] - votes[i][0] <= 2 * allowed:
            j += 1
        groups.append((-len({index for _, index in votes[i:j]}), votes[i][0]))
        i = j
    groups.sort()
    step = min((b - a for a, b in pairwise(offsets)), default=size)
    overlap = -(-size // max(1, step))
    placed = bool(groups) and -2 * groups[0][0] >= len(offsets)
    # Once half the anchors place the quote, a start with fewer behind it is an echo of
    # some words elsewhere; else one anchor fewer than the best may still be the passage.
    fewest = groups[0][0] if placed else groups[0][0] + 1 if groups else 0
    starts = [
        start
        for count, start in groups[:_CANDIDATES]
        if count <= fewest and -(-(len(offsets) + count) // overlap) <= allowed
    ]
    return starts, placed


Op = tuple[str, int, int, int, int]  # difflib's (tag, i1, i2, j1, j2): quote i, text j


def _substitutions(quote: str, passage: str, start: int) -> list[Op]:
    """Ops aligning two strings of one length character for character."""
    ops: list[Op] = []
    done = 0
    for i in [i for i, differs in enumerate(map(ne, quote, passage)) if differs]:
        if i > done:
            ops.append(("equal", done, i, start + done, start + i))
        if ops and ops[-1][0] == "replace" and ops[-1][2] == i:
            ops[-1] = ("replace", ops[-1][1], i + 1, ops[-1][3], start + i + 1)
        else:
            ops.append(("replace", i, i + 1, start + i, start + i + 1))
        done = i + 1
    if done < len(quote):
        ops.append(("equal", done, len(quote), start + done, start + len(quote)))
    return ops


def _trimmed(ops: list[Op], lead: bool = True) -> list[Op]:
    """difflib's ops of the quote against a window, cut to the passage: the window's own
    characters before (unless the window starts where the passage does: ``lead`` false)
    and after it are not differences."""
    while lead and ops and ops[0][0] == "insert":
        ops = ops[1:]
    while ops and ops[-1][0] == "insert":
        ops = ops[:-1]
    if lead and ops and ops[0][0] == "replace":
        tag, i1, i2, j1, j2 = ops[0]
        ops = [(tag, i1, i2, max(j1, j2 - (i2 - i1)), j2), *ops[1:]]
    if ops and ops[-1][0] == "replace":
        tag, i1, i2, j1, j2 = ops[-1]
        ops = [*ops[:-1], (tag, i1, i2, j1, min(j2, j1 + (i2 - i1)))]
    return ops


def _edits(ops: list[Op]) -> int:
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag != "equal")


def _distance(pattern: str, window: str, anchored: bool) -> int:
    """The fewest edits (Levenshtein) that turn ``pattern`` into a substring of
    ``window`` (a prefix of it when ``anchored``): Myers' bit-vector algorithm, one pass
    over the window with an integer as the column of bits. A cheap bound: difflib's
    alignment never counts fewer edits."""
    size = len(pattern)
    full, top = (1 << size) - 1, 1 << (size - 1)
    peq: dict[str, int] = {}
    for i, char in enumerate(pattern):
        peq[char] = peq.get(char, 0) | (1 << i)
    carry = 1 if anchored else 0  # a free start costs nothing for the skipped characters
    pv, mv, score, best = full, 0, size, size
    for char in window:
        eq = peq.get(char, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & top:
            score += 1
        elif mh & top:
            score -= 1
        ph = ((ph << 1) | carry) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
        if score < best:  # noqa: PLR1730 - an if is twice as fast as min() in this loop
            best = score
    return best


def _common_head(a: str, b: str) -> int:
    """How many leading characters two strings share (a binary search of slice
    comparisons, each at C speed)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


_SURE_HEAD = 3  # a shared head this long confirms where the passage starts


def _align(folded_quote: str, folded_text: str, start: int) -> list[Op]:
    """The ops of a near miss starting near ``start`` ([] when none is near enough).
    Character for character when no alignment can do better (the bit-vector distance
    says so); else, after the head the quote shares with the text there (when it is long
    enough to be sure of the start), difflib on a window a little wider than the rest."""
    size = len(folded_quote)
    allowed = edits_allowed(size)
    passage = folded_text[start : start + size] if start >= 0 else ""
    swaps = sum(map(ne, folded_quote, passage)) if len(passage) == size else size + 1
    if swaps <= 1:  # nothing does better than that
        return _substitutions(folded_quote, passage, start)
    pad = 2 + allowed
    head = _common_head(folded_quote, passage)
    head = head if head >= _SURE_HEAD else 0
    low = start + head if head else max(0, start - pad)
    window = folded_text[low : start + size + pad]
    rest = folded_quote[head:]
    distance = _distance(rest, window, anchored=head > 0)
    if distance > allowed:
        return []
    if swaps <= distance:  # as few edits as any alignment: no difflib (costly when long)
        return _substitutions(folded_quote, passage, start)
    matcher = difflib.SequenceMatcher(None, rest, window, autojunk=False)
    shifted: list[Op] = [
        (t, i1 + head, i2 + head, j1 + low, j2 + low) for t, i1, i2, j1, j2 in matcher.get_opcodes()
    ]
    if not head:
        return _trimmed(shifted)
    return [("equal", 0, head, start, start + head), *_trimmed(shifted, lead=False)]


def _places(quote: str, text: str, ops: list[Op]) -> tuple[Place, ...]:
    """Each place where the originals differ: the folded alignment's edits, and inside
    its equal runs the look-alike characters (case, marks, dashes, spaces). Places that
    touch are one; so are two edits one character apart ('ie' for 'ei' is one place)."""
    spans: list[tuple[int, int, int, int, bool]] = []  # quote [i1, i2), text [j1, j2), edit
    for tag, i1, i2, j1, j2 in ops:
        if tag != "equal":
            spans.append((i1, i2, j1, j2, True))
            continue
        for k in range(i2 - i1):
            if quote[i1 + k] != text[j1 + k]:
                spans.append((i1 + k, i1 + k + 1, j1 + k, j1 + k + 1, False))
    merged: list[tuple[int, int, int, int, bool]] = []
    for span in spans:
        last = merged[-1] if merged else None
        gap = 1 if last is not None and last[4] and span[4] else 0
        if last is not None and span[0] - last[1] <= gap and span[2] - last[3] <= gap:
            merged[-1] = (last[0], span[1], last[2], span[3], last[4] or span[4])
        else:
            merged.append(span)
    return tuple(
        Place(j1, j2, text[j1:j2], quote[i1:i2], _kind(text[j1:j2], quote[i1:i2]))
        for i1, i2, j1, j2, _ in merged
    )


def _best(quote: str, text: str, starts: list[int]) -> NearMiss | None:
    """The nearest miss among the passages starting near ``starts`` (the likeliest first:
    one that differs in at most one character ends the search)."""
    folded_quote = _fold(quote)
    allowed = edits_allowed(len(quote))
    margin = 4 + allowed
    best: tuple[int, list[Op]] | None = None
    for start in starts:
        # Only a window is folded: the whole text may be large.
        low = max(0, start - margin)
        window = _fold(text[low : start + len(quote) + margin])
        ops = [
            (t, i1, i2, j1 + low, j2 + low)
            for t, i1, i2, j1, j2 in _align(folded_quote, window, start - low)
        ]
        edits = _edits(ops)
        if ops and edits <= allowed and (best is None or edits < best[0]):
            best = (edits, ops)
            if edits <= 1:
                break
    if best is None:
        return None
    edits, ops = best
    places = _places(quote, text, ops)
    return NearMiss(ops[0][3], ops[-1][4], places, edits) if places else None


def closest_passage(quote: str, text: str, hint: int | None = None) -> NearMiss | None:
    """The passage of ``text`` closest to ``quote`` when it is a near miss (at most
    ``edits_allowed`` characters differ beyond look-alikes), else None: a quote that is
    in the text, too short to place, or far from anything in it gets no passage.
    ``hint``: where the span says the quote starts (codepoints), looked at first."""
    if not _MIN_QUOTE <= len(quote) <= _MAX_QUOTE or quote in text:
        return None
    hinted = [hint] if hint is not None and 0 <= hint < len(text) else []
    if hinted:
        # The commonest miss with offsets: the right place, a character wrong.
        best = _best(quote, text, hinted)
        if best is not None and best.edits <= 1:
            return best
    starts, placed = _candidates(quote, text)
    best = _best(quote, text, starts + hinted)
    if best is None and not placed and len(text) <= _MAX_FOLDED:
        # The anchors as written did not place the quote: it may differ throughout in
        # case, marks, dashes or spaces. Folding the text costs one linear pass, made
        # only then (and not on a huge text: time).
        folded = _fold(text)
        best = _best(quote, text, _candidates(_fold(quote), folded)[0])
    return best
