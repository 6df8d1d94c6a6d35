"""Hand mutants over sakshi's deciding cores: does a test notice when a rule is changed?

Run from the repository root, in the project's venv:

    python tools/mutants.py run --package values --per-module 8 --out build/mutants.jsonl
    python tools/mutants.py table build/mutants.jsonl

Each mutant is one small change to one module, made with the stdlib ``ast``:

- a comparison flipped (``<``/``<=``, ``>``/``>=``, ``==``/``!=``, ``in``/``not in``,
  ``is``/``is not``), ``and``/``or`` swapped, a ``not`` dropped;
- an integer boundary moved by one (n -> n+1, n -> n-1) where it is compared, sliced,
  indexed or computed with;
- ``return True``/``return False`` turned over;
- an ``if`` guard's body replaced by ``pass``.

The source tree is copied once to a temporary folder; each mutant is written into that
copy only (never into the working tree: other engineers share the checkout's refs), the
package's own tests run against it (``PYTHONPATH=<copy>/src``, ``-x``, one process at a
time, a timeout per mutant), and the original is put back. Results are appended to a JSON
lines file as they come, so a run can be stopped and resumed (``--resume``), and
``--rerun`` runs again only the mutants a results file says survived (after new tests).

A mutant that survives either changes no verdict (it is equivalent: say why in
``tools/mutants_equivalent.tsv``, keyed by module, line and mutation) or shows a rule no
test holds: write the test in the rule's own module's test file.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import copy
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tools" / "mutants_equivalent.tsv"

# Each package: the modules mutated and the tests run against each mutant, the rule's own
# tests first (a killed mutant stops at its first failure), the slow property tests last.
# Dask and the unreachable scheduler are left out: they time a cluster, not a rule.
PACKAGES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "spans": (
        ("src/sakshi/spans/*.py",),
        (
            "tests/test_spans.py",
            "tests/test_near_miss.py",
            "tests/test_cli_verify_spans.py",
            "tests/test_docs_textlayer.py",
            "tests/test_spans_properties.py",
        ),
        "",
    ),
    "grade": (
        ("src/sakshi/context/grade*.py", "src/sakshi/context/turnlog.py"),
        (
            "tests/test_grade_fastpath.py",
            "tests/test_grading.py",
            "tests/test_grade.py",
            "tests/test_grade_lines.py",
            "tests/test_turns_plain.py",
        ),
        "not dask and not scheduler",
    ),
    "validate": (
        ("src/sakshi/recovery/validate*.py",),
        ("tests/test_validate.py", "tests/test_validate_fuzz.py"),
        "",
    ),
    "values": (
        ("src/sakshi/values/*.py",),
        (
            "tests/values",
            "tests/test_values_rules.py",
            "tests/test_values_grade.py",
        ),
        "not babel_extracts and not dask",
    ),
}
# The values module whose rule a test file holds, so its tests run first.
OWN_TESTS = {
    "dates": "test_values_dates.py",
    "periods": "test_values_dates.py",
    "digits": "test_values_digits.py",
    "numerals": "test_values_digits.py",
    "numwords": "test_values_hindi_words.py",
    "hindinum": "test_values_hindi_words.py",
    "figures": "test_values_numbers_world.py",
    "money": "test_values_money.py",
    "moneyparts": "test_values_money.py",
    "moneyreading": "test_values_money.py",
    "currency": "test_values_money.py",
    "phrases": "test_values_phrases.py",
    "cues": "test_values_phrases.py",
    "tokens": "test_values_tokens.py",
    "scope": "test_values_scope.py",
    "roles": "test_values_party_numbers.py",
    "rolewords": "test_values_party_numbers.py",
    "fields": "test_values_fields.py",
    "kinds": "test_values_types.py",
    "model": "test_values_types.py",
    "measures": "test_values_measures_world.py",
    "units": "test_values_measures_world.py",
    "rates": "test_values_price_per_unit.py",
    "statutes": "test_values_statutes_world.py",
    "acts": "test_values_statutes_world.py",
    "actnames": "test_values_statutes_world.py",
    "provisions": "test_values_provisions_world.py",
    "casenos": "test_values_statutes_world.py",
    "casetypes": "test_values_statutes_world.py",
    "dockets": "test_values_statutes_world.py",
    "templates": "test_values_statutes_world.py",
    "found": "test_values_types.py",
    "hints": "test_values_types.py",
    "spreads": "test_values_measures_world.py",
    "labels": "test_values_party_numbers.py",
    "counts": "test_values_measures_world.py",
}

FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}


@dataclass(frozen=True)
class Mutant:
    """One change: the ``index``-th node of ``ast.walk`` in ``module``, changed by ``kind``."""

    module: str
    line: int
    index: int
    kind: str
    detail: str

    @property
    def key(self) -> str:
        return f"{self.module}:{self.line}:{self.kind}:{self.detail}"


_BOUNDED_CALLS = frozenset({"range", "min", "max", "len"})


def _numeric_context(tree: ast.AST) -> set[int]:
    """ids of the int constants worth moving: compared, sliced, indexed or computed with."""
    found: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
        elif isinstance(node, ast.Slice):
            parts = [p for p in (node.lower, node.upper, node.step) if p is not None]
        elif isinstance(node, ast.Subscript):
            parts = [node.slice]
        elif isinstance(node, ast.BinOp):
            parts = [node.left, node.right]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in _BOUNDED_CALLS:
            parts = list(node.args)
        for part in parts:
            if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.USub):
                part = part.operand
            if _is_int(part):
                found.add(id(part))
    return found


def _is_int(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int)
        and not isinstance(node.value, bool)
    )


def _segment(source: str, node: ast.AST) -> str:
    text = ast.get_source_segment(source, node) or ""
    text = " ".join(text.split())
    return text if len(text) <= 48 else text[:45] + "..."


def _sensible_guard(node: ast.If) -> bool:
    """An ``if`` whose body can become ``pass``: not a type-checking or main guard."""
    test = ast.unparse(node.test)
    return "TYPE_CHECKING" not in test and "__name__" not in test


def candidates(module: str, source: str) -> Iterator[Mutant]:
    """Every mutant of one module, in walk order (stable for a given source)."""
    tree = ast.parse(source)
    numeric = _numeric_context(tree)
    seen: dict[tuple[int, int], int] = {}
    for index, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIPS:
                    new = SYMBOL[FLIPS[type(op)]]
                    detail = f"{i}:{SYMBOL[type(op)]}->{new} `{_segment(source, node)}`"
                    yield Mutant(module, line, index, "cmp", detail)
        elif isinstance(node, ast.BoolOp):
            swap = "and->or" if isinstance(node.op, ast.And) else "or->and"
            yield Mutant(module, line, index, "bool", f"{swap} `{_segment(source, node)}`")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield Mutant(module, line, index, "not", f"drop not `{_segment(source, node)}`")
        elif _is_int(node) and id(node) in numeric:
            value = node.value  # type: ignore[attr-defined]
            # The same number twice on a line (2**63 and 2**64): the second is "(#2)".
            seen[(line, value)] = nth = seen.get((line, value), 0) + 1
            which = f" (#{nth})" if nth > 1 else ""
            for step in (1, -1):
                yield Mutant(module, line, index, "int", f"{value}->{value + step}{which}")
        elif (
            isinstance(node, ast.Return)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, bool)
        ):
            flipped = not node.value.value
            yield Mutant(module, line, index, "return", f"return {flipped}")
        elif isinstance(node, ast.If) and _sensible_guard(node):
            yield Mutant(
                module, line, index, "if", f"body->pass `if {_segment(source, node.test)}`"
            )


def apply(source: str, mutant: Mutant) -> str:
    """The module's source with ``mutant`` applied (re-rendered by ``ast.unparse``)."""
    tree = ast.parse(source)
    node = list(ast.walk(tree))[mutant.index]
    if mutant.kind == "cmp":
        assert isinstance(node, ast.Compare)
        i = int(mutant.detail.split(":", 1)[0])
        node.ops[i] = FLIPS[type(node.ops[i])]()
    elif mutant.kind == "bool":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif mutant.kind == "not":
        _replace(tree, node, copy.deepcopy(node.operand))  # type: ignore[attr-defined]
    elif mutant.kind == "int":
        assert isinstance(node, ast.Constant)
        node.value = int(mutant.detail.split("->", 1)[1].split(" ", 1)[0])
    elif mutant.kind == "return":
        assert isinstance(node, ast.Return) and isinstance(node.value, ast.Constant)
        node.value.value = not node.value.value
    elif mutant.kind == "if":
        assert isinstance(node, ast.If)
        node.body = [ast.Pass()]
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list) and any(item is old for item in value):
                value[[item is old for item in value].index(True)] = new
                return
    raise ValueError("node not found")


