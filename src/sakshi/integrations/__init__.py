"""Integrations: sakshi inside the tools teams already run. Thin adapters over the core.

grading.py    one sample or test graded exactly as ``sakshi run context`` grades a pack
answer.py     a model's answer (JSON text) into the turn sakshi grades
citations.py  inspect_ai's stored citations (char/page/block anchors) into cites
inspect.py    the inspect_ai scorer ``sakshi_scorer()`` (needs ``sakshi[inspect]``)
inspect_files.py  a sample's ``files`` (read from its sandbox) as documents, for the scorer
promptfoo.py  the promptfoo assertion ``get_assert(output, context)``
summary.py    the GitHub job summary (markdown) of a ``run context --format json`` report
action_pin.py the GitHub Action's check of its ``sakshi`` input: ``init --install``'s rule

None of them decides a verdict: they shape other tools' data into packs and turns and
call the context lane. They may import ``errors``, ``reasons``, ``spans``, ``values``,
``inputs``, ``context`` and ``reports``; never ``commands`` or ``cli``, and nothing
imports them but users and tests. Only ``inspect.py`` and ``inspect_files.py`` import
inspect_ai (an optional extra), so nothing else here needs it. Imports are absolute:
``inspect.py`` must never be reached as a bare ``inspect`` (do not put this folder on
``sys.path`` or run a file here by its path; use ``python -m sakshi.integrations.summary``),
or it would shadow the standard library's module.
"""
