"""Hostile: a lone surrogate in an imported request or response.

JSON may escape half a UTF-16 pair (``"\\ud800"``); parsed, that is a Python string no
UTF-8 can hold, so no document, quote, title or pack can carry it. ``import-citations``
refuses it with one line naming the file and the key (exit 2), writes nothing, and never
ends in a traceback or an "internal error".
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from sakshi.cli import main
from sakshi.errors import InputError
from sakshi.importers.anthropic import import_anthropic

NOTE = "Site visit on 03.03.2025. The grass is green.\n"
LONE = "\ud800"


def request() -> dict[str, Any]:
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": NOTE},
        "title": "Site note",
        "context": "Written by the site engineer.",
    }
    blocks = {
        "type": "document",
        "source": {"type": "content", "content": [{"type": "text", "text": "Total: Rs 5"}]},
    }
    question = {"type": "text", "text": "What colour was the grass?"}
    return {"messages": [{"role": "user", "content": [document, blocks, question]}]}


def response() -> dict[str, Any]:
    citation = {
        "type": "char_location",
        "cited_text": "The grass is green.",
        "document_index": 0,
        "document_title": "Site note",
        "start_char_index": NOTE.index("The grass"),
        "end_char_index": NOTE.index("The grass") + len("The grass is green."),
    }
    content = [{"type": "text", "text": "It was green", "citations": [citation]}]
    return {"id": "msg_1", "type": "message", "model": "m", "content": content}


def poisoned(data: dict[str, Any], path: list[Any], where: str) -> dict[str, Any]:
    """``data`` with a lone surrogate put into the string at ``path`` (``where``: at its
    start, end or alone)."""
    data = copy.deepcopy(data)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    text = target[path[-1]]
    target[path[-1]] = {"start": LONE + text, "end": text + LONE, "alone": LONE}[where]
    return data


REQUEST_PLACES = {
    "document text": (
        ["messages", 0, "content", 0, "source", "data"],
        "messages[0].content[0].source.data",
    ),
    "document title": (["messages", 0, "content", 0, "title"], "messages[0].content[0].title"),
    "document context": (
        ["messages", 0, "content", 0, "context"],
        "messages[0].content[0].context",
    ),
    "content block": (
        ["messages", 0, "content", 1, "source", "content", 0, "text"],
        "messages[0].content[1].source.content[0].text",
    ),
    "prompt": (["messages", 0, "content", 2, "text"], "messages[0].content[2].text"),
}
RESPONSE_PLACES = {
    "cited text": (
        ["content", 0, "citations", 0, "cited_text"],
        "content[0].citations[0].cited_text",
    ),
    "answer text": (["content", 0, "text"], "content[0].text"),
    "response id": (["id"], "id"),
    "model": (["model"], "model"),
    "document title cited": (
        ["content", 0, "citations", 0, "document_title"],
        "content[0].citations[0].document_title",
    ),
}


def run_import(
    capsys: pytest.CaptureFixture[str], folder: Path, resp: object, req: object
) -> tuple[int, str, Path]:
    # As JSON escapes: json.dumps writes the lone surrogate as \ud800, the form it arrives in.
    (folder / "response.json").write_text(json.dumps(resp), "ascii")
    (folder / "request.json").write_text(json.dumps(req), "ascii")
    out = folder / "pack.yaml"
    argv = ["import-citations", "--from", "anthropic", str(folder / "response.json")]
    code = main([*argv, "--request", str(folder / "request.json"), "--out", str(out)])
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err, out


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("where", ["start", "end", "alone"])
@pytest.mark.parametrize("place", sorted(REQUEST_PLACES))
def test_a_lone_surrogate_in_the_request_is_refused_naming_its_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, place: str, where: str
) -> None:
    path, key = REQUEST_PLACES[place]
    code, err, out = run_import(capsys, tmp_path, response(), poisoned(request(), path, where))
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert err.count("\n") == 1 and "request.json" in err and key in err, err
    assert "lone surrogate (U+D800)" in err and not out.exists()


@pytest.mark.parametrize("place", sorted(RESPONSE_PLACES))
def test_a_lone_surrogate_in_the_response_is_refused_naming_its_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, place: str
) -> None:
    path, key = RESPONSE_PLACES[place]
    code, err, out = run_import(capsys, tmp_path, poisoned(response(), path, "end"), request())
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert err.count("\n") == 1 and "response.json" in err and key in err, err
    assert not out.exists()


def test_a_lone_surrogate_in_a_key_is_named_by_its_escape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    req = request()
    req["messages"][0]["content"][0]["x" + LONE] = "anything"
    code, err, out = run_import(capsys, tmp_path, response(), req)
    assert code == 2 and "messages[0].content[0].x\\ud800" in err and not out.exists()


def test_a_paired_surrogate_escape_is_text_and_imports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # "\ud83d\ude00" is a pair: one emoji, valid text.
    resp = response()
    resp["content"][0]["text"] = "It was green \U0001f600"
    code, err, out = run_import(capsys, tmp_path, resp, request())
    assert code == 0, err
    assert main(["run", "context", str(out)]) == 0


def test_deep_nesting_is_walked_without_recursion() -> None:
    deep: Any = "fine"
    for _ in range(100_000):
        deep = [deep]
    req = request()
    req["extra"] = deep
    with pytest.raises(InputError, match="cited_text: holds a lone surrogate"):
        import_anthropic(poisoned(response(), RESPONSE_PLACES["cited text"][0], "end"), req)
    import_anthropic(response(), req)  # and no surrogate anywhere: imported
