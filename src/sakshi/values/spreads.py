"""A rate stated as a spread over a benchmark: "MCLR + 2%", "Term SOFR plus 2.50% per
annum", "2 per cent. above the Bank of England base rate".

The figure of such a rate is not the rate: "interest at MCLR + 2% p.a." does not state an
interest rate of 2% p.a., and "SOFR + 2.5%" is not "EURIBOR + 2.5%". A rate mention keeps
the benchmark it is added to (its words, compacted: ``mclr``, ``termsofr``), and a value
states it only with the same benchmark. One benchmark's key ending the other's counts as
the same ("SOFR" for "Term SOFR", "base rate" for "the Bank of England base rate"), since
a value may name it shorter than the quote does.

A field named for the spread itself (``applicable_margin``, ``spread``, ``markup``) takes
the figure alone: "the Applicable Margin is Term SOFR plus 2.50%" states a margin of 2.50%,
and "the margin shall be 2.50%" states it too.

A benchmark is up to five words right before "+" or "plus", stopping at a mark, a figure
or a small word ("the", "at", "of"); or, after "above" or "over" following the figure, the
words up to "rate" within five, else one word ("above MCLR"). Anything else before "+"
("Rs. 5,000 + 18% GST", "9% + 2%") is no benchmark.
"""

from __future__ import annotations

from sakshi.values.tokens import Token, TokenKind, compact

__all__ = [
    "ANY_BENCHMARK",
    "JOINS",
    "benchmark_after",
    "benchmark_before",
    "is_margin",
    "same_benchmark",
]

_MOST_WORDS = 5
ANY_BENCHMARK = "*"  # a margin field's value: the figure over whatever benchmark
_MARGIN_WORDS = frozenset({"margin", "spread", "markup", "premium"})
JOINS = frozenset({"+", "plus"})  # "<benchmark> + 2%"
_JOINS_AFTER = frozenset({"above", "over"})  # "2% above <benchmark>"
# Words that end a benchmark's name on the side away from the figure.
_STOPS = frozenset(
    ["the", "a", "an", "at", "of", "is", "be", "to", "equal", "equals", "interest", "on", "from",
     "for", "per", "and", "or", "by", "with", "shall", "will", "bear", "bears", "rate", "rates"]
)  # fmt: skip
# "rate" ends a name going back ("interest at the rate of MCLR + 2%" names MCLR), but
# belongs to it going forward ("above the base rate"), where it is the name's last word.
_NAME_ENDS = frozenset({"rate", "rates"})
_DOTTED = frozenset({"cent", "pct", "a", "p"})  # "per cent.", "pct.", "p.a."


def _word(tokens: tuple[Token, ...], index: int) -> bool:
    return 0 <= index < len(tokens) and tokens[index].kind == TokenKind.WORD


def benchmark_before(tokens: tuple[Token, ...], first: int) -> tuple[str, int] | None:
    """The benchmark that the figure starting at ``first`` is added to ("MCLR +"), as its
    key and the index its name starts at; None when none stands there."""
    join = first - 1
    if join < 0 or tokens[join].text not in JOINS:
        return None
    start = join
    while start - 1 >= 0 and join - start < _MOST_WORDS and _word(tokens, start - 1):
        text = tokens[start - 1].text
        if text in _STOPS and not (text in _NAME_ENDS and start == join):
            break
        start -= 1
    if start == join:
        return None
    return compact(tokens, start, join), start


def benchmark_after(tokens: tuple[Token, ...], end: int) -> tuple[str, int] | None:
    """The benchmark that the figure ending before ``end`` is added to ("above the base
    rate", "over SOFR"), as its key and the index after its name; None when none stands
    there. Going forward a name ends at "rate" within five words, else it is one word."""
    if 0 <= end < len(tokens) and tokens[end].text == "." and tokens[end - 1].text in _DOTTED:
        end += 1  # "2 per cent. above": an abbreviation's dot, not a sentence's
    if not _word(tokens, end) or tokens[end].text not in _JOINS_AFTER:
        return None
    start = end + 1
    while _word(tokens, start) and tokens[start].text in ("the", "a", "an"):
        start += 1
    stop = start
    while stop - start < _MOST_WORDS and _word(tokens, stop):
        stop += 1
        if tokens[stop - 1].text in _NAME_ENDS:
            return compact(tokens, start, stop), stop
    if not _word(tokens, start) or tokens[start].text in _STOPS:
        return None
    return compact(tokens, start, start + 1), start + 1


def is_margin(field: str) -> bool:
    """Whether a field is named for a spread ("applicable_margin", "Spread", "mark-up")."""
    words = "".join(ch if ch.isalnum() else " " for ch in field.casefold()).split()
    return bool(_MARGIN_WORDS.intersection(words)) or "markup" in "".join(words)


def same_benchmark(mine: str, theirs: str) -> bool:
    """Whether two benchmark keys name one benchmark ("" for a rate added to none)."""
    if ANY_BENCHMARK in (mine, theirs):
        return True
    if not mine or not theirs:
        return mine == theirs
    return mine.endswith(theirs) or theirs.endswith(mine)
