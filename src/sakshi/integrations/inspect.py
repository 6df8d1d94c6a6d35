"""The inspect_ai scorer: each sample's answer graded as ``sakshi run context`` grades it.

    from inspect_ai import Task
    from inspect_ai.solver import generate
    from sakshi.integrations.inspect import sakshi_scorer

    Task(dataset=samples, solver=generate(), scorer=sakshi_scorer())

A sample's ``metadata`` says what was served (``documents``, optionally ``fields``,
``engine_state``, ``bundle``: see ``integrations.grading``); a sample without
``documents`` there serves its ``files`` instead, each a document named by its file
(read from the sample's sandbox: ``integrations.inspect_files``). The answer is the model's
output: the cited text blocks when the message carries inspect's ``citations``, else its
completion read as a JSON turn or values list (``integrations.answer``). The score's
value is ``C`` when green and ``I`` when red; its explanation gives the reasons and each
finding's diagnosis; its metadata the verdict, reasons and findings, as ``run context
--format json`` writes them. Besides accuracy, the metric ``sakshi_reasons`` gives, per
reason code, the share of samples where it fired.

``offline_model()`` runs a task with no API key and no network (inspect's mock model,
which would otherwise fetch a token table on first use).

Needs the ``inspect`` extra (in sakshi's checkout: ``pip install '.[inspect]'``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from inspect_ai.model import (
    ChatMessage,
    ContentText,
    GenerateConfig,
    Model,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    accuracy,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolChoice, ToolInfo

from sakshi.integrations.citations import CitedText
from sakshi.integrations.grading import Outcome, Setup, grade_citations, grade_text
from sakshi.integrations.inspect_files import file_documents, sample_file_names
from sakshi.reasons import GradeReason

__all__ = ["AnswerSource", "cited_blocks", "offline_model", "sakshi_reasons", "sakshi_scorer"]

AnswerSource = Literal["auto", "json", "citations"]


def cited_blocks(output: ModelOutput) -> list[CitedText]:
    """The text blocks of the output's message that carry citations, as plain data."""
    content = output.message.content if output.choices else ""
    if isinstance(content, str):
        return []
    return [
        CitedText(index, block.text, tuple(c.model_dump(mode="json") for c in block.citations))
        for index, block in enumerate(content)
        if isinstance(block, ContentText) and block.citations
    ]


async def _served(state: TaskState, label: str) -> Mapping[str, object]:
    """The sample's metadata, with its files as the documents when it names none."""
    metadata = state.metadata
    names = sample_file_names() if metadata.get("documents") is None else []
    if not names:
        return metadata
    return {**metadata, "documents": await file_documents(names, f"{label} files")}


async def _outcome(state: TaskState, answer: AnswerSource, root: Path) -> Outcome:
    label = f"inspect sample {state.sample_id!r}"
    served = await _served(state, label)
    setup = Setup.from_mapping(served, f"{label} metadata", root)
    blocks = cited_blocks(state.output) if answer != "json" else []
    if blocks or answer == "citations":
        return grade_citations(setup, blocks)
    return grade_text(setup, state.output.completion)


def _score(outcome: Outcome, completion: str) -> Score:
    return Score(
        value=CORRECT if outcome.green else INCORRECT,
        answer=completion,
        explanation=outcome.explanation(),
        metadata={
            "verdict": outcome.verdict.value,
            "reasons": list(outcome.reasons),
            "codes": list(outcome.codes),
            "findings": [dict(finding) for finding in outcome.findings],
        },
    )


def _codes(score: SampleScore) -> list[str]:
    metadata = score.score.metadata
    codes = metadata.get("codes") if isinstance(metadata, Mapping) else None
    return [code for code in codes if isinstance(code, str)] if isinstance(codes, list) else []


@metric
def sakshi_reasons() -> Metric:
    """Per reason code, the share of samples where it fired (every context reason is
    listed, so runs compare key by key; value reasons appear once one fires)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        counts = dict.fromkeys((reason.value for reason in GradeReason), 0)
        for score in scores:
            for code in _codes(score):
                counts[code] = counts.get(code, 0) + 1
        total = len(scores) or 1
        return {code: counts[code] / total for code in sorted(counts)}

    return compute


@scorer(metrics=[accuracy(), stderr(), sakshi_reasons()])
def sakshi_scorer(answer: AnswerSource = "auto", documents_root: str | None = None) -> Scorer:
    """sakshi's grade of each sample: ``C`` green, ``I`` red (see the module's docstring).

    ``answer``: ``auto`` (citations when the message carries any, else JSON), ``json`` or
    ``citations``. ``documents_root``: the folder ``file:`` documents are read from (the
    working folder by default); they are kept inside it.
    """
    root = Path(documents_root) if documents_root is not None else Path.cwd()

    async def score(state: TaskState, target: Target) -> Score:
        return _score(await _outcome(state, answer, root), state.output.completion)

    return score


_MOCK_ANSWER = "Default output from mockllm/model"  # what inspect's mockllm answers


def _mock_answer(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", _MOCK_ANSWER)
    # Given usage, mockllm counts no tokens: it counts them with tiktoken, which downloads
    # its table the first time it is used, so an offline run would stop there.
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def offline_model() -> Model:
    """inspect's ``mockllm/model`` answering as it does by default ("Default output from
    mockllm/model", not a turn: every sample is red with TURN_MALFORMED), with no API key
    and no network: a task's pipeline and sakshi's scores, checked on a machine that has
    neither. Give it as the task's ``model`` (``Task(..., model=offline_model())``)."""
    return get_model("mockllm/model", custom_outputs=_mock_answer)
