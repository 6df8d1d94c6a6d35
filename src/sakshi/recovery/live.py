"""The live recovery lane: run a real agent on every (model, case) arm, then validate.

``sakshi live recovery`` is this module's shell; the agent itself sits behind the small
``Agent`` interface (``sakshi.recovery.pi_agent.PiAgent`` for Pi). For each arm, in a fixed order
(models as given in ``SAKSHI_EVAL_MODELS`` after de-duplication, then cases by id):

1. two fresh folders in the system temp folder: a workspace, in which the agent prepares
   the fixture project (only the case's generated source) and runs once with the case
   prompt and sakshi's probe, which deletes the source after the producer's first
   successful result and checks the handle (SPEC section 5); and apart from it, an
   evidence folder for the agent's session and the probe's output, which nothing the
   agent's tools are given (working folder, environment, prompt) names;
2. the evidence sealed when the agent exits: read once, its bytes kept (``SealedFile``;
   the agent checks them against its own seal, e.g. ``pi_seal``), written with
   ``case.json`` into a run folder and validated exactly as ``sakshi run recovery`` does
   (``recovery_lane.run_folder``); before and after validating, the evidence where the run
   left it and the run folder's copy must still be those bytes;
3. both folders removed, whatever happened.

A run the agent could not complete (it failed to start, exited non-zero, timed out, wrote
no session, or the probe never ran), or whose evidence changed after it was sealed, is
status ``error`` with TRACE_MALFORMED and a message on stderr: the lane then exits 2, never
green. Parsing the models, planning the arms and the identity are pure and tested without
any agent.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sakshi.errors import InputError
from sakshi.inputs import FileRefused, read_regular
from sakshi.recovery.corpus import Case, Corpus
from sakshi.recovery.lane import MAX_TRACE_BYTES, RunBytes, RunRecord, judge_run
from sakshi.recovery.validate import malformed_result

__all__ = [
    "MODELS_ENV",
    "Agent",
    "Arm",
    "ModelRef",
    "RunOutcome",
    "SealedFile",
    "collect",
    "evidence_changed",
    "identity_extra",
    "parse_models",
    "plan_arms",
    "run_arm",
    "run_arms",
    "seal_file",
]

MODELS_ENV = "SAKSHI_EVAL_MODELS"
_NOTHING_RUN = f"set {MODELS_ENV}=provider/model[,...] to run the live lane; nothing was run"


# --- the plan (pure) -----------------------------------------------------------------------


@dataclass(frozen=True)
class ModelRef:
    """One model of ``SAKSHI_EVAL_MODELS``: ``provider/model`` (the model may hold ``/``)."""

    provider: str
    model: str

    @property
    def name(self) -> str:
        return f"{self.provider}/{self.model}"


@dataclass(frozen=True)
class Arm:
    """One run: a model on a case; ``index`` (1-based) is its place in the arm order."""

    index: int
    model: ModelRef
    case: Case

    @property
    def run(self) -> str:
        """The run folder's name: sorts in arm order, and names only the model and the case."""
        slug = re.sub(r"[^A-Za-z0-9._-]+", "-", self.model.name).strip("-")
        return f"{self.index:03d}-{slug}-{self.case.id}"


def parse_models(raw: str | None) -> tuple[ModelRef, ...]:
    """``provider/model[,...]``: blanks skipped, duplicates dropped (the first place kept).
    Unset or empty is missing configuration: nothing may run."""
    items = [item.strip() for item in (raw or "").split(",") if item.strip()]
    if not items:
        raise InputError(MODELS_ENV, None, f"not set; {_NOTHING_RUN}")
    models: list[ModelRef] = []
    for item in items:
        provider, sep, model = item.partition("/")
        if not sep or not provider.strip() or not model.strip():
            found = f"{item!r}"[:80]
            raise InputError(
                MODELS_ENV, None, f"expected provider/model, found {found}; nothing was run"
            )
        ref = ModelRef(provider.strip(), model.strip())
        if ref not in models:
            models.append(ref)
    return tuple(models)


