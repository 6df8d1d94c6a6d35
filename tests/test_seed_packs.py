"""The seed packs that ship with sakshi: all hold, the green ones prove, every quote
verifies, every value is declared; one negative control is red with VALUE_UNSUPPORTED."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from cli_main import run_cli as run

from sakshi.context.lane import run_pack
from sakshi.context.packs import Pack, load_pack, load_packs, shipped_packs_dir
from sakshi.context.routes import RouteFailure, reference, run_route
from sakshi.context.turns import EngineState, Turn, bundle_sha256
from sakshi.spans import verify_span

SEEDS = {
    "live-cheque-dishonour": "live",
    "live-supply-breach": "live",
    "live-wrong-amount": "live",
    "no-bundle": "none",
    "partial-backfill": "partial",
    "stubbed-empty": "stubbed",
}
RED_SEEDS = {"live-wrong-amount": ["VALUE_UNSUPPORTED"]}  # negative controls: expect red
LIVE_SEEDS = sorted(k for k, v in SEEDS.items() if v == "live")
GREEN_LIVE_SEEDS = [k for k in LIVE_SEEDS if k not in RED_SEEDS]
MUTANTS = [
    "stripped",
    "stripped-stubbed",
    "corrupt-quote@live",
    "corrupt-quote@partial",
    "corrupt-quote@stubbed",
    "value-changed@live",
]
PACK_KEYS = {
    "id": str,
    "engine_state": str,
    "verdict": str,
    "expect": str,
    "held": bool,
    "reasons": list,
}


@pytest.fixture(autouse=True)
def _clean_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The route comes from the cwd's pyproject.toml when none is given: use an empty cwd.
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def seeds() -> dict[str, Pack]:
    return {pack.id: pack for pack in load_packs([])}


def route_turn(pack: Pack) -> Turn:
    turn = run_route(reference(), pack)
    assert not isinstance(turn, RouteFailure), turn
    return turn


def bundle_spans(pack: Pack) -> list[dict[str, Any]]:
    facts = (pack.bundle or {}).get("facts", [])
    return [fact["span"] for fact in facts]


# --- run context ----------------------------------------------------------------------


def test_exactly_the_seed_packs_ship(seeds: dict[str, Pack]) -> None:
    assert {pid: p.engine_state.value for pid, p in seeds.items()} == SEEDS
    assert sorted(p.name for p in shipped_packs_dir().glob("*.yaml")) == sorted(
        f"{k}.yaml" for k in SEEDS
    )


def test_run_context_json_all_held(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "run", "context", "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert set(report) == {"packs", "held", "failed"}
    assert (report["held"], report["failed"]) == (len(SEEDS), 0)
    ids = [p["id"] for p in report["packs"]]
    assert ids == sorted(SEEDS)
    for entry in report["packs"]:
        # The SPEC's keys with the SPEC's types; the report may add its own keys beside them.
        for key, kind in PACK_KEYS.items():
            assert type(entry[key]) is kind, (entry["id"], key)
        assert entry["engine_state"] == SEEDS[entry["id"]]
        colour = "red" if entry["id"] in RED_SEEDS else "green"
        assert (entry["verdict"], entry["expect"], entry["held"], entry["reasons"]) == (
            colour,
            colour,
            True,
            RED_SEEDS.get(entry["id"], []),
        )


def test_run_context_text_lists_every_pack(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "run", "context")
    assert code == 0
    for pack_id in SEEDS:
        assert pack_id in out
    assert f"{len(SEEDS)} held, 0 failed" in out


def test_run_context_in_a_real_process(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sakshi", "run", "context", "--format", "json"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert [p["id"] for p in report["packs"]] == sorted(SEEDS)
    assert all(p["held"] for p in report["packs"])
    plain = subprocess.run(
        [sys.executable, "-m", "sakshi", "run", "context"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert plain.returncode == 0, plain.stderr
    assert "Traceback" not in plain.stderr


def test_every_seed_runs_through_the_reference_route(
    capsys: pytest.CaptureFixture[str], seeds: dict[str, Pack]
) -> None:
    assert all(p.turn is None and p.command is not None for p in seeds.values())
    _, out, _ = run(capsys, "run", "context", "--format", "json")
    assert {p["route"] for p in json.loads(out)["packs"]} == {"reference"}


# --- prove ----------------------------------------------------------------------------


def test_prove_flips_every_mutant_of_the_green_live_packs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "prove", "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    # The red negative control is not green at live, so prove leaves it out.
    assert [p["id"] for p in report["packs"]] == GREEN_LIVE_SEEDS
    for entry in report["packs"]:
        assert [f["mutant"] for f in entry["flips"]] == MUTANTS
        assert all(f["flipped"] and f["got"] == f["expected"] for f in entry["flips"]), entry
        (changed,) = [f for f in entry["flips"] if f["mutant"] == "value-changed@live"]
        assert changed["reasons"] == ["VALUE_UNSUPPORTED"]
        assert changed["expected_reason"] == "VALUE_UNSUPPORTED"
    total = len(MUTANTS) * len(GREEN_LIVE_SEEDS)
    assert (report["flipped"], report["failed"]) == (total, 0)


def test_prove_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prove")
    assert code == 0
    total = len(MUTANTS) * len(GREEN_LIVE_SEEDS)
    assert f"{total} of {total} mutants graded as expected" in out
    assert "DID NOT FLIP" not in out
    assert "must be red with VALUE_UNSUPPORTED" in out


# --- values (SPEC section 8) ------------------------------------------------------------


def test_the_wrong_amount_pack_is_red_with_value_unsupported(
    capsys: pytest.CaptureFixture[str], seeds: dict[str, Pack]
) -> None:
    pack = seeds["live-wrong-amount"]
    assert pack.expect.value == "red"
    code, out, err = run(
        capsys,
        "run",
        "context",
        pack.source.replace("<sakshi>/packs", str(shipped_packs_dir())),
        "--format",
        "json",
    )
    assert code == 0, err  # red as expected: the pack holds
    (entry,) = json.loads(out)["packs"]
    assert (entry["verdict"], entry["held"], entry["reasons"]) == (
        "red",
        True,
        ["VALUE_UNSUPPORTED"],
    )
    (finding,) = entry["findings"]
    assert (finding["field"], finding["value_reason"]) == ("cheque_amount", "VALUE_NOT_IN_QUOTE")
    assert (finding["type"], finding["type_source"]) == ("money", "declared")
    assert finding["reading"] == "INR 643200"
    assert "x10" in finding["hint"]
    (mention,) = finding["mentions"]
    assert mention["reading"] == "INR 6432000" and mention["matched"] is False
    # Every other value of the pack is stated by its quote.
    stated = [v for v in entry["values"] if v["field"] != "cheque_amount"]
    assert stated and all(v["value_check"]["ok"] for v in stated)


def _shipped_packs() -> list[Path]:
    starters = Path(str(files("sakshi") / "templates" / "init" / "packs"))
    return sorted(shipped_packs_dir().glob("*.yaml")) + sorted(starters.glob("*.yaml"))


@pytest.mark.parametrize("path", _shipped_packs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_pack_declares_every_field_it_asks_for(path: Path) -> None:
    pack = load_pack(path)
    wanted = pack.command.args["fields"]  # type: ignore[union-attr]
    assert wanted and set(wanted) <= set(pack.fields), sorted(set(wanted) - set(pack.fields))
    result = run_pack(pack, reference())
    checks = [check for check in result.grade.values if check is not None]
    # Every produced value was read as its declared type, never inferred.
    assert all(check.type_source.value == "declared" for check in checks)
    assert result.held, result.grade


# --- the turns the reference route gives -----------------------------------------------


def test_no_bundle_turn_has_null_hash_and_only_empties(seeds: dict[str, Pack]) -> None:
    pack = seeds["no-bundle"]
    assert pack.bundle is None and pack.served.bundle_sha256 is None
    turn = route_turn(pack)
    assert (turn.engine_state, turn.bundle_sha256) == ("none", None)
    assert turn.values and all(v.is_empty and v.cite is None for v in turn.values)
    assert [v.field for v in turn.values] == pack.command.args["fields"]  # type: ignore[union-attr]


def test_stubbed_turn_is_empty_for_every_requested_field(seeds: dict[str, Pack]) -> None:
    pack = seeds["stubbed-empty"]
    assert (
        pack.bundle is not None and pack.bundle["facts"] == [] and pack.bundle["status"] == "stub"
    )
    turn = route_turn(pack)
    assert (turn.engine_state, turn.bundle_sha256) == ("stubbed", bundle_sha256(pack.bundle))
    assert [v.field for v in turn.values] == pack.command.args["fields"]  # type: ignore[union-attr]
    assert all(v.is_empty for v in turn.values)


def test_partial_turn_backfills_one_cited_fact_and_empties_the_rest(seeds: dict[str, Pack]) -> None:
    pack = seeds["partial-backfill"]
    turn = route_turn(pack)
    assert (turn.engine_state, turn.bundle_sha256) == ("partial", bundle_sha256(pack.bundle))
    produced = [v for v in turn.values if not v.is_empty]
    assert len(produced) == 1 and produced[0].cite is not None and produced[0].why
    wanted = pack.command.args["fields"]  # type: ignore[union-attr]
    assert len(wanted) > len(produced) and {v.field for v in turn.values} == set(wanted)


@pytest.mark.parametrize("pack_id", LIVE_SEEDS)
def test_live_turns_cite_every_value(seeds: dict[str, Pack], pack_id: str) -> None:
    turn = route_turn(seeds[pack_id])
    assert turn.values and all(not v.is_empty and v.why and v.cite for v in turn.values)


# --- quotes ---------------------------------------------------------------------------


@pytest.mark.parametrize("pack_id", sorted(SEEDS))
def test_every_seed_quote_verifies(seeds: dict[str, Pack], pack_id: str) -> None:
    pack = seeds[pack_id]
    turn_cites = [v.cite for v in route_turn(pack).values if v.cite is not None]
    for span in bundle_spans(pack) + turn_cites:
        check = verify_span(span, pack.documents)
        assert check.verified, (pack_id, span, check)


def test_cheque_pack_exercises_pages_and_offsets(seeds: dict[str, Pack]) -> None:
    spans = bundle_spans(seeds["live-cheque-dishonour"])
    notice = [s for s in spans if s["doc"] == "demand-notice"]
    assert notice and all("page" in s for s in notice)
    assert any(s["page"] == 2 for s in notice)
    assert any(s["doc"] == "return-memo" for s in spans)
    with_offsets = [s for s in spans if "char_start" in s]
    assert with_offsets and all("char_end" in s for s in with_offsets)
    # At least one offset span sits after non-ASCII text, so codepoints and bytes differ.
    pack = seeds["live-cheque-dishonour"]
    differs = []
    for s in with_offsets:
        doc = pack.documents[s["doc"]]
        text = doc.segments[s.get("page", 1) - 1].text
        assert text is not None and text[s["char_start"] : s["char_end"]] == s["quote"]
        differs.append(len(text[: s["char_start"]].encode("utf-8")) != s["char_start"])
        if differs[-1]:
            assert not verify_span({**s, "unit": "byte"}, pack.documents).verified
    assert any(differs)


def test_seed_documents_are_paged_blocked_and_whole(seeds: dict[str, Pack]) -> None:
    kinds = {doc.kind.value for pack in seeds.values() for doc in pack.documents.values()}
    assert {"text", "pages", "blocks", "file"} <= kinds


@pytest.mark.parametrize("state", [s.value for s in EngineState])
def test_one_seed_per_engine_state(seeds: dict[str, Pack], state: str) -> None:
    assert any(p.engine_state.value == state for p in seeds.values())
