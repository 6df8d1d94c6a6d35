"""OTLP JSON, the file form of OpenTelemetry traces and logs: spans and log records out.

What the OpenTelemetry protocol's JSON encoding holds (an ``ExportTraceServiceRequest``:
``resourceSpans[].scopeSpans[].spans[]``, and its logs twin ``resourceLogs[].scopeLogs[]
.logRecords[]``), as one document or one request a line (the Collector's file exporter).
Both encoders in the field are read: the protocol's own (hex ids, integer enums) and
protobuf's ``MessageToJson`` (base64 ids, enum names, 64-bit integers as strings).
Attribute values (``AnyValue``) become plain JSON values: a string, a number, a boolean,
a list (``arrayValue``) or an object (``kvlistValue``).

Pure: bytes in, records out; the conventions that give spans a meaning (GenAI,
OpenInference) read these records in their own modules. A JSONL line that is not JSON is
blanked and counted, never read, as in every JSONL reader.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple, TypeGuard

from sakshi.recovery.readers.common import (
    TraceError,
    drop_damaged_lines,
    json_kind,
    line_records,
    parse_json,
)

__all__ = [
    "LOG_KEYS",
    "SPAN_KEYS",
    "LogRecord",
    "Otlp",
    "Span",
    "SpanEvent",
    "any_value",
    "is_otlp",
    "is_span_record",
    "read_otlp",
]

_ERROR_CODES = (2, "2", "STATUS_CODE_ERROR")
_RECORD_TYPES = ("span", "metric", "log")
# Resource, scope and item lists: OTLP's keys, then older OTLP's (instrumentation
# library) and Grafana Tempo's (``batches``) spellings of the same lists.
_Keys = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
SPAN_KEYS: _Keys = (
    ("resourceSpans", "batches"),
    ("scopeSpans", "instrumentationLibrarySpans"),
    ("spans",),
)
LOG_KEYS: _Keys = (("resourceLogs",), ("scopeLogs", "instrumentationLibraryLogs"), ("logRecords",))
_SCALARS: dict[str, type | tuple[type, ...]] = {
    "stringValue": str,
    "boolValue": bool,
    "doubleValue": (int, float),
}


class SpanEvent(NamedTuple):
    """A span event: its time, name and attributes, and where it stands in the file."""

    where: str
    time: int
    name: str
    attrs: Mapping[str, Any]


class Span(NamedTuple):
    """A span: where it stands, its id, name, times, attributes, events and status."""

    where: str
    span_id: str
    name: str
    start: int
    end: int
    attrs: Mapping[str, Any]
    events: tuple[SpanEvent, ...]
    failed: bool
    status_message: str


class LogRecord(NamedTuple):
    """A log record (an OpenTelemetry event when it has an event name): its time, the span
    it belongs to (or ""), its event name, attributes and body."""

    where: str
    time: int
    span_id: str
    name: str
    attrs: Mapping[str, Any]
    body: Any


class Otlp(NamedTuple):
    """A file's spans and log records in file order, and its damaged lines (JSONL)."""

    spans: tuple[Span, ...]
    logs: tuple[LogRecord, ...]
    unreadable: int = 0
    damage: TraceError | None = None
    skipped: int = 0  # metric and log lines of a span-records file


def is_otlp(doc: object) -> bool:
    """Whether a JSON value is an OTLP export request (spans or logs)."""
    return isinstance(doc, Mapping) and any(
        isinstance(doc.get(key), list) for key in (*SPAN_KEYS[0], *LOG_KEYS[0])
    )


def read_otlp(data: bytes, source: str) -> Otlp:
    """Every span and log record of an OTLP JSON file (one request, or one a line)."""
    spans: list[Span] = []
    logs: list[LogRecord] = []
    requests, unreadable, damage = _requests(data, source)
    skipped = 0
    for where, request in requests:
        if is_span_record(request):
            if request["type"] == "span":
                spans.append(_record_span(request, source, where))
            else:
                skipped += 1  # a metric or log line of the same file exporter
            continue
        if not is_otlp(request):
            raise TraceError(
                source,
                where,
                "not OTLP JSON (an OpenTelemetry export: resourceSpans or resourceLogs)",
            )
        for path, item in _walk(request, SPAN_KEYS, source, where):
            spans.append(_span(item, source, path))
        for path, item in _walk(request, LOG_KEYS, source, where):
            logs.append(_log(item, source, path))
    return Otlp(tuple(spans), tuple(logs), unreadable, damage, skipped)


