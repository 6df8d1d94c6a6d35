"""The recovery lane's shell: run folders in, validated case results out.

A run folder holds the trace (``trace.jsonl``, ``trace.json`` or a single Pi session
``*.jsonl``), ``case.json`` (``{"case_id": ...}``) and optionally ``probe.json``. A
missing ``case.json`` or an unknown case id stops the run (exit 2). Anything else that
goes wrong with one run is that run's ``error`` with TRACE_MALFORMED, and the other runs
are judged as usual: a trace or probe that cannot be read (not a regular file, not UTF-8,
not JSON, nested too deeply, permission denied), and even a failure of the validator on a
trace it did not expect. One bad record never loses the whole report.

What a record carries into a report is content-free: the run folder's name as
``run_label`` escapes it (no control character can forge a row of a text or JUnit report),
tool names as the validator shows them (only known tools; any other is ``other``) and
through the corpus's ``FactScreen`` (a name holding any case's fact is ``other`` too),
and the count of what the reader ``skipped`` on purpose.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from sakshi.errors import InputError
from sakshi.inputs import FileRefused, Refusal, read_json, read_regular
from sakshi.recovery.beside import sessions_beside
from sakshi.recovery.corpus import Case, Corpus, FactScreen, shown_tool_names
from sakshi.recovery.model import Trace
from sakshi.recovery.readers import TraceError, merge_probe, parse_probe, read_counted
from sakshi.recovery.readers.doc_lines import placed
from sakshi.recovery.validate import CaseResult, Status, malformed_result, validate

__all__ = [
    "RunBytes",
    "RunRecord",
    "discover_runs",
    "judge_run",
    "run_folder",
    "run_label",
    "shown_run",
    "trace_file",
    "uncaptured_note",
]

MAX_TRACE_BYTES = 512 * 1024 * 1024
MAX_PROBE_BYTES = 64 * 1024 * 1024

# Categories escaped in a run's label: controls, format characters (zero-width, bidi
# overrides), line and paragraph separators, surrogates, private use and unassigned.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


@dataclass(frozen=True)
class RunRecord:
    """One run folder's outcome: its label (``run_label``), its case id and the result."""

    run: str
    case_id: str
    result: CaseResult
    error: str | None = None  # why the trace could not be read: for stderr, never a report


def run_label(name: str) -> str:
    """A run folder's name as every output shows it, one line of visible text: a
    backslash is doubled, a byte the file system name did not decode (a lone surrogate from
    ``surrogateescape``) is ``\\xNN``, and a control, format or separator character is
    ``\\uNNNN`` (``\\UNNNNNNNN`` past the BMP). Names of letters, digits and punctuation
    are unchanged."""
    out = []
    for char in name:
        code = ord(char)
        if char == "\\":
            out.append("\\\\")
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif unicodedata.category(char) in _ESCAPED_CATEGORIES:
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)


def _visible(char: str) -> bool:
    return unicodedata.category(char) not in _ESCAPED_CATEGORIES


def shown_run(name: str) -> str:
    """A record's run name as a report shows it: unchanged when every character is visible
    (as ``run_label`` leaves it), else ``run_label`` of it. For records made elsewhere."""
    return name if all(map(_visible, name)) else run_label(name)


def discover_runs(runs_dir: Path) -> list[Path]:
    """The run folders: ``runs_dir`` itself when it holds ``case.json``, else its
    sub-folders (not hidden), sorted by name."""
    if not runs_dir.is_dir():
        raise InputError(run_label(str(runs_dir)), None, "not a folder of runs")
    if (runs_dir / "case.json").exists():
        return [runs_dir]
    runs = sorted(
        (
            entry
            for entry in runs_dir.iterdir()
            if entry.is_dir() and not entry.name.startswith(".") and not _is_report_folder(entry)
        ),
        key=lambda folder: folder.name,
    )
    if not runs:
        raise InputError(run_label(str(runs_dir)), None, "no run folders found")
    return runs


def _is_report_folder(path: Path) -> bool:
    # `run recovery` run inside RUNS_DIR writes its default report under ./reports/; that
    # folder holds reports, not a run, and must not turn the next run into an error.
    return path.name == "reports" and not (path / "case.json").exists()


