"""Where a trace first contradicts itself: the line of a second result for one call, or
of a second call with one id.

The validator refuses such a trace whole (SPEC 5: one ``call_id``, one call, one answer),
but it sees events, not lines, so it cannot say where. A reader builds the run record by
record, so the place is found by reading prefixes of the file with the same reader: the
shortest prefix whose trace already contradicts itself ends on the record that made it
so. A JSONL file's prefixes are its first lines; a JSON document's are its main list (the
messages, items or events) cut short, and the element found is placed on its line. A
prefix the reader refuses counts as one that does not contradict itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sakshi.recovery.model import Trace
from sakshi.recovery.readers.common import TraceError
from sakshi.recovery.trace_index import SECOND_CALL, SECOND_RESULT, contradiction

__all__ = [
    "SECOND_CALL",
    "SECOND_RESULT",
    "contradiction",
    "first_element_of",
    "first_line_of",
]


def first_line_of(read: Callable[[bytes], Trace], data: bytes) -> int:
    """The 1-based number of the line whose record makes the trace read from ``data``
    contradict itself (the whole file does): a binary search over prefixes of whole
    lines, each read with ``read``."""
    lines = data.split(b"\n")
    low, high = 0, len(lines)  # the first `low` lines agree; the first `high` do not
    while high - low > 1:
        middle = (low + high) // 2
        if _contradicts(read, b"\n".join(lines[:middle])):
            high = middle
        else:
            low = middle
    return high


def first_element_of(read: Callable[[bytes], Trace], data: bytes) -> str | None:
    """The key path (``messages[7].content[2]``, or ``[7]`` in a bare list) of the element
    of a JSON document that makes its trace contradict itself (the whole document does):
    the element of a list of the document found by cutting the list short, narrowed to the
    element of a list inside it when one is found the same way; None when no list of the
    document, cut short, tells it."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return _locate(read, doc, lambda value: json.dumps(value).encode(), "")


def _locate(
    read: Callable[[bytes], Trace], value: Any, rebuild: Callable[[Any], bytes], path: str
) -> str | None:
    """Where inside ``value`` (at key path ``path`` of the document; ``rebuild`` writes the
    document with ``value`` replaced) the contradiction is, or None."""
    for key in _list_keys(value):
        items = value if key == "" else value[key]

        def holding(part: list[Any], key: str = key) -> bytes:
            return rebuild(part if key == "" else {**value, key: part})

        if _contradicts(read, holding([])):
            continue  # the contradiction is not in this list
        low, high = 0, len(items)
        while high - low > 1:
            middle = (low + high) // 2
            if _contradicts(read, holding(items[:middle])):
                high = middle
            else:
                low = middle
        index = high - 1
        here = f"{path}{'.' if path and key else ''}{key}[{index}]"

        def last(element: Any, before: list[Any] = items[:index], key: str = key) -> bytes:
            return holding([*before, element], key)

        return _locate(read, items[index], last, here) or here
    return None


def _list_keys(doc: object) -> list[str]:
    """Where a document's lists stand, longest first ("" for a bare list)."""
    if isinstance(doc, list):
        return [""]
    if not isinstance(doc, dict):
        return []
    keys = [key for key, value in doc.items() if isinstance(value, list) and value]
    return sorted(keys, key=lambda key: -len(doc[key]))


def _contradicts(read: Callable[[bytes], Trace], data: bytes) -> bool:
    try:
        return contradiction(read(data)) is not None
    except (TraceError, RecursionError):
        return False
