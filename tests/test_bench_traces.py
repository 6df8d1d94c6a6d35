"""The benchmarks' verdict check (bench/verdicts.py) fails a grader that answers alike for
every input, and bench/traces.py's sessions get the verdicts it expects of them: whole
sessions pass, each flawed one is not green the way ``EXPECTED`` says (checked through
the validator on small sessions: no timing here)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

from sakshi.recovery.corpus import generate_source
from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.readers import merge_probe, read_trace
from sakshi.recovery.validate import validate

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def bench() -> Iterator[dict[str, ModuleType]]:
    sys.path.insert(0, str(BENCH))
    try:
        import traces
        import verdicts

        yield {"traces": traces, "verdicts": verdicts}
    finally:
        sys.path.remove(str(BENCH))


def test_the_check_fails_constant_graders_and_passes_the_right_one(
    bench: dict[str, ModuleType],
) -> None:
    verdicts, traces = bench["verdicts"], bench["traces"]
    expected = {f"s{n}": traces.EXPECTED[flaw] for n, flaw in enumerate(traces.EXPECTED)}
    lines = verdicts.refuse_constant_graders(expected, traces.GREEN, traces.RED)
    assert len(lines) == 2 and all("FAIL (as it must)" in line for line in lines)
    right = list(expected.items())
    check = verdicts.check_verdicts
    assert check(expected, right, traces.GREEN).passed
    assert not check(expected, right[1:], traces.GREEN).passed  # a session lost
    assert not check(expected, [*right, right[0]], traces.GREEN).passed  # one twice
    swapped = [(key, ("fail", not task)) for key, (_, task) in right]
    assert not check(expected, swapped, traces.GREEN).passed
    listed = [(key, list(verdict)) for key, verdict in right]  # a verdict of another type
    assert check(expected, listed, traces.GREEN).stray == len(right)
    with pytest.raises(AssertionError, match="always-green"):
        verdicts.refuse_constant_graders({"a": True}, True, False)  # all green: no proof


def test_each_flaw_gets_the_verdict_the_benchmark_expects(bench: dict[str, ModuleType]) -> None:
    traces = bench["traces"]
    corpus = load_corpus(Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
    case = corpus.cases[traces.CASE_ID]
    rng = random.Random(7)
    text = traces.Text(rng)
    source = generate_source(case).decode("utf-8").split("\n")[:-1]
    for flaw in ("", *traces.FLAWS):
        data, probe = traces.make_session(case, source, text, rng, 20_000, flaw)
        result = validate(case, merge_probe(read_trace(data, "s.jsonl"), probe, "probe.json"))
        assert (result.status.value, result.task_pass) == traces.EXPECTED[flaw], flaw
    assert set(traces.EXPECTED) == {"", *traces.FLAWS}
    assert all(traces.EXPECTED[flaw] != traces.GREEN for flaw in traces.FLAWS)
