"""A graded pack as its reports show it, and the reports made from such records.

A ``PackRecord`` is plain data: the pack's object in the JSON report (SPEC section 4, with
its findings and evidence) as orjson wrote it, and beside it what the other reports read:
the SPEC's keys, its tags (for ``--tag``), each finding's headline and notes (the text
report's diagnosis) and, when it did not hold, its JUnit failure. Every format
and the stderr brief are made from records alone, so a pack whose record is in the cache
(``context/warm.py``) is reported without being loaded or graded again, byte for byte as a
fresh grade would be. ``reports/context.py`` makes a record of a graded pack.

Nothing here imports the grade, the values core or a parser: a warm run stays small.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

__all__ = ["FindingLines", "PackRecord", "render_json", "render_junit", "render_text", "summary"]

# A finding's headline and the notes under it (a diagnosis, a value's check).
FindingLines = tuple[str, tuple[str, ...]]
_NAMED = ("id", "source", "route", "verdict", "engine_state", "expect")


@dataclass(frozen=True)
class PackRecord:
    """One graded pack, as every report shows it: ``head``, what the text, JUnit and brief
    read (the SPEC's keys, each finding's reason and detail, the tags, the finding lines,
    the JUnit failure), and the pack's object in the JSON report as orjson writes it
    (indented by two), so that a warm run neither parses nor re-renders it."""

    head: Mapping[str, Any]
    entry_json: bytes

    @classmethod
    def of(
        cls,
        entry: Mapping[str, Any],
        tags: tuple[str, ...],
        lines: tuple[FindingLines, ...],
        failure: tuple[str, str] | None,
    ) -> PackRecord:
        """The record of a pack whose JSON object is ``entry``."""
        head = {key: entry[key] for key in (*_NAMED, "held", "reasons", "not_held_because")}
        head["findings"] = [[item["reason"], item["detail"]] for item in entry["findings"]]
        head["tags"] = list(tags)
        head["lines"] = [[headline, list(notes)] for headline, notes in lines]
        head["failure"] = None if failure is None else list(failure)
        return cls(head, orjson.dumps(entry, option=orjson.OPT_INDENT_2))

    @property
    def id(self) -> str:
        """The pack's id."""
        return str(self.head["id"])

    @property
    def source(self) -> str:
        """The pack's file, as the run named it."""
        return str(self.head["source"])

    @property
    def route(self) -> str:
        """``recorded``, or the route that answered."""
        return str(self.head["route"])

    @property
    def tags(self) -> tuple[str, ...]:
        """The pack's tags (for ``--tag``)."""
        return tuple(self.head["tags"])

    @property
    def held(self) -> bool:
        """The verdict met the expectation."""
        return self.head["held"] is True

    @property
    def verdict(self) -> str:
        """``green`` or ``red``."""
        return str(self.head["verdict"])

    @property
    def reasons(self) -> list[str]:
        """The grade's reason codes, in order."""
        return [str(code) for code in self.head["reasons"]]

    @property
    def not_held_because(self) -> str | None:
        """Why the pack did not hold, in one line; None when it held."""
        why = self.head["not_held_because"]
        return None if why is None else str(why)

    @property
    def findings(self) -> list[tuple[str, str]]:
        """Each finding's reason code and one-line detail."""
        return [(str(reason), str(detail)) for reason, detail in self.head["findings"]]

    @property
    def lines(self) -> list[FindingLines]:
        """Each finding's headline and the notes under it."""
        return [(head, tuple(notes)) for head, notes in self.head["lines"]]

    @property
    def failure(self) -> tuple[str, str] | None:
        """The JUnit message and body, when the pack did not hold."""
        found = self.head["failure"]
        return None if found is None else (found[0], found[1])

    def to_bytes(self) -> bytes:
        """The record as one line of JSON (the head), then the entry (``from_bytes``)."""
        return orjson.dumps(self.head) + b"\n" + self.entry_json

    @classmethod
    def from_bytes(cls, data: bytes | None) -> PackRecord | None:
        """The record ``to_bytes`` wrote, or None when ``data`` is not of that shape."""
        if data is None:
            return None
        line, _, entry_json = data.partition(b"\n")
        try:
            head = orjson.loads(line)
        except orjson.JSONDecodeError:
            return None
        ok = _head_shape(head) and entry_json.startswith(b"{") and entry_json.endswith(b"}")
        return cls(head, entry_json) if ok else None


def _strings(value: object, count: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(item, str) for item in value)
        and (count is None or len(value) == count)
    )


