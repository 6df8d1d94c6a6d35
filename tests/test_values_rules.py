"""A pack's ``locale:`` and the project's ``locale`` and ``acts`` (SPEC 8: "numeric dates
are day-first (en-IN) unless the pack sets `locale`"; the act table "the user can extend
in configuration"): on the core directly, then through ``run context``, ``prove`` and
``verify-values``, with every way to get them wrong refused (exit 2 naming file and key).
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli_fresh

from sakshi.context.turns import bundle_sha256
from sakshi.reasons import ValueReason
from sakshi.values import (
    DEFAULT_ACTS,
    FieldsProblem,
    check_value,
    parse_acts,
    parse_fields,
    parse_locale,
)

NOTICE = "The demand notice dated 03/12/2024 was served on the drawer."
DATED = "notice dated 03/12/2024"
STAMP = "The agreement is chargeable under Section 3 of the Karnataka Stamp Act, 1957."
STAMP_QUOTE = "Section 3 of the Karnataka Stamp Act, 1957"
KSA = {"KSA": {"title": "Karnataka Stamp Act", "year": 1957, "aliases": ["KS Act"]}}


def declared(raw: dict[str, Any]) -> Any:
    parsed = parse_fields(raw)
    assert isinstance(parsed, dict), parsed
    return parsed


DATE_FIELDS = declared({"notice_date": {"type": "date", "cues": ["dated"]}})


# --- the core ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "value", "ok"),
    [
        (None, "3 December 2024", True),
        (None, "12 March 2024", False),
        ("en-IN", "3 December 2024", True),
        ("en-US", "12 March 2024", True),
        ("en_US", "12 March 2024", True),
        ("en-US", "3 December 2024", False),
        ("en-GB", "3 December 2024", True),
    ],
)
def test_the_locale_orders_the_quotes_numeric_dates(
    locale: str | None, value: str, ok: bool
) -> None:
    check = check_value("notice_date", value, DATED, DATE_FIELDS, locale=locale)
    assert check.ok is ok
    if not ok:
        assert check.value_reason is ValueReason.VALUE_NOT_IN_QUOTE


def test_the_locale_orders_the_values_numeric_dates_too() -> None:
    assert check_value("notice_date", "12/03/2024", DATED, DATE_FIELDS, locale="en-US").ok is False
    assert check_value("notice_date", "03/12/2024", DATED, DATE_FIELDS, locale="en-US").ok
    inferred = check_value("undeclared", "03/12/2024", DATED, {}, locale="en-US")
    assert (inferred.ok, inferred.reading) == (True, "2024-03-12")


def test_a_fields_own_locale_wins_over_the_packs() -> None:
    own = declared({"notice_date": {"type": "date", "locale": "en-IN", "cues": ["dated"]}})
    assert check_value("notice_date", "3 December 2024", DATED, own, locale="en-US").ok
    assert not check_value("notice_date", "12 March 2024", DATED, own, locale="en-US").ok


def test_a_swap_hint_names_the_order_in_force() -> None:
    check = check_value("notice_date", "13/12/2024", DATED, DATE_FIELDS, locale="en-US")
    assert check.value_reason is ValueReason.VALUE_UNPARSEABLE
    assert "month-first" in check.hint


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2099, 12, 31)))
def test_a_month_first_rendering_reads_back_as_itself_under_en_us(day: datetime.date) -> None:
    written = f"{day.month:02d}/{day.day:02d}/{day.year}"
    check = check_value("d", written, f"dated {written}", DATE_FIELDS, locale="en-US")
    assert check.reading == day.isoformat()
    assert check.ok


@pytest.mark.parametrize("raw", ["", "en US", "en-IN;", "हि", 5, None, ["en-US"]])
def test_a_locale_that_is_no_tag_is_a_problem(raw: object) -> None:
    assert isinstance(parse_locale(raw), FieldsProblem)


def test_an_extended_act_table_reads_the_projects_act() -> None:
    statute = declared({"duty": {"type": "statute"}})
    plain = check_value("duty", "s. 3 KS Act", STAMP_QUOTE, statute)
    assert plain.value_reason is ValueReason.ACT_MISMATCH
    extra = parse_acts(KSA)
    assert not isinstance(extra, FieldsProblem)
    wider = check_value(
        "duty", "s. 3 KS Act", STAMP_QUOTE, statute, acts=DEFAULT_ACTS.extended(extra)
    )
    assert (wider.ok, wider.reading) == (True, "s. 3, Karnataka Stamp Act, 1957")
    other = check_value(
        "duty", "s. 4 KS Act", STAMP_QUOTE, statute, acts=DEFAULT_ACTS.extended(extra)
    )
    assert other.value_reason is ValueReason.VALUE_NOT_IN_QUOTE


# --- through the CLI -----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    return run_cli_fresh(capsys, *(str(arg) for arg in args))


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # the search for a configuration stops here


def write_pack(
    folder: Path, name: str, values: list[tuple[str, str, str, str]], **top: object
) -> Path:
    """A live pack with a recorded turn: each value (field, value, doc text, quote)."""
    bundle = {"engine": "test", "pack": name}
    docs = sorted({(f"d{i}", text) for i, (_, _, text, _) in enumerate(values)})
    pack: dict[str, Any] = {
        "pack": "sakshi.pack.v1",
        "id": name,
        "engine_state": "live",
        "matter": {},
        "documents": [{"id": doc, "text": text} for doc, text in docs],
        "bundle": bundle,
        "turn": {
            "context_provenance": {"engine_state": "live", "bundle_sha256": bundle_sha256(bundle)},
            "values": [
                {
                    "field": field,
                    "value": value,
                    "why": "It says so.",
                    "cite": {"doc": f"d{i}", "quote": quote},
                }
                for i, (field, value, _, quote) in enumerate(values)
            ],
        },
        **top,
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(json.dumps(pack, ensure_ascii=False), "utf-8")
    return path


NOTICE_VALUE = [("notice_date", "12 March 2024", NOTICE, DATED)]
DATE_DECL = {"notice_date": {"type": "date", "cues": ["dated"]}}


def verdicts(
    capsys: pytest.CaptureFixture[str], *paths: object
) -> tuple[int, dict[str, list[str]]]:
    code, out, err = run(capsys, "run", "context", *paths, "--format", "json")
    assert code in (0, 1), err
    return code, {p["id"]: p["reasons"] for p in json.loads(out)["packs"]}


def test_a_packs_locale_decides_its_numeric_dates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_pack(tmp_path / "packs", "us", NOTICE_VALUE, fields=DATE_DECL, locale="en-US")
    write_pack(tmp_path / "packs", "india", NOTICE_VALUE, fields=DATE_DECL)
    write_pack(tmp_path / "packs", "undeclared", NOTICE_VALUE, locale="en-US")
    code, found = verdicts(capsys, tmp_path / "packs")
    assert code == 1
    assert found == {"us": [], "india": ["VALUE_UNSUPPORTED"], "undeclared": []}


@pytest.mark.parametrize(("raw", "shown"), [("en US", "'en US'"), (5, "an integer"), ("", "''")])
def test_a_bad_pack_locale_is_exit_2_naming_the_file_and_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, raw: object, shown: str
) -> None:
    path = write_pack(tmp_path / "packs", "bad", NOTICE_VALUE, locale=raw)
    code, _, err = run(capsys, "run", "context", path)
    assert code == 2
    assert str(path) in err and "locale" in err and shown in err
    assert "Traceback" not in err


def test_the_projects_locale_serves_packs_that_set_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_pack(tmp_path / "packs", "plain", NOTICE_VALUE, fields=DATE_DECL)
    write_pack(tmp_path / "packs", "own", NOTICE_VALUE, fields=DATE_DECL, locale="en-IN")
    (tmp_path / "sakshi.toml").write_text('locale = "en-US"\n', "utf-8")
    _, found = verdicts(capsys, tmp_path / "packs")
    assert found == {"plain": [], "own": ["VALUE_UNSUPPORTED"]}


def test_prove_grades_the_mutants_under_the_packs_locale(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_pack(tmp_path / "packs", "us", NOTICE_VALUE, fields=DATE_DECL, locale="en-US")
    code, out, err = run(capsys, "prove", path, "--format", "json")
    assert code == 0, err  # without the locale the pack is red at live: not provable
    (proof,) = json.loads(out)["packs"]
    flips = {flip["mutant"]: (flip["flipped"], flip["reasons"]) for flip in proof["flips"]}
    assert flips["value-changed@live"] == (True, ["VALUE_UNSUPPORTED"])
    assert all(flipped for flipped, _ in flips.values())


STAMP_VALUE = [("duty", "s. 3 KS Act", STAMP, STAMP_QUOTE)]
STATUTE_DECL = {"duty": {"type": "statute"}}
PYPROJECT_ACTS = """\
[tool.sakshi.acts.KSA]
title = "Karnataka Stamp Act"
year = 1957
aliases = ["KS Act"]
"""


def test_the_projects_acts_extend_the_statute_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_pack(tmp_path / "packs", "stamp", STAMP_VALUE, fields=STATUTE_DECL)
    _, before = verdicts(capsys, tmp_path / "packs")
    assert before == {"stamp": ["VALUE_UNSUPPORTED"]}
    (tmp_path / "pyproject.toml").write_text(PYPROJECT_ACTS, "utf-8")
    _, after = verdicts(capsys, tmp_path / "packs")
    assert after == {"stamp": []}


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ('[tool.sakshi]\nacts = "KSA"\n', "tool.sakshi.acts"),
        ("[tool.sakshi.acts.KSA]\nyear = 1957\n", "tool.sakshi.acts.KSA.title"),
        ('[tool.sakshi.acts.KSA]\ntitle = "K"\nyear = 57\n', "tool.sakshi.acts.KSA.year"),
        ('[tool.sakshi.acts.KSA]\ntitle = "K"\nshort = "x"\n', "tool.sakshi.acts.KSA.short"),
        ('[tool.sakshi]\nlocale = "en US"\n', "tool.sakshi.locale"),
        ("[tool.sakshi]\nlocale = 5\n", "tool.sakshi.locale"),
    ],
)
def test_bad_project_acts_or_locale_are_exit_2_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, toml: str, key: str
) -> None:
    write_pack(tmp_path / "packs", "stamp", STAMP_VALUE, fields=STATUTE_DECL)
    (tmp_path / "pyproject.toml").write_text(toml, "utf-8")
    for command in (("run", "context"), ("prove",)):
        code, _, err = run(capsys, *command, tmp_path / "packs")
        assert code == 2, err
        assert "pyproject.toml" in err and key in err and "Traceback" not in err


def test_a_fields_files_acts_and_locale_serve_the_project(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_pack(tmp_path / "packs", "stamp", STAMP_VALUE)
    write_pack(tmp_path / "packs", "us", NOTICE_VALUE)
    fields = {"fields": {**STATUTE_DECL, **DATE_DECL}, "acts": KSA, "locale": "en-US"}
    (tmp_path / "fields.yaml").write_text(json.dumps(fields), "utf-8")
    (tmp_path / "sakshi.toml").write_text('fields = ["fields.yaml"]\n', "utf-8")
    _, found = verdicts(capsys, tmp_path / "packs")
    assert found == {"stamp": [], "us": []}


def test_two_locales_that_differ_are_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_pack(tmp_path / "packs", "us", NOTICE_VALUE)
    (tmp_path / "fields.yaml").write_text(json.dumps({"fields": DATE_DECL, "locale": "en-US"}))
    (tmp_path / "sakshi.toml").write_text('fields = ["fields.yaml"]\nlocale = "en-IN"\n')
    code, _, err = run(capsys, "run", "context", tmp_path / "packs")
    assert code == 2 and "fields.yaml" in err and "locale" in err and "en-IN" in err


def test_verify_values_reads_the_locale_and_acts_of_fields_and_project(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    docs = {"documents": [{"id": "n", "text": NOTICE}, {"id": "s", "text": STAMP}]}
    (tmp_path / "DOCS.yaml").write_text(json.dumps(docs), "utf-8")
    lines = [
        {
            "id": 1,
            "field": "notice_date",
            "value": "12 March 2024",
            "cite": {"doc": "n", "quote": DATED},
        },
        {
            "id": 2,
            "field": "duty",
            "value": "s. 3 KS Act",
            "cite": {"doc": "s", "quote": STAMP_QUOTE},
        },
    ]
    (tmp_path / "VALUES.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    fields = {"fields": {**STATUTE_DECL, **DATE_DECL}}
    (tmp_path / "FIELDS.yaml").write_text(json.dumps(fields), "utf-8")

    def verified() -> list[bool]:
        code, out, err = run(
            capsys, "verify-values", "DOCS.yaml", "VALUES.jsonl", "--fields", "FIELDS.yaml"
        )
        assert code in (0, 1), err
        return [json.loads(line)["verified"] for line in out.splitlines()]

    assert verified() == [False, False]
    (tmp_path / "FIELDS.yaml").write_text(json.dumps({**fields, "locale": "en-US"}), "utf-8")
    assert verified() == [True, False]
    (tmp_path / "sakshi.toml").write_text(
        '[acts.KSA]\ntitle = "Karnataka Stamp Act"\nyear = 1957\naliases = ["KS Act"]\n'
    )
    assert verified() == [True, True]
    (tmp_path / "FIELDS.yaml").write_text(json.dumps({**fields, "locale": "U S"}), "utf-8")
    code, _, err = run(
        capsys, "verify-values", "DOCS.yaml", "VALUES.jsonl", "--fields", "FIELDS.yaml"
    )
    assert code == 2 and "FIELDS.yaml" in err and "locale" in err


# --- sakshi grade: the project's rules on every line, whatever the engine ---------------------


US_AND_KSA = """\
locale = "en-US"
[acts.KSA]
title = "Karnataka Stamp Act"
year = 1957
aliases = ["KS Act"]
"""


def grade_log(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notice.txt").write_text(NOTICE, "utf-8")
    (tmp_path / "docs" / "stamp.txt").write_text(STAMP, "utf-8")
    bundle = {"engine": "log"}
    lines = []
    for number, (field, value, doc, quote) in enumerate(
        [
            ("notice_date", "12 March 2024", "notice", DATED),
            ("duty", "s. 3 KS Act", "stamp", STAMP_QUOTE),
        ]
        * 30
    ):
        entry = {
            "id": number,
            "engine_state": "live",
            "bundle": bundle,
            "documents": [doc],
            "fields": {**DATE_DECL, **STATUTE_DECL},
            "turn": {
                "context_provenance": {
                    "engine_state": "live",
                    "bundle_sha256": bundle_sha256(bundle),
                },
                "values": [
                    {
                        "field": field,
                        "value": value,
                        "why": "It says so.",
                        "cite": {"doc": doc, "quote": quote},
                    }
                ],
            },
        }
        lines.append(json.dumps(entry) + "\n")
    log = tmp_path / "TURNS.jsonl"
    log.write_text("".join(lines), "utf-8")
    return log


def graded(capsys: pytest.CaptureFixture[str], *extra: object) -> tuple[int, list[str]]:
    code, out, err = run(capsys, "grade", "TURNS.jsonl", "--documents", "docs", *extra)
    assert code in (0, 1), err
    return code, [json.loads(line)["verdict"] for line in out.splitlines()]


def test_grade_reads_each_line_under_the_projects_locale_and_acts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grade_log(tmp_path)
    assert graded(capsys) == (1, ["red"] * 60)
    (tmp_path / "sakshi.toml").write_text('locale = "en-US"\n', "utf-8")
    assert graded(capsys) == (1, ["green", "red"] * 30)
    (tmp_path / "sakshi.toml").write_text(US_AND_KSA, "utf-8")
    assert graded(capsys) == (0, ["green"] * 60)
    assert graded(capsys, "--jobs", "2", "--partition-size", "1K") == (0, ["green"] * 60)
    (tmp_path / "sakshi.toml").write_text('locale = "U S"\n', "utf-8")
    code, _, err = run(capsys, "grade", "TURNS.jsonl", "--documents", "docs")
    assert code == 2 and "sakshi.toml" in err and "locale" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_lines_locale_orders_its_dates_over_the_projects(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str
) -> None:
    """SPEC 8: a grade line is read as a pack; its ``locale`` is the pack's ``locale:``,
    over the project's. Ignored, a line written day first under a month-first project
    would read 03/12/2024 as 12 March, and a value of 12 March 2024 would come out green."""
    log = grade_log(tmp_path)
    lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    for entry, locale in zip(lines, ["en-US", "en-IN", None] * 20, strict=True):
        if locale is not None:
            entry["locale"] = locale
    log.write_text("".join(json.dumps(entry) + "\n" for entry in lines), "utf-8")
    (tmp_path / "sakshi.toml").write_text(US_AND_KSA, "utf-8")
    cut = ("--jobs", jobs, "--partition-size", "1K")

    def expected(green_under: str) -> list[str]:
        # Even lines are dates (03/12/2024), odd ones statutes (green under the project's
        # acts); a line without its own locale reads under the project's, en-US.
        return [
            "green" if number % 2 or (entry.get("locale") or "en-US") == green_under else "red"
            for number, entry in enumerate(lines)
        ]

    assert graded(capsys, *cut) == (1, expected("en-US"))  # 12 March 2024: month first
    for entry in lines[::2]:
        entry["turn"]["values"][0]["value"] = "3 December 2024"  # day first
    log.write_text("".join(json.dumps(entry) + "\n" for entry in lines), "utf-8")
    assert graded(capsys, *cut) == (1, expected("en-IN"))


@pytest.mark.parametrize(("raw", "shown"), [("en US", "'en US'"), (5, "an integer"), ("", "''")])
def test_a_bad_line_locale_is_turn_malformed_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, raw: object, shown: str
) -> None:
    log = grade_log(tmp_path)
    first = json.loads(log.read_text("utf-8").splitlines()[0])
    first["locale"] = raw
    log.write_text(json.dumps(first) + "\n", "utf-8")
    code, out, _ = run(capsys, "grade", "TURNS.jsonl", "--documents", "docs")
    line = json.loads(out)
    assert code == 1 and line["reasons"] == ["TURN_MALFORMED"]
    assert line["problem"].startswith("locale: expected ") and line["problem"].endswith(shown)


def test_grade_on_dask_carries_the_projects_rules_to_the_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    grade_log(tmp_path)
    (tmp_path / "sakshi.toml").write_text(US_AND_KSA, "utf-8")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, host="127.0.0.1", dashboard_address=":0",
        processes=False, protocol="tcp://",
    ) as cluster:  # fmt: skip
        dask = ("--engine", "dask", "--scheduler", cluster.scheduler_address)
        assert graded(capsys, *dask, "--partition-size", "2K") == (0, ["green"] * 60)


def test_act_tables_travel_to_workers_by_pickle() -> None:
    """sakshi's own table arrives as the worker's one instance (its caches key it by
    identity); a project's arrives whole and reads as it did."""
    import pickle

    assert pickle.loads(pickle.dumps(DEFAULT_ACTS)) is DEFAULT_ACTS
    extra = parse_acts(KSA)
    assert not isinstance(extra, FieldsProblem)
    table = pickle.loads(pickle.dumps(DEFAULT_ACTS.extended(extra)))
    statute = declared({"duty": {"type": "statute"}})
    assert check_value("duty", "s. 3 KS Act", STAMP_QUOTE, statute, acts=table).ok


