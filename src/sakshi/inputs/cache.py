"""The parsed-pack cache: a pack file's strict-YAML parse, kept on disk, keyed by its bytes.

Parsing is most of what ``sakshi run context`` spends on a pack (bench/context.py). The
parse depends only on the file's bytes and on the parser, so its result (plain JSON-like
data) is stored under the SHA-256 of sakshi's version, PyYAML's version, the SHA-256 of
``yamlsafe.py`` and ``yamlcore.py`` (the parser's own source, so an edit without a version
bump misses too) and the file's bytes; a later run over the same bytes reads it back
instead of parsing.

Why a hit never changes a verdict, whatever sits in the cache folder (a CI cache restored
from another run, a file another process wrote there):

- an entry is used only if it provably came from these bytes with this sakshi on this
  installation. Its first line names the format, the key, the SHA-256 of the source bytes
  it was parsed from and an HMAC-SHA256 over all of that and the payload, keyed by a
  per-installation secret kept outside the cache folder. On a read the source digest is
  checked against the bytes just read and the HMAC recomputed: a forged entry (valid JSON
  that would make a pack green), a truncated or corrupted one, one sealed under another
  secret, one for other bytes, or one filed under the wrong key is a miss, parsed again
  and rewritten;
- an entry is opened without following a symlink and without blocking, and only a regular
  file of bounded size is read (a FIFO or a link to ``/dev/zero`` is a miss, not a hang);
- only a parse that succeeded is stored, and only when orjson gives it back equal (NaN,
  infinities and integers past 64 bits are parsed every time instead);
- entries are orjson, never pickle: a cache folder is data, never a way to run code;
- each is written to a new temporary file and renamed, so no reader sees half an entry;
- what a pack names by ``file:`` is not part of the parse: it is read fresh every run.
The result cache's records (``inputs/result_cache.py``) share the folder, the secret and
the seal, under another format name: ``read_sealed``/``write_sealed`` on a run's ``Store``.

The secret (32 random bytes) lives in ``$SAKSHI_CACHE_SECRET`` (a file path) if set, else
``$XDG_STATE_HOME/sakshi/cache-secret``, else ``~/.local/state/sakshi/cache-secret``. It is
created on first use, mode 0600, in a folder made 0700. It is used only while it is a
regular file (not a symlink) of this user, readable by nobody else, of exactly 32 bytes,
and outside the cache folder; otherwise the cache is off for the run (every pack parsed,
nothing written). Keep it out of shared CI caches: a cache restored without it is a miss.

Where: ``$SAKSHI_CACHE_DIR``, else ``$XDG_CACHE_HOME/sakshi``, else ``~/.cache/sakshi``.
Off with ``SAKSHI_NO_CACHE=1`` or ``--no-cache``. A cache that cannot be read or written
is no error, only a miss.

Size: at most ``$SAKSHI_CACHE_MAX_MB`` MB of entries (default 256). A hit marks its entry
used (its mtime); after a run that added entries, ``evict`` removes the least recently
used until the folder is back under the bound. ``sakshi cache clear`` removes every entry
(the secret stays); only files named as entries are removed, never anything else there.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from sakshi.inputs.files import FileRefused, open_checked, read_regular, read_upto

__all__ = [
    "Store",
    "cache_dir",
    "disabled",
    "entries_folder",
    "entry_key",
    "is_off",
    "open_store",
    "parse_cached",
    "read_sealed",
    "seal_entry",
    "secret_path",
    "write_sealed",
]

FORMAT = "sakshi-yaml-cache.v2"
SUBDIR = "yaml-v2"
SECRET_SIZE = 32
MAX_ENTRY_BYTES = 512 * 1024 * 1024  # past the parser's own limits: no honest entry is larger
_PARSER_SOURCES = ("yamlsafe.py", "yamlcore.py")
# A new file is never made through a symlink (reads go through files.open_checked).
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_off = False
_MISS = object()


@contextmanager
def disabled(flag: bool = True) -> Iterator[None]:
    """Within the block (and processes forked in it), no entry is read or written."""
    global _off
    before, _off = _off, _off or flag
    try:
        yield
    finally:
        _off = before


def cache_dir() -> Path | None:
    """The cache folder, or None when the cache is off."""
    where = _where()
    return None if where is None else Path(where)


def _where() -> str | None:
    env = os.environ
    return _resolve(
        _off,
        env.get("SAKSHI_NO_CACHE", ""),
        env.get("SAKSHI_CACHE_DIR", ""),
        env.get("XDG_CACHE_HOME", ""),
        env.get("HOME", ""),
    )


@cache
def _resolve(off: bool, no_cache: str, explicit: str, xdg: str, home: str) -> str | None:
    # Memoised on what it reads: a thousand packs cost one look-up, not a thousand.
    if off or no_cache not in ("", "0"):
        return None
    if explicit:
        return explicit
    if xdg and os.path.isabs(xdg):  # the XDG spec: a relative value is ignored
        return os.path.join(xdg, "sakshi")
    return _home_path(home, ".cache", "sakshi")


def _home_path(home: str, *parts: str) -> str | None:
    try:
        return os.path.join(home or str(Path.home()), *parts)
    except RuntimeError:  # no home directory: no cache
        return None


# --- the per-installation secret ---------------------------------------------------------


def secret_path() -> Path | None:
    """Where the cache's secret is kept (None: nowhere to keep it, so no cache)."""
    env = os.environ
    explicit = env.get("SAKSHI_CACHE_SECRET", "")
    if explicit:
        return Path(explicit)
    state = env.get("XDG_STATE_HOME", "")
    if state and os.path.isabs(state):
        return Path(state, "sakshi", "cache-secret")
    found = _home_path(env.get("HOME", ""), ".local", "state", "sakshi", "cache-secret")
    return None if found is None else Path(found)


