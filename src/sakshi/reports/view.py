"""The evidence view: ``run context --format json`` results in, one static HTML page out.

Two pure steps, plain data in, text out (the command reads and writes the files):

    read_view(data, source)  the parsed RESULTS.json -> a frozen View (InputError if unusable)
    render_html(view)        the View -> the page, as UTF-8 bytes (same View, same bytes)

The page shows every pack with its verdict and reasons, each produced value with its why
and its cite, each verified cite highlighted in its document's page, and a failed cite's
diagnosis with its nearest exact match. It holds document content, so it is for the team's
own machine, unlike the content-free recovery reports; its first line says so.

Every string from a pack goes through ``_esc`` or ``_attr`` (``html.escape``, with control
characters made visible); nothing from a pack is ever put inside the <script> or <style>,
and the Content-Security-Policy lets only this page's own script and style run (by hash)
and fetch nothing, so a document holding ``</script>`` or markup stays text.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from sakshi.errors import InputError, a_kind
from sakshi.reports import displayable

__all__ = ["FIRST_LINE", "View", "read_view", "render_html"]

# The page's first line. A comment before the doctype does not put Chromium, Firefox or
# Safari into quirks mode (HTML5's "initial" insertion mode keeps comments and still
# honours the doctype that follows; only IE 9 and older switched). The browser test checks
# document.compatMode is CSS1Compat. The first visible text is a banner saying the same.
FIRST_LINE = "<!-- sakshi evidence view: contains document content; keep it on your team's machines, do not publish -->"

# Characters a reader could not otherwise see, shown as small labelled boxes: C0 controls
# but tab and LF (HTML would also turn a CR into a LF), DEL, the BOM and the zero-width
# space. ZWJ/ZWNJ stay as they are: Indic scripts need them to render.
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufeff\u200b]")
_HIDDEN_NAMES = {
    "\r": "CR",
    "\x00": "NUL",
    "\x0b": "VT",
    "\x0c": "FF",
    "\x1b": "ESC",
    "\x7f": "DEL",
    "\ufeff": "BOM",
    "\u200b": "ZWSP",
}


def _hidden_box(match: re.Match[str]) -> str:
    char = match.group()
    name = _HIDDEN_NAMES.get(char, f"U+{ord(char):04X}")
    return f'<span class="ctl" title="U+{ord(char):04X}">{name}</span>'


def _esc(text: str) -> str:
    """Text from a pack as element content: escaped, invisible characters made visible."""
    return _HIDDEN.sub(_hidden_box, html.escape(displayable(text), quote=True))


def _attr(text: str) -> str:
    """Text from a pack as an attribute value: escaped, invisible characters as spaces."""
    return html.escape(_HIDDEN.sub(" ", displayable(text)), quote=True)


# --- the view model ------------------------------------------------------------------


@dataclass(frozen=True)
class Range:
    """A highlight: codepoints [start, end) of one segment's display text."""

    doc: str
    segment: int
    start: int
    end: int
    occurrences: int | None


@dataclass(frozen=True)
class Check:
    verified: bool
    reason: str
    detail: str


@dataclass(frozen=True)
class Value:
    index: int
    field: str
    value: object
    why: object
    cite: object
    check: Check | None
    highlight: Range | None
    near: Range | None


@dataclass(frozen=True)
class Finding:
    reason: str
    detail: str
    field: str | None
    value_index: int | None
    diagnosis: tuple[str, ...]


@dataclass(frozen=True)
class Segment:
    label: str
    text: str
    utf8: bool


@dataclass(frozen=True)
class Doc:
    id: str
    kind: str
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class Pack:
    id: str
    title: str
    source: str
    route: str
    engine_state: str
    verdict: str
    expect: str
    held: bool
    reasons: tuple[str, ...]
    findings: tuple[Finding, ...]
    provenance: tuple[str, ...]  # lines, empty when the results carry none
    values: tuple[Value, ...]
    documents: tuple[Doc, ...]
    has_evidence: bool  # False: the results were written without values and documents


@dataclass(frozen=True)
class View:
    packs: tuple[Pack, ...]
    held: int
    failed: int


