"""Hostile: whatever sits in the parsed-pack cache folder cannot change a verdict.

The cache folder may be a CI cache restored from another run or written by another
process. Each test puts something there (a forged entry that would turn a red pack green,
a truncated one, one sealed under another secret, one for other bytes, a symlink, a FIFO)
and checks the verdict and report equal those of ``--no-cache``. The secret that seals
entries is checked too: where it lives, its mode, and that an untrusted one turns the
cache off instead of being used.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import orjson
import pytest

from sakshi.cli import main
from sakshi.context.turns import bundle_sha256
from sakshi.inputs import cache, result_cache, yamlsafe

BUNDLE = {"engine": "matter-context"}
GRN = "GOODS RECEIPT NOTE\nQuantity received: 42.500 MT\n"
TRUE_QUOTE = "Quantity received: 42.500 MT"
FORGED_QUOTE = "Quantity received: 99.000 MT"


def pack_text(quote: str) -> str:
    """A pack at live citing ``quote``: green for the true quote, red (fabricated) else."""
    return f"""\
pack: sakshi.pack.v1
id: forged
engine_state: live
documents:
  - id: grn
    text: {json.dumps(GRN)}
bundle: {json.dumps(BUNDLE)}
turn:
  context_provenance: {{engine_state: live, bundle_sha256: "{bundle_sha256(BUNDLE)}"}}
  values:
    - field: delivered_qty
      value: "42.500 MT"
      why: "The note records the quantity received."
      cite: {{doc: grn, quote: {json.dumps(quote)}}}
