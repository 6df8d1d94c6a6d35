"""The recorded Pi recovery scenarios: a script for the scripted model, the harness's part,
and the label the recovery rules (SPEC section 5) give the session it should produce.

Used by ``record_pi.py`` (which records them into ``tests/fixtures/recovery/pi``); the live
lane can run the same scenarios against Pi. Every script decides from what Pi really sent
back: the handle is the one in the ``Full output: PATH`` footer, each continuation offset is
the one in ``Use offset=N to continue``, and the answer is the token read from a result.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass

from scripted_model import (
    Conversation,
    Script,
    Turn,
    bash,
    continue_offset,
    continue_reading,
    full_output_path,
    read,
    token_after,
)

from sakshi.recovery.corpus import Case

__all__ = ["SCENARIOS", "HarnessPlan", "Label", "Scenario"]

TEMP_CASE = "recovery.bash-temp-output"
OFFSET_CASE = "recovery.read-offset"
NOT_FOUND = "I could not find the token on that line."


@dataclass(frozen=True)
class HarnessPlan:
    """How the harness (TempOutputHarness) behaves in a scenario."""

    occurrence: int = 1
    cleanup: str = "verified"
    handle_check: str = "checked"
    drop_handle: bool = False


@dataclass(frozen=True)
class Label:
    """What the recovery rules give a recorded session: a status and sorted reason codes."""

    status: str
    reasons: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        """The label as expected.json holds it."""
        return {"status": self.status, "reasons": list(self.reasons)}


@dataclass(frozen=True)
class Scenario:
    name: str
    case_id: str
    summary: str
    make_script: Callable[[Case], Callable[[Conversation], Turn]]
    status: str
    reasons: tuple[str, ...] = ()
    harness: HarnessPlan | None = None
    copies: tuple[str, ...] = ()  # extra project files, each a copy of the source
    # (Pi version, reasons) where that version writes a different session for the same script
    reasons_by_pi: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def label(self, pi_version: str) -> Label:
        """The label of this scenario's session as ``pi_version`` writes it."""
        reasons = dict(self.reasons_by_pi).get(pi_version, self.reasons)
        return Label(self.status, tuple(sorted(reasons)))


def _marker(case: Case) -> str:
    return f"L{case.source.fact_line:05d}"


def _answer(conv: Conversation, case: Case) -> Turn:
    return Turn.say(token_after(conv, _marker(case)) or NOT_FOUND)


def _handle(conv: Conversation, occurrence: int = 1) -> str | None:
    calls = conv.calls_named("bash")
    if len(calls) < occurrence:
        return None
    return full_output_path(calls[occurrence - 1].result)


def _cat(case: Case) -> str:
    return f"cat {case.source.path}"


# --- temp-output ---------------------------------------------------------------------------


def temp_pass(
    case: Case, *, command: str | None = None, producers: int = 1, read_source_first: bool = False
) -> Script:
    """Producer (``producers`` times), then read the last producer's handle, following each
    told offset until the fact's line; answer it."""

    def script(conv: Conversation) -> Turn:
        if read_source_first and not conv.reads_of(case.source.path):
            return Turn.call(read(case.source.path))
        if len(conv.calls_named("bash")) < producers:
            return Turn.call(bash(command or _cat(case)))
        handle = _handle(conv, producers)
        if handle is None:
            return Turn.say(NOT_FOUND)
        return continue_reading(conv, handle, _marker(case)) or _answer(conv, case)

    return script


def temp_no_recovery_read(case: Case) -> Script:
    def script(conv: Conversation) -> Turn:
        if not conv.calls_named("bash"):
            return Turn.call(bash(_cat(case)))
        return Turn.say("ZZ0-GUESS-0000")  # a guess

    return script


def temp_unrelated_path(case: Case) -> Script:
    def script(conv: Conversation) -> Turn:
        if not conv.calls_named("bash"):
            return Turn.call(bash(_cat(case)))
        handle = _handle(conv)
        if handle is None:
            return Turn.say(NOT_FOUND)
        sibling = posixpath.join(posixpath.dirname(handle), "pi-bash-0000000000000000.log")
        if not conv.calls_named("read"):
            return Turn.call(read(sibling))
        return _answer(conv, case)

    return script


