"""The acts a statute value may name, by every common name, abbreviation and initials.

A table, not a rule: each act has a key, a printed title, the year it is known by (None
when one name covers acts of several years), its aliases (an alias may end with the year
it names: "CA 2006" is the Companies Act of 2006) and the templates its
provisions are cited by (templates.py: "{title} U.S.C. § {section}"). Aliases compare by
their compact form (case, dots, spaces and ``&``/``and`` do not matter: ``N.I. Act`` is
``NI Act``). An act written by its initials ("CC Act", "CCA") is the one act of the
table with those initials (of its title or of an alias that is a name): with two or more,
it is none of them. An act whose title or alias is an EU instrument's citation
("Regulation (EU) 2016/679") is that instrument however it is written (instruments.py).
A code's title that is an act of its own ("26 U.S.C." is the Internal Revenue Code) is
read as that act (``CODIFIED``). ``ActTable.extended`` adds or overrides acts, so
configuration can extend the table and its templates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sakshi.values.acts_data import ACTS, CODIFIED, TEMPLATES
from sakshi.values.instruments import instrument_at
from sakshi.values.model import FieldsProblem
from sakshi.values.templates import TEMPLATE_FORM, Template, parse_template
from sakshi.values.tokens import Token, TokenKind, compact, tokenize

__all__ = ["DEFAULT_ACTS", "Act", "ActTable", "act_key", "parse_acts"]


@dataclass(frozen=True)
class Act:
    """One act: its key, printed title, year (None: several acts share the name), aliases,
    and the templates its provisions are cited by."""

    key: str
    title: str
    year: int | None
    aliases: tuple[str, ...]
    templates: tuple[str, ...] = ()


def act_key(text: str) -> str:
    """The compact form an alias is looked up by (``N.I. Act`` -> ``niact``)."""
    tokens = tokenize(text)
    return compact(tokens, 0, len(tokens))


# Words an act's initials leave out, and the words that end an act's name: "CC Act" takes
# the initials of "Commercial Courts" and the word "Act" whole.
_SMALL = frozenset({"of", "the", "and", "for", "to", "in", "on", "from", "with", "a", "an"})
ENDINGS = frozenset(
    {"act", "code", "rules", "regulation", "regulations", "sanhita", "adhiniyam", "ordinance"}
)


def _initials(name: str) -> tuple[str, ...]:
    """The keys a name's initials are looked up by: "Commercial Courts Act" -> "cca" and
    "ccact". Words in brackets do not count; a name with a word in capitals ("NI Act") is
    an abbreviation already and gives none. Two letters alone ("CA", "FA") would name too
    many acts outside the table (the Finance Act is an "FA" too): an alias says them
    ("CA 2006")."""
    if any(len(word) > 1 and word.isupper() for word in name.split()):
        return ()
    words: list[str] = []
    depth = 0
    for token in tokenize(name):
        if token.kind == TokenKind.MARK:
            depth += {"(": 1, ")": -1}.get(token.text, 0)
        elif depth == 0 and token.kind == TokenKind.WORD and token.text not in _SMALL:
            words.append(token.text)
    if len(words) < 3 or not all(word.isascii() and word.isalpha() for word in words):
        return ()
    keys = ["".join(word[0] for word in words)]
    if words[-1] in ENDINGS:
        keys.append("".join(word[0] for word in words[:-1]) + words[-1])
    return tuple(keys)


def _is_year(token: Token) -> bool:
    return token.kind == TokenKind.DIGITS and len(token.text) == 4


def _beginnings(keys: Iterable[str]) -> frozenset[str]:
    return frozenset(key[:size] for key in keys for size in range(len(key) + 1))


def _instrument_key(text: str) -> tuple[str, int, int] | None:
    """The (kind, year, number) of an alias that is an EU instrument's whole citation."""
    tokens = tokenize(text)
    found = instrument_at(tokens, 0) if tokens else None
    if found is None or found.end != len(tokens):
        return None
    return found.kind, found.year, found.number


