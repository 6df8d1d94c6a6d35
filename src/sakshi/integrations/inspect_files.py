"""A sample's ``files`` as section-2 documents, for the inspect_ai scorer.

inspect_ai never hands a scorer its sample's ``files``: it resolves each one (a path, inline
text, or a base64 data URL) to bytes and copies them into the sample's sandbox. So the
supported way to read them is the sandbox (``inspect_ai.util.sandbox``), and their names
come from the sample's init event in the transcript (inspect keeps the names there and
blanks the bodies). Each file becomes one document: its id the file's name, its body the
bytes inspect copied, as they are (SPEC section 2: nothing normalised). A body is carried
as ``text``, whose UTF-8 bytes are those same bytes, so the replay pack needs no files.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from inspect_ai.event import SampleInitEvent
from inspect_ai.log import transcript
from inspect_ai.util import sandbox

from sakshi.errors import InputError

__all__ = ["file_documents", "sample_file_names"]


def sample_file_names() -> list[str]:
    """The names of the running sample's ``files``, in the sample's order (none: [])."""
    for event in transcript().events:
        if isinstance(event, SampleInitEvent):
            return list(event.sample.files or {})
    return []


def _checked_name(name: str, label: str) -> tuple[str | None, str]:
    """The sandbox (None: the default) and the file's name there, kept relative and inside
    the sandbox's working folder, as a pack's ``file:`` is kept inside its folder."""
    # inspect reads "env:file" as the file in the sandbox named env.
    environment, _, file_name = name.partition(":") if ":" in name else ("", "", name)
    path = PurePosixPath(file_name.replace("\\", "/"))
    if not file_name or path.is_absolute() or ".." in path.parts:
        raise InputError(
            label, f"files[{name!r}]", "expected a relative name inside the sample's folder"
        )
    return environment or None, file_name


async def file_documents(names: list[str], label: str) -> list[dict[str, Any]]:
    """The documents the sample's files give (``names`` from ``sample_file_names``)."""
    documents: list[dict[str, Any]] = []
    for name in names:
        environment, file_name = _checked_name(name, label)
        try:
            body = await sandbox(environment).read_file(file_name, text=False)
        except ProcessLookupError as exc:  # inspect's error when the task has no sandbox
            raise InputError(
                label, "files", f"the sample's files need a sandbox (e.g. sandbox='local'): {exc}"
            ) from exc
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            # A text body is the bytes' UTF-8 decoding: bytes that have none cannot be one.
            raise InputError(label, f"files[{name!r}]", f"not UTF-8 at byte {exc.start}") from exc
        documents.append({"id": file_name, "text": text})
    return documents
