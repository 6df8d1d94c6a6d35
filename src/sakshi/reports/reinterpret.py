"""Reinterpret an older recovery report under v2. Pure: old report data in, v2 data out.

What a report claims is kept apart from what this machine proves. A report is a JSON file
anyone can type: sakshi writes no seal into its reports that could be checked offline
without a secret (the live lane's seal covers a run's evidence, with a key that is gone
when the run ends; the cache's HMAC key never leaves this machine), so no old report is
sealed and none proves anything here. Every case comes out ``unknown`` (``reasons`` empty,
``task_pass`` and ``strategy_pass`` null, ``counts`` empty, no evidence, no tool names),
whatever it claims, a hand-typed v2 ``pass`` and a report sakshi wrote alike. What the
old case claimed is under its ``claimed`` key, as enums only.

The old report's identity stays its own: ``identity`` is what the old report says ran its
cases (screened as below; null when it names none), and the identity of the run that
reinterprets it is ``reinterpreted_by``, never put where the old run's belongs.

Any JSON object with a ``cases`` list of objects is accepted (the shapes are documented in
docs/reports.md). Nothing is copied that could be content: a case keeps its id and run
only when they look like identifiers (else a placeholder, ``case-NNNN`` / ``run-NNNN``);
claimed tool names pass the live report's filter (``screen_tool_names`` then
``shown_tool_names``: lower-cased, sorted, anything that is not a tool some agent format
knows is ``other``); claimed counts only under the report's own count names, as
non-negative integers; reason codes and evidence sources only when v2 knows them; the old
observations (``task``, ``strategy``, ``status``, ``task_pass``, ``strategy_pass``) only as
enums: ``pass``/``fail`` (from PASS/FAIL, pass/fail, true/false), ``unknown`` (null, or a
status of unknown), ``error`` (a status of error); anything else is ``unrecognised`` and
never copied. The old identity keeps only identifier keys, and values that are
identifiers, numbers, booleans or null (else ``unrecognised``).

An identifier can still be a fact: ``QX7-TAMARIND-4471`` is shaped like a run name. Given
the corpus (``--corpus``), every id, run name, tool name and identity key or value that
holds any case's fact (in any case or normalisation form) is replaced as above; without
it that cannot be checked, and the new report says so: ``reinterpreted_from.facts_checked``
is false.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from sakshi.errors import InputError
from sakshi.reasons import RecoveryReason
from sakshi.recovery import (
    ANY_KNOWN_TOOL,
    EvidenceSource,
    FactScreen,
    Status,
    screen_tool_names,
    shown_tool_names,
)
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
_UNRECOGNISED = "unrecognised"
# A run identity is a few levels deep (live: config, arms[], model); deeper is not one.
_IDENTITY_DEPTH = 6
# Nothing here proves a case: every case of the new report says so in the same words.
_UNPROVEN: dict[str, Any] = {
    "status": Status.UNKNOWN.value,
    "reasons": [],
    "task_pass": None,
    "strategy_pass": None,
    "tool_names": [],
    "counts": {},
    "evidence": {k: EvidenceSource.NONE.value for k in _EVIDENCE_KEYS},
}


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


def _tool_names(value: object, screen: FactScreen | None) -> list[str] | str:
    if not isinstance(value, list):
        return _UNRECOGNISED
    names = (name for name in value if isinstance(name, str))
    # The traces are gone: a name is kept only when some agent format knows it.
    known, _ = screen_tool_names(names, ANY_KNOWN_TOOL)
    return list(shown_tool_names(known, screen))


def _counts(value: object) -> dict[str, int] | str:
    if not isinstance(value, Mapping):
        return _UNRECOGNISED
    return {
        key: count
        for key, count in sorted(value.items())
        if key in COUNT_NAMES and type(count) is int and count >= 0
    }


def _reasons(value: object) -> list[str] | str:
    if not isinstance(value, list):
        return _UNRECOGNISED
    shown = (r if isinstance(r, str) and r in _REASONS else _UNRECOGNISED for r in value)
    return list(dict.fromkeys(shown))  # each once, in the old order


def _evidence(value: object) -> dict[str, str] | str:
    # Only v2's own keys: any other key is a string, and a string can be content.
    if not isinstance(value, Mapping):
        return _UNRECOGNISED
    return {
        k: value[k] if value[k] in _EVIDENCE_VALUES else _UNRECOGNISED
        for k in _EVIDENCE_KEYS
        if k in value
    }


def _claimed(case: Mapping[str, Any], screen: FactScreen | None) -> dict[str, Any]:
    """What the old case claims, as enums, counts and known names; absent keys left out."""
    claimed: dict[str, Any] = {k: _observation(k, case[k]) for k in _OBSERVATIONS if k in case}
    shapes: dict[str, Callable[[object], object]] = {
        "reasons": _reasons,
        "evidence": _evidence,
        "counts": _counts,
        "tool_names": partial(_tool_names, screen=screen),
    }
    claimed.update({key: shape(case[key]) for key, shape in shapes.items() if key in case})
    return claimed


def _identity_value(value: object, screen: FactScreen | None, depth: int) -> object:
    """One value of the old identity, screened: see the module docstring."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float | str):
        # A number is shown as its digits, so its digits are screened like a name's.
        text = value if isinstance(value, str) else str(value)
        shown = _identifier(text, screen) is not None and text not in ("inf", "nan")
        return value if shown else _UNRECOGNISED
    if depth >= _IDENTITY_DEPTH:
        return _UNRECOGNISED
    if isinstance(value, list):
        return [_identity_value(item, screen, depth + 1) for item in value]
    if isinstance(value, Mapping):
        return {
            key: _identity_value(item, screen, depth + 1)
            for key, item in sorted(value.items())
            if _identifier(key, screen) is not None
        }
    return _UNRECOGNISED


