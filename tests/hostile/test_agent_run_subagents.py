"""Hostile: another agent's sub-agents and attempts hide a read of the source (issue 24).

OpenHands writes a delegated agent's events into the same stream, SWE-agent's retry agent
keeps every attempt under ``attempts`` (and a copy of the chosen one at the top), and
Cline's panel file (``ui_messages.json``) keeps only the count of a sub-agent's calls.
A reader that took only the agent's own calls, or only the chosen attempt, would let a
read of the source by the others pass unseen. Their calls are part of the run (SPEC
section 5): a delegate's read and another attempt's command turn the case, and a Cline
task that ran sub-agents, whose calls the file does not hold, is TRACE_MALFORMED (exit 2),
never judged without them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import FACT, TEMP_PROBE, make_run, run_recovery, write_corpus

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import Case, CaseKind, Source
from sakshi.recovery.model import Trace
from sakshi.recovery.readers import merge_probe, read_trace
from sakshi.recovery.validate import validate

SOURCE = "notes/big.txt"
CASE = Case(
    id="t.temp",
    kind=CaseKind.TEMP_OUTPUT,
    producer="bash",
    prompt="Run cat on the file once.",
    source=Source(SOURCE, 100, 50),
    fact=FACT,
)


def probe(after: str) -> dict[str, Any]:
    """The harness's deletion and handle check, after the producer's call ``after``."""
    return {"events": [{**event, "after_call_id": after} for event in TEMP_PROBE["events"]]}


def judged(doc: object, after: str) -> tuple[R, ...]:
    trace: Trace = read_trace(json.dumps(doc).encode(), "trace.json")
    return validate(CASE, merge_probe(trace, probe(after), "probe.json")).reasons


def openhands(delegate: bool) -> list[dict[str, Any]]:
    """The agent runs the producer; with ``delegate``, a delegated agent then reads the
    source with its own ``read`` action, in the same stream."""
    own = [
        {"id": 0, "source": "user", "action": "message", "args": {"content": "Run cat once."}},
        {"id": 1, "source": "agent", "action": "run", "args": {"command": f"cat {SOURCE}"}},
        {"id": 2, "source": "agent", "observation": "run", "cause": 1, "content": "L00100 onyx"},
    ]
    sub = [
        {"id": 3, "source": "agent", "action": "delegate", "args": {"agent": "BrowsingAgent"}},
        {"id": 4, "source": "agent", "action": "read", "args": {"path": f"/home/p/{SOURCE}"}},
        {"id": 5, "source": "agent", "observation": "read", "cause": 4, "content": "L00050 x"},
        {"id": 6, "source": "agent", "observation": "delegate", "cause": 3, "content": "done"},
    ]
    return own + sub if delegate else own


def test_an_openhands_delegates_read_of_the_source_fails_the_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alone, with_delegate = judged(openhands(False), "1"), judged(openhands(True), "1")
    assert R.SOURCE_READ_DIRECTLY not in alone
    assert set(with_delegate) == {*alone, R.SOURCE_READ_DIRECTLY}
    runs = tmp_path / "runs"
    data = json.dumps(openhands(True)).encode()
    make_run(runs, "delegate-read", "t.temp", data, probe("1"), trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert "SOURCE_READ_DIRECTLY" in outcome.case("delegate-read")["reasons"]


def swe_attempt(command: str, output: str) -> dict[str, Any]:
    step = {"action": command, "observation": output, "thought": ""}
    return {"trajectory": [step], "history": [], "info": {}}


def test_a_swe_agent_attempt_not_chosen_still_counts() -> None:
    chosen = swe_attempt(f"cat {SOURCE}", "L00100 onyx")
    other = swe_attempt(f"cat /home/p/{SOURCE}", "L00050 x")
    alone = judged(chosen, "step-1")
    # The retry agent's file: both attempts, and the chosen one copied to the top.
    both = judged({"attempts": [other, chosen], **chosen}, "attempt-2.step-1")
    assert R.REPEATED_PRODUCER not in alone
    assert set(both) == {*alone, R.REPEATED_PRODUCER}


@pytest.mark.parametrize("kind", ["use_subagents", "subagent"])
def test_a_cline_task_with_sub_agents_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    messages = [
        {"ts": 1, "type": "say", "say": "task", "text": "Run cat once."},
        {"ts": 2, "type": "ask", "ask": "command", "text": f"cat {SOURCE}"},
        {"ts": 3, "type": "ask", "ask": "command_output", "text": "L00100 onyx"},
        {"ts": 4, "type": "ask", "ask": kind, "text": json.dumps({"prompts": ["read it"]})},
    ]
    runs = tmp_path / "runs"
    data = json.dumps(messages).encode()
    make_run(runs, "sub-agents", "t.temp", data, probe("ui-1"), trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    case = outcome.case("sub-agents")
    assert (outcome.code, case["status"], case["reasons"]) == (2, "error", ["TRACE_MALFORMED"])
    assert "sub-agent" in outcome.err and "[3]" in outcome.err
