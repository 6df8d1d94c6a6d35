"""The recovery validator (sakshi.recovery.validate), pure: hand-written normalised traces.

Every RecoveryReason but TRACE_MALFORMED has a failing trace and a neighbour that differs
minimally and passes (``PAIRS``, checked for coverage). The texts are shaped like Pi's:
the read tool's ``[Showing lines A-B of T. Use offset=N to continue.]`` footer, the bash
tool's tail with ``Full output: PATH`` and ``details.fullOutputPath``.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import Case, Source, generate_source
from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.evidence import handle_of, offsets_of
from sakshi.recovery.model import Event, Harness, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.readers import read_trace
from sakshi.recovery.source_names import SourceName
from sakshi.recovery.validate import CaseResult, Status, malformed_result, validate

CORPUS = load_corpus(Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
READ = CORPUS.cases["recovery.read-offset"]
BASH = CORPUS.cases["recovery.bash-temp-output"]
AST = CORPUS.cases["recovery.ast-grep-temp-output"]

HANDLE = "/tmp/pi-bash-1a2b3c4d.log"
PROJECT = "/home/dev/proj"

# --- builders ------------------------------------------------------------------------------


def call(cid: str, tool: str, **args: Any) -> ToolCall:
    return ToolCall(cid, tool, args)


def result(
    cid: str,
    tool: str,
    text: str = "",
    *,
    error: bool = False,
    details: dict[str, Any] | None = None,
) -> ToolResult:
    return ToolResult(cid, tool, error, text, details)


def msg(text: str, role: str = "assistant") -> Message:
    return Message(role, text)


def harness(event: str, after: str | None = "c1", **fields: Any) -> Harness:
    return Harness(event, fields, after)


def trace(*parts: Event | Iterable[Event]) -> Trace:
    events: list[Event] = []
    for part in parts:
        if isinstance(part, (ToolCall, ToolResult, Message, Harness)):
            events.append(part)
        else:
            events.extend(part)
    return Trace(tuple(events), "sakshi")


def check(case: Case, *parts: Event | Iterable[Event]) -> CaseResult:
    return validate(case, trace(*parts))


def reasons(case: Case, *parts: Event | Iterable[Event]) -> set[R]:
    return set(check(case, *parts).reasons)


_LINES: dict[str, list[str]] = {}


def lines_of(case: Case) -> list[str]:
    if case.id not in _LINES:
        _LINES[case.id] = generate_source(case).decode("utf-8").split("\n")[:-1]
    return _LINES[case.id]


def window(case: Case, start: int, count: int = 2000) -> str:
    """What Pi's read tool returns from line ``start``: at most ``count`` lines and, when the
    file goes on, the footer telling the next offset."""
    lines = lines_of(case)
    end = min(start + count - 1, len(lines))
    text = "\n".join(lines[start - 1 : end])
    if end < len(lines):
        text += (
            f"\n\n[Showing lines {start}-{end} of {len(lines)}. Use offset={end + 1} to continue.]"
        )
    return text


def bash_tail(case: Case, handle: str = HANDLE) -> str:
    """Pi's bash result for a long output: the last 2,000 lines and the full-output footer."""
    lines = lines_of(case)
    first = len(lines) - 1999
    return (
        "\n".join(lines[first - 1 :])
        + f"\n\n[Showing lines {first}-{len(lines)} of {len(lines)}. Full output: {handle}]"
    )


def prompt(case: Case) -> Message:
    return msg(case.prompt, "user")


def answer(case: Case) -> Message:
    return msg(case.fact)


# --- the temp-output chain -------------------------------------------------------------------


def producer(
    case: Case,
    handle: str = HANDLE,
    cid: str = "c1",
    *,
    error: bool = False,
    details: dict[str, Any] | None = None,
    tool: str = "bash",
) -> list[Event]:
    if details is None:
        details = {
            "truncation": {
                "truncated": True,
                "truncatedBy": "lines",
                "totalLines": 5000,
                "outputLines": 2000,
            },
            "fullOutputPath": handle,
        }
    command = f"cat {case.source.path}"
    return [
        call(cid, tool, command=command),
        result(cid, tool, bash_tail(case, handle), error=error, details=details),
    ]


def cleanup(
    case: Case, after: str | None = "c1", path: str | None = None, verified: object = True
) -> Harness:
    return harness(
        "source_deleted", after, path=path or f"{PROJECT}/{case.source.path}", verified=verified
    )


def handle_check(
    handle: str = HANDLE,
    after: str | None = "c1",
    readable: object = True,
    fact_present: object = True,
) -> Harness:
    return harness(
        "handle_checked", after, handle=handle, readable=readable, fact_present=fact_present
    )


def reread(
    case: Case,
    *,
    offset: object,
    shown_from: int,
    path: str = "notes/big.txt",
    call_id: str = "c2",
) -> list[Event]:
    """The prompt, a read of the source from the top, a read of ``path`` at ``offset`` whose
    result is the window from line ``shown_from``, and the answer."""
    return [
        prompt(case),
        call("c1", "read", path="notes/big.txt"),
        result("c1", "read", window(case, 1)),
        call(call_id, "read", path=path, offset=offset),
        result(call_id, "read", window(case, shown_from)),
        answer(case),
    ]


def read_chain(
    case: Case, path: str, first: int = 2, *, key: str = "path", tool: str = "read"
) -> list[Event]:
    """Read ``path`` from the top, then continue at the offset the first result told."""
    a, b = f"c{first}", f"c{first + 1}"
    return [
        call(a, tool, **{key: path}),
        result(a, tool, window(case, 1)),
        call(b, tool, **{key: path, "offset": 2001}),
        result(b, tool, window(case, 2001)),
    ]


def temp_ok(case: Case = BASH) -> list[Event]:
    return [
        prompt(case),
        *producer(case),
        cleanup(case),
        handle_check(),
        *read_chain(case, HANDLE),
        answer(case),
    ]


# --- the read-offset chain ---------------------------------------------------------------------


def offset_ok(case: Case = READ, path: str = "notes/big.txt") -> list[Event]:
    return [prompt(case), *read_chain(case, path, first=1), answer(case)]


# --- the whole chain passes -------------------------------------------------------------------


def test_the_texts_are_what_the_chain_needs() -> None:
    # The fact is on line 3000: not in the first read, nor in the bash tail, but in the
    # window at 2001. Without this, a "pass" below would prove nothing.
    for case in (READ, BASH, AST):
        assert case.fact not in window(case, 1)
        assert case.fact not in bash_tail(case)
        assert case.fact in window(case, 2001)
        assert "Use offset=2001 to continue" in window(case, 1)


