"""Hostile: a Claude Code sub-agent's steps written as ``agent_progress`` records (issue 22).

Claude Code writes a Task sub-agent's steps into the main transcript as ``progress``
lines: ``{"type": "progress", "data": {"type": "agent_progress", "message": {"type":
"assistant"|"user", "message": {...}}, "normalizedMessages": [], ...}, "parentToolUseID":
...}`` (tests/fixtures/real/claude holds a real one). The reader used to skip every
progress line, so a sub-agent that read the source, or brought the fact by a read nobody
told, left the run green. Its calls are part of the run (SPEC section 5): they are read in
their place, and a step that cannot be read is TRACE_MALFORMED naming the file, the line
and the field, never skipped. Other progress (hooks, a command's output) stays bookkeeping.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    FACT,
    OFFSET_FACT,
    OFFSET_HINT,
    TEMP_PROBE,
    jsonl,
    make_run,
    run_recovery,
    write_corpus,
)

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import Case, CaseKind, Source
from sakshi.recovery.model import ToolCall, ToolResult, Trace
from sakshi.recovery.readers import (
    TraceError,
    detect_format,
    merge_probe,
    read_counted,
    read_trace,
)
from sakshi.recovery.validate import Status, validate

REAL = Path(__file__).parents[1] / "fixtures" / "real" / "claude" / "spotter-subagent.jsonl"
SOURCE = "notes/big.txt"
TASK = "toolu_task"
# The harness's deletion and handle check, after the producer's call (t1).
PROBE = {"events": [{**event, "after_call_id": "t1"} for event in TEMP_PROBE["events"]]}


# --- transcripts ----------------------------------------------------------------------------


def line(kind: str, content: Any, uuid: str) -> dict[str, Any]:
    """A main-chain user or assistant line."""
    return {"type": kind, "uuid": uuid, "message": {"role": kind, "content": content}}


def step(kind: str, content: Any, uuid: str) -> dict[str, Any]:
    """One step of the Task sub-agent, as Claude Code 2.1 writes it into the main file."""
    return {
        "type": "progress",
        "uuid": uuid,
        "isSidechain": False,
        "data": {
            "type": "agent_progress",
            "agentId": "a1b2c3d",
            "prompt": "Look into the notes folder.",
            "normalizedMessages": [],
            "message": {"type": kind, "message": {"role": kind, "content": content}},
        },
        "toolUseID": "agent_msg_1",
        "parentToolUseID": TASK,
    }


def use(call_id: str, name: str, **args: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": name, "input": args}


def done(call_id: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": call_id, "content": text, **extra}


def hook(uuid: str) -> dict[str, Any]:
    """Bookkeeping progress: a hook ran (skipped and counted, as before)."""
    data = {"type": "hook_progress", "hookEvent": "PostToolUse", "hookName": "PostToolUse:Read"}
    return {"type": "progress", "uuid": uuid, "data": data, "parentToolUseID": "t1"}


def sub_agent(reads: dict[str, Any]) -> list[dict[str, Any]]:
    """The Task call, the sub-agent's steps (one read, with ``reads`` as its input) and the
    Task's answer, which does not repeat what the sub-agent read."""
    return [
        line("assistant", [use(TASK, "Task", description="look", prompt="Look.")], "a0"),
        step("user", [{"type": "text", "text": "Look into the notes folder."}], "p1"),
        step("assistant", [use("toolu_sub", "Read", **reads)], "p2"),
        hook("p3"),
        step("user", [done("toolu_sub", f"L00050 {OFFSET_FACT}")], "p4"),
        line("user", [done(TASK, [{"type": "text", "text": "Looked; nothing to add."}])], "u0"),
    ]


def offset_chain() -> list[dict[str, Any]]:
    """The main agent's read-offset chain, whole."""
    return [
        line("assistant", [use("t1", "Read", file_path=SOURCE)], "a1"),
        hook("h1"),
        line("user", [done("t1", OFFSET_HINT)], "u1"),
        line("assistant", [use("t2", "Read", file_path=SOURCE, offset=41)], "a2"),
        line("user", [done("t2", f"L00050 {OFFSET_FACT}")], "u2"),
        line("assistant", [{"type": "text", "text": OFFSET_FACT}], "a3"),
    ]


def prompt() -> dict[str, Any]:
    return line("user", "Read notes/big.txt and report the token on line L00050.", "u")


def untold_read_first() -> list[dict[str, Any]]:
    """A sub-agent reads line 50 at an offset nobody told, then the agent runs the chain:
    the fact arrived before the chain, so the chain proves nothing (FACT_MISSING)."""
    return [prompt(), *sub_agent({"file_path": SOURCE, "offset": 50, "limit": 1}), *offset_chain()]


