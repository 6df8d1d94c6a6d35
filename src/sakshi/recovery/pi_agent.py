"""The Pi coding agent for the live lane: isolated runs with sakshi's probe.

One run (``PiAgent.run``) in a workspace:

- ``project/``: the fixture project, holding only the case's generated source; Pi's cwd;
- ``agent/``: Pi's isolated agent dir (``PI_CODING_AGENT_DIR``): ``settings.json`` (no
  retries, no compaction, no telemetry), the ``--models-json`` copy when given, and
  ``sakshi-probe.json``, the probe's configuration (outside the project, holding the
  SHA-256 of the fact's line, never the fact; the probe deletes it as it loads);
- ``home/``, ``tmp/`` (Pi's bash writes its full-output handles to ``TMPDIR``);

and an evidence folder apart from the workspace, which neither the prompt, nor Pi's
environment, nor anything left in the workspace names: ``sessions/`` (Pi's session),
``probe.json`` and ``seal.json`` (the probe's), and the copy of the probe Pi loads.

Pi runs as ``pi --provider P --model M --session-dir <evidence>/sessions --tools read,bash
--no-extensions --no-skills --no-prompt-templates --no-themes --no-context-files
-e <probe> -p <prompt>``: nothing is discovered, and the probe (``probes/pi_probe.ts``) is
loaded explicitly (every certified Pi, 0.73.1, 0.85.1 and 1.6.0, loads ``-e`` paths under
``--no-extensions``, and its extension API has the probe's two events unchanged). Pi runs
on the Node first on the caller's PATH (0.85 and later need Node >= 22.19). Its environment
is built from nothing: PATH, network settings and the arm's provider credentials from the
caller, the isolation variables, and the probe's config path. The run's seal key reaches
the probe through an inherited pipe, never a file. When Pi has exited, its process group is
stopped and the evidence is sealed: read once and kept only if the probe's seal holds for
exactly those bytes (``pi_seal``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from sakshi.errors import InputError
from sakshi.inputs import read_json
from sakshi.recovery.corpus import Case, CaseKind, generate_source, run_config
from sakshi.recovery.live import Arm, RunOutcome
from sakshi.recovery.pi_credentials import credential_names
from sakshi.recovery.pi_seal import SEAL_FORMAT, key_pipe, new_seal_key, seal_evidence

__all__ = [
    "PI_BIN_ENV",
    "PI_FLAGS",
    "PiAgent",
    "credential_names",
    "find_pi",
    "pi_argv",
    "pi_env",
    "probe_config",
    "probe_path",
    "read_models_json",
]

PI_BIN_ENV = "SAKSHI_PI_BIN"
PROBE_ENV = "SAKSHI_PROBE_CONFIG"
PROBE_FORMAT = "sakshi.pi-probe.v2"
PI_TOOLS = "read,bash"
# Pi discovers nothing on its own (extensions, skills, templates, themes, AGENTS.md): the run
# sees only the project, the prompt and the probe, which is passed explicitly with -e.
PI_FLAGS = (
    "--no-extensions",
    "--no-skills",
    "--no-prompt-templates",
    "--no-themes",
    "--no-context-files",
)
PI_SETTINGS: Mapping[str, Any] = {
    "enableInstallTelemetry": False,
    "quietStartup": True,
    "compaction": {"enabled": False},
    "retry": {"enabled": False, "provider": {"maxRetries": 0}},
}
_ISOLATION = {
    "LANG": "C.UTF-8",
    "PI_OFFLINE": "1",
    "PI_TELEMETRY": "0",
    "PI_SKIP_VERSION_CHECK": "1",
}
_NETWORK = (
    "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY",
    "http_proxy", "https_proxy", "no_proxy", "all_proxy",
    "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR",
)  # fmt: skip
_ENV_NAME = re.compile(r"[A-Z_][A-Z0-9_]*\Z")
_VERSION = re.compile(r"\b(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.\-]+)?)\b")


# --- pure ----------------------------------------------------------------------------------


def pi_argv(pi: str, arm: Arm, session_dir: Path, probe: Path) -> list[str]:
    """Pi's command line for one arm: its model, its case prompt, the probe, nothing else."""
    model = ["--provider", arm.model.provider, "--model", arm.model.model]
    return [pi, *model, "--session-dir", str(session_dir), "--tools", PI_TOOLS, *PI_FLAGS,
            "-e", str(probe), "-p", arm.case.prompt]  # fmt: skip


