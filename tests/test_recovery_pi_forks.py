"""What Pi 1.x and its forks add to a session, read by the rule of SPEC section 5: a record
is skipped (and counted) only when it provably carries no tool event; otherwise the run
cannot pass (``error``, TRACE_MALFORMED).

HAND-MADE VARIANTS. Every session here is a real recorded session of Pi 1.6.0
(tests/fixtures/recovery/pi-1.6.0, which passes) with one record added or changed by this
file. The added records follow the schemas Pi 1.6.0 documents (``docs/session-format.md``,
``docs/message-types.md`` in the npm package) and those oh-my-pi publishes
(can1357/oh-my-pi ``packages/coding-agent/src/session/session-entries.ts`` and
``messages.ts``); their values are made up here. No real fork session was found in the
public repositories searched (only other tools' hand-written test lines), so none is
committed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.lane import run_folder
from sakshi.recovery.readers import detect_format
from sakshi.recovery.validate import Status

REPO = Path(__file__).resolve().parents[1]
REAL = REPO / "tests" / "fixtures" / "recovery" / "pi-1.6.0"
CORPUS = load_corpus(REPO / "src" / "sakshi" / "corpora" / "recovery.yaml")
T = "2026-12-01T10:00:00.000Z"
READ_SOURCE = {"type": "toolCall", "id": "call_x", "name": "read",
               "arguments": {"path": "notes/big.txt"}}  # fmt: skip


def session(run: str) -> list[dict[str, Any]]:
    """The recorded session's records, in order."""
    text = (REAL / run / "session.jsonl").read_text("utf-8")
    return [json.loads(line) for line in text.splitlines()]


def insert(records: list[dict[str, Any]], after: int, entry: dict[str, Any]) -> list[dict]:
    """``records`` with ``entry`` placed in the tree right after ``records[after]``: the child
    of that record, and the parent of the record that followed it."""
    new = {**entry, "id": "f0rk0001", "parentId": records[after]["id"], "timestamp": T}
    out = [*records[: after + 1], new, *records[after + 1 :]]
    for record in out[after + 2 :]:
        if record.get("parentId") == records[after]["id"]:
            record["parentId"] = new["id"]
    return out


class Verdict(NamedTuple):
    status: Status
    reasons: list[str]
    skipped: int
    error: str  # why the reader refused the session ("" when it read it)


def judge(tmp_path: Path, run: str, records: list[dict[str, Any]]) -> Verdict:
    """The variant as a run folder (the recorded case.json and probe.json beside it)."""
    folder = tmp_path / run
    folder.mkdir(parents=True)
    for name in ("case.json", "probe.json"):
        if (REAL / run / name).exists():
            shutil.copyfile(REAL / run / name, folder / name)
    lines = "".join(json.dumps(record) + "\n" for record in records)
    (folder / "session.jsonl").write_text(lines, encoding="utf-8")
    record = run_folder(folder, CORPUS)
    reasons = [reason.value for reason in record.result.reasons]
    skipped = record.result.counts.get("skipped", 0)
    return Verdict(record.result.status, reasons, skipped, record.error or "")


def first_message(records: list[dict[str, Any]], role: str) -> int:
    return next(i for i, r in enumerate(records) if r.get("message", {}).get("role") == role)


BASE_SKIPPED = {"temp-output-pass": 3, "read-offset-pass": 3}


def test_the_recorded_1x_sessions_pass_with_their_system_message_skipped(tmp_path: Path) -> None:
    for run, skipped in BASE_SKIPPED.items():
        records = session(run)
        assert next(r["message"]["role"] for r in records if r["type"] == "message") == "system"
        assert judge(tmp_path, run, records)[:3] == (Status.PASS, [], skipped)


# Records with no tool event: Pi 1.x's own, and oh-my-pi's by its published schema.
QUIET = {
    "pi-usage": {"type": "usage", "kind": "cache_warm", "provider": "scripted",
                 "model": "scripted-model", "usage": {"input": 0, "output": 0}},
    "pi-system-update": {"type": "message", "message": {
        "role": "system", "content": "", "sections": {"rules": None},
        "toolsRemoved": [{"name": "bash"}], "timestamp": 1}},
    "pi-custom-message": {"type": "custom_message", "customType": "reminder",
                          "content": "be brief", "display": False},
    "omp-mode-change": {"type": "mode_change", "mode": "plan",
                        "data": {"planFile": "/tmp/plan.md"}},
    "omp-ttsr-injection": {"type": "ttsr_injection", "injectedRules": ["no-cat"]},
    "omp-mcp-tool-selection": {"type": "mcp_tool_selection",
                               "selectedToolNames": ["github.search_issues"]},
    "omp-session-init": {"type": "session_init", "systemPrompt": "You review.",
                         "task": "review", "tools": ["read", "bash"]},
    "omp-title-change": {"type": "title_change", "title": "Token", "source": "auto"},
    "omp-credential-pin": {"type": "credential_pin", "provider": "scripted", "hash": "ab12"},
    "omp-service-tier": {"type": "service_tier_change", "serviceTier": None},
    "omp-model-usage": {"type": "model_usage", "purpose": "title", "api": "openai-completions",
                        "provider": "scripted", "model": "tiny", "usage": {"input": 1},
                        "stopReason": "stop"},
    "omp-developer-role": {"type": "message", "message": {
        "role": "developer", "content": "Answer in one line.", "timestamp": 1}},
    "omp-file-mention": {"type": "message", "message": {
        "role": "fileMention", "files": [{"path": "README.md", "content": "hello"}]}},
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(QUIET))
@pytest.mark.parametrize("run", sorted(BASE_SKIPPED))
def test_a_record_without_tool_events_is_skipped_and_counted(
    tmp_path: Path, run: str, name: str
) -> None:
    records = session(run)
    variant = insert(records, first_message(records, "user"), QUIET[name])
    assert judge(tmp_path, run, variant)[:3] == (Status.PASS, [], BASE_SKIPPED[run] + 1)


