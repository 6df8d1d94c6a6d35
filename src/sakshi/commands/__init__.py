"""One module per command family; ``sakshi.cli`` registers them.

outcome.py    what a command returns: its Outcome, which cli.main alone makes an exit code
options.py    the options several commands share (--jobs, --out, the route's, ...)
output.py     the one writer: every file a command writes, once, atomically (SPEC 9)
streams.py    a JSON lines stream through a check (verify-spans, verify-values)
recovery_report.py  where a recovery report goes, what the run says, its outcome
progress.py   the progress line on stderr
run_folder.py the run's own folder for configured outputs (run context)
spans.py      verify-spans
values.py     verify-values
targets.py    the report files of one run (--out by extension, several at once)
cache.py      cache info, cache clear
context.py    run context, and what prove shares with it
prove.py      prove
warm.py       run context's packs graded, or read back from the result cache
recovery.py   run recovery, corpus check, report reinterpret, identity
live.py       live recovery (a real agent)
grade.py      grade (logged turns)
grade_output.py  where grade writes: stdout, --out, or --out-parts with a manifest
view.py       view (the HTML evidence page)
imports.py    import-citations
docs.py       docs extract
init.py       init (a starter folder); init_ci.py: the Action and pins its CI files name
hashes.py     hash bundle

Each loads its inputs (``inputs``), calls a lane or the core, renders a report
(``reports``) and returns an ``Outcome``; none of them exits (only ``cli.main`` does), and
nothing below imports from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face

if TYPE_CHECKING:
    from sakshi.commands.outcome import Outcome

__all__ = ["Outcome"]

# What the CLI reads of a command's end, loaded when first used: ``sakshi --version``
# imports nothing of the commands (tests/test_startup.py).
_HOMES = {"outcome": ("Outcome",)}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES)
