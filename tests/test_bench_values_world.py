"""The values benchmark's corpus builds offline and is what it claims: every quote stands in
its passage, no (quote, value) pair repeats, every planted error kind occurs, no wrong value
equals a right value of its field and quote, and the speed check fails a grader that
answers alike for every line (bench/values.py, values_speed.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def bench() -> Iterator[dict[str, ModuleType]]:
    sys.path.insert(0, str(BENCH))
    try:
        import values_corpus
        import values_speed

        import values

        yield {"values": values, "corpus": values_corpus, "speed": values_speed}
    finally:
        sys.path.remove(str(BENCH))


def test_every_quote_is_in_its_passage_and_no_pair_repeats(bench: dict[str, ModuleType]) -> None:
    corpus = bench["corpus"].build_corpus(1, 3, bench["values"].ALL)
    texts = {p.id: p.text for passages in corpus.passages.values() for p in passages}
    probes = corpus.all_probes()
    assert all(probe.quote in texts[probe.doc] for probe in probes)
    assert len({(p.quote, p.value) for p in probes}) == len(probes)
    assert {p.family for p in probes} == {f.name for f in bench["values"].ALL}


def test_every_planted_kind_occurs_in_the_world_and_overall(bench: dict[str, ModuleType]) -> None:
    corpus = bench["corpus"].build_corpus(1, 3, bench["values"].ALL)
    kinds = {p.kind for p in corpus.all_probes() if not p.right}
    assert kinds == set(bench["corpus"].KINDS)
    world = {f.name for f in bench["values"].WORLD}
    planted = {p.kind for p in corpus.all_probes() if p.family in world and not p.right}
    issue_21 = {"SCALE", "SEPARATOR", "SIGN", "BOUND", "COUNT", "RELATION", "COLUMN"}
    issue_21 |= {"SUBSECTION", "FISCAL", "CURRENCY", "UNIT", "OTHER_PARTY", "YEAR", "DIGITS"}
    assert {getattr(bench["corpus"], name) for name in issue_21} <= planted


def test_no_wrong_value_is_a_right_one_of_its_field_and_quote(
    bench: dict[str, ModuleType],
) -> None:
    corpus_module = bench["corpus"]
    corpus = corpus_module.build_corpus(4, 11, bench["values"].ALL)
    right: dict[tuple[str, str, str], list[object]] = {}
    for probe in corpus.all_probes():
        if probe.right:
            right.setdefault((probe.doc, probe.field, probe.quote), []).append(probe)
    # A bound or a rate period is the same number read under another rule: the claim agrees.
    alike = {corpus_module.BOUND, corpus_module.PERIOD}
    for probe in corpus.all_probes():
        if probe.right or probe.kind in alike:
            continue
        for other in right.get((probe.doc, probe.field, probe.quote), []):
            assert probe.value != other.value, probe.id  # type: ignore[attr-defined]
            if probe.claim is not None:
                assert probe.claim != other.claim, probe.id  # type: ignore[attr-defined]


def test_the_speed_input_repeats_no_quote_and_no_value(bench: dict[str, ModuleType]) -> None:
    corpus = bench["corpus"].build_corpus(2, 5, bench["values"].ALL)
    probes = bench["speed"].speed_corpus(corpus).all_probes()
    assert len({p.quote for p in probes}) == len(probes)
    assert len({p.value for p in probes}) == len(probes)
    assert 0 < sum(p.right for p in probes) < len(probes)


def test_the_speed_check_fails_an_always_green_and_an_always_red_grader(
    bench: dict[str, ModuleType],
) -> None:
    speed = bench["speed"]
    expected = {"a": True, "b": False, "c": True}
    assert not speed.check_output(expected, speed.fabricated(expected, True)).passed
    assert not speed.check_output(expected, speed.fabricated(expected, False)).passed
    exact = [{"id": key, "verified": right} for key, right in expected.items()]
    assert speed.check_output(expected, exact).passed
    assert not speed.check_output(expected, exact[:2]).passed  # a line lost
    assert not speed.check_output(expected, [*exact, exact[0]]).passed  # a line twice