@pytest.mark.parametrize("case", [BASH, AST], ids=lambda c: c.id)
def test_temp_output_full_chain_passes(case: Case) -> None:
    r = check(case, temp_ok(case))
    assert r.status is Status.PASS
    assert r.reasons == ()
    assert r.task_pass and r.strategy_pass
    assert r.tool_names == ("bash", "read")
    assert r.counts == {
        "events": 10,
        "tool_calls": 3,
        "tool_results": 3,
        "failed_results": 0,
        "read_calls": 2,
        "producer_calls": 1,
        "harness_events": 2,
        "messages": 2,
        "other_tool_calls": 0,
    }
    assert r.evidence == {"handle": "structured"}


def test_read_offset_full_chain_passes() -> None:
    r = check(READ, offset_ok())
    assert r.status is Status.PASS
    assert r.reasons == ()
    assert r.task_pass and r.strategy_pass
    assert r.tool_names == ("read",)
    assert r.counts["read_calls"] == 2
    assert r.counts["producer_calls"] == 1
    assert r.counts["harness_events"] == 0
    assert r.evidence == {"offset": "text"}


@pytest.mark.parametrize(
    "path", ["notes/big.txt", f"{PROJECT}/notes/big.txt", "/notes/big.txt", "/srv/notes/big.txt"]
)
def test_read_offset_source_path_exact_or_ending_in_slash_path(path: str) -> None:
    assert check(READ, offset_ok(path=path)).status is Status.PASS


@pytest.mark.parametrize(
    "continued",
    [f"{PROJECT}/notes/big.txt", "./notes/big.txt", "/srv/elsewhere/notes/big.txt"],
)
def test_read_offset_the_continuation_is_of_the_same_path_string(continued: str) -> None:
    # "The same path" is the same string, after nothing (SPEC 5): the corpus rule "ends with
    # / + source.path" only recognises the source; another string that ends the same way
    # may be another file, and its offset was told by nobody.
    events = reread(READ, offset=2001, shown_from=2001, path=continued)
    assert reasons(READ, events) == {R.WRONG_SOURCE}
    # The same chain on one spelling, whichever, holds.
    assert check(READ, offset_ok(path=continued)).status is Status.PASS


@pytest.mark.parametrize("key", ["path", "file_path", "filePath"])
def test_read_path_argument_names(key: str) -> None:
    assert (
        check(
            READ, prompt(READ), read_chain(READ, "notes/big.txt", 1, key=key), answer(READ)
        ).status
        is Status.PASS
    )
    assert (
        check(
            BASH,
            prompt(BASH),
            producer(BASH),
            cleanup(BASH),
            handle_check(),
            read_chain(BASH, HANDLE, key=key),
            answer(BASH),
        ).status
        is Status.PASS
    )


@pytest.mark.parametrize(
    ("case", "events", "code"),
    [(READ, offset_ok, R.WRONG_SOURCE), (BASH, temp_ok, R.UNRELATED_PATH)],
    ids=["read-offset", "temp-output"],
)
def test_a_call_whose_paths_disagree_fails_a_chain_that_held(
    case: Case, events: Any, code: R
) -> None:
    # Outside the chain too: a call naming two different paths read one of them, nobody
    # knows which, so no chain rests on the trace. Each case kind names its own code.
    chain = events()
    assert check(case, chain).status is Status.PASS
    extra = [call("c9", "read", path="/tmp/a.txt", file_path="/tmp/b.txt")]
    extra.append(result("c9", "read", "nothing"))
    r = check(case, chain[:-1], extra, chain[-1:])
    assert (r.status, r.reasons) == (Status.FAIL, (code,))
    same = [call("c9", "read", path="/tmp/a.txt", file_path="/tmp/a.txt")]
    assert check(case, chain[:-1], same, chain[-1:]).status is Status.PASS


def test_an_unknown_path_argument_is_not_a_read_of_anything() -> None:
    assert reasons(
        READ, prompt(READ), read_chain(READ, "notes/big.txt", 1, key="filename"), answer(READ)
    ) == {R.PRODUCER_MISSING}


@pytest.mark.parametrize("tool", ["Read", "READ", "rEaD"])
def test_tool_names_compare_case_insensitively(tool: str) -> None:
    r = check(READ, prompt(READ), read_chain(READ, "notes/big.txt", 1, tool=tool), answer(READ))
    assert r.status is Status.PASS
    assert r.tool_names == ("read",)
    events = [
        prompt(BASH),
        *producer(BASH, tool="Bash"),
        cleanup(BASH),
        handle_check(),
        *read_chain(BASH, HANDLE, tool=tool),
        answer(BASH),
    ]
    r = check(BASH, events)
    assert r.status is Status.PASS
    assert r.tool_names == ("bash", "read")


def test_tool_names_compare_case_insensitively_through_the_reader() -> None:
    lines = [
        (
            b'{"kind": "tool_call", "call_id": "c1", "tool": "Read",'
            b' "args": {"file_path": "notes/big.txt"}}'
        ),
        (
            b'{"kind": "tool_result", "call_id": "c1", "tool": "Read", "is_error": false,'
            b' "text": "L00001 x\\n[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]"}'
        ),
        (
            b'{"kind": "tool_call", "call_id": "c2", "tool": "READ",'
            b' "args": {"file_path": "notes/big.txt", "offset": 2001}}'
        ),
        (
            b'{"kind": "tool_result", "call_id": "c2", "tool": "READ", "is_error": false,'
            b' "text": "L03000 '
        )
        + READ.fact.encode()
        + b'"}',
        b'{"kind": "message", "role": "assistant", "text": "' + READ.fact.encode() + b'"}',
    ]
    r = validate(READ, read_trace(b"\n".join(lines) + b"\n", "t.jsonl"))
    assert r.status is Status.PASS, r.reasons


@pytest.mark.parametrize(
    "offset",
    ["2001", " 2001 ", "२००१", "٢٠٠١", "2001x", "two thousand and one", "", True, False]
    + [2001.0, 2001.5, float("nan"), [2001], {"n": 2001}, "9" * 5000],
    ids=lambda offset: repr(offset)[:16],
)
def test_an_offset_that_is_no_json_integer_is_at_no_told_offset(offset: object) -> None:
    # An offset is a JSON integer (SPEC 5): not a string in any script, not a float, not a
    # boolean. Such a read is neither a continuation nor a read from the top, so its result
    # (here holding the fact) proves nothing and tells no next hop.
    events = reread(READ, offset=offset, shown_from=2001)
    assert reasons(READ, events) == {R.WRONG_OFFSET}


