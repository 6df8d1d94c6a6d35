"""The evidence view: ``run context --format json`` keys for it, the pure renderer, and
``sakshi view`` / ``run context --html`` on the command line.

Packs are built from plain data, graded in process, written as the JSON report and read
back, so every highlight here went through the same bytes ``sakshi view`` reads.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sakshi.cli import main
from sakshi.context.lane import run_pack
from sakshi.context.packs import pack_from_data
from sakshi.context.routes import reference
from sakshi.context.turns import bundle_sha256
from sakshi.reports.context import render_json
from sakshi.reports.view_data import read_view
from sakshi.reports.view_html import FIRST_LINE, render_html
from sakshi.reports.view_text import Mark, MarkKind
from sakshi.reports.view_text import marked as mark_text

BUNDLE = {"engine": "test"}
# Multi-byte text: ₹ is 3 bytes / 1 codepoint / 1 UTF-16 unit, 🧾 is 4 / 1 / 2.
MEMO = "Receipt 🧾 no. 17\r\nAmount: ₹ 7,85,000.00\nPayee: Cafe\u0301 Ganesh\n"
HOSTILE = (
    "Returned: </script><script>window.__pwned=1</script> <img src=x onerror=alert(1)> &amp;\n"
)
PAGES = ["Notice dated 05.02.2025\n", "Pay ₹ 7,85,000/- within 15 days; pay ₹ 7,85,000/- now\n"]


def cite(quote: str, doc: str = "memo", **extra: Any) -> dict[str, Any]:
    return {"doc": doc, "quote": quote, **extra}


def val(
    field: str, quote: str | None, why: object = "The document says so.", **extra: Any
) -> dict[str, Any]:
    item: dict[str, Any] = {"field": field, "value": quote or "x", "why": why}
    if quote is not None:
        item["cite"] = cite(quote, **extra)
    return item


def pack_data(
    pack_id: str,
    values: list[dict[str, Any]],
    *,
    state: str = "live",
    expect: str = "green",
    documents: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": pack_id,
        "title": f"pack {pack_id}",
        "engine_state": state,
        "bundle": BUNDLE,
        "documents": documents
        if documents is not None
        else [
            {"id": "memo", "text": MEMO},
            {"id": "notice", "pages": PAGES},
            {"id": "hostile", "text": HOSTILE},
        ],
        "turn": {
            "context_provenance": {"engine_state": state, "bundle_sha256": bundle_sha256(BUNDLE)},
            "values": values,
        },
        "expect": expect,
    }
    data.update(extra)
    return data


def results(*packs: dict[str, Any], base: Path = Path(".")) -> dict[str, Any]:
    graded = [run_pack(pack_from_data(p, base, f"{p['id']}.yaml"), reference()) for p in packs]
    return orjson.loads(render_json(sorted(graded, key=lambda r: r.pack.id)))  # type: ignore[no-any-return]


def page(*packs: dict[str, Any], base: Path = Path(".")) -> str:
    return render_html(read_view(results(*packs, base=base), "results.json")).decode("utf-8")


def marked(text: str, anchor: str) -> str:
    """The text of the mark that follows the anchor ``anchor`` (non-overlapping marks)."""
    found = re.search(
        rf'id="{anchor}" data-n="\d+"></span><mark class="[^"]*" title="[^"]*">(.*?)</mark>',
        text,
        re.DOTALL,
    )
    assert found, f"no mark at {anchor}"
    # A mention inside the quote is a <span> (and its anchor) inside the <mark>.
    return html.unescape(re.sub(r"<span[^>]*>|</span>", "", found.group(1)))


# --- the JSON keys the view needs ----------------------------------------------------------


def test_json_keeps_the_spec_keys_and_adds_values_documents_provenance() -> None:
    data = results(pack_data("one", [val("amount", "₹ 7,85,000.00")]))
    (entry,) = data["packs"]
    assert list(entry)[:6] == ["id", "engine_state", "verdict", "expect", "held", "reasons"]
    assert {"values", "documents", "provenance", "findings"} <= set(entry)
    assert (data["held"], data["failed"]) == (1, 0)
    (value,) = entry["values"]
    assert value["check"] == {"verified": True, "reason": "OK", "detail": ""}
    assert entry["documents"][0]["id"] == "hostile"  # sorted by id
    memo = next(d for d in entry["documents"] if d["id"] == "memo")
    assert memo["segments"] == [{"label": "", "utf8": True, "text": MEMO}]
    notice = next(d for d in entry["documents"] if d["id"] == "notice")
    assert [s["label"] for s in notice["segments"]] == ["page 1", "page 2"]
    assert entry["provenance"]["claimed"] == entry["provenance"]["served"]


@pytest.mark.parametrize(
    ("unit", "start", "end"),
    [("codepoint", 18, 39), ("byte", 21, 44), ("utf16", 19, 40)],
)
def test_offsets_in_every_unit_highlight_the_same_characters(
    unit: str, start: int, end: int
) -> None:
    quote = "Amount: ₹ 7,85,000.00"
    assert MEMO.index(quote) == 18  # after 🧾 (1 codepoint, 4 bytes, 2 UTF-16 units) and CR LF
    data = results(
        pack_data("one", [val("amount", quote, char_start=start, char_end=end, unit=unit)])
    )
    (value,) = data["packs"][0]["values"]
    assert value["check"]["verified"] is True
    assert value["highlight"] == {
        "doc": "memo",
        "segment": 0,
        "byte_start": 21,
        "byte_end": 44,
        "char_start": 18,
        "char_end": 39,
        "occurrences": None,  # offsets name their occurrence: not counted
    }
    text = render_html(read_view(data, "r.json")).decode("utf-8")
    assert marked(text, "p1-v0") == quote


def test_search_only_cite_is_highlighted_on_the_page_that_holds_it() -> None:
    quote = "₹ 7,85,000/-"
    text = page(pack_data("one", [val("amount", quote, doc="notice")]))
    assert marked(text, "p1-v0") == quote
    data = results(pack_data("one", [val("amount", quote, doc="notice")]))
    highlight = data["packs"][0]["values"][0]["highlight"]
    assert (highlight["segment"], highlight["char_start"], highlight["occurrences"]) == (1, 4, 2)
    assert "the first of 2 occurrences" in text


def test_every_value_of_a_pack_gets_its_own_mark_and_overlaps_are_split() -> None:
    values = [
        val("qty", "Amount: ₹ 7,85,000.00"),
        val("amount", "₹ 7,85,000.00"),
        val("payee", "Payee"),
    ]
    text = page(pack_data("one", values))
    for index in range(3):
        assert f'id="p1-v{index}"' in text
    assert marked(text, "p1-v2") == "Payee"
    pieces = re.findall(r'<mark class="hl" title="([^"]*)">', text)
    assert "#1 qty; #2 amount" in [html.unescape(p) for p in pieces]


def test_a_document_with_script_and_markup_stays_text() -> None:
    values = [
        val(
            "script",
            "</script><script>window.__pwned=1</script>",
            doc="hostile",
            why="<script>alert('why')</script>",
        )
    ]
    data = pack_data("one", values, title="</script><b>bold</b>")
    data["turn"]["values"][0]["value"] = "<img src=x onerror=alert(2)>"
    text = page(data)
    assert text.count("<script") == 1 and text.count("</script>") == 1  # the page's own
    assert "<img" not in text and "<b>" not in text
    assert "&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;" in text
    assert "&amp;amp;" in text  # the document's own "&amp;" shows as typed
    assert marked(text, "p1-v0") == "</script><script>window.__pwned=1</script>"


def test_carriage_returns_and_invisible_characters_are_shown() -> None:
    text = page(pack_data("one", [val("amount", "₹ 7,85,000.00")]))
    assert '17<span class="ctl" title="U+000D">CR</span>\nAmount' in text
    assert "\r" not in text


def test_failed_cite_shows_the_diagnosis_and_the_nearest_exact_match() -> None:
    values = [
        val("payee", "Payee: Café Ganesh"),  # NFC-composed: the document has e + U+0301
        val("amount", "Pay ₹ 7,85,000/-", doc="notice", page=1),  # it is on page 2
    ]
    data = pack_data("one", values, expect="red")
    text = page(data)
    assert "it would match after Unicode NFC normalisation" in text
    assert "the quote is found on page 2" in text
    assert "QUOTE_NOT_FOUND" in text and "FABRICATED_SPAN" in text
    assert 'id="p1-v0-near"' not in text  # no exact bytes anywhere: nothing to point at
    found = re.search(
        r'id="p1-v1-near" data-n="2"></span><mark class="near" title="[^"]*">(.*?)</mark>', text
    )
    assert found and html.unescape(found.group(1)) == "Pay ₹ 7,85,000/-"
    near = results(data)["packs"][0]["values"][1]["near"]
    assert (near["doc"], near["segment"], near["char_start"]) == ("notice", 1, 0)


def test_wrong_offsets_point_at_the_nearest_occurrence() -> None:
    quote = "₹ 7,85,000/-"
    data = pack_data(
        "one",
        [val("amount", quote, doc="notice", page=2, char_start=36, char_end=48)],
        expect="red",
    )
    near = results(data)["packs"][0]["values"][0]["near"]
    assert PAGES[1].index(quote, 10) == 37 and near["char_start"] == 37 and near["occurrences"] == 2


def test_undecodable_file_shows_replacement_and_highlights_by_bytes(tmp_path: Path) -> None:
    (tmp_path / "raw.bin").write_bytes(b"\xff\xfeheader\nTotal: 42 MT\n")
    values = [val("total", "Total: 42 MT", doc="raw", char_start=9, char_end=21, unit="byte")]
    data = pack_data("one", values, documents=[{"id": "raw", "file": "raw.bin"}])
    graded = results(data, base=tmp_path)
    segment = graded["packs"][0]["documents"][0]["segments"][0]
    assert segment["utf8"] is False and segment["text"].startswith("\ufffd\ufffdheader")
    text = render_html(read_view(graded, "r.json")).decode("utf-8")
    assert marked(text, "p1-v0") == "Total: 42 MT"
    assert "not valid UTF-8" in text


def test_hostile_cite_values_do_not_break_the_json() -> None:
    values = [
        {
            "field": "f",
            "value": 10**30,
            "why": "w",
            "cite": {"doc": "memo", "quote": "x", "char_start": 10**30, "char_end": 10**31},
        }
    ]
    data = results(pack_data("one", values, expect="red"))
    (value,) = data["packs"][0]["values"]
    assert value["value"] == "a huge number" and value["check"]["reason"] == "OFFSETS_INVALID"


# --- the page ------------------------------------------------------------------------------


def test_first_line_says_it_holds_content_then_the_doctype() -> None:
    lines = page(pack_data("one", [val("amount", "₹ 7,85,000.00")])).splitlines()
    assert lines[0] == FIRST_LINE and "content" in lines[0] and "do not publish" in lines[0]
    assert lines[1] == "<!doctype html>"
    text = "\n".join(lines)
    body = text[text.index("<body>") + len("<body>") :]
    assert body.lstrip().startswith(
        '<p class="banner" role="note">This view contains document content.'
    )


def test_red_filter_marks_held_green_packs_quiet_and_opens_the_red_ones() -> None:
    text = page(
        pack_data("green", [val("amount", "₹ 7,85,000.00")]),
        pack_data("red", [val("amount", "Amount: 9")], expect="red"),
        pack_data("unheld", [val("amount", "Amount: 9")]),
    )
    assert '<input type="checkbox" id="red-only">' in text
    assert "body:has(#red-only:checked) .pack.quiet{display:none}" in text
    packs = dict(
        re.findall(
            r'<details class="([^"]*)" id="p\d+" data-verdict="\w+" data-held="\w+"( open)?', text
        )
    )
    assert packs == {"pack quiet": "", "pack red": " open"}
    assert text.count('<details class="pack red"') == 2 and "NOT HELD: expected green" in text


def test_no_network_and_only_the_pages_own_script_runs() -> None:
    text = page(
        pack_data("one", [val("amount", "₹ 7,85,000.00")], documents=[{"id": "memo", "text": MEMO}])
    )
    assert "default-src 'none'" in text and "unsafe-inline" not in text
    assert (
        "http://" not in text
        and "https://" not in text
        and "src=" not in text
        and "<link" not in text
    )


def test_same_results_same_bytes() -> None:
    packs = [
        pack_data("b", [val("amount", "₹ 7,85,000.00")]),
        pack_data("a", [val("p", "Payee: Café")], expect="red"),
    ]
    first = render_json_bytes(*packs)
    assert first == render_json_bytes(*packs)
    assert render_html(read_view(orjson.loads(first), "r")) == render_html(
        read_view(orjson.loads(first), "r")
    )


def render_json_bytes(*packs: dict[str, Any]) -> bytes:
    return orjson.dumps(results(*packs), option=orjson.OPT_SORT_KEYS)


def test_results_without_evidence_keys_still_render() -> None:
    old = {
        "packs": [
            {
                "id": "a",
                "engine_state": "live",
                "verdict": "red",
                "expect": "green",
                "held": False,
                "reasons": ["FABRICATED_SPAN"],
            }
        ],
        "held": 0,
        "failed": 1,
    }
    text = render_html(read_view(old, "old.json")).decode("utf-8")
    assert "carry no values or documents" in text and "FABRICATED_SPAN" in text


def test_lone_surrogates_in_hand_written_results_become_replacement_characters() -> None:
    data = results(pack_data("one", [val("amount", "₹ 7,85,000.00")]))
    data["packs"][0]["title"] = "bad \ud800 title"
    assert "bad \ufffd title" in render_html(read_view(data, "r")).decode("utf-8")


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ([], None),
        ({}, "packs"),
        ({"packs": {}, "held": 0, "failed": 0}, "packs"),
        ({"packs": [], "held": -1, "failed": 0}, "held"),
    ],
)
def test_results_that_are_not_a_run_context_report_are_refused(
    data: object, key: str | None
) -> None:
    from sakshi.errors import InputError

    with pytest.raises(InputError) as caught:
        read_view(data, "r.json")
    assert caught.value.key == key and "\n" not in str(caught.value)


BAD_VERDICT = {
    "id": "a",
    "engine_state": "live",
    "verdict": "blue",
    "expect": "green",
    "held": True,
    "reasons": ["FABRICATED_SPAN"],
}


@pytest.mark.parametrize(
    ("entry", "key"),
    [({"id": "a"}, "packs[0].engine_state"), (BAD_VERDICT, "packs[0].verdict")],
)
def test_a_pack_entry_that_cannot_be_read_is_shown_red_with_its_problem(
    entry: dict[str, Any], key: str
) -> None:
    good = results(pack_data("b", [val("amount", "₹ 7,85,000.00")]))["packs"][0]
    view = read_view({"packs": [entry, good], "held": 1, "failed": 1}, "r.json")
    bad, kept = view.packs
    assert (bad.id, bad.verdict, bad.held) == ("a", "red", False)
    assert bad.reasons[-1] == "RESULTS_UNREADABLE" and key in bad.findings[0].detail
    assert (kept.id, kept.verdict, kept.held, kept.has_evidence) == ("b", "green", True, True)


# --- the command line ----------------------------------------------------------------------


def write_packs(folder: Path, *packs: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for data in packs:
        (folder / f"{data['id']}.yaml").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return folder


def test_view_of_the_json_equals_run_context_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_packs(
        tmp_path / "packs",
        pack_data("a", [val("amount", "₹ 7,85,000.00")]),
        pack_data("b", [val("amount", "Amount: 9")]),
    )
    code = main(
        [
            "run",
            "context",
            str(folder),
            "--format",
            "json",
            "--out",
            str(tmp_path / "r.json"),
            "--html",
            str(tmp_path / "direct.html"),
        ]
    )
    assert code == 1
    assert main(["view", str(tmp_path / "r.json"), "--out", str(tmp_path / "view.html")]) == 0
    assert (tmp_path / "view.html").read_bytes() == (tmp_path / "direct.html").read_bytes()
    code = main(["run", "context", str(folder), "--html", str(tmp_path / "from-text.html")])
    assert (
        code == 1
        and (tmp_path / "from-text.html").read_bytes() == (tmp_path / "view.html").read_bytes()
    )
    capsys.readouterr()


@pytest.mark.parametrize("content", [b"{not json", b"[]", b'{"packs": 3}', b"", b"\xff\xfe"])
def test_view_of_a_malformed_results_file_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    (tmp_path / "r.json").write_bytes(content)
    assert main(["view", str(tmp_path / "r.json"), "--out", str(tmp_path / "v.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sakshi: error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "v.html").exists()


def test_view_of_a_missing_file_or_without_out_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["view", str(tmp_path / "nope.json"), "--out", str(tmp_path / "v.html")]) == 2
    assert main(["view", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "--out" in err


# --- property: a verified cite's highlight is exactly its quote, in every unit ------------


@settings(max_examples=150, deadline=None)
@given(st.text(min_size=1, max_size=40), st.data())
def test_highlight_of_a_verified_cite_is_its_quote(text: str, data: st.DataObject) -> None:
    from sakshi.reports.context import pack_evidence

    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    quote = text[start:end]
    unit = data.draw(st.sampled_from(["codepoint", "byte", "utf16", None]))
    offsets = {
        "codepoint": (start, end),
        "byte": (len(text[:start].encode()), len(text[:end].encode())),
        "utf16": (
            len(text[:start].encode("utf-16-le")) // 2,
            len(text[:end].encode("utf-16-le")) // 2,
        ),
    }
    extra = (
        {}
        if unit is None
        else {"char_start": offsets[unit][0], "char_end": offsets[unit][1], "unit": unit}
    )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return  # lone surrogates: not a document
    pack = pack_from_data(
        pack_data("p", [val("f", quote, **extra)], documents=[{"id": "memo", "text": text}]),
        Path("."),
        "p",
    )
    evidence = pack_evidence(run_pack(pack, reference()))
    (value,) = evidence["values"]
    assert value["check"]["verified"] is True
    highlight = value["highlight"]
    shown = evidence["documents"][0]["segments"][0]["text"]
    assert shown[highlight["char_start"] : highlight["char_end"]] == quote
    if unit is not None:
        assert (highlight["char_start"], highlight["char_end"]) == (start, end)


# --- values (SPEC section 8): the check on the page ----------------------------------------

AMOUNT_FIELDS = {"amount": {"type": "money", "currency": "INR", "cues": ["amount"]}}


def _amount_pack(value: str) -> dict[str, Any]:
    item = {**val("amount", "Amount: ₹ 7,85,000.00"), "value": value}
    return pack_data("one", [item], fields=AMOUNT_FIELDS, expect="red")


def test_a_stated_value_shows_type_reading_mentions_and_the_marked_mention() -> None:
    text = page(_amount_pack("Rs. 7.85 lakh"))
    assert "money" in text and "(declared)" in text and "<code>INR 785000</code>" in text
    assert "the quote states the value" in text and "states the value</span>" in text
    # The mention is marked inside the quote in the value's item, and inside the cite's
    # highlight in the document (one <mark>, the mention a <span> in it).
    assert '<q>Amount: <span class="mention">₹ 7,85,000.00</span></q>' in text
    assert (
        '<mark class="hl" title="#1 amount">Amount: '
        '<span class="anchor mention" id="p1-v0-m" data-n="1"></span>'
        '<span class="mention" title="#1 amount: states the value">₹ 7,85,000.00</span></mark>'
    ) in text
    assert marked(text, "p1-v0") == "Amount: ₹ 7,85,000.00"
    assert 'href="#p1-v0-m">show the mention that states it in the document</a>' in text


def test_an_unstated_value_shows_value_unsupported_the_hint_and_the_nearest_mention() -> None:
    text = page(_amount_pack("₹ 78,50,000"))
    assert 'class="value bad"' in text
    assert '<span class="tag red">VALUE_UNSUPPORTED</span>' in text
    assert '<span class="code">VALUE_NOT_IN_QUOTE</span>: x10 slip' in text
    assert "<code>INR 7850000</code>" in text  # the value's reading
    assert "[8, 21) <q>₹ 7,85,000.00</q> reads <code>INR 785000</code>" in text
    assert "nearest: not the value" in text
    assert '<span class="miss">₹ 7,85,000.00</span>' in text
    assert 'id="p1-v0-m"' in text and "show the nearest mention in the document" in text


def test_a_claim_is_shown_unchecked() -> None:
    data = pack_data(
        "one", [val("note", "Amount: ₹ 7,85,000.00")], fields={"note": {"type": "claim"}}
    )
    text = page(data)
    assert "A claim: read by no rule, reported unchecked." in text
    assert 'class="mention"' not in text


def test_value_check_in_the_json_is_read_back_and_a_bad_one_is_unreadable() -> None:
    data = results(_amount_pack("₹ 78,50,000"))
    check = data["packs"][0]["values"][0]["value_check"]
    view = read_view(data, "r.json")
    (value,) = view.packs[0].values
    assert value.value_check is not None
    assert (value.value_check.reading, value.value_check.value_reason) == (
        check["reading"],
        "VALUE_NOT_IN_QUOTE",
    )
    assert value.value_check.pointed is not None and value.value_check.pointed.nearest
    check["mentions"][0]["start"] = "eight"
    (broken,) = read_view(data, "r.json").packs
    assert broken.reasons[-1] == "RESULTS_UNREADABLE" and not broken.held
    assert "value_check.mentions[0].start" in (broken.not_held_because or "")


kinds = st.sampled_from(list(MarkKind))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet="ab<&\r ", min_size=1, max_size=30), st.data())
def test_marked_keeps_every_character_and_balances_its_elements(
    text: str, data: st.DataObject
) -> None:
    marks = []
    for number in range(data.draw(st.integers(0, 6))):
        start = data.draw(st.integers(0, len(text) - 1))
        end = data.draw(st.integers(start + 1, len(text)))
        marks.append(Mark(start, end, f"a{number}", number + 1, data.draw(kinds), f"m{number}"))
    out = mark_text(text, marks)
    assert out.count("<mark ") == out.count("</mark>")
    assert out.count("<span") == out.count("</span>")
    stripped = re.sub(r"<span class=\"ctl\"[^>]*>[^<]*</span>", "\r", out)
    assert html.unescape(re.sub(r"<[^>]+>", "", stripped)) == text
    # Marks never nest in marks: a <mark> closes before the next one opens.
    depth = 0
    for tag in re.findall(r"</?mark", out):
        depth += 1 if tag == "<mark" else -1
        assert depth in (0, 1)