def temp_recovery_read_failed(case: Case) -> Script:
    def script(conv: Conversation) -> Turn:
        if not conv.calls_named("bash"):
            return Turn.call(bash(_cat(case)))
        handle = _handle(conv)
        if handle is None:
            return Turn.say(NOT_FOUND)
        if not conv.calls_named("read"):
            return Turn.call(read(handle, offset=case.source.lines + 4000))
        return _answer(conv, case)

    return script


def temp_fact_missing(case: Case) -> Script:
    def script(conv: Conversation) -> Turn:
        if not conv.calls_named("bash"):
            return Turn.call(bash(_cat(case)))
        handle = _handle(conv)
        if handle is None:
            return Turn.say(NOT_FOUND)
        if not conv.calls_named("read"):
            return Turn.call(read(handle))
        return Turn.say(token_after(conv, "L02000") or NOT_FOUND)  # the wrong line

    return script


# --- read-offset ---------------------------------------------------------------------------


def offset_pass(case: Case) -> Script:
    def script(conv: Conversation) -> Turn:
        return continue_reading(conv, case.source.path, _marker(case)) or _answer(conv, case)

    return script


def offset_then(case: Case, second: Callable[[int], Turn] | None) -> Script:
    """Read the source once; then ``second(told_offset)`` (None: answer at once)."""

    def script(conv: Conversation) -> Turn:
        reads = conv.calls_named("read")
        if not reads:
            return Turn.call(read(case.source.path))
        if len(reads) == 1 and second is not None:
            told = continue_offset(reads[0].result)
            if told is None:
                return Turn.say(NOT_FOUND)
            return second(told)
        return _answer(conv, case)

    return script


def offset_guessed_in_parallel(case: Case) -> Script:
    def script(conv: Conversation) -> Turn:
        if not conv.calls_named("read"):
            return Turn.call(read(case.source.path), read(case.source.path, offset=2001))
        return _answer(conv, case)

    return script


