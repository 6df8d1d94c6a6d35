"""Readers: trace files in, the normalised model out.

Formats: ``sakshi`` (sakshi.trace.v1 JSONL), ``pi`` (Pi coding-agent sessions, versions
1-3; a v2/v3 session is a tree and the path from the root to the newest entry is read),
``claude`` (Claude Code JSONL transcripts), ``openai`` (Chat Completions message lists) and
``anthropic`` (Messages lists). A reader that meets something it does not understand
raises ``TraceError`` with the line number; it never guesses.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from sakshi.errors import InputError, type_name
from sakshi.recovery.model import Event, Harness, Message, ToolCall, ToolResult, Trace

__all__ = ["FORMATS", "TraceError", "detect_format", "merge_probe", "read_trace"]

FORMATS = ("sakshi", "pi", "claude", "openai", "anthropic")


class TraceError(InputError):
    """A trace file that cannot be read; ``key`` holds the line number."""


def _jsonl(data: bytes, source: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each non-blank line; anything but an object is an error."""
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError as exc:
            raise TraceError(
                source, f"line {number}", f"not JSON ({str(exc).split(':')[0]})"
            ) from None
        if not isinstance(obj, dict):
            raise TraceError(
                source, f"line {number}", f"expected a JSON object, found {type_name(obj)}"
            )
        yield number, obj


