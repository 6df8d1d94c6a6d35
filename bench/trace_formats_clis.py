"""Seeded sessions for bench/traces.py in the formats of Gemini CLI today (its JSONL
session, with each message appended again when its call finishes, and its stream-json
output), GitHub Copilot CLI's events, an OpenCode export and a Kimi Code CLI wire log:
the same script of steps as trace_formats.py, written out the way each agent writes its
file."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from trace_formats import PROMPT, Step  # bench/ is on sys.path when run as a script

__all__ = ["CLI_RENDERERS"]

_TIME = "2026-08-20T10:15:00.000Z"


def _jsonl(records: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


def gemini_jsonl(steps: list[Step]) -> bytes:
    records: list[dict[str, Any]] = [
        {"sessionId": "s1", "projectHash": "0" * 64, "startTime": _TIME, "lastUpdated": _TIME},
        {"id": "m0", "timestamp": _TIME, "type": "user", "content": [{"text": PROMPT}]},
    ]
    for n, s in enumerate(steps):
        call = {"id": s.call_id, "name": s.tool, "args": s.args, "status": "scheduled"}
        message = {"id": f"m{n + 1}", "timestamp": _TIME, "type": "gemini", "content": ""}
        records.append({**message, "toolCalls": [call]})
        key = "error" if s.failed else "output"
        response = {"functionResponse": {"id": s.call_id, "response": {key: s.output}}}
        done = {**call, "status": "error" if s.failed else "success", "result": [response]}
        records += [{**message, "toolCalls": [done]}, {"$set": {"lastUpdated": _TIME}}]
    return _jsonl(records)


def gemini_stream(steps: list[Step]) -> bytes:
    records: list[dict[str, Any]] = [
        {"type": "init", "timestamp": _TIME, "session_id": "s1", "model": "gemini-2.5-pro"},
        {"type": "message", "timestamp": _TIME, "role": "user", "content": PROMPT},
    ]
    for s in steps:
        use = {"tool_name": s.tool, "tool_id": s.call_id, "parameters": s.args}
        status = "error" if s.failed else "success"
        result: dict[str, Any] = {"tool_id": s.call_id, "status": status, "output": s.output}
        if s.failed:
            result["error"] = {"type": "execution_failed", "message": "exit code 1"}
        records += [
            {"type": "tool_use", "timestamp": _TIME, **use},
            {"type": "tool_result", "timestamp": _TIME, **result},
        ]
    records.append({"type": "result", "timestamp": _TIME, "status": "success"})
    return _jsonl(records)


def copilot(steps: list[Step]) -> bytes:
    start = {"sessionId": "s1", "version": 1, "producer": "copilot-agent", "startTime": _TIME}
    events: list[tuple[str, dict[str, Any]]] = [
        ("session.start", {**start, "copilotVersion": "1.0.63"}),
        ("user.message", {"content": PROMPT}),
    ]
    for s in steps:
        request = {"toolCallId": s.call_id, "name": s.tool, "arguments": s.args}
        outcome = (
            {"success": False, "error": {"message": s.output}}
            if s.failed
            else {"success": True, "result": {"content": s.output}}
        )
        events += [
            ("assistant.message", {"content": "", "toolRequests": [request]}),
            (
                "tool.execution_start",
                {"toolCallId": s.call_id, "toolName": s.tool, "arguments": s.args},
            ),
            ("tool.execution_complete", {"toolCallId": s.call_id, **outcome}),
        ]
    records = [
        {"type": kind, "data": data, "id": f"e{n}", "timestamp": _TIME}
        for n, (kind, data) in enumerate(events)
    ]
    return _jsonl(records)


def opencode(steps: list[Step]) -> bytes:
    parts: list[dict[str, Any]] = [{"type": "step-start"}]
    for s in steps:
        state: dict[str, Any] = {"status": "error" if s.failed else "completed", "input": s.args}
        state["error" if s.failed else "output"] = s.output
        parts.append({"type": "tool", "callID": s.call_id, "tool": s.tool, "state": state})
    messages = [
        {"info": {"id": "msg_0", "role": "user"}, "parts": [{"type": "text", "text": PROMPT}]},
        {"info": {"id": "msg_1", "role": "assistant"}, "parts": parts},
    ]
    doc = {"info": {"id": "ses_1", "title": "bench"}, "messages": messages}
    return json.dumps(doc, indent=2, ensure_ascii=False).encode("utf-8")


def kimi(steps: list[Step]) -> bytes:
    """A Kimi Code CLI wire.jsonl: the header, the prompt, then each call and its result as
    the loop records them (context.append_loop_event)."""

    def loop(n: int, event: dict[str, Any]) -> dict[str, Any]:
        return {"type": "context.append_loop_event", "agentId": "main", "event": event, "time": n}

    user = {"role": "user", "content": [{"type": "text", "text": PROMPT}], "toolCalls": []}
    records: list[dict[str, Any]] = [
        {"type": "metadata", "protocol_version": "1.5", "created_at": 0},
        {"type": "context.append_message", "agentId": "main", "message": user, "time": 1},
    ]
    for n, s in enumerate(steps):
        step = {"type": "step.begin", "uuid": f"s{n}", "turnId": "t1", "step": n}
        call = {"type": "tool.call", "stepUuid": f"s{n}", "toolCallId": s.call_id}
        result = {"output": s.output, "isError": s.failed}
        records += [
            loop(n, step),
            loop(n, {**call, "name": s.tool, "args": s.args}),
            loop(n, {"type": "tool.result", "toolCallId": s.call_id, "result": result}),
            loop(n, {"type": "step.end", "uuid": f"s{n}", "finishReason": "tool_calls"}),
        ]
    return _jsonl(records)


# Format name -> writer of its file, and whether the file is JSONL (one record a line).
CLI_RENDERERS: dict[str, tuple[Callable[[list[Step]], bytes], bool]] = {
    "gemini-cli-jsonl": (gemini_jsonl, True),
    "gemini-stream-json": (gemini_stream, True),
    "copilot-cli": (copilot, True),
    "opencode": (opencode, False),
    "kimi-cli": (kimi, True),
}