def probe_config(case: Case, project: Path, evidence: Path, seal_key_fd: int) -> dict[str, Any]:
    """What the probe needs: ``corpus.run_config`` (the SHA-256 of the fact's line, never the
    fact) plus the project, the producer (None for a read-offset case), where to write its
    events and its seal (in the evidence folder) and the pipe that holds the seal's key."""
    config: dict[str, Any] = json.loads(run_config(case)["sakshi-probe.json"])
    producer = case.producer if case.kind is CaseKind.TEMP_OUTPUT else None
    config.update(
        {
            "probe": PROBE_FORMAT,
            "project": str(project),
            "producer": producer,
            "probe_out": str(evidence / "probe.json"),
            "seal_out": str(evidence / "seal.json"),
            "seal_key_fd": seal_key_fd,
        }
    )
    return config


def pi_env(
    environ: Mapping[str, str], credentials: Iterable[str], workspace: Path, probe_file: Path | None
) -> dict[str, str]:
    """Pi's whole environment: PATH, network settings and the named credentials from the
    caller; HOME, TMPDIR and the agent dir inside the workspace; Pi kept offline otherwise
    (no version check, no telemetry). Nothing else is inherited."""
    env = {"PATH": environ.get("PATH", os.defpath)}
    env.update({name: environ[name] for name in _NETWORK if name in environ})
    env.update({name: environ[name] for name in credentials if name in environ})
    env.update(_ISOLATION)
    env["HOME"] = str(workspace / "home")
    env["TMPDIR"] = str(workspace / "tmp")
    env["PI_CODING_AGENT_DIR"] = str(workspace / "agent")
    if probe_file is not None:
        env[PROBE_ENV] = str(probe_file)
    return env


# --- the shell -----------------------------------------------------------------------------


def probe_path() -> Path:
    """The shipped probe (package data)."""
    return Path(str(files("sakshi") / "probes" / "pi_probe.ts"))


def find_pi(option: str | None, environ: Mapping[str, str]) -> str:
    """``--pi``, else ``SAKSHI_PI_BIN``, else ``pi`` on PATH: an executable, or exit 2."""
    named = option or environ.get(PI_BIN_ENV) or "pi"
    found = shutil.which(named, path=environ.get("PATH"))
    if found is None:
        where = "--pi" if option else PI_BIN_ENV if environ.get(PI_BIN_ENV) else "PATH"
        raise InputError(
            where,
            None,
            f"no pi executable found ({named!r}); install @earendil-works/pi-coding-agent "
            f"(or @mariozechner/pi-coding-agent up to 0.73) and pass --pi PATH or set "
            f"{PI_BIN_ENV}; nothing was run",
        )
    return str(Path(found).resolve())


def read_models_json(path: Path) -> tuple[bytes, dict[str, frozenset[str]]]:
    """The ``--models-json`` bytes (copied as they are) and, per provider, the environment
    variables its ``apiKey`` and ``headers`` name (Pi resolves such names from the env)."""
    parsed, data = read_json(path)
    providers = parsed.get("providers") if isinstance(parsed, dict) else None
    if not isinstance(providers, dict):
        raise InputError(
            str(path), "providers", "expected an object of providers (Pi's models.json)"
        )
    names: dict[str, frozenset[str]] = {}
    for provider, spec in providers.items():
        spec = spec if isinstance(spec, dict) else {}
        raw_headers = spec.get("headers")
        headers = raw_headers if isinstance(raw_headers, dict) else {}
        values = [spec.get("apiKey"), *headers.values()]
        names[str(provider)] = frozenset(
            value for value in values if isinstance(value, str) and _ENV_NAME.match(value)
        )
    return data, names


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop the run's whole process group (Pi and the commands it started): TERM, then KILL."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            return
        try:
            proc.wait(timeout=5)
            return
        except subprocess.TimeoutExpired:
            continue


def _kill_leftovers(group: int) -> None:
    """Whatever is still in Pi's process group once Pi has exited. (Pi starts each bash
    command in a session of its own, so a command's background process may outlive this:
    the seal, not this, is what keeps such a process from changing the evidence.)"""
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return


def _last_line(data: bytes, secrets: Iterable[str]) -> str:
    """Pi's last stderr line, for a one-line message; credential values masked."""
    text = data.decode("utf-8", "replace")
    for secret in secrets:
        if len(secret) >= 6:
            text = text.replace(secret, "***")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return (lines[-1] if lines else "no output")[-300:]


