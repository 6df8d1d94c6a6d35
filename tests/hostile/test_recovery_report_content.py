"""Hostile: content smuggled into a recovery report or its messages through names and
errors (SPEC 5: a report holds no content; issue 11, item 7).

The model chooses its tool names. A tool named after the fact (or holding it, in any
letter case or normalisation form, of any case of the corpus) would carry the fact into
the report: it is shown as ``other``, as is any name not shaped like a tool name (and any
name the agent's format does not know: tests/hostile/test_recovery_tool_names.py). A
trace the readers refuse is reported on stderr by file, line and field: never the value
that was wrong, which could be an argument, a path, a text or the fact itself.
"""

from __future__ import annotations

import json
import unicodedata
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
    offset_trace,
    pi_call,
    pi_entries,
    pi_header,
    pi_result,
    run_recovery,
    write_corpus,
)

CANARY = "ZEBRA-CANARY-5150"


def forms(value: str) -> set[str]:
    """``value`` as it could be spotted in output: as is, case-folded, NFD, JSON-escaped."""
    return {
        value,
        value.casefold(),
        unicodedata.normalize("NFD", value),
        json.dumps(value)[1:-1],
        json.dumps(value, ensure_ascii=False)[1:-1],
    }


def assert_absent(blob: str, *values: str) -> None:
    folded = blob.casefold()
    for value in values:
        for form in forms(value):
            assert form.casefold() not in folded, f"{form!r} leaked"


HOSTILE_NAMES = {
    "the-fact": FACT,
    "holds-the-fact": f"fetch_{FACT}_now",
    "lower-case": FACT.lower(),
    "other-cases-fact": OFFSET_FACT,
    "sentence": "the token is in notes",
    "path": "/home/dev/notes/big.txt",
}


@pytest.mark.parametrize("fmt", ["json", "text", "junit"])
def test_a_tool_name_holding_a_fact_never_reaches_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    runs = good_runs(tmp_path)
    for name, tool in HOSTILE_NAMES.items():
        make_run(runs, name, "t.temp", answered_calls([tool]), TEMP_PROBE)
    outcome = run_recovery(capsys, runs, write_corpus(tmp_path), fmt=fmt)
    assert outcome.code == 0, outcome.err  # the extra call breaks no chain
    for name in HOSTILE_NAMES:
        assert outcome.case(name)["tool_names"] == ["bash", "other", "read"]
    assert outcome.case("ok-temp")["tool_names"] == ["bash", "read"]
    report_file = json.dumps(outcome.report)
    for blob in (outcome.out, outcome.err, report_file):
        assert_absent(blob, FACT, OFFSET_FACT, "the token is", "notes/big.txt")


def test_a_fact_in_another_normalisation_form_is_caught_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fact = "ÉCLAIR-ŞEHİR-2024"
    corpus = write_corpus(
        tmp_path,
        "corpus: sakshi.recovery-corpus.v2\ncases:\n"
        "  - id: t.offset\n    kind: read-offset\n    prompt: Read it.\n"
        "    source: {path: notes/big.txt, lines: 100, fact_line: 50}\n"
        f'    fact: "{fact}"\n',
    )
    runs = tmp_path / "runs"
    for index, tool in enumerate(
        [unicodedata.normalize("NFD", fact).lower(), "x" + fact.casefold(), fact]
    ):
        records = offset_trace()
        records[3]["text"] = f"L00050 {fact}"
        records[4]["text"] = fact
        make_run(runs, f"run-{index}", "t.offset", answered_calls([tool], records))
    outcome = run_recovery(capsys, runs, corpus)
    assert outcome.code == 0, outcome.err
    assert {tuple(case["tool_names"]) for case in outcome.report["cases"]} == {("other", "read")}


def malformed_traces() -> dict[str, tuple[str, bytes]]:
    """Traces each reader refuses, with the canary in the value that is wrong."""
    canary_path = f"/home/dev/{CANARY}.txt"
    pi_messages = [
        {"role": "user", "content": "go"},
        pi_call("c1", "read", path=canary_path),
        pi_result("c1", "read", CANARY),
    ]
    pi_lines = [pi_header(version=3), *pi_entries(pi_messages)]

    def pi(change: Any) -> bytes:
        lines = json.loads(json.dumps(pi_lines))
        change(lines)
        return jsonl(lines)

    sakshi_lines = offset_trace()
    return {
        "sakshi-unknown-kind": ("sakshi", jsonl([*sakshi_lines, {"kind": CANARY}])),
        "sakshi-bad-text": (
            "sakshi",
            jsonl([*sakshi_lines, {"kind": "message", "role": "user", "text": [CANARY]}]),
        ),
        "sakshi-args-list": (
            "sakshi",
            jsonl([{"kind": "tool_call", "call_id": "c", "tool": "read", "args": [canary_path]}]),
        ),
        "sakshi-not-json": ("sakshi", b'{"kind": "message", "text": "' + CANARY.encode() + b'"\n'),
        "pi-version-string": ("pi", pi(lambda lines: lines[0].update(version=CANARY))),
        "pi-entry-type": ("pi", pi(lambda lines: lines[2].update(type=CANARY))),
        "pi-role": ("pi", pi(lambda lines: lines[2]["message"].update(role=CANARY))),
        "pi-block": ("pi", pi(lambda lines: lines[2]["message"]["content"][0].update(type=CANARY))),
        "pi-parent": ("pi", pi(lambda lines: lines[3].update(parentId=CANARY))),
        "pi-duplicate-id": ("pi", pi(lambda lines: lines[3].update(id=lines[2]["id"]))),
        "pi-result-content": (
            "pi",
            pi(
                lambda lines: lines[3]["message"].update(content=[{"type": CANARY, "text": CANARY}])
            ),
        ),
        "openai-role": (
            "openai",
            json.dumps([{"role": CANARY, "content": CANARY}]).encode(),
        ),
        "openai-arguments": (
            "openai",
            json.dumps(
                [
                    {
                        "role": "assistant",
                        "tool_calls": [
                            {
                                "id": "c1",
                                "function": {"name": "read", "arguments": f'{{"path": "{CANARY}'},
                            }
                        ],
                    }
                ]
            ).encode(),
        ),
        "anthropic-block": (
            "anthropic",
            json.dumps([{"role": "user", "content": [{"type": CANARY, "text": CANARY}]}]).encode(),
        ),
    }


@pytest.mark.parametrize("name", sorted(malformed_traces()))
def test_a_refused_trace_is_named_by_line_and_field_never_by_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    trace_format, data = malformed_traces()[name]
    runs = tmp_path / "runs"
    make_run(runs, "bad", "t.offset", data)
    outcome = run_recovery(
        capsys, runs, write_corpus(tmp_path), "--trace-format", trace_format, fmt="text"
    )
    assert outcome.statuses() == {"bad": "error"}
    error_lines = [line for line in outcome.err.splitlines() if "bad/trace.jsonl" in line]
    assert len(error_lines) == 1
    # "<file>: line N: <field>: <what is wrong>" (or messages[N] for a message list).
    assert " line " in error_lines[0] or "messages[" in error_lines[0]
    assert_absent(outcome.out + outcome.err + json.dumps(outcome.report), CANARY)
