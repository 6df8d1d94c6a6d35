"""Labels after names: `Acme Holdings, Inc., a Delaware corporation ("Customer")`, `Y (the
"Buyer")`, `Jane Roe (hereinafter "the Tenant")`, `Ramesh Kumar (hereinafter referred to
as the accused)`, `(Respondent No. 2)`; and the accused's number before a name, as charge
sheets and judgments write it: `A-1 Ramesh Kumar`, `A1 Ramesh Kumar` (``accused_numbers``).

A label is a parenthesis whose words, but for "the", "hereinafter", "referred to as",
"together" and the like (and a trailing "No. 2"), are a role word of the table, or are a
quoted defined term or follow "hereinafter" (then it is a label that names no role); or
an unbracketed "hereinafter (referred to as) ..." up to the next mark that is no quote
mark. roles.py binds a label to the name before it; an "and" between them ends the
binding unless it belongs to the party's description (``described``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sakshi.values.phrases import phrase_words, word_matches
from sakshi.values.tokens import Token, TokenKind, word_at

__all__ = ["Label", "RoleTable", "accused_numbers", "described", "read_labels"]

# Each role with its words: (role, (word, ...)), as hashable data.
RoleTable = tuple[tuple[str, tuple[str, ...]], ...]

_LABEL_INTRO = frozenset(
    {
        "hereinafter", "hereafter", "herein", "referred", "to", "as", "called", "known", "the",
        "a", "an", "collectively", "together", "each", "individually", "jointly", "severally",
        "also", "and", "both",
    }
)  # fmt: skip
_COLLECTIVE = frozenset(["together", "collectively", "each", "jointly", "severally", "both"])
_QUOTES = frozenset("\"'“”‘’«»")
_LABEL_WIDTH = 16  # tokens inside a label's parentheses, at most


class Label(NamedTuple):
    """A label after a name: its tokens ``first:end`` (from its "(" or "hereinafter"),
    the role it names (None: a defined term that is no role) and whether it names
    several ("together", "Sellers")."""

    first: int  # the "(" or "hereinafter"
    end: int
    role: str | None
    collective: bool


def _role_of(words: Sequence[str], table: RoleTable, whole: bool) -> tuple[str | None, str]:
    """The role one of whose words ``words`` is (``whole``) or begins with, and the last
    word of that role word (the longest wins)."""
    best: tuple[int, str, str] | None = None
    for role, phrases in table:
        for phrase in phrases:
            parts = phrase_words(phrase)
            if not parts or len(parts) > len(words) or (whole and len(parts) != len(words)):
                continue
            same = all(word_matches(w, p) for w, p in zip(words, parts, strict=False))
            if same and (best is None or len(parts) > best[0]):
                best = (len(parts), role, parts[-1])
    return (None, "") if best is None else (best[1], best[2])


def _read_label(
    inner: Sequence[Token], table: RoleTable, whole: bool
) -> tuple[str | None, bool] | None:
    """What a label's tokens name: its role (None: a defined term that is no role) and
    whether it names several ("together", "Sellers"); None when they are no label."""
    words = [token.text for token in inner if token.kind != TokenKind.MARK]
    quoted = any(token.kind == TokenKind.MARK and token.text in _QUOTES for token in inner)
    intro = any(word in ("hereinafter", "hereafter", "referred", "called") for word in words)
    core = [word for word in words if word not in _LABEL_INTRO]
    if len(core) >= 2 and core[-1].isdigit() and core[-2] in ("no", "nos"):
        core = core[:-2]  # "(Respondent No. 2)"
    if not core or (whole and len(core) > 4):
        return None
    role, word = _role_of(core, table, whole)
    if role is None and not (quoted or intro):
        return None
    plural = role is not None and whole and core[-1] != word and core[-1].endswith("s")
    return role, plural or any(word in _COLLECTIVE for word in words)


def _closing(tokens: tuple[Token, ...], index: int) -> int | None:
    """The ")" that closes the "(" at ``index`` within ``_LABEL_WIDTH`` tokens."""
    for at in range(index + 1, min(len(tokens), index + _LABEL_WIDTH + 2)):
        if tokens[at].kind == TokenKind.MARK and tokens[at].text in "()":
            return at if tokens[at].text == ")" else None
    return None


def _hereinafter(tokens: tuple[Token, ...], index: int) -> int:
    """The end of an unbracketed label that begins at ``index`` ("hereinafter referred to
    as the complainant, ..."): its words up to the first mark that is no quote mark."""
    end, words = index + 1, 0
    while end < len(tokens) and words < 8 and tokens[end].clause == tokens[index].clause:
        token = tokens[end]
        if token.kind == TokenKind.MARK and token.text not in _QUOTES:
            break
        words += token.kind != TokenKind.MARK
        end += 1
    return end


def read_labels(quote: str, tokens: tuple[Token, ...], table: RoleTable) -> list[Label]:
    """The labels of the quote (``tokens``: its tokens), in order."""
    if "(" not in quote and "after" not in quote.casefold():
        return []  # no parenthesis, no "hereinafter" / "hereafter": no label
    labels: list[Label] = []
    index = 0
    while index < len(tokens):
        token, found = tokens[index], None
        if token.kind == TokenKind.MARK and token.text == "(":
            close = _closing(tokens, index)
            if close is not None:
                found = (index, close + 1, _read_label(tokens[index + 1 : close], table, True))
        elif token.kind == TokenKind.WORD and token.text in ("hereinafter", "hereafter"):
            end = _hereinafter(tokens, index)
            found = (index, end, _read_label(tokens[index:end], table, False))
        if found is not None and found[2] is not None:
            first, end, (role, collective) = found[0], found[1], found[2]
            labels.append(Label(first, end, role, collective))
            index = end
            continue
        index += 1
    return labels


# A party's description may hold an "and" of its own: "a company incorporated and
# registered in England and Wales", "a corporation organized and existing under the laws of".
_INCORPORATED = frozenset({"incorporated", "registered", "organized", "organised", "existing"})


def described(tokens: tuple[Token, ...], start: int, stop: int) -> bool:
    """Whether every "and" in tokens ``start:stop`` (between a name and its label) follows
    an incorporation word with no comma since: the description's, not another name's."""
    within = False
    for token in tokens[start:stop]:
        if token.text in _INCORPORATED:
            within = True
        elif token.text == ",":
            within = False
        elif token.text == "and" and not within:
            return False
    return True


# Words before "A-1" that make it the mark of an exhibit, an annexure or a thing, not the
# accused No. 1: "Ex. A-1" (a civil suit's first exhibit), "Annexure A-1", "Form A-1",
# "Schedule A-1", "Plot No. A-1", "Grade A-1".
_THING_WORDS = frozenset(
    {
        "ex", "exh", "exbt", "exhibit", "exhibits", "ext", "exts", "annexure", "annexures",
        "annex", "annexe", "schedule", "appendix", "form", "item", "items", "table", "doc",
        "document", "documents", "mark", "marked", "para", "paragraph", "page", "no", "nos",
        "grade", "class", "size", "type", "category", "plot", "flat", "block", "sector",
        "ward", "house", "room", "shop", "unit", "road", "model", "series", "section", "sec",
        "clause", "article", "art", "part", "chapter", "rule", "figure", "fig", "note",
        "tranche", "tier", "phase", "level", "floor", "wing", "tower", "line", "row",
        "column", "box", "seat", "sheet", "folio", "vol", "volume", "step",
    }
)  # fmt: skip
_JOINS = frozenset("-–")


def accused_numbers(quote: str, tokens: tuple[Token, ...]) -> list[tuple[int, int]]:
    """The tokens ``first:end`` of each "A-1", "A–2", "A1" (a capital A, a hyphen or
    nothing, one or two digits, nothing glued after): the accused No. 1 of a charge sheet
    or a criminal judgment. Not after an exhibit's or a thing's word ("Ex. A-1", "Annexure
    A-1"), nor glued to what stands before it ("12A-1")."""
    if "A" not in quote:
        return []
    found: list[tuple[int, int]] = []
    for index, token in enumerate(tokens):
        if token.text != "a" or quote[token.start] != "A":
            continue
        at = index + 1
        if at < len(tokens) and tokens[at].text in _JOINS and tokens[at].glued:
            at += 1
        if at >= len(tokens) or not tokens[at].glued or tokens[at].kind != TokenKind.DIGITS:
            continue
        number, end = tokens[at].text, at + 1
        if len(number) > 2 or number.startswith("0"):
            continue  # "A-380", "A-01": a model or a code
        if end < len(tokens) and tokens[end].glued and tokens[end].text not in ",;:)’'":
            continue  # "A1B", "A-1/2", "A-1.5"
        if (token.glued and tokens[index - 1].kind != TokenKind.MARK) or word_at(
            tokens, index - 1 - (index >= 2 and tokens[index - 1].text == ".")
        ) in _THING_WORDS:
            continue
        found.append((index, end))
    return found
