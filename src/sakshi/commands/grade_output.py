"""Where ``sakshi grade`` writes: stdout, one ``--out`` file (local, or an object at a
URL), or ``--out-parts DIR`` (a local folder or a URL prefix).

Each writer takes the run's parts in input order and returns the run's totals. The parts
folder holds ``part-00000.jsonl`` ... (one a partition, in input order; their
concatenation is the stdout of the same run; under a URL prefix each name also holds the
run's id, ``part-<run>-00000.jsonl``) and, written last, ``manifest.json``: each
part's name, log, byte range, line, green and red counts, bytes and SHA-256, and the same
for the whole. A folder without its manifest is not a finished run; a run that fails
midway removes what it wrote (and only that), so the folder is there whole or not at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from sakshi.commands.output import held_stdout, new_file, write_new
from sakshi.context import SHOWN_RED, GradedPart, Partition, part_name
from sakshi.errors import InputError

__all__ = ["MANIFEST", "Totals", "summary_lines", "write_parts", "write_stream"]

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "sakshi.grade.parts.v1"


class _Digest(Protocol):
    """What a running hash (``hashlib.sha256()``) offers."""

    def update(self, data: bytes, /) -> None:
        """Hash ``data`` after what came before."""

    def hexdigest(self) -> str:
        """The digest of everything so far, in hex."""


@dataclass
class Totals:
    """What a run wrote so far: lines, red lines, the first red ones, bytes and the
    SHA-256 of everything written."""

    lines: int = 0
    red: int = 0
    first_red: list[bytes] = field(default_factory=list)
    size: int = 0
    sha256: _Digest = field(default_factory=hashlib.sha256)

    def add(self, part: GradedPart) -> None:
        """Count ``part`` in (written after everything counted so far)."""
        self.lines += part.lines
        self.red += part.red
        self.first_red += part.first_red[: SHOWN_RED - len(self.first_red)]
        self.size += len(part.data)
        self.sha256.update(part.data)

    def counts(self) -> dict[str, object]:
        """The manifest's entry for everything counted: lines, green, red, bytes, SHA-256."""
        return {
            "lines": self.lines,
            "green": self.lines - self.red,
            "red": self.red,
            "bytes": self.size,
            "sha256": self.sha256.hexdigest(),
        }


def _no_turns(label: str) -> InputError:
    return InputError(label, None, "no turns: an empty file proves nothing")


def write_stream(parts: Iterable[GradedPart], out: Path | str | None, label: str) -> Totals:
    """The parts' lines to the new file ``out`` (a path, or an object at a URL) or stdout,
    each written whole or not at all: the file appears, the object is sent and stdout gets
    the lines only once the run has held. No line at all is an InputError naming ``label``
    (and leaves nothing)."""
    if isinstance(out, str):
        from sakshi.inputs import new_object

        writer = new_object(out)
    else:
        writer = new_file(out) if out is not None else held_stdout()
    totals = Totals()
    with writer as sink:
        for part in parts:
            sink.write(part.data)
            totals.add(part)
        if totals.lines == 0:
            raise _no_turns(label)
        sink.flush()
    return totals


def _part_entry(name: str, partition: Partition | None, part: GradedPart) -> dict[str, object]:
    entry: dict[str, object] = {"name": name}
    if partition is not None:
        entry.update(log=partition.shown, start=partition.start, end=partition.end)
    one = Totals()
    one.add(part)
    entry.update(one.counts())
    return entry


class _FolderSink:
    """Parts into a local folder made here: each a new file; on failure, all removed."""

    def __init__(self, folder: Path) -> None:
        try:
            folder.mkdir()
        except FileExistsError:
            raise InputError(
                str(folder), None, "already exists; sakshi never writes into one"
            ) from None
        except OSError as exc:
            raise InputError(str(folder), None, f"cannot create: {exc.strerror}") from None
        self.folder = folder
        self.written: list[Path] = []

    def put(self, name: str, data: bytes, stored: bool = False) -> None:
        """Write ``name`` (a worker never stores into a local folder: ``stored`` is False)."""
        write_new(data, self.folder / name)
        self.written.append(self.folder / name)

    def abort(self) -> None:
        """Remove what was written, and the folder."""
        for path in self.written:
            path.unlink(missing_ok=True)
        try:
            self.folder.rmdir()
        except OSError:
            pass  # something else was put there meanwhile: that is not ours to remove


class _UrlSink:
    """Parts under a URL prefix (checked empty before any work): each a new object, written
    here or already stored by the worker that graded it; on failure, removed."""

    def __init__(self, url: str, names: Sequence[str] = ()) -> None:
        self.url = url.rstrip("/")
        self.names = frozenset(names)  # every object this run may make there
        self.written: list[str] = []

    def put(self, name: str, data: bytes, stored: bool = False) -> None:
        """Write ``name`` unless its worker ``stored`` it already."""
        from sakshi.inputs import write_new_object

        if not stored:
            write_new_object(f"{self.url}/{name}", data)
        self.written.append(f"{self.url}/{name}")  # only once it is ours

    def abort(self) -> None:
        """Remove the objects this run wrote (as far as the store allows): those it put,
        and those its workers stored that never reached it (their names hold this run's
        id, so they are this run's: another run's parts under the same prefix, there
        before or made meanwhile, are never touched)."""
        from sakshi.inputs import objects_named, remove_objects

        remove_objects(sorted({*self.written, *objects_named(self.url, self.names)}))


def write_parts(
    parts: Iterable[GradedPart],
    target: Path | str,
    partitions: Sequence[Partition],
    label: str,
    run: str,
) -> Totals:
    """Each part to ``target/part-NNNNN.jsonl`` (a local folder made here), or under a URL
    prefix to ``target/part-<run>-NNNNN.jsonl`` (other runs may write there too: the names
    are this run's own), then the manifest; ``target`` must not exist (checked before any
    work). On any failure what this run wrote is removed, and nothing else."""
    named_run: str | None = None  # a folder made here is this run's alone
    if isinstance(target, Path):
        sink: _FolderSink | _UrlSink = _FolderSink(target)
    else:
        named_run = run
        sink = _UrlSink(target, [part_name(index, run) for index in range(len(partitions))])
    totals = Totals()
    try:
        entries = []
        for part in parts:
            name = part_name(part.index, named_run)
            sink.put(name, part.data, part.stored)
            totals.add(part)
            partition = partitions[part.index] if part.index < len(partitions) else None
            entries.append(_part_entry(name, partition, part))
        if totals.lines == 0:
            raise _no_turns(label)
        manifest = {"format": MANIFEST_FORMAT, "parts": entries, "whole": totals.counts()}
        if named_run is not None:
            manifest["run"] = named_run  # the id in the parts' names
        text = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        sink.put(MANIFEST, text.encode("utf-8"))
    except BaseException:
        close = getattr(parts, "close", None)
        if close is not None:
            close()  # a generator's clean-up first (Dask's tasks in flight end), then ours
        sink.abort()
        raise
    return totals


def summary_lines(totals: Totals, where: str) -> list[str]:
    """What a run that wrote files prints on stderr: counts, then the first red lines."""
    noun = "turn" if totals.lines == 1 else "turns"
    lines = [f"sakshi: wrote {where}: {totals.lines} {noun}, {totals.red} did not hold"]
    lines += [f"  {data.decode('utf-8', 'replace').rstrip()}" for data in totals.first_red]
    if totals.red > len(totals.first_red):
        lines.append(f"  ... and {totals.red - len(totals.first_red)} more in {where}")
    return lines
