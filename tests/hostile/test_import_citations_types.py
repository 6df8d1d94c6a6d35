"""Hostile: ``import-citations`` declared every value a ``claim``, which no value rule reads.

So a model that wrote "Rs. 50 crore" and cited "Rs. 5,00,000" imported to a green pack: the
quote is real, and nothing compared the figure with it. Each value is now typed as the
values core infers it from the value alone (money here, which its quote must state), or
as ``--fields FILE`` declares it. Only a value without a figure is left a claim; a
sentence holding a figure of no known type grades VALUE_UNTYPED (red) until declared,
and the import names it on stderr.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from cli_main import run_cli as run

from sakshi.importers.anthropic import import_anthropic
from sakshi.importers.anthropic.pack import typed_fields
from sakshi.inputs.yamlsafe import load_yaml_file

LEDGER = "Ledger of 12.03.2024: a cheque of Rs. 5,00,000 was received from the accused."
QUOTE = "Rs. 5,00,000"


def _request() -> dict[str, Any]:
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": LEDGER},
        "title": "Ledger",
        "citations": {"enabled": True},
    }
    question = {"type": "text", "text": "What was the cheque for?"}
    return {"model": "m", "messages": [{"role": "user", "content": [document, question]}]}


def _response(*texts: str) -> dict[str, Any]:
    start = LEDGER.index(QUOTE)
    citation = {
        "type": "char_location",
        "cited_text": QUOTE,
        "document_index": 0,
        "document_title": "Ledger",
        "start_char_index": start,
        "end_char_index": start + len(QUOTE),
    }
    content = [{"type": "text", "text": text, "citations": [citation]} for text in texts]
    return {"id": "msg_types", "type": "message", "role": "assistant", "content": content}


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _import(
    capsys: pytest.CaptureFixture[str], folder: Path, *texts: str, fields: Any = None
) -> tuple[int, Path, str]:
    (folder / "response.json").write_text(json.dumps(_response(*texts)), "utf-8")
    (folder / "request.json").write_text(json.dumps(_request()), "utf-8")
    out = folder / "pack.yaml"
    argv = ["import-citations", "--from", "anthropic", "response.json"]
    argv += ["--request", "request.json", "--out", str(out)]
    if fields is not None:
        (folder / "fields.json").write_text(json.dumps(fields), "utf-8")
        argv += ["--fields", "fields.json"]
    code, _stdout, err = run(capsys, *argv)
    return code, out, err


def _grade(capsys: pytest.CaptureFixture[str], pack: Path) -> tuple[int, dict[str, Any]]:
    code, stdout, err = run(capsys, "run", "context", str(pack), "--format", "json")
    assert code in (0, 1), err
    return code, json.loads(stdout)["packs"][0]


def test_a_figure_its_quote_does_not_state_grades_red(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = _import(capsys, tmp_path, "Rs. 50 crore")
    assert code == 0, err
    assert "answer-0" not in load_yaml_file(out).get("fields", {})  # not declared a claim
    assert "1 inferred from the value" in err
    code, graded = _grade(capsys, out)
    assert (code, graded["reasons"]) == (1, ["VALUE_UNSUPPORTED"])
    [finding] = graded["findings"]
    assert (finding["type"], finding["type_source"]) == ("money", "inferred")
    assert finding["value_reason"] == "VALUE_NOT_IN_QUOTE"


def test_the_figure_its_quote_states_is_green(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = _import(capsys, tmp_path, "Rs 5 lakh")
    assert code == 0, err
    code, graded = _grade(capsys, out)
    assert (code, graded["verdict"]) == (0, "green")


def test_a_sentence_with_a_figure_of_no_type_is_red_and_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sentence = "The cheque for Rs. 50 crore was received."
    code, out, err = _import(capsys, tmp_path, sentence)
    assert code == 0, err
    assert "1 value with a figure of no known type will grade VALUE_UNTYPED" in err
    assert "answer-0" in err
    code, graded = _grade(capsys, out)
    assert code == 1 and graded["findings"][0]["value_reason"] == "VALUE_UNTYPED"


def test_fields_declare_a_value_and_are_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    money = {"fields": {"answer-0": {"type": "money", "currency": "INR"}}}
    code, out, err = _import(capsys, tmp_path, "50 crore", fields=money)
    assert code == 0, err
    assert load_yaml_file(out)["fields"] == money["fields"]
    assert "1 declared (--fields)" in err
    code, graded = _grade(capsys, out)
    assert code == 1 and graded["findings"][0]["type_source"] == "declared"
    # A bad declaration is exit 2 naming the file and the key, before anything is written.
    bad = {"fields": {"answer-0": {"type": "moneys"}}}
    (tmp_path / "pack.yaml").unlink()
    code, out, err = _import(capsys, tmp_path, "50 crore", fields=bad)
    assert code == 2 and "fields.json: fields.answer-0.type" in err and not out.exists()


def test_the_core_types_values_as_inferred() -> None:
    pack = import_anthropic(_response("Rs. 50 crore", "the drawer paid"), _request()).pack
    assert pack["fields"] == {"answer-1": {"type": "claim"}}
    values = [{"field": "a", "value": "Rs. 50 crore"}, {"field": "b", "value": "no figure"}]
    declared = {"a": {"type": "money"}}
    assert typed_fields(values, declared) == {"a": {"type": "money"}, "b": {"type": "claim"}}
    assert typed_fields(values[:1], {}) == {}
