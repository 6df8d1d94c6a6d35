"""JUnit XML from a ``run context --format json`` report, so that CI gets JUnit, the
evidence view and the job summary from one run (a team's route may call a live model:
running the packs a second time for another format would cost as much again, and could
answer differently).

The testcases are those ``run context --format junit`` writes for the same packs (a test
pins it): one per pack, a ``failure`` where it did not hold, whose message and body give
why, the reasons and each finding's diagnosis. The suite's properties are the identity
``sakshi identity`` printed, when it is given. It writes through ``reports.junit``, the
one JUnit writer. ``main`` is the action's step::

    python -m sakshi.integrations.junit REPORT.json --identity IDENTITY.json --out junit.xml
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sakshi.reports import junit

__all__ = ["main", "report_junit"]


def _failure(pack: Mapping[str, Any]) -> tuple[str, str]:
    """The failure's message and body, worded as ``run context --format junit`` words them."""
    reasons = ", ".join(str(code) for code in pack.get("reasons") or []) or "no reason fired"
    message = f"{pack.get('not_held_because', 'did not hold')}: {reasons}"
    lines: list[str] = []
    for finding in pack.get("findings") or []:
        if not isinstance(finding, Mapping):
            continue
        lines.append(f"{finding.get('reason')}: {finding.get('detail')}")
        lines += [f"  - {note}" for note in finding.get("diagnosis") or []]
    return message, "\n".join(lines)


def _case(pack: Mapping[str, Any]) -> junit.Case:
    classname = f"sakshi.context.{pack.get('engine_state')}"
    name = str(pack.get("id"))
    if pack.get("held") is True:
        return junit.Case(classname, name)
    message, body = _failure(pack)
    return junit.Case(classname, name, "failure", message, "sakshi.red", body)


def report_junit(report: Mapping[str, Any], identity: Mapping[str, Any] | None = None) -> bytes:
    """The JUnit document for a ``run context`` JSON report (packs in the report's order)."""
    packs = report.get("packs")
    cases = [_case(p) for p in packs if isinstance(p, Mapping)] if isinstance(packs, list) else []
    return junit.render("sakshi.context", cases, identity)


def _read_json(path: Path) -> Any:
    return json.loads(path.read_bytes())


def main(argv: Sequence[str] | None = None) -> int:
    """Write the JUnit XML of REPORT.json; exit 2 when the report cannot be read."""
    parser = argparse.ArgumentParser(prog="python -m sakshi.integrations.junit")
    parser.add_argument("report", type=Path, help="what 'run context --format json' wrote")
    parser.add_argument("--identity", type=Path, help="what 'sakshi identity' printed")
    parser.add_argument("--out", type=Path, required=True, help="the JUnit file to write")
    args = parser.parse_args(argv)
    from sakshi.commands.output import check_outputs, write_new
    from sakshi.errors import InputError

    try:
        # SPEC 9 holds here too: never over an existing file, a link or an input.
        check_outputs([args.out], [args.report, args.identity])
    except InputError as exc:
        parser.exit(2, f"sakshi.integrations.junit: {exc}\n")
    try:
        report = _read_json(args.report)
        identity = _read_json(args.identity) if args.identity is not None else None
    except (OSError, ValueError) as exc:
        parser.exit(2, f"sakshi.integrations.junit: cannot read the report: {exc}\n")
    if not isinstance(report, Mapping) or not isinstance(identity, Mapping | None):
        parser.exit(2, "sakshi.integrations.junit: the report and identity must be JSON objects\n")
    try:
        write_new(report_junit(report, identity), args.out)
    except InputError as exc:
        parser.exit(2, f"sakshi.integrations.junit: {exc}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
