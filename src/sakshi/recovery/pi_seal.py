"""The Pi probe's seal: what the probe vouches for when Pi shuts down, checked by the harness.

The agent's tools run as the same user as Pi (root in CI), so no file permission keeps them
from the session file or ``probe.json`` once they know where those are, and Pi's own
command line names the session folder (``/proc/<pid>/cmdline``). So the live lane does not
rely on hiding alone; it makes every change visible:

- the harness gives each run a fresh key through a pipe that Pi inherits (never a file),
  which the probe reads and closes as it loads: before the model can run a single tool;
- when Pi shuts down, the probe writes ``seal.json``: the SHA-256 of the session as Pi
  holds it in memory (Pi appends ``JSON.stringify(entry)`` and a newline per entry, so the
  file must be exactly that), the SHA-256 of the ``probe.json`` it last wrote, and an
  HMAC-SHA256 of those under the run's key;
- the harness reads the evidence once when Pi has exited, and grades those bytes only if
  the seal is genuine and names exactly them.

A session rewritten, appended to or replaced by a tool, or a ``probe.json`` written by one,
is then not what the probe sealed: the run is ``error``, never graded. What this does not
stop: a process that reads the key out of Pi's memory (root can), or that changes sakshi
itself; run the live lane in a throwaway machine or container when that matters.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from sakshi.recovery.live import RunOutcome, seal_file

__all__ = [
    "SEAL_FORMAT",
    "SealClaim",
    "check_seal",
    "key_pipe",
    "new_seal_key",
    "seal_evidence",
    "seal_mac",
]

SEAL_FORMAT = "sakshi.pi-seal.v1"
_FIELDS = ("seal", "case_id", "session_file", "session_sha256", "probe_sha256", "mac")


@dataclass(frozen=True)
class SealClaim:
    """What a seal vouches for: the case, the session file's name, and the SHA-256 of the
    session and of ``probe.json`` (hex)."""

    case_id: str
    session_file: str
    session_sha256: str
    probe_sha256: str

    @classmethod
    def of(cls, case_id: str, session_file: str, session: bytes, probe: bytes) -> SealClaim:
        """The claim that fits these bytes exactly."""
        return cls(
            case_id,
            session_file,
            hashlib.sha256(session).hexdigest(),
            hashlib.sha256(probe).hexdigest(),
        )


def new_seal_key() -> str:
    """A fresh per-run key (hex), as the probe's configuration carries it."""
    return secrets.token_hex(32)


def key_pipe(key: str) -> int:
    """The read end of a pipe that holds ``key``, its write end closed: the probe reads the
    key from it (``seal_key_fd``) as it loads, so no file a tool could read ever holds it."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, key.encode("ascii"))
    finally:
        os.close(write_end)
    return read_end


def seal_mac(key: str, claim: SealClaim) -> str:
    """HMAC-SHA256 under ``key`` (hex) of the claim, one field a line; the probe computes
    the same (``pi_probe.ts``, ``sealMessage``)."""
    parts = (SEAL_FORMAT, claim.case_id, claim.session_file)
    message = "\n".join((*parts, claim.session_sha256, claim.probe_sha256)) + "\n"
    return hmac.new(bytes.fromhex(key), message.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class _Seal:
    """A ``seal.json`` as read: its claim and the MAC it carries."""

    claim: SealClaim
    mac: str


def _read_seal(seal: bytes) -> _Seal | None:
    """The claim and MAC a ``seal.json`` holds, or None when it is not one."""
    try:
        data = json.loads(seal)
    except ValueError:
        return None
    if not isinstance(data, dict) or sorted(data) != sorted(_FIELDS):
        return None
    if not all(isinstance(data[name], str) for name in _FIELDS) or data["seal"] != SEAL_FORMAT:
        return None
    claim = SealClaim(
        data["case_id"], data["session_file"], data["session_sha256"], data["probe_sha256"]
    )
    return _Seal(claim, data["mac"])


def check_seal(seal: bytes | None, key: str, found: SealClaim) -> str | None:
    """Why the evidence the harness ``found`` is not what the probe sealed under ``key``
    (one line for stderr, naming the file, never its content), or None when it is."""
    if seal is None:
        return "the sakshi probe did not seal the run (no seal.json): its evidence is unproven"
    read = _read_seal(seal)
    if read is None or not hmac.compare_digest(read.mac, seal_mac(key, read.claim)):
        return "the probe's seal.json is damaged or forged (its MAC does not hold)"
    claim = read.claim
    if claim.case_id != found.case_id:
        return "the probe's seal is for another case"
    if (claim.session_file, claim.session_sha256) != (found.session_file, found.session_sha256):
        return (
            "the session file is not the session Pi held when the probe sealed it "
            "(changed, replaced or appended to after Pi wrote it)"
        )
    if claim.probe_sha256 != found.probe_sha256:
        return "probe.json is not the one the probe wrote (changed after the probe wrote it)"
    return None


def seal_evidence(case_id: str, evidence: Path, seal_key: str, problem: str | None) -> RunOutcome:
    """What the run left in ``evidence``, read once (``live.seal_file``), and a problem unless
    it is one session and a ``probe.json`` that the probe's seal vouches for exactly."""
    sessions = sorted((evidence / "sessions").glob("*.jsonl"))
    session = seal_file("session.jsonl", sessions[0]) if len(sessions) == 1 else None
    probe = seal_file("probe.json", evidence / "probe.json")
    files = tuple(item for item in (session, probe) if item is not None)
    if problem is None and len(sessions) != 1:
        problem = f"pi wrote {len(sessions)} session files, expected 1"
    if problem is None and session is None:
        problem = "the session file is not a regular file within the size limit"
    if problem is None and probe is None:
        problem = "the sakshi probe did not run (no probe.json)"
    if problem is None and session is not None and probe is not None:
        seal = seal_file("seal.json", evidence / "seal.json")
        found = SealClaim.of(case_id, sessions[0].name, session.data, probe.data)
        problem = check_seal(None if seal is None else seal.data, seal_key, found)
    return RunOutcome(files, problem)
