"""What each trace format looks like, for ``detect_format``: one rule a format, and the
choice that never guesses. Pure: parsed records in, a format name (or a refusal) out.

Every rule looks for the format's own mark and for what would contradict it, and says
why it refuses when it does. Exactly one format may fit: none, or several, is an error
that names each candidate and why it was refused (or which ones fit). The marks:

  sakshi            the first record has a ``kind`` of sakshi.trace.v1
  pi                the first record is a ``{"type": "session"}`` header (in oh-my-pi, the
                    second, after its ``{"type": "title", "v": 1}`` title slot)
  claude            a ``type`` with ``uuid``, ``sessionId`` or ``message`` (not a Pi session),
                    and every record a Claude Code line (``owners``: none another's)
  kimi-cli          every record a Kimi Code CLI wire log's (``kimi_names``)
  codex-cli         the first record is ``{"type": "session_meta", "payload": {...}}``
  gemini-cli        an object with ``sessionId`` and ``messages`` of ``type`` user/gemini
  gemini-cli-jsonl  a first line of ``sessionId`` and ``projectHash``; every record a
                    message, ``$set`` or ``$rewindTo``
  gemini-stream-json  ``{"type": "init", "session_id": ...}`` first; every record one of
                    its event types
  copilot-cli       ``{"type": "session.start", "data": {...}}`` first, every record a
                    ``type`` with a ``data`` object; or (printed) every record an event
                    type of Copilot's schema
  opencode          ``{"info", "messages"}`` (or a list) of ``{"info": {role}, "parts"}``,
                    or a list of such exports (a parent and its sub-agents' sessions)
  cline             an object with ``agent`` and ``messages`` (the Cline SDK), or a user
                    text block opening ``[tool for '...'] Result:``
  anthropic         a message list with a tool_use, tool_result, server or MCP tool block,
                    or one Message object (``"type": "message"``, ``stop_reason``)
  openai            a message list with ``tool_calls`` or a ``tool`` role, or a Chat
                    Completions response (``choices`` with a ``message``)
  openai-responses  a list of items (bare, ``input`` or ``output``) with a tool item
  gemini-api        a generateContent body: ``contents``, ``candidates`` (or both), a list
                    of streamed response chunks, or a bare list of Contents (``parts``)
  cline-ui, openhands, swe-agent, mini-swe-agent: signatures_runs.py
  otel, openinference, langfuse: trace_signatures.py (production traces)

A list of trajectories (an evaluation's whole results file) is none of these: it gets a
message that says what to extract.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice
from typing import Any, NamedTuple

from sakshi.recovery.readers.anthropic import is_message_object
from sakshi.recovery.readers.anthropic_server import SERVER_CALL_BLOCKS, is_server_result
from sakshi.recovery.readers.cline import TEXT_RESULT
from sakshi.recovery.readers.codex_cli import ROLLOUT_LINE_TYPES
from sakshi.recovery.readers.common import one_of
from sakshi.recovery.readers.copilot_cli import is_copilot_record, is_result_line
from sakshi.recovery.readers.gemini_api import is_generate_content
from sakshi.recovery.readers.gemini_jsonl import is_session_metadata, is_session_record
from sakshi.recovery.readers.gemini_stream import is_stream_record
from sakshi.recovery.readers.kimi_names import is_kimi_record
from sakshi.recovery.readers.openai import is_chat_completion
from sakshi.recovery.readers.opencode import (
    is_one_run_of_sessions,
    is_opencode_export,
    is_opencode_message,
)
from sakshi.recovery.readers.owners import FORMAT_NAMES, claude_record, record_owner
from sakshi.recovery.readers.pi_names import is_title_slot
from sakshi.recovery.readers.signatures_runs import RUN_RULES
from sakshi.recovery.readers.trace_signatures import TRACE_DOCUMENT_RULES, TRACE_LINE_RULES

__all__ = ["NO_DOCUMENT", "Candidate", "candidates", "results_file"]

# The whole file is not one JSON value (JSONL, or not JSON at all).
NO_DOCUMENT: object = object()

# Tuples: ``in`` a set would raise on a JSON list or object where a name belongs.
_SAKSHI_KINDS = ("tool_call", "tool_result", "message", "harness")
_ANTHROPIC_TOOL_BLOCKS = ("tool_use", "tool_result", *SERVER_CALL_BLOCKS)
_GEMINI_TYPES = ("user", "gemini", "info", "error", "warning")
_TRAJECTORY_KEYS = ("messages", "traj", "trajectory", "history", "conversation", "steps", "turns")
_RESULTS_KEYS = ("results", "samples", "trajectories", "instances", "runs", "episodes")
_SCAN = 64  # records, messages or items looked at for a mark


class Candidate(NamedTuple):
    """A format and why it does not fit the file (None: it fits)."""

    name: str
    refusal: str | None


def candidates(
    records: Sequence[object], doc: object, no_document: str = "not one JSON document"
) -> list[Candidate]:
    """Each format's verdict on a file: its first JSONL records (None for a line that is
    not JSON) and the whole file parsed as one JSON value (``NO_DOCUMENT`` if it is not,
    and ``no_document`` says why)."""
    valid = [record for record in records if isinstance(record, dict)]
    first = records[0] if records else None
    verdicts = [Candidate(name, rule(first, valid)) for name, rule in _LINE_RULES.items()]
    if doc is NO_DOCUMENT:
        verdicts += [Candidate(name, no_document) for name in _DOCUMENT_RULES]
        # A format read as a document or as lines is judged by its lines here.
        lines = {name: rule(first, valid) for name, rule in TRACE_LINE_RULES.items()}
        verdicts = [Candidate(v.name, lines.get(v.name, v.refusal)) for v in verdicts]
    else:
        verdicts += [Candidate(name, rule(doc)) for name, rule in _DOCUMENT_RULES.items()]
    return verdicts


def results_file(records: Sequence[object], doc: object) -> int | None:
    """How many trajectories a whole results file holds (a list of runs, each with its
    own messages), or None when the file is not one."""
    runs: object = doc
    if isinstance(doc, Mapping):
        runs = next((doc[key] for key in _RESULTS_KEYS if isinstance(doc.get(key), list)), None)
    elif doc is NO_DOCUMENT:
        runs = list(records)
    if isinstance(runs, list) and runs and all(map(_is_trajectory, runs)):
        return None if is_one_run_of_sessions(runs) else len(runs)
    return None


def _is_trajectory(value: object) -> bool:
    return (
        isinstance(value, Mapping)
        and not {"role", "type", "kind"} & value.keys()
        and any(isinstance(value.get(key), list) for key in _TRAJECTORY_KEYS)
    )


# --- JSONL formats: the first records ------------------------------------------------------


def _sakshi(first: object, valid: list[dict[str, Any]]) -> str | None:
    if isinstance(first, dict) and one_of(first.get("kind"), _SAKSHI_KINDS):
        return None
    return "the first record has no sakshi.trace.v1 kind"


def _opens_pi_session(first: object, valid: list[dict[str, Any]]) -> bool:
    """A Pi session header first, or second after a fork's title slot."""
    if not isinstance(first, dict):
        return False
    if first.get("type") == "session":
        return True
    return (
        is_title_slot(first)
        and len(valid) > 1
        and valid[0] is first
        and valid[1].get("type") == "session"
    )


