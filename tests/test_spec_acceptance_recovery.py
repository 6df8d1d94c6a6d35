"""SPEC sections 1, 5 and 6 as an outside acceptance suite would check them.

Black-box: every case builds run folders in tmp_path (a ``sakshi.trace.v1`` trace or a Pi
session, ``probe.json`` with ``after_call_id``, ``case.json``) and runs the installed
``sakshi`` executable in a subprocess, reading only exit codes, stdout and written files.
Each reason code has one minimal trace that differs from a passing chain in one respect.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

Event = dict[str, Any]

OFFSET_FACT = "QX7-TAMARIND-4471"
TEMP_FACT = "VK2-MARIGOLD-9038"
HANDLE = "/tmp/pi-bash-5e6f.log"
SOURCE = "notes/big.txt"

CORPUS_YAML = f"""\
corpus: sakshi.recovery-corpus.v2
cases:
  - id: acc.offset
    kind: read-offset
    prompt: Read notes/big.txt and reply with the token on line L00050.
    source: {{path: {SOURCE}, lines: 100, fact_line: 50}}
    fact: {OFFSET_FACT}
  - id: acc.temp
    kind: temp-output
    producer: bash
    prompt: Run cat notes/big.txt once, then reply with the token on line L00050.
    source: {{path: {SOURCE}, lines: 100, fact_line: 50}}
    fact: {TEMP_FACT}
