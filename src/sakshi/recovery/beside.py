"""Sessions of the same agent beside a run folder's trace (SPEC 5: a sub-agent's calls
are part of the run).

Gemini CLI, Kimi Code, OpenCode and Claude Code keep a sub-agent's calls in a session file
of its own (``chats/<session>/<agent>.jsonl``, ``agents/<agent>/wire.jsonl``, a child
session, ``subagents/agent-*.jsonl``). Copied into the run folder beside the trace, such a
file used to be passed over in silence, and with it a sub-agent's direct read of the
source. Now a file of the folder (or of a sub-folder, as the agents lay them out) that is a
trace of the trace's own format is named, and the run is an error: the sessions are read
together only when given together in the trace, where each reader can place them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from sakshi.inputs import FileRefused, read_regular
from sakshi.recovery.readers import TraceError, detect_format

__all__ = ["sessions_beside"]

_NOT_SESSIONS = frozenset({"case.json", "probe.json"})
_SUFFIXES = (".json", ".jsonl")
_DEPTH = 3  # agents/<agent>/wire.jsonl under the run folder
_MOST = 256  # files looked at: a run folder is not a file store
_LIMIT = 64 * 1024 * 1024  # bytes read of one file


def sessions_beside(folder: Path, trace: Path, data: bytes, trace_format: str | None) -> str | None:
    """Why the run cannot be judged from ``trace`` alone (the sessions of the same agent
    beside it, named), or None when there is none (or the trace's format cannot be told:
    reading the trace says why)."""
    candidates = list(_candidates(folder, trace))
    if not candidates:
        return None  # the usual run folder: nothing more to read
    try:
        chosen = trace_format or detect_format(data, trace.name)
    except TraceError:
        return None
    found = [path for path in candidates if _format_of(path) == chosen]
    if not found:
        return None
    names = ", ".join(str(path.relative_to(folder)) for path in found)
    return (
        f"{names}: a session of the same agent beside the trace, not read: a sub-agent's "
        "calls are part of the run, so it is not judged without them; put each sub-agent's "
        "session into the trace after the main one (one list of exports, for OpenCode), and "
        "keep other runs' files out of the run folder"
    )


def _candidates(folder: Path, trace: Path) -> Iterator[Path]:
    seen = 0
    for path in sorted(folder.rglob("*")):
        if seen >= _MOST:
            return
        depth = len(path.relative_to(folder).parts)
        if depth > _DEPTH or path == trace or path.name in _NOT_SESSIONS:
            continue
        if path.suffix in _SUFFIXES and path.is_file() and not path.name.startswith("."):
            seen += 1
            yield path


def _format_of(path: Path) -> str | None:
    try:
        return detect_format(read_regular(path, _LIMIT), path.name)
    except (FileRefused, TraceError, RecursionError):
        return None