def test_a_null_offset_is_a_read_from_the_top() -> None:
    events = reread(READ, offset=None, shown_from=1)
    assert reasons(READ, events) == {R.NO_RECOVERY_READ}


def test_a_string_offset_cannot_launder_a_guess_into_a_chain() -> None:
    # Told 2001, the agent asks for "1001" (a string a tool may still honour); its result
    # tells 3001, and a read there returns the fact. The string read started nothing.
    events: list[Event] = [
        call("c1", "read", path="notes/big.txt"),
        result("c1", "read", window(READ, 1)),
        call("c2", "read", path="notes/big.txt", offset="1001"),
        result("c2", "read", window(READ, 1001)),
        call("c3", "read", path="notes/big.txt", offset=3001),
        result("c3", "read", window(READ, 2001, 2000)),
        answer(READ),
    ]
    assert reasons(READ, *events) == {R.WRONG_OFFSET}


def test_multi_hop_continuation_passes() -> None:
    deep = dataclasses.replace(READ, source=Source("notes/big.txt", 5000, 4500))
    _LINES.pop(deep.id, None)
    events = [
        prompt(deep),
        *read_chain(deep, "notes/big.txt", 1),
        call("c3", "read", path="notes/big.txt", offset=4001),
        result("c3", "read", window(deep, 4001)),
        answer(deep),
    ]
    try:
        assert deep.fact not in window(deep, 2001)
        r = check(deep, events)
        assert r.status is Status.PASS
        # 4001 alone (told by nothing the agent had yet) would not do.
        skip = reread(deep, offset=4001, shown_from=4001, call_id="c3")
        assert reasons(deep, skip) == {R.WRONG_OFFSET}
    finally:
        _LINES.pop(deep.id, None)


def test_multi_hop_on_the_handle_passes() -> None:
    deep = dataclasses.replace(BASH, source=Source("notes/big.txt", 5000, 4500))
    _LINES.pop(deep.id, None)
    try:
        # The fact on line 4500 is in the bash tail here; put it only in the full output.
        tail = result(
            "c1",
            "bash",
            "[Showing lines 3001-5000 of 5000. Full output: /tmp/pi-bash-1a2b3c4d.log]",
            details={"fullOutputPath": HANDLE},
        )
        events = [
            prompt(deep),
            call("c1", "bash", command="cat notes/big.txt"),
            tail,
            cleanup(deep),
            handle_check(),
            *read_chain(deep, HANDLE),
            call("c4", "read", path=HANDLE, offset=4001),
            result("c4", "read", window(deep, 4001)),
            answer(deep),
        ]
        assert check(deep, events).status is Status.PASS
    finally:
        _LINES.pop(deep.id, None)


def test_malformed_result() -> None:
    r = malformed_result()
    assert r.status is Status.ERROR
    assert r.reasons == (R.TRACE_MALFORMED,)
    assert not r.task_pass and not r.strategy_pass


# --- every reason: a failing trace and its passing neighbour ------------------------------------


@dataclass(frozen=True)
class Pair:
    code: R
    name: str
    case: Case
    fail: Sequence[Event]
    neighbour: Sequence[Event]
    expect: frozenset[R] | None = None  # the set the code comes with; None: exactly {code}


def _temp(
    case: Case = BASH,
    *,
    produced: Sequence[Event] | None = None,
    harness_events: Sequence[Event] | None = None,
    reads: Sequence[Event] | None = None,
    after: Sequence[Event] = (),
    final: Event | None = None,
    before: Sequence[Event] = (),
) -> list[Event]:
    return [
        prompt(case),
        *before,
        *(producer(case) if produced is None else produced),
        *((cleanup(case), handle_check()) if harness_events is None else harness_events),
        *(read_chain(case, HANDLE) if reads is None else reads),
        *after,
        answer(case) if final is None else final,
    ]


def _offset(
    *, reads: Sequence[Event] | None = None, final: Event | None = None, case: Case = READ
) -> list[Event]:
    return [
        prompt(case),
        *(read_chain(case, "notes/big.txt", 1) if reads is None else reads),
        answer(case) if final is None else final,
    ]


def _first_read(
    path: str = "notes/big.txt", *, text: str | None = None, error: bool = False
) -> list[Event]:
    return [
        call("c1", "read", path=path),
        result("c1", "read", window(READ, 1) if text is None else text, error=error),
    ]


def _continue(
    path: str = "notes/big.txt",
    offset: object = 2001,
    *,
    cid: str = "c2",
    text: str | None = None,
    error: bool = False,
    case: Case = READ,
) -> list[Event]:
    return [
        call(cid, "read", path=path, offset=offset),
        result(cid, "read", window(case, 2001) if text is None else text, error=error),
    ]


def _handle_read(
    path: str = HANDLE,
    offset: object = None,
    *,
    cid: str = "c2",
    text: str | None = None,
    error: bool = False,
) -> list[Event]:
    args: dict[str, Any] = {"path": path}
    if offset is not None:
        args["offset"] = offset
    start = offset if isinstance(offset, int) else 1
    return [
        call(cid, "read", **args),
        result(cid, "read", window(BASH, start) if text is None else text, error=error),
    ]


_NO_FACT_2001 = "\n".join(line for line in window(BASH, 2001).split("\n") if BASH.fact not in line)
_HINT_ONLY = (
    "L00001 amber basalt\n[Showing lines 1-1 of 5000.]"  # truncated, but no offset to continue at
)


