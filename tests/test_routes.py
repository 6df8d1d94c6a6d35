"""Routes: the reference stub panel, requests, and how route failures become values."""

from __future__ import annotations

import copy
import shlex
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sakshi.context.grade import Verdict, grade_turn
from sakshi.context.packs import Pack, pack_from_data
from sakshi.context.routes import (
    Route,
    RouteFailure,
    build_request,
    exec_route,
    python_route,
    reference_route,
    resolve_route,
    run_route,
)
from sakshi.context.turns import Turn, bundle_sha256, canonical_json, parse_turn
from sakshi.errors import InputError

# --- builders -------------------------------------------------------------------------

GRN = "Date of receipt: 14.06.2024\nQuantity received: 42.500 MT\n"
FACTS = [
    {
        "field": "delivered_qty",
        "value": "42.500 MT",
        "why": "The GRN records the quantity received.",
        "span": {"doc": "grn", "quote": "Quantity received: 42.500 MT"},
    },
    {
        "field": "closing",
        "value": "₹ 6,13,875.00",
        "span": {"doc": "ledger", "quote": "₹ 6,13,875.00", "page": 2},
    },
]
BUNDLE = {"engine": "matter-context", "facts": FACTS}
FIELDS = ["receipt_date", "delivered_qty", "closing"]


def pack_data(state: str = "live", **overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": f"routes-{state}",
        "engine_state": state,
        # The matter names a value the bundle does not serve: the reference must not use it.
        "matter": {
            "forum": "Tribunal",
            "parties": {"claimant": "BSFW"},
            "receipt_date": "01.01.2024",
        },
        "documents": [
            {"id": "grn", "text": GRN},
            {"id": "ledger", "pages": ["Advance", "Closing ₹ 6,13,875.00"]},
        ],
        "command": {"name": "chronology", "args": {"fields": list(FIELDS)}},
    }
    if state != "none":
        data["bundle"] = copy.deepcopy(BUNDLE)
    data.update(overrides)
    return data


def make_pack(tmp_path: Path, state: str = "live", **overrides: Any) -> Pack:
    return pack_from_data(pack_data(state, **overrides), tmp_path, "label")


def request(state: str = "live", bundle: Any = BUNDLE, fields: Any = FIELDS) -> dict[str, Any]:
    return {
        "pack": "p",
        "command": {"name": "chronology", "args": {"fields": copy.deepcopy(fields)}},
        "matter": {"receipt_date": "01.01.2024"},
        "bundle": copy.deepcopy(bundle),
        "engine_state": state,
    }


def script_route(tmp_path: Path, body: str, timeout: float = 10.0) -> Route:
    """An exec route running a small Python program written to tmp_path."""
    script = tmp_path / "route_prog.py"
    script.write_text(textwrap.dedent(body), "utf-8")
    return exec_route(f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}", timeout)


def failure(result: Turn | RouteFailure) -> str:
    assert isinstance(result, RouteFailure), result
    return result.message