def _case_id(folder: Path) -> str:
    path = folder / "case.json"
    label = run_label(str(path))
    if not path.is_file():
        raise InputError(
            run_label(str(folder)), "case.json", "missing; a run folder names its case in case.json"
        )
    data, _ = read_json(path, label)
    case_id = data.get("case_id") if isinstance(data, dict) else None
    if not isinstance(case_id, str) or not case_id:
        raise InputError(label, "case_id", "expected a non-empty string")
    return case_id


def trace_file(folder: Path) -> Path:
    """trace.jsonl, else trace.json, else the folder's single ``*.jsonl`` (a Pi session).

    A ``trace.jsonl`` or ``trace.json`` that is there but is no regular file (a folder, a
    FIFO, a dangling link) is still the trace: reading it says what is wrong with it."""
    for name in ("trace.jsonl", "trace.json"):
        if os.path.lexists(folder / name):
            return folder / name
    sessions = sorted(path for path in folder.glob("*.jsonl") if path.is_file())
    if len(sessions) == 1:
        return sessions[0]
    raise InputError(
        run_label(str(folder)),
        None,
        f"expected trace.jsonl, trace.json or one *.jsonl session; found {len(sessions)} sessions",
    )


def _read_regular(path: Path, label: str, limit: int) -> bytes:
    """The bytes of a regular file, at most ``limit``; anything else is a TraceError that
    names the file and says what it is (a folder, a FIFO or device, too big, unreadable).
    Opened without blocking, so a FIFO is refused rather than waited on."""
    try:
        return read_regular(path, limit)
    except FileRefused as refused:
        raise TraceError(label, None, _refusal_problem(refused, limit)) from None


def _refusal_problem(refused: FileRefused, limit: int) -> str:
    """The lane's own words for why a run's file was not read."""
    if refused.reason is Refusal.MISSING:
        return "cannot read: no such file"
    if refused.reason is Refusal.FOLDER:
        return "is a folder, not a file"
    if refused.reason is Refusal.NOT_REGULAR:
        return "not a regular file (a FIFO, device or socket)"
    if refused.reason is Refusal.TOO_BIG:
        grew = refused.size is None  # the file grew while it was read
        return f"more than {limit} bytes" if grew else f"{refused.size} bytes; the limit is {limit}"
    return f"cannot read: {refused.os_reason.lower()}"


@dataclass(frozen=True)
class _Run:
    """What one run folder's files say: the trace (probe events merged in) and the count
    of records the reader skipped on purpose."""

    trace: Trace
    skipped: int
    unreadable: int = 0
    damage: str | None = None  # the first unreadable line: where and why, never what
    uncaptured: int = 0  # calls or results recorded without their content


@dataclass(frozen=True)
class RunBytes:
    """A run's evidence as bytes, whoever read them: the trace and, when there is one, the
    probe, each with the label its messages name it by."""

    trace: bytes
    trace_label: str
    probe: bytes | None = None
    probe_label: str = "probe.json"


def _parse_run(evidence: RunBytes, trace_format: str | None) -> _Run:
    """The trace read and the probe merged in; a TraceError names the file at fault."""
    reading = read_counted(evidence.trace, evidence.trace_label, trace_format)
    trace = reading.trace
    if evidence.probe is not None:
        try:
            probe_data = parse_probe(evidence.probe, evidence.probe_label)
            trace = merge_probe(trace, probe_data, evidence.probe_label)
        except TraceError as exc:
            raise placed(exc, evidence.probe) from None  # events[2]: and its line
    damage = None if reading.damage is None else str(reading.damage)
    return _Run(trace, reading.skipped, reading.unreadable, damage, reading.uncaptured)


