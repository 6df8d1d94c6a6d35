"""Reinterpret an older recovery report under v2. Pure: old report data in, v2 data out.

The v1 shape accepted (documented in docs/reports.md)::

    {"report": "sakshi.recovery-report.v1",          # optional
     "cases": [{"id": "recovery.read-offset",        # the case id
                "run": "run-01",                      # optional run folder name
                "task": "PASS" | "FAIL",              # did the answer hold the fact
                "strategy": "PASS" | "FAIL",          # the v1 validator's verdict
                "tool_names": ["bash", "read"]}]}     # optional

A v1 report holds no exact handle or offset evidence (v1 accepted "offset > 1" and "some
temp file"), so v2 can prove nothing from it: every case becomes ``unknown``, and the old
observations are kept under ``historical``, never promoted to a v2 verdict.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sakshi.errors import InputError
from sakshi.reports.recovery import REPORT_FORMAT

__all__ = ["V1_FORMAT", "reinterpret"]

V1_FORMAT = "sakshi.recovery-report.v1"
_VERDICTS = ("PASS", "FAIL")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._\-]{0,199}\Z")


def _verdict(case: Mapping[str, Any], key: str, source: str, where: str) -> str:
    value = case.get(key)
    if value not in _VERDICTS:
        raise InputError(source, f"{where}.{key}", f"expected PASS or FAIL, found {str(value)[:40]!r}")
    return str(value)


def _name(value: object, source: str, where: str) -> str:
    # Only identifiers pass into a v2 report: anything else could be content.
    if not isinstance(value, str) or not _NAME.match(value):
        raise InputError(source, where, "expected an identifier (letters, digits, . _ -)")
    return value


def reinterpret(old: object, source: str, identity: Mapping[str, Any], old_sha256: str) -> dict[str, Any]:
    """The v2 report of what ``old`` proves: every case unknown, v1 observations kept."""
    if not isinstance(old, Mapping) or not isinstance(old.get("cases"), list):
        raise InputError(source, "cases", "expected a v1 report: {\"cases\": [...]}")
    declared = old.get("report", V1_FORMAT)
    if declared != V1_FORMAT:
        raise InputError(source, "report", f"expected {V1_FORMAT!r}, found {str(declared)[:60]!r}")
    cases = []
    for index, case in enumerate(old["cases"]):
        where = f"cases[{index}]"
        if not isinstance(case, Mapping):
            raise InputError(source, where, "expected a case object")
        tools = case.get("tool_names", [])
        if not isinstance(tools, list):
            raise InputError(source, f"{where}.tool_names", "expected a list of tool names")
        cases.append(
            {
                "id": _name(case.get("id"), source, f"{where}.id"),
                "run": _name(case.get("run", f"v1-{index:04d}"), source, f"{where}.run"),
                "status": "unknown",
                "reasons": [],
                "task_pass": None,
                "strategy_pass": None,
                "tool_names": sorted({_name(t, source, f"{where}.tool_names").lower() for t in tools}),
                "counts": {},
                "evidence": {"handle": "none", "offset": "none"},
                "historical": {
                    "report": V1_FORMAT,
                    "task": _verdict(case, "task", source, where),
                    "strategy": _verdict(case, "strategy", source, where),
                },
            }
        )
    summary = {"pass": 0, "fail": 0, "unknown": len(cases), "error": 0}
    return {
        "report": REPORT_FORMAT,
        "identity": dict(identity),
        "reinterpreted_from": {"report": V1_FORMAT, "sha256": old_sha256},
        "cases": cases,
        "summary": summary,
    }
