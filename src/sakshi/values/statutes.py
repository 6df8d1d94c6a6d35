"""Statutes: a section with its sub-sections, the act, and the act's year.

"Section 138 of the Negotiable Instruments Act, 1881" = "S. 138 NI Act" = "s.138 N.I.
Act" = "u/s 138 of NI Act" = "धारा 138 परक्राम्य लिखत अधिनियम". Prefixes: Section(s),
Sec., S., s., Ss., u/s, under section, धारा. A list ("Sections 406, 420 and 120B IPC",
"420 r/w 34 IPC") gives one mention per section, each with the act that follows; with
none after it, a known act just before it ("परक्राम्य लिखत अधिनियम, 1881 की धारा 138",
"the IPC, section 34", "N.I. Act's Section 138"). An act
the table does not know is read by its words up to "Act"/"Code"/"Sanhita" and compared
by them. A section without the act the quote names is incomplete; a different act (or
a different year of it) is ACT_MISMATCH.
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.reasons import ValueReason
from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.found import Compare, Found, Reading, Refusal, covers, lead
from sakshi.values.model import FieldDecl
from sakshi.values.tokens import Token, TokenKind, compact, is_mark, word_at

__all__ = ["StatuteReading", "read_statute", "statute_mentions"]

_PREFIXES = frozenset({"section", "sections", "sec", "secs", "धारा", "धाराओं", "धाराएं"})
_SHORT_PREFIXES = frozenset({"s", "ss"})
_STARTS = _PREFIXES | _SHORT_PREFIXES | {"u"}  # the words a prefix begins with ("u/s")
_ROMAN = frozenset("ivxlc")
_ACT_ENDINGS = frozenset(
    {"act", "code", "sanhita", "adhiniyam", "rules", "regulations", "ordinance", "अधिनियम", "संहिता"}
)
_ACT_LEAD = frozenset({"of", "the", "under", "की", "के"})
_GENERIC_REACH = 12  # how many tokens an unknown act's name may take


@dataclass(frozen=True)
class StatuteReading(Reading):
    """A section (with sub-sections) of an act; the act is None when the text names none."""

    section: str
    subsections: tuple[str, ...]
    act: str | None
    title: str | None
    year: int | None

    def __str__(self) -> str:
        text = "s. " + self.section.upper() + "".join(f"({part})" for part in self.subsections)
        if self.title:
            text += f", {self.title}"
        return f"{text}, {self.year}" if self.year else text

    def compare(self, mention: Reading) -> Compare:
        """The same section and sub-sections of the same act (and year, when both know)."""
        if not isinstance(mention, StatuteReading) or self.section != mention.section:
            return Compare.DIFFERENT
        if self.subsections != mention.subsections:
            shorter = mention.subsections[: len(self.subsections)] == self.subsections
            return Compare.INCOMPLETE if shorter else Compare.DIFFERENT
        if self.act is None and mention.act is not None:
            return Compare.INCOMPLETE
        if self.act != mention.act:
            return Compare.ACT
        if self.year and mention.year and self.year != mention.year:
            return Compare.ACT
        return Compare.EQUAL


def _prefix_at(tokens: tuple[Token, ...], index: int) -> int | None:
    """The index after a section prefix at ``index`` (Section, Sec., S., u/s, धारा)."""
    word = word_at(tokens, index)
    end: int | None = None
    if word in _PREFIXES:
        end = index + 1
    elif word in _SHORT_PREFIXES:
        if is_mark(tokens, index + 1, "."):
            end = index + 2
        elif index + 1 < len(tokens) and tokens[index + 1].kind == TokenKind.DIGITS:
            end = index + 1 if tokens[index + 1].glued else None
    elif word == "u" and is_mark(tokens, index + 1, "/", glued=True):
        end = index + 3 if word_at(tokens, index + 2) in _SHORT_PREFIXES else None
    if end is not None and is_mark(tokens, end, "."):
        end += 1
    return end


def _letter_suffix(tokens: tuple[Token, ...], index: int) -> bool:
    if index >= len(tokens):
        return False
    suffix = tokens[index]
    return suffix.glued and suffix.kind == TokenKind.WORD and len(suffix.text) <= 2


def _part(token: Token) -> bool:
    if token.kind == TokenKind.DIGITS:
        return True
    text = token.text
    return token.kind == TokenKind.WORD and (len(text) <= 2 or set(text) <= _ROMAN)


@dataclass(frozen=True)
class _Item:
    section: str
    subsections: tuple[str, ...]
    first: int
    end: int


def _item_at(tokens: tuple[Token, ...], index: int) -> _Item | None:
    """ "138", "120B", "13(1)(d)", "13 (2)": one section and its sub-sections."""
    if index >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    section, end = tokens[index].text.lstrip("0") or "0", index + 1
    if is_mark(tokens, end, "-", glued=True) and _letter_suffix(tokens, end + 1):
        end += 1  # "120-B" is "120B"
    if _letter_suffix(tokens, end):
        section, end = section + tokens[end].text, end + 1
    parts: list[str] = []
    while (
        is_mark(tokens, end, "(")
        and end + 2 < len(tokens)
        and _part(tokens[end + 1])
        and is_mark(tokens, end + 2, ")")
    ):
        parts.append(tokens[end + 1].text)
        end += 3
    return _Item(section, tuple(parts), index, end)


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


def _items(tokens: tuple[Token, ...], index: int) -> list[_Item]:
    items: list[_Item] = []
    item = _item_at(tokens, index)
    while item is not None:
        items.append(item)
        after = _connector_end(tokens, item.end)
        if after is None:
            break
        after = _prefix_at(tokens, after) or after
        item = _item_at(tokens, after)
    return items


@dataclass(frozen=True)
class _ActFound:
    key: str
    title: str
    year: int | None
    end: int


def _known_act(tokens: tuple[Token, ...], index: int, acts: ActTable) -> _ActFound | None:
    """The longest known act whose tokens begin at ``index`` (and end in its clause, on a
    word). The key grows a token at a time (a compact form is the concatenation of its
    tokens') and stops once no alias begins with it."""
    clause = tokens[index].clause if index < len(tokens) else -1
    found: _ActFound | None = None
    key = ""
    for end in range(index + 1, min(len(tokens), index + acts.longest) + 1):
        key += compact(tokens, end - 1, end)
        if not acts.may_begin(key):
            break
        if tokens[end - 1].clause != clause or tokens[end - 1].kind == TokenKind.MARK:
            continue
        act = acts.get(key)
        if act is not None:
            found = _ActFound(act.key, act.title, act.year, end)
    return found


def _unknown_act(tokens: tuple[Token, ...], index: int) -> _ActFound | None:
    for end in range(index, min(len(tokens), index + _GENERIC_REACH)):
        token = tokens[end]
        if token.kind == TokenKind.DIGITS or (
            token.kind == TokenKind.MARK and token.text not in ".-&'(),"
        ):
            return None
        if token.kind == TokenKind.WORD and token.text in _ACT_ENDINGS:
            words = [t.text for t in tokens[index : end + 1] if t.kind == TokenKind.WORD]
            return _ActFound(compact(tokens, index, end + 1), " ".join(words), None, end + 1)
    return None


def _act_at(
    tokens: tuple[Token, ...], index: int, acts: ActTable, known_only: bool
) -> _ActFound | None:
    start = index
    while word_at(tokens, start) in _ACT_LEAD or is_mark(tokens, start, ","):
        start += 1
    found = _known_act(tokens, start, acts)
    if found is None and not known_only:
        found = _unknown_act(tokens, start)
    if found is None:
        return None
    year_at = found.end + (1 if is_mark(tokens, found.end, ",") else 0)
    if year_at < len(tokens) and tokens[year_at].kind == TokenKind.DIGITS:
        year_text = tokens[year_at].text
        glued_on = year_at + 1 < len(tokens) and tokens[year_at + 1].glued
        if len(year_text) == 4 and not (glued_on and tokens[year_at + 1].kind != TokenKind.MARK):
            return _ActFound(found.key, found.title, int(year_text), year_at + 1)
    return found


_BEFORE_SECTION = frozenset({"की", "के", "का"})  # "<Act> की धारा 138"


def _act_before(tokens: tuple[Token, ...], index: int, acts: ActTable) -> _ActBefore | None:
    """A known act that ends just before the section prefix at ``index``, in its clause:
    "परक्राम्य लिखत अधिनियम, 1881 की धारा 138", "the IPC, section 34", "N.I. Act's
    Section 138"."""
    end = index
    while end > 0 and (
        word_at(tokens, end - 1) in _BEFORE_SECTION or is_mark(tokens, end - 1, ",")
    ):
        end -= 1
    if end >= 2 and word_at(tokens, end - 1) == "s" and tokens[end - 2].text in ("'", "’"):
        end -= 2  # the possessive "Act's"
    year: int | None = None
    if end > 0 and tokens[end - 1].kind == TokenKind.DIGITS and len(tokens[end - 1].text) == 4:
        year, end = int(tokens[end - 1].text), end - 1
        end -= 1 if is_mark(tokens, end - 1, ",") else 0
    clause = tokens[index].clause
    for start in range(max(0, end - acts.longest), end):
        if tokens[start].kind == TokenKind.MARK or tokens[start].clause != clause:
            continue
        act = acts.get(compact(tokens, start, end))
        if act is not None:
            return _ActBefore(_ActFound(act.key, act.title, year or act.year, end), start)
    return None


@dataclass(frozen=True)
class _ActBefore:
    act: _ActFound
    first: int  # the act's first token


def _statutes_at(tokens: tuple[Token, ...], index: int, acts: ActTable) -> list[Found]:
    prefix_end = _prefix_at(tokens, index)
    items = _items(tokens, prefix_end if prefix_end is not None else index)
    if not items:
        return []
    act = _act_at(tokens, items[-1].end, acts, known_only=prefix_end is None)
    if act is None and prefix_end is None:
        return []  # a bare number is a section only when a known act follows it
    shown = tokens[index].start
    if act is None:
        before = _act_before(tokens, index, acts)
        if before is not None:
            # the mention is shown from the act on and stops after its sections
            shown = tokens[before.first].start
            act = _ActFound(before.act.key, before.act.title, before.act.year, items[-1].end)
    stop = tokens[(act.end if act else items[-1].end) - 1].end
    found: list[Found] = []
    for position, item in enumerate(items):
        start = shown if position == 0 else tokens[item.first].start
        reading = StatuteReading(
            item.section,
            item.subsections,
            act.key if act else None,
            act.title if act else None,
            act.year if act else None,
        )
        listed = items[0].first if len(items) > 1 else -1
        found.append(Found(item.first, item.end, start, stop, reading, listed))
    return found


def statute_mentions(tokens: tuple[Token, ...], acts: ActTable = DEFAULT_ACTS) -> tuple[Found, ...]:
    """Every section cited in the quote, each with the act that follows its list."""
    found: list[Found] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != TokenKind.DIGITS and (
            token.kind != TokenKind.WORD or token.text not in _STARTS
        ):
            index += 1  # a citation begins with a section's number or a prefix
            continue
        hits = _statutes_at(tokens, index, acts)
        if not hits:
            index += 1
            continue
        found.extend(hits)
        index = max(hits[-1].end, _end_index(tokens, hits[-1].stop, index + 1))
    return tuple(found)


def _end_index(tokens: tuple[Token, ...], stop: int, floor: int) -> int:
    index = floor
    while index < len(tokens) and tokens[index].start < stop:
        index += 1
    return index


def _act_first(tokens: tuple[Token, ...], first: int, acts: ActTable) -> list[Found]:
    """A value written act first ("N.I. Act's Section 138", "the IPC, section 34"): the
    sections after the first prefix, when their mention starts with the value's act."""
    act = first + 1 if word_at(tokens, first) == "the" else first
    for index in range(act + 1, len(tokens)):
        if _prefix_at(tokens, index) is not None:
            hits = _statutes_at(tokens, index, acts)
            return hits if hits and hits[0].start == tokens[act].start else []
    return []


def read_statute(
    tokens: tuple[Token, ...], decl: FieldDecl | None, acts: ActTable = DEFAULT_ACTS
) -> Reading | Refusal:
    """A statute value: one section (with its act, if named) and nothing else."""
    begin = first = lead(tokens)
    if word_at(tokens, first) == "under" and _prefix_at(tokens, first + 1) is not None:
        first += 1  # the prefix "under section" (a quote's mention starts at "section")
    hits = _statutes_at(tokens, first, acts) if first < len(tokens) else []
    if not hits:
        hits = _act_first(tokens, first, acts)
    if len(hits) != 1:
        hint = "one section per value" if hits else "not a section of an act"
        return Refusal(ValueReason.VALUE_UNPARSEABLE, hint)
    end = _end_index(tokens, hits[0].stop, hits[0].end)
    if not covers(tokens, begin, end) or hits[0].reading is None:
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a section of an act")
    return hits[0].reading
