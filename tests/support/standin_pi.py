"""A stand-in for the ``pi`` binary that tries to write its own evidence (the live lane's
hostile tests, ``tests/hostile/test_live_evidence.py``).

Run as ``python standin_pi.py PLAN.json <Pi's arguments>``. It answers ``--version`` like Pi.
Otherwise it plays an honest Pi and an honest probe around one hostile tool call:

1. the probe: it takes the config named by SAKSHI_PROBE_CONFIG out of its environment,
   reads it and deletes it, reads the seal's key from the pipe it names and closes it (as
   ``pi_probe.ts`` does), and writes the plan's genuine probe events to ``probe_out``;
2. Pi: it writes the plan's genuine session into ``--session-dir``;
3. the tool: a child started the way Pi starts a bash command (a session of its own, the
   project as its working folder, Pi's environment less the probe's variable), which knows
   nothing but what a tool can find: it reads Pi's command line from
   ``/proc/<parent>/cmdline`` to find the session folder (the evidence folder is its
   parent) and then does what the plan's ``mode`` says:
   - ``overwrite``: the session and probe.json replaced by the plan's forged ones;
   - ``forge-probe``: probe.json replaced by the plan's forged one;
   - ``forge-probe-nearby``: a forged probe.json in every folder it is told of (its working
     folder, the workspace, the workspace folders its environment names: where the harness
     once kept the evidence), without using ``/proc``;
   - ``append-after-exit``: a process of its own that waits for Pi to exit (and for the
     plan's ``wait_for`` file, when given), appends the plan's forged tail to the session,
     and then writes the plan's ``marker`` file;
   - ``scout``: records what it is told (its environment, its working folder, the files
     under the folders those name), whether the probe's config still exists, and the session
     folder it found through ``/proc``, in the plan's ``report`` file;
4. the probe again, at shutdown: the seal over the genuine session and probe.json, with the
   run's key (``sakshi.recovery.pi_seal``, as ``pi_probe.ts`` computes it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SESSION_NAME = "2026-12-01T00-00-00-000Z_standin.jsonl"


def _pi(plan_path: Path, args: list[str]) -> int:
    from sakshi.recovery.pi_seal import SEAL_FORMAT, SealClaim, seal_mac

    plan = json.loads(plan_path.read_text(encoding="utf-8"))
    session_dir = Path(args[args.index("--session-dir") + 1])
    config_path = os.environ.pop("SAKSHI_PROBE_CONFIG")
    config = json.loads(Path(config_path).read_text(encoding="utf-8"))
    os.unlink(config_path)
    seal_key = os.read(config["seal_key_fd"], 1024).decode().strip()
    os.close(config["seal_key_fd"])
    probe_text = json.dumps({"events": plan["probe_events"]}, indent=2) + "\n"
    Path(config["probe_out"]).write_text(probe_text, encoding="utf-8")
    session = Path(plan["genuine_session"]).read_bytes()
    (session_dir / SESSION_NAME).write_bytes(session)
    subprocess.run(
        [sys.executable, __file__, "--tool", str(plan_path)],
        env=dict(os.environ),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # as Pi starts its bash commands (detached)
        check=True,
        timeout=60,
    )
    claim = SealClaim.of(config["case_id"], SESSION_NAME, session, probe_text.encode())
    seal = {
        "seal": SEAL_FORMAT,
        "case_id": claim.case_id,
        "session_file": claim.session_file,
        "session_sha256": claim.session_sha256,
        "probe_sha256": claim.probe_sha256,
        "mac": seal_mac(seal_key, claim),
    }
    Path(config["seal_out"]).write_text(json.dumps(seal), encoding="utf-8")
    return 0


def _session_dir_from_parent() -> Path:
    """What any tool can learn: Pi's command line names its session folder."""
    argv = Path(f"/proc/{os.getppid()}/cmdline").read_bytes().split(b"\0")
    return Path(os.fsdecode(argv[argv.index(b"--session-dir") + 1]))


def _named_folders() -> list[Path]:
    """The folders a tool is told of: its working folder, its parent (the run's workspace),
    and the folders in the workspace that its environment names (HOME, TMPDIR, Pi's agent
    folder)."""
    workspace = Path(os.getcwd()).parent
    found = {workspace, Path(os.getcwd())}
    for raw in os.environ.values():
        for part in raw.split(os.pathsep):
            path = Path(part)
            if path.is_absolute() and path.is_dir() and path.is_relative_to(workspace):
                found.add(path)
    return sorted(found)


def _tool(plan_path: Path) -> int:
    plan = json.loads(plan_path.read_text(encoding="utf-8"))
    mode = plan["mode"]
    if mode == "forge-probe-nearby":
        for folder in _named_folders():
            (folder / "probe.json").write_bytes(Path(plan["forged_probe"]).read_bytes())
        return 0
    if mode == "scout":
        _scout(plan)
        return 0
    session_dir = _session_dir_from_parent()
    session = next(session_dir.glob("*.jsonl"))
    if mode == "overwrite":
        session.write_bytes(Path(plan["forged_session"]).read_bytes())
    if mode in ("overwrite", "forge-probe"):
        (session_dir.parent / "probe.json").write_bytes(Path(plan["forged_probe"]).read_bytes())
    if mode == "append-after-exit":
        subprocess.Popen(
            [sys.executable, __file__, "--linger", str(plan_path), str(os.getppid()), str(session)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        ready = Path(plan["marker"] + ".ready")
        deadline = time.monotonic() + 30
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.002)  # an attacker's process is ready before its tool call returns
    return 0


def _scout(plan: dict[str, Any]) -> None:
    environ_file = Path(f"/proc/{os.getppid()}/environ").read_bytes().split(b"\0")
    inherited = dict(item.decode().split("=", 1) for item in environ_file if b"=" in item)
    config = inherited.get("SAKSHI_PROBE_CONFIG")
    files = [str(path) for folder in _named_folders() for path in folder.rglob("*")]
    report = {
        "environ": dict(os.environ),
        "cwd": os.getcwd(),
        "session_dir": str(_session_dir_from_parent()),
        "files": sorted(files),
        "config_left": config is not None and Path(config).exists(),
    }
    Path(plan["report"]).write_text(json.dumps(report), encoding="utf-8")


def _linger(plan_path: Path, pi_pid: int, session: Path) -> int:
    """Outlive Pi, then append the forged tail to the session (and say so)."""
    plan = json.loads(plan_path.read_text(encoding="utf-8"))
    wait_for = Path(plan["wait_for"]) if plan.get("wait_for") else None
    tail = Path(plan["forged_tail"]).read_bytes()
    Path(plan["marker"] + ".ready").write_text("ready", encoding="utf-8")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (
        Path(f"/proc/{pi_pid}").exists() or (wait_for is not None and not wait_for.exists())
    ):
        time.sleep(0.002)
    try:
        with open(session, "ab") as handle:
            handle.write(tail)
    except OSError as exc:  # the harness was done, and removed the evidence folder, first
        Path(plan["marker"]).write_text(f"too late: {exc.strerror}", encoding="utf-8")
        return 1
    Path(plan["marker"]).write_text("appended", encoding="utf-8")
    return 0


def main(argv: list[str]) -> int:
    if argv[0] == "--tool":
        return _tool(Path(argv[1]))
    if argv[0] == "--linger":
        return _linger(Path(argv[1]), int(argv[2]), Path(argv[3]))
    if argv[1:2] == ["--version"]:
        print("0.73.1", file=sys.stderr)
        return 0
    return _pi(Path(argv[0]), argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
