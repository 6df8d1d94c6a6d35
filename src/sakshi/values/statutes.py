"""Statutes: a provision (section, article, order and rule, rule, regulation, schedule,
paragraph, clause) with its sub-sections, the act, and the act's year.

"Section 138 of the Negotiable Instruments Act, 1881" = "S. 138 NI Act" = "s.138 N.I.
Act" = "u/s 138 of NI Act" = "धारा 138 परक्राम्य लिखत अधिनियम"; "Order VII Rule 11 CPC" =
"O. 7 R. 11 CPC" = "Rule 11 of Order VII of the Code of Civil Procedure"; "Article
28(3)(a) GDPR" = "Art. 28(3)(a) of Regulation (EU) 2016/679"; "Section 11 of the
Securities Act of 1933" = "Securities Act of 1933, § 11". A code is cited by its templates
(templates.py): "15 U.S.C. § 78j(b)", "17 C.F.R. § 240.10b-5", "Fed. R. Civ. P. 12(b)(6)".
A list ("Sections 406, 420 and 120B IPC", "420 r/w 34 IPC", "Order XXXIX Rules 1 and 2")
gives one mention per provision, each with the act that follows; with none after it, a
known act just before it ("परक्राम्य लिखत अधिनियम, 1881 की धारा 138", "the IPC, section
34"). The act is read by actnames.py.

A provision of another kind is another provision ("Order VII Rule 11" is not Section 11);
a provision without the act the quote names is incomplete; another act, or a year the
value adds or drops (the year a known act has in the table counts as stated), is
ACT_MISMATCH.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sakshi.reasons import ValueReason
from sakshi.values.actnames import ActFound, act_at, act_before
from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.found import Compare, Found, Reading, Refusal, covers, lead
from sakshi.values.instruments import instrument_at
from sakshi.values.model import FieldDecl
from sakshi.values.provisions import (
    FIRST_WORDS,
    ORDINALS,
    SCHEDULE,
    SECTION,
    TITLE,
    Item,
    Step,
    items_at,
    prefix_at,
    shown,
)
from sakshi.values.tokens import Token, TokenKind, compact, is_mark, word_at

__all__ = ["StatuteReading", "read_statute", "statute_mentions"]

# The words between a provision and its act; a schedule is "to" its act ("Schedule 2 to
# the Act").
_LEAD = frozenset({"of", "the", "under", "की", "के"})
_SCHEDULE_LEAD = _LEAD | {"to"}
_CODE_MARKS = "§¶."  # between a code's words and its number: "U.S.C. §", "Fed. R. Civ. P."


@dataclass(frozen=True)
class StatuteReading(Reading):
    """A provision (its path of kinds and numbers, and sub-sections) of an act; the act is
    None when the text names none."""

    path: tuple[Step, ...]
    subsections: tuple[str, ...]
    act: str | None
    title: str | None
    year: int | None

    def __str__(self) -> str:
        text = " ".join(map(shown, self.path)) + "".join(f"({part})" for part in self.subsections)
        if self.title:
            text += f", {self.title}"
        # (a title may hold its year already: "Arbitration Act 1996")
        stated = self.year and not (self.title or "").endswith(str(self.year))
        return f"{text}, {self.year}" if stated else text

    def compare(self, mention: Reading) -> Compare:
        """The same provision, of the same kind, with the same sub-sections, of the same
        act and year (a year one side states and the other does not is another act)."""
        if not isinstance(mention, StatuteReading) or self.path != mention.path:
            return Compare.DIFFERENT
        if self.subsections != mention.subsections:
            shorter = mention.subsections[: len(self.subsections)] == self.subsections
            return Compare.INCOMPLETE if shorter else Compare.DIFFERENT
        if self.act is None and mention.act is not None:
            return Compare.INCOMPLETE
        if self.act != mention.act or self.year != mention.year:
            return Compare.ACT
        return Compare.EQUAL


def _code_words(tokens: tuple[Token, ...], start: int, acts: ActTable) -> list[int]:
    """The ends of the templates' words that begin at ``start``, longest first (a word's
    compact form is its text, so ``_may_be_code`` asked the first step already)."""
    ends: list[int] = []
    key = ""
    for end in range(start + 1, min(len(tokens), start + acts.template_size) + 1):
        key += compact(tokens, end - 1, end)
        if not acts.template_may_begin(key):
            break
        if tokens[end - 1].kind != TokenKind.MARK and acts.templates(key):
            ends.append(end)
    return ends[::-1]


# The word that may stand for a code's "§" before a section's number ("15 U.S.C. Section
# 78j(b)", "26 U.S.C. Sec. 61").
_SECTION_WORDS = frozenset({"section", "sections", "sec", "secs"})


def _after_code(tokens: tuple[Token, ...], end: int, kind: str) -> int:
    while end < len(tokens) and tokens[end].text in _CODE_MARKS:
        end += 1  # (no word or number is one of these marks)
    if kind == SECTION and word_at(tokens, end) in _SECTION_WORDS:
        return _after_code(tokens, end + 1, "")
    return end


def _edition(tokens: tuple[Token, ...], end: int) -> int:
    """The index after a code's edition year ("15 U.S.C. § 78j(b) (2018)"), which does not
    change the provision."""
    year = end + 1
    if not (is_mark(tokens, end, "(") and is_mark(tokens, year + 1, ")")):
        return end
    return (
        year + 2 if tokens[year].kind == TokenKind.DIGITS and len(tokens[year].text) == 4 else end
    )


def _may_be_code(tokens: tuple[Token, ...], index: int, acts: ActTable) -> bool:
    """Whether a code's words may begin at ``index`` or, after a title, just after it."""
    words = index + 1 if tokens[index].kind == TokenKind.DIGITS else index
    return (
        words < len(tokens)
        and tokens[words].kind == TokenKind.WORD
        and acts.template_may_begin(tokens[words].text)
    )


