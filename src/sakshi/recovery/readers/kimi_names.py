"""What a Kimi Code CLI ``wire.jsonl`` holds, by name: the record types of both of its
on-disk forms, for the reader (``kimi_cli``) and for detection (``signatures``). Pure data
and two predicates.

Two writers have written ``~/.kimi/sessions/<project>/<session>/wire.jsonl``; both open
with a ``{"type": "metadata", "protocol_version": ...}`` line (the Python CLI also keeps the
model's context beside it, ``context.jsonl``: ``CONTEXT_ROLES``):

- the Python Kimi CLI (MoonshotAI/kimi-cli, ``kimi_cli/wire/file.py``): each record is
  ``{"timestamp": seconds, "message": {"type": WireMessage name, "payload": {...}}}``;
- Kimi Code (MoonshotAI/kimi-code, ``agent-core-v2``, ``agents/<agent>/wire.jsonl``): each
  record is ``{"type": dotted name, ...payload spread at the top level, "time": ms}``
  (its ``docs/wire-manifest.d.ts`` lists the durable record types).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.readers.common import one_of

__all__ = [
    "CONTEXT_ROLES",
    "KIMI_RECORDS",
    "WIRE_MESSAGES",
    "is_kimi_record",
    "is_metadata",
]

# The Python CLI's WireMessage names (kimi_cli/wire/types.py: Event | Request, and the
# answers a client sends back). ToolCall, ToolCallPart, ToolResult and SubagentEvent are
# read; every other one carries no tool event.
WIRE_MESSAGES = (
    "TurnBegin",
    "SteerInput",
    "TurnEnd",
    "StepBegin",
    "StepInterrupted",
    "StepRetry",
    "CompactionBegin",
    "CompactionEnd",
    "HookTriggered",
    "HookResolved",
    "MCPLoadingBegin",
    "MCPLoadingEnd",
    "StatusUpdate",
    "Notification",
    "PlanDisplay",
    "BtwBegin",
    "BtwEnd",
    "SubagentEvent",
    "ContentPart",
    "ToolCall",
    "ToolCallPart",
    "ToolResult",
    "ApprovalRequest",
    "ApprovalResponse",
    "ApprovalRequestResolved",
    "ToolCallRequest",
    "QuestionRequest",
    "QuestionResponse",
    "HookRequest",
    "HookResponse",
)

# Kimi Code's durable record types (wire-manifest.d.ts, protocol 1.5). The two
# ``context.append_*`` records are read; every other one carries no tool event.
KIMI_RECORDS = (
    "config.update",
    "context.append_loop_event",
    "context.append_message",
    "context.apply_compaction",
    "context.clear",
    "context.undo",
    "cron.add",
    "cron.cursor",
    "cron.delete",
    "forked",
    "full_compaction.begin",
    "full_compaction.cancel",
    "full_compaction.complete",
    "goal.clear",
    "goal.create",
    "goal.update",
    "interaction.request",
    "interaction.resolved",
    "interruptionReminder.recorded",
    "llm.request",
    "llm.tools_snapshot",
    "mcp.tools_discovered",
    "permission.record_approval_result",
    "permission.set_mode",
    "plan_mode.cancel",
    "plan_mode.enter",
    "plan_mode.exit",
    "plan.revision",
    "plugin.session_start",
    "profile.bind",
    "prompt.accepted",
    "runtime.set_binding",
    "staleGuard.cleared",
    "staleGuard.recorded",
    "swarm_mode.enter",
    "swarm_mode.exit",
    "task.started",
    "task.terminated",
    "task.waitDelivered",
    "token_counting.measured",
    "token_counting.rebased",
    "token_counting.truncated",
    "token_counting.turn_recorded",
    "tools.register_user_tool",
    "tools.reset_active_tools",
    "tools.set_active_tools",
    "tools.unregister_user_tool",
    "tools.update_store",
    "tower_mode.enter",
    "tower_mode.exit",
    "turn.cancel",
    "turn.ended",
    "turn.prompt",
    "turn.steer",
    "usage.record",
)


# The Python CLI's ``context.jsonl`` (kimi_cli/soul/context.py): kosong messages a line,
# and its own bookkeeping records (the system prompt, checkpoints, token usage), which
# carry no tool event. ``kimi --print --output-format stream-json`` prints the same
# messages.
CONTEXT_ROLES = ("_system_prompt", "_checkpoint", "_usage", "system", "user", "assistant", "tool")


def is_metadata(record: Mapping[str, Any]) -> bool:
    """The wire file's header line: ``{"type": "metadata", "protocol_version": ...}``."""
    return record.get("type") == "metadata" and "protocol_version" in record


def is_kimi_record(record: Mapping[str, Any]) -> bool:
    """Whether a record is one of a Kimi wire file's, in either form: the header, a Python
    CLI ``{"timestamp", "message": {"type", "payload"}}`` record, or a Kimi Code record
    (a dotted type with its ``time``, or one of its known types)."""
    if is_metadata(record):
        return True
    message = record.get("message")
    if "type" not in record and "timestamp" in record and isinstance(message, Mapping):
        # The envelope is the mark; a message type sakshi does not know is the reader's to
        # refuse, naming the line (detection still names the format).
        return isinstance(message.get("type"), str) and "payload" in message
    if not {"type", "kind"} & record.keys() and one_of(record.get("role"), CONTEXT_ROLES):
        return True  # (a sakshi.trace.v1 message has a role too, and its kind)
    kind = record.get("type")
    if one_of(kind, KIMI_RECORDS):
        return True
    return isinstance(kind, str) and "." in kind and "time" in record
