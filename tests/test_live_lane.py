"""``sakshi live recovery``: the plan and Pi's isolation as plain data, the refusals that
must run nothing, and the lane end to end with the real Pi agent against the scripted
model server on loopback (the shipped probe, not the server, plays the harness), once for
every certified Pi version (``pi_installs``: 0.73.1, 0.85.1, 1.6.0; required when
``SAKSHI_PI_BINS`` is set, as .ci/run sets it, else skipped with the reason)."""

from __future__ import annotations

import hashlib
import json
import re
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from live_process import clean_env, sakshi
from pi_installs import CERTIFIED, PiInstall, require_install
from pi_scenarios import SCENARIOS, offset_pass, temp_no_recovery_read, temp_pass
from record_pi import pi_config
from scripted_model import Conversation, ScriptedModelServer, Turn

from sakshi.errors import InputError
from sakshi.recovery import live, pi_agent
from sakshi.recovery.corpus import Case, fact_line_text
from sakshi.recovery.corpus_file import load_corpus

REPO = Path(__file__).resolve().parents[1]
CORPUS_PATH = REPO / "src" / "sakshi" / "corpora" / "recovery.yaml"
CORPUS = load_corpus(CORPUS_PATH)
OFFSET, TEMP = "recovery.read-offset", "recovery.bash-temp-output"


@pytest.fixture(params=CERTIFIED)
def pi(request: pytest.FixtureRequest) -> PiInstall:
    """Each certified Pi in turn, as .ci/run installs it."""
    return require_install(request.param)


# --- the plan and the isolation (pure) -----------------------------------------------------


def test_the_certified_pis_are_the_ones_ci_installs_and_the_docs_name() -> None:
    ci = (REPO / ".ci" / "run").read_text("utf-8")
    installed = re.findall(r"pi_installed \S+ @\S+/pi-coding-agent (\S+)", ci)
    docs = (REPO / "docs" / "capabilities.md").read_text("utf-8")
    table = docs.split("### Certified Pi versions", 1)[1].split("\n\n", 2)[1]
    named = re.findall(r"^\| (\d+\.\d+\.\d+) \|", table, flags=re.MULTILINE)
    assert installed == named == list(CERTIFIED)


@pytest.mark.parametrize("raw", [None, "", " ", ",", " , ,"])
def test_no_models_is_missing_configuration(raw: str | None) -> None:
    with pytest.raises(InputError, match="set SAKSHI_EVAL_MODELS=provider/model"):
        live.parse_models(raw)


@pytest.mark.parametrize("raw", ["gpt-4o", "/m", "p/", "a/b,nomodel"])
def test_a_model_without_a_provider_is_refused(raw: str) -> None:
    with pytest.raises(InputError, match="expected provider/model"):
        live.parse_models(raw)


def test_models_keep_their_order_without_duplicates() -> None:
    models = live.parse_models(" openai/gpt-4o, anthropic/claude ,openai/gpt-4o,openrouter/a/b/c,")
    assert [m.name for m in models] == ["openai/gpt-4o", "anthropic/claude", "openrouter/a/b/c"]
    assert models[2].provider == "openrouter" and models[2].model == "a/b/c"


def test_arms_are_models_in_order_then_cases_by_id() -> None:
    models = live.parse_models("z/second,a/first")
    arms = live.plan_arms(models, CORPUS)
    ids = sorted(CORPUS.cases)
    assert [(a.index, a.model.name, a.case.id) for a in arms] == [
        (i + 1, m, c)
        for i, (m, c) in enumerate((m, c) for m in ("z/second", "a/first") for c in ids)
    ]
    assert [a.run for a in arms] == sorted(a.run for a in arms)  # folder names sort in arm order
    assert arms[0].run == f"001-z-second-{ids[0]}"
    chosen = live.plan_arms(models, CORPUS, [TEMP, OFFSET, TEMP])
    assert [a.case.id for a in chosen] == [TEMP, OFFSET, TEMP, OFFSET]  # by id
    with pytest.raises(InputError, match="not a case of the corpus"):
        live.plan_arms(models, CORPUS, ["recovery.nope"])


