"""The batch form of the value check: JSON lines in, JSON lines out (SPEC section 8).

``sakshi verify-values`` feeds each line of VALUES.jsonl to ``check_line``: a pure
function from one input line's bytes to its output line's bytes, so the shell streams any
number of lines in flat memory and spreads them over processes (``--jobs``).

An input line is ``{"id", "field", "value", "cite"}``, optionally with ``"type"`` and the
declaration keys (``currency``, ``cues``, ...): an inline declaration of the field for this
line. With ``type`` it replaces the FIELDS declaration of the field; without it, its keys
are laid over that declaration key by key. ``why`` is allowed and ignored (a turn's value
can be piped in as it is); any other key is refused, so that a typo such as ``currancy``
cannot silently drop a declaration.

The output line is ``{"id", "verified", "reason", "value_reason", "type", "type_source",
"reading", "mentions", "matched", "hint"}``. ``reason`` is the cite's span reason when it
does not verify, VALUE_UNSUPPORTED (with ``value_reason``) when the quote does not state
the value, else OK. An empty value (null or "") states nothing and is not checked: only
its cite is. A line that is not a values line is SPAN_MALFORMED, and ``hint`` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import orjson

from sakshi.reasons import SpanReason
from sakshi.runcache import RunCache, Table
from sakshi.spans import Document, SpanCheck, read_json_line, valid_id, verify_span
from sakshi.values.acts import DEFAULT_ACTS, ActTable
from sakshi.values.check import check_value
from sakshi.values.fields import DECLARATION_KEYS, parse_field
from sakshi.values.model import FieldDecl, FieldsProblem, ValueCheck

__all__ = [
    "LINES",
    "LINE_KEYS",
    "SPANS",
    "VALUE_UNSUPPORTED",
    "CiteKey",
    "KeptLine",
    "ValueLine",
    "ValueSetup",
    "VerdictKey",
    "check_line",
    "cite_key",
]

VALUE_UNSUPPORTED = "VALUE_UNSUPPORTED"  # the grade's reason (SPEC 4), the line's ``reason``
# Keys a line may carry besides the inline declaration.
_BASE_KEYS = frozenset({"id", "field", "value", "cite", "why"})
LINE_KEYS = _BASE_KEYS | DECLARATION_KEYS
_REQUIRED = ("field", "value", "cite")
_REQUIRED_KEYS = frozenset(_REQUIRED)
_VALUE_TYPES = (str, int, float, type(None))  # what a value may be (bool is refused apart)

# A cite as hashable data: (key, the value's exact type, value) in the line's key order.
# The type is part of the key because ``1 == 1.0 == True`` hash alike yet verify differently.
CiteKey = tuple[tuple[str, type, object], ...]


class VerdictKey(NamedTuple):
    """What decides a checked line's output besides its id: the field, the value as text,
    the quote the value was checked against ("" when the cite failed), the inline
    declaration (None for the run's own fields) and the span check. The run's documents,
    declared fields and acts are the same for every line of a run, so they need no key."""

    field: str
    value: str
    quote: str
    inline: object
    span: SpanCheck


class KeptLine(NamedTuple):
    """A checked line's output without its id (a JSON object's bytes) and its verdict."""

    body: bytes
    verified: bool


# The run's memory (``sakshi.runcache``): span checks by cite, output lines (without their
# id) by what decides them. A repeated cite or (value, quote) pair costs a lookup.
SPANS: Table[CiteKey, SpanCheck] = Table("values.spans")
LINES: Table[VerdictKey, KeptLine] = Table("values.lines")


def cite_key(cite: object) -> CiteKey | None:
    """The cite as a cache key, or None when it is not a flat object of strings, integers
    and nulls (such a cite is checked afresh every time: it is rare, and usually malformed)."""
    if not isinstance(cite, Mapping):
        return None
    parts: list[tuple[str, type, object]] = []
    for key, value in cite.items():
        kind = type(value)
        if kind is not str and kind is not int and value is not None:
            return None
        parts.append((key, kind, value))
    return tuple(parts)


@dataclass(frozen=True)
class ValueSetup:
    """What every line is checked against: the documents, the declared fields (parsed, and
    as written, so that an inline declaration can be laid over one), the act table and
    the locale of date fields that set none."""

    documents: Mapping[str, Document]
    fields: Mapping[str, FieldDecl] = field(default_factory=dict)
    written: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    acts: ActTable = DEFAULT_ACTS
    locale: str | None = None


class ValueLine(NamedTuple):
    """One output line and whether its value verified (a NamedTuple: one per line)."""

    data: bytes
    verified: bool


class _Line(NamedTuple):
    """A well-formed input line (a NamedTuple: one per line, made in a fraction of a
    frozen dataclass's time)."""

    line_id: object
    field: str
    value: str | None
    cite: object
    fields: Mapping[str, FieldDecl]
    inline: object  # the inline declaration as frozen data, None without one (a memo key)


def _float_offsets(parsed: dict[str, object]) -> bool:
    if type(parsed.get("id")) is float:
        return True
    cite = parsed.get("cite")
    if not isinstance(cite, dict):
        return False
    get = cite.get  # every line asks: spelled out rather than a generator
    return (
        type(get("page")) is float
        or type(get("block")) is float
        or type(get("char_start")) is float
        or type(get("char_end")) is float
    )


def _parse(line: bytes) -> object:
    return read_json_line(line, _float_offsets)


def _value_text(value: object) -> str | None:
    """The value as text (a JSON number as its shortest decimal), None when it is empty."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return value
    return repr(value)


def _freeze(value: object) -> object:
    """A JSON-like value as hashable, tagged data (an inline declaration keys a cache).

    A scalar's tag names its type: ``1``, ``1.0`` and ``true`` are equal and hash alike in
    Python, yet a declaration holding one is not the one holding another."""
    if isinstance(value, Mapping):
        items = sorted(value.items(), key=lambda item: repr(item[0]))
        return ("{}", tuple((key, _freeze(item)) for key, item in items))
    if isinstance(value, list):
        return ("[]", tuple(_freeze(item) for item in value))
    return ("=" + type(value).__name__, value)


def _thaw(frozen: object) -> object:
    assert isinstance(frozen, tuple)
    tag, content = frozen
    if tag == "{}":
        return {key: _thaw(item) for key, item in content}
    if tag == "[]":
        return [_thaw(item) for item in content]
    return content


def _encodable(value: object) -> bool:
    """Whether every string in a JSON value is valid Unicode (no lone surrogate)."""
    if isinstance(value, str):
        return valid_id(value)
    if isinstance(value, dict):
        return all(_encodable(key) and _encodable(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_encodable(item) for item in value)
    return True


@lru_cache(maxsize=1024)
def _inline(name: str, frozen: object) -> FieldDecl | FieldsProblem:
    raw = _thaw(frozen)
    return parse_field(name, raw)


class _Declared(NamedTuple):
    """The fields a line is checked with, and its inline declaration frozen (or None)."""

    fields: Mapping[str, FieldDecl]
    inline: object


def _declared(name: str, parsed: Mapping[str, object], setup: ValueSetup) -> _Declared | str:
    """The fields this line is checked with: the setup's, or with its inline declaration."""
    if DECLARATION_KEYS.isdisjoint(parsed):
        return _Declared(setup.fields, None)  # most lines: the run's own fields
    inline = {key: parsed[key] for key in DECLARATION_KEYS if key in parsed}
    if not _encodable(inline):
        return "inline declaration: not valid Unicode (a lone surrogate)"
    written = {} if "type" in inline else dict(setup.written.get(name, {}))
    written.update(inline)
    frozen = _freeze(written)
    decl = _inline(name, frozen)
    if isinstance(decl, FieldsProblem):
        return f"inline declaration: {decl.message}"
    return _Declared({**setup.fields, name: decl}, frozen)


def _read_line(parsed: object, setup: ValueSetup) -> _Line | tuple[object, str]:
    """The line's parts, or (the id if usable, why the line is malformed)."""
    if not isinstance(parsed, dict):
        return None, "a line must be a JSON object"
    line_id = parsed.get("id")
    if not valid_id(line_id):
        return None, "id must be a string, an integer or null"
    if not LINE_KEYS.issuperset(parsed):
        unknown = sorted(str(key) for key in parsed if key not in LINE_KEYS)
        return line_id, f"unknown key {unknown[0]!r}"
    if not _REQUIRED_KEYS.issubset(parsed):
        missing = [key for key in _REQUIRED if key not in parsed]
        return line_id, f"missing key {missing[0]!r}"
    name, value = parsed["field"], parsed["value"]
    if not isinstance(name, str) or not name.strip() or not valid_id(name):
        return line_id, "field must be a non-empty string"
    if isinstance(value, bool) or not isinstance(value, _VALUE_TYPES):
        return line_id, "value must be a string, a number or null"
    if isinstance(value, str) and not valid_id(value):
        return line_id, "value is not valid Unicode (a lone surrogate)"
    declared = _declared(name, parsed, setup)
    if isinstance(declared, str):
        return line_id, declared
    value_text = _value_text(value)
    return _Line(line_id, name, value_text, parsed["cite"], declared.fields, declared.inline)


def _with_id(line_id: object, body: bytes) -> bytes:
    """The output line: ``{"id": ...}`` then the body's keys (a JSON object's bytes), as
    ``orjson.dumps`` writes the whole object; the body can then be kept and reused."""
    return b'{"id":' + orjson.dumps(line_id) + b"," + body[1:] + b"\n"


def _unchecked(line_id: object, span: SpanCheck, hint: str = "") -> bytes:
    """A line whose value was not checked (malformed, or an empty value): the span speaks."""
    return _with_id(line_id, _unchecked_body(span, hint))


def _unchecked_body(span: SpanCheck, hint: str) -> bytes:
    return orjson.dumps(
        {
            "verified": span.verified,
            "reason": span.reason.value,
            "value_reason": None,
            "type": None,
            "type_source": None,
            "reading": None,
            "mentions": [],
            "matched": None,
            # A problem may quote the line's own text; it is printed, never refused.
            "hint": hint.encode("utf-8", "backslashreplace").decode("utf-8"),
        }
    )


def _checked(span: SpanCheck, check: ValueCheck) -> bytes:
    """The body (no id) of a line whose value was read: against its quote when the cite
    verified, else only read (its type and reading shown, the span's reason given)."""
    if not span.verified:
        return orjson.dumps(
            {
                "verified": False,
                "reason": span.reason.value,
                "value_reason": None,
                "type": check.type,
                "type_source": check.type_source,
                "reading": check.reading,
                "mentions": [],
                "matched": None,
                "hint": "",
            }
        )
    return orjson.dumps(
        {
            "verified": check.ok,
            "reason": SpanReason.OK.value if check.ok else VALUE_UNSUPPORTED,
            "value_reason": check.value_reason,
            "type": check.type,
            "type_source": check.type_source,
            "reading": check.reading,
            "mentions": [
                {
                    "start": mention.start,
                    "end": mention.end,
                    "reading": mention.reading,
                    "field": mention.field,
                    "negated": mention.negated,
                    "bound": mention.bound,
                }
                for mention in check.mentions
            ],
            "matched": check.matched,
            "hint": check.hint,
        }
    )


_MALFORMED = SpanCheck(False, SpanReason.SPAN_MALFORMED)


def check_line(line: bytes, setup: ValueSetup, cache: RunCache | None = None) -> ValueLine:
    """One input line's output line (never raises on any bytes).

    With ``cache`` (the run's, for one setup: its keys do not name the documents, the
    declared fields or the acts) a cite or a (field, value, quote, declaration) seen before
    is not checked again; the output bytes are the same.
    """
    read = _read_line(_parse(line), setup)
    if not isinstance(read, _Line):
        line_id, why = read
        return ValueLine(_unchecked(line_id, _MALFORMED, why), False)
    span = _span(read.cite, setup, cache)
    if read.value is None:
        return ValueLine(_unchecked(read.line_id, span), span.verified)
    quote = read.cite.get("quote", "") if span.verified and isinstance(read.cite, dict) else ""
    key = VerdictKey(
        read.field, read.value, quote if isinstance(quote, str) else "", read.inline, span
    )
    lines = cache.table(LINES) if cache is not None else None
    kept = lines.get(key) if lines is not None else None
    if kept is None:
        check = check_value(
            key.field, key.value, key.quote, read.fields, acts=setup.acts, locale=setup.locale
        )
        kept = KeptLine(_checked(span, check), span.verified and check.ok)
        if lines is not None:
            lines.put(key, kept)
    return ValueLine(_with_id(read.line_id, kept.body), kept.verified)


def _span(cite: object, setup: ValueSetup, cache: RunCache | None) -> SpanCheck:
    """The cite's span check, remembered by the cite when there is a cache."""
    key = cite_key(cite) if cache is not None else None
    if key is None or cache is None:
        return verify_span(cite, setup.documents)
    spans = cache.table(SPANS)
    span = spans.get(key)
    if span is None:
        span = verify_span(cite, setup.documents)
        spans.put(key, span)
    return span
