"""The act a citation names, after its provisions or before them, and the act's year.

An act is found, in this order, as an EU instrument by its kind, year and number
("Directive 2011/7/EU", "Regulation (EU) 2016/679": instruments.py; the act of the table
that is that instrument, else the instrument itself), by one of its aliases in the table
(the longest that begins where the act's name does: "N.I. Act", "Securities Exchange
Act", "Arbitration Act 1996"), by its initials when the table has exactly one act with
them ("CC Act", "CCA", written in capitals), or by its own words up to "Act", "Code",
"Rules", "Directive", ... when the table does not know it (compared as written). The
year follows the name ("NI Act, 1881", "Cr.P.C., 1973", "Companies Act 2006", "Securities
Act of 1933"); with none, a known act's year is the table's. A known name followed by
"Rules" or "Regulations" is not that act: "CGST Rules" are not the CGST Act. With its
year, a name may be another act's: "Arbitration Act 1996" is England's, "Arbitration
Act" India's Arbitration and Conciliation Act (acts_data.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.values.acts import ENDINGS, ActTable
from sakshi.values.instruments import (
    FIRST_WORDS,
    INSTRUMENT_REACH,
    instrument_at,
    may_end_instrument,
)
from sakshi.values.tokens import Token, TokenKind, compact, is_mark, word_at

__all__ = ["ActFound", "act_at", "act_before", "year_after"]

_UNKNOWN_ENDINGS = ENDINGS | {"अधिनियम", "संहिता", "directive"}
_GENERIC_REACH = 12  # how many tokens an unknown act's name may take
_MADE_UNDER = frozenset({"rules", "regulations", "scheme"})  # instruments made under an act
_BEFORE_SECTION = frozenset({"की", "के", "का"})  # "<Act> की धारा 138"
_INITIALS_REACH = 12  # tokens of an act's initials, dots included ("S.A.R.F.A.E.S.I.")


@dataclass(frozen=True)
class ActFound:
    """An act a citation names: its key, printed title, year, and the index after it."""

    key: str
    title: str
    year: int | None
    end: int


def year_after(tokens: tuple[Token, ...], end: int) -> tuple[int, int] | None:
    """The year stated after an act's name (", 1881", " 2006", " of 1933", "., 1973")."""
    at = end + (1 if is_mark(tokens, end, ".", glued=True) else 0)
    if is_mark(tokens, at, ",") or word_at(tokens, at) == "of":
        at += 1
    if at >= len(tokens) or tokens[at].kind != TokenKind.DIGITS or len(tokens[at].text) != 4:
        return None
    glued_on = at + 1 < len(tokens) and tokens[at + 1].glued
    if glued_on and tokens[at + 1].kind != TokenKind.MARK:
        return None
    return int(tokens[at].text), at + 1


def _made_under(tokens: tuple[Token, ...], end: int) -> bool:
    """Whether the name that ends at ``end`` is followed by "Rules" or "Regulations"
    (perhaps after words in brackets): then it names the act they are made under."""
    if is_mark(tokens, end, "("):
        close = end + 1
        while close < min(len(tokens), end + 8) and not is_mark(tokens, close, ")"):
            close += 1
        end = close + 1
    return word_at(tokens, end) in _MADE_UNDER


def _known(tokens: tuple[Token, ...], index: int, acts: ActTable) -> ActFound | None:
    """The act of the longest alias whose tokens begin at ``index`` (and end in its
    clause, on a word or digits), with the year the alias names, else the act's. The key
    grows a token at a time (a compact form is the concatenation of its tokens') and
    stops once no alias begins with it."""
    clause = tokens[index].clause if index < len(tokens) else -1
    found: ActFound | None = None
    key = ""
    for end in range(index + 1, min(len(tokens), index + acts.longest) + 1):
        key += compact(tokens, end - 1, end)
        if not acts.may_begin(key):
            break
        if tokens[end - 1].clause != clause or tokens[end - 1].kind == TokenKind.MARK:
            continue
        act = acts.get(key)
        if act is not None:
            found = ActFound(act.key, act.title, acts.stated_year(key) or act.year, end)
    if found is None or _made_under(tokens, found.end):
        return None
    return found


def _capitals(token: Token, source: str) -> bool:
    surface = source[token.start : token.end]
    return (
        token.kind == TokenKind.WORD
        and len(surface) <= 6
        and surface.isascii()
        and surface.isalpha()
        and surface.isupper()
    )


def _initials_key(tokens: tuple[Token, ...], start: int, end: int, source: str) -> str | None:
    """The key of tokens ``start:end`` as an act's initials ("CC Act" -> "ccact",
    "C.C.A." -> "cca"): letters written in capitals (with dots between), then perhaps "Act"."""
    stop = end - 1 if word_at(tokens, end - 1) in ENDINGS else end
    letters = tokens[start:stop]
    if not letters or not _capitals(letters[0], source):
        return None
    for token in letters:
        if not (_capitals(token, source) or (token.kind == TokenKind.MARK and token.text == ".")):
            return None
    key = compact(tokens, start, end)
    return key if len(key) - len(compact(tokens, stop, end)) >= 2 else None


def _initials_end(tokens: tuple[Token, ...], index: int, source: str) -> int:
    """The index after a run of capitals and dots from ``index``, and its "Act", if any."""
    end = index
    while end < min(len(tokens), index + _INITIALS_REACH) and (
        _capitals(tokens[end], source) or (end > index and is_mark(tokens, end, ".", glued=True))
    ):
        end += 1
    return end + 1 if end > index and word_at(tokens, end) in ENDINGS else end


