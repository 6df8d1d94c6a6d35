"""The evidence view's model: what ``view_data.read_view`` reads RESULTS.json into.

Frozen plain data. The classes carry a ``View`` prefix so they never read as the core's
own ``Finding`` (the grade), ``Segment`` or ``SpanCheck`` (the span core), or ``Mention``
and ``ValueCheck`` (the values core).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "View",
    "ViewCheck",
    "ViewDocument",
    "ViewFinding",
    "ViewMention",
    "ViewPack",
    "ViewRange",
    "ViewSegment",
    "ViewValue",
    "ViewValueCheck",
]


@dataclass(frozen=True)
class ViewRange:
    """A highlight: codepoints [start, end) of one segment's display text."""

    doc: str
    segment: int
    start: int
    end: int
    occurrences: int | None


@dataclass(frozen=True)
class ViewCheck:
    """The span check of one value's cite, as the results report it."""

    verified: bool
    reason: str
    detail: str


@dataclass(frozen=True)
class ViewMention:
    """One mention of the value's type in the quote: codepoints [start, end) of the quote,
    its text and reading; ``bound``: ``exact``, or the limit it is ("up to": ``at_most``);
    ``matched``: it states the value; ``nearest``: the failed check's nearest miss (what
    the hint is about)."""

    start: int
    end: int
    text: str
    reading: str | None
    field: str | None
    negated: bool
    bound: str
    matched: bool
    nearest: bool


@dataclass(frozen=True)
class ViewValueCheck:
    """Whether the quote states the value (SPEC section 8), as the results report it."""

    ok: bool
    checked: bool
    type: str | None
    type_source: str
    reading: str | None
    value_reason: str | None
    hint: str
    mentions: tuple[ViewMention, ...]

    @property
    def pointed(self) -> ViewMention | None:
        """The mention that states the value, else the nearest miss, if any."""
        return next((m for m in self.mentions if m.matched), None) or next(
            (m for m in self.mentions if m.nearest), None
        )


@dataclass(frozen=True)
class ViewValue:
    """One produced value with its why, its cite, where the cite stands (or nearly), and
    whether its quote states it (``value_check``; None when it was not checked)."""

    index: int
    field: str
    value: object
    why: object
    cite: object
    check: ViewCheck | None
    highlight: ViewRange | None
    near: ViewRange | None
    value_check: ViewValueCheck | None = None


@dataclass(frozen=True)
class ViewFinding:
    """One reason a pack got its verdict, with the failed cite's diagnosis lines if any."""

    reason: str
    detail: str
    field: str | None
    value_index: int | None
    diagnosis: tuple[str, ...]


@dataclass(frozen=True)
class ViewSegment:
    """One unit of a document (a page, a block) as text to display."""

    label: str
    text: str
    utf8: bool


@dataclass(frozen=True)
class ViewDocument:
    """One of a pack's documents, in its segments."""

    id: str
    kind: str
    segments: tuple[ViewSegment, ...]


@dataclass(frozen=True)
class ViewPack:
    """One pack's result: verdict, reasons and, when the results carry them, the evidence."""

    id: str
    title: str
    source: str
    route: str
    engine_state: str
    verdict: str
    expect: str
    held: bool
    not_held_because: str | None  # one line; None when held, or from results that lack it
    reasons: tuple[str, ...]
    findings: tuple[ViewFinding, ...]
    provenance: tuple[str, ...]  # lines, empty when the results carry none
    values: tuple[ViewValue, ...]
    documents: tuple[ViewDocument, ...]
    has_evidence: bool  # False: the results were written without values and documents


@dataclass(frozen=True)
class View:
    """The whole results file: every pack, and the run's held and failed counts."""

    packs: tuple[ViewPack, ...]
    held: int
    failed: int