def test_pi_gets_only_what_it_needs(tmp_path: Path) -> None:
    environ = {
        "PATH": "/bin",
        "HOME": "/root",
        "OPENAI_API_KEY": "sk-o",
        "ANTHROPIC_API_KEY": "sk-a",
        "GITHUB_TOKEN": "gh",
        "AWS_SECRET_ACCESS_KEY": "aws",
        "HTTPS_PROXY": "http://proxy",
        "MY_GATEWAY_KEY": "gw",
        "UNRELATED": "x",
        "SAKSHI_EVAL_MODELS": "openai/gpt",
    }
    assert pi_agent.credential_names("openai", environ, {}) == ["OPENAI_API_KEY"]
    assert pi_agent.credential_names("amazon-bedrock", environ, {}) == ["AWS_SECRET_ACCESS_KEY"]
    assert pi_agent.credential_names("github-copilot", environ, {}) == ["GITHUB_TOKEN"]
    # providers and variables of the newer Pis (0.85.1, 1.6.0) are known too
    newer = {"ANTHROPIC_AUTH_TOKEN": "t", "NVIDIA_API_KEY": "n", "QWEN_TOKEN_PLAN_API_KEY": "q"}
    assert pi_agent.credential_names("anthropic", {**environ, **newer}, {}) == [
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_AUTH_TOKEN",
    ]
    assert pi_agent.credential_names("nvidia", newer, {}) == ["NVIDIA_API_KEY"]
    assert pi_agent.credential_names("qwen-token-plan", newer, {}) == ["QWEN_TOKEN_PLAN_API_KEY"]
    # a provider from --models-json gets the variables its apiKey/headers name, and no other
    assert pi_agent.credential_names(
        "gateway", environ, {"gateway": frozenset({"MY_GATEWAY_KEY"})}
    ) == ["MY_GATEWAY_KEY"]
    # a provider nobody knows: every *_API_KEY (Pi may have learnt a new provider)
    assert pi_agent.credential_names("newcomer", environ, {}) == [
        "ANTHROPIC_API_KEY",
        "OPENAI_API_KEY",
    ]
    env = pi_agent.pi_env(environ, ["OPENAI_API_KEY"], tmp_path, tmp_path / "agent" / "probe.json")
    assert env == {
        "PATH": "/bin",
        "HTTPS_PROXY": "http://proxy",
        "OPENAI_API_KEY": "sk-o",
        "LANG": "C.UTF-8",
        "PI_OFFLINE": "1",
        "PI_TELEMETRY": "0",
        "PI_SKIP_VERSION_CHECK": "1",
        "HOME": str(tmp_path / "home"),
        "TMPDIR": str(tmp_path / "tmp"),
        "PI_CODING_AGENT_DIR": str(tmp_path / "agent"),
        "SAKSHI_PROBE_CONFIG": str(tmp_path / "agent" / "probe.json"),
    }


def test_pi_argv_keeps_discovery_off_and_loads_the_probe(tmp_path: Path) -> None:
    arm = live.plan_arms(live.parse_models("p/m"), CORPUS, [TEMP])[0]
    argv = pi_agent.pi_argv("/opt/pi", arm, tmp_path / "s", pi_agent.probe_path())
    assert argv[:5] == ["/opt/pi", "--provider", "p", "--model", "m"]
    assert argv[-2:] == ["-p", CORPUS.cases[TEMP].prompt]
    for flag in pi_agent.PI_FLAGS:
        assert flag in argv
    assert argv[argv.index("-e") + 1] == str(pi_agent.probe_path())
    assert argv[argv.index("--tools") + 1] == "read,bash"


def test_the_probe_config_carries_the_line_hash_never_the_fact(tmp_path: Path) -> None:
    for case in CORPUS.cases.values():
        config = pi_agent.probe_config(case, tmp_path / "project", tmp_path / "evidence", 7)
        text = json.dumps(config)
        assert case.fact not in text
        assert (
            config["fact_line_sha256"] == hashlib.sha256(fact_line_text(case).encode()).hexdigest()
        )
        assert config["producer"] == (case.producer if case.kind.value == "temp-output" else None)
        assert config["source"] == case.source.path
        assert config["probe_out"] == str(tmp_path / "evidence" / "probe.json")
        assert config["seal_out"] == str(tmp_path / "evidence" / "seal.json")
        assert config["seal_key_fd"] == 7  # the key itself is never in a file


