"""The one-pass build in yamlsafe gives exactly what the checked path gives (and the
loader's shortcut resolver the tags PyYAML's would).

``load_yaml_bytes`` first tries a fast build that checks and constructs plain data in one
walk; anything unusual falls back to ``_check_nodes`` and PyYAML's constructor. Each input
here is loaded both ways (the second with the fast build switched off) and the outcomes,
values with their types or error messages, must be identical.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.resolver import BaseResolver

from sakshi.context.packs import shipped_packs_dir
from sakshi.errors import InputError
from sakshi.inputs import yamlsafe
from sakshi.inputs.yamlcore import CoreLoader


def _outcome(data: bytes) -> tuple[str, object]:
    try:
        return "value", yamlsafe.load_yaml_bytes(data, "t.yaml")
    except InputError as exc:
        return "error", str(exc)


def _checked_only(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[str, object]:
    def unusual(loader: object, root: object) -> object:
        raise yamlsafe._Unusual

    with monkeypatch.context() as patch:
        patch.setattr(yamlsafe, "_build", unusual)
        return _outcome(data)


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types all the way down and dict order kept (NaN equals NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


VALID = [
    b"",
    b"a: 1\nb: [x, 2.5, true, null, ~, '', \"q\"]\nc: {d: {e: [f]}}",
    b"a: .nan\nb: -.inf\nc: 1e3\nd: 017\ne: 0o17\nf: 0x1F\ng: 1:20\nh: 2024-01-01\ni: no\nj: off",
    b"a: !!int '12'\nb: !!str 5\nc: !!float '1.5'\nd: !!bool 'true'\ne: !!null ''\nf: !!map {x: 1}",
    b"anchored: &a 1\nplain: 2",  # an anchor with no alias is harmless
    b"- " * 200 + b"x",  # as deep as allowed
    b"<<: {a: 1}\n=: 2",  # no merge or value keys in the core schema: plain strings
]

# Aliases are valid within limits, but always decided by the checked path.
ALIASED = [
    b"a: &x 1\nb: *x",
    b"k: &k a\n*k : 1",
    b"a: &x {k: [1, 2.5, null]}\nb: [*x, *x]\nc: {d: *x}",
    b"base: &b {k: 1}\nchild:\n  <<: *b",
]

HOSTILE = [
    b"&a [*a]",
    b"a: &a {b: [*a]}",
    b"a: &x {k: 1, k: 2}\nb: *x",
    b"a: &x [!foo 1]\nb: *x",
    b"a0: &a0 [x, x]\n"
    + b"".join(b"a%d: &a%d [*a%d, *a%d]\n" % (i, i, i - 1, i - 1) for i in range(1, 40)),  # 2**40
    b"a: !!python/object:os.system x",
    b"a: !!binary aGk=",
    b"a: !foo x",
    b"a: 1\na: 2",
    b"? [a]\n: 1",
    b"1: x",
    b"a: !!int 'x'",
    b"a: !!bool yes",
    b"a: !!str [a]",
    b"a: !!null []",
    b"a: !!seq x",
    b"a: " + b"9" * 5000,
    b"- " * 201 + b"x",
    b"[" * 202 + b"]" * 202,
    b"a: [1, 2",
    b"a: 1\n---\nb: 2",
]


@pytest.mark.parametrize(
    "data", VALID + ALIASED + HOSTILE, ids=lambda d: d[:30].decode("utf-8", "replace")
)
def test_fast_build_matches_checked_path(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, checked = _outcome(data), _checked_only(data, monkeypatch)
    assert fast[0] == checked[0]
    assert _same(fast[1], checked[1]), (fast, checked)


@pytest.mark.parametrize("data", VALID)
def test_plain_data_never_needs_the_checked_path(
    data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object) -> None:
        raise AssertionError("the checked path ran")

    monkeypatch.setattr(yamlsafe, "_check_nodes", fail)
    assert _outcome(data)[0] == "value"


@pytest.mark.parametrize("data", HOSTILE)
def test_hostile_inputs_are_refused(data: bytes) -> None:
    assert _outcome(data)[0] == "error"


@pytest.mark.parametrize("data", ALIASED, ids=lambda d: d[:30].decode("utf-8", "replace"))
def test_aliases_load_through_the_checked_path(
    data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[object] = []
    real = yamlsafe._check_nodes

    def counting(*args: Any) -> None:
        checks.append(args)
        real(*args)

    monkeypatch.setattr(yamlsafe, "_check_nodes", counting)
    assert _outcome(data)[0] == "value"
    assert len(checks) == 1  # the fast build stopped at the first alias


@pytest.mark.parametrize("path", sorted(shipped_packs_dir().rglob("*.yaml")), ids=lambda p: p.name)
def test_shipped_packs_load_the_same_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = path.read_bytes()
    fast, checked = _outcome(data), _checked_only(data, monkeypatch)
    assert fast[0] == "value"
    assert _same(fast[1], checked[1])


# CoreLoader's resolve is a shortcut of PyYAML's BaseResolver.resolve over the same
# implicit resolvers: both must give every node the same tag.
_PLAIN_LOOKING = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[-+.~0-9a-zA-Z:]{0,8}", fullmatch=True),
    st.sampled_from(["", "~", "null", "NULL", "True", "false", ".inf", "-.Inf", ".NaN", "0o17"]),
)


@given(value=_PLAIN_LOOKING, plain=st.booleans(), quoted=st.booleans())
def test_core_resolve_matches_pyyaml_resolve(value: str, plain: bool, quoted: bool) -> None:
    loader = CoreLoader("")
    try:
        for kind, text in ((ScalarNode, value), (SequenceNode, None), (MappingNode, None)):
            expected = BaseResolver.resolve(loader, kind, text, (plain, quoted))
            assert loader.resolve(kind, text, (plain, quoted)) == expected
    finally:
        loader.dispose()