PAIRS: list[Pair] = [
    # PRODUCER_MISSING ---------------------------------------------------------------------
    Pair(
        R.PRODUCER_MISSING,
        "temp: the producer ran under another tool name",
        BASH,
        _temp(produced=producer(BASH, tool="shell")),
        _temp(produced=producer(BASH, tool="Bash")),
    ),
    Pair(R.PRODUCER_MISSING, "temp: no producer call at all", BASH, _temp(produced=[]), _temp()),
    Pair(
        R.PRODUCER_MISSING,
        "read-offset: only a .bak of the source was read",
        READ,
        _offset(reads=read_chain(READ, "notes/big.txt.bak", 1)),
        _offset(reads=read_chain(READ, "notes/big.txt", 1)),
    ),
    Pair(
        R.PRODUCER_MISSING,
        "read-offset: xnotes/big.txt is not notes/big.txt",
        READ,
        _offset(reads=read_chain(READ, f"{PROJECT}/xnotes/big.txt", 1)),
        _offset(reads=read_chain(READ, f"{PROJECT}/notes/big.txt", 1)),
    ),
    # REPEATED_PRODUCER --------------------------------------------------------------------
    Pair(
        R.REPEATED_PRODUCER,
        "temp: the producer ran twice",
        BASH,
        _temp(after=producer(BASH, cid="c9", handle="/tmp/pi-bash-99999999.log")),
        _temp(),
    ),
    Pair(
        R.REPEATED_PRODUCER,
        "temp: a second, different bash call is still a second producer call",
        BASH,
        _temp(after=[call("c9", "bash", command="ls"), result("c9", "bash", "notes\nsrc")]),
        _temp(after=[call("c9", "ls", path="."), result("c9", "ls", "notes\nsrc")]),
    ),
    # PRODUCER_FAILED ----------------------------------------------------------------------
    Pair(
        R.PRODUCER_FAILED,
        "temp: the producer's result is an error",
        BASH,
        _temp(produced=producer(BASH, error=True)),
        _temp(),
    ),
    Pair(
        R.PRODUCER_FAILED,
        "temp: Pi's failed bash: an error whose details are empty",
        BASH,
        _temp(produced=producer(BASH, error=True, details={})),
        _temp(),
        frozenset({R.PRODUCER_FAILED, R.HANDLE_NOT_IN_DETAILS}),
    ),
    Pair(
        R.PRODUCER_FAILED,
        "temp: the producer never answered",
        BASH,
        _temp(produced=producer(BASH)[:1]),
        _temp(),
        frozenset(
            {R.PRODUCER_FAILED, R.HANDLE_NOT_IN_DETAILS, R.HANDLE_UNVERIFIED, R.UNRELATED_PATH}
        ),
    ),
    Pair(
        R.PRODUCER_FAILED,
        "read-offset: the first read of the source failed",
        READ,
        _offset(reads=[*_first_read(error=True), *_continue()]),
        _offset(reads=[*_first_read(), *_continue()]),
    ),
    Pair(
        R.PRODUCER_FAILED,
        "read-offset: the first read gave no offset to continue at",
        READ,
        _offset(reads=[*_first_read(text=_HINT_ONLY), *_continue()]),
        _offset(reads=[*_first_read(), *_continue()]),
    ),
    # HANDLE_NOT_IN_DETAILS ----------------------------------------------------------------
    Pair(
        R.HANDLE_NOT_IN_DETAILS,
        "temp: the handle is only in the text",
        BASH,
        _temp(produced=producer(BASH, details={})),
        _temp(),
    ),
    Pair(
        R.HANDLE_NOT_IN_DETAILS,
        "temp: no details at all, handle in the footer",
        BASH,
        _temp(
            produced=[
                call("c1", "bash", command="cat notes/big.txt"),
                result("c1", "bash", bash_tail(BASH)),
            ]
        ),
        _temp(),
    ),
    Pair(
        R.HANDLE_NOT_IN_DETAILS,
        "temp: an empty fullOutputPath is no handle",
        BASH,
        _temp(produced=producer(BASH, details={"fullOutputPath": ""})),
        _temp(),
    ),
    # CLEANUP_UNVERIFIED -------------------------------------------------------------------
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: deletion not verified",
        BASH,
        _temp(harness_events=[cleanup(BASH, verified=False), handle_check()]),
        _temp(),
    ),
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: verified is a string, not true",
        BASH,
        _temp(harness_events=[cleanup(BASH, verified="true"), handle_check()]),
        _temp(),
    ),
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: no deletion event",
        BASH,
        _temp(harness_events=[handle_check()]),
        _temp(),
    ),
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: the deletion was of another file",
        BASH,
        _temp(harness_events=[cleanup(BASH, path=f"{PROJECT}/notes/other.txt"), handle_check()]),
        _temp(harness_events=[cleanup(BASH, path="notes/big.txt"), handle_check()]),
    ),
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: the deletion was of a path that only ends like the source",
        BASH,
        _temp(harness_events=[cleanup(BASH, path=f"{PROJECT}/xnotes/big.txt"), handle_check()]),
        _temp(harness_events=[cleanup(BASH, path=f"{PROJECT}/notes/big.txt"), handle_check()]),
    ),
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: the deletion event is after another call",
        BASH,
        _temp(harness_events=[cleanup(BASH, after="c2"), handle_check()]),
        _temp(harness_events=[cleanup(BASH, after="c1"), handle_check()]),
    ),
    Pair(
        R.CLEANUP_UNVERIFIED,
        "temp: the deletion came before the producer's result",
        BASH,
        _temp(
            produced=[producer(BASH)[0], cleanup(BASH), producer(BASH)[1]],
            harness_events=[handle_check()],
        ),
        _temp(
            produced=[producer(BASH)[0], producer(BASH)[1], cleanup(BASH)],
            harness_events=[handle_check()],
        ),
    ),
    # HANDLE_UNVERIFIED --------------------------------------------------------------------
    Pair(
        R.HANDLE_UNVERIFIED,
        "temp: the handle was not readable",
        BASH,
        _temp(harness_events=[cleanup(BASH), handle_check(readable=False)]),
        _temp(),
    ),
    Pair(
        R.HANDLE_UNVERIFIED,
        "temp: the handle did not hold the fact",
        BASH,
        _temp(harness_events=[cleanup(BASH), handle_check(fact_present=False)]),
        _temp(),
    ),
    Pair(
        R.HANDLE_UNVERIFIED,
        "temp: another handle was checked",
        BASH,
        _temp(harness_events=[cleanup(BASH), handle_check(handle="/tmp/pi-bash-ffffffff.log")]),
        _temp(),
    ),
    Pair(
        R.HANDLE_UNVERIFIED,
        "temp: no check at all",
        BASH,
        _temp(harness_events=[cleanup(BASH)]),
        _temp(),
    ),
    Pair(
        R.HANDLE_UNVERIFIED,
        "temp: the check is after another call",
        BASH,
        _temp(harness_events=[cleanup(BASH), handle_check(after="c2")]),
        _temp(harness_events=[cleanup(BASH), handle_check(after=None)]),
    ),
    # SOURCE_READ_DIRECTLY -----------------------------------------------------------------
    Pair(
        R.SOURCE_READ_DIRECTLY,
        "temp: the source read by absolute path after the chain",
        BASH,
        _temp(after=_handle_read(f"{PROJECT}/notes/big.txt", cid="c9")),
        _temp(after=_handle_read(f"{PROJECT}/docs/big.txt", cid="c9")),
    ),
    Pair(
        R.SOURCE_READ_DIRECTLY,
        "temp: the source read by its exact relative path",
        BASH,
        _temp(after=_handle_read("notes/big.txt", cid="c9")),
        _temp(after=_handle_read("xnotes/big.txt", cid="c9")),
    ),
    Pair(
        R.SOURCE_READ_DIRECTLY,
        "temp: the source read before the producer",
        BASH,
        _temp(before=_handle_read("notes/big.txt", cid="c0")),
        _temp(before=_handle_read("xnotes/big.txt", cid="c0")),
    ),
    Pair(
        R.SOURCE_READ_DIRECTLY,
        "temp: ast-grep case, src/records.py read",
        AST,
        _temp(AST, after=_handle_read(f"{PROJECT}/src/records.py", cid="c9")),
        _temp(AST, after=_handle_read(f"{PROJECT}/tests/records.py", cid="c9")),
    ),
    Pair(
        R.SOURCE_READ_DIRECTLY,
        "temp: only the source read after the producer",
        BASH,
        _temp(reads=_handle_read("notes/big.txt")),
        _temp(),
        frozenset({R.SOURCE_READ_DIRECTLY, R.NO_RECOVERY_READ}),
    ),
    # READ_BEFORE_PRODUCER -----------------------------------------------------------------
    Pair(
        R.READ_BEFORE_PRODUCER,
        "read-offset: parallel calls, continuation before the telling result",
        READ,
        _offset(
            reads=[
                call("c1", "read", path="notes/big.txt"),
                call("c2", "read", path="notes/big.txt", offset=2001),
                result("c1", "read", window(READ, 1)),
                result("c2", "read", window(READ, 2001)),
            ]
        ),
        _offset(
            reads=[
                call("c1", "read", path="notes/big.txt"),
                result("c1", "read", window(READ, 1)),
                call("c2", "read", path="notes/big.txt", offset=2001),
                result("c2", "read", window(READ, 2001)),
            ]
        ),
    ),
    Pair(
        R.READ_BEFORE_PRODUCER,
        "temp: the handle read in parallel with the producer",
        BASH,
        _temp(
            produced=[producer(BASH)[0], *_handle_read(HANDLE, 2001, cid="c2"), producer(BASH)[1]],
            reads=[],
        ),
        _temp(
            produced=producer(BASH),
            reads=[*_handle_read(HANDLE, cid="c2"), *_handle_read(HANDLE, 2001, cid="c3")],
        ),
    ),
    # UNRELATED_PATH -----------------------------------------------------------------------
    Pair(
        R.UNRELATED_PATH,
        "temp: the handle plus a suffix",
        BASH,
        _temp(reads=read_chain(BASH, HANDLE + "x")),
        _temp(),
    ),
    Pair(
        R.UNRELATED_PATH,
        "temp: the handle's folder, another name",
        BASH,
        _temp(reads=read_chain(BASH, "/tmp/pi-bash-ffffffff.log")),
        _temp(),
    ),
    Pair(
        R.UNRELATED_PATH,
        "temp: the handle's folder only",
        BASH,
        _temp(reads=_handle_read("/tmp")),
        _temp(),
    ),
    Pair(
        R.UNRELATED_PATH,
        "temp: a prefix of the handle",
        BASH,
        _temp(reads=read_chain(BASH, HANDLE[:-1])),
        _temp(),
    ),
    # WRONG_SOURCE -------------------------------------------------------------------------
    Pair(
        R.WRONG_SOURCE,
        "read-offset: continued in another file",
        READ,
        _offset(reads=[*_first_read(), *_continue("notes/other.txt")]),
        _offset(),
    ),
    Pair(
        R.WRONG_SOURCE,
        "read-offset: continued in a .bak of the source",
        READ,
        _offset(reads=[*_first_read(), *_continue("notes/big.txt.bak")]),
        _offset(),
    ),
    # WRONG_OFFSET -------------------------------------------------------------------------
    Pair(
        R.WRONG_OFFSET,
        "read-offset: 2500 happens to include the fact",
        READ,
        _offset(reads=[*_first_read(), *_continue(offset=2500, text=window(READ, 2500))]),
        _offset(),
    ),
    Pair(
        R.WRONG_OFFSET,
        "read-offset: off by one",
        READ,
        _offset(reads=[*_first_read(), *_continue(offset=2002, text=window(READ, 2002))]),
        _offset(),
    ),
    Pair(
        R.WRONG_OFFSET,
        "read-offset: the offset told by another file's read",
        READ,
        _offset(
            reads=[
                call("c0", "read", path="notes/other.txt"),
                result(
                    "c0", "read", "x\n[Showing lines 1-1 of 9000. Use offset=2501 to continue.]"
                ),
                *_first_read(),
                *_continue(offset=2501, text=window(READ, 2501)),
            ]
        ),
        _offset(
            reads=[
                call("c0", "read", path="notes/other.txt"),
                result(
                    "c0", "read", "x\n[Showing lines 1-1 of 9000. Use offset=2501 to continue.]"
                ),
                *_first_read(),
                *_continue(offset=2001),
            ]
        ),
    ),
    Pair(
        R.WRONG_OFFSET,
        "read-offset: an offset told only by a failed result",
        READ,
        _offset(
            reads=[
                *_first_read(),
                call("c9", "read", path="notes/big.txt", offset=2001),
                result("c9", "read", "[Use offset=2501 to continue]", error=True),
                *_continue(offset=2501, cid="c3", text=window(READ, 2501)),
            ]
        ),
        _offset(
            reads=[
                *_first_read(),
                call("c9", "read", path="notes/big.txt", offset=2001),
                result("c9", "read", "[Use offset=2501 to continue]", error=True),
                *_continue(offset=2001, cid="c3"),
            ]
        ),
        frozenset({R.WRONG_OFFSET, R.RECOVERY_READ_FAILED}),
    ),
    # NO_RECOVERY_READ ---------------------------------------------------------------------
    Pair(R.NO_RECOVERY_READ, "temp: an answer with no read at all", BASH, _temp(reads=[]), _temp()),
    Pair(
        R.NO_RECOVERY_READ,
        "read-offset: the first read only, then a guess",
        READ,
        _offset(reads=_first_read()),
        _offset(),
    ),
    Pair(
        R.NO_RECOVERY_READ,
        "read-offset: the source re-read from the top, never continued",
        READ,
        _offset(reads=[*_first_read(), *_continue(offset=1, text=window(READ, 1))]),
        _offset(),
    ),
    # RECOVERY_READ_FAILED -----------------------------------------------------------------
    Pair(
        R.RECOVERY_READ_FAILED,
        "temp: the continuation of the handle failed",
        BASH,
        _temp(
            reads=[
                *_handle_read(HANDLE),
                *_handle_read(HANDLE, 2001, cid="c3", text="ENOENT", error=True),
            ]
        ),
        _temp(
            reads=[
                *_handle_read(HANDLE),
                *_handle_read(HANDLE, 2001, cid="c3", text="ENOENT", error=True),
                *_handle_read(HANDLE, 2001, cid="c4"),
            ]
        ),
    ),
    Pair(
        R.RECOVERY_READ_FAILED,
        "temp: the read of the handle never answered",
        BASH,
        _temp(reads=[*_handle_read(HANDLE), call("c3", "read", path=HANDLE, offset=2001)]),
        _temp(),
    ),
    Pair(
        R.RECOVERY_READ_FAILED,
        "read-offset: the continuation failed",
        READ,
        _offset(reads=[*_first_read(), *_continue(text="Error: EACCES", error=True)]),
        _offset(),
    ),
    # FACT_MISSING -------------------------------------------------------------------------
    Pair(
        R.FACT_MISSING,
        "temp: the handle read stopped before the fact",
        BASH,
        _temp(reads=_handle_read(HANDLE)),
        _temp(),
    ),
    Pair(
        R.FACT_MISSING,
        "temp: the recovered text lacks the fact",
        BASH,
        _temp(
            reads=[*_handle_read(HANDLE), *_handle_read(HANDLE, 2001, cid="c3", text=_NO_FACT_2001)]
        ),
        _temp(),
    ),
    Pair(
        R.FACT_MISSING,
        "read-offset: the continuation's result lacks the fact",
        READ,
        _offset(
            reads=[
                *_first_read(),
                *_continue(
                    text=(
                        "L02001 amber amber\n"
                        "[Showing lines 2001-2001 of 5000. Use offset=2002 to continue.]"
                    )
                ),
            ]
        ),
        _offset(),
    ),
    # FACT_MISSING --------------------------------------------------------------------
    Pair(
        R.FACT_MISSING,
        "read-offset: the first read already held the fact",
        READ,
        _offset(reads=[*_first_read(text=window(READ, 1) + f"\n{READ.fact}"), *_continue()]),
        _offset(reads=[*_first_read(text=window(READ, 1) + "\nL00042 amber"), *_continue()]),
    ),
    Pair(
        R.FACT_MISSING,
        "temp: a grep of the handle showed the fact before the read of it",
        BASH,
        _temp(
            after=[],
            reads=[
                call("g1", "grep", pattern="L03000", path=HANDLE),
                result("g1", "grep", f"L03000 {BASH.fact}"),
                *read_chain(BASH, HANDLE),
            ],
        ),
        _temp(
            reads=[
                call("g1", "grep", pattern="L03000", path=HANDLE),
                result("g1", "grep", "no match"),
                *read_chain(BASH, HANDLE),
            ],
        ),
    ),
]


