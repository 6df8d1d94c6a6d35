"""The recovery lane's traces: one normalised model, readers into it, and the validator.

model.py      sakshi.trace.v1 events (tool calls, results, messages, harness events)
readers.py    sakshi.trace.v1, Pi sessions (v1-v3), Claude Code, OpenAI, Anthropic
evidence.py   truncation evidence in results: structured handle, text handle, offset
validate.py   validator v2: (case, trace) -> status, reason codes, counts
"""
