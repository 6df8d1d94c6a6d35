"""Runs in one child process for bench/values_speed.py: every sakshi command of PLAN.json
(a list of argument lists) through sakshi's own CLI entry, in turn, so that the child's CPU
time is the commands' work plus one start-up. Prints the exit codes, as a JSON list: a
command that exits 2 (a refused FIELDS.yaml) leaves its output missing, which the caller's
check of the output reports.

    python values_speed_run.py PLAN.json
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    """Run every planned command and print their exit codes."""
    from sakshi.cli import main as sakshi

    with open(sys.argv[1], encoding="utf-8") as handle:
        plan = json.load(handle)
    codes = [sakshi(argv) for argv in plan]
    print(json.dumps(codes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