def _head_shape(head: object) -> bool:
    """``head`` has what the reports read of a pack, each of its type."""
    if not isinstance(head, dict):
        return False
    lines, failure = head.get("lines"), head.get("failure", 0)
    findings = head.get("findings")
    return (
        all(isinstance(head.get(key), str) for key in _NAMED)
        and isinstance(head.get("held"), bool)
        and _strings(head.get("reasons"))
        and _strings(head.get("tags"))
        and isinstance(head.get("not_held_because", 0), str | None)
        and isinstance(findings, list)
        and all(_strings(item, 2) for item in findings)
        and isinstance(lines, list)
        and all(
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and _strings(item[1])
            for item in lines
        )
        and (failure is None or _strings(failure, 2))
    )


def summary(records: Sequence[PackRecord]) -> tuple[int, int]:
    """(held, failed) counts."""
    held = sum(record.held for record in records)
    return held, len(records) - held


def render_json(records: Sequence[PackRecord], identity: Mapping[str, Any] | None = None) -> bytes:
    """The SPEC's object: packs, held and failed counts (plus details per pack).

    Written as ``orjson.dumps(body, option=OPT_INDENT_2)`` writes it, from each pack's
    object as orjson wrote it: one level deeper, each of its lines indented by four more
    spaces (a JSON string never holds a raw line break, so every line break in it is
    orjson's own; tests/test_result_cache.py checks the two agree)."""
    held, failed = summary(records)
    if identity is not None:  # the rare report that carries the identity: as orjson has it
        body: dict[str, Any] = {
            "packs": [orjson.loads(record.entry_json) for record in records],
            "held": held,
            "failed": failed,
            "identity": dict(identity),
        }
        return orjson.dumps(body, option=orjson.OPT_INDENT_2) + b"\n"
    if records:
        packs = b",\n    ".join(r.entry_json.replace(b"\n", b"\n    ") for r in records)
        listed = b"[\n    " + packs + b"\n  ]"
    else:
        listed = b"[]"
    tail = f',\n  "held": {held},\n  "failed": {failed}\n}}\n'.encode()
    return b'{\n  "packs": ' + listed + tail


def render_junit(records: Sequence[PackRecord], identity: Mapping[str, Any] | None = None) -> bytes:
    """One testsuite, one testcase per pack; a pack that did not hold is a failure."""
    from sakshi.reports import junit

    cases = []
    for record in records:
        classname = f"sakshi.context.{record.head['engine_state']}"
        if record.failure is None:
            cases.append(junit.Case(classname, record.id))
        else:
            message, body = record.failure
            cases.append(junit.Case(classname, record.id, "failure", message, "sakshi.red", body))
    return junit.render("sakshi.context", cases, identity)


def render_text(
    records: Sequence[PackRecord],
    color: bool,
    width: int = 100,
    identity: Mapping[str, Any] | None = None,
    failures_only: bool = False,
) -> str:
    """A readable table for people (``width`` columns), then the diagnosis of every pack
    that did not hold or was graded red. ``failures_only``: only the packs that did not
    hold, in the table and below it (the counts stay whole). Messages are never wrapped
    (soft wrap): a CI log keeps each one on its line, no word cut."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="sakshi run context", title_justify="left", expand=False)
    for column in ("pack", "state", "verdict", "expect", "held", "reasons"):
        table.add_column(column, overflow="fold")
    for r in records:
        if failures_only and r.held:
            continue
        verdict = f"[green]{r.verdict}[/]" if r.verdict == "green" else f"[red]{r.verdict}[/]"
        held_text = "[green]yes[/]" if r.held else "[bold red]NO[/]"
        reasons = ", ".join(r.reasons) or "-"
        table.add_row(
            r.id, str(r.head["engine_state"]), verdict, str(r.head["expect"]), held_text, reasons
        )
    buffer = io.StringIO()
    console = Console(
        file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False
    )
    console.print(table)
    for r in records:
        if r.held and (failures_only or r.verdict != "red"):
            continue
        console.print(
            f"\n[bold]{escape(r.id)}[/] ({escape(r.source)}, route {escape(r.route)})",
            markup=True,
            soft_wrap=True,
        )
        if r.not_held_because is not None:
            console.print(f"  not held: {r.not_held_because}", markup=False, soft_wrap=True)
        for headline, notes in r.lines:
            console.print(f"  {headline}", markup=False, soft_wrap=True)
            for note in notes:
                console.print(f"    - {note}", markup=False, soft_wrap=True)
    held, failed = summary(records)
    console.print(f"\n{held} held, {failed} failed")
    if identity is not None:
        git = identity.get("git", {})
        head = git.get("head") or "none"
        console.print(
            f"sakshi {identity.get('versions', {}).get('sakshi')}, git {head[:12]}"
            f"{' (dirty)' if git.get('dirty') else ''}"
        )
    return buffer.getvalue()
