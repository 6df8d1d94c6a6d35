"""``sakshi run context`` and ``sakshi prove`` end to end, on packs written into tmp_path.

Every grade reason at every engine_state where it fires, and its absence where the state
drops the bar; several at once; ``expect: red``; the three report formats and ``--out``;
the diagnosis of fabricated spans; Python and program routes, and how each of them fails.
"""

from __future__ import annotations

import json
import shlex
import sys
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256

PM, FS, EM, WM, CM, RF = (
    "PROVENANCE_MISMATCH",
    "FABRICATED_SPAN",
    "EVIDENCE_MISSING",
    "WHY_MISSING",
    "CITE_MISSING",
    "ROUTE_FAILED",
)
STATES = ["live", "partial", "stubbed", "none"]

MEMO = (
    "Cheque No.: 004512\r\n"
    "Returned: Funds Insufficient\n"
    "Payee: Caf\u00e9 Ganesh Agro\n"
    "Amount: \u20b9 7,85,000.00\n"
)
NOTICE = ["Notice dated 05.02.2025\n", "Pay \u20b9 7,85,000/- within 15 days of receipt\n"]
DOCUMENTS = [{"id": "memo", "text": MEMO}, {"id": "notice", "pages": NOTICE}]
GOOD_CITE = {"doc": "memo", "quote": "Cheque No.: 004512"}
BAD_CITE = {"doc": "memo", "quote": "Cheque No.: 999999"}
FACTS_BUNDLE = {
    "engine": "test",
    "facts": [
        {"field": "cheque_no", "value": "004512", "why": "The memo names it.", "span": GOOD_CITE}
    ],
}
COMMAND = {"name": "chronology", "args": {"fields": ["cheque_no", "amount"]}}
_ABSENT = object()


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Without --route the route comes from the cwd's pyproject.toml: start from an empty cwd.
    monkeypatch.chdir(tmp_path)


# --- builders -------------------------------------------------------------------------


def value(
    field: str = "cheque_no",
    val: object = "004512",
    why: object = "The memo names the cheque.",
    cite: object = GOOD_CITE,
) -> dict[str, Any]:
    """A turn value; pass _ABSENT to leave a key out."""
    raw = {"field": field, "value": val, "why": why, "cite": cite}
    return {k: v for k, v in raw.items() if v is not _ABSENT}


def provenance(state: str, bundle: dict[str, Any] = FACTS_BUNDLE) -> dict[str, Any]:
    return {
        "engine_state": state,
        "bundle_sha256": None if state == "none" else bundle_sha256(bundle),
    }


def turn(state: str, *values: dict[str, Any], prov: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "context_provenance": prov if prov is not None else provenance(state),
        "values": list(values),
    }


def pack(
    pack_id: str, state: str, recorded: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "title": f"test pack {pack_id}",
        "engine_state": state,
        "documents": DOCUMENTS,
        "command": COMMAND,
    }
    if state != "none":
        data["bundle"] = FACTS_BUNDLE
    if recorded is not None:
        data["turn"] = recorded
    data.update(extra)
    return data


def write(folder: Path, data: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{data['id']}.yaml"
    # JSON is YAML: the packs keep exact strings (\r\n, combining marks) without YAML quoting rules.
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, "run", "context", "--format", "json", *map(str, argv))
    assert code in (0, 1), err
    assert "Traceback" not in err
    return code, json.loads(out)


def only(report: dict[str, Any]) -> dict[str, Any]:
    assert len(report["packs"]) == 1
    return report["packs"][0]


# --- every reason, where it fires and where it does not ---------------------------------


def _wrong_provenance(state: str) -> dict[str, Any]:
    turn_ = turn(state, value())
    turn_["context_provenance"] = {"engine_state": state, "bundle_sha256": "0" * 64}
    return turn_


