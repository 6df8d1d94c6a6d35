"""Hostile: a fact carried into a report by the names of the tools the model called
(SPEC 5: a tool name is reported only when it is one of the case's known tools; any other
name is counted as ``other`` and never printed, since a model can choose a name that
encodes a fact).

Screening names for the fact catches the fact as it is; it cannot catch it in hex,
reversed, dotted, in base 32 or split across two names. So a report prints only the names
sakshi's readers know for the trace's agent format (the common tools, the case's producer,
the agent's own built-ins); every other name is ``other``, and ``other_tool_calls`` counts
the calls that used one. ``report reinterpret`` keeps only names some agent format knows.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    FACT,
    OFFSET_FACT,
    TEMP_PROBE,
    answered_calls,
    good_runs,
    jsonl,
    make_run,
    run_recovery,
    write_corpus,
)

from sakshi.cli import main
from sakshi.recovery.tool_names import known_tools, screen_tool_names

ENCODED = {
    "hex": FACT.encode().hex(),
    "reversed": FACT[::-1].lower(),
    "dotted": ".".join(FACT.lower()),
    "base32": base64.b32encode(FACT.encode()).decode().rstrip("=").lower(),
    "underscored": FACT.lower().replace("-", "_"),
    "other-case-hex": OFFSET_FACT.encode().hex(),
    "read-prefixed": "read_" + FACT.encode().hex()[:12],
}
# One fact in two names, each harmless alone.
SPLIT = (FACT[:7].lower().replace("-", "_"), FACT[7:].lower().replace("-", "_"))


def encodings(value: str) -> set[str]:
    return {value.lower(), value.encode().hex(), value[::-1].lower(), ".".join(value.lower())}


@pytest.mark.parametrize("fmt", ["json", "text", "junit"])
def test_only_known_tool_names_reach_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    runs = good_runs(tmp_path)
    for name, tool in ENCODED.items():
        make_run(runs, name, "t.temp", answered_calls([tool, "Bash"]), TEMP_PROBE)
    make_run(runs, "split", "t.temp", answered_calls(list(SPLIT)), TEMP_PROBE)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), fmt=fmt)
    for name in ENCODED:
        case = outcome.case(name)
        assert case["tool_names"] == ["bash", "other", "read"], name
        assert case["counts"]["other_tool_calls"] == 1, name
    assert outcome.case("split")["tool_names"] == ["bash", "other", "read"]
    assert outcome.case("split")["counts"]["other_tool_calls"] == 2
    assert outcome.case("ok-temp")["tool_names"] == ["bash", "read"]
    assert outcome.case("ok-temp")["counts"]["other_tool_calls"] == 0
    blob = "\n".join([outcome.out, outcome.err, json.dumps(outcome.report)]).lower()
    for tool in [*ENCODED.values(), *SPLIT]:
        assert tool not in blob, tool
    for fact in (FACT, OFFSET_FACT):
        assert not any(form in blob for form in encodings(fact))


def claude_transcript(tools: list[str]) -> bytes:
    """A Claude Code transcript: the user's prompt, then one answered call of each tool."""
    lines: list[dict[str, Any]] = [
        {"type": "user", "message": {"role": "user", "content": "Read notes/big.txt."}}
    ]
    for number, tool in enumerate(tools):
        use = {"type": "tool_use", "id": f"t{number}", "name": tool, "input": {}}
        done = {"type": "tool_result", "tool_use_id": f"t{number}", "content": "ok"}
        lines.append({"type": "assistant", "message": {"role": "assistant", "content": [use]}})
        lines.append({"type": "user", "message": {"role": "user", "content": [done]}})
    return jsonl(lines)


def test_the_agents_own_built_ins_are_known_in_its_format_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    tools = ["Read", "Bash", "TodoWrite", "Glob", ENCODED["hex"]]
    make_run(runs, "claude", "t.offset", claude_transcript(tools))
    make_run(runs, "sakshi", "t.temp", answered_calls(["TodoWrite", "Glob"]), TEMP_PROBE)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), "--trace-format", "claude")
    assert outcome.code == 2  # the sakshi trace is no Claude transcript: that run is an error
    claude = outcome.case("claude")
    assert claude["tool_names"] == ["bash", "glob", "other", "read", "todowrite"]
    assert claude["counts"]["other_tool_calls"] == 1
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path))
    sakshi = outcome.case("sakshi")
    assert sakshi["tool_names"] == ["bash", "other", "read"]
    assert sakshi["counts"]["other_tool_calls"] == 2


def test_reinterpret_keeps_only_names_some_agent_knows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = {
        "report": "sakshi.recovery-report.v1",
        "cases": [{"id": "t.temp", "run": "r", "tool_names": ["Bash", *ENCODED.values()]}],
    }
    source = tmp_path / "old.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    out = tmp_path / "new.json"
    assert main(["report", "reinterpret", str(source), "--out", str(out)]) == 0
    capsys.readouterr()
    (case,) = json.loads(out.read_bytes())["cases"]
    assert case["claimed"]["tool_names"] == ["bash", "other"]


def test_the_core_screens_by_format_and_producer() -> None:
    known = known_tools("pi-v3", "ast_grep")
    assert screen_tool_names(["READ", "ast_grep", "TodoWrite", "x.y"], known) == (
        ("ast_grep", "other", "read"),
        2,
    )
    assert "todowrite" in known_tools("claude")
    assert "run_shell_command" in known_tools("gemini-cli")
    assert "run_shell_command" not in known_tools("sakshi", "bash")
