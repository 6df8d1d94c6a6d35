"""The GitHub job summary: a ``run context --format json`` report as Markdown.

GitHub shows what a step appends to ``$GITHUB_STEP_SUMMARY`` on the run's page. The
summary gives the counts (packs, held, failed, green, red), then every pack that is red
or did not hold, with its reasons, and each finding with its diagnosis. A run that could
not grade (exit 2, no report) says so, with the end of sakshi's message. ``render_summary``
is pure (data in, text out); ``main`` is the action's step::

    python -m sakshi.integrations.summary REPORT.json --exit-code 1 --log run.log \\
        >> "$GITHUB_STEP_SUMMARY"

Every text from a pack (titles, details) is escaped, so a pack cannot inject Markdown or
HTML into the page, and the list stops at ``MAX_PACKS`` packs so the summary stays within
GitHub's size limit.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["MAX_PACKS", "main", "render_summary"]

MAX_PACKS = 50
_MAX_TEXT = 500
_MAX_LOG_LINES = 20
# Inline Markdown that could change what a pack's text shows. Every line starts with a
# prefix of the summary's own, so block syntax (#, -, >, 1.) never begins one; `<` and `&`
# become entities, so no HTML gets through.
_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_EXIT_MEANING = {0: "every pack held", 1: "a pack did not hold", 2: "could not grade"}


def _md(value: object) -> str:
    """``value`` as inline Markdown text: one line, HTML and Markdown characters escaped."""
    text = " ".join(str(value).split())
    if len(text) > _MAX_TEXT:
        text = text[: _MAX_TEXT - 1] + "\u2026"
    text = text.replace("&", "&amp;").replace("<", "&lt;")
    return _SPECIAL.sub(r"\\\1", text)


def _packs(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    packs = report.get("packs")
    return [p for p in packs if isinstance(p, Mapping)] if isinstance(packs, list) else []


def _counts(packs: Sequence[Mapping[str, Any]], exit_code: int) -> list[str]:
    held = sum(1 for p in packs if p.get("held") is True)
    red = sum(1 for p in packs if p.get("verdict") == "red")
    meaning = _EXIT_MEANING.get(exit_code, "unexpected exit code")
    cells = [len(packs), held, len(packs) - held, len(packs) - red, red, f"{exit_code} ({meaning})"]
    return [
        "| packs | held | failed | green | red | exit |",
        "| ---: | ---: | ---: | ---: | ---: | --- |",
        "| " + " | ".join(str(cell) for cell in cells) + " |",
    ]


def _row(pack: Mapping[str, Any]) -> str:
    mark = "held" if pack.get("held") is True else "**did not hold**"
    reasons = ", ".join(_md(r) for r in pack.get("reasons") or []) or "none"
    return (
        f"| {_md(pack.get('id'))} | {_md(pack.get('verdict'))} | {_md(pack.get('expect'))} "
        f"| {mark} | {reasons} |"
    )


def _finding_lines(finding: Mapping[str, Any]) -> list[str]:
    field = f" ({_md(finding['field'])})" if finding.get("field") is not None else ""
    lines = [f"- **{_md(finding.get('reason'))}**{field}: {_md(finding.get('detail', ''))}"]
    value_reason = finding.get("value_reason")
    if isinstance(value_reason, str):
        lines.append(f"  - value_reason: {_md(value_reason)}")
    diagnosis = finding.get("diagnosis")
    for note in diagnosis if isinstance(diagnosis, list) else []:
        lines.append(f"  - {_md(note)}")
    return lines


def _pack_section(pack: Mapping[str, Any]) -> list[str]:
    title = f": {_md(pack['title'])}" if pack.get("title") else ""
    lines = ["", f"#### {_md(pack.get('id'))}{title}"]
    if pack.get("source"):
        lines.append(f"Source: {_md(pack['source'])}")
    if pack.get("not_held_because"):
        lines.append(f"Did not hold: {_md(pack['not_held_because'])}")
    findings = pack.get("findings")
    for finding in findings if isinstance(findings, list) else []:
        if isinstance(finding, Mapping):
            lines += _finding_lines(finding)
    return lines


def _log_block(log: str) -> list[str]:
    tail = [line for line in log.splitlines() if line.strip()][-_MAX_LOG_LINES:]
    if not tail:
        return []
    # A fence longer than any run of backticks in the text, so the text cannot close it.
    longest = max((len(run) for run in re.findall(r"`+", "\n".join(tail))), default=0)
    fence = "`" * max(3, longest + 1)
    escaped = [line.replace("&", "&amp;").replace("<", "&lt;") for line in tail]
    return ["", fence + "text", *escaped, fence]


def render_summary(
    report: Mapping[str, Any] | None, exit_code: int, log: str = "", title: str = "sakshi"
) -> str:
    """The Markdown for one ``run context`` report (None: the run wrote no report)."""
    lines = [f"## {_md(title)}: context packs", ""]
    if report is None:
        lines.append(f"sakshi could not grade (exit {exit_code}); no report was written.")
        return "\n".join(lines + _log_block(log)) + "\n"
    packs = _packs(report)
    lines += _counts(packs, exit_code)
    shown = [p for p in packs if p.get("verdict") == "red" or p.get("held") is not True]
    if not shown:
        return "\n".join(lines) + "\n"
    lines += ["", "### Red packs and packs that did not hold", ""]
    lines += ["| pack | verdict | expected | held | reasons |", "| --- | --- | --- | --- | --- |"]
    lines += [_row(pack) for pack in shown[:MAX_PACKS]]
    for pack in shown[:MAX_PACKS]:
        lines += _pack_section(pack)
    if len(shown) > MAX_PACKS:
        lines += ["", f"… and {len(shown) - MAX_PACKS} more: see the JUnit report and the view."]
    return "\n".join(lines) + "\n"


def _read_report(path: Path) -> Mapping[str, Any] | None:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, Mapping) else None


def main(argv: Sequence[str] | None = None) -> int:
    """Print the summary of REPORT.json (see the module's docstring); always exit 0."""
    parser = argparse.ArgumentParser(prog="python -m sakshi.integrations.summary")
    parser.add_argument("report", type=Path, help="what 'run context --format json' wrote")
    parser.add_argument("--exit-code", type=int, required=True, help="run context's exit code")
    parser.add_argument("--log", type=Path, help="run context's stderr, shown when it failed")
    parser.add_argument("--title", default="sakshi", help="the summary's heading")
    args = parser.parse_args(argv)
    report = _read_report(args.report)
    log = ""
    if args.log is not None and (report is None or args.exit_code == 2):
        try:
            log = args.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            log = ""
    sys.stdout.write(render_summary(report, args.exit_code, log, args.title))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
