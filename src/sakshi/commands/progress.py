"""A progress line on stderr for the commands that can take more than a second.

On a terminal, a rich progress bar appears once a run has taken ``PROGRESS_AFTER``
seconds (a run that ends sooner shows none), refreshed by rich's own thread, so the clock
moves even while one slow pack is being routed; it is gone when the run ends. In a pipe,
a file or a CI log (the ``CI`` variable set) there is none, unless asked:

    SAKSHI_PROGRESS=1   on: the bar on a terminal, elsewhere a plain line every
                        ``LOG_EVERY`` seconds and one at the end (a log keeps lines whole)
    SAKSHI_PROGRESS=0   off, even on a terminal

It writes to stderr only: stdout and every file a run writes are byte-identical with or
without it. The command ticks ``tick(done, total)`` (``total`` None: not known, as for a
stream); a tick only stores the two numbers, and the display reads them when it draws.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Mapping
from enum import Enum
from typing import Any, Self

__all__ = ["LOG_EVERY", "PROGRESS_AFTER", "Progress", "ProgressMode", "elapsed", "progress_mode"]

PROGRESS_AFTER = 1.0  # seconds a run takes before a progress line helps
LOG_EVERY = 10.0  # seconds between plain progress lines (SAKSHI_PROGRESS=1, no terminal)
_ON = frozenset({"1", "true", "yes", "on"})
_OFF = frozenset({"0", "false", "no", "off"})


class ProgressMode(Enum):
    """How a run shows its progress on stderr."""

    OFF = "off"
    BAR = "bar"  # rich's bar, redrawn in place: a terminal
    LINES = "lines"  # a plain line now and then: a log


def progress_mode(env: Mapping[str, str], stderr_is_terminal: bool) -> ProgressMode:
    """The mode for this environment (see the module's docstring). Pure. A value of
    SAKSHI_PROGRESS other than on or off words counts as unset."""
    asked = env.get("SAKSHI_PROGRESS", "").strip().lower()
    if asked in _OFF:
        return ProgressMode.OFF
    if asked in _ON:
        return ProgressMode.BAR if stderr_is_terminal else ProgressMode.LINES
    return ProgressMode.BAR if stderr_is_terminal and not env.get("CI") else ProgressMode.OFF


def elapsed(seconds: float) -> str:
    """``0:01:05``: hours, minutes and seconds. Pure."""
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by an object without one, or closed
        return False


class Progress:
    """Progress of one run on stderr, as a context manager that is called as ``tick``."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.mode = progress_mode(os.environ, _stderr_is_terminal())
        self.done = 0
        self.total: int | None = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self.began = time.monotonic()
        self._timer: threading.Timer | None = None
        self._bar: Any = None
        self._lines: threading.Thread | None = None

    def __call__(self, done: int, total: int | None = None) -> None:
        self.done, self.total = done, total

    def __enter__(self) -> Self:
        if self.mode is ProgressMode.OFF:
            return self
        self.began = time.monotonic()
        if PROGRESS_AFTER <= 0:
            self._show()
        else:
            self._timer = threading.Timer(PROGRESS_AFTER, self._show)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.mode is ProgressMode.OFF:
            return
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            self._closed.set()
            if self._bar is not None:
                self._bar.stop()
            if self._lines is not None:
                self._lines.join()
                self._write(f"{self.line()} {'done' if exc[0] is None else 'stopped'}")

    def line(self) -> str:
        """``sakshi: packs 120/1000, 0:00:30``: the plain progress line, as of now."""
        count = str(self.done) if self.total is None else f"{self.done}/{self.total}"
        return f"sakshi: {self.label} {count}, {elapsed(time.monotonic() - self.began)}"

    def _show(self) -> None:
        """Start the display (the run has taken ``PROGRESS_AFTER`` seconds)."""
        with self._lock:
            if self._closed.is_set():
                return
            if self.mode is ProgressMode.BAR:
                try:
                    bar = _rich_bar(self)
                    bar.start()
                except Exception:  # noqa: BLE001 - a display that cannot draw never stops a run
                    return
                self._bar = bar
            else:
                self._lines = threading.Thread(target=self._log_lines, daemon=True)
                self._lines.start()

    def _log_lines(self) -> None:
        while True:
            self._write(self.line())
            if self._closed.wait(LOG_EVERY):
                return

    @staticmethod
    def _write(text: str) -> None:
        # One write a line: the run's own stderr lines never land inside one of these.
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


def _rich_bar(source: Progress) -> Any:
    """Rich's progress bar for ``source``, drawing its numbers as of each refresh."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as RichProgress
    from rich.text import Text

    class _Elapsed(ProgressColumn):
        """The run's time so far (rich's own column counts from when the bar appeared)."""

        def render(self, task: Any) -> Text:
            return Text(elapsed(time.monotonic() - source.began), style="progress.elapsed")

    class _Pulled(RichProgress):
        def get_renderables(self) -> Any:
            for task in self.task_ids:  # none yet while rich builds the display
                self.update(task, completed=source.done, total=source.total)
            yield from super().get_renderables()

    bar = _Pulled(
        TextColumn(f"sakshi: {source.label}"),
        BarColumn(),
        MofNCompleteColumn(),
        _Elapsed(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        # Only stderr: a report on stdout never passes through the display. The run's own
        # stderr lines do, so they print above the bar instead of through it.
        redirect_stdout=False,
        redirect_stderr=True,
    )
    bar.add_task(source.label, total=source.total, completed=source.done)
    return bar
