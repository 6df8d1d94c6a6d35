"""The runs and the report of bench/context.py (its docstring says what is measured).

Each command is a whole process, timed for wall and CPU time (user + system, the process
and its children), interleaved round by round, best of N. Every sakshi run's report is
checked pack by pack before any time is printed (bench/verdicts.py), and promptfoo's
failed tests must be exactly the packs with a changed quote (the only thing its assertion
checks).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from context import Plant
from context_distinct import Draw, generate_distinct
from peers import PROMPTFOO_CONFIG  # the same promptfoo project, its grade.js our own
from timing import children_cpu
from verdicts import check_verdicts, refuse_constant_graders

GREEN: tuple[str, tuple[str, ...], bool] = ("green", (), True)
RED: tuple[str, tuple[str, ...], bool] = ("red", ("FABRICATED_SPAN",), True)
DISTINCT_FLOOR = 0.95
TARGET_PROMPTFOO = 20.0  # promptfoo's time over sakshi's, the cache warm
TARGET_COLD = 1.5  # sakshi --no-cache over the bare parse
TARGET_START = 0.1  # seconds, one pack, the cache warm

BASELINE = """\
import sys
from pathlib import Path
import yaml
count = 0
for path in sorted(Path(sys.argv[1]).glob("*.yaml")):
    with open(path, "rb") as f:
        yaml.load(f, Loader=yaml.CSafeLoader)
    count += 1
print(count)
"""


# Every value's cite is checked against the page: sliced at its offsets (code points) or
# searched for. The values themselves are not read against their quotes.
PROMPTFOO_GRADE = """\
module.exports = (output, context) => {
  const page = context.vars.document;
  return JSON.parse(output).every((value) => {
    const cite = value.cite;
    if (cite.char_start !== undefined) {
      return Array.from(page).slice(cite.char_start, cite.char_end).join("") === cite.quote;
    }
    return page.includes(cite.quote);
  });
};
"""


@dataclass
class Row:
    """One command's rounds: its best wall and CPU seconds."""

    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    wall: float = float("inf")
    cpu: float = float("inf")

    def run(
        self, cwd: Path | None = None
    ) -> tuple[float, float, subprocess.CompletedProcess[bytes]]:
        env = {**os.environ, **self.env}
        cpu, start = children_cpu(), time.perf_counter()
        proc = subprocess.run(self.argv, capture_output=True, env=env, check=False, cwd=cwd)
        wall, cpu = time.perf_counter() - start, children_cpu() - cpu
        self.wall, self.cpu = min(self.wall, wall), min(self.cpu, cpu)
        return wall, cpu, proc


def expected_verdicts(count: int, planted: dict[str, Plant]) -> dict[str, Any]:
    """Each pack's verdict as (colour, reasons, held): the planted ones red for their
    reason alone, every other green with none; every pack holds."""
    out: dict[str, Any] = {}
    for index in range(1, count + 1):
        pack_id = f"bench-{index:05d}"
        plant = planted.get(pack_id)
        out[pack_id] = GREEN if plant is None else ("red", (plant.value,), True)
    return out


