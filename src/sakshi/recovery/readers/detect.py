"""Tells a trace's format from its content, for when ``--trace-format`` is not given.

It never guesses. Each format's rule (``signatures``) looks at the first records of the
file (up to 32 lines, for the JSONL formats) and at the whole file as one JSON document
(for the JSON formats), and either fits or says why not. Exactly one must fit: a file that
fits none is an error naming every candidate and why it was refused, one that fits several
is an error naming them, and a whole results file (a list of trajectories) is an error
that says what to extract. A new format adds its rule to ``signatures``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from sakshi.recovery.readers.common import TraceError, line_records, parse_json
from sakshi.recovery.readers.signatures import NO_DOCUMENT, candidates, results_file

__all__ = ["detect_format"]

# How many non-blank lines are looked at: enough to pass Claude Code's bookkeeping lines.
_HEAD_LINES = 32
_NAME_IT = "name it with --trace-format"


class _Document(NamedTuple):
    """The file as one JSON value (``NO_DOCUMENT`` if it is not one), and if not, where and
    why."""

    value: object
    key: str = "line 1"
    problem: str = ""


def detect_format(data: bytes, source: str) -> str:
    """Tell the format from the content, or raise TraceError that names the candidates."""
    records = list(_head_objects(data))
    document = _document(data, records, source)
    runs = results_file(records, document.value)
    if runs is not None:
        raise TraceError(
            source,
            "line 1",
            f"a results file of {runs} trajectories, not one run's trace: put each run's "
            "own messages (one trajectory) in its own run folder as trace.json, and " + _NAME_IT,
        )
    no_document = f"not one JSON document ({document.problem})" if document.problem else ""
    verdicts = candidates(records, document.value, no_document or "not one JSON document")
    fits = [verdict.name for verdict in verdicts if verdict.refusal is None]
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise TraceError(
            source, "line 1", f"cannot tell the trace format: it fits {', '.join(fits)}; {_NAME_IT}"
        )
    # Formats refused for the same reason are named together: the message stays readable.
    reasons: dict[str, list[str]] = {}
    for verdict in verdicts:
        reasons.setdefault(verdict.refusal or "", []).append(verdict.name)
    refusals = "; ".join(f"{', '.join(names)}: {reason}" for reason, names in reasons.items())
    raise TraceError(source, document.key, f"cannot tell the trace format ({refusals}); {_NAME_IT}")


def _document(data: bytes, records: list[object], source: str) -> _Document:
    """The whole file parsed as one JSON value, unless its first lines are already two or
    more JSON records (JSONL: then it cannot be one document, and is not parsed twice)."""
    if len(records) > 1 and all(record is not None for record in records):
        return _Document(NO_DOCUMENT, problem="one JSON record a line")
    if len(records) == 1 and records[0] is not None and _one_line(data):
        return _Document(records[0])  # the whole file is that one record: parsed already
    try:
        # Leniently: a key given twice is the reader's to refuse, naming where it is.
        return _Document(parse_json(data, source, "line 1", strict=False))
    except TraceError as exc:
        return _Document(NO_DOCUMENT, exc.key or "line 1", exc.problem)


def _one_line(data: bytes) -> bool:
    """Whether nothing but blanks follows the file's first line."""
    end = data.find(b"\n")
    return end < 0 or not data[end:].strip()


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
            records = line_records(raw, "", "", strict=False)
        except TraceError:
            records = [None]
        if records:
            count += 1
            yield from records
