"""Hostile: a forged Pi session version (SPEC 5: Pi sessions, versions 1-3).

The version decides how a session is read: version 1 is linear, versions 2 and 3 are a
tree read along the current branch. A version Python happens to compare equal to 1 (true,
1.0) or a missing version on a tree would read every abandoned branch as if the agent had
taken it, so a run whose real branch failed could pass. The version is the JSON integer 1,
2 or 3; anything else is TRACE_MALFORMED, named by line and field, never quoted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recovery_runs import (
    OFFSET_FACT,
    OFFSET_HINT,
    pi_call,
    pi_entries,
    pi_header,
    pi_result,
    pi_say,
    run_recovery,
    write_corpus,
)

from sakshi.recovery.readers import TraceError, read_trace


def abandoned_branch_session(**header: Any) -> bytes:
    """A session whose current branch gave up after the first read; the whole chain sits
    on an abandoned branch (entries 3-5), which only a linear read would count."""
    messages = [
        {"role": "user", "content": "Read notes/big.txt and report the token on L00050."},
        pi_call("c1", "read", path="notes/big.txt"),
        pi_result("c1", "read", OFFSET_HINT),
        pi_call("c2", "read", path="notes/big.txt", offset=41),
        pi_result("c2", "read", f"L00050 {OFFSET_FACT}"),
        pi_say(OFFSET_FACT),
        pi_say("I could not finish."),
    ]
    entries = pi_entries(messages, parents=[None, 0, 1, 2, 3, 4, 2])
    lines = [pi_header(**header), *entries]
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def write_run(runs: Path, name: str, session: bytes) -> None:
    folder = runs / name
    folder.mkdir(parents=True)
    (folder / "case.json").write_text(json.dumps({"case_id": "t.offset"}))
    (folder / "session.jsonl").write_bytes(session)


FORGED: list[Any] = [True, False, 1.0, 3.0, "3", "1", 0, 4, -1, None, [3], {"v": 3}]


@pytest.mark.parametrize("version", FORGED, ids=repr)
def test_a_version_that_is_not_the_integer_1_2_or_3_is_malformed(version: object) -> None:
    with pytest.raises(TraceError) as err:
        read_trace(abandoned_branch_session(version=version), "s.jsonl", "pi")
    assert err.value.key == "line 1"
    assert str(err.value).startswith("s.jsonl: line 1: version: expected the integer 1, 2 or 3")


def test_a_tree_without_its_version_is_malformed() -> None:
    # No version reads as version 1, which is linear: a parentId there is a tree in disguise.
    with pytest.raises(TraceError) as err:
        read_trace(abandoned_branch_session(), "s.jsonl", "pi")
    assert err.value.key == "line 2" and "parentId" in str(err.value)


@pytest.mark.parametrize("version", [2, 3])
def test_the_real_versions_read_the_current_branch(version: int) -> None:
    trace = read_trace(abandoned_branch_session(version=version), "s.jsonl", "pi")
    assert trace.source_format == f"pi-v{version}"
    assert OFFSET_FACT not in json.dumps([repr(event) for event in trace.events])


def test_through_the_cli_a_forged_version_is_that_runs_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path)
    runs = tmp_path / "runs"
    write_run(runs, "honest", abandoned_branch_session(version=3))
    write_run(runs, "true", abandoned_branch_session(version=True))
    write_run(runs, "float", abandoned_branch_session(version=1.0))
    write_run(runs, "missing", abandoned_branch_session())
    outcome = run_recovery(capsys, runs, corpus)
    assert outcome.code == 2
    assert outcome.statuses() == {
        "float": "error",
        "honest": "fail",
        "missing": "error",
        "true": "error",
    }
    assert outcome.case("true")["reasons"] == ["TRACE_MALFORMED"]
    assert "line 1: version" in outcome.err
