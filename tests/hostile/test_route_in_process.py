"""Hostile: a Python route that reaches into the grader.

A route is the code under test. Imported into sakshi's own process (``--route
MODULE:FUNCTION``), it could replace the grade with one that is always green and then
answer a fabricated cite, end the whole run with exit 0 before any pack was graded, or
hang it for ever. A Python route runs in a child interpreter, as a program route does:
the request as JSON on stdin, the turn as JSON on stdout, within the route timeout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

import sakshi.context.grade
import sakshi.context.lane
from sakshi.context.packs import pack_from_data
from sakshi.context.routes import RouteFailure, python_route, run_route
from sakshi.context.turns import Turn, bundle_sha256

MEMO = "Cheque No.: 004512\nReturned: Funds Insufficient\n"
BUNDLE = {"engine": "test"}

# Every function answers a turn whose only cite is forged ("999999" is not in the memo).
ROUTES = """\
import json, os, sys, time

FORGED = {
    "context_provenance": {"engine_state": "live", "bundle_sha256": HASH},
    "values": [{"field": "cheque_no", "value": "999999", "why": "The memo names it.",
                "cite": {"doc": "memo", "quote": "Cheque No.: 999999"}}],
}

def patch(request):
    # Replace the grade everywhere it could be looked up: every turn is green.
    import sakshi.context.grade as grade
    import sakshi.context.lane as lane
    green = lambda *args, **kwargs: grade.Grade(grade.Verdict.GREEN, (), ())
    grade.grade_turn = green
    lane.grade_turn = green
    return FORGED

def leave(request):
    os._exit(0)  # in process, this would end sakshi itself with exit 0

def hang(request):
    time.sleep(60)
    open(FINISHED, "w").close()  # no mark when the run ends: it ended the route first

def chatty(request):
    print("thinking out loud on stdout")
    return FORGED

def where(request):
    # What the route can see of the grader: in its own interpreter, nothing was loaded.
    with open(PIDFILE, "w") as out:
        json.dump({"pid": os.getpid(), "grader": "sakshi.context.lane" in sys.modules}, out)
    return FORGED
"""


def _module(tmp_path: Path) -> str:
    name = f"sakshi_hostile_inproc_{uuid.uuid4().hex}"
    text = ROUTES.replace("HASH", repr(bundle_sha256(BUNDLE)))
    text = text.replace("PIDFILE", repr(str(tmp_path / "route.pid")))
    text = text.replace("FINISHED", repr(str(tmp_path / "route.finished")))
    (tmp_path / f"{name}.py").write_text(text, "utf-8")
    return name


def _pack(expect: str = "green") -> dict[str, Any]:
    return {
        "pack": "sakshi.pack.v1",
        "id": "forged",
        "engine_state": "live",
        "documents": [{"id": "memo", "text": MEMO}],
        "bundle": BUNDLE,
        "command": {"name": "chronology", "args": {"fields": ["cheque_no"]}},
        "expect": expect,
    }


def _run(tmp_path: Path, function: str) -> tuple[subprocess.CompletedProcess[str], Any]:
    name = _module(tmp_path)
    pack = tmp_path / "pack.yaml"
    pack.write_text(json.dumps(_pack()), "utf-8")
    argv = [sys.executable, "-m", "sakshi", "run", "context", str(pack), "--format", "json"]
    argv += ["--route", f"{name}:{function}", "--route-timeout", "5"]
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert "Traceback" not in proc.stderr
    return proc, json.loads(proc.stdout) if proc.stdout else None


def test_a_route_that_patches_the_grade_cannot_make_a_forged_cite_green(tmp_path: Path) -> None:
    proc, report = _run(tmp_path, "patch")
    [entry] = report["packs"]
    assert (proc.returncode, entry["verdict"], entry["reasons"]) == (1, "red", ["FABRICATED_SPAN"])


def test_a_route_that_exits_the_process_is_route_failed_not_exit_0(tmp_path: Path) -> None:
    proc, report = _run(tmp_path, "leave")
    assert proc.returncode == 1, proc.stderr
    [entry] = report["packs"]
    assert entry["reasons"] == ["ROUTE_FAILED"]


def test_a_python_route_is_bounded_by_the_route_timeout(tmp_path: Path) -> None:
    proc, report = _run(tmp_path, "hang")
    assert not (tmp_path / "route.finished").exists()  # ended at the timeout, not waited out
    [entry] = report["packs"]
    assert proc.returncode == 1 and entry["reasons"] == ["ROUTE_FAILED"]
    assert "timed out after 5 s" in entry["findings"][0]["detail"]


def test_a_route_runs_in_another_process_and_its_prints_do_not_spoil_the_answer(
    tmp_path: Path,
) -> None:
    proc, report = _run(tmp_path, "where")
    seen = json.loads((tmp_path / "route.pid").read_text("utf-8"))
    assert seen["pid"] != os.getpid() and seen["grader"] is False
    assert report["packs"][0]["reasons"] == ["FABRICATED_SPAN"]
    proc, report = _run(tmp_path, "chatty")
    assert report["packs"][0]["reasons"] == ["FABRICATED_SPAN"]
    assert "thinking out loud" not in proc.stdout  # the report on stdout is whole


def test_the_core_calls_a_python_route_out_of_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = (sakshi.context.grade.grade_turn, sakshi.context.lane.grade_turn)
    name = _module(tmp_path)
    route = python_route(f"{name}:patch", tmp_path, timeout=30)
    pack = pack_from_data(_pack(), tmp_path, "forged")
    turn = run_route(route, pack)
    assert isinstance(turn, Turn) and turn.values[0].value == "999999"
    assert (sakshi.context.grade.grade_turn, sakshi.context.lane.grade_turn) == before
    assert name not in sys.modules  # never imported here
    failure = run_route(python_route(f"{name}:leave", tmp_path, timeout=30), pack)
    assert isinstance(failure, RouteFailure) and "stdout is not JSON" in failure.message