def _pi(first: object, valid: list[dict[str, Any]]) -> str | None:
    if _opens_pi_session(first, valid):
        return None
    if first is None and valid and all(record_owner(record) == "pi" for record in valid):
        return None  # the header's line is damaged (not JSON), and every other is Pi's
    return 'the first record is not a {"type": "session"} header'


def _claude(first: object, valid: list[dict[str, Any]]) -> str | None:
    if _opens_pi_session(first, valid):
        return "a Pi session header opens the file"
    if _gemini_stream(first, valid) is None or _copilot(first, valid) is None:
        return "its records are Gemini CLI stream-json or Copilot CLI events"
    # Every record must fit: a type and a message are everybody's (a Kimi Code CLI log's
    # records have both, and read as Claude Code all its calls were skipped in silence).
    stranger = next((record for record in valid if not claude_record(record)), None)
    if stranger is not None:
        owner = record_owner(stranger)
        whose = f"a {FORMAT_NAMES[owner]}'s" if owner else "no Claude Code"
        return f"a record is {whose} record"
    if any(_claude_line(record) for record in valid):
        return None
    return "no record has a type with a uuid, sessionId or message"


def _claude_line(record: Mapping[str, Any]) -> bool:
    return (
        isinstance(record.get("type"), str)
        and not {"payload", "kind"} & record.keys()
        and bool({"message", "uuid", "sessionId"} & record.keys())
    )


