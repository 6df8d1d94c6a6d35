"""The recovery lane: recorded agent traces checked against strict chains (SPEC 5).

The pure core (plain data in, plain data out; no file, process or terminal module):
  model.py      sakshi.trace.v1 events: tool calls, results, messages, harness events
  evidence.py   truncation evidence in results: structured handle, text handle, offset
  validate.py   validator v2: (case, trace) -> status, reason codes, counts; it uses
    trace_index.py   each call and its one result, indexed once
    offset_chain.py  the read-offset chain (exact told offsets, hop by hop)
    handle_chain.py  the temp-output chain (the producer's handle read back)
    source_reach.py  whether a call could reach the original source (by what it could
                     read, not how it spells it); shell_words.py reads a command line,
                     reach_terms.py holds the programs, keys and tools it judges by
    source_names.py  whether a string names the original source, whatever the spelling
  corpus.py     the corpus's cases, the synthetic source each generates, corpus checks
  workspace.py  a case's fixture project for any agent (``sakshi recovery workspace``)
The lane's shell:
  readers/      sakshi.trace.v1 and the agents' own session files -> the model, one module
                per format (sakshi_trace, pi, claude_code, anthropic, openai), format
                detection, probe.json merging; a dict of readers by format name
  corpus_file.py  the corpus YAML file -> the model
  lane.py       one run folder (trace, case.json, probe.json) -> a run record
  live.py       run a real agent for every model x case, then validate
  pi_agent.py   the Pi coding agent driver and its provenance probe
  pi_seal.py    the probe's seal over the session and probe.json, checked by the harness
  pi_credentials.py  which environment variables an arm's Pi may see

It may import ``inputs``, ``errors``, ``reasons`` and ``parallel``; never ``reports`` or
``commands``.
"""
