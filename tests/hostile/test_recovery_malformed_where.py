"""Hostile: refusals that do not say where, and damage that refuses the whole file (issue 24
item 5, SPEC 5: every TRACE_MALFORMED says file, line and field; every damaged line is
blanked and counted, whatever the JSON error).

- A Pi v3 session whose line holding a call has an invalid JSON escape: the line was
  blanked, but the next entry's parent was on it, and that broken link refused the whole
  file. The branch now steps over the blanked line and the rest is read and counted.
- A result whose call was on a damaged line (Kimi, Claude Code): blanked and counted too.
- A line that is JSON but not an object: blanked and counted, like any other damage.
- A Chat Completions file from tau-bench (a trajectory of its results file: litellm
  message dumps; tau2-bench writes flat tool calls) was refused by the element's key path
  (``messages[3].tool_calls[0]``) with no line: every document reader's refusal now names
  the line where that element starts, the key path leading the problem as the field.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import TEMP_PROBE, jsonl, make_run, run_recovery, temp_trace, write_corpus

from sakshi.recovery.model import ToolCall
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

FIXTURES = Path(__file__).parents[1] / "fixtures"
PI = FIXTURES / "recovery" / "pi" / "read-offset-pass" / "session.jsonl"
KIMI = FIXTURES / "real" / "kimi-cli" / "kimi-cli-wire.jsonl"
CLAUDE = FIXTURES / "real" / "claude" / "spotter-subagent.jsonl"
GEMINI = next((FIXTURES / "real" / "gemini-cli").glob("*.json"))


def _mangled(path: Path, marker: bytes) -> tuple[bytes, int]:
    """The file with an invalid JSON escape put into the first line holding ``marker``
    (as a scrubber leaves one), and that line's number."""
    lines = path.read_bytes().split(b"\n")
    index = next(i for i, line in enumerate(lines) if marker in line)
    lines[index] = lines[index].replace(b'{"', b'{"note": "mail \\q redacted", "', 1)
    return b"\n".join(lines), index + 1


def _calls(data: bytes, trace_format: str | None = None) -> int:
    events = read_counted(data, "t.jsonl", trace_format).trace.events
    return sum(isinstance(event, ToolCall) for event in events)


def test_a_pi_chain_line_with_an_invalid_escape_is_blanked_not_the_file() -> None:
    data, number = _mangled(PI, b'"toolCall"')
    reading = read_counted(data, "session.jsonl")
    assert reading.unreadable == 1
    assert reading.damage is not None and reading.damage.key == f"line {number}"
    # The call on the damaged line is gone; every other call is read.
    assert _calls(data) == _calls(PI.read_bytes()) - 1 > 0


def test_a_pi_chain_line_with_an_invalid_escape_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, number = _mangled(PI, b'"toolCall"')
    runs = tmp_path / "runs"
    make_run(runs, "pi", "t.offset", data, trace_name="session.jsonl")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    case = outcome.case("pi")
    assert outcome.code == 2
    assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"])
    assert case["counts"]["lines_unreadable"] == 1 and case["counts"]["tool_calls"] > 0
    assert f"pi/session.jsonl: line {number}: not JSON" in outcome.err
    assert "redacted" not in outcome.err


@pytest.mark.parametrize(
    ("path", "marker"), [(KIMI, b'"tool_b1"'), (CLAUDE, b'"tool_use"')], ids=["kimi", "claude"]
)
def test_a_result_whose_call_was_damaged_is_blanked_and_counted(path: Path, marker: bytes) -> None:
    data, number = _mangled(path, marker)
    reading = read_counted(data, "t.jsonl")
    assert reading.damage is not None and reading.damage.key == f"line {number}"
    assert reading.unreadable >= 2  # the damaged line, and the result it took with it
    assert _calls(data) == _calls(path.read_bytes()) - 1


@pytest.mark.parametrize("value", [b"[1, 2]", b'"text"', b"7", b"null"])
def test_a_line_that_is_not_an_object_is_blanked_and_counted(value: bytes) -> None:
    lines = PI.read_bytes().split(b"\n")
    lines.insert(3, value)
    reading = read_counted(b"\n".join(lines), "session.jsonl", "pi")
    assert reading.unreadable == 1
    assert reading.damage is not None and reading.damage.key == "line 4"
    assert _calls(b"\n".join(lines), "pi") == _calls(PI.read_bytes(), "pi")


# --- document readers: the line and the field ----------------------------------------------


def tau_bench_trajectory() -> list[dict[str, Any]]:
    """Not real: one trajectory (``traj``) of a tau-bench results file, its messages as
    litellm dumps them; the second call is written the tau2-bench way (flat, no function)."""
    call = {
        "function": {"arguments": '{"email": "a@example.com"}', "name": "find_user_id_by_email"},
        "id": "call_1",
        "type": "function",
    }
    return [
        {"role": "system", "content": "# Retail agent policy"},
        {"role": "user", "content": "I want to exchange an item."},
        {"content": None, "role": "assistant", "tool_calls": [call], "function_call": None},
        {
            "role": "tool",
            "tool_call_id": "call_1",
            "name": "find_user_id_by_email",
            "content": "user_1",
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_2",
                    "name": "get_user_details",
                    "arguments": {"user_id": "user_1"},
                    "requestor": "assistant",
                }
            ],
        },
    ]


