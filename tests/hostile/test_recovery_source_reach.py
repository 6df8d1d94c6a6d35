"""Hostile: the original source read directly by a call that never spells its path
(SPEC 5: in a temp-output case, a direct read of the source fails the case, whatever the
spelling and whatever the tool).

No list of spellings can close this: ``cd notes && cat big.txt``, a shell variable, a
brace expansion, ``grep -r``, ``find -exec``, ``ln -s``, a line continuation, ``$'\\x62'``,
``%2E`` in a URL, the folder under a key nobody expected. A call is judged by what it could
reach: a command that names the source's folder or a folder above it, that moves with
``cd`` and then names a relative path, that needs the running shell to be known (a
variable, a glob, a brace), or that runs anything but a plain reader of the files it
names; a tool whose path argument, under any key, lies in the source's folder. The
legitimate chains stay green, and calls that reach only other files change nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    TEMP_PROBE,
    good_runs,
    jsonl,
    make_run,
    run_recovery,
    temp_trace,
    write_corpus,
)

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.model import ToolCall
from sakshi.recovery.source_reach import SourceReach
from sakshi.recovery.validate import Status
from test_validate import BASH, PROJECT, call, check, reasons, result, temp_ok

# Each reaches notes/big.txt (the project is /home/dev/proj, as the harness recorded it)
# without the path standing in it as one word.
ATTACKS: dict[str, tuple[str, dict[str, Any]]] = {
    "cd-then-relative": ("shell", {"command": "cd notes && cat big.txt"}),
    "cd-quoted-folder": ("shell", {"command": "cd no''tes; tail -n 3000 big.txt"}),
    "cd-absolute-then-relative": (
        "shell",
        {"command": f"cd {PROJECT}/notes; head -n 3000 big.txt"},
    ),
    "cd-twice": ("shell", {"command": f"cd {PROJECT} && cd notes && cat big.txt"}),
    "variable": ("shell", {"command": "N=tes; cat no$N/big.txt"}),
    "variable-braces": ("shell", {"command": "D=notes; cat ${D}/big.txt"}),
    "command-substitution": ("shell", {"command": "cat $(ls -d no*)/big.txt"}),
    "brace-expansion": ("shell", {"command": "cat {no,}tes/big.txt"}),
    "brace-sequence": ("shell", {"command": "cat notes/bi{g,x}.txt"}),
    "grep-r-root": ("shell", {"command": f"grep -r L03000 {PROJECT}"}),
    "grep-rn-cwd": ("shell", {"command": "grep -rn L03000"}),
    "grep-R-up": ("shell", {"command": "grep -R L03000 .."}),
    "grep-long-recursive": ("shell", {"command": "grep --recursive L03000 /"}),
    "find-exec": ("shell", {"command": "find / -name 'b*.txt' -exec cat {} +"}),
    "find-xargs": ("shell", {"command": "find . -type f | xargs tail -n 2500"}),
    "ln-s-folder": (
        "shell",
        {"command": f"ln -s {PROJECT} /tmp/p && cd /tmp/p/notes && cat big.txt"},
    ),
    "ln-s-parent": ("shell", {"command": "ln -s .. /tmp/up"}),
    "backslash-newline": ("shell", {"command": "cat notes/bi\\\ng.txt"}),
    "ansi-c-quote": ("shell", {"command": "cat notes/$'\\x62'ig.txt"}),
    "interpreter": ("shell", {"command": "python3 -c \"print(open('no'+'tes/big.txt').read())\""}),
    "awk-getline": (
        "shell",
        {"command": 'awk \'BEGIN{while((getline l<"no" "tes/big.txt")>0)print l}\''},
    ),
    "script": ("shell", {"command": "./dump.sh"}),
    "argv-list": ("exec", {"command": ["bash", "-lc", "cd notes && cat big.txt"]}),
    "workdir-key": ("exec_command", {"cmd": "cat big.txt", "workdir": f"{PROJECT}/notes"}),
    "url-percent-dot": ("fetch", {"url": f"file://{PROJECT}/notes/big%2Etxt"}),
    "url-percent-slash": ("fetch", {"url": f"file://{PROJECT}/notes%2Fbig.txt"}),
    "url-percent-letter": ("fetch", {"url": f"file://{PROJECT}/%6Eotes/big.txt"}),
    "url-percent-capital": ("fetch", {"url": f"file://{PROJECT}/%4Eotes/big.txt"}),
    "path-percent-capital": ("read", {"path": f"{PROJECT}/%4Eotes/big.txt"}),
    "url-double-encoded": ("fetch", {"url": f"file://{PROJECT}/notes/big%252Etxt"}),
    "folder-other-key": ("search_files", {"regex": "L03000", "directory": "notes"}),
    "folder-nested-key": ("mcp__fs__search", {"options": {"roots": ["./notes/"]}}),
    "grep-tool-no-path": ("grep", {"pattern": "L03000"}),
    "grep-tool-project": ("grep", {"pattern": "L03000", "path": PROJECT}),
    "many-files-dot": ("read_many_files", {"paths": ["."]}),
    "command-under-unknown-key": ("exec", {"cmdline": "N=tes; cat no$N/big.txt"}),
    "code-runner": ("run_python", {"code": "print(open('no' + 'tes/big.txt').read())"}),
    "block-device": ("shell", {"command": "strings /dev/sda1 | grep L03000"}),
    "proc-cwd": ("read_file", {"path": "/proc/self/cwd/no%74es/big.txt"}),
    "subagent": ("Task", {"description": "find it", "prompt": "Report line L03000."}),
}

# Calls that reach only other files: none of them may fail the chain.
HARMLESS: dict[str, tuple[str, dict[str, Any]]] = {
    "cat-the-handle": ("shell", {"command": "cat /tmp/pi-bash-5e6f7a8b.log | grep -n L03000"}),
    "read-elsewhere": ("read", {"path": "/srv/elsewhere/big.txt"}),
    "grep-elsewhere": ("grep", {"pattern": "L03000", "path": "/tmp/pi-bash-5e6f7a8b.log"}),
    "list-the-project": ("ls", {"path": "."}),
    "sibling-folder": ("shell", {"command": "head -n 5 docs/readme.md"}),
    "prose-mentions-notes": ("todowrite", {"todos": [{"content": "read the notes file"}]}),
    "dev-null": ("shell", {"command": "cat /tmp/pi-bash-5e6f7a8b.log 2>/dev/null | wc -l"}),
}


def with_call(tool: str, args: dict[str, Any]) -> bytes:
    """The whole temp-output chain, and one more call (answered) after it."""
    extra = [
        {"kind": "tool_call", "call_id": "x1", "tool": tool, "args": args},
        {"kind": "tool_result", "call_id": "x1", "tool": tool, "is_error": False, "text": ""},
    ]
    records = temp_trace()
    return jsonl([*records[:-1], *extra, records[-1]])


def test_every_reach_fails_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = good_runs(tmp_path)
    for name, (tool, args) in {**ATTACKS, **HARMLESS}.items():
        make_run(runs, name, "t.temp", with_call(tool, args), TEMP_PROBE)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 1, outcome.err
    missed = [
        name
        for name in ATTACKS
        if outcome.case(name)["status"] != "fail"
        or "SOURCE_READ_DIRECTLY" not in outcome.case(name)["reasons"]
    ]
    assert missed == []
    wrongly = [name for name in HARMLESS if outcome.case(name)["status"] != "pass"]
    assert wrongly == []
    assert outcome.statuses()["ok-temp"] == outcome.statuses()["ok-offset"] == "pass"


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_the_core_judges_by_reach(name: str) -> None:
    tool, args = ATTACKS[name]
    direct = [call("c9", tool, **args), result("c9", tool, "…")]
    assert reasons(BASH, temp_ok(), direct) == {R.SOURCE_READ_DIRECTLY}
    assert reasons(BASH, direct, temp_ok()) == {R.SOURCE_READ_DIRECTLY}


@pytest.mark.parametrize("name", sorted(HARMLESS))
def test_calls_that_reach_other_files_change_nothing(name: str) -> None:
    tool, args = HARMLESS[name]
    other = [call("c9", tool, **args), result("c9", tool, "…")]
    assert check(BASH, temp_ok(), other).status is Status.PASS


@pytest.mark.parametrize(
    "command",
    [
        "cat notes/" + "$" * 200_000,
        "cd /tmp && " + "cat x " * 100_000,
        "'" + "x" * 1_000_000,
        '"' + "\\\\" * 500_000,
        "a=b " * 200_000 + "cat /tmp/x",
    ],
    ids=["dollars", "many-words", "open-quote", "escapes", "assignments"],
)
def test_reach_takes_linear_time(command: str) -> None:
    # No timed assertion: each input is sized so that quadratic code would run for minutes.
    reach = SourceReach.of("notes/big.txt", [f"{PROJECT}/notes/big.txt"])
    reach.touches(ToolCall("c9", "shell", {"command": command}))


def test_the_harness_path_tells_the_parents() -> None:
    # Without the harness's record, an absolute folder above the source is unknown; with
    # it, a search of that folder reaches the source.
    search = ToolCall("c9", "grep_files", {"pattern": "L03000", "path": "/home/dev"})
    assert not SourceReach.of("notes/big.txt").touches(search)
    assert SourceReach.of("notes/big.txt", [f"{PROJECT}/notes/big.txt"]).touches(search)


def test_a_sub_agents_side_chain_is_part_of_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A Claude Code transcript: the agent's chain, and a sub-agent (its side chain) that
    # reads the source with a spelling nobody listed.
    def line(kind: str, content: list[dict[str, Any]], side: bool = False) -> dict[str, Any]:
        return {"type": kind, "isSidechain": side, "message": {"role": kind, "content": content}}

    def use(call_id: str, name: str, **args: Any) -> dict[str, Any]:
        return {"type": "tool_use", "id": call_id, "name": name, "input": args}

    def done(call_id: str, text: str) -> dict[str, Any]:
        return {"type": "tool_result", "tool_use_id": call_id, "content": text}

    transcript = [
        line("user", [{"type": "text", "text": "Run cat notes/big.txt once."}]),
        line("assistant", [use("t1", "Bash", command="cat notes/big.txt")]),
        line("user", [done("t1", "L00100 onyx")]),
        line("user", [{"type": "text", "text": "Find line L00050."}], side=True),
        line("assistant", [use("s1", "Grep", pattern="L00050", path="notes")], side=True),
        line("user", [done("s1", "L00050 ...")], side=True),
    ]
    runs = tmp_path / "runs"
    probe = {"events": [{**event, "after_call_id": "t1"} for event in TEMP_PROBE["events"]]}
    make_run(runs, "side-chain", "t.temp", jsonl(transcript), probe)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), "--trace-format", "claude")
    assert "SOURCE_READ_DIRECTLY" in outcome.case("side-chain")["reasons"]