def _read_run(folder: Path, trace_format: str | None) -> _Run:
    """The run folder's trace and probe, read and merged; a TraceError names the file at
    fault."""
    try:
        path = trace_file(folder)
    except InputError as exc:
        # No trace to read is a trace that cannot be read: status error, TRACE_MALFORMED.
        raise TraceError(exc.source, exc.key, exc.problem) from None
    label = run_label(str(path))
    trace = _read_regular(path, label, MAX_TRACE_BYTES)
    beside = sessions_beside(folder, path, trace, trace_format)
    if beside is not None:
        raise TraceError(run_label(str(folder)), None, beside)
    probe = folder / "probe.json"
    if not os.path.lexists(probe):
        return _parse_run(RunBytes(trace, label), trace_format)
    # A probe that is there but cannot be read is named, never taken as no probe.
    probe_label = run_label(str(probe))
    probe_bytes = _read_regular(probe, probe_label, MAX_PROBE_BYTES)
    return _parse_run(RunBytes(trace, label, probe_bytes, probe_label), trace_format)


def _judge(case: Case, run: _Run, screen: FactScreen) -> CaseResult:
    """The validator's result, made fit for a report: tool names through the fact screen,
    and the count of skipped records beside the validator's counts."""
    result = validate(case, run.trace)
    counts = {**result.counts, "skipped": run.skipped}
    if run.unreadable:
        # What was read is counted, but a trace with lines nobody could read proves
        # nothing whatever the rest says: error, never pass (SPEC 5).
        counts["lines_unreadable"] = run.unreadable
        result = replace(malformed_result(), evidence=result.evidence)
    elif run.uncaptured:
        # A tracing tool recorded calls without their arguments or results (its content
        # capture was off): what the agent read is not known, so neither is the verdict.
        counts["content_not_captured"] = run.uncaptured
        result = replace(result, status=Status.UNKNOWN, reasons=(), strategy_pass=False)
    return replace(result, tool_names=shown_tool_names(result.tool_names, screen), counts=counts)


def _record(name: str, case: Case, run: _Run, screen: FactScreen) -> RunRecord:
    try:
        result = _judge(case, run, screen)
    except Exception as exc:  # noqa: BLE001 - one run's failure must not lose the others
        # The validator met a trace it did not expect. This is never a pass: the run is an
        # error (the whole run exits 2) and the message says so; the other runs go on.
        problem = f"the validator could not judge this trace ({type(exc).__name__})"
        return RunRecord(name, case.id, malformed_result(), f"{name}: {problem}")
    if run.unreadable:
        lines = "line" if run.unreadable == 1 else "lines"
        problem = f"{run.damage} ({run.unreadable} {lines} of the trace could not be read)"
        return RunRecord(name, case.id, result, problem)
    if result.status is Status.ERROR:
        # Read whole, but it contradicts itself (the validator's check): never silent.
        problem = "a call_id is used by two calls, or a call is answered twice"
        return RunRecord(name, case.id, result, f"{name}: {problem}")
    if run.uncaptured:
        return RunRecord(name, case.id, result, f"{name}: {uncaptured_note(run.uncaptured)}")
    return RunRecord(name, case.id, result)


def uncaptured_note(count: int) -> str:
    """Why a run is ``unknown``: its trace holds calls or results without their content."""
    things = "call or result" if count == 1 else "calls or results"
    return (
        f"unknown: {count} tool {things} recorded without arguments or result text (the "
        "tracing tool's content capture was off); record them to grade this run"
    )


def run_folder(folder: Path, corpus: Corpus, trace_format: str | None = None) -> RunRecord:
    """Validate one run folder against its corpus case."""
    case_id = _case_id(folder)
    case = corpus.cases.get(case_id)
    if case is None:
        raise InputError(
            run_label(str(folder / "case.json")),
            "case_id",
            f"{case_id!r} is not a case of the corpus",
        )
    screen = FactScreen.of(corpus)
    name = screen.shown(run_label(folder.name))
    try:
        run = _read_run(folder, trace_format)
    except TraceError as exc:
        return RunRecord(name, case_id, malformed_result(), str(exc))
    return _record(name, case, run, screen)


def judge_run(
    run_name: str, case: Case, corpus: Corpus, evidence: RunBytes, trace_format: str | None
) -> RunRecord:
    """Validate one run from bytes already in hand (the live lane's sealed evidence), so
    nothing on disk can stand in for them between sealing and the verdict."""
    screen = FactScreen.of(corpus)
    name = screen.shown(run_label(run_name))
    try:
        run = _parse_run(evidence, trace_format)
    except TraceError as exc:
        return RunRecord(name, case.id, malformed_result(), str(exc))
    return _record(name, case, run, screen)
