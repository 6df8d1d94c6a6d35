"""``sakshi_scorer()`` in a real ``inspect_ai.eval(...)``: offline, on inspect's ``mockllm``
model (its generate answers each sample's recorded output), with every socket to a
non-loopback address refused and recorded. Each sample's score holds run context's
verdict, reasons and findings for the same documents, state and turn."""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import os
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from integration_cases import CASES, DOCUMENTS, Case, doc_files, run_context, value

if os.environ.get("SAKSHI_REQUIRE_INSPECT") != "1":
    pytest.importorskip(
        "inspect_ai",
        reason="inspect_ai is not installed: pip install -e '.[test]' (CI requires it)",
    )

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.log import EvalLog
from inspect_ai.model import (
    ChatMessage,
    ContentText,
    DocumentCitation,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.solver import generate
from inspect_ai.tool import ToolChoice, ToolInfo

from sakshi.context.grade import Verdict
from sakshi.context.turns import bundle_sha256
from sakshi.integrations.grading import Outcome
from sakshi.integrations.inspect import sakshi_scorer

# inspect_ai 0.3.285 passes a deprecated argument to tenacity on every model it builds.
pytestmark = pytest.mark.filterwarnings("ignore:The 'initial' parameter:DeprecationWarning")
# inspect_ai's own switches: any model API but mockllm raises; no display.
OFFLINE = {"INSPECT_DISABLE_MODEL_API": "1", "INSPECT_DISPLAY": "none", "NO_COLOR": "1"}

GREEN_TEXT, RED_TEXT = "42.500 MT", "42.5 MT"


def _cited(text: str, quote: str, **citation: Any) -> list[ContentText]:
    return [ContentText(text=text, citations=[DocumentCitation(cited_text=quote, **citation)])]


PAGE_RANGE = {"range": {"type": "page", "start_index": 0, "end_index": 2}}
# Cited blocks, as a provider's citations reach inspect: Anthropic's document_index, or a title.
CITED: dict[str, list[ContentText]] = {
    "cited-green": _cited(GREEN_TEXT, GREEN_TEXT, internal={"document_index": 0}, **PAGE_RANGE),
    "cited-red": _cited(RED_TEXT, RED_TEXT, title="grn-117", **PAGE_RANGE),
}
# The turns they must become: what run context grades for the same sample.
CITED_TURNS = {
    "cited-green": [
        value("answer-0", GREEN_TEXT, {"doc": "grn-117", "page": 2, "quote": GREEN_TEXT})
    ],
    "cited-red": [value("answer-0", RED_TEXT, {"doc": "grn-117", "page": 1, "quote": RED_TEXT})],
}
NOT_A_TURN = "prose-answer"

# Samples whose documents are their files (no metadata documents): a path, with a CRLF that
# must reach the grade as it is, and inline contents.
FILE_MEMO = b"The consignment was accepted\r\nwithout deductions."
FILE_NOTE = "Inline note: 12 bags received."
FILE_ANSWERS = {
    "files-green": [
        value("acceptance", "accepted\r\nwithout", {"doc": "memo", "quote": "accepted\r\nwithout"}),
        value("bags", "12 bags", {"doc": "note", "quote": "12 bags"}),
    ],
    # The quote with the newline normalised is not in the file's bytes.
    "files-red": [
        value("acceptance", "accepted\nwithout", {"doc": "memo", "quote": "accepted\nwithout"})
    ],
}


def _loopback(host: object) -> bool:
    if host in ("localhost", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


@contextmanager
def blocked_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Refuse (and record) every connection and name lookup off this machine."""
    attempts: list[str] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def guard(sock: socket.socket, address: Any) -> None:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _loopback(address[0]):
            attempts.append(f"connect {address!r}")
            raise OSError(101, "the network is blocked in this test")

    def connect(sock: socket.socket, address: Any) -> None:
        guard(sock, address)
        real_connect(sock, address)

    def connect_ex(sock: socket.socket, address: Any) -> int:
        guard(sock, address)
        return real_connect_ex(sock, address)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not _loopback(host.decode() if isinstance(host, bytes) else host):
            attempts.append(f"resolve {host!r}")
            raise socket.gaierror(socket.EAI_NONAME, "name lookups are blocked in this test")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    for name, setting in OFFLINE.items():
        monkeypatch.setenv(name, setting)
    try:
        yield attempts
    finally:
        monkeypatch.undo()


def test_the_network_guard_refuses_a_public_address() -> None:
    with blocked_network(pytest.MonkeyPatch()) as attempts:
        with socket.socket() as sock, pytest.raises(OSError, match="blocked"):
            sock.connect(("192.0.2.1", 443))  # TEST-NET-1: never routed
        with pytest.raises(socket.gaierror):
            socket.getaddrinfo("example.org", 443)
    assert attempts == ["connect ('192.0.2.1', 443)", "resolve 'example.org'"]
    assert socket.socket.connect is not None and socket.getaddrinfo.__name__ == "getaddrinfo"


def _output(content: str | list[ContentText]) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", content)
    # With usage given, mockllm does not count tokens (tiktoken would fetch its tables).
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def _mock_generate(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    """The model: each sample's input names the answer it gives."""
    name = messages[-1].text
    if name in CITED:
        return _output(list(CITED[name]))
    if name in FILE_ANSWERS:
        return _output(json.dumps(FILE_ANSWERS[name]))
    if name == NOT_A_TURN:
        return _output("The delivered quantity is 42.500 MT, as the note says.")
    case = next(case for case in CASES if case.name == name)
    return _output("```json\n" + json.dumps(case.answer) + "\n```")


def _samples(folder: Path) -> list[Sample]:
    samples = [Sample(input=case.name, id=case.name, metadata=case.setup()) for case in CASES]
    for name in [*CITED, NOT_A_TURN]:
        samples.append(Sample(input=name, id=name, metadata={"documents": DOCUMENTS}))
    (folder / "memo.txt").write_bytes(FILE_MEMO)
    files = {"memo": str(folder / "memo.txt"), "note": FILE_NOTE}
    for name in FILE_ANSWERS:
        # inspect copies a sample's files into its sandbox: the local one stays offline.
        samples.append(Sample(input=name, id=name, files=files, sandbox="local"))
    return samples


@pytest.fixture(scope="module")
def eval_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[EvalLog, list[str]]]:
    log_dir = tmp_path_factory.mktemp("inspect-logs")
    dataset = MemoryDataset(_samples(tmp_path_factory.mktemp("sample-files")))
    with blocked_network(pytest.MonkeyPatch()) as attempts:
        task = Task(dataset=dataset, solver=generate(), scorer=sakshi_scorer())
        model = get_model("mockllm/model", custom_outputs=_mock_generate)
        [log] = inspect_eval(task, model=model, log_dir=str(log_dir), display="none", max_samples=4)
    yield log, attempts


def _scores(log: EvalLog) -> dict[str, Any]:
    assert log.samples is not None
    return {str(sample.id): next(iter(sample.scores.values())) for sample in log.samples}


def test_the_eval_runs_offline_and_scores_every_sample(
    eval_log: tuple[EvalLog, list[str]],
) -> None:
    log, attempts = eval_log
    assert log.status == "success", log.error
    assert attempts == []  # nothing tried to leave the machine
    scores = _scores(log)
    expected = {case.name: "C" if case.expect == "green" else "I" for case in CASES}
    expected.update({"cited-green": "C", "cited-red": "I", NOT_A_TURN: "I"})
    expected.update({"files-green": "C", "files-red": "I"})
    assert {name: score.value for name, score in scores.items()} == expected
    assert scores[NOT_A_TURN].metadata["reasons"] == ["TURN_MALFORMED"]
    assert "FABRICATED_SPAN" in scores["cited-red"].explanation
    assert "QUOTE_NOT_FOUND" in scores["cited-red"].explanation  # the diagnosis too


def test_the_scores_are_run_contexts_verdicts(
    eval_log: tuple[EvalLog, list[str]], tmp_path: Path
) -> None:
    scores = _scores(eval_log[0])
    packs = [case.pack() for case in CASES]
    for name, values in CITED_TURNS.items():
        packs.append(Case(name, values).pack())
    reference = run_context(packs, tmp_path)
    for name, pack in reference.items():
        metadata = scores[name].metadata
        assert metadata["verdict"] == pack["verdict"], name
        assert metadata["reasons"] == pack["reasons"], name
        assert metadata["findings"] == pack["findings"], name
        outcome = Outcome(
            Verdict(pack["verdict"]),
            tuple(pack["reasons"]),
            tuple(pack["findings"]),
            {"engine_state": pack["engine_state"]},
        )
        assert scores[name].explanation == outcome.explanation(), name


def test_accuracy_and_the_per_reason_metrics(eval_log: tuple[EvalLog, list[str]]) -> None:
    log = eval_log[0]
    assert log.results is not None
    metrics = {
        name: metric.value for score in log.results.scores for name, metric in score.metrics.items()
    }
    total = len(CASES) + len(CITED) + 1 + len(FILE_ANSWERS)
    green = sum(case.expect == "green" for case in CASES) + 2
    assert metrics["accuracy"] == pytest.approx(green / total)
    fabricated = sum("FABRICATED_SPAN" in case.reasons for case in CASES) + 2
    assert metrics["FABRICATED_SPAN"] == pytest.approx(fabricated / total)
    assert metrics["TURN_MALFORMED"] == pytest.approx(1 / total)
    assert metrics["ROUTE_FAILED"] == 0.0  # every context reason is listed, fired or not


# --- the example docs/integrations.md shows ---------------------------------------------------


def _documented_model(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    """A model for the documented task: it must be shown the documents; it answers the
    amount exactly and the reason with a quote the memo does not hold."""
    prompt = messages[-1].text
    assert prompt.startswith("Documents: [") and "Funds Insufficient" in prompt, prompt
    if "amount" in prompt:
        answer = value(
            "cheque_amount", "Rs. 7,85,000/-", {"doc": "memo", "quote": "Rs. 7,85,000/-"}
        )
    else:
        answer = value("reason", "Refer to drawer", {"doc": "memo", "quote": "Refer to drawer"})
    return _output(json.dumps([answer]))


def test_the_documented_task_runs_and_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("samples.jsonl", "task.py"):
        (tmp_path / name).write_text(doc_files()[name], encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the task reads samples.jsonl from where it runs
    spec = importlib.util.spec_from_file_location("documented_task", tmp_path / "task.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with blocked_network(pytest.MonkeyPatch()) as attempts:
        model = get_model("mockllm/model", custom_outputs=_documented_model)
        [log] = inspect_eval(
            module.cited_answers(), model=model, log_dir=str(tmp_path / "logs"), display="none"
        )
    assert (log.status, attempts) == ("success", []), log.error
    scores = _scores(log)
    assert {name: score.value for name, score in scores.items()} == {"amount": "C", "reason": "I"}
    assert scores["reason"].metadata["reasons"] == ["FABRICATED_SPAN"]


def test_file_samples_are_run_contexts_verdicts_on_file_documents(
    eval_log: tuple[EvalLog, list[str]], tmp_path: Path
) -> None:
    """The files' bytes as pack documents (``text:`` whose UTF-8 bytes are the file's, as the
    scorer's replay pack carries them) grade alike, diagnosis and all."""
    scores = _scores(eval_log[0])
    memo = FILE_MEMO.decode("utf-8")
    documents = [{"id": "memo", "text": memo}, {"id": "note", "text": FILE_NOTE}]
    bundle = {"documents": ["memo", "note"]}
    provenance = {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)}
    packs = [
        {
            "pack": "sakshi.pack.v1",
            "id": name,
            "engine_state": "live",
            "documents": documents,
            "bundle": bundle,
            "turn": {"context_provenance": provenance, "values": values},
        }
        for name, values in FILE_ANSWERS.items()
    ]
    reference = run_context(packs, tmp_path)
    assert reference["files-red"]["reasons"] == ["FABRICATED_SPAN"]
    for name, pack in reference.items():
        metadata = scores[name].metadata
        assert (metadata["verdict"], metadata["reasons"]) == (pack["verdict"], pack["reasons"])
        assert metadata["findings"] == pack["findings"], name