@dataclass(frozen=True)
class PiAgent:
    """The Pi coding agent at ``binary``: one isolated run per arm, within ``timeout``."""

    binary: str
    timeout: float
    environ: Mapping[str, str]
    models_json: bytes | None = None
    models_json_env: Mapping[str, frozenset[str]] = field(default_factory=dict)
    name: str = "pi"
    trace_format: str = "pi"
    # The probe's bytes, read once when the lane starts: every run loads a fresh copy of them,
    # so the tools of one run cannot change the probe of the next by editing the installed one.
    probe_source: bytes = field(default_factory=lambda: probe_path().read_bytes(), repr=False)

    def config(self) -> dict[str, Any]:
        """The effective configuration for the identity: flags and limits, no path or key."""
        return {
            "agent_flags": ["--tools", PI_TOOLS, *PI_FLAGS, "-e", "<probe>", "-p", "<case prompt>"],
            "timeout_seconds": self.timeout,
            "settings": dict(PI_SETTINGS),
            "custom_models": self.models_json is not None,
            "environment": "isolated: PATH, network settings and the arm's provider credentials",
            "probe": PROBE_FORMAT,
            "probe_sha256": hashlib.sha256(self.probe_source).hexdigest(),
            "seal": SEAL_FORMAT,
            "trace_format": self.trace_format,
        }

    def version(self) -> str:
        """``pi --version`` (Pi prints it on stderr), run isolated like an arm."""
        with tempfile.TemporaryDirectory(prefix="sakshi-live-") as temp:
            workspace = Path(temp)
            for sub in ("home", "tmp", "agent"):
                (workspace / sub).mkdir()
            env = pi_env(self.environ, (), workspace, None)
            try:
                proc = subprocess.run(
                    [self.binary, "--version"],
                    cwd=workspace,
                    env=env,
                    capture_output=True,
                    timeout=60,
                    check=False,
                )
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise InputError(
                    self.binary, None, f"cannot run --version ({type(exc).__name__})"
                ) from None
        found = _VERSION.search((proc.stdout + b"\n" + proc.stderr).decode("utf-8", "replace"))
        if proc.returncode != 0 or found is None:
            problem = f"--version exited {proc.returncode} without a version; is it Pi?"
            raise InputError(self.binary, None, problem)
        return found.group(1)

    def prepare(self, arm: Arm, workspace: Path, evidence: Path, seal_key_fd: int) -> None:
        """The fixture project with the case's generated source and the isolated agent dir in
        the workspace; the session folder and the probe Pi loads in the evidence folder."""
        source = workspace / "project" / arm.case.source.path
        source.parent.mkdir(parents=True)
        source.write_bytes(generate_source(arm.case))
        for sub in ("home", "tmp", "agent"):
            (workspace / sub).mkdir(exist_ok=True)
        (evidence / "sessions").mkdir()
        (evidence / "pi_probe.ts").write_bytes(self.probe_source)
        agent = workspace / "agent"
        (agent / "settings.json").write_text(
            json.dumps(PI_SETTINGS, indent=2) + "\n", encoding="utf-8"
        )
        if self.models_json is not None:
            (agent / "models.json").write_bytes(self.models_json)
        config = probe_config(arm.case, workspace / "project", evidence, seal_key_fd)
        text = json.dumps(config, indent=2, sort_keys=True) + "\n"
        (agent / "sakshi-probe.json").write_text(text, encoding="utf-8")

    def run(self, arm: Arm, workspace: Path, evidence: Path) -> RunOutcome:
        """Prepare, run Pi once, and seal what it left; its process group is killed past the
        timeout (or on any interruption), and whatever of it is left once Pi has exited."""
        seal_key = new_seal_key()
        key_fd = key_pipe(seal_key)
        try:
            self.prepare(arm, workspace, evidence, key_fd)
            credentials = credential_names(arm.model.provider, self.environ, self.models_json_env)
            config = workspace / "agent" / "sakshi-probe.json"
            env = pi_env(self.environ, credentials, workspace, config)
            secrets = [
                self.environ[key] for key in (*credentials, *_NETWORK) if key in self.environ
            ]
            argv = pi_argv(self.binary, arm, evidence / "sessions", evidence / "pi_probe.ts")
            problem = self._run_pi(argv, workspace / "project", env, secrets, key_fd)
        finally:
            os.close(key_fd)
        return seal_evidence(arm.case.id, evidence, seal_key, problem)

    def _run_pi(
        self, argv: list[str], project: Path, env: Mapping[str, str], secrets: list[str], key: int
    ) -> str | None:
        """Pi run once in ``project``, the key's pipe inherited; why the run cannot be graded,
        or None."""
        try:
            proc = subprocess.Popen(
                argv,
                cwd=project,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,  # its own process group, so a timeout stops all of it
                pass_fds=(key,),
            )
        except OSError as exc:
            return f"pi did not start: {exc.strerror or type(exc).__name__}"
        problem = None
        try:
            _, stderr = proc.communicate(timeout=self.timeout)
            if proc.returncode != 0:
                problem = f"pi exited {proc.returncode}: {_last_line(stderr, secrets)}"
        except subprocess.TimeoutExpired:
            problem = f"pi ran past --timeout {self.timeout:g}s and was stopped"
        finally:
            if proc.poll() is None:
                _kill_group(proc)
            _kill_leftovers(proc.pid)
        return problem
