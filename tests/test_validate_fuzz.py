"""The recovery validator under hypothesis: random traces of calls, results, harness events and
messages, for both case kinds.

Two properties. No exception escapes ``validate``, whatever the trace. And the validator
passes a trace exactly when a small reference, written straight from SPEC section 5 as a
brute-force search for the whole chain, finds one: so no change to a failing trace (a step
removed or altered, any amount of noise around it) makes it pass unless the change adds
the whole missing chain. The vocabulary is small on purpose (a few paths, offsets, texts
and ids), so that random traces keep hitting the same call ids, paths and told offsets.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import Case
from sakshi.recovery.evidence import handle_of, offsets_of
from sakshi.recovery.model import Event, Harness, Message, ToolCall, ToolResult, Trace
from sakshi.recovery.source_names import glob_matches
from sakshi.recovery.validate import Status, validate
from test_validate import BASH, HANDLE, READ, bash_tail, window

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OTHER_HANDLE = "/tmp/pi-bash-ffffffff.log"

# Every string an argument can hold, and whether a call holding it reaches the source
# notes/big.txt as SPEC 5 says must be caught (in any spelling, or as another file of its
# folder, which a call cannot read without reaching the folder). The reference refuses any
# string not listed here.
NAMES_SOURCE = {
    "notes/big.txt": True,
    "./notes/big.txt": True,
    "notes//big.txt": True,
    "/p/notes/big.txt/.": True,
    "cat notes/big.txt": True,
    "/home/dev/proj/notes/big.txt": True,
    "notes/big.txt.bak": True,
    "xnotes/big.txt": False,
    HANDLE: False,
    OTHER_HANDLE: False,
    "/tmp": False,
    "ls -la": False,
    "2001": False,
}
PATHS = [path for path in NAMES_SOURCE if " " not in path]
OFFSETS: list[object] = [None, 0, 1, -5, 2001, 2002, 4001, "2001", 2001.0, True]


def texts(case: Case) -> list[str]:
    """What a result may say: the first window (tells 2001), the window holding the fact
    (tells 4001), the fact alone, noise, another offset, the bash tail with its footer."""
    return [
        window(case, 1),
        window(case, 2001),
        case.fact,
        "nothing here",
        "x\n[Showing lines 1-1 of 5000. Use offset=2002 to continue.]",
        bash_tail(case),
    ]


# --- the reference: SPEC 5 read literally, by brute force ---------------------------------------


def _answer(events: list[Event], at: int) -> tuple[int, ToolResult] | None:
    call = events[at]
    assert isinstance(call, ToolCall)
    for later in range(at + 1, len(events)):
        event = events[later]
        if isinstance(event, ToolResult) and (event.call_id, event.tool) == (
            call.call_id,
            call.tool,
        ):
            return later, event
    return None


def _ok(answer: tuple[int, ToolResult] | None) -> bool:
    return answer is not None and not answer[1].is_error


def well_formed(events: list[Event]) -> bool:
    """No call id used twice; no call answered twice (by its id and tool)."""
    tools: dict[str, str] = {}
    answered: set[str] = set()
    for event in events:
        if isinstance(event, ToolCall):
            if event.call_id in tools:
                return False
            tools[event.call_id] = event.tool
        elif isinstance(event, ToolResult) and tools.get(event.call_id) == event.tool:
            if event.call_id in answered:
                return False
            answered.add(event.call_id)
    return True


def _path(call: ToolCall) -> str | None:
    for key in ("path", "file_path", "filePath"):
        if isinstance(call.args.get(key), str):
            return str(call.args[key])
    return None


def _is_source(path: object, case: Case) -> bool:
    source = case.source.path
    return isinstance(path, str) and (path == source or path.endswith("/" + source))


def _told(text: str) -> set[int]:
    return {int(digits) for digits in re.findall(r"Use offset=([0-9]{1,18}) to continue", text)}


def _calls(events: list[Event]) -> dict[int, ToolCall]:
    return {at: event for at, event in enumerate(events) if isinstance(event, ToolCall)}


def _recovered(events: list[Event], at: int, fact: str) -> bool:
    answer = _answer(events, at)
    return answer is not None and not answer[1].is_error and fact in answer[1].text


def _tells(events: list[Event], teller: int, before: int, offset: object) -> bool:
    """The read at ``teller`` was answered successfully before ``before``, telling ``offset``."""
    answer = _answer(events, teller)
    return (
        answer is not None
        and not answer[1].is_error
        and answer[0] < before
        and offset in _told(answer[1].text)
    )


def _proof(events: list[Event], reads: Iterable[int], fact: str) -> int | None:
    """Where the earliest answer holding the fact, among the answers to ``reads``, stands."""
    found = [
        answer[0]
        for at in reads
        if (answer := _answer(events, at)) is not None and _recovered(events, at, fact)
    ]
    return min(found, default=None)


def reference_read_offset(case: Case, events: list[Event]) -> int | None:
    """A read from the top, hops each at an offset its predecessor told, the fact in a hop:
    where the first hop's answer with the fact stands."""
    reads = {
        at: call
        for at, call in _calls(events).items()
        if call.tool == "read" and _is_source(_path(call), case)
    }
    reached: set[int] = set()
    hops: set[int] = set()
    changed = True
    while changed:
        changed = False
        for at, call in reads.items():
            offset = call.args.get("offset")
            top = offset is None or (type(offset) is int and offset <= 1)
            told = type(offset) is int and any(
                _path(reads[teller]) == _path(call) and _tells(events, teller, at, offset)
                for teller in reached
            )
            if at not in reached and (top or told):
                reached.add(at)
                changed = True
                if not top:
                    hops.add(at)
    return _proof(events, hops, case.fact)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _first_harness(
    events: list[Event], after: int, owner: str, good: Callable[[Harness], bool]
) -> int | None:
    for at in range(after + 1, len(events)):
        event = events[at]
        if isinstance(event, Harness) and event.after_call_id in (None, owner) and good(event):
            return at
    return None


