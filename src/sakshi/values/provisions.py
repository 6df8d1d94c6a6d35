"""Provisions: the kinds of a statute's parts, the words that name each, and their numbers.

A provision is a path of (kind, number) steps, each kind kept apart from the others:
"Section 138" is (section 138); "Order VII Rule 11" and "Rule 11 of Order VII" are
(order 7, rule 11); "Article 28(3)(a)" is (article 28) with sub-sections 3 and a;
"15 U.S.C. § 78j(b)" is (title 15, section 78j). So "Order VII Rule 11 CPC" is never
Section 11, nor "Schedule 138" Section 138, nor "Rule 138 of the CGST Rules" Section 138.

The words that name a kind are looked up by their first token (a dict), never by a loop
over the vocabulary: Section(s), Sec., s., ss., §, §§, u/s, धारा; Article(s), Art.;
Order, O.; Rule(s), r., rr.; Regulation(s), reg.; Schedule(s), Sch., "the Third
Schedule"; Paragraph(s), para., ¶; Clause(s), cl.
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.values.tokens import Token, TokenKind, is_mark, word_at

__all__ = [
    "FIRST_WORDS",
    "ORDER",
    "ORDINALS",
    "RULE",
    "SCHEDULE",
    "SECTION",
    "SLOT_KINDS",
    "TITLE",
    "Item",
    "Step",
    "items_at",
    "number_at",
    "prefix_at",
    "shown",
]

SECTION, ARTICLE, ORDER, RULE = "section", "article", "order", "rule"
REGULATION, SCHEDULE, PARAGRAPH, CLAUSE = "regulation", "schedule", "paragraph", "clause"
TITLE = "title"  # a code's title: "15" in "15 U.S.C. § 78j"
# The kinds a citation template's last slot may name (a template's "{section}").
SLOT_KINDS = (SECTION, ARTICLE, RULE, REGULATION, SCHEDULE, PARAGRAPH, CLAUSE)

Step = tuple[str, str]  # (kind, number): ("order", "7")

# The words that name each kind, as tokens read them (folded). A word of one letter names
# its kind only with a dot ("s.", "O.", "r."), or, for "s", before its number ("s138",
# "s 994").
_WORDS: dict[str, tuple[str, ...]] = {
    SECTION: ("section", "sections", "sec", "secs", "धारा", "धाराओं", "धाराएं"),
    ARTICLE: ("article", "articles", "art", "arts", "अनुच्छेद"),
    ORDER: ("order",),
    RULE: ("rule", "rules", "नियम"),
    REGULATION: ("regulation", "regulations", "reg", "regs"),
    SCHEDULE: ("schedule", "schedules", "sch", "sched", "अनुसूची"),
    PARAGRAPH: ("paragraph", "paragraphs", "para", "paras"),
    CLAUSE: ("clause", "clauses", "cl", "cls"),
}
_LETTERS = {"s": SECTION, "ss": SECTION, "o": ORDER, "r": RULE, "rr": RULE}
_MARKS = {"§": SECTION, "¶": PARAGRAPH}
_KIND_OF = {word: kind for kind, words in _WORDS.items() for word in words}
# The kinds whose numbers are often roman ("Order VII", "Schedule III", "Article IV").
_ROMAN_KINDS = frozenset({ORDER, SCHEDULE, ARTICLE})
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50}
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}  # fmt: skip
# The words a provision's citation may begin with ("the Third Schedule" by its ordinal).
FIRST_WORDS = frozenset(_KIND_OF) | frozenset(_LETTERS) | frozenset(ORDINALS) | {"u"}
# Kinds that hold others: "Rule 11 of Order VII", "paragraph 3 of Schedule 2".
_OUTER = frozenset({ORDER, SCHEDULE})
_SHOWN = {
    SECTION: "s.", ARTICLE: "art.", ORDER: "O.", RULE: "r.", REGULATION: "reg.",
    SCHEDULE: "sch.", PARAGRAPH: "para.", CLAUSE: "cl.", TITLE: "title",
}  # fmt: skip


def shown(step: Step) -> str:
    """A step as printed in a reading ("s. 138", "O. 7", "art. 28")."""
    return f"{_SHOWN.get(step[0], step[0])} {step[1].upper()}"


def prefix_at(tokens: tuple[Token, ...], index: int) -> tuple[str, int] | None:
    """The kind a provision word at ``index`` names and the index after it (and its dot)."""
    if index >= len(tokens):
        return None
    token = tokens[index]
    kind: str | None = None
    end = index + 1
    if token.kind == TokenKind.MARK:
        kind = _MARKS.get(token.text)
        while kind is not None and is_mark(tokens, end, token.text, glued=True):
            end += 1  # "§§", "¶¶"
    elif token.kind == TokenKind.WORD:
        kind = _KIND_OF.get(token.text)
        if kind is None:
            return _short_prefix(tokens, index)
    if kind is None:
        return None
    return kind, end + (1 if is_mark(tokens, end, ".") else 0)


def _short_prefix(tokens: tuple[Token, ...], index: int) -> tuple[str, int] | None:
    """ "s.", "S.", "s138", "ss.", "O.", "r.", "rr.", "u/s", "u/ss"."""
    word = tokens[index].text
    if word == "u" and is_mark(tokens, index + 1, "/", glued=True):
        if word_at(tokens, index + 2) not in ("s", "ss"):
            return None
        end = index + 3
        return SECTION, end + (1 if is_mark(tokens, end, ".") else 0)
    kind = _LETTERS.get(word)
    if kind is None:
        return None
    if is_mark(tokens, index + 1, "."):
        return kind, index + 2
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    # "s138", or English citation's "s 994" ("the party's 5 shares" is no section: its
    # "s" is glued to the apostrophe)
    if kind != SECTION or after is None or after.kind != TokenKind.DIGITS:
        return None
    return (kind, index + 1) if after.glued or not tokens[index].glued else None


def roman_value(text: str) -> int | None:
    """A roman numeral of i, v, x and l in its one canonical spelling (vii, xxxix), else
    None: "iiii" and "vx" are no numbers."""
    if not text or any(char not in _ROMAN for char in text):
        return None
    total = 0
    for position, char in enumerate(text):
        value = _ROMAN[char]
        following = _ROMAN[text[position + 1]] if position + 1 < len(text) else 0
        total += -value if value < following else value
    return total if total > 0 and _roman(total) == text else None


def _roman(number: int) -> str:
    text = ""
    for value, letters in ((50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv")):
        while number >= value:
            text, number = text + letters, number - value
    return text + "i" * number


def _glued_word(tokens: tuple[Token, ...], index: int, longest: int) -> str:
    """A short word of ASCII letters glued to what comes before it ("12A", "78j"), or ""."""
    if index >= len(tokens):
        return ""
    token = tokens[index]
    ok = token.glued and token.kind == TokenKind.WORD and token.text.isascii()
    return token.text if ok and len(token.text) <= longest else ""


def _glued_digits(tokens: tuple[Token, ...], index: int) -> str:
    if index < len(tokens) and tokens[index].glued and tokens[index].kind == TokenKind.DIGITS:
        return tokens[index].text
    return ""


def number_at(
    tokens: tuple[Token, ...], index: int, kind: str = SECTION, hyphens: bool = False
) -> tuple[str, int] | None:
    """A provision's number and the index after it: "138", "120B" ("120-B"), "80CCD",
    "78j-1", "240.10b-5", "4.2"; a roman numeral for an order, a schedule or an article
    ("VII" is 7). A hyphen and digits continue a number that has a letter or a dot
    ("10b-5"), or any number in a code's template (``hyphens``: "U.C.C. § 2-207"); else
    "3-5" is a range, and its first number is read."""
    if index >= len(tokens):
        return None
    token = tokens[index]
    if token.kind == TokenKind.WORD and kind in _ROMAN_KINDS:
        value = roman_value(token.text)
        if value is None and kind == SCHEDULE and len(token.text) == 1 and token.text.isascii():
            return token.text, index + 1  # "Schedule A"
        return (str(value), index + 1) if value is not None else None
    if token.kind != TokenKind.DIGITS:
        return None
    text, end = token.text.lstrip("0") or "0", index + 1
    while True:
        if end >= len(tokens) or not tokens[end].glued:
            return text, end  # (what follows a space is no part of the number)
        letters = _glued_word(tokens, end, 4)
        if letters:
            text, end = text + letters, end + 1
        elif is_mark(tokens, end, "-", glued=True) and _glued_word(tokens, end + 1, 3):
            text, end = text + tokens[end + 1].text, end + 2  # "120-B" is "120B", "80-IAC"
        elif is_mark(tokens, end, ".", glued=True) and _glued_digits(tokens, end + 1):
            text, end = text + "." + tokens[end + 1].text, end + 2
        elif (
            is_mark(tokens, end, "-", glued=True)
            and _glued_digits(tokens, end + 1)
            and (hyphens or not text.isdigit())
        ):
            text, end = text + "-" + tokens[end + 1].text, end + 2
        else:
            return text, end


def _part(tokens: tuple[Token, ...], index: int) -> tuple[str, int] | None:
    """One sub-section inside brackets: "3", "1B", "1-A" (= "1A"), "23FCA", "a", "zza",
    "ii", "iv"."""
    if index >= len(tokens):
        return None
    token = tokens[index]
    if token.kind == TokenKind.DIGITS:
        if len(token.text) > 3:
            return None  # "(2018)": a code's edition, not a sub-section
        letters = _glued_word(tokens, index + 1, 3)
        if letters:
            return token.text + letters, index + 2
        if is_mark(tokens, index + 1, "-", glued=True):
            letters = _glued_word(tokens, index + 2, 3)
            if letters:
                return token.text + letters, index + 3  # "23(1-A)" is "23(1A)"
        return token.text, index + 1
    text = token.text
    if token.kind == TokenKind.WORD and (len(text) <= 3 or roman_value(text) is not None):
        return text, index + 1
    return None


def parts_at(tokens: tuple[Token, ...], index: int) -> tuple[tuple[str, ...], int]:
    """The sub-sections after a number ("(3)(a)", " (2)") and the index after them."""
    parts: list[str] = []
    while is_mark(tokens, index, "("):
        part = _part(tokens, index + 1)
        if part is None or not is_mark(tokens, part[1], ")"):
            break
        parts.append(part[0])
        index = part[1] + 1
    return tuple(parts), index


@dataclass(frozen=True)
class Item:
    """One provision of a citation: its path, sub-sections and tokens ``first:end``."""

    path: tuple[Step, ...]
    subsections: tuple[str, ...]
    first: int
    end: int


def _rule_after(tokens: tuple[Token, ...], index: int) -> tuple[str, int] | None:
    """ "Rule 11", ", Rule 11", "R. 11", "Rules 1" after an order's number."""
    index += 1 if is_mark(tokens, index, ",") else 0
    prefix = prefix_at(tokens, index)
    if prefix is None or prefix[0] != RULE:
        return None
    return number_at(tokens, prefix[1], RULE)


