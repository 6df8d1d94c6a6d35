"""Run folders for the hostile recovery tests: a two-case corpus, traces that hold the
whole chain of each kind, and ``sakshi run recovery`` run through ``sakshi.cli.main``.

Not a test module: the ``test_recovery_*`` modules beside it import it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main

HANDLE = "/tmp/pi-bash-5e6f7a8b.log"
FACT = "QX7-TAMARIND-4471"
OFFSET_FACT = "VK2-MARIGOLD-9038"
FORMAT_SUFFIX = {"json": ".json", "text": ".txt", "junit": ".xml"}
# The first read's result in a read-offset run: the top of the file, telling offset 41.
OFFSET_HINT = "L00001 kelp\n\n[Showing lines 1-40 of 100. Use offset=41 to continue.]"

CORPUS_YAML = f"""\
corpus: sakshi.recovery-corpus.v2
cases:
  - id: t.temp
    kind: temp-output
    producer: bash
    prompt: "Run cat on the file once and report the token on line L00050."
    source: {{path: notes/big.txt, lines: 100, fact_line: 50}}
    fact: {FACT}
  - id: t.offset
    kind: read-offset
    prompt: "Read the file and report the token on line L00050."
    source: {{path: notes/big.txt, lines: 100, fact_line: 50}}
    fact: {OFFSET_FACT}
"""


def write_corpus(folder: Path, text: str = CORPUS_YAML) -> Path:
    """The corpus file in ``folder``."""
    path = folder / "corpus.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def jsonl(records: list[dict[str, Any]]) -> bytes:
    """Records as JSONL bytes, one a line."""
    return b"".join(json.dumps(record).encode("utf-8") + b"\n" for record in records)


def call(call_id: str, tool: str, **args: Any) -> dict[str, Any]:
    """A sakshi.trace.v1 tool call."""
    return {"kind": "tool_call", "call_id": call_id, "tool": tool, "args": args}


def result(call_id: str, tool: str, text: str, **details: Any) -> dict[str, Any]:
    """A successful sakshi.trace.v1 tool result (``details`` when given)."""
    line: dict[str, Any] = {
        "kind": "tool_result",
        "call_id": call_id,
        "tool": tool,
        "is_error": False,
        "text": text,
    }
    if details:
        line["details"] = details
    return line


def temp_trace(producer: str = "bash") -> list[dict[str, Any]]:
    """A temp-output run that holds the whole chain (with ``TEMP_PROBE``)."""
    return [
        {"kind": "message", "role": "user", "text": "go"},
        call("c1", producer, command="cat notes/big.txt"),
        result(
            "c1",
            producer,
            f"L00100 onyx\n\n[Showing lines 51-100 of 100. Full output: {HANDLE}]",
            fullOutputPath=HANDLE,
        ),
        call("c2", "read", path=HANDLE),
        result(
            "c2", "read", "L00001 kelp\n\n[Showing lines 1-45 of 100. Use offset=46 to continue.]"
        ),
        call("c3", "read", path=HANDLE, offset=46),
        result("c3", "read", f"L00050 {FACT}"),
        {"kind": "message", "role": "assistant", "text": FACT},
    ]


def answered_calls(tools: list[str], records: list[dict[str, Any]] | None = None) -> bytes:
    """``records`` (default: the whole temp-output chain) after an answered call of each tool,
    with no arguments and an empty answer: only the tools' names are hostile."""
    extra: list[dict[str, Any]] = []
    for number, tool in enumerate(tools):
        extra += [call(f"x{number}", tool), result(f"x{number}", tool, "")]
    return jsonl([*extra, *(temp_trace() if records is None else records)])


TEMP_PROBE: dict[str, Any] = {
    "events": [
        {
            "event": "source_deleted",
            "path": "/home/dev/proj/notes/big.txt",
            "verified": True,
            "after_call_id": "c1",
        },
        {
            "event": "handle_checked",
            "handle": HANDLE,
            "readable": True,
            "fact_present": True,
            "after_call_id": "c1",
        },
    ]
}


def offset_trace() -> list[dict[str, Any]]:
    """A read-offset run that holds the whole chain."""
    return [
        call("c1", "read", path="notes/big.txt"),
        result("c1", "read", OFFSET_HINT),
        call("c2", "read", path="notes/big.txt", offset=41),
        result("c2", "read", f"L00050 {OFFSET_FACT}"),
        {"kind": "message", "role": "assistant", "text": OFFSET_FACT},
    ]


