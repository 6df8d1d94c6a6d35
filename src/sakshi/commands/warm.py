"""``run context``'s packs, each graded or read back from the result cache, as records.

A pack whose record is in the result cache (``inputs/result_cache.py``: keyed by the
pack's bytes, its label, the project's value rules and the code that grades) is reported
from that record: it is neither parsed nor graded, and its reports are byte for byte what
a fresh grade makes. Every other pack is loaded and graded as ``context/lane.py`` grades
it, and its record stored when its grade depends on nothing else. The loader, the grade
and the values core are imported only when some pack has to be graded.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from sakshi.context import locate_packs, sorted_by_id
from sakshi.inputs import read_bytes
from sakshi.reports import PackRecord

if TYPE_CHECKING:
    from sakshi.context import Route, Selectable
    from sakshi.inputs import Config
    from sakshi.inputs.cache import Store
    from sakshi.values import FieldDecl, ValueRules

__all__ = ["Rules", "graded_records", "rules_digest"]

# As yamlsafe.MAX_YAML_BYTES (checked there again on a parse); not imported from there, so
# a warm run does not load the YAML parser.
_MAX_PACK_BYTES = 256 * 1024 * 1024


class Rules(NamedTuple):
    """The project's value rules as ``context.lane.with_rules`` lays them on each pack,
    and their digest for the result cache (None: nothing is read from it or stored)."""

    fields: Mapping[str, FieldDecl] | None
    rules: ValueRules | None
    digest: str | None


def rules_digest(config: Config) -> str | None:
    """A digest of what the project's value rules are made from: the configuration's
    ``acts`` and ``locale``, and each ``fields`` file's name and bytes. None when one of
    them cannot be read or written down (then the cache is not used)."""
    import orjson

    try:
        files = [
            [str(path), hashlib.sha256(read_bytes(path, str(path), "a fields file")).hexdigest()]
            for path in config.fields
        ]
        written = {"acts": config.acts, "locale": config.locale, "fields": files}
        return hashlib.sha256(orjson.dumps(written, option=orjson.OPT_SORT_KEYS)).hexdigest()
    except (ValueError, TypeError, orjson.JSONEncodeError):  # InputError is a ValueError
        return None


def graded_records(
    paths: Sequence[Path],
    route: Route,
    rules: Rules,
    jobs: int = 1,
    tick: Callable[[int, int], None] | None = None,
    admits: Callable[[Selectable], bool] | None = None,
) -> list[PackRecord]:
    """The record of every pack under ``paths`` that ``admits`` admits, sorted by id, as
    ``context.lane.grade_paths`` grades them (``jobs`` processes, ``tick`` for progress;
    the first unusable pack in discovery order stops the run)."""
    from sakshi.inputs.cache import open_store
    from sakshi.parallel import ordered_map

    located = locate_packs(paths)
    # The run's cache, handed down to every pack's read and write (None: off this run).
    store = None if rules.digest is None else open_store()

    def one(item: tuple[Path, str]) -> PackRecord | None:
        return _record(item[0], item[1], route, rules, admits, store)

    records: list[PackRecord] = []
    if tick is not None:
        tick(0, len(located))
    for done, record in enumerate(ordered_map(one, located, jobs, batch=25), start=1):
        if record is not None:
            records.append(record)
        if tick is not None:
            tick(done, len(located))
    return sorted_by_id(records, lambda record: record)


def _record(
    path: Path,
    label: str,
    route: Route,
    rules: Rules,
    admits: Callable[[Selectable], bool] | None,
    store: Store | None,
) -> PackRecord | None:
    """One pack's record: from the cache when its key finds one, else graded (and kept)."""
    from sakshi.inputs.result_cache import load_result, result_key, store_result

    # Read once: the bytes hashed for the key are the bytes parsed on a miss.
    data = read_bytes(path, label, "a YAML file", limit=_MAX_PACK_BYTES)
    digest = hashlib.sha256(data).hexdigest()
    key = None
    if store is not None and rules.digest is not None:
        key = result_key(rules.digest, label, digest)
    if store is not None and key is not None:
        found = PackRecord.from_bytes(load_result(store, key, digest))
        if found is not None:
            return found if admits is None or admits(found) else None
    graded = _graded(path, label, data, route, rules, admits)
    if graded is None:
        return None
    record, keep = graded
    if store is not None and key is not None and keep:
        stored = _bytes_of(record)
        if stored is not None:
            store_result(store, key, digest, stored)
    return record


def _graded(
    path: Path,
    label: str,
    data: bytes,
    route: Route,
    rules: Rules,
    admits: Callable[[Selectable], bool] | None,
) -> tuple[PackRecord, bool] | None:
    """The pack parsed from ``data`` and graded: its record, and whether the record may be
    kept (a recorded turn, every document in the pack itself); None when not admitted."""
    from sakshi.context import pack_from_data, run_pack, with_rules
    from sakshi.inputs import load_yaml_bytes
    from sakshi.inputs.cache import parse_cached
    from sakshi.inputs.result_cache import reads_only_itself
    from sakshi.reports import record_of

    parsed: Any = parse_cached(data, lambda: load_yaml_bytes(data, label))
    pack = pack_from_data(parsed, path.parent, label)
    if admits is not None and not admits(pack):
        return None
    result = run_pack(with_rules(pack, rules.fields, rules.rules), route)
    keep = result.route == "recorded" and reads_only_itself(parsed)
    return record_of(result), keep


def _bytes_of(record: PackRecord) -> bytes | None:
    """The record as it is kept, when it can be written down whole (a lone surrogate in a
    message cannot: such a pack is graded every run)."""
    import orjson

    try:
        return record.to_bytes()
    except (orjson.JSONEncodeError, TypeError):
        return None
