"""Hostile: a route that answers something that is not a turn.

The seed control ``live-wrong-amount`` expects red: it shows the gate catches a cheque
amount read a digit short. A route that answers ``{}`` (or a list, a string, null, a turn
without its provenance or its values) would be graded as a turn that claims nothing:
red for PROVENANCE_MISMATCH or EVIDENCE_MISSING, so the control "held" and the run
exited 0 without any value being read. Such an answer is no turn: ROUTE_FAILED, and a
control never holds on a route failure.

The run also says on stderr how many packs went through the route and how many were
graded on their recorded turn, so a run that looks routed cannot be green on recorded
answers alone.
"""

from __future__ import annotations

import json
import shlex
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.context.packs import shipped_packs_dir
from sakshi.context.turns import Turn, parse_route_turn

PROVENANCE = {"engine_state": "live", "bundle_sha256": "0" * 64}
NOT_TURNS: dict[str, Any] = {
    "empty-object": {},
    "list": [],
    "string": "all good",
    "null": None,
    "number": 0,
    "no-provenance": {"values": []},
    "no-values": {"context_provenance": PROVENANCE},
    "provenance-null": {"context_provenance": None, "values": []},
    "provenance-without-hash": {"context_provenance": {"engine_state": "live"}, "values": []},
    "provenance-a-string": {"context_provenance": "live", "values": []},
}
CONTROL = shipped_packs_dir() / "live-wrong-amount.yaml"


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no configured route or packs from the repository


def _exec_route(tmp_path: Path, answer: Any) -> str:
    script = tmp_path / f"route_{uuid.uuid4().hex}.py"
    script.write_text(f"import sys\nsys.stdin.read()\nprint({json.dumps(answer)!r})\n", "utf-8")
    return shlex.join([sys.executable, str(script)])


def _python_route(tmp_path: Path, answer: Any) -> str:
    name = f"sakshi_hostile_nonturn_{uuid.uuid4().hex}"
    body = f"import json\n\ndef answer(request):\n    return json.loads({json.dumps(answer)!r})\n"
    (tmp_path / f"{name}.py").write_text(body, "utf-8")
    return f"{name}:answer"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any], str]:
    code = main(["run", "context", "--format", "json", "--route-timeout", "30", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, json.loads(out), err


@pytest.mark.parametrize("kind", ["exec", "python"])
@pytest.mark.parametrize("name", sorted(NOT_TURNS))
def test_a_non_turn_never_makes_the_wrong_amount_control_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, kind: str
) -> None:
    answer = NOT_TURNS[name]
    route = (
        ["--route-exec", _exec_route(tmp_path, answer)]
        if kind == "exec"
        else ["--route", _python_route(tmp_path, answer)]
    )
    code, report, _ = _run(capsys, str(CONTROL), *route)
    [entry] = report["packs"]
    assert (entry["id"], entry["expect"], entry["verdict"]) == ("live-wrong-amount", "red", "red")
    assert entry["reasons"] == ["ROUTE_FAILED"], name
    assert "not a turn" in entry["findings"][0]["detail"]
    assert entry["held"] is False and code == 1


def test_every_seed_pack_fails_on_a_route_that_answers_an_empty_object(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, report, err = _run(capsys, "--route-exec", _exec_route(tmp_path, {}))
    assert code == 1 and report["held"] == 0
    assert {entry["reasons"] == ["ROUTE_FAILED"] for entry in report["packs"]} == {True}
    count = len(report["packs"])
    assert f"sakshi: routing: {count} packs through the route exec, 0 on" in err


@pytest.mark.parametrize("name", sorted(NOT_TURNS))
def test_the_core_says_a_non_turn_is_not_a_turn(name: str) -> None:
    assert isinstance(parse_route_turn(NOT_TURNS[name]), str)


def test_a_well_formed_turn_is_still_graded() -> None:
    turn = parse_route_turn({"context_provenance": PROVENANCE, "values": []})
    assert isinstance(turn, Turn) and turn.bundle_sha256 == "0" * 64


def test_the_run_says_how_many_packs_the_route_did_not_answer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Two packs carry a recorded turn, one goes through the route: stderr says so."""
    recorded = {"context_provenance": {"engine_state": "none", "bundle_sha256": None}}
    folder = tmp_path / "packs"
    folder.mkdir()
    for pack_id, turn in (("a-recorded", recorded), ("b-recorded", recorded), ("c-routed", None)):
        data: dict[str, Any] = {
            "pack": "sakshi.pack.v1",
            "id": pack_id,
            "engine_state": "none",
            "documents": [{"id": "memo", "text": "nothing"}],
            "command": {"name": "chronology", "args": {"fields": []}},
        }
        if turn is not None:
            data["turn"] = {**turn, "values": []}
        (folder / f"{pack_id}.yaml").write_text(json.dumps(data), "utf-8")
    code, report, err = _run(capsys, str(folder), "--route", "reference")
    assert code == 0 and report["held"] == 3
    line = "sakshi: routing: 1 pack through the route reference, 2 on their recorded turn"
    assert line + " (not routed)" in err
    assert main(["prove", str(folder), "--route", "reference"]) == 2  # nothing to prove
    assert line in capsys.readouterr().err
