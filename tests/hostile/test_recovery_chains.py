"""Hostile traces against the recovery validator: each test closes a class of attack.

The traces are what an agent (or a forged run folder) could make the validator see. None of
them may pass, none may crash the validator, and none may take more than a moment: the
"linear time" tests use inputs that quadratic code would need minutes or hours for, and
make no timed assertion. Builders come from tests/test_validate.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import Case
from sakshi.recovery.model import Event, Harness, ToolResult, Trace
from sakshi.recovery.validate import Status, malformed_result, validate
from test_validate import (
    AST,
    BASH,
    HANDLE,
    PROJECT,
    READ,
    answer,
    bash_tail,
    call,
    check,
    cleanup,
    handle_check,
    msg,
    offset_ok,
    producer,
    prompt,
    read_chain,
    reasons,
    result,
    temp_ok,
    window,
)

SOURCE = READ.source.path  # notes/big.txt, for both the read-offset and the bash case


def first_read(path: str = SOURCE, text: str | None = None) -> list[Event]:
    return [call("c1", "read", path=path), result("c1", "read", text or window(READ, 1))]


# --- read-offset: the fact comes from a read at exactly a told offset ---------------------------


def test_the_fact_in_the_first_read_proves_nothing() -> None:
    # A first read whose window happens to reach the fact (a large limit, a short file):
    # no continuation, no recovery.
    text = (
        window(READ, 1, 5000) + "\n\n[Showing lines 1-5000 of 5000. Use offset=2001 to continue.]"
    )
    assert READ.fact in text
    assert reasons(READ, prompt(READ), first_read(text=text), answer(READ)) == {R.NO_RECOVERY_READ}


@pytest.mark.parametrize(
    "args",
    [{}, {"offset": 0}, {"offset": 1}, {"offset": -1}, {"offset": -2001}, {"limit": 5000}]
    + [{"offset": 1, "limit": 100000}, {"offset": None, "limit": 5000}],
    ids=json.dumps,
)
def test_a_reread_from_the_top_is_no_continuation(args: dict[str, Any]) -> None:
    events = [
        prompt(READ),
        *first_read(),
        call("c2", "read", path=SOURCE, **args),
        result("c2", "read", window(READ, 1, 5000)),
        answer(READ),
    ]
    assert reasons(READ, events) == {R.NO_RECOVERY_READ}


def test_the_fact_must_be_in_the_continuation_not_the_first_read() -> None:
    text = window(READ, 1) + f"\n{READ.fact}"  # a hostile first window that also holds it
    events = [
        prompt(READ),
        *first_read(text=text),
        call("c2", "read", path=SOURCE, offset=2001),
        result("c2", "read", "L02001 amber\n[Showing lines 2001-2001 of 5000. Use offset=2002]"),
        answer(READ),
    ]
    assert reasons(READ, events) == {R.FACT_MISSING}


@pytest.mark.parametrize("offset", [2, 3, 1000, 2000, 2002, 2500, 4001, 10**30])
def test_a_continuation_at_an_offset_nobody_told_is_wrong_offset(offset: int) -> None:
    events = [
        prompt(READ),
        *first_read(),
        call("c2", "read", path=SOURCE, offset=offset),
        result("c2", "read", window(READ, 2001) + f"\n{READ.fact}"),
        answer(READ),
    ]
    assert reasons(READ, events) == {R.WRONG_OFFSET}


def test_a_later_hop_must_be_at_the_offset_the_previous_hop_told() -> None:
    events = [
        prompt(READ),
        *first_read(),
        call("c2", "read", path=SOURCE, offset=2001),
        result(
            "c2",
            "read",
            "L02001 x\n[Showing lines 2001-2001 of 5000. Use offset=2002 to continue.]",
        ),
        call("c3", "read", path=SOURCE, offset=2003),  # told: 2002
        result("c3", "read", f"L03000 {READ.fact}"),
        answer(READ),
    ]
    assert reasons(READ, events) == {R.WRONG_OFFSET}
    hop = [*events[:5], call("c3", "read", path=SOURCE, offset=2002), *events[6:]]
    assert check(READ, hop).status is Status.PASS


def test_an_offset_told_in_another_script_or_too_long_is_not_told() -> None:
    # "Use offset=२००१" is not Pi's footer (and int() reads it as 2001); 5,000 digits would
    # make int() raise. Neither tells an offset, and neither crashes the validator.
    for hint in ("२००१", "9" * 5000):
        text = f"L00001 x\n[Showing lines 1-1 of 5000. Use offset={hint} to continue.]"
        events = [*first_read(text=text), call("c2", "read", path=SOURCE, offset=2001)]
        events.append(result("c2", "read", window(READ, 2001)))
        assert reasons(READ, events) == {R.PRODUCER_FAILED}


# --- "the same path" is the same string ---------------------------------------------------------


@pytest.mark.parametrize(
    "first, then",
    [
        (f"{PROJECT}/notes/big.txt", "/srv/other/notes/big.txt"),
        ("notes/big.txt", f"{PROJECT}/notes/big.txt"),
        ("notes/big.txt", "notes//big.txt"),
        ("notes/big.txt", "./notes/big.txt"),
    ],
)
def test_a_continuation_of_another_path_string_is_wrong_source(first: str, then: str) -> None:
    events = [
        prompt(READ),
        *first_read(first),
        call("c2", "read", path=then, offset=2001),
        result("c2", "read", window(READ, 2001)),
        answer(READ),
    ]
    assert reasons(READ, events) == {R.WRONG_SOURCE}


# --- a result belongs to its call by call id and tool -----------------------------------------


def _malformed(case: Case, events: list[Event]) -> None:
    assert validate(case, Trace(tuple(events), "sakshi")) == malformed_result()


def test_two_calls_with_one_call_id_are_malformed() -> None:
    events = temp_ok()
    # The bash tool's call c1 and a read that reuses its id: whose result is it?
    _malformed(BASH, [*events[:3], call("c1", "read", path=HANDLE), *events[3:]])
    _malformed(READ, [call("c1", "read", path=SOURCE), *offset_ok()])


@pytest.mark.parametrize(
    "first, second",
    [(True, False), (False, False), (False, True), (True, True)],
    ids=["error then success", "success twice", "success then error", "error twice"],
)
def test_a_call_answered_twice_is_malformed(first: bool, second: bool) -> None:
    # The continuation c3 of the handle: an error, and then a second, successful answer.
    events = temp_ok()
    answered = events.index(
        next(e for e in events if isinstance(e, ToolResult) and e.call_id == "c3")
    )
    twice = [result("c3", "read", "ENOENT" if first else window(BASH, 2001), error=first)]
    twice.append(result("c3", "read", "ENOENT" if second else window(BASH, 2001), error=second))
    _malformed(BASH, [*events[:answered], *twice, *events[answered + 1 :]])
    offset = offset_ok()
    _malformed(READ, [*offset[:-2], result("c2", "read", "EIO", error=True), *offset[-2:]])


def test_a_result_of_another_tool_answers_nothing() -> None:
    # The continuation's call is a read; a "bash" result under its id does not answer it.
    events = temp_ok()
    stood_in = [
        result(e.call_id, "bash", e.text, details=e.details)
        if isinstance(e, ToolResult) and e.call_id == "c3"
        else e
        for e in events
    ]
    assert reasons(BASH, stood_in) == {R.RECOVERY_READ_FAILED}
    # ... and a read's result cannot stand in for the producer's.
    produced = [
        result("c1", "read", e.text, details=e.details)
        if isinstance(e, ToolResult) and e.call_id == "c1"
        else e
        for e in events
    ]
    assert R.PRODUCER_FAILED in reasons(BASH, produced)
    offset = [
        result("c2", "grep", e.text) if isinstance(e, ToolResult) and e.call_id == "c2" else e
        for e in offset_ok()
    ]
    assert reasons(READ, offset) == {R.RECOVERY_READ_FAILED}


def test_a_malformed_trace_is_status_error_and_exit_2(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "dup"
    run.mkdir(parents=True)
    (run / "case.json").write_text(json.dumps({"case_id": READ.id}))
    lines = [
        {"kind": "tool_call", "call_id": "c1", "tool": "read", "args": {"path": SOURCE}},
        {"kind": "tool_result", "call_id": "c1", "tool": "read", "text": window(READ, 1)},
        {
            "kind": "tool_call",
            "call_id": "c2",
            "tool": "read",
            "args": {"path": SOURCE, "offset": 2001},
        },
        {"kind": "tool_result", "call_id": "c2", "tool": "read", "is_error": True, "text": "EIO"},
        {"kind": "tool_result", "call_id": "c2", "tool": "read", "text": window(READ, 2001)},
        {"kind": "message", "role": "assistant", "text": READ.fact},
    ]
    (run / "trace.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "report.json"
    code = main(["run", "recovery", str(tmp_path / "runs"), "--format", "json", "--out", str(out)])
    assert code == 2
    (case,) = json.loads(out.read_bytes())["cases"]
    assert (case["status"], case["reasons"]) == ("error", ["TRACE_MALFORMED"])


# --- the harness vouches before the recovery read ------------------------------------------------


@pytest.mark.parametrize(
    "order, expected",
    [
        ("read cleanup check", {R.CLEANUP_UNVERIFIED, R.HANDLE_UNVERIFIED}),
        ("cleanup read check", {R.HANDLE_UNVERIFIED}),
        ("check read cleanup", {R.CLEANUP_UNVERIFIED}),
        ("cleanup check read", set()),
        ("check cleanup read", set()),
    ],
)
def test_harness_events_must_precede_the_read_they_vouch_for(order: str, expected: set[R]) -> None:
    parts: dict[str, list[Event]] = {
        "read": read_chain(BASH, HANDLE),
        "cleanup": [cleanup(BASH)],
        "check": [handle_check()],
    }
    body = [event for name in order.split() for event in parts[name]]
    assert reasons(BASH, prompt(BASH), producer(BASH), body, answer(BASH)) == expected


def test_a_read_after_the_harness_completes_the_chain_whatever_came_before() -> None:
    early = [call("c7", "read", path=HANDLE), result("c7", "read", window(BASH, 1))]
    events = [prompt(BASH), *producer(BASH), *early, cleanup(BASH), handle_check()]
    events += [*read_chain(BASH, HANDLE), answer(BASH)]
    assert check(BASH, events).status is Status.PASS


# --- the source read directly, whatever the spelling and the tool --------------------------------


DIRECT = [
    ("read", {"path": "./notes/big.txt"}),
    ("read", {"path": "notes//big.txt"}),
    ("read", {"path": "notes/big.txt/."}),
    ("read", {"file_path": "/abs/project/./notes/big.txt"}),
    ("read", {"filePath": "notes/../notes/big.txt"}),
    ("read", {"path": "NOTES/Big.TXT"}),
    ("shell", {"command": "cat notes/big.txt | head"}),
    ("shell", {"command": "sed -n 3000p 'notes'/\"big.txt\""}),
    ("shell", {"command": "tail -n +3000 ./notes//big.txt/."}),
    ("shell", {"command": "head -c 99 notes/*"}),
    ("shell", {"command": "grep -n L03000 notes/b?g.txt"}),
    ("shell", {"command": "cat **/[b]ig.txt"}),
    ("shell", {"command": "cat notes/[xbz]ig.txt"}),
    ("shell", {"command": "cat notes/[a-c]ig.txt"}),
    ("shell", {"command": "cat notes/[!a]ig.txt"}),
    ("shell", {"command": "cat notes/[a-ab]ig.txt"}),
    ("shell", {"command": "awk 1 <notes/big.txt>/dev/null"}),
    ("shell", {"command": "type notes\\big.txt"}),
    ("grep", {"pattern": "L03000", "path": "notes/big.txt"}),
    ("grep", {"args": ["-n", "L03000", "--file=notes/big.txt"]}),
    ("rg", {"options": {"paths": [{"p": "/abs/project/notes/sub/../big.txt"}]}}),
    ("fetch", {"url": "file:///abs/project/notes/big.txt"}),
    # Anything in the source's folder, or the folder itself, or a walk of the project: what
    # a call could reach, not what it happens to name, decides.
    ("mcp__files__read", {"path": "notes/big.txt.bak"}),
    ("mcp__files__read", {"path": "notes/other.txt"}),
    ("shell", {"command": "ls notes/"}),
    ("shell", {"command": "cat notes/*.py notes/[!b]ig.txt notes/?"}),
    ("shell", {"command": "cat notes/[xyz]ig.txt notes/[c-e]ig.txt notes/big.tx[!t]"}),
    ("shell", {"command": "grep -r L03000 ."}),
]


@pytest.mark.parametrize("tool, args", DIRECT, ids=lambda value: json.dumps(value)[:40])
def test_the_source_named_by_any_tool_in_any_spelling_is_read_directly(
    tool: str, args: dict[str, Any]
) -> None:
    direct = [call("c9", tool, **args), result("c9", tool, "…")]
    assert reasons(BASH, temp_ok(), direct) == {R.SOURCE_READ_DIRECTLY}
    # Before the producer too.
    assert reasons(BASH, direct, temp_ok()) == {R.SOURCE_READ_DIRECTLY}


@pytest.mark.parametrize(
    "args",
    [
        {"path": "xnotes/big.txt"},
        {"path": "docs/big.txt"},
        {"path": "/srv/elsewhere/notes.txt"},
        {"command": "cat big.txt"},
        {"command": "cat /tmp/pi-bash-1a2b3c4d.log | grep -n L03000 | head -5"},
        {"pattern": "[" * 1000 + "notes/big.txt"},
    ],
    ids=lambda value: json.dumps(value)[:40],
)
def test_a_call_that_reaches_only_other_files_is_not_a_direct_read(args: dict[str, Any]) -> None:
    # (A shell tool's command is where its reach is read: without one it could be anything.)
    tool = "shell" if "command" in args else "mcp__files__read"
    noise = [call("c9", tool, **args), result("c9", tool, "…")]
    assert check(BASH, temp_ok(), noise).status is Status.PASS


def test_the_producer_itself_names_the_source_and_the_ast_case_is_caught_too() -> None:
    assert check(BASH, temp_ok()).status is Status.PASS  # `cat notes/big.txt` via bash
    direct = [call("c9", "grep", path="./src//records.py"), result("c9", "grep", "…")]
    assert reasons(AST, temp_ok(AST), direct) == {R.SOURCE_READ_DIRECTLY}


# --- linear time on hostile input ----------------------------------------------------------------
# No timed assertion: each input is sized so that quadratic code would run for minutes.


def test_many_producers_take_linear_time() -> None:
    # 50,000 producer calls (half unanswered), reads of the handle and of other files, and
    # harness events for no call: every producer's chain is judged, each in log time.
    events: list[Event] = []
    for number in range(50_000):
        cid = f"p{number}"
        events.append(call(cid, "bash", command="true"))
        if number % 2:
            events.append(result(cid, "bash", "ok", details={"fullOutputPath": HANDLE}))
        events.append(Harness("source_deleted", {"path": SOURCE, "verified": False}, None))
        events.append(call(f"r{number}", "read", path=f"/tmp/other-{number}.log"))
        events.append(call(f"h{number}", "read", path=HANDLE, offset=number + 2))
    outcome = validate(BASH, Trace(tuple(events), "sakshi"))
    assert outcome.counts["producer_calls"] == 50_000
    assert R.REPEATED_PRODUCER in outcome.reasons


def test_many_source_reads_take_linear_time() -> None:
    events: list[Event] = [*first_read()]
    for number in range(100_000):
        cid = f"c{number + 2}"
        spelled = f"/p{number}/notes/big.txt" if number % 2 else SOURCE
        events.append(call(cid, "read", path=spelled, offset=2001 + number))
        events.append(result(cid, "read", f"[Use offset={2002 + number} to continue]"))
    assert validate(READ, Trace(tuple(events), "sakshi")).status is Status.FAIL


@pytest.mark.parametrize(
    "text",
    [
        "Full output: a" + " " * 1_000_000 + "b",
        "Full output: " + " " * 1_000_000 + "\rx",
        "Full output: " * 100_000 + "\rx",
        "Full output saved to: x" * 50_000 + "\r" + " " * 500_000 + "y",
        "Use offset=" + "9" * 1_000_000 + " to continue",
    ],
    ids=["spaces", "spaces-cr", "leads-cr", "saved-to", "digits"],
)
def test_handle_and_offset_detection_take_linear_time(text: str) -> None:
    events = [call("c1", "bash", command="cat notes/big.txt"), result("c1", "bash", text)]
    assert validate(BASH, Trace(tuple(events), "sakshi")).status is Status.FAIL
    reads = [call("c1", "read", path=SOURCE), result("c1", "read", text)]
    assert validate(READ, Trace(tuple(reads), "sakshi")).status is Status.FAIL


@pytest.mark.parametrize(
    "command",
    [
        # str.find runs at memory speed: it takes millions of "[" (each looking for a "]")
        # before a rescan per bracket costs minutes.
        "notes/" + "[" * 8_000_000,
        "*a" * 500_000 + "/big.txt",
        "notes/" + "*?" * 500_000 + "x",
        "notes/big.txt " * 100_000,
        "/" * 1_000_000 + "big.txt",
    ],
    ids=["brackets", "stars", "globs", "repeated", "slashes"],
)
def test_source_recognition_takes_linear_time(command: str) -> None:
    noise = [call("c9", "shell", command=command), result("c9", "shell", "…")]
    check(BASH, temp_ok(), noise)  # whatever the verdict: it comes back at once


def test_the_harness_events_and_messages_can_be_many() -> None:
    chain = temp_ok()
    noise: list[Event] = []
    for number in range(50_000):
        noise.append(handle_check(handle=f"/tmp/{number}.log", after=None))
        noise.append(msg(f"thinking {number}"))
    outcome = check(BASH, chain[:3], noise, chain[3:])
    assert outcome.status is Status.PASS


def test_the_text_handle_stays_text_evidence() -> None:
    # The hand-written footer scan finds what the old pattern found in Pi's real footer.
    produced = [
        call("c1", "bash", command="cat notes/big.txt"),
        result("c1", "bash", bash_tail(BASH)),
    ]
    outcome = check(
        BASH, prompt(BASH), produced, cleanup(BASH), handle_check(), read_chain(BASH, HANDLE)
    )
    assert outcome.evidence == {"handle": "text"}
    assert set(outcome.reasons) == {R.HANDLE_NOT_IN_DETAILS}
