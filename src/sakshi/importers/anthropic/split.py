"""A ``cited_text`` that runs across page (block) breaks, cut into one piece per page.

``split_quote(quote, parts)`` finds the first page of ``parts`` whose text ends with the
start of ``quote``, then takes whole middle pages and the start of a later page, with only
whitespace between the pieces (blank pages are passed over). The pieces, or None when the
quote is not that.

Its cost is linear in the quote and the pages' text: the matcher's table is built once,
whitespace is skipped through a table rather than by copying the rest of the quote, and
every start tried is charged to a budget proportional to the input. An input that spends
the budget (many pages each repeating the quote's start) raises ``SplitTooCostly``, so a
hostile request is refused instead of taking quadratic time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Part", "Piece", "SplitTooCostly", "split_quote"]

_BUDGET_FACTOR = 16  # steps allowed per character of quote and pages
_BUDGET_FLOOR = 1 << 20


class Part(NamedTuple):
    """The text of one page or block, at its position."""

    position: int  # a page number from 1, or a block index from 0
    text: str


class Piece(NamedTuple):
    """The stretch of a ``cited_text`` that stands on one page or block."""

    position: int
    text: str


class SplitTooCostly(ValueError):
    """Placing the quote across these pages would take more than linear time."""


@dataclass
class _Budget:
    left: int

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise SplitTooCostly("too many pages repeat the start of the cited text")


class _Quote:
    """The quote with what every start shares: its prefix table and a whitespace skip."""

    def __init__(self, text: str) -> None:
        self.text = text
        # fail[i]: the length of the longest proper prefix of text[: i + 1] that ends it.
        fail = [0] * len(text)
        k = 0
        for i in range(1, len(text)):
            while k and text[i] != text[k]:
                k = fail[k - 1]
            if text[i] == text[k]:
                k += 1
            fail[i] = k
        self.fail = fail
        # after_space[i]: the first index >= i that is not whitespace (len(text) if none).
        after = [len(text)] * (len(text) + 1)
        for i in range(len(text) - 1, -1, -1):
            after[i] = after[i + 1] if text[i].isspace() else i
        self.after_space = after

    def overlap(self, tail: str) -> int:
        """The length of the longest proper prefix of the quote that ends ``tail``.

        Knuth-Morris-Pratt: the matcher's state after reading ``tail``, in linear time.
        """
        text, fail = self.text, self.fail
        if len(text) < 2:
            return 0
        k = 0
        for char in tail:
            while k and char != text[k]:
                k = fail[k - 1]
            if char == text[k]:
                k += 1
                if k == len(text):  # the whole quote: keep looking for a proper prefix
                    k = fail[k - 1]
        return k


def split_quote(quote: str, parts: list[Part] | list[tuple[int, str]]) -> list[Piece] | None:
    """``quote`` as consecutive pieces: the end of one part, whole middle parts, the start
    of a later part, with only whitespace between them. None when it is not that."""
    if len(parts) < 2 or len(quote) < 2:
        return None
    shaped = _Quote(quote)
    total = len(quote) + sum(len(text) for _, text in parts)
    budget = _Budget(_BUDGET_FACTOR * total + _BUDGET_FLOOR)
    bodies = [text.strip() for _, text in parts]
    for first in range(len(parts) - 1):
        pieces = _split_from(shaped, parts, bodies, first, budget)
        if pieces:
            return pieces
    return None


def _split_from(
    quote: _Quote,
    parts: list[Part] | list[tuple[int, str]],
    bodies: list[str],
    first: int,
    budget: _Budget,
) -> list[Piece] | None:
    # Unpacks the parts rather than reading attributes: plain (position, text) pairs work too.
    position, text = parts[first]
    tail = text.rstrip()
    budget.spend(len(tail) + 1)
    cut = quote.overlap(tail)
    if not cut:
        return None
    pieces = [Piece(position, quote.text[:cut])]
    at = quote.after_space[cut]  # where the rest of the quote starts
    for index in range(first + 1, len(parts)):
        if at == len(quote.text):
            return None
        position, text = parts[index]
        body = bodies[index]
        budget.spend(len(text) + 1)
        if not body:
            continue  # a blank page or block between the pieces
        # The rest of the quote ends on this page: it starts the page's text (past its
        # leading whitespace). Only compared when it can fit, so no step copies more of
        # the quote than the page it is compared with.
        rest = quote.text[at:] if len(text) >= len(quote.text) - at else None
        if rest is not None and text.lstrip().startswith(rest):
            pieces.append(Piece(position, rest))
            return pieces
        if quote.text.startswith(body, at):
            pieces.append(Piece(position, body))
            at = quote.after_space[at + len(body)]
            continue
        return None
    return None
