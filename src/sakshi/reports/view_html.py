"""The evidence view's page: a View (``view_data.read_view``) in, one static HTML page out.

    render_html(view)  the View -> the page, as UTF-8 bytes (same View, same bytes)

The page shows every pack with its verdict and reasons, each produced value with its why
and its cite, each verified cite highlighted in its document's page, and a failed cite's
diagnosis with its nearest exact match. A checked value (SPEC section 8) shows its type,
reading and every mention in its quote (``view_values``); the mention that states it, or
the nearest miss, is marked inside the quote and inside the document's highlight. It holds
document content, so it is for the team's own machine, unlike the content-free recovery
reports; its first line says so.

Every string from a pack goes through ``esc`` or ``attr`` (``view_text``: ``html.escape``,
with control characters made visible); nothing from a pack is ever put inside the <script>
or <style> (``view_assets``), and the Content-Security-Policy lets only this page's own
script and style run (by hash) and fetch nothing, so a document holding ``</script>`` or
markup stays text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from sakshi.context import is_visible
from sakshi.reports.view_assets import CSP, CSS, JS
from sakshi.reports.view_model import (
    View,
    ViewDocument,
    ViewFinding,
    ViewPack,
    ViewValue,
    ViewValueCheck,
)
from sakshi.reports.view_text import Mark, Place, esc, marked, pack_marks
from sakshi.reports.view_values import check_html, quote_html

__all__ = ["FIRST_LINE", "render_html"]

# The page's first line. A comment before the doctype does not put Chromium, Firefox or
# Safari into quirks mode (HTML5's "initial" insertion mode keeps comments and still
# honours the doctype that follows; only IE 9 and older switched). The browser test checks
# document.compatMode is CSS1Compat. The first visible text is a banner saying the same.
FIRST_LINE = (
    "<!-- sakshi evidence view: contains document content; "
    "keep it on your team's machines, do not publish -->"
)

_INVISIBLE_SHOWN = 8  # code points named for a why with nothing visible in it


def _shown(value: object) -> str:
    """A produced value or why for people: strings as they are, anything else as JSON."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (RecursionError, ValueError):  # a results file nested past Python's stack
        return "\u2026 (nested too deeply to show)"


def _cite_line(cite: object, check: ViewValueCheck | None = None) -> str:
    if not isinstance(cite, Mapping):
        return f"<code>{esc(_shown(cite))}</code>"
    parts = [f"document <code>{esc(_shown(cite.get('doc')))}</code>"]
    for key in ("page", "block"):
        if cite.get(key) is not None:
            parts.append(f"{key} {esc(_shown(cite[key]))}")
    if cite.get("char_start") is not None or cite.get("char_end") is not None:
        unit = cite.get("unit") or "codepoint"
        start, end = esc(_shown(cite.get("char_start"))), esc(_shown(cite.get("char_end")))
        parts.append(f"{esc(_shown(unit))} [{start}, {end})")
    else:
        parts.append("found by search")
    quote = cite.get("quote")
    return ", ".join(parts) + (
        f": <q>{quote_html(quote, check)}</q>"
        if isinstance(quote, str)
        else f": quote {esc(_shown(quote))}"
    )


def _why_html(why: object) -> str:
    """A value's why; one with nothing visible (SPEC 4: WHY_MISSING) names its characters."""
    text = "" if why is None else _shown(why)
    if is_visible(text):
        return esc(text)
    if not text:
        return "<em>(none)</em>"
    shown = " ".join(f"U+{ord(char):04X}" for char in text[:_INVISIBLE_SHOWN])
    more = " \u2026" if len(text) > _INVISIBLE_SHOWN else ""
    return f"<em>(nothing visible: {shown}{more})</em>"