def is_span_record(record: object) -> TypeGuard[Mapping[str, Any]]:
    """A line of the OpenTelemetry JS SDK's span records (GitHub Copilot's file export):
    ``{"type": "span", "spanId", "startTime": [s, ns], "attributes": {...}}``, or one of its
    ``metric`` or ``log`` lines."""
    return isinstance(record, Mapping) and record.get("type") in _RECORD_TYPES


def _record_span(record: Mapping[str, Any], source: str, where: str) -> Span:
    """A span record: plain attributes, times as [seconds, nanoseconds]."""
    status = record.get("status") or {}
    attrs = record.get("attributes") or {}
    if not isinstance(status, Mapping) or not isinstance(attrs, Mapping):
        raise TraceError(source, where, "status, attributes: expected objects")
    events = []
    for index, event in enumerate(_objects(record.get("events"), source, f"{where}.events")):
        at = f"{where}.events[{index}]"
        event_attrs = event.get("attributes") or {}
        if not isinstance(event_attrs, Mapping):
            raise TraceError(source, at, "attributes: expected an object")
        time = _hrtime(event.get("time", event.get("timestamp")), source, f"{at}.time")
        events.append(SpanEvent(at, time, _text(event, "name", source, at), dict(event_attrs)))
    message = status.get("message", "")
    return Span(
        where,
        _text(record, "spanId", source, where),
        _text(record, "name", source, where),
        _hrtime(record.get("startTime"), source, f"{where}.startTime"),
        _hrtime(record.get("endTime"), source, f"{where}.endTime"),
        dict(attrs),
        tuple(events),
        status.get("code") in _ERROR_CODES,
        message if isinstance(message, str) else "",
    )


def _hrtime(value: object, source: str, where: str) -> int:
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return int(value[0]) * 10**9 + int(value[1])
    raise TraceError(source, where, f"expected [seconds, nanoseconds], found {json_kind(value)}")


def _requests(
    data: bytes, source: str
) -> tuple[list[tuple[str, Mapping[str, Any]]], int, TraceError | None]:
    """The export requests of the file, each with where it starts, and the damaged lines.
    One JSON document is one request; else, when some line holds a whole request, the file
    is JSON lines (a line that is not JSON is blanked and counted); else the document's
    own parse error is the answer."""
    try:
        doc = parse_json(data, source, "line 1")
    except TraceError as exc:
        if not any(_whole_request(line) for line in data.split(b"\n")):
            raise exc from None
    else:
        if not isinstance(doc, Mapping):
            raise TraceError(source, "line 1", f"not OTLP JSON: found {json_kind(doc)}")
        return [("line 1", doc)], 0, None
    damage = drop_damaged_lines(data, source)
    requests: list[tuple[str, Mapping[str, Any]]] = []
    for number, raw in enumerate(damage.data.split(b"\n"), start=1):
        for record in line_records(raw, source, f"line {number}"):
            if not isinstance(record, Mapping):
                raise TraceError(
                    source, f"line {number}", "not OTLP JSON (an OpenTelemetry export request)"
                )
            requests.append((f"line {number}", record))
    return requests, damage.lines, damage.first


def _whole_request(line: bytes) -> bool:
    try:
        records = line_records(line, "", "")
    except TraceError:
        return False
    return len(records) >= 1 and all(is_otlp(r) or is_span_record(r) for r in records)


def _walk(
    request: Mapping[str, Any], keys: _Keys, source: str, where: str
) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each object three lists deep (resource, scope, item), with its path."""
    outer = _named(request, keys[0])
    for i, resource in enumerate(_objects(request.get(outer), source, f"{where}: {outer}")):
        middle = _named(resource, keys[1])
        path = f"{where}: {outer}[{i}].{middle}"
        for j, scope in enumerate(_objects(resource.get(middle), source, path)):
            at = f"{path}[{j}].{keys[2][0]}"
            for k, item in enumerate(_objects(scope.get(keys[2][0]), source, at)):
                yield f"{at}[{k}]", item


def _named(obj: Mapping[str, Any], names: tuple[str, ...]) -> str:
    """The first of ``names`` the object has (else the first): OTLP's own key, or the
    older or a backend's spelling of it."""
    return next((name for name in names if name in obj), names[0])


def _objects(value: object, source: str, where: str) -> list[Mapping[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, Mapping) for item in value):
        raise TraceError(source, where, f"expected a list of objects, found {json_kind(value)}")
    return value


