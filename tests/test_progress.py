"""The progress line on stderr (issue 23, the daily loop): every command that can take
more than a second shows one on a terminal, none in a pipe or a CI log unless
SAKSHI_PROGRESS=1 asks, and never a byte of stdout or of a file changes with it.

In process (``main``), the wait before the line shows is set to nothing and
SAKSHI_PROGRESS=1 asks for it in the captured (not a terminal) stderr: each command's
plain lines are checked, and its stdout and files against a run with SAKSHI_PROGRESS=0. A
child process with its stderr on a pseudo-terminal checks the bar itself.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from sakshi.cli import main
from sakshi.commands import progress
from sakshi.commands.progress import ProgressMode, elapsed, progress_mode

DOCS_YAML = 'documents:\n  - id: memo\n    text: "Monthly rent: Rs. 42,000. Deposit: Rs. 84,000."\n'
SPAN = {"doc": "memo", "quote": "Monthly rent: Rs. 42,000"}
VALUE = {"field": "rent", "value": "Rs. 42,000", "type": "money", "cite": SPAN}
SLOW_ROUTE = """\
import json, sys, time
from sakshi.context.routes import reference_route
request = json.load(sys.stdin)
time.sleep(0.5)
json.dump(reference_route(request), sys.stdout)
"""


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # no configuration from above this folder
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("SAKSHI_PROGRESS", raising=False)


def _inputs(tmp_path: Path) -> None:
    (tmp_path / "docs.yaml").write_text(DOCS_YAML, "utf-8")
    spans = [{"id": f"s{i}", **SPAN} for i in range(3)]
    (tmp_path / "spans.jsonl").write_text("".join(json.dumps(s) + "\n" for s in spans), "utf-8")
    values = [{"id": f"v{i}", **VALUE} for i in range(3)]
    (tmp_path / "values.jsonl").write_text("".join(json.dumps(v) + "\n" for v in values), "utf-8")
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "memo.txt").write_text("Monthly rent: Rs. 42,000.\n", "utf-8")
    turn = {
        "context_provenance": {"engine_state": "none", "bundle_sha256": None},
        "values": [{"field": "rent", "value": None, "why": "Nothing was served."}],
    }
    logged = {"id": "t1", "engine_state": "none", "documents": ["memo"], "turn": turn}
    (tmp_path / "turns.jsonl").write_text(json.dumps(logged) + "\n", "utf-8")
    run = tmp_path / "runs" / "run-a"
    run.mkdir(parents=True)
    (run / "case.json").write_text('{"case_id": "recovery.read-offset"}', "utf-8")


# Each command, its argv (OUT: where a file goes) and the label of its progress line.
COMMANDS = {
    "run context": (["run", "context", "--format", "json"], "packs"),
    "prove": (["prove", "--format", "json"], "packs"),
    "verify-spans": (["verify-spans", "docs.yaml", "spans.jsonl"], "spans"),
    "verify-values": (["verify-values", "docs.yaml", "values.jsonl"], "values"),
    "grade": (["grade", "turns.jsonl", "--documents", "documents"], "turns"),
    "run recovery": (["run", "recovery", "runs", "--format", "json", "--out", "OUT"], "runs"),
}


class Run(NamedTuple):
    """One in-process run: its exit code, stdout, stderr and the file it wrote at OUT."""

    code: int
    out: str
    err: str
    written: bytes


def _run(capsys: pytest.CaptureFixture[str], argv: list[str], out: str) -> Run:
    code = main([out if arg == "OUT" else arg for arg in argv])
    captured = capsys.readouterr()
    written = Path(out).read_bytes() if "OUT" in argv else b""
    return Run(code, captured.out, captured.err.replace(out, "OUT"), written)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_asked_for_each_command_prints_plain_lines_and_changes_no_output_byte(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
) -> None:
    _inputs(tmp_path)
    argv, label = COMMANDS[name]
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0.0)
    monkeypatch.setenv("SAKSHI_PROGRESS", "0")
    quiet = _run(capsys, argv, "quiet.json")
    monkeypatch.setenv("SAKSHI_PROGRESS", "1")
    shown = _run(capsys, argv, "shown.json")
    assert (shown.code, shown.out, shown.written) == (quiet.code, quiet.out, quiet.written)
    assert f"sakshi: {label}" not in quiet.err
    lines = [line for line in shown.err.splitlines() if line.startswith(f"sakshi: {label} ")]
    assert lines, shown.err
    assert re.fullmatch(rf"sakshi: {label} \d+(/\d+)?, \d:\d\d:\d\d done", lines[-1]), lines
    # The other stderr lines are the ones a run without progress prints.
    assert [line for line in shown.err.splitlines() if line not in lines] == (
        quiet.err.splitlines()
    )


def test_the_last_line_counts_everything(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _inputs(tmp_path)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0.0)
    monkeypatch.setenv("SAKSHI_PROGRESS", "1")
    assert main(["verify-spans", "docs.yaml", "spans.jsonl"]) == 0
    assert "sakshi: spans 3, " in capsys.readouterr().err.splitlines()[-1]
    main(["run", "context", "--format", "json"])
    last = capsys.readouterr().err.splitlines()[-2]  # the routing line comes after it
    shipped = re.fullmatch(r"sakshi: packs (\d+)/(\d+), .* done", last)
    assert shipped is not None and shipped[1] == shipped[2]


@pytest.mark.parametrize(
    ("env", "terminal", "mode"),
    [
        ({}, True, ProgressMode.BAR),
        ({}, False, ProgressMode.OFF),
        ({"CI": "true"}, True, ProgressMode.OFF),
        ({"SAKSHI_PROGRESS": "1"}, False, ProgressMode.LINES),
        ({"SAKSHI_PROGRESS": "1", "CI": "true"}, False, ProgressMode.LINES),
        ({"SAKSHI_PROGRESS": "on", "CI": "true"}, True, ProgressMode.BAR),
        ({"SAKSHI_PROGRESS": "0"}, True, ProgressMode.OFF),
        ({"SAKSHI_PROGRESS": "off"}, True, ProgressMode.OFF),
        ({"SAKSHI_PROGRESS": "maybe"}, False, ProgressMode.OFF),
    ],
)
def test_the_mode_for_each_environment(
    env: dict[str, str], terminal: bool, mode: ProgressMode
) -> None:
    assert progress_mode(env, terminal) is mode


def test_elapsed_reads_as_a_clock() -> None:
    assert [elapsed(s) for s in (0, 59.9, 61, 3600 + 62)] == [
        "0:00:00",
        "0:00:59",
        "0:01:01",
        "1:01:02",
    ]


def test_by_default_a_pipe_gets_no_progress_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _inputs(tmp_path)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0.0)
    assert main(["verify-spans", "docs.yaml", "spans.jsonl"]) == 0
    assert capsys.readouterr().err == ""


# --- on a terminal ----------------------------------------------------------------------


def _on_a_terminal(argv: list[str], cwd: Path, **env: str) -> tuple[int, bytes, bytes]:
    """``python -m sakshi ARGV`` with stderr on a pseudo-terminal: exit code, stdout and
    everything the terminal got."""
    import pty

    leader, follower = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("CI", "SAKSHI_PROGRESS")}
    environ.update(PYTHONPATH=str(Path(progress.__file__).parents[2]), **env)
    with subprocess.Popen(
        [sys.executable, "-m", "sakshi", *argv],
        cwd=cwd,
        env=environ,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=follower,
    ) as child:
        os.close(follower)
        terminal = b"".join(_read_all(leader))
        out = child.stdout.read() if child.stdout else b""
    os.close(leader)
    return child.returncode, out, terminal


def _read_all(descriptor: int) -> Iterator[bytes]:
    while True:
        try:
            chunk = os.read(descriptor, 65536)
        except OSError:  # the child closed its end
            return
        if not chunk:
            return
        yield chunk


def _slow_packs(tmp_path: Path) -> list[str]:
    """Three packs without a recorded turn and a route that takes half a second each."""
    folder = tmp_path / "packs"
    folder.mkdir()
    for name in ("a", "b", "c"):
        pack = {
            "pack": "sakshi.pack.v1",
            "id": name,
            "engine_state": "none",
            "documents": [{"id": "memo", "text": "nothing"}],
            "command": {"name": "chronology", "args": {"fields": ["rent"]}},
        }
        (folder / f"{name}.yaml").write_text(json.dumps(pack), "utf-8")
    (tmp_path / "slow.py").write_text(SLOW_ROUTE, "utf-8")
    route = shlex.join([sys.executable, str(tmp_path / "slow.py")])
    return ["run", "context", str(folder), "--format", "json", "--route-exec", route]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_slow_run_on_a_terminal_shows_the_bar_and_the_same_stdout(tmp_path: Path) -> None:
    argv = _slow_packs(tmp_path)
    code, out, terminal = _on_a_terminal(argv, tmp_path)
    assert code == 0, terminal
    assert b"sakshi: packs" in terminal and b"/3" in terminal, terminal
    # The bar is gone at the end: the routing line is the last thing the terminal shows.
    assert terminal.rstrip().endswith(b"0 on their recorded turn (not routed)")
    piped = subprocess.run(
        [sys.executable, "-m", "sakshi", *argv],
        cwd=tmp_path,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(Path(progress.__file__).parents[2])},
        check=False,
    )
    assert (piped.returncode, piped.stdout) == (code, out)
    assert b"sakshi: packs" not in piped.stderr
    # Turned off, even on a terminal.
    _, off_out, off_terminal = _on_a_terminal(argv, tmp_path, SAKSHI_PROGRESS="0")
    assert off_out == out and b"sakshi: packs" not in off_terminal


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_quick_run_on_a_terminal_shows_no_bar(tmp_path: Path) -> None:
    code, _, terminal = _on_a_terminal(["run", "context", "--format", "json"], tmp_path)
    assert code == 0 and b"sakshi: packs" not in terminal, terminal
