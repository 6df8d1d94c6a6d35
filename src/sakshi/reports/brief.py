"""The short summary a run prints to stderr for the CI log when its reports go to files.

Data in, lines out: the counts, what was written, then one line per pack that did not
hold with its reasons, and each finding's one-line detail under it (the full diagnoses
are in the reports). Lines are never wrapped here: a CI log keeps a message whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from sakshi.reports.pack_record import PackRecord

__all__ = ["SHOWN_NOT_ROUTED", "context_brief", "plural", "routing_lines"]


def plural(count: int, noun: str) -> str:
    """``1 pack``, ``2 packs``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def context_brief(
    results: Sequence[PackRecord], wrote: str = "", details: bool = True
) -> list[str]:
    """The summary of a context run: ``sakshi: 5 packs: 4 held, 1 failed; wrote …``, then
    each pack that did not hold (``details``: with its findings under it)."""
    held = sum(result.held for result in results)
    head = f"sakshi: {plural(len(results), 'pack')}: {held} held, {len(results) - held} failed"
    lines = [f"{head}; {wrote}" if wrote else head]
    for result in results:
        if result.held:
            continue
        reasons = ", ".join(result.reasons) or "no reason fired"
        lines.append(f"  NOT HELD {result.id}: {result.not_held_because}: {reasons}")
        if details:
            lines += [f"    {reason}: {detail}" for reason, detail in result.findings]
    return lines


SHOWN_NOT_ROUTED = 5  # pack ids the not-routed line names; the count is always whole


def routing_lines(sources: Sequence[tuple[str, str]], route_label: str) -> list[str]:
    """How the run's packs got their turns, for stderr: ``sakshi: routing: 3 packs
    through the route python:agent:answer, 2 on their recorded turn (not routed)``.
    ``sources`` holds, per pack, its id and ``recorded`` or the route's name. A route given
    while some packs carry a recorded turn is never used for those packs: the line says
    how many, so a run that looks routed is not green on recorded answers alone; with a
    route of the user's own (not the reference), a second line names them and says why."""
    recorded = [pack_id for pack_id, source in sources if source == "recorded"]
    routed = len(sources) - len(recorded)
    kept = "its recorded turn" if len(recorded) == 1 else "their recorded turn"
    head = f"sakshi: routing: {plural(routed, 'pack')} through the route {route_label},"
    lines = [f"{head} {len(recorded)} on {kept} (not routed)"]
    if recorded and route_label != "reference":
        named = ", ".join(recorded[:SHOWN_NOT_ROUTED])
        if len(recorded) > SHOWN_NOT_ROUTED:
            named += f" and {len(recorded) - SHOWN_NOT_ROUTED} more"
        lines.append(
            f"sakshi: {plural(len(recorded), 'pack')} not routed ({named}): a recorded turn:"
            " is graded as written and the route answers only packs without one (remove the"
            " turn: to route a pack)"
        )
    return lines
