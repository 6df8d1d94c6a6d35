"""``sakshi grade``'s green fast path (``turnlog._plainly_green``) against the full grade.

The fast path may only ever say green where the full grade says green with no finding:
each line here, a well-formed green line mutated at one or more places (a key dropped,
a value of another type or content put in, a document id added, present or absent), is
graded with one run memo shared by every example (the fast path first, right after a
twin line went through the same memo, so that a memo key confusing ``1`` with ``1.0``
or ``true`` shows) and without it (the full grade alone): the output bytes must be
equal. The base lines must take the fast path, so the comparison is not vacuous.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sakshi.context.docstore import DocumentStore
from sakshi.context.turnlog import _plainly_green, grade_line
from sakshi.context.turns import bundle_sha256
from sakshi.runcache import RunCache

GRN = (
    "GOODS RECEIPT NOTE\r\nQuantity received: 42.500 MT on 14.06.2024\r\nरु. 7,85,000\r\n"
    "Invoice dated 03/04/2024\r\n"  # 3 April day first (en-IN), 4 March month first (en-US)
)
BUNDLE = {"engine": "matter-context", "query": "supply"}
DIGEST = bundle_sha256(BUNDLE)
FIELDS = {
    "qty": {"type": "quantity", "unit": "MT"},
    "paid": {"type": "money"},
    "invoiced": {"type": "date"},
}


def base() -> dict[str, Any]:
    return {
        "id": 7,
        "engine_state": "live",
        "bundle": copy.deepcopy(BUNDLE),
        "documents": ["grn", "note"],
        "fields": copy.deepcopy(FIELDS),
        "locale": "en-IN",
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": DIGEST},
            "values": [
                {
                    "field": "qty",
                    "value": "42,500 kg",
                    "why": "The note records it.",
                    "cite": {"doc": "grn", "quote": "Quantity received: 42.500 MT"},
                },
                {
                    "field": "paid",
                    "value": "Rs. 7.85 lakh",
                    "why": "It says so.",
                    "cite": {"doc": "note", "quote": "रु. 7,85,000", "page": 1},
                },
                {
                    "field": "invoiced",
                    "value": "3 April 2024",
                    "why": "The invoice is dated so.",
                    "cite": {"doc": "grn", "quote": "Invoice dated 03/04/2024"},
                },
            ],
        },
    }


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> DocumentStore:
    folder = tmp_path_factory.mktemp("docs")
    (folder / "grn.txt").write_bytes(GRN.encode())
    note = {"id": "note", "pages": ["रु. 7,85,000 paid on 14.06.2024"]}
    (folder / "note.yaml").write_text(json.dumps(note, ensure_ascii=False), "utf-8")
    return DocumentStore(folder)


APPEND = "+"  # a list step that adds an item after the others (a new document id)

# Paths into the base line where a mutation lands (a key of a mapping, an index of a list).
PATHS: list[tuple[object, ...]] = [
    ("id",),
    ("engine_state",),
    ("bundle",),
    ("bundle", "query"),
    ("documents",),
    ("documents", 0),
    ("documents", 1),
    ("documents", APPEND),
    ("fields",),
    ("fields", "qty"),
    ("fields", "qty", "unit"),
    ("locale",),
    ("turn",),
    ("turn", "context_provenance"),
    ("turn", "context_provenance", "engine_state"),
    ("turn", "context_provenance", "bundle_sha256"),
    ("turn", "values"),
    ("turn", "values", 0),
    ("turn", "values", 1),
    *(
        ("turn", "values", index, key)
        for index in (0, 1)
        for key in ("field", "value", "why", "cite", "extra")
    ),
    *(
        ("turn", "values", index, "cite", key)
        for index in (0, 1)
        for key in ("doc", "quote", "page", "char_start", "char_end", "block")
    ),
]
DROP = object()  # the mutation that removes the key
REPLACEMENTS = st.one_of(
    st.sampled_from(
        [
            DROP,
            None,
            "",
            " ",
            "\u200b",
            "live",
            "partial",
            "none",
            "stubbed",
            DIGEST,
            "42.500 MT",
            "4.25 MT",
            "42,500 kg",
            "en-US",
            "en-IN",
            "en US",
            "grn",
            "note",
            "missing",
            "Quantity received: 42.500 MT",
            0,
            1,
            1.0,
            0.0,
            2.0,
            -1,
            2**63,
            1.5,
            True,
            False,
            [],
            {},
            ["grn"],
            {"type": "money"},
            {"doc": "grn", "quote": "Quantity received"},
        ]
    ),
    st.text(max_size=8),
    st.integers(min_value=-3, max_value=60),
)


def mutate(line: dict[str, Any], path: tuple[object, ...], new: object) -> None:
    """Put ``new`` at ``path`` (or drop the key there); a path that no longer exists is
    left alone."""
    here: Any = line
    for step in path[:-1]:
        try:
            here = here[step]
        except (KeyError, IndexError, TypeError):
            return
    last = path[-1]
    if isinstance(here, dict):
        if new is DROP:
            here.pop(last, None)
        else:
            here[last] = copy.deepcopy(new)  # never the shared sample itself
    elif isinstance(here, list) and last == APPEND:
        if new is not DROP:
            here.append(copy.deepcopy(new))
    elif isinstance(here, list) and isinstance(last, int) and last < len(here):
        if new is DROP:
            del here[last]
        else:
            here[last] = copy.deepcopy(new)  # never the shared sample itself


# One run's cache shared by every example, as a log's lines share it: a memo key that takes
# two different cites for one (``1`` and ``1.0``) shows only when the first was kept.
SHARED = RunCache()


def both(line: bytes, store: DocumentStore, warm: bytes | None = None) -> tuple[bytes, bytes]:
    """The line graded through the shared memo, right after ``warm`` (the base line by
    default) went through it, and by the full grade alone (no memo)."""
    grade_line(orjson.dumps(base()) if warm is None else warm, 2, store.get, SHARED)
    fast = grade_line(line, 3, store.get, SHARED).data
    full = grade_line(line, 3, store.get, None).data  # no memo: the full grade alone
    return fast, full


def test_the_base_lines_take_the_fast_path_and_are_green(store: DocumentStore) -> None:
    for entry in (base(), {**base(), "id": "turn-7"}):
        assert _plainly_green(entry, store.get, RunCache())
        fast, full = both(orjson.dumps(entry), store)
        assert fast == full and json.loads(fast)["verdict"] == "green"


@pytest.mark.parametrize(
    ("path", "new", "reason"),
    [
        (("turn", "context_provenance", "bundle_sha256"), DROP, "PROVENANCE_MISMATCH"),
        (("turn", "context_provenance", "bundle_sha256"), None, "PROVENANCE_MISMATCH"),
        (("turn", "values", 0, "value"), "4.25 MT", "VALUE_UNSUPPORTED"),
        (("turn", "values", 0, "why"), "\u200b", "WHY_MISSING"),
        (("turn", "values", 1, "cite", "quote"), "रु. 7,85,001", "FABRICATED_SPAN"),
        (("turn", "values"), [], "EVIDENCE_MISSING"),
        (("bundle", "query"), "other", "PROVENANCE_MISMATCH"),
        (("documents", 1), "missing", "TURN_MALFORMED"),
        (("locale",), "en-US", "VALUE_UNSUPPORTED"),  # 03/04/2024 is then 4 March
        (("locale",), "en US", "TURN_MALFORMED"),
        (("locale",), 5, "TURN_MALFORMED"),
    ],
)
def test_each_way_a_line_turns_red_leaves_the_fast_path(
    store: DocumentStore, path: tuple[object, ...], new: object, reason: str
) -> None:
    entry = base()
    mutate(entry, path, new)
    assert not _plainly_green(entry, store.get, RunCache())
    fast, full = both(orjson.dumps(entry), store)
    assert fast == full and reason in json.loads(full)["reasons"]


def test_a_bundle_without_a_canonical_form_and_no_claimed_hash_is_red(
    store: DocumentStore,
) -> None:
    entry = base()
    entry["bundle"] = {"n": 2**60 + 1}  # past the integers JSON numbers hold exactly
    mutate(entry, ("turn", "context_provenance", "bundle_sha256"), None)
    assert not _plainly_green(entry, store.get, RunCache())
    fast, full = both(orjson.dumps(entry), store)
    assert fast == full and json.loads(full)["verdict"] == "red"


@settings(max_examples=600, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.tuples(st.sampled_from(PATHS), REPLACEMENTS), min_size=1, max_size=3),
)
def test_the_fast_path_never_changes_a_byte(
    store: DocumentStore, mutations: list[tuple[tuple[object, ...], object]]
) -> None:
    entry = base()
    for path, new in mutations:
        mutate(entry, path, new)
    try:
        line = orjson.dumps(entry)
    except orjson.JSONEncodeError:  # an integer past 64 bits: the standard library's JSON
        line = json.dumps(entry).encode()
    fast, full = both(line, store)
    assert fast == full
    if _plainly_green(entry, store.get, RunCache()):
        assert json.loads(full)["verdict"] == "green"


@pytest.mark.parametrize(
    "documents",
    [
        ["grn", "note", "missing"],  # cited by no value: only the documents rule sees it
        ["missing", "grn", "note"],
        ["grn", "note", "note", ""],
        ["grn", "GRN", "note"],  # ids are exact: no folding of case
    ],
)
def test_a_listed_document_the_folder_lacks_is_malformed_on_both_paths(
    store: DocumentStore, documents: list[str]
) -> None:
    entry = base()
    entry["documents"] = documents
    assert not _plainly_green(entry, store.get, RunCache())
    fast, full = both(orjson.dumps(entry), store)
    body = json.loads(full)
    assert fast == full and body["reasons"] == ["TURN_MALFORMED"]
    missing = next(i for i, doc_id in enumerate(documents) if doc_id not in ("grn", "note"))
    assert body["problem"].startswith(f"documents[{missing}]: no document ")


def _with_offsets(entry: dict[str, Any], **numbers: object) -> dict[str, Any]:
    """``entry`` whose second cite ("रु. 7,85,000" on page 1 of note) carries its offsets
    (0 to 12), each of ``numbers`` put in over them."""
    cite = entry["turn"]["values"][1]["cite"]
    cite.update(char_start=0, char_end=12)
    cite.update(numbers)
    return entry


@pytest.mark.parametrize("key", ["page", "char_start", "char_end"])
@pytest.mark.parametrize("twin", [1.0, 0.0, 12.0, True, False, "1"])
def test_a_number_of_another_type_never_reuses_a_verified_span(
    store: DocumentStore, key: str, twin: object
) -> None:
    """``1.0`` and ``true`` equal ``1`` in Python and hash alike: a memo keyed by equal
    items would find the span the integer verified. The contract refuses both."""
    verified = orjson.dumps(_with_offsets(base()))
    assert grade_line(verified, 1, store.get, RunCache()).green  # the integers verify
    entry = _with_offsets(base(), **{key: twin})
    fast, full = both(orjson.dumps(entry), store, warm=verified)
    assert fast == full and json.loads(full)["reasons"] == ["FABRICATED_SPAN"]


# A cite's numbers as a log may write them: integers, their float and boolean twins (equal
# in Python, refused by the contract), strings, nothing. Documents: present and absent.
_NUMBERS = st.sampled_from([DROP, DROP, 0, 1, 12, 0.0, 1.0, 12.0, True, False, "1", None])
_DOC_IDS = st.sampled_from(["grn", "note", "missing", "GRN", ""])


def _as_int(value: object) -> object:
    """The integer a float or boolean twin equals (``1.0``, ``True``: 1), else the value."""
    return int(value) if type(value) in (float, bool) else value  # type: ignore[call-overload]


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    extra=st.lists(st.tuples(st.integers(0, 3), _DOC_IDS), max_size=2),
    cite_doc=st.sampled_from(["note", "note", "grn", "missing"]),
    numbers=st.tuples(_NUMBERS, _NUMBERS, _NUMBERS),
)
def test_documents_and_cite_numbers_through_one_memo(
    store: DocumentStore,
    extra: list[tuple[int, str]],
    cite_doc: str,
    numbers: tuple[object, object, object],
) -> None:
    """Document ids put in among the listed ones, and a cite's document and numbers, each
    graded through the shared memo right after its twin (every number an integer, every
    document present) and by the full grade alone: the bytes are equal."""
    entry, twin = base(), base()
    for at, doc_id in extra:
        entry["documents"].insert(at, doc_id)
    for line, cast in ((entry, lambda value: value), (twin, _as_int)):
        cite = line["turn"]["values"][1]["cite"]
        cite["doc"] = cite_doc
        for key, new in zip(("page", "char_start", "char_end"), numbers, strict=True):
            mutate(line, ("turn", "values", 1, "cite", key), cast(new))
    fast, full = both(orjson.dumps(entry), store, warm=orjson.dumps(twin))
    assert fast == full


def test_a_log_grades_the_same_bytes_either_way(store: DocumentStore, tmp_path: Path) -> None:
    """A whole run: one memo across lines (the memos warm), against the full grade."""
    lines = []
    for number in range(200):
        entry = base()
        entry["id"] = number
        if number % 3 == 0:
            mutate(entry, ("turn", "values", 0, "value"), f"{number} MT")
        if number % 5 == 0:
            mutate(entry, ("turn", "values", 1, "cite", "page"), 2)
        lines.append(orjson.dumps(entry))
    memo = RunCache()
    fast = [grade_line(line, n, store.get, memo).data for n, line in enumerate(lines, 1)]
    full = [grade_line(line, n, store.get, None).data for n, line in enumerate(lines, 1)]
    assert fast == full
    assert sum(b'"green"' in out for out in fast) > 100
