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
  beside.py     sessions of the same agent left beside the trace (never passed over)
  live.py       run a real agent for every model x case, then validate
  pi_agent.py   the Pi coding agent driver and its provenance probe
  pi_seal.py    the probe's seal over the session and probe.json, checked by the harness
  pi_credentials.py  which environment variables an arm's Pi may see

It may import ``inputs``, ``errors``, ``reasons`` and ``parallel``; never ``reports`` or
``commands``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face

if TYPE_CHECKING:
    from sakshi.recovery import live
    from sakshi.recovery.corpus import FactScreen, check_corpus, shown_tool_names
    from sakshi.recovery.corpus_file import load_corpus
    from sakshi.recovery.evidence import EvidenceSource
    from sakshi.recovery.lane import RunRecord, discover_runs, run_folder, shown_run
    from sakshi.recovery.pi_agent import PiAgent, find_pi, read_models_json
    from sakshi.recovery.readers import FORMATS
    from sakshi.recovery.tool_names import ANY_KNOWN_TOOL, screen_tool_names
    from sakshi.recovery.validate import Status
    from sakshi.recovery.workspace import plan_workspace

__all__ = [
    "ANY_KNOWN_TOOL",
    "FORMATS",
    "EvidenceSource",
    "FactScreen",
    "PiAgent",
    "RunRecord",
    "Status",
    "check_corpus",
    "discover_runs",
    "find_pi",
    "live",
    "load_corpus",
    "plan_workspace",
    "read_models_json",
    "run_folder",
    "screen_tool_names",
    "shown_run",
    "shown_tool_names",
]

# Each public name by the module that defines it, imported when first used (sakshi/lazy.py):
# importing the package costs nothing until then.
_HOMES = {
    "corpus": ("FactScreen", "check_corpus", "shown_tool_names"),
    "corpus_file": ("load_corpus",),
    "evidence": ("EvidenceSource",),
    "lane": ("RunRecord", "discover_runs", "run_folder", "shown_run"),
    "pi_agent": ("PiAgent", "find_pi", "read_models_json"),
    "readers": ("FORMATS",),
    "tool_names": ("ANY_KNOWN_TOOL", "screen_tool_names"),
    "validate": ("Status",),
    "workspace": ("plan_workspace",),
}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES, ("live",))