def item_at(
    tokens: tuple[Token, ...],
    index: int,
    kind: str,
    above: tuple[Step, ...] = (),
    hyphens: bool = False,
) -> Item | None:
    """The provision of ``kind`` whose number stands at ``index`` (under ``above``): an
    order needs its rule ("Order VII Rule 11"); an order alone is no citation."""
    number = number_at(tokens, index, kind, hyphens)
    if number is None:
        return None
    path, end = (*above, (kind, number[0])), number[1]
    if kind == ORDER:
        rule = _rule_after(tokens, end)
        if rule is None:
            return None
        path, end = (*path, (RULE, rule[0])), rule[1]
    parts, end = parts_at(tokens, end)
    if is_mark(tokens, end, "(") and tokens[end].glued:
        return None  # a sub-section we cannot read: never the provision without it
    return Item(path, parts, index, end)


def _ordinal_schedule(tokens: tuple[Token, ...], index: int) -> Item | None:
    """ "the Third Schedule": a schedule by its ordinal word."""
    number = ORDINALS.get(word_at(tokens, index))
    if number is None or word_at(tokens, index + 1) not in ("schedule", "अनुसूची"):
        return None
    return Item(((SCHEDULE, str(number)),), (), index, index + 2)


def _connector_end(tokens: tuple[Token, ...], index: int) -> int | None:
    """The index after a list connector (",", "and", "&", "/", "r/w", "read with")."""
    if index >= len(tokens):
        return None
    token = tokens[index]
    if token.kind == TokenKind.MARK and token.text in ",/&":
        end = index + 1
        return end + 1 if word_at(tokens, end) == "and" else end
    word = token.text if token.kind == TokenKind.WORD else ""
    if word in ("and", "or", "with"):
        return index + 1
    if word == "r" and is_mark(tokens, index + 1, "/") and word_at(tokens, index + 2) == "w":
        return index + 3
    if word in ("read", "along"):
        end = index + 1
        while word_at(tokens, end) in ("along", "with"):
            end += 1
        return end if end > index + 1 else None
    return None


