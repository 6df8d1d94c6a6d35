"""Reports: data in, text or bytes out. The caller decides where they are written.

context.py      run context: a graded pack's record (its JSON object, details, evidence)
pack_record.py  run context's reports from records: JSON, JUnit, text
context_evidence.py  what the evidence view needs of a graded pack, in the JSON
value_checks.py a value's check (SPEC 8) as JSON data and as lines for people
prove.py        prove: the flips, as text or JSON
recovery.py     run recovery: the v2 JSON report, text, JUnit
reinterpret.py  an older recovery report read under v2
junit.py        the one JUnit XML writer both lanes use
view_data.py    the evidence view's data: run context's JSON results read back
view_model.py   the frozen classes view_data reads them into
view_html.py    the self-contained HTML evidence page made from that data
view_assets.py  the page's own CSS and script, and the CSP that allows them by hash
view_text.py    pack text on the page: escaped, hidden characters shown, highlights wrapped
view_values.py  a value's check on the page: type, reading, mentions, the one that matched
positions.py    offsets in a segment converted between units without re-decoding it

They may import the lanes' result types and the span core; never ``commands``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sakshi.lazy import public_face

if TYPE_CHECKING:
    from sakshi.reports import context, pack_record, prove, recovery, reinterpret
    from sakshi.reports.brief import context_brief, plural, routing_lines
    from sakshi.reports.context import pack_details, record_of
    from sakshi.reports.pack_record import PackRecord
    from sakshi.reports.view_data import read_view
    from sakshi.reports.view_html import render_html

__all__ = [
    "PackRecord",
    "context",
    "context_brief",
    "displayable",
    "pack_details",
    "pack_record",
    "plural",
    "prove",
    "read_view",
    "record_of",
    "recovery",
    "reinterpret",
    "render_html",
    "routing_lines",
]

# Each public name by the module that defines it, imported when first used (sakshi/lazy.py):
# importing the package costs nothing until then.
_HOMES = {
    "brief": ("context_brief", "plural", "routing_lines"),
    "context": ("pack_details", "record_of"),
    "pack_record": ("PackRecord",),
    "view_data": ("read_view",),
    "view_html": ("render_html",),
}
if not TYPE_CHECKING:  # mypy reads the imports above; a __getattr__ would hide typos
    __getattr__, __dir__ = public_face(
        globals(), _HOMES, ("context", "pack_record", "prove", "recovery", "reinterpret")
    )


def displayable(text: str) -> str:
    """``text`` as it can be written out: a lone surrogate (from a route's JSON, say) cannot
    be UTF-8, so it shows as U+FFFD; anything else is returned as it is."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text