def _codex(first: object, valid: list[dict[str, Any]]) -> str | None:
    if not (isinstance(first, dict) and first.get("type") == "session_meta"):
        return "the first record is not a session_meta line"
    if not all(record.get("type") in ROLLOUT_LINE_TYPES for record in valid):
        return "a record is not a rollout line"
    return None if isinstance(first.get("payload"), Mapping) else "session_meta has no payload"


def _kimi(first: object, valid: list[dict[str, Any]]) -> str | None:
    if not (isinstance(first, dict) and is_kimi_record(first)):
        return "the first record is not a Kimi Code CLI wire record"
    if not all(map(is_kimi_record, valid)):
        return "a record is not a Kimi Code CLI wire record"
    return None


def _gemini_jsonl(first: object, valid: list[dict[str, Any]]) -> str | None:
    if not (isinstance(first, dict) and is_session_metadata(first)) or "messages" in first:
        return "the first record is not a Gemini CLI session's metadata line"
    if not all(map(is_session_record, valid)):
        return "a record is not a Gemini CLI message, $set or $rewindTo"
    return None


def _gemini_stream(first: object, valid: list[dict[str, Any]]) -> str | None:
    if not (isinstance(first, dict) and first.get("type") == "init" and "session_id" in first):
        return "the first record is not a stream-json init event"
    if not all(map(is_stream_record, valid)):
        return "a record is not a stream-json event"
    return None


def _copilot(first: object, valid: list[dict[str, Any]]) -> str | None:
    """A session file opens with session.start, and a newer event type still fits (the
    reader names its line); the printed form (``--output-format json``) need not open so,
    and there every event must be one Copilot's schema defines."""
    opens = isinstance(first, dict) and first.get("type") == "session.start"
    events = [record for record in valid if not is_result_line(record)]
    if not events or not all(isinstance(r.get("data"), Mapping) for r in events):
        return "a record is not a Copilot event (a type and a data object)"
    if opens and all(isinstance(record.get("type"), str) for record in events):
        return None
    if all(map(is_copilot_record, valid)):
        return None
    return "a record is not a Copilot session event"


_LINE_RULES: Mapping[str, Callable[[object, list[dict[str, Any]]], str | None]] = {
    "sakshi": _sakshi,
    "pi": _pi,
    "claude": _claude,
    "codex-cli": _codex,
    "gemini-cli-jsonl": _gemini_jsonl,
    "gemini-stream-json": _gemini_stream,
    "copilot-cli": _copilot,
    "kimi-cli": _kimi,
}


# --- JSON documents: the whole file ---------------------------------------------------------


def _messages(doc: object) -> list[Any] | None:
    """The message list of a bare list or of an object's ``messages``."""
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    return messages if isinstance(messages, list) else None


def _blocks(messages: Iterable[object]) -> Iterable[Mapping[str, Any]]:
    for message in messages:
        content = message.get("content") if isinstance(message, Mapping) else None
        if isinstance(content, list):
            yield from (block for block in content if isinstance(block, Mapping))


def _anthropic_block(block: Mapping[str, Any]) -> bool:
    kind = block.get("type")
    return one_of(kind, _ANTHROPIC_TOOL_BLOCKS) or is_server_result(kind)


def _chat_tool_traffic(messages: list[Any]) -> bool:
    return any(
        isinstance(message, Mapping)
        and (
            message.get("role") in ("tool", "function")
            or {"tool_calls", "function_call"} & message.keys()
        )
        for message in messages
    )


def _text_result(messages: list[Any]) -> bool:
    return any(
        block.get("type") == "text"
        and isinstance(block.get("text"), str)
        and TEXT_RESULT.match(block["text"]) is not None
        for block in _blocks(message for message in messages if _role(message) == "user")
    )


def _role(message: object) -> object:
    return message.get("role") if isinstance(message, Mapping) else None


