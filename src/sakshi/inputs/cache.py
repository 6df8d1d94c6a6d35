"""The parsed-pack cache: a pack file's strict-YAML parse, kept on disk, keyed by its bytes.

Parsing is most of what ``sakshi run context`` spends on a pack (bench/context.py). The
parse depends only on the file's bytes and on the parser, so its result (plain JSON-like
data) is stored under the SHA-256 of sakshi's version, PyYAML's version, the SHA-256 of
``yamlsafe.py`` and ``yamlcore.py`` (the parser's own source, so an edit without a version
bump misses too) and the file's bytes; a later run over the same bytes reads it back
instead of parsing.

Why a hit never changes a verdict:

- only a parse that succeeded is stored, and only when orjson gives it back equal (NaN,
  infinities and integers past 64 bits are parsed every time instead);
- an entry starts with a line naming its format, its key and the SHA-256 of its payload:
  a truncated, corrupted or misplaced entry is a miss, parsed again and rewritten;
- entries are orjson, never pickle: a cache folder is data, never a way to run code;
- each is written to a temporary file and renamed, so no reader sees half an entry;
- what a pack names by ``file:`` is not part of the parse: it is read fresh every run.

Where: ``$SAKSHI_CACHE_DIR``, else ``$XDG_CACHE_HOME/sakshi``, else ``~/.cache/sakshi``.
Off with ``SAKSHI_NO_CACHE=1`` or ``--no-cache``. Nothing is evicted: the folder may be
deleted at any time. A cache that cannot be read or written is no error, only a miss.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import yaml

__all__ = ["cache_dir", "disabled", "entry_key", "parse_cached"]

FORMAT = "sakshi-yaml-cache.v1"
_SUBDIR = "yaml-v1"
_PARSER_SOURCES = ("yamlsafe.py", "yamlcore.py")
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
    try:
        return os.path.join(home or str(Path.home()), ".cache", "sakshi")
    except RuntimeError:  # no home directory: no cache
        return None


@cache
def _salt(version: str) -> bytes | None:
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


def _header(key: str, payload: bytes) -> bytes:
    return f"{FORMAT} {key} {hashlib.sha256(payload).hexdigest()}\n".encode()


def _read(path: str, key: str) -> Any:
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError:
        return _MISS
    cut = raw.find(b"\n") + 1
    payload = raw[cut:]
    if cut == 0 or raw[:cut] != _header(key, payload):
        return _MISS
    try:
        return orjson.loads(payload)
    except orjson.JSONDecodeError:
        return _MISS


def _write(folder: str, key: str, value: Any) -> None:
    try:
        payload = orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return
    if orjson.loads(payload) != value:  # NaN or an infinity became null: keep parsing it
        return
    temp = os.path.join(folder, f".{key}.{os.getpid()}.tmp")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        descriptor = os.open(temp, flags, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(_header(key, payload) + payload)
        os.replace(temp, os.path.join(folder, key))
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass


def parse_cached(data: bytes, parse: Callable[[], Any]) -> Any:
    """``parse()`` (the strict parse of ``data``), or its stored result for the same bytes.

    ``parse`` raising (a malformed file) stores nothing: the error comes every time.
    """
    where = _where()
    key = entry_key(data) if where is not None else None
    if where is None or key is None:
        return parse()
    folder = os.path.join(where, _SUBDIR)
    found = _read(os.path.join(folder, key), key)
    if found is not _MISS:
        return found
    value = parse()
    _write(folder, key, value)
    return value
