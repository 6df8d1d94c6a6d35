"""Recovery reports (``sakshi.recovery-report.v2``): JSON, text and JUnit.

Content-free by construction: only enums, booleans, counts, tool names, run folder names,
case ids and the run identity go in. No argument, path, result text, file content or
fact, nor any hash or encoding of one, is ever handed to these functions.

Names are shown so that they cannot carry content or forge output, in every format alike:
a run folder's name escaped by ``run_label`` (no line break or control character reaches
a text row or a JUnit attribute), tool names through ``shown_tool_names`` (a name that is
not shaped like a tool name is ``other``; the validator has already shown every name its
agent format does not know as ``other``, counted in ``other_tool_calls``, and the lane
those that hold a corpus fact). The ``skipped`` count says how many records the trace reader passed
over on purpose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from sakshi.recovery import RunRecord, Status, shown_run, shown_tool_names
from sakshi.reports import junit

__all__ = [
    "COUNT_NAMES",
    "REPORT_FORMAT",
    "render_json",
    "render_junit",
    "render_text",
    "report_object",
    "summary_lines",
]

REPORT_FORMAT = "sakshi.recovery-report.v2"

# The counts a v2 report carries: the validator's, and what the reader skipped on purpose.
# `report reinterpret` keeps no other key (a key is a string, and a string can be content).
COUNT_NAMES = frozenset(
    {
        "events",
        "tool_calls",
        "tool_results",
        "failed_results",
        "read_calls",
        "producer_calls",
        "harness_events",
        "messages",
        "other_tool_calls",
        "skipped",
        "lines_unreadable",
        "content_not_captured",
    }
)


def _case(record: RunRecord) -> dict[str, Any]:
    r = record.result
    return {
        "id": record.case_id,
        "run": shown_run(record.run),
        "status": r.status.value,
        "reasons": [code.value for code in r.reasons],
        "task_pass": r.task_pass,
        "strategy_pass": r.strategy_pass,
        "tool_names": list(shown_tool_names(r.tool_names)),
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
    """The report as JSON: two-space indent, keys sorted, one trailing newline."""
    return (
        orjson.dumps(
            report_object(records, identity), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS
        )
        + b"\n"
    )


def render_text(
    records: Sequence[RunRecord], identity: Mapping[str, Any], failures_only: bool = False
) -> str:
    """One row per run (``failures_only``: per run that did not pass), the tally, and the
    identity's versions and git state."""
    lines = [f"{'run':<32} {'case':<34} {'status':<7} {'task':<5} {'strategy':<8} reasons"]
    for record in records:
        r = record.result
        if failures_only and r.status is Status.PASS:
            continue
        reasons = ", ".join(code.value for code in r.reasons) or _why_unknown(r.counts) or "-"
        lines.append(
            f"{shown_run(record.run):<32} {record.case_id:<34} {r.status.value:<7}"
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


def summary_lines(records: Sequence[RunRecord], wrote: str = "") -> list[str]:
    """The stderr summary of a run: the tally (and ``wrote``, what was written), then one
    line per run that did not pass, with its reasons."""
    tally = report_object(records, {})["summary"]
    counts = ", ".join(f"{count} {status}" for status, count in tally.items())
    head = f"sakshi: {len(records)} run{'s' if len(records) != 1 else ''}: {counts}"
    lines = [f"{head}; {wrote}" if wrote else head]
    for record in records:
        r = record.result
        if r.status is not Status.PASS:
            reasons = ", ".join(code.value for code in r.reasons)
            reasons = reasons or _why_unknown(r.counts) or "no reason"
            lines.append(
                f"  {r.status.value.upper()} {record.case_id} ({shown_run(record.run)}): {reasons}"
            )
    return lines


def _why_unknown(counts: Mapping[str, int]) -> str:
    """An unknown run's why, from its counts (a report holds no reason code for it)."""
    missing = counts.get("content_not_captured", 0)
    if missing:
        return f"content not captured ({missing} tool calls or results without it)"
    return ""


def render_junit(records: Sequence[RunRecord], identity: Mapping[str, Any]) -> bytes:
    """One testsuite, one testcase per run: a fail is a failure, error or unknown an error."""
    cases = []
    for record in records:
        r = record.result
        classname, run = "sakshi.recovery." + record.case_id, shown_run(record.run)
        reasons = ", ".join(code.value for code in r.reasons)
        if r.status is Status.PASS:
            cases.append(junit.Case(classname, run))
        elif r.status is Status.FAIL:
            message = (
                f"task_pass={str(r.task_pass).lower()}"
                f" strategy_pass={str(r.strategy_pass).lower()}: {reasons}"
            )
            cases.append(junit.Case(classname, run, "failure", message, "sakshi.fail"))
        else:
            message = f"{r.status.value}: {reasons or _why_unknown(r.counts)}"
            cases.append(junit.Case(classname, run, "error", message, f"sakshi.{r.status.value}"))
    return junit.render("sakshi.recovery", cases, identity)
