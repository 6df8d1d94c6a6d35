"""A model's answer, as other tools hand it over, into the turn sakshi grades. Pure.

An eval tool gives sakshi the model's output as text. The text must be JSON in the shape
of a turn (SPEC section 4), or just its ``values`` list:

- a list: the turn's ``values``; the turn's provenance is what was served, since the
  model was not asked to claim one;
- an object with ``values`` and no ``context_provenance``: the same;
- an object with ``context_provenance``: the whole turn, graded as it is, so a claimed
  provenance that does not mirror what was served is PROVENANCE_MISMATCH.

The text may be wrapped in one Markdown code fence (models often add one); nothing else
is taken out of it. Anything else is not a turn: the caller grades it red with
TURN_MALFORMED, never green.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sakshi.context import Served
from sakshi.errors import a_kind

__all__ = ["AnswerProblem", "answer_json", "answer_turn"]

_FENCE = "```"


@dataclass(frozen=True)
class AnswerProblem:
    """Why an answer is not a turn, in one line (the finding's detail)."""

    message: str


def _refuse_constant(name: str) -> object:
    # NaN and the infinities are not JSON, and a value must have one exact reading.
    raise ValueError(f"{name} is not a JSON number")


def _unfenced(text: str) -> str:
    """``text`` without one surrounding Markdown code fence (```json ... ```), if any."""
    stripped = text.strip()
    if not (stripped.startswith(_FENCE) and stripped.endswith(_FENCE) and len(stripped) > 6):
        return stripped
    first_break = stripped.find("\n")
    if first_break < 0:
        return stripped
    # The info string (``json``) is the rest of the opening line; the body ends at the
    # closing fence. A fence inside the body means this is not one fenced block.
    body = stripped[first_break + 1 : -len(_FENCE)]
    return stripped if _FENCE in body else body


def answer_json(text: str) -> object | AnswerProblem:
    """The JSON value the answer's text holds (the whole text, or one fenced block)."""
    body = _unfenced(text)
    if not body:
        return AnswerProblem("the answer is empty; expected a JSON turn or values list")
    try:
        parsed: object = json.loads(body, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        shown = str(exc) if isinstance(exc, ValueError) else "nested too deeply"
        return AnswerProblem(f"the answer is not JSON ({shown})"[:300])
    return parsed


def _served_provenance(served: Served) -> dict[str, Any]:
    return {"engine_state": served.engine_state.value, "bundle_sha256": served.bundle_sha256}


def answer_turn(answer: object, served: Served) -> dict[str, Any] | AnswerProblem:
    """The raw turn (a mapping ``parse_turn`` reads) for a parsed answer, or why none.

    See the module's docstring for the three shapes; the provenance is filled in from
    ``served`` only when the answer claims none.
    """
    if isinstance(answer, AnswerProblem):
        return answer
    if isinstance(answer, list):
        return {"context_provenance": _served_provenance(served), "values": answer}
    if not isinstance(answer, Mapping):
        return AnswerProblem(
            f"expected a turn (an object with values) or a values list, found {a_kind(answer)}"
        )
    if "values" not in answer and "context_provenance" not in answer:
        keys = ", ".join(sorted(str(key) for key in answer)[:5]) or "none"
        return AnswerProblem(
            f"expected a turn with a values list; the object has no values (keys: {keys})"
        )
    if "context_provenance" in answer:
        return dict(answer)
    return {"context_provenance": _served_provenance(served), **answer}
