"""One sample (inspect_ai) or test (promptfoo) graded exactly as ``sakshi run context``
grades a pack: the shared adapter under every integration.

The sample's metadata (the test's vars) say what was served: ``documents`` (section 2, a
list, or a DOCS.yaml-shaped mapping with a ``documents`` list), optionally ``fields``
(section 8), ``engine_state`` (default ``live``), ``bundle`` (default, when a bundle
is served: ``{"documents": [the documents' ids]}``) and ``answers`` (the pack's key:
``declared`` by default when fields are declared, so the answer must give every declared
field, stated as that field, and no other; ``any`` opts out). They become a pack mapping, loaded by
the pack loader ``run context`` uses; the model's answer becomes its turn
(``integrations.answer``), and the pack is graded by the lane's own ``run_pack``. So a
verdict, its reasons and its findings are those ``sakshi run context`` gives for
``Outcome.pack`` written to a file: nothing here decides a verdict.

A sample that cannot be graded honestly (no documents, a malformed document or bundle,
fields this sakshi cannot read) raises ``InputError`` naming the sample and the key; an
answer that is not a turn is red, TURN_MALFORMED. ``file:`` bodies are read from ``base``
(kept inside it, as a pack's are kept inside its folder).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sakshi.context import (
    Finding,
    Grade,
    Pack,
    PackResult,
    Route,
    Verdict,
    pack_from_data,
    parse_turn,
    run_pack,
)
from sakshi.errors import InputError, a_kind
from sakshi.integrations.answer import AnswerProblem, answer_json, answer_turn
from sakshi.integrations.citations import CitedText, citation_values
from sakshi.reasons import GradeReason
from sakshi.reports import pack_details

__all__ = ["Outcome", "Setup", "grade_answer", "grade_citations", "grade_text"]

_NOT_ID = re.compile(r"[^a-z0-9]+")
# Finding keys the explanation shows in its own way; any other scalar key is listed.
_SHOWN = frozenset({"reason", "detail", "field", "value_index", "diagnosis"})


@dataclass(frozen=True)
class Setup:
    """What was served for one sample or test, as its metadata or vars gave it."""

    documents: object
    label: str  # names the sample or test in messages: ``inspect sample 'x'``
    base: Path = Path(".")  # where ``file:`` bodies are read from
    fields: object | None = None
    engine_state: object = "live"
    bundle: object | None = None
    answers: object | None = None  # None: ``declared`` when fields are declared

    @classmethod
    def from_mapping(cls, data: object, label: str, base: Path = Path(".")) -> Setup:
        """The setup a sample's metadata (a test's vars) gives; ``documents`` is required."""
        if not isinstance(data, Mapping):
            raise InputError(
                label, None, f"expected a mapping with documents, found {a_kind(data)}"
            )
        if data.get("documents") is None:
            raise InputError(label, "documents", "missing; expected the documents (as in a pack)")
        return cls(
            documents=data["documents"],
            label=label,
            base=base,
            fields=data.get("fields"),
            engine_state=data.get("engine_state", "live"),
            bundle=data.get("bundle"),
            answers=data.get("answers"),
        )


@dataclass(frozen=True)
class Outcome:
    """A graded answer: what ``sakshi run context`` says of ``pack`` (its JSON's
    ``verdict``, ``reasons`` and ``findings``, each finding with its diagnosis)."""

    verdict: Verdict
    reasons: tuple[str, ...]
    findings: tuple[dict[str, Any], ...]
    pack: dict[str, Any]

    @property
    def green(self) -> bool:
        """True when no reason fired."""
        return self.verdict is Verdict.GREEN

    @property
    def codes(self) -> tuple[str, ...]:
        """The reasons, then each finding's ``value_reason`` (section 8), once each."""
        extra = [f["value_reason"] for f in self.findings if isinstance(f.get("value_reason"), str)]
        return tuple(dict.fromkeys([*self.reasons, *extra]))

    def explanation(self) -> str:
        """The verdict and every finding, with its diagnosis, for people (several lines)."""
        state = self.pack.get("engine_state")
        if self.green:
            return f"sakshi: green at engine_state {state}: every check held"
        lines = [f"sakshi: red at engine_state {state}: {', '.join(self.reasons)}"]
        for finding in self.findings:
            where = f" [{finding['field']}]" if "field" in finding else ""
            lines.append(f"- {finding.get('reason')}{where}: {finding.get('detail')}")
            for key in sorted(k for k in finding if k not in _SHOWN):
                if isinstance(finding[key], str | int | float | bool):
                    lines.append(f"    {key}: {finding[key]}")
            lines += [f"    {note}" for note in finding.get("diagnosis") or []]
        return "\n".join(lines)


