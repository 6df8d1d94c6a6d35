"""The child process a Python route (``--route MODULE:FUNCTION``) runs in.

The code under test never runs inside the grader: a route imported into sakshi's process
could patch the grade, read its state or end the run with exit 0. So sakshi starts this
module in a fresh interpreter per pack (``routes.python_route``), as it starts any
program route: the request as JSON on stdin, the turn as JSON on stdout.

    python -c BOOT SPEC SEARCH_PATH [--check]

``SEARCH_PATH`` (or "") goes first on ``sys.path``, as the current folder (or the
configuration's) did when routes were imported in process. With ``--check`` the route is
only imported and looked up: exit 0 when it is callable, else exit 2 with the reason on
stderr (a configuration mistake, never a red pack). Otherwise the function is called with
the request; exit 0 with its answer as JSON on stdout, or exit 3 with ``raised
NAME: message`` as the last line of stderr. Whatever the route prints goes to stderr:
only the answer is written to stdout, so a chatty route still answers.

Only the standard library is imported here: the route's own imports are its business.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable
from typing import NoReturn

__all__ = ["BOOT", "CHECK_FAILED", "ROUTE_RAISED", "main"]

CHECK_FAILED = 2  # --check: the route cannot be imported or is not callable
ROUTE_RAISED = 3  # the route raised (SystemExit too); the last stderr line says what
_LIMIT = 500

# What ``python -c`` runs: sakshi's own folder is appended (never put first), so the
# child finds this module even where the parent found sakshi through its own sys.path.
BOOT = (
    "import sys\n"
    "sys.path.append(sys.argv.pop(1))\n"
    "from sakshi.context.route_child import main\n"
    "main(sys.argv[1:])\n"
)


def _find(spec: str) -> Callable[[object], object]:
    """The callable ``spec`` names, or exit 2 saying why not."""
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - any import failure is a configuration error
        # SystemExit too: a module calling sys.exit(0) on import must not pass for a route.
        _refuse(f"cannot import {module_name!r}: {type(exc).__name__}: {exc}")
    target: object = module
    for part in attr.split("."):
        target = getattr(target, part, None)
    if not callable(target):
        _refuse(f"{spec!r} is not a callable in {module_name!r}")
    return target


def _one_line(text: str) -> str:
    return " ".join(text.split("\n")).replace("\r", " ")


def _refuse(message: str) -> NoReturn:
    sys.stderr.write(_one_line(message)[: 4 * _LIMIT] + "\n")
    sys.stderr.flush()
    os._exit(CHECK_FAILED)


def _fail(message: str) -> NoReturn:
    # A line of its own: the route may have left a partial line on stderr.
    sys.stderr.write("\n" + _one_line(message)[: 2 * _LIMIT] + "\n")
    sys.stderr.flush()
    os._exit(ROUTE_RAISED)


def main(argv: list[str]) -> NoReturn:
    """Run the route named in ``argv`` (see the module's docstring); never returns.

    The entry point of a process of its own (the child ``BOOT`` starts), so it may end
    that process, as ``cli.main`` ends sakshi's (tests/test_layout.py names both).
    ``os._exit`` ends it at once: no atexit handler or thread the route left behind runs
    after the answer, or changes the exit code."""
    spec, search_path, *flags = argv
    if search_path:
        sys.path.insert(0, search_path)
    # Anything the route writes to stdout (print, a C library) goes to stderr; the
    # answer alone is written to the saved stdout at the end.
    answer_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    function = _find(spec)
    if flags == ["--check"]:
        os._exit(0)
    try:
        answer = function(json.load(sys.stdin))
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the route's failure is reported
        _fail(f"raised {type(exc).__name__}: {str(exc)[:_LIMIT]}")
    try:
        data = json.dumps(answer, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (ValueError, TypeError, RecursionError) as exc:
        _fail(f"returned something that is not JSON ({type(exc).__name__}: {exc})")
    with os.fdopen(answer_fd, "wb") as out:
        out.write(data)
    sys.stderr.flush()
    os._exit(0)
