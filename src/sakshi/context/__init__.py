"""The context lane: packs, routes, the turn's grade, prove, diagnose, turn logs.

The pure core (plain data in, plain data out; no file, process or terminal module):
  turns.py        a turn, its values and context_provenance; the bundle's JCS hash
  grade.py        the Why+Cite grade of one turn against what was served (SPEC 4), with
                  each cited value read against its quote (SPEC 8, the ``values`` core)
  declared.py     ``answers: declared``: a turn answers exactly the declared fields
  prove.py        the mutants that show a grade flips both ways
  mutate.py       the value mutant's change: a value that reads as another value
  linefields.py   a grade line's ``fields`` and the unstated values of its output line
  pack_values.py  a pack's ``fields:`` and ``locale:``, read strictly
  diagnose.py     why a cite did not verify, in words a person can act on
The lane's shell (reads files, runs routes, spreads work over processes):
  locate.py       find pack files (one listing per folder) and order them by id
  packs.py        load pack files into frozen Packs
  routes.py       the team's route (Python or any program) and the reference route
  route_child.py  the child interpreter a Python route runs in, never sakshi's own
  lane.py         run and grade one pack, or many: the lane's results
  turnlog.py      ``sakshi grade``: logged turns streamed against a documents folder
  docstore.py     that documents folder (local or a URL), read on demand, kept in bounds
  partitions.py   byte ranges of turn logs, the unit of work a process or worker grades
  dask_engine.py  the same on a Dask cluster: workers read their own partitions

It may import ``spans``, ``inputs``, ``errors``, ``reasons`` and ``parallel``; never
``reports`` or ``commands``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face

if TYPE_CHECKING:
    from sakshi.context.dask_engine import cluster_threads, connect, grade_on_client
    from sakshi.context.diagnose import diagnose_span
    from sakshi.context.docstore import DocumentStore
    from sakshi.context.grade import Finding, Grade, Verdict, grade_turn
    from sakshi.context.lane import PackResult, grade_paths, pack_turn, run_pack, with_rules
    from sakshi.context.locate import locate_packs, sorted_by_id
    from sakshi.context.pack_values import read_fields, read_locale
    from sakshi.context.packs import PACK_FORMAT, Pack, load_pack, load_packs, pack_from_data
    from sakshi.context.partitions import (
        MIN_PARTITION_BYTES,
        SHOWN_RED,
        GradedPart,
        Partition,
        grade_batches,
        grade_partitions,
        part_name,
        plan_partitions,
        spread_size,
    )
    from sakshi.context.prove import Flip, prove_turn
    from sakshi.context.routes import Route, RouteFailure, resolve_route
    from sakshi.context.select import Selectable, Selection
    from sakshi.context.turns import Served, Turn, TurnValue, bundle_sha256, is_visible, parse_turn

__all__ = [
    "MIN_PARTITION_BYTES",
    "PACK_FORMAT",
    "SHOWN_RED",
    "DocumentStore",
    "Finding",
    "Flip",
    "Grade",
    "GradedPart",
    "Pack",
    "PackResult",
    "Partition",
    "Route",
    "RouteFailure",
    "Selectable",
    "Selection",
    "Served",
    "Turn",
    "TurnValue",
    "Verdict",
    "bundle_sha256",
    "cluster_threads",
    "connect",
    "diagnose_span",
    "grade_batches",
    "grade_on_client",
    "grade_partitions",
    "grade_paths",
    "grade_turn",
    "is_visible",
    "load_pack",
    "load_packs",
    "locate_packs",
    "pack_from_data",
    "pack_turn",
    "parse_turn",
    "part_name",
    "plan_partitions",
    "prove_turn",
    "read_fields",
    "read_locale",
    "resolve_route",
    "run_pack",
    "sorted_by_id",
    "spread_size",
    "with_rules",
]

# Each public name by the module that defines it, imported when first used (sakshi/lazy.py):
# importing the package costs nothing until then.
_HOMES = {
    "dask_engine": ("cluster_threads", "connect", "grade_on_client"),
    "diagnose": ("diagnose_span",),
    "docstore": ("DocumentStore",),
    "grade": ("Finding", "Grade", "Verdict", "grade_turn"),
    "lane": ("PackResult", "grade_paths", "pack_turn", "run_pack", "with_rules"),
    "locate": ("locate_packs", "sorted_by_id"),
    "pack_values": ("read_fields", "read_locale"),
    "packs": ("PACK_FORMAT", "Pack", "load_pack", "load_packs", "pack_from_data"),
    "partitions": (
        "GradedPart",
        "MIN_PARTITION_BYTES",
        "Partition",
        "SHOWN_RED",
        "grade_batches",
        "grade_partitions",
        "part_name",
        "plan_partitions",
        "spread_size",
    ),
    "prove": ("Flip", "prove_turn"),
    "routes": ("Route", "RouteFailure", "resolve_route"),
    "select": ("Selectable", "Selection"),
    "turns": ("Served", "Turn", "TurnValue", "bundle_sha256", "is_visible", "parse_turn"),
}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(globals(), _HOMES)