"""


# What a forger wants read back: the parse of the green pack.
GREEN_PAYLOAD = orjson.dumps(yamlsafe.load_yaml_bytes(pack_text(TRUE_QUOTE).encode(), "x"))


@pytest.fixture(autouse=True)
def parse_cache_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the parse cache: the result cache in front of it (which would
    answer a warm run before any parse entry is read) is kept out of their way here and
    tested on its own (tests/test_result_cache.py, tests/hostile/test_stale_results.py)."""
    monkeypatch.setattr(result_cache, "code_fingerprint", lambda: None)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and a fresh secret for this test, each outside the other."""
    monkeypatch.setenv("SAKSHI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SAKSHI_CACHE_SECRET", str(tmp_path / "state" / "cache-secret"))
    monkeypatch.delenv("SAKSHI_NO_CACHE", raising=False)
    return tmp_path / "cache"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    seen: list[str] = []
    real = yamlsafe.load_yaml_bytes

    def counting(data: bytes, source: str) -> object:
        seen.append(source)
        return real(data, source)

    monkeypatch.setattr(yamlsafe, "load_yaml_bytes", counting)
    yield seen


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, bytes]:
    code = main(["run", "context", *args, "--format", "json"])
    return code, capsys.readouterr().out.encode("utf-8")


def write_pack(tmp_path: Path, quote: str) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir(exist_ok=True)
    path = folder / "pack.yaml"
    path.write_text(pack_text(quote), encoding="utf-8")
    return path


def entry_path(store: Path, data: bytes) -> Path:
    return store / cache.SUBDIR / (cache.entry_key(data) or "")


def secret(tmp_path: Path) -> bytes:
    return (tmp_path / "state" / "cache-secret").read_bytes()


def plant(store: Path, data: bytes, entry: bytes) -> None:
    path = entry_path(store, data)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.exists() or path.is_symlink():
        path.unlink()
    path.write_bytes(entry)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# Each forger gets the red pack's bytes, the payload that would make it green and the
# honest entry already in the cache, and returns the entry it plants instead.
Forger = Callable[[bytes, bytes, bytes, bytes], bytes]


def _unsealed(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    # Everything a forger can compute without the secret: format, key, source digest,
    # and a digest of the payload where the HMAC should be.
    head = f"{cache.FORMAT} {cache.entry_key(data)} {sha(data)}"
    return f"{head} {sha(payload)}\n".encode() + payload


def _v1_header(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    # The header the cache trusted before it had a secret.
    return f"sakshi-yaml-cache.v1 {cache.entry_key(data)} {sha(payload)}\n".encode() + payload


def _no_header(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    return payload


def _empty_key_hmac(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    return cache.seal_entry(cache.entry_key(data) or "", sha(data), payload, b"")


def _another_secret(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    # Sealed properly, but under another installation's secret (a restored CI cache).
    return cache.seal_entry(cache.entry_key(data) or "", sha(data), payload, os.urandom(32))


def _honest_payload_swapped(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    head, _ = honest.split(b"\n", 1)
    return head + b"\n" + payload


def _truncated(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    return honest[: len(honest) // 2]


def _header_only(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    return honest.split(b"\n", 1)[0] + b"\n"


def _other_bytes_entry(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    # A genuine entry (this installation's secret) for the green pack's bytes, filed under
    # the red pack's key: its header names the other key.
    other = pack_text(TRUE_QUOTE).encode()
    return cache.seal_entry(cache.entry_key(other) or "", sha(other), payload, key)


def _other_source_digest(data: bytes, payload: bytes, honest: bytes, key: bytes) -> bytes:
    # Genuinely sealed under the right key, but parsed from other bytes: the digest of the
    # source is checked against the bytes just read, not trusted from the file name.
    other = pack_text(TRUE_QUOTE).encode()
    return cache.seal_entry(cache.entry_key(data) or "", sha(other), payload, key)


FORGERS: dict[str, Forger] = {
    "unsealed": _unsealed,
    "v1-header": _v1_header,
    "no-header": _no_header,
    "empty-key-hmac": _empty_key_hmac,
    "another-secret": _another_secret,
    "honest-header-forged-payload": _honest_payload_swapped,
    "truncated": _truncated,
    "header-only": _header_only,
    "entry-for-other-bytes": _other_bytes_entry,
    "other-source-digest": _other_source_digest,
}


@pytest.mark.parametrize("forge", list(FORGERS.values()), ids=list(FORGERS))
def test_a_forged_or_corrupt_entry_never_changes_the_verdict(
    tmp_path: Path,
    store: Path,
    parses: list[str],
    capsys: pytest.CaptureFixture[str],
    forge: Forger,
) -> None:
    pack = write_pack(tmp_path, FORGED_QUOTE)
    data = pack.read_bytes()
    uncached = run(capsys, str(pack), "--no-cache")
    assert uncached[0] == 1 and json.loads(uncached[1])["packs"][0]["verdict"] == "red"
    assert run(capsys, str(pack)) == uncached  # the honest entry is written
    honest = entry_path(store, data).read_bytes()
    plant(store, data, forge(data, GREEN_PAYLOAD, honest, secret(tmp_path)))
    assert run(capsys, str(pack)) == uncached
    assert len(parses) == 3  # the forged entry was not used: the pack was parsed again
    assert entry_path(store, data).read_bytes() == honest  # and the entry rewritten
    assert run(capsys, str(pack)) == uncached and len(parses) == 3  # the rewrite is a hit


def test_a_symlinked_entry_is_not_followed(
    tmp_path: Path, store: Path, parses: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = write_pack(tmp_path, FORGED_QUOTE)
    data = pack.read_bytes()
    uncached = run(capsys, str(pack), "--no-cache")
    run(capsys, str(pack))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(entry_path(store, data).read_bytes())  # even a genuine entry
    entry_path(store, data).unlink()
    entry_path(store, data).symlink_to(elsewhere)
    assert run(capsys, str(pack)) == uncached and len(parses) == 3
    assert not entry_path(store, data).is_symlink()  # replaced by a file, the target kept
    assert elsewhere.read_bytes() == entry_path(store, data).read_bytes()


SLOW_ENTRY = """
import os, sys
from pathlib import Path
from sakshi.inputs import cache
pack, kind = Path(sys.argv[1]), sys.argv[2]
entry = Path(os.environ["SAKSHI_CACHE_DIR"], cache.SUBDIR, cache.entry_key(pack.read_bytes()))
entry.parent.mkdir(parents=True, exist_ok=True)
if kind == "fifo":
    os.mkfifo(entry)
elif kind == "fifo-link":
    os.mkfifo(entry.with_name("fifo"))
    entry.symlink_to(entry.with_name("fifo"))
else:
    entry.symlink_to("/dev/zero")
