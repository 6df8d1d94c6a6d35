"""Tells a trace's format from its content, for when ``--trace-format`` is not given.

The JSONL formats are told from their first lines: a Pi session opens with its ``session``
header, a ``sakshi.trace.v1`` line has a ``kind``, a Claude Code line has a ``type`` and a
``message``, ``uuid`` or ``sessionId``. A JSON message list is OpenAI Chat Completions when
it has ``tool_calls`` or a ``tool`` role, Anthropic Messages when it has ``tool_use`` or
``tool_result`` blocks, and OpenAI when it has neither. A new format adds its rule here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from sakshi.recovery.readers.common import TraceError, line_records, parse_json

__all__ = ["detect_format"]

# How many non-blank lines are looked at: enough to pass Claude Code's bookkeeping lines.
_HEAD_LINES = 32


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
        doc = parse_json(data, source, "line 1")
    except TraceError as exc:
        # Neither a JSONL format nor one JSON document: say why the document is not JSON.
        raise TraceError(
            source,
            exc.key,
            f"cannot tell the trace format ({exc.problem}); name it with --trace-format",
        ) from None
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if isinstance(messages, list):
        return _message_list_format(messages)
    raise TraceError(source, "line 1", "cannot tell the trace format; name it with --trace-format")


def _message_list_format(messages: list[object]) -> str:
    """``openai`` or ``anthropic``, from the first message that shows tool traffic."""
    for message in messages:
        if not isinstance(message, Mapping):
            continue
        if message.get("role") == "tool" or "tool_calls" in message:
            return "openai"
        content = message.get("content")
        if isinstance(content, list) and any(
            isinstance(b, Mapping) and b.get("type") in ("tool_use", "tool_result") for b in content
        ):
            return "anthropic"
    return "openai"


def _head_objects(data: bytes) -> Iterator[object]:
    """The records of the first few non-blank lines, parsed (None for a line that is not
    JSON), without splitting the whole file. Records glued on one line are each yielded."""
    start = count = 0
    while start < len(data) and count < _HEAD_LINES:
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        raw = data[start:end]
        start = end + 1
        try:
            records = line_records(raw, "", "")
        except TraceError:
            records = [None]
        if records:
            count += 1
            yield from records


def _claude_line(obj: object) -> bool:
    """Whether a parsed line looks like a Claude Code transcript line."""
    return (
        isinstance(obj, dict)
        and isinstance(obj.get("type"), str)
        and ("message" in obj or "uuid" in obj or "sessionId" in obj)
    )