def _next_item(tokens: tuple[Token, ...], index: int, last: Item, hyphens: bool) -> Item | None:
    """The member after a connector: of a kind its own word names ("r/w Section 151"), or
    the last member's kind at the same level ("Order XXXIX Rules 1 and 2")."""
    prefix = prefix_at(tokens, index)
    if prefix is not None:
        return item_at(tokens, prefix[1], prefix[0], hyphens=hyphens)
    kind = last.path[-1][0]
    if kind == RULE and len(last.path) > 1 and last.path[-2][0] == ORDER:
        number = number_at(tokens, index, RULE)
        if number is None:
            return None
        parts, end = parts_at(tokens, number[1])
        return Item((*last.path[:-1], (RULE, number[0])), parts, index, end)
    return item_at(tokens, index, kind, last.path[:-1], hyphens)


def _outer(tokens: tuple[Token, ...], index: int, items: list[Item]) -> tuple[Step, int] | None:
    """ "of Order VII", "of Schedule 2" after the provisions it holds (of other kinds)."""
    if word_at(tokens, index) != "of":
        return None
    prefix = prefix_at(tokens, index + 1)
    if prefix is None or prefix[0] not in _OUTER:
        return None
    if any(step[0] == prefix[0] for item in items for step in item.path):
        return None
    number = number_at(tokens, prefix[1], prefix[0])
    if number is None or prefix_at(tokens, number[1]) is not None:
        return None  # "of Order VII Rule 11" is a citation of its own
    return (prefix[0], number[0]), number[1]


def items_at(
    tokens: tuple[Token, ...], index: int, kind: str | None, hyphens: bool = False
) -> list[Item]:
    """The provisions of a citation whose first number stands at ``index`` (``kind`` None:
    an ordinal schedule), with the members of its list ("Sections 406, 420 and 120B",
    "Order 7 Rule 11 r/w Section 151") and what holds them ("Rule 11 of Order VII")."""
    items: list[Item] = []
    item = (
        _ordinal_schedule(tokens, index)
        if kind is None
        else item_at(tokens, index, kind, (), hyphens)
    )
    while item is not None:
        items.append(item)
        after = _connector_end(tokens, item.end)
        item = None if after is None else _next_item(tokens, after, item, hyphens)
    if not items:
        return items
    outer = _outer(tokens, items[-1].end, items)
    if outer is None:
        return items
    step, end = outer
    held = [Item((step, *item.path), item.subsections, item.first, item.end) for item in items]
    last = held[-1]
    held[-1] = Item(last.path, last.subsections, last.first, end)
    return held
