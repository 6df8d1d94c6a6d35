"""The values core's vocabulary: types, declarations, mentions and a check's outcome.

Plain frozen data. The readings themselves (a Decimal and a currency, a calendar date, a
statute's parts) live beside their readers; what leaves the core is printable text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from sakshi.reasons import ValueReason

__all__ = [
    "DEFAULT_ROLES",
    "SCALE_WORDS",
    "Bound",
    "FieldDecl",
    "FieldsProblem",
    "Mention",
    "Period",
    "Polarity",
    "RoleWords",
    "TypeSource",
    "ValueCheck",
    "ValueType",
]


class ValueType(StrEnum):
    """What kind of value a field holds (SPEC section 8)."""

    MONEY = "money"
    NUMBER = "number"
    QUANTITY = "quantity"
    PERCENT = "percent"
    DURATION = "duration"
    DATE = "date"
    PERIOD = "period"
    STATUTE = "statute"
    CASE_NO = "case_no"
    IDENTIFIER = "identifier"
    NAME = "name"
    TEXT = "text"
    CLAIM = "claim"


class TypeSource(StrEnum):
    """Where a value's type came from: the field's declaration or the value itself."""

    DECLARED = "declared"
    INFERRED = "inferred"


class Polarity(StrEnum):
    """``affirmative``: a mention that a negation governs does not state the value."""

    ANY = "any"
    AFFIRMATIVE = "affirmative"


class Bound(StrEnum):
    """Whether a figure is the value itself or a limit on it (SPEC 8.1 ``bound:``).

    "up to Rs. 5 lakh", "not exceeding", "capped at" state ``at_most``; "not less than",
    "at least", "minimum" ``at_least``; a figure no such word governs is ``exact``.
    """

    EXACT = "exact"
    AT_MOST = "at_most"
    AT_LEAST = "at_least"


# The scale a field may declare for a table's bare figures ("(in millions)"): the word and
# its power of ten. The words are the scale words the number readers take.
SCALE_WORDS: dict[str, int] = {
    "thousand": 3,
    "lakh": 5,
    "million": 6,
    "crore": 7,
    "billion": 9,
}


class Period(StrEnum):
    """The period a rate is stated for ("18% per annum" is ``year``)."""

    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    QUARTER = "quarter"
    YEAR = "year"


# The roles a ``name`` field may name when it declares ``role`` without ``roles``.
DEFAULT_ROLES: dict[str, tuple[str, ...]] = {
    "accused": ("accused", "drawer", "अभियुक्त", "आरोपी"),
    "complainant": ("complainant", "payee", "informant", "परिवादी", "शिकायतकर्ता"),
    "petitioner": ("petitioner", "applicant"),
    "respondent": ("respondent", "opposite party"),
    "plaintiff": ("plaintiff",),
    "defendant": ("defendant",),
    "appellant": ("appellant",),
    "claimant": ("claimant",),
    "seller": ("seller",),
    "buyer": ("buyer", "purchaser", "vendee"),
    # contracts, leases, loans, employment, data protection, insurance, shipping
    "customer": ("customer", "client"),
    "supplier": ("supplier", "vendor", "provider", "service provider", "contractor"),
    "tenant": ("tenant", "lessee"),
    "landlord": ("landlord", "lessor"),
    "borrower": ("borrower",),
    "lender": ("lender",),
    "agent": ("agent",),
    "guarantor": ("guarantor", "surety"),
    "licensor": ("licensor",),
    "licensee": ("licensee",),
    "employer": ("employer",),
    "employee": ("employee",),
    "controller": ("controller", "data controller"),
    "processor": ("processor", "data processor"),
    "insurer": ("insurer", "underwriter"),
    "insured": ("insured", "policyholder", "policy holder"),
    "shipper": ("shipper", "consignor"),
    "consignee": ("consignee",),
    "carrier": ("carrier",),
}


@dataclass(frozen=True)
class RoleWords:
    """One role of a ``name`` field and the words that name it in a quote."""

    role: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class FieldDecl:
    """A field's declaration (the ``fields:`` of a pack).

    ``unit`` is the unit as the user wrote it (``MT``, ``day``, ``%``), already checked to
    be one the type's reader knows; ``currency`` an ISO code (``INR``); ``locale`` a tag
    such as ``en-IN``, which decides whether numeric dates are day-first.
    """

    type: ValueType
    currency: str | None = None
    cues: tuple[str, ...] = ()
    polarity: Polarity = Polarity.ANY
    unit: str | None = None
    period: Period | None = None
    role: str | None = None
    roles: tuple[RoleWords, ...] = ()
    locale: str | None = None
    bound: Bound = Bound.EXACT
    scale: str | None = None

    def role_words(self) -> Mapping[str, tuple[str, ...]]:
        """The declared roles as a mapping role -> words."""
        return {entry.role: entry.words for entry in self.roles}


@dataclass(frozen=True)
class FieldsProblem:
    """Why a ``fields:`` declaration cannot be used, as a value (the loader raises).

    ``key`` is the path inside the ``fields`` mapping (``cheque_amount.cues[1]``; empty for
    the mapping itself); ``expected`` and ``found`` say the rest in words.
    """

    key: str
    expected: str
    found: str

    @property
    def message(self) -> str:
        """One line: where, what was expected, what was found."""
        where = f"{self.key}: " if self.key else ""
        return f"{where}expected {self.expected}, found {self.found}"


@dataclass(frozen=True)
class Mention:
    """One mention of the value's type in the quote.

    ``start``/``end`` are codepoint offsets into the quote (end-exclusive); ``reading`` is
    the printable exact reading, or None when the mention cannot be read (a restatement
    that disagrees with itself, an impossible date); ``field`` is the declared field the
    mention belongs to by its cue word, if any; ``negated`` whether a negation governs it;
    ``bound`` whether it is the figure itself or a limit ("up to", "at least") on it.
    """

    start: int
    end: int
    surface: str
    reading: str | None
    field: str | None = None
    negated: bool = False
    bound: Bound = Bound.EXACT


@dataclass(frozen=True)
class ValueCheck:
    """The outcome of checking one value against its quote.

    ``ok`` is True when the quote states the value (or the type is ``claim``, which no rule
    reads: then ``checked`` is False). ``value_reason`` says why not; ``reading`` is the
    value's printable reading (None when it could not be read); ``matched`` indexes
    ``mentions`` (the one that states the value, or the nearest miss a hint is about);
    ``hint`` is a short phrase for people.
    """

    ok: bool
    value_reason: ValueReason | None
    type: ValueType | None  # None only for VALUE_UNTYPED
    type_source: TypeSource
    reading: str | None
    mentions: tuple[Mention, ...] = ()
    matched: int | None = None
    hint: str = ""
    checked: bool = True