def _modules(package: str) -> list[str]:
    globs = PACKAGES[package][0]
    found = {str(p.relative_to(ROOT)) for g in globs for p in ROOT.glob(g)}
    return sorted(m for m in found if not m.endswith("__init__.py"))


def _tests(package: str, module: str) -> list[str]:
    tests = list(PACKAGES[package][1])
    if package == "values":
        own = OWN_TESTS.get(Path(module).stem)
        files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests/values").glob("test_*.py"))
        if own:
            files.remove(f"tests/values/{own}")
            files.insert(0, f"tests/values/{own}")
        tests = files + tests[1:]
        if Path(module).stem == "batch":  # verify-values' shell: its CLI tests first
            tests.insert(0, "tests/test_cli_verify_values.py")
    return tests


def _pick(package: str, per_module: int, seed: int) -> list[Mutant]:
    chosen: list[Mutant] = []
    for module in _modules(package):
        every = list(candidates(module, (ROOT / module).read_text(encoding="utf-8")))
        if per_module and len(every) > per_module:
            every = _stratified(every, per_module, random.Random(f"{seed}:{module}"))
        chosen.extend(every)
    return chosen


def _stratified(every: list[Mutant], size: int, rng: random.Random) -> list[Mutant]:
    """``size`` mutants taken in turn from each kind, so moved integers (the most numerous
    kind, mostly table entries) never crowd out the flipped comparisons and guards."""
    kinds: dict[str, list[Mutant]] = {}
    for mutant in every:
        kinds.setdefault(mutant.kind, []).append(mutant)
    for group in kinds.values():
        rng.shuffle(group)
    taken: list[Mutant] = []
    while len(taken) < size:
        for kind in sorted(kinds):
            if kinds[kind] and len(taken) < size:
                taken.append(kinds[kind].pop())
    return sorted(taken, key=lambda m: (m.line, m.index, m.detail))


