"""``sakshi grade --engine dask``: shards of a turn log graded on a Dask cluster.

The log is cut into shards in input order; each shard is one task (``grade_shard``) on an
existing distributed cluster; at most a window of shards is in flight, and results are
written in input order, so the output is byte-identical to the local run and memory
stays flat. Workers read the documents folder themselves: on a real cluster it must be on
a file system every worker sees (docs/scale.md).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any

from sakshi.context.turnlog import DocumentStore, GradedLine, grade_shard
from sakshi.errors import InputError

__all__ = ["grade_on_dask"]


def grade_on_dask(
    lines: Iterable[bytes], folder: Path, scheduler: str, shard: int = 5000, window: int = 16
) -> Iterator[GradedLine]:
    """Output lines, in input order, graded by the cluster at ``scheduler``."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(
            "--engine dask", None, "needs Dask distributed: pip install 'sakshi[dask]'"
        ) from None
    DocumentStore(folder)  # refuse an unusable folder here, before any task runs
    try:
        client = Client(scheduler, timeout="20s", set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise InputError(
            "--scheduler", None, f"cannot reach the Dask scheduler at {scheduler!r}: {exc}"
        ) from None
    where = str(folder.resolve())
    iterator = iter(lines)
    try:
        pending: deque[Any] = deque()
        while chunk := list(islice(iterator, shard)):
            pending.append(client.submit(grade_shard, chunk, where, pure=False))
            if len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        client.close()  # type: ignore[no-untyped-call]
