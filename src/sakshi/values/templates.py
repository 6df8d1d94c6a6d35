"""Citation templates: how a code's provisions are cited, as data a user can extend.

A template is the code's own words with slots, in the spirit of citeurl's templates (these
are sakshi's own): ``{title} U.S.C. § {section}`` reads "15 U.S.C. § 78j(b)" (title 15,
section 78j, sub-section b); ``Fed. R. Civ. P. {rule}`` reads "Fed. R. Civ. P. 12(b)(6)".
A template is an optional ``{title}`` (the number of the code's title), the code's words,
then one provision slot (``{section}``, ``{article}``, ``{rule}``, ``{regulation}``,
``{schedule}``, ``{paragraph}`` or ``{clause}``), after which sub-sections may follow.
The words compare by their compact form (case, dots and spaces do not matter: "U.S.C." is
"USC"), and a ``§`` or ``¶`` between the words and the number is optional.

Templates sit on an act of the table (``templates:`` in ``acts:``), so configuration
extends them as it extends the acts.
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.values.provisions import SLOT_KINDS
from sakshi.values.tokens import TokenKind, compact, tokenize

__all__ = ["TEMPLATE_FORM", "Template", "parse_template"]

TEMPLATE_FORM = (
    "a template: an optional {title}, the code's words, then one of "
    + ", ".join("{" + kind + "}" for kind in SLOT_KINDS)
    + ' ("{title} U.S.C. § {section}")'
)
_TITLE = "{title}"


@dataclass(frozen=True)
class Template:
    """One way to cite an act's provisions: ``words`` is the compact key of the code's
    words ("usc"), ``titled`` whether a title number stands before them, ``kind`` the
    provision the number after them names, ``size`` how many tokens the words may take."""

    act: str
    words: str
    titled: bool
    kind: str
    size: int


def parse_template(text: str, act: str) -> Template | None:
    """The template ``text`` of act ``act``, or None when it is not one (TEMPLATE_FORM)."""
    body = text.strip()
    titled = body.startswith(_TITLE)
    if titled:
        body = body[len(_TITLE) :]
    slot = body.rsplit("{", 1)
    if len(slot) != 2 or not slot[1].endswith("}"):
        return None
    words, kind = slot[0], slot[1][:-1]
    if kind not in SLOT_KINDS or "{" in words or "}" in words:
        return None
    tokens = tokenize(words)
    key = compact(tokens, 0, len(tokens))
    if not any(token.kind == TokenKind.WORD for token in tokens) or not key:
        return None
    # Written with a dot after every letter ("U. S. C."), the words take two tokens a
    # letter: the most a quote's spelling of them may take.
    return Template(act, key, titled, kind, max(len(tokens), 2 * len(key)) + 1)
