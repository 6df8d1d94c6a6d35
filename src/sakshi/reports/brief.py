"""The short summary a run prints to stderr for the CI log when its reports go to files.

Data in, lines out: the counts, what was written, then one line per pack that did not
hold with its reasons, and each finding's one-line detail under it (the full diagnoses
are in the reports). Lines are never wrapped here: a CI log keeps a message whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from sakshi.context.lane import PackResult

__all__ = ["context_brief", "plural"]


def plural(count: int, noun: str) -> str:
    """``1 pack``, ``2 packs``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def context_brief(
    results: Sequence[PackResult], wrote: str = "", details: bool = True
) -> list[str]:
    """The summary of a context run: ``sakshi: 5 packs: 4 held, 1 failed; wrote …``, then
    each pack that did not hold (``details``: with its findings under it)."""
    from sakshi.reports.context import pack_details

    held = sum(result.held for result in results)
    head = f"sakshi: {plural(len(results), 'pack')}: {held} held, {len(results) - held} failed"
    lines = [f"{head}; {wrote}" if wrote else head]
    for result in results:
        if result.held:
            continue
        reasons = ", ".join(code.value for code in result.grade.reasons) or "no reason fired"
        lines.append(f"  NOT HELD {result.pack.id}: {result.not_held_because}: {reasons}")
        if details:
            lines += [f"    {item['reason']}: {item['detail']}" for item in pack_details(result)]
    return lines
