"""The one JSON document of an agent-run file (Cline's UI messages, OpenHands, SWE-agent
and mini-swe-agent trajectories), parsed so that a file that is not one JSON document (a
JSONL transcript of another agent, say) is refused naming the format it is not."""

from __future__ import annotations

from sakshi.recovery.readers.common import TraceError, parse_json

__all__ = ["parse_document"]


def parse_document(data: bytes, source: str, what: str) -> object:
    """``data`` as one JSON value; when it is not JSON (or not text), the error says the
    file is not ``what`` (``a SWE-agent trajectory``), and why. Any other error (a key
    given twice) is the parser's own."""
    try:
        return parse_json(data, source, "line 1")
    except TraceError as exc:
        if not exc.problem.startswith("not "):
            raise
        raise TraceError(
            source, exc.key, f"not {what} (one JSON document): {exc.problem}"
        ) from None
