"""Truncation evidence in a tool result: what the tool told the agent to do next.

Structured fields first (``details.fullOutputPath``), text second, and always recorded as
which, because only the structured handle counts for the temp-output chain: a path
scraped from prose could have been written by anything. Pure.

Result text is whatever a tool (or an agent that wrote a file) put there, so it is read
in linear time: the offset pattern cannot backtrack, and the handle footer is found by a
hand-written scan rather than a lazy regex (``[^\\]]+?\\s*(?:\\]|$)`` backtracks
quadratically over a long line of spaces that no bracket closes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from sakshi.recovery.model import ToolResult

__all__ = ["EvidenceSource", "Handle", "handle_of", "offsets_of"]

# Pi's read tool, current ("[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]",
# "[R more lines in file. Use offset=N to continue.]") and older ("... Use offset=X to
# continue reading)") wordings all share this: match the number loosely. ASCII digits
# only: "२००१" is no offset a tool prints, and int() would happily read it as 2001.
_OFFSET_HINT = re.compile(r"Use offset=([0-9]+) to continue")
# No file has 10**18 lines; a longer number is noise (and int() of thousands of digits is
# slow, or refused outright past Python's digit limit).
_MAX_OFFSET_DIGITS = 18
# Pi's bash footer "[Showing lines A-B of T. Full output: /tmp/pi-bash-1f2e.log]" and
# Claude Code's "Full output saved to: /path". The path runs to the closing bracket or EOL.
_LEAD = "Full output"
_LEAD_TAILS = (" saved to: ", ": ")
_PATH_STOP = re.compile(r"[\]\n\r]")


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
    footer = _last_footer_path(result.text)
    if footer is not None:
        return Handle(footer, EvidenceSource.TEXT)
    return Handle(None, EvidenceSource.NONE)


def offsets_of(result: ToolResult) -> tuple[int, ...]:
    """Every continuation offset the result's text tells (usually one)."""
    return tuple(
        int(digits)
        for digits in _OFFSET_HINT.findall(result.text)
        if len(digits) <= _MAX_OFFSET_DIGITS
    )


def _path_begins(text: str, at: int) -> int | None:
    """Where the path begins if a footer lead ("Full output: " or "Full output saved to: ")
    stands at ``at`` (which holds "Full output"), else None."""
    after = at + len(_LEAD)
    for tail in _LEAD_TAILS:
        if text.startswith(tail, after):
            return after + len(tail)
    return None


def _closes(text: str, end: int) -> int | None:
    """Where a footer whose path stopped at ``end`` is closed, or None if it is not.

    A path stops at ``]``, ``\n``, ``\r`` or the end of the text. It is closed by the first
    ``\n`` in the white space from there, or by what ends that white space: a ``]`` or the
    end of the text. (At a ``]`` or ``\n`` that is the stop itself; only a bare carriage
    return can lead on.)
    """
    at = end
    while at < len(text) and text[at].isspace():
        if text[at] == "\n":
            return at
        at += 1
    if at == len(text) or text[at] == "]":
        return at
    return None


def _last_footer_path(text: str) -> str | None:
    """The path of the last "Full output: PATH" footer, scanned once from left to right.

    The path is the text up to ``]`` or the end of the line, less trailing white space
    (at least one character is kept). A footer that does not close fails for every lead
    before the same stop too, so the scan resumes at that stop: each character is looked
    at a bounded number of times however many leads a line repeats.
    """
    found: str | None = None
    start = 0
    while (at := text.find(_LEAD, start)) >= 0:
        begin = _path_begins(text, at)
        if begin is None:
            start = at + 1
            continue
        stop = _PATH_STOP.search(text, begin)
        end = stop.start() if stop is not None else len(text)
        closed = _closes(text, end) if end > begin else None
        if closed is None:
            start = end  # past the lead: its path begins after it
            continue
        run = text[begin:end]
        found = run[: max(1, len(run.rstrip()))]
        start = closed  # the "]", "\n" or end that closed it: no lead starts there
    return found
