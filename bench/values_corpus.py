"""The planted-error corpus of the values benchmark: realistic passages (Indian legal
records, and US, UK and EU business and legal documents), the fields a user declares for
them, and right and wrong values cited into them.

Each family (an s.138 complaint, a GST notice, a credit agreement, a 10-K table, an invoice
in de-DE, a bill of lading, an English judgment, medication instructions, ...) writes a
passage from seeded facts and cites its sentences: right values mostly in another surface
form than the quote's, and wrong values of every kind the issues list, each labelled with
its kind. Each probe also carries its ``Claim``: the number and unit the value states, as
structured data, so that a peer that takes plain numbers (groundgate) is given the value in
its own form, without looking at the label. A probe may carry an inline declaration (keys a
line lays over its field's, as ``verify-values`` allows: a cap given as an exact amount).

Production traffic repeats nothing: a family marked ``distinct`` is rewritten (new draws)
until no quote of its passage occurs in another passage and no (quote, value) pair repeats
one before it; the older families' repeated pairs are dropped, and the build counts both.

The families live in values_families_*.py; this module holds the model and the build.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from values_forms import crore, date_forms, lakh, money_value_forms, swap_day_month

__all__ = [
    "KINDS",
    "RIGHT",
    "Claim",
    "Corpus",
    "Family",
    "Passage",
    "Probe",
    "Sheet",
    "build_corpus",
]

RIGHT = "right"
DIGITS = "digit transposition"
ZERO = "dropped/added zero"
LAKH_CRORE = "lakh vs crore"
THOUSAND_LAKH = "thousand vs lakh"
CURRENCY = "currency"
SUM = "sum of two amounts"
SAME_SENTENCE = "another value of the same sentence"
NEIGHBOUR = "a value from a neighbouring sentence"
NEGATION = "negation"
DAY_MONTH = "day/month swap"
YEAR = "wrong year"
UNIT = "unit without conversion"
PERMILLE = "‰ for %"
PERIOD = "rate period"
SECTION = "wrong section"
ACT = "wrong act"
OTHER_PARTY = "the other party"
NAME = "a name not in the quote"
CUT = "identifier cut short"
SCALE = "scale dropped or changed"
SEPARATOR = "grouping read as a decimal point"
SIGN = "sign dropped"
BOUND = "a bound given as exact"
COUNT = "another count noun"
RELATION = "a relation of the party"
COLUMN = "another column of the table"
PROVISION = "another kind of provision"
SUBSECTION = "wrong sub-section"
FISCAL = "another fiscal period"
# Every wrong kind, in the order the tables print them.
KINDS = (
    DIGITS,
    ZERO,
    LAKH_CRORE,
    THOUSAND_LAKH,
    CURRENCY,
    SUM,
    SAME_SENTENCE,
    NEIGHBOUR,
    NEGATION,
    DAY_MONTH,
    YEAR,
    UNIT,
    PERMILLE,
    PERIOD,
    SECTION,
    ACT,
    OTHER_PARTY,
    NAME,
    CUT,
    SCALE,
    SEPARATOR,
    SIGN,
    BOUND,
    COUNT,
    RELATION,
    COLUMN,
    PROVISION,
    SUBSECTION,
    FISCAL,
)


@dataclass(frozen=True)
class Claim:
    """What a numeric value states: a number (negative when the value is) in a unit: an
    ISO currency (INR, USD, CHF, ...), MT, kg, lb, mg, mL, mg/kg, CBM, quintal, acre, ha, %,
    ‰, bps, hours, days, weeks, months, years, or a count noun (pallets, tablets). None for
    dates, periods, statutes, names and the like."""

    number: Decimal
    unit: str


@dataclass(frozen=True)
class Probe:
    """One cited value: right, or wrong with its kind."""

    id: str
    family: str
    doc: str
    field: str
    value: str
    quote: str
    kind: str
    claim: Claim | None = None
    declare: tuple[tuple[str, object], ...] = ()  # inline declaration keys of the line

    @property
    def right(self) -> bool:
        """Whether the quote states the value for its field."""
        return self.kind == RIGHT


@dataclass(frozen=True)
class Passage:
    """One document: its id and text."""

    id: str
    text: str


@dataclass
class Sheet:
    """One passage being written, and the probes cited into it."""

    family: str
    doc: str
    text: str
    rng: random.Random
    probes: list[Probe] = field(default_factory=list)

    def add(
        self,
        kind: str,
        name: str,
        value: str,
        quote: str,
        claim: Claim | None = None,
        declare: Mapping[str, object] | None = None,
    ) -> None:
        """Cite ``quote`` (which must be in the passage) for ``value`` of field ``name``, the
        line declaring ``declare`` over the field's keys."""
        if quote not in self.text:
            raise AssertionError(f"{self.doc}: quote not in the passage: {quote!r}")
        probe_id = f"{self.doc}/{len(self.probes) + 1:02d}"
        keys = tuple(sorted((declare or {}).items()))
        probe = Probe(probe_id, self.family, self.doc, name, value, quote, kind, claim, keys)
        self.probes.append(probe)

    def right(self, name: str, value: str, quote: str, claim: Claim | None = None) -> None:
        """A right value."""
        self.add(RIGHT, name, value, quote, claim)

    def money(self, kind: str, name: str, amount: int, quote: str, unit: str = "INR") -> None:
        """An amount of rupees in one of the forms readers write (a right value) or, for a
        wrong kind, as the plain ``Rs.`` form of the wrong amount."""
        if kind == RIGHT:
            value = self.rng.choice(money_value_forms(amount))
        else:
            value = self.rng.choice(money_value_forms(amount)[:4])
        self.add(kind, name, value, quote, Claim(Decimal(amount), unit))

    def date(self, kind: str, name: str, day: dt.date, quote: str, avoid: str = "") -> None:
        """A date in a form other than ``avoid`` (the quote's form), mostly."""
        forms = date_forms(day)
        names = [form for form in forms if form != avoid]
        self.add(kind, name, forms[self.rng.choice(names)], quote)

    def day_month_swap(self, name: str, day: dt.date, quote: str) -> None:
        """The date with day and month swapped, as a wrong value, when that is a real date."""
        swapped = swap_day_month(day)
        if swapped is not None:
            self.date(DAY_MONTH, name, swapped, quote)

    def lakh_crore_slip(self, name: str, amount: int, quote: str, prefix: str) -> None:
        """The amount's crores written as lakhs (from a crore up), else its lakhs as crores,
        after ``prefix`` (₹, Rs.): a wrong value 100 times too small or too large."""
        if amount >= 10_000_000:
            slip, slipped = f"{prefix} {crore(amount)} lakh", amount // 100
        else:
            slip, slipped = f"{prefix} {lakh(amount)} crore", amount * 100
        self.add(LAKH_CRORE, name, slip, quote, Claim(Decimal(slipped), "INR"))

    def monthly_rate(self, name: str, rate: str, quote: str) -> None:
        """A rate the quote states per year, given per month: a wrong value."""
        self.add(PERIOD, name, f"{rate}% per month", quote, Claim(Decimal(rate), "%"))

    def pick(self, *choices: str) -> str:
        """One of ``choices``, seeded."""
        return self.rng.choice(choices)


