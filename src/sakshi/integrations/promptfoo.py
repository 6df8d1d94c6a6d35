"""The promptfoo assertion: each test's output graded as ``sakshi run context`` grades it.

promptfoo runs a Python assertion from a file, so the config names a one-line file of the
team's own that re-exports this function (never this module's path: see the package's
docstring)::

    # sakshi_assert.py, beside promptfooconfig.yaml
    from sakshi.integrations.promptfoo import get_assert

    # promptfooconfig.yaml
    defaultTest:
      assert:
        - type: python
          value: file://sakshi_assert.py

A test's ``vars`` say what was served (``documents``, optionally ``fields``,
``engine_state``, ``bundle``: see ``integrations.grading``; ``documents_root`` is the
folder ``file:`` documents are read from, the working folder by default). The output is
read as a JSON turn or values list (``integrations.answer``); a provider that returns
JSON data rather than text is graded on that data. The result is promptfoo's own shape:
``pass`` (green), ``score`` (1.0 or 0.0) and ``reason`` (the verdict, the reasons and
each finding's diagnosis). A test that cannot be graded honestly raises, and promptfoo
reports the message as the test's failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sakshi.errors import InputError, a_kind
from sakshi.integrations.grading import Outcome, Setup, grade_answer, grade_text

__all__ = ["get_assert", "grade_output"]


def _label(context: Mapping[str, Any]) -> str:
    test = context.get("test")
    description = test.get("description") if isinstance(test, Mapping) else None
    named = f" {description!r}" if isinstance(description, str) and description else ""
    return f"promptfoo test{named} vars"


def grade_output(output: object, context: Mapping[str, Any]) -> Outcome:
    """The outcome for one promptfoo output and its assertion context."""
    label = _label(context)
    variables = context.get("vars")
    if not isinstance(variables, Mapping):
        raise InputError(label, None, f"expected the test's vars, found {a_kind(variables)}")
    root = variables.get("documents_root")
    if root is not None and not isinstance(root, str):
        raise InputError(label, "documents_root", f"expected a folder, found {a_kind(root)}")
    setup = Setup.from_mapping(variables, label, Path(root) if root else Path.cwd())
    if isinstance(output, str):
        return grade_text(setup, output)
    return grade_answer(setup, output)


def get_assert(output: object, context: Mapping[str, Any]) -> dict[str, Any]:
    """promptfoo's grading result: ``{"pass", "score", "reason"}`` (module docstring)."""
    outcome = grade_output(output, context)
    return {
        "pass": outcome.green,
        "score": 1.0 if outcome.green else 0.0,
        "reason": outcome.explanation(),
    }
