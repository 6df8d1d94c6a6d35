"""Judges a recorded Pi session by the recovery rules of SPEC section 5, written apart from
``src/`` (a second reading: the recorder stops when it and the scenario's plan disagree, and
the fixture tests compare it with every committed label).

It reads the session's current branch (the path from the root to the last line) and sees
only tool calls, tool results and the last assistant text, in any Pi version 0.73-1.6.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sakshi.recovery.corpus import Case, CaseKind

__all__ = ["judge"]


@dataclass
class _Call:
    pos: int
    id: str
    name: str
    args: dict[str, Any]

    @property
    def path(self) -> str | None:
        for key in ("path", "file_path", "filePath"):
            if isinstance(self.args.get(key), str):
                return str(self.args[key])
        return None

    @property
    def offset(self) -> int | None:
        """The offset when it is a JSON integer: a float (2001.0), a boolean (true is 1 to
        Python) or a string is no offset (SPEC section 5), whatever a tool makes of it."""
        value = self.args.get("offset")
        return value if type(value) is int else None

    @property
    def malformed(self) -> bool:
        """An offset is named (not null) that is no JSON integer: the read starts nowhere
        known, so it neither tells an offset nor continues at one."""
        return self.args.get("offset") is not None and self.offset is None


@dataclass
class _Result:
    pos: int
    is_error: bool
    text: str
    details: dict[str, Any]


def _leaf_path(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    entries = [e for e in lines if e.get("type") != "session"]
    by_id = {e["id"]: e for e in entries}
    path, entry = [], entries[-1] if entries else None
    while entry is not None:
        path.append(entry)
        entry = by_id.get(entry.get("parentId"))
    return path[::-1]


def _parse(session: Path) -> tuple[list[_Call], dict[str, _Result], str]:
    lines = [
        json.loads(line)
        for line in session.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    calls: list[_Call] = []
    results: dict[str, _Result] = {}
    final = ""
    for pos, entry in enumerate(_leaf_path(lines)):
        msg = entry.get("message") or {}
        if msg.get("role") == "assistant":
            text = "".join(
                b.get("text", "") for b in msg.get("content", []) if b.get("type") == "text"
            )
            if text.strip():
                final = text
            for block in msg.get("content", []):
                if block.get("type") == "toolCall":
                    calls.append(
                        _Call(pos, block["id"], block["name"], block.get("arguments") or {})
                    )
        elif msg.get("role") == "toolResult":
            text = "\n".join(
                b.get("text", "") for b in msg.get("content", []) if b.get("type") == "text"
            )
            raw = msg.get("details")
            details: dict[str, Any] = raw if isinstance(raw, dict) else {}
            results.setdefault(
                msg["toolCallId"], _Result(pos, bool(msg.get("isError")), text, details)
            )
    return calls, results, final


def _is_source(path: str | None, source: str) -> bool:
    return path is not None and (path == source or path.endswith("/" + source))


def _ok(result: _Result | None) -> bool:
    return result is not None and not result.is_error


def judge(case: Case, session: Path, probe: dict[str, Any] | None) -> tuple[str, list[str]]:
    calls, results, final = _parse(session)
    reads = [c for c in calls if c.name.lower() == "read"]
    source = case.source.path
    reasons: set[str] = set()
    if case.kind is CaseKind.TEMP_OUTPUT:
        producers = [c for c in calls if c.name.lower() == case.producer]
        if not producers:
            return "fail", ["PRODUCER_MISSING"]
        if len(producers) > 1:
            reasons.add("REPEATED_PRODUCER")
        events = (probe or {}).get("events", [])
        named = {e.get("after_call_id") for e in events}
        producer = next((p for p in producers if p.id in named), producers[0])
        result = results.get(producer.id)
        if not _ok(result):
            reasons.add("PRODUCER_FAILED")
        handle = (result.details.get("fullOutputPath") if result else None) or None
        if not isinstance(handle, str):
            reasons.add("HANDLE_NOT_IN_DETAILS")
            found = re.findall(r"Full output: ([^\]\n]+)\]", result.text if result else "")
            handle = found[-1] if found else None
        mine = [e for e in events if e.get("after_call_id") == producer.id]
        if not any(
            e.get("event") == "source_deleted"
            and e.get("verified") is True
            and _is_source(e.get("path"), source)
            for e in mine
        ):
            reasons.add("CLEANUP_UNVERIFIED")
        if not any(
            e.get("event") == "handle_checked"
            and e.get("handle") == handle
            and e.get("readable") is True
            and e.get("fact_present") is True
            for e in mine
        ):
            reasons.add("HANDLE_UNVERIFIED")
        if any(_is_source(c.path, source) for c in reads):
            reasons.add("SOURCE_READ_DIRECTLY")
        after = result.pos if result else producer.pos
        later = [c for c in reads if c.pos > after]
        on_handle = [c for c in later if handle is not None and c.path == handle]
        if not on_handle:
            reasons.add(
                "UNRELATED_PATH"
                if any(not _is_source(c.path, source) for c in later)
                else "NO_RECOVERY_READ"
            )
        else:
            good = [results.get(c.id) for c in on_handle if _ok(results.get(c.id))]
            if not good:
                reasons.add("RECOVERY_READ_FAILED")
            elif not any(case.fact in r.text for r in good if r):
                reasons.add("FACT_MISSING")
    else:
        source_reads = [c for c in reads if _is_source(c.path, source)]
        if not source_reads:
            return "fail", ["PRODUCER_MISSING"]
        # Only a chain's read tells: one from the top, or one at an offset told before it
        # (a read at no JSON integer starts nowhere known, a guessed one continues nothing).
        told: dict[int, int] = {}
        for c in sorted(source_reads, key=lambda call: call.pos):
            top = not c.malformed and (c.offset is None or c.offset <= 1)
            hop = c.offset in told and told[c.offset] < c.pos
            r = results.get(c.id) if top or hop else None
            if r is not None and not r.is_error:
                for n in re.findall(r"Use offset=(\d+) to continue", r.text):
                    told.setdefault(int(n), r.pos)
        if not told:
            return "fail", ["PRODUCER_FAILED"]
        hops = [c for c in source_reads if c.offset is not None and c.offset > 1]
        valid = [c for c in hops if c.offset in told and told[c.offset] < c.pos]
        guessed = [c for c in hops if c.offset in told and told[c.offset] > c.pos]
        wrong = [c for c in hops if c.offset not in told] + [c for c in source_reads if c.malformed]
        first_told = min(told.values())
        elsewhere = [c for c in reads if c.pos > first_told and not _is_source(c.path, source)]
        reached = any(_ok(results.get(c.id)) and case.fact in results[c.id].text for c in valid)
        if not reached:
            if guessed:
                reasons.add("READ_BEFORE_PRODUCER")
            if wrong:
                reasons.add("WRONG_OFFSET")
            if elsewhere:
                reasons.add("WRONG_SOURCE")
            if valid:
                ok = [c for c in valid if _ok(results.get(c.id))]
                reasons.add("FACT_MISSING" if ok else "RECOVERY_READ_FAILED")
            if not reasons:
                reasons.add("NO_RECOVERY_READ")
    if not reasons and case.fact not in final:
        reasons.add("FACT_MISSING")
    return ("pass" if not reasons else "fail"), sorted(reasons)
