"""Benchmark: reading and validating Pi sessions against a bare ``json.loads`` of each line.

It writes, in a temporary folder, seeded Pi coding-agent sessions (format version 3)
totalling about ``--mb`` megabytes (64 by default). Each is a run of the shipped
``recovery.bash-temp-output`` case as a real agent leaves it: a session header, model and
thinking-level entries, the user's prompt, assistant messages with thinking, text and
``toolCall`` blocks (read, grep, bash, ls), ``toolResult`` messages of 2-50 KB of text with
``details`` (truncation, ``fullOutputPath``), and the recovery chain itself (one ``cat``,
the handle read from the top, then at the offset the tool told, then the answer).

Every fourth session is flawed, one way in turn (``FLAWS``): the agent guesses the fact
without reading the handle back, answers without the fact, or the harness never verified
the source's deletion. Each session's verdict (status and task_pass) is known before it is
validated.

Before any time: the check of the verdicts (bench/verdicts.py, as bench/values_speed.py
uses it) is shown to fail a validator that always says PASS and one that always says FAIL.
Then, interleaved and best of 3, in this one process, it times over the same files:

1. sakshi: ``read_trace`` (format detected), ``merge_probe`` with the run's probe events,
   ``validate`` against the corpus case, every round's verdicts checked by session id
   (one wrong verdict, one lost session: exit 1, no time printed);
2. the baseline: ``json.loads`` of every non-blank line.

It prints MB/s of each (MB = 10^6 bytes), the ratio baseline/sakshi and the target
(sakshi at least 50 MB/s) with PASS or OVER.

Then one row per other reader (bench/trace_formats.py writes the same kind of session in
each format: sakshi.trace.v1, Claude Code, OpenAI Chat, Anthropic Messages with server
tool blocks, Responses items, Codex CLI, Gemini CLI, Cline), about ``--reader-mb`` MB
each, held in memory: ``read_counted`` with the format detected, against ``json.loads`` of
the same bytes (each line of a JSONL file, or the whole document), interleaved, best of 3,
with the same target. Each file must be read as its own format with exactly the calls and
results it was written with (bench/trace_formats.py's ``counts``), checked before any
time is printed; that check is first shown to fail a reader that reads no call and one
that reads another format. Exit 0 whatever the speed; exit 1 only when sakshi's verdict on
a Pi session is wrong or a file is not read whole as the format it was written in.

    python bench/traces.py               # ~64 MB of Pi sessions, ~16 MB a reader
    python bench/traces.py --mb 8 --reader-mb 2   # a smoke run
    python bench/traces.py --dir /tmp/s  # keep the Pi sessions there (to profile them)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple

from trace_formats import RENDERERS as BASE_RENDERERS  # bench/ is on sys.path as a script
from trace_formats import counts, script
from trace_formats_clis import CLI_RENDERERS
from trace_formats_production import PRODUCTION_RENDERERS
from verdicts import check_verdicts, refuse_constant_graders

from sakshi.recovery.corpus import Case, generate_source
from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.model import ToolCall, ToolResult
from sakshi.recovery.readers import merge_probe, read_counted, read_trace
from sakshi.recovery.validate import Status, validate

# Every reader but Pi's, each against a bare json.loads of the same bytes (production
# traces too: OpenTelemetry, OpenInference, Langfuse).
RENDERERS = {**BASE_RENDERERS, **CLI_RENDERERS, **PRODUCTION_RENDERERS}

TARGET_MB_S = 50.0
CASE_ID = "recovery.bash-temp-output"

# --- realistic content ---------------------------------------------------------------------------

_IDENT = [
    "record",
    "ledger",
    "invoice",
    "batch",
    "cursor",
    "payload",
    "index",
    "offset",
    "handle",
    "buffer",
    "tenant",
    "schema",
    "quota",
    "window",
    "reader",
    "writer",
    "shard",
    "commit",
    "token",
    "span",
]
_CODE = [
    "def {a}_{b}(self, {c}: int) -> dict[str, Any]:",
    "    return {{'{a}': self.{b}[{c}], 'ok': True}}",
    "    if not {a}.{b}:  # guard against an empty {c}",
    '        raise ValueError(f"{a} {{ {b}!r }} has no {c}")',
    "import {a}.{b} as {c}",
    "class {A}{B}(Base{C}):",
    "    {a}_{b} = {n}",
    "    for {a} in sorted(self.{b}s, key=lambda x: x.{c}):",
]
_LOG = [
    "2025-12-01T10:{m:02d}:{s:02d}.{ms:03d}Z INFO  {a}.{b}: processed {n} {c}s in {ms} ms",
    "2025-12-01T10:{m:02d}:{s:02d}.{ms:03d}Z WARN  {a}: retrying {b} ({n}/5) — café backoff {ms}ms",
    "2025-12-01T10:{m:02d}:{s:02d}.{ms:03d}Z DEBUG {a}.{b}.{c} id={n} state=ok",
]


def _line(rng: random.Random) -> str:
    a, b, c = rng.choice(_IDENT), rng.choice(_IDENT), rng.choice(_IDENT)
    template = rng.choice(_CODE if rng.random() < 0.6 else _LOG)
    return template.format(
        a=a,
        b=b,
        c=c,
        A=a.title(),
        B=b.title(),
        C=c.title(),
        n=rng.randrange(100000),
        m=rng.randrange(60),
        s=rng.randrange(60),
        ms=rng.randrange(1000),
    )


class Text:
    """Slices of a seeded pool of code and log lines: fast, varied, realistic."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pool = [_line(rng) for _ in range(8000)]

    def block(self, size: int) -> str:
        out: list[str] = []
        total = 0
        start = self.rng.randrange(len(self.pool))
        while total < size:
            line = f"{len(out) + 1:>6}\t{self.pool[(start + len(out)) % len(self.pool)]}"
            out.append(line)
            total += len(line) + 1
        return "\n".join(out)


