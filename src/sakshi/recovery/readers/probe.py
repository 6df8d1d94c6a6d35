"""Merges a run folder's ``probe.json`` (harness events, SPEC section 5) into its trace.

``probe.json`` is ``{"events": [...]}``, written by the harness that ran the agent (the
live lane's probe in pi_agent.py, or a recorder): each event has an ``event`` name and the
``after_call_id`` of the tool call it follows, plus its own fields (``path``, ``verified``,
``handle``, ...).
"""

from __future__ import annotations

from collections.abc import Mapping

from sakshi.recovery.model import Event, Harness, ToolCall, ToolResult, Trace
from sakshi.recovery.readers.common import TraceError, json_kind, need_str, parse_json

__all__ = ["merge_probe", "parse_probe"]


def parse_probe(data: bytes, source: str) -> object:
    """``probe.json``'s bytes parsed (UTF-8 JSON), or a TraceError saying why not."""
    return parse_json(data, source, "line 1")


def merge_probe(trace: Trace, probe: object, source: str) -> Trace:
    """Place each probe event right after the result of the call its ``after_call_id``
    names (after the call itself when it has no result). Unknown call ids are an error."""
    if not isinstance(probe, Mapping) or not isinstance(probe.get("events"), list):
        raise TraceError(source, "events", 'expected {"events": [...]}')
    anchors = _anchors(trace)
    inserts: dict[int, list[Event]] = {}
    for number, raw in enumerate(probe["events"]):
        where = f"events[{number}]"
        if not isinstance(raw, Mapping):
            raise TraceError(source, where, f"expected an object, found {json_kind(raw)}")
        name = need_str(raw, "event", source, where)
        after = need_str(raw, "after_call_id", source, where)
        if after not in anchors:
            raise TraceError(source, f"{where}.after_call_id", "names no tool call of the trace")
        fields = {k: v for k, v in raw.items() if k not in ("event", "after_call_id")}
        inserts.setdefault(anchors[after], []).append(Harness(name, fields, after))
    merged: list[Event] = []
    for index, event in enumerate(trace.events):
        merged.append(event)
        merged.extend(inserts.get(index, []))
    return Trace(tuple(merged), trace.source_format)


def _anchors(trace: Trace) -> dict[str, int]:
    """For each call id, the index of its first result (of the call itself when unanswered)."""
    anchors: dict[str, int] = {}
    answered: set[str] = set()
    for index, event in enumerate(trace.events):
        if isinstance(event, ToolCall):
            anchors.setdefault(event.call_id, index)
        elif (
            isinstance(event, ToolResult)
            and event.call_id in anchors
            and event.call_id not in answered
        ):
            anchors[event.call_id] = index
            answered.add(event.call_id)
    return anchors