REASON_TURNS = {
    PM: _wrong_provenance,
    FS: lambda state: turn(state, value(cite=BAD_CITE)),
    EM: lambda state: turn(
        state, value(val=None, why=_ABSENT, cite=_ABSENT), value("amount", "", _ABSENT, _ABSENT)
    ),
    WM: lambda state: turn(state, value(why="   ")),
    CM: lambda state: turn(state, value(cite=_ABSENT)),
}
FIRES_AT = {PM: STATES, FS: STATES, EM: ["live"], WM: ["live"], CM: ["live"]}


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("reason", sorted(REASON_TURNS))
def test_reason_fires_only_where_the_state_keeps_the_bar(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reason: str, state: str
) -> None:
    path = write(tmp_path, pack("p", state, REASON_TURNS[reason](state)))
    code, report = run_json(capsys, path)
    entry = only(report)
    fires = state in FIRES_AT[reason]
    assert entry["reasons"] == ([reason] if fires else [])
    assert entry["verdict"] == ("red" if fires else "green")
    assert entry["held"] is not fires
    assert code == (1 if fires else 0)
    assert entry["route"] == "recorded"


@pytest.mark.parametrize("state", STATES)
def test_provenance_with_the_wrong_state_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, state: str
) -> None:
    other = "partial" if state != "partial" else "live"
    recorded = turn(state, value(), prov=provenance(other))
    _, report = run_json(capsys, write(tmp_path, pack("p", state, recorded)))
    assert only(report)["reasons"] == [PM]


def test_none_needs_a_null_hash(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    recorded = turn(
        "none", value(), prov={"engine_state": "none", "bundle_sha256": bundle_sha256({})}
    )
    _, report = run_json(capsys, write(tmp_path, pack("p", "none", recorded)))
    assert only(report)["reasons"] == [PM]


def test_empty_turn_at_live_is_evidence_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, report = run_json(capsys, write(tmp_path, pack("p", "live", turn("live"))))
    assert only(report)["reasons"] == [EM]


@pytest.mark.parametrize("state", STATES)
def test_route_failed_at_every_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str, state: str
) -> None:
    path = write(tmp_path / "packs", pack("p", state))
    code, report = run_json(capsys, path, "--route", f"{routes}:boom")
    entry = only(report)
    assert code == 1
    assert (entry["verdict"], entry["reasons"]) == ("red", [RF])
    assert "RuntimeError: boom in the route" in entry["findings"][0]["detail"]


# --- several at once, and expect: red -----------------------------------------------------


def test_every_reason_that_fires_is_reported_in_check_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    recorded = turn(
        "live",
        value("a", cite=BAD_CITE),
        value("b", why=_ABSENT),
        value("c", cite=_ABSENT),
        prov={"engine_state": "live", "bundle_sha256": "f" * 64},
    )
    write(tmp_path, pack("live-four", "live", recorded))
    write(
        tmp_path,
        pack(
            "stubbed-two",
            "stubbed",
            {**recorded, "context_provenance": {"engine_state": "stubbed"}},
        ),
    )
    code, report = run_json(capsys, tmp_path)
    by_id = {p["id"]: p for p in report["packs"]}
    assert by_id["live-four"]["reasons"] == [PM, FS, WM, CM]
    assert sorted(f["field"] for f in by_id["live-four"]["findings"] if "field" in f) == [
        "a",
        "b",
        "c",
    ]
    assert by_id["stubbed-two"]["reasons"] == [PM, FS]
    assert code == 1 and (report["held"], report["failed"]) == (0, 2)


