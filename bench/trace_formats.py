"""Seeded sessions in every trace format sakshi reads but Pi's, for bench/traces.py.

One script of steps (a prompt, then tool calls with 2-50 KB outputs: reads, a grep, a
failing command, an edit) is written out the way each agent writes its files: Claude Code
and Codex CLI JSONL with their bookkeeping lines, OpenAI Chat and Anthropic Messages lists
(with server tool blocks), Responses API items, a Gemini CLI session (2-space JSON, as
Gemini CLI writes it), a Cline SDK messages file (tab-indented), a Gemini API request
body, and sakshi.trace.v1; trace_formats_runs.py writes the agent-run formats (Cline's
UI messages, OpenHands, SWE-agent, mini-swe-agent).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from trace_formats_runs import RUN_RENDERERS  # bench/ is on sys.path when run as a script

__all__ = ["COUNTS", "RENDERERS", "Step", "counts", "script"]


class Step(NamedTuple):
    """One tool call and its result."""

    call_id: str
    tool: str
    args: dict[str, Any]
    output: str
    failed: bool


def script(block: Callable[[int], str], rng: random.Random, target: int) -> list[Step]:
    """Steps whose outputs total about ``target`` bytes; ``block(n)`` gives n bytes of text."""
    steps: list[Step] = []
    size = 0
    while size < target:
        kind = rng.choice(["read", "read", "grep", "bash", "edit"])
        body = block(rng.randrange(2000, 50000))
        call_id = f"call_{rng.getrandbits(64):016x}"
        args: dict[str, Any] = {"path": f"src/m{len(steps)}.py"}
        if kind == "grep":
            args = {"pattern": "handle", "path": "src"}
        elif kind == "bash":
            args = {"command": f"pytest -q tests/test_m{len(steps)}.py"}
        elif kind == "edit":
            args = {"path": "src/x.py", "oldText": body[:200], "newText": body[:180]}
        steps.append(Step(call_id, kind, args, body, kind == "bash" and rng.random() < 0.3))
        size += len(body)
    return steps


def _jsonl(records: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


PROMPT = "Find where the handle is read and fix the off-by-one."


def sakshi(steps: list[Step]) -> bytes:
    records: list[dict[str, Any]] = [{"kind": "message", "role": "user", "text": PROMPT}]
    for s in steps:
        records.append({"kind": "tool_call", "call_id": s.call_id, "tool": s.tool, "args": s.args})
        records.append(
            {
                "kind": "tool_result",
                "call_id": s.call_id,
                "tool": s.tool,
                "is_error": s.failed,
                "text": s.output,
            }
        )
    return _jsonl(records)


def claude(steps: list[Step]) -> bytes:
    def line(kind: str, content: Any, n: int) -> dict[str, Any]:
        return {
            "type": kind,
            "uuid": f"u{n}",
            "parentUuid": f"u{n - 1}",
            "sessionId": "s1",
            "isSidechain": False,
            "message": {"role": kind, "content": content},
        }

    records = [{"type": "summary", "summary": "Fix", "leafUuid": "u0"}, line("user", PROMPT, 1)]
    for n, s in enumerate(steps, start=1):
        use = {"type": "tool_use", "id": s.call_id, "name": s.tool.title(), "input": s.args}
        result = {
            "type": "tool_result",
            "tool_use_id": s.call_id,
            "content": s.output,
            "is_error": s.failed,
        }
        records += [line("assistant", [use], 2 * n), line("user", [result], 2 * n + 1)]
    return _jsonl(records)


def openai(steps: list[Step]) -> bytes:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": PROMPT},
    ]
    for s in steps:
        call = {
            "id": s.call_id,
            "type": "function",
            "function": {"name": s.tool, "arguments": json.dumps(s.args)},
        }
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": s.call_id, "content": s.output})
    return json.dumps({"model": "gpt-5", "messages": messages}, ensure_ascii=False).encode()


def anthropic(steps: list[Step]) -> bytes:
    messages: list[dict[str, Any]] = [{"role": "user", "content": PROMPT}]
    for n, s in enumerate(steps):
        use = {"type": "tool_use", "id": s.call_id, "name": s.tool, "input": s.args}
        done = {
            "type": "tool_result",
            "tool_use_id": s.call_id,
            "is_error": s.failed,
            "content": [{"type": "text", "text": s.output}],
        }
        messages += [{"role": "assistant", "content": [use]}, {"role": "user", "content": [done]}]
        if n % 5 == 0:  # a server-side code execution now and then
            server = f"srvtoolu_{n:08d}"
            ran = {
                "type": "bash_code_execution_result",
                "stdout": s.output[:2000],
                "stderr": "",
                "return_code": 0,
                "content": [],
            }
            messages.append(
                {
                    "role": "assistant",
                    "content": [
                        {
                            "type": "server_tool_use",
                            "id": server,
                            "name": "bash_code_execution",
                            "input": {"command": "wc -l src/x.py"},
                        },
                        {
                            "type": "bash_code_execution_tool_result",
                            "tool_use_id": server,
                            "content": ran,
                        },
                    ],
                }
            )
    return json.dumps({"model": "claude-sonnet-4-6", "messages": messages}).encode()


def responses(steps: list[Step]) -> bytes:
    items: list[dict[str, Any]] = [{"role": "user", "content": PROMPT}]
    for s in steps:
        items.append(
            {
                "type": "function_call",
                "call_id": s.call_id,
                "name": s.tool,
                "arguments": json.dumps(s.args),
                "status": "completed",
            }
        )
        items.append({"type": "function_call_output", "call_id": s.call_id, "output": s.output})
    return json.dumps({"model": "gpt-5", "input": items}, ensure_ascii=False).encode()


def codex(steps: list[Step]) -> bytes:
    def line(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        return {"timestamp": "2026-05-11T08:27:17.490Z", "type": kind, "payload": payload}

    records = [
        line("session_meta", {"id": "s1", "cli_version": "0.125.0", "cwd": "/p"}),
        line("turn_context", {"cwd": "/p", "model": "gpt-5.5"}),
        line(
            "response_item",
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": PROMPT}],
            },
        ),
    ]
    for s in steps:
        code = 1 if s.failed else 0
        output = f"Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code {code}\n"
        records += [
            line(
                "response_item",
                {
                    "type": "function_call",
                    "name": "exec_command",
                    "arguments": json.dumps({"cmd": f"sed -n 1,2000p {s.tool}"}),
                    "call_id": s.call_id,
                },
            ),
            line("event_msg", {"type": "token_count", "info": None}),
            line(
                "response_item",
                {
                    "type": "function_call_output",
                    "call_id": s.call_id,
                    "output": output + "Output:\n" + s.output,
                },
            ),
        ]
    return _jsonl(records)


def gemini(steps: list[Step]) -> bytes:
    messages: list[dict[str, Any]] = [{"id": "m0", "type": "user", "content": PROMPT}]
    for n, s in enumerate(steps):
        key = "error" if s.failed else "output"
        response = {
            "functionResponse": {"id": s.call_id, "name": s.tool, "response": {key: s.output}}
        }
        call = {
            "id": s.call_id,
            "name": s.tool,
            "args": s.args,
            "result": [response],
            "status": "error" if s.failed else "success",
            "timestamp": "2026-01-16T11:01:00Z",
        }
        messages.append({"id": f"m{n + 1}", "type": "gemini", "content": "", "toolCalls": [call]})
    doc = {
        "sessionId": "s1",
        "projectHash": "0" * 64,
        "startTime": "2026-01-16T11:01:00Z",
        "lastUpdated": "2026-01-16T11:09:00Z",
        "messages": messages,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False).encode("utf-8")


def cline(steps: list[Step]) -> bytes:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "text", "text": PROMPT}]}
    ]
    for s in steps:
        use = {"type": "tool_use", "id": s.call_id, "name": s.tool, "input": s.args}
        done = {
            "type": "tool_result",
            "tool_use_id": s.call_id,
            "name": s.tool,
            "content": [{"query": str(s.args), "result": s.output, "success": not s.failed}],
        }
        messages += [{"role": "assistant", "content": [use]}, {"role": "user", "content": [done]}]
    doc = {"version": 1, "agent": "lead", "sessionId": "s1", "messages": messages}
    return json.dumps(doc, indent="\t", ensure_ascii=False).encode("utf-8")


def gemini_api(steps: list[Step]) -> bytes:
    """A generateContent request body replaying the run (calls without ids, as the Gemini
    API writes them: responses pair by name, in order)."""
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": PROMPT}]}]
    for s in steps:
        key = "error" if s.failed else "output"
        call = {"functionCall": {"name": s.tool, "args": s.args}}
        done = {"functionResponse": {"name": s.tool, "response": {key: s.output}}}
        contents += [{"role": "model", "parts": [call]}, {"role": "user", "parts": [done]}]
    doc = {"contents": contents, "generationConfig": {"temperature": 0}}
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


# Format name -> writer of its file, and whether the file is JSONL (one record a line).
RENDERERS: dict[str, tuple[Callable[[list[Step]], bytes], bool]] = {
    "sakshi": (sakshi, True),
    "claude": (claude, True),
    "openai": (openai, False),
    "anthropic": (anthropic, False),
    "openai-responses": (responses, False),
    "codex-cli": (codex, True),
    "gemini-cli": (gemini, False),
    "cline": (cline, False),
    "gemini-api": (gemini_api, False),
    **RUN_RENDERERS,
}


# The calls and results a file holds where a step is not one of each: bench/traces.py
# checks every reader's reading against these before it prints a time.
COUNTS: dict[str, Callable[[list[Step]], tuple[int, int]]] = {
    # every fifth step (from the first) adds a server-side code execution and its result
    "anthropic": lambda steps: (len(steps) + -(-len(steps) // 5),) * 2,
    # Cline's panel keeps a result for a command only (a file tool's output is no result)
    "cline-ui": lambda steps: (len(steps), sum(1 for s in steps if s.tool == "bash")),
}


def counts(name: str, steps: list[Step]) -> tuple[int, int]:
    """The tool calls and results a file of ``name`` written from ``steps`` holds."""
    rule = COUNTS.get(name)
    return rule(steps) if rule is not None else (len(steps), len(steps))
