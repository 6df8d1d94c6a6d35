"""The corpus file (``sakshi.recovery-corpus.v2``, SPEC section 5) read into the model.

Strict: an unknown key, a wrong type, a duplicate case id or a path out of the project is
an ``InputError`` naming the file and the key; a message never quotes a fact.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from sakshi.errors import InputError, type_name
from sakshi.inputs import load_yaml_file
from sakshi.recovery.corpus import MAX_SOURCE_LINES, Case, CaseKind, Corpus, Source

__all__ = ["CORPUS_FORMAT", "load_corpus", "parse_corpus"]

CORPUS_FORMAT = "sakshi.recovery-corpus.v2"
_CASE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:\-]*\Z")
# Every character str.splitlines() breaks on: a fact must stand on one line for any reader.
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _str(raw: Mapping[str, object], key: str, source: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise InputError(
            source, f"{where}.{key}", f"expected a non-empty string, found {type_name(value)}"
        )
    return value


def _shown(value: object) -> str:
    """A found value as the other commands say it: ``null`` for a missing or null value."""
    return "null" if value is None else repr(value)


def _int(
    raw: Mapping[str, object], key: str, source: str, where: str, maximum: int | None = None
) -> int:
    """``raw[key]``: an integer from 1 (to ``maximum``, when given); true is not 1."""
    value = raw.get(key)
    if type(value) is int and value >= 1 and (maximum is None or value <= maximum):
        return value
    expected = "an integer >= 1" if maximum is None else f"an integer from 1 to {maximum:,}"
    found = f"{value!r}"[:40] if type(value) is int else type_name(value)
    raise InputError(source, f"{where}.{key}", f"expected {expected}, found {found}")


def _case(raw: object, source: str, where: str) -> Case:
    if not isinstance(raw, Mapping):
        raise InputError(source, where, f"expected a case mapping, found {type_name(raw)}")
    allowed = {"id", "kind", "producer", "prompt", "source", "fact"}
    unknown = sorted(str(key) for key in raw if key not in allowed)
    if unknown:
        raise InputError(
            source,
            f"{where}.{unknown[0]}",
            f"unknown key; a case takes {', '.join(sorted(allowed))}",
        )
    case_id = _str(raw, "id", source, where)
    if not _CASE_ID.match(case_id):
        raise InputError(
            source, f"{where}.id", f"expected [A-Za-z0-9][A-Za-z0-9._:-]*, found {case_id!r}"[:200]
        )
    kind_raw = raw.get("kind")
    if kind_raw not in [kind.value for kind in CaseKind]:
        raise InputError(
            source,
            f"{where}.kind",
            f"expected read-offset or temp-output, found {_shown(kind_raw)}"[:200],
        )
    kind = CaseKind(kind_raw)
    producer = None
    if kind is CaseKind.TEMP_OUTPUT or raw.get("producer") is not None:
        producer = _str(raw, "producer", source, where).lower()
    prompt = _str(raw, "prompt", source, where)
    fact = _str(raw, "fact", source, where)
    # Never quote the fact in a message: say what is wrong with it, not what it is.
    if any(ch in _LINE_BREAKS for ch in fact):
        raise InputError(
            source, f"{where}.fact", "expected text on one line; the fact holds a line break"
        )
    try:
        fact.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(
            source, f"{where}.fact", "expected text; the fact holds a lone surrogate"
        ) from None
    raw_source = raw.get("source")
    if not isinstance(raw_source, Mapping):
        raise InputError(
            source,
            f"{where}.source",
            f"expected {{path, lines, fact_line}}, found {type_name(raw_source)}",
        )
    path = _str(raw_source, "path", source, f"{where}.source")
    pure = PurePosixPath(path)
    if pure.is_absolute() or ".." in pure.parts or "\\" in path:
        raise InputError(
            source,
            f"{where}.source.path",
            f"expected a relative POSIX path inside the project, found {path!r}",
        )
    # Capped: the source is generated whole, by corpus check and by every live run.
    lines = _int(raw_source, "lines", source, f"{where}.source", MAX_SOURCE_LINES)
    fact_line = _int(raw_source, "fact_line", source, f"{where}.source")
    # fact_line > lines is well-formed: the case certifies nothing, and check_corpus says so.
    return Case(case_id, kind, producer, prompt, Source(path, lines, fact_line), fact)


def parse_corpus(data: object, source: str) -> Corpus:
    """Validate parsed corpus data; case ids unique."""
    if not isinstance(data, Mapping):
        raise InputError(source, None, f"expected a corpus mapping, found {type_name(data)}")
    unknown = sorted(str(key) for key in data if key not in ("corpus", "cases"))
    if unknown:
        raise InputError(source, unknown[0], "unknown key; a corpus takes corpus and cases")
    if data.get("corpus") != CORPUS_FORMAT:
        raise InputError(
            source, "corpus", f"expected {CORPUS_FORMAT!r}, found {data.get('corpus')!r}"[:200]
        )
    raw_cases = data.get("cases")
    if not isinstance(raw_cases, list) or not raw_cases:
        raise InputError(
            source, "cases", f"expected a non-empty list, found {type_name(raw_cases)}"
        )
    cases: dict[str, Case] = {}
    for index, raw in enumerate(raw_cases):
        case = _case(raw, source, f"cases[{index}]")
        if case.id in cases:
            raise InputError(source, f"cases[{index}].id", f"duplicate case id {case.id!r}")
        cases[case.id] = case
    return Corpus(cases)


def load_corpus(path: Path) -> Corpus:
    """Read and validate a corpus file."""
    return parse_corpus(load_yaml_file(path), str(path))
