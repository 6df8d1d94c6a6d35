"""``sakshi prove``: mutate green live turns and show that the grade flips both ways.

For each pack whose turn is green at live, four kinds of mutant (SPEC section 4), each with
its provenance mirroring its own state and bundle, so only the mutation can turn it red:

- ``stripped``: why and cite removed from every value, at live: must be red;
- ``stripped-stubbed``: the same stripped turn with the pack at stubbed: must be green;
- ``corrupt-quote@STATE``: one cited quote corrupted, at live, partial and stubbed: red;
- ``value-changed@live``: one cited value changed (``change_value``: a scale word or two
  digits swapped, else one digit or one letter changed) with its quote left as it was,
  at live: must be red with VALUE_UNSUPPORTED (SPEC section 8).

Pure: turns, documents and declared fields in, flips out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from sakshi.context.grade import Grade, Verdict, grade_turn, value_text
from sakshi.context.mutate import ValueChange, change_value
from sakshi.context.turns import EngineState, Served, Turn
from sakshi.reasons import GradeReason
from sakshi.spans import Document, verify_span
from sakshi.values import DEFAULT_ACTS, ActTable, FieldDecl, check_value

__all__ = ["VALUE_MUTANT", "Flip", "corrupt_quote", "prove_turn"]

VALUE_MUTANT = "value-changed@live"
_NO_FIELDS: Mapping[str, FieldDecl] = {}


@dataclass(frozen=True)
class Flip:
    """One mutant: what it must grade, what it graded, and the reasons it got."""

    mutant: str
    expected: Verdict
    got: Verdict
    reasons: tuple[GradeReason, ...]
    expected_reason: GradeReason | None = None  # the reason the red must carry, if one
    note: str = ""  # what was changed, for people

    @property
    def flipped(self) -> bool:
        """The mutant graded as expected (and, when a reason is expected, with it)."""
        if self.got is not self.expected:
            return False
        return self.expected_reason is None or self.expected_reason in self.reasons


def corrupt_quote(cite: object, documents: Mapping[str, Document]) -> object | None:
    """The cite with its quote changed so that it no longer verifies, or None if no
    candidate change fails verification (then the flip cannot be shown)."""
    if not isinstance(cite, Mapping) or not isinstance(cite.get("quote"), str) or not cite["quote"]:
        return None
    quote: str = cite["quote"]
    first = quote[0]
    swapped = chr(ord(first) + 1) if ord(first) not in (0xD7FF, 0x10FFFF) else "x"
    candidates = [
        swapped + quote[1:],
        quote + "\u2063",
        "\u2063" + quote,
        quote[::-1] + "\u2063\u2063",
    ]
    for candidate in candidates:
        mutated = {**cite, "quote": candidate}
        if not verify_span(mutated, documents).verified:
            return mutated
    return None


def _at(turn: Turn, state: EngineState, digest: str | None) -> tuple[Turn, Served]:
    return replace(turn, engine_state=state.value, bundle_sha256=digest), Served(state, digest)


@dataclass(frozen=True)
class _Setting:
    """What every mutant of one pack is graded against."""

    documents: Mapping[str, Document]
    fields: Mapping[str, FieldDecl]
    acts: ActTable
    locale: str | None

    def grade(self, turn: Turn, served: Served) -> Grade:
        return grade_turn(
            turn, served, self.documents, self.fields, acts=self.acts, locale=self.locale
        )

    def flip(
        self,
        name: str,
        expected: Verdict,
        mutant: tuple[Turn, Served],
        expected_reason: GradeReason | None = None,
        note: str = "",
    ) -> Flip:
        grade = self.grade(*mutant)
        return Flip(name, expected, grade.verdict, grade.reasons, expected_reason, note)


def _corrupt_flips(turn: Turn, digest: str | None, setting: _Setting) -> list[Flip]:
    """One cited quote corrupted, at live, partial and stubbed: red at each."""
    index = next((i for i, v in enumerate(turn.values) if v.cite is not None), None)
    corrupted = None if index is None else corrupt_quote(turn.values[index].cite, setting.documents)
    flips = []
    for state in (EngineState.LIVE, EngineState.PARTIAL, EngineState.STUBBED):
        name = f"corrupt-quote@{state.value}"
        if index is None or corrupted is None:
            # No quote could be made not to verify: the flip did not happen, say so.
            flips.append(Flip(name, Verdict.RED, Verdict.GREEN, ()))
            continue
        values = list(turn.values)
        values[index] = replace(values[index], cite=corrupted)
        mutant = replace(turn, values=tuple(values))
        flips.append(setting.flip(name, Verdict.RED, _at(mutant, state, digest)))
    return flips


@dataclass(frozen=True)
class _Stated:
    """A value the grade found stated by its quote: where it is, and what it says."""

    value_index: int
    field: str
    text: str
    quote: str


def _stated(turn: Turn, grade: Grade) -> list[_Stated]:
    stated = []
    for index, (value, check) in enumerate(zip(turn.values, grade.values, strict=False)):
        if check is None or not check.ok or not check.checked or value.value is None:
            continue
        if isinstance(value.cite, Mapping) and isinstance(value.cite.get("quote"), str):
            stated.append(_Stated(index, value.field, value_text(value.value), value.cite["quote"]))
    return stated


def _value_change(turn: Turn, grade: Grade, setting: _Setting) -> tuple[int, ValueChange] | None:
    """The first value the grade found stated, and a change of it that reads as another
    value; values with a digit or a scale word first, then any (a letter changed)."""
    stated = _stated(turn, grade)
    for letters in (False, True):
        for item in stated:

            def reads(text: str, item: _Stated = item) -> str | None:
                check = check_value(
                    item.field,
                    text,
                    item.quote,
                    setting.fields,
                    acts=setting.acts,
                    locale=setting.locale,
                )
                return check.reading

            change = change_value(item.text, reads, letters)
            if change is not None:
                return item.value_index, change
    return None


def _value_flip(turn: Turn, served: Served, grade: Grade, setting: _Setting) -> Flip:
    """One cited value changed, its quote kept, at live: red with VALUE_UNSUPPORTED."""
    reason = GradeReason.VALUE_UNSUPPORTED
    found = _value_change(turn, grade, setting)
    if found is None:
        note = "no checked value could be changed to read as another value"
        return Flip(VALUE_MUTANT, Verdict.RED, Verdict.GREEN, (), reason, note)
    index, change = found
    original = turn.values[index]
    values = list(turn.values)
    values[index] = replace(original, value=change.value)
    note = f"{original.field}: {change.how}"  # no value: the prove report carries no content
    mutant = replace(turn, values=tuple(values))
    return setting.flip(VALUE_MUTANT, Verdict.RED, (mutant, served), reason, note)


def prove_turn(
    turn: Turn,
    served: Served,
    documents: Mapping[str, Document],
    fields: Mapping[str, FieldDecl] = _NO_FIELDS,
    *,
    acts: ActTable = DEFAULT_ACTS,
    locale: str | None = None,
) -> list[Flip] | None:
    """The flips of one pack, or None when its turn is not green at live (not eligible).

    ``fields``, ``acts`` and ``locale`` are the pack's (SPEC section 8), as the grade
    reads them.
    """
    if served.engine_state is not EngineState.LIVE:
        return None
    setting = _Setting(documents, fields, acts, locale)
    grade = setting.grade(turn, served)
    if grade.verdict is not Verdict.GREEN:
        return None
    digest = served.bundle_sha256
    stripped = replace(turn, values=tuple(replace(v, why=None, cite=None) for v in turn.values))
    return [
        setting.flip("stripped", Verdict.RED, _at(stripped, EngineState.LIVE, digest)),
        setting.flip("stripped-stubbed", Verdict.GREEN, _at(stripped, EngineState.STUBBED, digest)),
        *_corrupt_flips(turn, digest, setting),
        _value_flip(turn, served, grade, setting),
    ]
