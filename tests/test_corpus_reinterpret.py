"""``sakshi corpus check`` and ``sakshi report reinterpret`` (SPEC section 5), end to end.

corpus check: exit 0 when every fact stands verbatim on its line of the generated source
and nowhere else; exit 1, naming the case and never printing the fact, when a fact is not
in its source (a ``fact_line`` past ``lines``, a Python literal that escapes it) or leaks
into any case's prompt or run configuration; exit 2 only for a malformed corpus.

report reinterpret: any JSON object with a ``cases`` list is read, never changed; only
identifiers and enums reach the new report; every case is ``unknown`` (no report carries
a seal sakshi can check), with what the old case claimed under ``claimed``.
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli as run

from sakshi.reasons import RecoveryReason as R
from sakshi.recovery.corpus import (
    Case,
    CaseKind,
    Corpus,
    Source,
    check_case,
    check_corpus,
    generate_source,
)
from sakshi.recovery.corpus_file import load_corpus
from sakshi.recovery.lane import RunRecord
from sakshi.recovery.validate import CaseResult, Status
from sakshi.reports.recovery import report_object


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def case_yaml(
    case_id: str = "t.offset",
    *,
    fact: str = "QX7-TAMARIND-4471",
    path: str = "notes/big.txt",
    lines: object = 100,
    fact_line: object = 50,
    prompt: str = "Report the token on line L00050.",
    kind: str = "read-offset",
) -> dict[str, Any]:
    return {
        "id": case_id,
        "kind": kind,
        "prompt": prompt,
        "source": {"path": path, "lines": lines, "fact_line": fact_line},
        "fact": fact,
    }


def write_corpus(folder: Path, *cases: dict[str, Any]) -> Path:
    # JSON is YAML: every string is quoted exactly, whatever it holds.
    path = folder / "corpus.yaml"
    path.write_text(
        json.dumps({"corpus": "sakshi.recovery-corpus.v2", "cases": list(cases)}), encoding="utf-8"
    )
    return path


def check(capsys: pytest.CaptureFixture[str], corpus: Path) -> tuple[int, str, str]:
    return run(capsys, "corpus", "check", str(corpus))


def make_case(
    fact: str,
    *,
    path: str = "notes/big.txt",
    lines: int = 20,
    fact_line: int = 10,
    case_id: str = "c",
    prompt: str = "Please.",
) -> Case:
    return Case(case_id, CaseKind.READ_OFFSET, None, prompt, Source(path, lines, fact_line), fact)


# --- corpus check ------------------------------------------------------------------------------


def test_the_shipped_corpus_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.resources import files

    code, out, _ = check(capsys, Path(str(files("sakshi") / "corpora" / "recovery.yaml")))
    assert code == 0, out
    assert out.endswith("0 problems\n")


def test_a_fact_line_past_the_source_loads_and_is_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fact = "QX7-TAMARIND-4471"
    corpus = write_corpus(
        tmp_path,
        case_yaml("t.short", fact=fact, lines=40, fact_line=50),
        case_yaml("t.fine", fact="OK-FACT-1234"),
    )
    loaded = load_corpus(corpus)  # well-formed: loading accepts it
    case = loaded.cases["t.short"]
    source = generate_source(case).decode()
    assert source.count("\n") == 40 and fact not in source
    code, out, err = check(capsys, corpus)
    assert code == 1
    assert (
        "t.short: the fact is not in the generated source"
        " (fact_line 50 is past the source's 40 lines)" in out
    )
    assert "t.fine" not in out.replace("2 cases", "")
    assert fact.lower() not in (out + err).lower()


def test_a_case_whose_fact_line_is_missing_runs_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path, case_yaml("t.short", lines=40, fact_line=50))
    run_dir = tmp_path / "runs" / "r1"
    run_dir.mkdir(parents=True)
    (run_dir / "case.json").write_text(json.dumps({"case_id": "t.short"}))
    trace = [
        {"kind": "tool_call", "call_id": "c1", "tool": "read", "args": {"path": "notes/big.txt"}},
        {
            "kind": "tool_result",
            "call_id": "c1",
            "tool": "read",
            "is_error": False,
            "text": "L00001 kelp\n\n[Showing lines 1-30 of 40. Use offset=31 to continue.]",
        },
        {
            "kind": "tool_call",
            "call_id": "c2",
            "tool": "read",
            "args": {"path": "notes/big.txt", "offset": 31},
        },
        {
            "kind": "tool_result",
            "call_id": "c2",
            "tool": "read",
            "is_error": False,
            "text": "L00040 onyx",
        },
        {"kind": "message", "role": "assistant", "text": "there is no line L00050"},
    ]
    (run_dir / "trace.jsonl").write_text("".join(json.dumps(e) + "\n" for e in trace))
    code, out, _ = run(
        capsys,
        "run",
        "recovery",
        str(tmp_path / "runs"),
        "--corpus",
        str(corpus),
        "--format",
        "json",
        "--out",
        str(tmp_path / "r.json"),
    )
    assert code == 1
    assert json.loads(out)["cases"][0]["status"] == "fail"


@pytest.mark.parametrize(
    "fact",
    [
        "two words here",
        "naïve café ☕ 東京",
        "a\ttab",
        'say "hi"',
        "back\\slash",
        "Z",
        "semi;colon = {}",
    ],
)
def test_any_one_line_text_is_a_fact_in_a_text_source(fact: str) -> None:
    case = make_case(fact, lines=5, fact_line=3)
    line = generate_source(case).decode().split("\n")[2]
    assert line == f"L00003 {fact}"
    assert check_case(case) == []


@pytest.mark.parametrize("fact", ["two words", "naïve café ☕", "QX7-TAMARIND-4471", "it's"])
def test_a_python_source_stays_python_and_holds_the_fact_verbatim(fact: str) -> None:
    case = make_case(fact, path="src/records.py", lines=5, fact_line=3)
    source = generate_source(case).decode()
    tree = ast.parse(source)
    values = [node.value.value for node in tree.body]  # type: ignore[attr-defined]
    assert values[2] == fact and len(values) == 5
    assert check_case(case) == []


@pytest.mark.parametrize("fact", ['say "hi"', "back\\slash", "a\ttab", "nul\x00byte"])
def test_a_fact_the_python_literal_escapes_is_exit_1(
    fact: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = make_case(fact, path="src/records.py", lines=5, fact_line=3)
    tree = ast.parse(generate_source(case).decode())
    assert tree.body[2].value.value == fact  # type: ignore[attr-defined]  # still valid, still the same text
    corpus = write_corpus(
        tmp_path, case_yaml("t.py", fact=fact, path="src/records.py", lines=5, fact_line=3)
    )
    code, out, _ = check(capsys, corpus)
    assert code == 1
    assert "t.py: the fact is not verbatim on line 3 of the generated source" in out
    assert fact not in out


def test_a_fact_leaked_into_another_cases_prompt_is_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    leaked = "LEAKED-FACT-9931"
    corpus = write_corpus(
        tmp_path,
        case_yaml("t.one", fact=leaked),
        case_yaml(
            "t.two", fact="OTHER-FACT-1200", prompt=f"Report line L00050 (hint: {leaked.lower()})."
        ),
    )
    code, out, err = check(capsys, corpus)
    assert code == 1
    assert "t.one: the fact appears in the prompt of case t.two" in out
    assert "t.two:" not in out
    assert leaked.lower() not in (out + err).lower()


def test_a_fact_leaked_into_another_cases_run_configuration_is_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The probe configuration of t.two carries its source path, which holds t.one's fact.
    corpus = write_corpus(
        tmp_path,
        case_yaml("t.one", fact="deepdir-7731", path="notes/big.txt"),
        case_yaml("t.two", fact="OTHER-FACT-1200", path="deepdir-7731/big.txt"),
    )
    code, out, _ = check(capsys, corpus)
    assert code == 1
    assert (
        "t.one: the fact appears in the generated run configuration sakshi-probe.json of case t.two"
        in out
    )
    assert "deepdir-7731" not in out


def test_a_non_ascii_fact_is_found_through_a_json_escape() -> None:
    one = make_case("café-dir", case_id="one")
    two = make_case("OTHER-FACT-1200", case_id="two", path="café-dir/big.txt")
    problems = check_corpus(Corpus({"one": one, "two": two}))
    assert [(p.case_id, p.problem) for p in problems] == [
        ("one", "the fact appears in the generated run configuration sakshi-probe.json of case two")
    ]


def test_the_own_prompt_and_other_source_lines_are_still_checked() -> None:
    assert [p.problem for p in check_case(make_case("Tok-42", prompt="say TOK-42"))] == [
        "the fact appears in the prompt"
    ]
    # "amber" is filler: it is on other lines too.
    problems = [p.problem for p in check_case(make_case("amber", lines=200, fact_line=3))]
    assert problems and problems[0].startswith("the fact also appears on")


def test_case_ids_take_capitals_and_colons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = write_corpus(tmp_path, case_yaml("Recovery:Read-Offset.1"))
    assert list(load_corpus(corpus).cases) == ["Recovery:Read-Offset.1"]
    assert check(capsys, corpus)[0] == 0


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"fact": None}, "cases[0].fact"),
        ({"fact": ""}, "cases[0].fact"),
        ({"fact": 12345678}, "cases[0].fact"),
        ({"fact": "SECRET-Line\nbreak"}, "cases[0].fact"),
        ({"fact": "SECRET-Line\rbreak"}, "cases[0].fact"),
        ({"fact": "SECRET-Line\u2028break"}, "cases[0].fact"),
        ({"id": "-starts-with-dash"}, "cases[0].id"),
        ({"id": "has space"}, "cases[0].id"),
        ({"prompt": None}, "cases[0].prompt"),
        ({"lines": 0}, "cases[0].source.lines"),
        ({"lines": "100"}, "cases[0].source.lines"),
        ({"fact_line": 0}, "cases[0].source.fact_line"),
        ({"fact_line": -3}, "cases[0].source.fact_line"),
        ({"fact_line": 2.5}, "cases[0].source.fact_line"),
    ],
)
def test_a_malformed_corpus_is_exit_2_naming_the_key(
    change: dict[str, Any], key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = case_yaml()
    for name, value in change.items():
        if name in ("lines", "fact_line"):
            raw["source"][name] = value
        elif value is None:
            del raw[name]
        else:
            raw[name] = value
    code, _, err = check(capsys, write_corpus(tmp_path, raw))
    assert code == 2
    assert key in err and len(err.strip().splitlines()) == 1
    assert "SECRET" not in err


# --- report reinterpret ------------------------------------------------------------------------


def reinterpret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: object | bytes, name: str = "old.json"
) -> tuple[int, dict[str, Any] | None, str, Path]:
    old_path = tmp_path / name
    old_path.write_bytes(old if isinstance(old, bytes) else json.dumps(old).encode())
    before = old_path.read_bytes()
    new_path = tmp_path / f"new-{name}"
    code, out, err = run(capsys, "report", "reinterpret", str(old_path), "--out", str(new_path))
    assert old_path.read_bytes() == before  # never changed
    report = json.loads(new_path.read_bytes()) if new_path.exists() else None
    if report is not None:
        assert report["reinterpreted_from"]["sha256"] == hashlib.sha256(before).hexdigest()
    return code, report, out + err, new_path


UNKNOWN: dict[str, Any] = {
    "status": "unknown",
    "reasons": [],
    "task_pass": None,
    "strategy_pass": None,
    "tool_names": [],
    "counts": {},
    "evidence": {"handle": "none", "offset": "none"},
}


def test_a_bare_status_report_is_read_and_proves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, _, _ = reinterpret(tmp_path, capsys, {"cases": [{"id": "a", "status": "pass"}]})
    assert code == 0 and report is not None
    assert report["report"] == "sakshi.recovery-report.v2"
    assert report["reinterpreted_from"]["report"] is None
    assert report["cases"] == [
        {"id": "a", "run": "run-0000", **UNKNOWN, "claimed": {"status": "pass"}}
    ]
    assert report["summary"] == {"pass": 0, "fail": 0, "unknown": 1, "error": 0}
    # The old report names no identity; this run's is the reinterpreting run's, apart.
    assert report["identity"] is None
    assert report["reinterpreted_by"]["identity"] == "sakshi.run-identity.v1"


def test_the_v1_shape_keeps_its_observations_as_claims(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = {
        "report": "sakshi.recovery-report.v1",
        "cases": [
            {
                "id": "recovery.read-offset",
                "run": "run-01",
                "task": "PASS",
                "strategy": "FAIL",
                "tool_names": ["Read", "bash", "read"],
            }
        ],
    }
    code, report, _, _ = reinterpret(tmp_path, capsys, old)
    assert code == 0 and report is not None
    assert report["reinterpreted_from"]["report"] == "sakshi.recovery-report.v1"
    assert report["cases"] == [
        {
            "id": "recovery.read-offset",
            "run": "run-01",
            **UNKNOWN,
            "claimed": {"task": "pass", "strategy": "fail", "tool_names": ["bash", "read"]},
        }
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("PASS", "pass"),
        ("fail", "fail"),
        ("Pass", "pass"),
        (True, "pass"),
        (False, "fail"),
        ("true", "pass"),
        ("FALSE", "fail"),
        (None, "unknown"),
        ("maybe", "unrecognised"),
        (1, "unrecognised"),
        ([], "unrecognised"),
        ({"x": 1}, "unrecognised"),
    ],
)
def test_observations_are_normalised_to_enums(
    value: object, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = {
        "cases": [
            {
                "case_id": "a",
                "task": value,
                "strategy": value,
                "task_pass": value,
                "strategy_pass": value,
                "status": value,
            }
        ]
    }
    code, report, _, _ = reinterpret(tmp_path, capsys, old)
    assert code == 0 and report is not None
    assert report["cases"][0]["claimed"] == {
        k: expected for k in ("task", "strategy", "task_pass", "strategy_pass", "status")
    }


def test_a_status_may_also_be_unknown_or_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = {
        "cases": [
            {"case": "a", "status": "ERROR", "task": "unknown"},
            {"id": "b", "status": "unknown"},
        ]
    }
    code, report, _, _ = reinterpret(tmp_path, capsys, old)
    assert code == 0 and report is not None
    assert [c["claimed"] for c in report["cases"]] == [
        {"status": "error", "task": "unrecognised"},
        {"status": "unknown"},
    ]
    assert [c["id"] for c in report["cases"]] == ["a", "b"]


def test_ids_runs_and_tools_pass_only_as_identifiers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = {
        "cases": [
            {
                "id": "the answer is SECRET-1",
                "case_id": "fallback.id",
                "run": "run with spaces",
                "tool_names": "bash",
            },
            {"id": "SECRET 2", "run": "r:2", "tool_names": ["Bash", "a b", 7, None, "READ", "x/y"]},
            {"status": "pass"},
            {"id": 17, "case": {"id": "nested"}},
        ]
    }
    code, report, text, path = reinterpret(tmp_path, capsys, old)
    assert code == 0 and report is not None
    cases = report["cases"]
    assert [(c["id"], c["run"]) for c in cases] == [
        ("fallback.id", "run-0000"),
        ("case-0001", "r:2"),
        ("case-0002", "run-0002"),
        ("case-0003", "run-0003"),
    ]
    # Claimed tool names pass the live report's filter: what no agent format knows is "other".
    assert [c["claimed"].get("tool_names") for c in cases] == [
        "unrecognised",
        ["bash", "other", "read"],
        None,
        None,
    ]
    assert all(c["tool_names"] == [] for c in cases)
    assert "SECRET" not in path.read_text() and "SECRET" not in text


def test_unknown_keys_and_content_never_reach_the_new_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    canary = "CANARY-Zq81-7731"
    old = {
        "report": f"my-report {canary}",
        "notes": canary,
        canary: canary,
        "cases": [
            {
                "id": "a",
                "answer": canary,
                "task": canary,
                "reasons": [canary],
                "counts": {canary: 1},
                "evidence": {"handle": canary},
                "tool_names": [canary + " x"],
                canary: 1,
            }
        ],
    }
    code, report, text, path = reinterpret(tmp_path, capsys, old)
    assert code == 0 and report is not None
    blob = path.read_text().lower()
    for form in (canary.lower(), hashlib.sha256(canary.encode()).hexdigest()):
        assert form not in blob and form not in text.lower()
    assert report["reinterpreted_from"]["report"] == "unrecognised"
    assert report["cases"][0]["claimed"] == {
        "task": "unrecognised",
        "reasons": ["unrecognised"],
        "counts": {},
        "evidence": {"handle": "unrecognised"},
        "tool_names": ["other"],
    }


def v2_report(tmp_path: Path) -> dict[str, Any]:
    """A report as ``run recovery`` writes it: a pass, a fail, an error, an unknown."""
    counts = {"events": 5, "tool_calls": 2}
    records = [
        RunRecord(
            "run-a",
            "t.temp",
            CaseResult(
                Status.PASS, (), True, True, ("bash", "read"), counts, {"handle": "structured"}
            ),
        ),
        RunRecord(
            "run-b",
            "t.offset",
            CaseResult(
                Status.FAIL,
                (R.WRONG_OFFSET, R.FACT_MISSING),
                False,
                False,
                ("read",),
                counts,
                {"offset": "text"},
            ),
        ),
        RunRecord("run-c", "t.temp", CaseResult(Status.ERROR, (R.TRACE_MALFORMED,), False, False)),
    ]
    data: dict[str, Any] = json.loads(
        json.dumps(report_object(records, {"identity": "sakshi.run-identity.v1", "old": True}))
    )
    return data


def test_a_v2_reports_verdicts_are_claims_it_cannot_prove(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = v2_report(tmp_path)
    code, report, _, _ = reinterpret(tmp_path, capsys, old)
    assert code == 0 and report is not None
    # No report carries a seal sakshi can check: the verdicts are kept as claims only.
    assert all({k: c[k] for k in UNKNOWN} == UNKNOWN for c in report["cases"])
    claimed = [
        {k: c["claimed"][k] for k in ("status", "reasons", "evidence")} for c in report["cases"]
    ]
    assert claimed == [
        {"status": "pass", "reasons": [], "evidence": {"handle": "structured"}},
        {
            "status": "fail",
            "reasons": ["WRONG_OFFSET", "FACT_MISSING"],
            "evidence": {"offset": "text"},
        },
        {"status": "error", "reasons": ["TRACE_MALFORMED"], "evidence": {}},
    ]
    assert report["identity"] == old["identity"]
    assert report["reinterpreted_by"] != old["identity"]
    assert report["reinterpreted_from"]["report"] == "sakshi.recovery-report.v2"
    assert report["summary"] == {"pass": 0, "fail": 0, "unknown": 3, "error": 0}
    # ...and reinterpreting the result again keeps the first run's identity where it was.
    code, again, _, _ = reinterpret(tmp_path, capsys, report, name="again.json")
    assert code == 0 and again is not None
    assert again["identity"] == old["identity"]
    assert [c["claimed"]["status"] for c in again["cases"]] == ["unknown"] * 3


def test_the_declared_format_changes_nothing_but_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = v2_report(tmp_path)
    code, first, _, _ = reinterpret(tmp_path, capsys, old, name="old-v2.json")
    assert code == 0 and first is not None
    for declared in ("sakshi.recovery-report.v1", None):
        if declared is None:
            del old["report"]
        else:
            old["report"] = declared
        code, report, _, _ = reinterpret(tmp_path, capsys, old, name=f"old-{declared}.json")
        assert code == 0 and report is not None
        assert report["cases"] == first["cases"]


@pytest.mark.parametrize(
    ("old", "where"),
    [
        (b"not json at all", "not JSON"),
        (b"\xff\xfe garbage", "not JSON"),
        (b"[" * 100_000, ""),
        (b"[]", "cases"),
        (b'"cases"', "cases"),
        (b"{}", "cases"),
        (b'{"cases": {"a": 1}}', "cases"),
        (b'{"cases": null}', "cases"),
        (b'{"cases": ["a"]}', "cases[0]"),
    ],
)
def test_an_unusable_old_report_is_exit_2_with_one_line(
    old: bytes, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, text, path = reinterpret(tmp_path, capsys, old)
    assert code == 2 and report is None and not path.exists()
    assert len(text.strip().splitlines()) == 1 and where in text


def test_an_empty_cases_list_is_an_empty_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, _, _ = reinterpret(tmp_path, capsys, {"cases": []})
    assert code == 0 and report is not None and report["cases"] == []


def test_out_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.json"
    old.write_text('{"cases": [{"id": "a"}]}')
    existing = tmp_path / "existing.json"
    existing.write_text("keep me")
    assert run(capsys, "report", "reinterpret", str(old), "--out", str(existing))[0] == 2
    assert existing.read_text() == "keep me"
    assert run(capsys, "report", "reinterpret", str(old), "--out", str(old))[0] == 2
    assert old.read_text() == '{"cases": [{"id": "a"}]}'
