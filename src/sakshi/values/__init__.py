"""Typed readings of values and quotes (SPEC section 8): does the quote state the value?

A real quote does not prove a value. This package reads a value and every mention of its
type in the cited quote to one exact form (a Decimal and a currency, a calendar date, a
number times an exact unit factor, a rate with its period, a statute's section and act, a
case's type, number and year, normalised whole tokens) and compares them with no
tolerance; cue words scope a mention to its field, negations and role words are honoured.

Pure: plain data in, plain data out. No file, process, network, terminal or clock; no
regular expression at all (a hand-written tokenizer, one pass, linear); no model. It may
import only the standard library's pure modules and ``sakshi.errors``, ``sakshi.reasons``
and ``sakshi.spans`` (tests/test_layout.py reads the imports to keep it so).

An undeclared field's type is inferred from its value alone, never from the field's
name, trying in order (the first type that reads the whole value wins):

    date        12.03.2024, 2024-03-12, 12th March, 2024, March 12, 2024
    period      Q3 FY2025, FY 2024-25, H1 2025, the third quarter of 2025
    case_no     CC No. 1234 of 2023, C.C. 1234/2023, Award No. 57 of 2022, 1:23-cv-04567,
                [2023] EWHC 1234 (Comm)
    statute     Section 138 NI Act, u/s 420 IPC, Order VII Rule 11 CPC, 15 U.S.C. § 78j(b)
    money       Rs. 12,50,000/-, ₹ 5 lakh, Rupees Five Lakh only, पांच लाख रुपये (marked
                as money), ₹8.5 lakh/acre (a price per a unit)
    percent     18%, 18 per cent per annum, 250 bps
    duration    15 days, fifteen (15) days, 6 months
    quantity    42.500 MT, 10 Ha., 5 acres, 500 mg, 33 pallets, 10 mg/kg
    number      12,50,000, 42.5, 12.5 lakh
    identifier  29ABCDE1234F1Z5, 45/2A, 05106 (after a label: one token with a digit and
                a letter, a / or -, or a leading zero)

then a value with a digit that fits none is VALUE_UNTYPED, and a value without one is
``text``.

model.py     the vocabulary: ValueType, FieldDecl, Mention, ValueCheck, FieldsProblem
fields.py    parse_fields / parse_field: strict declarations, problems as values
check.py     check_value: read the value and the quote's mentions, compare, decide
decide.py    the deciding rules as data, two ordered lists (rival readings, an equal
             mention, cue, bound, polarity, role; why a miss)
quoted.py    a quote's mentions of a type and what scoping found about them (cached)
kinds.py     one door per type: read a value, find mentions, infer a type
tokens.py    the tokenizer; numerals.py (digits.py, numwords.py, hindinum.py): figures
             by locale, words in English and Hindi, scale and sign; units.py: exact
             units (pint's, from data/units.py, and a hand table), counts.py: count
             nouns, rates.py: what a quantity is per and how often
money.py, measures.py, figures.py, dates.py, periods.py, statutes.py, casenos.py, words.py
             the readers, one per family of types (money.py with currency.py, the
             currency marks, moneyparts.py, signs, brackets and suffixes, and
             moneyreading.py, an amount's reading and the unit a price is per)
provisions.py, actnames.py, acts.py (acts_data.py), templates.py, instruments.py
             a statute's provisions, its act, the act table, the codes' templates and
             EU instruments by kind, year and number
casetypes.py, dockets.py
             the case types; US dockets, English neutral citations and claim numbers
data/        vocabularies extracted at build time from maintained data (CLDR's
             currencies and number marks, pint's units)
phrases.py   where a phrase's words stand in a quote (whole words, a long word's forms)
cues.py      which field a mention belongs to, by its cue words
scope.py     negation and bounds ("up to", "at least"): what a mention means
roles.py     whose name it is (labels.py: labels after names and the accused's "A-1";
             rolewords.py: relation words, counsel, witnesses); idslots.py  the
             identifiers a quote labels (the candidates)
hints.py     the slip a wrong value looks like
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face
from sakshi.reasons import ValueReason
from sakshi.values.acts import DEFAULT_ACTS, Act, ActTable, parse_acts
from sakshi.values.check import PLAIN_RULES, ValueRules, check_value
from sakshi.values.fields import DECLARATION_KEYS, parse_field, parse_fields, parse_locale
from sakshi.values.kinds import INFERENCE_ORDER, infer_type
from sakshi.values.model import (
    DEFAULT_ROLES,
    SCALE_WORDS,
    Bound,
    FieldDecl,
    FieldsProblem,
    Mention,
    Period,
    Polarity,
    RoleWords,
    TypeSource,
    ValueCheck,
    ValueType,
)

if TYPE_CHECKING:
    from sakshi.values.batch import LINE_KEYS, ValueSetup, check_line

__all__ = [
    "DECLARATION_KEYS",
    "DEFAULT_ACTS",
    "DEFAULT_ROLES",
    "INFERENCE_ORDER",
    "LINE_KEYS",
    "PLAIN_RULES",
    "SCALE_WORDS",
    "Act",
    "ActTable",
    "Bound",
    "FieldDecl",
    "FieldsProblem",
    "Mention",
    "Period",
    "Polarity",
    "RoleWords",
    "TypeSource",
    "ValueCheck",
    "ValueReason",
    "ValueRules",
    "ValueSetup",
    "ValueType",
    "check_line",
    "check_value",
    "infer_type",
    "parse_acts",
    "parse_field",
    "parse_fields",
    "parse_locale",
]

# The batch form (verify-values' lines) loads on first use: the grade and the packs, which
# import the core above, never read a values line.
_HOMES = {"batch": ("LINE_KEYS", "ValueSetup", "check_line")}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES)
