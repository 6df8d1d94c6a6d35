"""Record real Pi coding-agent sessions as recovery-lane fixtures. Run by hand:

    python tests/support/record_pi.py --pi .ci-cache/pi-1.6.0/node_modules/.bin/pi \\
        [--node .ci-cache/node22/node_modules/.bin/node] \\
        --out tests/fixtures/recovery/pi-1.6.0 [--only NAME ...]

(``--node``: a Node >= 22.19 for Pi 0.85 and later, put first on Pi's PATH; the Pi
versions and their folders are in ``pi_installs``.)

For each scenario in ``pi_scenarios.SCENARIOS``: a fresh fixture project in a temp folder
holding the case's generated source (``sakshi.recovery.corpus.generate_source``) at ``source.path``;
a ``ScriptedModelServer`` on 127.0.0.1 playing the scenario's script (and, for temp-output
cases, the harness); Pi run once, non-interactively, with the case prompt. Then
``<out>/<scenario>/`` gets ``session.jsonl`` (the session file byte for byte as Pi wrote it),
``case.json``, ``probe.json`` (when the harness recorded events) and ``expected.json``, and
the temp folder is removed.

The expected label is the scenario's plan for that Pi version (``Scenario.label``); the
recorder also judges the recorded session by the recovery rules (SPEC section 5,
``pi_judge.judge``, independent of ``src/``) and exits 1 when the two disagree, so a label
never silently stops matching what Pi really did.

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
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pi_installs import PiInstall, package_of
from pi_judge import judge
from pi_scenarios import SCENARIOS, Scenario
from scripted_model import MODEL_ID, ScriptedModelServer, TempOutputHarness

from sakshi.recovery.corpus import Case, generate_source
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


def pi_env(root: Path, agent_dir: Path, path: str | None = None) -> dict[str, str]:
    home, tmp = root / "home", root / "tmp"
    home.mkdir(exist_ok=True)
    tmp.mkdir(exist_ok=True)
    return {
        "PATH": path or os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "LANG": "C.UTF-8",
        "PI_CODING_AGENT_DIR": str(agent_dir),
        "PI_OFFLINE": "1",
        "PI_TELEMETRY": "0",
        "PI_SKIP_VERSION_CHECK": "1",
    }


# --- recording -----------------------------------------------------------------------------


class RecordError(RuntimeError):
    pass


def _project(scenario: Scenario, case: Case, root: Path) -> Path:
    """The fixture project: the case's generated source, and the scenario's copies of it."""
    project = root / "project"
    data = generate_source(case)
    for name in (case.source.path, *scenario.copies):
        target = project / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return project


def _harnesses(scenario: Scenario, case: Case, project: Path, probe: Path) -> list[Any]:
    """The scripted harness of a temp-output scenario (none for read-offset)."""
    plan = scenario.harness
    if plan is None:
        return []
    return [
        TempOutputHarness(
            project,
            case.source.path,
            case.fact,
            producer=case.producer or "bash",
            occurrence=plan.occurrence,
            cleanup=plan.cleanup,
            handle_check=plan.handle_check,
            probe_path=probe,
            drop_handle=plan.drop_handle,
        )
    ]


def record(
    scenario: Scenario, case: Case, pi: PiInstall, out: Path, timeout: float
) -> dict[str, Any]:
    """Record ``scenario`` with ``pi`` into ``out/<scenario>/``; its planned and judged labels."""
    root = Path(tempfile.mkdtemp(prefix="sakshi-pi-"))
    try:
        project = _project(scenario, case, root)
        sessions, agent_dir, probe_path = root / "sessions", root / "agent", root / "probe.json"
        with ScriptedModelServer(
            scenario.make_script(case),
            harnesses=_harnesses(scenario, case, project, probe_path),
            lifetime=timeout + 30,
        ) as server:
            pi_config(agent_dir, server.base_url)
            proc = subprocess.run(
                pi_command(pi.binary, case.prompt, sessions),
                cwd=project,
                env=pi_env(root, agent_dir, pi.path()),
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
        target = _write_run(scenario, case, pi.version, sessions, probe_path, out)
        probe = json.loads(probe_path.read_text(encoding="utf-8")) if probe_path.exists() else None
        status, reasons = judge(case, target / "session.jsonl", probe)
        return {
            "scenario": scenario.name,
            "planned": scenario.label(pi.version).as_json(),
            "judged": {"status": status, "reasons": reasons},
            "requests": len(server.requests),
            "answer": proc.stdout.strip()[-200:],
            "bytes": (target / "session.jsonl").stat().st_size,
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _write_run(
    scenario: Scenario, case: Case, version: str, sessions: Path, probe: Path, out: Path
) -> Path:
    """``out/<scenario>/``: the session byte for byte, case.json, probe.json, expected.json."""
    files = sorted(sessions.rglob("*.jsonl"))
    if len(files) != 1:
        raise RecordError(f"{scenario.name}: expected one session file, found {len(files)}")
    target = out / scenario.name
    target.mkdir(parents=True, exist_ok=True)
    for name in ("session.jsonl", "case.json", "probe.json", "expected.json"):
        (target / name).unlink(missing_ok=True)
    shutil.copyfile(files[0], target / "session.jsonl")
    (target / "case.json").write_text(json.dumps({"case_id": case.id}) + "\n", encoding="utf-8")
    if probe.exists():
        shutil.copyfile(probe, target / "probe.json")
    expected = json.dumps(scenario.label(version).as_json()) + "\n"
    (target / "expected.json").write_text(expected, encoding="utf-8")
    return target


def install_of(pi: str, node: str | None) -> PiInstall:
    """The Pi at ``pi`` (its version from its package.json), run with ``node``'s folder first
    on PATH when given."""
    package = package_of(pi)
    if package is None:
        raise RecordError(f"{pi}: not a pi executable of a Pi coding-agent package")
    return PiInstall(package.version, pi, str(Path(node).parent) if node else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pi", required=True, help="the pi executable")
    parser.add_argument("--node", help="a node executable (>= 22.19 for Pi 0.85 and later)")
    parser.add_argument(
        "--out", required=True, type=Path, help="fixture folder (one subfolder per scenario)"
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--only", nargs="*", default=None, help="scenario names to record")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per Pi run")
    args = parser.parse_args(argv)
    corpus = load_corpus(args.corpus)
    pi = install_of(args.pi, args.node)
    chosen = [s for s in SCENARIOS if not args.only or s.name in args.only]
    mismatches = 0
    for scenario in chosen:
        outcome = record(scenario, corpus.cases[scenario.case_id], pi, args.out, args.timeout)
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
