"""Hostile: a negative control that is red only because its route could not run.

A pack with ``expect: red`` shows the gate catches something. If its route crashes,
hangs or answers something that is not a turn (a program that is missing is refused
before any pack, exit 2), the pack is red (ROUTE_FAILED)
without any turn having been graded: that proves nothing, so it must not hold, and the
run must not exit 0. The report says why.
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
from sakshi.context.turns import bundle_sha256

MEMO = "Cheque No.: 004512\nReturned: Funds Insufficient\n"
CITE = {"doc": "memo", "quote": "Cheque No.: 004512"}
BUNDLE = {"engine": "test", "facts": [{"field": "cheque_no", "value": "004512", "span": CITE}]}
NEEDLE = "a negative control needs a working route"

ROUTE_MODULE = """\
import sys

def boom(request):
    raise RuntimeError("boom in the route")

def junk(request):
    return {"values": "nope"}

def number(request):
    return 42

def leave(request):
    sys.exit(0)
"""

EXEC_SCRIPTS = {
    "crash": "import sys\nsys.stdin.read()\nsys.exit(3)\n",
    "hang": "import time\ntime.sleep(60)\n",
    "chatty": "import sys\nsys.stdin.read()\nprint('all good, trust me')\n",
    "not-a-turn": "import sys\nsys.stdin.read()\nprint('[1, 2, 3]')\n",
    "killed": "import os, signal, sys\nsys.stdin.read()\nos.kill(os.getpid(), signal.SIGKILL)\n",
}


def pack(pack_id: str, expect: str, recorded: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "engine_state": "live",
        "documents": [{"id": "memo", "text": MEMO}],
        "bundle": BUNDLE,
        "command": {"name": "chronology", "args": {"fields": ["cheque_no"]}},
        "expect": expect,
    }
    if recorded is not None:
        data["turn"] = recorded
    return data


def write(folder: Path, data: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{data['id']}.yaml"
    path.write_text(json.dumps(data), "utf-8")
    return path


def fabricated_turn() -> dict[str, Any]:
    """A turn the route might have given: red for a real reason (its cite is forged)."""
    return {
        "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(BUNDLE)},
        "values": [
            {
                "field": "cheque_no",
                "value": "999999",
                "why": "The memo names it.",
                "cite": {"doc": "memo", "quote": "Cheque No.: 999999"},
            }
        ],
    }


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no pyproject.toml route from the repository


@pytest.fixture
def routes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    name = f"sakshi_hostile_route_{uuid.uuid4().hex}"
    (tmp_path / f"{name}.py").write_text(ROUTE_MODULE, "utf-8")
    monkeypatch.setattr(sys, "path", list(sys.path))  # python_route adds the cwd; undo it
    return name


def exec_route(tmp_path: Path, script: str) -> str:
    path = tmp_path / f"route_{script}.py"
    path.write_text(EXEC_SCRIPTS[script], "utf-8")
    return shlex.join([sys.executable, str(path)])


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["run", "context", "--format", "json", "--route-timeout", "1", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, json.loads(out)


def assert_not_held(code: int, report: dict[str, Any]) -> None:
    [entry] = report["packs"]
    assert (entry["verdict"], entry["expect"], entry["reasons"]) == ("red", "red", ["ROUTE_FAILED"])
    assert entry["held"] is False and NEEDLE in entry["not_held_because"]
    assert code == 1 and (report["held"], report["failed"]) == (0, 1)


@pytest.mark.parametrize("function", ["boom", "junk", "number", "leave"])
def test_a_python_route_that_fails_does_not_make_a_negative_control_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, routes: str, function: str
) -> None:
    path = write(tmp_path / "packs", pack("control", "red"))
    assert_not_held(*run_json(capsys, str(path), "--route", f"{routes}:{function}"))


@pytest.mark.parametrize("script", sorted(EXEC_SCRIPTS))
def test_a_program_route_that_fails_does_not_make_a_negative_control_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, script: str
) -> None:
    path = write(tmp_path / "packs", pack("control", "red"))
    assert_not_held(*run_json(capsys, str(path), "--route-exec", exec_route(tmp_path, script)))


def test_a_missing_program_is_exit_2_never_a_held_negative_control(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Refused before any pack is graded: no report at all, so nothing can hold.
    path = write(tmp_path / "packs", pack("control", "red"))
    missing = str(tmp_path / "no-such-route-program")
    code = main(["run", "context", "--format", "json", str(path), "--route-exec", missing])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and "cannot run" in err and "Traceback" not in err


def test_a_negative_control_red_for_a_real_reason_still_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path / "packs", pack("control", "red", fabricated_turn()))
    code, report = run_json(capsys, str(path))
    [entry] = report["packs"]
    assert (code, entry["held"], entry["not_held_because"]) == (0, True, None)
    assert entry["reasons"] == ["FABRICATED_SPAN"]


def test_one_broken_control_among_held_packs_fails_the_run_in_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "packs"
    write(folder, pack("a-real-control", "red", fabricated_turn()))
    write(folder, pack("b-broken-control", "red"))
    route = ["--route-exec", exec_route(tmp_path, "crash")]
    code, report = run_json(capsys, str(folder), *route)
    assert code == 1 and [p["held"] for p in report["packs"]] == [True, False]
    for fmt in ("text", "junit"):
        assert main(["run", "context", str(folder), "--format", fmt, *route]) == 1
        out = " ".join(capsys.readouterr().out.split())  # the table wraps long lines
        assert NEEDLE in out, fmt


def test_the_view_says_why_a_broken_control_did_not_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path / "packs", pack("control", "red"))
    results = tmp_path / "results.json"
    argv = ["run", "context", str(path), "--format", "json", "--out", str(results)]
    assert main([*argv, "--route-exec", exec_route(tmp_path, "crash")]) == 1
    page = tmp_path / "view.html"
    assert main(["view", str(results), "--out", str(page)]) == 0
    capsys.readouterr()
    html = page.read_text("utf-8")
    assert "NOT HELD: expected red" in html and NEEDLE in html
