"""Reinterpret an older recovery report under v2. Pure: old report data in, v2 data out.

Any JSON object with a ``cases`` list of objects is accepted (the shapes are documented in
docs/reports.md). Nothing is copied that could be content, only values of the v2 enums and
shapes: a case keeps its id and run only when they look like identifiers (else a
placeholder, ``case-NNNN`` / ``run-NNNN``); tool names pass the live report's filter
(``screen_tool_names`` then ``shown_tool_names``: lower-cased, sorted, anything that is not
a tool some agent format knows is ``other``); counts only under the report's own count
names, as non-negative integers; and its old observations (``task``, ``strategy``,
``status``, ``task_pass``, ``strategy_pass``) only as enums: ``pass``/``fail`` (from
PASS/FAIL, pass/fail, true/false), ``unknown`` (null, or a status of unknown), ``error`` (a
status of error), and ``unrecognised`` for anything else, which is never copied.

An identifier can still be a fact: ``QX7-TAMARIND-4471`` is shaped like a run name. Given
the corpus (``--corpus``), every id, run name and tool name that holds any case's fact
(in any case or normalisation form) is replaced as above; without it that cannot be
checked, and the new report says so: ``reinterpreted_from.facts_checked`` is false.

An older report holds no exact handle or offset evidence (v1 accepted "offset > 1" and
"some temp file"), so v2 can prove nothing from it: every case becomes ``unknown`` with
``task_pass`` and ``strategy_pass`` null, its old observations under ``historical``, never
promoted to a v2 verdict. The one exception is a case of a ``sakshi.recovery-report.v2``
report that carries a consistent v2 verdict with its evidence (status, reason codes,
evidence sources): it already holds what v2 asks for and is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sakshi.errors import InputError
from sakshi.reasons import RecoveryReason
from sakshi.recovery.corpus import FactScreen, shown_tool_names
from sakshi.recovery.evidence import EvidenceSource
from sakshi.recovery.tool_names import ANY_KNOWN_TOOL, screen_tool_names
from sakshi.recovery.validate import Status
from sakshi.reports.recovery import COUNT_NAMES, REPORT_FORMAT

__all__ = ["V1_FORMAT", "reinterpret"]

V1_FORMAT = "sakshi.recovery-report.v1"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:\-]{0,199}\Z")
_FORMAT = re.compile(r"sakshi\.recovery-report\.v[0-9]{1,3}\Z")
_ID_KEYS = ("id", "case_id", "case")
_OBSERVATIONS = ("task", "strategy", "status", "task_pass", "strategy_pass")
_WORDS = {"pass": "pass", "fail": "fail", "true": "pass", "false": "fail"}
_STATUS_WORDS = {"unknown": "unknown", "error": "error"}
_EVIDENCE_KEYS = ("handle", "offset")
_EVIDENCE_VALUES = frozenset(e.value for e in EvidenceSource)
_REASONS = frozenset(r.value for r in RecoveryReason)
_STATUSES = frozenset(s.value for s in Status)
_UNRECOGNISED = "unrecognised"


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list):
        return "list"
    return "string" if isinstance(value, str) else type(value).__name__


def _identifier(value: object, screen: FactScreen | None) -> str | None:
    # Only identifiers pass into a v2 report: anything else could be content, and so
    # could an identifier that holds a fact.
    if not isinstance(value, str) or not _NAME.match(value):
        return None
    return None if screen is not None and screen.holds_fact(value) else value


def _observation(key: str, value: object) -> str:
    """An old observation as an enum; never the value itself."""
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "pass" if value else "fail"
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _WORDS:
            return _WORDS[word]
        if key == "status" and word in _STATUS_WORDS:
            return _STATUS_WORDS[word]
    return _UNRECOGNISED


def _tool_names(value: object, screen: FactScreen | None) -> list[str]:
    if not isinstance(value, list):
        return []
    names = (name for name in value if isinstance(name, str))
    # The traces are gone: a name is kept only when some agent format knows it.
    known, _ = screen_tool_names(names, ANY_KNOWN_TOOL)
    return list(shown_tool_names(known, screen))


def _counts(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        return {}
    return {
        key: count
        for key, count in sorted(value.items())
        if key in COUNT_NAMES and type(count) is int and count >= 0
    }


def _v2_verdict(case: Mapping[str, Any]) -> dict[str, Any] | None:
    """The case's own v2 verdict, when it carries one that holds together: a known status,
    known reason codes that agree with it, booleans or null for task/strategy, and its
    evidence as v2 records it (``handle``/``offset`` -> structured, text or none)."""
    status, reasons, evidence = case.get("status"), case.get("reasons"), case.get("evidence")
    task_pass, strategy_pass = case.get("task_pass"), case.get("strategy_pass")
    if status not in _STATUSES or status == Status.UNKNOWN.value:
        return None
    if not isinstance(reasons, list) or not all(
        isinstance(r, str) and r in _REASONS for r in reasons
    ):
        return None
    if len(set(reasons)) != len(reasons):
        return None
    if not isinstance(evidence, Mapping) or not all(
        k in _EVIDENCE_KEYS and v in _EVIDENCE_VALUES for k, v in evidence.items()
    ):
        return None
    if not all(v is None or isinstance(v, bool) for v in (task_pass, strategy_pass)):
        return None
    # A pass rests on evidence that was found; a fail names what it looked at.
    found = bool(evidence) and EvidenceSource.NONE.value not in evidence.values()
    consistent = {
        Status.PASS.value: not reasons and strategy_pass is True and found,
        Status.FAIL.value: bool(reasons) and strategy_pass is False and bool(evidence),
        Status.ERROR.value: bool(reasons),
    }[status]
    if not consistent:
        return None
    return {
        "status": status,
        "reasons": list(reasons),
        "task_pass": task_pass,
        "strategy_pass": strategy_pass,
        "counts": _counts(case.get("counts")),
        "evidence": {k: evidence[k] for k in sorted(evidence)},
    }


def _declared_format(old: Mapping[str, Any]) -> str | None:
    if "report" not in old:
        return None
    declared = old["report"]
    return declared if isinstance(declared, str) and _FORMAT.match(declared) else _UNRECOGNISED


def _case(
    index: int, case: Mapping[str, Any], declared_v2: bool, screen: FactScreen | None
) -> dict[str, Any]:
    """One old case under v2: its names as identifiers, its v2 verdict when it carries a
    consistent one (only in a report declared v2), else unknown with its history."""
    ids = [_identifier(case.get(key), screen) for key in _ID_KEYS]
    entry: dict[str, Any] = {
        "id": next((i for i in ids if i is not None), f"case-{index:04d}"),
        "run": _identifier(case.get("run"), screen) or f"run-{index:04d}",
        "tool_names": _tool_names(case.get("tool_names"), screen),
    }
    verdict = _v2_verdict(case) if declared_v2 else None
    if verdict is not None:
        return {**entry, **verdict}
    return {
        **entry,
        "status": Status.UNKNOWN.value,
        "reasons": [],
        "task_pass": None,
        "strategy_pass": None,
        "counts": {},
        "evidence": {k: EvidenceSource.NONE.value for k in _EVIDENCE_KEYS},
        "historical": {k: _observation(k, case[k]) for k in _OBSERVATIONS if k in case},
    }


def reinterpret(
    old: object,
    source: str,
    identity: Mapping[str, Any],
    old_sha256: str,
    screen: FactScreen | None = None,
) -> dict[str, Any]:
    """The v2 report of what ``old`` proves: unknown unless a case holds v2 evidence.
    With ``screen`` (the corpus's facts), no id, run or tool name holding a fact is kept."""
    if not isinstance(old, Mapping):
        raise InputError(
            source, None, f'expected a report object with a "cases" list, found {_kind(old)}'
        )
    raw_cases = old.get("cases")
    if not isinstance(raw_cases, list):
        raise InputError(
            source, "cases", f"expected a list of case objects, found {_kind(raw_cases)}"
        )
    declared = _declared_format(old)
    cases = []
    for index, case in enumerate(raw_cases):
        if not isinstance(case, Mapping):
            raise InputError(
                source, f"cases[{index}]", f"expected a case object, found {_kind(case)}"
            )
        cases.append(_case(index, case, declared == REPORT_FORMAT, screen))
    summary = {s.value: 0 for s in Status}
    for entry in cases:
        summary[entry["status"]] += 1
    return {
        "report": REPORT_FORMAT,
        "identity": dict(identity),
        "reinterpreted_from": {
            "report": declared,
            "sha256": old_sha256,
            "facts_checked": screen is not None,
        },
        "cases": cases,
        "summary": summary,
    }