def _envelope(doc: object) -> str | None:
    """Whose envelope an object is: Gemini CLI's (``sessionId`` without ``agent``), the
    Cline SDK's (``agent``) or mini-swe-agent's (``trajectory_format``); a bare list or a
    request body is nobody's."""
    if not isinstance(doc, Mapping):
        return None
    if isinstance(doc.get("trajectory_format"), str):
        return "mini-swe-agent"
    if "agent" in doc:
        return "cline"
    return "gemini-cli" if "sessionId" in doc else None


def _gemini(doc: object) -> str | None:
    messages = _messages(doc)
    if _envelope(doc) != "gemini-cli" or messages is None:
        return "not an object with sessionId and a messages list"
    sample = list(islice((m for m in messages if isinstance(m, Mapping)), _SCAN))
    if any(
        "role" in message or not one_of(message.get("type"), _GEMINI_TYPES) for message in sample
    ):
        return "a message is not of type user, gemini, info, error or warning"
    return None


def _cline(doc: object) -> str | None:
    messages = _messages(doc)
    if messages is None or _envelope(doc) == "gemini-cli":
        return "no message list"
    if _envelope(doc) == "cline" or _text_result(messages):
        return None
    return "no Cline SDK envelope (agent) and no [tool] Result: text"


def _anthropic(doc: object) -> str | None:
    if is_message_object(doc):
        return None
    messages = _messages(doc)
    if messages is None or _envelope(doc) is not None:
        return "no message list (or another agent's envelope)"
    if _chat_tool_traffic(messages) or _text_result(messages):
        return "tool_calls, a tool role or a Cline [tool] Result: text"
    if any(map(_anthropic_block, _blocks(messages))):
        return None
    return "no tool_use, tool_result, server or MCP tool block"


def _openai(doc: object) -> str | None:
    if is_chat_completion(doc):
        return None
    messages = _messages(doc)
    if messages is None or _envelope(doc) is not None:
        return "no message list (or another agent's envelope)"
    if any(map(_anthropic_block, _blocks(messages))):
        return "an Anthropic tool block"
    return None if _chat_tool_traffic(messages) else "no tool_calls and no tool role"


def _item_lists(doc: object) -> list[list[Any]]:
    if isinstance(doc, list):
        return [doc]
    if isinstance(doc, Mapping):
        return [doc[key] for key in ("input", "output") if isinstance(doc.get(key), list)]
    return []


def _tool_item(item: object) -> bool:
    kind = item.get("type") if isinstance(item, Mapping) else None
    return isinstance(kind, str) and (
        kind.endswith(("_call", "_call_output", "_output")) or kind in ("mcp_list_tools",)
    )


def _responses(doc: object) -> str | None:
    lists = _item_lists(doc)
    if not lists or _envelope(doc) is not None:
        return "no item list (a bare list, input or output)"
    items = [item for items in lists for item in items]
    if any(isinstance(item, Mapping) and "tool_calls" in item for item in items):
        return "a Chat Completions tool_calls message"
    return None if any(map(_tool_item, items)) else "no tool call item (function_call, ...)"


def _gemini_api(doc: object) -> str | None:
    if is_generate_content(doc):
        return None
    return "not a generateContent body (contents, candidates, or a list of chunks)"


def _opencode(doc: object) -> str | None:
    if isinstance(doc, list) and doc and all(map(is_opencode_export, doc)):
        doc = doc[0]  # a parent's export and its sub-agents' (each read apart)
    messages = doc.get("messages") if isinstance(doc, Mapping) and "info" in doc else doc
    if not isinstance(messages, list) or not messages:
        return "not an OpenCode export (info and messages) or message list"
    sample = list(islice(messages, _SCAN))
    if not all(map(is_opencode_message, sample)):
        return "a message is not an OpenCode message (info and parts)"
    return None


_DOCUMENT_RULES: Mapping[str, Callable[[object], str | None]] = {
    "gemini-cli": _gemini,
    "cline": _cline,
    "anthropic": _anthropic,
    "openai": _openai,
    "openai-responses": _responses,
    "gemini-api": _gemini_api,
    "opencode": _opencode,
    **RUN_RULES,
    **TRACE_DOCUMENT_RULES,
}