def _deleted(case: Case) -> Callable[[Harness], bool]:
    return lambda event: (
        event.event == "source_deleted"
        and event.fields.get("verified") is True
        and _is_source(event.fields.get("path"), case)
    )


def _checked(handle: str) -> Callable[[Harness], bool]:
    return lambda event: (
        event.event == "handle_checked"
        and event.fields.get("handle") == handle
        and event.fields.get("readable") is True
        and event.fields.get("fact_present") is True
    )


def reference_temp_output(case: Case, events: list[Event]) -> int | None:
    """One producer, answered with a handle in details; the harness's deletion and check;
    after both, a read of exactly the handle answered with the fact; the source named by
    no other call: where the first such answer stands."""
    calls = _calls(events)
    producers = [at for at, call in calls.items() if call.tool == case.producer]
    if len(producers) != 1:
        return None
    (produced_at,) = producers
    answer = _answer(events, produced_at)
    if answer is None or answer[1].is_error:
        return None
    handle = (answer[1].details or {}).get("fullOutputPath")
    if not isinstance(handle, str) or not handle:
        return None
    owner = calls[produced_at].call_id
    deleted = _first_harness(events, answer[0], owner, _deleted(case))
    checked = _first_harness(events, answer[0], owner, _checked(handle))
    if deleted is None or checked is None:
        return None
    reads = [
        at
        for at, call in calls.items()
        if at > max(deleted, checked) and call.tool == "read" and _path(call) == handle
    ]
    named = any(
        call.tool != case.producer and any(NAMES_SOURCE[text] for text in _strings(call.args))
        for call in calls.values()
    )
    return None if named else _proof(events, reads, case.fact)


def _holds(event: Event, fact: str) -> bool:
    """Whether the agent saw or wrote the fact in ``event`` (any letter case)."""
    if isinstance(event, ToolResult):
        texts = [event.text, *_strings(event.details or {})]
    elif isinstance(event, Message):
        texts = [event.text]
    elif isinstance(event, ToolCall):
        texts = list(_strings(event.args))
    else:
        texts = []
    return any(fact.lower() in text.lower() for text in texts)


def reference(case: Case, events: list[Event]) -> Status:
    if not well_formed(events):
        return Status.ERROR
    proof = (reference_temp_output if case is BASH else reference_read_offset)(case, events)
    # The chain must be the first way the fact reached the agent.
    if proof is None or any(_holds(event, case.fact) for event in events[:proof]):
        return Status.FAIL
    return Status.PASS


def agrees(case: Case, events: list[Event]) -> None:
    """The validator's status is the reference's, and its result is self-consistent."""
    outcome = validate(case, Trace(tuple(events), "sakshi"))
    assert outcome.status is reference(case, events), (outcome.reasons, events)
    assert (outcome.status is Status.PASS) == (outcome.reasons == ()) == outcome.strategy_pass
    if outcome.status is Status.ERROR:
        assert outcome.reasons == (R.TRACE_MALFORMED,)


