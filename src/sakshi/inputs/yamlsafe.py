"""Strict, safe YAML: libyaml's C parser, the YAML 1.2 core schema, and no surprises.

What it refuses, each with a one-line error naming the file and the line:
- bytes that are not UTF-8, and files over ``MAX_YAML_BYTES``;
- tags other than the core ones (``!!python/...``, ``!!binary``, ``!!timestamp``, ``!foo``);
- duplicate keys and keys that are not strings (a bundle must have one canonical JSON);
- nesting deeper than ``MAX_DEPTH`` levels, counted with aliases expanded;
- a recursive alias (``a: &a [*a]``: a node inside itself), and aliases that would expand
  the data by more than ``MAX_ALIAS_NODES`` nodes or ``MAX_ALIAS_CHARS`` characters of
  scalar text beyond the file's own (an alias bomb);
- more than one document in a stream.

Aliases (``*name``) are accepted within those limits: ``yaml.safe_dump`` writes an anchor
and an alias by itself whenever one dict or list appears twice in the data. The expanded
size is measured on the node graph, each distinct node once (sizes are memoised, never
expanded), so a billion-laughs file is refused in a millisecond. An aliased node loads as
one shared object, as PyYAML gives it (sakshi only reads parsed data, never changes it in
place); the parse cache stores it as repeated JSON. A merge key (``<<``) is a plain string
key: the core schema has no merge, so ``<<: *base`` is the key ``"<<"`` holding the
aliased mapping.

Scalars resolve as in the YAML 1.2 core schema (``yamlcore``): only ``true``/``false`` are
booleans (``no``, ``off``, ``y`` stay strings), ``017`` is 17, ``1:20`` and dates stay
strings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from sakshi.errors import InputError
from sakshi.inputs.files import read_bytes
from sakshi.inputs.yamlcore import (
    ALLOWED_TAGS,
    BOOL_TAG,
    FLOAT_TAG,
    INT_TAG,
    MAP_TAG,
    NULL_TAG,
    SEQ_TAG,
    STR_TAG,
    CoreLoader,
    yaml11_break,
)

__all__ = [
    "MAX_ALIAS_CHARS",
    "MAX_ALIAS_NODES",
    "MAX_YAML_BYTES",
    "load_yaml_bytes",
    "load_yaml_file",
]

MAX_YAML_BYTES = 256 * 1024 * 1024
MAX_DEPTH = 200  # deeper nesting is no pack a person writes
# What aliases may add to the data beyond what the file writes itself: nodes beyond the
# file's own distinct nodes, and scalar characters beyond the file's length. Whatever
# reads the data afterwards (canonical JSON, the parse cache) walks it expanded.
MAX_ALIAS_NODES = 1_000_000
MAX_ALIAS_CHARS = 64 * 1024 * 1024
# libyaml's composer recurses in C once per nesting level and overflows the stack (a
# segfault, not an exception) somewhere past 20,000 levels on an 8 MiB stack. A file with
# fewer collection indicators than this cannot nest that deep; a file with more is first
# walked as an event stream, which costs little and refuses deep nesting before composing.
_FAST_PATH_INDICATORS = 1000


def _line(node: Node) -> str:
    return f"line {node.start_mark.line + 1}"


def _events(text: str) -> Iterator[yaml.Event]:
    """libyaml's event stream for ``text``; it ends quietly at a syntax error, which the
    composing pass reports with its line."""
    loader = CoreLoader(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if event is not None:
                yield event
    except yaml.YAMLError:
        return
    finally:
        loader.dispose()


def _at(event: yaml.Event) -> str | None:
    return f"line {event.start_mark.line + 1}" if event.start_mark is not None else None


def _alias_event(text: str, index: int) -> tuple[str | None, str]:
    """The line and the name of alias event number ``index`` (from 0) in the event stream."""
    aliases = (e for e in _events(text) if isinstance(e, yaml.AliasEvent))
    for seen, event in enumerate(aliases):
        if seen == index:
            return _at(event), str(event.anchor)
    return None, "?"


def _first_alias_line(text: str) -> str | None:
    """The line of the first alias event (``*name``), from the event stream."""
    return _alias_event(text, 0)[0]


class _Measure(NamedTuple):
    """A node's size with its aliases expanded: nodes, scalar characters, and height."""

    nodes: int
    chars: int
    height: int