def test_a_tau_bench_trajectory_is_refused_saying_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.dumps(tau_bench_trajectory(), indent=2).encode()
    assert detect_format(data, "trace.json") == "openai"
    with pytest.raises(TraceError) as err:
        read_trace(data, "trace.json")
    line = data.decode().splitlines().index('        "id": "call_2",') + 1
    assert err.value.key == f"line {line - 1}"  # the call object's opening brace
    assert err.value.problem.startswith("messages[4].tool_calls[0]: function: ")
    runs = tmp_path / "runs"
    make_run(runs, "tau", "t.offset", data, trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2 and outcome.case("tau")["reasons"] == ["TRACE_MALFORMED"]
    assert f"tau/trace.json: line {line - 1}: messages[4].tool_calls[0]: function:" in outcome.err


def test_a_whole_tau_bench_results_file_is_named_as_one() -> None:
    results = [{"task_id": 0, "reward": 1.0, "info": {}, "traj": tau_bench_trajectory()[:4]}]
    with pytest.raises(TraceError, match="a results file of 1 trajectories"):
        read_trace(json.dumps(results).encode(), "results.json")


def _bad_gemini() -> tuple[bytes, str]:
    doc = json.loads(GEMINI.read_text("utf-8"))
    index = next(i for i, m in enumerate(doc["messages"]) if m.get("toolCalls"))
    doc["messages"][index]["toolCalls"][0]["status"] = 1
    return json.dumps(doc, indent=2).encode(), f"messages[{index}].toolCalls[0]"


def _bad_anthropic() -> tuple[bytes, str]:
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": 7, "name": "read"}]},
    ]
    return json.dumps(messages, indent=2).encode(), "messages[1]"


def _bad_responses() -> tuple[bytes, str]:
    items = [
        {"type": "message", "role": "user", "content": "hi"},
        {"type": "function_call", "call_id": "c1", "name": "read", "arguments": "{"},
    ]
    return json.dumps({"input": items}, indent=2).encode(), "input[1]"


@pytest.mark.parametrize("make", [_bad_gemini, _bad_anthropic, _bad_responses])
def test_every_document_reader_names_line_and_field(make: Any) -> None:
    data, path = make()
    with pytest.raises(TraceError) as err:
        read_trace(data, "trace.json")
    key = err.value.key or ""
    assert key.startswith("line ") and key != "line 1", str(err.value)
    assert err.value.problem.startswith(path), str(err.value)


def test_a_second_call_with_the_same_id_names_line_and_field() -> None:
    call = {"id": "call_1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
    messages = [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": "a"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
    ]
    data = json.dumps(messages, indent=2).encode()
    with pytest.raises(TraceError) as err:
        read_trace(data, "trace.json")
    lines = data.decode().splitlines()
    second = [number for number, line in enumerate(lines, 1) if line == "      {"][1]
    assert err.value.key == f"line {second}"  # the second call object's opening brace
    assert err.value.problem == "messages[2].tool_calls[0]: id: a second call with the same id"


def test_a_call_answered_twice_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    call = {"kind": "tool_call", "call_id": "c1", "tool": "read", "args": {"path": "a"}}
    answer = {"kind": "tool_result", "call_id": "c1", "tool": "read", "is_error": False, "text": ""}
    runs = tmp_path / "runs"
    make_run(runs, "twice", "t.offset", jsonl([call, answer, answer]))
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2 and outcome.case("twice")["reasons"] == ["TRACE_MALFORMED"]
    # The reader names the line of the second answer (issue 24 item 4).
    second = "trace.jsonl: line 3: tool result: a second result for a call answered before"
    assert second in outcome.err


def test_a_probe_event_it_cannot_place_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    probe = copy.deepcopy(TEMP_PROBE)
    probe["events"][1]["after_call_id"] = "nobody"
    text = json.dumps(probe, indent=2)
    line = text.splitlines().index('      "after_call_id": "nobody"') + 1
    runs = tmp_path / "runs"
    make_run(runs, "temp", "t.temp", jsonl(temp_trace()), text.encode())
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2 and outcome.case("temp")["reasons"] == ["TRACE_MALFORMED"]
    assert f"probe.json: line {line}: events[1].after_call_id: names no tool call" in outcome.err


TAU = FIXTURES / "recovery" / "tau-bench" / "gpt-4o-airline-traj-89.json"


def test_the_real_tau_bench_trajectory_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Read whole, it used to be TRACE_MALFORMED with nothing said: the validator found a
    # call id used by two calls, and no reader had said where.
    data = TAU.read_bytes()
    lines = data.decode().splitlines()
    ids = [(n, line.strip()) for n, line in enumerate(lines, 1) if '"id": "call_' in line]
    again = next(n for i, (n, text) in enumerate(ids) if text in [t for _, t in ids[:i]])
    second = max(n for n, line in enumerate(lines[:again], 1) if line == "      {")
    with pytest.raises(TraceError) as err:
        read_trace(data, TAU.name)
    assert err.value.key == f"line {second}"
    assert err.value.problem == "messages[10].tool_calls[0]: id: a second call with the same id"
    runs = tmp_path / "runs"
    make_run(runs, "tau", "t.offset", data, trace_name="trace.json")
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    assert outcome.code == 2 and outcome.case("tau")["reasons"] == ["TRACE_MALFORMED"]
    assert f"tau/trace.json: line {second}: messages[10].tool_calls[0]: id:" in outcome.err