def _documents_list(setup: Setup) -> object:
    """The documents list (a DOCS.yaml-shaped mapping gives its ``documents``)."""
    raw = setup.documents
    if isinstance(raw, Mapping) and "documents" in raw:
        return raw["documents"]
    return raw


def _pack_id(label: str) -> str:
    return _NOT_ID.sub("-", label.lower()).strip("-")[:80].strip("-") or "answer"


def _setup_pack(setup: Setup) -> dict[str, Any]:
    """The pack mapping of what was served, without its turn."""
    documents = _documents_list(setup)
    mapping: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": _pack_id(setup.label),
        "title": f"the answer of {setup.label}",
        "engine_state": setup.engine_state,
        "documents": documents,
    }
    if setup.fields is not None:
        mapping["fields"] = setup.fields
        # The declared fields are what the model was asked: each must be answered, as
        # that field, and nothing else (context/declared.py), unless the setup says any.
        mapping["answers"] = "declared" if setup.answers is None else setup.answers
    elif setup.answers is not None:
        mapping["answers"] = setup.answers
    if setup.bundle is not None:
        mapping["bundle"] = setup.bundle
    elif setup.engine_state != "none" and isinstance(documents, list):
        ids = [d.get("id") for d in documents if isinstance(d, Mapping)]
        mapping["bundle"] = {"documents": ids}
    return mapping


def _load(mapping: Mapping[str, Any], setup: Setup) -> Pack:
    """The served pack, loaded and checked as ``run context`` loads a pack file."""
    placeholder = {**mapping, "command": {"name": "answer"}}
    return pack_from_data(placeholder, setup.base, setup.label)


def _never_called(request: dict[str, Any]) -> object:
    raise AssertionError("a pack with its turn never runs a route")


_RECORDED = Route("answer", _never_called)


def _malformed(pack: Pack, problem: str) -> PackResult:
    finding = Finding(GradeReason.TURN_MALFORMED, problem)
    return PackResult(pack, None, Grade(Verdict.RED, (finding.reason,), (finding,)), "answer")


def _graded(mapping: dict[str, Any], served: Pack, answer: object) -> Outcome:
    raw_turn = answer_turn(answer, served.served)
    turn = parse_turn(raw_turn) if not isinstance(raw_turn, AnswerProblem) else raw_turn
    if isinstance(turn, AnswerProblem):
        result = _malformed(served, turn.message)
    elif isinstance(turn, str):
        result = _malformed(served, f"the answer is not a turn: {turn}")
    else:
        mapping = {**mapping, "turn": raw_turn}
        result = run_pack(replace(served, turn=turn), _RECORDED)
    return Outcome(
        verdict=result.grade.verdict,
        reasons=tuple(reason.value for reason in result.grade.reasons),
        findings=tuple(pack_details(result)),
        pack=mapping,
    )


def grade_answer(setup: Setup, answer: object) -> Outcome:
    """Grade a parsed answer (JSON data, or an ``AnswerProblem``) against ``setup``."""
    mapping = _setup_pack(setup)
    return _graded(mapping, _load(mapping, setup), answer)


def grade_text(setup: Setup, text: str) -> Outcome:
    """Grade an answer given as text (JSON, see ``integrations.answer``)."""
    return grade_answer(setup, answer_json(text))


def grade_citations(setup: Setup, blocks: Sequence[CitedText]) -> Outcome:
    """Grade the cited text blocks of a model's message (``integrations.citations``); a
    message without any citation is red (EVIDENCE_MISSING at live), as an empty turn is."""
    mapping = _setup_pack(setup)
    served = _load(mapping, setup)
    documents = mapping["documents"]
    titles = {
        doc["id"]: doc["title"]
        for doc in documents
        if isinstance(doc.get("id"), str) and isinstance(doc.get("title"), str)
    }
    values = citation_values(blocks, served.documents, titles)
    return _graded(mapping, served, {"values": values})
