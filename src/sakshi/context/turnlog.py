"""Production turn logs (``sakshi grade``): one logged turn a line, graded in order.

``grade_line`` is pure: a line, its number and a document lookup in, an output line out.
The documents come from a ``DocumentStore`` (docstore.py). An output line is ``{"id",
"line", "verdict", "reasons"}``: ``line`` is the input line's physical number in its log
(1-based, blank lines counted: whoever reads the log numbers its lines, see
``partitions.py``), and a red line adds what explains it (``linefields.py``). Most lines
of a real log are green: ``_plainly_green`` recognises the usual green line without
building the turn, and anything else takes the full grade (see there).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

import orjson

from sakshi.context.docstore import DocumentStore
from sakshi.context.grade import Verdict, checked_span, checked_value, grade_turn, readable_why
from sakshi.context.linefields import line_fields, line_findings, line_rules
from sakshi.context.turns import (
    EngineState,
    Served,
    Turn,
    bundle_sha256,
    legacy_bundle_sha256,
    parse_turn,
)
from sakshi.errors import a_kind
from sakshi.reasons import GradeReason
from sakshi.runcache import RunCache, Table
from sakshi.spans import Document
from sakshi.values import PLAIN_RULES, ValueRules

__all__ = ["DIGESTS", "SERVED", "GradedLine", "grade_line", "grade_lines"]

_STATES = {s.value: s for s in EngineState}
_NOT_JSON = object()


class GradedLine(NamedTuple):
    """One output line (bytes, newline included) and whether it was green. A NamedTuple:
    one is made for every line of a log."""

    data: bytes
    green: bool


def _malformed(line_id: object, number: int, problem: str) -> GradedLine:
    return _out(line_id, number, Verdict.RED, [GradeReason.TURN_MALFORMED], {"problem": problem})


def _out(
    line_id: object,
    number: int,
    verdict: Verdict,
    reasons: Iterable[GradeReason],
    extra: Mapping[str, object] | None = None,
) -> GradedLine:
    # orjson writes an enum member as its value: the same bytes as ``.value``, quicker.
    body = {"id": line_id, "line": number, "verdict": verdict, "reasons": list(reasons)}
    if extra:
        body.update(extra)
    return GradedLine(orjson.dumps(body, option=_NEWLINE), verdict is Verdict.GREEN)


_NEWLINE = orjson.OPT_APPEND_NEWLINE
_GREEN_TAIL = b',"verdict":"green","reasons":[]}\n'


def _green(line_id: object, number: int) -> GradedLine:
    """``_out(line_id, number, Verdict.GREEN, [])``: the usual line, its fixed tail
    written once."""
    return GradedLine(b'{"id":%b,"line":%d%b' % (orjson.dumps(line_id), number, _GREEN_TAIL), True)


def _line_id(entry: Mapping[str, object]) -> object:
    value = entry.get("id")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return None
        return value
    if type(value) is int and -(2**63) <= value < 2**64:
        return value
    return None


def _shaped_turn(entry: Mapping[str, object]) -> Turn | str:
    """The logged line's turn, or why its state, turn or documents cannot be graded (the
    key that failed, what was expected and what was found). The turn is parsed here once
    and handed on: grading it needs it parsed too."""
    raw_state = entry.get("engine_state")
    if not isinstance(raw_state, str) or raw_state not in _STATES:
        found = repr(raw_state)[:60] if isinstance(raw_state, str) else a_kind(raw_state)
        return f"engine_state: expected one of {', '.join(_STATES)}, found {found}"
    turn = parse_turn(entry.get("turn"))
    if isinstance(turn, str):
        return f"turn: {turn}" if "turn" in entry else "turn: missing"
    doc_ids = entry.get("documents")
    if type(doc_ids) is not list:
        return _NOT_IDS + a_kind(doc_ids)
    for doc_id in doc_ids:  # a loop, not all(): most lines name one or two
        if type(doc_id) is not str:
            return _NOT_IDS + a_kind(doc_ids)
    return turn


_NOT_IDS = "documents: expected a list of document ids (strings), found "


class _Digest(NamedTuple):
    """The served bundle's hash, or why the line's bundle does not go with its state."""

    sha256: str | None
    problem: str | None = None


def _digest(state: EngineState, bundle: object, cache: RunCache | None) -> _Digest:
    if state is EngineState.NONE:
        if bundle is not None:
            return _Digest(None, "bundle: engine_state none serves no bundle; found one")
        return _Digest(None)
    if not isinstance(bundle, dict):
        found = a_kind(bundle, "an object")
        return _Digest(None, f"bundle: engine_state {state.value} needs an object, found {found}")
    return _bundle_digest(bundle) if cache is None else _kept_digest(cache, bundle)


def _bundle_digest(bundle: dict[str, object]) -> _Digest:
    try:
        return _Digest(bundle_sha256(bundle))
    except ValueError as exc:
        return _Digest(None, f"bundle: has no canonical JSON form ({exc})")


# The run's tables of the turn log (sakshi.runcache; the grade keeps its own checks there
# too). A bundle's hash is kept by the bundle's orjson bytes, and only for lines orjson
# read: such data holds no NaN, infinity or integer past 64 bits, so equal bytes are equal
# data (key order included), hence the same canonical form and hash. Larger bundles are
# hashed each time, so the table stays small.
_KEPT_BUNDLE_BYTES = 2048
DIGESTS: Table[bytes, _Digest] = Table("turnlog.digests", 4096)
# One shared Served a state and hash: a Served is frozen, and a log repeats its bundles.
SERVED: Table[tuple[EngineState, str | None], Served] = Table("turnlog.served", 4096)


def _kept_served(cache: RunCache, state: EngineState, digest: str | None) -> Served:
    """``Served(state, digest)``, one shared value per state and hash in the run."""
    kept = cache.table(SERVED)
    found = kept.get((state, digest))
    if found is None:
        found = Served(state, digest)
        kept.put((state, digest), found)
    return found


def _kept_digest(cache: RunCache, bundle: dict[str, object]) -> _Digest:
    """``_bundle_digest(bundle)``, computed once per distinct bundle of the run."""
    try:
        key = orjson.dumps(bundle)
    except orjson.JSONEncodeError:
        return _bundle_digest(bundle)
    if len(key) > _KEPT_BUNDLE_BYTES:
        return _bundle_digest(bundle)
    digests = cache.table(DIGESTS)
    kept = digests.get(key)
    if kept is None:
        kept = _bundle_digest(bundle)
        digests.put(key, kept)
    return kept


def _lenient(line: bytes) -> object:
    """A line orjson refused, read by the standard library (NaN, integers past 64 bits,
    deep nesting), or ``_NOT_JSON``."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return _NOT_JSON


