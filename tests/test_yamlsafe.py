"""The strict YAML loader: core-schema scalars, and every refusal as a one-line InputError."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml

from sakshi import InputError
from sakshi.inputs import yamlsafe
from sakshi.inputs.yamlsafe import load_yaml_bytes, load_yaml_file

SOURCE = "packs/p.yaml"


def load(text: str | bytes) -> Any:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return load_yaml_bytes(data, SOURCE)


def refused(text: str | bytes) -> InputError:
    """Load, expect a refusal, and check the message's shape: the file first, one line."""
    with pytest.raises(InputError) as info:
        load(text)
    message = str(info.value)
    assert message.startswith(f"{SOURCE}: ")
    assert "\n" not in message
    assert info.value.source == SOURCE
    return info.value


# --- Scalars: the YAML 1.2 core schema -----------------------------------------------------


@pytest.mark.parametrize(
    ("scalar", "expected"),
    [
        pytest.param("no", "no", id="no"),
        pytest.param("No", "No", id="No"),
        pytest.param("off", "off", id="off"),
        pytest.param("on", "on", id="on"),
        pytest.param("yes", "yes", id="yes"),
        pytest.param("y", "y", id="y"),
        pytest.param("n", "n", id="n"),
        pytest.param("2024-01-02", "2024-01-02", id="date"),
        pytest.param("2024-01-02T10:00:00Z", "2024-01-02T10:00:00Z", id="timestamp"),
        pytest.param("1:20", "1:20", id="sexagesimal"),
        pytest.param("1_000", "1_000", id="underscored-number"),
        pytest.param("017", 17, id="leading-zero-is-decimal"),
        pytest.param("0o17", 15, id="octal"),
        pytest.param("0x1F", 31, id="hex"),
        pytest.param("-42", -42, id="negative"),
        pytest.param(
            "123456789012345678901234567890", 123456789012345678901234567890, id="big-int"
        ),
        pytest.param("1.5", 1.5, id="float"),
        pytest.param("1e3", 1000.0, id="exponent"),
        pytest.param(".inf", float("inf"), id="inf"),
        pytest.param("true", True, id="true"),
        pytest.param("True", True, id="True"),
        pytest.param("TRUE", True, id="TRUE"),
        pytest.param("false", False, id="false"),
        pytest.param("False", False, id="False"),
        pytest.param("null", None, id="null"),
        pytest.param("~", None, id="tilde"),
        pytest.param("", None, id="empty"),
        pytest.param("'017'", "017", id="quoted-number"),
        pytest.param('"true"', "true", id="quoted-bool"),
        pytest.param("!!str 017", "017", id="explicit-str-tag"),
        # Words that only begin like a boolean or null are plain strings in the core schema.
        pytest.param("true story", "true story", id="starts-with-true"),
        pytest.param("False claims were made", "False claims were made", id="starts-with-False"),
        pytest.param("falsehood", "falsehood", id="falsehood"),
        pytest.param("null hypothesis", "null hypothesis", id="starts-with-null"),
        pytest.param("Nullable", "Nullable", id="Nullable"),
        pytest.param("~/notes.txt", "~/notes.txt", id="starts-with-tilde"),
        pytest.param("nothing", "nothing", id="nothing"),
    ],
)
def test_core_schema_scalars(scalar: str, expected: object) -> None:
    value = load(f"key: {scalar}\n")["key"]
    assert value == expected
    assert type(value) is type(expected)


def test_block_text_is_kept_as_written() -> None:
    text = "text: |\n  line one\n  line two\n"
    assert load(text) == {"text": "line one\nline two\n"}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"# only a comment\n", id="comment"),
        pytest.param(b"\n\n", id="blank-lines"),
    ],
)
def test_empty_file_is_none(text: bytes) -> None:
    assert load(text) is None


# --- Refusals --------------------------------------------------------------------------

BILLION_LAUGHS = textwrap.dedent(
    """\
    a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
    b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
    c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
    d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
    e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
    f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
    g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
    h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
    i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
    """
)