@pytest.mark.parametrize(
    "reads",
    [
        [
            call("c2", "read", path=HANDLE),
            call("c3", "read", path=HANDLE, offset=2001),
            result("c2", "read", window(BASH, 1)),
            result("c3", "read", window(BASH, 2001)),
        ],
        _handle_read(HANDLE, 2001),
        [*_handle_read(HANDLE), *_handle_read(HANDLE, 2500, cid="c3", text=window(BASH, 2500))],
    ],
    ids=["parallel continuation", "straight at 2001", "guessed 2500"],
)
def test_temp_output_handle_reads_have_no_offset_rule(reads: list[Event]) -> None:
    # The handle is the exact file the tool issued (SPEC sets no offset rule on it): any
    # successful read of it, after the producer's result, that returns the fact will do.
    assert check(BASH, _temp(reads=reads)).status is Status.PASS


def test_every_reason_but_trace_malformed_has_a_pair() -> None:
    assert {p.code for p in PAIRS} == set(R) - {R.TRACE_MALFORMED}


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p.code.value}: {p.name}")
def test_failing_trace_and_its_passing_neighbour(pair: Pair) -> None:
    failed = check(pair.case, pair.fail)
    assert failed.status is Status.FAIL
    assert set(failed.reasons) == (pair.expect or {pair.code})
    assert pair.code in failed.reasons
    passed = check(pair.case, pair.neighbour)
    assert passed.status is Status.PASS, passed.reasons
    assert passed.reasons == ()
    assert passed.task_pass and passed.strategy_pass