@pytest.fixture
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """python_route adds to sys.path and imports: undo both after the test."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith("sakshi_test_"):
            del sys.modules[name]


# --- reference_route ------------------------------------------------------------------


def test_reference_answers_from_facts_and_empties_the_rest() -> None:
    out = reference_route(request())
    values = out["values"]
    assert [v["field"] for v in values] == ["delivered_qty", "closing", "receipt_date"]
    assert values[0] == {
        "field": "delivered_qty",
        "value": "42.500 MT",
        "why": "The GRN records the quantity received.",
        "cite": {"doc": "grn", "quote": "Quantity received: 42.500 MT"},
    }
    # No why in the fact: one naming the document and the page is written.
    assert values[1]["why"] == "The context engine served this from document ledger, page 2."
    assert values[1]["cite"] == FACTS[1]["span"]
    # receipt_date was asked for and is in the matter, but not served: an honest empty.
    assert values[2]["value"] is None and "cite" not in values[2]
    assert "receipt_date" in values[2]["why"] and "live" in values[2]["why"]


def test_reference_provenance_mirrors_the_request() -> None:
    out = reference_route(request("partial"))
    assert out["context_provenance"] == {
        "engine_state": "partial",
        "bundle_sha256": bundle_sha256(BUNDLE),
    }


def test_reference_at_none_has_null_hash_and_only_empties() -> None:
    out = reference_route(request("none", bundle=None))
    assert out["context_provenance"] == {"engine_state": "none", "bundle_sha256": None}
    assert [(v["field"], v["value"]) for v in out["values"]] == [(f, None) for f in FIELDS]


def test_reference_is_deterministic_and_leaves_the_request_alone() -> None:
    req = request()
    before = copy.deepcopy(req)
    first = reference_route(req)
    assert reference_route(req) == first
    assert canonical_json(reference_route(copy.deepcopy(req))) == canonical_json(first)
    assert req == before
    first["values"][0]["cite"]["quote"] = "changed"
    assert req == before  # the cite handed out is not the bundle's own span


def test_reference_skips_junk_facts_and_asks_once() -> None:
    bundle = {
        "facts": [
            "not a fact",
            {"value": "no field"},
            {"field": 3},
            {"field": "qty", "value": "1", "span": "p.1"},
        ]
    }
    out = reference_route(request(bundle=bundle, fields=["qty", "other", "other", 5]))
    # A fact with no span mapping gives its value with neither why nor cite (red at live).
    assert out["values"] == [
        {"field": "qty", "value": "1"},
        {
            "field": "other",
            "value": None,
            "why": "Nothing was served for other (engine_state live); no value is claimed.",
        },
    ]


@pytest.mark.parametrize(
    "bundle",
    [{}, {"facts": "x"}, {"facts": None}, []],
    ids=["no-facts", "facts-str", "facts-null", "list"],
)
def test_reference_with_no_usable_facts(bundle: Any) -> None:
    out = reference_route(request(bundle=bundle, fields=["qty"]))
    assert [v["value"] for v in out["values"]] == [None]
    assert out["context_provenance"]["bundle_sha256"] == bundle_sha256(bundle)


@pytest.mark.parametrize("state", ["live", "partial", "stubbed", "none"])
def test_reference_turn_is_green_through_the_grade(tmp_path: Path, state: str) -> None:
    pack = make_pack(tmp_path, state)
    turn = parse_turn(reference_route(build_request(pack)))
    assert isinstance(turn, Turn)
    assert grade_turn(turn, pack.served, pack.documents).verdict is Verdict.GREEN


# --- build_request --------------------------------------------------------------------


def test_request_shape(tmp_path: Path) -> None:
    pack = make_pack(tmp_path, "stubbed")
    req = build_request(pack)
    assert req == {
        "pack": "routes-stubbed",
        "command": {"name": "chronology", "args": {"fields": FIELDS}},
        "matter": pack_data()["matter"],
        "bundle": BUNDLE,
        "bundle_sha256": bundle_sha256(BUNDLE),  # the served hash, for a route to echo
        "engine_state": "stubbed",
    }
    canonical_json(req)  # plain JSON data


def test_request_without_command_or_bundle(tmp_path: Path) -> None:
    data = pack_data(
        "none", turn={"context_provenance": {"engine_state": "none", "bundle_sha256": None}}
    )
    del data["command"]  # a pack with a recorded turn needs no command
    req = build_request(pack_from_data(data, tmp_path, "label"))
    assert req["command"] is None and req["bundle"] is None and req["engine_state"] == "none"
    assert req["bundle_sha256"] is None


def test_request_is_a_deep_copy(tmp_path: Path) -> None:
    pack = make_pack(tmp_path)
    pristine = build_request(pack)

    def vandal(req: dict[str, Any]) -> object:
        req["bundle"]["facts"][0]["value"] = "999 MT"
        req["bundle"]["facts"].append({"field": "x"})
        req["matter"]["parties"]["claimant"] = "someone else"
        req["command"]["args"]["fields"].append("injected")
        req["engine_state"] = "live"
        return reference_route(req)

    assert isinstance(run_route(Route("vandal", vandal), pack), Turn)
    assert build_request(pack) == pristine
    assert pack.bundle is not None and pack.bundle["facts"][0]["value"] == "42.500 MT"
    assert pack.matter["parties"] == {"claimant": "BSFW"}
    assert pack.command is not None and pack.command.args["fields"] == FIELDS
    assert pack.served.bundle_sha256 == bundle_sha256(BUNDLE)


# --- run_route: failures are values ------------------------------------------------------


def test_run_route_returns_the_turn(tmp_path: Path) -> None:
    result = run_route(Route("reference", reference_route), make_pack(tmp_path))
    assert isinstance(result, Turn) and result.engine_state == "live"


def _raise(exc: BaseException) -> Route:
    def call(request: dict[str, Any]) -> object:
        raise exc

    return Route("python:agent:answer", call)


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (ValueError("no matter"), "route python:agent:answer raised ValueError: no matter"),
        (KeyError("bundle"), "route python:agent:answer raised KeyError: 'bundle'"),
        (RecursionError(), "route python:agent:answer raised RecursionError: "),
        (InputError("x", None, "bad"), "route python:agent:answer raised InputError: x: bad"),
    ],
    ids=["value-error", "key-error", "recursion", "input-error"],
)
def test_exceptions_become_route_failures(tmp_path: Path, exc: Exception, expected: str) -> None:
    assert failure(run_route(_raise(exc), make_pack(tmp_path))) == expected


def test_long_exception_message_is_cut(tmp_path: Path) -> None:
    message = failure(run_route(_raise(RuntimeError("x" * 10_000)), make_pack(tmp_path)))
    assert message.startswith("route python:agent:answer raised RuntimeError: xxx")
    assert len(message) < 600


@pytest.mark.parametrize("code", [0, 2], ids=["exit-0", "argparse-exit-2"])
def test_route_calling_sys_exit_is_a_route_failure(tmp_path: Path, code: int | None) -> None:
    # A route that wraps a CLI (argparse, click) may call sys.exit(); that must be a red
    # pack, not the end of the whole run (an exit 0 would even look like success).
    result = run_route(_raise(SystemExit(code)), make_pack(tmp_path))
    assert "SystemExit" in failure(result)


PROVENANCE = {"engine_state": "live", "bundle_sha256": None}
NOT_TURNS = [
    (None, "expected a turn (a mapping), found null"),
    ([], "expected a turn (a mapping), found list"),
    ("{}", "expected a turn (a mapping), found str"),
    ({}, "context_provenance: missing"),
    ({"values": []}, "context_provenance: missing"),
    (
        {"context_provenance": {"engine_state": "live"}, "values": []},
        "context_provenance: expected",
    ),
    ({"context_provenance": PROVENANCE}, "values: missing"),
    ({"context_provenance": PROVENANCE, "values": [{"value": 1}]}, "values[0].field"),
]
NOT_TURN_IDS = ["null", "list", "string", "empty", "no-provenance", "bad-provenance", "no-values"]


@pytest.mark.parametrize(("raw", "problem"), NOT_TURNS, ids=[*NOT_TURN_IDS, "no-field"])
def test_non_turn_returns_become_route_failures(tmp_path: Path, raw: object, problem: str) -> None:
    message = failure(run_route(Route("python:agent:answer", lambda req: raw), make_pack(tmp_path)))
    assert message.startswith(
        "route python:agent:answer returned something that is not a turn: " + problem
    )


# --- exec routes ------------------------------------------------------------------------


def test_exec_route_gets_canonical_request_on_stdin(tmp_path: Path) -> None:
    seen = tmp_path / "stdin.bin"
    route = script_route(
        tmp_path,
        f"""
        import json, sys
        data = sys.stdin.buffer.read()
        open({str(seen)!r}, "wb").write(data)
        prov = {{"engine_state": json.loads(data)["engine_state"], "bundle_sha256": None}}
        print(json.dumps({{"context_provenance": prov, "values": []}}))
        """,
    )
    pack = make_pack(tmp_path, "partial")
    result = run_route(route, pack)
    assert isinstance(result, Turn) and result.engine_state == "partial"
    assert seen.read_bytes() == canonical_json(build_request(pack))
    assert route.name == f"exec:{sys.executable}"


EXEC_FAILURES = [
    (
        "non-zero",
        (
            "import sys\n"
            "print('partial', flush=True)\n"
            "sys.stderr.write('warming up\\nfatal: no matter\\n')\n"
            "sys.exit(3)\n"
        ),
        "exited 3: fatal: no matter",
    ),
    ("non-zero-silent", "import sys\nsys.exit(4)\n", "exited 4"),
    ("crash", "raise SystemError('boom')\n", "exited 1: SystemError: boom"),
    ("not-json", "print('Here is your chronology: ...')\n", "stdout is not JSON"),
    ("empty-stdout", "", "stdout is not JSON"),
    (
        "json-not-turn",
        "print('[1, 2]')\n",
        "returned something that is not a turn: expected a turn (a mapping), found list",
    ),
]


@pytest.mark.parametrize(
    ("body", "expected"), [c[1:] for c in EXEC_FAILURES], ids=[c[0] for c in EXEC_FAILURES]
)
def test_exec_failures_become_route_failures(tmp_path: Path, body: str, expected: str) -> None:
    message = failure(run_route(script_route(tmp_path, body), make_pack(tmp_path)))
    assert message.startswith(f"route exec:{sys.executable} ")
    assert expected in message


def test_exec_missing_program(tmp_path: Path) -> None:
    route = exec_route(str(tmp_path / "no-such-agent"), 5.0)
    message = failure(run_route(route, make_pack(tmp_path)))
    assert message.startswith(f"route exec:{tmp_path / 'no-such-agent'} cannot start")
    assert "No such file or directory" in message


# A program that sleeps, then leaves a mark: a route run that returns with no mark left
# ended the program before its sleep did (killed, not waited for). No clock is read.
SLEEP_THEN_MARK = "import sys, time\ntime.sleep(30)\nopen(sys.argv[1], 'w').close()\n"


def test_exec_timeout_kills_a_sleeping_child(tmp_path: Path) -> None:
    finished = tmp_path / "child.finished"
    body = f"import sys\nsys.argv[1:] = [{str(finished)!r}]\n{SLEEP_THEN_MARK}"
    route = script_route(tmp_path, body, timeout=0.3)
    message = failure(run_route(route, make_pack(tmp_path)))
    assert message == f"route exec:{sys.executable} timed out after 0.3 s"
    assert not finished.exists()  # ended at the timeout, not waited for


def test_exec_timeout_kills_grandchildren_holding_stdout(tmp_path: Path) -> None:
    # The grandchild inherits stdout; unless the whole session is killed, reading stdout
    # to its end would wait for it (and it would leave its mark first).
    finished = tmp_path / "grandchild.finished"
    body = f"""
    import subprocess, sys, time
    subprocess.Popen([sys.executable, "-c", {SLEEP_THEN_MARK!r}, {str(finished)!r}])
    time.sleep(30)
    """
    message = failure(run_route(script_route(tmp_path, body, timeout=0.5), make_pack(tmp_path)))
    assert "timed out after 0.5 s" in message
    assert not finished.exists()  # the grandchild was killed with its session


@pytest.mark.parametrize("command", ["", "   ", "\t\n"], ids=["empty", "blank", "newline"])
def test_exec_route_refuses_an_empty_command(command: str) -> None:
    with pytest.raises(InputError, match="empty command"):
        exec_route(command, 1.0)


# --- python_route -----------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["", "agent", "agent.answer", ":answer", "agent:", ":"], ids=repr)
def test_python_route_refuses_a_bad_spec(spec: str) -> None:
    with pytest.raises(InputError, match="expected module:function") as info:
        python_route(spec)
    assert info.value.source == "--route"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        (
            "sakshi_test_no_such_module:answer",
            "cannot import 'sakshi_test_no_such_module': ModuleNotFoundError",
        ),
        ("json:no_such_function", "'json:no_such_function' is not a callable in 'json'"),
        ("json:__doc__", "'json:__doc__' is not a callable in 'json'"),
        ("json:decoder.nope", "is not a callable"),
    ],
    ids=["no-module", "no-attr", "not-callable", "no-nested-attr"],
)
def test_python_route_refuses_what_cannot_be_called(
    spec: str, problem: str, clean_imports: None
) -> None:
    with pytest.raises(InputError, match="--route") as info:
        python_route(spec)
    assert problem in str(info.value)


def test_python_route_refuses_a_module_that_fails_to_import(
    tmp_path: Path, clean_imports: None
) -> None:
    (tmp_path / "sakshi_test_broken.py").write_text(
        "raise RuntimeError('needs an API key')\n", "utf-8"
    )
    with pytest.raises(InputError, match="RuntimeError: needs an API key"):
        python_route("sakshi_test_broken:answer", tmp_path)


def test_python_route_imports_from_search_path(tmp_path: Path, clean_imports: None) -> None:
    (tmp_path / "sakshi_test_agent.py").write_text(
        "from sakshi.context.routes import reference_route\n"
        "class Panel:\n"
        "    answer = staticmethod(reference_route)\n",
        "utf-8",
    )
    route = python_route("sakshi_test_agent:Panel.answer", tmp_path)
    assert route.name == "python:sakshi_test_agent:Panel.answer"
    assert isinstance(run_route(route, make_pack(tmp_path)), Turn)


# --- resolve_route ----------------------------------------------------------------------


def write_pyproject(tmp_path: Path, text: str) -> None:
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(text), "utf-8")


def test_resolve_defaults_to_reference(tmp_path: Path) -> None:
    assert resolve_route(None, None, 1.0, tmp_path).name == "reference"


def test_resolve_reads_tool_sakshi_route(tmp_path: Path, clean_imports: None) -> None:
    (tmp_path / "sakshi_test_team.py").write_text(
        "def answer(request):\n    return None\n", "utf-8"
    )
    write_pyproject(
        tmp_path, '[project]\nname = "team"\n[tool.sakshi]\nroute = "sakshi_test_team:answer"\n'
    )
    assert resolve_route(None, None, 1.0, tmp_path).name == "python:sakshi_test_team:answer"


@pytest.mark.parametrize(
    "text",
    ['[tool.sakshi]\nroute = "reference"\n', "[tool.ruff]\nline-length = 100\n", "[tool.sakshi]\n"],
    ids=["named-reference", "no-sakshi-table", "no-route-key"],
)
def test_resolve_reference_from_pyproject(tmp_path: Path, text: str) -> None:
    write_pyproject(tmp_path, text)
    assert resolve_route(None, None, 1.0, tmp_path).name == "reference"


def test_explicit_route_wins_over_pyproject(tmp_path: Path, clean_imports: None) -> None:
    write_pyproject(tmp_path, '[tool.sakshi]\nroute = "sakshi_test_missing:answer"\n')
    assert resolve_route("reference", None, 1.0, tmp_path).name == "reference"
    assert resolve_route("json:dumps", None, 1.0, tmp_path).name == "python:json:dumps"
    chosen = resolve_route(None, f"{sys.executable} --json", 1.0, tmp_path)
    assert chosen.name == f"exec:{sys.executable}"


def test_route_and_route_exec_together_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not both"):
        resolve_route("json:dumps", "my-agent", 1.0, tmp_path)


def test_empty_route_is_refused_not_defaulted(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="expected module:function"):
        resolve_route("", None, 1.0, tmp_path)


def test_empty_route_exec_is_refused_not_defaulted(tmp_path: Path) -> None:
    # `--route-exec ""` names a program route; silently grading with the reference (or the
    # pyproject) route instead would fail open. exec_route itself refuses an empty command.
    with pytest.raises(InputError, match="empty command"):
        resolve_route(None, "", 1.0, tmp_path)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[tool.sakshi]\nroute = 3\n", "tool.sakshi.route"),
        ('[tool.sakshi]\nroute = ["a:b"]\n', "tool.sakshi.route"),
        ("[tool.sakshi\nroute = 'x'\n", None),
        ('[tool]\nsakshi = "agent:answer"\n', None),
        ("tool = 3\n", None),
    ],
    ids=["route-int", "route-list", "bad-toml", "sakshi-not-a-table", "tool-not-a-table"],
)
def test_bad_pyproject_is_an_input_error_naming_the_file(
    tmp_path: Path, text: str, key: str | None
) -> None:
    write_pyproject(tmp_path, text)
    with pytest.raises(InputError) as info:
        resolve_route(None, None, 1.0, tmp_path)
    assert info.value.source == str(tmp_path / "pyproject.toml")
    if key is not None:
        assert info.value.key == key
