"""The result cache (``inputs/result_cache.py``, ``commands/warm.py``): a warm run context
reports unchanged packs from their records, byte for byte what a fresh grade reports, in
every format and on stderr, without parsing or grading them.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

from result_packs import count_grades, fresh_cache, live_pack

from sakshi.cli import main
from sakshi.inputs import cache, result_cache

# id -> (quote, value, expect, tags)
PACKS = {
    "honest": ("Quantity received: 42.500 MT", "42.500 MT", "green", ["smoke"]),
    "fabricated": ("Quantity received: 42.600 MT", "42.500 MT", "red", []),
    "wrong-value": ("Quantity received: 42.500 MT", "42.600 MT", "red", ["smoke"]),
    "not-held": ("Quantity received: 42.500 MT", "41.500 MT", "green", []),
}


def pack_text(pack_id: str) -> str:
    quote, value, expect, tags = PACKS[pack_id]
    fields = "fields: {delivered_qty: {type: quantity}}\n"
    head = f"expect: {expect}\ntags: {json.dumps(tags)}\n{fields}"
    return live_pack(quote, value, pack_id, head=head)


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    fresh_cache(tmp_path, monkeypatch)
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "packs"
    folder.mkdir()
    for pack_id in PACKS:
        (folder / f"{pack_id}.yaml").write_text(pack_text(pack_id), encoding="utf-8")
    return folder


@pytest.fixture
def grades(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    yield count_grades(monkeypatch, lambda pack: pack.id)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["run", "context", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("args", "exit_code"),
    [
        (["--format", "json"], 1),
        (["--format", "junit"], 1),
        (["--format", "text"], 1),
        (["--format", "text", "--failures-only"], 1),
        (["--format", "json", "--tag", "smoke"], 0),
        (["--format", "json", "--select", "f*", "--jobs", "2"], 0),
        (["--format", "json", "--exclude", "*", "--tag", "smoke"], 2),
    ],
    ids=["json", "junit", "text", "failures-only", "tag", "select-jobs", "none-selected"],
)
def test_a_warm_run_reports_every_format_as_a_fresh_grade(
    packs: Path,
    grades: list[str],
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    exit_code: int,
) -> None:
    fresh = run(capsys, str(packs), *args, "--no-cache")
    fill = run(capsys, str(packs), *args)
    graded = len(grades)
    warm = run(capsys, str(packs), *args)
    assert warm == fill == fresh
    assert len(grades) == graded  # nothing graded: every pack came from the cache
    assert fresh[0] == exit_code


def test_the_stderr_brief_and_the_report_files_match(
    packs: Path, tmp_path: Path, grades: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    outs = []
    for name in ("fresh", "fill", "warm"):
        folder = tmp_path / name
        folder.mkdir()
        extra = ["--no-cache"] if name == "fresh" else []
        out = [f"--out={folder / 'r.json'}", f"--out={folder / 'r.xml'}", "--quiet"]
        out += [f"--html={folder / 'r.html'}", f"--out={folder / 'r.txt'}"]
        code, stdout, stderr = run(capsys, str(packs), *out, *extra)
        shown = stderr.replace(str(folder), "<out>")
        outs.append((code, stdout, shown, *(p.read_bytes() for p in sorted(folder.iterdir()))))
    assert outs[0] == outs[1] == outs[2]
    assert "NOT HELD not-held" in outs[2][2]
    assert len(grades) == 2 * len(PACKS)


def test_a_duplicate_id_among_cached_packs_is_still_refused(
    packs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, str(packs))
    twin = packs / "sub" / "twin.yaml"
    twin.parent.mkdir()
    twin.write_text(pack_text("honest"), encoding="utf-8")
    code, _, err = run(capsys, str(packs))
    assert code == 2 and "duplicate pack id 'honest'" in err and "sub/twin.yaml" in err


def test_a_record_is_kept_per_pack_beside_its_parse(
    packs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, str(packs))
    folder = Path(cache.entries_folder() or "")
    heads = sorted(p.read_bytes().split(b" ", 1)[0].decode() for p in folder.iterdir())
    assert heads == sorted([cache.FORMAT, result_cache.RESULT_FORMAT] * len(PACKS))


def test_the_code_fingerprint_covers_sakshi_and_its_parsers() -> None:
    digest = result_cache.code_fingerprint()
    assert digest is not None and len(digest) == 64
    import sakshi

    lines = result_cache._tree_lines(Path(sakshi.__file__).parent, "sakshi")
    names = {line.split("\0")[0] for line in lines}
    assert {"sakshi/context/grade.py", "sakshi/values/check.py"} <= names
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_core_the_json_report_is_what_orjson_writes_of_the_whole(count: int) -> None:
    import orjson

    from sakshi.reports.pack_record import PackRecord, render_json

    def entry(n: int) -> dict[str, object]:
        return {
            "id": f"p{n}",
            "source": "p.yaml",
            "route": "recorded",
            "verdict": "green",
            "engine_state": "live",
            "expect": "green",
            "held": n != 1,
            "reasons": [],
            "not_held_because": None if n != 1 else "expected green, graded red",
            "findings": [],
            "nested": {
                "empty": {},
                "none": [],
                "text": 'a\nb \u2028 "q"',
                "n": [1.5, None, {"k": [[]]}],
            },
        }

    entries = [entry(n) for n in range(count)]
    records = [PackRecord.of(e, (), (), None) for e in entries]
    held = sum(e["held"] is True for e in entries)
    body = {"packs": entries, "held": held, "failed": count - held}
    assert render_json(records) == orjson.dumps(body, option=orjson.OPT_INDENT_2) + b"\n"
    with_identity = {**body, "identity": {"git": {"head": None}}}
    assert render_json(records, {"git": {"head": None}}) == (
        orjson.dumps(with_identity, option=orjson.OPT_INDENT_2) + b"\n"
    )


def test_a_warm_run_loads_no_parser_span_core_or_values_core(
    packs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os
    import subprocess
    import sys

    probe = (
        "import json, sys\n"
        "from sakshi.cli import main\n"
        f"code = main(['run', 'context', {str(packs)!r}, '--format', 'json', '--quiet'])\n"
        "print(json.dumps([code, sorted(sys.modules)]))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=False
        )
        for _ in range(2)
    ]
    (cold_code, cold), (warm_code, warm) = (json.loads(r.stdout.splitlines()[-1]) for r in runs)
    assert cold_code == warm_code == 1
    heavy = ("yaml", "sakshi.values", "sakshi.spans", "sakshi.context.grade", "rich")
    assert [m for m in cold if m.startswith(heavy)] != []  # the first run graded
    assert [m for m in warm if m.startswith(heavy)] == []
