"""``sakshi prove``: mutate green live turns and show that the grade flips both ways.

For each pack whose turn is green at live, three mutants (SPEC section 4), each with its
provenance mirroring its own state and bundle, so only the mutation can turn it red:

- ``stripped``: why and cite removed from every value, at live: must be red;
- ``stripped-stubbed``: the same stripped turn with the pack at stubbed: must be green;
- ``corrupt-quote@STATE``: one cited quote corrupted, at live, partial and stubbed: red.

Pure: turns and documents in, flips out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from sakshi.context.grade import Verdict, grade_turn
from sakshi.context.turns import EngineState, Served, Turn, TurnValue
from sakshi.reasons import GradeReason
from sakshi.spans import Document, verify_span

__all__ = ["Flip", "corrupt_quote", "prove_turn"]


@dataclass(frozen=True)
class Flip:
    """One mutant: what it must grade, what it graded, and the reasons it got."""

    mutant: str
    expected: Verdict
    got: Verdict
    reasons: tuple[GradeReason, ...]

    @property
    def flipped(self) -> bool:
        return self.got is self.expected


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


def _flip(
    name: str, expected: Verdict, turn: Turn, served: Served, documents: Mapping[str, Document]
) -> Flip:
    grade = grade_turn(turn, served, documents)
    return Flip(name, expected, grade.verdict, grade.reasons)


def prove_turn(turn: Turn, served: Served, documents: Mapping[str, Document]) -> list[Flip] | None:
    """The flips of one pack, or None when its turn is not green at live (not eligible)."""
    if served.engine_state is not EngineState.LIVE:
        return None
    if grade_turn(turn, served, documents).verdict is not Verdict.GREEN:
        return None
    digest = served.bundle_sha256
    stripped = replace(turn, values=tuple(replace(v, why=None, cite=None) for v in turn.values))
    flips = [
        _flip("stripped", Verdict.RED, *_at(stripped, EngineState.LIVE, digest), documents),
        _flip(
            "stripped-stubbed",
            Verdict.GREEN,
            *_at(stripped, EngineState.STUBBED, digest),
            documents,
        ),
    ]
    index = next((i for i, v in enumerate(turn.values) if v.cite is not None), None)
    corrupted = None if index is None else corrupt_quote(turn.values[index].cite, documents)
    for state in (EngineState.LIVE, EngineState.PARTIAL, EngineState.STUBBED):
        name = f"corrupt-quote@{state.value}"
        if index is None or corrupted is None:
            # No quote could be made not to verify: the flip did not happen, say so.
            flips.append(Flip(name, Verdict.RED, Verdict.GREEN, ()))
            continue
        values = list(turn.values)
        values[index] = TurnValue(
            values[index].field, values[index].value, values[index].why, corrupted
        )
        mutant = replace(turn, values=tuple(values))
        flips.append(_flip(name, Verdict.RED, *_at(mutant, state, digest), documents))
    return flips