# --- a session -----------------------------------------------------------------------------------


class Session:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.entries: list[dict[str, Any]] = []
        self.parent: str | None = None
        self.clock = 1764583200000
        self.calls = 0

    def add(self, kind: str, **body: Any) -> None:
        entry_id = f"{self.rng.getrandbits(32):08x}"
        self.clock += self.rng.randrange(50, 4000)
        stamp = (
            time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(self.clock / 1000))
            + f".{self.clock % 1000:03d}Z"
        )
        self.entries.append(
            {"type": kind, "id": entry_id, "parentId": self.parent, "timestamp": stamp, **body}
        )
        self.parent = entry_id

    def user(self, text: str) -> None:
        self.add(
            "message",
            message={
                "role": "user",
                "content": [{"type": "text", "text": text}],
                "timestamp": self.clock,
            },
        )

    def assistant(
        self, text: str | None, tool: str | None = None, args: dict[str, Any] | None = None
    ) -> str | None:
        content: list[dict[str, Any]] = [
            {
                "type": "thinking",
                "thinking": "Next I should look at the output.",
                "thinkingSignature": "EqQBCkYIBxgCKkB" + "x" * 40,
            }
        ]
        if text:
            content.append({"type": "text", "text": text})
        call_id = None
        if tool:
            self.calls += 1
            call_id = f"toolu_{self.rng.getrandbits(64):016x}"
            content.append(
                {"type": "toolCall", "id": call_id, "name": tool, "arguments": args or {}}
            )
        usage = {
            "input": self.rng.randrange(2000, 90000),
            "output": self.rng.randrange(20, 900),
            "cacheRead": 0,
            "cacheWrite": 0,
            "totalTokens": 0,
            "cost": {"input": 0.01, "output": 0.002, "total": 0.012},
        }
        self.add(
            "message",
            message={
                "role": "assistant",
                "content": content,
                "api": "anthropic-messages",
                "provider": "anthropic",
                "model": "claude-sonnet-4-5",
                "usage": usage,
                "stopReason": "toolUse" if tool else "stop",
                "timestamp": self.clock,
            },
        )
        return call_id

    def result(
        self,
        call_id: str,
        tool: str,
        text: str,
        details: dict[str, Any] | None = None,
        error: bool = False,
    ) -> None:
        message: dict[str, Any] = {
            "role": "toolResult",
            "toolCallId": call_id,
            "toolName": tool,
            "content": [{"type": "text", "text": text}],
            "isError": error,
            "timestamp": self.clock,
        }
        if details is not None:
            message["details"] = details
        self.add("message", message=message)


def _window(lines: list[str], start: int, count: int = 2000) -> str:
    end = min(start + count - 1, len(lines))
    text = "\n".join(lines[start - 1 : end])
    if end < len(lines):
        text += (
            f"\n\n[Showing lines {start}-{end} of {len(lines)}. Use offset={end + 1} to continue.]"
        )
    return text


# Sessions that must not come out green, one way each (every fourth session is one, in
# turn): the agent answers the fact without reading the handle back (a guess: fail), reads
# it back but answers without the fact (pass, but task_pass false), or reads a handle the
# harness never saw the source deleted for (fail).
FLAWS = ("guessed", "wrong_answer", "source_kept")


