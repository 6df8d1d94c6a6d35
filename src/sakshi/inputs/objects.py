"""New objects at a URL (``--out-parts s3://bucket/graded/``, ``--out s3://bucket/x.jsonl``):
written once, never over one.

SPEC 9 for an object store. Before any work, ``check_new_prefix`` refuses a prefix that
holds anything, or whose store lives only in this process (``memory://``). Each object is
then created exclusively (fsspec's ``"xb"`` mode: S3's conditional write,
``If-None-Match: *``), so nothing that appeared meanwhile is ever overwritten. One
exception keeps a task pure: an object that already holds the very bytes being written (a
partition graded again after a lost worker had written it) counts as written; different
bytes there are refused. Local files never come here: they go through
``commands/output.py``.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from sakshi.errors import InputError
from sakshi.inputs.remote import layers, said, url_filesystem

__all__ = [
    "check_lasting",
    "check_new_prefix",
    "new_object",
    "objects_named",
    "remove_objects",
    "send_new_object",
    "write_new_object",
]

_NEVER_OVERWRITES = "already exists; sakshi writes new objects and never overwrites one"
_SEND_CHUNK = 8 * 1024 * 1024  # bytes a step from the local spool to the store
# fsspec's stores that live in the process that writes them: gone when sakshi exits.
_PROCESS_ONLY = frozenset({"memory"})


def _cannot_write(url: str, exc: Exception) -> InputError:
    if isinstance(exc, NotImplementedError):  # a read-only file system (http://, zip://)
        return InputError(url, None, "cannot write: this file system makes no new files")
    return InputError(url, None, f"cannot write: {said(exc)}")


def check_lasting(url: str) -> None:
    """Refuse an output ``url`` whose store (or a store it wraps) lives only as long as
    this process: the run would say it wrote what nobody can ever read."""
    fs, _ = url_filesystem(url)
    for layer in layers(fs):
        protocol = getattr(layer, "protocol", ())
        names = {protocol} if isinstance(protocol, str) else set(protocol)
        if names & _PROCESS_ONLY:
            raise InputError(
                url,
                None,
                f"{min(names & _PROCESS_ONLY)}:// is held by this process alone and"
                " is gone when it exits: write to a file or to a store that keeps it (s3://...)",
            )


def check_new_prefix(url: str) -> None:
    """Refuse ``url`` as an output when its store does not outlast this process
    (``check_lasting``) or anything is there (an object, or objects under it as a folder)."""
    check_lasting(url)
    fs, path = url_filesystem(url)
    try:
        taken = fs.exists(path)
    except Exception as exc:  # noqa: BLE001 - a backend's own kinds, each named in one line
        raise InputError(url, None, f"cannot check: {said(exc)}") from None
    if taken:
        raise InputError(url, None, "already exists; sakshi never writes over or into it")


def write_new_object(url: str, data: bytes) -> None:
    """``data`` as a new object at ``url``, created exclusively; the same bytes already
    there count as written, other bytes are an InputError."""
    fs, path = url_filesystem(url)
    try:
        try:
            with fs.open(path, "xb") as handle:
                handle.write(data)
            return
        except FileExistsError:
            existing = fs.cat_file(path)
    except Exception as exc:  # noqa: BLE001 - a backend's own kinds, each named in one line
        raise _cannot_write(url, exc) from None
    if existing != data:
        raise InputError(url, None, _NEVER_OVERWRITES)


def send_new_object(url: str, source: BinaryIO) -> None:
    """``source``'s bytes (read to its end) as a new object at ``url``, created exclusively;
    anything there is an InputError. It is written in one fsspec transaction, so the
    object is made only when the whole of it is sent (S3 completes its multipart upload
    then, on the condition that nothing is there); an upload that fails midway is
    discarded and leaves no object."""
    fs, path = url_filesystem(url)
    try:
        with fs.transaction, fs.open(path, "xb") as handle:
            shutil.copyfileobj(source, handle, _SEND_CHUNK)
    except FileExistsError:  # there before the open, or made meanwhile (refused at the end)
        raise InputError(url, None, _NEVER_OVERWRITES) from None
    except Exception as exc:  # noqa: BLE001 - a backend's own kinds, each named in one line
        raise _cannot_write(url, exc) from None


@contextmanager
def new_object(url: str) -> Iterator[BinaryIO]:
    """A handle to write the new object at ``url`` through: spooled to an unnamed local
    file (an output may be far larger than memory) and sent (``send_new_object``) only
    when the block ends without an exception, so a run that fails midway sends nothing."""
    with tempfile.TemporaryFile() as spool:
        yield spool
        spool.flush()
        spool.seek(0)
        send_new_object(url, spool)


def objects_named(prefix: str, names: frozenset[str]) -> list[str]:
    """The URLs of the objects directly under ``prefix`` whose names are in ``names``
    (one listing; none when it cannot be listed)."""
    if not names:
        return []
    try:
        fs, path = url_filesystem(prefix)
        found = fs.find(path)
    except Exception:  # noqa: BLE001 - best effort, on the way out of a failed run
        return []
    root = path.rstrip("/") + "/"
    return sorted(
        f"{prefix.rstrip('/')}/{item[len(root) :]}"
        for item in found
        if item.startswith(root) and item[len(root) :] in names
    )


def remove_objects(urls: list[str]) -> None:
    """Remove what a failed run wrote, as far as the store lets it (best effort: the run
    is failing already, and a folder without its manifest is no finished run)."""
    for url in urls:
        try:
            fs, path = url_filesystem(url)
            fs.rm_file(path)
        except Exception:  # noqa: BLE001, S110 - nothing better to do on the way out
            pass