@pytest.mark.parametrize(
    ("acts", "key", "says"),
    [
        ({"big": {"title": "x" * 1_000_000}}, "big.title", "at most 200 characters"),
        ({"big": {"title": "T", "aliases": ["ok", "a " * 500]}}, "big.aliases[1]", "at most 200"),
        ({"big": {"title": "T", "aliases": ["ok", ""]}}, "big.aliases[1]", "non-empty"),
        ({"big": {"title": "T", "aliases": "KS Act"}}, "big.aliases", "a list"),
        (
            {f"act{n:04d}": {"title": "y" * 199, "aliases": ["z" * 199] * 5} for n in range(200)},
            "act0083",
            "100000 characters of act names in all",
        ),
    ],
)
def test_act_names_that_would_blow_up_the_table_are_refused(
    acts: dict[str, Any], key: str, says: str
) -> None:
    """Every beginning of every name is kept: a megabyte name would cost a terabyte."""
    problem = parse_acts(acts)
    assert isinstance(problem, FieldsProblem)
    assert problem.key == key and says in f"{problem.expected} {problem.found}"


def test_a_huge_act_name_in_configuration_is_exit_2_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_pack(tmp_path / "packs", "stamp", STAMP_VALUE, fields=STATUTE_DECL)
    name = "Karnataka " * 90_000  # 900 KB, under the configuration file's 1 MiB
    (tmp_path / "sakshi.toml").write_text(f'[acts.KSA]\ntitle = "{name}"\n', "utf-8")
    code, _, err = run(capsys, "run", "context", tmp_path / "packs")
    assert code == 2 and "acts.KSA.title" in err and "at most 200 characters" in err


@pytest.mark.parametrize(
    ("tag", "first"),
    [
        ("en-US", True),
        ("en_US", True),
        ("en-us", True),
        ("en-PH", True),
        ("en-US-posix", True),  # a variant after the region
        ("en-Latn-US", True),  # a script before it
        ("en-US-u-ca-gregory", True),  # an extension after it
        ("en-IN", False),
        ("en-GB", False),
        ("hi-Deva-IN", False),
        ("es-419", False),
        ("en", False),
        ("US", False),  # a language named "us", no region
        ("", False),
    ],
)
def test_the_region_of_a_locale_tag_decides_the_order(tag: str, first: bool) -> None:
    from sakshi.values.dates import month_first

    assert month_first(tag) is first
