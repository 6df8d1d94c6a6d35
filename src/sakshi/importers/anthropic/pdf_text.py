"""Anthropic's PDF text conventions, mapped onto a pypdf-frozen page: a fixed transform.

A ``page_location`` citation's ``cited_text`` is Anthropic's own reading of the PDF, and
it writes some things differently from pypdf (seen on real responses: the
anthropics/claude-cookbooks citations notebook, against pypdf 7):

==============  ==========================  ==========================================
rule            Anthropic's ``cited_text``   the pypdf page
==============  ==========================  ==========================================
``crlf``        ``\\r\\n`` at a line break   ``\\n``
``hyphenation`` U+0002 where a word was      ``-\\n`` (the hyphen, then the line break)
                hyphenated across a line
``ligatures``   the letters (``fi``)         the ligature character (U+FB01 ``ﬁ``),
                                             one of U+FB00 to U+FB06
==============  ==========================  ==========================================

``crlf`` and ``hyphenation`` rewrite the quote itself. ``ligatures`` cannot (not every
``fi`` of a quote is a ligature on the page), so the quote is placed on the page reading
each ligature character as its letters, and the page's own characters at that place
become the quote. Either way the result is a string that occurs on the page byte for
byte, so the cite verifies as any other; a quote that still does not occur is left as
the provider gave it (and grades FABRICATED_SPAN). Nothing else is ever changed, and only
``page_location`` quotes are transformed (the caller's rule).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["LIGATURES", "PdfQuote", "on_page", "rewrite"]

# The rules, in the order a value lists them.
CRLF, HYPHENATION, LIGATURE_RULE = "crlf", "hyphenation", "ligatures"
_HYPHEN_MARK = "\u0002"
# Each ligature character and the letters it stands for (Unicode's compatibility
# decomposition, read as plain letters: U+FB05 is a long s and t, read as "st").
LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
}


class PdfQuote(NamedTuple):
    """A quote in the frozen page's conventions, and the rules that changed it."""

    text: str
    rules: tuple[str, ...]


def rewrite(quote: str) -> PdfQuote:
    """``quote`` with ``\\r\\n`` as ``\\n`` and U+0002 as ``-\\n``: the two rules that
    rewrite a quote by themselves. ``rules`` names those that changed something."""
    rules: list[str] = []
    text = quote
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
        rules.append(CRLF)
    if _HYPHEN_MARK in text:
        text = text.replace(_HYPHEN_MARK, "-\n")
        rules.append(HYPHENATION)
    return PdfQuote(text, tuple(rules))


class _Expanded(NamedTuple):
    """A page with each ligature written as its letters, and where each letter came from."""

    text: str
    origin: list[int]  # origin[i]: the page index of expanded character i
    starts: list[bool]  # starts[i]: expanded character i begins a page character


def _expand(page: str) -> _Expanded:
    chars: list[str] = []
    origin: list[int] = []
    starts: list[bool] = []
    for index, char in enumerate(page):
        letters = LIGATURES.get(char, char)
        chars.append(letters)
        origin.extend([index] * len(letters))
        starts.extend([True] + [False] * (len(letters) - 1))
    return _Expanded("".join(chars), origin, starts)


def _with_ligatures(text: str, page: str) -> str | None:
    """The page's own characters that read as ``text`` once each ligature is read as its
    letters; None when there are none, or when every place would split a ligature."""
    if not text or not any(char in page for char in LIGATURES):
        return None
    expanded = _expand(page)
    length = len(expanded.text)
    at = expanded.text.find(text)
    while at != -1:
        end = at + len(text)  # one past the last expanded character
        # The place must begin and end on whole page characters, never inside a ligature.
        if expanded.starts[at] and (end == length or expanded.starts[end]):
            first = expanded.origin[at]
            last = expanded.origin[end - 1] + 1
            return page[first:last]
        at = expanded.text.find(text, at + 1)
    return None


def on_page(quote: str, page: str) -> PdfQuote | None:
    """``quote`` (a ``page_location`` cited_text) as it stands on ``page`` under the
    transform, with the rules it took; None when the transform changes nothing that
    helps (the quote is on the page as given, or not on it even after the transform).
    """
    if quote in page:
        return None  # nothing to transform: the provider's text is already there
    rewritten = rewrite(quote)
    if rewritten.rules and rewritten.text in page:
        return rewritten
    placed = _with_ligatures(rewritten.text, page)
    if placed is None:
        return None
    return PdfQuote(placed, (*rewritten.rules, LIGATURE_RULE))