class _Reader:
    """Typed access to one object of the results, naming the key path on every refusal."""

    def __init__(self, source: str, raw: object, path: str) -> None:
        if not isinstance(raw, Mapping):
            raise InputError(
                source, path or None, f"expected an object, found {a_kind(raw, 'an object')}"
            )
        self.source, self.raw, self.path = source, raw, path

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def get(self, name: str, types: tuple[type, ...], label: str, default: object = ...) -> Any:
        if name not in self.raw:
            if default is ...:
                raise InputError(self.source, self.key(name), f"missing; expected {label}")
            return default
        value = self.raw[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise InputError(
                self.source, self.key(name), f"expected {label}, found {a_kind(value, 'an object')}"
            )
        return value

    def text(self, name: str, default: object = ...) -> Any:
        return self.get(name, (str,), "a string", default)

    def count(self, name: str, default: object = ...) -> Any:
        value = self.get(name, (int,), "an integer >= 0", default)
        if isinstance(value, int) and value < 0:
            raise InputError(
                self.source, self.key(name), f"expected an integer >= 0, found {value}"
            )
        return value

    def choice(self, name: str, options: Sequence[str]) -> str:
        value = self.text(name)
        if value not in options:
            raise InputError(
                self.source,
                self.key(name),
                f"expected one of {', '.join(options)}, found {value!r}"[:300],
            )
        return str(value)

    def items(self, name: str) -> list[_Reader]:
        values = self.get(name, (list,), "a list", [])
        return [_Reader(self.source, v, f"{self.key(name)}[{i}]") for i, v in enumerate(values)]

    def strings(self, name: str) -> tuple[str, ...]:
        values = self.get(name, (list,), "a list of strings", [])
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise InputError(
                    self.source,
                    f"{self.key(name)}[{i}]",
                    f"expected a string, found {a_kind(v, 'an object')}",
                )
        return tuple(values)

    def child(self, name: str) -> _Reader | None:
        raw = self.raw.get(name)
        return None if raw is None else _Reader(self.source, raw, self.key(name))


def _range(r: _Reader | None) -> Range | None:
    if r is None:
        return None
    return Range(
        r.text("doc"),
        r.count("segment"),
        r.count("char_start"),
        r.count("char_end"),
        r.count("occurrences", None),
    )


def _value(r: _Reader) -> Value:
    check = r.child("check")
    return Value(
        index=r.count("index"),
        field=r.text("field"),
        value=r.raw.get("value"),
        why=r.raw.get("why"),
        cite=r.raw.get("cite"),
        check=None
        if check is None
        else Check(
            check.get("verified", (bool,), "a boolean"),
            check.text("reason"),
            check.text("detail", ""),
        ),
        highlight=_range(r.child("highlight")),
        near=_range(r.child("near")),
    )


def _provenance(r: _Reader | None) -> tuple[str, ...]:
    if r is None:
        return ()

    def line(label: str, p: _Reader | None) -> str:
        if p is None:
            return f"{label}: nothing (no turn)"
        digest = p.get("bundle_sha256", (str, type(None)), "a string or null", None)
        return f"{label}: engine_state {p.text('engine_state')}, bundle_sha256 {digest or 'null'}"

    return (line("served", r.child("served")), line("turn claims", r.child("claimed")))


def _pack(r: _Reader) -> Pack:
    findings = tuple(
        Finding(
            f.text("reason"),
            f.text("detail", ""),
            f.text("field", None),
            f.count("value_index", None),
            f.strings("diagnosis"),
        )
        for f in r.items("findings")
    )
    documents = tuple(
        Doc(
            d.text("id"),
            d.text("kind", ""),
            tuple(
                Segment(
                    s.text("label", ""), s.text("text"), s.get("utf8", (bool,), "a boolean", True)
                )
                for s in d.items("segments")
            ),
        )
        for d in r.items("documents")
    )
    return Pack(
        id=r.text("id"),
        title=r.text("title", ""),
        source=r.text("source", ""),
        route=r.text("route", ""),
        engine_state=r.text("engine_state"),
        verdict=r.choice("verdict", ("green", "red")),
        expect=r.choice("expect", ("green", "red")),
        held=r.get("held", (bool,), "a boolean"),
        reasons=r.strings("reasons"),
        findings=findings,
        provenance=_provenance(r.child("provenance")),
        values=tuple(_value(v) for v in r.items("values")),
        documents=documents,
        has_evidence="values" in r.raw and "documents" in r.raw,
    )


def read_view(data: object, source: str) -> View:
    """The view of parsed RESULTS.json (``run context --format json``), or an InputError
    naming ``source`` and the key that is not what that command writes."""
    top = _Reader(source, data, "")
    if "packs" not in top.raw:
        raise InputError(
            source, "packs", "missing; expected what 'sakshi run context --format json' writes"
        )
    packs = tuple(_pack(p) for p in top.items("packs"))
    return View(packs, top.count("held"), top.count("failed"))


# --- rendering -----------------------------------------------------------------------

_CSS = """
:root{color-scheme:light;--red:#b3261e;--green:#1b6e35;--ink:#1d1d1f;--mute:#5f6368;--line:#d9dce1;--hl:#ffe066;--near:#ffd6d1}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans",sans-serif;color:var(--ink);background:#f6f7f9}
.banner{margin:0;padding:.5rem 1rem;background:#3b2f00;color:#fff3c4;font-weight:600}
header,main{max-width:70rem;margin:0 auto;padding:0 1rem}
header{padding-top:.75rem}
h1{font-size:1.3rem;margin:.25rem 0}
.bar{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;margin:.5rem 0 1rem}
.keys{color:var(--mute);font-size:.85rem}
kbd{border:1px solid var(--line);border-radius:3px;padding:0 .3em;background:#fff;font-size:.8rem}
.pack{background:#fff;border:1px solid var(--line);border-left:6px solid var(--green);border-radius:6px;margin:0 0 .75rem}
.pack.red{border-left-color:var(--red)}
.pack>summary{cursor:pointer;padding:.6rem .8rem;list-style-position:outside}
.pack>summary:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.pid{font-weight:700;font-family:ui-monospace,"DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
.title{display:block;color:var(--mute);font-size:.9rem;overflow-wrap:anywhere}
.tag{display:inline-block;border-radius:3px;padding:0 .4em;font-size:.8rem;font-weight:700;margin-right:.25rem}
.tag.green{background:#d7f0de;color:var(--green)}.tag.red{background:#fbe0dd;color:var(--red)}
.tag.notheld{background:var(--red);color:#fff}.tag.state{background:#e8eaed;color:#333}
.code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.85rem;color:var(--red)}
.body{padding:0 .8rem .8rem}
h3{font-size:1rem;margin:.9rem 0 .4rem}h4{font-size:.95rem;margin:.6rem 0 .3rem;overflow-wrap:anywhere}
.meta,.note{color:var(--mute);font-size:.85rem;overflow-wrap:anywhere;margin:.2rem 0}
ul.findings,ul.values{list-style:none;padding:0;margin:0}
.finding{margin:.2rem 0;overflow-wrap:anywhere}
.value{border:1px solid var(--line);border-radius:5px;padding:.45rem .6rem;margin:0 0 .5rem;overflow-wrap:anywhere}
.value.bad{border-color:var(--red);background:#fff8f7}
.value p{margin:.2rem 0}
.k{display:inline-block;min-width:3.2em;color:var(--mute);font-size:.85rem}
.field{font-weight:700}
q{background:#f1f3f4;quotes:"\\201C" "\\201D"}
.diag{margin:.3rem 0 0;padding:.3rem .6rem;border-left:3px solid var(--red);background:#fdeceb}
.diag ul{margin:.2rem 0;padding-left:1.2rem}
.seg{margin:.3rem 0 .6rem}
.seglabel{font-size:.8rem;color:var(--mute)}
pre{margin:0;padding:.5rem .6rem;background:#fbfbfc;border:1px solid var(--line);border-radius:4px;
 font:13px/1.5 ui-monospace,"DejaVu Sans Mono","Liberation Mono",monospace;white-space:pre-wrap;overflow-wrap:anywhere}
mark.hl{background:var(--hl);outline:1px solid #c9a800;border-radius:2px}
mark.near{background:var(--near);outline:1px dashed var(--red)}
mark.hl.near{background:var(--hl)}
.ctl{font:600 9px/1 system-ui,sans-serif;border:1px solid #999;border-radius:2px;padding:0 1px;margin:0 1px;color:#555;vertical-align:1px}
.anchor[data-n]::before{content:attr(data-n);font:700 10px/1 system-ui,sans-serif;vertical-align:super;color:#6b5800;padding:0 1px}
.anchor.near[data-n]::before{color:var(--red)}
:target+mark,mark:target{outline:3px solid #1a73e8}
a{color:#1558b0}
body.red-only .pack.quiet{display:none}
body:has(#red-only:checked) .pack.quiet{display:none}
@media (max-width:40rem){body{font-size:14px}.keys{display:none}pre{font-size:12px}}
"""

# Static: nothing from the results is ever written into it (the CSP allows it by hash).
_JS = """
(function(){
var box=document.getElementById('red-only');
function sync(){document.body.classList.toggle('red-only',box.checked);}
box.addEventListener('change',sync);sync();
function heads(){return Array.prototype.filter.call(document.querySelectorAll('.pack>summary'),function(s){return s.offsetParent!==null;});}
document.addEventListener('keydown',function(e){
if(e.altKey||e.ctrlKey||e.metaKey)return;
var k=e.key;
if(k==='r'){box.click();e.preventDefault();return;}
if(k!=='j'&&k!=='k')return;
var h=heads();if(!h.length)return;
var i=h.indexOf(document.activeElement);
var n=k==='j'?(i<0?0:Math.min(i+1,h.length-1)):(i<0?0:Math.max(i-1,0));
h[n].focus();h[n].scrollIntoView({block:'nearest'});e.preventDefault();
});
function openTarget(){
var id=location.hash?decodeURIComponent(location.hash.slice(1)):'';
var el=id&&document.getElementById(id);if(!el)return;
for(var d=el.closest('details');d;d=d.parentElement&&d.parentElement.closest('details')){d.open=true;}
el.scrollIntoView({block:'center'});
}
window.addEventListener('hashchange',openTarget);openTarget();
})();
"""


def _csp_hash(text: str) -> str:
    return (
        "'sha256-"
        + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
        + "'"
    )


# No network at all: nothing may be fetched, only this page's own style and script run.
_CSP = f"default-src 'none'; style-src {_csp_hash(_CSS)}; script-src {_csp_hash(_JS)}; base-uri 'none'; form-action 'none'"


def _shown(value: object) -> str:
    """A produced value or why for people: strings as they are, anything else as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@dataclass(frozen=True)
class _Mark:
    start: int
    end: int
    anchor: str
    number: int
    near: bool
    label: str


def _marked(text: str, marks: Sequence[_Mark]) -> str:
    """The segment's text with every mark wrapped (overlaps split into pieces)."""
    size = len(text)
    marks = [m for m in marks if 0 <= m.start < m.end <= size]
    edges = sorted({0, size, *(m.start for m in marks), *(m.end for m in marks)})
    out = []
    for a, b in pairwise(edges):
        for m in marks:
            if m.start == a:
                cls = "anchor near" if m.near else "anchor"
                out.append(f'<span class="{cls}" id="{m.anchor}" data-n="{m.number}"></span>')
        piece = _esc(text[a:b])
        over = [m for m in marks if m.start <= a and b <= m.end]
        if not over:
            out.append(piece)
            continue
        cls = " ".join(
            c
            for c, on in (
                ("hl", any(not m.near for m in over)),
                ("near", any(m.near for m in over)),
            )
            if on
        )
        title = _attr("; ".join(m.label for m in over))
        out.append(f'<mark class="{cls}" title="{title}">{piece}</mark>')
    return "".join(out)


def _cite_line(cite: object) -> str:
    if not isinstance(cite, Mapping):
        return f"<code>{_esc(_shown(cite))}</code>"
    parts = [f"document <code>{_esc(_shown(cite.get('doc')))}</code>"]
    for key in ("page", "block"):
        if cite.get(key) is not None:
            parts.append(f"{key} {_esc(_shown(cite[key]))}")
    if cite.get("char_start") is not None or cite.get("char_end") is not None:
        unit = cite.get("unit") or "codepoint"
        parts.append(
            f"{_esc(_shown(unit))} [{_esc(_shown(cite.get('char_start')))}, {_esc(_shown(cite.get('char_end')))})"
        )
    else:
        parts.append("found by search")
    quote = cite.get("quote")
    return ", ".join(parts) + (
        f": <q>{_esc(quote)}</q>" if isinstance(quote, str) else f": quote {_esc(_shown(quote))}"
    )


def _value_html(pn: int, v: Value, findings: Sequence[Finding]) -> str:
    empty = v.value is None or v.value == ""
    ok = v.check is not None and v.check.verified
    cls = "value" + (" bad" if v.check is not None and not ok else "")
    number = v.index + 1
    out = [f'<li class="{cls}" id="p{pn}-val{v.index}">']
    shown = "(honest empty)" if empty else _esc(_shown(v.value))
    out.append(
        f'<p><span class="k">#{number}</span> <span class="field">{_esc(v.field)}</span> = <span class="val">{shown}</span></p>'
    )
    why = "" if v.why is None else _shown(v.why)
    out.append(
        f'<p><span class="k">why</span> {_esc(why) if why.strip() else "<em>(none)</em>"}</p>'
    )
    if v.cite is None:
        out.append('<p><span class="k">cite</span> <em>(none)</em></p>')
        out.append("</li>")
        return "".join(out)
    out.append(f'<p><span class="k">cite</span> {_cite_line(v.cite)}</p>')
    if ok:
        status = '<span class="tag green">verified</span>'
        if v.highlight is not None:
            status += f' <a href="#p{pn}-v{v.index}">show in the document</a>'
            if v.highlight.occurrences is not None and v.highlight.occurrences > 1:
                status += f" (the first of {v.highlight.occurrences} occurrences in that unit)"
        out.append(f"<p>{status}</p>")
    elif v.check is not None:
        out.append('<div class="diag">')
        detail = f": {_esc(v.check.detail)}" if v.check.detail else ""
        out.append(
            f'<p><span class="tag red">FABRICATED_SPAN</span> <span class="code">{_esc(v.check.reason)}</span>{detail}</p>'
        )
        lines = [line for f in findings if f.value_index == v.index for line in f.diagnosis]
        if lines:
            out.append("<ul>" + "".join(f"<li>{_esc(line)}</li>" for line in lines) + "</ul>")
        if v.near is not None:
            out.append(
                f'<p><a href="#p{pn}-v{v.index}-near">show where the quote\'s exact bytes do stand</a></p>'
            )
        out.append("</div>")
    out.append("</li>")
    return "".join(out)


def _doc_html(pn: int, dn: int, doc: Doc, values: Sequence[Value]) -> str:
    out = [
        f'<section class="doc" id="p{pn}-d{dn}"><h4>document <code>{_esc(doc.id)}</code> <span class="meta">{_esc(doc.kind)}</span></h4>'
    ]
    for sn, seg in enumerate(doc.segments):
        marks = []
        for v in values:
            for r, near in ((v.highlight, False), (v.near, True)):
                if r is not None and r.doc == doc.id and r.segment == sn:
                    anchor = f"p{pn}-v{v.index}" + ("-near" if near else "")
                    label = f"#{v.index + 1} {v.field}" + (
                        " (failed cite: nearest exact match)" if near else ""
                    )
                    marks.append(_Mark(r.start, r.end, anchor, v.index + 1, near, label))
        label = _esc(seg.label) if seg.label else ""
        note = "" if seg.utf8 else " (not valid UTF-8: shown with U+FFFD for the bad bytes)"
        head = f'<div class="seglabel">{label}{note}</div>' if label or note else ""
        out.append(f'<div class="seg">{head}<pre>{_marked(seg.text, marks)}</pre></div>')
    out.append("</section>")
    return "".join(out)


def _pack_html(pn: int, p: Pack) -> str:
    red = p.verdict == "red"
    quiet = p.held and not red  # what the red filter hides: held green packs
    classes = " ".join(c for c, on in (("pack", True), ("red", red), ("quiet", quiet)) if on)
    is_open = " open" if not quiet else ""
    out = [
        f'<details class="{classes}" id="p{pn}" data-verdict="{p.verdict}" data-held="{str(p.held).lower()}"{is_open}><summary>'
    ]
    out.append(f'<span class="tag {p.verdict}">{p.verdict.upper()}</span>')
    if not p.held:
        out.append(f'<span class="tag notheld">NOT HELD: expected {p.expect}</span>')
    else:
        out.append(f'<span class="tag state">held (expected {p.expect})</span>')
    out.append(
        f'<span class="tag state">{_esc(p.engine_state)}</span> <span class="pid">{_esc(p.id)}</span>'
    )
    if p.reasons:
        out.append(" " + " ".join(f'<span class="code">{_esc(c)}</span>' for c in p.reasons))
    if p.title:
        out.append(f'<span class="title">{_esc(p.title)}</span>')
    out.append('</summary><div class="body">')
    meta = [
        x
        for x in (f"source {p.source}" if p.source else "", f"route {p.route}" if p.route else "")
        if x
    ]
    if meta:
        out.append(f'<p class="meta">{_esc(" · ".join(meta))}</p>')
    out += [f'<p class="meta">{_esc(line)}</p>' for line in p.provenance]
    if p.findings:
        out.append('<h3>Reasons</h3><ul class="findings">')
        for f in p.findings:
            item = f'<span class="code">{_esc(f.reason)}</span> {_esc(f.detail)}'
            if f.value_index is not None and p.has_evidence:
                item += f' <a href="#p{pn}-val{f.value_index}">value #{f.value_index + 1}</a>'
            elif f.diagnosis:
                item += "<ul>" + "".join(f"<li>{_esc(line)}</li>" for line in f.diagnosis) + "</ul>"
            out.append(f'<li class="finding">{item}</li>')
        out.append("</ul>")
    if not p.has_evidence:
        out.append(
            '<p class="note">These results carry no values or documents: write them with '
            "<code>sakshi run context --format json</code> of this version to see the evidence.</p>"
        )
    else:
        out.append("<h3>Values</h3>")
        if p.values:
            out.append(
                '<ul class="values">'
                + "".join(_value_html(pn, v, p.findings) for v in p.values)
                + "</ul>"
            )
        else:
            out.append('<p class="note">The turn produced no value.</p>')
        out.append("<h3>Documents</h3>")
        if p.documents:
            out += [_doc_html(pn, dn, d, p.values) for dn, d in enumerate(p.documents)]
        else:
            out.append('<p class="note">The pack has no documents.</p>')
    out.append("</div></details>")
    return "".join(out)


def render_html(view: View) -> bytes:
    """The page: deterministic (same view, same bytes), self-contained, no network."""
    red = sum(p.verdict == "red" or not p.held for p in view.packs)
    out = [
        FIRST_LINE,
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow">',
        f"<title>sakshi evidence view: {view.held} held, {view.failed} failed</title>",
        f"<style>{_CSS}</style></head><body>",
        (
            '<p class="banner" role="note">This view contains document content. Keep it on your '
            "team's own machines; do not publish it or attach it to a public CI run.</p>"
        ),
        "<header><h1>sakshi evidence view</h1>",
        f'<p class="meta">{len(view.packs)} packs: {view.held} held, {view.failed} failed; {red} red or not held.</p>',
        '<div class="bar"><label><input type="checkbox" id="red-only"> show only red packs and packs that did not hold</label>',
        (
            '<span class="keys"><kbd>j</kbd>/<kbd>k</kbd> next/previous pack · <kbd>Enter</kbd> '
            "open/close · <kbd>r</kbd> red filter · <kbd>Tab</kbd> links</span></div></header><main>"
        ),
    ]
    out += [_pack_html(pn, p) for pn, p in enumerate(view.packs, start=1)]
    if not view.packs:
        out.append('<p class="note">No packs.</p>')
    out.append(f"</main><script>{_JS}</script></body></html>\n")
    return "\n".join(out).encode("utf-8")