@dataclass(slots=True)
class _Frame:
    """An open collection: the children still to walk, and the sizes of those walked."""

    node: Node
    children: Iterator[Node]
    nodes: int = 1
    chars: int = 0
    height: int = 0

    def add(self, child: _Measure) -> None:
        """Count a measured child into this collection."""
        self.nodes += child.nodes
        self.chars += child.chars
        self.height = max(self.height, child.height + 1)


def _check_plain(node: Node, depth: int, source: str) -> None:
    """Refuse a node met for the first time whose tag or depth is not allowed."""
    if node.tag not in ALLOWED_TAGS:
        raise InputError(
            source, _line(node), f"YAML tag {node.tag!r} is not allowed (plain data only)"
        )
    if depth > MAX_DEPTH:
        raise InputError(source, _line(node), f"nesting deeper than {MAX_DEPTH} levels")


def _mapping_children(node: MappingNode, source: str) -> list[Node]:
    """The keys and values of a mapping, in order; keys must be distinct strings."""
    keys: set[str] = set()
    children: list[Node] = []
    for key_node, value in node.value:
        if not isinstance(key_node, ScalarNode) or key_node.tag != STR_TAG:
            raise InputError(source, _line(key_node), "mapping keys must be strings")
        if key_node.value in keys:
            raise InputError(source, _line(key_node), f"duplicate key {key_node.value!r}")
        keys.add(key_node.value)
        children += (key_node, value)
    return children


class _NodeWalk:
    """The state of one ``_check_nodes`` walk: the measured nodes, the open collections,
    and how many nodes it has met again (the alias events walked past)."""

    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.text = text
        self.done: dict[int, _Measure] = {}  # id -> the node's expanded measure
        self.open_ids: set[int] = set()  # the collections on the current path
        self.frames: list[_Frame] = []
        self.aliases = 0

    def visit(self, node: Node) -> _Measure | None:
        """Meet ``node``: its measure when it is a scalar or met before, or None when it
        is a collection, now open with its children to walk."""
        depth = len(self.frames)
        key = id(node)
        measure = self.done.get(key)
        if measure is not None:
            self.aliases += 1
            if depth + measure.height > MAX_DEPTH:
                at, name = _alias_event(self.text, self.aliases - 1)
                raise InputError(
                    self.source,
                    at,
                    f"nesting deeper than {MAX_DEPTH} levels (through the alias *{name})",
                )
            return measure
        if key in self.open_ids:
            at, name = _alias_event(self.text, self.aliases)
            raise InputError(
                self.source, at, f"YAML alias *{name} is recursive (it is inside the node it names)"
            )
        _check_plain(node, depth, self.source)
        if isinstance(node, MappingNode):
            children = _mapping_children(node, self.source)
        elif isinstance(node, SequenceNode):
            children = node.value
        else:
            measure = self.done[key] = _Measure(1, len(node.value), 0)
            return measure
        self.frames.append(_Frame(node, iter(children)))
        self.open_ids.add(key)
        return None

    def close(self) -> _Measure:
        """Close the innermost collection, every child measured, and memoise its measure."""
        frame = self.frames.pop()
        key = id(frame.node)
        self.open_ids.discard(key)
        measure = self.done[key] = _Measure(frame.nodes, frame.chars, frame.height)
        return measure


def _check_nodes(root: Node, source: str, text: str) -> None:
    """Walk the node graph iteratively, each distinct node once: tags, keys, depth, aliases.

    The walk is depth first in document order, so the n-th time it meets a node it has
    met before is the n-th alias event of the stream (the composer hands an alias back as
    the very node it names, whose marks are the anchor's); that is how a refusal names
    the line of the alias itself. A node met again while it is still open is inside
    itself: a recursive alias. Each node's expanded size (nodes, scalar characters) and
    height are memoised when it closes, so a node met again costs one look-up, and an
    alias bomb is measured without being expanded.
    """
    walk = _NodeWalk(source, text)
    measure = walk.visit(root)
    while walk.frames:
        frame = walk.frames[-1]
        if measure is not None:  # a child is measured: add it to its parent
            frame.add(measure)
        child = next(frame.children, None)
        measure = walk.close() if child is None else walk.visit(child)
    if walk.aliases:
        assert measure is not None  # the root's
        _check_expansion(measure, len(walk.done), source, text)


def _check_expansion(root: _Measure, distinct: int, source: str, text: str) -> None:
    """Refuse aliases that expand the data past the limits (``distinct``: the file's own
    nodes; its length stands for its own scalar text)."""
    if root.nodes - distinct > MAX_ALIAS_NODES:
        raise InputError(
            source,
            _first_alias_line(text),
            f"YAML aliases expand the data by more than {MAX_ALIAS_NODES:,} nodes (an alias bomb?)",
        )
    if root.chars > MAX_ALIAS_CHARS + len(text):
        raise InputError(
            source,
            _first_alias_line(text),
            "YAML aliases expand the data by more than"
            f" {MAX_ALIAS_CHARS // (1024 * 1024)} MiB of text (an alias bomb?)",
        )


