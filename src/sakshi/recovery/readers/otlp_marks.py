"""The marks of the conventions an OTLP file follows, for format detection: raw parsed
JSON in (OTLP requests, or the JS SDK's span records), never an error out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from sakshi.recovery.readers.otlp import LOG_KEYS, SPAN_KEYS, is_span_record

__all__ = ["Marks", "otlp_marks"]


class Marks(NamedTuple):
    """What conventions an OTLP file's spans follow, for format detection."""

    genai: bool  # a gen_ai.* attribute or a gen_ai.* event
    execute_tool: bool  # an execute_tool span
    openinference: bool  # an openinference.span.kind


def otlp_marks(requests: list[object]) -> Marks:
    """The conventions' marks in raw OTLP requests; never raises on odd shapes."""
    genai = execute = openinference = False
    for item in _raw_items(requests):
        for key, value in _pairs(item.get("attributes")):
            if key.startswith("gen_ai."):
                genai = True
                execute = execute or (
                    key == "gen_ai.operation.name"
                    and value in ({"stringValue": "execute_tool"}, "execute_tool")
                )
            openinference = openinference or key == "openinference.span.kind"
        name = item.get("eventName") or item.get("name")
        genai = genai or (isinstance(name, str) and name.startswith("gen_ai."))
    return Marks(genai, execute, openinference)


def _pairs(attributes: object) -> Iterator[tuple[str, object]]:
    """An OTLP attribute list's (key, raw value) pairs, or a span record's plain object's."""
    if isinstance(attributes, Mapping):
        yield from ((key, value) for key, value in attributes.items() if isinstance(key, str))
        return
    for pair in _list(attributes):
        key = pair.get("key")
        if isinstance(key, str):
            yield key, pair.get("value")


def _raw_items(requests: list[object]) -> Iterator[Mapping[str, Any]]:
    """Spans, span events and log records of raw requests, leniently."""
    for request in requests:
        if is_span_record(request):
            yield request
            yield from _list(request.get("events"))
            continue
        if not isinstance(request, Mapping):
            continue
        for keys in (SPAN_KEYS, LOG_KEYS):
            for resource in _list(request.get(_named(request, keys[0]))):
                for scope in _list(resource.get(_named(resource, keys[1]))):
                    for item in _list(scope.get(keys[2][0])):
                        yield item
                        yield from _list(item.get("events"))


def _named(obj: Mapping[str, Any], names: tuple[str, ...]) -> str:
    return next((name for name in names if name in obj), names[0])


def _list(value: object) -> list[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []
