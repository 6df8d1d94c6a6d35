"""Independent counts and damage for the agent-run formats' real files (cline-ui,
openhands, swe-agent, mini-swe-agent), for tests/test_real_traces.py.

Each count is a plain walk over the parsed JSON, written apart from the readers: it looks
at the formats' own fields (a step, an event's ``cause``, a message's kind), never at a
reader's tables.

Not a test module: tests/test_real_traces.py imports it (it puts ``tests/support`` on
``sys.path`` first).
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple


class Count(NamedTuple):
    """Tool calls, tool results and the tools' names, lower-cased."""

    calls: int
    results: int
    names: frozenset[str]


def count_swe_agent(doc: Any) -> Count:
    if "trajectory" not in doc and "attempts" not in doc:  # a demonstration: history only
        types = [item["message_type"] for item in doc["history"]]
        calls = types.count("action")
        pairs = itertools.pairwise(types)
        answered = sum(a == "action" and b == "observation" for a, b in pairs)
        return Count(calls, answered, frozenset({"bash"} if calls else set()))
    holders = doc.get("attempts", [doc])
    steps = sum(len(holder["trajectory"]) for holder in holders)
    return Count(steps, steps, frozenset({"bash"} if steps else set()))


FENCE = re.compile(r"```(?:bash|mswea_bash_command)\s*\n(.*?)\n```", re.DOTALL)


def count_mini_swe_agent(doc: Any) -> Count:
    messages = doc["messages"] if isinstance(doc, dict) else doc
    calls = results = 0
    for message in messages:
        extra = message.get("extra", {})
        if message.get("role") == "assistant":
            if "actions" in extra:
                calls += len(extra["actions"])
            elif len(FENCE.findall(message.get("content") or "")) == 1:
                calls += 1
        elif message.get("role") == "tool":
            results += 1
        elif message.get("role") == "user" and "interrupt_type" not in extra:
            content = message.get("content")
            observed = isinstance(content, str) and content.lstrip().startswith("<returncode>")
            results += "returncode" in extra or observed
    return Count(calls, results, frozenset({"bash"} if calls else set()))


RUNS = {"run", "run_ipython", "read", "write", "edit", "browse", "browse_interactive"}
RUNS |= {"call_tool_mcp", "delegate"}


def count_openhands(doc: Any) -> Count:
    events = doc["trajectory"] if isinstance(doc, dict) else doc
    names: dict[Any, str] = {}
    results = 0
    for event in events:
        metadata = event.get("tool_call_metadata")
        if "action" in event and metadata is not None:
            names[event["id"]] = metadata["function_name"].lower()
        elif event.get("action") in RUNS and event.get("source") != "user":
            names[event["id"]] = {"run": "bash", "run_ipython": "ipython"}.get(
                event["action"], event["action"]
            )
        elif "observation" in event and event.get("cause") in names:
            results += 1
    return Count(len(names), results, frozenset(names.values()))


ANSWERED = {"command", "use_mcp_server", "browser_action_launch", "browser_action"}
ANSWERS = {"command_output", "mcp_server_response", "browser_action_result"}


def count_cline_ui(doc: Any) -> Count:
    calls: list[str] = []
    answered: set[int] = set()
    waiting: int | None = None
    for message in doc:
        kind = message.get(message["type"])
        if message.get("partial") is True:
            continue
        if kind == "tool":
            calls.append(json.loads(message["text"])["tool"].lower())
            waiting = None
        elif kind in ANSWERED:
            request = json.loads(message["text"]) if kind == "use_mcp_server" else {}
            calls.append(
                request.get("toolName", "")
                or {"command": "execute_command"}.get(kind, "browser_action")
            )
            waiting = len(calls)
        elif kind in ANSWERS and waiting is not None:
            answered.add(waiting)
    return Count(len(calls), len(answered), frozenset(name.lower() for name in calls))


COUNTERS: dict[str, Callable[[Any], Count]] = {
    "swe-agent": count_swe_agent,
    "mini-swe-agent": count_mini_swe_agent,
    "openhands": count_openhands,
    "cline-ui": count_cline_ui,
}


# --- damage: a field of the wrong type, a result whose call was taken out -----------------


def wrong_type(fmt: str, doc: Any) -> Any:
    """A copy of the document with one field a reader needs of the wrong type."""
    doc = copy.deepcopy(doc)
    if fmt == "swe-agent" and "trajectory" not in doc:
        next(h for h in doc["history"] if h["message_type"] == "action")["action"] = 1
    elif fmt == "swe-agent":
        doc["trajectory"][0]["observation"] = 1
    elif fmt == "mini-swe-agent":
        messages = doc["messages"] if isinstance(doc, dict) else doc
        next(m for m in messages if m["role"] == "assistant")["content"] = 1
    elif fmt == "openhands":
        next(e for e in doc if e.get("tool_call_metadata"))["tool_call_metadata"] = 1
    else:
        next(m for m in doc if m.get(m["type"]) == "tool")["text"] = 1
    return doc


def orphan_result(fmt: str, doc: Any) -> Any:
    """A copy of the document with the call of its first result taken out."""
    doc = copy.deepcopy(doc)
    if fmt == "openhands":
        cause = next(e["cause"] for e in doc if e.get("cause") is not None)
        return [e for e in doc if e.get("id") != cause]
    messages = doc["messages"] if isinstance(doc, dict) else doc
    first = next(i for i, m in enumerate(messages) if m["role"] == "assistant")
    del messages[first]
    return doc


ORPHANS = frozenset({"openhands", "mini-swe-agent"})