def _run_one(tree: Path, package: str, mutant: Mutant, timeout: float) -> tuple[str, float]:
    target = tree / mutant.module
    original = target.read_bytes()
    stat = target.stat()
    target.write_text(apply(original.decode("utf-8"), mutant), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONDONTWRITEBYTECODE="1")
    args = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    args += ["-k", PACKAGES[package][2]] if PACKAGES[package][2] else []
    args += _tests(package, mutant.module)
    start = time.monotonic()
    proc = subprocess.Popen(
        args,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own group, so a timeout ends its children too
    )
    try:
        code = proc.wait(timeout=timeout)
        # 1: a test failed; 2: the mutant broke collection (an import, a table); 5: no test ran.
        outcome = {0: "survived", 1: "killed", 2: "killed"}.get(code, f"error{code}")
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        outcome = "timeout"
    finally:
        target.write_bytes(original)  # the copy's original, with its time, so its .pyc holds
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    return outcome, time.monotonic() - start


def _copy_tree() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="sakshi-mutants-"))
    shutil.copytree(ROOT / "src", folder / "src", ignore=shutil.ignore_patterns("__pycache__"))
    compileall.compile_dir(str(folder / "src"), quiet=1)
    return folder


def _done_rows(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _done(path: Path) -> dict[str, dict[str, object]]:
    return {str(row["key"]): row for row in _done_rows(path)}


def _nearest(row: dict[str, object], every: list[Mutant], reach: int = 30) -> Mutant | None:
    """The mutant of ``every`` that ``row`` (a result, perhaps of an older source) names:
    the same kind and change, on the nearest line (lines move as tests' fixes land)."""
    same = [m for m in every if (m.kind, m.detail) == (row["kind"], row["detail"])]
    same = [m for m in same if abs(m.line - int(str(row["line"]))) <= reach]
    return min(same, key=lambda m: abs(m.line - int(str(row["line"]))), default=None)


def _survivors(
    path: Path, equivalent_too: bool = False
) -> tuple[list[tuple[str, Mutant]], dict[str, str]]:
    """The survivors of a results file that no note calls equivalent (with
    ``equivalent_too``, those as well: after the code moved), as mutants of the source as
    it is now, and for each its first result's key."""
    notes = {} if equivalent_too else _equivalent()
    rows = [r for r in _merged(path).values() if r["outcome"] == "survived"]
    todo: list[tuple[str, Mutant]] = []
    was: dict[str, str] = {}
    for row in rows:
        module = str(row["module"])
        every = list(candidates(module, (ROOT / module).read_text(encoding="utf-8")))
        if _note(notes, row, every):
            continue
        mutant = _nearest(row, every)
        if mutant is None:
            print(f"gone from the source: {row['key']}", file=sys.stderr)
            continue
        todo.append((str(row["package"]), mutant))
        was[mutant.key] = str(row["key"])
    return todo, was


def _merged(path: Path) -> dict[str, dict[str, object]]:
    """Every mutant's latest result: a rerun's row replaces the row it names."""
    merged: dict[str, dict[str, object]] = {}
    for row in _done_rows(path):
        merged.pop(str(row.get("was", "")), None)
        merged[str(row["key"])] = row
    return merged


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = _done(out)
    packages = list(PACKAGES) if args.package == "all" else [args.package]
    todo = [(p, m) for p in packages for m in _pick(p, args.per_module, args.seed)]
    if args.module:
        todo = [(p, m) for p, m in todo if any(s in m.module for s in args.module)]
    was: dict[str, str] = {}
    if args.rerun:
        todo, was = _survivors(Path(args.rerun), args.equivalent_too)
        todo = [(p, m) for p, m in todo if p in packages]
        if args.module:
            todo = [(p, m) for p, m in todo if any(s in m.module for s in args.module)]
    elif args.resume:
        todo = [(p, m) for p, m in todo if m.key not in done]
    tree = _copy_tree()
    try:
        for n, (package, mutant) in enumerate(todo, 1):
            outcome, seconds = _run_one(tree, package, mutant, args.timeout)
            row = {"key": mutant.key, "package": package, "module": mutant.module}
            row |= {"line": mutant.line, "kind": mutant.kind, "detail": mutant.detail}
            row |= {"outcome": outcome, "seconds": round(seconds, 1)}
            if mutant.key in was:  # a survivor run again: this row replaces its first one
                row["was"] = was[mutant.key]
            with out.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            print(f"[{n}/{len(todo)}] {outcome:8} {seconds:5.1f}s {mutant.key}", flush=True)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _equivalent() -> dict[str, str]:
    """module:line:kind:detail -> why the survivor changes no verdict."""
    notes: dict[str, str] = {}
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                key, why = line.split("\t", 1)
                notes[key] = why
    return notes


def _note(notes: dict[str, str], row: dict[str, object], every: list[Mutant]) -> str:
    """Why ``row``'s mutant is equivalent, if a note says so: by its key, or by a note on
    the same change in the same module a few lines away (the code moved since)."""
    if str(row["key"]) in notes:
        return notes[str(row["key"])]
    mutant = _nearest(row, every)
    if mutant is not None and mutant.key in notes:
        return notes[mutant.key]
    line = int(str(row["line"]))
    near = []
    for key, why in notes.items():
        module, at, kind, detail = key.split(":", 3)
        if (module, kind, detail) == (row["module"], row["kind"], row["detail"]):
            near.append((abs(int(at) - line), why))
    return min(near)[1] if near and min(near)[0] <= 30 else ""


def _source_line(module: str, line: int) -> str:
    lines = (ROOT / module).read_text(encoding="utf-8").splitlines()
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return text if len(text) <= 48 else text[:45] + "..."


def table(args: argparse.Namespace) -> None:
    """The results as the source is now: a mutant whose code is gone (removed, or moved
    past ``_nearest``'s reach) is counted apart, never as killed or survived."""
    rows = list(_merged(Path(args.results)).values())
    notes = _equivalent()
    sources: dict[str, list[Mutant]] = {}
    rows.sort(key=lambda r: (str(r["module"]), int(r["line"]), str(r["detail"])))
    counts: dict[str, list[int]] = {}
    for row in rows:
        outcome, module = str(row["outcome"]), str(row["module"])
        if module not in sources:
            path = ROOT / module
            text = path.read_text(encoding="utf-8") if path.exists() else ""
            sources[module] = list(candidates(module, text)) if text else []
        now = _nearest(row, sources[module])
        why = _note(notes, row, sources[module]) if outcome == "survived" else ""
        if outcome == "survived":
            outcome = "equivalent" if why else "SURVIVED"
        if now is None:
            outcome = "gone"
        tally = counts.setdefault(str(row["package"]), [0, 0, 0, 0, 0])
        tally[0] += now is not None
        kinds = {"killed": 1, "timeout": 1, "equivalent": 2, "SURVIVED": 3, "gone": 4}
        tally[kinds.get(outcome, 3)] += 1
        if not args.survivors or outcome in ("equivalent", "SURVIVED"):
            assert now is not None or outcome == "gone"
            line = now.line if now is not None else int(str(row["line"]))
            shown = module.removeprefix("src/sakshi/")
            detail = str(row["detail"])
            if row["kind"] == "int" and now is not None:  # a number alone says little
                detail += f" `{_source_line(module, line)}`"
            print(f"| {shown} | {line} | {row['kind']} {detail} | {outcome} | {why} |")
    print("\n| package | mutants | killed | survived, equivalent | survived, left | gone |")
    print("|---|---|---|---|---|---|")
    for package, (total, killed, equivalent, left, gone) in sorted(counts.items()):
        print(f"| {package} | {total} | {killed} | {equivalent} | {left} | {gone} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(required=True)
    go = commands.add_parser("run", help="run mutants, appending results")
    go.add_argument("--package", choices=[*PACKAGES, "all"], default="all")
    go.add_argument("--module", action="append", help="only modules whose path holds this")
    go.add_argument("--per-module", type=int, default=0, help="sample at most N a module")
    go.add_argument("--seed", type=int, default=26)
    go.add_argument("--timeout", type=float, default=240.0)
    go.add_argument("--out", default="build/mutants.jsonl")
    go.add_argument("--resume", action="store_true", help="skip mutants already in --out")
    go.add_argument("--rerun", help="only the survivors of this results file")
    go.add_argument(
        "--equivalent-too", action="store_true", help="with --rerun: the equivalent ones too"
    )
    go.set_defaults(func=run)
    show = commands.add_parser("table", help="the sorted results table and counts")
    show.add_argument("results")
    show.add_argument("--survivors", action="store_true", help="list survivors only")
    show.set_defaults(func=table)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
