"""The GitHub Action's check of its ``sakshi`` input: ``sakshi init --install``'s own rule
(``inputs/pins.py``), run before anything is installed.

The Action runs it from the source of the commit its ``uses:`` names, with nothing
installed yet, so this module and what it imports use the standard library only::

    python -I -c '...; sys.path.insert(0, ACTION_PATH/src); ...action_pin import main' REQ

Exit 0 when the line is pinned; else exit 2 with a workflow ``::error`` command on stdout
(where the runner reads it) naming the input, why, and the pinned forms.
"""

from __future__ import annotations

import sys

from sakshi.errors import InputError
from sakshi.inputs import check_pinned

__all__ = ["LABEL", "main", "workflow_error"]

LABEL = "the 'sakshi' input"


def workflow_error(message: str) -> str:
    """``message`` as a GitHub ``::error`` command: '%', CR and LF escaped as the runner
    unescapes them, so a requirement's '%2F' or a line break reads back as written."""
    data = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return f"::error title=sakshi::{data}"


def main(argv: list[str]) -> int:
    """Check the one requirement in ``argv``; 0 pinned, 2 not (the message on stdout)."""
    if len(argv) != 1:
        print(workflow_error(f"{LABEL}: expected one requirement, found {len(argv)}"))
        return 2
    try:
        check_pinned(argv[0], LABEL)
    except InputError as exc:
        print(workflow_error(str(exc)))
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover - the Action imports main (see above)
    sys.exit(main(sys.argv[1:]))