# --- random events --------------------------------------------------------------------------


@st.composite
def a_call(draw: st.DrawFn, call_id: str) -> ToolCall:
    tool = draw(st.sampled_from(["read", "read", "Read", "bash", "grep"]))
    if tool.lower() == "bash":
        command = draw(st.sampled_from(list(NAMES_SOURCE)))
        return ToolCall(call_id, tool, {"command": command})
    key = draw(st.sampled_from(["path", "file_path", "filePath"]))
    args: dict[str, Any] = {key: draw(st.sampled_from(PATHS))}
    if draw(st.booleans()):
        args["offset"] = draw(st.sampled_from(OFFSETS))
    if draw(st.integers(0, 4)) == 0:
        args["limit"] = draw(st.sampled_from([5, 5000]))
    return ToolCall(call_id, tool, args)


@st.composite
def a_result(draw: st.DrawFn, case: Case, call_id: str, tool: str) -> ToolResult:
    if draw(st.integers(0, 5)) == 0:
        tool = draw(st.sampled_from(["read", "bash", "grep"]))  # another tool's result
    details = draw(
        st.sampled_from(
            [None, {}, {"fullOutputPath": HANDLE}, {"fullOutputPath": OTHER_HANDLE}]
            + [{"fullOutputPath": ""}]
        )
    )
    return ToolResult(
        call_id, tool, draw(st.booleans()), draw(st.sampled_from(texts(case))), details
    )


@st.composite
def a_harness(draw: st.DrawFn, owners: list[str]) -> Harness:
    after = draw(st.sampled_from([None, *owners])) if owners else None
    if draw(st.booleans()):
        fields = {
            "path": draw(st.sampled_from(PATHS)),
            "verified": draw(st.sampled_from([True, False, "true"])),
        }
        return Harness("source_deleted", fields, after)
    fields = {
        "handle": draw(st.sampled_from([HANDLE, OTHER_HANDLE])),
        "readable": draw(st.sampled_from([True, False, 1])),
        "fact_present": draw(st.sampled_from([True, True, False])),
    }
    return Harness("handle_checked", fields, after)


@st.composite
def noise(draw: st.DrawFn, case: Case, prefix: str, size: int = 8) -> list[Event]:
    """Random events: calls (now and then reusing an id), results (mostly of a call not yet
    answered, now and then a second answer), harness events and messages."""
    events: list[Event] = []
    tools: dict[str, str] = {}
    waiting: list[str] = []
    for _ in range(draw(st.integers(0, size))):
        kind = draw(st.sampled_from(["call", "call", "result", "result", "harness", "message"]))
        if kind == "call":
            reuse = tools and draw(st.integers(0, 9)) == 0
            call_id = draw(st.sampled_from(sorted(tools))) if reuse else f"{prefix}{len(tools)}"
            made = draw(a_call(call_id))
            tools[call_id] = made.tool
            waiting.append(call_id)
            events.append(made)
        elif kind == "result":
            if waiting and draw(st.integers(0, 4)):
                call_id = waiting.pop(draw(st.integers(0, len(waiting) - 1)))
            else:
                call_id = draw(st.sampled_from(sorted(tools) or [f"{prefix}x"]))
            events.append(draw(a_result(case, call_id, tools.get(call_id, "read"))))
        elif kind == "harness":
            events.append(draw(a_harness(sorted(tools) + ["c1"])))
        else:
            events.append(Message(draw(st.sampled_from(["user", "assistant"])), case.fact))
    return events


@SETTINGS
@given(st.data())
def test_random_traces_never_raise_and_pass_only_with_the_whole_chain(data: st.DataObject) -> None:
    case = data.draw(st.sampled_from([READ, BASH]))
    agrees(case, data.draw(noise(case, "c", size=14)))


# --- a passing chain, broken in one step, with noise around it ----------------------------------


@dataclass(frozen=True)
class Break:
    """One way to break a required step of a passing chain."""

    name: str
    apply: Callable[[list[Event]], list[Event]]


def _replace(at: int, *events: Event) -> Callable[[list[Event]], list[Event]]:
    return lambda chain: [*chain[:at], *events, *chain[at + 1 :]]


def _offset_chain() -> list[Event]:
    return [
        ToolCall("c1", "read", {"path": "notes/big.txt"}),
        ToolResult("c1", "read", False, window(READ, 1)),
        ToolCall("c2", "read", {"path": "notes/big.txt", "offset": 2001}),
        ToolResult("c2", "read", False, window(READ, 2001)),
    ]


