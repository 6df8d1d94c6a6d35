"""The live lane: the agent cannot write its own evidence (issue 11, item 4).

The agent's tools run as the same user as the agent (root in CI), so they can find the
session and the probe's output (Pi's command line names the session folder) and write them.
What must hold: nothing the tools are told names the evidence; a change to it, during the
run or after the harness sealed it, makes the run ``error``, never ``pass``.

A stand-in agent (``tests/support/standin_pi.py``) plays an honest Pi and probe around one
hostile tool call; with Pi installed (SAKSHI_PI_BIN), the real Pi runs a scripted model whose
bash command makes the same attack. Each attack writes evidence that passes on its own: the
kept run folder, validated offline, is green; only the seal stands between it and green.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

SUPPORT = Path(__file__).resolve().parents[1] / "support"
sys.path.insert(0, str(SUPPORT))

from live_process import clean_env
from live_process import sakshi as run_sakshi
from record_pi import pi_config
from scripted_model import Conversation, ScriptedModelServer, Turn, bash

from sakshi.recovery import live, pi_agent
from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.lane import RunRecord
from sakshi.recovery.pi_seal import SEAL_FORMAT, SealClaim, check_seal, seal_mac
from sakshi.recovery.validate import Status

REPO = Path(__file__).resolve().parents[2]
CORPUS = load_corpus(REPO / "src" / "sakshi" / "corpora" / "recovery.yaml")
FIXTURES = REPO / "tests" / "fixtures" / "recovery" / "pi"
PASSING = FIXTURES / "temp-output-pass"  # a real Pi run that passes: the forger's material
FAILING = FIXTURES / "temp-output-no-recovery-read"
TEMP, OFFSET = "recovery.bash-temp-output", "recovery.read-offset"
RUN = f"001-p-m-{TEMP}"
ARM = live.plan_arms(live.parse_models("p/m"), CORPUS, [TEMP])[0]
PI = os.environ.get(pi_agent.PI_BIN_ENV) or None
needs_pi = pytest.mark.skipif(PI is None, reason="set SAKSHI_PI_BIN to run the real Pi")


def events(folder: Path) -> list[Any]:
    events_list: list[Any] = json.loads((folder / "probe.json").read_text())["events"]
    return events_list


def standin(tmp_path: Path, mode: str, **plan: Any) -> Path:
    """The stand-in `pi` for one attack (``standin_pi.py``'s plan)."""
    plan_path = tmp_path / "plan.json"
    plan_path.write_text(json.dumps({"mode": mode, **plan}))
    pi = tmp_path / "bin" / "pi"
    pi.parent.mkdir()
    script = SUPPORT / "standin_pi.py"
    pi.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{script}" "{plan_path}" "$@"\n')
    pi.chmod(pi.stat().st_mode | stat.S_IXUSR)
    return pi


def scout(tmp_path: Path) -> Path:
    """The stand-in for an honest run of a passing Pi session whose tool reports what it
    can see to ``scout.json``."""
    return standin(
        tmp_path,
        "scout",
        genuine_session=str(PASSING / "session.jsonl"),
        probe_events=events(PASSING),
        report=str(tmp_path / "scout.json"),
    )


def forge_probe(tmp_path: Path, mode: str) -> Path:
    """The stand-in for a run the probe saw no deletion in, whose tool forges a probe.json
    (``mode`` says where it writes it)."""
    return standin(
        tmp_path,
        mode,
        genuine_session=str(PASSING / "session.jsonl"),
        probe_events=[],
        forged_probe=str(PASSING / "probe.json"),
    )


def run_in_process(pi: Path, kept: Path) -> RunRecord:
    """The lane's runs of ``TEMP`` with the stand-in ``pi``, in this process (so a test can
    patch ``live``), run folders kept in ``kept``."""
    agent = pi_agent.PiAgent(str(pi), 60.0, {"PATH": os.environ.get("PATH", os.defpath)})
    arms = live.plan_arms(live.parse_models("p/m"), CORPUS, [TEMP])
    [record] = live.run_arms(arms, agent, CORPUS, kept)
    return record


def sakshi(tmp_path: Path, *argv: str, **extra: str) -> subprocess.CompletedProcess[str]:
    """``python -m sakshi ARGV`` in ``tmp_path``, its own temp folder, ``extra`` in its env."""
    return run_sakshi(*argv, env=clean_env(tmp_path, **extra), cwd=tmp_path)


def live_lane(
    tmp_path: Path, pi: Path | str, case_id: str = TEMP, model: str = "p/m", *extra: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """``sakshi live recovery`` on one case, runs kept in ``kept/``; the report and stderr."""
    out = tmp_path / "report.json"
    proc = sakshi(
        tmp_path,
        "live", "recovery", "--pi", str(pi), "--case", case_id, "--timeout", "120",
        "--format", "json", "--out", str(out), "--keep-runs", str(tmp_path / "kept"), *extra,
        **{live.MODELS_ENV: model},
    )  # fmt: skip
    assert out.exists(), proc.stderr
    return proc, json.loads(out.read_text())


def offline(tmp_path: Path) -> list[str]:
    """The kept run folders validated on their own, as `sakshi run recovery` does."""
    proc = sakshi(
        tmp_path, "run", "recovery", str(tmp_path / "kept"), "--format", "json",
        "--out", str(tmp_path / "offline.json"),
    )  # fmt: skip
    return [case["status"] for case in json.loads(proc.stdout)["cases"]]


def single(report: dict[str, Any]) -> tuple[str, list[str]]:
    [case] = report["cases"]
    return case["status"], case["reasons"]


def nothing_left(tmp_path: Path) -> bool:
    return not any((tmp_path / "systmp").iterdir())


# --- the stand-in agent --------------------------------------------------------------------


def test_an_honest_run_with_the_stand_in_passes(tmp_path: Path) -> None:
    # The protocol works: genuine evidence, sealed by the probe, is graded and passes.
    pi = scout(tmp_path)
    proc, report = live_lane(tmp_path, pi)
    assert proc.returncode == 0, proc.stderr
    assert single(report) == ("pass", [])
    assert nothing_left(tmp_path)


def test_the_tools_are_not_told_where_the_evidence_is(tmp_path: Path) -> None:
    pi = scout(tmp_path)
    live_lane(tmp_path, pi)
    seen = json.loads((tmp_path / "scout.json").read_text())
    evidence = str(Path(seen["session_dir"]).parent)
    assert Path(evidence).name.startswith("sakshi-evidence-")
    # not in its environment, its working folder, or any file under the folders those name
    assert "SAKSHI_PROBE_CONFIG" not in seen["environ"]
    assert all(evidence not in value for value in seen["environ"].values())
    assert evidence not in seen["cwd"] and not seen["cwd"].startswith(evidence)
    assert seen["files"] and not any(name.startswith(evidence) for name in seen["files"])
    assert not any(Path(name).name in ("probe.json", "seal.json") for name in seen["files"])
    assert not any(name.endswith(".jsonl") for name in seen["files"])
    # the probe's config (the seal's key and the evidence's place) was gone before the tool ran
    assert seen["config_left"] is False
    assert not any(Path(name).name == "sakshi-probe.json" for name in seen["files"])


def test_a_session_overwritten_by_a_tool_is_an_error(tmp_path: Path) -> None:
    # (a) a failing run whose tool replaces the session (and probe.json) with a passing one
    pi = standin(
        tmp_path,
        "overwrite",
        genuine_session=str(FAILING / "session.jsonl"),
        probe_events=events(FAILING),
        forged_session=str(PASSING / "session.jsonl"),
        forged_probe=str(PASSING / "probe.json"),
    )
    proc, report = live_lane(tmp_path, pi)
    assert proc.returncode == 2, proc.stderr
    assert single(report) == ("error", ["TRACE_MALFORMED"])
    assert "the session file is not the session Pi held when the probe sealed it" in proc.stderr
    kept = tmp_path / "kept" / RUN
    assert (kept / "session.jsonl").read_bytes() == (PASSING / "session.jsonl").read_bytes()
    assert offline(tmp_path) == ["pass"]  # the forgery alone passes: the seal refused it
    assert nothing_left(tmp_path)


def test_a_probe_claiming_verified_deletion_is_an_error(tmp_path: Path) -> None:
    # (b) a run the probe saw no deletion in; the tool writes a probe.json that claims one
    pi = forge_probe(tmp_path, "forge-probe")
    proc, report = live_lane(tmp_path, pi)
    assert proc.returncode == 2, proc.stderr
    assert single(report) == ("error", ["TRACE_MALFORMED"])
    assert "probe.json is not the one the probe wrote" in proc.stderr
    assert events(tmp_path / "kept" / RUN) == events(PASSING)
    assert offline(tmp_path) == ["pass"]
    assert nothing_left(tmp_path)


def test_a_probe_written_where_the_tools_are_told_is_never_read(tmp_path: Path) -> None:
    # (b) without /proc: a forged probe.json in every folder the tool is told of
    pi = forge_probe(tmp_path, "forge-probe-nearby")
    proc, report = live_lane(tmp_path, pi)
    assert proc.returncode == 1, proc.stderr
    status, reasons = single(report)
    assert status == "fail" and "CLEANUP_UNVERIFIED" in reasons
    assert events(tmp_path / "kept" / RUN) == []
    assert nothing_left(tmp_path)


def append_plan(tmp_path: Path, wait_for: Path | None = None) -> dict[str, Any]:
    """(c) a run cut short after the producer's result (it fails: no recovery read), whose
    tool leaves a process that appends the rest of a passing session once Pi has exited."""
    lines = (PASSING / "session.jsonl").read_bytes().splitlines(keepends=True)
    (tmp_path / "head.jsonl").write_bytes(b"".join(lines[:6]))
    (tmp_path / "tail.jsonl").write_bytes(b"".join(lines[6:]))
    return {
        "genuine_session": str(tmp_path / "head.jsonl"),
        "probe_events": events(PASSING),
        "forged_tail": str(tmp_path / "tail.jsonl"),
        "marker": str(tmp_path / "appended"),
        "wait_for": None if wait_for is None else str(wait_for),
    }


def wait_for(path: Path, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_a_session_appended_to_after_exit_never_passes(tmp_path: Path) -> None:
    pi = standin(tmp_path, "append-after-exit", **append_plan(tmp_path))
    proc, report = live_lane(tmp_path, pi)
    wait_for(tmp_path / "appended")
    assert (tmp_path / "appended").exists()  # the attack was made (in time or too late)
    status, reasons = single(report)
    # The appender races the harness: caught (error), or too late to matter (the genuine fail).
    assert status != "pass"
    assert (status, reasons) in (("error", ["TRACE_MALFORMED"]), ("fail", ["NO_RECOVERY_READ"]))
    if status == "error":
        assert "sakshi: error: " in proc.stderr and "session" in proc.stderr


def test_an_append_after_sealing_is_caught_before_the_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (c) made deterministic: the appender waits until the harness has sealed the evidence
    # (the run folder holds it), and validation waits until the append is done.
    kept = tmp_path / "kept"
    pi = standin(tmp_path, "append-after-exit", **append_plan(tmp_path, kept / RUN / "probe.json"))
    real_judge_run = live.judge_run

    def slow_judge_run(*args: Any) -> RunRecord:
        wait_for(tmp_path / "appended")
        return real_judge_run(*args)

    monkeypatch.setattr(live, "judge_run", slow_judge_run)
    record = run_in_process(pi, kept)
    assert (tmp_path / "appended").read_text() == "appended"
    assert record.result.status is Status.ERROR
    assert record.error is not None
    assert "session.jsonl changed where the agent left it after the harness sealed it" in (
        record.error
    )


def test_each_run_loads_the_probe_read_when_the_lane_started(tmp_path: Path) -> None:
    # A tool of one run that rewrites the installed probe changes nothing for the next run:
    # every run loads a fresh copy of the bytes the agent read once, and the identity hashes
    # those bytes.
    shipped = pi_agent.probe_path().read_bytes()
    agent = pi_agent.PiAgent("/opt/pi", 60.0, {})
    assert agent.probe_source == shipped
    assert agent.config()["probe_sha256"] == hashlib.sha256(shipped).hexdigest()
    edited = pi_agent.PiAgent("/opt/pi", 60.0, {}, probe_source=b"// rewritten by a tool\n")
    (tmp_path / "workspace").mkdir()
    (tmp_path / "evidence").mkdir()
    edited.prepare(ARM, tmp_path / "workspace", tmp_path / "evidence", 9)
    assert (tmp_path / "evidence" / "pi_probe.ts").read_bytes() == b"// rewritten by a tool\n"
    config = json.loads((tmp_path / "workspace" / "agent" / "sakshi-probe.json").read_text())
    assert config["seal_key_fd"] == 9 and "seal_key" not in config  # no key in any file
    assert config["probe_out"].startswith(str(tmp_path / "evidence"))
    assert not any(p.suffix == ".jsonl" for p in (tmp_path / "workspace").rglob("*"))


# --- the seal and the harness's checks (plain data) ----------------------------------------


KEY = "5e" * 32
SESSION, PROBE = b'{"type":"session"}\n', b'{"events": []}\n'


def seal_bytes(claim: SealClaim, key: str = KEY, **override: str) -> bytes:
    body = {
        "seal": SEAL_FORMAT,
        "case_id": claim.case_id,
        "session_file": claim.session_file,
        "session_sha256": claim.session_sha256,
        "probe_sha256": claim.probe_sha256,
        "mac": seal_mac(key, claim),
    }
    return json.dumps({**body, **override}).encode()


def test_a_genuine_seal_holds_for_exactly_its_bytes() -> None:
    claim = SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE)
    assert check_seal(seal_bytes(claim), KEY, claim) is None
    assert claim.session_sha256 == hashlib.sha256(SESSION).hexdigest()


@pytest.mark.parametrize(
    ("found", "message"),
    [
        (SealClaim.of(TEMP, "s.jsonl", SESSION + b"{}\n", PROBE), "not the session Pi held"),
        (SealClaim.of(TEMP, "s.jsonl", b"", PROBE), "not the session Pi held"),
        (SealClaim.of(TEMP, "other.jsonl", SESSION, PROBE), "not the session Pi held"),
        (SealClaim.of(TEMP, "s.jsonl", SESSION, b'{"events": [1]}'), "probe.json is not the one"),
        (SealClaim.of(OFFSET, "s.jsonl", SESSION, PROBE), "for another case"),
    ],
)
def test_evidence_that_is_not_what_was_sealed_is_refused(found: SealClaim, message: str) -> None:
    sealed = SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE)
    problem = check_seal(seal_bytes(sealed), KEY, found)
    assert problem is not None and message in problem


@pytest.mark.parametrize(
    "seal",
    [
        b"",
        b"not json",
        b"[]",
        b'{"seal": "sakshi.pi-seal.v1"}',
        # a seal made without the run's key, for the forged evidence itself
        seal_bytes(SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE), key="00" * 32),
        seal_bytes(SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE), mac="0" * 64),
        seal_bytes(SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE), seal="sakshi.pi-seal.v0"),
        seal_bytes(SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE), extra="x"),
    ],
)
def test_a_forged_or_damaged_seal_is_refused(seal: bytes) -> None:
    claim = SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE)
    problem = check_seal(seal, KEY, claim)
    assert problem is not None and "damaged or forged" in problem


