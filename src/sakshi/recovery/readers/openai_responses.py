"""Reads OpenAI Responses API items, format name ``openai-responses``.

A JSON file holding a conversation as the Responses API sees it: a request body whose
``input`` is the list of items (a plain-string ``input`` is one user message), a Response
object (``"object": "response"``) whose ``output`` holds the items, or a bare list of items
(what an SDK's ``to_input_list()`` gives). Messages are messages; ``function_call`` and
``custom_tool_call`` items are calls answered by ``*_output`` items with the same
``call_id``; the hosted tools' items (web search, file search, code interpreter, MCP,
image generation, computer, shell, apply_patch) are read as ``responses_builtins`` says.
Reasoning and compaction items are skipped and counted; any other item type is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from sakshi.recovery.model import Trace
from sakshi.recovery.readers.common import Reading, TraceError, json_kind, parse_json
from sakshi.recovery.readers.responses_items import item_walk

__all__ = ["ItemList", "item_lists", "read_openai_responses"]

FORMAT = "openai-responses"


class ItemList(NamedTuple):
    """One list of items in a Responses file and where it stands (``input``, ``output``,
    ``items`` for a bare list); a plain-string ``input`` is one user message."""

    label: str
    items: list[object] | str


def read_openai_responses(data: bytes, source: str) -> Reading:
    """A Responses conversation as a trace; an item of unknown type is an error."""
    walk = item_walk(source)
    for label, items in item_lists(parse_json(data, source, "line 1"), source):
        if isinstance(items, str):
            walk.message("user", items)
            continue
        for index, item in enumerate(items):
            walk.read(item, f"{label}[{index}]")
    return Reading(Trace(tuple(walk.events), FORMAT), walk.tally.skipped)


def item_lists(doc: object, source: str) -> list[ItemList]:
    """The item lists of a Responses file, labelled by where they stand: ``input`` of a
    request body, ``output`` of a Response object, or the file itself (``items``)."""
    if isinstance(doc, list):
        return [ItemList("items", doc)]
    if not isinstance(doc, Mapping):
        raise TraceError(
            source, "line 1", f"expected a list of items or an object, found {json_kind(doc)}"
        )
    found: list[ItemList] = []
    for key in ("input", "output"):
        value = doc.get(key)
        if isinstance(value, list) or (key == "input" and isinstance(value, str)):
            found.append(ItemList(key, value))
        elif value is not None:
            raise TraceError(source, key, f"expected a list of items, found {json_kind(value)}")
    if not found:
        raise TraceError(
            source, "line 1", "expected a list of items, an input list or an output list"
        )
    return found