class ActTable:
    """Acts by alias, by initials, by EU instrument and by the words of their templates;
    immutable, hashed by identity (it keys the readers' caches)."""

    __slots__ = (
        "_alias_years",
        "_beginnings",
        "_by_alias",
        "_by_key",
        "_initials",
        "_instruments",
        "_templates",
        "acts",
        "longest",
        "template_beginnings",
        "template_size",
    )

    def __init__(self, acts: Iterable[Act]) -> None:
        self.acts: tuple[Act, ...] = tuple(acts)
        by_alias: dict[str, Act] = {}
        alias_years: dict[str, int] = {}
        initials: dict[str, dict[str, Act]] = {}
        templates: dict[str, list[Template]] = {}
        instruments: dict[tuple[str, int, int], Act] = {}
        longest = 1
        for act in self.acts:
            for alias in (act.title, *act.aliases):
                key, tokens = act_key(alias), tokenize(alias)
                by_alias[key] = act
                instrument = _instrument_key(alias)
                if instrument is not None:
                    instruments[instrument] = act
                longest = max(longest, len(tokens))
                if len(tokens) > 1 and _is_year(tokens[-1]):
                    alias_years[key] = int(tokens[-1].text)  # "CA 2006": the act of 2006
                for key in _initials(alias):
                    initials.setdefault(key, {})[act.key] = act
            for text in act.templates:
                template = parse_template(text, act.key)
                if template is None:
                    raise ValueError(f"act {act.key}: expected {TEMPLATE_FORM}, found {text!r}")
                templates.setdefault(template.words, []).append(template)
        self._by_alias = by_alias
        self._instruments = instruments
        self._alias_years = alias_years
        self._by_key = {act.key: act for act in self.acts}
        self._beginnings = _beginnings(by_alias)
        self._initials = {key: tuple(found.values()) for key, found in initials.items()}
        self._templates = {key: tuple(found) for key, found in templates.items()}
        # Every beginning of every template's words ("u", "us", "usc"): a scan asks it of
        # each word, so it is read as an attribute.
        self.template_beginnings = _beginnings(templates)
        self.longest = longest
        self.template_size = max((t.size for found in templates.values() for t in found), default=0)

    def get(self, key: str) -> Act | None:
        """The act whose alias has this compact form, if any."""
        return self._by_alias.get(key)

    def stated_year(self, key: str) -> int | None:
        """The year an alias names, when it ends with one ("CA 2006"), else None."""
        return self._alias_years.get(key)

    def by_key(self, key: str) -> Act | None:
        """The act with this key (``ni``, ``usc``), if any."""
        return self._by_key.get(key)

    def may_begin(self, key: str) -> bool:
        """Whether some alias's compact form begins with ``key`` (so that a longer run of
        words may still name an act)."""
        return key in self._beginnings

    def instrument(self, kind: str, year: int, number: int) -> Act | None:
        """The act that is this EU instrument ("directive", 2011, 7), if the table has it."""
        return self._instruments.get((kind, year, number))

    def codified(self, code: str, title: str) -> Act | None:
        """The act that a code's title is ("usc", "26": the Internal Revenue Code), if any."""
        key = CODIFIED.get((code, title))
        return self._by_key.get(key) if key is not None else None

    def by_initials(self, key: str, year: int | None) -> Act | None:
        """The one act whose initials are ``key`` ("ccact", "ca") and whose year may be
        ``year`` (when stated); None when no act or several acts have them."""
        found = [
            act
            for act in self._initials.get(key, ())
            if year is None or act.year is None or act.year == year
        ]
        return found[0] if len(found) == 1 else None

    def templates(self, words: str) -> tuple[Template, ...]:
        """The templates whose code's words have this compact form ("usc")."""
        return self._templates.get(words, ())

    def template_may_begin(self, words: str) -> bool:
        """Whether some template's words begin with this compact form."""
        return words in self.template_beginnings

    def __reduce__(self) -> str | tuple[type[ActTable], tuple[tuple[Act, ...]]]:
        # Pickled (to a Dask worker): sakshi's own table by name, so the worker keeps its
        # one instance, which its caches know by identity; another table by its acts.
        if self is DEFAULT_ACTS:
            return "DEFAULT_ACTS"
        return (ActTable, (self.acts,))

    def extended(self, acts: Iterable[Act]) -> ActTable:
        """A new table with ``acts`` added; an act with a known key replaces the old one."""
        added = tuple(acts)
        keys = {act.key for act in added}
        return ActTable([act for act in self.acts if act.key not in keys] + list(added))


