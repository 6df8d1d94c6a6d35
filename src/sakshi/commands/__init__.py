"""One module per command family; ``sakshi.cli`` registers them.

common.py     exit codes, output writing, shared options
spans.py      verify-spans
context.py    run context, prove
recovery.py   run recovery, corpus check, report reinterpret, identity
"""