@pytest.mark.parametrize("run", sorted(BASE_SKIPPED))
def test_oh_my_pi_title_slot_before_the_header(tmp_path: Path, run: str) -> None:
    slot = {"type": "title", "v": 1, "title": "Recover a token", "source": "auto",
            "updatedAt": T, "pad": "    "}  # fmt: skip
    variant = [slot, *session(run)]
    data = "".join(json.dumps(record) + "\n" for record in variant).encode()
    assert detect_format(data, "s.jsonl") == "pi"
    assert judge(tmp_path, run, variant)[:3] == (Status.PASS, [], BASE_SKIPPED[run] + 1)


def test_fork_blocks_without_tool_events_are_skipped(tmp_path: Path) -> None:
    run = "read-offset-pass"
    records = session(run)
    at = first_message(records, "assistant")
    records[at]["message"]["content"][:0] = [
        {"type": "redactedThinking", "data": "c2VjcmV0"},
        {"type": "fallback", "from": "a", "to": "b"},
    ]
    assert judge(tmp_path, run, records)[:3] == (Status.PASS, [], BASE_SKIPPED[run] + 2)


def test_pi_omits_a_failed_attempt_with_a_null_context_edit(tmp_path: Path) -> None:
    # Pi 1.x hides a failed attempt from later model context before it retries: the recorded
    # events stay as they happened, so the edit is skipped.
    run = "temp-output-pass"
    records = session(run)
    target = records[first_message(records, "toolResult")]["id"]
    edit = {"type": "context_edit", "targetId": target, "replacement": None}
    variant = insert(records, len(records) - 2, edit)
    assert judge(tmp_path, run, variant)[:3] == (Status.PASS, [], BASE_SKIPPED[run] + 1)


def test_a_context_edit_of_user_text_is_skipped(tmp_path: Path) -> None:
    run = "read-offset-pass"
    records = session(run)
    target = records[first_message(records, "user")]["id"]
    edit = {"type": "context_edit", "targetId": target, "replacement": {"content": "shorter"}}
    variant = insert(records, len(records) - 2, edit)
    assert judge(tmp_path, run, variant)[:3] == (Status.PASS, [], BASE_SKIPPED[run] + 1)


# Records that name a tool event, or whose schema nothing proves: the run cannot pass.
def _replace_result(records: list[dict[str, Any]]) -> dict[str, Any]:
    target = records[first_message(records, "toolResult")]["id"]
    return {"type": "context_edit", "targetId": target,
            "replacement": {"content": [{"type": "text", "text": "nothing here"}]}}  # fmt: skip


REFUSED = {  # name: (the record, the field the refusal names)
    # a context change of unknown schema: it may carry anything (here, nothing visible)
    "unknown-context-change": (
        lambda records: {"type": "context_change", "added": ["AGENTS.md"]}, "type"),
    # an unknown entry that holds a read of the source the reader would never see
    "unknown-with-a-tool-call": (lambda records: {"type": "context_change", "messages": [
        {"role": "assistant", "content": [READ_SOURCE]}]}, "type"),
    # a known fork type whose opaque data names a tool call
    "omp-mode-change-with-a-call": (lambda records: {
        "type": "mode_change", "mode": "plan", "data": {"toolCallId": "call_x"}}, "type"),
    "unknown-role": (lambda records: {"type": "message", "message": {
        "role": "delegate", "content": [READ_SOURCE]}}, "message.role"),
    "context-edit-of-a-tool-result": (_replace_result, "replacement"),
    "context-edit-of-nothing": (lambda records: {
        "type": "context_edit", "targetId": "nope", "replacement": None}, "targetId"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_record_that_may_hide_a_tool_event_is_trace_malformed(tmp_path: Path, name: str) -> None:
    run = "temp-output-pass"
    records = session(run)
    make, field = REFUSED[name]
    verdict = judge(tmp_path, run, insert(records, len(records) - 2, make(records)))
    assert verdict[:2] == (Status.ERROR, ["TRACE_MALFORMED"])
    assert f": {field}: " in verdict.error, verdict.error


def test_a_server_tool_block_cannot_be_skipped(tmp_path: Path) -> None:
    run = "temp-output-pass"
    records = session(run)
    at = first_message(records, "assistant")
    records[at]["message"]["content"].append({"type": "anthropicServerTool", "name": "web"})
    verdict = judge(tmp_path, run, records)
    assert verdict[:2] == (Status.ERROR, ["TRACE_MALFORMED"])
    assert ".type: not a Pi block type" in verdict.error


def test_a_tool_result_with_nested_calls_cannot_be_judged(tmp_path: Path) -> None:
    # Pi 1.x records the calls a code-mode script made inside one tool call, without their
    # results: a read of the source among them would be invisible to the chain.
    run = "temp-output-pass"
    records = session(run)
    at = first_message(records, "toolResult")
    nested = {"calls": [{"id": "call_01/1", "name": "read", "status": "ok"}], "complete": True}
    records[at]["message"]["nestedCalls"] = nested
    verdict = judge(tmp_path, run, records)
    assert verdict[:2] == (Status.ERROR, ["TRACE_MALFORMED"])
    assert ": nestedCalls: " in verdict.error
    records[at]["message"]["nestedCalls"] = {"calls": [], "complete": True}
    assert judge(tmp_path / "empty", run, records)[:3] == (Status.PASS, [], BASE_SKIPPED[run])
