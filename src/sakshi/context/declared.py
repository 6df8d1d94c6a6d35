"""``answers: declared``: a turn must answer exactly the declared fields. Pure.

By default (``answers: any``) declarations only say how a field's value is read: a turn
may leave a declared field out or empty, and may answer fields nobody declared (their
type inferred from the value). That lets a wrong answer through wherever the fields are
the question, as in an eval (inspect_ai, promptfoo), where the declared fields are what
the model was asked: an answer that renames ``cheque_amount`` to ``amount``, leaves it
empty beside a true value elsewhere, or cites only the bare figure (another amount of the
same document, or digits cut out of a longer number) was green. Under ``answers:
declared``:

- every declared field has a non-empty value, at ``live`` (below live an empty is still
  honest): else EVIDENCE_MISSING, naming the field;
- a non-empty value of a field that is not declared is VALUE_UNSUPPORTED with
  ``value_reason`` LABEL_MISMATCH (no declared field is its), in every state;
- a declared field with cues, of a type whose mentions cues label (not ``name``,
  ``text`` or ``claim``), is stated only by a mention its own cue labels in the quote:
  a bare figure is VALUE_UNSUPPORTED with ``value_reason`` LABEL_MISMATCH (no cue
  gives it for the field). Both keep to the contract's reason codes; the hint says which.

The rest of the grade (spans, values, the bar) is the same in both modes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import NamedTuple

from sakshi.context.turns import Turn
from sakshi.reasons import ValueReason
from sakshi.values import FieldDecl, TypeSource, ValueCheck, ValueType

__all__ = ["Answers", "DeclaredFindings", "declared_problems"]

# Types whose mentions cues do not label (names go by role words; no rule reads a claim).
_UNLABELLED = frozenset({ValueType.NAME, ValueType.TEXT, ValueType.CLAIM})


class Answers(StrEnum):
    """What a turn must answer: ``any`` fields, or exactly the ``declared`` ones."""

    ANY = "any"
    DECLARED = "declared"


class DeclaredFindings(NamedTuple):
    """What ``answers: declared`` adds: each value's check where it fails (by value
    index), and the declared fields that have no non-empty value (at live)."""

    failed: dict[int, ValueCheck]
    unanswered: tuple[str, ...]


def _undeclared(check: ValueCheck | None) -> ValueCheck:
    hint = "the field is not declared: answer the declared fields, under their names"
    if check is None:
        return ValueCheck(
            ok=False,
            value_reason=ValueReason.LABEL_MISMATCH,
            type=None,
            type_source=TypeSource.INFERRED,
            reading=None,
            hint=hint,
        )
    return replace(check, ok=False, value_reason=ValueReason.LABEL_MISMATCH, hint=hint)


def _unlabelled(field: str, decl: FieldDecl, check: ValueCheck) -> bool:
    """A passing check of a field with cues whose matching mention no cue of it labels."""
    if not check.ok or not check.checked or not decl.cues or decl.type in _UNLABELLED:
        return False
    matched = check.mentions[check.matched] if check.matched is not None else None
    return matched is None or matched.field != field


def declared_problems(
    turn: Turn,
    fields: Mapping[str, FieldDecl],
    checks: Sequence[ValueCheck | None],
    live: bool,
) -> DeclaredFindings:
    """The findings ``answers: declared`` adds to a turn whose values were checked as
    ``checks`` (per value; None where no check was made), see the module's docstring."""
    failed: dict[int, ValueCheck] = {}
    answered: set[str] = set()
    for index, value in enumerate(turn.values):
        if value.is_empty:
            continue
        answered.add(value.field)
        check = checks[index] if index < len(checks) else None
        decl = fields.get(value.field)
        if decl is None:
            if check is None or check.ok:  # a failing check is red for its own reason
                failed[index] = _undeclared(check)
        elif check is not None and _unlabelled(value.field, decl, check):
            cues = ", ".join(repr(cue) for cue in decl.cues)
            hint = (
                f"cite the words that say it is {value.field} (a cue: {cues}), not the bare value"
            )
            failed[index] = replace(
                check, ok=False, value_reason=ValueReason.LABEL_MISMATCH, hint=hint
            )
    unanswered = tuple(name for name in fields if name not in answered) if live else ()
    return DeclaredFindings(failed, unanswered)
