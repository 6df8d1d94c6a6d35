"""Routes: how a pack's golden command becomes a turn.

A route receives one request (the command, the matter, the served bundle and its
engine_state) and returns a turn. Three kinds:

- ``reference``: sakshi's honest stub panel. It answers only from the served bundle, gives
  honest empties for what was not served, and mirrors the provenance exactly.
- ``module:function``: the team's Python entry point, called with the request (a dict)
  in a child interpreter (``route_child``), never in sakshi's own process: the code under
  test must not be able to patch the grader, read its state or end the run.
- ``--route-exec CMD``: any program; the request as JSON on stdin, a turn as JSON on stdout.

A route that raises, exits non-zero, times out or answers something that is not a turn
(``parse_route_turn``: ``{}``, a list, prose, a turn without its provenance or values)
gives a ``RouteFailure`` (the pack goes red with ROUTE_FAILED); it never stops the run.
A program route whose program cannot be found or run is refused when the route is
resolved (``check_program``): exit 2 before any pack is graded.
"""

from __future__ import annotations

import copy
import json
import os
import shlex
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sakshi.context import route_child
from sakshi.errors import InputError
from sakshi.inputs import Config, find_config

if TYPE_CHECKING:  # choosing a route needs neither: a warm run never loads or routes
    from sakshi.context.packs import Pack
    from sakshi.context.turns import Turn

__all__ = [
    "Route",
    "RouteFailure",
    "build_request",
    "check_program",
    "exec_route",
    "python_route",
    "reference_route",
    "resolve_route",
    "run_route",
]

RouteFn = Callable[[dict[str, Any]], object]
_MESSAGE_LIMIT = 500
DEFAULT_TIMEOUT = 60.0  # seconds a program route may take per pack, unless configured


@dataclass(frozen=True)
class Route:
    """A named route: ``call`` takes the request and returns the raw turn, or raises."""

    name: str
    call: RouteFn


@dataclass(frozen=True)
class RouteFailure:
    """Why a route gave no turn; the message is kept for the report."""

    message: str


class _RouteError(Exception):
    """Raised inside route adapters; becomes a RouteFailure."""


def build_request(pack: Pack) -> dict[str, Any]:
    """The request a route receives: plain JSON data, a fresh copy per call."""
    command = pack.command
    return {
        "pack": pack.id,
        "command": {"name": command.name, "args": copy.deepcopy(dict(command.args))}
        if command
        else None,
        "matter": copy.deepcopy(dict(pack.matter)),
        "bundle": copy.deepcopy(dict(pack.bundle)) if pack.bundle is not None else None,
        # The served hash (RFC 8785), so a route may echo it instead of hashing itself.
        "bundle_sha256": pack.served.bundle_sha256,
        "engine_state": pack.engine_state.value,
    }


def _fact_why(fact: Mapping[str, Any], span: Mapping[str, Any]) -> str:
    from sakshi.context.turns import is_visible

    why = fact.get("why")
    if isinstance(why, str) and is_visible(why):
        return why
    anchor = (
        f", page {span['page']}"
        if "page" in span
        else f", block {span['block']}"
        if "block" in span
        else ""
    )
    return f"The context engine served this from document {span.get('doc')}{anchor}."


def reference_route(request: dict[str, Any]) -> dict[str, Any]:
    """The honest stub panel: values only from the bundle's ``facts``, empties otherwise.

    A bundle fact is ``{field, value, why?, span}``; each becomes a value citing the span.
    Every field the command asks for (``args.fields``) that no fact answers becomes an
    honest empty (value null, with a why saying so). The provenance mirrors the request.
    """
    bundle = request.get("bundle")
    state = request.get("engine_state")
    values: list[dict[str, Any]] = []
    answered: set[str] = set()
    facts = bundle.get("facts", []) if isinstance(bundle, Mapping) else []
    for fact in facts if isinstance(facts, list) else []:
        if not isinstance(fact, Mapping) or not isinstance(fact.get("field"), str):
            continue
        span = fact.get("span")
        value: dict[str, Any] = {"field": fact["field"], "value": fact.get("value")}
        if isinstance(span, Mapping):
            value["why"] = _fact_why(fact, span)
            value["cite"] = dict(span)
        values.append(value)
        answered.add(fact["field"])
    command = request.get("command") or {}
    wanted = command.get("args", {}).get("fields", []) if isinstance(command, Mapping) else []
    for name in wanted if isinstance(wanted, list) else []:
        if isinstance(name, str) and name not in answered:
            why = f"Nothing was served for {name} (engine_state {state}); no value is claimed."
            values.append({"field": name, "value": None, "why": why})
            answered.add(name)
    from sakshi.context.turns import bundle_sha256

    return {
        "context_provenance": {
            "engine_state": state,
            "bundle_sha256": None if bundle is None else bundle_sha256(bundle),
        },
        "values": values,
    }


def _check_spec(spec: str) -> None:
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise InputError("--route", None, f"expected module:function, found {spec!r}")


def _child_argv(spec: str, search_path: Path | None, *flags: str) -> list[str]:
    """A fresh interpreter running ``route_child`` for ``spec`` (see there)."""
    import sakshi

    home = str(Path(sakshi.__file__).resolve().parent.parent)
    where = "" if search_path is None else str(search_path)
    return [sys.executable, "-c", route_child.BOOT, home, spec, where, *flags]


