"""The evidence view's data: ``run context --format json`` results read into frozen values.

    read_view(data, source)  the parsed RESULTS.json -> a frozen View (InputError if unusable)

Pure: the command reads the file and parses the JSON; ``view_html.render_html`` turns the
View into the page. The classes it reads into live in ``view_model`` (and are exported
here as well).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sakshi.errors import InputError, a_kind
from sakshi.reports.view_model import (
    View,
    ViewCheck,
    ViewDocument,
    ViewFinding,
    ViewMention,
    ViewPack,
    ViewRange,
    ViewSegment,
    ViewValue,
    ViewValueCheck,
)

__all__ = [
    "UNREADABLE",
    "View",
    "ViewCheck",
    "ViewDocument",
    "ViewFinding",
    "ViewMention",
    "ViewPack",
    "ViewRange",
    "ViewSegment",
    "ViewValue",
    "ViewValueCheck",
    "read_view",
]


class _Reader:
    """Typed access to one object of the results, naming the key path on every refusal."""

    def __init__(self, source: str, raw: object, path: str) -> None:
        if not isinstance(raw, Mapping):
            raise InputError(
                source, path or None, f"expected an object, found {a_kind(raw, 'an object')}"
            )
        self.source, self.raw, self.path = source, raw, path

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def get(self, name: str, types: tuple[type, ...], label: str, default: object = ...) -> Any:
        if name not in self.raw:
            if default is ...:
                raise InputError(self.source, self.key(name), f"missing; expected {label}")
            return default
        value = self.raw[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise InputError(
                self.source, self.key(name), f"expected {label}, found {a_kind(value, 'an object')}"
            )
        return value

    def text(self, name: str, default: object = ...) -> Any:
        return self.get(name, (str,), "a string", default)

    def count(self, name: str, default: object = ...) -> Any:
        value = self.get(name, (int,), "an integer >= 0", default)
        if isinstance(value, int) and value < 0:
            raise InputError(
                self.source, self.key(name), f"expected an integer >= 0, found {value}"
            )
        return value

    def choice(self, name: str, options: Sequence[str]) -> str:
        value = self.text(name)
        if value not in options:
            raise InputError(
                self.source,
                self.key(name),
                f"expected one of {', '.join(options)}, found {value!r}"[:300],
            )
        return str(value)

    def items(self, name: str) -> list[_Reader]:
        values = self.get(name, (list,), "a list", [])
        return [
            _Reader(self.source, item, f"{self.key(name)}[{index}]")
            for index, item in enumerate(values)
        ]

    def strings(self, name: str) -> tuple[str, ...]:
        values = self.get(name, (list,), "a list of strings", [])
        for index, item in enumerate(values):
            if not isinstance(item, str):
                raise InputError(
                    self.source,
                    f"{self.key(name)}[{index}]",
                    f"expected a string, found {a_kind(item, 'an object')}",
                )
        return tuple(values)

    def child(self, name: str) -> _Reader | None:
        raw = self.raw.get(name)
        return None if raw is None else _Reader(self.source, raw, self.key(name))


def _range(reader: _Reader | None) -> ViewRange | None:
    if reader is None:
        return None
    return ViewRange(
        reader.text("doc"),
        reader.count("segment"),
        reader.count("char_start"),
        reader.count("char_end"),
        reader.get("occurrences", (int, type(None)), "an integer or null", None),
    )


def _check(reader: _Reader | None) -> ViewCheck | None:
    if reader is None:
        return None
    return ViewCheck(
        reader.get("verified", (bool,), "a boolean"),
        reader.text("reason"),
        reader.text("detail", ""),
    )


def _mention(reader: _Reader) -> ViewMention:
    return ViewMention(
        reader.count("start"),
        reader.count("end"),
        reader.text("text", ""),
        reader.get("reading", (str, type(None)), "a string or null", None),
        reader.get("field", (str, type(None)), "a string or null", None),
        reader.get("negated", (bool,), "a boolean", False),
        reader.get("bound", (str,), "a string", "exact"),
        reader.get("matched", (bool,), "a boolean", False),
        reader.get("nearest", (bool,), "a boolean", False),
    )


def _value_check(reader: _Reader | None) -> ViewValueCheck | None:
    if reader is None:
        return None
    optional = (str, type(None))
    return ViewValueCheck(
        ok=reader.get("ok", (bool,), "a boolean"),
        checked=reader.get("checked", (bool,), "a boolean", True),
        type=reader.get("type", optional, "a string or null", None),
        type_source=reader.text("type_source", ""),
        reading=reader.get("reading", optional, "a string or null", None),
        value_reason=reader.get("value_reason", optional, "a string or null", None),
        hint=reader.text("hint", ""),
        mentions=tuple(_mention(item) for item in reader.items("mentions")),
    )


def _value(reader: _Reader) -> ViewValue:
    check = reader.child("check")  # first: a refusal names the first bad key in this order
    return ViewValue(
        index=reader.count("index"),
        field=reader.text("field"),
        value=reader.raw.get("value"),
        why=reader.raw.get("why"),
        cite=reader.raw.get("cite"),
        check=_check(check),
        highlight=_range(reader.child("highlight")),
        near=_range(reader.child("near")),
        value_check=_value_check(reader.child("value_check")),
    )


def _provenance(reader: _Reader | None) -> tuple[str, ...]:
    if reader is None:
        return ()

    def line(label: str, turn: _Reader | None) -> str:
        if turn is None:
            return f"{label}: nothing (no turn)"
        state = turn.get("engine_state", (str, type(None)), "a string or null", None)
        digest = turn.get("bundle_sha256", (str, type(None)), "a string or null", None)
        if state is None:  # a turn whose context_provenance was missing or misshapen
            return f"{label}: no readable provenance"
        return f"{label}: engine_state {state}, bundle_sha256 {digest or 'null'}"

    return (line("served", reader.child("served")), line("turn claims", reader.child("claimed")))


def _finding(reader: _Reader) -> ViewFinding:
    return ViewFinding(
        reader.text("reason"),
        reader.text("detail", ""),
        reader.text("field", None),
        reader.count("value_index", None),
        reader.strings("diagnosis"),
    )


def _document(reader: _Reader) -> ViewDocument:
    return ViewDocument(
        reader.text("id"),
        reader.text("kind", ""),
        tuple(
            ViewSegment(
                segment.text("label", ""),
                segment.text("text"),
                segment.get("utf8", (bool,), "a boolean", True),
            )
            for segment in reader.items("segments")
        ),
    )


def _pack(reader: _Reader) -> ViewPack:
    # Findings and documents before the pack's own keys: a refusal names the first bad key
    # met, so this order decides which one a file with several faults is refused for.
    findings = tuple(_finding(item) for item in reader.items("findings"))
    documents = tuple(_document(item) for item in reader.items("documents"))
    return ViewPack(
        id=reader.text("id"),
        title=reader.text("title", ""),
        source=reader.text("source", ""),
        route=reader.text("route", ""),
        engine_state=reader.text("engine_state"),
        verdict=reader.choice("verdict", ("green", "red")),
        expect=reader.choice("expect", ("green", "red")),
        held=reader.get("held", (bool,), "a boolean"),
        not_held_because=reader.get(
            "not_held_because", (str, type(None)), "a string or null", None
        ),
        reasons=reader.strings("reasons"),
        findings=findings,
        provenance=_provenance(reader.child("provenance")),
        values=tuple(_value(item) for item in reader.items("values")),
        documents=documents,
        has_evidence="values" in reader.raw and "documents" in reader.raw,
    )


UNREADABLE = "RESULTS_UNREADABLE"  # the reason shown for a pack the view could not read


def _unreadable(reader: _Reader, index: int, problem: InputError) -> ViewPack:
    """A pack whose entry is not what ``run context`` writes: shown red and not held, with
    what could be read of it and the problem, so one bad entry never loses the page."""
    raw = reader.raw
    pack_id = raw.get("id")
    reasons = raw.get("reasons")
    kept = [code for code in reasons if isinstance(code, str)] if isinstance(reasons, list) else []
    expect = raw.get("expect")
    return ViewPack(
        id=pack_id if isinstance(pack_id, str) else f"packs[{index}]",
        title="",
        source="",
        route="",
        engine_state=str(raw.get("engine_state", "")),
        verdict="red",
        expect=expect if expect in ("green", "red") else "green",
        held=False,
        not_held_because=f"the view could not read this pack's results: {problem}",
        reasons=tuple(sorted(set(kept) | {UNREADABLE}, key=[*kept, UNREADABLE].index)),
        findings=(ViewFinding(UNREADABLE, str(problem), None, None, ()),),
        provenance=(),
        values=(),
        documents=(),
        has_evidence=False,
    )


def read_view(data: object, source: str) -> View:
    """The view of parsed RESULTS.json (``run context --format json``), or an InputError
    naming ``source`` and the key that is not what that command writes.

    Only the file's frame is refused (not an object, no ``packs`` list, bad counts). A pack
    entry that cannot be read is shown red and not held, with the problem, and the rest of
    the page is written.
    """
    top = _Reader(source, data, "")
    if "packs" not in top.raw:
        raise InputError(
            source, "packs", "missing; expected what 'sakshi run context --format json' writes"
        )
    packs: list[ViewPack] = []
    for index, item in enumerate(top.get("packs", (list,), "a list")):
        try:
            reader = _Reader(source, item, f"packs[{index}]")
        except InputError as problem:
            packs.append(_unreadable(_Reader(source, {}, ""), index, problem))
            continue
        try:
            packs.append(_pack(reader))
        except InputError as problem:
            packs.append(_unreadable(reader, index, problem))
    return View(tuple(packs), top.count("held"), top.count("failed"))
