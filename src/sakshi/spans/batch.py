"""The batch form of verify_span: JSON lines in, JSON lines out (SPEC section 3).

A pure function from one input line to its output line, so the shell streams any number
of lines in flat memory, spreads them over processes (``--jobs``) and decides where bytes
come from and go to.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import orjson

from sakshi.reasons import SpanReason
from sakshi.spans.documents import Document
from sakshi.spans.nearmiss import near_miss_notes
from sakshi.spans.verify import SourceSpan, SpanCheck, parse_span, verify_plain, verify_span

__all__ = ["BatchLine", "read_json_line", "valid_id", "verify_line"]


class BatchLine(NamedTuple):
    """One output line and whether its span verified (a tuple, as the stream writes it)."""

    data: bytes
    verified: bool


_INT_KEYS = ("id", "page", "block", "char_start", "char_end")


_HUGE = 10**100  # out of range for any offset, page or id, and still printable


def _parse_int(text: str) -> int:
    # Python refuses to convert integers of more than 4,300 digits; such a number is still
    # a well-formed (absurd) offset, so it must fail as OFFSETS_INVALID, not as malformed.
    if len(text) <= 4000:
        return int(text)
    return -_HUGE if text.startswith("-") else _HUGE


def read_json_line(line: bytes, needs_exact_ints: Callable[[dict[str, Any]], bool]) -> object:
    """One JSON line, or None when it is not JSON. orjson first (fast); the stdlib when
    orjson cannot be exact: it reads an integer past 64 bits as a float, which
    ``needs_exact_ints`` spots where it matters (a huge offset must stay an int, so that it
    fails as OFFSETS_INVALID and not as malformed), and it refuses a leading BOM."""
    try:
        parsed = orjson.loads(line)
    except orjson.JSONDecodeError:
        parsed = None
    else:
        if not isinstance(parsed, dict) or not needs_exact_ints(parsed):
            return parsed
    try:
        return json.loads(line, parse_int=_parse_int)
    except (ValueError, RecursionError):
        return None


def _float_anchor(parsed: dict[str, Any]) -> bool:
    return any(type(parsed.get(key)) is float for key in _INT_KEYS)


def _parse(line: bytes) -> object:
    return read_json_line(line, _float_anchor)


_OK_TAIL = b',"verified":true,"reason":"OK"}\n'


def _dump(span_id: object, check: SpanCheck, near: str = "") -> bytes:
    if check.verified is True and check.reason is SpanReason.OK:
        # What orjson writes for {"id": span_id, "verified": true, "reason": "OK"}, in parts.
        return b'{"id":' + orjson.dumps(span_id) + _OK_TAIL
    line: dict[str, object] = {
        "id": span_id,
        "verified": check.verified,
        "reason": check.reason.value,
    }
    if check.reason is SpanReason.SPAN_MALFORMED and check.detail:
        # Beside the SPEC's keys: which key is unknown, missing or of the wrong type.
        line["detail"] = check.detail
    elif near:
        # Beside the SPEC's keys: the closest passage of a quote that nearly stands there.
        line["detail"] = near
    return orjson.dumps(line) + b"\n"


_NEAR_REASONS = frozenset({SpanReason.QUOTE_NOT_FOUND, SpanReason.QUOTE_MISMATCH})


def _near(raw: dict[Any, Any], check: SpanCheck, documents: Mapping[str, Document]) -> str:
    """The near-miss notes of a quote that did not verify, as one line ('' for none).
    Asked for (``--explain``): at tens of microseconds a line it would cost a run with
    many failures more than the check itself."""
    if check.reason not in _NEAR_REASONS:
        return ""
    try:
        span = parse_span(raw)
        doc = documents.get(span.doc) if isinstance(span, SourceSpan) else None
        if doc is None or not isinstance(span, SourceSpan):
            return ""
        return "; ".join(near_miss_notes(span, doc))
    except Exception:  # noqa: BLE001 - a diagnosis never costs a line its verdict
        return ""


def valid_id(value: object) -> bool:
    """Whether ``value`` can be a line's ``id``: null, a 64-bit integer, or text that is
    UTF-8 (no lone surrogate)."""
    if value is None or (type(value) is int and -(2**63) <= value < 2**64):
        return True
    if isinstance(value, str):
        if value.isascii():
            return True
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    return False


def _malformed(detail: str) -> SpanCheck:
    return SpanCheck(False, SpanReason.SPAN_MALFORMED, detail)


def verify_line(line: bytes, documents: Mapping[str, Document], explain: bool = False) -> BatchLine:
    """One input line's output line; a SPAN_MALFORMED line says why under ``detail``, and
    with ``explain`` so does a line whose quote nearly stands in the document (the
    closest passage and where it differs: ``nearmiss.near_miss_notes``)."""
    plain = _plain_line(line, documents, explain)
    return plain if plain is not None else _any_line(line, documents, explain)


def _plain_line(
    line: bytes, documents: Mapping[str, Document], explain: bool = False
) -> BatchLine | None:
    """The output line of a line in the plain shape nearly every line has (a JSON object
    orjson reads exactly: no float where an int or the id goes; a valid id; a span in
    ``verify_plain``'s shape), else None. Whatever it answers, ``_any_line`` answers the
    same: this only leaves out the detours that shape cannot need."""
    try:
        parsed = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    if type(parsed) is not dict:
        return None
    span_id = parsed.get("id")
    if not valid_id(span_id):  # a float id too: the general path words it
        return None
    check = verify_plain(parsed, documents)
    if check is None:
        return None
    near = _near(parsed, check, documents) if explain and not check.verified else ""
    return BatchLine(_dump(span_id, check, near), check.verified)


def _any_line(line: bytes, documents: Mapping[str, Document], explain: bool = False) -> BatchLine:
    """Any line's output line: not JSON, not an object, a bad id, any span object."""
    parsed = _parse(line)
    if not isinstance(parsed, dict):
        what = "not JSON" if parsed is None and line.strip() not in (b"null",) else "not an object"
        return BatchLine(_dump(None, _malformed(f"the line is {what}")), False)
    span_id = parsed.get("id")
    if not valid_id(span_id):
        detail = "id must be a string, an integer or null"
        return BatchLine(_dump(None, _malformed(detail)), False)
    check = verify_span(parsed, documents)
    near = _near(parsed, check, documents) if explain and not check.verified else ""
    return BatchLine(_dump(span_id, check, near), check.verified)