_MAX_STEPS = 100_000


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each step the loader's two walks take (a node met by the fast build, a node or an
    alias met by the check): how fast a refusal comes, counted rather than timed. Both
    walks stop at a node met again, so they take at most a step per node and per alias
    event of the file, however far its aliases would expand."""
    taken: list[str] = []
    build, visit = yamlsafe._build_node, yamlsafe._NodeWalk.visit

    def step(name: str) -> None:
        taken.append(name)
        if len(taken) > _MAX_STEPS:  # a walk that expands: fail now, not after 2**100 steps
            raise AssertionError(f"the loader took over {_MAX_STEPS:,} steps")

    def counted_build(*args: Any) -> Any:
        step("build")
        return build(*args)

    def counted_visit(walk: Any, node: Any) -> Any:
        step("check")
        return visit(walk, node)

    monkeypatch.setattr(yamlsafe, "_build_node", counted_build)
    monkeypatch.setattr(yamlsafe._NodeWalk, "visit", counted_visit)
    return taken


def events(text: str) -> int:
    """How many node and alias events the file holds."""
    return sum(isinstance(e, yaml.NodeEvent) for e in yaml.parse(text))


# A long string aliased thousands of times: few nodes, but ~100 MB of text once expanded.
QUADRATIC_BLOWUP = 's: &s "' + "x" * 50_000 + '"\nl: [' + ", ".join(["*s"] * 2_000) + "]\n"


@pytest.mark.parametrize(
    ("text", "what"),
    [
        pytest.param(BILLION_LAUGHS, "1,000,000 nodes", id="billion-laughs"),
        pytest.param(QUADRATIC_BLOWUP, "64 MiB of text", id="quadratic-blowup"),
        pytest.param(
            "".join(
                ["a0: &a0 [x, x]\n"]
                + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n" for i in range(1, 100)]
            ),
            "1,000,000 nodes",
            id="2**100-doubling",
        ),
    ],
)
def test_alias_bomb_is_refused_quickly_naming_the_first_alias(
    text: str, what: str, steps: list[str]
) -> None:
    error = refused(text)
    assert steps and len(steps) <= 2 * events(text)  # the file's size, never its expansion
    assert error.problem == f"YAML aliases expand the data by more than {what} (an alias bomb?)"
    assert error.key == "line 2"  # where the first `*name` is


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("a: &x {k: 1}\nb: *x\n", {"a": {"k": 1}, "b": {"k": 1}}, id="mapping"),
        pytest.param("a: &x 1\nb: *x\n", {"a": 1, "b": 1}, id="scalar"),
        pytest.param("a: &x [1]\nb:\n  - *x\n", {"a": [1], "b": [[1]]}, id="sequence"),
        pytest.param(
            "a: &x 1\nb: [2, 3]\nc: [*x, *x]\n", {"a": 1, "b": [2, 3], "c": [1, 1]}, id="in-flow"
        ),
        pytest.param("k: &k a\n*k : 1\n", {"k": "a", "a": 1}, id="as-a-key"),
        pytest.param(
            "a: &a {x: 1}\nb: &b [*a, *a]\nc: [*b, *b]\n",
            {"a": {"x": 1}, "b": [{"x": 1}] * 2, "c": [[{"x": 1}] * 2] * 2},
            id="alias-of-aliases",
        ),
    ],
)
def test_benign_aliases_load_to_equal_values(text: str, expected: object) -> None:
    assert load(text) == expected


def test_an_aliased_node_is_one_shared_object() -> None:
    value = load("a: &x {k: [1]}\nb: *x\n")
    assert value["a"] is value["b"]


def test_safe_dump_output_with_a_shared_dict_round_trips() -> None:
    # PyYAML writes `&id001` and `*id001` by itself when one object appears twice.
    cite = {"doc": "memo", "quote": "Cheque No.: 004512"}
    data = {"bundle": {"facts": [cite]}, "turn": {"values": [{"field": "cheque_no", "cite": cite}]}}
    text = yaml.safe_dump(data, sort_keys=False)
    assert "&id001" in text and "*id001" in text
    assert load(text) == data


def test_merge_keys_stay_plain_string_keys() -> None:
    # The core schema has no merge: `<<` is a key like any other, holding the aliased mapping.
    assert load("base: &b {k: 1}\nchild:\n  <<: *b\n  j: 2\n") == {
        "base": {"k": 1},
        "child": {"<<": {"k": 1}, "j": 2},
    }
    assert "keys must be strings" in refused("base: &b {k: 1}\nchild:\n  !!merge <<: *b\n").problem


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("a: &a [*a]\n", 1, id="sequence-in-itself"),
        pytest.param("&a [*a]\n", 1, id="root"),
        pytest.param("a: 1\nb: &b\n  c: *b\n", 3, id="mapping-in-itself"),
        pytest.param(
            "a: &a [1]\nb: *a\nc: &c\n  - d: {e: [*a, *c]}\n", 4, id="deep-after-a-benign-alias"
        ),
    ],
)
def test_recursive_alias_is_refused_naming_its_line(text: str, line: int, steps: list[str]) -> None:
    error = refused(text)
    assert steps and len(steps) <= 2 * events(text)  # the file's size, never its expansion
    assert "recursive" in error.problem and "alias *" in error.problem
    assert error.key == f"line {line}"


def test_undefined_alias_is_refused() -> None:
    error = refused("a: 1\nb: *x\n")
    assert "alias" in error.problem
    assert error.key == "line 2"


@pytest.mark.parametrize(
    ("text", "problem", "line"),
    [
        pytest.param("a: &x {k: 1, k: 2}\nb: *x\n", "duplicate key 'k'", 1, id="duplicate-key"),
        pytest.param(
            "a: &x {k: !foo 1}\nb: *x\n", "YAML tag '!foo' is not allowed", 1, id="local-tag"
        ),
        pytest.param("a: &x [!!python/name:os.system ]\nb: [*x]\n", "YAML tag", 1, id="python-tag"),
        pytest.param("a: &x {1: k}\nb: *x\n", "keys must be strings", 1, id="int-key"),
        pytest.param(
            "k: &k a\nb: 2\n*k : 1\na: 3\n", "duplicate key 'a'", 4, id="aliased-key-twice"
        ),
    ],
)
def test_refusals_inside_anchored_nodes_still_hold(text: str, problem: str, line: int) -> None:
    error = refused(text)
    assert problem in error.problem
    assert error.key == f"line {line}"


def test_alias_error_names_the_line_of_the_alias() -> None:
    # The person has to find the offending `*x`, not the `&x`, nor an earlier benign alias.
    error = refused("a: &x [1]\nb: *x\nc: 3\nd: &y [*x, [*y]]\n")
    assert "*y" in error.problem
    assert error.key == "line 4"


def test_nesting_is_counted_through_aliases() -> None:
    inner = "[" * 150 + "1" + "]" * 150
    assert load(f"a: &a {inner}\nb: " + "[" * 49 + "*a" + "]" * 49 + "\n")["b"] is not None
    error = refused(f"a: &a {inner}\nb: c\nd: " + "[" * 60 + "*a" + "]" * 60 + "\n")
    assert (
        error.problem == f"nesting deeper than {yamlsafe.MAX_DEPTH} levels (through the alias *a)"
    )
    assert error.key == "line 3"


def test_the_alias_limits_count_only_what_aliases_add(monkeypatch: pytest.MonkeyPatch) -> None:
    # A file's own nodes and text are free (the fast path reads them without a limit);
    # aliases may add MAX_ALIAS_NODES nodes and MAX_ALIAS_CHARS characters beyond them.
    monkeypatch.setattr(yamlsafe, "MAX_ALIAS_NODES", 10)
    own = "".join(f"k{i}: v\n" for i in range(50))  # 101 nodes, no alias
    assert len(load(own + "a: &a [1, 2, 3, 4]\nb: [*a, *a, 5]\n")) == 52  # adds 10 nodes
    assert (
        "10 nodes" in refused(own + "a: &a [1, 2, 3, 4]\nk: &k 5\nb: [*a, *a, *k]\n").problem
    )  # 11
    monkeypatch.setattr(yamlsafe, "MAX_ALIAS_CHARS", 0)
    text = "a: &a xyz\nb: *a\n"  # 1 + 3 + 1 + 3 = 8 characters of scalars, the file is 16
    assert load(text) == {"a": "xyz", "b": "xyz"}
    long_text = "a: &a " + "x" * 40 + "\nb: [" + ", ".join(["*a"] * 2) + "]\n"
    assert "of text" in refused(long_text).problem


def test_an_anchor_without_alias_is_harmless() -> None:
    assert load("a: &x 1\nb: 2\n") == {"a": 1, "b": 2}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("a: !!python/object:os.system x\n", id="python-object"),
        pytest.param("a: !!python/object/apply:os.system ['true']\n", id="python-apply"),
        pytest.param("a: !!python/name:os.system\n", id="python-name"),
        pytest.param("a: !!binary aGVsbG8=\n", id="binary"),
        pytest.param("a: !!timestamp 2024-01-02\n", id="timestamp"),
        pytest.param("a: !!set {x: null}\n", id="set"),
        pytest.param("a: !!omap [x: 1]\n", id="omap"),
        pytest.param("a: !foo bar\n", id="local-tag"),
        pytest.param("!foo\na: 1\n", id="local-tag-on-root"),
        pytest.param("a: !<tag:example.com,2024:x> y\n", id="verbatim-tag"),
    ],
)
def test_tags_are_refused(text: str) -> None:
    error = refused(text)
    assert "tag" in error.problem
    assert error.key == "line 1"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("a: 1\na: 2\n", 2, id="top-level"),
        pytest.param("a: 1\n'a': 2\n", 2, id="quoted-twin"),
        pytest.param("outer:\n  k: 1\n  x: 2\n  k: 3\n", 4, id="nested"),
        pytest.param("{a: 1, a: 1}\n", 1, id="flow"),
    ],
)
def test_duplicate_keys_are_refused(text: str, line: int) -> None:
    error = refused(text)
    assert "duplicate key 'a'" in error.problem or "duplicate key 'k'" in error.problem
    assert error.key == f"line {line}"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1: a\n", id="int"),
        pytest.param("1.5: a\n", id="float"),
        pytest.param("true: a\n", id="bool"),
        pytest.param("null: a\n", id="null"),
        pytest.param("~: a\n", id="tilde"),
        pytest.param("? [a, b]\n: c\n", id="sequence"),
        pytest.param("? {a: b}\n: c\n", id="mapping"),
        pytest.param("ok: 1\nnested: {2: x}\n", id="nested-int"),
    ],
)
def test_non_string_keys_are_refused(text: str) -> None:
    assert "keys must be strings" in refused(text).problem


@pytest.mark.parametrize(
    ("data", "offset", "line"),
    [
        pytest.param(b"a: \xff\n", 3, 1, id="ff"),
        pytest.param(b"a: 1\nb: caf\xe9\n", 11, 2, id="latin-1"),
        pytest.param(b"a: 1\nb: 2\nc: \xc3\x28\n", 13, 3, id="bad-continuation"),
        pytest.param(b"a: \xed\xa0\x80\n", 3, 1, id="encoded-surrogate"),
        pytest.param(b"\xff\xfea\x00:\x00", 0, 1, id="utf-16"),
    ],
)
def test_non_utf8_bytes_name_the_offset(data: bytes, offset: int, line: int) -> None:
    error = refused(data)
    assert "not UTF-8" in error.problem
    assert f"offset {offset}" in error.problem
    assert error.key == f"line {line}"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("a: 1\n---\nb: 2\n", id="two-documents"),
        pytest.param("--- a\n--- b\n", id="two-scalars"),
        pytest.param("a: 1\n...\n---\na: 1\n", id="after-end-marker"),
    ],
)
def test_multi_document_stream_is_refused(text: str) -> None:
    refused(text)


def test_one_explicit_document_is_fine() -> None:
    assert load("---\na: 1\n...\n") == {"a": 1}


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("a: [1, 2\nb: 3\n", None, id="unclosed-flow"),
        pytest.param("a: 1\n b: 2\n", 2, id="bad-indent"),
        pytest.param("a: 'unterminated\n", None, id="unterminated-quote"),
        pytest.param('a: "\\ud800"\n', 1, id="lone-surrogate-escape"),
        pytest.param("a:\tb: c\n", None, id="tab"),
    ],
)
def test_syntax_errors_name_a_line(text: str, line: int | None) -> None:
    error = refused(text)
    assert error.problem.startswith("invalid YAML")
    assert error.key is not None and error.key.startswith("line ")
    if line is not None:
        assert error.key == f"line {line}"


def test_nesting_within_the_limit_is_fine() -> None:
    value = load("a: " + "[" * 150 + "1" + "]" * 150)["a"]
    for _ in range(149):
        value = value[0]
    assert value == [1]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[" * 300 + "]" * 300, id="300-closed"),
        pytest.param(
            "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 260)), id="block-mappings"
        ),
    ],
)
def test_deep_nesting_is_refused(text: str) -> None:
    assert "nesting" in refused(text).problem


_DEEP_SCRIPT = """
import sys
from sakshi import InputError
from sakshi.inputs.yamlsafe import load_yaml_bytes
try:
    load_yaml_bytes(sys.stdin.buffer.read(), "deep.yaml")
