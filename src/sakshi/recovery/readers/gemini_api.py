"""Reads Gemini API generateContent bodies as recorded, format name ``gemini-api``.

One JSON file: a request body (``contents``: the conversation so far, each Content a
``role`` and its ``parts``), a response (``candidates``: one candidate's ``content`` is
the model's turn; several are alternatives, not one run, and are refused), the two in one
object (the request's contents, then the response's), the list of response chunks a
streamed call returns (read in order), or a bare list of Content objects (a chat's
history). The Python SDK's dump of a response is read too:
its ``automatic_function_calling_history`` holds the calls the SDK ran and their
responses, before the candidate. Vertex AI writes the same bodies. ``gemini_parts`` reads
the parts (functionCall and functionResponse, code execution, server-side tool calls).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sakshi.recovery.model import Trace
from sakshi.recovery.readers.common import Reading, TraceError, json_kind, parse_json
from sakshi.recovery.readers.gemini_parts import PartWalk

__all__ = ["is_generate_content", "read_gemini_api"]

FORMAT = "gemini-api"

_HISTORY = ("automaticFunctionCallingHistory", "automatic_function_calling_history")


def read_gemini_api(data: bytes, source: str) -> Reading:
    """A generateContent request, response, or both, as a trace."""
    doc = parse_json(data, source, "line 1")
    walk = PartWalk(source)
    if isinstance(doc, list) and _contents_list(doc):
        _contents(walk, doc, "")
    elif isinstance(doc, list):
        for index, chunk in enumerate(doc):
            if not isinstance(chunk, Mapping) or "candidates" not in chunk:
                raise TraceError(
                    source,
                    f"[{index}]",
                    "not a Gemini API response chunk (candidates) or Content (role, parts)",
                )
            _candidates(walk, chunk, f"[{index}].")
    elif isinstance(doc, Mapping) and is_generate_content(doc):
        history = [key for key in _HISTORY if doc.get(key) is not None]
        # The SDK's history starts with the request's own contents: read one, not both.
        for key in history[:1] or ["contents"]:
            _contents(walk, doc.get(key), key)
        _candidates(walk, doc, "")
    else:
        raise TraceError(
            source,
            "line 1",
            "not a Gemini API generateContent body (contents, candidates or both)",
        )
    return Reading(Trace(tuple(walk.events), FORMAT), walk.tally.skipped)


def is_generate_content(doc: object) -> bool:
    """Whether a JSON value is a generateContent request or response body (or a list of
    streamed response chunks)."""
    if isinstance(doc, list):
        return bool(doc) and (
            _contents_list(doc)
            or all(
                isinstance(chunk, Mapping) and isinstance(chunk.get("candidates"), list)
                for chunk in doc
            )
        )
    if not isinstance(doc, Mapping) or {"messages", "sessionId", "input", "output"} & doc.keys():
        return False
    keys = ("contents", "candidates", *_HISTORY)
    lists = [_one_or_many(doc[key]) for key in keys if isinstance(doc.get(key), (list, Mapping))]
    return bool(lists) and all(
        isinstance(item, Mapping) and ("parts" in item or "content" in item or "role" in item)
        for items in lists
        for item in items
    )


def _contents_list(doc: list[Any]) -> bool:
    """Whether a list is a bare conversation of Content objects (a chat's history as the
    SDKs keep it): each has its ``parts`` and a ``role`` at most, nothing else (an OpenCode
    message has ``parts`` beside its ``info``)."""
    return bool(doc) and all(
        isinstance(item, Mapping)
        and isinstance(item.get("parts"), list)
        and item.keys() <= {"role", "parts"}
        for item in doc
    )


def _one_or_many(value: object) -> list[Any]:
    """A repeated field: a list, or (as Vertex AI's REST examples write it) one object."""
    return [value] if isinstance(value, Mapping) else value if isinstance(value, list) else []


def _contents(walk: PartWalk, contents: object, key: str) -> None:
    if contents is None:
        return
    if isinstance(contents, Mapping):  # one Content, not in a list (Vertex AI accepts it)
        walk.content(contents, key)
        return
    if not isinstance(contents, list):
        raise TraceError(walk.source, key, f"expected a list, found {json_kind(contents)}")
    for index, content in enumerate(contents):
        walk.content(content, f"{key}[{index}]")


def _candidates(walk: PartWalk, doc: Mapping[str, Any], prefix: str) -> None:
    candidates = doc.get("candidates")
    if candidates is None:
        return  # a request body, or a prompt the API blocked: no model turn
    where = f"{prefix}candidates"
    if not isinstance(candidates, list):
        raise TraceError(walk.source, where, f"expected a list, found {json_kind(candidates)}")
    if len(candidates) > 1:
        raise TraceError(
            walk.source,
            where,
            f"{len(candidates)} alternative candidates, not one run: keep the one the agent "
            "went on with",
        )
    for candidate in candidates:
        if not isinstance(candidate, Mapping):
            raise TraceError(
                walk.source, f"{where}[0]", f"expected an object, found {json_kind(candidate)}"
            )
        content = candidate.get("content")
        if content is not None:  # a candidate stopped for safety has none
            walk.content(content, f"{where}[0].content", "model")