def _code_at(tokens: tuple[Token, ...], index: int, acts: ActTable) -> list[Found]:
    """A code cited by one of its templates from ``index`` (the title's digits, or the
    code's first word): "15 U.S.C. §§ 78j(b) and 78t(a)", "Fed. R. Civ. P. 12(b)(6)"."""
    titled = tokens[index].kind == TokenKind.DIGITS
    start = index + 1 if titled else index
    if start >= len(tokens) or (titled and tokens[start].glued):
        return []
    for end in _code_words(tokens, start, acts):
        for template in acts.templates(compact(tokens, start, end)):
            act = acts.by_key(template.act)
            if template.titled != titled or act is None:
                continue
            items = _cut_at_codes(
                tokens,
                items_at(
                    tokens, _after_code(tokens, end, template.kind), template.kind, hyphens=True
                ),
                acts,
            )
            if not items:
                continue
            title = tokens[index].text.lstrip("0")
            own = acts.codified(act.key, title) if titled else None
            above: tuple[Step, ...] = ((TITLE, title),) if titled and own is None else ()
            act = own or act  # "26 U.S.C." is the Internal Revenue Code
            found = ActFound(act.key, act.title, act.year, _edition(tokens, items[-1].end))
            held = [Item((*above, *i.path), i.subsections, i.first, i.end) for i in items]
            # the first provision's tokens start with the code's: a cue before the code
            # reaches it as it reaches "Section 138" from before "Section"
            held[0] = Item(held[0].path, held[0].subsections, index, held[0].end)
            return _found(tokens, held, found, tokens[index].start)
    return []


def _titles_a_code(tokens: tuple[Token, ...], index: int, acts: ActTable) -> bool:
    """Whether the number at ``index`` is a code's title: the words of a titled template
    follow it ("17 C.F.R."). Asked without reading the code's citation, so that a chain of
    citations is never read within itself."""
    if not _may_be_code(tokens, index, acts) or tokens[index + 1].glued:
        return False
    for end in _code_words(tokens, index + 1, acts):
        templates = acts.templates(compact(tokens, index + 1, end))
        if any(template.titled for template in templates):
            return True
    return False


def _cut_at_codes(tokens: tuple[Token, ...], items: list[Item], acts: ActTable) -> list[Item]:
    """A list ends where a code's citation begins: in "Rule 10b-5, 17 C.F.R. § 240.10b-5"
    the 17 is the code's title, not a second rule."""
    for position in range(1, len(items)):
        if _titles_a_code(tokens, items[position].first, acts):
            return items[:position]
    return items


