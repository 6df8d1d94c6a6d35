"""One door per type: read a value, find the mentions in a quote, infer a type.

The mentions of the structured types depend on the quote alone and are cached by it; those
of identifiers, names and text are the places the value itself stands, so they are found
for each value.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sakshi.reasons import ValueReason
from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.casenos import case_mentions, read_case
from sakshi.values.dates import date_mentions, month_names, read_date
from sakshi.values.figures import number_mentions, read_number
from sakshi.values.found import Found, Reading, Refusal, covers
from sakshi.values.measures import (
    duration_mentions,
    percent_mentions,
    quantity_mentions,
    read_duration,
    read_percent,
    read_quantity,
)
from sakshi.values.model import FieldDecl, ValueType
from sakshi.values.money import marked_money, money_mentions, read_money
from sakshi.values.numerals import NumberMarks, number_marks
from sakshi.values.periods import period_mentions, read_period
from sakshi.values.statutes import read_statute, statute_mentions
from sakshi.values.tokens import TokenKind, tokenize
from sakshi.values.words import (
    IdentifierReading,
    TextReading,
    identifier_mentions,
    looks_like_identifier,
    read_identifier,
    read_text,
    text_mentions,
)

__all__ = ["INFERENCE_ORDER", "Context", "find_mentions", "infer_type", "read_value"]

# The order an undeclared value's type is tried in: the first type that reads the whole
# value wins. Dates before numbers ("12.03.2024"), then periods (each needs a part or a
# fiscal or calendar mark: "Q3 2025", "FY2025", never a date or a bare year), case numbers
# before statutes and identifiers ("CC 1234/2023"), marked money before plain numbers,
# rates, durations and quantities (each needs its mark or unit) before plain numbers, and
# identifiers last.
INFERENCE_ORDER = (
    ValueType.DATE,
    ValueType.PERIOD,
    ValueType.CASE_NO,
    ValueType.STATUTE,
    ValueType.MONEY,
    ValueType.PERCENT,
    ValueType.DURATION,
    ValueType.QUANTITY,
    ValueType.NUMBER,
    ValueType.IDENTIFIER,
)
# The types whose mentions a quote holds whatever the value is (so cues can scope them).
STRUCTURED = frozenset(INFERENCE_ORDER) - {ValueType.IDENTIFIER}


@dataclass(frozen=True)
class Context:
    """What reading depends on besides the text: the date order, the act table, and the
    locale in force (the field's, else the pack's or the project's; None: en-IN), which
    says which currency a shared symbol is and which separator is the decimal one."""

    month_first: bool = False
    acts: ActTable = DEFAULT_ACTS
    locale: str | None = None
    table: bool = False  # the field declares a scale: the quote is a table's figures

    @property
    def marks(self) -> NumberMarks:
        """The locale's decimal and group marks (CLDR), for every reader of figures."""
        return number_marks(self.locale)


@lru_cache(maxsize=16384)
def read_value(
    kind: ValueType, text: str, decl: FieldDecl | None, context: Context
) -> Reading | Refusal:
    """The value's reading as ``kind``, or why it cannot be read (cached)."""
    tokens = tokenize(text)
    if kind == ValueType.MONEY:
        return read_money(tokens, text, decl, context.locale)
    if kind == ValueType.NUMBER:
        return read_number(tokens, context.marks)
    if kind == ValueType.QUANTITY:
        return read_quantity(tokens, decl, context.marks)
    if kind == ValueType.PERCENT:
        return read_percent(tokens, decl, context.marks)
    if kind == ValueType.DURATION:
        return read_duration(tokens, decl, context.marks)
    if kind == ValueType.DATE:
        return read_date(tokens, context.month_first, month_names(context.locale))
    if kind == ValueType.PERIOD:
        return read_period(tokens, context.locale)
    if kind == ValueType.STATUTE:
        return read_statute(tokens, decl, context.acts, text)
    if kind == ValueType.CASE_NO:
        return read_case(tokens, text, decl)
    if kind == ValueType.IDENTIFIER:
        return read_identifier(tokens)
    return read_text(tokens)


@lru_cache(maxsize=8192)
def _structured(kind: ValueType, quote: str, context: Context) -> tuple[Found, ...]:
    tokens = tokenize(quote)
    if kind == ValueType.MONEY:
        return money_mentions(tokens, quote, context.locale, table=context.table)
    if kind == ValueType.NUMBER:
        return number_mentions(tokens, context.marks)
    if kind == ValueType.QUANTITY:
        return quantity_mentions(tokens, context.marks)
    if kind == ValueType.PERCENT:
        return percent_mentions(tokens, context.marks)
    if kind == ValueType.DURATION:
        return duration_mentions(tokens, context.marks)
    if kind == ValueType.DATE:
        return date_mentions(tokens, context.month_first, month_names(context.locale))
    if kind == ValueType.PERIOD:
        return period_mentions(tokens, context.locale)
    if kind == ValueType.STATUTE:
        return statute_mentions(tokens, context.acts, quote)
    return case_mentions(tokens, quote)


def find_mentions(
    kind: ValueType, quote: str, value: Reading, context: Context
) -> tuple[Found, ...]:
    """The mentions of ``kind`` in the quote, in order."""
    if kind in STRUCTURED:
        return _structured(kind, quote, context)
    if isinstance(value, IdentifierReading):
        return identifier_mentions(quote, value)
    if isinstance(value, TextReading):
        return text_mentions(quote, value)
    return ()


def _fits(kind: ValueType, text: str, context: Context) -> bool:
    tokens = tokenize(text)
    if kind == ValueType.IDENTIFIER:
        return looks_like_identifier(tokens)
    if kind in (ValueType.STATUTE, ValueType.CASE_NO):
        return isinstance(read_value(kind, text, None, context), Reading)
    if kind == ValueType.MONEY:
        found = marked_money(tokens, text, context.locale)
    else:
        found = _structured(kind, text, context)
    return len(found) == 1 and covers(tokens, found[0].first, found[0].end)


@lru_cache(maxsize=8192)
def infer_type(text: str, context: Context | None = None) -> ValueType | None:
    """An undeclared value's type, from the value alone (INFERENCE_ORDER); ``text`` for a
    value without a digit; None for one with a digit that fits no type (VALUE_UNTYPED)."""
    for kind in INFERENCE_ORDER:
        if _fits(kind, text, context or Context()):
            return kind
    tokens = tokenize(text)
    if any(token.kind == TokenKind.DIGITS for token in tokens):
        return None
    return ValueType.TEXT


UNTYPED = Refusal(ValueReason.VALUE_UNTYPED, "declare the field's type")
