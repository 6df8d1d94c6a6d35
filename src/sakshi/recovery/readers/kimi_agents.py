"""Kimi Code's sub-agents' own logs, placed under the call that ran each (``kimi_cli``).
Pure: what the reader saw in, events out.

Kimi Code writes each sub-agent's wire log apart (``agents/<agent>/wire.jsonl``), opening
with its own ``metadata`` record (``created_at``, milliseconds). Its calls are part of the
run (SPEC 5), and where they stand matters: a sub-agent's read placed after the main
agent's later reads could make a chain that never happened. So the logs put after the main
one in a trace are each read where the sub-agent ran: right after the main log's ``Agent``
(or ``AgentSwarm``) call whose run holds the log's ``created_at`` (from the call's record
to its result's), before that call's result. A log no such call ran (or that two calls
running at once could have run) is an error naming its line, and so is a main log's
``Agent`` call that succeeded with no log of its sub-agent in the trace: a run is never
judged without its sub-agents' calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sakshi.recovery.model import Event, ToolCall, ToolResult
from sakshi.recovery.readers.common import TraceError

__all__ = ["AGENT_TOOLS", "AgentRuns"]

# The Kimi Code tools that run sub-agents, lower-cased as calls are.
AGENT_TOOLS = ("agent", "agentswarm")


@dataclass
class _Run:
    """One ``Agent`` call of the main log: where it stands, and when it ran."""

    call_id: str
    where: str
    start: int | None
    end: int | None = None
    failed: bool = False
    logs: list[int] = field(default_factory=list)  # the sub-agents' logs it ran


@dataclass
class _Log:
    """A log after the main one: where its events start, when it opened, its line."""

    start: int
    created: int | None
    where: str


@dataclass
class AgentRuns:
    """The main log's sub-agent calls and the logs after it, as the reader meets them."""

    source: str
    runs: dict[str, _Run] = field(default_factory=dict)
    logs: list[_Log] = field(default_factory=list)

    def log(self, start: int, created: object, where: str) -> None:
        """A log opens (its metadata record) at event ``start``; the first is the main."""
        self.logs.append(_Log(start, created if type(created) is int else None, where))

    def saw(self, events: list[Event], time: object, where: str) -> None:
        """What one Kimi Code record gave (``time``: its record's)."""
        for event in events:
            if isinstance(event, ToolCall):
                self.call(event.call_id, event.tool, time, where)
            elif isinstance(event, ToolResult):
                self.result(event.call_id, time, event.is_error)

    def call(self, call_id: str, tool: str, time: object, where: str) -> None:
        """A call of the main log: one that runs a sub-agent is kept."""
        if len(self.logs) <= 1 and tool in AGENT_TOOLS:
            self.runs[call_id] = _Run(call_id, where, time if type(time) is int else None)

    def result(self, call_id: str, time: object, failed: bool) -> None:
        run = self.runs.get(call_id)
        if run is not None and len(self.logs) <= 1:
            run.end = time if type(time) is int else None
            run.failed = failed

    def place(self, events: list[Event]) -> list[Event]:
        """The events with each sub-agent's log moved under the call that ran it."""
        if len(self.logs) <= 1 and not self.runs:
            return events
        bounds = [log.start for log in self.logs[1:]] + [len(events)]
        for number, log in enumerate(self.logs[1:], 1):
            self._owner(log).logs.append(number)
        for run in self.runs.values():
            if not run.logs and not run.failed and run.end is not None:
                raise TraceError(
                    self.source,
                    run.where,
                    "event.toolCallId: the sub-agent this call ran wrote its own log "
                    "(agents/<agent>/wire.jsonl), not in this trace: put it after the main log",
                )
        main_end = bounds[0] if len(self.logs) > 1 else len(events)
        placed: list[Event] = []
        owners = {run.call_id: run for run in self.runs.values()}
        for event in events[:main_end]:
            if isinstance(event, ToolResult) and event.call_id in owners:
                for number in owners.pop(event.call_id).logs:
                    placed.extend(events[self.logs[number].start : bounds[number]])
            placed.append(event)
        for run in owners.values():  # a call still running at the end: its logs last
            for number in run.logs:
                placed.extend(events[self.logs[number].start : bounds[number]])
        return placed

    def _owner(self, log: _Log) -> _Run:
        """The one call whose run holds the log's opening."""
        found = [
            run
            for run in self.runs.values()
            if log.created is not None
            and run.start is not None
            and run.start <= log.created <= (run.end if run.end is not None else log.created)
        ]
        if len(found) != 1:
            why = "no Agent call of the main log" if not found else "more than one Agent call"
            raise TraceError(
                self.source,
                log.where,
                f"created_at: a sub-agent's log that {why} ran while it opened",
            )
        return found[0]
