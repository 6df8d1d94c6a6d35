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
place); the parse cache stores it as repeated JSON. A merge key (``<<``) is a plain string key: the core schema has no
merge, so ``<<: *base`` is the key ``"<<"`` holding the aliased mapping.

Scalars resolve as in the YAML 1.2 core schema: only ``true``/``false`` are booleans
(``no``, ``off``, ``y`` stay strings), ``017`` is 17, ``1:20`` and dates stay strings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.cyaml import CParser  # type: ignore[attr-defined]
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import BaseResolver

from sakshi.errors import InputError
from sakshi.inputs.files import read_bytes

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

_T = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = _T + "str", _T + "seq", _T + "map"
_NULL, _BOOL, _INT, _FLOAT = _T + "null", _T + "bool", _T + "int", _T + "float"
_ALLOWED_TAGS = frozenset({_STR, _SEQ, _MAP, _NULL, _BOOL, _INT, _FLOAT})


class _CoreResolver(BaseResolver):
    """Implicit typing of plain scalars by the YAML 1.2 core schema."""


_CoreResolver.add_implicit_resolver(
    _NULL, re.compile(r"(?:~|null|Null|NULL|)\Z"), list("~nN") + [""]
)
_CoreResolver.add_implicit_resolver(
    _BOOL, re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z"), list("tTfF")
)
_CoreResolver.add_implicit_resolver(
    _INT, re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z"), list("-+0123456789")
)
_CoreResolver.add_implicit_resolver(
    _FLOAT,
    re.compile(
        r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
    ),
    list("-+.0123456789"),
)


class _CoreConstructor(SafeConstructor):
    """SafeConstructor with core-schema numbers (PyYAML's are YAML 1.1: ``017`` is octal)."""

    def construct_core_bool(self, node: ScalarNode) -> bool:
        value = str(self.construct_scalar(node)).lower()
        if value not in ("true", "false"):
            raise yaml.constructor.ConstructorError(
                None, None, f"{value!r} is not a boolean", node.start_mark
            )
        return value == "true"

    def construct_core_int(self, node: ScalarNode) -> int:
        value = str(self.construct_scalar(node))
        try:
            if value.startswith("0o"):
                return int(value[2:], 8)
            if value.startswith("0x"):
                return int(value[2:], 16)
            return int(value, 10)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"{value[:40]!r} is not an integer", node.start_mark
            ) from None

    def construct_core_float(self, node: ScalarNode) -> float:
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


_CoreConstructor.add_constructor(_BOOL, _CoreConstructor.construct_core_bool)  # type: ignore[type-var]
_CoreConstructor.add_constructor(_INT, _CoreConstructor.construct_core_int)  # type: ignore[type-var]
_CoreConstructor.add_constructor(_FLOAT, _CoreConstructor.construct_core_float)  # type: ignore[type-var]


class _Loader(CParser, _CoreConstructor, _CoreResolver):
    def __init__(self, stream: str) -> None:
        CParser.__init__(self, stream)
        _CoreConstructor.__init__(self)
        _CoreResolver.__init__(self)


def _line(node: Node) -> str:
    return f"line {node.start_mark.line + 1}"


