"""Hostile: a call a reader did not look at (SPEC 5: anything a reader could not read can
never help a case pass).

A Chat Completions assistant message may carry the legacy ``function_call`` (the functions
API before ``tool_calls``), answered by a ``role: function`` message. The reader looked
only at ``tool_calls``: such a call vanished from the run (its shell command that printed
the fact line was never counted), and its answer refused the whole file. The call is now
read, named from its place (it has no id), and only the function message right after it
answers it: a fact it printed before the proper chain fails the case as any other call's
would (FACT_MISSING), and a function message that answers no call right before it is
TRACE_MALFORMED naming the file and the message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import OFFSET_FACT, OFFSET_HINT, make_run, run_recovery, write_corpus

from sakshi.recovery.readers import TraceError, read_trace

SOURCE = "notes/big.txt"


def _at(error: TraceError) -> str:
    """Where a refusal points inside a JSON document: the key path its problem starts
    with, after the line the key names."""
    assert (error.key or "").startswith("line "), error
    return error.problem.split(": ", 1)[0]


def use(call_id: str, **args: Any) -> dict[str, Any]:
    function = {"name": "read", "arguments": json.dumps(args)}
    return {"id": call_id, "type": "function", "function": function}


def legacy_call() -> dict[str, Any]:
    command = json.dumps({"command": f"sed -n 50p {SOURCE}"})
    return {
        "role": "assistant",
        "content": None,
        "function_call": {"name": "bash", "arguments": command},
    }


def chat(*before: dict[str, Any]) -> list[dict[str, Any]]:
    """A read-offset chain, after the given messages."""
    return [
        {"role": "user", "content": "Report line L00050."},
        *before,
        {"role": "assistant", "content": None, "tool_calls": [use("c1", path=SOURCE)]},
        {"role": "tool", "tool_call_id": "c1", "content": OFFSET_HINT},
        {"role": "assistant", "content": None, "tool_calls": [use("c2", path=SOURCE, offset=41)]},
        {"role": "tool", "tool_call_id": "c2", "content": f"L00050 {OFFSET_FACT}"},
        {"role": "assistant", "content": OFFSET_FACT},
    ]


RUNS = {
    "ok": chat(),
    "legacy-unanswered": chat(legacy_call()),
    "legacy-printed-the-fact": chat(
        legacy_call(), {"role": "function", "name": "bash", "content": f"L00050 {OFFSET_FACT}"}
    ),
    "function-message-of-no-call": chat(
        {"role": "function", "name": "bash", "content": f"L00050 {OFFSET_FACT}"}
    ),
}


def test_a_legacy_function_call_is_part_of_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    for name, messages in RUNS.items():
        make_run(runs, name, "t.offset", json.dumps(messages).encode(), trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2
    assert outcome.case("ok")["status"] == "pass"
    unanswered = outcome.case("legacy-unanswered")
    assert unanswered["counts"]["tool_calls"] == 3  # the legacy call is counted, not dropped
    printed = outcome.case("legacy-printed-the-fact")
    assert (printed["status"], printed["reasons"]) == ("fail", ["FACT_MISSING"])
    orphan = outcome.case("function-message-of-no-call")
    assert (orphan["status"], orphan["reasons"]) == ("error", ["TRACE_MALFORMED"])
    assert "trace.json" in outcome.err and "messages[1]" in outcome.err


def test_the_reader_names_the_function_message_that_answers_no_call() -> None:
    with pytest.raises(TraceError, match="answers no function_call") as err:
        read_trace(json.dumps(RUNS["function-message-of-no-call"]).encode(), "t.json", "openai")
    assert _at(err.value) == "messages[1]"