def check_sakshi(
    proc: subprocess.CompletedProcess[bytes], report: Path, expected: dict[str, Any]
) -> str | None:
    """None when the run's report grades every pack as expected, by id; else what is wrong."""
    if proc.returncode != 0:
        return f"exit {proc.returncode}: {proc.stderr.decode('utf-8', 'replace').strip()[-500:]}"
    try:
        data = json.loads(report.read_bytes())
        rows = [(p["id"], (p["verdict"], tuple(p["reasons"]), p["held"])) for p in data["packs"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return f"no usable JSON report: {exc}"
    check = check_verdicts(expected, rows, GREEN)
    if not check.passed or data.get("failed") != 0:
        return f"{check.describe()}; failed {data.get('failed')}"
    return None


def promptfoo_inputs(root: Path, folder: Path) -> None:
    """Its config, assertion and tests (one per pack: the turn's values, the page)."""
    import yaml

    (root / "promptfooconfig.yaml").write_text(PROMPTFOO_CONFIG, encoding="utf-8")
    (root / "grade.js").write_text(PROMPTFOO_GRADE, encoding="utf-8")
    lines = []
    for path in sorted(folder.glob("*.yaml")):
        pack = yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)
        doc = pack["documents"][0]
        page = doc["pages"][0] if "pages" in doc else doc["text"]
        answer = json.dumps(pack["turn"]["values"], ensure_ascii=False)
        test = {
            "description": pack["id"],
            "vars": {"id": pack["id"], "answer": answer, "document": page},
        }
        lines.append(json.dumps(test, ensure_ascii=False) + "\n")
    (root / "tests.jsonl").write_text("".join(lines), encoding="utf-8")


def promptfoo_row(root: Path) -> Row | str:
    """promptfoo eval over the tests (peers.py finds or installs the pinned version)."""
    from peers import OFFLINE, install_promptfoo

    found = install_promptfoo()
    if isinstance(found, str):
        return found
    command, version = found
    argv = [*command, "eval", "-c", str(root / "promptfooconfig.yaml"), "--no-cache", "--no-table"]
    argv += ["--no-progress-bar", "--no-write", "-o", str(root / "promptfoo.json")]
    env = {
        **OFFLINE,
        "PROMPTFOO_CONFIG_DIR": str(root / "pf-home"),
        "PROMPTFOO_CACHE_PATH": str(root / "pf-cache"),
    }
    return Row(f"promptfoo {version}", argv, env)


def check_promptfoo(
    proc: subprocess.CompletedProcess[bytes], root: Path, fabricated: set[str]
) -> str | None:
    if proc.returncode not in (0, 100):  # 100: some test failed, as planted
        said = (proc.stderr or proc.stdout).decode("utf-8", "replace")[-300:]
        return f"exit {proc.returncode}: {said}"
    rows = json.loads((root / "promptfoo.json").read_bytes())["results"]["results"]
    failed = {row["vars"]["id"] for row in rows if not row["success"]}
    return None if failed == fabricated else f"failed {len(failed)}, planted {len(fabricated)}"


def import_times(argv: list[str], env: dict[str, str], cwd: Path) -> list[str]:
    """The ``python -X importtime`` entries of a run with the most cumulative time."""
    proc = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]],
        cwd=cwd,
        capture_output=True,
        env={**os.environ, **env},
        check=False,
    )
    rows = []
    for line in proc.stderr.decode("utf-8", "replace").splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    rows.sort(reverse=True)
    return [f"  {us / 1000:7.1f} ms  {name}" for us, name in rows[:12]]


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None, doc: str = "") -> int:
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--packs", type=int, default=1000, help="how many packs (default 1000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, best kept (default 3)")
    parser.add_argument("--seed", type=int, default=20260501)
    parser.add_argument("--dir", type=Path, help="work here and keep the files")
    parser.add_argument("--skip-promptfoo", action="store_true", help="no promptfoo row")
    args = parser.parse_args(argv)
    if args.packs < 20:
        parser.error("--packs must be at least 20, so that some packs are planted")
    if args.dir is not None:
        shutil.rmtree(args.dir, ignore_errors=True)
        args.dir.mkdir(parents=True)
        return _run(args.dir.resolve(), args)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="sakshi-bench-context-") as tmp:
        return _run(Path(tmp), args)


def _draw(root: Path, args: argparse.Namespace) -> tuple[Path, Path, Draw] | str:
    """The packs, a folder holding the first honest one alone, and the draw; or why not."""
    folder, one = root / "packs", root / "one"
    folder.mkdir()
    one.mkdir()
    draw = generate_distinct(folder, args.packs, args.seed)
    shutil.copy(folder / "bench-00001.yaml", one / "bench-00001.yaml")
    counts = ", ".join(
        f"{sum(p is plant for p in draw.planted.values())} {plant.value}" for plant in Plant
    )
    print(
        f"{args.packs} packs, {draw.size / 1e6:.2f} MB, in {folder}; {draw.values} stated values"
        f" ({draw.values / args.packs:.1f} a turn); distinct: {100 * draw.distinct_values:.1f}% of"
        f" values, {100 * draw.distinct_quotes:.1f}% of quotes; planted red: {counts}"
    )
    if min(draw.distinct_values, draw.distinct_quotes) < DISTINCT_FLOOR:
        return f"fewer than {100 * DISTINCT_FLOOR:.0f}% of the values or quotes are distinct"
    return folder, one, draw


def _rows(root: Path, folder: Path, one: Path) -> dict[str, Row]:
    sakshi = [sys.executable, "-m", "sakshi", "run", "context"]
    warm_env = {"SAKSHI_CACHE_DIR": str(root / "cache")}
    cold_env = {"SAKSHI_CACHE_DIR": str(root / "cache-unused")}
    return {
        "cold": Row("sakshi --no-cache", [*sakshi, str(folder), "--no-cache"], cold_env),
        "base": Row("bare CSafeLoader parse", [sys.executable, "-c", BASELINE, str(folder)]),
        "warm": Row("sakshi, cache warm", [*sakshi, str(folder)], warm_env),
        "one-warm": Row("one pack, cache warm", [*sakshi, str(one)], warm_env),
        "one-cold": Row("one pack, --no-cache", [*sakshi, str(one), "--no-cache"], cold_env),
        "python": Row("python -c pass", [sys.executable, "-c", "pass"]),
    }


def _sakshi_round(row: Row, root: Path, expected: dict[str, Any]) -> str | None:
    report = root / "report.json"
    report.unlink(missing_ok=True)
    row.argv += ["--format", "json", "--out", str(report)]
    try:
        _, _, proc = row.run(cwd=root)  # no project configuration above the temp folder
    finally:
        del row.argv[-4:]
    return check_sakshi(proc, report, expected)


