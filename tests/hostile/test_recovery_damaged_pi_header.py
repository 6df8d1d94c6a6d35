"""Hostile: a Pi session whose header line is the damaged one (issue 24 item 3, SPEC 5).

SPEC 5 blanks and counts every damaged line, whatever the JSON error, and requires no
header of its own: the header's line is no exception. Before, a header holding an invalid
JSON escape refused the whole file (detection found no format, and ``--trace-format pi``
refused it as a session without its header). Now the rest is read as the tree its entries
form, the damage is counted as ``lines_unreadable``, and the run is ``error``
(TRACE_MALFORMED): never a pass, never the whole file thrown away without counts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sakshi.recovery.readers import TraceError, detect_format, read_counted

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "support"))

from reader_cases import damaged_pi_run

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "recovery" / "pi"
SESSION = FIXTURES / "read-offset-pass" / "session.jsonl"
DAMAGE = {
    "bad-escape": b'{"type": "session", "version": 3, "cwd": "/home/\\q redacted"}',
    "cut-short": b'{"type": "session", "vers',
    "not-utf8": b'{"type": "session", "version": 3, "cwd": "\xff\xfe"}',
}


def _damaged(damage: bytes, session: Path = SESSION) -> bytes:
    lines = session.read_bytes().split(b"\n")
    lines[0] = damage
    return b"\n".join(lines)


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_the_rest_is_read_and_the_damaged_header_counted(kind: str) -> None:
    data = _damaged(DAMAGE[kind])
    assert detect_format(data, "session.jsonl") == "pi"
    clean = read_counted(SESSION.read_bytes(), "session.jsonl", "pi")
    for trace_format in ("pi", None):
        damaged = read_counted(data, "session.jsonl", trace_format)
        assert damaged.unreadable == 1
        assert damaged.damage is not None and damaged.damage.key == "line 1"
        assert damaged.trace.events == clean.trace.events


@pytest.mark.parametrize("case", ["read-offset-pass", "temp-output-pass"])
def test_a_passing_run_with_a_damaged_header_is_an_error_with_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    session = _damaged(DAMAGE["bad-escape"], FIXTURES / case / "session.jsonl")
    err = damaged_pi_run(tmp_path, capsys, case, session)
    assert "session.jsonl: line 1: " in err and "redacted" not in err


def test_a_file_of_no_header_and_no_damage_is_still_refused() -> None:
    # Only the damaged header's line is stepped over: a session that never had a header is
    # not a Pi session (detection says so, and the reader names line 1).
    lines = SESSION.read_bytes().split(b"\n")
    data = b"\n".join(lines[1:])
    with pytest.raises(TraceError, match=r"line 1: .*\{\"type\": \"session\"\} header"):
        read_counted(data, "session.jsonl", "pi")


def test_damage_before_records_of_another_agent_is_not_taken_for_pi() -> None:
    data = b'{"broken\n' + json.dumps({"type": "user", "message": {}, "uuid": "u"}).encode()
    assert detect_format(data, "session.jsonl") == "claude"
