"""The names the Pi reader knows without reading them: entry types, message roles and
content blocks that carry no tool event, in Pi itself and in a widely used fork. Pure.

A record is skipped (and counted) only when it provably carries no tool event, because
skipping one that does could hide a call a recovery chain depends on (a direct read of the
source, a second producer) and turn a fail into a pass (SPEC section 5):

- Pi's own names, by their schema (``session-manager.ts`` and ``messages.ts`` of
  badlogic/pi-mono and earendil-works/pi, 0.73 to 1.6): none of them has a field that holds
  a tool call or a tool result.
- oh-my-pi's names (can1357/oh-my-pi, ``session-entries.ts`` and ``messages.ts``), by their
  published schema too; but several of them hold opaque data (``mode_change.data``,
  ``session_init``'s work items), so each one is also searched and skipped only when nothing
  in it names a tool call, result or output handle (``carries_tool_traffic``).
- Any other name is unknown: nothing proves what it holds, so the reader refuses the file.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

__all__ = [
    "FORK_QUIET_BLOCKS",
    "FORK_QUIET_ENTRIES",
    "FORK_QUIET_ROLES",
    "PI_QUIET_BLOCKS",
    "PI_QUIET_ENTRIES",
    "PI_QUIET_ROLES",
    "carries_tool_traffic",
    "is_title_slot",
    "skippable",
]

# Pi's entry types without a tool call or result: model and thinking changes, usage (1.x),
# summaries, extension state and extension context, labels, session names.
PI_QUIET_ENTRIES = (
    "model_change",
    "thinking_level_change",
    "usage",
    "compaction",
    "branch_summary",
    "custom",
    "custom_message",
    "label",
    "session_info",
)
# Pi's message roles without one: ``system`` (1.x) holds prompt sections and tool
# declarations, never a call; then extension, summary and user-shell (``!cmd``) messages.
PI_QUIET_ROLES = (
    "system",
    "custom",
    "hookMessage",
    "bashExecution",
    "branchSummary",
    "compactionSummary",
)
PI_QUIET_BLOCKS = ("thinking", "image")

# oh-my-pi's additions: usage, service tier, archived branches, titles, rule injections,
# account pins, /clear markers, modes (plan mode), a subagent's initial prompt and tool
# names, the MCP tools selected for discovery.
FORK_QUIET_ENTRIES = (
    "model_usage",
    "service_tier_change",
    "archive",
    "title_change",
    "ttsr_injection",
    "credential_pin",
    "reset_boundary",
    "mode_change",
    "session_init",
    "mcp_tool_selection",
)
# Its developer instructions, @file mentions and user-run Python cells (the analogue of
# Pi's bashExecution); its blocks for encrypted thinking and a model-fallback marker.
FORK_QUIET_ROLES = ("developer", "fileMention", "pythonExecution")
FORK_QUIET_BLOCKS = ("redactedThinking", "fallback")

# What names a tool event, in every vocabulary sakshi reads (Pi, Anthropic, OpenAI Chat and
# Responses, Gemini, Codex), compared on names lower-cased without punctuation: a key that
# holds one of these (toolCallId, tool_use_id, nestedCalls, fullOutputPath, call_id, ...)
_TOOL_KEYS = ("toolcall", "toolresult", "tooluse", "functioncall", "nestedcall",
              "fulloutputpath", "callid")  # fmt: skip
# ... or a type, role or kind that does (toolCall, tool_result, server_tool_use, the
# ``tool`` role, anthropicServerTool, web_search_call, local_shell_call_output, ...).
_TOOL_TYPES = ("toolcall", "toolresult", "tooluse", "functioncall", "servertool")
_TOOL_TYPE_ENDINGS = ("call", "calloutput")
_NAME_FIELDS = ("type", "role", "kind")


def skippable(
    name: str, record: object, pi_names: Collection[str], fork_names: Collection[str]
) -> bool:
    """Whether a record called ``name`` may be skipped: one of Pi's ``pi_names``, or one of
    the fork's ``fork_names`` in which nothing names tool traffic."""
    return name in pi_names or (name in fork_names and not carries_tool_traffic(record))


def is_title_slot(record: Mapping[str, object]) -> bool:
    """Whether a record is oh-my-pi's fixed-width title slot, ``{"type": "title", "v": 1}``,
    which that fork writes as the first line, before the session header."""
    version = record.get("v")
    return record.get("type") == "title" and type(version) is int and version == 1


def carries_tool_traffic(value: object) -> bool:
    """Whether a JSON value names a tool call, a tool result or an output handle anywhere
    in it: a key such as ``toolCallId`` or ``fullOutputPath``, or a ``type``, ``role`` or
    ``kind`` such as ``toolCall`` or ``tool_result``."""
    stack = [value]
    while stack:  # a loop, not recursion: a hostile file may nest deeply
        item = stack.pop()
        if isinstance(item, Mapping):
            for key, inner in item.items():
                if _tool_key(key) or (key in _NAME_FIELDS and _tool_type(inner)):
                    return True
                stack.append(inner)
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _squashed(name: str) -> str:
    """A name lower-cased without punctuation: ``tool_call_id`` and ``toolCallId`` agree."""
    return "".join(char for char in name.lower() if char.isalnum())


def _tool_key(key: object) -> bool:
    return isinstance(key, str) and any(mark in _squashed(key) for mark in _TOOL_KEYS)


def _tool_type(value: object) -> bool:
    if not isinstance(value, str):
        return False
    squashed = _squashed(value)
    return (
        squashed == "tool"
        or any(mark in squashed for mark in _TOOL_TYPES)
        or squashed.endswith(_TOOL_TYPE_ENDINGS)
    )
