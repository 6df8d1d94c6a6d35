"""The strict YAML loader: core-schema scalars, and every refusal as a one-line InputError."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from sakshi import InputError
from sakshi.yamlsafe import load_yaml_bytes, load_yaml_file

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


def test_alias_bomb_is_refused_quickly_naming_the_line() -> None:
    started = time.perf_counter()
    error = refused(BILLION_LAUGHS)
    assert time.perf_counter() - started < 1.0
    assert "alias" in error.problem
    assert error.key in {f"line {n}" for n in range(1, 10)}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("a: &x 1\nb: *x\n", id="scalar-alias"),
        pytest.param("a: &x [1]\nb:\n  - *x\n", id="sequence-alias"),
        pytest.param("base: &b {k: 1}\nchild:\n  <<: *b\n", id="merge-key"),
        pytest.param("a: &x 1\nb: [2, 3]\nc: [*x]\n", id="alias-in-flow"),
        pytest.param("a: *x\n", id="undefined-alias"),
    ],
)
def test_any_alias_is_refused(text: str) -> None:
    error = refused(text)
    assert "alias" in error.problem
    assert error.key is not None and error.key.startswith("line ")


def test_alias_error_names_the_line_of_the_alias() -> None:
    # The person has to find and remove the `*x`; the `&x` on line 1 is harmless alone.
    error = refused("a: &x 1\nb: 2\nc: 3\nd: *x\n")
    assert error.key == "line 4"


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
from sakshi.yamlsafe import load_yaml_bytes
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
