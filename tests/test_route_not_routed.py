"""A route given for packs that carry recorded turns (issue 23, the daily loop).

A pack's recorded ``turn:`` is graded as written; the route never answers it. A run with
``--route``/``--route-exec`` says on stderr how many packs were not routed, which and why,
so it is never green on recorded answers while looking routed. A program route that
cannot be found or run is exit 2 with one line before any pack is graded, never a green
run with no word (every pack recorded) nor a red ROUTE_FAILED on each pack.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from sakshi.cli import main
from sakshi.context.routes import check_program
from sakshi.errors import InputError
from sakshi.reports.brief import SHOWN_NOT_ROUTED, routing_lines

RECORDED = {"context_provenance": {"engine_state": "none", "bundle_sha256": None}, "values": []}
ANSWER = """\
import json, sys
request = json.load(sys.stdin)
json.dump({"context_provenance": {"engine_state": request["engine_state"],
           "bundle_sha256": request["bundle_sha256"]}, "values": []}, sys.stdout)
"""
WHY = "a recorded turn: is graded as written and the route answers only packs without one"


class Run(NamedTuple):
    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # no configuration from above this folder


def packs(tmp_path: Path, recorded: int, routed: int = 0) -> Path:
    """``recorded`` packs with a recorded turn (r-00, r-01 ...) and ``routed`` without."""
    folder = tmp_path / "packs"
    folder.mkdir()
    names = [(f"r-{i:02d}", True) for i in range(recorded)]
    names += [(f"x-{i:02d}", False) for i in range(routed)]
    for name, has_turn in names:
        data: dict[str, Any] = {
            "pack": "sakshi.pack.v1",
            "id": name,
            "engine_state": "none",
            "documents": [{"id": "memo", "text": "nothing"}],
            "command": {"name": "chronology", "args": {"fields": []}},
        }
        if has_turn:
            data["turn"] = RECORDED
        (folder / f"{name}.yaml").write_text(json.dumps(data), "utf-8")
    return folder


def answer_route(tmp_path: Path) -> str:
    (tmp_path / "answer.py").write_text(ANSWER, "utf-8")
    return shlex.join([sys.executable, str(tmp_path / "answer.py")])


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> Run:
    capsys.readouterr()
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return Run(code, out, err)


def test_a_route_over_recorded_packs_says_how_many_were_not_routed_and_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = packs(tmp_path, recorded=2, routed=1)
    result = run(capsys, "run", "context", folder, "--route-exec", answer_route(tmp_path))
    assert result.code == 0, result.err
    assert result.err.splitlines()[-2:] == [
        "sakshi: routing: 1 pack through the route exec, 2 on their recorded turn (not routed)",
        f"sakshi: 2 packs not routed (r-00, r-01): {WHY} (remove the turn: to route a pack)",
    ]


def test_every_pack_recorded_is_said_plainly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = packs(tmp_path, recorded=SHOWN_NOT_ROUTED + 3)
    route = answer_route(tmp_path)
    for argv in (("run", "context", folder), ("prove", folder)):
        result = run(capsys, *argv, "--route-exec", route)
        assert "sakshi: routing: 0 packs through the route exec, 8 on" in result.err, argv
        shown = ", ".join(f"r-{i:02d}" for i in range(SHOWN_NOT_ROUTED))
        assert f"sakshi: 8 packs not routed ({shown} and 3 more): {WHY}" in result.err, argv


def test_the_reference_route_by_default_adds_no_why_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = run(capsys, "run", "context", packs(tmp_path, recorded=2))
    assert result.code == 0
    assert "not routed (" not in result.err
    assert result.err.splitlines()[-1].endswith("2 on their recorded turn (not routed)")


@pytest.mark.parametrize(
    ("program", "why"),
    [
        ("nosuchprog-for-sakshi", "no such program on PATH"),
        ("./nosuch.sh", "no such file"),
        ("./plain.txt", "it is not executable"),
        ("./packs", "it is a folder"),
    ],
)
@pytest.mark.parametrize("command", ["run context", "prove"])
def test_a_program_that_cannot_run_is_exit_2_before_grading(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, program: str, why: str, command: str
) -> None:
    folder = packs(tmp_path, recorded=3)  # every pack recorded: the route would never run
    (tmp_path / "plain.txt").write_text("echo hi\n", "utf-8")
    out = tmp_path / "r.json"
    argv = [*command.split(), folder, "--route-exec", f"{program} --flag", "--out", out]
    result = run(capsys, *argv)
    assert (result.code, result.out) == (2, "")
    assert result.err.splitlines()[-1] == (
        f"sakshi: error: --route-exec: cannot run {program!r}: {why}"
    )
    assert not out.exists() and "routing:" not in result.err


def test_a_configured_program_that_cannot_run_names_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = packs(tmp_path, recorded=1)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.sakshi]\nroute-exec = "nosuchprog-for-sakshi"\n', "utf-8"
    )
    result = run(capsys, "run", "context", folder)
    assert result.code == 2
    assert result.err.splitlines()[-1] == (
        "sakshi: error: [tool.sakshi] route-exec in pyproject.toml:"
        " cannot run 'nosuchprog-for-sakshi': no such program on PATH"
    )


def test_a_program_found_on_path_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    script = bin_folder / "my-agent"
    script.write_text(f"#!{sys.executable}\n{ANSWER}", "utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}")
    result = run(capsys, "run", "context", packs(tmp_path, 0, 2), "--route-exec", "my-agent")
    assert result.code == 0, result.err
    assert "2 packs through the route exec, 0 on their recorded turn" in result.err


# --- the cores --------------------------------------------------------------------------


def test_routing_lines_name_the_first_few_and_count_the_rest() -> None:
    sources = [(f"p{i}", "recorded") for i in range(7)] + [("q", "exec:agent")]
    head, why = routing_lines(sources, "exec")
    assert (
        head
        == "sakshi: routing: 1 pack through the route exec, 7 on their recorded turn (not routed)"
    )
    assert why.startswith("sakshi: 7 packs not routed (p0, p1, p2, p3, p4 and 2 more): ")
    assert routing_lines([("q", "exec:agent")], "exec") == [
        "sakshi: routing: 1 pack through the route exec, 0 on their recorded turn (not routed)"
    ]
    assert len(routing_lines([("p", "recorded")], "reference")) == 1


def test_check_program_says_why(tmp_path: Path) -> None:
    check_program(sys.executable)
    with pytest.raises(InputError, match=r"^where: cannot run 'nope-nope': no such program"):
        check_program("nope-nope", "where")
    with pytest.raises(InputError, match="it is a folder"):
        check_program(str(tmp_path))