def _documents(
    doc_ids: list[object], lookup: Callable[[str], Document | None]
) -> dict[str, Document] | int:
    """The line's documents by id, or the index of the first id that is not a string or
    names a document the folder lacks. One rule for both paths: the fast path and the
    full grade each call it, so neither can skip a listed document the other refuses."""
    documents: dict[str, Document] = {}
    for index, doc_id in enumerate(doc_ids):
        doc = lookup(doc_id) if type(doc_id) is str else None
        if doc is None:
            return index
        documents[doc_id] = doc  # type: ignore[index]  # a string: checked above
    return documents


def _plainly_green(
    entry: dict[str, object],
    lookup: Callable[[str], Document | None],
    cache: RunCache,
    rules: ValueRules = PLAIN_RULES,
) -> bool:
    """True only when the full grade of this orjson-read line is green with no finding:
    the usual line, decided without building its Turn, Served and Grade (a third of a
    line's time). It accepts a strict subset of what the full path grades green, each test
    the full path's own: engine_state live and the turn's provenance mirroring it with the
    bundle's hash; values a list of plain objects, each with a non-empty string field and
    value, a visible why and a dict cite that verifies and states the value (through the
    run's cache, as the full grade checks them); at least one value; every document found.
    Anything else (a red line, a null or numeric value, another state) returns False and is
    graded in full. tests/test_grade_fastpath.py checks the two agree on mutated lines."""
    if entry.get("engine_state") != "live" or type(entry.get("id")) not in (int, str):
        return False
    turn, bundle, doc_ids = entry.get("turn"), entry.get("bundle"), entry.get("documents")
    if type(turn) is not dict or type(bundle) is not dict or type(doc_ids) is not list:
        return False
    provenance, values = turn.get("context_provenance"), turn.get("values")
    if type(provenance) is not dict or type(values) is not list or not values:
        return False
    if provenance.get("engine_state") != "live":
        return False
    fields = line_fields(entry.get("fields"), cache)
    line = line_rules(entry.get("locale"), rules, cache)
    if type(fields) is str or line.rules is None:
        return False
    digest = _kept_digest(cache, bundle).sha256  # None: the bundle has no canonical form (red)
    if digest is None or digest != provenance.get("bundle_sha256"):
        return False
    documents = _documents(doc_ids, lookup)
    if isinstance(documents, int):  # a document the folder lacks: TURN_MALFORMED in full
        return False
    for item in values:
        if type(item) is not dict:
            return False
        field, value, why, cite = (
            item.get("field"),
            item.get("value"),
            item.get("why"),
            item.get("cite"),
        )
        if type(field) is not str or type(value) is not str or type(why) is not str:
            return False
        if not field or not value or type(cite) is not dict or not readable_why(why):
            return False
        if not checked_span(cache, cite, documents).verified:
            return False
        if not checked_value(cache, field, value, cite["quote"], fields, *line.rules).ok:  # type: ignore[arg-type]
            return False
    return True