def _found(
    tokens: tuple[Token, ...], items: list[Item], act: ActFound | None, shown_from: int
) -> list[Found]:
    """One mention per provision of a citation, the first shown from ``shown_from``."""
    stop = tokens[(act.end if act else items[-1].end) - 1].end
    listed = items[0].first if len(items) > 1 else -1
    found: list[Found] = []
    for position, item in enumerate(items):
        start = shown_from if position == 0 else tokens[item.first].start
        reading = StatuteReading(
            item.path,
            item.subsections,
            act.key if act else None,
            act.title if act else None,
            act.year if act else None,
        )
        found.append(Found(item.first, item.end, start, stop, reading, listed))
    return found


def _provisions_at(
    tokens: tuple[Token, ...], index: int, hyphens: bool = False
) -> tuple[list[Item], bool]:
    """The provisions of a citation from ``index``, and whether it has no word for their
    kind (a bare number: "138 NI Act")."""
    prefix = prefix_at(tokens, index)
    if prefix is not None:
        return items_at(tokens, prefix[1], prefix[0], hyphens), False
    if word_at(tokens, index) in ORDINALS:
        return items_at(tokens, index, None), False
    if tokens[index].kind == TokenKind.DIGITS and not tokens[index].glued:
        # (a bare number glued on to what stands before it is a date's or an amount's
        # part: "12.03.2024", "5,00,000", "s.138" is read from its prefix)
        return items_at(tokens, index, SECTION, hyphens), True
    return [], True


def _act_of(
    tokens: tuple[Token, ...],
    index: int,
    items: list[Item],
    bare: bool,
    acts: ActTable,
    source: str,
) -> tuple[ActFound | None, int]:
    """The act of a citation's provisions: after them, else a known act just before them
    (and the index its mention is shown from)."""
    leads = _SCHEDULE_LEAD if items[-1].path[-1][0] == SCHEDULE else _LEAD
    end = items[-1].end
    act = act_at(tokens, end, acts, source, known_only=bare, leads=leads)
    if act is not None or bare:
        return act, index
    before = act_before(tokens, index, acts, source)
    if before is None:
        return None, index
    # the mention is shown from the act on and stops after its provisions
    return ActFound(before[0].key, before[0].title, before[0].year, end), before[1]


def _read_act(
    tokens: tuple[Token, ...],
    index: int,
    items: list[Item],
    bare: bool,
    acts: ActTable,
    source: str,
) -> tuple[list[Item], ActFound | None, int]:
    """The provisions, their act and where their mention is shown from. A code's sections
    are numbered with hyphens ("Section 2-207 of the UCC", "UCC, § 2-207"), where another
    act's "3-5" is a range: provisions a hyphen and digits stop are read again with it,
    and kept when a code (an act with templates) is their act."""
    stop = items[-1].end
    after = tokens[stop + 1] if stop + 1 < len(tokens) else None
    if is_mark(tokens, stop, "-", glued=True) and after and after.kind == TokenKind.DIGITS:
        again = _cut_at_codes(tokens, _provisions_at(tokens, index, hyphens=True)[0], acts)
        if again and again[-1].end > stop:
            act, shown_from = _act_of(tokens, index, again, bare, acts, source)
            code = acts.by_key(act.key) if act is not None else None
            if code is not None and code.templates:
                return again, act, shown_from
    return (items, *_act_of(tokens, index, items, bare, acts, source))


def _statutes_at(tokens: tuple[Token, ...], index: int, acts: ActTable, source: str) -> list[Found]:
    code = _code_at(tokens, index, acts) if _may_be_code(tokens, index, acts) else []
    if code:
        return code
    items, bare = _provisions_at(tokens, index)
    items = _cut_at_codes(tokens, items, acts)
    if not items:
        return []
    items, act, shown_from = _read_act(tokens, index, items, bare, acts, source)
    if act is None and bare:
        return []  # a bare number is a section only when a known act follows it
    return _found(tokens, items, act, tokens[shown_from].start)


