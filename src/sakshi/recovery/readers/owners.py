"""Whose record a JSONL line is: the one-record marks of the JSONL formats. Pure.

Detection takes a file for a format only when every record fits it, and a reader given a
record that is another agent's refuses it naming that agent's format (SPEC section 5): a
Kimi Code CLI log read as Claude Code would have all its calls skipped as bookkeeping. The
marks are each format's own, never a guess from a shared key (``type`` and ``message``
are everybody's):

  sakshi     a ``kind`` of sakshi.trace.v1
  kimi-cli   the wire header, a ``{"timestamp", "message": {"type", "payload"}}`` record,
             or a Kimi Code record type (``kimi_names``)
  codex-cli  a rollout line type with a ``payload`` object
  pi         the ``session`` header, a ``message`` entry, or a tree entry's
             ``id``/``parentId`` without Claude Code's ``uuid``
  claude     a ``type`` that is not dotted (a role's line holding its ``message`` object)
             and none of these
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.readers.codex_cli import ROLLOUT_LINE_TYPES
from sakshi.recovery.readers.common import one_of
from sakshi.recovery.readers.kimi_names import is_kimi_record

__all__ = ["FORMAT_NAMES", "claude_record", "foreign_to", "record_owner"]

SAKSHI_KINDS = ("tool_call", "tool_result", "message", "harness")

# How a message names each format to a person.
FORMAT_NAMES: Mapping[str, str] = {
    "sakshi": "sakshi.trace.v1",
    "pi": "Pi session",
    "claude": "Claude Code transcript",
    "codex-cli": "Codex CLI rollout",
    "kimi-cli": "Kimi Code CLI wire log",
}


def _pi_entry(record: Mapping[str, Any]) -> bool:
    kind = record.get("type")
    if one_of(kind, ("session", "message")):
        return True
    # Pi's entry types are plain words; a dotted type (session.start) is another agent's.
    plain = isinstance(kind, str) and "." not in kind
    return plain and "parentId" in record and "id" in record and "uuid" not in record


def _other_owner(record: Mapping[str, Any]) -> str | None:
    """The JSONL format other than Claude Code whose mark a record bears, if any."""
    if one_of(record.get("kind"), SAKSHI_KINDS):
        return "sakshi"
    if is_kimi_record(record):
        return "kimi-cli"
    if one_of(record.get("type"), ROLLOUT_LINE_TYPES) and isinstance(
        record.get("payload"), Mapping
    ):
        return "codex-cli"
    return "pi" if _pi_entry(record) else None


def claude_record(record: Mapping[str, Any]) -> bool:
    """Whether a record can be a Claude Code transcript's line: a type that is a word
    (Claude Code's are: file-history-snapshot, never dotted), no other format's mark, and
    a role's line holding its message."""
    kind = record.get("type")
    if not isinstance(kind, str) or "." in kind or _other_owner(record) is not None:
        return False
    return kind not in ("user", "assistant") or isinstance(record.get("message"), Mapping)


def record_owner(record: object) -> str | None:
    """The JSONL format whose record this is, or None when no format's mark is on it."""
    if not isinstance(record, Mapping):
        return None
    owner = _other_owner(record)
    if owner is not None:
        return owner
    return "claude" if claude_record(record) else None


def foreign_to(record: object, trace_format: str) -> str | None:
    """What to say of a record that is not ``trace_format``'s: another format's, or (for
    ``claude``, whose reader passes unknown types over) no Claude Code line at all. None:
    the record may be the format's own."""
    owner = record_owner(record)
    if owner is None and trace_format == "claude" and isinstance(record, Mapping):
        kind = record.get("type")
        if isinstance(kind, str) and "." in kind:
            return "not a Claude Code line type (a dotted type is another agent's record)"
    if owner is None or owner == trace_format:
        return None
    return (
        f"a {FORMAT_NAMES[owner]}'s record, not a {FORMAT_NAMES[trace_format]}'s: "
        f"name the format with --trace-format {owner}"
    )