def grade_line(
    line: bytes,
    number: int,
    lookup: Callable[[str], Document | None],
    cache: RunCache | None = None,
    rules: ValueRules = PLAIN_RULES,
) -> GradedLine:
    """Grade one logged line, the ``number``-th of its log (its ``line``); anything that
    is not a well-formed logged turn is red TURN_MALFORMED with a ``problem`` naming the
    key that failed (and a line naming a document the folder does not hold). A line's
    ``fields`` (SPEC section 8) are read as a pack's: a declaration that cannot be used is
    TURN_MALFORMED too, and so is a ``locale`` (the line's, over the project's) that is
    not a language tag. ``cache`` is the run's (sakshi.runcache: the output is the
    same without it); ``rules`` the project's."""
    try:
        entry, strict = orjson.loads(line), True  # strict: see ``DIGESTS``
    except orjson.JSONDecodeError:
        entry, strict = _lenient(line), False
    if entry is _NOT_JSON:
        return _malformed(None, number, "the line is not JSON")
    if not isinstance(entry, dict):
        return _malformed(
            None, number, f"expected a logged turn (an object), found {a_kind(entry)}"
        )
    line_id = _line_id(entry)
    if strict and cache is not None and _plainly_green(entry, lookup, cache, rules):
        return _green(line_id, number)
    turn = _shaped_turn(entry)
    if isinstance(turn, str):
        return _malformed(line_id, number, turn)
    state, bundle = _STATES[entry["engine_state"]], entry.get("bundle")
    fields = line_fields(entry.get("fields"), cache)
    if isinstance(fields, str):
        return _malformed(line_id, number, fields)
    line_values = line_rules(entry.get("locale"), rules, cache)
    if line_values.rules is None:
        assert line_values.problem is not None  # no rules: a problem says why
        return _malformed(line_id, number, line_values.problem)
    rules = line_values.rules
    digest, bundle_problem = _digest(state, bundle, cache if strict else None)
    if bundle_problem is not None:
        return _malformed(line_id, number, bundle_problem)
    documents = _documents(entry["documents"], lookup)
    if isinstance(documents, int):
        missing = entry["documents"][documents]
        problem = f"documents[{documents}]: no document {missing!r} in the documents folder"
        return _malformed(line_id, number, problem)
    served = _served(turn, state, digest, bundle, cache)
    grade = grade_turn(
        turn, served, documents, fields, acts=rules.acts, locale=rules.locale, cache=cache
    )
    if not grade.findings:
        return _green(line_id, number)
    return _out(line_id, number, grade.verdict, grade.reasons, line_findings(grade))


def _served(
    turn: Turn, state: EngineState, digest: str | None, bundle: object, cache: RunCache | None
) -> Served:
    """What was served. The old-form hash only words a provenance mismatch's diagnosis,
    so it is computed (a second serialisation of the bundle) only when the turn does not
    mirror what was served."""
    if turn.engine_state == state and turn.bundle_sha256 == digest:  # a StrEnum, as str
        return Served(state, digest) if cache is None else _kept_served(cache, state, digest)
    legacy = None if bundle is None else legacy_bundle_sha256(bundle)
    return Served(state, digest, legacy if legacy != digest else None)


def grade_lines(
    lines: Iterable[bytes],
    folder: Path | str,
    jobs: int = 1,
    rules: ValueRules = PLAIN_RULES,
    cache: RunCache | None = None,
) -> Iterator[GradedLine]:
    """Every line graded, in input order, on ``jobs`` local processes, numbered from 1 as
    read (they are one stream: stdin); ``folder`` is a path or a URL of the documents;
    ``cache`` the run's (a new one when None). Forked workers each inherit it as it stands
    and fill their own copy."""
    store = DocumentStore(folder)
    memo = RunCache() if cache is None else cache
    if jobs <= 1:
        for number, line in enumerate(lines, 1):
            yield grade_line(line, number, store.get, memo, rules)
        return
    from sakshi.parallel import ordered_map

    # Numbered here, as read: a worker sees a batch of lines, not where the stream was.
    yield from ordered_map(
        lambda item: grade_line(item[1], item[0], store.get, memo, rules),
        enumerate(lines, 1),
        jobs,
        batch=2000,
    )
