"""EU instruments: a directive, regulation or decision by its kind, year and number.

"Directive 2011/7/EU", "Directive (EU) 2019/1937", "Council Directive 93/13/EEC",
"Regulation (EU) 2016/679", "Regulation (EC) No 593/2008", "Commission Implementing
Decision (EU) 2021/914". The kind, the year and the number are the instrument:
"Directive 2011/7/EU" is neither "Directive 2011/8/EU" nor "Regulation (EU) 2011/7". Who
made it ("Council", "Commission Implementing") and its domain ("EU", "EC", "EEC") are not
compared: the Union numbers each kind's instruments of a year once, whatever the domain.

Which figure is the year follows the Official Journal's numbering: a directive's or a
decision's first ("93/13/EEC" is of 1993, a two-digit year being of the 1900s); a
regulation's second before 2015 ("No 593/2008", "No 1408/71") and its first since ("(EU)
2016/679"); after "No" the number comes first, whatever the kind ("Decision No 1/2003").
"""

from __future__ import annotations

from dataclasses import dataclass

from sakshi.values.tokens import Token, TokenKind, is_mark, word_at

__all__ = [
    "FIRST_WORDS",
    "INSTRUMENT_REACH",
    "Instrument",
    "instrument_at",
    "may_end_instrument",
]

_KINDS = {"directive": "Directive", "regulation": "Regulation", "decision": "Decision"}
# Words that may stand before the kind: its author, its type of act, "EU Directive".
_QUALIFIERS = frozenset(
    {"council", "commission", "implementing", "delegated", "framework", "eu", "ec"}
)
_DOMAINS = frozenset({"eu", "ec", "eec", "euratom", "cfsp", "ecsc", "jha"})
FIRST_WORDS = frozenset(_KINDS) | _QUALIFIERS  # the words a citation may begin with
_OLD_DOMAINS = frozenset({"ec", "eec", "ecsc"})  # none is used since 1 December 2009
_NEW_NUMBERING = 2015  # regulations numbered year first from 1 January 2015
INSTRUMENT_REACH = 16  # the most tokens a citation of an instrument takes


@dataclass(frozen=True)
class Instrument:
    """One instrument: its kind (``directive``), year, number, how it is written
    (``year_first``), and the index after its citation."""

    kind: str
    year: int
    number: int
    year_first: bool
    end: int

    @property
    def key(self) -> str:
        """The instrument's key in the act table (``eu-directive-2011-7``)."""
        return f"eu-{self.kind}-{self.year}-{self.number}"

    @property
    def title(self) -> str:
        """How it is printed: "Directive 2011/7", "Regulation No 593/2008"."""
        name = _KINDS[self.kind]
        if self.year_first:
            return f"{name} {self.year}/{self.number}"
        return f"{name} No {self.number}/{self.year}"


def _domain_at(tokens: tuple[Token, ...], index: int) -> tuple[str, int]:
    """A domain, "(EU)" or "EU", at ``index`` and the index after it ("" and ``index``
    if none)."""
    if is_mark(tokens, index, "(") and word_at(tokens, index + 1) in _DOMAINS:
        if is_mark(tokens, index + 2, ")"):
            return tokens[index + 1].text, index + 3
        return "", index
    domain = word_at(tokens, index)
    return (domain, index + 1) if domain in _DOMAINS else ("", index)


def _year(text: str) -> int | None:
    """A year as the Official Journal writes it: four digits, or two of the 1900s."""
    if len(text) == 2:
        return 1900 + int(text) if int(text) >= 50 else None
    return int(text) if len(text) == 4 and 1950 <= int(text) <= 2099 else None


def _number(text: str) -> int | None:
    value = int(text)
    return value if 0 < value and len(text) <= 5 else None


_Reading = tuple[int | None, int | None, bool]  # (year, number, year first)


def _valid(reading: _Reading) -> tuple[int, int, bool] | None:
    year, number, year_first = reading
    return (year, number, year_first) if year is not None and number is not None else None


def _pair(
    kind: str, first: str, second: str, numbered: bool, old: bool
) -> tuple[int, int, bool] | None:
    """(year, number, year first) of "first/second", or None when it is no instrument's.
    ``numbered``: written "No 593/2008"; ``old``: with a domain of before 2010 ("(EC)").
    Either says which of two readings a regulation's figures have ("(EC) 2015/2006" is
    number 2015 of 2006; "(EU) 2019/2013" number 2013 of 2019)."""
    year_first = _valid((_year(first), _number(second), True))
    number_first = _valid((_year(second), _number(first), False))
    if kind != "regulation":
        return (number_first or year_first) if numbered else year_first
    if number_first is not None and number_first[0] >= _NEW_NUMBERING:
        number_first = None  # since 2015 the year comes first
    if year_first is not None and year_first[0] < _NEW_NUMBERING:
        year_first = None  # before 2015 the number came first
    if number_first is not None and year_first is not None:
        return number_first if numbered or old else year_first
    return number_first or year_first


def _figures(tokens: tuple[Token, ...], index: int) -> tuple[str, str, int] | None:
    """ "2011/7", "593/2008" at ``index``: the two figures and the index after them."""
    if index + 2 >= len(tokens) or tokens[index].kind != TokenKind.DIGITS:
        return None
    second = tokens[index + 2]
    if not is_mark(tokens, index + 1, "/", glued=True) or not second.glued:
        return None
    if second.kind != TokenKind.DIGITS:
        return None
    return tokens[index].text, second.text, index + 3


def instrument_at(tokens: tuple[Token, ...], index: int) -> Instrument | None:
    """The EU instrument cited from ``index``, or None."""
    if word_at(tokens, index) not in FIRST_WORDS:
        return None
    at = index
    while at < index + 3 and word_at(tokens, at) in _QUALIFIERS:
        at += 1
    kind = word_at(tokens, at)
    if kind not in _KINDS:
        return None
    domain, at = _domain_at(tokens, at + 1)
    numbered = word_at(tokens, at) in ("no", "nr")
    if numbered:
        at += 2 if is_mark(tokens, at + 1, ".") else 1
    figures = _figures(tokens, at)
    if figures is None:
        return None
    first, second, at = figures
    if is_mark(tokens, at, "/", glued=True) and word_at(tokens, at + 1) in _DOMAINS:
        domain, at = domain or tokens[at + 1].text, at + 2  # "2011/7/EU"
    elif (
        at < len(tokens)
        and tokens[at].glued
        and (tokens[at].kind != TokenKind.MARK or tokens[at].text in "/-")
    ):
        return None  # "2011/7x", "2011/7/8": no instrument's number
    pair = _pair(kind, first, second, numbered, domain in _OLD_DOMAINS)
    if pair is None:
        return None
    return Instrument(kind, pair[0], pair[1], pair[2], at)


def may_end_instrument(token: Token) -> bool:
    """Whether an instrument's citation may end with ``token`` (its number or domain)."""
    return token.kind == TokenKind.DIGITS or (
        token.kind == TokenKind.WORD and token.text in _DOMAINS
    )
