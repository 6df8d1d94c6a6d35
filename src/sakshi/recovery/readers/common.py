"""What every trace reader shares: the error, JSON parsing, JSONL records, the tally of
what was skipped, and the checks of common fields.

Readers take the trace's bytes and a ``source`` label (the file as the user named it) and
return a ``Reading``: the model, and how many records they knowingly passed over. None of
them opens a file. A reader that meets something it does not understand raises
``TraceError`` naming the line (or the message index) and the field; it never guesses.

A message never quotes a value of the trace (a tool argument, a path, a text, a name, a
type the reader did not know): a trace holds content, and messages go to CI logs. It says
where (line, field) and what kind of thing was found.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeGuard

from sakshi.errors import InputError, a_kind
from sakshi.recovery.model import Trace

__all__ = [
    "Damage",
    "DuplicateKey",
    "JsonLine",
    "Reader",
    "Reading",
    "Tally",
    "TraceError",
    "drop_damaged_lines",
    "json_kind",
    "jsonl_lines",
    "line_records",
    "message_list",
    "need_str",
    "new_call",
    "one_of",
    "parse_json",
    "tool_args",
    "tool_name",
]


def one_of(value: object, names: Collection[str]) -> TypeGuard[str]:
    """Whether ``value`` is one of the strings ``names``: a JSON list or object is never
    one (and is not hashable, so ``value in a_set`` would raise)."""
    return isinstance(value, str) and value in names


def json_kind(value: object) -> str:
    """What a JSON value is, in words (``an object``, ``a list``, ``null``), never what
    it holds."""
    return a_kind(value, "an object")


class TraceError(InputError):
    """A trace file that cannot be read; ``key`` holds the line number (or the message
    index), and the message starts with the field."""


@dataclass(frozen=True)
class Reading:
    """What a reader made of a file: the trace, and how many records (lines, entries,
    content blocks) it recognised and passed over on purpose (bookkeeping, thinking,
    images, side chains, abandoned branches). Nothing unrecognised is ever skipped: that
    is a ``TraceError``."""

    trace: Trace
    skipped: int = 0
    # Lines of a JSONL file that were not JSON at all (a scrubber's mangled escape, a cut
    # write): dropped and counted by ``read_counted``, never read, and never a pass;
    # ``damage`` says where the first one is and why (never what it holds).
    unreadable: int = 0
    damage: TraceError | None = None
    # Calls recorded without their arguments, and results without their text (a tracing
    # tool's content capture was off): such a run is ``unknown``, never a pass.
    uncaptured: int = 0


@dataclass
class Tally:
    """A reader's running count of what it passed over (see ``Reading.skipped``)."""

    skipped: int = 0

    def skip(self, count: int = 1) -> None:
        """Count ``count`` more records passed over."""
        self.skipped += count


# A reader: the trace's bytes and its source label in, the reading out.
Reader = Callable[[bytes, str], Reading]


class JsonLine(NamedTuple):
    """One JSON record of a JSONL file: the 1-based number of its line and the object."""

    number: int
    obj: dict[str, Any]


# JSON's own whitespace (RFC 8259): what may stand between two records glued on a line.
_JSON_SPACE = " \t\r\n"
_BOM = "\ufeff"

# Keys a message may name when one appears twice: the ones sakshi reads. Any other key is
# "a key": a key is a string the trace chose, and could be content.
_NAMED_KEYS = frozenset(
    {
        "args",
        "arguments",
        "call_id",
        "command",
        "content",
        "details",
        "file_path",
        "filePath",
        "fullOutputPath",
        "id",
        "input",
        "is_error",
        "isError",
        "kind",
        "limit",
        "name",
        "offset",
        "output",
        "path",
        "role",
        "text",
        "tool",
        "tool_call_id",
        "tool_use_id",
        "toolCallId",
        "type",
    }
)