def _text_of(content: object, source: str, where: str) -> str:
    """Text of a message content: a string, or a list of blocks whose text blocks count."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, Mapping) and block.get("type") in (
                "text",
                "input_text",
                "output_text",
            ):
                text = block.get("text")
                if not isinstance(text, str):
                    raise TraceError(source, where, "a text block without a string text")
                parts.append(text)
            elif not isinstance(block, Mapping):
                raise TraceError(
                    source, where, f"a content block is {type_name(block)}, expected an object"
                )
        return "\n".join(parts)
    raise TraceError(
        source, where, f"content is {type_name(content)}, expected a string or a list of blocks"
    )


def _need_str(obj: Mapping[str, Any], key: str, source: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise TraceError(
            source, where, f"{key}: expected a non-empty string, found {type_name(value)}"
        )
    return value


def _args(value: object, source: str, where: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TraceError(
            source, where, f"tool arguments are {type_name(value)}, expected an object"
        )
    return value


# --- sakshi.trace.v1 ------------------------------------------------------------------------


def read_sakshi(data: bytes, source: str) -> Trace:
    events: list[Event] = []
    for number, obj in _jsonl(data, source):
        where = f"line {number}"
        kind = obj.get("kind")
        if kind == "tool_call":
            events.append(
                ToolCall(
                    _need_str(obj, "call_id", source, where),
                    _need_str(obj, "tool", source, where).lower(),
                    _args(obj.get("args"), source, where),
                )
            )
        elif kind == "tool_result":
            is_error = obj.get("is_error", False)
            text = obj.get("text", "")
            details = obj.get("details")
            if (
                not isinstance(is_error, bool)
                or not isinstance(text, str)
                or not (details is None or isinstance(details, Mapping))
            ):
                raise TraceError(
                    source,
                    where,
                    "tool_result: is_error must be a boolean, text a string, details an object",
                )
            tool = obj.get("tool", "")
            events.append(
                ToolResult(
                    _need_str(obj, "call_id", source, where),
                    tool.lower() if isinstance(tool, str) else "",
                    is_error,
                    text,
                    details,
                )
            )
        elif kind == "message":
            text = obj.get("text", "")
            if not isinstance(text, str):
                raise TraceError(source, where, "message: text must be a string")
            events.append(Message(_need_str(obj, "role", source, where), text))
        elif kind == "harness":
            event = _need_str(obj, "event", source, where)
            after = obj.get("after_call_id")
            fields = {k: v for k, v in obj.items() if k not in ("kind", "event", "after_call_id")}
            events.append(Harness(event, fields, after if isinstance(after, str) else None))
        else:
            raise TraceError(
                source,
                where,
                f"unknown kind {kind!r}; expected tool_call, tool_result, message or harness"[:200],
            )
    return Trace(tuple(events), "sakshi")


# --- Pi coding-agent sessions -----------------------------------------------------------------

# Entry types that carry no tool traffic; known, so skipped rather than refused.
_PI_QUIET = {
    "model_change",
    "thinking_level_change",
    "compaction",
    "branch_summary",
    "custom",
    "custom_message",
    "label",
    "session_info",
}
_PI_QUIET_ROLES = {"custom", "hookMessage", "bashExecution", "branchSummary", "compactionSummary"}


def _pi_message(message: object, source: str, where: str) -> list[Event]:
    if not isinstance(message, Mapping):
        raise TraceError(source, where, f"message is {type_name(message)}, expected an object")
    role = message.get("role")
    content = message.get("content")
    if role == "user":
        return [Message("user", _text_of(content, source, where))]
    if role == "assistant":
        if not isinstance(content, list):
            raise TraceError(source, where, "assistant content must be a list of blocks")
        events: list[Event] = []
        for block in content:
            if not isinstance(block, Mapping):
                raise TraceError(source, where, f"a content block is {type_name(block)}")
            kind = block.get("type")
            if kind == "text":
                events.append(Message("assistant", _text_of([block], source, where)))
            elif kind == "toolCall":
                events.append(
                    ToolCall(
                        _need_str(block, "id", source, where),
                        _need_str(block, "name", source, where).lower(),
                        _args(block.get("arguments"), source, where),
                    )
                )
            elif kind not in ("thinking", "image"):
                raise TraceError(source, where, f"unknown assistant block type {kind!r}"[:200])
        return events
    if role == "toolResult":
        is_error = message.get("isError", False)
        details = message.get("details")
        if not isinstance(is_error, bool) or not (details is None or isinstance(details, Mapping)):
            raise TraceError(
                source, where, "toolResult: isError must be a boolean and details an object"
            )
        tool = message.get("toolName", "")
        return [
            ToolResult(
                _need_str(message, "toolCallId", source, where),
                tool.lower() if isinstance(tool, str) else "",
                is_error,
                _text_of(content, source, where),
                details,
            )
        ]
    if role in _PI_QUIET_ROLES:
        return []
    raise TraceError(source, where, f"unknown message role {role!r}"[:200])


def read_pi(data: bytes, source: str) -> Trace:
    lines = list(_jsonl(data, source))
    if not lines or lines[0][1].get("type") != "session":
        raise TraceError(source, "line 1", 'a Pi session starts with a {"type": "session"} header')
    version = lines[0][1].get("version", 1)
    if version not in (1, 2, 3):
        raise TraceError(
            source, f"line {lines[0][0]}", f"unsupported Pi session version {version!r}"
        )
    entries = lines[1:]
    for number, entry in entries:
        kind = entry.get("type")
        if kind != "message" and kind not in _PI_QUIET:
            raise TraceError(source, f"line {number}", f"unknown Pi entry type {kind!r}"[:200])
    if version >= 2 and entries:
        entries = _pi_branch(entries, source)
    events: list[Event] = []
    for number, entry in entries:
        if entry.get("type") == "message":
            events.extend(_pi_message(entry.get("message"), source, f"line {number}"))
    return Trace(tuple(events), f"pi-v{version}")


def _pi_branch(
    entries: list[tuple[int, dict[str, Any]]], source: str
) -> list[tuple[int, dict[str, Any]]]:
    """The path from the root to the newest entry (the last line): Pi's current branch."""
    by_id: dict[str, tuple[int, dict[str, Any]]] = {}
    for number, entry in entries:
        entry_id = entry.get("id")
        if not isinstance(entry_id, str) or not entry_id:
            raise TraceError(source, f"line {number}", "a version 2/3 entry needs an id")
        if entry_id in by_id:
            raise TraceError(source, f"line {number}", f"duplicate entry id {entry_id!r}")
        by_id[entry_id] = (number, entry)
    path: list[tuple[int, dict[str, Any]]] = []
    current: tuple[int, dict[str, Any]] | None = entries[-1]
    seen: set[str] = set()
    while current is not None:
        number, entry = current
        if entry["id"] in seen:
            raise TraceError(source, f"line {number}", "parentId links form a cycle")
        seen.add(entry["id"])
        path.append(current)
        parent = entry.get("parentId")
        if parent is None:
            current = None
        elif not isinstance(parent, str) or parent not in by_id:
            raise TraceError(source, f"line {number}", f"parentId {parent!r} names no entry"[:200])
        else:
            current = by_id[parent]
    path.reverse()
    return path


# --- Claude Code transcripts -------------------------------------------------------------------