def make_run(
    runs: Path,
    name: str | bytes,
    case_id: str,
    trace: bytes,
    probe: dict[str, Any] | bytes | None = None,
    trace_name: str = "trace.jsonl",
) -> Path:
    """A run folder under ``runs``; ``name`` may be bytes (a name that is not UTF-8)."""
    folder = runs / (name if isinstance(name, str) else os.fsdecode(name))
    folder.mkdir(parents=True)
    (folder / "case.json").write_text(json.dumps({"case_id": case_id}), encoding="utf-8")
    (folder / trace_name).write_bytes(trace)
    if probe is not None:
        (folder / "probe.json").write_bytes(
            probe if isinstance(probe, bytes) else json.dumps(probe).encode()
        )
    return folder


def good_runs(folder: Path) -> Path:
    """``folder/runs`` holding two runs that pass: ``ok-offset`` and ``ok-temp``."""
    runs = folder / "runs"
    make_run(runs, "ok-offset", "t.offset", jsonl(offset_trace()))
    make_run(runs, "ok-temp", "t.temp", jsonl(temp_trace()), TEMP_PROBE)
    return runs


@dataclass(frozen=True)
class Outcome:
    """What ``sakshi run recovery`` did: its exit code, stdout, stderr and the report."""

    code: int
    out: str
    err: str
    report: dict[str, Any]

    def statuses(self) -> dict[str, str]:
        """Each run's status, by run name."""
        return {case["run"]: case["status"] for case in self.report["cases"]}

    def case(self, run: str) -> dict[str, Any]:
        """The report's entry for ``run``."""
        return next(case for case in self.report["cases"] if case["run"] == run)


def run_recovery(
    capsys: pytest.CaptureFixture[str], runs: Path, corpus: Path, *extra: str, fmt: str = "json"
) -> Outcome:
    """``sakshi run recovery --format FMT`` on ``runs`` (the report on stdout, SPEC 5), with
    the JSON report written to a new file beside. Beside another format's file: several
    ``--out`` files each hold their extension's format (SPEC 9)."""
    stem = runs.parent / f"report-{len(list(runs.parent.glob('report-*.json')))}"
    out_file = stem.with_suffix(".json")
    outs = sorted({out_file, stem.with_suffix(FORMAT_SUFFIX[fmt])})
    argv = ["run", "recovery", str(runs), "--corpus", str(corpus), "--format", fmt]
    code = main([*argv, *(arg for path in outs for arg in ("--out", str(path))), *extra])
    out, err = capsys.readouterr()
    report = json.loads(out_file.read_bytes()) if out_file.exists() else {}
    return Outcome(code, out, err, report)


def pi_entries(
    messages: list[dict[str, Any]], parents: list[int | None] | None = None
) -> list[dict[str, Any]]:
    """Pi v2/v3 message entries; entry i's parent is entry ``parents[i]`` (default: the one
    before it, a linear session)."""
    entries = []
    for index, message in enumerate(messages):
        parent = (index - 1 if index else None) if parents is None else parents[index]
        entries.append(
            {
                "type": "message",
                "id": f"e{index:07d}",
                "parentId": None if parent is None else f"e{parent:07d}",
                "timestamp": "2025-12-01T10:00:00.000Z",
                "message": message,
            }
        )
    return entries


def pi_header(**fields: Any) -> dict[str, Any]:
    """A Pi session header with ``fields`` (e.g. ``version=3``)."""
    return {"type": "session", "id": "s-1", "timestamp": "2025-12-01T10:00:00.000Z", **fields}


def pi_call(call_id: str, tool: str, **arguments: Any) -> dict[str, Any]:
    """A Pi assistant message with one tool call."""
    block = {"type": "toolCall", "id": call_id, "name": tool, "arguments": arguments}
    return {"role": "assistant", "content": [block]}


def pi_result(call_id: str, tool: str, text: str) -> dict[str, Any]:
    """A successful Pi tool result."""
    content = [{"type": "text", "text": text}]
    return {"role": "toolResult", "toolCallId": call_id, "toolName": tool, "content": content}


def pi_say(text: str) -> dict[str, Any]:
    """A Pi assistant message of text."""
    return {"role": "assistant", "content": [{"type": "text", "text": text}]}