"""

REASONS = (
    "READ_BEFORE_PRODUCER",
    "PRODUCER_FAILED",
    "RECOVERY_READ_FAILED",
    "UNRELATED_PATH",
    "REPEATED_PRODUCER",
    "SOURCE_READ_DIRECTLY",
    "HANDLE_NOT_IN_DETAILS",
    "NO_RECOVERY_READ",
    "CLEANUP_UNVERIFIED",
    "WRONG_SOURCE",
    "WRONG_OFFSET",
    "FACT_MISSING",
    "HANDLE_UNVERIFIED",
    "PRODUCER_MISSING",
    "TRACE_MALFORMED",
)


def sakshi_executable() -> str:
    """The installed console script beside this interpreter (the venv's ``sakshi``)."""
    beside = Path(sys.executable).with_name("sakshi")
    return str(beside) if beside.exists() else (shutil.which("sakshi") or "sakshi")


def run_sakshi(
    args: Sequence[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the CLI as a user would, in ``cwd``."""
    return subprocess.run(
        [sakshi_executable(), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env if env is not None else dict(os.environ),
        timeout=120,
        check=False,
    )


# -- trace builders -------------------------------------------------------------------


def call(call_id: str, tool: str, **args: Any) -> Event:
    """A ``tool_call`` record."""
    return {"kind": "tool_call", "call_id": call_id, "tool": tool, "args": args}


def result(
    call_id: str, tool: str, text: str, *, is_error: bool = False, details: Any = None
) -> Event:
    """A ``tool_result`` record."""
    record: Event = {
        "kind": "tool_result",
        "call_id": call_id,
        "tool": tool,
        "is_error": is_error,
        "text": text,
    }
    if details is not None:
        record["details"] = details
    return record


def answer(text: str) -> Event:
    """An assistant ``message`` record."""
    return {"kind": "message", "role": "assistant", "text": text}


def deleted(after: str, *, verified: bool = True, path: str = SOURCE) -> Event:
    """A probe ``source_deleted`` event."""
    return {"event": "source_deleted", "path": path, "verified": verified, "after_call_id": after}


def checked(
    after: str, *, readable: bool = True, fact_present: bool = True, handle: str = HANDLE
) -> Event:
    """A probe ``handle_checked`` event."""
    return {
        "event": "handle_checked",
        "handle": handle,
        "readable": readable,
        "fact_present": fact_present,
        "after_call_id": after,
    }


def temp_chain() -> list[Event]:
    """A passing temp-output trace: producer, handle in details, read of the handle."""
    return [
        call("c1", "bash", command=f"cat {SOURCE}"),
        result("c1", "bash", "[output truncated]", details={"fullOutputPath": HANDLE}),
        call("c2", "read", path=HANDLE),
        result("c2", "read", f"L00050 {TEMP_FACT}\n"),
        answer(TEMP_FACT),
    ]


def temp_probe() -> list[Event]:
    """The harness events that vouch for ``temp_chain``."""
    return [deleted("c1"), checked("c1")]


def offset_chain(offset: Any = 41, told: int = 41) -> list[Event]:
    """A read-offset trace; passing with the defaults."""
    return [
        call("c1", "read", path=SOURCE),
        result("c1", "read", f"L00001\n[Use offset={told} to continue]"),
        call("c2", "read", path=SOURCE, offset=offset),
        result("c2", "read", f"L00050 {OFFSET_FACT}\n"),
        answer(OFFSET_FACT),
    ]


@dataclass(frozen=True)
class RunFolder:
    """One recorded run to lay out under RUNS_DIR."""

    name: str
    case_id: str | None
    trace: Sequence[Event] | str
    probe: Sequence[Event] | None = None
    trace_name: str = "trace.jsonl"
    extra: dict[str, str] = field(default_factory=dict)


def lay_out(runs_dir: Path, folders: Sequence[RunFolder]) -> None:
    """Write each run folder: case.json, the trace, the optional probe.json."""
    for folder in folders:
        where = runs_dir / folder.name
        where.mkdir(parents=True)
        if folder.case_id is not None:
            (where / "case.json").write_text(json.dumps({"case_id": folder.case_id}))
        if isinstance(folder.trace, str):
            body = folder.trace
        else:
            body = "".join(json.dumps(record) + "\n" for record in folder.trace)
        (where / folder.trace_name).write_text(body)
        if folder.probe is not None:
            (where / "probe.json").write_text(json.dumps({"events": list(folder.probe)}))
        for name, text in folder.extra.items():
            (where / name).write_text(text)


@dataclass(frozen=True)
class Outcome:
    """What one ``run recovery`` gave: the exit code, the JSON report and the streams."""

    code: int
    report: dict[str, Any] | None
    stdout: str
    stderr: str

    def case(self, run: str) -> dict[str, Any]:
        """The report entry for one run folder."""
        assert self.report is not None, self.stderr
        (entry,) = [c for c in self.report["cases"] if c["run"] == run]
        return dict(entry)


def run_recovery(
    tmp_path: Path, folders: Sequence[RunFolder], *extra_args: str, corpus: str = CORPUS_YAML
) -> Outcome:
    """Lay the folders out and run ``sakshi run recovery --format json`` on them."""
    runs_dir = tmp_path / "runs"
    lay_out(runs_dir, folders)
    corpus_path = tmp_path / "corpus.yaml"
    corpus_path.write_text(corpus)
    out = tmp_path / "report.json"
    done = run_sakshi(
        ["run", "recovery", str(runs_dir), "--corpus", str(corpus_path), "--out", str(out)]
        + list(extra_args),
        cwd=tmp_path,
    )
    try:
        report = json.loads(out.read_text())
    except (OSError, ValueError):
        report = None
    return Outcome(done.returncode, report, done.stdout, done.stderr)


# -- passing chains and the report's shape --------------------------------------------


def test_both_kinds_pass_and_the_report_has_the_contract_keys(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path,
        [
            RunFolder("run-temp", "acc.temp", temp_chain(), temp_probe()),
            RunFolder("run-offset", "acc.offset", offset_chain()),
        ],
    )
    assert outcome.code == 0, outcome.stderr
    report = outcome.report
    assert report is not None
    assert report["report"] == "sakshi.recovery-report.v2"
    assert report["identity"]["identity"] == "sakshi.run-identity.v1"
    assert sorted(c["run"] for c in report["cases"]) == ["run-offset", "run-temp"]
    for entry in report["cases"]:
        assert {"id", "run", "status", "reasons", "task_pass", "strategy_pass"} <= set(entry)
        assert {"tool_names", "counts"} <= set(entry)
        assert entry["status"] == "pass" and entry["reasons"] == []
        assert entry["task_pass"] is True and entry["strategy_pass"] is True
        assert all(isinstance(n, int) for n in entry["counts"].values())
    assert outcome.case("run-temp")["tool_names"] == ["bash", "read"]
    assert outcome.case("run-temp")["id"] == "acc.temp"


def test_format_json_prints_the_report(tmp_path: Path) -> None:
    lay_out(tmp_path / "runs", [RunFolder("r", "acc.offset", offset_chain())])
    (tmp_path / "corpus.yaml").write_text(CORPUS_YAML)
    done = run_sakshi(
        ["run", "recovery", "runs", "--corpus", "corpus.yaml", "--format", "json"], tmp_path
    )
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["report"] == "sakshi.recovery-report.v2"
    assert [c["status"] for c in printed["cases"]] == ["pass"]


def test_report_holds_no_content(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path,
        [
            RunFolder("run-temp", "acc.temp", temp_chain(), temp_probe()),
            RunFolder("run-offset", "acc.offset", offset_chain(offset=40)),
        ],
    )
    text = (tmp_path / "report.json").read_text()
    for secret in (TEMP_FACT, OFFSET_FACT, HANDLE, SOURCE, "cat notes", "L00050"):
        assert secret not in text
    for fact in (TEMP_FACT, OFFSET_FACT):
        assert hashlib.sha256(fact.encode()).hexdigest() not in text
        assert fact.lower() not in text.lower()
    assert outcome.code == 1


# -- tool names and path arguments ------------------------------------------------------


@pytest.mark.parametrize("path_key", ["path", "file_path", "filePath"])
@pytest.mark.parametrize("read_tool", ["read", "Read", "READ"])
def test_read_tool_spellings_and_path_keys(tmp_path: Path, path_key: str, read_tool: str) -> None:
    trace = offset_chain()
    for record in trace:
        if record.get("tool") == "read":
            record["tool"] = read_tool
            if record["kind"] == "tool_call":
                record["args"][path_key] = record["args"].pop("path")
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", trace)])
    assert (outcome.code, outcome.case("r")["status"]) == (0, "pass"), outcome.case("r")


def test_producer_name_is_case_insensitive(tmp_path: Path) -> None:
    trace = temp_chain()
    trace[0]["tool"] = trace[1]["tool"] = "Bash"
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert (outcome.code, outcome.case("r")["status"]) == (0, "pass"), outcome.case("r")


# -- one minimal trace per reason code ---------------------------------------------------


def variant_temp(name: str) -> tuple[list[Event], list[Event]]:
    """A temp-output trace and probe that differ from the passing chain in one respect."""
    trace, probe = temp_chain(), temp_probe()
    if name == "PRODUCER_MISSING":
        trace = [call("c2", "read", path=HANDLE), trace[3], trace[4]]
        probe = []
    elif name == "REPEATED_PRODUCER":
        trace[2:2] = [
            call("c9", "bash", command=f"cat {SOURCE}"),
            result("c9", "bash", "again", details={"fullOutputPath": HANDLE}),
        ]
    elif name == "PRODUCER_FAILED":
        trace[1]["is_error"] = True
    elif name == "HANDLE_NOT_IN_DETAILS":
        trace[1] = result("c1", "bash", f"Full output: {HANDLE}")
    elif name == "CLEANUP_UNVERIFIED":
        probe = [deleted("c1", verified=False), checked("c1")]
    elif name == "HANDLE_UNVERIFIED":
        probe = [deleted("c1"), checked("c1", fact_present=False)]
    elif name == "SOURCE_READ_DIRECTLY":
        trace[4:4] = [call("c7", "read", path="./" + SOURCE), result("c7", "read", "x")]
    elif name == "READ_BEFORE_PRODUCER":
        # the recovery read is issued before the producer's result that told the handle
        trace = [trace[0], trace[2], trace[1], trace[3], trace[4]]
    elif name == "UNRELATED_PATH":
        trace[2] = call("c2", "read", path="/tmp/other.log")
    elif name == "NO_RECOVERY_READ":
        trace = trace[:2] + [answer(TEMP_FACT)]
    elif name == "RECOVERY_READ_FAILED":
        trace[3]["is_error"] = True
    elif name == "FACT_MISSING":
        trace[3]["text"] = "L00050 nothing here\n"
    return trace, probe


def variant_offset(name: str) -> list[Event]:
    """A read-offset trace that differs from the passing chain in one respect."""
    trace = offset_chain()
    if name == "PRODUCER_MISSING":
        trace = [answer(OFFSET_FACT)]
    elif name == "WRONG_SOURCE":
        trace[2]["args"]["path"] = "notes/other.txt"
    elif name == "WRONG_OFFSET":
        trace = offset_chain(offset=40)
    elif name == "NO_RECOVERY_READ":
        trace = trace[:2] + [answer(OFFSET_FACT)]
    elif name == "RECOVERY_READ_FAILED":
        trace[3]["is_error"] = True
    elif name == "FACT_MISSING":
        trace[3]["text"] = "L00050 nothing\n"
    elif name == "READ_BEFORE_PRODUCER":
        trace = [trace[0], trace[2], trace[1], trace[3], trace[4]]
    return trace


TEMP_REASONS = (
    "PRODUCER_MISSING",
    "REPEATED_PRODUCER",
    "PRODUCER_FAILED",
    "HANDLE_NOT_IN_DETAILS",
    "CLEANUP_UNVERIFIED",
    "HANDLE_UNVERIFIED",
    "SOURCE_READ_DIRECTLY",
    "READ_BEFORE_PRODUCER",
    "UNRELATED_PATH",
    "NO_RECOVERY_READ",
    "RECOVERY_READ_FAILED",
    "FACT_MISSING",
)
OFFSET_REASONS = (
    "PRODUCER_MISSING",
    "WRONG_SOURCE",
    "WRONG_OFFSET",
    "NO_RECOVERY_READ",
    "RECOVERY_READ_FAILED",
    "FACT_MISSING",
    "READ_BEFORE_PRODUCER",
)


def test_every_reason_code_has_a_case_here() -> None:
    covered = set(TEMP_REASONS) | set(OFFSET_REASONS) | {"TRACE_MALFORMED"}
    assert covered == set(REASONS)


@pytest.mark.parametrize("reason", TEMP_REASONS)
def test_temp_output_reason(tmp_path: Path, reason: str) -> None:
    trace, probe = variant_temp(reason)
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, probe)])
    entry = outcome.case("r")
    assert outcome.code == 1, outcome.stderr
    assert entry["status"] == "fail"
    assert entry["reasons"] == [reason]
    assert entry["strategy_pass"] is False


@pytest.mark.parametrize("reason", OFFSET_REASONS)
def test_read_offset_reason(tmp_path: Path, reason: str) -> None:
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", variant_offset(reason))])
    entry = outcome.case("r")
    assert outcome.code == 1, outcome.stderr
    assert entry["status"] == "fail"
    assert entry["reasons"] == [reason]


@pytest.mark.parametrize("offset", ["41", 41.0, True, None])
def test_offset_must_be_a_json_integer(tmp_path: Path, offset: Any) -> None:
    trace = offset_chain(offset=offset, told=1 if offset is True else 41)
    if offset is None:
        del trace[2]["args"]["offset"]
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", trace)])
    assert outcome.code == 1
    assert outcome.case("r")["status"] == "fail"


def test_fact_in_the_first_read_proves_nothing(tmp_path: Path) -> None:
    trace = offset_chain()
    trace[1]["text"] = f"L00050 {OFFSET_FACT}\n[Use offset=41 to continue]"
    trace[3]["text"] = "L00041\n"
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", trace)])
    assert (outcome.code, outcome.case("r")["status"]) == (1, "fail")
    assert "FACT_MISSING" in outcome.case("r")["reasons"]


def test_a_later_hop_at_the_told_offset_counts(tmp_path: Path) -> None:
    trace = offset_chain()
    trace[3]["text"] = "L00041\n[Use offset=48 to continue]"
    trace[4:4] = [
        call("c3", "read", path=SOURCE, offset=48),
        result("c3", "read", f"L00050 {OFFSET_FACT}\n"),
    ]
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", trace)])
    assert (outcome.code, outcome.case("r")["status"]) == (0, "pass"), outcome.case("r")


def test_same_path_is_the_same_string(tmp_path: Path) -> None:
    trace = offset_chain()
    trace[2]["args"]["path"] = "./" + SOURCE
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", trace)])
    assert (outcome.code, outcome.case("r")["status"]) == (1, "fail")


def test_handle_must_match_exactly(tmp_path: Path) -> None:
    trace = temp_chain()
    trace[2] = call("c2", "read", path=HANDLE.replace("/tmp/", "/tmp//"))
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert (outcome.code, outcome.case("r")["status"]) == (1, "fail")


@pytest.mark.parametrize(
    "spelling",
    [
        "./notes/big.txt",
        "notes//big.txt",
        "notes/big.txt/.",
        "/w/proj/notes/big.txt",
        "/w/proj/./notes//big.txt/.",
    ],
)
@pytest.mark.parametrize("tool", ["read", "Grep", "file_search", "shell"])
def test_direct_read_of_the_source_in_any_spelling_and_tool(
    tmp_path: Path, spelling: str, tool: str
) -> None:
    trace = temp_chain()
    args = {"command": f"head {spelling}"} if tool == "shell" else {"path": spelling}
    trace[4:4] = [call("c7", tool, **args), result("c7", tool, "x")]
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert outcome.code == 1
    assert outcome.case("r")["reasons"] == ["SOURCE_READ_DIRECTLY"]


def test_the_producer_run_twice_on_the_source_is_a_repeated_producer(tmp_path: Path) -> None:
    # SPEC: "any call other than the producer" - a second call of the producer tool is the
    # producer repeated, reported as such (not also as a direct read).
    trace = temp_chain()
    trace[4:4] = [call("c7", "bash", command=f"cat {SOURCE}"), result("c7", "bash", "x")]
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert outcome.code == 1
    assert outcome.case("r")["reasons"] == ["REPEATED_PRODUCER"]


def test_original_source_is_matched_by_suffix_after_a_slash(tmp_path: Path) -> None:
    # "mynotes/big.txt" ends with "notes/big.txt" but not with "/notes/big.txt"
    trace = temp_chain()
    trace[4:4] = [call("c7", "read", path="/w/mynotes/big.txt"), result("c7", "read", "x")]
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert "SOURCE_READ_DIRECTLY" not in outcome.case("r")["reasons"], outcome.case("r")


def test_harness_events_after_the_recovery_read_do_not_vouch(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path, [RunFolder("r", "acc.temp", temp_chain(), [deleted("c2"), checked("c2")])]
    )
    assert (outcome.code, outcome.case("r")["status"]) == (1, "fail")


def test_result_of_another_tool_does_not_belong_to_the_call(tmp_path: Path) -> None:
    trace = temp_chain()
    trace[3]["tool"] = "bash"
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert outcome.case("r")["status"] != "pass"


# -- malformed traces, exit 2 --------------------------------------------------------------


@pytest.mark.parametrize("defect", ["call_id_twice", "answered_twice", "damaged_line"])
def test_malformed_trace_is_an_error_and_exit_2(tmp_path: Path, defect: str) -> None:
    trace: list[Event] | str = temp_chain()
    assert isinstance(trace, list)
    if defect == "call_id_twice":
        trace[2]["call_id"] = "c1"
        trace[3]["call_id"] = "c1"
    elif defect == "answered_twice":
        trace.insert(4, dict(trace[3]))
    else:
        lines = [json.dumps(record) for record in trace]
        lines.insert(2, '{"kind": "tool_call", "call_id": ')
        trace = "\n".join(lines) + "\n"
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.temp", trace, temp_probe())])
    assert outcome.code == 2, outcome.stderr
    entry = outcome.case("r")
    assert entry["status"] == "error"
    assert "TRACE_MALFORMED" in entry["reasons"]


def test_two_records_glued_on_one_line_are_two_records(tmp_path: Path) -> None:
    lines = [json.dumps(record) for record in offset_chain()]
    glued = "\n".join([lines[0] + lines[1], *lines[2:]]) + "\n"
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", glued)])
    assert (outcome.code, outcome.case("r")["status"]) == (0, "pass"), outcome.stderr


def test_unknown_case_id_is_exit_2(tmp_path: Path) -> None:
    outcome = run_recovery(tmp_path, [RunFolder("r", "no.such.case", offset_chain())])
    assert outcome.code == 2
    assert '"status": "pass"' not in outcome.stdout


def test_folder_without_case_json_is_exit_2(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path,
        [RunFolder("a", "acc.offset", offset_chain()), RunFolder("b", None, offset_chain())],
    )
    assert outcome.code == 2


def test_undetectable_trace_is_exit_2_naming_why(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path, [RunFolder("r", "acc.offset", '{"hello": "world"}\n{"x": 1}\n')]
    )
    assert outcome.code == 2
    assert "format" in (outcome.stderr + outcome.stdout).lower()


def test_trace_format_names_the_format(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path, [RunFolder("r", "acc.offset", offset_chain())], "--trace-format", "sakshi"
    )
    assert (outcome.code, outcome.case("r")["status"]) == (0, "pass")


def test_one_fail_among_passes_is_exit_1(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path,
        [
            RunFolder("a", "acc.offset", offset_chain()),
            RunFolder("b", "acc.offset", offset_chain(offset=40)),
        ],
    )
    assert outcome.code == 1
    assert outcome.report is not None
    assert len(outcome.report["cases"]) == 2


def test_existing_report_is_never_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    out.write_text("keep me")
    outcome = run_recovery(tmp_path, [RunFolder("r", "acc.offset", offset_chain())])
    assert outcome.code == 2
    assert out.read_text() == "keep me"


# -- a Pi session ----------------------------------------------------------------------------


def pi_session(events: Sequence[Event]) -> str:
    """A Pi (v3) session file holding a sakshi.trace.v1 event list as Pi messages."""
    lines: list[Event] = [
        {
            "type": "session",
            "version": 3,
            "id": "s1",
            "timestamp": "2025-01-01T00:00:00Z",
            "cwd": "/w/proj",
        }
    ]
    parent: str | None = None
    for number, event in enumerate(events):
        entry_id = f"e{number}"
        if event["kind"] == "tool_call":
            message: Event = {
                "role": "assistant",
                "content": [
                    {
                        "type": "toolCall",
                        "id": event["call_id"],
                        "name": event["tool"],
                        "arguments": event["args"],
                    }
                ],
            }
        elif event["kind"] == "tool_result":
            message = {
                "role": "toolResult",
                "toolCallId": event["call_id"],
                "toolName": event["tool"],
                "content": [{"type": "text", "text": event["text"]}],
                "isError": event["is_error"],
            }
            if "details" in event:
                message["details"] = event["details"]
        else:
            message = {"role": "assistant", "content": [{"type": "text", "text": event["text"]}]}
        lines.append(
            {
                "type": "message",
                "id": entry_id,
                "parentId": parent,
                "timestamp": "2025-01-01T00:00:01Z",
                "message": message,
            }
        )
        parent = entry_id
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_pi_session_run_folder_passes(tmp_path: Path) -> None:
    outcome = run_recovery(
        tmp_path,
        [RunFolder("pi", "acc.temp", pi_session(temp_chain()), temp_probe(), trace_name="s.jsonl")],
    )
    assert (outcome.code, outcome.case("pi")["status"]) == (0, "pass"), outcome.stderr


# -- corpus check ------------------------------------------------------------------------------


def corpus_check(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    """Run ``sakshi corpus check`` on a corpus text."""
    path = tmp_path / "check.yaml"
    path.write_text(text)
    return run_sakshi(["corpus", "check", str(path)], tmp_path)


def test_corpus_check_passes_a_sound_corpus(tmp_path: Path) -> None:
    done = corpus_check(tmp_path, CORPUS_YAML)
    assert done.returncode == 0, done.stderr + done.stdout


def test_corpus_check_fact_in_a_prompt_is_exit_1(tmp_path: Path) -> None:
    text = CORPUS_YAML.replace("the token on line L00050.", f"{TEMP_FACT}.", 1)
    assert text != CORPUS_YAML
    done = corpus_check(tmp_path, text)
    assert done.returncode == 1
    assert TEMP_FACT not in done.stdout + done.stderr


def test_corpus_check_fact_that_cannot_stand_in_its_source_is_exit_1(tmp_path: Path) -> None:
    # a line past the end of the generated source cannot hold the fact
    text = CORPUS_YAML.replace("fact_line: 50}", "fact_line: 500}", 1)
    done = corpus_check(tmp_path, text)
    assert done.returncode == 1, done.stderr + done.stdout


@pytest.mark.parametrize(
    "text",
    [
        "corpus: sakshi.recovery-corpus.v1\ncases: []\n",
        "cases: [1, 2]\n",
        CORPUS_YAML.replace("kind: read-offset", "kind: sideways"),
        "corpus: [unclosed\n",
    ],
)
def test_corpus_check_malformed_is_exit_2(tmp_path: Path, text: str) -> None:
    assert corpus_check(tmp_path, text).returncode == 2


# -- report reinterpret --------------------------------------------------------------------------


def test_reinterpret_leaves_old_untouched_and_writes_v2(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old_body = json.dumps(
        {
            "report": "sakshi.recovery-report.v1",
            "cases": [{"id": "acc.temp", "run": "r", "status": "pass", "tool_names": ["bash"]}],
        }
    )
    old.write_text(old_body)
    new = tmp_path / "new.json"
    done = run_sakshi(["report", "reinterpret", str(old), "--out", str(new)], tmp_path)
    assert old.read_text() == old_body
    assert done.returncode in (0, 1, 2)
    data = json.loads(new.read_text())
    assert data["report"] == "sakshi.recovery-report.v2"
    (entry,) = data["cases"]
    assert entry["status"] == "unknown"


def test_reinterpret_never_overwrites(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"report": "sakshi.recovery-report.v1", "cases": []}))
    new = tmp_path / "new.json"
    new.write_text("keep")
    done = run_sakshi(["report", "reinterpret", str(old), "--out", str(new)], tmp_path)
    assert done.returncode == 2
    assert new.read_text() == "keep"


# -- live recovery without models ------------------------------------------------------------------


def test_live_without_models_is_exit_2_and_runs_nothing(tmp_path: Path) -> None:
    (tmp_path / "corpus.yaml").write_text(CORPUS_YAML)
    env = {k: v for k, v in os.environ.items() if k != "SAKSHI_EVAL_MODELS"}
    env["SAKSHI_PI_BIN"] = str(tmp_path / "never-run")
    marker = tmp_path / "ran"
    (tmp_path / "never-run").write_text(f"#!/bin/sh\ntouch {marker}\n")
    (tmp_path / "never-run").chmod(0o755)
    done = run_sakshi(["live", "recovery", "--corpus", "corpus.yaml"], tmp_path, env=env)
    assert done.returncode == 2
    assert "SAKSHI_EVAL_MODELS" in done.stderr
    assert not marker.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.yaml", "never-run"]


# -- identity --------------------------------------------------------------------------------------


def tree_hash(root: Path) -> str:
    """SPEC 6's tree hash, computed independently of sakshi."""
    lines = []
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        parts = relative.split("/")
        if not path.is_file() or ".git" in parts[:-1] or "__pycache__" in parts[:-1]:
            continue
        if relative.endswith(".pyc"):
            continue
        lines.append((relative, hashlib.sha256(path.read_bytes()).hexdigest()))
    body = "".join(f"{name}\0{digest}\n" for name, digest in sorted(lines))
    return hashlib.sha256(body.encode()).hexdigest()


def test_identity_keys_hashes_and_no_absolute_path(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    tree = root / "src"
    for relative, body in {
        "a.txt": b"alpha\n",
        "sub/b.py": b"print(1)\n",
        "sub/c.pyc": b"\x00compiled",
        "__pycache__/x.txt": b"cache",
        "sub/__pycache__/y.pyc": b"cache",
        "Z.txt": b"upper sorts first",
        "a b/é.txt": b"unicode",
    }.items():
        (tree / relative).parent.mkdir(parents=True, exist_ok=True)
        (tree / relative).write_bytes(body)
    (tree / ".git").mkdir()
    (tree / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (root / "one.txt").write_bytes(b"single file\n")
    done = run_sakshi(
        ["identity", "--root", str(root), "--source", "tree=src", "--source", "one=one.txt"],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["identity"] == "sakshi.run-identity.v1"
    assert isinstance(data["versions"], dict)
    assert set(data["git"]) >= {"head", "dirty"}
    assert data["git"]["head"] is None and data["git"]["dirty"] is None
    assert {"python", "platform", "arch", "sakshi"} <= set(data["runtime"])
    assert data["sources"]["tree"] == tree_hash(tree)
    assert data["sources"]["one"] == hashlib.sha256(b"single file\n").hexdigest()
    assert str(tmp_path) not in done.stdout
    assert not any(
        isinstance(v, str) and (v.startswith("/") or v[1:3] == ":\\") for v in leaves(data)
    )


def leaves(value: Any) -> list[Any]:
    """Every scalar (and every key) in a JSON value."""
    if isinstance(value, dict):
        return [*value.keys(), *[x for v in value.values() for x in leaves(v)]]
    if isinstance(value, list):
        return [x for v in value for x in leaves(v)]
    return [value]


def test_identity_in_a_git_repository(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "f.txt").write_text("x\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=root, check=True)
    subprocess.run([*git, "add", "f.txt"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "x"], cwd=root, check=True)
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()
    clean = json.loads(run_sakshi(["identity", "--root", str(root)], tmp_path).stdout)
    assert clean["git"] == {"head": head, "dirty": False} | {
        k: v for k, v in clean["git"].items() if k not in ("head", "dirty")
    }
    (root / "f.txt").write_text("changed\n")
    dirty = json.loads(run_sakshi(["identity", "--root", str(root)], tmp_path).stdout)
    assert dirty["git"]["dirty"] is True
    tracked = json.loads(
        run_sakshi(["identity", "--root", str(root), "--source", "all=."], tmp_path).stdout
    )
    assert tracked["sources"]["all"] == tree_hash(root)