def plan_arms(
    models: Sequence[ModelRef], corpus: Corpus, case_ids: Sequence[str] = ()
) -> tuple[Arm, ...]:
    """Every (model, case) arm: models in the given order, then cases by id. ``case_ids``
    (when given) selects the cases; an id not in the corpus is an error."""
    unknown = sorted({case_id for case_id in case_ids if case_id not in corpus.cases})
    if unknown:
        raise InputError(
            "--case", None, f"{unknown[0]!r} is not a case of the corpus; nothing was run"
        )
    chosen = sorted(set(case_ids) if case_ids else set(corpus.cases))
    pairs = [(model, corpus.cases[case_id]) for model in models for case_id in chosen]
    return tuple(Arm(index, model, case) for index, (model, case) in enumerate(pairs, start=1))


def identity_extra(
    agent: str,
    version: str,
    models: Sequence[ModelRef],
    arms: Sequence[Arm],
    config: Mapping[str, Any],
) -> dict[str, Any]:
    """What the live lane adds to the run identity: the agent and its version, the models,
    the arm order and the agent's effective configuration (never a path, key or env value)."""
    only = models[0] if len(models) == 1 else None
    return {
        "agent": {"name": agent, "version": version},
        "model": {"provider": only.provider, "model": only.model} if only else None,
        "models": [{"provider": ref.provider, "model": ref.model} for ref in models],
        "arms": [{"run": arm.run, "model": arm.model.name, "case": arm.case.id} for arm in arms],
        "config": {"lane": "live-recovery", **config},
    }


# --- the agent interface ---------------------------------------------------------------------


@dataclass(frozen=True)
class SealedFile:
    """One file of a run's evidence as the harness sealed it when the agent exited: its name
    in the run folder, where the run left it, and its bytes then (the run folder gets these
    bytes, and nothing read later)."""

    name: str
    origin: Path
    data: bytes


@dataclass(frozen=True)
class RunOutcome:
    """What one agent run left: its sealed evidence and, when the run cannot be graded, why
    (for stderr only, never a report)."""

    files: tuple[SealedFile, ...] = ()
    problem: str | None = None


def _read_regular(path: Path) -> bytes | None:
    """The bytes of a regular file (never a symlink, FIFO or device, which could point the
    harness anywhere or hang it), within the trace size limit; None otherwise."""
    try:
        return read_regular(path, MAX_TRACE_BYTES, follow_links=False)
    except FileRefused:
        return None


def seal_file(name: str, origin: Path) -> SealedFile | None:
    """``origin`` read once, as the run folder's ``name``; None when it is not a readable
    regular file within the size limit."""
    data = _read_regular(origin)
    return None if data is None else SealedFile(name, origin, data)


def _case_json(arm: Arm) -> bytes:
    return (json.dumps({"case_id": arm.case.id}) + "\n").encode("utf-8")


def evidence_changed(arm: Arm, outcome: RunOutcome, folder: Path) -> str | None:
    """Why the evidence is no longer what was sealed (one line naming the file), or None: each
    sealed file must still hold its sealed bytes where the run left it (a process the agent
    left behind may still write there), and the run folder must hold exactly ``case.json``
    and those bytes (a ``trace.jsonl`` slipped in would be read before the session)."""
    for sealed in outcome.files:
        if _read_regular(sealed.origin) != sealed.data:
            return (
                f"{sealed.name} changed where the agent left it after the harness sealed it "
                "(a process the agent started still writes its evidence)"
            )
    expected = {"case.json": _case_json(arm), **{item.name: item.data for item in outcome.files}}
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []
    if names != sorted(expected):
        return "the run folder's files changed after the harness wrote them"
    for name, data in sorted(expected.items()):
        if _read_regular(folder / name) != data:
            return f"{name} in the run folder changed after the harness wrote it"
    return None


