"""sakshi/runcache.py: one run's memory, tables by name, bounded, made by the command.

The cores' own tests show each table never changes a byte (test_grade_fastpath.py,
test_grading.py, test_cli_verify_values.py); here the cache itself, and that the commands
make one per run and pass it down rather than keep a run's data in a module global.
"""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import sakshi
from sakshi.runcache import BoundedMemo, RunCache, Table

SRC = Path(sakshi.__file__).parent
NUMBERS: Table[tuple[type, object], str] = Table("test.numbers", 4)


def test_a_table_is_made_on_first_use_and_found_by_its_name() -> None:
    cache = RunCache()
    assert cache.sizes() == {}
    cache.table(NUMBERS).put((int, 1), "one")
    assert cache.table(Table("test.numbers")).get((int, 1)) == "one"  # one name, one table
    assert cache.sizes() == {"test.numbers": 1}


def test_keys_that_carry_their_type_keep_1_and_1_0_and_true_apart() -> None:
    table = RunCache().table(NUMBERS)
    for number in (1, 1.0, True):
        table.put((type(number), number), type(number).__name__)
    assert [table.get((kind, 1)) for kind in (int, float, bool)] == ["int", "float", "bool"]


@given(st.lists(st.integers(0, 20), max_size=60), st.integers(1, 8))
def test_a_table_holds_at_most_its_bound_and_forgets_the_oldest(keys: list[int], cap: int) -> None:
    table = RunCache(cap=cap).table(NUMBERS)
    bound = min(cap, NUMBERS.limit)
    kept: list[int] = []  # the keys in the order they were first stored, the oldest first
    for key in keys:
        table.put((int, key), str(key))
        if key not in kept:
            kept = [*kept, key][-bound:]
    assert len(table) == len(kept) <= bound
    assert all(table.get((int, key)) == str(key) for key in kept)


def test_bounded_memo_replaces_without_growing() -> None:
    memo: BoundedMemo[int, str] = BoundedMemo(2)
    memo.put(1, "a")
    memo.put(2, "b")
    memo.put(2, "c")
    assert (len(memo), memo.get(1), memo.get(2)) == (2, "a", "c")


def test_the_commands_make_the_run_cache() -> None:
    """A run's cache is made where the run is: the commands that grade or check lines."""
    for command in ("grade", "values"):
        text = (SRC / "commands" / f"{command}.py").read_text(encoding="utf-8")
        assert "RunCache()" in text, command


def _empty_containers(tree: ast.Module) -> list[str]:
    """The module-level names bound to an empty dict or set (a literal or a call): the
    shape a run's data kept in a global takes."""
    names = []
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(node, ast.AnnAssign) and "Mapping" in ast.unparse(node.annotation):
            continue  # a read-only empty mapping: a constant, never filled
        empty = (isinstance(value, ast.Dict) and not value.keys) or (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in ("dict", "set", "OrderedDict")
            and not value.args
        )
        if not empty:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names += [t.id for t in targets if isinstance(t, ast.Name)]
    return names


# Module-level tables that hold no run's data. A Dask worker serves many tasks of one run
# in its own process: the run's command cannot hand it its cache, so the worker keeps one a
# run (keyed by the run's token, bounded). The tokenizer keeps each codepoint's Unicode
# class, a fixed property of the character whatever the run.
_WORKER_EXCEPTION = {"dask_engine.py": ["_caches"], "tokens.py": ["_CLASS_CACHE"]}


def test_no_core_keeps_a_run_in_a_module_global() -> None:
    """The cores that held a run's data in module globals (the line declarations and
    locales) no longer do: no module under context/ or values/ binds an empty dict or
    set at module level, but the Dask worker's table of runs."""
    for path in sorted([*(SRC / "context").glob("*.py"), *(SRC / "values").glob("*.py")]):
        names = _empty_containers(ast.parse(path.read_text(encoding="utf-8")))
        assert names == _WORKER_EXCEPTION.get(path.name, []), f"{path.name}: {names}"
