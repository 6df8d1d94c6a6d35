"""Hostile: a call a reader did not look at (SPEC 5: anything a reader could not read can
never help a case pass).

A Chat Completions assistant message may carry the legacy ``function_call`` (the functions
API before ``tool_calls``). The reader looked only at ``tool_calls``, so such a call, a
shell command that printed the fact line, say, vanished: the run read as the proper
chain alone and passed. The legacy call names no id, so no result could be paired with
it: it is now TRACE_MALFORMED naming the file and the message, and the run is an error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import OFFSET_FACT, OFFSET_HINT, make_run, run_recovery, write_corpus

from sakshi.recovery.readers import TraceError, read_trace

SOURCE = "notes/big.txt"


def use(call_id: str, **args: Any) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "read", "arguments": json.dumps(args)},
    }


def chat(hidden: bool) -> list[dict[str, Any]]:
    """A read-offset chain; with ``hidden``, a legacy call that printed the fact line first."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Report line L00050."}]
    if hidden:
        command = json.dumps({"command": f"sed -n 50p {SOURCE}"})
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "function_call": {"name": "bash", "arguments": command},
            }
        )
    return messages + [
        {"role": "assistant", "content": None, "tool_calls": [use("c1", path=SOURCE)]},
        {"role": "tool", "tool_call_id": "c1", "content": OFFSET_HINT},
        {"role": "assistant", "content": None, "tool_calls": [use("c2", path=SOURCE, offset=41)]},
        {"role": "tool", "tool_call_id": "c2", "content": f"L00050 {OFFSET_FACT}"},
        {"role": "assistant", "content": OFFSET_FACT},
    ]


def test_a_legacy_function_call_makes_the_run_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    for name, hidden in (("ok", False), ("legacy", True)):
        data = json.dumps(chat(hidden)).encode()
        make_run(runs, name, "t.offset", data, trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2
    assert outcome.case("ok")["status"] == "pass"
    case = outcome.case("legacy")
    assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"])
    assert "trace.json" in outcome.err and "messages[1]" in outcome.err


def test_the_reader_refuses_it_naming_the_message() -> None:
    with pytest.raises(TraceError, match="function_call") as err:
        read_trace(json.dumps(chat(True)).encode(), "t.json", "openai")
    assert err.value.key == "messages[1]"