class DuplicateKey(ValueError):
    """An object that gives one key twice: JSON (RFC 8259) says names SHOULD be unique and
    leaves open which value counts. Python and JavaScript keep the last, other parsers the
    first, so a tool and sakshi could read two different calls: refused, never guessed."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key

    @property
    def problem(self) -> str:
        """What is wrong, naming the key only when it is one sakshi reads."""
        name = self.key if self.key in _NAMED_KEYS else "a key"
        return f"{name}: given twice in one object (which one counts is not defined)"


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return obj


# Strict: an object with a repeated key is refused. Lenient: the last one is kept, as
# Python's json does; only format detection uses it, and the reader then refuses the file.
_STRICT = json.JSONDecoder(object_pairs_hook=_unique)
_LENIENT = json.JSONDecoder()


def parse_json(text: str | bytes, source: str, where: str, *, strict: bool = True) -> object:
    """``text`` parsed as one JSON value, or a TraceError that says why without quoting it:
    not UTF-8, not JSON (the parser's reason), a key given twice in one object (unless not
    ``strict``), a number too long, nested too deeply."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return (_STRICT if strict else _LENIENT).decode(text.removeprefix(_BOM))
    except UnicodeDecodeError as exc:
        raise TraceError(source, where, f"not UTF-8 text (at byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise TraceError(source, _at_line(where, exc), f"not JSON ({exc.msg})") from None
    except DuplicateKey as exc:
        raise TraceError(source, where, exc.problem) from None
    except (ValueError, RecursionError) as exc:
        raise TraceError(source, where, _unreadable(exc)) from None


def _at_line(where: str, exc: json.JSONDecodeError) -> str:
    # A whole-document parse (``where`` is "line 1") is placed at the parser's line.
    return f"line {exc.lineno}" if where == "line 1" else where


def _unreadable(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    # json raises a bare ValueError for an integer past Python's digit limit.
    return "not JSON (a number too long to read)"


def line_records(raw: bytes, source: str, where: str, *, strict: bool = True) -> list[object]:
    """Every JSON value on one line: usually one, but two records glued on one line (a
    known writer bug of some agents, SPEC section 5) are two. Blank: none. A key given
    twice in one object is refused (unless not ``strict``), as by ``parse_json``."""
    try:
        text = raw.decode("utf-8").removeprefix(_BOM)
    except UnicodeDecodeError as exc:
        raise TraceError(source, where, f"not UTF-8 text (at byte {exc.start})") from None
    records: list[object] = []
    decoder = _STRICT if strict else _LENIENT
    position = _skip_space(text, 0)
    while position < len(text):
        try:
            value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise TraceError(source, where, f"not JSON ({exc.msg})") from None
        except DuplicateKey as exc:
            raise TraceError(source, where, exc.problem) from None
        except (ValueError, RecursionError) as exc:
            raise TraceError(source, where, _unreadable(exc)) from None
        records.append(value)
        position = _skip_space(text, position)
    return records


class Damage(NamedTuple):
    """A JSONL file with its unreadable lines blanked: the bytes left, how many lines were
    blanked, the error of the first one, and the numbers of the lines blanked."""

    data: bytes
    lines: int
    first: TraceError | None
    numbers: tuple[int, ...] = ()


def drop_damaged_lines(data: bytes, source: str) -> Damage:
    """``data`` with each line that holds no readable record blanked, whatever is wrong with
    it: not UTF-8, not JSON (a cut write, a scrubber's invalid escape), a key given twice,
    nested too deeply, or a value that is not an object. Line numbers stay
    as they were, so every later message still names the right line."""
    lines = data.split(b"\n")
    numbers: list[int] = []
    first: TraceError | None = None
    for index, raw in enumerate(lines):
        where = f"line {index + 1}"
        try:
            _readable_line(raw, source, where)
        except TraceError as exc:
            lines[index] = b""
            numbers.append(index + 1)
            first = first or exc
    if not numbers:
        return Damage(data, 0, None)
    return Damage(b"\n".join(lines), len(numbers), first, tuple(numbers))


def _readable_line(raw: bytes, source: str, where: str) -> None:
    for record in line_records(raw, source, where):
        if not isinstance(record, dict):
            raise TraceError(source, where, f"expected a JSON object, found {json_kind(record)}")


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in _JSON_SPACE:
        position += 1
    return position


def jsonl_lines(data: bytes, source: str) -> Iterator[JsonLine]:
    """Each JSON record of each non-blank line, parsed; anything but a JSON object is an
    error naming the line."""
    for number, raw in enumerate(data.split(b"\n"), start=1):
        where = f"line {number}"
        for obj in line_records(raw, source, where):
            if not isinstance(obj, dict):
                raise TraceError(source, where, f"expected a JSON object, found {json_kind(obj)}")
            yield JsonLine(number, obj)


def need_str(obj: Mapping[str, Any], key: str, source: str, where: str) -> str:
    """``obj[key]``, which must be a non-empty string."""
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise TraceError(
            source, where, f"{key}: expected a non-empty string, found {json_kind(value)}"
        )
    return value


def new_call(names: dict[str, str], call_id: str, name: str, where: tuple[str, str, str]) -> None:
    """Record a call's name by its id; an id already used by a call is an error naming the
    line and the field (``where``: source, line, field), as the validator would refuse the
    trace anyway (one ``call_id``, one call) but could not say where."""
    source, line, field = where
    if call_id in names:
        raise TraceError(source, line, f"{field}: a second call with the same id")
    names[call_id] = name


def tool_name(obj: Mapping[str, Any], key: str, source: str, where: str) -> str:
    """A tool call's name, lower-cased (``Read`` is ``read``): a non-empty string that is
    text (a lone surrogate cannot be written anywhere, so it cannot name a tool)."""
    name = need_str(obj, key, source, where)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise TraceError(
            source, where, f"{key}: not valid Unicode text (a lone surrogate)"
        ) from None
    return name.lower()


def tool_args(value: object, source: str, where: str) -> Mapping[str, Any]:
    """A tool call's arguments: an object, or nothing (no arguments)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TraceError(source, where, f"arguments: expected an object, found {json_kind(value)}")
    return value


def message_list(data: bytes, source: str) -> list[Any]:
    """The messages of a JSON message-list file: a bare list or ``{"messages": [...]}``."""
    doc = parse_json(data, source, "line 1")
    messages = doc.get("messages") if isinstance(doc, Mapping) else doc
    if not isinstance(messages, list):
        raise TraceError(source, "line 1", 'expected a list of messages or {"messages": [...]}')
    return messages
