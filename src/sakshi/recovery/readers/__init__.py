"""Readers: trace files in, the normalised model out. One module per agent format:

  common.py        TraceError, JSONL lines, the checks every reader shares
  texts.py         a message content's text, as each format writes its parts
  twice.py         the line (or element) of a second call of one id, or a second result
  sakshi_trace.py  ``sakshi``     sakshi.trace.v1 JSONL (sakshi's own normalised trace)
  pi.py            ``pi``         Pi coding-agent sessions, versions 1-3 (a v2/v3 session
                                  is a tree; the path from the root to the newest entry;
                                  pi_names.py: the entry types, roles and blocks of Pi
                                  1.x and its forks that carry no tool event)
  claude_code.py   ``claude``     Claude Code JSONL transcripts (side chains and a Task
                                  sub-agent's ``agent_progress`` steps are read too)
  openai.py        ``openai``     OpenAI Chat Completions message lists, or one response
  anthropic.py     ``anthropic``  Anthropic Messages lists, or one Message object (client,
                                  server and MCP tool blocks; anthropic_server.py reads the
                                  latter two)
  openai_responses.py  ``openai-responses``  OpenAI Responses API items (request input,
                                  Response output, or a bare list; responses_items.py,
                                  responses_builtins.py and responses_walk.py read items)
  codex_cli.py     ``codex-cli``  OpenAI Codex CLI rollouts (rollout-*.jsonl)
  gemini_cli.py    ``gemini-cli`` Gemini CLI chat sessions (session-*.json)
  gemini_api.py    ``gemini-api`` Gemini API generateContent bodies as recorded (request,
                                  response, both, or streamed chunks; gemini_parts.py
                                  reads the parts)
  gemini_jsonl.py  ``gemini-cli-jsonl``  Gemini CLI's JSONL chat sessions (session-*.jsonl)
  gemini_stream.py ``gemini-stream-json``  Gemini CLI's --output-format stream-json output
  copilot_cli.py   ``copilot-cli`` GitHub Copilot CLI session events (events.jsonl;
                                  copilot_events.py: the event types with no tool event)
  opencode.py      ``opencode``   OpenCode sessions (``opencode export``: messages, parts)
  cline.py         ``cline``      Cline task histories (a text-only tool result is refused:
                                  it names no call, so it cannot be certified)
  cline_ui.py      ``cline-ui``   Cline's UI messages (ui_messages.json)
  openhands.py     ``openhands``  OpenHands trajectories (the saved event stream)
  swe_agent.py     ``swe-agent``  SWE-agent trajectories (.traj: each step a bash call)
  mini_swe_agent.py  ``mini-swe-agent``  mini-swe-agent trajectories (.traj.json)
  kimi_cli.py      ``kimi-cli``   Kimi Code CLI wire logs (wire.jsonl), the Python CLI's and
                                  Kimi Code's, and its context.jsonl (kimi_names.py,
                                  kimi_parts.py; kimi_agents.py: each sub-agent's own log
                                  placed under the call that ran it)
  otel_genai.py    ``otel``       OpenTelemetry GenAI spans and events as OTLP JSON (otlp.py
                                  reads OTLP, genai_messages.py the message forms,
                                  span_ledger.py pairs calls and results by call id)
  openinference.py ``openinference``  OpenInference spans (Arize Phoenix) as OTLP JSON
  langfuse.py      ``langfuse``   Langfuse observation exports (the public API's JSON)
  detect.py        the format told from the content (signatures.py: each format's rule;
                                  trace_signatures.py: the production traces')
  probe.py         probe.json's harness events merged into a trace

``READERS`` maps each format name to its reader; ``read_trace`` and the CLI's
``--trace-format`` choices both come from it, so a new format is a new module and one
entry here (and its rule in ``signatures.py``). A reader that meets something it does not
understand raises ``TraceError`` with the line number and the field, never a value of the
trace; it never guesses. What it recognises and passes over on purpose it counts
(``read_counted``; the report shows it as the ``skipped`` count). Two JSON records glued
on one line are two records in every JSONL reader; a line that is not JSON at all is
blanked and counted (``Reading.unreadable``), the rest is read, and the lane makes the run
an error with ``lines_unreadable`` in its counts. Calls and results a production trace
recorded without their content are counted (``Reading.uncaptured``), and the lane makes
the run ``unknown``. Readers take bytes, never a path: no file, process or terminal
module here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from sakshi.recovery.model import Trace
from sakshi.recovery.readers.anthropic import read_anthropic
from sakshi.recovery.readers.claude_code import read_claude
from sakshi.recovery.readers.cline import read_cline
from sakshi.recovery.readers.cline_ui import read_cline_ui
from sakshi.recovery.readers.codex_cli import read_codex_cli
from sakshi.recovery.readers.common import (
    Damage,
    Reader,
    Reading,
    TraceError,
    drop_damaged_lines,
)
from sakshi.recovery.readers.copilot_cli import read_copilot_cli
from sakshi.recovery.readers.detect import detect_format
from sakshi.recovery.readers.doc_lines import placed
from sakshi.recovery.readers.gemini_api import read_gemini_api
from sakshi.recovery.readers.gemini_cli import read_gemini_cli
from sakshi.recovery.readers.gemini_jsonl import read_gemini_jsonl
from sakshi.recovery.readers.gemini_stream import read_gemini_stream
from sakshi.recovery.readers.kimi_cli import read_kimi_cli
from sakshi.recovery.readers.langfuse import read_langfuse
from sakshi.recovery.readers.mini_swe_agent import read_mini_swe_agent
from sakshi.recovery.readers.openai import read_openai
from sakshi.recovery.readers.openai_responses import read_openai_responses
from sakshi.recovery.readers.opencode import read_opencode
from sakshi.recovery.readers.openhands import read_openhands
from sakshi.recovery.readers.openinference import read_openinference
from sakshi.recovery.readers.otel_genai import read_otel
from sakshi.recovery.readers.pi import read_pi
from sakshi.recovery.readers.probe import merge_probe, parse_probe
from sakshi.recovery.readers.sakshi_trace import read_sakshi
from sakshi.recovery.readers.swe_agent import read_swe_agent
from sakshi.recovery.readers.twice import contradiction, first_element_of, first_line_of

__all__ = [
    "FORMATS",
    "JSONL_FORMATS",
    "READERS",
    "Reader",
    "Reading",
    "TraceError",
    "detect_format",
    "merge_probe",
    "parse_probe",
    "read_anthropic",
    "read_claude",
    "read_cline",
    "read_cline_ui",
    "read_codex_cli",
    "read_copilot_cli",
    "read_counted",
    "read_gemini_api",
    "read_gemini_cli",
    "read_gemini_jsonl",
    "read_gemini_stream",
    "read_kimi_cli",
    "read_langfuse",
    "read_mini_swe_agent",
    "read_openai",
    "read_openai_responses",
    "read_opencode",
    "read_openhands",
    "read_openinference",
    "read_otel",
    "read_pi",
    "read_sakshi",
    "read_swe_agent",
    "read_trace",
]

# Format name -> reader. The order is the order --trace-format lists them in.
READERS: Mapping[str, Reader] = {
    "sakshi": read_sakshi,
    "pi": read_pi,
    "claude": read_claude,
    "openai": read_openai,
    "anthropic": read_anthropic,
    "openai-responses": read_openai_responses,
    "codex-cli": read_codex_cli,
    "gemini-cli": read_gemini_cli,
    "cline": read_cline,
    "gemini-api": read_gemini_api,
    "gemini-cli-jsonl": read_gemini_jsonl,
    "gemini-stream-json": read_gemini_stream,
    "copilot-cli": read_copilot_cli,
    "opencode": read_opencode,
    "cline-ui": read_cline_ui,
    "openhands": read_openhands,
    "swe-agent": read_swe_agent,
    "mini-swe-agent": read_mini_swe_agent,
    "otel": read_otel,
    "openinference": read_openinference,
    "langfuse": read_langfuse,
    "kimi-cli": read_kimi_cli,
}

FORMATS: tuple[str, ...] = tuple(READERS)

# The formats whose files are one JSON record a line: a damaged line is dropped and counted
# (``Reading.unreadable``) instead of losing the whole file.
JSONL_FORMATS = frozenset(
    {
        "sakshi",
        "pi",
        "claude",
        "codex-cli",
        "gemini-cli-jsonl",
        "gemini-stream-json",
        "copilot-cli",
        "kimi-cli",
    }
)


def read_counted(data: bytes, source: str, trace_format: str | None = None) -> Reading:
    """Read a trace in the named format, or the detected one, with the count of what the
    reader passed over on purpose. Whatever goes wrong is a TraceError."""
    if trace_format is not None and trace_format not in READERS:
        raise TraceError(
            source,
            None,
            f"unknown trace format {trace_format!r}; expected one of {', '.join(FORMATS)}",
        )
    try:
        chosen = trace_format or detect_format(data, source)
        try:
            reading = _read(chosen, data, source)
        except TraceError as exc:
            other = None if trace_format is None else _another_format(data, source, chosen)
            if other is not None and f"--trace-format {other}" not in exc.problem:
                raise TraceError(exc.source, exc.key, f"{exc.problem} ({_fits(other)})") from None
            if other is not None:
                raise
            # Which reader refused it: a file taken for one format says so (SPEC 5).
            raise TraceError(exc.source, exc.key, f"{exc.problem} (read as {chosen})") from None
    except RecursionError:
        # parse_json refuses deep nesting itself; this is the net under every other walk.
        raise TraceError(source, None, "nested too deeply to read") from None
    other = None if trace_format is None else _another_format(data, source, chosen)
    if other is not None:
        # Read without a complaint, but the file is another agent's: its records could
        # all have been passed over as bookkeeping, in silence (SPEC 5).
        raise TraceError(source, "line 1", f"not a {chosen} trace: {_fits(other)}")
    return reading


def _read(chosen: str, data: bytes, source: str) -> Reading:
    if chosen not in JSONL_FORMATS:
        try:
            reading = READERS[chosen](data, source)
        except TraceError as exc:
            # A document reader names the element (messages[3]): say its line too.
            raise placed(exc, data) from None
        problem = contradiction(reading.trace)
        if problem is not None:
            where = first_element_of(lambda part: READERS[chosen](part, source).trace, data)
            if where is not None:  # else the validator refuses it, saying why but not where
                raise placed(TraceError(source, where, problem), data)
        return reading
    # One damaged line does not throw the file away: the rest is read, the damage is
    # counted, and the lane makes such a run an error, never a pass (SPEC 5).
    damage = drop_damaged_lines(data, source)
    reading, lost, read_data = _read_past_damage(chosen, damage, source)
    problem = contradiction(reading.trace)
    if problem is not None:
        # One call answered twice (or one id used by two calls): the validator would refuse
        # the run whole; the reader can say which line did it (SPEC 5: file, line, field).
        def prefix(part: bytes) -> Trace:
            return _read_jsonl(chosen, part, source, damage.numbers).trace

        raise TraceError(source, f"line {first_line_of(prefix, read_data)}", problem)
    return replace(reading, unreadable=damage.lines + lost, damage=damage.first)


def _read_jsonl(chosen: str, data: bytes, source: str, damaged: Collection[int]) -> Reading:
    if chosen == "pi":
        return read_pi(data, source, damaged)
    return READERS[chosen](data, source)


# How many more lines a damaged file may lose to its damage (a result whose call was on a
# damaged line, a step whose parent was) before it is refused whole.
_DAMAGE_REACH = 64


def _read_past_damage(chosen: str, damage: Damage, source: str) -> tuple[Reading, int, bytes]:
    """A JSONL file read with its damaged lines blanked, and how many more lines the damage
    took with it, and the bytes read. One damaged line does not throw the file away (SPEC 5):
    a line that cannot be read without it (a result whose call was on it) is blanked and
    counted too, and the rest is read; the lane makes such a run an error, never a pass."""
    data, lost = damage.data, 0
    while True:
        try:
            return _read_jsonl(chosen, data, source, damage.numbers), lost, data
        except TraceError as exc:
            number = _line_number(exc.key)
            if damage.first is None:
                raise
            lines = data.split(b"\n")
            if number is None or number > len(lines) or lost >= _DAMAGE_REACH:
                raise damage.first from None
            if not lines[number - 1].strip():
                raise damage.first from None  # blanked already: the damage is the cause
            lines[number - 1] = b""
            data, lost = b"\n".join(lines), lost + 1


def _line_number(key: str | None) -> int | None:
    number = key.removeprefix("line ") if key else ""
    return int(number) if number.isdigit() else None


def _another_format(data: bytes, source: str, trace_format: str) -> str | None:
    """The format a file named as ``trace_format`` fits instead, beyond doubt: only one that
    detection tells alone (a file that fits none, or several, is left to the named reader)."""
    try:
        detected = detect_format(data, source)
    except (TraceError, RecursionError):
        return None
    return None if detected == trace_format else detected


def _fits(other: str) -> str:
    return f"it fits {other} alone; name it with --trace-format {other}"


def read_trace(data: bytes, source: str, trace_format: str | None = None) -> Trace:
    """Read a trace in the named format, or the detected one; a damaged line is the
    TraceError of the first one (``read_counted`` reads past them and counts them)."""
    reading = read_counted(data, source, trace_format)
    if reading.damage is not None:
        raise reading.damage
    return reading.trace
