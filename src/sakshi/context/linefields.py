"""The value parts of ``sakshi grade`` lines (SPEC sections 7 and 8). Pure.

    line_fields(raw)          a line's ``fields``, or the problem with them in one line
    line_rules(raw, rules)    the run's value rules under a line's ``locale``, or the problem
    line_findings(grade)      a red line's keys that name each finding, by codes alone

A log usually repeats one ``fields`` object on every line, so a declaration read once is
kept in the run's cache (sakshi.runcache, by its canonical JSON) and not read again for
each line; so is a line's ``locale``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import orjson

from sakshi.context.grade import Finding, Grade
from sakshi.reasons import GradeReason
from sakshi.runcache import RunCache, Table
from sakshi.values import (
    FieldDecl,
    FieldsProblem,
    ValueCheck,
    ValueRules,
    parse_fields,
    parse_locale,
)

__all__ = ["LineRules", "line_fields", "line_findings", "line_rules"]

_NONE: Mapping[str, FieldDecl] = {}
# Distinct declarations and locales kept; a log with more reads the oldest again.
FIELDS: Table[bytes, Mapping[str, FieldDecl] | str] = Table("linefields.fields", 256)
LOCALES: Table[str, str] = Table("linefields.locales", 256)  # "": the locale reads


def _read(raw: object) -> Mapping[str, FieldDecl] | str:
    parsed = parse_fields(raw)
    if isinstance(parsed, FieldsProblem):
        where = f"fields.{parsed.key}" if parsed.key else "fields"
        return f"{where}: expected {parsed.expected}, found {parsed.found}"
    return parsed


def line_fields(raw: object, cache: RunCache | None = None) -> Mapping[str, FieldDecl] | str:
    """The declared fields of a line (none when the line has no ``fields``), or a one-line
    problem naming the key path (``fields.cheque_amount.type: expected ...``); kept in the
    run's ``cache`` by the declaration's content."""
    if raw is None:
        return _NONE
    if cache is None:
        return _read(raw)
    try:
        key = orjson.dumps(raw, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):  # nothing a JSON line holds, but never raise
        return _read(raw)
    if orjson.loads(key) != raw:
        # orjson writes NaN and the infinities as null: such a declaration would share the
        # key of one that holds null there, and borrow its reading. The key must be the
        # content, so a declaration the bytes do not give back exactly is read each time.
        return _read(raw)
    known = cache.table(FIELDS)
    found = known.get(key)
    if found is None:
        found = _read(raw)
        known.put(key, found)
    return found


class LineRules(NamedTuple):
    """A line's value rules, or the problem with its ``locale`` (then ``rules`` is None)."""

    rules: ValueRules | None
    problem: str | None = None


def line_rules(raw: object, rules: ValueRules, cache: RunCache | None = None) -> LineRules:
    """The run's value rules for one line: its own ``locale`` (SPEC 8, as a pack's
    ``locale:``, over the project's) when it has one. A locale that is not a language tag
    is the line's problem (``locale: expected ..., found ...``), never ignored: read under
    another order, a numeric date can come out green."""
    if raw is None:
        return LineRules(rules)
    written = raw if type(raw) is str else None  # only a string is kept: a key of one type
    locales = cache.table(LOCALES) if cache is not None and written is not None else None
    problem = locales.get(written) if locales is not None and written is not None else None
    if problem is None:
        locale = parse_locale(raw)
        problem = (
            f"locale: expected {locale.expected}, found {locale.found}"
            if isinstance(locale, FieldsProblem)
            else ""
        )
        if locales is not None and written is not None:
            locales.put(written, problem)
    if problem:
        return LineRules(None, problem)
    assert type(raw) is str  # a locale that reads is a string
    return LineRules(rules if raw == rules.locale else rules._replace(locale=raw))


def _finding(finding: Finding) -> dict[str, object]:
    """One finding as codes: its reason, the value's index and field (null for a finding
    about the whole turn: PROVENANCE_MISMATCH, EVIDENCE_MISSING) and, where a check below
    the grade decided it, that check's code: the span's (FABRICATED_SPAN) or the value's
    (VALUE_UNSUPPORTED). Never the value, the why or the quote: logs stay content-free."""
    entry: dict[str, object] = {
        "reason": finding.reason,
        "index": finding.value_index,
        "field": finding.field,
    }
    if finding.reason is GradeReason.FABRICATED_SPAN and finding.span is not None:
        entry["span_reason"] = finding.span.reason
    elif finding.reason is GradeReason.VALUE_UNSUPPORTED and finding.value is not None:
        entry["value_reason"] = finding.value.value_reason
    return entry


def _unstated(finding: Finding, check: ValueCheck) -> dict[str, object]:
    return {
        "index": finding.value_index,
        "field": finding.field,
        "value_reason": check.value_reason,
        "hint": check.hint,
    }


def line_findings(grade: Grade) -> dict[str, object]:
    """A red grade's output keys: ``findings``, one entry a finding in check order
    (``_finding``), and, when any value's quote does not state it, ``values``: ``[{"index",
    "field", "value_reason", "hint"}, ...]``, the form lines carried before ``findings``,
    kept for the readers of it."""
    keys: dict[str, object] = {"findings": [_finding(finding) for finding in grade.findings]}
    unstated = [
        _unstated(finding, finding.value)
        for finding in grade.findings
        if finding.reason is GradeReason.VALUE_UNSUPPORTED and finding.value is not None
    ]
    if unstated:
        keys["values"] = unstated
    return keys
