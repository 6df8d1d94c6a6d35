"""The acts a statute value may name, by every common name and abbreviation.

A table, not a rule: each act has a key, a printed title, the year it is known by (None
when one name covers acts of several years) and its aliases. Aliases compare by their
compact form (case, dots, spaces and ``&``/``and`` do not matter: ``N.I. Act`` is
``NI Act``). ``ActTable.extended`` adds or overrides acts, so configuration can extend it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sakshi.values.model import FieldsProblem
from sakshi.values.tokens import compact, tokenize

__all__ = ["DEFAULT_ACTS", "Act", "ActTable", "act_key", "parse_acts"]


@dataclass(frozen=True)
class Act:
    """One act: its key, printed title, year (None: several acts share the name), aliases."""

    key: str
    title: str
    year: int | None
    aliases: tuple[str, ...]


def act_key(text: str) -> str:
    """The compact form an alias is looked up by (``N.I. Act`` -> ``niact``)."""
    tokens = tokenize(text)
    return compact(tokens, 0, len(tokens))


class ActTable:
    """Acts by alias; immutable, hashed by identity (it keys the readers' caches)."""

    __slots__ = ("_beginnings", "_by_alias", "acts", "longest")

    def __init__(self, acts: Iterable[Act]) -> None:
        self.acts: tuple[Act, ...] = tuple(acts)
        by_alias: dict[str, Act] = {}
        longest = 1
        for act in self.acts:
            for alias in (act.title, *act.aliases):
                by_alias[act_key(alias)] = act
                longest = max(longest, len(tokenize(alias)))
        self._by_alias = by_alias
        self._beginnings = frozenset(key[:size] for key in by_alias for size in range(len(key) + 1))
        self.longest = longest

    def get(self, key: str) -> Act | None:
        """The act whose alias has this compact form, if any."""
        return self._by_alias.get(key)

    def may_begin(self, key: str) -> bool:
        """Whether some alias's compact form begins with ``key`` (so that a longer run of
        words may still name an act)."""
        return key in self._beginnings

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


_ACTS: list[tuple[str, str, int | None, tuple[str, ...]]] = [
    ("ni", "Negotiable Instruments Act", 1881,
     ("Negotiable Instrument Act", "NI Act", "NI", "N.I.", "परक्राम्य लिखत अधिनियम")),
    ("ipc", "Indian Penal Code", 1860,
     ("IPC", "Penal Code", "भारतीय दंड संहिता", "भारतीय दण्ड संहिता", "भा.दं.सं.", "भादंसं",
      "भा.द.वि.", "भादवि")),
    ("bns", "Bharatiya Nyaya Sanhita", 2023, ("BNS", "भारतीय न्याय संहिता")),
    ("crpc", "Code of Criminal Procedure", 1973,
     ("CrPC", "Cr.P.C.", "Criminal Procedure Code", "Code of Criminal Procedure",
      "दंड प्रक्रिया संहिता", "दण्ड प्रक्रिया संहिता", "द.प्र.सं.")),
    ("bnss", "Bharatiya Nagarik Suraksha Sanhita", 2023,
     ("BNSS", "भारतीय नागरिक सुरक्षा संहिता")),
    ("evidence", "Indian Evidence Act", 1872, ("Evidence Act", "IEA")),
    ("bsa", "Bharatiya Sakshya Adhiniyam", 2023, ("BSA",)),
    ("cpc", "Code of Civil Procedure", 1908,
     ("CPC", "Civil Procedure Code", "सिविल प्रक्रिया संहिता")),
    ("mv", "Motor Vehicles Act", 1988,
     ("MV Act", "M.V. Act", "Motor Vehicle Act", "MVA", "मोटर यान अधिनियम", "मोटर वाहन अधिनियम")),
    ("ndps", "Narcotic Drugs and Psychotropic Substances Act", 1985, ("NDPS Act", "NDPS")),
    ("cpa", "Consumer Protection Act", None, ("CPA", "CP Act", "C.P. Act")),
    ("income-tax", "Income-tax Act", 1961,
     ("Income Tax Act", "IT Act", "I.T. Act", "आयकर अधिनियम")),
    ("information-technology", "Information Technology Act", 2000, ()),
    ("cgst", "Central Goods and Services Tax Act", 2017, ("CGST Act", "CGST")),
    ("igst", "Integrated Goods and Services Tax Act", 2017, ("IGST Act", "IGST")),
    ("sgst", "State Goods and Services Tax Act", None, ("SGST Act", "SGST")),
    ("gst", "Goods and Services Tax Act", None, ("GST Act",)),
    ("arbitration", "Arbitration and Conciliation Act", 1996,
     ("A&C Act", "Arbitration Act", "A and C Act")),
    ("rfctlarr",
     ("Right to Fair Compensation and Transparency in Land Acquisition, Rehabilitation "
     "and Resettlement Act"), 2013,
     ("RFCTLARR Act", "RFCTLARR", "LARR Act")),
    ("land-acquisition", "Land Acquisition Act", 1894, ("LA Act", "L.A. Act")),
    ("companies", "Companies Act", None, ()),
    ("ibc", "Insolvency and Bankruptcy Code", 2016, ("IBC", "I&B Code", "IB Code")),
    ("sarfaesi",
     ("Securitisation and Reconstruction of Financial Assets and Enforcement of Security "
     "Interest Act"), 2002,
     ("SARFAESI Act", "SARFAESI", ("Securitization and Reconstruction of Financial Assets "
      "and Enforcement of Security Interest Act"))),
    ("rera", "Real Estate (Regulation and Development) Act", 2016, ("RERA", "RERA Act")),
    ("limitation", "Limitation Act", 1963, ("Indian Limitation Act",)),
    ("pc", "Prevention of Corruption Act", 1988, ("PC Act", "P.C. Act")),
    ("dv", "Protection of Women from Domestic Violence Act", 2005,
     ("DV Act", "PWDV Act", "Domestic Violence Act")),
    ("pocso", "Protection of Children from Sexual Offences Act", 2012,
     ("POCSO Act", "POCSO")),
    ("sc-st", "Scheduled Castes and the Scheduled Tribes (Prevention of Atrocities) Act", 1989,
     ("SC/ST Act", "SC and ST Act", "SC/ST (PoA) Act", "Atrocities Act")),
    ("tpa", "Transfer of Property Act", 1882, ("TP Act", "T.P. Act", "TPA")),
    ("contract", "Indian Contract Act", 1872, ("Contract Act", "ICA")),
    ("specific-relief", "Specific Relief Act", 1963, ("SR Act",)),
    ("hma", "Hindu Marriage Act", 1955, ("HMA", "H.M. Act")),
    ("arms", "Arms Act", 1959, ()),
    ("dowry", "Dowry Prohibition Act", 1961, ("DP Act",)),
    ("pmla", "Prevention of Money Laundering Act", 2002, ("PMLA",)),
    ("fema", "Foreign Exchange Management Act", 1999, ("FEMA",)),
    ("id", "Industrial Disputes Act", 1947, ("ID Act", "I.D. Act")),
    ("registration", "Registration Act", 1908, ()),
    ("stamp", "Indian Stamp Act", 1899, ("Stamp Act",)),
    ("jj", "Juvenile Justice (Care and Protection of Children) Act", 2015, ("JJ Act",)),
    ("commercial-courts", "Commercial Courts Act", 2015, ()),
    ("msmed", "Micro, Small and Medium Enterprises Development Act", 2006,
     ("MSMED Act", "MSMED", "MSME Act")),
    ("customs", "Customs Act", 1962, ()),
    ("electricity", "Electricity Act", 2003, ()),
]  # fmt: skip

DEFAULT_ACTS = ActTable(Act(key, title, year, aliases) for key, title, year, aliases in _ACTS)


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


def _act(key: str, raw: object) -> Act | FieldsProblem:
    if not isinstance(raw, Mapping):
        return FieldsProblem(key, "a mapping with title, year and aliases", type(raw).__name__)
    unknown = sorted(str(name) for name in raw if name not in ("title", "year", "aliases"))
    if unknown:
        return FieldsProblem(f"{key}.{unknown[0]}", "title, year or aliases", "an unknown key")
    title, year = _name(raw.get("title"), f"{key}.title"), raw.get("year")
    if isinstance(title, FieldsProblem):
        return title
    if year is not None and (type(year) is not int or not 1000 <= year <= 9999):
        return FieldsProblem(f"{key}.year", "a four-digit year or null", repr(year))
    aliases = _strings(raw.get("aliases", []), f"{key}.aliases")
    if isinstance(aliases, FieldsProblem):
        return aliases
    return Act(key, title, year, aliases)


def parse_acts(raw: object) -> tuple[Act, ...] | FieldsProblem:
    """Acts from configuration: ``{key: {title, year, aliases}}``, to pass to
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
        total += sum(len(name) for name in (act.title, *act.aliases))
        if total > MAX_NAMES_CHARS:
            expected = f"at most {MAX_NAMES_CHARS} characters of act names in all"
            return FieldsProblem(key, expected, "more by this act")
        acts.append(act)
    return tuple(acts)
