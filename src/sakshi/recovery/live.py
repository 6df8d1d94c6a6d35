"""The live recovery lane: run a real agent on every (model, case) arm, then validate.

``sakshi live recovery`` is this module's shell; the agent itself sits behind the small
``Agent`` interface (``sakshi.recovery.pi_agent.PiAgent`` for Pi). For each arm, in a fixed order
(models as given in ``SAKSHI_EVAL_MODELS`` after de-duplication, then cases by id):

1. a fresh workspace in the system temp folder, in which the agent prepares the fixture
   project (only the case's generated source) and runs once with the case prompt and
   sakshi's probe, which deletes the source after the producer's first successful result
   and checks the handle (SPEC section 5);
2. what the run left (the session, the probe's ``probe.json``) and ``case.json`` collected
   into a run folder and validated exactly as ``sakshi run recovery`` does
   (``recovery_lane.run_folder``);
3. the workspace removed, whatever happened.

A run the agent could not complete (it failed to start, exited non-zero, timed out, wrote
no session, or the probe never ran) is status ``error`` with TRACE_MALFORMED: the lane
then exits 2, never green. Parsing the models, planning the arms and the identity are
pure and tested without any agent.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sakshi.errors import InputError
from sakshi.recovery.corpus import Case, Corpus
from sakshi.recovery.lane import RunRecord, run_folder
from sakshi.recovery.validate import malformed_result

__all__ = [
    "MODELS_ENV",
    "Agent",
    "Arm",
    "ModelRef",
    "RunOutcome",
    "collect",
    "identity_extra",
    "parse_models",
    "plan_arms",
    "run_arm",
    "run_arms",
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
class RunOutcome:
    """What one agent run left: files for the run folder (its name -> where it is now) and,
    when the run cannot be graded, why (for stderr only, never a report)."""

    files: Mapping[str, Path] = field(default_factory=dict)
    problem: str | None = None


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

    def run(self, arm: Arm, workspace: Path) -> RunOutcome:
        """Prepare the fixture project in ``workspace`` (empty, removed afterwards by the
        caller) and run the agent once on the arm, within its timeout."""
        ...


# --- the shell -----------------------------------------------------------------------------


def collect(arm: Arm, outcome: RunOutcome, folder: Path) -> None:
    """The run folder as ``sakshi run recovery`` reads it: ``case.json`` and whatever the
    run left (its session, ``probe.json``), kept even when the run cannot be graded."""
    folder.mkdir(parents=True)
    (folder / "case.json").write_text(json.dumps({"case_id": arm.case.id}) + "\n", encoding="utf-8")
    for name, path in sorted(outcome.files.items()):
        shutil.copyfile(path, folder / name)


def run_arm(arm: Arm, agent: Agent, corpus: Corpus, runs_dir: Path) -> RunRecord:
    """One arm end to end; its workspace is gone when this returns or raises."""
    workspace = Path(tempfile.mkdtemp(prefix="sakshi-live-"))
    try:
        outcome = agent.run(arm, workspace)
        folder = runs_dir / arm.run
        collect(arm, outcome, folder)
        if outcome.problem is not None:
            return RunRecord(
                arm.run, arm.case.id, malformed_result(), f"{arm.run}: {outcome.problem}"
            )
        return run_folder(folder, corpus, agent.trace_format)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


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
