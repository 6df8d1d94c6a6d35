"""Hostile: a fact the agent already had, then "recovered" by a proper chain (SPEC 5: the
fact must come from the chain; a fact seen in the first read, or in any read not at a told
offset, proves nothing).

A proper continuation that repeats what the agent already saw recovers nothing. So the
chain must be the first way the fact reached the agent: a tool result before the chain's
own result (the first read, a read at an offset nobody told, bash, grep, a failed read, a
result's details), a message, or a call that wrote the fact (a guess) fails the case with
FACT_MISSING, in any letter case or normalisation form. What comes after the chain's
result (the final answer, a check with grep) changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    FACT,
    HANDLE,
    OFFSET_FACT,
    OFFSET_HINT,
    TEMP_PROBE,
    call,
    good_runs,
    jsonl,
    make_run,
    offset_trace,
    result,
    run_recovery,
    temp_trace,
    write_corpus,
)

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.validate import Status
from test_validate import (
    BASH,
    READ,
    answer,
    check,
    cleanup,
    handle_check,
    msg,
    producer,
    prompt,
    read_chain,
    window,
)
from test_validate import HANDLE as CORE_HANDLE
from test_validate import call as core_call
from test_validate import result as core_result

SOURCE = "notes/big.txt"


def message(role: str, text: str) -> dict[str, Any]:
    return {"kind": "message", "role": role, "text": text}


def failed(call_id: str, tool: str, text: str) -> dict[str, Any]:
    return {**result(call_id, tool, text), "is_error": True}


# Read-offset runs (t.offset: the fact on line 50, the first read tells offset 41). Each
# holds the whole proper chain; something before the continuation's result held the fact.
EARLY_OFFSET: dict[str, list[dict[str, Any]]] = {
    "first-read-held-it": [
        call("c1", "read", path=SOURCE),
        result("c1", "read", f"L00001 kelp\nL00050 {OFFSET_FACT}\n" + OFFSET_HINT),
        call("c2", "read", path=SOURCE, offset=41),
        result("c2", "read", f"L00050 {OFFSET_FACT}"),
    ],
    "bash-first": [
        call("b1", "bash", command=f"sed -n 50p {SOURCE}"),
        result("b1", "bash", f"L00050 {OFFSET_FACT}"),
        *offset_trace()[:4],
    ],
    "grep-first": [
        call("g1", "grep", pattern="L00050", path=SOURCE),
        result("g1", "grep", f"{SOURCE}:50:L00050 {OFFSET_FACT}"),
        *offset_trace()[:4],
    ],
    "untold-offset-first": [
        call("c1", "read", path=SOURCE),
        result("c1", "read", OFFSET_HINT),
        call("u1", "read", path=SOURCE, offset=50, limit=1),
        result("u1", "read", f"L00050 {OFFSET_FACT}"),
        call("c2", "read", path=SOURCE, offset=41),
        result("c2", "read", f"L00050 {OFFSET_FACT}"),
    ],
    "lower-case-first": [
        call("b1", "bash", command=f"sed -n 50p {SOURCE} | tr A-Z a-z"),
        result("b1", "bash", f"l00050 {OFFSET_FACT.lower()}"),
        *offset_trace()[:4],
    ],
    "failed-result-first": [
        call("x1", "read", path="notes/missing.txt"),
        failed("x1", "read", f"ENOENT; did you mean line {OFFSET_FACT}?"),
        *offset_trace()[:4],
    ],
    "details-first": [
        call("x1", "ls", path="docs"),
        {**result("x1", "ls", "readme.md"), "details": {"preview": OFFSET_FACT}},
        *offset_trace()[:4],
    ],
    "user-message-first": [message("user", f"hint: {OFFSET_FACT}"), *offset_trace()[:4]],
    "guessed-first": [message("assistant", f"It is {OFFSET_FACT}."), *offset_trace()[:4]],
    "written-first": [
        call("g1", "grep", pattern=OFFSET_FACT, path=SOURCE),
        result("g1", "grep", "no match"),
        *offset_trace()[:4],
    ],
}

# Temp-output runs (t.temp): the whole chain, the harness's events from TEMP_PROBE, and
# something before the handle's read held the fact.
_CHAIN = temp_trace()
_PRODUCED, _READS = _CHAIN[:3], _CHAIN[3:7]
EARLY_TEMP: dict[str, list[dict[str, Any]]] = {
    "producer-printed-it": [
        call("c1", "bash", command="cat notes/big.txt"),
        result(
            "c1",
            "bash",
            f"L00050 {FACT}\n\n[Showing lines 1-100 of 100. Full output: {HANDLE}]",
            fullOutputPath=HANDLE,
        ),
        *_READS,
    ],
    "grep-of-the-handle-first": [
        *_PRODUCED,
        call("g1", "grep", pattern="L00050", path=HANDLE),
        result("g1", "grep", f"L00050 {FACT}"),
        *_READS,
    ],
}


def runs_of(folder: Path) -> Path:
    runs = good_runs(folder)
    for name, records in EARLY_OFFSET.items():
        final = message("assistant", OFFSET_FACT)
        make_run(runs, f"offset-{name}", "t.offset", jsonl([*records, final]))
    for name, records in EARLY_TEMP.items():
        trace = jsonl([*records, message("assistant", FACT)])
        make_run(runs, f"temp-{name}", "t.temp", trace, TEMP_PROBE)
    # After the chain's result, the fact may be seen again: that is no earlier sight.
    later = [*offset_trace()[:4], call("g9", "grep", pattern=OFFSET_FACT, path=SOURCE)]
    later += [result("g9", "grep", f"L00050 {OFFSET_FACT}"), message("assistant", OFFSET_FACT)]
    make_run(runs, "ok-seen-after", "t.offset", jsonl(later))
    return runs


def test_the_chain_must_be_the_first_way_the_fact_arrived(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outcome = run_recovery(capsys, runs_of(tmp_path), write_corpus(tmp_path))
    assert outcome.code == 1, outcome.err
    early = [f"offset-{name}" for name in EARLY_OFFSET] + [f"temp-{name}" for name in EARLY_TEMP]
    wrong = {
        run: (outcome.case(run)["status"], outcome.case(run)["reasons"])
        for run in early
        if (outcome.case(run)["status"], outcome.case(run)["reasons"]) != ("fail", ["FACT_MISSING"])
    }
    assert wrong == {}
    for run in ("ok-offset", "ok-temp", "ok-seen-after"):
        assert outcome.case(run)["status"] == "pass", run


def test_the_core_finds_the_earlier_sight_in_any_letter_case() -> None:
    # The upper-cased fact in a bash result, before the proper chain.
    fact = READ.fact
    shouted = fact.upper().replace("-", "\u2010")  # a different hyphen is another text
    early = [core_call("b1", "bash", command="x"), core_result("b1", "bash", fact.upper())]
    chain = read_chain(READ, SOURCE, 1)
    assert set(check(READ, prompt(READ), early, chain, answer(READ)).reasons) == {R.FACT_MISSING}
    other = [core_call("b1", "bash", command="x"), core_result("b1", "bash", shouted)]
    assert check(READ, prompt(READ), other, chain, answer(READ)).status is Status.PASS


def test_an_early_read_of_the_handle_that_held_the_fact_fails_too() -> None:
    # A read of the handle before the harness vouched for it is no chain; when its result
    # held the fact, the vouched read after it repeats what the agent already had.
    early = [core_call("c7", "read", path=CORE_HANDLE)]
    early.append(core_result("c7", "read", window(BASH, 2001)))
    events = [prompt(BASH), *producer(BASH), *early, cleanup(BASH), handle_check()]
    events += [*read_chain(BASH, CORE_HANDLE), msg(BASH.fact)]
    assert set(check(BASH, events).reasons) == {R.FACT_MISSING}