def _unknown(tokens: tuple[Token, ...], index: int) -> ActFound | None:
    """An act the table does not know, by its words up to "Act", "Code", "Rules", ..."""
    for end in range(index, min(len(tokens), index + _GENERIC_REACH)):
        token = tokens[end]
        if token.kind == TokenKind.DIGITS or (
            token.kind == TokenKind.MARK and token.text not in ".-&'(),"
        ):
            return None
        if token.kind == TokenKind.WORD and token.text in _UNKNOWN_ENDINGS:
            words = [t.text for t in tokens[index : end + 1] if t.kind == TokenKind.WORD]
            return ActFound(compact(tokens, index, end + 1), " ".join(words), None, end + 1)
    return None


def _instrument(tokens: tuple[Token, ...], index: int, acts: ActTable) -> ActFound | None:
    """The EU instrument cited from ``index``: the table's act that it is, else itself."""
    found = instrument_at(tokens, index)
    if found is None:
        return None
    act = acts.instrument(found.kind, found.year, found.number)
    if act is None:
        return ActFound(found.key, found.title, found.year, found.end)
    return ActFound(act.key, act.title, found.year, found.end)


def _with_year(tokens: tuple[Token, ...], found: ActFound) -> ActFound:
    year = year_after(tokens, found.end)
    if year is None:
        return found
    return ActFound(found.key, found.title, year[0], year[1])


def act_at(
    tokens: tuple[Token, ...],
    index: int,
    acts: ActTable,
    source: str,
    *,
    known_only: bool,
    leads: frozenset[str],
) -> ActFound | None:
    """The act named from ``index`` on (after ``leads``: "of", "the", ..., and commas),
    with its year; ``known_only``: by an alias of the table only (after a bare number)."""
    start = index
    while word_at(tokens, start) in leads or is_mark(tokens, start, ","):
        start += 1
    instrument = _instrument(tokens, start, acts)
    if instrument is not None:
        return instrument
    known = _known(tokens, start, acts)
    if known is not None:
        return _with_year(tokens, known)
    if known_only:
        return None
    end = _initials_end(tokens, start, source)
    key = _initials_key(tokens, start, end, source) if end > start else None
    if key is not None:
        year = year_after(tokens, end)
        act = acts.by_initials(key, year[0] if year else None)
        if act is not None:
            return _with_year(tokens, ActFound(act.key, act.title, act.year, end))
    unknown = _unknown(tokens, start)
    return None if unknown is None else _with_year(tokens, unknown)


def _name_ends_before(tokens: tuple[Token, ...], index: int) -> int:
    """Where an act's name, with its year, ends before a provision at ``index``."""
    end = index
    while end > 0 and (
        word_at(tokens, end - 1) in _BEFORE_SECTION or is_mark(tokens, end - 1, ",")
    ):
        end -= 1
    if end >= 2 and word_at(tokens, end - 1) == "s" and tokens[end - 2].text in ("'", "’"):
        end -= 2  # the possessive "Act's"
    return end


def _ends_before(tokens: tuple[Token, ...], end: int) -> tuple[int, int | None]:
    """Where an act's name that ends (with its year) at ``end`` ends without its year,
    and the year: "NI Act, 1881, s. 138", "Securities Act of 1933, § 11"."""
    year: int | None = None
    if end > 0 and tokens[end - 1].kind == TokenKind.DIGITS and len(tokens[end - 1].text) == 4:
        year, end = int(tokens[end - 1].text), end - 1
        if is_mark(tokens, end - 1, ",") or word_at(tokens, end - 1) == "of":
            end -= 1
    return end, year


def _instrument_before(
    tokens: tuple[Token, ...], end: int, acts: ActTable
) -> tuple[ActFound, int] | None:
    """An EU instrument whose citation ends at ``end`` ("Directive 2011/7/EU, Article 5")."""
    if end == 0 or not may_end_instrument(tokens[end - 1]):
        return None
    for start in range(max(0, end - INSTRUMENT_REACH), end):
        if tokens[start].text not in FIRST_WORDS or tokens[start].kind != TokenKind.WORD:
            continue
        if tokens[start].clause != tokens[end - 1].clause:
            continue
        found = _instrument(tokens, start, acts)
        if found is not None and found.end == end:
            return found, start
    return None


def act_before(
    tokens: tuple[Token, ...], index: int, acts: ActTable, source: str
) -> tuple[ActFound, int] | None:
    """A known act that ends just before the provision at ``index``, in its clause, and
    its first token: "परक्राम्य लिखत अधिनियम, 1881 की धारा 138", "the IPC, section 34",
    "Securities Act of 1933, § 11", "CA 2006, s. 994"."""
    named = _name_ends_before(tokens, index)
    instrument = _instrument_before(tokens, named, acts)
    if instrument is not None:
        return instrument
    end, year = _ends_before(tokens, named)
    clause = tokens[index].clause
    for start in range(max(0, end - max(acts.longest, _INITIALS_REACH)), end):
        if tokens[start].kind == TokenKind.MARK or tokens[start].clause != clause:
            continue
        key = compact(tokens, start, end) if end - start <= acts.longest else ""
        # with its year, the name may be another act's ("Arbitration Act 1996, s. 68")
        dated = acts.get(f"{key}{year}") if key and year else None
        act = dated or acts.get(key)
        if act is not None:
            stated = year or acts.stated_year(key) or act.year
            return ActFound(act.key, act.title, stated, end), start
        initials = _initials_key(tokens, start, end, source)
        act = acts.by_initials(initials, year) if initials is not None else None
        if act is not None:
            return ActFound(act.key, act.title, year or act.year, end), start
    return None