def statute_mentions(
    tokens: tuple[Token, ...], acts: ActTable = DEFAULT_ACTS, source: str = ""
) -> tuple[Found, ...]:
    """Every provision cited in the quote, each with the act of its citation (``source``
    is the quote, to see which letters are capitals: an act's initials)."""
    found: list[Found] = []
    index, size = 0, len(tokens)
    word, digits, codes = TokenKind.WORD, TokenKind.DIGITS, acts.template_beginnings
    while index < size:
        # A citation begins with a number, "§", "¶", or a word that a provision's citation
        # or a code's template begins with (each looked up in a table).
        kind, text = tokens[index].kind, tokens[index].text
        if kind == word:
            may = text in FIRST_WORDS or text in codes
        else:
            may = kind == digits or text in "§¶"
        if may and text == "regulation":
            # "Regulation 2016/679" is an EU instrument, not regulations 2016 and 679
            instrument = instrument_at(tokens, index)
            if instrument is not None:
                index = instrument.end
                continue
        hits = _statutes_at(tokens, index, acts, source) if may else []
        if not hits:
            index += 1
            continue
        found.extend(hits)
        index = max(hits[-1].end, _end_index(tokens, hits[-1].stop, index + 1))
    return tuple(_parallel(found, source))


# What stands between a provision cited by its act and the same provision cited in a code:
# "Section 10(b) of the Exchange Act, 15 U.S.C. § 78j(b)", "... Act (15 U.S.C. § 78j(b))".
_PARALLEL_GAPS = frozenset({", ", " (", "("})


def _parallel(found: list[Found], source: str) -> list[Found]:
    """A parallel citation: a provision of an act, then at once its place in a code. Each
    cites the one provision, so the pair is held together as an enumeration's members are:
    either states it, neither is the other's rival reading (no table says which code
    section an act's section is; a value that is neither is still red)."""
    for position in range(len(found) - 1):
        act, code = found[position], found[position + 1]
        if act.listed >= 0 or code.listed >= 0 or not source:
            continue
        if not (_cited_by_act(act) and _cited_in_code(code)):
            continue
        if source[act.stop : code.start] in _PARALLEL_GAPS:
            found[position] = replace(act, listed=act.first)
            found[position + 1] = replace(code, listed=act.first)
    return found


def _cited_in_code(found: Found) -> bool:
    reading = found.reading
    return (
        isinstance(reading, StatuteReading) and bool(reading.path) and reading.path[0][0] == TITLE
    )


def _cited_by_act(found: Found) -> bool:
    reading = found.reading
    return (
        isinstance(reading, StatuteReading)
        and reading.act is not None
        and not _cited_in_code(found)
    )


def _end_index(tokens: tuple[Token, ...], stop: int, floor: int) -> int:
    index = floor
    while index < len(tokens) and tokens[index].start < stop:
        index += 1
    return index


def _act_first(tokens: tuple[Token, ...], first: int, acts: ActTable, source: str) -> list[Found]:
    """A value written act first ("N.I. Act's Section 138", "Securities Act of 1933,
    § 11"): the provisions after the first provision word, when their mention starts with
    the value's act."""
    act = first + 1 if word_at(tokens, first) == "the" else first
    for index in range(act + 1, len(tokens)):
        if prefix_at(tokens, index) is not None:
            hits = _statutes_at(tokens, index, acts, source)
            return hits if hits and hits[0].start == tokens[act].start else []
    return []


def read_statute(
    tokens: tuple[Token, ...],
    decl: FieldDecl | None,
    acts: ActTable = DEFAULT_ACTS,
    source: str = "",
) -> Reading | Refusal:
    """A statute value: one provision (with its act, if named) and nothing else."""
    begin = first = lead(tokens)
    if word_at(tokens, first) == "under" and prefix_at(tokens, first + 1) is not None:
        first += 1  # the prefix "under section" (a quote's mention starts at "section")
    hits = _statutes_at(tokens, first, acts, source) if first < len(tokens) else []
    if not hits:
        hits = _act_first(tokens, first, acts, source)
    if len(hits) != 1:
        hint = "one provision per value" if hits else "not a provision of an act"
        return Refusal(ValueReason.VALUE_UNPARSEABLE, hint)
    end = _end_index(tokens, hits[0].stop, hits[0].end)
    if not covers(tokens, begin, end) or hits[0].reading is None:
        return Refusal(ValueReason.VALUE_UNPARSEABLE, "not a provision of an act")
    return hits[0].reading
