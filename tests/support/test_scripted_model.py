"""The scripted model server on its own (no agent): the wire format, the conversation it
parses, the harness it plays, and its bounded lifetime."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from scripted_model import (
    Conversation,
    ScriptedModelServer,
    TempOutputHarness,
    Turn,
    bash,
    continue_offset,
    continue_reading,
    full_output_path,
    read,
    token_after,
)


def _post(url: str, body: dict) -> tuple[int, bytes]:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def _script(conv: Conversation) -> Turn:
    if conv.turns == 0:
        return Turn.call(read("notes/big.txt"), bash("echo hi"))
    return Turn.say("the answer")


def test_non_streaming_tool_calls_then_text() -> None:
    with ScriptedModelServer(_script, lifetime=30) as server:
        status, data = _post(
            server.base_url + "/chat/completions",
            {"model": "scripted-model", "messages": [{"role": "user", "content": "go"}]},
        )
        assert status == 200
        message = json.loads(data)["choices"][0]["message"]
        assert [c["id"] for c in message["tool_calls"]] == ["call_01_1", "call_01_2"]
        assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == {
            "path": "notes/big.txt"
        }
        msgs = [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": None, "tool_calls": message["tool_calls"]},
            {"role": "tool", "tool_call_id": "call_01_1", "content": "text"},
            {"role": "tool", "tool_call_id": "call_01_2", "content": "hi"},
        ]
        status, data = _post(server.base_url + "/chat/completions", {"messages": msgs})
        body = json.loads(data)
        assert body["choices"][0]["message"]["content"] == "the answer"
        assert body["choices"][0]["finish_reason"] == "stop"
    assert not server.errors and len(server.requests) == 2


def test_streaming_sse_reassembles() -> None:
    with ScriptedModelServer(_script, lifetime=30) as server:
        status, data = _post(
            server.base_url + "/chat/completions",
            {
                "stream": True,
                "stream_options": {"include_usage": True},
                "messages": [{"role": "user", "content": "go"}],
            },
        )
    assert status == 200
    events = [line[6:] for line in data.decode().split("\n\n") if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    args: dict[int, str] = {}
    for chunk in chunks:
        for choice in chunk["choices"]:
            for tc in choice["delta"].get("tool_calls", []):
                args[tc["index"]] = args.get(tc["index"], "") + tc["function"].get("arguments", "")
    assert json.loads(args[1]) == {"command": "echo hi"}
    assert chunks[-2]["choices"][0]["finish_reason"] == "tool_calls"
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["total_tokens"] > 0


def test_script_error_is_a_500_and_recorded() -> None:
    def broken(conv: Conversation) -> Turn:
        raise RuntimeError("boom")

    with ScriptedModelServer(broken, lifetime=30) as server:
        status, _ = _post(server.base_url + "/chat/completions", {"messages": []})
    assert status == 500
    assert "boom" in server.errors[0]


def test_lifetime_is_bounded() -> None:
    server = ScriptedModelServer(_script, lifetime=0.2).start()
    try:
        time.sleep(0.6)
        assert server.expired
    finally:
        server.stop()


def test_helpers_follow_real_text() -> None:
    text = "L1\n\n[Showing lines 1-2000 of 5001. Use offset=2001 to continue.]"
    assert continue_offset(text) == 2001
    footer = (
        "x\n\n[Showing lines 3002-5001 of 5001. Full output: /tmp/a b/pi-bash-1.log]\n\n"
        "Command exited with code 3"
    )
    assert full_output_path(footer) == "/tmp/a b/pi-bash-1.log"
    conv = Conversation.parse(
        [
            {"role": "user", "content": [{"type": "text", "text": "go"}]},
            {
                "role": "assistant",
                "tool_calls": [
                    {"id": "c1", "function": {"name": "read", "arguments": '{"path": "f"}'}}
                ],
            },
            {
                "role": "tool",
                "tool_call_id": "c1",
                "content": "L02999 a b\nL03000 TOKEN-123\n" + text,
            },
        ]
    )
    assert conv.prompt == "go" and conv.turns == 1
    assert continue_reading(conv, "f", "L03000") is None
    assert token_after(conv, "L03000") == "TOKEN-123"
    step = continue_reading(conv, "f", "L04000")
    assert step is not None and step.tool_calls[0].arguments == {"path": "f", "offset": 2001}


def _producer_conv(handle: Path) -> Conversation:
    text = f"tail\n\n[Showing lines 3002-5001 of 5001. Full output: {handle}]"
    return Conversation.parse(
        [
            {"role": "user", "content": "go"},
            {
                "role": "assistant",
                "tool_calls": [{"id": "p1", "function": {"name": "bash", "arguments": "{}"}}],
            },
            {"role": "tool", "tool_call_id": "p1", "content": text},
        ]
    )


@pytest.mark.parametrize(
    ("cleanup", "check", "events"),
    [
        ("verified", "checked", [("source_deleted", True), ("handle_checked", True)]),
        ("not-deleted", "checked", [("source_deleted", False), ("handle_checked", True)]),
        ("omit", "falsified", [("handle_checked", False)]),
        ("verified", "omit", [("source_deleted", True)]),
    ],
)
def test_harness_events(tmp_path: Path, cleanup: str, check: str, events: list) -> None:
    project = tmp_path / "project"
    (project / "notes").mkdir(parents=True)
    (project / "notes" / "big.txt").write_text("L03000 FACT-0001\n")
    handle = tmp_path / "pi-bash-1.log"
    handle.write_text("L03000 FACT-0001\n")
    harness = TempOutputHarness(
        project,
        "notes/big.txt",
        "FACT-0001",
        cleanup=cleanup,
        handle_check=check,
        probe_path=tmp_path / "probe.json",
    )
    harness.observe(Conversation.parse([{"role": "user", "content": "go"}]))
    assert harness.events == []
    harness.observe(_producer_conv(handle))
    harness.observe(_producer_conv(handle))  # acts once
    got = [(e["event"], e.get("verified", e.get("readable"))) for e in harness.events]
    assert got == events
    assert all(e["after_call_id"] == "p1" for e in harness.events)
    assert (project / "notes" / "big.txt").exists() is (cleanup in ("not-deleted", "skip"))
    assert json.loads((tmp_path / "probe.json").read_text()) == harness.probe()
    for e in harness.events:
        if e["event"] == "source_deleted":
            assert e["path"] == "notes/big.txt"
        else:
            assert e["handle"] == str(handle) and e["fact_present"] is (check == "checked")