def _inside(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or lies under it, once both are resolved."""
    real_path, real_folder = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real_path, real_folder]) == real_folder


@cache
def _secret(path: str, folder: str) -> bytes | None:
    """The secret at ``path``, created if absent; None when it cannot be trusted."""
    try:
        if _inside(path, folder):  # anyone who can write the cache could read it there
            return None
        found = _read_secret(path)
        if found is None and not os.path.lexists(path):
            _create_secret(path)
            found = _read_secret(path)
        return found
    except (OSError, ValueError):
        return None


def _read_secret(path: str) -> bytes | None:
    """The secret, if it is a private regular file of this user holding exactly 32 bytes.
    Absent, or not such a file, is None; any other failure to read it is the OSError."""
    try:
        with open_checked(path, follow_links=False) as handle:
            if not _private(os.fstat(handle.fileno())):
                return None
            data = read_upto(handle, SECRET_SIZE)
    except FileRefused as refused:
        if refused.error is not None:  # not absence: _secret turns it into no cache
            raise refused.error from None
        return None
    return data if len(data) == SECRET_SIZE else None


def _private(info: os.stat_result) -> bool:
    """Owned by this user and readable by nobody else (POSIX; elsewhere not checkable)."""
    if os.name != "posix":
        return True
    return info.st_uid == os.geteuid() and info.st_mode & 0o077 == 0


def _create_secret(path: str) -> None:
    """Write a new secret at ``path``, whole or not at all; a racing process may win."""
    os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    temp = f"{path}.{os.getpid()}.tmp"
    descriptor = os.open(temp, _NEW_FLAGS, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(os.urandom(SECRET_SIZE))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, path)  # never replaces: the first process to link wins
        except FileExistsError:
            pass
    finally:
        os.unlink(temp)


# --- entries -------------------------------------------------------------------------------


@cache
def _salt(version: str) -> bytes | None:
    import yaml  # here, not at the top: a run whose results are cached parses nothing

    try:
        sources = [Path(__file__).with_name(name).read_bytes() for name in _PARSER_SOURCES]
    except OSError:  # no source to fingerprint (a frozen install): never trust a cache
        return None
    digests = "".join(f"{hashlib.sha256(source).hexdigest()}\0" for source in sources)
    return f"{FORMAT}\0{version}\0{yaml.__version__}\0{digests}".encode()


def entry_key(data: bytes) -> str | None:
    """The cache key of a file's bytes under this sakshi and parser (None: no caching)."""
    import sakshi

    salt = _salt(sakshi.__version__)
    if salt is None:
        return None
    digest = hashlib.sha256(salt)
    digest.update(data)
    return digest.hexdigest()


def _mac(secret: bytes, head: bytes, payload: bytes) -> str:
    return hmac.new(secret, head + b"\n" + payload, hashlib.sha256).hexdigest()


def seal_entry(
    key: str, source_sha256: str, payload: bytes, secret: bytes, fmt: str = FORMAT
) -> bytes:
    """An entry's bytes: the header line (format, key, source digest, HMAC) and the payload."""
    head = f"{fmt} {key} {source_sha256}".encode()
    return head + b" " + _mac(secret, head, payload).encode() + b"\n" + payload


def _read_entry(path: str) -> bytes | None:
    """The bytes of a regular file at ``path`` (never through a symlink, never blocking)."""
    try:
        return read_regular(path, MAX_ENTRY_BYTES, follow_links=False)
    except FileRefused:
        return None


def _open_entry(
    raw: bytes, key: str, source_sha256: str, secret: bytes, fmt: str = FORMAT
) -> bytes | None:
    """The payload, when ``raw`` is an entry sealed for exactly these bytes (and in the
    format ``fmt``: a parse is never read as another kind of entry); else None."""
    cut = raw.find(b"\n")
    if cut < 0 or cut > 1024:
        return None
    head, _, mac = raw[:cut].rpartition(b" ")
    payload = raw[cut + 1 :]
    if head != f"{fmt} {key} {source_sha256}".encode():
        return None
    if not hmac.compare_digest(mac, _mac(secret, head, payload).encode()):
        return None
    return payload


def _loads(payload: bytes | None) -> Any:
    try:  # an entry that proved itself but is no JSON (planted under a leaked secret): a miss
        return _MISS if payload is None else orjson.loads(payload)
    except orjson.JSONDecodeError:
        return _MISS


def _payload(value: Any) -> bytes | None:
    """``value`` as orjson, when it comes back equal (NaN, infinities, integers past 64
    bits and other types do not: such a parse is parsed every time instead)."""
    try:
        payload = orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return None
    return payload if orjson.loads(payload) == value else None


@dataclass(frozen=True)
class Store:
    """A usable cache: the entries' folder and the secret that seals them."""

    folder: str
    secret: bytes


def _store() -> Store | None:
    """The cache to use now, or None: off, no home, or no secret that can be trusted."""
    env = os.environ
    where = _where()
    if where is None:
        return None
    keys = ("SAKSHI_CACHE_SECRET", "XDG_STATE_HOME", "HOME")
    return _store_at(where, *(env.get(key, "") for key in keys))


open_store = _store  # the cache a run opens once and hands down (None: off, or untrusted)


@cache
def _store_at(where: str, *secret_env: str) -> Store | None:
    # Memoised on what it reads, as _resolve is: a thousand entries cost one look-up.
    found = secret_path()
    secret = None if found is None else _secret(str(found), where)
    return None if secret is None else Store(os.path.join(where, SUBDIR), secret)


def parse_cached(data: bytes, parse: Callable[[], Any]) -> Any:
    """``parse()`` (the strict parse of ``data``), or its stored result for the same bytes.

    ``parse`` raising (a malformed file) stores nothing: the error comes every time.
    """
    store = _store()
    key = None if store is None else entry_key(data)
    if store is None or key is None:
        return parse()
    source_sha256 = hashlib.sha256(data).hexdigest()
    found = _loads(read_sealed(store, FORMAT, key, source_sha256))
    if found is not _MISS:
        return found
    value = parse()
    payload = _payload(value)
    if payload is not None:
        write_sealed(store, FORMAT, key, source_sha256, payload)
    return value


def read_sealed(store: Store, fmt: str, key: str, source_sha256: str) -> bytes | None:
    """The payload sealed as a ``fmt`` entry under ``key`` for the bytes whose SHA-256 is
    ``source_sha256`` (marked as used), or None: no such entry proves itself."""
    path = os.path.join(store.folder, key)
    raw = _read_entry(path)
    found = None if raw is None else _open_entry(raw, key, source_sha256, store.secret, fmt)
    if found is not None:
        _touch(path)
    return found


def write_sealed(store: Store, fmt: str, key: str, source_sha256: str, payload: bytes) -> None:
    """Seal ``payload`` as a ``fmt`` entry under ``key``, whole or not at all."""
    temp = os.path.join(store.folder, f".{key}.{os.getpid()}.tmp")
    try:
        os.makedirs(store.folder, mode=0o700, exist_ok=True)
        try:
            descriptor = os.open(temp, _NEW_FLAGS, 0o600)
        except FileExistsError:  # left by a process that died (or planted): start afresh
            os.unlink(temp)
            descriptor = os.open(temp, _NEW_FLAGS, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(seal_entry(key, source_sha256, payload, store.secret, fmt))
        os.replace(temp, os.path.join(store.folder, key))
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass


# --- for the size bound (inputs/cache_size.py) ----------------------------------------------


def _touch(path: str) -> None:
    """Mark an entry as used now (least recently used entries are evicted first)."""
    try:
        os.utime(path, follow_symlinks=False)
    except (OSError, NotImplementedError):
        pass


def entries_folder() -> str | None:
    """Where entries are kept, whether or not the cache is on for this run."""
    where = _resolve(
        False,
        "",
        os.environ.get("SAKSHI_CACHE_DIR", ""),
        os.environ.get("XDG_CACHE_HOME", ""),
        os.environ.get("HOME", ""),
    )
    return None if where is None else os.path.join(where, SUBDIR)


def is_off() -> bool:
    """The cache is off for this run (``--no-cache``, ``SAKSHI_NO_CACHE``)."""
    return _where() is None