def test_fabrication_and_evidence_missing_together(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    recorded = turn(
        "live",
        value(val=None, cite=BAD_CITE),
        prov={"engine_state": "partial", "bundle_sha256": None},
    )
    _, report = run_json(capsys, write(tmp_path, pack("p", "live", recorded)))
    assert only(report)["reasons"] == [PM, FS, EM]


def test_two_findings_of_one_reason_give_one_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    recorded = turn(
        "live", value("a", cite=BAD_CITE), value("b", cite={"doc": "nowhere", "quote": "x"})
    )
    _, report = run_json(capsys, write(tmp_path, pack("p", "live", recorded)))
    entry = only(report)
    assert entry["reasons"] == [FS]
    assert [f["span_reason"] for f in entry["findings"]] == ["QUOTE_NOT_FOUND", "DOC_NOT_FOUND"]


def test_expect_red_pack_that_is_red_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    recorded = turn("live", value(cite=BAD_CITE), value("b", why=_ABSENT))
    path = write(tmp_path, pack("p", "live", recorded, expect="red"))
    code, report = run_json(capsys, path)
    entry = only(report)
    assert (entry["verdict"], entry["expect"], entry["held"]) == ("red", "red", True)
    assert entry["reasons"] == [FS, WM]
    assert code == 0 and (report["held"], report["failed"]) == (1, 0)


def test_expect_red_pack_that_is_green_does_not_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write(tmp_path, pack("green-but-red", "live", turn("live", value()), expect="red"))
    write(tmp_path, pack("green-as-expected", "live", turn("live", value())))
    code, report = run_json(capsys, tmp_path)
    assert [(p["id"], p["verdict"], p["held"]) for p in report["packs"]] == [
        ("green-as-expected", "green", True),
        ("green-but-red", "green", False),
    ]
    assert code == 1 and (report["held"], report["failed"]) == (1, 1)


def test_route_failed_pack_expected_red_does_not_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    # A negative control proves something only when its route ran (more in tests/hostile).
    path = write(tmp_path / "packs", pack("p", "live", expect="red"))
    code, report = run_json(capsys, path, "--route", f"{routes}:boom")
    assert code == 1 and only(report)["reasons"] == [RF] and only(report)["held"] is False
    assert "negative control needs a working route" in only(report)["not_held_because"]


# --- report formats and --out ---------------------------------------------------------------


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    folder = tmp_path / "packs"
    write(folder, pack("a-green", "live", turn("live", value())))
    write(
        folder,
        pack("b-red", "live", turn("live", value(cite=BAD_CITE), value("amount", why=_ABSENT))),
    )
    write(folder, pack("c-stubbed", "stubbed", turn("stubbed", value(cite=_ABSENT, why=_ABSENT))))
    return folder


def _junit(data: str) -> list[ET.Element]:
    root = ET.fromstring(data)
    return root.findall(".//testcase")


def test_junit_has_one_testcase_per_pack(capsys: pytest.CaptureFixture[str], mixed: Path) -> None:
    code, out, _ = run(capsys, "run", "context", mixed, "--format", "junit")
    assert code == 1
    cases = _junit(out)
    assert [c.get("name") for c in cases] == ["a-green", "b-red", "c-stubbed"]
    failures = {c.get("name"): c.find("failure") for c in cases}
    assert failures["a-green"] is None and failures["c-stubbed"] is None
    failure = failures["b-red"]
    assert failure is not None
    assert FS in failure.get("message", "") and WM in failure.get("message", "")
    assert "QUOTE_NOT_FOUND" in (failure.text or "")


@pytest.mark.parametrize("fmt", ["json", "junit", "text"])
def test_out_writes_the_report_to_a_file(
    capsys: pytest.CaptureFixture[str], mixed: Path, tmp_path: Path, fmt: str
) -> None:
    target = tmp_path / f"report.{fmt}"
    code, out, err = run(capsys, "run", "context", mixed, "--format", fmt, "--out", target)
    assert code == 1, err
    assert out == ""
    data = target.read_text("utf-8")
    if fmt == "json":
        assert [p["id"] for p in json.loads(data)["packs"]] == ["a-green", "b-red", "c-stubbed"]
    elif fmt == "junit":
        assert len(_junit(data)) == 3
    else:
        assert "b-red" in data and "2 held, 1 failed" in data


def test_text_report_names_reasons_and_diagnosis(
    capsys: pytest.CaptureFixture[str], mixed: Path
) -> None:
    code, out, _ = run(capsys, "run", "context", mixed, "--format", "text")
    assert code == 1
    for needle in ("a-green", "b-red", "c-stubbed", FS, WM, "QUOTE_NOT_FOUND", "2 held, 1 failed"):
        assert needle in out
    assert "\x1b[" not in out  # no colour when stdout is not a terminal


def test_json_is_the_same_with_and_without_out(
    capsys: pytest.CaptureFixture[str], mixed: Path, tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "run", "context", mixed, "--format", "json")
    run(capsys, "run", "context", mixed, "--format", "json", "--out", tmp_path / "r.json")
    assert (tmp_path / "r.json").read_text("utf-8") == out


# --- diagnosis of fabricated spans -------------------------------------------------------


def _byte_offsets(quote: str) -> dict[str, Any]:
    start = MEMO.encode("utf-8").index(quote.encode("utf-8"))
    return {
        "doc": "memo",
        "quote": quote,
        "char_start": start,
        "char_end": start + len(quote.encode("utf-8")),
    }


DIAGNOSES = {
    "nfc": ({"doc": "memo", "quote": "Payee: Cafe\u0301 Ganesh"}, "NFC"),
    "crlf": ({"doc": "memo", "quote": "Cheque No.: 004512\nReturned"}, "CRLF"),
    "whitespace": ({"doc": "memo", "quote": "Returned:  Funds Insufficient"}, "whitespace"),
    "unit": (_byte_offsets("Amount: \u20b9 7,85,000.00"), "byte units"),
    "page": ({"doc": "notice", "page": 1, "quote": "within 15 days"}, "page 2"),
}


@pytest.mark.parametrize("case", sorted(DIAGNOSES))
def test_fabricated_span_diagnosis_names_the_near_miss(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    cite, hint = DIAGNOSES[case]
    path = write(tmp_path, pack("p", "live", turn("live", value(cite=cite))))
    code, report = run_json(capsys, path)
    entry = only(report)
    assert code == 1 and entry["reasons"] == [FS]
    (finding,) = entry["findings"]
    diagnosis = " ".join(finding["diagnosis"])
    assert hint in diagnosis, diagnosis
    _, text, _ = run(capsys, "run", "context", path)
    assert hint in text


def test_diagnosis_stays_quiet_when_nothing_explains_the_miss(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, pack("p", "live", turn("live", value(cite=BAD_CITE))))
    _, report = run_json(capsys, path)
    diagnosis = " ".join(only(report)["findings"][0]["diagnosis"])
    for hint in ("NFC", "CRLF", "whitespace", "units", "found on page"):
        assert hint not in diagnosis


# --- routes ------------------------------------------------------------------------------

ROUTE_MODULE = """
import sys
from sakshi.context.routes import reference_route

def good(request):
    return reference_route(request)

def boom(request):
    raise RuntimeError("boom in the route")

def junk(request):
    return {"values": "nope"}

def number(request):
    return 42

def leave(request):
    sys.exit(0)
"""


@pytest.fixture
def routes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A route module in tmp_path (the cwd); its unique name keeps imports apart."""
    name = f"sakshi_test_route_{uuid.uuid4().hex}"
    (tmp_path / f"{name}.py").write_text(ROUTE_MODULE, "utf-8")
    monkeypatch.chdir(tmp_path)  # python_route imports from the cwd
    monkeypatch.setattr(sys, "path", list(sys.path))  # python_route adds the cwd; undo it
    return name


def _route_pack(tmp_path: Path, state: str = "live") -> Path:
    return write(tmp_path / "packs", pack("p", state))


def test_python_route_by_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    code, report = run_json(capsys, _route_pack(tmp_path), "--route", f"{routes}:good")
    entry = only(report)
    assert code == 0 and entry["verdict"] == "green"
    assert entry["route"] == f"python:{routes}:good"


def test_python_route_from_pyproject(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(f'[tool.sakshi]\nroute = "{routes}:good"\n', "utf-8")
    code, report = run_json(capsys, _route_pack(tmp_path))
    assert code == 0 and only(report)["route"] == f"python:{routes}:good"


def test_option_wins_over_pyproject(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(f'[tool.sakshi]\nroute = "{routes}:boom"\n', "utf-8")
    code, report = run_json(capsys, _route_pack(tmp_path), "--route", "reference")
    assert code == 0 and only(report)["route"] == "reference"


def test_recorded_turn_never_runs_the_route(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    path = write(tmp_path / "packs", pack("p", "live", turn("live", value())))
    code, report = run_json(capsys, path, "--route", f"{routes}:boom")
    assert code == 0 and only(report)["route"] == "recorded"


@pytest.mark.parametrize(
    ("function", "message"),
    [
        ("boom", "raised RuntimeError: boom in the route"),
        ("junk", "not a turn: context_provenance: missing"),
        ("number", "not a turn: expected a turn"),
        ("leave", "raised SystemExit"),
    ],
)
def test_python_route_failures_are_route_failed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str, function: str, message: str
) -> None:
    code, report = run_json(capsys, _route_pack(tmp_path), "--route", f"{routes}:{function}")
    entry = only(report)
    assert code == 1 and entry["reasons"] == [RF]
    assert message in entry["findings"][0]["detail"]


def test_unimportable_route_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    code, out, err = run(
        capsys, "run", "context", _route_pack(tmp_path), "--route", "no_such_module_for_sakshi:fn"
    )
    assert code == 2 and out == ""
    assert "cannot import" in err and "no_such_module_for_sakshi" in err and "Traceback" not in err


def test_route_that_is_not_callable_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    code, _, err = run(
        capsys, "run", "context", _route_pack(tmp_path), "--route", f"{routes}:missing"
    )
    assert code == 2 and "not a callable" in err


def test_unimportable_pyproject_route_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.sakshi]\nroute = "no_such_module_for_sakshi:fn"\n', "utf-8"
    )
    code, _, err = run(capsys, "run", "context", _route_pack(tmp_path))
    assert code == 2 and "cannot import" in err


def test_route_module_exiting_at_import_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    # A module that calls sys.exit(0) while being imported must not end the run green.
    name = f"{routes}_exits"
    (tmp_path / f"{name}.py").write_text("import sys\nsys.exit(0)\n", "utf-8")
    code, out, err = run(capsys, "run", "context", _route_pack(tmp_path), "--route", f"{name}:fn")
    assert code == 2, (out, err)
    assert "cannot import" in err and out == ""


EXEC_SCRIPTS = {
    "good": (
        "import json, sys\nfrom sakshi.context.routes import reference_route\n"
        "json.dump(reference_route(json.load(sys.stdin)), sys.stdout)\n"
    ),
    "crash": (
        "import sys\nsys.stdin.read()\n"
        "print('kaput: ledger missing', file=sys.stderr)\nsys.exit(3)\n"
    ),
    # sleeps, then leaves a mark beside itself: no mark when the run ends, it was ended
    "hang": "import sys, time\ntime.sleep(60)\nopen(sys.argv[0] + '.finished', 'w').close()\n",
    "chatty": "import sys\nsys.stdin.read()\nprint('all good, trust me')\n",
    "not-a-turn": "import sys\nsys.stdin.read()\nprint('[1, 2, 3]')\n",
}


def _exec(tmp_path: Path, script: str) -> str:
    path = tmp_path / f"route_{script}.py"
    path.write_text(EXEC_SCRIPTS[script], "utf-8")
    return shlex.join([sys.executable, str(path)])


@pytest.mark.parametrize("state", STATES)
def test_exec_route_good_turn(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, state: str
) -> None:
    code, report = run_json(
        capsys, _route_pack(tmp_path, state), "--route-exec", _exec(tmp_path, "good")
    )
    entry = only(report)
    assert code == 0 and entry["verdict"] == "green"
    assert entry["route"].startswith("exec:")


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("crash", "exited 3: kaput: ledger missing"),
        ("hang", "timed out after 1 s"),
        ("chatty", "stdout is not JSON"),
        ("not-a-turn", "not a turn"),
    ],
)
def test_exec_route_failures_are_route_failed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, script: str, message: str
) -> None:
    code, report = run_json(
        capsys,
        _route_pack(tmp_path),
        "--route-exec",
        _exec(tmp_path, script),
        "--route-timeout",
        "1",
    )
    assert not (tmp_path / f"route_{script}.py.finished").exists()  # never waited out
    entry = only(report)
    assert code == 1 and entry["reasons"] == [RF]
    assert message in entry["findings"][0]["detail"]


def test_exec_route_that_cannot_start(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Looked up before any pack is graded: exit 2, one line, no report.
    missing = str(tmp_path / "no-such-program")
    code, out, err = run(capsys, "run", "context", _route_pack(tmp_path), "--route-exec", missing)
    assert (code, out) == (2, "")
    assert err.strip().splitlines()[-1] == (
        f"sakshi: error: --route-exec: cannot run {missing!r}: no such file"
    )


def test_route_and_route_exec_together_are_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(
        capsys,
        "run",
        "context",
        _route_pack(tmp_path),
        "--route",
        "reference",
        "--route-exec",
        "true",
    )
    assert code == 2 and "not both" in err


# --- prove --------------------------------------------------------------------------------

# Every corruption prove tries on the quote "ab" is also in this text, so no flip can show.
SATURATED = "ab bb \u2063ab\u2063 ba\u2063\u2063"


def test_prove_exit_1_when_a_quote_cannot_be_corrupted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    recorded = turn("live", value("code", "ab", cite={"doc": "memo", "quote": "ab"}))
    path = write(
        tmp_path, pack("p", "live", recorded, documents=[{"id": "memo", "text": SATURATED}])
    )
    assert run_json(capsys, path)[0] == 0  # the pack itself is green
    code, out, err = run(capsys, "prove", path, "--format", "json")
    assert code == 1, err
    (entry,) = json.loads(out)["packs"]
    assert [f["flipped"] for f in entry["flips"]] == [True, True, False, False, False, True]
    code, out, _ = run(capsys, "prove", path)
    assert code == 1 and "DID NOT FLIP" in out


def test_prove_only_takes_packs_green_at_live(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write(tmp_path, pack("green-live", "live", turn("live", value())))
    write(tmp_path, pack("red-live", "live", turn("live", value(cite=BAD_CITE))))
    write(tmp_path, pack("green-stubbed", "stubbed", turn("stubbed", value())))
    write(tmp_path, pack("routed-live", "live"))  # the reference route answers it green
    code, out, err = run(capsys, "prove", tmp_path, "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert [p["id"] for p in report["packs"]] == ["green-live", "routed-live"]
    assert (report["flipped"], report["failed"]) == (12, 0)


@pytest.mark.parametrize(
    "packs",
    [
        [pack("red-live", "live", turn("live", value(cite=BAD_CITE)))],
        [pack("stubbed", "stubbed", turn("stubbed", value())), pack("nothing", "none")],
    ],
    ids=["red-live", "not-live"],
)
def test_prove_exit_2_when_no_pack_qualifies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, packs: list[dict[str, Any]]
) -> None:
    for data in packs:
        write(tmp_path, data)
    code, out, err = run(capsys, "prove", tmp_path)
    assert code == 2 and out == ""
    assert "nothing to prove" in err and "Traceback" not in err


def test_prove_skips_a_pack_whose_route_failed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str
) -> None:
    code, _, err = run(capsys, "prove", _route_pack(tmp_path), "--route", f"{routes}:boom")
    assert code == 2 and "nothing to prove" in err


# --- a turn that claims no provenance -----------------------------------------------------


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize(
    "claim",
    [_ABSENT, None, "live", {"bundle_sha256": None}, {"engine_state": "live", "bundle_sha256": 7}],
    ids=["absent", "null", "a-string", "no-state", "hash-a-number"],
)
def test_a_turn_without_readable_provenance_is_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], state: str, claim: object
) -> None:
    recorded: dict[str, Any] = {"values": [value()]}
    if claim is not _ABSENT:
        recorded["context_provenance"] = claim
    code, report = run_json(capsys, write(tmp_path / "packs", pack("no-prov", state, recorded)))
    assert code == 1
    assert "PROVENANCE_MISMATCH" in only(report)["reasons"]


@pytest.mark.parametrize(
    ("claim", "reasons"),
    [
        ({"engine_state": "none"}, ["PROVENANCE_MISMATCH"]),
        ({"engine_state": "none", "bundle_sha256": None}, []),
        ({"bundle_sha256": None}, ["PROVENANCE_MISMATCH"]),
    ],
    ids=["hash-key-missing", "null-hash-written", "state-key-missing"],
)
def test_at_none_a_missing_bundle_sha256_key_is_malformed_not_a_null_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], claim: dict[str, Any], reasons: list[str]
) -> None:
    recorded = {"context_provenance": claim, "values": [value(val=None, cite=_ABSENT)]}
    code, report = run_json(capsys, write(tmp_path / "packs", pack("at-none", "none", recorded)))
    assert (code, only(report)["reasons"]) == (1 if reasons else 0, reasons)
    # The same turn logged for `sakshi grade` gets the same verdict.
    (tmp_path / "docs").mkdir()
    line = {"id": "t", "engine_state": "none", "bundle": None, "documents": [], "turn": recorded}
    turns = tmp_path / "turns.jsonl"
    turns.write_text(json.dumps(line) + "\n", "utf-8")
    code, out, _ = run(capsys, "grade", turns, "--documents", tmp_path / "docs")
    assert (code, json.loads(out)["reasons"]) == (1 if reasons else 0, reasons)


# --- values (SPEC section 8): fields, VALUE_UNSUPPORTED in every report, the value mutant --

VU = "VALUE_UNSUPPORTED"
AMOUNT_CITE = {"doc": "memo", "quote": "Amount: \u20b9 7,85,000.00"}
AMOUNT_FIELDS = {"amount": {"type": "money", "currency": "INR", "cues": ["amount"]}}


def _wrong_amount(state: str = "live") -> dict[str, Any]:
    """A pack whose amount cite verifies but whose value is ten times too small."""
    recorded = turn(state, value(), value("amount", "Rs. 78,500", cite=AMOUNT_CITE))
    return pack("wrong-amount", state, recorded, fields=AMOUNT_FIELDS)


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"amount": {"type": "monee"}}, "fields.amount.type"),
        ({"amount": {"type": "money", "currancy": "INR"}}, "fields.amount.currancy"),
        ({"amount": {"type": "money", "cues": ["amount", 7]}}, "fields.amount.cues[1]"),
        ({"amount": {"type": "money", "role": "accused"}}, "fields.amount.role"),
        ({"amount": {"type": "quantity", "unit": "furlongs"}}, "fields.amount.unit"),
        ({"amount": "money"}, "fields.amount"),
        (["amount"], "fields"),
    ],
    ids=[
        "unknown-type",
        "unknown-key",
        "cue-not-a-string",
        "key-of-another-type",
        "unit",
        "not-a-map",
        "list",
    ],
)
def test_a_bad_declaration_is_exit_2_naming_the_file_and_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fields: object, key: str
) -> None:
    path = write(
        tmp_path / "packs", pack("bad-fields", "live", turn("live", value()), fields=fields)
    )
    for command in (["run", "context"], ["prove"]):
        code, out, err = run(capsys, *command, path)
        assert code == 2 and out == "", err
        assert f"{path}: {key}: expected" in err, err


@pytest.mark.parametrize("state", STATES)
def test_an_unstated_value_is_red_at_every_state_and_every_report_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, state: str
) -> None:
    path = write(tmp_path / "packs", _wrong_amount(state))
    code, report = run_json(capsys, path)
    entry = only(report)
    assert (code, entry["verdict"], entry["reasons"]) == (1, "red", [VU])
    (finding,) = entry["findings"]
    assert {k: finding[k] for k in ("reason", "field", "value_index", "value", "value_reason")} == {
        "reason": VU,
        "field": "amount",
        "value_index": 1,
        "value": "Rs. 78,500",
        "value_reason": "VALUE_NOT_IN_QUOTE",
    }
    assert (finding["type"], finding["type_source"], finding["reading"]) == (
        "money",
        "declared",
        "INR 78500",
    )
    assert "x10" in finding["hint"] and "diagnosis" not in finding
    assert finding["mentions"] == [
        {
            "start": 8,
            "end": 21,
            "text": "\u20b9 7,85,000.00",
            "reading": "INR 785000",
            "field": "amount",
            "negated": False,
            "bound": "exact",
            "matched": False,
            "nearest": True,
        }
    ]
    # Every value shows its check in the evidence, the one that passed too.
    stated, unstated = entry["values"]
    assert (
        stated["value_check"]["ok"] is True and stated["value_check"]["type_source"] == "inferred"
    )
    assert stated["value_check"]["mentions"][0]["matched"] is True
    assert unstated["value_check"]["value_reason"] == "VALUE_NOT_IN_QUOTE"


def test_junit_failure_names_field_value_reason_and_hint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys, "run", "context", write(tmp_path, _wrong_amount()), "--format", "junit"
    )
    assert code == 1
    (case,) = _junit(out)
    failure = case.find("failure")
    assert failure is not None
    message = failure.get("message", "")
    assert VU in message and "amount: VALUE_NOT_IN_QUOTE (x10" in message
    body = failure.text or ""
    assert "reads INR 78500" in body and "reads INR 785000 (nearest" in body


def test_text_report_shows_the_reading_each_mention_and_the_hint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "run", "context", write(tmp_path, _wrong_amount()))
    assert code == 1
    for needle in (
        "VALUE_UNSUPPORTED: the quote of 'amount' does not state its value: VALUE_NOT_IN_QUOTE",
        "value 'Rs. 78,500': money (declared), reads INR 78500",
        "mention [8, 21) '\u20b9 7,85,000.00' reads INR 785000 (nearest, cue of amount)",
        "hint: x10 slip",
    ):
        assert needle in out, out


def test_a_wrong_value_pack_expected_red_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, report = run_json(capsys, write(tmp_path, {**_wrong_amount(), "expect": "red"}))
    assert (code, only(report)["held"], only(report)["reasons"]) == (0, True, [VU])


def test_prove_changes_one_value_and_shows_value_unsupported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    right = turn("live", value(), value("amount", "Rs. 7.85 lakh", cite=AMOUNT_CITE))
    path = write(tmp_path, pack("right-amount", "live", right, fields=AMOUNT_FIELDS))
    code, out, err = run(capsys, "prove", path, "--format", "json")
    assert code == 0, err
    (entry,) = json.loads(out)["packs"]
    (changed,) = [f for f in entry["flips"] if f["mutant"] == "value-changed@live"]
    assert (changed["got"], changed["reasons"], changed["flipped"]) == ("red", [VU], True)
    # The first stated value is the cheque number; the note names the change, never a value.
    assert changed["note"] == "cheque_no: two adjacent digits swapped"
    code, out, _ = run(capsys, "prove", path)
    assert code == 0 and "value-changed@live" in out and "must be red with VALUE_UNSUPPORTED" in out


def test_prove_cannot_change_a_claim_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A claim is read by no rule: no change of it can turn the grade red, so the value
    # mutant did not flip and prove fails (exit 1), naming it.
    data = pack("claims", "live", turn("live", value()), fields={"cheque_no": {"type": "claim"}})
    code, out, _ = run(capsys, "prove", write(tmp_path, data), "--format", "json")
    assert code == 1
    (entry,) = json.loads(out)["packs"]
    (changed,) = [f for f in entry["flips"] if f["mutant"] == "value-changed@live"]
    assert (changed["flipped"], changed["got"]) == (False, "green")
    assert "no checked value" in changed["note"]