def python_route(
    spec: str, search_path: Path | None = None, timeout: float = DEFAULT_TIMEOUT
) -> Route:
    """A Python function as route, run out of process: each call imports ``module:function``
    in a child interpreter that gets the request as JSON and answers JSON
    (``route_child``), within ``timeout``, so nothing the route does reaches the grader.

    The route is imported once now, in a child too: a bad spec, a module that does not
    import or a name that is not callable is exit 2, not a red pack."""
    _check_spec(spec)
    check = _child_argv(spec, search_path, "--check")
    try:
        code, _out, err = _run_child(check, b"", timeout)
    except _RouteError as exc:
        raise InputError("--route", None, f"cannot import {spec!r}: {exc}") from None
    if code != 0:
        problem = _tail(err) or f"the check exited {code}"
        raise InputError("--route", None, problem)
    argv = _child_argv(spec, search_path)

    def call(request: dict[str, Any]) -> object:
        from sakshi.context.turns import canonical_json

        code, out, err = _run_child(argv, canonical_json(request), timeout)
        if code == route_child.ROUTE_RAISED:
            raise _RouteError(_tail(err) or "raised")
        return _answer(code, out, err)

    return Route(f"python:{spec}", call)


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    lines = text.splitlines()
    return (lines[-1] if lines else "")[:_MESSAGE_LIMIT]


def _run_child(argv: list[str], payload: bytes, timeout: float) -> tuple[int, bytes, bytes]:
    """Run ``argv`` with ``payload`` on stdin: its exit code, stdout and stderr; a program
    that cannot start or outlives ``timeout`` (its whole session killed) raises."""
    import signal  # here: choosing a route starts no process
    import subprocess

    try:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as exc:
        raise _RouteError(
            f"cannot start {argv[0]!r}: {exc.strerror or type(exc).__name__}"
        ) from None
    try:
        out, err = process.communicate(payload, timeout=timeout)
    except subprocess.TimeoutExpired:
        # The route may have started children of its own: end the whole session.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()
        process.communicate()
        raise _RouteError(f"timed out after {timeout:g} s") from None
    return process.returncode, out, err


def _answer(code: int, out: bytes, err: bytes) -> object:
    """The JSON a route program wrote, or why there is none."""
    if code != 0:
        tail = _tail(err)
        raise _RouteError(f"exited {code}" + (f": {tail}" if tail else ""))
    try:
        return json.loads(out)
    except ValueError as exc:
        raise _RouteError(f"stdout is not JSON ({exc})") from None


def exec_route(command: str, timeout: float, source: str = "--route-exec") -> Route:
    """A program as route: request JSON on stdin, turn JSON on stdout, within ``timeout``
    (``source``: where the command was given, for messages)."""
    argv = shlex.split(command)
    if not argv:
        raise InputError(source, None, "empty command")

    def call(request: dict[str, Any]) -> object:
        from sakshi.context.turns import canonical_json

        return _answer(*_run_child(argv, canonical_json(request), timeout))

    return Route(f"exec:{argv[0]}", call)


def check_program(program: str, source: str = "--route-exec") -> None:
    """A program route that cannot be found or run is exit 2 before any pack is graded:
    found only when a pack needs it, it would turn every routed pack red with the same
    ROUTE_FAILED, and pass unseen when every pack carries a recorded turn. Looked up as
    the run will start it (``PATH`` for a bare name, else the path from here)."""
    if shutil.which(program) is not None:
        return
    if os.sep not in program and not (os.altsep and os.altsep in program):
        why = "no such program on PATH"
    elif os.path.isdir(program):
        why = "it is a folder"
    elif os.path.exists(program):
        why = "it is not executable"
    else:
        why = "no such file"
    raise InputError(source, None, f"cannot run {program!r}: {why}")


def reference() -> Route:
    """The reference route as a Route."""
    return Route("reference", reference_route)


def resolve_route(
    route: str | None,
    route_exec: str | None,
    timeout: float | None,
    cwd: Path,
    config: Config | None = None,
) -> Route:
    """The route to use: --route-exec, --route, else the configuration's ``route-exec`` or
    ``route`` (``config``, else the nearest sakshi.toml or ``[tool.sakshi]`` from ``cwd``
    upward), else the reference route. ``reference`` names the reference route explicitly.
    ``timeout`` None: the configuration's ``route-timeout``, else 60 s."""
    if route is not None and route_exec is not None:
        raise InputError("--route", None, "give --route or --route-exec, not both")
    search_path, exec_source = cwd, "--route-exec"
    if route is None and route_exec is None or timeout is None:
        config = config if config is not None else find_config(cwd)
        timeout = timeout if timeout is not None else config.route_timeout or DEFAULT_TIMEOUT
        if route is None and route_exec is None:
            route, route_exec, search_path = config.route, config.route_exec, config.root
            exec_source = config.where("route-exec")
    if route_exec is not None:
        chosen = exec_route(route_exec, timeout, exec_source)
        check_program(shlex.split(route_exec)[0], exec_source)
        return chosen
    if route is None or route == "reference":
        return reference()
    return python_route(route, search_path.absolute(), timeout)


def run_route(route: Route, pack: Pack) -> Turn | RouteFailure:
    """Run the pack's golden command through ``route``; any failure is a RouteFailure."""
    try:
        raw = route.call(build_request(pack))
    except _RouteError as exc:
        return RouteFailure(f"route {route.name} {exc}")
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - a crashing route is a red pack
        return RouteFailure(
            f"route {route.name} raised {type(exc).__name__}: {str(exc)[:_MESSAGE_LIMIT]}"
        )
    from sakshi.context.turns import parse_route_turn

    turn = parse_route_turn(raw)
    if isinstance(turn, str):
        return RouteFailure(f"route {route.name} returned something that is not a turn: {turn}")
    return turn
