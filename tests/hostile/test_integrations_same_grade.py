"""Hostile: a wrong answer that scored 1.0 in promptfoo and inspect_ai.

A test (a sample) declares the fields the model was asked for. The complaint says the
cheque was for ₹ 64,32,000/-; it also mentions a part payment of ₹ 6,43,200. These
answers were all green (promptfoo score 1.0, inspect ``C``), although none of them gives
the cheque amount:

- it cites the bare figure: the part payment as the cheque amount, or "4,32,000" cut
  out of "64,32,000" (both quotes verify and state their figure, but no cue says the
  figure is the cheque amount);
- it renames the field (``amount``), so the declared field's reading is never applied;
- it leaves the declared field empty beside a true value of another field.

With declared fields the integrations grade the pack with ``answers: declared``: every
declared field is answered, as itself, and nothing else is. ``sakshi run context`` gives
the same verdict on the pack the integration wrote.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from integration_cases import run_context

from sakshi.context.declared import Answers, declared_problems
from sakshi.context.grade import Verdict, grade_turn
from sakshi.context.packs import pack_from_data
from sakshi.context.turns import parse_turn
from sakshi.integrations.promptfoo import get_assert, grade_output

COMPLAINT = (
    "3. The accused issued cheque No. 804694 for a sum of ₹ 64,32,000/- (Rupees Sixty Four"
    " Lakh Thirty Two Thousand only) in favour of the complainant. The accused later paid"
    " ₹ 6,43,200 in cash towards interest."
)
FIELDS = {
    "cheque_amount": {"type": "money", "currency": "INR", "cues": ["cheque", "sum of"]},
    "cheque_number": {"type": "identifier"},
}
VARS = {"documents": [{"id": "complaint", "text": COMPLAINT}], "fields": FIELDS}


def _value(field: str, value: str | None, quote: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"field": field, "value": value, "why": "The complaint says so."}
    if quote is not None:
        item["cite"] = {"doc": "complaint", "quote": quote}
    return item


NUMBER = _value("cheque_number", "804694", "cheque No. 804694")
WRONG: dict[str, tuple[list[dict[str, Any]], list[str], str | None]] = {
    "bare-other-amount": (
        [_value("cheque_amount", "₹ 6,43,200", "₹ 6,43,200"), NUMBER],
        ["VALUE_UNSUPPORTED"],
        "LABEL_MISMATCH",
    ),
    "digits-cut-from-a-number": (
        [_value("cheque_amount", "₹ 4,32,000", "4,32,000"), NUMBER],
        ["VALUE_UNSUPPORTED"],
        "LABEL_MISMATCH",
    ),
    "renamed-field": (
        [_value("amount", "₹ 6,43,200", "paid ₹ 6,43,200"), NUMBER],
        ["VALUE_UNSUPPORTED", "EVIDENCE_MISSING"],
        "LABEL_MISMATCH",
    ),
    "declared-field-empty": (
        [_value("cheque_amount", None), NUMBER],
        ["EVIDENCE_MISSING"],
        None,
    ),
    "declared-field-left-out": ([NUMBER], ["EVIDENCE_MISSING"], None),
}
RIGHT = [_value("cheque_amount", "₹ 64,32,000", "for a sum of ₹ 64,32,000/-"), NUMBER]


@pytest.mark.parametrize("name", sorted(WRONG))
def test_promptfoo_fails_a_wrong_answer_as_run_context_does(tmp_path: Path, name: str) -> None:
    answer, reasons, value_reason = WRONG[name]
    result = get_assert(json.dumps(answer), {"vars": VARS})
    assert (result["pass"], result["score"]) == (False, 0.0), result["reason"]
    outcome = grade_output(json.dumps(answer), {"vars": VARS})
    assert list(outcome.reasons) == reasons
    if value_reason is not None:
        assert value_reason in outcome.codes
    assert "EVIDENCE_MISSING" not in reasons or "cheque_amount" in outcome.explanation()
    # The integration's pack, graded by run context: the same verdict and findings.
    by_hand = run_context([{**outcome.pack, "expect": "red"}], tmp_path)[outcome.pack["id"]]
    assert (by_hand["verdict"], by_hand["reasons"]) == ("red", reasons)
    assert by_hand["findings"] == [dict(finding) for finding in outcome.findings]
    assert outcome.pack["answers"] == "declared"


def test_the_right_answer_is_still_green() -> None:
    result = get_assert(json.dumps(RIGHT), {"vars": VARS})
    assert (result["pass"], result["score"]) == (True, 1.0), result["reason"]


def test_the_declared_rule_in_the_core(tmp_path: Path) -> None:
    pack = pack_from_data(
        {
            "pack": "sakshi.pack.v1",
            "id": "declared",
            "engine_state": "live",
            "documents": VARS["documents"],
            "bundle": {"documents": ["complaint"]},
            "fields": FIELDS,
            "answers": "declared",
            "turn": {"context_provenance": {"engine_state": "live", "bundle_sha256": None}},
            "expect": "red",
        },
        tmp_path,
        "declared",
    )
    assert pack.answers is Answers.DECLARED
    served = {"engine_state": "live", "bundle_sha256": pack.served.bundle_sha256}
    for name, (answer, reasons, _) in WRONG.items():
        turn = parse_turn({"values": answer, "context_provenance": served})
        assert not isinstance(turn, str)
        args = (turn, pack.served, pack.documents, pack.fields)
        assert grade_turn(*args).verdict is Verdict.GREEN, name  # answers: any lets it by
        graded = grade_turn(*args, answers=Answers.DECLARED)
        assert [reason.value for reason in graded.reasons] == reasons, name
    right = parse_turn({"values": RIGHT, "context_provenance": served})
    assert not isinstance(right, str)
    assert (
        grade_turn(
            right, pack.served, pack.documents, pack.fields, answers=Answers.DECLARED
        ).verdict
        is Verdict.GREEN
    )
    found = declared_problems(right, pack.fields, [None, None], live=True)
    assert (found.failed, found.unanswered) == ({}, ())


# --- inspect_ai: the same answers, scored by sakshi_scorer in a real eval -------------------

# inspect_ai 0.3.285 passes a deprecated argument to tenacity on every model it builds.
pytestmark = pytest.mark.filterwarnings("ignore:The 'initial' parameter:DeprecationWarning")
inspect_needed = pytest.mark.skipif(
    os.environ.get("SAKSHI_REQUIRE_INSPECT") != "1"
    and not __import__("importlib").util.find_spec("inspect_ai"),
    reason="inspect_ai is not installed",
)


@inspect_needed
def test_inspect_scores_each_wrong_answer_incorrect(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.model import ModelOutput, ModelUsage, get_model
    from inspect_ai.solver import generate

    from sakshi.integrations.inspect import sakshi_scorer

    monkeypatch.setenv("INSPECT_DISABLE_MODEL_API", "1")
    monkeypatch.setenv("INSPECT_DISPLAY", "none")
    answers = {**{name: answer for name, (answer, _, _) in WRONG.items()}, "right": RIGHT}

    def model_answer(messages: Any, *_: Any) -> ModelOutput:
        output = ModelOutput.from_content("mockllm/model", json.dumps(answers[messages[-1].text]))
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    samples = [Sample(input=name, id=name, metadata=VARS) for name in answers]
    task = Task(dataset=MemoryDataset(samples), solver=generate(), scorer=sakshi_scorer())
    model = get_model("mockllm/model", custom_outputs=model_answer)
    [log] = inspect_eval(task, model=model, display="none", log_dir=str(tmp_path))
    assert log.samples is not None
    scores = {str(s.id): next(iter(s.scores.values())) for s in log.samples}
    assert {name: score.value for name, score in scores.items()} == {
        **dict.fromkeys(WRONG, "I"),
        "right": "C",
    }
    for name, (_, reasons, _) in WRONG.items():
        assert scores[name].metadata["reasons"] == reasons, name
