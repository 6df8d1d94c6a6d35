"""Provider response objects as recorded: an Anthropic Message, a Chat Completions response,
Gemini generateContent bodies (``gemini-api``), and the Responses items a server-run tool
search and programmatic tool calling write. Written for sakshi (not real): each shape
follows the provider's own SDK types; the real files are in tests/fixtures/real.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.recovery.model import Message, ToolCall, ToolResult
from sakshi.recovery.readers import TraceError, detect_format, read_counted, read_trace

REAL = Path(__file__).parent / "fixtures" / "real"


def _at(error: TraceError) -> str:
    """Where a refusal points inside a JSON document: the key path its problem starts
    with, after the line the key names."""
    assert (error.key or "").startswith("line "), error
    return error.problem.split(": ", 1)[0]


def data(doc: Any) -> bytes:
    return json.dumps(doc).encode()


def calls_and_results(doc: Any, fmt: str | None = None) -> tuple[list[Any], list[Any]]:
    events = read_trace(data(doc), "t.json", fmt).events
    return (
        [e for e in events if isinstance(e, ToolCall)],
        [e for e in events if isinstance(e, ToolResult)],
    )


# --- Anthropic: one Message object -----------------------------------------------------------

MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [
        {"type": "thinking", "thinking": "...", "signature": "s"},
        {"type": "text", "text": "Reading it."},
        {"type": "tool_use", "id": "toolu_1", "name": "Read", "input": {"file_path": "a.txt"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}


def test_an_anthropic_message_object() -> None:
    assert detect_format(data(MESSAGE), "m.json") == "anthropic"
    reading = read_counted(data(MESSAGE), "m.json")
    assert reading.trace.events == (
        Message("assistant", "Reading it."),
        ToolCall("toolu_1", "read", {"file_path": "a.txt"}),
    )
    assert reading.skipped == 1  # the thinking block


def test_an_anthropic_message_with_a_result_of_a_call_not_in_it() -> None:
    # A pause_turn continuation starts with the result of a search the previous response
    # made: this file cannot certify it.
    doc = {**MESSAGE, "content": [{"type": "web_search_tool_result", "tool_use_id": "srv_1"}]}
    with pytest.raises(TraceError, match="answers no call") as err:
        read_trace(data(doc), "m.json")
    assert (err.value.source, _at(err.value)) == ("m.json", "response")


def test_an_unknown_block_in_a_message_object_names_where() -> None:
    doc = {**MESSAGE, "content": [{"type": "hologram"}]}
    with pytest.raises(TraceError, match=r"content\[0\]\.type") as err:
        read_trace(data(doc), "m.json")
    assert _at(err.value) == "response"


# --- Chat Completions: one response --------------------------------------------------------


def completion(*choices: dict[str, Any]) -> dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "m", "choices": list(choices)}


def choice(message: dict[str, Any]) -> dict[str, Any]:
    return {"index": 0, "finish_reason": "tool_calls", "message": message}


CALL = {"id": "call_1", "type": "function", "function": {"name": "read", "arguments": "{}"}}


def test_a_chat_completion_response() -> None:
    doc = completion(choice({"role": "assistant", "content": None, "tool_calls": [CALL]}))
    assert detect_format(data(doc), "c.json") == "openai"
    assert calls_and_results(doc) == ([ToolCall("call_1", "read", {})], [])


def test_a_custom_tool_call_and_a_call_without_an_id() -> None:
    custom = {"id": "call_2", "type": "custom", "custom": {"name": "patch", "input": "*** x"}}
    no_id = {**CALL, "id": ""}
    doc = completion(choice({"role": "assistant", "tool_calls": [custom, no_id]}))
    calls, _ = calls_and_results(doc)
    assert calls == [
        ToolCall("call_2", "patch", {"input": "*** x"}),
        ToolCall("read@choices[0].message.tool_calls[1]", "read", {}),
    ]


def test_several_choices_are_alternatives_not_one_run() -> None:
    message = {"role": "assistant", "tool_calls": [CALL]}
    with pytest.raises(TraceError, match="2 alternative completions") as err:
        read_trace(data(completion(choice(message), choice(message))), "c.json")
    assert _at(err.value) == "choices"


def test_a_legacy_function_call_and_its_function_message() -> None:
    function = {"name": "read", "arguments": '{"path": "a.txt"}'}
    messages = [
        {"role": "assistant", "content": None, "function_call": function},
        {"role": "function", "name": "read", "content": "L1"},
    ]
    assert detect_format(data(messages), "c.json") == "openai"
    call_id = "read@messages[0].function_call"
    assert calls_and_results(messages) == (
        [ToolCall(call_id, "read", {"path": "a.txt"})],
        [ToolResult(call_id, "read", False, "L1")],
    )
    late = [messages[0], {"role": "user", "content": "?"}, messages[1]]
    for wrong in (late, [messages[0], {**messages[1], "name": "ls"}], messages[1:]):
        with pytest.raises(TraceError, match="answers no function_call") as err:
            read_trace(data(wrong), "c.json", "openai")
        assert _at(err.value) == f"messages[{len(wrong) - 1}]"


# --- Gemini API ------------------------------------------------------------------------------


def fcall(name: str, **extra: Any) -> dict[str, Any]:
    return {"functionCall": {"name": name, "args": {"path": "a.txt"}, **extra}}


def fresponse(name: str, response: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"functionResponse": {"name": name, "response": response, **extra}}


def request(*contents: dict[str, Any]) -> dict[str, Any]:
    return {"contents": list(contents), "generationConfig": {}}


def test_gemini_calls_without_ids_pair_by_name_in_order() -> None:
    doc = request(
        {"role": "user", "parts": [{"text": "read both"}]},
        {"role": "model", "parts": [fcall("read"), fcall("ls"), fcall("read")]},
        {
            "role": "user",
            "parts": [
                fresponse("read", {"output": "first"}),
                fresponse("ls", {"error": "denied"}),
                fresponse("read", {"content": {"text": "second"}}),
            ],
        },
    )
    assert detect_format(data(doc), "g.json") == "gemini-api"
    calls, results = calls_and_results(doc)
    assert [c.call_id for c in calls] == [
        "read@contents[1].parts[0].functionCall",
        "ls@contents[1].parts[1].functionCall",
        "read@contents[1].parts[2].functionCall",
    ]
    assert [(r.call_id, r.is_error, r.text) for r in results] == [
        (calls[0].call_id, False, "first"),
        (calls[1].call_id, True, "denied"),
        (calls[2].call_id, False, "second"),
    ]


def test_gemini_ids_pair_and_a_wrong_id_is_refused() -> None:
    model = {"role": "model", "parts": [fcall("read", id="c1")]}
    answered = request(model, {"parts": [fresponse("read", {"output": "x"}, id="c1")]})
    assert calls_and_results(answered)[1] == [ToolResult("c1", "read", False, "x")]
    for wrong in (
        fresponse("read", {}, id="c2"),
        fresponse("ls", {}, id="c1"),
        fresponse("grep", {}),
    ):
        with pytest.raises(TraceError, match="answers no call") as err:
            read_trace(data(request(model, {"parts": [wrong]})), "g.json")
        assert _at(err.value) == "contents[1].parts[0].functionResponse"


def test_gemini_response_sdk_dump_and_streamed_chunks() -> None:
    # The Python SDK's dump: snake_case keys, the calls it ran in its history.
    history = [
        {"role": "user", "parts": [{"text": "go"}]},
        {"role": "model", "parts": [{"function_call": {"name": "read", "args": {}}}]},
        {"role": "user", "parts": [{"function_response": {"name": "read", "response": {}}}]},
    ]
    dump = {
        "automatic_function_calling_history": history,
        "candidates": [{"content": {"role": "model", "parts": [{"text": "done"}]}}],
    }
    assert detect_format(data(dump), "g.json") == "gemini-api"
    calls, results = calls_and_results(dump)
    assert (len(calls), len(results)) == (1, 1)
    chunk = {"candidates": [{"content": {"parts": [{"text": "a", "thought": True}]}}]}
    chunks = [chunk, {"candidates": [{"content": {"role": "model", "parts": [fcall("read")]}}]}]
    assert detect_format(data(chunks), "g.json") == "gemini-api"
    reading = read_counted(data(chunks), "g.json")
    assert len(reading.trace.events) == 1 and reading.skipped == 1


def test_gemini_code_execution_and_server_tools() -> None:
    parts = [
        {"executableCode": {"language": "PYTHON", "code": "print(1)"}},
        {"codeExecutionResult": {"outcome": "OUTCOME_FAILED", "output": "Traceback"}},
        {"toolCall": {"id": "t1", "toolType": "URL_CONTEXT", "args": {}}},
        {"toolResponse": {"id": "t1", "toolType": "URL_CONTEXT", "response": {"a": "page"}}},
    ]
    doc = {"candidates": [{"content": {"role": "model", "parts": parts}}]}
    calls, results = calls_and_results(doc)
    assert [c.tool for c in calls] == ["code_execution", "url_context"]
    assert [(r.is_error, r.text) for r in results] == [(True, "Traceback"), (False, "page")]


@pytest.mark.parametrize(
    ("doc", "key"),
    [
        ({"candidates": [{"content": {"parts": []}}, {"content": {"parts": []}}]}, "candidates"),
        (request({"role": "user", "parts": [{"text": "a", "functionCall": {}}]}), "parts[0]"),
        (request({"role": "user", "parts": [{"hologram": {}}]}), "parts[0]"),
        (request({"role": "critic", "parts": []}), "contents[0]"),
        (request({"role": "model", "parts": [fcall("r", id=7)]}), "functionCall"),
    ],
    ids=["two-candidates", "two-data", "unknown-part", "unknown-role", "id-not-a-string"],
)
def test_gemini_what_it_cannot_read(doc: dict[str, Any], key: str) -> None:
    with pytest.raises(TraceError) as err:
        read_trace(data(doc), "g.json", "gemini-api")
    assert err.value.source == "g.json" and key in _at(err.value)


# --- Responses: server tool search and programs --------------------------------------------


def search(**extra: Any) -> dict[str, Any]:
    return {"type": "tool_search_call", "execution": "server", "arguments": {}, **extra}


def found(**extra: Any) -> dict[str, Any]:
    return {"type": "tool_search_output", "execution": "server", "tools": [], **extra}


def test_a_server_tool_search_output_answers_the_waiting_search() -> None:
    doc = {"output": [search(id="tsc_1", call_id=None), found(id="tso_1", call_id=None)]}
    calls, results = calls_and_results(doc, "openai-responses")
    assert calls == [ToolCall("tsc_1", "tool_search", {})]
    assert results == [ToolResult("tsc_1", "tool_search", False, "")]


@pytest.mark.parametrize(
    "items",
    [
        [found(id="tso_1", call_id=None)],
        [search(id="a", call_id=None), search(id="b", call_id=None), found(call_id=None)],
        [search(id="a", call_id=None), found(call_id=None), found(call_id=None)],
    ],
    ids=["none-waiting", "two-waiting", "answered-twice"],
)
def test_a_server_tool_search_output_that_cannot_be_placed(items: list[Any]) -> None:
    with pytest.raises(TraceError, match="call_id: null") as err:
        read_trace(data({"output": items}), "r.json", "openai-responses")
    assert _at(err.value) == f"output[{len(items) - 1}]"


def test_program_items_and_the_calls_they_make() -> None:
    path = REAL / "openai-responses" / "handmade-program-items.json"
    reading = read_counted(path.read_bytes(), path.name)
    calls = [e for e in reading.trace.events if isinstance(e, ToolCall)]
    results = [e for e in reading.trace.events if isinstance(e, ToolResult)]
    assert [c.tool for c in calls] == ["program", "get_inventory"]
    assert [r.call_id for r in results] == ["call_inventory_123", "call_prog_123"]
    assert reading.skipped == 1  # additional_tools
    failed = {"type": "program_output", "call_id": "p", "result": "", "status": "incomplete"}
    program = {"type": "program", "call_id": "p", "code": "x"}
    _, (result,) = calls_and_results({"input": [program, failed]}, "openai-responses")
    assert result.is_error


# --- through the CLI -------------------------------------------------------------------------


def run(tmp_path: Path, trace: bytes, *args: str) -> int:
    folder = tmp_path / "runs" / "r1"
    folder.mkdir(parents=True)
    (folder / "trace.json").write_bytes(trace)
    (folder / "case.json").write_text(json.dumps({"case_id": "recovery.read-offset"}), "utf-8")
    out = tmp_path / "report.json"
    return main(["run", "recovery", str(tmp_path / "runs"), "--out", str(out), *args])


def test_a_damaged_gemini_body_is_trace_malformed_naming_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = request({"role": "model", "parts": [fcall("read", id=7)]})
    assert run(tmp_path, data(doc), "--format", "json") == 2
    captured = capsys.readouterr()
    (case,) = json.loads(captured.out)["cases"]
    assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"])
    assert "trace.json" in captured.err
    assert "contents[0].parts[0].functionCall" in captured.err


def test_a_file_of_another_format_given_to_gemini_api_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = (REAL / "anthropic" / "pydantic-ai-parallel-tool-calls-response.json").read_bytes()
    assert run(tmp_path, trace, "--trace-format", "gemini-api") == 2
    assert "generateContent" in capsys.readouterr().err


# --- blocks newer than the readers (seen in real recordings) ---------------------------------


def test_anthropic_system_messages_tool_references_and_uploads() -> None:
    messages = [
        {"role": "user", "content": [{"type": "container_upload", "file_id": "file_1"}]},
        {"role": "system", "content": [{"type": "tool_addition", "tool": {"name": "lookup"}}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "s1", "name": "search"}]},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "s1",
                    "content": [{"type": "tool_reference", "tool_name": "lookup"}],
                }
            ],
        },
        {"role": "assistant", "content": [{"type": "compaction", "content": "summary"}]},
    ]
    reading = read_counted(data({"messages": messages}), "a.json", "anthropic")
    assert reading.trace.events == (
        ToolCall("s1", "search", {}),
        ToolResult("s1", "search", False, ""),
    )
    assert reading.skipped == 4


def test_chat_thinking_blocks_and_an_empty_legacy_function_call() -> None:
    # Mistral's thinking block; Snowflake's empty function_call beside no tool_calls.
    message = {
        "role": "assistant",
        "content": [{"type": "thinking", "thinking": []}, {"type": "text", "text": "4"}],
        "function_call": {"name": "", "arguments": ""},
        "tool_calls": None,
    }
    reading = read_counted(data(completion(choice(message))), "c.json")
    assert reading.trace.events == (Message("assistant", "4"),)
    assert reading.skipped == 1


def test_gemini_sdk_dump_with_every_field_written() -> None:
    # model_dump(mode="json") without exclude_none: every Part field, null where unset.
    unset = dict.fromkeys(["text", "inline_data", "file_data", "thought", "executable_code"])
    part = {
        **unset,
        "function_call": {"id": None, "name": "read", "args": {}, "partial_args": None},
    }
    dump = {
        "sdk_http_response": {"headers": {}},
        "candidates": [{"content": {"role": None, "parts": [part]}, "finish_reason": "STOP"}],
        "automatic_function_calling_history": None,
        "usage_metadata": {"total_token_count": 1},
    }
    assert detect_format(data(dump), "g.json") == "gemini-api"
    (call,), _ = calls_and_results(dump)
    assert call.tool == "read"


def test_gemini_a_bare_history_of_contents() -> None:
    history = [
        {"role": "user", "parts": [{"text": "read it"}]},
        {"role": "model", "parts": [fcall("read")]},
        {"role": "user", "parts": [fresponse("read", {"output": "L1"})]},
    ]
    assert detect_format(data(history), "h.json") == "gemini-api"
    _, (result,) = calls_and_results(history)
    assert (result.call_id, result.text) == ("read@[1].parts[0].functionCall", "L1")


def test_a_bare_opencode_message_list_is_not_a_gemini_history() -> None:
    opencode = [{"info": {"role": "user"}, "parts": [{"type": "text", "text": "hi"}]}]
    with pytest.raises(TraceError, match="not a Gemini API"):
        read_trace(data(opencode), "o.json", "gemini-api")


def test_gemini_a_call_without_an_id_is_answered_in_the_next_turn_only() -> None:
    # read(a) was never answered; a response after the next model turn is read(b)'s.
    doc = request(
        {"role": "model", "parts": [fcall("read")]},
        {"role": "user", "parts": [{"text": "stop, read the other one"}]},
        {"role": "model", "parts": [fcall("read")]},
        {"role": "user", "parts": [fresponse("read", {"output": "b"})]},
    )
    calls, (result,) = calls_and_results(doc)
    assert result.call_id == calls[1].call_id
    late = request(
        {"role": "model", "parts": [fcall("read")]},
        {"role": "user", "parts": [{"text": "and now?"}]},
        {"role": "model", "parts": [{"text": "waiting"}]},
        {"role": "user", "parts": [fresponse("read", {"output": "a"})]},
    )
    with pytest.raises(TraceError, match="answers no call"):
        read_trace(data(late), "g.json")


def test_gemini_vertex_rest_shapes_one_content_one_part_capital_roles() -> None:
    doc = {"contents": {"role": "USER", "parts": {"text": "hi"}}}
    assert detect_format(data(doc), "v.json") == "gemini-api"
    assert read_trace(data(doc), "v.json").events == (Message("user", "hi"),)
