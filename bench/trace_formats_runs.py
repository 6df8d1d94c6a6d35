"""Seeded sessions of the agent-run formats (Cline's UI messages, OpenHands, SWE-agent and
mini-swe-agent trajectories), for bench/traces.py through trace_formats.RENDERERS.

Each takes the same script of steps as trace_formats (tuples with ``call_id``, ``tool``,
``args``, ``output``, ``failed``) and writes it the way the agent writes its file:
SWE-agent and mini-swe-agent steps as shell commands (2-space JSON), OpenHands events
paired by ``cause``, Cline's panel messages (compact JSON).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["RUN_RENDERERS"]

PROMPT = "Find where the handle is read and fix the off-by-one."


def _command(step: Any) -> str:
    """The shell command a step stands for."""
    if "command" in step.args:
        return str(step.args["command"])
    return f"{step.tool} {json.dumps(step.args, ensure_ascii=False)}"


def swe_agent(steps: Sequence[Any]) -> bytes:
    trajectory = [
        {
            "action": _command(s),
            "observation": s.output,
            "response": "",
            "thought": "Next.",
            "execution_time": 0.3,
            "state": {"open_file": "n/a", "working_dir": "/repo"},
        }
        for s in steps
    ]
    history = [{"role": "user", "content": PROMPT, "agent": "main", "message_type": "observation"}]
    doc = {"environment": "main", "trajectory": trajectory, "history": history, "info": {}}
    return json.dumps(doc, indent=2, ensure_ascii=False).encode("utf-8")


def mini_swe_agent(steps: Sequence[Any]) -> bytes:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You can run bash."},
        {"role": "user", "content": PROMPT},
    ]
    for s in steps:
        action = {"command": _command(s), "tool_call_id": s.call_id}
        code = 1 if s.failed else 0
        messages += [
            {"role": "assistant", "content": "Next.", "extra": {"actions": [action]}},
            {
                "role": "tool",
                "tool_call_id": s.call_id,
                "content": s.output,
                "extra": {"returncode": code, "raw_output": s.output},
            },
        ]
    doc = {
        "info": {"mini_version": "2.3.0"},
        "messages": messages,
        "trajectory_format": "mini-swe-agent-1.1",
    }
    return json.dumps(doc, indent=2, ensure_ascii=False).encode("utf-8")


def openhands(steps: Sequence[Any]) -> bytes:
    events: list[dict[str, Any]] = [
        {
            "id": 0,
            "source": "user",
            "action": "message",
            "message": PROMPT,
            "args": {"content": PROMPT},
        }
    ]
    for s in steps:
        metadata = {"function_name": "execute_bash", "tool_call_id": s.call_id}
        call_id = len(events)
        events += [
            {
                "id": call_id,
                "source": "agent",
                "action": "run",
                "message": "",
                "args": {"command": _command(s)},
                "tool_call_metadata": metadata,
            },
            {
                "id": call_id + 1,
                "source": "agent",
                "observation": "run",
                "cause": call_id,
                "content": s.output,
                "extras": {"metadata": {"exit_code": int(s.failed)}},
            },
        ]
    return json.dumps(events, indent=2, ensure_ascii=False).encode("utf-8")


def cline_ui(steps: Sequence[Any]) -> bytes:
    messages: list[dict[str, Any]] = [{"ts": 0, "type": "say", "say": "task", "text": PROMPT}]
    for s in steps:
        ts = len(messages)
        if s.tool == "bash":
            messages += [
                {"ts": ts, "type": "ask", "ask": "command", "text": _command(s)},
                {"ts": ts + 1, "type": "ask", "ask": "command_output", "text": s.output},
            ]
        else:
            text = json.dumps({"tool": "readFile", **s.args, "content": s.output})
            messages.append({"ts": ts, "type": "say", "say": "tool", "text": text})
    return json.dumps(messages, ensure_ascii=False).encode("utf-8")


# Format name -> writer of its file, and whether the file is JSONL (none of these is).
RUN_RENDERERS: dict[str, tuple[Callable[[Sequence[Any]], bytes], bool]] = {
    "cline-ui": (cline_ui, False),
    "openhands": (openhands, False),
    "swe-agent": (swe_agent, False),
    "mini-swe-agent": (mini_swe_agent, False),
}