def _span(span: Mapping[str, Any], source: str, where: str) -> Span:
    status = span.get("status") or {}
    if not isinstance(status, Mapping):
        raise TraceError(source, where, f"status: expected an object, found {json_kind(status)}")
    message = status.get("message", "")
    events = tuple(
        SpanEvent(
            f"{where}.events[{index}]",
            _nanos(event, "timeUnixNano", source, f"{where}.events[{index}]"),
            _text(event, "name", source, f"{where}.events[{index}]"),
            attributes(event.get("attributes"), source, f"{where}.events[{index}]"),
        )
        for index, event in enumerate(_objects(span.get("events"), source, f"{where}.events"))
    )
    return Span(
        where,
        _text(span, "spanId", source, where),
        _text(span, "name", source, where),
        _nanos(span, "startTimeUnixNano", source, where),
        _nanos(span, "endTimeUnixNano", source, where),
        attributes(span.get("attributes"), source, where),
        events,
        status.get("code") in _ERROR_CODES,
        message if isinstance(message, str) else "",
    )


def _log(record: Mapping[str, Any], source: str, where: str) -> LogRecord:
    attrs = attributes(record.get("attributes"), source, where)
    name = record.get("eventName") or attrs.get("event.name") or ""
    if not isinstance(name, str):
        raise TraceError(source, where, f"eventName: expected a string, found {json_kind(name)}")
    time = _nanos(record, "timeUnixNano", source, where, required=False)
    observed = _nanos(record, "observedTimeUnixNano", source, where, required=False)
    span_id = record.get("spanId", "")
    if not isinstance(span_id, str):
        raise TraceError(source, where, f"spanId: expected a string, found {json_kind(span_id)}")
    body = record.get("body")
    return LogRecord(
        where,
        time or observed,
        span_id,
        name,
        attrs,
        None if body is None else any_value(body, source, f"{where}.body"),
    )


def attributes(value: object, source: str, where: str) -> dict[str, Any]:
    """An OTLP attribute list as a plain object; a key given twice is refused."""
    found: dict[str, Any] = {}
    for index, pair in enumerate(_objects(value, source, f"{where}.attributes")):
        at = f"{where}.attributes[{index}]"
        key = pair.get("key")
        if not isinstance(key, str):
            raise TraceError(source, at, f"key: expected a string, found {json_kind(key)}")
        if key in found:
            raise TraceError(source, at, "key: given twice in one attribute list")
        found[key] = any_value(pair.get("value"), source, f"{at}.value")
    return found


def any_value(value: object, source: str, where: str) -> Any:
    """An OTLP ``AnyValue`` as a plain JSON value (an empty one is null)."""
    if value is None:
        return None
    if not isinstance(value, Mapping) or len(value) > 1:
        raise TraceError(source, where, "expected an AnyValue object with one value")
    if not value:
        return None
    ((kind, inner),) = value.items()
    if kind in _SCALARS:
        if not isinstance(inner, _SCALARS[kind]) or (kind == "doubleValue" and inner is True):
            raise TraceError(source, where, f"{kind}: found {json_kind(inner)}")
        return inner
    if kind == "intValue":
        return _integer(inner, source, f"{where}.intValue")
    if kind == "bytesValue" and isinstance(inner, str):
        return inner
    if kind == "arrayValue" and isinstance(inner, Mapping):
        items = inner.get("values") or []
        if not isinstance(items, list):
            raise TraceError(source, where, "arrayValue.values: expected a list")
        return [
            any_value(item, source, f"{where}.arrayValue.values[{i}]")
            for i, item in enumerate(items)
        ]
    if kind == "kvlistValue" and isinstance(inner, Mapping):
        return attributes(inner.get("values") or [], source, f"{where}.kvlistValue")
    raise TraceError(source, where, "not an AnyValue kind sakshi knows")


def _integer(value: object, source: str, where: str) -> int:
    # The protocol's JSON writes 64-bit integers as strings; either form is read.
    if type(value) is int:
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit() and value.isascii():
        return int(value)
    raise TraceError(source, where, f"expected an integer, found {json_kind(value)}")


def _nanos(
    obj: Mapping[str, Any], key: str, source: str, where: str, *, required: bool = True
) -> int:
    value = obj.get(key)
    if value is None and not required:
        return 0
    if value is None:
        raise TraceError(source, where, f"{key}: missing (a span's times order its calls)")
    return _integer(value, source, f"{where}.{key}")


def _text(obj: Mapping[str, Any], key: str, source: str, where: str) -> str:
    value = obj.get(key, "")
    if not isinstance(value, str):
        raise TraceError(source, where, f"{key}: expected a string, found {json_kind(value)}")
    return value