DEFAULT_ACTS = ActTable(
    Act(key, title, year, aliases, TEMPLATES.get(key, ())) for key, title, year, aliases in ACTS
)


# The table keeps every beginning of every name (``may_begin``), and a scan looks as far
# as the longest name: a name of a megabyte would cost that squared. No act is named in
# more than a couple of hundred characters.
MAX_NAME_CHARS = 200
MAX_NAMES_CHARS = 100_000  # all the names of a configuration's acts together


def _name(raw: object, key: str) -> str | FieldsProblem:
    if not isinstance(raw, str) or not raw.strip():
        return FieldsProblem(key, "a non-empty string", type(raw).__name__)
    if len(raw) > MAX_NAME_CHARS:
        return FieldsProblem(
            key, f"a name of at most {MAX_NAME_CHARS} characters", f"{len(raw)} characters"
        )
    return raw


def _strings(raw: object, key: str) -> tuple[str, ...] | FieldsProblem:
    if not isinstance(raw, list):
        return FieldsProblem(key, "a list of non-empty strings", type(raw).__name__)
    for index, item in enumerate(raw):
        problem = _name(item, f"{key}[{index}]")
        if isinstance(problem, FieldsProblem):
            return problem
    return tuple(raw)


_ACT_KEYS = ("title", "year", "aliases", "templates")
_ACT_KEYS_TEXT = "title, year, aliases or templates"


def _templates(raw: object, key: str) -> tuple[str, ...] | FieldsProblem:
    texts = _strings(raw, f"{key}.templates")
    if isinstance(texts, FieldsProblem):
        return texts
    for index, text in enumerate(texts):
        if parse_template(text, key) is None:
            return FieldsProblem(f"{key}.templates[{index}]", TEMPLATE_FORM, repr(text))
    return texts


def _act(key: str, raw: object) -> Act | FieldsProblem:
    if not isinstance(raw, Mapping):
        expected = "a mapping with title, year, aliases and templates"
        return FieldsProblem(key, expected, type(raw).__name__)
    unknown = sorted(str(name) for name in raw if name not in _ACT_KEYS)
    if unknown:
        return FieldsProblem(f"{key}.{unknown[0]}", _ACT_KEYS_TEXT, "an unknown key")
    title, year = _name(raw.get("title"), f"{key}.title"), raw.get("year")
    if isinstance(title, FieldsProblem):
        return title
    if year is not None and (type(year) is not int or not 1000 <= year <= 9999):
        return FieldsProblem(f"{key}.year", "a four-digit year or null", repr(year))
    aliases = _strings(raw.get("aliases", []), f"{key}.aliases")
    if isinstance(aliases, FieldsProblem):
        return aliases
    templates = _templates(raw.get("templates", []), key)
    if isinstance(templates, FieldsProblem):
        return templates
    return Act(key, title, year, aliases, templates)


def parse_acts(raw: object) -> tuple[Act, ...] | FieldsProblem:
    """Acts from configuration: ``{key: {title, year, aliases, templates}}``, to pass to
    ``DEFAULT_ACTS.extended``; or the problem, naming the key."""
    if not isinstance(raw, Mapping):
        return FieldsProblem("", "a mapping of act keys", type(raw).__name__)
    acts: list[Act] = []
    total = 0
    for key in sorted(raw, key=str):
        if not isinstance(key, str) or not key:
            return FieldsProblem(str(key), "a non-empty string key", type(key).__name__)
        act = _act(key, raw[key])
        if isinstance(act, FieldsProblem):
            return act
        total += sum(len(name) for name in (act.title, *act.aliases, *act.templates))
        if total > MAX_NAMES_CHARS:
            expected = f"at most {MAX_NAMES_CHARS} characters of act names in all"
            return FieldsProblem(key, expected, "more by this act")
        acts.append(act)
    return tuple(acts)