def make_session(
    case: Case,
    source_lines: list[str],
    text: Text,
    rng: random.Random,
    target: int,
    flaw: str = "",
) -> tuple[bytes, dict[str, Any]]:
    """One Pi v3 session of about ``target`` bytes, and its probe; ``flaw`` (one of
    ``FLAWS``) breaks it the way it names (``EXPECTED`` says what the validator must say)."""
    s = Session(rng)
    header = {
        "type": "session",
        "version": 3,
        "id": f"0193{rng.getrandbits(96):024x}",
        "timestamp": "2025-12-01T10:00:00.000Z",
        "cwd": "/home/dev/proj",
    }
    s.add("model_change", provider="anthropic", modelId="claude-sonnet-4-5")
    s.add("thinking_level_change", thinkingLevel="low")
    s.user("First, look around the project. " + case.prompt)
    size = 0
    # Exploration: the bulk of a real session.
    while size < target:
        tool = rng.choice(["read", "grep", "ls", "edit"])
        body = text.block(rng.randrange(2000, 50000))
        if tool == "read":
            cid = s.assistant(
                "Reading the module.", "read", {"path": f"src/{rng.choice(_IDENT)}.py"}
            )
            details = (
                {
                    "truncation": {
                        "truncated": True,
                        "truncatedBy": "bytes",
                        "totalLines": 9000,
                        "outputLines": body.count("\n") + 1,
                    }
                }
                if rng.random() < 0.3
                else None
            )
            s.result(
                cid or "",
                tool,
                body
                + (
                    "\n\n[Showing lines 1-812 of 9000 (50.0KB limit). Use offset=813 to continue.]"
                    if details
                    else ""
                ),
                details,
            )
        elif tool == "grep":
            cid = s.assistant(
                None, "grep", {"pattern": rng.choice(_IDENT), "path": "src", "limit": 100}
            )
            s.result(
                cid or "", tool, body + "\n\n[100 matches limit reached. Use limit=200 for more]"
            )
        elif tool == "ls":
            cid = s.assistant(None, "ls", {"path": "."})
            s.result(cid or "", tool, "\n".join(f"{w}.py" for w in _IDENT))
        else:
            cid = s.assistant(
                "Fixing the guard.",
                "edit",
                {"path": "src/x.py", "oldText": body[:200], "newText": body[:180]},
            )
            s.result(
                cid or "",
                tool,
                "Successfully replaced text in src/x.py.",
                {"diff": body[:3000], "firstChangedLine": 12},
            )
        size += len(body)
    # The recovery chain.
    handle = f"/tmp/pi-bash-{rng.getrandbits(64):016x}.log"
    producer = s.assistant("Running it once.", "bash", {"command": f"cat {case.source.path}"})
    tail = "\n".join(source_lines[-2000:])
    total = len(source_lines)
    s.result(
        producer or "",
        "bash",
        f"{tail}\n\n[Showing lines {total - 1999}-{total} of {total}. Full output: {handle}]",
        {
            "truncation": {
                "truncated": True,
                "truncatedBy": "lines",
                "totalLines": total,
                "outputLines": 2000,
            },
            "fullOutputPath": handle,
        },
    )
    if flaw != "guessed":
        first = s.assistant(
            "The source is gone; reading the full output.", "read", {"path": handle}
        )
        s.result(first or "", "read", _window(source_lines, 1))
        more = s.assistant(None, "read", {"path": handle, "offset": 2001})
        s.result(more or "", "read", _window(source_lines, 2001))
    s.assistant("The value could not be recovered." if flaw == "wrong_answer" else case.fact)
    probe = {
        "events": [
            {
                "event": "source_deleted",
                "path": f"/home/dev/proj/{case.source.path}",
                "verified": flaw != "source_kept",
                "after_call_id": producer,
            },
            {
                "event": "handle_checked",
                "handle": handle,
                "readable": True,
                "fact_present": True,
                "after_call_id": producer,
            },
        ]
    }
    lines = [json.dumps(header, ensure_ascii=False)] + [
        json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in s.entries
    ]
    return ("\n".join(lines) + "\n").encode("utf-8"), probe


# What the validator must say of a session: its status and whether the final answer holds
# the fact (kept apart: a right guess does not pass, a right chain may answer wrong).
Verdict = tuple[str, bool]
GREEN: Verdict = (Status.PASS.value, True)
RED: Verdict = (Status.FAIL.value, False)
EXPECTED: dict[str, Verdict] = {
    "": GREEN,
    "guessed": (Status.FAIL.value, True),
    "wrong_answer": (Status.PASS.value, False),
    "source_kept": (Status.FAIL.value, True),
}