def test_no_seal_is_unproven_evidence() -> None:
    problem = check_seal(None, KEY, SealClaim.of(TEMP, "s.jsonl", SESSION, PROBE))
    assert problem is not None and "did not seal the run" in problem


def sealed_run(tmp_path: Path) -> tuple[live.RunOutcome, Path]:
    origin = tmp_path / "evidence" / "session.jsonl"
    origin.parent.mkdir()
    origin.write_bytes(SESSION)
    sealed = live.seal_file("session.jsonl", origin)
    assert sealed is not None
    outcome = live.RunOutcome((sealed,))
    live.collect(ARM, outcome, tmp_path / "run")
    return outcome, tmp_path / "run"


def test_the_run_folder_holds_the_sealed_bytes_and_a_change_is_named(tmp_path: Path) -> None:
    outcome, folder = sealed_run(tmp_path)
    assert (folder / "session.jsonl").read_bytes() == SESSION
    assert live.evidence_changed(ARM, outcome, folder) is None
    origin = outcome.files[0].origin
    with open(origin, "ab") as handle:
        handle.write(b"{}\n")
    problem = live.evidence_changed(ARM, outcome, folder)
    assert problem is not None and "changed where the agent left it" in problem
    origin.write_bytes(SESSION)
    (folder / "session.jsonl").write_bytes(SESSION + b"{}\n")
    problem = live.evidence_changed(ARM, outcome, folder)
    assert problem is not None and "in the run folder changed" in problem


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("trace.jsonl", SESSION),  # read before the session: a forgery slipped in
        ("trace.json", SESSION),
        ("probe.json", PROBE),
        ("case.json", b'{"case_id": "recovery.read-offset"}\n'),
    ],
)
def test_a_file_slipped_into_the_run_folder_is_a_change(
    tmp_path: Path, name: str, data: bytes
) -> None:
    outcome, folder = sealed_run(tmp_path)
    (folder / name).write_bytes(data)
    problem = live.evidence_changed(ARM, outcome, folder)
    assert problem is not None and "run folder" in problem


