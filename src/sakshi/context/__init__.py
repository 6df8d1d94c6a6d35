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