# --- task_pass, strategy_pass, status, observations ----------------------------------------------


def test_a_guess_without_a_recovery_read_passes_the_task_but_not_the_strategy() -> None:
    r = check(BASH, _temp(reads=[]))
    assert r.reasons == (R.NO_RECOVERY_READ,)
    assert r.task_pass is True
    assert r.strategy_pass is False
    assert r.status is Status.FAIL
    r = check(READ, _offset(reads=_first_read()))
    assert (r.task_pass, r.strategy_pass, r.status) == (True, False, Status.FAIL)


def test_a_wrong_offset_that_reaches_the_fact_is_still_a_strategy_fail() -> None:
    r = check(
        READ, _offset(reads=[*_first_read(), *_continue(offset=2500, text=window(READ, 2500))])
    )
    assert READ.fact in window(READ, 2500)
    assert (r.task_pass, r.strategy_pass, r.status, r.reasons) == (
        True,
        False,
        Status.FAIL,
        (R.WRONG_OFFSET,),
    )


def test_the_chain_held_and_the_answer_missed_the_fact() -> None:
    # The status is the chain's (SPEC section 5): the recovery is proved; the answer is
    # reported beside it as task_pass, not mixed into the status.
    r = check(BASH, _temp(final=msg("no idea")))
    assert (r.task_pass, r.strategy_pass, r.status, r.reasons) == (False, True, Status.PASS, ())
    r = check(READ, _offset(final=msg("   ")))
    assert (r.task_pass, r.strategy_pass, r.status, r.reasons) == (False, True, Status.PASS, ())


