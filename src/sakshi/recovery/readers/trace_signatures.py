"""What the production-trace formats look like, for ``detect_format`` (signatures.py
holds the agents' formats and the choice itself). Pure: parsed JSON in, a refusal or
None (it fits) out. The marks:

  otel           OTLP JSON (one request, or one a line; or the JS SDK's span records, one
                 a line) with a ``gen_ai.*`` attribute or event and no OpenInference span
  openinference  OTLP JSON with OpenInference spans (``openinference.span.kind``) and
                 no GenAI ``execute_tool`` span
  langfuse       observations (``data``, a trace's ``observations``, or a bare list),
                 every one with a Langfuse observation type, a ``traceId`` and a
                 ``startTime``

A file with both OpenInference spans and GenAI ``execute_tool`` spans fits neither: the
message says so, and ``--trace-format`` names the one to read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sakshi.recovery.readers.common import one_of
from sakshi.recovery.readers.langfuse import OBSERVATION_TYPES, observations
from sakshi.recovery.readers.otlp import is_otlp, is_span_record
from sakshi.recovery.readers.otlp_marks import otlp_marks

__all__ = ["TRACE_DOCUMENT_RULES", "TRACE_LINE_RULES"]


def _otel_verdict(requests: list[object]) -> str | None:
    marks = otlp_marks(requests)
    if marks.openinference:
        return "OpenInference spans (openinference.span.kind)"
    return None if marks.genai else "no GenAI span or event (gen_ai.operation.name, gen_ai.*)"


def _openinference_verdict(requests: list[object]) -> str | None:
    marks = otlp_marks(requests)
    if marks.execute_tool:
        return "GenAI execute_tool spans"
    return None if marks.openinference else "no span with openinference.span.kind"


def _otlp_lines(first: object, valid: list[dict[str, Any]]) -> list[object] | None:
    """The requests of an OTLP JSONL file (one a line, two or more), or None."""
    if len(valid) < 2 or valid[0] is not first:
        return None
    if not all(is_otlp(record) or is_span_record(record) for record in valid):
        return None
    if all(is_span_record(record) for record in valid) and not any(
        record.get("type") == "span" for record in valid
    ):
        return None
    return list(valid)


def _otel_lines(first: object, valid: list[dict[str, Any]]) -> str | None:
    requests = _otlp_lines(first, valid)
    return "not OTLP JSON lines" if requests is None else _otel_verdict(requests)


def _openinference_lines(first: object, valid: list[dict[str, Any]]) -> str | None:
    requests = _otlp_lines(first, valid)
    return "not OTLP JSON lines" if requests is None else _openinference_verdict(requests)


def _otel(doc: object) -> str | None:
    return _otel_verdict([doc]) if is_otlp(doc) else "not an OTLP request (resourceSpans)"


def _openinference(doc: object) -> str | None:
    return _openinference_verdict([doc]) if is_otlp(doc) else "not an OTLP request (resourceSpans)"


def _langfuse(doc: object) -> str | None:
    found = observations(doc)
    if found is None or not found[1]:
        return "no list of observations (data, observations or a bare list)"
    if all(map(_observation, found[1])):
        return None
    return "an item is not a Langfuse observation (type, traceId, startTime)"


def _observation(item: object) -> bool:
    return (
        isinstance(item, Mapping)
        and one_of(item.get("type"), OBSERVATION_TYPES)
        and isinstance(item.get("traceId"), str)
        and isinstance(item.get("startTime"), str)
    )


# OTLP as JSON lines (the Collector's file exporter): the same names as the document
# rules, so each format is judged once, by the lines when the file is not one document.
TRACE_LINE_RULES: Mapping[str, Callable[[object, list[dict[str, Any]]], str | None]] = {
    "otel": _otel_lines,
    "openinference": _openinference_lines,
}
TRACE_DOCUMENT_RULES: Mapping[str, Callable[[object], str | None]] = {
    "otel": _otel,
    "openinference": _openinference,
    "langfuse": _langfuse,
}
