"""The YAML 1.2 core schema on libyaml's C parser: the tags, how plain scalars resolve,
and how they construct.

Only ``true``/``false`` are booleans (``no``, ``off``, ``y`` stay strings), ``017`` is 17,
``1:20`` and dates stay strings. ``yamlsafe`` loads with ``CoreLoader`` and decides what
is allowed; ``yamlwrite`` quotes any string these patterns would read as a number.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import yaml
from yaml.constructor import SafeConstructor
from yaml.cyaml import CParser  # type: ignore[attr-defined]
from yaml.nodes import ScalarNode, SequenceNode
from yaml.resolver import BaseResolver

__all__ = [
    "ALLOWED_TAGS",
    "BOOL_TAG",
    "FLOAT_FIRST",
    "FLOAT_PATTERN",
    "FLOAT_TAG",
    "INT_FIRST",
    "INT_PATTERN",
    "INT_TAG",
    "MAP_TAG",
    "NULL_TAG",
    "SEQ_TAG",
    "STR_TAG",
    "TAG_PREFIX",
    "CoreLoader",
    "RawBreak",
    "yaml11_break",
]

TAG_PREFIX = "tag:yaml.org,2002:"
STR_TAG, SEQ_TAG, MAP_TAG = TAG_PREFIX + "str", TAG_PREFIX + "seq", TAG_PREFIX + "map"
NULL_TAG, BOOL_TAG = TAG_PREFIX + "null", TAG_PREFIX + "bool"
INT_TAG, FLOAT_TAG = TAG_PREFIX + "int", TAG_PREFIX + "float"
ALLOWED_TAGS = frozenset({STR_TAG, SEQ_TAG, MAP_TAG, NULL_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG})

# The core schema's plain integers and floats, and the first characters they can start with.
INT_PATTERN = re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z")
INT_FIRST = list("-+0123456789")
FLOAT_PATTERN = re.compile(
    r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
)
FLOAT_FIRST = list("-+.0123456789")

# The prefixes of the core schema's octal and hexadecimal integers. Not int(value, 0): that
# also takes 0b and underscores, and refuses 017, which the core schema reads as 17.
_INT_BASES = {"0o": 8, "0x": 16}


class _CoreResolver(BaseResolver):
    """Implicit typing of plain scalars by the YAML 1.2 core schema."""


_CoreResolver.add_implicit_resolver(
    NULL_TAG, re.compile(r"(?:~|null|Null|NULL|)\Z"), list("~nN") + [""]
)
_CoreResolver.add_implicit_resolver(
    BOOL_TAG, re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z"), list("tTfF")
)
_CoreResolver.add_implicit_resolver(INT_TAG, INT_PATTERN, INT_FIRST)
_CoreResolver.add_implicit_resolver(FLOAT_TAG, FLOAT_PATTERN, FLOAT_FIRST)


class _CoreConstructor(SafeConstructor):
    """SafeConstructor with core-schema numbers (PyYAML's are YAML 1.1: ``017`` is octal)."""

    def construct_core_bool(self, node: ScalarNode) -> bool:
        """``true`` or ``false``, in any case; anything else is refused."""
        value = str(self.construct_scalar(node)).lower()
        if value not in ("true", "false"):
            raise yaml.constructor.ConstructorError(
                None, None, f"{value!r} is not a boolean", node.start_mark
            )
        return value == "true"

    def construct_core_int(self, node: ScalarNode) -> int:
        """A decimal, ``0o`` octal or ``0x`` hexadecimal integer."""
        value = str(self.construct_scalar(node))
        base = _INT_BASES.get(value[:2], 10)
        try:
            return int(value if base == 10 else value[2:], base)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"{value[:40]!r} is not an integer", node.start_mark
            ) from None

    def construct_core_float(self, node: ScalarNode) -> float:
        """A float, ``.inf`` (signed) or ``.nan``."""
        value = str(self.construct_scalar(node)).lower()
        if value.endswith("inf"):
            return float("-inf") if value.startswith("-") else float("inf")
        if value.endswith("nan"):
            return float("nan")
        try:
            return float(value)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"{value[:40]!r} is not a number", node.start_mark
            ) from None


_CoreConstructor.add_constructor(BOOL_TAG, _CoreConstructor.construct_core_bool)  # type: ignore[type-var]
_CoreConstructor.add_constructor(INT_TAG, _CoreConstructor.construct_core_int)  # type: ignore[type-var]
_CoreConstructor.add_constructor(FLOAT_TAG, _CoreConstructor.construct_core_float)  # type: ignore[type-var]


# The implicit resolvers by a plain scalar's first character ("" for the empty scalar).
# The core schema has no wildcard resolvers (keyed None) and no path resolvers.
_BY_FIRST: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    first: tuple(pairs) for first, pairs in _CoreResolver.yaml_implicit_resolvers.items()
}
assert None not in _BY_FIRST and not _CoreResolver.yaml_path_resolvers


class CoreLoader(CParser, _CoreConstructor, _CoreResolver):
    """libyaml's parser with the core schema's resolver and constructor."""

    def __init__(self, stream: str) -> None:
        CParser.__init__(self, stream)
        _CoreConstructor.__init__(self)
        _CoreResolver.__init__(self)

    # libyaml's composer calls these three back for every node. BaseResolver's versions
    # walk the path-resolver machinery, which the core schema does not use; these give the
    # same tags in a few steps (about a seventh of a pack's load time).
    def resolve(self, kind: type, value: str | None, implicit: tuple[bool, bool]) -> str:
        """The tag of a node written without one: a plain scalar's by its text, else str,
        seq or map by its kind."""
        if kind is ScalarNode:
            if implicit[0]:
                assert value is not None  # a scalar has text
                for tag, pattern in _BY_FIRST.get(value[:1], ()):
                    if pattern.match(value):
                        return tag
            return STR_TAG
        return SEQ_TAG if kind is SequenceNode else MAP_TAG

    def descend_resolver(self, current_node: object, current_index: object) -> None:
        """No path resolvers: nothing to track on the way down."""

    def ascend_resolver(self) -> None:
        """No path resolvers: nothing to track on the way up."""


class RawBreak(NamedTuple):
    """A raw NEL, LS or PS character in a YAML text: where (its offset), which, its escape."""

    offset: int
    name: str
    escape: str


# libyaml reads YAML 1.1, where NEL, LS and PS are line breaks; in YAML 1.2 they are text.
# Written raw they change the data in silence: a quoted scalar loses the spaces after
# one, NEL folds to a space, and one inside a comment ends it, so the rest of the comment
# line becomes data. Escaped in a double-quoted string they are the characters.
_YAML11_BREAKS = {
    "\x85": ("NEL (U+0085)", "\\N"),
    "\u2028": ("LS (U+2028)", "\\L"),
    "\u2029": ("PS (U+2029)", "\\P"),
}


def yaml11_break(text: str) -> RawBreak | None:
    """The first raw NEL, LS or PS character of ``text``, which the loader refuses."""
    if text.isascii():
        return None
    found = [index for index in map(text.find, _YAML11_BREAKS) if index >= 0]
    if not found:
        return None
    first = min(found)
    name, escape = _YAML11_BREAKS[text[first]]
    return RawBreak(first, name, escape)
