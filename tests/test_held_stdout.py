"""What reaches stdout when a streaming command fails midway (SPEC 1: an exit 2 reports
nothing green): ``held_stdout`` passes the bytes on only when the run ends well, whether
it held them in memory or, past its bound, in a temp file; and ``verify-spans``, whose
lines stream through it, prints none of the spans it verified before a failure."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sakshi.cli import main
from sakshi.commands import output
from sakshi.errors import InputError
from sakshi.spans import batch

Capture = pytest.CaptureFixture[bytes]


@pytest.mark.parametrize("bound", [1 << 26, 16])  # in memory; spilled to a temp file
def test_held_bytes_reach_stdout_whole_only_when_the_run_ends_well(
    capsysbinary: Capture, monkeypatch: pytest.MonkeyPatch, bound: int
) -> None:
    monkeypatch.setattr(output, "_HELD_IN_MEMORY", bound)
    chunks = [b"line %d\n" % n for n in range(50)]
    with output.held_stdout() as held:
        for chunk in chunks:
            held.write(chunk)
        assert capsysbinary.readouterr().out == b""  # nothing yet, mid-run
    assert capsysbinary.readouterr().out == b"".join(chunks)
    with pytest.raises(InputError), output.held_stdout() as held:
        held.write(b"graded before the failure\n" * 10)
        raise InputError("late.yaml", None, "a bad document met late")
    assert capsysbinary.readouterr().out == b""


@given(chunks=st.lists(st.binary(max_size=64), max_size=30))
def test_held_bytes_are_the_bytes_written(chunks: list[bytes]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(output, "_HELD_IN_MEMORY", 40)
        sink = _Sink()
        patch.setattr(output.sys, "stdout", sink)
        with output.held_stdout() as held:
            for chunk in chunks:
                held.write(chunk)
    assert bytes(sink.buffer) == b"".join(chunks)


class _Sink:
    """A stand-in stdout: ``buffer`` collects the bytes."""

    def __init__(self) -> None:
        self.buffer = _Bytes()


class _Bytes(bytearray):
    def write(self, data: bytes) -> int:
        self.extend(data)
        return len(data)

    def flush(self) -> None:
        """Nothing to flush."""


def test_verify_spans_failing_midway_prints_no_span(
    capsysbinary: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    docs = tmp_path / "DOCS.yaml"
    docs.write_text("documents:\n  - id: a\n    text: 'Quantity: 42 MT'\n", "utf-8")
    spans = tmp_path / "SPANS.jsonl"
    spans.write_text('{"doc": "a", "quote": "42 MT"}\n' * 12_000, "utf-8")
    real = batch.verify_line
    seen = 0

    def fails_late(line: bytes, documents: object, explain: bool = False) -> object:
        nonlocal seen
        seen += 1
        if seen == 11_000:  # after two of verify-spans' 5,000-line batches went by
            raise InputError(str(spans), "line 11000", "the disk went away")
        return real(line, documents=documents, explain=explain)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "verify_line", fails_late)
    capsysbinary.readouterr()
    code = main(["verify-spans", str(docs), str(spans)])
    captured = capsysbinary.readouterr()
    assert (code, captured.out) == (2, b"")
    assert b"the disk went away" in captured.err
