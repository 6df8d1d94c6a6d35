"""Truncation evidence in a tool result: what the tool told the agent to do next.

Structured fields first (``details.fullOutputPath``), text second, and always recorded as
which, because only the structured handle counts for the temp-output chain: a path
scraped from prose could have been written by anything. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from sakshi.recovery.model import ToolResult

__all__ = ["EvidenceSource", "Handle", "handle_of", "offsets_of"]

# Pi's read tool, current ("[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]",
# "[R more lines in file. Use offset=N to continue.]") and older ("... Use offset=X to
# continue reading)") wordings all share this: match the number loosely.
_OFFSET_HINT = re.compile(r"Use offset=(\d+) to continue")
# Pi's bash footer "[Showing lines A-B of T. Full output: /tmp/pi-bash-1f2e.log]" and
# Claude Code's "Full output saved to: /path". The path runs to the closing bracket or EOL.
_HANDLE_TEXT = re.compile(r"Full output(?: saved to)?: ([^\]\n\r]+?)\s*(?:\]|$)", re.MULTILINE)


class EvidenceSource(StrEnum):
    """Where a piece of evidence was found."""

    STRUCTURED = "structured"
    TEXT = "text"
    NONE = "none"


@dataclass(frozen=True)
class Handle:
    """A full-output handle and where it was found."""

    path: str | None
    source: EvidenceSource


def handle_of(result: ToolResult) -> Handle:
    """The full-output handle a result issued: details first, then the text footer."""
    details = result.details or {}
    path = details.get("fullOutputPath")
    if isinstance(path, str) and path:
        return Handle(path, EvidenceSource.STRUCTURED)
    matches = _HANDLE_TEXT.findall(result.text)
    if matches:
        return Handle(matches[-1], EvidenceSource.TEXT)
    return Handle(None, EvidenceSource.NONE)


def offsets_of(result: ToolResult) -> tuple[int, ...]:
    """Every continuation offset the result's text tells (usually one)."""
    return tuple(int(digits) for digits in _OFFSET_HINT.findall(result.text))