OFFSET_BREAKS = [
    Break("no first read", lambda chain: chain[2:]),
    Break("first read failed", _replace(1, ToolResult("c1", "read", True, window(READ, 1)))),
    Break("no hint", _replace(1, ToolResult("c1", "read", False, "L00001 amber"))),
    Break("no continuation", lambda chain: chain[:2]),
    Break("unanswered", lambda chain: chain[:3]),
    Break("failed", _replace(3, ToolResult("c2", "read", True, window(READ, 2001)))),
    Break("no fact", _replace(3, ToolResult("c2", "read", False, "L02001 amber"))),
    Break("another tool answered", _replace(3, ToolResult("c2", "bash", False, READ.fact))),
    Break("guessed", lambda chain: [chain[0], chain[2], chain[1], chain[3]]),
]
for offset in (2000, 2002, "2001", 2001.0, True, 0, 1):
    OFFSET_BREAKS.append(
        Break(
            f"offset {offset!r}",
            _replace(2, ToolCall("c2", "read", {"path": "notes/big.txt", "offset": offset})),
        )
    )
for path in ("./notes/big.txt", "/p/notes/big.txt", "notes/big.txt.bak"):
    OFFSET_BREAKS.append(
        Break(
            f"continued in {path}",
            _replace(2, ToolCall("c2", "read", {"path": path, "offset": 2001})),
        )
    )


def _temp_chain() -> list[Event]:
    return [
        ToolCall("c1", "bash", {"command": "cat notes/big.txt"}),
        ToolResult("c1", "bash", False, bash_tail(BASH), {"fullOutputPath": HANDLE}),
        Harness("source_deleted", {"path": "notes/big.txt", "verified": True}, "c1"),
        Harness("handle_checked", {"handle": HANDLE, "readable": True, "fact_present": True}, "c1"),
        ToolCall("c2", "read", {"path": HANDLE, "offset": 2001}),
        ToolResult("c2", "read", False, window(BASH, 2001)),
    ]


TEMP_BREAKS = [
    Break("no producer", lambda chain: chain[1:]),
    Break(
        "producer failed",
        _replace(1, ToolResult("c1", "bash", True, "", {"fullOutputPath": HANDLE})),
    ),
    Break("handle only in text", _replace(1, ToolResult("c1", "bash", False, bash_tail(BASH)))),
    Break("no deletion", lambda chain: [*chain[:2], *chain[3:]]),
    Break(
        "unverified deletion",
        _replace(2, Harness("source_deleted", {"path": "notes/big.txt"}, "c1")),
    ),
    Break("no check", lambda chain: [*chain[:3], *chain[4:]]),
    Break("check after the read", lambda chain: [*chain[:3], *chain[4:], chain[3]]),
    Break("deletion after the read", lambda chain: [*chain[:2], *chain[3:], chain[2]]),
    Break("no read", lambda chain: chain[:4]),
    Break("read of another path", _replace(4, ToolCall("c2", "read", {"path": OTHER_HANDLE}))),
    Break("read failed", _replace(5, ToolResult("c2", "read", True, window(BASH, 2001)))),
    Break("no fact", _replace(5, ToolResult("c2", "read", False, window(BASH, 1)))),
    Break("answered twice", lambda chain: [*chain, ToolResult("c2", "read", True, "ENOENT")]),
    Break("id reused", lambda chain: [*chain, ToolCall("c1", "grep", {"path": "/tmp"})]),
    Break("second producer", lambda chain: [*chain, ToolCall("c9", "bash", {"command": "ls -la"})]),
    Break(
        "source read", lambda chain: [*chain, ToolCall("c9", "read", {"path": "notes//big.txt"})]
    ),
]


def test_every_break_breaks_the_chain() -> None:
    assert validate(READ, Trace(tuple(_offset_chain()), "sakshi")).status is Status.PASS
    assert validate(BASH, Trace(tuple(_temp_chain()), "sakshi")).status is Status.PASS
    for case, chain, breaks in (
        (READ, _offset_chain(), OFFSET_BREAKS),
        (BASH, _temp_chain(), TEMP_BREAKS),
    ):
        for broken in breaks:
            events = broken.apply(chain)
            assert validate(case, Trace(tuple(events), "sakshi")).status is not Status.PASS, (
                broken.name
            )
            assert reference(case, events) is not Status.PASS, broken.name