def _old_identity(old: Mapping[str, Any], screen: FactScreen | None) -> object:
    claimed = old.get("identity")
    return _identity_value(claimed, screen, 0) if isinstance(claimed, Mapping) else None


def _declared_format(old: Mapping[str, Any]) -> str | None:
    if "report" not in old:
        return None
    declared = old["report"]
    return declared if isinstance(declared, str) and _FORMAT.match(declared) else _UNRECOGNISED


def _case(index: int, case: Mapping[str, Any], screen: FactScreen | None) -> dict[str, Any]:
    """One old case under v2: its names as identifiers, unknown, and what it claimed."""
    ids = [_identifier(case.get(key), screen) for key in _ID_KEYS]
    return {
        "id": next((i for i in ids if i is not None), f"case-{index:04d}"),
        "run": _identifier(case.get("run"), screen) or f"run-{index:04d}",
        **_UNPROVEN,
        "claimed": _claimed(case, screen),
    }


def reinterpret(
    old: object,
    source: str,
    identity: Mapping[str, Any],
    old_sha256: str,
    screen: FactScreen | None = None,
) -> dict[str, Any]:
    """The v2 report of what ``old`` proves here: every case ``unknown``, its claims under
    ``claimed``; ``identity`` the old report's, ``reinterpreted_by`` this run's
    (``identity``). With ``screen`` (the corpus's facts), no name holding a fact is kept."""
    if not isinstance(old, Mapping):
        raise InputError(
            source, None, f'expected a report object with a "cases" list, found {_kind(old)}'
        )
    raw_cases = old.get("cases")
    if not isinstance(raw_cases, list):
        raise InputError(
            source, "cases", f"expected a list of case objects, found {_kind(raw_cases)}"
        )
    cases = []
    for index, case in enumerate(raw_cases):
        if not isinstance(case, Mapping):
            raise InputError(
                source, f"cases[{index}]", f"expected a case object, found {_kind(case)}"
            )
        cases.append(_case(index, case, screen))
    summary = {s.value: 0 for s in Status}
    summary[Status.UNKNOWN.value] = len(cases)
    return {
        "report": REPORT_FORMAT,
        "identity": _old_identity(old, screen),
        "reinterpreted_by": dict(identity),
        "reinterpreted_from": {
            "report": _declared_format(old),
            "sha256": old_sha256,
            "facts_checked": screen is not None,
            # No report carries a seal sakshi can check offline (see the docstring).
            "sealed": False,
        },
        "cases": cases,
        "summary": summary,
    }
