"""One module per command family; ``sakshi.cli`` registers them.

common.py     exit codes, output writing, shared options
output.py     the one writer: every file a command writes, once, atomically (SPEC 9)
spans.py      verify-spans
values.py     verify-values
targets.py    the report files of one run (--out by extension, several at once)
cache.py      cache info, cache clear
context.py    run context, prove
warm.py       run context's packs graded, or read back from the result cache
recovery.py   run recovery, corpus check, report reinterpret, identity
live.py       live recovery (a real agent)
grade.py      grade (logged turns)
grade_output.py  where grade writes: stdout, --out, or --out-parts with a manifest
view.py       view (the HTML evidence page)
imports.py    import-citations
docs.py       docs extract
init.py       init (a starter folder)

Each loads its inputs (``inputs``), calls a lane or the core, renders a report
(``reports``) and returns an exit code; nothing below imports from here.
"""