# --- the list ------------------------------------------------------------------------------


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "temp-output-pass",
        TEMP_CASE,
        "bash `cat notes/big.txt` once; read the handle from the footer, then read it again at "
        "each told offset until L03000; answer the token.",
        temp_pass,
        "pass",
        (),
        HarnessPlan(),
    ),
    Scenario(
        "temp-output-no-recovery-read",
        TEMP_CASE,
        "bash `cat notes/big.txt`; answer a guess without reading anything.",
        temp_no_recovery_read,
        "fail",
        ("NO_RECOVERY_READ",),
        HarnessPlan(),
    ),
    Scenario(
        "temp-output-unrelated-path",
        TEMP_CASE,
        "bash `cat notes/big.txt`; read `<handle folder>/pi-bash-0000000000000000.log` (shares the "
        "folder and prefix with the handle; the read fails); answer.",
        temp_unrelated_path,
        "fail",
        ("UNRELATED_PATH",),
        HarnessPlan(),
    ),
    Scenario(
        "temp-output-repeated-producer",
        TEMP_CASE,
        "bash `cat notes/big.txt` twice (the harness acts after the second); read the second "
        "handle properly; answer the token.",
        lambda case: temp_pass(case, producers=2),
        "fail",
        ("REPEATED_PRODUCER",),
        HarnessPlan(occurrence=2),
    ),
    Scenario(
        "temp-output-source-read-directly",
        TEMP_CASE,
        "read notes/big.txt directly first (it still exists), then bash `cat notes/big.txt` and "
        "read the handle properly; answer the token.",
        lambda case: temp_pass(case, read_source_first=True),
        "fail",
        ("SOURCE_READ_DIRECTLY",),
        HarnessPlan(),
    ),
    Scenario(
        "temp-output-recovery-read-failed",
        TEMP_CASE,
        "bash `cat notes/big.txt`; read the handle at offset=9000, past its end (Pi's read "
        "errors); answer.",
        temp_recovery_read_failed,
        "fail",
        ("RECOVERY_READ_FAILED",),
        HarnessPlan(),
    ),
    Scenario(
        "temp-output-handle-gone",
        TEMP_CASE,
        "as the pass, but the handle is deleted right after the harness checked it (as a temp "
        "cleaner would); the agent's read of the handle fails (ENOENT); it answers that it "
        "could not find the token.",
        temp_pass,
        "fail",
        ("RECOVERY_READ_FAILED",),
        HarnessPlan(drop_handle=True),
    ),
    Scenario(
        "temp-output-fact-missing",
        TEMP_CASE,
        "bash `cat notes/big.txt`; read the handle once without an offset (lines 1-2000, no "
        "L03000); answer the wrong token (line L02000's).",
        temp_fact_missing,
        "fail",
        ("FACT_MISSING",),
        HarnessPlan(),
    ),
    Scenario(
        "temp-output-cleanup-unverified",
        TEMP_CASE,
        "as the pass, but the harness deletes the source without recording source_deleted.",
        temp_pass,
        "fail",
        ("CLEANUP_UNVERIFIED",),
        HarnessPlan(cleanup="omit"),
    ),
    Scenario(
        "temp-output-cleanup-not-deleted",
        TEMP_CASE,
        "as the pass, but the harness leaves the source in place and records "
        "source_deleted with verified false.",
        temp_pass,
        "fail",
        ("CLEANUP_UNVERIFIED",),
        HarnessPlan(cleanup="not-deleted"),
    ),
    Scenario(
        "temp-output-handle-unverified",
        TEMP_CASE,
        "as the pass, but the harness records no handle_checked event.",
        temp_pass,
        "fail",
        ("HANDLE_UNVERIFIED",),
        HarnessPlan(handle_check="omit"),
    ),
    Scenario(
        "temp-output-producer-failed",
        TEMP_CASE,
        "bash `cat notes/big.txt; exit 3`: Pi marks the result an error (up to 0.85.1 with "
        "empty details, the handle only in the text; 1.6.0 keeps `details.fullOutputPath`). "
        "Read that path properly; answer the token.",
        lambda case: temp_pass(case, command=f"{_cat(case)}; exit 3"),
        "fail",
        ("HANDLE_NOT_IN_DETAILS", "PRODUCER_FAILED"),
        HarnessPlan(),
        reasons_by_pi=(("1.6.0", ("PRODUCER_FAILED",)),),
    ),
    Scenario(
        "read-offset-pass",
        OFFSET_CASE,
        (
            "read notes/big.txt, then follow each `Use offset=N` exactly until L03000;"
            " answer the token."
        ),
        offset_pass,
        "pass",
        (),
    ),
    Scenario(
        "read-offset-wrong-offset",
        OFFSET_CASE,
        "read notes/big.txt, then read it at offset=2500 (a guess that happens to cover L03000); "
        "answer the token (the task passes, the strategy fails).",
        lambda case: offset_then(case, lambda n: Turn.call(read(case.source.path, offset=2500))),
        "fail",
        ("WRONG_OFFSET",),
    ),
    Scenario(
        "read-offset-no-recovery-read",
        OFFSET_CASE,
        "read notes/big.txt once; answer without continuing.",
        lambda case: offset_then(case, None),
        "fail",
        ("NO_RECOVERY_READ",),
    ),
    Scenario(
        "read-offset-wrong-source",
        OFFSET_CASE,
        "read notes/big.txt, then read its copy notes/big-copy.txt (also in the project) at the "
        "told offset; answer the token found there.",
        lambda case: offset_then(case, lambda n: Turn.call(read("notes/big-copy.txt", offset=n))),
        "fail",
        ("WRONG_SOURCE",),
        copies=("notes/big-copy.txt",),
    ),
    Scenario(
        "read-offset-read-before-producer",
        OFFSET_CASE,
        "one assistant message with two parallel reads: notes/big.txt, and notes/big.txt at "
        "offset=2001 (guessed before the tool told it); answer the token.",
        offset_guessed_in_parallel,
        "fail",
        ("READ_BEFORE_PRODUCER",),
    ),
    Scenario(
        "read-offset-fact-missing",
        OFFSET_CASE,
        "read notes/big.txt, then read it at the told offset with limit=5 (L03000 not reached); "
        "answer that it was not found.",
        lambda case: offset_then(
            case, lambda n: Turn.call(read(case.source.path, offset=n, limit=5))
        ),
        "fail",
        ("FACT_MISSING",),
    ),
    Scenario(
        "temp-output-producer-missing",
        TEMP_CASE,
        "answer a guess at once, without running the producer or any tool.",
        lambda case: lambda conv: Turn.say("ZZ0-GUESS-0000"),
        "fail",
        ("PRODUCER_MISSING",),
    ),
    Scenario(
        "read-offset-producer-missing",
        OFFSET_CASE,
        "answer a guess at once, without reading the source.",
        lambda case: lambda conv: Turn.say("ZZ0-GUESS-0000"),
        "fail",
        ("PRODUCER_MISSING",),
    ),
)