except InputError as exc:
    print("InputError", exc)
else:
    print("loaded")
"""


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"[" * 100_000, id="100k-open-brackets"),
        pytest.param(b"{" * 100_000, id="100k-open-braces"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, id="100k-closed"),
        pytest.param(b"- " * 100_000 + b"x\n", id="100k-block-sequences"),
        pytest.param(b"a: " + b"{a: " * 50_000 + b"1" + b"}" * 50_000, id="50k-flow-mappings"),
    ],
)
def test_very_deep_nesting_is_an_input_error_not_a_crash(data: bytes) -> None:
    # In a child process: a C stack overflow would otherwise take the test run down.
    proc = subprocess.run(
        [sys.executable, "-c", _DEEP_SCRIPT],
        input=data,
        check=False,
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-2000:]
    assert proc.stdout.startswith(b"InputError deep.yaml: line 1: "), proc.stdout[:300]
    assert b"Traceback" not in proc.stderr


# --- load_yaml_file ------------------------------------------------------------------------


def test_load_yaml_file_reads_and_labels(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 017\n")
    assert load_yaml_file(path) == {"a": 17}
    path.write_bytes(b"a: 1\na: 2\n")
    with pytest.raises(InputError, match=r"^label\.yaml: line 2: duplicate key"):
        load_yaml_file(path, "label.yaml")


@pytest.mark.parametrize("kind", ["missing", "folder"])
def test_load_yaml_file_refuses_what_is_not_a_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "x.yaml"
    if kind == "folder":
        path.mkdir()
    with pytest.raises(InputError) as info:
        load_yaml_file(path)
    assert str(info.value).startswith(f"{path}: ")
