"""The recovery lane's shell: run folders in, validated case results out.

A run folder holds the trace (``trace.jsonl``, ``trace.json`` or a single Pi session
``*.jsonl``), ``case.json`` (``{"case_id": ...}``) and optionally ``probe.json``. A
missing ``case.json`` or an unknown case id stops the run (exit 2); a trace that cannot be
read is that run's ``error`` status with TRACE_MALFORMED.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from sakshi.errors import InputError
from sakshi.inputs.files import read_json
from sakshi.recovery.corpus import Corpus
from sakshi.recovery.readers import TraceError, merge_probe, read_trace
from sakshi.recovery.validate import CaseResult, malformed_result, validate

__all__ = ["RunRecord", "discover_runs", "run_folder"]

MAX_TRACE_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True)
class RunRecord:
    """One run folder's outcome: its name, its case id and the result."""

    run: str
    case_id: str
    result: CaseResult
    error: str | None = None  # why the trace could not be read: for stderr, never a report


def discover_runs(runs_dir: Path) -> list[Path]:
    """The run folders: ``runs_dir`` itself when it holds ``case.json``, else its
    sub-folders (not hidden), sorted by name."""
    if not runs_dir.is_dir():
        raise InputError(str(runs_dir), None, "not a folder of runs")
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
        raise InputError(str(runs_dir), None, "no run folders found")
    return runs


def _is_report_folder(path: Path) -> bool:
    # `run recovery` run inside RUNS_DIR writes its default report under ./reports/; that
    # folder holds reports, not a run, and must not turn the next run into an error.
    return path.name == "reports" and not (path / "case.json").exists()


def _case_id(folder: Path) -> str:
    path = folder / "case.json"
    if not path.is_file():
        raise InputError(
            str(folder), "case.json", "missing; a run folder names its case in case.json"
        )
    data, _ = read_json(path)
    case_id = data.get("case_id") if isinstance(data, dict) else None
    if not isinstance(case_id, str) or not case_id:
        raise InputError(str(path), "case_id", "expected a non-empty string")
    return case_id


def trace_file(folder: Path) -> Path:
    """trace.jsonl, else trace.json, else the folder's single ``*.jsonl`` (a Pi session)."""
    for name in ("trace.jsonl", "trace.json"):
        if (folder / name).is_file():
            return folder / name
    sessions = sorted(path for path in folder.glob("*.jsonl") if path.is_file())
    if len(sessions) == 1:
        return sessions[0]
    found = "none" if not sessions else ", ".join(session.name for session in sessions)
    raise InputError(
        str(folder), None, f"expected trace.jsonl, trace.json or one *.jsonl session; found {found}"
    )


def _read_bytes(path: Path) -> bytes:
    size = path.stat().st_size
    if size > MAX_TRACE_BYTES:
        raise TraceError(str(path), None, f"{size} bytes; the limit is {MAX_TRACE_BYTES}")
    return path.read_bytes()


def run_folder(folder: Path, corpus: Corpus, trace_format: str | None = None) -> RunRecord:
    """Validate one run folder against its corpus case."""
    case_id = _case_id(folder)
    case = corpus.cases.get(case_id)
    if case is None:
        raise InputError(
            str(folder / "case.json"), "case_id", f"{case_id!r} is not a case of the corpus"
        )
    try:
        path = trace_file(folder)
    except InputError as exc:
        # No trace to read is a trace that cannot be read: status error, TRACE_MALFORMED.
        return RunRecord(folder.name, case_id, malformed_result(), str(exc))
    try:
        trace = read_trace(_read_bytes(path), str(path), trace_format)
        probe = folder / "probe.json"
        if probe.is_file():
            try:
                probe_data = json.loads(_read_bytes(probe))
            except ValueError:
                raise TraceError(str(probe), None, "not JSON") from None
            trace = merge_probe(trace, probe_data, str(probe))
    except TraceError as exc:
        return RunRecord(folder.name, case_id, malformed_result(), str(exc))
    except OSError as exc:
        return RunRecord(
            folder.name, case_id, malformed_result(), f"{path}: cannot read ({exc.strerror})"
        )
    return RunRecord(folder.name, case_id, validate(case, trace))