def test_the_identity_records_no_path_or_key() -> None:
    models = live.parse_models("openai/gpt-4o,scripted/scripted-model")
    arms = live.plan_arms(models, CORPUS, [OFFSET])
    agent = pi_agent.PiAgent("/opt/pi", 90.0, {"OPENAI_API_KEY": "sk-secret-value"}, b"{}", {})
    extra = live.identity_extra("pi", "0.73.1", models, arms, agent.config())
    assert extra["agent"] == {"name": "pi", "version": "0.73.1"}
    assert extra["models"] == [
        {"provider": "openai", "model": "gpt-4o"},
        {"provider": "scripted", "model": "scripted-model"},
    ]
    assert [a["model"] for a in extra["arms"]] == ["openai/gpt-4o", "scripted/scripted-model"]
    assert extra["config"]["timeout_seconds"] == 90.0
    assert "/" not in json.dumps(extra["config"]["agent_flags"]).replace("read,bash", "")
    assert extra["config"]["custom_models"] is True and extra["config"]["lane"] == "live-recovery"
    assert len(extra["config"]["probe_sha256"]) == 64
    text = json.dumps(extra)
    assert "/opt" not in text and "sk-secret-value" not in text and "OPENAI_API_KEY" not in text


def test_the_probe_ships_as_package_data() -> None:
    text = pi_agent.probe_path().read_text(encoding="utf-8")
    assert (
        "export default function" in text
        and "tool_result" in text
        and "SAKSHI_PROBE_CONFIG" in text
    )


class ExplodingAgent:
    """An agent that leaves a file in its workspace and then fails."""

    name = "exploding"
    trace_format = "pi"

    def __init__(self) -> None:
        self.workspaces: list[Path] = []

    def run(self, arm: live.Arm, workspace: Path, evidence: Path) -> live.RunOutcome:
        self.workspaces.extend((workspace, evidence))
        (workspace / "project").mkdir()
        (workspace / "project" / "big.txt").write_text("x")
        raise RuntimeError("agent crashed")


def test_a_workspace_is_removed_even_when_the_agent_raises(tmp_path: Path) -> None:
    agent = ExplodingAgent()
    arms = live.plan_arms(live.parse_models("p/m"), CORPUS, [OFFSET])
    with pytest.raises(RuntimeError, match="agent crashed"):
        live.run_arms(arms, agent, CORPUS, tmp_path / "kept")
    assert agent.workspaces and not any(w.exists() for w in agent.workspaces)


# --- refusals: exit 2 and nothing run ------------------------------------------------------


def left_behind(tmp_path: Path) -> list[str]:
    """What the run left in the temp folder it was given, and the reports folder."""
    found = sorted(p.name for p in (tmp_path / "systmp").iterdir())
    return found + (["reports/"] if (tmp_path / "reports").exists() else [])