class _Unusual(Exception):
    """The fast build met something it does not decide itself; the checked path will."""


def _build(loader: CoreLoader, root: Node) -> Any:
    """Check and construct plain, alias-free, core-schema data in one pass, or raise _Unusual.

    It decides nothing on its own: whatever it does not recognise as plainly valid (an
    alias, a foreign tag, a non-string or duplicate key, deep nesting, a scalar that does
    not construct) makes the caller run ``_check_nodes`` and PyYAML's constructor, so
    every refusal and every message comes from there, exactly as before. For valid data
    it gives what ``construct_document`` gives, without its generators and bookkeeping.
    """
    scalars = {
        BOOL_TAG: loader.construct_core_bool,
        INT_TAG: loader.construct_core_int,
        FLOAT_TAG: loader.construct_core_float,
    }
    try:
        return _build_node(root, 0, set(), scalars)
    except Exception:  # noqa: BLE001 - anything unusual is decided by the checked path
        raise _Unusual from None


def _build_node(node: Node, depth: int, seen: set[int], scalars: dict[str, Any]) -> Any:
    # `seen` grows by one per node, so a repeat (an alias) shows as no growth; the walk
    # stops there, before an alias bomb can expand.
    size = len(seen)
    seen.add(id(node))
    if len(seen) == size or depth > MAX_DEPTH:
        raise _Unusual
    cls, tag = type(node), node.tag
    if cls is ScalarNode:
        if tag == STR_TAG:
            return node.value
        if tag == NULL_TAG:
            return None
        return scalars[tag](node)  # a KeyError for any other tag: unusual
    if cls is MappingNode and tag == MAP_TAG:
        mapping: dict[str, Any] = {}
        for key, value in node.value:
            size = len(seen)
            seen.add(id(key))
            if (
                len(seen) == size
                or type(key) is not ScalarNode
                or key.tag != STR_TAG
                or key.value in mapping
            ):
                raise _Unusual
            mapping[key.value] = _build_node(value, depth + 1, seen, scalars)
        return mapping
    if cls is SequenceNode and tag == SEQ_TAG:
        return [_build_node(item, depth + 1, seen, scalars) for item in node.value]
    raise _Unusual


def _check_depth(text: str, source: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH from the event stream, before composing."""
    depth = 0
    for event in _events(text):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(source, _at(event), f"nesting deeper than {MAX_DEPTH} levels")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def load_yaml_bytes(data: bytes, source: str) -> Any:
    """Parse YAML bytes strictly (see the module docstring); ``source`` labels errors."""
    if len(data) > MAX_YAML_BYTES:
        raise InputError(
            source, None, f"YAML file is {len(data)} bytes; the limit is {MAX_YAML_BYTES}"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            source,
            f"line {line}",
            f"not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
        ) from None
    raw_break = yaml11_break(text)
    if raw_break is not None:
        raise InputError(
            source,
            f"line {text.count(chr(10), 0, raw_break.offset) + 1}",
            f"a raw {raw_break.name} character, which YAML parsers read as a line break;"
            f" write it as {raw_break.escape} in a double-quoted string",
        )
    if sum(map(text.count, "[{-:?")) > _FAST_PATH_INDICATORS:
        _check_depth(text, source)
    loader = CoreLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            return _build(loader, node)
        except _Unusual:
            pass
        _check_nodes(node, source, text)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}" if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise InputError(source, where, f"invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise InputError(
            source,
            None,
            f"invalid YAML: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}",
        ) from None
    except RecursionError:
        raise InputError(source, None, "invalid YAML: nested too deeply") from None
    finally:
        loader.dispose()


def load_yaml_file(path: Path, source: str | None = None, cached: bool = False) -> Any:
    """Read and parse one YAML file; errors name ``source`` (default: the path).

    ``cached``: reuse the parse of the same bytes from the on-disk cache
    (``sakshi.inputs.cache``).
    """
    label = source if source is not None else str(path)
    data = read_bytes(path, label, "a YAML file", limit=MAX_YAML_BYTES)
    if cached:
        from sakshi.inputs.cache import parse_cached

        return parse_cached(data, lambda: load_yaml_bytes(data, label))
    return load_yaml_bytes(data, label)