def test_the_answer_is_the_last_non_empty_assistant_message() -> None:
    # The fact said earlier, then taken back: the final answer is what counts.
    r = check(BASH, _temp(final=msg("Sorry, that was wrong.")), msg(""))
    assert r.task_pass is False
    r = check(BASH, _temp(), msg("   "))
    assert r.task_pass is True
    # A user message holding the fact is not an answer.
    r = check(BASH, _temp(final=msg("done")), msg(BASH.fact, "user"))
    assert r.task_pass is False


def test_reasons_come_in_chain_order() -> None:
    events = _temp(
        produced=producer(BASH, error=True, details={}),
        harness_events=[],
        reads=[],
        after=producer(BASH, cid="c9"),
    )
    r = check(BASH, events)
    order = list(R)
    assert list(r.reasons) == sorted(r.reasons, key=order.index)
    assert R.REPEATED_PRODUCER in r.reasons


def test_counts_of_a_failing_run() -> None:
    events = _temp(produced=producer(BASH, error=True), after=producer(BASH, cid="c9"))
    r = check(BASH, events)
    assert r.counts == {
        "events": 12,
        "tool_calls": 4,
        "tool_results": 4,
        "failed_results": 1,
        "read_calls": 2,
        "producer_calls": 2,
        "harness_events": 2,
        "messages": 2,
        "other_tool_calls": 0,
    }
    assert r.tool_names == ("bash", "read")


def test_no_producer_counts_zero_and_lists_the_tools_it_saw() -> None:
    r = check(BASH, _temp(produced=producer(BASH, tool="shell")))
    assert r.counts["producer_calls"] == 0
    # "shell" is no tool of a sakshi trace, nor the case's producer: shown as "other".
    assert r.tool_names == ("other", "read")
    assert r.counts["other_tool_calls"] == 1
    assert r.evidence == {"handle": "none"}


def test_text_handle_is_recorded_as_text_evidence() -> None:
    r = check(BASH, _temp(produced=producer(BASH, details={})))
    assert r.evidence == {"handle": "text"}


def test_an_empty_trace_fails_without_crashing() -> None:
    assert check(BASH).reasons == (R.PRODUCER_MISSING,)
    assert check(READ).reasons == (R.PRODUCER_MISSING,)
    assert check(READ).task_pass is False


def test_a_result_before_its_call_is_not_its_result() -> None:
    events: list[Event] = [
        prompt(READ),
        result("c1", "read", window(READ, 1)),
        call("c1", "read", path="notes/big.txt"),
        *_continue(),
        answer(READ),
    ]
    assert reasons(READ, events) == {R.PRODUCER_FAILED}


def test_the_validator_is_pure_and_repeatable() -> None:
    t = trace(_temp(reads=[]))
    assert validate(BASH, t) == validate(BASH, t)


# --- the chain cannot be laundered ------------------------------------------------------


def test_a_guessed_read_does_not_tell_the_next_hop() -> None:
    # Told 2001, the agent guesses 1001 instead; that guess's result "tells" 3001, and a
    # read there would return the fact: the chain still broke at the guess.
    events = [
        call("c1", "read", path=READ.source.path),
        result("c1", "read", window(READ, 1)),
        call("c2", "read", path=READ.source.path, offset=1001),
        result("c2", "read", window(READ, 1001)),
        call("c3", "read", path=READ.source.path, offset=3001),
        result("c3", "read", window(READ, 2001, 2000)),
        answer(READ),
    ]
    assert reasons(READ, *events) == {R.WRONG_OFFSET}


def test_a_failed_first_read_retried_from_the_top_is_no_harm() -> None:
    events = [
        call("c0", "read", path=READ.source.path),
        result("c0", "read", "EAGAIN: try again", error=True),
        call("c1", "read", path=READ.source.path),
        result("c1", "read", window(READ, 1)),
        call("c2", "read", path=READ.source.path, offset=2001),
        result("c2", "read", window(READ, 2001)),
        answer(READ),
    ]
    assert check(READ, *events).status is Status.PASS


# --- the validator's own modules stay pure ------------------------------------------------------

_VALIDATOR_MODULES = (
    "validate",
    "trace_index",
    "offset_chain",
    "handle_chain",
    "source_names",
    "source_reach",
    "reach_terms",
    "shell_words",
    "tool_names",
    "evidence",
    "model",
)
# What the validator may import: typing and data helpers, pure string work, and the pure
# parts of sakshi. No file, process, clock or environment.
_PURE_IMPORTS = frozenset(
    {
        "__future__",
        "bisect",
        "collections.abc",
        "dataclasses",
        "enum",
        "posixpath",
        "re",
        "typing",
        "unicodedata",
        "sakshi.reasons",
        "sakshi.recovery.corpus",
    }
    | {f"sakshi.recovery.{name}" for name in _VALIDATOR_MODULES}
)


@pytest.mark.parametrize("name", _VALIDATOR_MODULES)
def test_the_validator_modules_import_nothing_impure(name: str) -> None:
    # tests/test_layout.py lists the pure modules it knows; this covers the validator's
    # newer ones too, with an allow-list rather than a deny-list.
    source = files("sakshi").joinpath("recovery", f"{name}.py").read_text(encoding="utf-8")
    imported: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            imported.add(node.module)
    assert imported <= _PURE_IMPORTS, sorted(imported - _PURE_IMPORTS)


# --- pinned by the mutation pass -------------------------------------------------------------


def test_results_and_trace_events_are_frozen() -> None:
    r = check(READ, offset_ok())
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.status = Status.FAIL  # type: ignore[misc]
    for event in trace(temp_ok()).events:
        with pytest.raises(dataclasses.FrozenInstanceError):
            event.text = "x"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "events, producer_calls",
    [
        ([prompt(READ), answer(READ)], 0),
        (_offset(reads=_first_read(error=True)), 1),
        (_offset(reads=_first_read()), 1),
        (_offset(reads=[*_first_read(), *_continue(offset=2500)]), 1),
        (offset_ok(), 1),
    ],
    ids=["no read", "first read failed", "no continuation", "wrong offset", "pass"],
)
def test_read_offset_counts_the_truncated_read_as_its_producer(
    events: list[Event], producer_calls: int
) -> None:
    assert check(READ, events).counts["producer_calls"] == producer_calls