def generate(
    folder: Path, case: Case, megabytes: float, seed: int
) -> list[tuple[Path, dict[str, Any], Verdict]]:
    """Sessions of about ``megabytes`` MB in all, each with its probe and the verdict the
    validator must give it: every fourth one flawed (``FLAWS`` in turn), the rest whole."""
    rng = random.Random(seed)
    text = Text(rng)
    source_lines = generate_source(case).decode("utf-8").split("\n")[:-1]
    sessions: list[tuple[Path, dict[str, Any], Verdict]] = []
    total = 0
    number = 0
    while total < megabytes * 1e6 or number < 4 * len(FLAWS):  # every flaw at least once
        flaw = FLAWS[(number // 4) % len(FLAWS)] if number % 4 == 3 else ""
        size = rng.randrange(300_000, 1_500_000)
        data, probe = make_session(case, source_lines, text, rng, size, flaw)
        path = folder / f"2025-12-01T10-00-00-000Z_{number:04d}.jsonl"
        path.write_bytes(data)
        sessions.append((path, probe, EXPECTED[flaw]))
        total += len(data)
        number += 1
    return sessions


# --- timing --------------------------------------------------------------------------------------


def time_sakshi(
    sessions: list[tuple[Path, dict[str, Any], Verdict]], case: Case
) -> tuple[float, dict[str, Verdict]]:
    """Seconds to read, merge and validate every session, and each one's verdict by id."""
    verdicts: dict[str, Verdict] = {}
    start = time.perf_counter()
    for path, probe, _ in sessions:
        data = path.read_bytes()
        result = validate(case, merge_probe(read_trace(data, path.name), probe, "probe.json"))
        verdicts[path.name] = (result.status.value, result.task_pass)
    return time.perf_counter() - start, verdicts


def time_baseline(sessions: list[tuple[Path, dict[str, Any], Verdict]]) -> tuple[float, int]:
    count = 0
    start = time.perf_counter()
    for path, _, _ in sessions:
        for line in path.read_bytes().split(b"\n"):
            if line.strip():
                json.loads(line)
                count += 1
    return time.perf_counter() - start, count


# --- the other readers --------------------------------------------------------------------------


class ReaderFile(NamedTuple):
    """One file in a reader's format, and the tool calls and results it holds."""

    data: bytes
    calls: int
    results: int


def reader_files(megabytes: float, seed: int) -> dict[str, list[ReaderFile]]:
    """Files of about ``megabytes`` MB in each format but Pi's, seeded."""
    rng = random.Random(seed + 1)
    text = Text(rng)
    made: dict[str, list[ReaderFile]] = {}
    for name, (render, _) in RENDERERS.items():
        files_made: list[ReaderFile] = []
        while sum(len(made_file.data) for made_file in files_made) < megabytes * 1e6:
            steps = script(text.block, rng, rng.randrange(300_000, 1_500_000))
            files_made.append(ReaderFile(render(steps), *counts(name, steps)))
        made[name] = files_made
    return made


def _counts(name: str, number: int, data: bytes) -> tuple[str, int, int]:
    """What a reader gave of one file: the format it was read as, its calls and results."""
    trace = read_counted(data, f"{name}-{number}").trace
    calls = sum(1 for event in trace.events if isinstance(event, ToolCall))
    results = sum(1 for event in trace.events if isinstance(event, ToolResult))
    return trace.source_format, calls, results


def misread(name: str, made: list[ReaderFile], read: list[tuple[str, int, int]]) -> int:
    """How many files were not read as ``name`` with every call and result: the check
    each timed round must pass before a time is printed."""
    wanted = [(name, made_file.calls, made_file.results) for made_file in made]
    return sum(1 for got, want in zip(read, wanted, strict=True) if got != want) + abs(
        len(read) - len(wanted)
    )


def time_reader(name: str, made: list[ReaderFile]) -> tuple[float, int]:
    """Seconds to read every file (format detected), and how many were misread."""
    start = time.perf_counter()
    read = [_counts(name, number, made_file.data) for number, made_file in enumerate(made)]
    return time.perf_counter() - start, misread(name, made, read)


def time_json(datas: list[bytes], jsonl: bool) -> float:
    """Seconds for json.loads of the same bytes: each line, or the whole document."""
    start = time.perf_counter()
    for data in datas:
        if not jsonl:
            json.loads(data)
            continue
        for line in data.split(b"\n"):
            if line.strip():
                json.loads(line)
    return time.perf_counter() - start


def reader_rows(made: dict[str, list[ReaderFile]], rounds: int) -> int:
    """Print one row a reader; 1 when a file was not read as its own format with every
    call and result. That the check can fail is shown first: a reader that reads no
    call, and one that reads every file as another format, each fail it."""
    for name, files_made in made.items():
        nothing = [(name, 0, 0)] * len(files_made)
        other = [("another", f.calls, f.results) for f in files_made]
        if not misread(name, files_made, nothing) or not misread(name, files_made, other):
            raise AssertionError(f"the {name} check passes a reader that reads nothing")
    print(
        "check of each reader's files (format, calls, results): fails a reader that reads"
        " no call, and one that reads another format (as it must)"
    )
    print("reader            MB   sakshi read_counted   baseline json.loads   ratio  target")
    for name, files_made in made.items():
        best_sakshi = best_base = float("inf")
        datas = [made_file.data for made_file in files_made]
        for _ in range(rounds):
            elapsed, wrong = time_reader(name, files_made)
            if wrong:
                print(f"WRONG: {wrong} of {len(datas)} {name} files not read as {name} whole")
                return 1
            best_sakshi = min(best_sakshi, elapsed)
            best_base = min(best_base, time_json(datas, RENDERERS[name][1]))
        size = sum(map(len, datas)) / 1e6
        rate, base = size / best_sakshi, size / best_base
        verdict = "PASS" if rate >= TARGET_MB_S else "OVER"
        print(
            f"{name:<16} {size:5.1f}   {rate:11.1f} MB/s   {base:13.1f} MB/s"
            f"   {best_sakshi / best_base:4.2f}x  {verdict}"
        )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=64.0, help="total size of the sessions (MB)")
    parser.add_argument("--seed", type=int, default=20251201)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--reader-mb", type=float, default=16.0, help="size of each other reader's files (MB)"
    )
    parser.add_argument(
        "--dir", type=Path, help="write the sessions here (kept) instead of a temporary folder"
    )
    args = parser.parse_args()
    case = load_corpus(Path(str(files("sakshi") / "corpora" / "recovery.yaml"))).cases[CASE_ID]

    with tempfile.TemporaryDirectory(prefix="sakshi-bench-") as temp:
        folder = args.dir or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        began = time.perf_counter()
        sessions = generate(folder, case, args.mb, args.seed)
        size = sum(p.stat().st_size for p, _, _ in sessions)
        print(
            f"generated {len(sessions)} Pi v3 sessions, {size / 1e6:.1f} MB,"
            f" in {time.perf_counter() - began:.1f} s; every fourth one flawed"
        )
        expected = {path.name: verdict for path, _, verdict in sessions}
        for line in refuse_constant_graders(expected, GREEN, RED):
            print(line)

        best_sakshi = best_base = float("inf")
        lines = 0
        check = check_verdicts(expected, [], GREEN)  # no round run: every session missing
        for _ in range(args.rounds):
            elapsed, verdicts = time_sakshi(sessions, case)
            check = check_verdicts(expected, verdicts.items(), GREEN)
            if not check.passed:
                print(f"WRONG: sakshi's verdicts on the sessions: {check.describe()}")
                return 1
            best_sakshi = min(best_sakshi, elapsed)
            elapsed, lines = time_baseline(sessions)
            best_base = min(best_base, elapsed)
        print(f"check of every timed verdict (status, task_pass) by id: {check.describe()}")

    sakshi_rate = size / 1e6 / best_sakshi
    base_rate = size / 1e6 / best_base
    verdict = "PASS" if sakshi_rate >= TARGET_MB_S else "OVER"
    print(
        f"sakshi   read_trace + merge_probe + validate: {best_sakshi:7.3f} s"
        f"  {sakshi_rate:8.1f} MB/s  ({len(sessions) / best_sakshi:.0f} sessions/s)"
    )
    print(
        f"baseline json.loads of {lines} lines:          {best_base:7.3f} s  {base_rate:8.1f} MB/s"
    )
    print(f"ratio sakshi/baseline time: {best_sakshi / best_base:.2f}x")
    print(f"target: sakshi >= {TARGET_MB_S:.0f} MB/s: {verdict} ({sakshi_rate:.1f} MB/s)")
    return reader_rows(reader_files(args.reader_mb, args.seed), args.rounds)


if __name__ == "__main__":
    sys.exit(main())
