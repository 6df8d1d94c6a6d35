"""The integrations' shared adapter: an answer graded exactly as ``sakshi run context``
grades the same documents, state and turn (run for real on packs written from the same
cases), the answer shapes it takes and refuses, the citation rules, and the package's
place in the layout."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from integration_cases import CASES, DOCUMENTS, MEMO, QTY, Case, run_context, value

import sakshi
from sakshi.errors import InputError
from sakshi.integrations.answer import AnswerProblem, answer_json
from sakshi.integrations.citations import CitedText, citation_values
from sakshi.integrations.grading import Outcome, Setup, grade_answer, grade_citations, grade_text
from sakshi.spans import verify_span
from sakshi.spans.documents import BodyKind, Document


def _setup(case: Case, base: Path = Path(".")) -> Setup:
    return Setup.from_mapping(case.setup(), f"case {case.name}", base)


def _same(outcome: Outcome, reference: dict[str, Any]) -> None:
    assert outcome.verdict.value == reference["verdict"]
    assert list(outcome.reasons) == reference["reasons"]
    assert [dict(f) for f in outcome.findings] == reference["findings"]


# --- the same verdicts as run context ------------------------------------------------------


def test_every_case_grades_as_run_context_grades_its_pack(tmp_path: Path) -> None:
    outcomes = {case.name: grade_text(_setup(case), json.dumps(case.answer)) for case in CASES}
    by_hand = run_context([case.pack() for case in CASES], tmp_path / "by-hand")
    for case in CASES:
        outcome = outcomes[case.name]
        # The adapter built the turn the case says (provenance filled only when unclaimed)...
        assert outcome.pack["turn"] == case.turn(), case.name
        # ... and its verdict, reasons and findings are run context's on that pack.
        _same(outcome, by_hand[case.name])
        assert (outcome.verdict.value, outcome.reasons) == (case.expect, case.reasons), case.name


def test_the_adapters_own_pack_reproduces_its_outcome(tmp_path: Path) -> None:
    outcomes = [grade_text(_setup(case), json.dumps(case.answer)) for case in CASES]
    reports = run_context([outcome.pack for outcome in outcomes], tmp_path)
    for outcome in outcomes:
        _same(outcome, reports[outcome.pack["id"]])


def test_parsed_data_and_text_grade_alike() -> None:
    for case in CASES:
        as_text = grade_text(_setup(case), json.dumps(case.answer))
        assert grade_answer(_setup(case), case.answer) == as_text


def test_file_documents_are_read_from_the_base_folder(tmp_path: Path) -> None:
    (tmp_path / "memo.txt").write_bytes(MEMO.encode("utf-8"))
    docs = [{"id": "memo", "file": "memo.txt"}]
    answer = [value("acceptance", "accepted", {"doc": "memo", "quote": "accepted"})]
    setup = Setup.from_mapping({"documents": docs}, "file case", tmp_path)
    outcome = grade_answer(setup, answer)
    assert outcome.green
    reference = run_context([{**outcome.pack, "id": "file-case"}], tmp_path)
    _same(outcome, reference["file-case"])
    outside = Setup.from_mapping({"documents": [{"id": "x", "file": "../x.txt"}]}, "s", tmp_path)
    with pytest.raises(InputError, match=r"documents\[0\]\.file"):
        grade_answer(outside, answer)


FIELDS = {"qty": {"type": "quantity", "unit": "MT"}}
QTY_CITE = {"doc": "grn-117", "page": 2, "quote": "42.500 MT"}


@pytest.mark.parametrize(
    ("stated", "reasons"), [("42.5 MT", []), ("43.5 MT", ["VALUE_UNSUPPORTED"])]
)
def test_fields_are_graded_as_run_context_grades_them(
    tmp_path: Path, stated: str, reasons: list[str]
) -> None:
    """A declared field's value is read (section 8): a wrong value with a real quote is red,
    VALUE_UNSUPPORTED, here and in ``run context``; the right one, written otherwise, green."""
    case = Case("with-fields", [value("qty", stated, QTY_CITE)])
    setup = Setup.from_mapping({**case.setup(), "fields": FIELDS}, "fields case")
    outcome = grade_text(setup, json.dumps(case.answer))
    assert outcome.pack["fields"] == FIELDS
    assert list(outcome.reasons) == reasons
    assert outcome.green is not reasons
    pack = {**case.pack(), "fields": FIELDS, "expect": "red" if reasons else "green"}
    reference = run_context([pack], tmp_path)["with-fields"]
    assert reference["reasons"] == reasons
    _same(outcome, reference)


# --- answers that are not turns --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("The delivered quantity is 42.500 MT.", "not JSON"),
        ('[{"field": "qty", "value": NaN}]', "not JSON"),
        ("42", "found an integer"),
        ('{"answer": "42.500 MT"}', "no values"),
        ('["42.500 MT"]', "values[0]"),
        ('{"values": {"qty": "42.500 MT"}}', "values: expected a list"),
        ('[{"field": "qty", "value": true}]', "values[0].value"),
    ],
)
def test_an_answer_that_is_not_a_turn_is_red_turn_malformed(text: str, says: str) -> None:
    outcome = grade_text(_setup(CASES[0]), text)
    assert (outcome.verdict.value, outcome.reasons) == ("red", ("TURN_MALFORMED",))
    assert says in outcome.findings[0]["detail"]
    assert "TURN_MALFORMED" in outcome.explanation()


def test_one_markdown_fence_around_the_json_is_taken_off() -> None:
    fenced = "```json\n" + json.dumps([QTY]) + "\n```\n"
    assert answer_json(fenced) == [QTY]
    assert grade_text(_setup(CASES[0]), fenced).green
    two_blocks = "```json\n[]\n```\n```json\n[]\n```"
    assert isinstance(answer_json(two_blocks), AnswerProblem)


def test_the_explanation_gives_reasons_and_diagnosis() -> None:
    red = next(case for case in CASES if case.name == "red-fabricated")
    text = grade_text(_setup(red), json.dumps(red.answer)).explanation()
    assert text.startswith("sakshi: red at engine_state live: FABRICATED_SPAN")
    assert "[qty]" in text and "QUOTE_NOT_FOUND" in text
    assert "page 2" in text  # the diagnosis says where the cite pointed
    assert grade_text(_setup(CASES[0]), json.dumps(CASES[0].answer)).explanation() == (
        "sakshi: green at engine_state live: every check held"
    )


# --- setups that cannot be graded honestly ------------------------------------------------


@pytest.mark.parametrize(
    ("metadata", "key"),
    [
        ({}, "documents"),
        ({"documents": None}, "documents"),
        ({"documents": "grn.yaml"}, "documents"),
        ({"documents": [{"id": "a"}]}, "documents[0]"),
        ({"documents": [{"id": "a", "text": 5}]}, "documents[0].text"),
        ({"documents": DOCUMENTS, "engine_state": "ready"}, "engine_state"),
        ({"documents": DOCUMENTS, "bundle": ["not", "a", "mapping"]}, "bundle"),
        ({"documents": DOCUMENTS, "engine_state": "none", "bundle": {}}, "bundle"),
    ],
)
def test_an_unusable_setup_raises_naming_the_sample_and_key(
    metadata: dict[str, Any], key: str
) -> None:
    with pytest.raises(InputError) as raised:
        grade_text(Setup.from_mapping(metadata, "inspect sample 's1' metadata"), "[]")
    assert raised.value.source == "inspect sample 's1' metadata"
    assert raised.value.key == key


def test_a_docs_file_shaped_mapping_gives_its_documents() -> None:
    setup = Setup.from_mapping({"documents": {"documents": DOCUMENTS}}, "docs mapping")
    assert grade_answer(setup, [QTY]).green


# --- citations (inspect_ai's model, as plain data) ------------------------------------------


def _documents() -> dict[str, Document]:
    return {
        "grn": Document.from_strings("grn", BodyKind.PAGES, ["p1 head", "p2 has 42 MT", "p3"]),
        "po": Document.from_strings("po", BodyKind.BLOCKS, ["b0", "rate 5%"]),
        "note": Document.from_strings("note", BodyKind.TEXT, ["\U0001f4c4 received 42 MT"]),
    }


def _citation(quote: object, kind: str | None, start: int, end: int, **extra: Any) -> Any:
    citation: dict[str, Any] = {"type": "document", "cited_text": quote, **extra}
    if kind is not None:
        citation["range"] = {"type": kind, "start_index": start, "end_index": end}
    return citation


def _cites(*citations: Any) -> list[dict[str, Any]]:
    values = citation_values([CitedText(0, "42 MT", tuple(citations))], _documents(), {})
    return [item["cite"] for item in values]


def test_a_page_range_anchors_the_page_that_holds_the_quote() -> None:
    [cite] = _cites(_citation("42 MT", "page", 0, 3, internal={"document_index": 0}))
    assert (cite["doc"], cite["page"]) == ("grn", 2)
    [missing] = _cites(_citation("99 MT", "page", 0, 3, internal={"document_index": 0}))
    assert missing["page"] == 1 and not verify_span(missing, _documents()).verified


def test_char_offsets_take_the_unit_that_holds_them() -> None:
    text = "\U0001f4c4 received 42 MT"
    start = text.index("42")
    [codepoints] = _cites(_citation("42 MT", "char", start, start + 5, title="note"))
    assert codepoints["unit"] == "codepoint" and verify_span(codepoints, _documents()).verified
    [utf16] = _cites(_citation("42 MT", "char", start + 1, start + 6, title="note"))
    assert utf16["unit"] == "utf16" and verify_span(utf16, _documents()).verified


def test_blocks_titles_and_citations_that_point_nowhere() -> None:
    [block] = _cites(_citation("rate 5%", "block", 1, 2, title="po"))
    assert block["block"] == 1 and verify_span(block, _documents()).verified
    titled = citation_values(
        [CitedText(2, "x", (_citation("42 MT", None, 0, 0, title="Receipt note"),))],
        _documents(),
        {"note": "Receipt note"},
    )
    assert titled[0]["field"] == "answer-2" and titled[0]["cite"]["doc"] == "note"
    url = {"type": "url", "url": "https://example.org", "cited_text": "42 MT", "title": "web"}
    no_text = _citation(None, "page", 1, 2, internal={"document_index": 0})
    for cite in _cites(url, no_text):
        assert not verify_span(cite, _documents()).verified
    assert _cites(url)[0]["origin"] == url  # the citation rides along, verbatim


def test_a_message_with_several_citations_gives_one_value_each() -> None:
    blocks = [CitedText(1, "42.500 MT", tuple(_citation("42.500 MT", "page", 1, 2) for _ in "ab"))]
    setup = Setup.from_mapping({"documents": DOCUMENTS}, "two cites")
    outcome = grade_citations(setup, blocks)
    fields = [item["field"] for item in outcome.pack["turn"]["values"]]
    assert fields == ["answer-1-1", "answer-1-2"]
    # Without document_index or a title they name no document: red, never guessed.
    assert outcome.reasons == ("FABRICATED_SPAN",)
    assert grade_citations(setup, []).reasons == ("EVIDENCE_MISSING",)


# --- the package's place in the layout -------------------------------------------------------

INTEGRATIONS = Path(sakshi.__file__).parent / "integrations"
MAY_IMPORT = {
    "errors",
    "reasons",
    "spans",
    "values",
    "inputs",
    "context",
    "reports",
    "integrations",
}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: a relative import"
            found.add(node.module or "")
    return found


def test_integrations_import_only_the_core_and_only_the_inspect_modules_import_inspect_ai() -> None:
    for path in sorted(INTEGRATIONS.glob("*.py")):
        imports = _imports(path)
        inner = {m.split(".")[1] for m in imports if m.startswith("sakshi.")}
        assert inner <= MAY_IMPORT, f"{path.name} imports {sorted(inner - MAY_IMPORT)}"
        uses_inspect_ai = any(m.split(".")[0] == "inspect_ai" for m in imports)
        assert uses_inspect_ai == path.name.startswith("inspect"), path.name
        # `import inspect` here would be the stdlib's only through absolute imports.
        assert "inspect" not in imports, path.name
    for path in sorted(Path(sakshi.__file__).parent.rglob("*.py")):
        if INTEGRATIONS not in path.parents:
            assert not any(m.startswith("sakshi.integrations") for m in _imports(path)), path