def _events(text: str) -> Iterator[yaml.Event]:
    """libyaml's event stream for ``text``; it ends quietly at a syntax error, which the
    composing pass reports with its line."""
    loader = _Loader(text)
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
    done: dict[int, tuple[int, int, int]] = {}  # id -> expanded (nodes, characters, height)
    open_ids: set[int] = set()  # the collections on the current path
    # One frame per open collection: [node, children, next child, nodes, characters, height].
    frames: list[list[Any]] = []
    aliases = 0  # nodes met again so far: the alias events walked past
    measure: tuple[int, int, int] | None = None
    node: Node | None = root
    while True:
        if node is not None:
            depth = len(frames)
            key = id(node)
            measure = done.get(key)
            if measure is not None:
                aliases += 1
                if depth + measure[2] > MAX_DEPTH:
                    at, name = _alias_event(text, aliases - 1)
                    raise InputError(
                        source,
                        at,
                        f"nesting deeper than {MAX_DEPTH} levels (through the alias *{name})",
                    )
            elif key in open_ids:
                at, name = _alias_event(text, aliases)
                raise InputError(
                    source, at, f"YAML alias *{name} is recursive (it is inside the node it names)"
                )
            else:
                if node.tag not in _ALLOWED_TAGS:
                    raise InputError(
                        source,
                        _line(node),
                        f"YAML tag {node.tag!r} is not allowed (plain data only)",
                    )
                if depth > MAX_DEPTH:
                    raise InputError(source, _line(node), f"nesting deeper than {MAX_DEPTH} levels")
                if isinstance(node, MappingNode):
                    keys: set[str] = set()
                    children: list[Node] = []
                    for key_node, value in node.value:
                        if not isinstance(key_node, ScalarNode) or key_node.tag != _STR:
                            raise InputError(
                                source, _line(key_node), "mapping keys must be strings"
                            )
                        if key_node.value in keys:
                            raise InputError(
                                source, _line(key_node), f"duplicate key {key_node.value!r}"
                            )
                        keys.add(key_node.value)
                        children += (key_node, value)
                    frames.append([node, children, 0, 1, 0, 0])
                    open_ids.add(key)
                elif isinstance(node, SequenceNode):
                    frames.append([node, list(node.value), 0, 1, 0, 0])
                    open_ids.add(key)
                else:
                    measure = done[key] = (1, len(node.value), 0)
            node = None
        if measure is not None:  # a child is measured: add it to its parent
            if not frames:
                break
            frame = frames[-1]
            frame[3] += measure[0]
            frame[4] += measure[1]
            frame[5] = max(frame[5], measure[2] + 1)
            measure = None
        frame = frames[-1]
        if frame[2] < len(frame[1]):
            node = frame[1][frame[2]]
            frame[2] += 1
            continue
        frames.pop()  # every child is measured: close the collection
        open_ids.discard(id(frame[0]))
        measure = done[id(frame[0])] = (frame[3], frame[4], frame[5])
    if not aliases:
        return
    assert measure is not None  # the root's
    nodes, chars, _height = measure
    if nodes - len(done) > MAX_ALIAS_NODES:
        raise InputError(
            source,
            _first_alias_line(text),
            f"YAML aliases expand the data by more than {MAX_ALIAS_NODES:,} nodes (an alias bomb?)",
        )
    if chars > MAX_ALIAS_CHARS + len(text):
        raise InputError(
            source,
            _first_alias_line(text),
            f"YAML aliases expand the data by more than {MAX_ALIAS_CHARS // (1024 * 1024)} MiB of text (an alias bomb?)",
        )


class _Unusual(Exception):
    """The fast build met something it does not decide itself; the checked path will."""


def _build(loader: _Loader, root: Node) -> Any:
    """Check and construct plain, alias-free, core-schema data in one pass, or raise _Unusual.

    It decides nothing on its own: whatever it does not recognise as plainly valid (an
    alias, a foreign tag, a non-string or duplicate key, deep nesting, a scalar that does
    not construct) makes the caller run ``_check_nodes`` and PyYAML's constructor, so
    every refusal and every message comes from there, exactly as before. For valid data
    it gives what ``construct_document`` gives, without its generators and bookkeeping.
    """
    scalars = {
        _BOOL: loader.construct_core_bool,
        _INT: loader.construct_core_int,
        _FLOAT: loader.construct_core_float,
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
        if tag == _STR:
            return node.value
        if tag == _NULL:
            return None
        return scalars[tag](node)  # a KeyError for any other tag: unusual
    if cls is MappingNode and tag == _MAP:
        mapping: dict[str, Any] = {}
        for key, value in node.value:
            size = len(seen)
            seen.add(id(key))
            if (
                len(seen) == size
                or type(key) is not ScalarNode
                or key.tag != _STR
                or key.value in mapping
            ):
                raise _Unusual
            mapping[key.value] = _build_node(value, depth + 1, seen, scalars)
        return mapping
    if cls is SequenceNode and tag == _SEQ:
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
    if sum(map(text.count, "[{-:?")) > _FAST_PATH_INDICATORS:
        _check_depth(text, source)
    loader = _Loader(text)
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

    ``cached``: reuse the parse of the same bytes from the on-disk cache (``sakshi.inputs.cache``).
    """
    label = source if source is not None else str(path)
    data = read_bytes(path, label, "a YAML file", limit=MAX_YAML_BYTES)
    if cached:
        from sakshi.inputs.cache import parse_cached

        return parse_cached(data, lambda: load_yaml_bytes(data, label))
    return load_yaml_bytes(data, label)
