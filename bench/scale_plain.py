"""The plainest loop that does ``sakshi grade``'s work on bench/scale.py's log: the peer
its local run is measured against, run as a whole process in the same way.

It loads every document once into a dict (``<id>.txt`` decoded, ``<id>.yaml`` read with
libyaml), then for each line: ``orjson.loads``, the bundle hash as sakshi computes it (the
SHA-256 of the bundle's sorted-key JSON, which is its RFC 8785 form for plain data such
as this log's, see ``sakshi.context.turns.jcs_json``) compared with the logged
``context_provenance``, the document looked up, the quote compared with the slice at its
codepoint offsets (or searched for, without offsets), and one ``{"id", "line", "verdict",
"reasons"}`` line written with orjson. It validates nothing else (no shape checks, no
reading of the value from the quote, SPEC 8), so it is a floor, not a peer.

With ``--values`` it also does what SPEC 8 added to the grade, the plainest way: each
value whose cite held is read against its quote by sakshi's values core
(``sakshi.values.check_value``), once per distinct (field, value, quote, fields), the
line's ``fields`` parsed once per distinct declaration; a value it does not state is
VALUE_UNSUPPORTED.

    python bench/scale_plain.py TURNS.jsonl DIR [--values] > graded.jsonl
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any, BinaryIO

import orjson
import yaml


def load_documents(folder: Path) -> dict[str, list[str]]:
    """Every document of ``folder`` by id, as its pages (a ``.txt`` file is one page)."""
    documents: dict[str, list[str]] = {}
    for path in folder.iterdir():
        if path.suffix == ".txt":
            documents[path.stem] = [path.read_bytes().decode("utf-8")]
        elif path.suffix == ".yaml":
            loaded = yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)
            documents[path.stem] = loaded["pages"]
    return documents


class ValueReader:
    """``check_value`` once per distinct question, the line's fields parsed once each."""

    def __init__(self) -> None:
        from sakshi.values import check_value, parse_fields

        self.check_value, self.parse_fields = check_value, parse_fields
        self.fields: dict[bytes, Any] = {}
        self.stated: dict[tuple[str, str, str, bytes], bool] = {}

    def states(self, value: dict[str, Any], raw_fields: object) -> bool:
        key = orjson.dumps(raw_fields, option=orjson.OPT_SORT_KEYS)
        fields = self.fields.get(key)
        if fields is None:
            fields = self.fields[key] = self.parse_fields(raw_fields or {})
        question = (value["field"], value["value"], value["cite"]["quote"], key)
        stated = self.stated.get(question)
        if stated is None:
            check = self.check_value(question[0], question[1], question[2], fields)
            stated = self.stated[question] = check.ok
        return stated


def grade(
    lines: BinaryIO, documents: dict[str, list[str]], out: BinaryIO, values: ValueReader | None
) -> int:
    """Grade every line of ``lines`` into ``out``; returns how many were red."""
    red = 0
    for number, line in enumerate(lines, 1):
        entry = orjson.loads(line)
        turn = entry["turn"]
        served = turn["context_provenance"]
        canonical = orjson.dumps(entry["bundle"], option=orjson.OPT_SORT_KEYS)
        reasons = []
        if (
            served["engine_state"] != entry["engine_state"]
            or served["bundle_sha256"] != hashlib.sha256(canonical).hexdigest()
        ):
            reasons.append("PROVENANCE_MISMATCH")
        for value in turn["values"]:
            cite = value["cite"]
            page = documents[cite["doc"]][cite.get("page", 1) - 1]
            quote = cite["quote"]
            start = cite.get("char_start")
            if start is None:
                held = quote in page
            else:
                held = page[start : cite["char_end"]] == quote
            if not held:
                reasons.append("FABRICATED_SPAN")
                break
            if values is not None and not values.states(value, entry.get("fields")):
                reasons.append("VALUE_UNSUPPORTED")
                break
        red += bool(reasons)
        verdict = "red" if reasons else "green"
        graded = {"id": entry["id"], "line": number, "verdict": verdict, "reasons": reasons}
        out.write(orjson.dumps(graded))
        out.write(b"\n")
    return red


def main(argv: list[str]) -> int:
    """``TURNS DIR [--values]``: grade to stdout; exit 1 when a line is red, as ``sakshi
    grade``."""
    turns, folder = argv[:2]
    values = ValueReader() if argv[2:] == ["--values"] else None
    documents = load_documents(Path(folder))
    with open(turns, "rb") as lines:
        red = grade(lines, documents, sys.stdout.buffer, values)
    return 1 if red else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
