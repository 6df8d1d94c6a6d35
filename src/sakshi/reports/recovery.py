"""Recovery reports (``sakshi.recovery-report.v2``): JSON, text and JUnit.

Content-free by construction: only enums, booleans, counts, tool names, run folder names,
case ids and the run identity go in. No argument, path, result text, file content or
fact, nor any hash or encoding of one, is ever handed to these functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from sakshi.recovery.lane import RunRecord
from sakshi.recovery.validate import Status
from sakshi.reports import junit

__all__ = ["REPORT_FORMAT", "render_json", "render_junit", "render_text", "report_object"]

REPORT_FORMAT = "sakshi.recovery-report.v2"


def _case(record: RunRecord) -> dict[str, Any]:
    r = record.result
    return {
        "id": record.case_id,
        "run": record.run,
        "status": r.status.value,
        "reasons": [code.value for code in r.reasons],
        "task_pass": r.task_pass,
        "strategy_pass": r.strategy_pass,
        "tool_names": list(r.tool_names),
        "counts": dict(sorted(r.counts.items())),
        "evidence": dict(sorted(r.evidence.items())),
    }


def report_object(records: Sequence[RunRecord], identity: Mapping[str, Any]) -> dict[str, Any]:
    """The report as plain data."""
    tally = {s.value: 0 for s in Status}
    for record in records:
        tally[record.result.status.value] += 1
    return {
        "report": REPORT_FORMAT,
        "identity": dict(identity),
        "cases": [_case(r) for r in records],
        "summary": tally,
    }


def render_json(records: Sequence[RunRecord], identity: Mapping[str, Any]) -> bytes:
    return (
        orjson.dumps(
            report_object(records, identity), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS
        )
        + b"\n"
    )


def render_text(records: Sequence[RunRecord], identity: Mapping[str, Any]) -> str:
    lines = [f"{'run':<32} {'case':<34} {'status':<7} {'task':<5} {'strategy':<8} reasons"]
    for record in records:
        r = record.result
        reasons = ", ".join(code.value for code in r.reasons) or "-"
        lines.append(
            f"{record.run:<32} {record.case_id:<34} {r.status.value:<7}"
            f" {str(r.task_pass).lower():<5} {str(r.strategy_pass).lower():<8} {reasons}"
        )
    tally = report_object(records, identity)["summary"]
    lines.append(" ".join(f"{k}={v}" for k, v in tally.items()))
    git = identity.get("git", {})
    lines.append(
        f"sakshi {identity.get('versions', {}).get('sakshi')}"
        f" validator {identity.get('versions', {}).get('validator')}"
        f" git {git.get('head') or 'none'}{' (dirty)' if git.get('dirty') else ''}"
    )
    return "\n".join(lines) + "\n"


def render_junit(records: Sequence[RunRecord], identity: Mapping[str, Any]) -> bytes:
    """One testsuite, one testcase per run: a fail is a failure, error or unknown an error."""
    cases = []
    for record in records:
        r = record.result
        classname, reasons = (
            "sakshi.recovery." + record.case_id,
            ", ".join(code.value for code in r.reasons),
        )
        if r.status is Status.PASS:
            cases.append(junit.Case(classname, record.run))
        elif r.status is Status.FAIL:
            message = (
                f"task_pass={str(r.task_pass).lower()}"
                f" strategy_pass={str(r.strategy_pass).lower()}: {reasons}"
            )
            cases.append(junit.Case(classname, record.run, "failure", message, "sakshi.fail"))
        else:
            message = f"{r.status.value}: {reasons}"
            cases.append(
                junit.Case(classname, record.run, "error", message, f"sakshi.{r.status.value}")
            )
    return junit.render("sakshi.recovery", cases, identity)