def test_a_read_elsewhere_after_the_first_hint_is_wrong_source_even_if_told_again() -> None:
    # Told 2001, the agent reads another file, then the source from the top again (told
    # again), and never continues: it went elsewhere after the first hint.
    events = [
        *_first_read(),
        call("c2", "read", path="notes/other.txt"),
        result("c2", "read", "other"),
        call("c3", "read", path="notes/big.txt"),
        result("c3", "read", window(READ, 1)),
    ]
    assert reasons(READ, _offset(reads=events)) == {R.WRONG_SOURCE}


def test_the_first_harness_event_after_the_result_vouches() -> None:
    # A deletion naming the producer, a read of the handle, then a second deletion naming
    # no call: the first deletion already vouched for the read.
    events = [
        prompt(BASH),
        *producer(BASH),
        cleanup(BASH),
        handle_check(after=None),
        *read_chain(BASH, HANDLE),
        cleanup(BASH, after=None),
        handle_check(),
        answer(BASH),
    ]
    assert check(BASH, events).status is Status.PASS


_CHECK = handle_check()
_SEEN = harness("handle_seen", handle=HANDLE, readable=True, fact_present=True)


@pytest.mark.parametrize(
    "harness_events, missing",
    [
        ([harness("source_renamed", path="notes/big.txt", verified=True), _CHECK], "cleanup"),
        ([cleanup(BASH), _SEEN], "check"),
        ([harness("source_deleted", path=42, verified=True), _CHECK], "cleanup"),
        ([harness("source_deleted", path=["notes/big.txt"], verified=True), _CHECK], "cleanup"),
        ([cleanup(BASH), handle_check(handle=[HANDLE])], "check"),  # type: ignore[arg-type]
        ([cleanup(BASH), handle_check(handle={"p": HANDLE})], "check"),  # type: ignore[arg-type]
    ],
    ids=["other event", "other check", "int path", "list path", "list handle", "dict handle"],
)
def test_only_the_named_harness_events_with_the_right_fields_vouch(
    harness_events: list[Event], missing: str
) -> None:
    expected = R.CLEANUP_UNVERIFIED if missing == "cleanup" else R.HANDLE_UNVERIFIED
    assert reasons(BASH, _temp(harness_events=harness_events)) == {expected}


@pytest.mark.parametrize(
    "order, expected",
    [
        ("read check", {R.CLEANUP_UNVERIFIED, R.HANDLE_UNVERIFIED}),  # and no deletion at all
        ("read cleanup", {R.CLEANUP_UNVERIFIED, R.HANDLE_UNVERIFIED}),  # and no check at all
        ("read cleanup read check", {R.HANDLE_UNVERIFIED}),  # the later early read counts
        ("read check read cleanup", {R.CLEANUP_UNVERIFIED}),
    ],
)
def test_reads_of_the_handle_before_the_harness_vouched(order: str, expected: set[R]) -> None:
    reads = iter([_handle_read(HANDLE, cid="c2"), _handle_read(HANDLE, 2001, cid="c3")])
    parts = {"cleanup": lambda: [cleanup(BASH)], "check": lambda: [handle_check()]}
    parts["read"] = lambda: next(reads)
    body = [event for name in order.split() for event in parts[name]()]
    assert reasons(BASH, prompt(BASH), producer(BASH), body, answer(BASH)) == expected


def test_a_temp_output_case_without_a_producer_tool_has_no_producer() -> None:
    no_tool = dataclasses.replace(BASH, producer=None)
    events = [call("c0", "", command="cat notes/big.txt"), result("c0", "", "x"), *temp_ok()]
    assert reasons(no_tool, events) == {R.PRODUCER_MISSING}


@pytest.mark.parametrize("handle", [42, ["/tmp/x.log"], {"p": HANDLE}, True])
def test_a_handle_in_details_is_a_non_empty_string(handle: object) -> None:
    produced = producer(BASH, details={"fullOutputPath": handle})
    r = check(BASH, _temp(produced=produced))
    assert r.evidence == {"handle": "text"}  # the footer's, not the details'
    assert set(r.reasons) == {R.HANDLE_NOT_IN_DETAILS}


def test_text_evidence_needs_the_full_output_lead() -> None:
    for text in ("[Saved to: /tmp/x.log]", "note: /tmp/x.log", "output: /tmp/x.log]"):
        assert handle_of(ToolResult("c1", "bash", False, text)).path is None
    assert handle_of(ToolResult("c1", "bash", False, "Full output: /tmp/x.log")).path == (
        "/tmp/x.log"
    )


def test_a_told_offset_has_at_most_18_digits() -> None:
    for digits, told in (("9" * 18, (10**18 - 1,)), ("1" + "0" * 18, ())):
        text = f"[Use offset={digits} to continue.]"
        assert offsets_of(ToolResult("c1", "read", False, text)) == told


def test_the_statuses_are_the_reports() -> None:
    assert [status.value for status in Status] == ["pass", "fail", "unknown", "error"]


@pytest.mark.parametrize("name", _VALIDATOR_MODULES)
def test_the_validator_data_is_frozen(name: str) -> None:
    # Plain frozen data in and out; the one mutable class is the read-offset walk's
    # accumulator, which never leaves its function.
    module = importlib.import_module(f"sakshi.recovery.{name}")
    classes = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
    ]
    mutable = [cls.__name__ for cls in classes if not cls.__dataclass_params__.frozen]  # type: ignore[attr-defined]
    assert mutable == (["_Walk"] if name == "offset_chain" else [])


@pytest.mark.parametrize(
    "source, named, not_named",
    [
        ("big.txt", ["big.txt", "./big.txt", "/p/big.txt", "b?g.txt"], ["notbig.txt", "big"]),
        ("/notes/big.txt", ["notes/big.txt", "/p/notes/big.txt"], ["/notes/big.txt.1"]),
        ("notes/big.txt", ["NOTES/BIG.TXT", "notes\\big.txt"], ["notes/big", "big.txt"]),
    ],
)
def test_source_names_for_one_component_and_leading_slash_sources(
    source: str, named: list[str], not_named: list[str]
) -> None:
    # A corpus path with one component, or a leading "/", is still matched by components
    # from the end, like any other.
    name = SourceName.of(source)
    assert [text for text in named if not name.named_in({"path": text})] == []
    assert [text for text in not_named if name.named_in({"path": text})] == []
