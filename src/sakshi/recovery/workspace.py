"""What ``sakshi recovery workspace CASE DIR`` lays out: a case's fixture project, for any
agent to run in. Pure: the command's shell writes the files.

The fixture is what the live lane gives Pi as its project: the case's generated source at
its corpus path and nothing else, so a harness for another agent records runs the lane can
judge the same way. The fact is only ever on its line of the source; the description the
command prints beside the files (``Workspace.description``) carries the prompt and the
SHA-256 of the fact's line (what a temp-output harness checks the handle against, as the
live lane's probe does), never the fact itself.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from sakshi.errors import InputError
from sakshi.recovery.corpus import Case, Corpus, fact_line_text, generate_source

__all__ = ["WORKSPACE_FORMAT", "Workspace", "WorkspaceFile", "plan_workspace"]

WORKSPACE_FORMAT = "sakshi.recovery-workspace.v1"
# How many case ids an "unknown case" message lists before it says how many more there are.
_SHOWN_IDS = 8


@dataclass(frozen=True)
class WorkspaceFile:
    """One file of the workspace: its path inside it, one name a part, and its bytes."""

    parts: tuple[str, ...]
    data: bytes


@dataclass(frozen=True)
class Workspace:
    """A case's fixture project: the files to write and what to tell the harness."""

    case: Case
    files: tuple[WorkspaceFile, ...]

    def description(self) -> dict[str, Any]:
        """What a harness needs to run the case here: the prompt, the source's place and the
        SHA-256 of the fact's line (a line of the handle must have it), never the fact."""
        case = self.case
        return {
            "workspace": WORKSPACE_FORMAT,
            "case_id": case.id,
            "kind": case.kind.value,
            "producer": case.producer,
            "prompt": case.prompt,
            "source": case.source.path,
            "lines": case.source.lines,
            "fact_line": case.source.fact_line,
            "fact_line_sha256": hashlib.sha256(fact_line_text(case).encode("utf-8")).hexdigest(),
            "case_json": {"case_id": case.id},
        }


def _unknown(case_id: str, corpus: Corpus, label: str) -> InputError:
    ids = sorted(corpus.cases)
    shown = ", ".join(ids[:_SHOWN_IDS])
    if len(ids) > _SHOWN_IDS:
        shown += f" and {len(ids) - _SHOWN_IDS} more"
    given = f"{case_id!r}"[:80]  # a user's argument, quoted and kept short
    return InputError(label, None, f"{given} is not a case of the corpus; its cases: {shown}")


def plan_workspace(corpus: Corpus, case_id: str, corpus_label: str) -> Workspace:
    """The workspace of ``case_id``: its generated source at the corpus path. An id the
    corpus does not hold is an InputError naming the corpus and listing its cases."""
    case = corpus.cases.get(case_id)
    if case is None:
        raise _unknown(case_id, corpus, corpus_label)
    # The corpus file refuses absolute paths and ".."; "." parts and doubled slashes are
    # dropped here so that every part is a plain name to create.
    parts = tuple(part for part in case.source.path.split("/") if part not in ("", "."))
    return Workspace(case, (WorkspaceFile(parts, generate_source(case)),))
