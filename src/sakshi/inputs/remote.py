"""Files where they are: local paths and fsspec URLs.

``local_path`` tells a path on this machine from a URL: a plain path, a ``file://`` or
``local://`` URL, or either under fsspec's caches (``simplecache::file://DIR``) is a path
and is read as one, with a path's checks; any other wrapper that reaches this machine's
files is refused. ``url_filesystem`` gives the fsspec file system for any other URL (a
missing package or an unknown protocol refused, naming it); ``RemoteFolder`` reads the
documents of a folder at a URL. Logs are in ``logs.py``.

fsspec is imported only when a URL is used: local paths need nothing beyond the standard
library. URLs read with the credentials and settings of the machine that reads them
(``AWS_*`` or ``FSSPEC_S3_*`` environment variables, fsspec's configuration).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from sakshi.errors import CLUSTER_EXTRA, InputError, SakshiError
from sakshi.inputs.files import too_big

__all__ = [
    "RemoteFolder",
    "is_url",
    "layers",
    "local_path",
    "reading",
    "said",
    "url_filesystem",
]

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*(::[A-Za-z][A-Za-z0-9+.\-]*)*://")
_LOCAL = frozenset({"file", "local"})  # fsspec's names for this machine's file system
# fsspec's wrappers that only keep a copy of what they wrap: over a local path they add
# nothing but a way round the path's checks, so such a URL is read as the path itself.
_CACHES = frozenset({"simplecache", "filecache", "blockcache", "cached"})
# The packages that bring the protocols people ask for, named in the refusal.
_PACKAGES = {"s3": "s3fs", "s3a": "s3fs", "gs": "gcsfs", "gcs": "gcsfs", "az": "adlfs"}


def is_url(text: str) -> bool:
    """Whether ``text`` is a URL (``scheme://...``) rather than a local path."""
    return _URL.match(text) is not None


def local_path(text: str) -> Path | None:
    """The local path that ``text`` names: a plain path, a ``file://`` or ``local://`` URL,
    or one of those under fsspec's caches (``simplecache::file://DIR``); None for other
    URLs. A path on this machine is read as a path, with a path's checks (no link out of a
    folder, regular files only, the size limits), whatever the URL's spelling."""
    if not is_url(text):
        return Path(text)
    chain, _, rest = text.partition("://")
    *wrappers, protocol = chain.split("::")
    if protocol not in _LOCAL or "::" in rest or not set(wrappers) <= _CACHES:
        return None
    parts = urlsplit(f"file://{rest}")
    if parts.netloc not in ("", "localhost"):
        raise InputError(text, None, f"a {protocol}:// URL names a path on this machine (no host)")
    return Path(unquote(parts.path))


def _protocol(url: str) -> str:
    return url.split("://", 1)[0].split("::")[-1]


def url_filesystem(url: str) -> tuple[Any, str]:
    """The fsspec file system for ``url`` and the path inside it; a missing package or an
    unknown protocol is an InputError naming the URL (and the package to install)."""
    protocol = _protocol(url)
    try:
        from fsspec.core import url_to_fs  # type: ignore[import-untyped]
    except ImportError:
        raise InputError(url, None, f"reading URLs needs fsspec: {CLUSTER_EXTRA}") from None
    try:
        fs, path = url_to_fs(url)
    except ImportError:
        package = _PACKAGES.get(protocol, f"the fsspec package for {protocol}://")
        raise InputError(
            url, None, f"{protocol}:// needs {package}: pip install {package}"
        ) from None
    except ValueError as exc:
        if "not known" in str(exc):
            raise InputError(
                url, None, f"unknown protocol {protocol!r} (fsspec has none)"
            ) from None
        raise InputError(url, None, f"cannot use this URL: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a file system that cannot be made from this URL
        raise InputError(url, None, f"cannot use this URL: {said(exc)}") from None
    if _wraps_local(fs):
        # Another wrapper (dir::, a cache with options) would read this machine's files
        # past the checks a path gets: links out of a folder, FIFOs, devices.
        chain = url.split("://", 1)[0]
        raise InputError(
            url, None, f"{chain}:// reaches files on this machine: give their path instead"
        )
    return fs, path


def _wraps_local(fs: Any) -> bool:
    """Whether ``fs`` is, or wraps, this machine's file system (or wraps too much to say)."""
    from fsspec.implementations.local import LocalFileSystem  # type: ignore[import-untyped]

    found = layers(fs)
    return found[-1] is None or any(isinstance(layer, LocalFileSystem) for layer in found)


def layers(fs: Any) -> list[Any]:
    """``fs`` and what it wraps, outermost first (fsspec's wrappers hold what they wrap
    as ``.fs``); a chain too long to be real ends in None, which is no file system."""
    found: list[Any] = []
    while fs is not None:
        if len(found) == 8:
            return [*found, None]
        found.append(fs)
        fs = getattr(fs, "fs", None)
    return found


def said(exc: BaseException) -> str:
    """An exception in one line: its kind, and its words when it has any."""
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


@contextmanager
def reading(shown: str, missing: str = "no such object") -> Iterator[None]:
    """A file system's errors as an InputError naming ``shown``: fsspec's OSErrors and a
    backend's own kinds (botocore's missing credentials, say), each named, never a
    traceback."""
    try:
        yield
    except SakshiError:
        raise
    except FileNotFoundError:
        raise InputError(shown, None, f"cannot read: {missing}") from None
    except Exception as exc:  # noqa: BLE001 - backends raise their own kinds: one line each
        # An OSError's words say what happened; another kind is named with them.
        detail = (str(exc) or type(exc).__name__) if isinstance(exc, OSError) else said(exc)
        raise InputError(shown, None, f"cannot read: {detail}") from None


class RemoteFolder:
    """A folder of documents at a URL (``s3://bucket/docs``): files read by name, whole,
    up to a limit; a missing file is None."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        fs, root = url_filesystem(self.url)
        with reading(url):
            usable = fs.isdir(root)
        if not usable:
            raise InputError(url, None, "not a folder of documents (<id>.yaml or <id>.txt)")

    def holds(self, name: str) -> bool:
        """Whether the folder has a file ``name``; a store that cannot say is an
        InputError naming its URL."""
        url = f"{self.url}/{name}"
        fs, path = url_filesystem(url)
        with reading(url):
            return bool(fs.exists(path))

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes of ``name`` in the folder, None if it has no such file; one over
        ``limit`` bytes or unreadable is an InputError naming its URL."""
        url = f"{self.url}/{name}"
        # The file system comes from fsspec's cache each time: an instance made before a
        # fork (--jobs) must not be used in the child.
        fs, path = url_filesystem(url)
        with reading(url):
            try:
                _check_document(url, fs.info(path), limit)
                with fs.open(path, "rb") as handle:
                    data: bytes = handle.read(limit + 1)
            except FileNotFoundError:
                return None
        if len(data) > limit:
            raise too_big(url, limit)
        return data


def _check_document(url: str, info: dict[str, Any], limit: int) -> None:
    """Refuse, as a folder's file would be refused, what a store says is not a regular
    file (a prefix, or what a store over a file system calls ``other``: a FIFO, a device)
    or is over ``limit`` bytes, before a byte of it is read."""
    kind = info.get("type")
    if kind != "file":
        found = "a folder" if kind == "directory" else f"of type {kind!r}"
        raise InputError(url, None, f"is {found}, expected a document file")
    size = info.get("size")
    if isinstance(size, int) and size > limit:
        raise too_big(url, limit, size)