@dataclass(frozen=True)
class Family:
    """A kind of passage: the fields a user declares for it, and how to write one."""

    name: str
    fields: Mapping[str, Mapping[str, object]]
    write: Callable[[Sheet], None]
    roles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    locale: str | None = None  # the pack's locale (FIELDS.yaml's top-level ``locale``)
    acts: Mapping[str, Mapping[str, object]] = field(default_factory=dict)  # ``acts:``
    distinct: bool = False  # rewritten until its quotes and (quote, value) pairs are new
    peer_units: Mapping[str, str] = field(default_factory=dict)  # groundgate's, where ours has none

    def declarations(self) -> dict[str, object]:
        """The family's FIELDS.yaml: its fields, and its acts and locale when it has them."""
        out: dict[str, object] = {"fields": {name: dict(d) for name, d in self.fields.items()}}
        if self.acts:
            out["acts"] = {key: dict(act) for key, act in self.acts.items()}
        if self.locale is not None:
            out["locale"] = self.locale
        return out


@dataclass(frozen=True)
class Corpus:
    """Every family, passage and probe of one build, and the repeats the build dropped."""

    families: tuple[Family, ...]
    passages: dict[str, tuple[Passage, ...]]
    probes: dict[str, tuple[Probe, ...]]
    dropped: int = 0  # probes of older families whose (quote, value) repeated an earlier one

    def all_probes(self) -> list[Probe]:
        """Every probe, family by family, in order."""
        return [probe for family in self.families for probe in self.probes[family.name]]


# How often a distinct family may redraw a passage whose quotes repeat before the build
# calls the family broken (a sentence with too few drawn facts in it).
_REDRAWS = 40


def _pairs(probes: list[Probe]) -> list[tuple[str, str]]:
    # Two lines with one quote and one value, even for two fields, are one reading of each:
    # production would not send it twice, and a cache keyed by either would flatter us.
    return [(p.quote, p.value) for p in probes]


def _write(
    family: Family, doc: str, rng: random.Random, quotes: set[str], pairs: set[tuple[str, str]]
) -> Sheet:
    """One passage of ``family``; a distinct family's is redrawn until it repeats nothing."""
    for _ in range(_REDRAWS):
        sheet = Sheet(family.name, doc, "", rng)
        family.write(sheet)
        if not family.distinct:
            return sheet
        own = {p.quote for p in sheet.probes}
        fresh = _pairs(sheet.probes)
        if not own & quotes and len(set(fresh)) == len(fresh) and not set(fresh) & pairs:
            return sheet
    raise AssertionError(f"{family.name}: {doc} repeats a quote after {_REDRAWS} draws")


def build_corpus(instances: int, seed: int, families: tuple[Family, ...]) -> Corpus:
    """``instances`` passages of each family, written from one seed."""
    rng = random.Random(seed)
    passages: dict[str, tuple[Passage, ...]] = {}
    probes: dict[str, tuple[Probe, ...]] = {}
    quotes: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    dropped = 0
    for family in families:
        written: list[Passage] = []
        cited: list[Probe] = []
        for number in range(1, instances + 1):
            sheet = _write(family, f"{family.name}-{number:05d}", rng, quotes, pairs)
            written.append(Passage(sheet.doc, sheet.text))
            for probe, pair in zip(sheet.probes, _pairs(sheet.probes), strict=True):
                if pair in pairs:
                    dropped += 1  # an older family's fixed sentence, cited again alike
                    continue
                pairs.add(pair)
                cited.append(probe)
            quotes |= {p.quote for p in sheet.probes}
        passages[family.name] = tuple(written)
        probes[family.name] = tuple(cited)
    return Corpus(families, passages, probes, dropped)
