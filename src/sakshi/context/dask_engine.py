"""``sakshi grade --engine dask``: the partitions of the logs graded where the data is.

The client plans partitions (byte ranges of the logs, ``partitions.py``) from the logs'
sizes (and, unless ``--partition-size`` is given, the cluster's threads: a log is cut so
that each has a partition, ``spread_size``) and ships only their descriptions: each task
(``grade_partition_task``) opens its own range of its log and the documents, by path or
URL, on the worker. Each worker keeps the documents it has read in a bounded cache across
the run's tasks, and the run's cache (span and value checks, bundle hashes: what the lines
repeat) across them too. At most a window of partitions is in flight; their outputs come
back in input order, so the output is the local run's byte for byte and the client's
memory stays flat.

Each output line names its input line's number in its log, so each partition must know
its first line's (``numbering.py``): before grading, the workers count the lines of each
range that a later range of its log follows (a newline count, ``count_partition``: integers
come back, no line), and the client numbers the partitions from those counts. A log of one
range, compressed logs among them, is never counted.

A task is pure given its inputs (a byte range of a log and its first line's number, the
documents, the run's token): when Dask loses a worker, the partitions it held or was
grading are run again elsewhere and give the same bytes.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from sakshi.context.docstore import DocumentStore
from sakshi.context.numbering import numbered, to_count
from sakshi.context.partitions import (
    GradedPart,
    Partition,
    count_partition,
    grade_partition,
    part_name,
)
from sakshi.errors import CLUSTER_EXTRA, InputError, SakshiError
from sakshi.runcache import RunCache
from sakshi.spans import Document
from sakshi.values import PLAIN_RULES, ValueRules

__all__ = [
    "WORKER_CACHE_BYTES",
    "cluster_threads",
    "connect",
    "grade_on_client",
    "grade_on_dask",
    "grade_partition_task",
]

# What one documents cache may hold on a worker; a worker keeps at most two (two runs at
# once on one cluster), so documents take at most twice this in a worker's memory.
WORKER_CACHE_BYTES = 256 * 1024 * 1024
_CACHES_KEPT = 2


@dataclass(frozen=True)
class _WorkerCache:
    """One run's documents on this worker, the lock its threads share them under, each
    thread's cache of the run (``RunCache``: what the run's lines repeat is decided once
    per worker, not once per task; a cache is never shared between threads or runs), and
    the run's value rules as its first task brought them (every task brings an equal,
    unpickled copy, and the cache keys a statute table by identity, so one copy serves
    the run). The run's command cannot hand its cache to another process: this is where
    the worker keeps its own for the run's tasks."""

    store: DocumentStore
    lock: threading.Lock
    memos: threading.local
    rules: ValueRules

    def get(self, doc_id: str) -> Document | None:
        """The document (see ``DocumentStore.get``); one thread at a time."""
        with self.lock:
            return self.store.get(doc_id)

    def memo(self) -> RunCache:
        """This thread's cache of the run, made on first use."""
        kept: RunCache | None = getattr(self.memos, "cache", None)
        if kept is None:
            kept = self.memos.cache = RunCache()
        return kept


# Per worker process: the documents caches of the latest runs, by (documents, run token).
# Keyed by the run as well, so a run never sees documents an earlier run read: documents
# that changed between runs are read afresh.
_caches: OrderedDict[tuple[str, str], _WorkerCache] = OrderedDict()
_caches_lock = threading.Lock()


def _worker_cache(documents: str, run: str, rules: ValueRules) -> _WorkerCache:
    key = (documents, run)
    with _caches_lock:
        cache = _caches.get(key)
        if cache is None:
            store = DocumentStore(documents, max_bytes=WORKER_CACHE_BYTES)
            cache = _WorkerCache(store, threading.Lock(), threading.local(), rules)
            _caches[key] = cache
        _caches.move_to_end(key)
        while len(_caches) > _CACHES_KEPT:
            _caches.popitem(last=False)
    return cache


def grade_partition_task(
    partition: Partition,
    documents: str,
    run: str,
    parts_url: str | None = None,
    rules: ValueRules = PLAIN_RULES,
) -> GradedPart:
    """The task a worker runs: one numbered partition (its ``first_line`` set), read and
    graded here, with this worker's documents cache for ``run``; with ``parts_url`` its
    part is stored there from here (a new object named for the run; the same bytes
    already there, from a lost worker's run of the same task, are kept)."""
    cache = _worker_cache(documents, run, rules)
    part = grade_partition(partition, cache.get, cache.memo(), cache.rules)
    if parts_url is None:
        return part
    from sakshi.inputs import write_new_object

    write_new_object(f"{parts_url.rstrip('/')}/{part_name(part.index, run)}", part.data)
    return replace(part, stored=True)