OFFSET_CASE = Case(
    id="t.offset",
    kind=CaseKind.READ_OFFSET,
    producer=None,
    prompt="Read the file and report the token on line L00050.",
    source=Source(SOURCE, 100, 50),
    fact=OFFSET_FACT,
)


# --- the sub-agent's calls are part of the run -------------------------------------------------


def test_a_sub_agents_untold_read_fails_the_case_core() -> None:
    data = jsonl(untold_read_first())
    assert detect_format(data, "t.jsonl") == "claude"
    trace = read_trace(data, "t.jsonl")
    calls = [e.call_id for e in trace.events if isinstance(e, ToolCall)]
    assert calls == [TASK, "toolu_sub", "t1", "t2"]
    result = validate(OFFSET_CASE, trace)
    assert (result.status, result.reasons) == (Status.FAIL, (R.FACT_MISSING,))
    # Without the sub-agent, the same chain passes: only its steps turned the case.
    alone = read_trace(jsonl([prompt(), *offset_chain()]), "t.jsonl")
    assert validate(OFFSET_CASE, alone).status is Status.PASS


def test_a_sub_agents_untold_read_fails_the_case_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    make_run(runs, "chain-only", "t.offset", jsonl([prompt(), *offset_chain()]))
    make_run(runs, "sub-agent-first", "t.offset", jsonl(untold_read_first()))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.statuses() == {"chain-only": "pass", "sub-agent-first": "fail"}
    case = outcome.case("sub-agent-first")
    assert case["reasons"] == ["FACT_MISSING"]
    assert (case["counts"]["tool_calls"], case["counts"]["tool_results"]) == (4, 4)
    assert outcome.code == 1


def test_a_sub_agents_direct_read_of_the_source_fails_temp_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The progress lines alone (the launcher's own line is not in this file): the
    # sub-agent's read of the source is seen, and fails the case as the agent's would.
    saved = "/home/dev/.claude/tool-results/bash-1.txt"
    transcript = [
        line("user", "Run cat notes/big.txt once.", "u"),
        line("assistant", [use("t1", "Bash", command="cat notes/big.txt")], "a1"),
        line("user", [done("t1", f"L00100 onyx\nFull output saved to: {saved}")], "u1"),
        *sub_agent({"file_path": f"/home/dev/proj/{SOURCE}"})[1:-1],
    ]
    without, with_steps = (
        validate(_temp_case(), _with_probe(records)).reasons
        for records in (transcript[:3], transcript)
    )
    # Claude Code names its handle in prose, so the chain fails either way; the sub-agent's
    # read adds SOURCE_READ_DIRECTLY.
    assert R.SOURCE_READ_DIRECTLY not in without
    assert set(with_steps) == {*without, R.SOURCE_READ_DIRECTLY}
    runs = tmp_path / "runs"
    make_run(runs, "progress-read", "t.temp", jsonl(transcript), PROBE)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), "--trace-format", "claude")
    assert "SOURCE_READ_DIRECTLY" in outcome.case("progress-read")["reasons"]


def _temp_case() -> Case:
    return Case(
        id="t.temp",
        kind=CaseKind.TEMP_OUTPUT,
        producer="bash",
        prompt="Run cat on the file once.",
        source=Source(SOURCE, 100, 50),
        fact=FACT,
    )


def _with_probe(records: list[dict[str, Any]]) -> Trace:
    return merge_probe(read_trace(jsonl(records), "t.jsonl"), PROBE, "probe.json")


def test_the_real_transcripts_sub_agent_steps_are_read_in_place() -> None:
    reading = read_counted(REAL.read_bytes(), REAL.name)
    events = [e for e in reading.trace.events if isinstance(e, ToolCall | ToolResult)]
    order = [(type(e).__name__, e.call_id[-6:], e.tool) for e in events]
    task = "cxWhQX"
    # The sub-agent's own calls stand between the Task call and the Task's answer.
    assert order[order.index(("ToolCall", task, "task")) :] == [
        ("ToolCall", task, "task"),
        ("ToolCall", "t7x8Gi", "read"),
        ("ToolResult", "t7x8Gi", "read"),
        ("ToolCall", "5d9Cmb", "read"),
        ("ToolResult", "5d9Cmb", "read"),
        ("ToolCall", "2F1YcU", "bash"),
        ("ToolResult", "2F1YcU", "bash"),
        ("ToolCall", "wATRYr", "read"),
        ("ToolResult", "wATRYr", "read"),
        ("ToolResult", task, "task"),
    ]
    records = [json.loads(raw) for raw in REAL.read_bytes().splitlines()]
    hooks = sum(r["type"] == "progress" and r["data"]["type"] != "agent_progress" for r in records)
    bookkeeping = sum(r["type"] not in ("user", "assistant", "progress") for r in records)
    assert reading.skipped == hooks + bookkeeping