def test_evidence_deleted_or_swapped_for_a_link_after_sealing_is_a_change(tmp_path: Path) -> None:
    outcome, folder = sealed_run(tmp_path)
    origin = outcome.files[0].origin
    origin.unlink()
    assert live.evidence_changed(ARM, outcome, folder) is not None
    elsewhere = tmp_path / "copy.jsonl"
    elsewhere.write_bytes(SESSION)
    origin.symlink_to(elsewhere)  # the same bytes, through a link: not the sealed file
    assert live.evidence_changed(ARM, outcome, folder) is not None


@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder", "missing"])
def test_only_a_regular_file_is_sealed_and_nothing_hangs(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "session.jsonl"
    if kind == "fifo":
        os.mkfifo(target)  # reading a FIFO nobody writes to would block forever
    elif kind == "symlink":
        target.symlink_to("/dev/zero")  # or never end
    elif kind == "folder":
        target.mkdir()
    # Refused by its kind, never read: a FIFO opened to read would block this very call.
    assert live.seal_file("session.jsonl", target) is None


# --- the real Pi, attacked by its model's own bash commands ----------------------------------

# What a tool can learn without being told: Pi hides its command line (process.title), but
# the system temp folder, two levels above the tool's TMPDIR, lists the evidence folder.
# `set -eu` and the test: a wrong guess must stop the command, not write elsewhere.
FIND_SESSIONS = 'set -eu; d=$(ls -d "$TMPDIR"/../../sakshi-evidence-*/sessions); test -d "$d"; '


def pi_attack(tmp_path: Path, command: str, case_id: str) -> tuple[str, list[str], str]:
    """The real Pi on ``case_id`` whose model runs ``command`` once, then answers."""
    assert PI is not None

    def script(conv: Conversation) -> Turn:
        if conv.first_call("bash") is None:
            return Turn.call(bash(command))
        return Turn.say("done")

    with ScriptedModelServer(script, lifetime=300) as server:
        pi_config(tmp_path / "provider", server.base_url)
        models = ("--models-json", str(tmp_path / "provider" / "models.json"))
        proc, report = live_lane(tmp_path, PI, case_id, "scripted/scripted-model", *models)
    assert not server.errors, server.errors[0]
    status, reasons = single(report)
    return status, reasons, proc.stderr


@needs_pi
def test_real_pi_a_session_overwritten_by_the_models_bash_is_an_error(tmp_path: Path) -> None:
    forged = PASSING / "session.jsonl"
    command = FIND_SESSIONS + f'for f in "$d"/*.jsonl; do cp {forged} "$f"; done; echo ok'
    status, reasons, stderr = pi_attack(tmp_path, command, TEMP)
    assert (status, reasons) == ("error", ["TRACE_MALFORMED"])
    assert "the session file is not the session Pi held when the probe sealed it" in stderr
    # the attack landed: what the harness read starts with the forgery (Pi appended the rest)
    kept = tmp_path / "kept" / f"001-scripted-scripted-model-{TEMP}" / "session.jsonl"
    assert kept.read_bytes().startswith(forged.read_bytes())
    assert nothing_left(tmp_path)


@needs_pi
def test_real_pi_a_probe_forged_by_the_models_bash_is_an_error(tmp_path: Path) -> None:
    forged = PASSING / "probe.json"
    command = FIND_SESSIONS + f'cp {forged} "$d/../probe.json"; echo ok'
    status, reasons, stderr = pi_attack(tmp_path, command, OFFSET)
    assert (status, reasons) == ("error", ["TRACE_MALFORMED"])
    assert "probe.json is not the one the probe wrote" in stderr
    kept = tmp_path / "kept" / f"001-scripted-scripted-model-{OFFSET}" / "probe.json"
    assert kept.read_bytes() == forged.read_bytes()  # the attack landed
    assert nothing_left(tmp_path)


def test_the_verdict_is_judged_from_the_sealed_bytes_not_the_run_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A forged trace that appears in the run folder while the validator works is never what
    # it reads: the live lane judges the bytes it sealed.
    kept = tmp_path / "kept"
    pi = scout(tmp_path)
    real_judge_run = live.judge_run
    seen: list[bytes] = []

    def spying_judge_run(*args: Any) -> RunRecord:
        (kept / RUN / "trace.jsonl").write_bytes(b"{}\n")  # read first by run_folder
        seen.append(args[3].trace)
        return real_judge_run(*args)

    monkeypatch.setattr(live, "judge_run", spying_judge_run)
    record = run_in_process(pi, kept)
    assert seen == [(kept / RUN / "session.jsonl").read_bytes()]
    # The slipped file is still a change, named as such: the run is an error.
    assert record.result.status is Status.ERROR
    assert record.error is not None and "run folder" in record.error