def connect(scheduler: str) -> Any:
    """A client of the Dask scheduler at ``scheduler`` (the caller closes it); no Dask or
    no scheduler within 20 seconds is exit 2."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(
            "--engine dask", None, f"needs Dask distributed: {CLUSTER_EXTRA}"
        ) from None
    try:
        return Client(scheduler, timeout="20s", set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise InputError(
            "--scheduler", None, f"cannot reach the Dask scheduler at {scheduler!r}: {exc}"
        ) from None


def cluster_threads(client: Any) -> int:
    """How many tasks the cluster runs at once: its workers' threads, as the scheduler
    knows them now (0 while no worker has joined)."""
    return int(sum(client.nthreads().values()))


class _InFlight(NamedTuple):
    """A submitted partition and its Dask future."""

    partition: Partition
    future: Any


def _outcome(in_flight: _InFlight) -> Any:
    """The task's result (a partition's part, or its line count); a task Dask gave up on
    is a SakshiError naming its partition (the task's own errors, an unreadable log say,
    come through as they were raised)."""
    from distributed import KilledWorker

    partition = in_flight.partition
    where = f"{partition.shown}: bytes {partition.start}-{partition.end}"
    try:
        result = in_flight.future.result()
    except KilledWorker:
        raise SakshiError(
            f"{where}: every Dask worker that read it died (distributed.scheduler."
            "allowed-failures); see the workers' logs"
        ) from None
    except CancelledError:
        raise SakshiError(f"{where}: the Dask cluster cancelled it (was it closed?)") from None
    return result


def _numbered_on(client: Any, partitions: Iterable[Partition], run: str) -> Iterator[Partition]:
    """The partitions, each told its first line's number, from the line counts the
    cluster's workers take of the ranges that others of their log follow."""
    planned = list(partitions)
    counted = list(to_count(planned))
    keys = [f"sakshi-count-{run}-{partition.index}" for partition in counted]
    futures = client.map(count_partition, counted, key=keys) if counted else []
    counts = [_outcome(_InFlight(p, future)) for p, future in zip(counted, futures, strict=True)]
    return numbered(planned, iter(counts))


def grade_on_dask(
    partitions: Iterable[Partition],
    documents: str,
    scheduler: str,
    run: str,
    window: int | None = None,
    parts_url: str | None = None,
    rules: ValueRules = PLAIN_RULES,
) -> Iterator[GradedPart]:
    """``grade_on_client`` on a client of the cluster at ``scheduler``, made and closed
    here."""
    client = connect(scheduler)
    try:
        yield from grade_on_client(client, partitions, documents, run, window, parts_url, rules)
    finally:
        client.close()


def grade_on_client(
    client: Any,
    partitions: Iterable[Partition],
    documents: str,
    run: str,
    window: int | None = None,
    parts_url: str | None = None,
    rules: ValueRules = PLAIN_RULES,
) -> Iterator[GradedPart]:
    """The partitions' outputs, in input order, graded by the cluster of ``client``.
    ``documents`` is an absolute path every worker sees or a URL; ``run`` is this run's
    token (the workers' documents caches are per run); ``window`` bounds the partitions
    in flight (default: twice the cluster's threads, at least 4); with ``parts_url`` each
    worker stores its partitions' parts there itself; ``rules`` (the project's acts and
    locale) travel with each task. The partitions are numbered first (``_numbered_on``)."""
    pending: deque[_InFlight] = deque()
    try:
        if window is None:
            window = max(4, 2 * cluster_threads(client))
        for partition in _numbered_on(client, partitions, run):
            key = f"sakshi-grade-{run}-{partition.index}"
            future = client.submit(
                grade_partition_task, partition, documents, run, parts_url, rules, key=key
            )
            pending.append(_InFlight(partition, future))
            if len(pending) >= window:
                yield _outcome(pending.popleft())
        while pending:
            yield _outcome(pending.popleft())
    except BaseException:
        if parts_url is not None:
            _settle(pending)
        raise


_SETTLE_SECONDS = 120  # how long a failed run waits for its tasks in flight to end


def _settle(pending: Iterable[_InFlight]) -> None:
    """Let the tasks still in flight end (each may store its part at the prefix) before a
    failed run removes what it wrote, so that none writes after the clean-up. A running
    task cannot be stopped, only waited for; their own errors do not matter here. (Each
    future is waited on through its own client: the run's client is not the default one,
    so ``distributed.wait`` would find none.)"""
    deadline = time.monotonic() + _SETTLE_SECONDS
    for item in pending:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        try:
            item.future.exception(timeout=left)
        except Exception:  # noqa: BLE001, S112 - cancelled, timed out, lost: best effort
            continue
