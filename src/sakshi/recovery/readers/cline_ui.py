"""Reads Cline's UI messages (``tasks/<task>/ui_messages.json``), format name ``cline-ui``.

A bare list of the messages the Cline panel shows, each ``{"ts", "type": "ask"|"say",
"ask"|"say": <kind>, "text"?, "partial"?}``. Cline writes this file beside the API history
(``api_conversation_history.json``, format ``cline``), and it is what a user exports or
shares. Calls are read from it as the panel shows them:

- ``tool`` (asked for approval, or said when approved automatically): its text is a JSON
  object whose ``tool`` (``readFile``, ``editedExistingFile``, ``searchFiles``, ...) names
  the call, lower-cased, and whose other fields (``path``, ...) are its arguments. The
  panel keeps no result for it.
- ``command``: an ``execute_command`` call with ``{"command": text}``; the
  ``command_output`` messages that follow it, up to the next command, are its result (as
  Cline's own panel joins them). Cline records no exit code here: never an error.
- ``use_mcp_server``: a call of the MCP tool it names (``toolName``, or
  ``access_mcp_resource``); the ``mcp_server_response`` that follows is its result.
- ``browser_action_launch`` and ``browser_action``: ``browser_action`` calls; the
  ``browser_action_result`` that follows is the result.

The task, the user's feedback and the assistant's text are messages. A message still
``partial`` never ran (it is counted and skipped), as is Cline's bookkeeping (API
requests, checkpoints, reasoning, notices). A sub-agent's calls are part of the run, but
this file keeps only their count: a task that ran sub-agents is refused, with a message
that says so. An unknown kind is an error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Event, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import (
    Reading,
    Tally,
    TraceError,
    json_kind,
    one_of,
    parse_json,
    tool_args,
    tool_name,
)
from sakshi.recovery.readers.run_document import parse_document

__all__ = ["is_ui_message", "read_cline_ui"]

FORMAT = "cline-ui"
_COMMAND = "execute_command"
_BROWSER = "browser_action"
_REQ_APP = "REQ_APP"  # Cline's mark on a command that asked for approval
_USER_SAYS = ("task", "user_feedback")
_ASSISTANT_SAYS = (
    "text",
    "completion_result",
    "followup",
    "plan_mode_respond",
    "act_mode_respond",
    "plan_completion_result",
)
# Cline's bookkeeping, notices and prompts: known, skipped and counted.
_QUIET = (
    "api_req_started",
    "api_req_finished",
    "api_req_retried",
    "api_req_failed",
    "api_req_deleted",
    "deleted_api_reqs",
    "reasoning",
    "checkpoint_created",
    "error",
    "diff_error",
    "clineignore_error",
    "command_permission_denied",
    "shell_integration_warning",
    "shell_integration_warning_with_suggestion",
    "mcp_server_request_started",
    "mcp_notification",
    "load_mcp_documentation",
    "info",
    "task_progress",
    "hook",
    "hook_status",
    "hook_output",
    "hook_output_stream",
    "conditional_rules_applied",
    "compaction",
    "user_feedback_diff",
    "resume_task",
    "resume_completed_task",
    "mistake_limit_reached",
    "auto_approval_max_req_reached",
    "new_task",
    "condense",
    "summarize_task",
    "report_bug",
)
_SUBAGENTS = ("subagent", "use_subagents", "subagent_usage")
_NO_SUBAGENT_CALLS = (
    "a sub-agent ran in this task, and ui_messages.json keeps only the count of its calls: "
    "its calls cannot be checked (read the sub-agent's own task history instead)"
)
# Where each call's answer comes from: the kind of message that carries it.
_ANSWERS = {
    "command_output": _COMMAND,
    "mcp_server_response": "mcp",
    "browser_action_result": _BROWSER,
}


class _Walk:
    """The walk's state: the events so far, the call the next answer belongs to, and where
    its result stands (its text grows with each answer, as Cline's panel joins them)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.open: ToolCall | None = None
        self.kind = ""  # which answer the open call waits for (one of _ANSWERS's values)
        self.parts: list[str] = []
        self.result_at: int | None = None

    def call(self, call: ToolCall, answered_by: str = "") -> None:
        self.events.append(call)
        self.open, self.kind = (call, answered_by) if answered_by else (None, "")
        self.parts, self.result_at = [], None

    def answer(self, kind: str, text: str, source: str, where: str) -> None:
        if self.open is None or self.kind != _ANSWERS[kind]:
            raise TraceError(source, where, f"{kind}: answers no call before it")
        self.parts.append(text)
        joined = "\n".join(part for part in self.parts if part)
        result = ToolResult(self.open.call_id, self.open.tool, False, joined)
        if self.result_at is None:
            self.result_at = len(self.events)
            self.events.append(result)
        else:
            self.events[self.result_at] = result


def is_ui_message(message: object) -> bool:
    """A Cline UI message: ``ts``, and ``type`` ask or say with its kind beside it."""
    if not isinstance(message, Mapping) or "ts" not in message:
        return False
    kind = message.get("type")
    return kind in ("ask", "say") and isinstance(message.get(str(kind)), str)


def read_cline_ui(data: bytes, source: str) -> Reading:
    """Cline's UI messages as a trace; a task that ran sub-agents is refused."""
    messages = parse_document(data, source, "Cline UI messages")
    if not isinstance(messages, list):
        raise TraceError(
            source, "line 1", f"not Cline UI messages: expected a list, found {json_kind(messages)}"
        )
    walk = _Walk()
    tally = Tally()
    for index, message in enumerate(messages):
        where = f"[{index}]"
        if not is_ui_message(message):
            raise TraceError(source, where, "not a Cline UI message: expected ts, type ask or say")
        _message(message, index, walk, source, tally)
    return Reading(Trace(tuple(walk.events), FORMAT), tally.skipped)


def _message(
    message: Mapping[str, Any], index: int, walk: _Walk, source: str, tally: Tally
) -> None:
    where = f"[{index}]"
    kind = message[message["type"]]
    text = message.get("text", "")
    if not isinstance(text, str):
        raise TraceError(source, where, f"text: expected a string, found {json_kind(text)}")
    call_id = f"ui-{index}"
    if one_of(kind, _SUBAGENTS):
        raise TraceError(source, where, _NO_SUBAGENT_CALLS)
    if message.get("partial") is True or one_of(kind, _QUIET):
        tally.skip()  # a message still streaming never ran; the rest is bookkeeping
    elif kind in _ANSWERS:
        walk.answer(kind, text, source, where)
    elif kind == "command":
        command = text.removesuffix(_REQ_APP).rstrip()
        walk.call(ToolCall(call_id, _COMMAND, {"command": command}), _COMMAND)
    elif kind == "tool":
        fields = _json_text(text, source, where)
        name = tool_name(fields, "tool", source, f"{where}.text")
        args = {key: value for key, value in fields.items() if key != "tool"}
        walk.call(ToolCall(call_id, name, args))
    elif kind == "use_mcp_server":
        walk.call(_mcp_call(call_id, _json_text(text, source, where), source, where), "mcp")
    elif kind == "browser_action_launch":
        walk.call(ToolCall(call_id, _BROWSER, {"action": "launch", "url": text}), _BROWSER)
    elif kind == "browser_action":
        walk.call(ToolCall(call_id, _BROWSER, _json_text(text, source, where)), _BROWSER)
    elif one_of(kind, _USER_SAYS) or one_of(kind, _ASSISTANT_SAYS):
        role = "user" if one_of(kind, _USER_SAYS) else "assistant"
        walk.events.extend([Message(role, text)] if text else [])
    else:
        raise TraceError(source, where, f"{message['type']}: not a Cline message kind sakshi knows")


def _json_text(text: str, source: str, where: str) -> Mapping[str, Any]:
    """A message text that holds a JSON object (a tool's request, an MCP request)."""
    value = parse_json(text, source, f"{where}.text")
    if not isinstance(value, Mapping):
        raise TraceError(
            source, f"{where}.text", f"expected a JSON object, found {json_kind(value)}"
        )
    return value


def _mcp_call(call_id: str, request: Mapping[str, Any], source: str, where: str) -> ToolCall:
    """An MCP request: a tool call (its arguments a JSON text) or a resource read."""
    if request.get("type") == "access_mcp_resource":
        return ToolCall(call_id, "access_mcp_resource", {"uri": request.get("uri")})
    name = tool_name(request, "toolName", source, f"{where}.text")
    arguments: object = request.get("arguments")
    if isinstance(arguments, str) and arguments.strip():
        try:
            arguments = json.loads(arguments)
        except ValueError:
            raise TraceError(source, f"{where}.text", "arguments: not JSON") from None
    elif isinstance(arguments, str):
        arguments = None
    return ToolCall(call_id, name, tool_args(arguments, source, f"{where}.text"))
