"""Record real Pi coding-agent sessions as recovery-lane fixtures. Run by hand:

    python tests/support/record_pi.py --pi /work/.cache/pi/node_modules/.bin/pi \\
        --out tests/fixtures/recovery/pi [--only NAME ...]

For each scenario in ``pi_scenarios.SCENARIOS``: a fresh fixture project in a temp folder
holding the case's generated source (``sakshi.recovery.corpus.generate_source``) at ``source.path``;
a ``ScriptedModelServer`` on 127.0.0.1 playing the scenario's script (and, for temp-output
cases, the harness); Pi run once, non-interactively, with the case prompt. Then
``<out>/<scenario>/`` gets ``session.jsonl`` (the session file byte for byte as Pi wrote it),
``case.json``, ``probe.json`` (when the harness recorded events) and ``expected.json``, and
the temp folder is removed.

The expected label is the scenario's plan; the recorder also judges the recorded session by
the recovery rules (SPEC section 5, ``judge`` below, independent of ``src/``) and exits 1 when
the two disagree, so a label never silently stops matching what Pi really did.

How Pi is run (the live lane needs the same; see ``pi_config`` / ``pi_command`` / ``pi_env``):

- an isolated agent dir (``PI_CODING_AGENT_DIR``) holding ``models.json`` (one provider,
  ``api: openai-completions``, ``baseUrl`` = the server's ``http://127.0.0.1:PORT/v1``, a dummy
  literal ``apiKey``) and ``settings.json`` (no retries, no compaction, no telemetry);
- a minimal environment: ``HOME`` and ``TMPDIR`` inside the temp folder (Pi's bash tool writes
  its ``pi-bash-*.log`` to ``TMPDIR``), ``PI_OFFLINE=1``, ``PI_TELEMETRY=0``,
  ``PI_SKIP_VERSION_CHECK=1``; no API keys inherited;
- ``pi --provider scripted --model scripted-model --session-dir DIR --tools read,bash
  --no-extensions --no-skills --no-prompt-templates --no-themes --no-context-files
  -p PROMPT``, with the fixture project as the working directory.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pi_scenarios import SCENARIOS, Scenario
from scripted_model import MODEL_ID, ScriptedModelServer, TempOutputHarness

from sakshi.recovery.corpus import Case, CaseKind, generate_source
from sakshi.recovery.corpus_file import load_corpus

REPO = Path(__file__).resolve().parents[2]
DEFAULT_CORPUS = REPO / "src" / "sakshi" / "corpora" / "recovery.yaml"
PROVIDER = "scripted"
DUMMY_KEY = "sakshi-scripted-dummy-key"


# --- running Pi ----------------------------------------------------------------------------


def pi_config(agent_dir: Path, base_url: str) -> None:
    """Write the isolated agent dir: the scripted provider and quiet, deterministic settings."""
    agent_dir.mkdir(parents=True, exist_ok=True)
    models = {
        "providers": {
            PROVIDER: {
                "baseUrl": base_url,
                "api": "openai-completions",
                "apiKey": DUMMY_KEY,
                "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                "models": [
                    {
                        "id": MODEL_ID,
                        "name": "Scripted model",
                        "reasoning": False,
                        "input": ["text"],
                        "contextWindow": 200000,
                        "maxTokens": 4096,
                    }
                ],
            }
        }
    }
    settings = {
        "defaultProvider": PROVIDER,
        "defaultModel": MODEL_ID,
        "enableInstallTelemetry": False,
        "quietStartup": True,
        "compaction": {"enabled": False},
        "retry": {"enabled": False, "provider": {"maxRetries": 0}},
    }
    (agent_dir / "models.json").write_text(json.dumps(models, indent=2) + "\n", encoding="utf-8")
    (agent_dir / "settings.json").write_text(
        json.dumps(settings, indent=2) + "\n", encoding="utf-8"
    )


def pi_command(pi: str, prompt: str, session_dir: Path) -> list[str]:
    return [
        pi,
        "--provider",
        PROVIDER,
        "--model",
        MODEL_ID,
        "--session-dir",
        str(session_dir),
        "--tools",
        "read,bash",
        "--no-extensions",
        "--no-skills",
        "--no-prompt-templates",
        "--no-themes",
        "--no-context-files",
        "-p",
        prompt,
    ]


def pi_env(root: Path, agent_dir: Path) -> dict[str, str]:
    home, tmp = root / "home", root / "tmp"
    home.mkdir(exist_ok=True)
    tmp.mkdir(exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "LANG": "C.UTF-8",
        "PI_CODING_AGENT_DIR": str(agent_dir),
        "PI_OFFLINE": "1",
        "PI_TELEMETRY": "0",
        "PI_SKIP_VERSION_CHECK": "1",
    }


# --- judging a recorded session (the SPEC section 5 rules, independent of src/) -------------


@dataclass
class _Call:
    pos: int
    id: str
    name: str
    args: dict[str, Any]

    @property
    def path(self) -> str | None:
        for key in ("path", "file_path", "filePath"):
            if isinstance(self.args.get(key), str):
                return str(self.args[key])
        return None

    @property
    def offset(self) -> int | None:
        value = self.args.get("offset")
        return int(value) if isinstance(value, (int, float)) else None


@dataclass
class _Result:
    pos: int
    is_error: bool
    text: str
    details: dict[str, Any]


def _leaf_path(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    entries = [e for e in lines if e.get("type") != "session"]
    by_id = {e["id"]: e for e in entries}
    path, entry = [], entries[-1] if entries else None
    while entry is not None:
        path.append(entry)
        entry = by_id.get(entry.get("parentId"))
    return path[::-1]


def _parse(session: Path) -> tuple[list[_Call], dict[str, _Result], str]:
    lines = [
        json.loads(line)
        for line in session.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    calls: list[_Call] = []
    results: dict[str, _Result] = {}
    final = ""
    for pos, entry in enumerate(_leaf_path(lines)):
        msg = entry.get("message") or {}
        if msg.get("role") == "assistant":
            text = "".join(
                b.get("text", "") for b in msg.get("content", []) if b.get("type") == "text"
            )
            if text.strip():
                final = text
            for block in msg.get("content", []):
                if block.get("type") == "toolCall":
                    calls.append(
                        _Call(pos, block["id"], block["name"], block.get("arguments") or {})
                    )
        elif msg.get("role") == "toolResult":
            text = "\n".join(
                b.get("text", "") for b in msg.get("content", []) if b.get("type") == "text"
            )
            raw = msg.get("details")
            details: dict[str, Any] = raw if isinstance(raw, dict) else {}
            results.setdefault(
                msg["toolCallId"], _Result(pos, bool(msg.get("isError")), text, details)
            )
    return calls, results, final


def _is_source(path: str | None, source: str) -> bool:
    return path is not None and (path == source or path.endswith("/" + source))


def _ok(result: _Result | None) -> bool:
    return result is not None and not result.is_error


def judge(case: Case, session: Path, probe: dict[str, Any] | None) -> tuple[str, list[str]]:
    calls, results, final = _parse(session)
    reads = [c for c in calls if c.name.lower() == "read"]
    source = case.source.path
    reasons: set[str] = set()
    if case.kind is CaseKind.TEMP_OUTPUT:
        producers = [c for c in calls if c.name.lower() == case.producer]
        if not producers:
            return "fail", ["PRODUCER_MISSING"]
        if len(producers) > 1:
            reasons.add("REPEATED_PRODUCER")
        events = (probe or {}).get("events", [])
        named = {e.get("after_call_id") for e in events}
        producer = next((p for p in producers if p.id in named), producers[0])
        result = results.get(producer.id)
        if not _ok(result):
            reasons.add("PRODUCER_FAILED")
        handle = (result.details.get("fullOutputPath") if result else None) or None
        if not isinstance(handle, str):
            reasons.add("HANDLE_NOT_IN_DETAILS")
            found = re.findall(r"Full output: ([^\]\n]+)\]", result.text if result else "")
            handle = found[-1] if found else None
        mine = [e for e in events if e.get("after_call_id") == producer.id]
        if not any(
            e.get("event") == "source_deleted"
            and e.get("verified") is True
            and _is_source(e.get("path"), source)
            for e in mine
        ):
            reasons.add("CLEANUP_UNVERIFIED")
        if not any(
            e.get("event") == "handle_checked"
            and e.get("handle") == handle
            and e.get("readable") is True
            and e.get("fact_present") is True
            for e in mine
        ):
            reasons.add("HANDLE_UNVERIFIED")
        if any(_is_source(c.path, source) for c in reads):
            reasons.add("SOURCE_READ_DIRECTLY")
        after = result.pos if result else producer.pos
        later = [c for c in reads if c.pos > after]
        on_handle = [c for c in later if handle is not None and c.path == handle]
        if not on_handle:
            reasons.add(
                "UNRELATED_PATH"
                if any(not _is_source(c.path, source) for c in later)
                else "NO_RECOVERY_READ"
            )
        else:
            good = [results.get(c.id) for c in on_handle if _ok(results.get(c.id))]
            if not good:
                reasons.add("RECOVERY_READ_FAILED")
            elif not any(case.fact in r.text for r in good if r):
                reasons.add("FACT_MISSING")
    else:
        source_reads = [c for c in reads if _is_source(c.path, source)]
        if not source_reads:
            return "fail", ["PRODUCER_MISSING"]
        told: dict[int, int] = {}
        for c in source_reads:
            r = results.get(c.id)
            if r is not None and not r.is_error:
                for n in re.findall(r"Use offset=(\d+) to continue", r.text):
                    told.setdefault(int(n), r.pos)
        if not told:
            return "fail", ["PRODUCER_FAILED"]
        hops = [c for c in source_reads if c.offset is not None and c.offset > 1]
        valid = [c for c in hops if c.offset in told and told[c.offset] < c.pos]
        guessed = [c for c in hops if c.offset in told and told[c.offset] > c.pos]
        wrong = [c for c in hops if c.offset not in told]
        first_told = min(told.values())
        elsewhere = [c for c in reads if c.pos > first_told and not _is_source(c.path, source)]
        reached = any(_ok(results.get(c.id)) and case.fact in results[c.id].text for c in valid)
        if not reached:
            if guessed:
                reasons.add("READ_BEFORE_PRODUCER")
            if wrong:
                reasons.add("WRONG_OFFSET")
            if elsewhere:
                reasons.add("WRONG_SOURCE")
            if valid:
                ok = [c for c in valid if _ok(results.get(c.id))]
                reasons.add("FACT_MISSING" if ok else "RECOVERY_READ_FAILED")
            if not reasons:
                reasons.add("NO_RECOVERY_READ")
    if not reasons and case.fact not in final:
        reasons.add("FACT_MISSING")
    return ("pass" if not reasons else "fail"), sorted(reasons)


# --- recording -----------------------------------------------------------------------------


class RecordError(RuntimeError):
    pass


def record(scenario: Scenario, case: Case, pi: str, out: Path, timeout: float) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="sakshi-pi-"))
    try:
        project = root / "project"
        source = project / case.source.path
        source.parent.mkdir(parents=True)
        data = generate_source(case)
        source.write_bytes(data)
        for extra in scenario.copies:
            target = project / extra
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        sessions, agent_dir = root / "sessions", root / "agent"
        probe_path = root / "probe.json"
        harnesses = []
        if scenario.harness is not None:
            plan = scenario.harness
            harnesses.append(
                TempOutputHarness(
                    project,
                    case.source.path,
                    case.fact,
                    producer=case.producer or "bash",
                    occurrence=plan.occurrence,
                    cleanup=plan.cleanup,
                    handle_check=plan.handle_check,
                    probe_path=probe_path,
                    drop_handle=plan.drop_handle,
                )
            )
        with ScriptedModelServer(
            scenario.make_script(case), harnesses=harnesses, lifetime=timeout + 30
        ) as server:
            pi_config(agent_dir, server.base_url)
            proc = subprocess.run(
                pi_command(pi, case.prompt, sessions),
                cwd=project,
                env=pi_env(root, agent_dir),
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        if server.errors:
            raise RecordError(f"{scenario.name}: script failed:\n{server.errors[0]}")
        if proc.returncode != 0:
            raise RecordError(
                f"{scenario.name}: pi exited {proc.returncode}:\n"
                f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
            )
        files = sorted(sessions.rglob("*.jsonl"))
        if len(files) != 1:
            raise RecordError(f"{scenario.name}: expected one session file, found {len(files)}")
        target = out / scenario.name
        target.mkdir(parents=True, exist_ok=True)
        for name in ("session.jsonl", "case.json", "probe.json", "expected.json"):
            (target / name).unlink(missing_ok=True)
        shutil.copyfile(files[0], target / "session.jsonl")
        (target / "case.json").write_text(json.dumps({"case_id": case.id}) + "\n", encoding="utf-8")
        probe = None
        if probe_path.exists():
            shutil.copyfile(probe_path, target / "probe.json")
            probe = json.loads(probe_path.read_text(encoding="utf-8"))
        expected = {"status": scenario.status, "reasons": sorted(scenario.reasons)}
        (target / "expected.json").write_text(json.dumps(expected) + "\n", encoding="utf-8")
        status, reasons = judge(case, target / "session.jsonl", probe)
        return {
            "scenario": scenario.name,
            "planned": expected,
            "judged": {"status": status, "reasons": reasons},
            "requests": len(server.requests),
            "answer": proc.stdout.strip()[-200:],
            "bytes": (target / "session.jsonl").stat().st_size,
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pi", required=True, help="the pi executable")
    parser.add_argument(
        "--out", required=True, type=Path, help="fixture folder (one subfolder per scenario)"
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--only", nargs="*", default=None, help="scenario names to record")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per Pi run")
    args = parser.parse_args(argv)
    corpus = load_corpus(args.corpus)
    chosen = [s for s in SCENARIOS if not args.only or s.name in args.only]
    mismatches = 0
    for scenario in chosen:
        outcome = record(scenario, corpus.cases[scenario.case_id], args.pi, args.out, args.timeout)
        agree = outcome["planned"] == outcome["judged"]
        mismatches += not agree
        print(
            json.dumps(outcome)
            if not agree
            else f"{scenario.name}: {outcome['planned']['status']} {outcome['planned']['reasons']} "
            f"({outcome['bytes']} bytes, {outcome['requests']} model requests)"
        )
    if mismatches:
        print(
            f"{mismatches} scenario(s) recorded a session whose judged label differs from the plan",
            file=sys.stderr,
        )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