def _value_html(pack_number: int, value: ViewValue, findings: Sequence[ViewFinding]) -> str:
    """One value as a list item; ``findings`` are the pack's findings about this value."""
    empty = value.value is None or value.value == ""
    ok = value.check is not None and value.check.verified
    unstated = value.value_check is not None and not value.value_check.ok
    css_class = "value" + (" bad" if (value.check is not None and not ok) or unstated else "")
    anchor = f"p{pack_number}-v{value.index}"
    out = [f'<li class="{css_class}" id="p{pack_number}-val{value.index}">']
    shown = "(honest empty)" if empty else esc(_shown(value.value))
    out.append(
        f'<p><span class="k">#{value.index + 1}</span> '
        f'<span class="field">{esc(value.field)}</span> = <span class="val">{shown}</span></p>'
    )
    out.append(f'<p><span class="k">why</span> {_why_html(value.why)}</p>')
    if value.cite is None:
        out.append('<p><span class="k">cite</span> <em>(none)</em></p>')
        out.append("</li>")
        return "".join(out)
    out.append(f'<p><span class="k">cite</span> {_cite_line(value.cite, value.value_check)}</p>')
    if ok:
        status = '<span class="tag green">verified</span>'
        if value.highlight is not None:
            status += f' <a href="#{anchor}">show in the document</a>'
            occurrences = value.highlight.occurrences
            if occurrences is not None and occurrences > 1:
                status += f" (the first of {occurrences} occurrences in that unit)"
        out.append(f"<p>{status}</p>")
        out.append(check_html(pack_number, value))
    elif value.check is not None:
        out.append('<div class="diag">')
        detail = f": {esc(value.check.detail)}" if value.check.detail else ""
        out.append(
            '<p><span class="tag red">FABRICATED_SPAN</span> '
            f'<span class="code">{esc(value.check.reason)}</span>{detail}</p>'
        )
        lines = [line for finding in findings for line in finding.diagnosis]
        if lines:
            out.append("<ul>" + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul>")
        if value.near is not None:
            out.append(
                f'<p><a href="#{anchor}-near">show where the quote\'s exact bytes do stand</a></p>'
            )
        out.append("</div>")
    out.append("</li>")
    return "".join(out)


def _doc_html(
    pack_number: int, doc_number: int, document: ViewDocument, marks: dict[Place, list[Mark]]
) -> str:
    out = [
        (
            f'<section class="doc" id="p{pack_number}-d{doc_number}">'
            f"<h4>document <code>{esc(document.id)}</code> "
            f'<span class="meta">{esc(document.kind)}</span></h4>'
        )
    ]
    for segment_number, segment in enumerate(document.segments):
        segment_marks = marks.get(Place(document.id, segment_number), [])
        label = esc(segment.label) if segment.label else ""
        note = "" if segment.utf8 else " (not valid UTF-8: shown with U+FFFD for the bad bytes)"
        head = f'<div class="seglabel">{label}{note}</div>' if label or note else ""
        out.append(f'<div class="seg">{head}<pre>{marked(segment.text, segment_marks)}</pre></div>')
    out.append("</section>")
    return "".join(out)


def _pack_summary(pack_number: int, pack: ViewPack) -> str:
    """The pack's opening tag and its always-visible summary line: tags, id, reasons, title."""
    red = pack.verdict == "red"
    quiet = pack.held and not red  # what the red filter hides: held green packs
    flags = (("pack", True), ("red", red), ("quiet", quiet))
    classes = " ".join(name for name, on in flags if on)
    is_open = " open" if not quiet else ""
    out = [
        (
            f'<details class="{classes}" id="p{pack_number}" data-verdict="{pack.verdict}" '
            f'data-held="{str(pack.held).lower()}"{is_open}><summary>'
        )
    ]
    out.append(f'<span class="tag {pack.verdict}">{pack.verdict.upper()}</span>')
    if not pack.held:
        out.append(f'<span class="tag notheld">NOT HELD: expected {pack.expect}</span>')
        if pack.not_held_because:
            out.append(f'<span class="title">{esc(pack.not_held_because)}</span>')
    else:
        out.append(f'<span class="tag state">held (expected {pack.expect})</span>')
    out.append(
        f'<span class="tag state">{esc(pack.engine_state)}</span> '
        f'<span class="pid">{esc(pack.id)}</span>'
    )
    if pack.reasons:
        codes = (f'<span class="code">{esc(code)}</span>' for code in pack.reasons)
        out.append(" " + " ".join(codes))
    if pack.title:
        out.append(f'<span class="title">{esc(pack.title)}</span>')
    out.append("</summary>")
    return "".join(out)


def _findings_html(pack_number: int, pack: ViewPack) -> str:
    """The pack's reasons, each linked to its value when the page shows the values."""
    if not pack.findings:
        return ""
    out = ['<h3>Reasons</h3><ul class="findings">']
    for finding in pack.findings:
        item = f'<span class="code">{esc(finding.reason)}</span> {esc(finding.detail)}'
        if finding.value_index is not None and pack.has_evidence:
            number = finding.value_index
            item += f' <a href="#p{pack_number}-val{number}">value #{number + 1}</a>'
        elif finding.diagnosis:
            lines = "".join(f"<li>{esc(line)}</li>" for line in finding.diagnosis)
            item += f"<ul>{lines}</ul>"
        out.append(f'<li class="finding">{item}</li>')
    out.append("</ul>")
    return "".join(out)


def _evidence_html(pack_number: int, pack: ViewPack) -> str:
    """The pack's values and documents, or a note that the results carry none."""
    if not pack.has_evidence:
        return (
            '<p class="note">These results carry no values or documents: write them with '
            "<code>sakshi run context --format json</code> of this version to see the evidence.</p>"
        )
    out = ["<h3>Values</h3>"]
    if pack.values:
        about: dict[int, list[ViewFinding]] = {}
        for finding in pack.findings:
            if finding.value_index is not None:
                about.setdefault(finding.value_index, []).append(finding)
        items = "".join(
            _value_html(pack_number, value, about.get(value.index, [])) for value in pack.values
        )
        out.append(f'<ul class="values">{items}</ul>')
    else:
        out.append('<p class="note">The turn produced no value.</p>')
    out.append("<h3>Documents</h3>")
    if pack.documents:
        marks = pack_marks(pack_number, pack.values)
        out += [
            _doc_html(pack_number, doc_number, document, marks)
            for doc_number, document in enumerate(pack.documents)
        ]
    else:
        out.append('<p class="note">The pack has no documents.</p>')
    return "".join(out)


def _pack_html(pack_number: int, pack: ViewPack) -> str:
    """One pack as a <details> element: its summary line, then its reasons and evidence."""
    meta = [
        part
        for part in (
            f"source {pack.source}" if pack.source else "",
            f"route {pack.route}" if pack.route else "",
        )
        if part
    ]
    out = [_pack_summary(pack_number, pack), '<div class="body">']
    if meta:
        out.append(f'<p class="meta">{esc(" · ".join(meta))}</p>')
    out += [f'<p class="meta">{esc(line)}</p>' for line in pack.provenance]
    out.append(_findings_html(pack_number, pack))
    out.append(_evidence_html(pack_number, pack))
    out.append("</div></details>")
    return "".join(out)


def render_html(view: View) -> bytes:
    """The page: deterministic (same view, same bytes), self-contained, no network."""
    red = sum(pack.verdict == "red" or not pack.held for pack in view.packs)
    out = [
        FIRST_LINE,
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        (
            '<meta name="referrer" content="no-referrer">'
            '<meta name="robots" content="noindex, nofollow">'
        ),
        f"<title>sakshi evidence view: {view.held} held, {view.failed} failed</title>",
        f"<style>{CSS}</style></head><body>",
        (
            '<p class="banner" role="note">This view contains document content. Keep it on your '
            "team's own machines; do not publish it or attach it to a public CI run.</p>"
        ),
        "<header><h1>sakshi evidence view</h1>",
        (
            f'<p class="meta">{len(view.packs)} packs: {view.held} held, {view.failed} failed; '
            f"{red} red or not held.</p>"
        ),
        (
            '<div class="bar"><label><input type="checkbox" id="red-only"> '
            "show only red packs and packs that did not hold</label>"
        ),
        (
            '<span class="keys"><kbd>j</kbd>/<kbd>k</kbd> next/previous pack · <kbd>Enter</kbd> '
            "open/close · <kbd>r</kbd> red filter · <kbd>Tab</kbd> links</span>"
            "</div></header><main>"
        ),
    ]
    out += [_pack_html(pack_number, pack) for pack_number, pack in enumerate(view.packs, start=1)]
    if not view.packs:
        out.append('<p class="note">No packs.</p>')
    out.append(f"</main><script>{JS}</script></body></html>\n")
    return "\n".join(out).encode("utf-8")