def _run(root: Path, args: argparse.Namespace) -> int:
    drawn = _draw(root, args)
    if isinstance(drawn, str):
        print(f"this draw cannot be used: {drawn}", file=sys.stderr)
        return 1
    folder, one, draw = drawn
    expected = expected_verdicts(args.packs, draw.planted)
    for line in refuse_constant_graders(expected, GREEN, RED):
        print(line)
    rows = _rows(root, folder, one)
    checks = {
        "cold": expected,
        "warm": expected,
        "one-warm": {"bench-00001": GREEN},
        "one-cold": {"bench-00001": GREEN},
    }
    fabricated = {i for i, p in draw.planted.items() if p is Plant.FABRICATED_SPAN}
    if not args.skip_promptfoo:
        promptfoo_inputs(root, folder)
        found = promptfoo_row(root)
        if isinstance(found, str):
            print(f"promptfoo skipped: {found}")
        else:
            rows["promptfoo"] = found
    for name in ("warm", "one-warm"):  # fill the cache, untimed, and check it
        wrong = _sakshi_round(rows[name], root, checks[name])
        if wrong:
            print(f"sakshi is wrong ({name}, filling the cache): {wrong}", file=sys.stderr)
            return 1
    for row in rows.values():
        row.wall = row.cpu = float("inf")
    print(f"machine: {os.cpu_count()} cores, load average {load()} before the rounds")
    for round_no in range(1, args.rounds + 1):
        said = []
        for name, row in rows.items():
            if name in checks:
                wrong = _sakshi_round(row, root, checks[name])
            elif name == "promptfoo":
                wrong = _promptfoo_round(row, root, fabricated)
            else:
                _, _, proc = row.run()
                wrong = None if proc.returncode == 0 else f"exit {proc.returncode}"
            if wrong:
                print(f"{row.name} is wrong in round {round_no}: {wrong}", file=sys.stderr)
                return 1
            said.append(f"{name} {row.wall:.3f}")
        print(f"  round {round_no} (best so far, s): " + ", ".join(said), flush=True)
    print(f"load average {load()} after the rounds; every round's verdicts checked by id")
    one_argv = [*rows["one-warm"].argv, "--format", "json", "--quiet"]
    _report(rows, args.packs, one_argv, rows["one-warm"].env, root)
    return 0


def _promptfoo_round(row: Row, root: Path, fabricated: set[str]) -> str | None:
    """One promptfoo round, run again (up to twice, each said) after a crash."""
    wrong = None
    for attempt in range(3):
        (root / "promptfoo.json").unlink(missing_ok=True)
        _, _, proc = row.run(cwd=root)
        wrong = check_promptfoo(proc, root, fabricated)
        if wrong is None or not wrong.startswith("exit "):
            return wrong
        print(f"  promptfoo crashed ({wrong[:60]}...), attempt {attempt + 1}; running it again")
    return wrong


def _report(
    rows: dict[str, Row], packs: int, one_argv: list[str], env: dict[str, str], root: Path
) -> None:
    print()
    for row in rows.values():
        print(f"{row.name:<28} {row.wall:8.3f} s  (CPU {row.cpu:.3f} s)")
    print()
    cold, base, warm = rows["cold"], rows["base"], rows["warm"]
    ratio = cold.wall / base.wall
    print(
        f"cold: sakshi --no-cache {ratio:.2f}x the bare parse (CPU {cold.cpu / base.cpu:.2f}x;"
        f" target <= {TARGET_COLD}x): {'PASS' if ratio <= TARGET_COLD else 'OVER'}"
    )
    if "promptfoo" in rows:
        peer = rows["promptfoo"]
        faster = peer.wall / warm.wall
        verdict = "PASS" if faster >= TARGET_PROMPTFOO else "MISS"
        print(
            f"warm: sakshi {faster:.1f}x faster than promptfoo (CPU {peer.cpu / warm.cpu:.1f}x;"
            f" target >= {TARGET_PROMPTFOO:.0f}x): {verdict}"
        )
    past = warm.wall - rows["one-warm"].wall
    print(
        f"warm: {packs} packs take {past:.3f} s past a one-pack warm run"
        f" ({cold.wall / warm.wall:.1f}x faster than --no-cache)"
    )
    start, one = rows["one-warm"].wall, rows["one-warm"].cpu
    print(
        f"start-up: one pack, cache warm {start:.3f} s (CPU {one:.3f} s), --no-cache"
        f" {rows['one-cold'].wall:.3f} s; python alone {rows['python'].wall:.3f} s"
        f" (target <= {TARGET_START} s: {'PASS' if start <= TARGET_START else 'OVER'})"
    )
    print("python -X importtime of the one-pack warm run, by cumulative time:")
    for line in import_times(one_argv, env, root):
        print(line)