class Agent(Protocol):
    """A coding agent the live lane can run; ``trace_format`` names its session reader."""

    @property
    def name(self) -> str:
        """The agent's name, as the identity records it."""
        ...

    @property
    def trace_format(self) -> str:
        """The reader of the session it writes (``sakshi run recovery --trace-format``)."""
        ...

    def run(self, arm: Arm, workspace: Path, evidence: Path) -> RunOutcome:
        """Prepare the fixture project in ``workspace`` and run the agent once on the arm,
        within its timeout, its session and probe output going to ``evidence``, a folder
        apart that the agent's tools must not be told of. Both start empty and the caller
        removes them afterwards. The outcome's files are sealed when the agent has exited
        (``seal_file``), after whatever check of them the agent has of its own."""
        ...


# --- the shell -----------------------------------------------------------------------------


def collect(arm: Arm, outcome: RunOutcome, folder: Path) -> None:
    """The run folder as ``sakshi run recovery`` reads it: ``case.json`` and the sealed
    evidence (its session, ``probe.json``), kept even when the run cannot be graded."""
    folder.mkdir(parents=True)
    files = {"case.json": _case_json(arm), **{item.name: item.data for item in outcome.files}}
    for name, data in sorted(files.items()):
        with open(folder / name, "xb") as handle:
            handle.write(data)


# Evidence files that are not the trace: the probe's output and the probe's seal.
_NOT_TRACE = frozenset({"probe.json", "seal.json"})


def _run_bytes(outcome: RunOutcome) -> RunBytes | None:
    """The sealed trace and probe as the validator takes them; None unless exactly one
    sealed file is the trace."""
    traces = [item for item in outcome.files if item.name not in _NOT_TRACE]
    if len(traces) != 1:
        return None
    probes = [item for item in outcome.files if item.name == "probe.json"]
    probe = probes[0].data if probes else None
    return RunBytes(traces[0].data, traces[0].name, probe)


def run_arm(arm: Arm, agent: Agent, corpus: Corpus, runs_dir: Path) -> RunRecord:
    """One arm end to end; its workspace and evidence folder are gone when this returns or
    raises. The evidence is checked against its seal before validating and again after (a
    change while it was read), and any change makes the run an error."""
    workspace = Path(tempfile.mkdtemp(prefix="sakshi-live-"))
    evidence = Path(tempfile.mkdtemp(prefix="sakshi-evidence-"))
    try:
        outcome = agent.run(arm, workspace, evidence)
        folder = runs_dir / arm.run
        collect(arm, outcome, folder)
        problem = outcome.problem or evidence_changed(arm, outcome, folder)
        evidence_bytes = _run_bytes(outcome)
        if problem is None and evidence_bytes is None:
            problem = "the sealed evidence holds no single trace"
        if problem is None and evidence_bytes is not None:
            # Judged from the sealed bytes themselves: a file slipped into the run folder
            # between the checks cannot be what is read.
            record = judge_run(arm.run, arm.case, corpus, evidence_bytes, agent.trace_format)
            problem = evidence_changed(arm, outcome, folder)
            if problem is None:
                return record
        return RunRecord(arm.run, arm.case.id, malformed_result(), f"{arm.run}: {problem}")
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
        shutil.rmtree(evidence, ignore_errors=True)


def run_arms(
    arms: Sequence[Arm],
    agent: Agent,
    corpus: Corpus,
    keep_runs: Path | None,
    progress: Callable[[Arm, RunRecord], None] | None = None,
) -> list[RunRecord]:
    """Every arm in order. Run folders go to ``keep_runs``, or to a temp folder that is
    removed at the end."""
    runs_dir = keep_runs or Path(tempfile.mkdtemp(prefix="sakshi-live-runs-"))
    try:
        runs_dir.mkdir(parents=True, exist_ok=True)
        records = []
        for arm in arms:
            record = run_arm(arm, agent, corpus, runs_dir)
            records.append(record)
            if progress is not None:
                progress(arm, record)
        return records
    finally:
        if keep_runs is None:
            shutil.rmtree(runs_dir, ignore_errors=True)
