"""A graded pack as its reports show it, and the reports made from such records.

A ``PackRecord`` is plain data: the pack's object in the JSON report (SPEC section 4, with
its findings and evidence), its tags (for ``--tag``), each finding's headline and notes
(the text report's diagnosis) and, when it did not hold, its JUnit failure. Every format
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


@dataclass(frozen=True)
class PackRecord:
    """One graded pack, as every report shows it."""

    entry: Mapping[str, Any]  # the pack's object in the JSON report
    tags: tuple[str, ...] = ()
    lines: tuple[FindingLines, ...] = ()
    failure: tuple[str, str] | None = None  # JUnit message and body, when it did not hold

    @property
    def id(self) -> str:
        """The pack's id."""
        return str(self.entry["id"])

    @property
    def source(self) -> str:
        """The pack's file, as the run named it."""
        return str(self.entry["source"])

    @property
    def route(self) -> str:
        """``recorded``, or the route that answered."""
        return str(self.entry["route"])

    @property
    def held(self) -> bool:
        """The verdict met the expectation."""
        return self.entry["held"] is True

    @property
    def verdict(self) -> str:
        """``green`` or ``red``."""
        return str(self.entry["verdict"])

    @property
    def reasons(self) -> list[str]:
        """The grade's reason codes, in order."""
        return [str(code) for code in self.entry["reasons"]]

    @property
    def not_held_because(self) -> str | None:
        """Why the pack did not hold, in one line; None when it held."""
        why = self.entry["not_held_because"]
        return None if why is None else str(why)

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data (``from_data`` reads it back)."""
        return {
            "entry": self.entry,
            "tags": list(self.tags),
            "lines": [[headline, list(notes)] for headline, notes in self.lines],
            "failure": None if self.failure is None else list(self.failure),
        }

    @classmethod
    def from_data(cls, data: object) -> PackRecord | None:
        """The record ``to_data`` wrote, or None when ``data`` is not of that shape."""
        if not isinstance(data, dict) or not _entry_shape(data.get("entry")):
            return None
        lines, tags, failure = data.get("lines"), data.get("tags"), data.get("failure", 0)
        if not isinstance(lines, list) or not isinstance(tags, list) or not _strings(tags):
            return None
        if not all(_finding_lines(item) for item in lines):
            return None
        if failure is not None and not (_strings(failure) and len(failure) == 2):
            return None
        return cls(
            data["entry"],
            tuple(tags),
            tuple((head, tuple(notes)) for head, notes in lines),
            None if failure is None else (failure[0], failure[1]),
        )


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _finding_lines(item: object) -> bool:
    return (
        isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and _strings(item[1])
    )


def _entry_shape(entry: object) -> bool:
    """``entry`` has what the reports read of a pack, each of its type."""
    if not isinstance(entry, dict):
        return False
    named = ("id", "source", "route", "verdict", "engine_state", "expect")
    return (
        all(isinstance(entry.get(key), str) for key in named)
        and isinstance(entry.get("held"), bool)
        and _strings(entry.get("reasons"))
        and isinstance(entry.get("not_held_because", 0), str | None)
        and isinstance(entry.get("findings"), list)
    )


def summary(records: Sequence[PackRecord]) -> tuple[int, int]:
    """(held, failed) counts."""
    held = sum(record.held for record in records)
    return held, len(records) - held


def render_json(records: Sequence[PackRecord], identity: Mapping[str, Any] | None = None) -> bytes:
    """The SPEC's object: packs, held and failed counts (plus details per pack)."""
    held, failed = summary(records)
    body: dict[str, Any] = {
        "packs": [record.entry for record in records],
        "held": held,
        "failed": failed,
    }
    if identity is not None:
        body["identity"] = dict(identity)
    return orjson.dumps(body, option=orjson.OPT_INDENT_2) + b"\n"


def render_junit(records: Sequence[PackRecord], identity: Mapping[str, Any] | None = None) -> bytes:
    """One testsuite, one testcase per pack; a pack that did not hold is a failure."""
    from sakshi.reports import junit

    cases = []
    for record in records:
        classname = f"sakshi.context.{record.entry['engine_state']}"
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
            r.id, str(r.entry["engine_state"]), verdict, str(r.entry["expect"]), held_text, reasons
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