def test_other_progress_is_still_bookkeeping() -> None:
    records = [prompt(), *offset_chain()]
    kinds = [
        {"type": "bash_progress", "output": "L00050 " + OFFSET_FACT, "elapsedTimeSeconds": 3},
        {"type": "waiting_for_task", "taskDescription": "look", "taskType": "local_bash"},
        {"type": "hook_progress", "hookEvent": "Stop", "hookName": "Stop", "command": "x"},
    ]
    extra = [{"type": "progress", "uuid": f"x{n}", "data": data} for n, data in enumerate(kinds)]
    plain = read_counted(jsonl(records), "t.jsonl")
    reading = read_counted(jsonl([*extra, *records]), "t.jsonl")
    assert reading.trace.events == plain.trace.events
    assert reading.skipped == plain.skipped + len(kinds)


# --- a step that cannot be read is TRACE_MALFORMED, never skipped ------------------------------


def _damaged(change: Any) -> list[dict[str, Any]]:
    """``untold_read_first`` with the sub-agent's read step (line 4) changed."""
    records = copy.deepcopy(untold_read_first())
    records[3] = change(records[3])
    return records


def _set(path: str, value: Any) -> Any:
    keys = path.split(".")

    def change(record: dict[str, Any]) -> dict[str, Any]:
        holder = record
        for key in keys[:-1]:
            holder = holder[key]
        if value is _DROP:
            del holder[keys[-1]]
        else:
            holder[keys[-1]] = value
        return record

    return change


_DROP = object()

# Each: how the step is damaged, and the field the message must name.
DAMAGED: dict[str, tuple[Any, str]] = {
    "data-a-string": (_set("data", "agent_progress"), "data: expected an object"),
    "data-missing": (_set("data", _DROP), "data: expected an object"),
    "data-type-missing": (_set("data.type", _DROP), "data.type: expected a string"),
    "data-type-a-list": (_set("data.type", ["agent_progress"]), "data.type: expected a string"),
    "step-missing": (_set("data.message", _DROP), "data.message: expected an object"),
    "step-a-string": (_set("data.message", "Read it"), "data.message: expected an object"),
    "step-type-system": (
        _set("data.message.type", "system"),
        "data.message.type: expected user or assistant",
    ),
    "step-type-missing": (
        _set("data.message.type", _DROP),
        "data.message.type: expected user or assistant",
    ),
    "step-message-missing": (
        _set("data.message.message", _DROP),
        "data.message.message: expected an object",
    ),
    "step-content-a-number": (
        _set("data.message.message.content", 7),
        "data.message.message: content: expected a string or a list",
    ),
    "step-unknown-block": (
        _set("data.message.message.content", [{"type": "hologram", "id": "h"}]),
        "data.message.message: content[0].type: not a content block type",
    ),
    "step-call-without-id": (
        _set("data.message.message.content", [{"type": "tool_use", "name": "Read", "input": {}}]),
        "data.message.message: id: expected a non-empty string",
    ),
    "normalized-messages-kept": (
        _set("data.normalizedMessages", [{"type": "assistant", "message": {}}]),
        "data.normalizedMessages: expected an empty list",
    ),
    "normalized-messages-an-object": (
        _set("data.normalizedMessages", {}),
        "data.normalizedMessages: expected an empty list",
    ),
    # The step carrying the call was lost: its answer names no call made before it.
    "result-of-a-lost-step": (
        _set(
            "data.message", {"type": "assistant", "message": {"role": "assistant", "content": []}}
        ),
        "data.message.message: tool_use_id: answers no call made before it",
    ),
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_step_it_cannot_read_names_line_and_field_core(name: str) -> None:
    change, problem = DAMAGED[name]
    data = jsonl(_damaged(change))
    with pytest.raises(TraceError) as err:
        read_trace(data, "trace.jsonl", "claude")
    # The lost step's answer is reported where it stands: after a hook's line.
    assert err.value.key == ("line 6" if name == "result-of-a-lost-step" else "line 4")
    assert err.value.problem.startswith(problem), err.value.problem
    assert OFFSET_FACT not in str(err.value) and SOURCE not in str(err.value)


def test_a_step_it_cannot_read_is_trace_malformed_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    make_run(runs, "chain-only", "t.offset", jsonl([prompt(), *offset_chain()]))
    for name, (change, _) in DAMAGED.items():
        make_run(runs, name, "t.offset", jsonl(_damaged(change)))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), "--trace-format", "claude")
    assert outcome.code == 2
    assert outcome.case("chain-only")["status"] == "pass"
    errors = [line for line in outcome.err.splitlines() if line.startswith("sakshi: error")]
    for name, (_, problem) in DAMAGED.items():
        case = outcome.case(name)
        assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"]), name
        (message,) = [line for line in errors if f"{name}/trace.jsonl" in line]
        assert problem in message and ": line " in message, message
    assert OFFSET_FACT not in outcome.err and outcome.out.count(OFFSET_FACT) == 0