@st.composite
def interleaved(draw: st.DrawFn, chain: list[Event], extra: list[Event]) -> list[Event]:
    """``extra`` spread through ``chain``, each list keeping its own order."""
    merged: list[Event] = []
    left, right = list(chain), list(extra)
    while left or right:
        take_extra = bool(right) and (not left or draw(st.booleans()))
        merged.append((right if take_extra else left).pop(0))
    return merged


@SETTINGS
@given(st.data())
def test_noise_around_a_broken_chain_passes_only_if_it_rebuilds_the_chain(
    data: st.DataObject,
) -> None:
    case = data.draw(st.sampled_from([READ, BASH]))
    chain = _offset_chain() if case is READ else _temp_chain()
    breaks = OFFSET_BREAKS if case is READ else TEMP_BREAKS
    broken = data.draw(st.one_of(st.none(), st.sampled_from(breaks)), label="break")
    events = broken.apply(chain) if broken is not None else chain
    extra = data.draw(noise(case, "n", size=6))
    agrees(case, data.draw(interleaved(events, extra)))


@SETTINGS
@given(st.data())
def test_noise_without_the_fact_never_repairs_a_chain_that_lost_its_fact(
    data: st.DataObject,
) -> None:
    # The plainest reading of the rule: take the fact out of the chain, and no quantity of
    # noise that never shows the fact can bring a pass back.
    case = data.draw(st.sampled_from([READ, BASH]))
    chain = _offset_chain() if case is READ else _temp_chain()
    lost = [*chain[:-1], ToolResult("c2", "read", False, "L03000 gone")]
    extra = [
        event
        for event in data.draw(noise(case, "n", size=10))
        if not (isinstance(event, ToolResult) and case.fact in event.text)
    ]
    events = data.draw(interleaved(lost, extra))
    assert validate(case, Trace(tuple(events), "sakshi")).status is not Status.PASS


# --- evidence: the linear scans find what the old patterns found ---------------------------------

_OLD_HANDLE = re.compile(r"Full output(?: saved to)?: ([^\]\n\r]+?)\s*(?:\]|$)", re.MULTILINE)
_OLD_OFFSET = re.compile(r"Use offset=(\d+) to continue")
MAX_OFFSET_DIGITS = 18  # evidence.py's cap
_PIECES = ["Full output: ", "Full output saved to: ", "Full output", "]", "\n", "\r", " ", "\t"]
_PIECES += ["\u00a0", "/tmp/x.log", "a", "F", "Use offset=", "2001", " to continue", "٣"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_the_footer_scan_finds_what_the_old_pattern_found(text: str) -> None:
    found = _OLD_HANDLE.findall(text)
    handle = handle_of(ToolResult("c1", "bash", False, text))
    assert handle.path == (found[-1] if found else None)
    # The scan reads ASCII digits only, and no more than 18 of them (no file has 10**18
    # lines): a longer number is noise, never a told offset.
    told = [
        int(digits)
        for digits in _OLD_OFFSET.findall(text)
        if digits.isascii() and len(digits) <= MAX_OFFSET_DIGITS
    ]
    assert list(offsets_of(ToolResult("c1", "read", False, text))) == told


def test_an_offset_of_more_than_eighteen_digits_is_never_told() -> None:
    def told(digits: str) -> tuple[int, ...]:
        return offsets_of(ToolResult("c1", "read", False, f"Use offset={digits} to continue"))

    assert told("9" * 18) == (int("9" * 18),)
    assert told("9" * 19) == ()
    assert told("2001") == (2001,)


# --- source recognition: the glob matcher is the shell's (as fnmatch reads it) ------------------


_GLOB_PIECES = [*"ab-![]*?", "[a-b]", "[!a]", "[-a]", "[a-]", "[b-a]", "[a--]", "[]a]", "[!]"]


@settings(max_examples=3000, deadline=None)
@given(
    st.lists(st.sampled_from(_GLOB_PIECES), max_size=6).map("".join),
    st.lists(st.sampled_from("ab-![]"), max_size=4).map("".join),
)
@example("[a-b]", "a")
@example("[a-b]", "b")
@example("[-a]", "-")
@example("[a-]", "-")
@example("[a--]", "-")
@example("[x-b]", "b")
def test_the_glob_matcher_agrees_with_fnmatch(pattern: str, name: str) -> None:
    # fnmatch drops an empty range ("b-a") and may then read a following "!" as the set's
    # negation, matching any character; the matcher keeps that "!" a member.
    assume(not re.search(r"-.!", pattern))
    assert glob_matches(pattern, name) is fnmatch.fnmatchcase(name, pattern)