def _blocks(content: object, source: str, where: str) -> list[Mapping[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list) or not all(isinstance(b, Mapping) for b in content):
        raise TraceError(source, where, "content must be a string or a list of block objects")
    return content


def _anthropic_blocks(
    role: str, content: object, names: dict[str, str], source: str, where: str
) -> list[Event]:
    """Events of one Anthropic-style message (Claude Code uses the same blocks)."""
    events: list[Event] = []
    for block in _blocks(content, source, where):
        kind = block.get("type")
        if kind == "text":
            events.append(Message(role, _text_of([block], source, where)))
        elif kind == "tool_use":
            call_id = _need_str(block, "id", source, where)
            name = _need_str(block, "name", source, where).lower()
            names[call_id] = name
            events.append(ToolCall(call_id, name, _args(block.get("input"), source, where)))
        elif kind == "tool_result":
            call_id = _need_str(block, "tool_use_id", source, where)
            is_error = block.get("is_error", False)
            if not isinstance(is_error, bool):
                raise TraceError(source, where, "tool_result: is_error must be a boolean")
            events.append(
                ToolResult(
                    call_id,
                    names.get(call_id, ""),
                    is_error,
                    _text_of(block.get("content"), source, where),
                )
            )
        elif kind not in ("thinking", "redacted_thinking", "image", "document"):
            raise TraceError(source, where, f"unknown content block type {kind!r}"[:200])
    return events


def read_claude(data: bytes, source: str) -> Trace:
    events: list[Event] = []
    names: dict[str, str] = {}
    for number, obj in _jsonl(data, source):
        kind = obj.get("type")
        if not isinstance(kind, str):
            raise TraceError(source, f"line {number}", "a transcript line needs a type")
        # Side chains are sub-agents' own conversations, not this agent's steps.
        if kind not in ("user", "assistant") or obj.get("isSidechain") is True:
            continue
        message = obj.get("message")
        if not isinstance(message, Mapping):
            raise TraceError(
                source, f"line {number}", f"message is {type_name(message)}, expected an object"
            )
        events.extend(
            _anthropic_blocks(kind, message.get("content"), names, source, f"line {number}")
        )
    return Trace(tuple(events), "claude")


# --- JSON message lists (OpenAI Chat Completions, Anthropic Messages) --------------------------------


def _message_list(data: bytes, source: str) -> list[Any]:
    try:
        doc = json.loads(data)
    except ValueError as exc:
        raise TraceError(source, f"line {getattr(exc, 'lineno', 1)}", "not JSON") from None
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(source, "line 1", 'expected a list of messages or {"messages": [...]}')
    return messages


def read_anthropic(data: bytes, source: str) -> Trace:
    events: list[Event] = []
    names: dict[str, str] = {}
    for index, message in enumerate(_message_list(data, source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping) or message.get("role") not in ("user", "assistant"):
            raise TraceError(source, where, "expected {role: user|assistant, content}")
        events.extend(
            _anthropic_blocks(message["role"], message.get("content"), names, source, where)
        )
    return Trace(tuple(events), "anthropic")


def read_openai(data: bytes, source: str) -> Trace:
    events: list[Event] = []
    names: dict[str, str] = {}
    for index, message in enumerate(_message_list(data, source)):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping):
            raise TraceError(
                source, where, f"expected a message object, found {type_name(message)}"
            )
        role = message.get("role")
        if role in ("system", "developer", "user"):
            events.append(Message(role, _text_of(message.get("content"), source, where)))
        elif role == "assistant":
            text = _text_of(message.get("content"), source, where)
            if text:
                events.append(Message("assistant", text))
            for call in message.get("tool_calls") or []:
                function = call.get("function") if isinstance(call, Mapping) else None
                if not isinstance(function, Mapping):
                    raise TraceError(source, where, "a tool call needs a function object")
                call_id = _need_str(call, "id", source, where)
                name = _need_str(function, "name", source, where).lower()
                names[call_id] = name
                events.append(ToolCall(call_id, name, _openai_args(function.get("arguments"))))
        elif role == "tool":
            call_id = _need_str(message, "tool_call_id", source, where)
            events.append(
                ToolResult(
                    call_id,
                    names.get(call_id, ""),
                    False,
                    _text_of(message.get("content"), source, where),
                )
            )
        else:
            raise TraceError(source, where, f"unknown role {role!r}"[:200])
    return Trace(tuple(events), "openai")


def _openai_args(raw: object) -> Mapping[str, Any]:
    # Models emit invalid JSON arguments now and then; the call happened, but with no
    # readable path or offset, so it can match nothing (fail closed), not stop the run.
    if isinstance(raw, Mapping):
        return raw
    if isinstance(raw, str):
        try:
            parsed = json.loads(raw)
        except ValueError:
            return {}
        return parsed if isinstance(parsed, Mapping) else {}
    return {}


# --- detection and probes ------------------------------------------------------------------------

_READERS: dict[str, Callable[[bytes, str], Trace]] = {
    "sakshi": read_sakshi,
    "pi": read_pi,
    "claude": read_claude,
    "openai": read_openai,
    "anthropic": read_anthropic,
}


_HEAD_LINES = 32


def _head_objects(data: bytes) -> Iterator[object]:
    """The first few non-blank lines, parsed (None for a line that is not JSON), without
    splitting the whole file."""
    start = count = 0
    while start < len(data) and count < _HEAD_LINES:
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        raw = data[start:end]
        start = end + 1
        if not raw.strip():
            continue
        count += 1
        try:
            yield json.loads(raw)
        except ValueError:
            yield None


def _claude_line(obj: object) -> bool:
    return (
        isinstance(obj, dict)
        and isinstance(obj.get("type"), str)
        and ("message" in obj or "uuid" in obj or "sessionId" in obj)
    )


def detect_format(data: bytes, source: str) -> str:
    """Tell the format from the content, or raise TraceError."""
    heads = _head_objects(data)
    head = next(heads, None)
    if isinstance(head, dict):
        if head.get("type") == "session":
            return "pi"
        if head.get("kind") in ("tool_call", "tool_result", "message", "harness"):
            return "sakshi"
        # Claude Code transcripts often open with bookkeeping lines ("summary" with a
        # leafUuid, "file-history-snapshot" with a messageId): look a few lines further.
        if isinstance(head.get("type"), str) and (
            _claude_line(head) or any(_claude_line(obj) for obj in heads)
        ):
            return "claude"
    try:
        doc = json.loads(data)
    except ValueError:
        raise TraceError(
            source, "line 1", "cannot tell the trace format; name it with --trace-format"
        ) from None
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if isinstance(messages, list):
        for message in messages:
            if not isinstance(message, Mapping):
                continue
            if message.get("role") == "tool" or "tool_calls" in message:
                return "openai"
            content = message.get("content")
            if isinstance(content, list) and any(
                isinstance(b, Mapping) and b.get("type") in ("tool_use", "tool_result")
                for b in content
            ):
                return "anthropic"
        return "openai"
    raise TraceError(source, "line 1", "cannot tell the trace format; name it with --trace-format")


def read_trace(data: bytes, source: str, trace_format: str | None = None) -> Trace:
    """Read a trace in the named format, or the detected one."""
    name = trace_format or detect_format(data, source)
    if name not in _READERS:
        raise TraceError(
            source, None, f"unknown trace format {name!r}; expected one of {', '.join(FORMATS)}"
        )
    try:
        return _READERS[name](data, source)
    except RecursionError:
        raise TraceError(source, None, "nested too deeply") from None


def merge_probe(trace: Trace, probe: object, source: str) -> Trace:
    """Place each probe event right after the result of the call its ``after_call_id``
    names (after the call itself when it has no result). Unknown call ids are an error."""
    if not isinstance(probe, Mapping) or not isinstance(probe.get("events"), list):
        raise TraceError(source, "events", 'expected {"events": [...]}')
    anchors: dict[str, int] = {}
    answered: set[str] = set()
    for index, event in enumerate(trace.events):
        if isinstance(event, ToolCall):
            anchors.setdefault(event.call_id, index)
        elif (
            isinstance(event, ToolResult)
            and event.call_id in anchors
            and event.call_id not in answered
        ):
            anchors[event.call_id] = index
            answered.add(event.call_id)
    inserts: dict[int, list[Event]] = {}
    for number, raw in enumerate(probe["events"]):
        where = f"events[{number}]"
        if not isinstance(raw, Mapping):
            raise TraceError(source, where, f"expected an object, found {type_name(raw)}")
        name = _need_str(raw, "event", source, where)
        after = _need_str(raw, "after_call_id", source, where)
        if after not in anchors:
            raise TraceError(source, f"{where}.after_call_id", "names no tool call of the trace")
        fields = {k: v for k, v in raw.items() if k not in ("event", "after_call_id")}
        inserts.setdefault(anchors[after], []).append(Harness(name, fields, after))
    merged: list[Event] = []
    for index, event in enumerate(trace.events):
        merged.append(event)
        merged.extend(inserts.get(index, []))
    return Trace(tuple(merged), trace.source_format)