def fake_pi(tmp_path: Path, body: str) -> Path:
    """A stand-in `pi`: answers --version like Pi (on stderr), otherwise runs ``body``."""
    path = tmp_path / "bin" / "pi"
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        f'#!/bin/sh\nif [ "$1" = --version ]; then echo 0.73.1 >&2; exit 0; fi\n{body}\n'
    )
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.mark.parametrize("models", [None, ""])
def test_without_models_exit_2_and_nothing_is_created(tmp_path: Path, models: str | None) -> None:
    pi = fake_pi(tmp_path, f"touch {tmp_path}/pi-ran")
    env = clean_env(tmp_path, **({} if models is None else {live.MODELS_ENV: models}))
    proc = sakshi(
        "live",
        "recovery",
        "--pi",
        str(pi),
        "--keep-runs",
        str(tmp_path / "kept"),
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        "sakshi: error: SAKSHI_EVAL_MODELS: not set;"
        " set SAKSHI_EVAL_MODELS=provider/model[,...] to run the live lane; nothing was run"
    )
    assert proc.stdout == ""
    assert left_behind(tmp_path) == []
    assert not (tmp_path / "pi-ran").exists() and not (tmp_path / "kept").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agent", "claude"], "'claude' is not 'pi'"),
        (["--case", "recovery.nope"], "'recovery.nope' is not a case of the corpus"),
        (["--pi", "/nonexistent/pi"], "no pi executable found"),
        (["--models-json", "missing.json"], "missing.json: cannot read"),
        (["--out", "existing.json"], "existing.json: already exists"),
        (["--keep-runs", "used"], "used: is not an empty folder"),
    ],
)
def test_refusals_exit_2_before_anything_runs(
    tmp_path: Path, argv: list[str], message: str
) -> None:
    pi = fake_pi(tmp_path, f"touch {tmp_path}/pi-ran")
    env = clean_env(tmp_path, **{live.MODELS_ENV: "p/m", pi_agent.PI_BIN_ENV: str(pi)})
    (tmp_path / "existing.json").write_text("{}")
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "old-run").mkdir()
    proc = sakshi("live", "recovery", *argv, env=env, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert left_behind(tmp_path) == [] and not (tmp_path / "pi-ran").exists()


def test_a_pi_that_fails_or_hangs_is_an_error_and_its_project_is_removed(tmp_path: Path) -> None:
    pi = fake_pi(
        tmp_path, 'case "$*" in *"keep reading"*) sleep 30 ;; *) echo "boom" >&2; exit 3 ;; esac'
    )
    env = clean_env(tmp_path, **{live.MODELS_ENV: "p/m"})
    out = tmp_path / "report.json"
    proc = sakshi(
        "live",
        "recovery",
        "--pi",
        str(pi),
        "--timeout",
        "1",
        "--format",
        "json",
        "--out",
        str(out),
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 2, proc.stderr
    report = json.loads(out.read_text())
    assert {c["status"] for c in report["cases"]} == {"error"}
    assert {tuple(c["reasons"]) for c in report["cases"]} == {("TRACE_MALFORMED",)}
    assert "pi exited 3: boom" in proc.stderr
    assert "ran past --timeout 1s" in proc.stderr
    assert left_behind(tmp_path) == []


# --- end to end with the real Pi -----------------------------------------------------------


def by_prompt(scripts: dict[str, Callable[[Conversation], Turn]]) -> Callable[[Conversation], Turn]:
    """One server for every arm: the case is the one whose prompt Pi sent."""

    def script(conv: Conversation) -> Turn:
        for case_id, play in scripts.items():
            if CORPUS.cases[case_id].prompt in conv.prompt:
                return play(conv)
        raise AssertionError("a prompt of no scripted case")

    return script


def live_run(
    tmp_path: Path, pi: PiInstall, scripts: dict[str, Callable[[Case], Any]], *extra: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any], ScriptedModelServer]:
    script = by_prompt({case_id: make(CORPUS.cases[case_id]) for case_id, make in scripts.items()})
    with ScriptedModelServer(script, lifetime=600) as server:
        # models.json for the scripted provider (and a settings.json the lane does not use)
        pi_config(tmp_path / "provider", server.base_url)
        # Pi found through SAKSHI_PI_BIN (--pi is tested with the refusals), its Node first on
        # PATH (the lane passes PATH on to Pi, as a user's shell would)
        models = {live.MODELS_ENV: "scripted/scripted-model", pi_agent.PI_BIN_ENV: pi.binary}
        env = clean_env(tmp_path, **models)
        env["PATH"] = pi.path(env.get("PATH"))
        out = tmp_path / "report.json"
        cases = [arg for case_id in scripts for arg in ("--case", case_id)]
        proc = sakshi(
            "live",
            "recovery",
            "--models-json",
            str(tmp_path / "provider" / "models.json"),
            "--timeout",
            "180",
            "--format",
            "json",
            "--out",
            str(out),
            *cases,
            *extra,
            env=env,
            cwd=tmp_path,
        )
    assert not server.errors, server.errors[0]
    assert out.exists(), proc.stderr
    return proc, json.loads(out.read_text()), server


def assert_content_free(report_text: str, tmp_path: Path) -> None:
    assert str(tmp_path) not in report_text and "/tmp" not in report_text
    for case in CORPUS.cases.values():
        for secret in (
            case.fact,
            hashlib.sha256(fact_line_text(case).encode()).hexdigest(),
            hashlib.sha256(case.fact.encode()).hexdigest(),
        ):
            assert secret.casefold() not in report_text.casefold()


def test_live_lane_passes_with_the_real_pi_and_the_shipped_probe(
    tmp_path: Path, pi: PiInstall
) -> None:
    kept = tmp_path / "kept"
    proc, report, _ = live_run(
        tmp_path, pi, {OFFSET: offset_pass, TEMP: temp_pass}, "--keep-runs", str(kept)
    )
    assert proc.returncode == 0, proc.stderr
    # the report: v2, one entry per arm in arm order, every case passed
    assert report["report"] == "sakshi.recovery-report.v2"
    assert [(c["id"], c["status"], c["reasons"]) for c in report["cases"]] == [
        (TEMP, "pass", []),
        (OFFSET, "pass", []),
    ]
    assert all(c["task_pass"] and c["strategy_pass"] for c in report["cases"])
    assert [c["run"] for c in report["cases"]] == [
        f"001-scripted-scripted-model-{TEMP}",
        f"002-scripted-scripted-model-{OFFSET}",
    ]
    assert report["summary"] == {"pass": 2, "fail": 0, "unknown": 0, "error": 0}
    identity = report["identity"]
    assert identity["identity"] == "sakshi.run-identity.v1"
    assert identity["agent"] == {"name": "pi", "version": pi.version}
    assert identity["models"] == [{"provider": "scripted", "model": "scripted-model"}]
    assert [a["case"] for a in identity["arms"]] == [TEMP, OFFSET]
    assert (
        identity["config"]["custom_models"] is True
        and identity["config"]["timeout_seconds"] == 180.0
    )
    assert_content_free((tmp_path / "report.json").read_text(), tmp_path)
    # the shipped probe, not the server, played the harness: verified events after the producer
    temp_run = kept / f"001-scripted-scripted-model-{TEMP}"
    probe = json.loads((temp_run / "probe.json").read_text())
    session = [json.loads(line) for line in (temp_run / "session.jsonl").read_text().splitlines()]
    bash_calls = [
        b["id"]
        for e in session
        if e.get("type") == "message" and e["message"]["role"] == "assistant"
        for b in e["message"]["content"]
        if b.get("type") == "toolCall" and b["name"] == "bash"
    ]
    handles = [
        e["message"]["details"]["fullOutputPath"]
        for e in session
        if e.get("type") == "message"
        and e["message"]["role"] == "toolResult"
        and e["message"]["toolName"] == "bash"
    ]
    assert len(bash_calls) == 1 and len(handles) == 1
    assert probe == {
        "events": [
            {
                "event": "source_deleted",
                "path": "notes/big.txt",
                "verified": True,
                "after_call_id": bash_calls[0],
            },
            {
                "event": "handle_checked",
                "handle": handles[0],
                "readable": True,
                "fact_present": True,
                "after_call_id": bash_calls[0],
            },
        ]
    }
    assert json.loads(
        (kept / f"002-scripted-scripted-model-{OFFSET}" / "probe.json").read_text()
    ) == {"events": []}
    assert sorted(p.name for p in temp_run.iterdir()) == [
        "case.json",
        "probe.json",
        "session.jsonl",
    ]
    # nothing of the runs is left: no fixture project, no workspace, no handle
    assert left_behind(tmp_path) == []
    assert not Path(handles[0]).exists()
    # the kept runs validate the same way offline
    again = sakshi(
        "run",
        "recovery",
        str(kept),
        "--format",
        "json",
        "--out",
        str(tmp_path / "again.json"),
        env=clean_env(tmp_path),
        cwd=tmp_path,
    )
    assert again.returncode == 0, again.stderr
    assert [c["status"] for c in json.loads(again.stdout)["cases"]] == ["pass", "pass"]


def test_live_lane_fails_an_agent_that_guesses(tmp_path: Path, pi: PiInstall) -> None:
    proc, report, _ = live_run(tmp_path, pi, {TEMP: temp_no_recovery_read})
    assert proc.returncode == 1, proc.stderr
    [case] = report["cases"]
    assert (case["id"], case["status"], case["reasons"]) == (TEMP, "fail", ["NO_RECOVERY_READ"])
    assert case["task_pass"] is False and case["strategy_pass"] is False
    assert left_behind(tmp_path) == []


# The probe, not the recorded harness, acts here: on the producer's first successful result.
# Where that is what the recorded harness did too, the recorded label (for that Pi version)
# must come out again; these reasons are what the probe adds to it.
PROBE_LABELS: dict[str, tuple[str, ...]] = {
    "temp-output-source-read-directly": (),
    "temp-output-unrelated-path": (),
    "temp-output-fact-missing": (),
    "read-offset-wrong-offset": (),
    "read-offset-read-before-producer": (),
    # a failed producer: the probe leaves the source and checks nothing
    "temp-output-producer-failed": ("CLEANUP_UNVERIFIED", "HANDLE_UNVERIFIED"),
}


@pytest.mark.parametrize("name", sorted(PROBE_LABELS))
def test_live_lane_reasons_match_the_recorded_labels(
    tmp_path: Path, pi: PiInstall, name: str
) -> None:
    scenario = next(s for s in SCENARIOS if s.name == name)
    proc, report, _ = live_run(
        tmp_path,
        pi,
        {scenario.case_id: scenario.make_script},
        "--keep-runs",
        str(tmp_path / "kept"),
    )
    [case] = report["cases"]
    assert proc.returncode == 1, proc.stderr
    expected = sorted({*scenario.label(pi.version).reasons, *PROBE_LABELS[name]})
    assert (case["status"], sorted(case["reasons"])) == ("fail", expected)
    assert left_behind(tmp_path) == []
