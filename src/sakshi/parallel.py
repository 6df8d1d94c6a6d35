"""``--jobs N``: an order-keeping process pool that never changes a byte of the output.

Work is cut into batches in input order, at most a few batches per worker are in flight
(so a stream of any length keeps memory flat), and results come back in input order. The
function is inherited by forked workers, not pickled, so closures over loaded documents
work and are not copied per task.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["ordered_map"]

T = TypeVar("T")
R = TypeVar("R")

# The function being mapped, set before the pool forks so each worker inherits it.
_worker_function: Callable[[Any], Any] | None = None


def _run_batch(batch: list[Any]) -> list[Any]:
    assert _worker_function is not None
    return [_worker_function(item) for item in batch]


def ordered_map(
    fn: Callable[[T], R], items: Iterable[T], jobs: int, batch: int = 1000
) -> Iterator[R]:
    """``map(fn, items)`` over ``jobs`` processes, in input order; serial when jobs <= 1
    or where fork is unavailable."""
    if jobs <= 1:
        yield from map(fn, items)
        return
    # Imported only here: a serial run (the default) should not pay for the pool's imports.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if "fork" not in multiprocessing.get_all_start_methods():
        yield from map(fn, items)
        return
    global _worker_function
    _worker_function = fn
    iterator = iter(items)
    try:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            window: deque[Future[list[Any]]] = deque()
            while chunk := list(islice(iterator, batch)):
                window.append(pool.submit(_run_batch, chunk))
                if len(window) >= 4 * jobs:
                    yield from window.popleft().result()
            while window:
                yield from window.popleft().result()
    finally:
        _worker_function = None
