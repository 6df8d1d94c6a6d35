"""The inspect_ai example of docs/integrations.md runs offline as the docs say to run it:
``inspect eval task.py -T offline=true`` in a fresh folder holding the docs' own
``samples.jsonl`` and ``task.py``, as a separate process whose every connection and name
lookup off this machine is refused (a ``sitecustomize`` guard, and a network namespace
where ``unshare`` works), with an empty token-table cache. The control: plain ``--model
mockllm/model`` under the same guard tries to fetch tiktoken's table and fails, so the
guard would catch the offline run if it reached for the network."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from integration_cases import doc_files

if os.environ.get("SAKSHI_REQUIRE_INSPECT") != "1":
    pytest.importorskip(
        "inspect_ai",
        reason="inspect_ai is not installed: pip install -e '.[test]' (CI requires it)",
    )

from inspect_ai.log import read_eval_log

# Loaded by every Python process started with this folder first on PYTHONPATH: refuses,
# and writes down, any connection or name lookup that leaves the machine.
GUARD = """
import ipaddress, os, socket

_LOG = os.environ["SAKSHI_TEST_NETWORK_LOG"]


def _local(host):
    if host in ("localhost", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _refuse(what):
    with open(_LOG, "a", encoding="utf-8") as log:
        log.write(what + "\\n")


_connect, _connect_ex, _getaddrinfo = (
    socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo)


def _guard(sock, address):
    if sock.family in (socket.AF_INET, socket.AF_INET6) and not _local(address[0]):
        _refuse(f"connect {address!r}")
        raise OSError(101, "the network is blocked in this test")


def connect(sock, address):
    _guard(sock, address)
    return _connect(sock, address)


def connect_ex(sock, address):
    _guard(sock, address)
    return _connect_ex(sock, address)


def getaddrinfo(host, *args, **kwargs):
    name = host.decode() if isinstance(host, bytes) else host
    if not _local(name):
        _refuse(f"resolve {name!r}")
        raise socket.gaierror(socket.EAI_NONAME, "name lookups are blocked in this test")
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = (
    connect, connect_ex, getaddrinfo)
"""


@cache
def _namespace() -> list[str]:
    """``unshare --net`` (a second wall) when it works here, else nothing."""
    try:
        probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, check=False)
    except OSError:
        return []
    return ["unshare", "--net"] if probe.returncode == 0 else []


def _inspect_eval(folder: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """``inspect eval task.py ARGS`` in ``folder``, offline; what it did and what it tried
    (inspect exits 0 when a task fails: its log says how the task ended)."""
    guard = folder / "guard"
    guard.mkdir(exist_ok=True)
    (guard / "sitecustomize.py").write_text(GUARD, "utf-8")
    attempts = folder / "network.log"
    attempts.unlink(missing_ok=True)
    path = os.pathsep.join([str(guard), *filter(None, [os.environ.get("PYTHONPATH")])])
    env = {
        **os.environ,
        "PYTHONPATH": path,
        "SAKSHI_TEST_NETWORK_LOG": str(attempts),
        "TIKTOKEN_CACHE_DIR": str(folder / "no-token-tables"),  # nothing cached to lean on
        "INSPECT_DISPLAY": "none",
        "NO_COLOR": "1",
    }
    inspect = Path(sys.executable).with_name("inspect")
    proc = subprocess.run(
        [*_namespace(), str(inspect), "eval", "task.py", *args, "--log-dir", "logs"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    tried = attempts.read_text("utf-8").splitlines() if attempts.exists() else []
    return proc, tried


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A fresh folder holding the docs' samples.jsonl and task.py, nothing else."""
    for name in ("samples.jsonl", "task.py"):
        (tmp_path / name).write_text(doc_files()[name], encoding="utf-8")
    return tmp_path


def test_the_docs_say_how_to_run_it_offline() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "integrations.md").read_text("utf-8")
    assert "    inspect eval task.py -T offline=true\n" in text
    assert "model=offline_model() if offline else None" in doc_files()["task.py"]


def test_the_example_runs_offline_as_the_docs_say(example: Path) -> None:
    proc, tried = _inspect_eval(example, "-T", "offline=true")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert tried == []
    [log_file] = (example / "logs").iterdir()
    log = read_eval_log(str(log_file))
    assert log.status == "success", log.error
    assert log.samples is not None and len(log.samples) == 2
    for sample in log.samples:
        [score] = sample.scores.values() if sample.scores else []
        # mockllm's answer is not a turn: red, TURN_MALFORMED, as the docs say.
        assert score.value == "I"
        assert score.metadata is not None and score.metadata["reasons"] == ["TURN_MALFORMED"]


def test_the_guard_catches_mockllms_token_table_download(example: Path) -> None:
    _, tried = _inspect_eval(example, "--model", "mockllm/model")
    assert tried, "the guard saw no attempt: it would not have caught one either"
    assert any("openaipublic" in attempt for attempt in tried), tried
    [log_file] = (example / "logs").iterdir()
    log = read_eval_log(str(log_file), header_only=True)
    assert log.status == "error" and log.error is not None
    assert "o200k_base" in log.error.message, log.error.message