"""


@pytest.mark.parametrize("kind", ["fifo", "fifo-link", "dev-zero-link"])
def test_an_entry_that_would_block_or_never_end_is_a_miss(
    tmp_path: Path, store: Path, kind: str
) -> None:
    pack = write_pack(tmp_path, FORGED_QUOTE)
    env = dict(os.environ)
    subprocess.run([sys.executable, "-c", SLOW_ENTRY, str(pack), kind], check=True, env=env)
    argv = [sys.executable, "-m", "sakshi", "run", "context", str(pack), "--format", "json"]
    # A regression would hang (FIFO) or read forever (/dev/zero): the timeout fails it.
    cached = subprocess.run(argv, capture_output=True, timeout=60, env=env, check=False)
    uncached = subprocess.run(
        [*argv, "--no-cache"], capture_output=True, timeout=60, env=env, check=False
    )
    assert (cached.returncode, cached.stdout) == (uncached.returncode, uncached.stdout)
    assert cached.returncode == 1


# --- the secret ----------------------------------------------------------------------------


def test_the_secret_is_made_on_first_use_private_and_outside_the_cache(
    tmp_path: Path, store: Path
) -> None:
    pack = write_pack(tmp_path, TRUE_QUOTE)
    yamlsafe.load_yaml_file(pack, cached=True)
    path = tmp_path / "state" / "cache-secret"
    info = path.lstat()
    assert path.is_file() and not path.is_symlink() and info.st_size == cache.SECRET_SIZE
    assert info.st_mode & 0o777 == 0o600 and path.parent.stat().st_mode & 0o777 == 0o700
    assert store not in path.parents
    before = path.read_bytes()
    yamlsafe.load_yaml_file(write_pack(tmp_path, FORGED_QUOTE), cached=True)
    assert path.read_bytes() == before  # made once, then kept


def test_the_secret_lives_in_the_state_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SAKSHI_CACHE_SECRET")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert cache.secret_path() == tmp_path / "state" / "sakshi" / "cache-secret"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    expected = tmp_path / "home" / ".local" / "state" / "sakshi" / "cache-secret"
    assert cache.secret_path() == expected


def _untrusted_secret(tmp_path: Path, how: str) -> Path:
    path = tmp_path / "state" / "cache-secret"
    path.parent.mkdir(mode=0o700)
    if how == "group-readable":
        path.write_bytes(os.urandom(cache.SECRET_SIZE))
        path.chmod(0o640)
    elif how == "short":
        path.write_bytes(b"")
        path.chmod(0o600)
    elif how == "symlink":
        target = tmp_path / "target"
        target.write_bytes(os.urandom(cache.SECRET_SIZE))
        target.chmod(0o600)
        path.symlink_to(target)
    elif how == "folder":
        path.mkdir()
    return path


@pytest.mark.parametrize("how", ["group-readable", "short", "symlink", "folder", "in-cache"])
def test_an_untrusted_secret_turns_the_cache_off(
    tmp_path: Path,
    store: Path,
    parses: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    how: str,
) -> None:
    if how == "in-cache":  # whoever can write the cache could read the secret there
        monkeypatch.setenv("SAKSHI_CACHE_SECRET", str(store / "cache-secret"))
    else:
        _untrusted_secret(tmp_path, how)
    pack = write_pack(tmp_path, FORGED_QUOTE)
    uncached = run(capsys, str(pack), "--no-cache")
    assert run(capsys, str(pack)) == uncached == run(capsys, str(pack))
    assert len(parses) == 3  # parsed every time
    assert not (store / cache.SUBDIR).exists()  # and nothing stored


def test_packs_graded_on_many_processes_share_one_secret(
    tmp_path: Path, store: Path, parses: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for number in range(24):
        text = pack_text(TRUE_QUOTE).replace("id: forged", f"id: pack-{number:02d}")
        (folder / f"p{number:02d}.yaml").write_text(text, "utf-8")
    cold = main(["run", "context", str(folder), "--format", "json", "--jobs", "4"])
    cold_out = capsys.readouterr().out
    warm = main(["run", "context", str(folder), "--format", "json"])  # one process, warm
    assert (cold, cold_out) == (warm, capsys.readouterr().out) and cold == 0
    assert parses == []  # every pack read back: all workers sealed with the same secret
