"""Which packs a run grades: ``--select`` and ``--exclude`` (ids or globs), ``--tag``.

Pure: a pack is admitted when it matches some ``--select`` pattern (all packs when none
is given), has some ``--tag`` (any pack when none is given), and matches no ``--exclude``
pattern. Patterns are shell globs (``fnmatch``: ``*``, ``?``, ``[…]``) matched against
the pack's id, case-sensitively; a plain id is a pattern that matches only itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Protocol

__all__ = ["Selectable", "Selection"]


class Selectable(Protocol):
    """What a selection reads of a pack: a loaded pack, or a cached result's record."""

    @property
    def id(self) -> str: ...

    @property
    def tags(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Selection:
    """The patterns and tags a run was given; empty admits every pack."""

    select: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()

    @property
    def everything(self) -> bool:
        """No pattern and no tag: every pack is admitted."""
        return not (self.select or self.exclude or self.tags)

    def admits(self, pack: Selectable) -> bool:
        """Whether ``pack`` is graded in this run."""
        if self.select and not any(fnmatchcase(pack.id, p) for p in self.select):
            return False
        if self.tags and not set(self.tags) & set(pack.tags):
            return False
        return not any(fnmatchcase(pack.id, p) for p in self.exclude)

    def describe(self) -> str:
        """``--select a* --tag smoke``: the selection as it was given, for messages."""
        parts = [f"--select {p}" for p in self.select]
        parts += [f"--exclude {p}" for p in self.exclude]
        parts += [f"--tag {t}" for t in self.tags]
        return " ".join(parts)
